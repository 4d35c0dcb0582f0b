//! Every file the app reads, mangled thousands of ways (cut short, bytes flipped, spans lost or
//! doubled, wrong values, another program's file): nothing panics, what loads is usable, and
//! what does not load is kept beside as `NAME.bad`, byte for byte.
use std::path::PathBuf;

use abakus::app::base::settings::Settings;
use abakus::app::base::statistics::{Finished, Statistics};
use abakus::app::base::storage::DataDir;
use abakus::app::features::lifecycle::GameMatch;
use abakus::app::hex::HEX;
use abakus::app::hex::{HexMatch, HexSetup, Seat, TimeOut};
use abakus::app::shell::turn_clock::TurnLimit;
use abakus::app::tiles::TilesChoices;
use abakus::app::tiles::TilesMatch;
use abakus::app::tiles::game::{SeatKind, TilesSetup};
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::Level as TilesLevel;
use abakus_rules::hex::Position;
use abakus_rules::hex::ai::Level;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Values a broken or foreign file might hold where a number or a word should be.
const ODD: [&str; 14] = [
    "null",
    "-1",
    "0",
    "99999999999999999999999",
    "1e309",
    "-0.0",
    "\"\"",
    "\"x\"",
    "[]",
    "{}",
    "true",
    "\"\\u0000\"",
    "255",
    "{\"version\": 99}",
];

fn mangle(text: &str, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let n = bytes.len().max(1);
    match rng.random_range(0..9) {
        // Cut short, as by a crash mid-write on a file system without atomic renames.
        0 => bytes.truncate(rng.random_range(0..n)),
        1 => {
            for _ in 0..rng.random_range(1..6) {
                let at = rng.random_range(0..n).min(bytes.len().saturating_sub(1));
                if let Some(byte) = bytes.get_mut(at) {
                    *byte = rng.random();
                }
            }
        }
        2 => {
            let from = rng.random_range(0..n);
            let to = (from + rng.random_range(1..40)).min(bytes.len());
            bytes.drain(from.min(to)..to);
        }
        3 => {
            let at = rng.random_range(0..=bytes.len());
            let odd = ODD.choose(rng).unwrap_or(&"null");
            bytes.splice(at..at, odd.bytes());
        }
        // A number replaced by something odd: where values are checked, not only parsed.
        4 | 5 => {
            let numbers: Vec<usize> = (0..bytes.len())
                .filter(|&i| {
                    bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit())
                })
                .collect();
            if let Some(&start) = numbers.choose(rng) {
                let end = (start..bytes.len())
                    .find(|&i| !bytes[i].is_ascii_digit())
                    .unwrap_or(bytes.len());
                let odd = ODD.choose(rng).unwrap_or(&"null");
                bytes.splice(start..end, odd.bytes());
            }
        }
        6 => {
            let from = rng.random_range(0..n).min(bytes.len());
            let to = (from + rng.random_range(1..60)).min(bytes.len());
            let copy = bytes[from..to].to_vec();
            let at = rng.random_range(0..=bytes.len());
            bytes.splice(at..at, copy);
        }
        // Another program's file, or noise.
        7 => {
            bytes = (0..rng.random_range(0..200))
                .map(|_| rng.random())
                .collect()
        }
        _ => bytes = br#"{"format": "something else", "version": 99, "data": [1, 2, 3]}"#.to_vec(),
    }
    bytes
}

