//! Saved games and score sheets, headless: a game saved under a name comes back move for move
//! through the rules; a file whose moves break the rules is refused with the reason; the score
//! sheets read like the paper ones.

use std::path::PathBuf;

use abakus::app::base::storage::DataDir;
use abakus::app::features::attract::Booth;
use abakus::app::features::records::{self, SavedGame, export_sheet, load_game, save_game};
use abakus::app::hex::{HEX, HexMatch};
use abakus::app::testing::attract_app;
use abakus::app::tiles::game::{Seat, SeatKind, TilesIntent, TilesSetup, apply};
use abakus::app::tiles::{TILES, TilesMatch};
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::Level;
use abakus_rules::hex::Position;
use bevy::prelude::*;
use rand::SeedableRng;

fn app_with_folder(name: &str) -> (App, PathBuf) {
    let folder = std::env::temp_dir().join(format!("abakus-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let mut app = attract_app(Booth::default());
    app.insert_resource(DataDir::at(folder.clone()));
    (app, folder)
}

fn saved(app: &App) -> Vec<SavedGame> {
    records::saved_games(app.world())
}

#[test]
fn a_hex_game_saved_under_a_name_comes_back_and_its_sheet_lists_the_moves() {
    let (mut app, folder) = app_with_folder("hex");
    let record = "E5 A1 E6 A3 E7 A5 E8 I9 H5 I7 I5 C1 E5-G5";
    let game = HexMatch::from_position(Position::from_record(5, record).expect("legal"));
    app.insert_resource(game);

    let path = save_game(app.world(), HEX, "Sunday / final").expect("saved");
    assert!(records::is_in_games_folder(
        app.world().resource::<DataDir>(),
        &path
    ));
    assert_eq!(
        path.file_name().and_then(|n| n.to_str()),
        Some("Sunday  final.abakus.json"),
        "a slash never makes a folder"
    );
    // Another game on the screen, then the saved one loaded back.
    app.insert_resource(HexMatch::new(7));
    let list = saved(&app);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].name, "Sunday  final");
    assert_eq!(list[0].game, HEX);
    load_game(app.world_mut(), &list[0]).expect("loads");
    let back = app.world().resource::<HexMatch>();
    assert_eq!(back.position().record(), record);
    assert_eq!(back.position().side(), 5);

    let sheet_path = export_sheet(
        app.world(),
        HEX,
        "Sunday / final",
        abakus::app::base::i18n::Language::English,
    )
    .expect("written");
    let sheet = std::fs::read_to_string(sheet_path).expect("readable");
    assert!(
        sheet.starts_with("Abakus · Side 5, 13 moves played · "),
        "{sheet}"
    );
    assert!(sheet.contains("Black: Human\nWhite: Human\n"), "{sheet}");
    assert!(sheet.contains("  1. E5        A1\n"), "{sheet}");
    assert!(sheet.contains("  7. E5-G5\n"), "{sheet}");
    assert!(sheet.trim_end().ends_with("White to move"), "{sheet}");
    // The sheet is not a saved game: the list still holds one.
    assert_eq!(saved(&app).len(), 1);
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn a_saved_game_whose_moves_break_the_rules_is_refused_and_left_where_it_is() {
    let (mut app, folder) = app_with_folder("broken");
    app.insert_resource(HexMatch::new(5));
    let games = folder.join(records::FOLDER);
    std::fs::create_dir_all(&games).expect("folder");
    // E5 twice: the second stone cannot go where the first is.
    let hex = r#"{"position":{"side":5,"moves":"E5 E5"},"redo":[]}"#;
    std::fs::write(games.join("cheat.abakus.json"), hex).expect("written");
    std::fs::write(games.join("garbage.abaku.json"), "{ not json").expect("written");
    std::fs::write(games.join("other.chess.json"), "{}").expect("written");
    let list = saved(&app);
    assert_eq!(
        list.len(),
        2,
        "a file of no game here is not listed: {list:?}"
    );
    for entry in &list {
        let why = load_game(app.world_mut(), entry).expect_err("refused");
        assert!(!why.to_string().is_empty());
        assert!(
            entry.path.exists(),
            "a refused file stays for its owner to see"
        );
    }
    assert_eq!(
        app.world().resource::<HexMatch>().position().record(),
        "",
        "the game on the screen is untouched"
    );
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn a_tile_game_comes_back_turn_for_turn_and_its_sheet_adds_up() {
    let (mut app, folder) = app_with_folder("tiles");
    let setup = TilesSetup {
        seats: ["Ada", "Blaise"]
            .map(|name| Seat {
                name: name.to_owned(),
                kind: SeatKind::Computer(Level::Easy),
            })
            .to_vec(),
        variants: Variants::default(),
        board_b: false,
        seed: 11,
        turn_limit: Default::default(),
    };
    let mut game = TilesMatch::new(setup).expect("a table");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    while !game.position().is_over() {
        let mv = abakus_rules::abaku::random::random_move(game.position(), &mut rng);
        apply(&mut game, TilesIntent::Computer(mv));
    }
    let moves = game.moves().to_vec();
    let scores: Vec<i64> = game.position().players().iter().map(|p| p.score).collect();
    app.insert_resource(game);
    save_game(app.world(), TILES, "Ada v Blaise").expect("saved");
    let sheet_path = export_sheet(
        app.world(),
        TILES,
        "Ada v Blaise",
        abakus::app::base::i18n::Language::English,
    )
    .expect("written");
    app.world_mut().remove_resource::<TilesMatch>();
    let list = saved(&app);
    assert_eq!(list.len(), 1);
    load_game(app.world_mut(), &list[0]).expect("replays");
    let back = app.world().resource::<TilesMatch>();
    assert_eq!(back.moves(), moves);
    let back_scores: Vec<i64> = back.position().players().iter().map(|p| p.score).collect();
    assert_eq!(back_scores, scores);

    let sheet = std::fs::read_to_string(sheet_path).expect("readable");
    assert!(sheet.contains("  #  Player  Sums"), "{sheet}");
    // Every turn is a line, numbered, and each player's last running total plus the end's
    // adjustment is their final score.
    assert!(
        sheet.contains(&format!("\n{:>3}  ", moves.len())),
        "{sheet}"
    );
    assert!(sheet.contains("Final scores\n"), "{sheet}");
    for (name, score) in ["Ada", "Blaise"].iter().zip(&scores) {
        let line = sheet
            .lines()
            .skip_while(|line| *line != "Final scores")
            .find(|line| line.trim_start().starts_with(name))
            .expect("a final line");
        assert!(
            line.trim_end().ends_with(&format!(" {score}")),
            "{line} should end with {score}"
        );
    }
    // Sums are set as equations with their points.
    assert!(sheet.contains(" = "), "{sheet}");
    let _ = std::fs::remove_dir_all(folder);
}

/// A short game keeps its length in the saved game, and its sheet says so under its title.
#[test]
fn a_short_tile_game_comes_back_short_and_its_sheet_says_so() {
    let (mut app, folder) = app_with_folder("short");
    let setup = TilesSetup {
        seats: ["Ada", "Blaise"]
            .map(|name| Seat {
                name: name.to_owned(),
                kind: SeatKind::Computer(Level::Easy),
            })
            .to_vec(),
        variants: Variants {
            turns_each: Some(4),
            ..Variants::default()
        },
        board_b: false,
        seed: 12,
        turn_limit: Default::default(),
    };
    let mut game = TilesMatch::new(setup).expect("a table");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    while !game.position().is_over() {
        let mv = abakus_rules::abaku::random::random_move(game.position(), &mut rng);
        apply(&mut game, TilesIntent::Computer(mv));
    }
    assert!(game.moves().len() <= 8, "four turns each at most");
    let ending = game.position().outcome();
    app.insert_resource(game);
    save_game(app.world(), TILES, "Short").expect("saved");
    let sheet_path = export_sheet(
        app.world(),
        TILES,
        "Short",
        abakus::app::base::i18n::Language::English,
    )
    .expect("written");
    app.world_mut().remove_resource::<TilesMatch>();
    let list = saved(&app);
    load_game(app.world_mut(), &list[0]).expect("replays");
    let back = app.world().resource::<TilesMatch>();
    assert_eq!(back.position().variants().turns_each, Some(4));
    assert_eq!(back.position().outcome(), ending);
    let sheet = std::fs::read_to_string(sheet_path).expect("readable");
    let second = sheet.lines().nth(1).unwrap_or_default();
    assert!(second.starts_with("Short game: round "), "{sheet}");
    if ending == Some(abakus_rules::abaku::EndReason::TurnsPlayed) {
        assert_eq!(second, "Short game: round 4 of 4");
        assert!(
            sheet.contains("The short game’s turns are all played"),
            "{sheet}"
        );
    }
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn mangled_saved_games_never_crash_the_loader_and_what_loads_is_playable() {
    use rand::Rng;
    let (mut app, folder) = app_with_folder("mangled");
    let hex = HexMatch::from_position(
        Position::from_record(5, "E5 A1 E6 A3 E7 A5 E8 I9 H5 I7 I5 C1 E5-G5").expect("legal"),
    );
    app.insert_resource(hex);
    let hex_path = save_game(app.world(), HEX, "hex").expect("saved");
    let setup = TilesSetup {
        seats: ["Ada", "Blaise"]
            .map(|name| Seat {
                name: name.to_owned(),
                kind: SeatKind::Computer(Level::Easy),
            })
            .to_vec(),
        variants: Variants::default(),
        board_b: false,
        seed: 3,
        turn_limit: Default::default(),
    };
    let mut tiles = TilesMatch::new(setup).expect("a table");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for _ in 0..12 {
        let mv = abakus_rules::abaku::random::random_move(tiles.position(), &mut rng);
        apply(&mut tiles, TilesIntent::Computer(mv));
    }
    app.insert_resource(tiles);
    let tiles_path = save_game(app.world(), TILES, "tiles").expect("saved");
    for path in [hex_path, tiles_path] {
        let original = std::fs::read(&path).expect("written");
        let (mut loaded, mut refused) = (0, 0);
        for _ in 0..400 {
            let mut bytes = original.clone();
            match rng.random_range(0..3) {
                0 => bytes.truncate(rng.random_range(0..bytes.len())),
                1 => {
                    for _ in 0..rng.random_range(1..5) {
                        let at = rng.random_range(0..bytes.len());
                        bytes[at] = rng.random();
                    }
                }
                _ => {
                    let from = rng.random_range(0..bytes.len());
                    let to = (from + rng.random_range(1..30)).min(bytes.len());
                    bytes.drain(from..to);
                }
            }
            std::fs::write(&path, &bytes).expect("written");
            let entry = saved(&app)
                .into_iter()
                .find(|entry| entry.path == path)
                .expect("listed");
            match load_game(app.world_mut(), &entry) {
                Ok(()) => {
                    loaded += 1;
                    // What loaded is a game the board can show and the rules can go on with.
                    if let Some(game) = app.world().get_resource::<HexMatch>() {
                        let _ = game.position().legal_moves();
                    }
                    if let Some(game) = app.world().get_resource::<TilesMatch>() {
                        assert_eq!(game.position().tile_count(), 101);
                    }
                }
                Err(why) => {
                    refused += 1;
                    assert!(!why.to_string().is_empty());
                    assert_eq!(std::fs::read(&path).expect("kept"), bytes, "left as it was");
                }
            }
        }
        assert!(
            refused > 100,
            "{}: {refused} of 400 refused",
            path.display()
        );
        assert!(loaded + refused == 400);
    }
    let _ = std::fs::remove_dir_all(folder);
}
