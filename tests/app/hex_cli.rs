//! The hex game's command line, run as a user would run it.

use std::process::{Command, Output};

use abakus_rules::hex::{Move, Position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

fn abakus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_abakus"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn moves_lists_every_legal_move_on_one_line() {
    let output = abakus(&["moves", "--size", "3"]);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        "A1 A2 A3 B1 B2 B3 B4 C1 C2 C3 C4 C5 D2 D3 D4 D5 E3 E4 E5\n"
    );

    let record = "D1 G6 B5 E5 G4 B1 E2 A1 F7 D5 C3 E4 C2 E5-E6 E7 F3 E3 D4 B3 D4-D3 F6 D7 E3-F4 A4 E7-C5 A3 C4 G5 C5-C6 C5";
    let output = abakus(&["moves", "--size", "4", "--moves", record]);
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = Position::from_record(4, record).unwrap().legal_moves();
    let listed: Vec<String> = stdout(&output)
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(
        listed,
        expected.iter().map(ToString::to_string).collect::<Vec<_>>()
    );
    assert!(
        listed.iter().any(|m| m.contains('-')),
        "the position has slides"
    );
}

#[test]
fn perft_prints_the_count_last() {
    let output = abakus(&["perft", "--size", "4", "--depth", "2"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().last(), Some("1332"));
}

#[test]
fn selfplay_prints_one_line_per_game_then_the_speed() {
    let output = abakus(&[
        "selfplay", "--game", "abakus", "--size", "4", "--games", "5", "--seed", "3", "--ai",
        "random",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6);
    for (number, line) in lines[..5].iter().enumerate() {
        assert!(
            line.starts_with(&format!("game {}: ", number + 1)),
            "{line}"
        );
        assert!(
            line.contains(" wins, black ") && line.ends_with(" plies"),
            "{line}"
        );
    }
    assert!(lines[5].ends_with("playouts/s"), "{}", lines[5]);
    let again = abakus(&[
        "selfplay", "--game", "abakus", "--size", "4", "--games", "5", "--seed", "3",
    ]);
    let again = stdout(&again);
    assert_eq!(
        again.lines().take(5).collect::<Vec<_>>(),
        lines[..5].to_vec(),
        "same seed, same games"
    );
}

#[test]
fn bad_input_gets_one_clear_line_and_exit_code_2() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["moves", "--moves", "E5 Z9"],
            "move 2: Z9: Z9 is not on a board of side 5",
        ),
        (
            &["moves", "--moves", "E5 E5"],
            "move 2: E5: E5 is already taken",
        ),
        (
            &["moves", "--moves", "E5 D4 E5-E7"],
            "move 3: E5-E7 would leave the stone on its own",
        ),
        (
            &["moves", "--moves", "E5 C4-"],
            "move 2: \"C4-\" is not a move",
        ),
        (
            &["perft", "--size", "9", "--depth", "1"],
            "the board side must be from 3 to 8, not 9",
        ),
        (&["perft", "--size", "5"], "--depth"),
        (&["moves", "--size", "many"], "many"),
    ];
    for (args, expected) in cases {
        let output = abakus(args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
        if args[0] == "moves" && !args.contains(&"many") {
            assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        }
    }
}

#[test]
fn a_bad_script_is_refused_before_any_window_opens() {
    let missing = abakus(&["--script", "/nonexistent/tour.txt"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).starts_with("abakus: cannot read the script /nonexistent/tour.txt"));

    let path = std::env::temp_dir().join(format!("abakus-bad-script-{}.txt", std::process::id()));
    std::fs::write(&path, "wait 3\nplay E5 Q77\n").unwrap();
    let bad = abakus(&["--script", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("script line 2:"), "{}", stderr(&bad));
    assert_eq!(stderr(&bad).lines().count(), 1);
}

#[test]
fn a_tournament_alternates_colours_and_reports_the_score() {
    let output = abakus(&[
        "tournament",
        "--first",
        "easy",
        "--second",
        "random",
        "--size",
        "3",
        "--games",
        "4",
        "--seed",
        "1",
        "--threads",
        "1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[0].starts_with("game 1: first player as Black"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game 2: first player as White"),
        "{text}"
    );
    let won = lines[..4]
        .iter()
        .filter(|l| l.contains("first wins"))
        .count();
    assert!(
        lines[4].starts_with(&format!("Easy against Random on side 3: {won} of 4 games")),
        "{text}"
    );
    let refused = abakus(&["tournament", "--first", "easy", "--second", "wise"]);
    assert_eq!(refused.status.code(), Some(2));
}

/// The lines of a run that name its games (the summary's think times vary from run to run).
fn game_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("game ")).collect()
}