/// Reads a file as the app does and uses what it read; true when it loaded.
type Loader = dyn Fn(&DataDir) -> bool;

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("abakus-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `bytes` as `name`, runs `load`, and checks the file's fate: kept when it loaded,
/// moved to `name.bad` unchanged when it did not. Returns whether it loaded.
fn check_one(dir: &DataDir, name: &str, bytes: &[u8], load: &dyn Fn(&DataDir) -> bool) -> bool {
    let folder = dir.folder().unwrap();
    let path = folder.join(name);
    let bad = folder.join(format!("{name}.bad"));
    let _ = std::fs::remove_file(&bad);
    std::fs::write(&path, bytes).unwrap();
    let loaded = load(dir);
    if loaded {
        assert!(path.exists(), "{name} loaded but was moved");
    } else {
        assert!(
            !path.exists(),
            "{name} was refused but left to be overwritten"
        );
        assert_eq!(std::fs::read(&bad).unwrap(), bytes, "{name}.bad differs");
    }
    loaded
}

/// A finished hex game between Ann and Bo: the side-3 board filled cell by cell.
fn finished_hex_game() -> Finished {
    let mut position = Position::new(3).unwrap();
    for cell in position.board().cells().to_vec() {
        position.play(abakus_rules::hex::Move::Place(cell)).unwrap();
    }
    HexMatch::from_position(position)
        .named(["Ann".into(), "Bo".into()])
        .finished()
        .expect("a full board")
}

#[test]
fn mangled_files_never_crash_the_game_and_are_kept_aside() {
    let folder = scratch();
    let dir = DataDir::at(&folder);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let hex_game = {
        let position = Position::from_record(5, "E5 D4 C4 D5 E6 C3").unwrap();
        HexMatch::from_position(position)
            .seated([Seat::Human, Seat::Computer(Level::Hard)])
            .timed(TurnLimit::Seconds(60), TimeOut::default())
    };
    let tiles_game = {
        let mut game = TilesMatch::new(TilesSetup {
            seats: vec![
                abakus::app::tiles::game::Seat {
                    name: "Ada".into(),
                    kind: SeatKind::Human,
                },
                abakus::app::tiles::game::Seat {
                    name: "Computer".into(),
                    kind: SeatKind::Computer(TilesLevel::Normal),
                },
            ],
            variants: Variants::default(),
            board_b: false,
            seed: 11,
            turn_limit: TurnLimit::Seconds(120),
        })
        .unwrap();
        // Six turns chosen by the computer for both seats, replayed as a save would be.
        let mut position = game.position().clone();
        let mut save = game.save();
        for _ in 0..6 {
            let mv = abakus_rules::abaku::ai::choose_move(&position, TilesLevel::Normal, 3);
            position.play(&mv).unwrap();
            save.moves.push(mv.to_string());
        }
        game = TilesMatch::replay(&save).expect("the computer's moves replay");
        game
    };
    let mut statistics = Statistics::default();
    statistics.count(&finished_hex_game());
    let originals: Vec<(&str, String, Box<Loader>)> = vec![
        (
            "settings.json",
            serde_json::to_string_pretty(&Settings::default()).unwrap(),
            Box::new(|dir| {
                Settings::load(dir).is_some_and(|s| {
                    let volumes = [s.master_volume, s.effects_volume, s.music_volume];
                    assert!(volumes.iter().all(|v| (0.0..=1.0).contains(v)), "{s:?}");
                    true
                })
            }),
        ),
        (
            "hex-setup.json",
            serde_json::to_string_pretty(&HexSetup {
                side: 6,
                seats: [Seat::Computer(Level::Easy), Seat::Human],
                names: [String::new(), "Ann".to_owned()],
                turn_limit: TurnLimit::Seconds(30),
                on_time_out: TimeOut::Loses,
            })
            .unwrap(),
            Box::new(|dir| {
                abakus::app::hex::load_setup(dir).is_some_and(|setup| {
                    let game = HexMatch::with_seats(setup.side, setup.seats);
                    assert!(!game.position().legal_moves().is_empty());
                    true
                })
            }),
        ),
        (
            "hex-game.json",
            serde_json::to_string_pretty(&hex_game).unwrap(),
            Box::new(|dir| {
                HexMatch::load(dir).is_some_and(|game| {
                    // What Continue does with it: show the board, list the moves, let the
                    // computer think.
                    let _ = game.position().legal_moves();
                    let _ = game.position().record();
                    let _ = game.computer_to_move();
                    true
                })
            }),
        ),
        (
            "tiles-setup.json",
            serde_json::to_string_pretty(&TilesChoices::default()).unwrap(),
            Box::new(|dir| {
                TilesChoices::load(dir).is_some_and(|choices| {
                    let game = TilesMatch::new(choices.table(5));
                    assert!(game.is_ok(), "sanitised choices make a table");
                    true
                })
            }),
        ),
        (
            "tiles-game.json",
            serde_json::to_string_pretty(&tiles_game.save()).unwrap(),
            Box::new(|dir| {
                TilesMatch::load(dir).is_some_and(|game| {
                    assert!(game.position().tile_count() == 101);
                    let _ = game.position().legal_placements();
                    true
                })
            }),
        ),
        (
            "statistics.json",
            serde_json::to_string_pretty(&statistics).unwrap(),
            Box::new(|dir| {
                Statistics::load(dir).is_some_and(|mut statistics| {
                    // What the end of a game and the statistics screen do with it.
                    statistics.count(&finished_hex_game());
                    for (_, record) in statistics.of_game(HEX) {
                        let _ = (record.points_per_turn(), record.average_margin());
                    }
                    true
                })
            }),
        ),
    ];
    for (name, text, load) in &originals {
        assert!(
            check_one(&dir, name, text.as_bytes(), load.as_ref()),
            "{name} as written loads"
        );
        let mut refused = 0;
        for _ in 0..500 {
            let bytes = mangle(text, &mut rng);
            refused += usize::from(!check_one(&dir, name, &bytes, load.as_ref()));
        }
        assert!(
            refused > 200,
            "{name}: only {refused} of 500 mangled files refused"
        );
        let told = dir.take_set_aside();
        assert!(
            told.iter()
                .all(|aside| aside.file == *name && aside.kept_as == format!("{name}.bad"))
        );
        assert!(
            told.len() >= refused.min(1),
            "{name}: the title screen is told"
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
}
