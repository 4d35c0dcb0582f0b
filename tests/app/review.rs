//! `abakus review` on games saved from the app: the same verdicts as the rules' review of the
//! game the app loads back, the saved file left as it was, and bad files refused in one line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use abakus::app::base::i18n::Language;
use abakus::app::base::navigation::{Overlay, Screen, overlay_shown};
use abakus::app::base::statistics::Statistics;
use abakus::app::base::storage::DataDir;
use abakus::app::features::attract::Booth;
use abakus::app::features::ownership::{MatchOwner, match_owner};
use abakus::app::features::practice::Practice;
use abakus::app::features::records::{self, load_game, save_game};
use abakus::app::features::review::{Review, ReviewState, TryVerdict};
use abakus::app::hex::{HEX, HexIntent, HexMatch};
use abakus::app::testing::{add_review, attract_app};
use abakus::app::tiles::game::{Seat, SeatKind, Stage, TilesIntent, TilesSave, TilesSetup, apply};
use abakus::app::tiles::{TILES, TilesMatch};
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::{Budget, Level};
use abakus_rules::hex::Position;
use abakus_rules::review::Label;
use abakus_rules::{abaku, hex};
use bevy::prelude::*;
use rand::SeedableRng;
use serde_json::Value;

fn app_with_folder(name: &str) -> (App, PathBuf) {
    let folder = std::env::temp_dir().join(format!("abakus-review-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let mut app = attract_app(Booth::default());
    app.insert_resource(DataDir::at(folder.clone()));
    (app, folder)
}

fn abakus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_abakus"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The JSON lines of a `review --json`: one a move, then the summary.
fn json_lines(output: &Output) -> Vec<Value> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// A number printed as JSON and read back is the number, up to its last digit.
fn assert_close(printed: &Value, expected: f64) {
    let read = printed.as_f64().expect("a number");
    assert!((read - expected).abs() < 1e-12, "{read} against {expected}");
}

fn review_file(path: &Path, flags: &[&str]) -> Vec<Value> {
    let mut args = vec!["review", path.to_str().unwrap(), "--json"];
    args.extend_from_slice(flags);
    json_lines(&abakus(&args))
}

#[test]
fn a_saved_hex_games_review_on_the_command_line_is_the_rules_review_of_the_game_loaded() {
    let (mut app, folder) = app_with_folder("hex");
    let record = "D4 C3 B2 E5 A1 F6 D1 G4 B5 E2 C1";
    app.insert_resource(HexMatch::from_position(
        Position::from_record(4, record).expect("legal"),
    ));
    let path = save_game(app.world(), HEX, "review").expect("saved");
    let saved_text = std::fs::read(&path).expect("readable");

    let lines = review_file(
        &path,
        &["--playouts", "600", "--threads", "1", "--seed", "4"],
    );

    let list = records::saved_games(app.world());
    load_game(app.world_mut(), &list[0]).expect("loads");
    let game = app.world().resource::<HexMatch>().position().clone();
    let settings = hex::review::ReviewSettings {
        budget: hex::ai::Budget::Playouts(600),
        threads: 1,
        seed: 4,
    };
    let reviews = hex::review::review_game(&game, settings, &mut |_| true).expect("reviewed");
    assert_eq!(lines.len(), reviews.len() + 1);
    for (line, review) in lines.iter().zip(&reviews) {
        assert_eq!(line["played"], review.played.to_string());
        assert_eq!(line["best"], review.best.to_string());
        assert_eq!(line["player"], review.mover.to_string());
        assert_close(&line["before"], review.chance_before);
        assert_close(&line["after"], review.chance_after);
    }
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary.as_array().map(Vec::len), Some(2));
    let judged: u64 = summary
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["judged"].as_u64().unwrap())
        .sum();
    assert!(judged > 0 && judged <= reviews.len() as u64);
    assert_eq!(std::fs::read(&path).expect("readable"), saved_text);
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn a_saved_tile_games_review_on_the_command_line_is_the_rules_review_of_the_game_loaded() {
    let (mut app, folder) = app_with_folder("tiles");
    let setup = TilesSetup {
        seats: ["Ada", "Blaise"]
            .map(|name| Seat {
                name: name.to_owned(),
                kind: SeatKind::Computer(Level::Normal),
            })
            .to_vec(),
        variants: Variants::default(),
        board_b: false,
        seed: 23,
        turn_limit: Default::default(),
    };
    let mut game = TilesMatch::new(setup).expect("a table");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    for _ in 0..6 {
        let mv = abakus_rules::abaku::random::random_move(game.position(), &mut rng);
        apply(&mut game, TilesIntent::Computer(mv));
    }
    app.insert_resource(game);
    let path = save_game(app.world(), TILES, "review").expect("saved");
    let saved_text = std::fs::read(&path).expect("readable");

    let flags = [
        "--samples",
        "3",
        "--think-ms",
        "600000",
        "--games",
        "8",
        "--seed",
        "9",
    ];
    let lines = review_file(&path, &flags);

    let list = records::saved_games(app.world());
    load_game(app.world_mut(), &list[0]).expect("loads");
    let game = app.world().resource::<TilesMatch>().position().clone();
    let settings = abaku::review::ReviewSettings {
        budget: Budget {
            think: Duration::from_secs(600),
            samples: 3,
        },
        play_on: abaku::review::PlayOn::starting_with(4, 8),
        threads: 2,
        seed: 9,
    };
    let reviews = abaku::review::review_game(&game, settings, &mut |_| true).expect("reviewed");
    assert_eq!(lines.len(), 7);
    for (line, review) in lines.iter().zip(&reviews) {
        assert_eq!(line["played"], review.played.to_string());
        assert_eq!(line["points"].as_i64(), Some(review.points));
        let verdict = review.verdict.as_ref().expect("a choice early on");
        assert_eq!(line["best"], verdict.best.to_string());
        assert_close(&line["before"], verdict.best_value);
        assert_close(&line["after"], verdict.played_value);
        assert_close(&line["loss"], review.loss());
        // What each move keeps on the rack, counted in its value early in the game.
        let kept = verdict
            .kept
            .as_ref()
            .expect("the bag refills the rack early on");
        assert_eq!(line["kept"]["tiles"], kept.tiles);
        assert_close(&line["kept"]["worth"], kept.worth);
        assert_eq!(
            line["best_kept"]["tiles"],
            verdict.best_kept.as_ref().expect("the best's too").tiles
        );
        // Another move than the best was played on with it, on the games asked for.
        match verdict.played_on {
            Some(on) => {
                assert_eq!(line["played_on"]["games"], on.games);
                assert!([8, 16, 24, 32].contains(&on.games), "{on:?}");
                assert_eq!(line["played_on"]["turns"], on.turns);
            }
            None => assert!(line["played_on"].is_null()),
        }
    }
    assert_eq!(lines[0]["player"], "Ada");
    assert_eq!(lines[1]["player"], "Blaise");
    // Random moves beside the hard level's: most of them lose points.
    let mistakes = lines[..6]
        .iter()
        .filter(|line| line["label"] != "best")
        .count();
    assert!(mistakes >= 3, "{lines:?}");
    assert_eq!(std::fs::read(&path).expect("readable"), saved_text);
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn a_hex_record_is_reviewed_as_text_with_a_summary_for_each_colour() {
    let output = abakus(&[
        "review",
        "--game",
        "abakus",
        "--size",
        "3",
        "--moves",
        "B2 C3 B3 A1",
        "--playouts",
        "300",
        "--threads",
        "1",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("Abakus, side 3, 4 moves\n"), "{text}");
    assert!(text.contains("  1. Black  B2"), "{text}");
    assert!(text.contains("\nBlack: accuracy "), "{text}");
    assert!(text.contains("\nWhite: accuracy "), "{text}");
}

#[test]
fn files_that_are_no_saved_game_are_refused_in_one_line() {
    let folder = std::env::temp_dir().join(format!("abakus-review-bad-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let cases = [
        ("garbage.abaku.json", "{ not json"),
        ("other.json", "{\"name\": 3}"),
        (
            "broken.abaku.json",
            "{\"setup\": {\"seats\": [{\"name\": \"A\", \"kind\": \"Human\"}, {\"name\": \"B\", \"kind\": \"Human\"}], \"variants\": {}, \"board_b\": false, \"seed\": 1}, \"moves\": [\"Z99=4\"]}",
        ),
        (
            "illegal.abakus.json",
            "{\"position\": {\"side\": 3, \"moves\": \"B2 B2\"}}",
        ),
    ];
    for (name, text) in cases {
        let path = folder.join(name);
        std::fs::write(&path, text).unwrap();
        let output = abakus(&["review", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{name}");
        let said = String::from_utf8(output.stderr).unwrap();
        assert_eq!(said.lines().count(), 1, "{name}: {said}");
        assert!(said.contains(name), "{name}: {said}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name}");
    }
    let output = abakus(&["review"]);
    assert_eq!(output.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(folder);
}

/// Puts `game` on the hex game's screen, as a finished game is shown when it ends.
fn show_hex_game(app: &mut App, game: Position) {
    app.insert_resource(HexMatch::from_position(game));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game(HEX));
    app.update();
}

/// Steps `app` until `done` holds of its world, for at most two minutes, else fails saying
/// `what` never happened.
fn step_until(app: &mut App, what: &str, done: impl Fn(&World) -> bool) {
    let started = std::time::Instant::now();
    while !done(app.world()) {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{what} never happened"
        );
        std::thread::sleep(Duration::from_millis(20));
        app.update();
    }
}

/// Steps `app` until its review is done or has failed.
fn until_reviewed(app: &mut App) {
    step_until(app, "the end of the review", |world| {
        let review = world.resource::<Review>();
        !matches!(review.state, ReviewState::Working(_)) && !review.asked
    });
}

#[test]
fn the_end_cards_review_works_beside_the_frames_and_covers_every_move() {
    let mut app = attract_app(Booth::default());
    add_review(&mut app);
    let mut game = Position::new(3).expect("side 3");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    game.play_randomly_to_end(&mut rng);
    let moves = game.history().len();
    show_hex_game(&mut app, game);
    app.world_mut().resource_mut::<Review>().asked = true;
    app.update();
    // The frames go on while it works: the review is not done in the frame that asked.
    assert!(matches!(
        app.world().resource::<Review>().state,
        ReviewState::Working(_)
    ));
    until_reviewed(&mut app);
    let ReviewState::Done(_, shown) = &app.world().resource::<Review>().state else {
        panic!("no review: {:?}", app.world().resource::<Review>().state);
    };
    let report = &shown.1;
    assert_eq!(report.rows.len(), moves);
    assert_eq!(report.players, ["Black", "White"]);
    assert_eq!(report.summaries.len(), 2);
    assert_eq!(report.lines[0].1.len(), moves);
    // The last move ends the game: Black's chance after it is 0 or 1.
    let last = *report.lines[0].1.last().unwrap();
    assert!(last == 0.0 || last == 1.0, "{last}");
    assert!(report.rows.iter().all(|row| !row.note.is_empty()));

    // Cancelling takes the card down at once; the game is as it was.
    app.world_mut().resource_mut::<Review>().close();
    app.world_mut().resource_mut::<Review>().asked = true;
    app.update();
    app.world_mut().resource_mut::<Review>().close();
    app.update();
    assert!(!app.world().resource::<Review>().is_open());
    assert_eq!(
        app.world()
            .resource::<HexMatch>()
            .position()
            .history()
            .len(),
        moves
    );
}

/// Asks for a review of the game on the screen and waits for it.
fn review_now(app: &mut App) -> abakus::app::features::review::ReviewReport {
    app.world_mut().resource_mut::<Review>().close();
    app.world_mut().resource_mut::<Review>().asked = true;
    app.update();
    until_reviewed(app);
    let ReviewState::Done(_, shown) = &app.world().resource::<Review>().state else {
        panic!("no review: {:?}", app.world().resource::<Review>().state);
    };
    shown.1.clone()
}

/// The files kept in the data folder's `reviews/`.
fn kept_reviews(folder: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(folder.join("reviews"))
        .map(|entries| entries.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default()
}

#[test]
fn a_game_reviewed_again_is_read_from_the_data_folder_and_a_broken_file_is_worked_out_anew() {
    let (mut app, folder) = app_with_folder("kept");
    add_review(&mut app);
    let mut game = Position::new(3).expect("side 3");
    game.play_randomly_to_end(&mut rand_chacha::ChaCha8Rng::seed_from_u64(6));
    show_hex_game(&mut app, game);
    let first = review_now(&mut app);
    let kept = kept_reviews(&folder);
    assert_eq!(kept.len(), 1, "{kept:?}");
    let file = &kept[0];

    // Read back, not worked out again: a verdict changed in the file shows in the card.
    let mut verdicts: Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert!(first.rows[0].label.is_some(), "the first move had a choice");
    verdicts[0]["forced"] = Value::Bool(true);
    std::fs::write(file, verdicts.to_string()).unwrap();
    let again = review_now(&mut app);
    assert_eq!(again.rows.len(), first.rows.len());
    assert_eq!(again.rows[0].label, None, "the kept file was read");
    assert_eq!(again.rows[1..], first.rows[1..]);

    // A file that cannot be read is worked out again and written anew.
    std::fs::write(file, "{ not a review").unwrap();
    let anew = review_now(&mut app);
    assert_eq!(anew.rows.len(), first.rows.len());
    assert!(anew.rows[0].label.is_some());
    let rewritten: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(rewritten.as_array().map(Vec::len), Some(first.rows.len()));
    assert_eq!(kept_reviews(&folder).len(), 1);
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn an_unfinished_tile_game_is_not_reviewed() {
    let mut app = attract_app(Booth::default());
    add_review(&mut app);
    let setup = TilesSetup {
        seats: ["Ada", "Blaise"]
            .map(|name| Seat {
                name: name.to_owned(),
                kind: SeatKind::Human,
            })
            .to_vec(),
        variants: Variants::default(),
        board_b: false,
        seed: 3,
        turn_limit: Default::default(),
    };
    let mut game = TilesMatch::new(setup).expect("a table");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    for _ in 0..3 {
        let mv = abakus_rules::abaku::random::random_move(game.position(), &mut rng);
        apply(&mut game, TilesIntent::Computer(mv));
    }
    app.insert_resource(game);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game(TILES));
    app.update();
    app.world_mut().resource_mut::<Review>().asked = true;
    app.update();
    assert!(matches!(
        app.world().resource::<Review>().state,
        ReviewState::Failed(_)
    ));
}

/// Steps `app` until the move tried in practice is judged; the verdict.
fn until_judged(app: &mut App) -> TryVerdict {
    step_until(app, "the verdict on the move tried", |world| {
        world.resource::<Practice>().verdict.is_some()
    });
    let verdict = app.world().resource::<Practice>().verdict.clone();
    verdict.expect("judged")
}

#[test]
fn a_hex_mistake_tried_again_is_judged_and_the_review_comes_back_as_it_was() {
    let mut app = attract_app(Booth::default());
    add_review(&mut app);
    let mut game = Position::new(3).expect("side 3");
    game.play_randomly_to_end(&mut rand_chacha::ChaCha8Rng::seed_from_u64(12));
    let moves = game.history().to_vec();
    show_hex_game(&mut app, game);
    let report = review_now(&mut app);
    let (at, row) = report
        .rows
        .iter()
        .enumerate()
        .find(|(_, row)| row.label.is_some_and(|label| label != Label::Best))
        .expect("random moves make mistakes");
    let best: hex::Move = row.best.as_deref().expect("a better move").parse().unwrap();

    // "Try again": the board as it was before that move, the person's to play.
    app.world_mut().resource_mut::<Review>().try_again = Some(at);
    app.update();
    assert!(app.world().contains_resource::<Practice>());
    assert_eq!(match_owner(app.world()), MatchOwner::Practice);
    assert!(!app.world().resource::<Review>().is_open());
    let practice = app.world().resource::<HexMatch>();
    assert_eq!(practice.position().history(), &moves[..at]);
    assert_eq!(practice.computer_to_move(), None);

    // The computer's own move is as good as the computer's.
    app.world_mut().write_message(HexIntent::Play(best));
    app.update();
    assert_eq!(overlay_shown(app.world()), Overlay::Practice);
    let found = until_judged(&mut app);
    assert_eq!(found.label, Label::Best);
    assert_eq!(found.tried, best.to_string());

    // Another try sets the board up again; the move played is judged against the same best.
    app.world_mut().resource_mut::<Practice>().try_once_more();
    app.update();
    assert_eq!(
        app.world().resource::<HexMatch>().position().history(),
        &moves[..at]
    );
    assert_eq!(app.world().resource::<Practice>().verdict, None);
    app.world_mut().write_message(HexIntent::Play(moves[at]));
    app.update();
    let again = until_judged(&mut app);
    assert_eq!(again.tried, row.played);
    assert_eq!(again.best, best.to_string());

    // Back: the game as it ended, the review at that move, nothing counted for practice.
    app.world_mut()
        .resource_mut::<Practice>()
        .back_to_the_review();
    app.update();
    assert!(!app.world().contains_resource::<Practice>());
    assert_eq!(match_owner(app.world()), MatchOwner::Person);
    assert_eq!(
        app.world().resource::<HexMatch>().position().history(),
        &moves[..]
    );
    let review = app.world().resource::<Review>();
    assert_eq!(review.selected, at);
    let ReviewState::Done(_, shown) = &review.state else {
        panic!("the review did not come back: {:?}", review.state);
    };
    assert_eq!(shown.1, report);
    assert_eq!(overlay_shown(app.world()), Overlay::Review);
    assert!(app.world().resource::<Statistics>().players.is_empty());
}

#[test]
fn a_tile_turn_tried_again_shows_the_rack_and_leaves_the_game_as_it_ended() {
    let mut app = attract_app(Booth::default());
    add_review(&mut app);
    let setup = TilesSetup {
        seats: ["Ada", "Blaise"]
            .map(|name| Seat {
                name: name.to_owned(),
                kind: SeatKind::Human,
            })
            .to_vec(),
        variants: Variants::default(),
        board_b: false,
        seed: 31,
        turn_limit: abakus::app::shell::turn_clock::TurnLimit::Seconds(60),
    };
    // Four random turns, then the second player concedes.
    let mut rules = abaku::Position::new(setup.rules_setup()).expect("a table");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut moves = Vec::new();
    for _ in 0..4 {
        let mv = abaku::random::random_move(&rules, &mut rng);
        moves.push(mv.to_string());
        rules.play(&mv).expect("legal");
    }
    moves.push(abaku::Move::Concede.to_string());
    let game = TilesMatch::replay(&TilesSave { setup, moves }).expect("replays");
    assert!(game.position().is_over(), "{:?}", game.stage());
    let ended = game.moves().to_vec();
    app.insert_resource(game);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game(TILES));
    app.update();
    let report = review_now(&mut app);
    let at = report
        .rows
        .iter()
        .position(|row| row.label.is_some_and(|label| label != Label::Best))
        .expect("random moves lose points");

    app.world_mut().resource_mut::<Review>().try_again = Some(at);
    app.update();
    let practice = app.world().resource::<TilesMatch>();
    assert_eq!(practice.moves(), &ended[..at]);
    // Every rack may be seen after the game: the player's shows at once, with no curtain,
    // no clock, and nobody to answer.
    assert_eq!(practice.stage(), Stage::Turn);
    assert!(practice.rack_visible());
    assert_eq!(practice.setup().turn_limit, Default::default());
    assert!(
        practice
            .setup()
            .seats
            .iter()
            .all(|seat| seat.kind == SeatKind::Human)
    );

    app.world_mut().write_message(TilesIntent::Pass);
    app.update();
    let judged = until_judged(&mut app);
    for words in Language::ALL {
        assert!(!judged.note(words).is_empty() && !judged.best.is_empty());
    }
    // The pass is answered by nobody: the practice waits under its card.
    assert_eq!(app.world().resource::<TilesMatch>().moves().len(), at + 1);

    // Leaving the screen ends the practice with the game put back as it ended.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.update();
    assert!(!app.world().contains_resource::<Practice>());
    assert_eq!(app.world().resource::<TilesMatch>().moves(), &ended[..]);
}
