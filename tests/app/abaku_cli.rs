//! The built binary's Abaku subcommands: JSON answers, and bad input as exit code 2.

use std::process::{Command, Output};

use abakus_rules::abaku::{Position, Setup, random};
use serde_json::{Value, json};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_abakus"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn fails_cleanly(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/crates/abakus-rules/tests/data/abaku/bonus-23.txt"
);
const MALFORMED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/crates/abakus-rules/tests/data/abaku/malformed.txt"
);

#[test]
fn examples_981_11_1248() {
    assert_eq!(
        json_of(&run(&["examples", "981"])),
        json!([{"start": 0, "end": 3, "digits": "981", "readings": ["9-8=1", "9²=81"]}])
    );
    assert_eq!(
        json_of(&run(&["examples", "11"])),
        json!([{"start": 0, "end": 2, "digits": "11", "readings": ["1²=1", "1³=1", "√1=1", "∛1=1"]}])
    );
    assert_eq!(
        json_of(&run(&["examples", "1248"])),
        json!([
            {"start": 0, "end": 4, "digits": "1248", "readings": ["12-4=8"]},
            {"start": 1, "end": 3, "digits": "24", "readings": ["2²=4"]},
            {"start": 1, "end": 4, "digits": "248", "readings": ["2×4=8"]}
        ])
    );
}

#[test]
fn examples_with_variants() {
    assert_eq!(
        json_of(&run(&["examples", "--ops", "muldiv", "981"])),
        json!([])
    );
    let first = json_of(&run(&["examples", "--result-first", "17236"]));
    assert_eq!(first[0]["readings"], json!(["17=23-6"]));
}

#[test]
fn score_the_bonus_fixture() {
    let v = json_of(&run(&[
        "score",
        "--position",
        FIXTURE,
        "--move",
        "C10=4 F10=2",
    ]));
    assert_eq!(v["legal"], json!(true));
    assert_eq!(v["points"], json!(23));
    assert_eq!(v["examples"].as_array().map(Vec::len), Some(3));
    let v = json_of(&run(&[
        "score",
        "--position",
        FIXTURE,
        "--move",
        "C10=4 F11=2",
    ]));
    assert_eq!(v["legal"], json!(false));
    assert_eq!(v["error"], json!("C10 and F11 are not in one line"));
}

