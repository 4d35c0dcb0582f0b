//! Perft counts from a data file, confirmed by both the fast core and the simple reference.

use crate::simple_hex::{SimpleGame, parse_simple_move};
use abakus_rules::hex::Position;

struct Case {
    line: usize,
    side: u32,
    depth: u32,
    count: u64,
    record: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/hex_perft.txt");
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (head, record) = line.split_once('|').expect("a '|' before the record");
        let numbers: Vec<u64> = head
            .split_whitespace()
            .map(|n| n.parse().expect("a number"))
            .collect();
        let [side, depth, count] = numbers[..] else {
            panic!("line {}: expected side, depth and count", index + 1)
        };
        cases.push(Case {
            line: index + 1,
            side: side as u32,
            depth: depth as u32,
            count,
            record: record.trim().to_owned(),
        });
    }
    assert!(cases.len() >= 30, "the fixture file lost its cases");
    cases
}

#[test]
fn fast_core_matches_the_fixture_counts() {
    for case in cases() {
        let mut position = Position::from_record(case.side, &case.record)
            .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
        let before = position.clone();
        assert_eq!(position.perft(case.depth), case.count, "line {}", case.line);
        assert_eq!(
            position, before,
            "line {}: perft must undo every move",
            case.line
        );
    }
}

#[test]
fn simple_reference_matches_the_fixture_counts() {
    for case in cases() {
        let mut game = SimpleGame::new(case.side as i32);
        for text in case.record.split_whitespace() {
            game.play(parse_simple_move(text));
        }
        assert_eq!(game.perft(case.depth), case.count, "line {}", case.line);
    }
}
