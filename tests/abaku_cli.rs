//! The built binary's Abaku subcommands: JSON answers, and bad input as exit code 2.

use std::process::{Command, Output};

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

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/abaku/bonus-23.txt");
const MALFORMED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/abaku/malformed.txt"
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