#[test]
fn selfplay_output_shape() {
    let out = run(&[
        "selfplay",
        "--game",
        "abaku",
        "--players",
        "2",
        "--games",
        "2",
        "--seed",
        "3",
        "--ai",
        "random",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for game in &lines[..2] {
        assert_eq!(game["scores"].as_array().map(Vec::len), Some(2));
        assert!(game["turns"].as_u64().is_some());
    }
    assert!(lines[2]["games_per_second"].as_f64().is_some());
}

#[test]
fn bad_input_exits_2_with_one_line() {
    assert!(fails_cleanly(&["examples", "12a4"]).contains("`a` is not a digit"));
    assert!(fails_cleanly(&["examples", "１２"]).contains("not a digit"));
    assert!(
        fails_cleanly(&["score", "--position", MALFORMED, "--move", "C10=4"])
            .contains("malformed.txt")
    );
    assert!(
        fails_cleanly(&["score", "--position", FIXTURE, "--move", "Z10=4"])
            .contains("Z10 is not a square")
    );
    assert!(
        fails_cleanly(&["score", "--position", FIXTURE, "--move", "C10=4 F10=9"])
            .contains("your rack has no 9")
    );
    assert!(
        fails_cleanly(&["score", "--position", FIXTURE, "--move", "C10=\"4\\"])
            .contains("is not a tile")
    );
    assert!(
        fails_cleanly(&["score", "--position", "/nonexistent/file", "--move", "pass"])
            .contains("cannot read")
    );
    fails_cleanly(&[
        "selfplay",
        "--game",
        "abaku",
        "--players",
        "7",
        "--games",
        "1",
    ]);
}

/// `--play abaku --seats ...` names each seat it cannot take before any window opens.
#[test]
fn a_launch_into_a_tile_game_refuses_seats_it_does_not_know() {
    assert!(
        fails_cleanly(&["--play", "abaku", "--seats", "phone,grandmaster"])
            .contains("grandmaster is not a player: human, phone, easy, normal, hard or expert")
    );
    assert!(
        fails_cleanly(&["--play", "abaku", "--seats", "human,human,human,human,hard"])
            .contains("1 to 4 seats, not 5")
    );
}

fn stdout_of(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The lines of a run that name its games (the summary's think times vary from run to run).
fn game_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("game ")).collect()
}

fn last_json(text: &str) -> Value {
    serde_json::from_str(text.lines().last().unwrap_or_default()).expect("JSON on the last line")
}

#[test]
fn the_baselines_play_in_tournaments_and_are_named_in_their_summary() {
    let text = stdout_of(&run(&[
        "selfplay",
        "--game",
        "abaku",
        "--players",
        "3",
        "--games",
        "2",
        "--seed",
        "5",
        "--ai",
        "baseline,easy,baseline-normal",
        "--think-ms",
        "20",
        "--hard-samples",
        "2",
        "--json",
    ]));
    let games = game_lines(&text);
    assert_eq!(games.len(), 2, "{text}");
    assert!(games[0].starts_with("game 1 (seed 5): baseline "), "{text}");
    let summary = last_json(&text);
    let levels: Vec<&String> = summary["avg_score"].as_object().unwrap().keys().collect();
    assert_eq!(levels, ["baseline", "baseline-normal", "easy"], "{summary}");
}

#[test]
fn a_selfplay_tournament_ends_with_a_json_summary_that_adds_up() {
    let args = [
        "selfplay",
        "--game",
        "abaku",
        "--players",
        "2",
        "--games",
        "3",
        "--seed",
        "11",
        "--ai",
        "easy,normal",
        "--json",
    ];
    let text = stdout_of(&run(&args));
    let games = game_lines(&text);
    assert_eq!(games.len(), 3, "{text}");
    // Two levels on two seats swap seats every game.
    assert!(games[0].starts_with("game 1 (seed 11): easy "), "{text}");
    assert!(games[1].starts_with("game 2 (seed 12): normal "), "{text}");
    let summary = last_json(&text);
    assert_eq!(summary["games"], 3);
    let wins = summary["wins"].as_object().unwrap();
    let won: u64 = wins.values().map(|w| w.as_u64().unwrap()).sum();
    assert_eq!(won + summary["draws"].as_u64().unwrap(), 3, "{summary}");
    for figure in ["avg_score", "avg_think_ms", "max_think_ms"] {
        let by_level = summary[figure].as_object().unwrap();
        let levels: Vec<&String> = by_level.keys().collect();
        assert_eq!(levels, ["easy", "normal"], "{figure}: {summary}");
    }
    assert_eq!(
        game_lines(&stdout_of(&run(&args))),
        games,
        "same seed, same games"
    );
}

#[test]
fn solo_selfplay_reports_the_average_final_score() {
    let text = stdout_of(&run(&[
        "selfplay",
        "--game",
        "abaku",
        "--players",
        "1",
        "--games",
        "2",
        "--seed",
        "1",
        "--ai",
        "normal",
        "--json",
    ]));
    let scores: Vec<f64> = game_lines(&text)
        .iter()
        .map(|line| {
            let after = line.split("normal ").nth(1).expect("the seat's score");
            after.split(' ').next().unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(scores.len(), 2, "{text}");
    let average = last_json(&text)["avg_score"]["normal"].as_f64().unwrap();
    assert!(
        (average - (scores[0] + scores[1]) / 2.0).abs() < 1e-6,
        "{text}"
    );
}

#[test]
fn four_seats_rotate_through_the_levels() {
    let text = stdout_of(&run(&[
        "selfplay",
        "--game",
        "abaku",
        "--players",
        "4",
        "--games",
        "2",
        "--seed",
        "2",
        "--ai",
        "random,easy",
    ]));
    let seats = |line: &str| -> Vec<String> {
        let scores = line
            .split(": ")
            .nth(1)
            .unwrap()
            .split(" after ")
            .next()
            .unwrap();
        scores
            .split(", ")
            .map(|seat| seat.split(' ').next().unwrap().to_string())
            .collect()
    };
    let games = game_lines(&text);
    assert_eq!(
        seats(games[0]),
        ["random", "easy", "random", "easy"],
        "{text}"
    );
    assert_eq!(
        seats(games[1]),
        ["easy", "random", "easy", "random"],
        "{text}"
    );
    assert!(
        text.contains("\nrandom: ") && text.contains("\neasy: "),
        "{text}"
    );
}

#[test]
fn random_selfplay_with_json_plays_the_benchmark_games() {
    let common = ["selfplay", "--game", "abaku", "--games", "2", "--seed", "3"];
    let plain = stdout_of(&run(&common));
    let summary = stdout_of(&run(&[&common[..], &["--json"]].concat()));
    let benchmark_scores: Vec<Value> = plain
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|game| game.get("scores").is_some())
        .map(|game| game["scores"].clone())
        .collect();
    let tournament_scores: Vec<Value> = game_lines(&summary)
        .iter()
        .map(|line| {
            let seats = line
                .split(": ")
                .nth(1)
                .unwrap()
                .split(" after ")
                .next()
                .unwrap();
            seats
                .split(", ")
                .map(|seat| seat.rsplit(' ').next().unwrap().parse::<i64>().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(benchmark_scores.len(), 2, "{plain}");
    assert_eq!(benchmark_scores, tournament_scores, "{plain}\n{summary}");
}

#[test]
fn bestmove_prints_a_move_the_rules_take() {
    let position = Position::from_text(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    for level in ["random", "easy", "normal", "hard"] {
        let text = stdout_of(&run(&[
            "bestmove",
            "--game",
            "abaku",
            "--position",
            FIXTURE,
            "--level",
            level,
            "--hard-samples",
            "2",
        ]));
        let mv = position
            .parse_move(text.trim())
            .unwrap_or_else(|e| panic!("{level}: {text}: {e}"));
        assert!(
            position.clone().play(&mv).is_ok(),
            "{level} chose {mv}, which the rules refuse"
        );
    }
    // Normal lays the placement that scores the most.
    let best = stdout_of(&run(&[
        "bestmove",
        "--game",
        "abaku",
        "--position",
        FIXTURE,
        "--level",
        "normal",
    ]));
    let mv = position.parse_move(best.trim()).unwrap();
    let scored = position.clone().play(&mv).unwrap();
    assert!(scored.points >= 23, "{best}: {} points", scored.points);
}

#[test]
fn bestmove_refuses_bad_input_in_one_line() {
    let finished = random::random_game(Setup::new(2, 3), 3 ^ 0x5eed).unwrap();
    assert!(finished.is_over());
    let over = std::env::temp_dir().join(format!("abakus-over-{}.txt", std::process::id()));
    std::fs::write(&over, finished.to_text()).unwrap();
    let over_message = fails_cleanly(&[
        "bestmove",
        "--game",
        "abaku",
        "--position",
        over.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&over);
    assert!(
        over_message.contains("the game is over (blocked)"),
        "{over_message}"
    );
    assert!(
        fails_cleanly(&["bestmove", "--game", "abaku", "--position", MALFORMED])
            .contains("malformed.txt: line 22")
    );
    assert!(
        fails_cleanly(&[
            "bestmove",
            "--game",
            "abaku",
            "--position",
            "/nonexistent/file"
        ])
        .contains("cannot read /nonexistent/file")
    );
    assert!(
        fails_cleanly(&[
            "bestmove",
            "--game",
            "abaku",
            "--position",
            FIXTURE,
            "--level",
            "wise"
        ])
        .contains("abaku has no computer level `wise`: choose random, easy")
    );
    assert!(fails_cleanly(&["bestmove", "--game", "abaku"]).contains("--position FILE"));
    assert!(
        fails_cleanly(&["selfplay", "--game", "abaku", "--ai", "normal,wise"])
            .contains("abaku has no computer level `wise`")
    );
}

/// The level names a command accepts, as its refusal of an unknown one lists them.
fn accepted_levels(args: &[&str]) -> Vec<String> {
    let refusal = fails_cleanly(args);
    let list = refusal
        .split("choose ")
        .nth(1)
        .expect("the refusal lists the levels")
        .trim()
        .replace(" or ", ", ");
    list.split(", ").map(str::to_owned).collect()
}

#[test]
fn every_help_names_every_level_its_command_accepts() {
    let hex = accepted_levels(&["bestmove", "--game", "abakus", "--level", "grandmaster"]);
    let tiles = accepted_levels(&[
        "bestmove",
        "--game",
        "abaku",
        "--position",
        FIXTURE,
        "--level",
        "grandmaster",
    ]);
    assert!(hex.contains(&"expert".to_owned()), "{hex:?}");
    assert!(tiles.contains(&"baseline-normal".to_owned()), "{tiles:?}");
    for command in ["bestmove", "selfplay"] {
        let help = stdout_of(&run(&[command, "--help"]));
        for level in hex.iter().chain(&tiles) {
            assert!(
                help.contains(level.as_str()),
                "{command} --help does not name {level}:\n{help}"
            );
        }
    }
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md")).unwrap();
    for level in hex.iter().chain(&tiles) {
        assert!(
            docs.contains(&format!("`{level}`")),
            "docs/cli.md does not name {level}"
        );
    }
}