#[test]
fn a_selfplay_tournament_ends_with_a_json_summary_that_adds_up() {
    let args = [
        "selfplay",
        "--game",
        "abakus",
        "--size",
        "3",
        "--games",
        "6",
        "--seed",
        "5",
        "--ai",
        "hard,easy,random",
        "--hard-playouts",
        "300",
        "--threads",
        "1",
        "--json",
    ];
    let output = abakus(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let games = game_lines(&text);
    assert_eq!(games.len(), 6, "{text}");
    // Three levels on two seats: each pair meets twice, colours swapped.
    assert!(
        games[0].contains("(hard)") && games[0].contains("(easy)"),
        "{text}"
    );
    assert!(
        games[2].contains("(hard)") && games[2].contains("(random)"),
        "{text}"
    );
    assert!(
        games[4].contains("(easy)") && games[4].contains("(random)"),
        "{text}"
    );
    let summary: Value = serde_json::from_str(text.lines().last().unwrap()).expect("JSON last");
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["draws"], 0);
    let wins = summary["wins"].as_object().unwrap();
    assert_eq!(wins.len(), 3, "{summary}");
    assert_eq!(wins.values().map(|w| w.as_u64().unwrap()).sum::<u64>(), 6);
    for (level, won) in wins {
        let named = games
            .iter()
            .filter(|l| l.contains(&format!("({level}) beats")))
            .count() as u64;
        assert_eq!(won.as_u64(), Some(named), "{level}: {text}");
    }
    // Every seat's margin is its opponent's, negated, and each level sat four times.
    let margins: f64 = summary["avg_score"]
        .as_object()
        .unwrap()
        .values()
        .map(|m| m.as_f64().unwrap())
        .sum();
    assert!(margins.abs() < 1e-6, "{summary}");
    for figure in ["avg_think_ms", "max_think_ms"] {
        let by_level = summary[figure].as_object().unwrap();
        assert_eq!(by_level.len(), 3, "{figure}: {summary}");
        assert!(by_level.values().all(|t| t.as_f64().unwrap() >= 0.0));
    }

    let again = abakus(&args);
    assert_eq!(game_lines(&stdout(&again)), games, "same seed, same games");
}

#[test]
fn selfplay_random_with_json_plays_the_benchmark_games() {
    let common = [
        "selfplay", "--game", "abakus", "--size", "4", "--games", "4", "--seed", "9",
    ];
    let plain = abakus(&common);
    let with_json = abakus(&[&common[..], &["--ai", "random", "--json"]].concat());
    assert!(with_json.status.success(), "{}", stderr(&with_json));
    let counts = |text: &str| -> Vec<String> {
        game_lines(text)
            .iter()
            .map(|l| {
                let counts = l.split(", ").nth(1).expect("the stone counts");
                assert!(counts.starts_with("black "), "{l}");
                counts.to_string()
            })
            .collect()
    };
    let (plain, with_json) = (stdout(&plain), stdout(&with_json));
    assert_eq!(counts(&plain).len(), 4, "{plain}");
    assert_eq!(counts(&plain), counts(&with_json), "{plain}\n{with_json}");
    let summary: Value = serde_json::from_str(with_json.lines().last().unwrap()).unwrap();
    assert_eq!(summary["wins"]["random"], 4);
}

#[test]
fn bestmove_prints_a_legal_move_of_the_level() {
    let record = "D1 G6 B5 E5 G4 B1 E2 A1 F7 D5 C3 E4 C2 E5-E6 E7 F3 E3 D4 B3 D4-D3 F6 D7 E3-F4";
    let position = Position::from_record(4, record).unwrap();
    for level in ["random", "easy", "normal", "hard"] {
        let args = [
            "bestmove",
            "--game",
            "abakus",
            "--size",
            "4",
            "--moves",
            record,
            "--level",
            level,
            "--hard-playouts",
            "500",
            "--threads",
            "1",
        ];
        let output = abakus(&args);
        assert!(output.status.success(), "{level}: {}", stderr(&output));
        let text = stdout(&output);
        let mv: Move = text.trim().parse().expect("a move in the notation");
        assert!(position.is_legal(mv), "{level} chose {mv}");
        assert_eq!(
            stdout(&abakus(&args)),
            text,
            "{level}: same seed, same move"
        );
    }
    let opening = abakus(&[
        "bestmove", "--game", "abakus", "--size", "3", "--level", "easy",
    ]);
    let mv: Move = stdout(&opening).trim().parse().unwrap();
    assert!(Position::new(3).unwrap().is_legal(mv));
}

#[test]
fn bestmove_and_selfplay_refuse_bad_input_in_one_line() {
    let mut finished = Position::new(3).unwrap();
    finished.play_randomly_to_end(&mut ChaCha8Rng::seed_from_u64(1));
    assert!(finished.is_full());
    let full = finished.record();
    let cases: [(&[&str], &str); 7] = [
        (
            &[
                "bestmove", "--game", "abakus", "--size", "3", "--moves", "A1 Z9",
            ],
            "move 2: Z9: Z9 is not on a board of side 3",
        ),
        (
            &["bestmove", "--game", "abakus", "--moves", "E5 C4-"],
            "move 2: \"C4-\" is not a move",
        ),
        (
            &["bestmove", "--game", "abakus", "--level", "wise"],
            "abakus has no computer level `wise`: choose random, easy, normal, hard, expert or baseline",
        ),
        (
            &[
                "bestmove", "--game", "abakus", "--size", "3", "--moves", &full,
            ],
            "the game is over: the board is full",
        ),
        (
            &["bestmove", "--game", "abakus", "--position", "game.txt"],
            "--position game.txt is for the tile game",
        ),
        (
            &["selfplay", "--game", "abakus", "--ai", "easy,wise"],
            "abakus has no computer level `wise`",
        ),
        (
            &["selfplay", "--game", "abakus", "--ai", "easy,"],
            "a computer level is missing",
        ),
    ];
    for (args, expected) in cases {
        let output = abakus(args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}
