//! The rule text's diagram cases and worked positions for the hex game.

use abakus_rules::hex::{Cell, Color, Move, PlayError, Position};

fn cells(names: &str) -> Vec<Cell> {
    names
        .split_whitespace()
        .map(|name| name.parse().unwrap())
        .collect()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn black_to_move(black: &str, white: &str) -> Position {
    Position::setup(5, &cells(black), &cells(white), Color::Black).unwrap()
}

/// The diagram of forbidden landings: C4 is in a group of three with B4 and C5, D2-D3 is a
/// black pair, G4 a black single and E4 a white stone.
fn forbidden_landings() -> Position {
    black_to_move("C4 B4 C5 D2 D3 G4", "E4")
}

#[test]
fn landing_alone_is_forbidden() {
    let position = forbidden_landings();
    let error = position.check(mv("C4-A2")).unwrap_err();
    assert_eq!(error, PlayError::Alone { mv: mv("C4-A2") });
    assert_eq!(
        error.to_string(),
        "C4-A2 would leave the stone on its own; it must join at least one stone of its colour"
    );
}

#[test]
fn landing_in_a_group_as_big_as_the_old_one_is_forbidden() {
    let position = forbidden_landings();
    let error = position.check(mv("C4-C2")).unwrap_err();
    assert_eq!(
        error,
        PlayError::NotSmaller {
            mv: mv("C4-C2"),
            formed: 3,
            original: 3
        }
    );
    assert_eq!(
        error.to_string(),
        "C4-C2 forms a group of 3, not smaller than 3"
    );
}

#[test]
fn stones_cannot_jump() {
    let position = forbidden_landings();
    let error = position.check(mv("C4-F4")).unwrap_err();
    assert_eq!(
        error,
        PlayError::Blocked {
            mv: mv("C4-F4"),
            blocker: "E4".parse().unwrap()
        }
    );
    // With the white stone gone, the same slide makes a pair with G4 and is allowed.
    let open = black_to_move("C4 B4 C5 D2 D3 G4", "");
    assert!(open.is_legal(mv("C4-F4")));
}

#[test]
fn the_diagram_lines_pass_the_named_cells() {
    assert_eq!(
        Position::slide_path(cells("C4")[0], cells("A2")[0]),
        cells("B3 A2")
    );
    assert_eq!(
        Position::slide_path(cells("C4")[0], cells("C2")[0]),
        cells("C3 C2")
    );
    assert_eq!(
        Position::slide_path(cells("C4")[0], cells("F4")[0]),
        cells("D4 E4 F4")
    );
}

#[test]
fn a_stone_of_four_joins_a_pair_to_make_three() {
    let mut position = black_to_move("E5 E6 E7 E8 H5 I5", "");
    assert!(!position.is_legal(mv("E5-F5")), "F5 would stand alone");
    position.play(mv("E5-G5")).unwrap();
    let mut groups: Vec<usize> = position.groups(Color::Black).iter().map(Vec::len).collect();
    groups.sort_unstable();
    assert_eq!(groups, vec![3, 3]);
    assert_eq!(position.group_of(cells("G5")[0]), cells("G5 H5 I5"));
}

#[test]
fn a_stone_of_three_makes_a_pair_and_leaves_a_single() {
    let mut position = black_to_move("C3 C4 C5", "");
    // The end stone sliding beside the middle one would keep a group of three.
    assert_eq!(
        position.check(mv("C5-D5")).unwrap_err(),
        PlayError::NotSmaller {
            mv: mv("C5-D5"),
            formed: 3,
            original: 3
        }
    );
    position.play(mv("C4-D5")).unwrap();
    assert_eq!(
        position.groups(Color::Black),
        vec![cells("C3"), cells("C5 D5")]
    );
}

#[test]
fn the_middle_stone_of_three_joins_a_single_leaving_two_singles() {
    let mut position = black_to_move("C3 C4 C5 F4", "");
    position.play(mv("C4-E4")).unwrap();
    assert_eq!(
        position.groups(Color::Black),
        vec![cells("C3"), cells("C5"), cells("E4 F4")]
    );
    assert_eq!(position.turn(), Color::White);
}

#[test]
fn every_refusal_names_the_move_and_changes_nothing() {
    let position = black_to_move("C4 B4 C5", "E5");
    let cases = [
        ("Z9", "Z9: Z9 is not on a board of side 5"),
        ("A9", "A9: A9 is not on a board of side 5"),
        ("C4", "C4: C4 is already taken"),
        ("D4-D5", "D4-D5: there is no stone on D4 to slide"),
        (
            "E5-E7",
            "E5-E7: the stone on E5 is White's, and Black is to move",
        ),
        ("C4-E5", "C4-E5: E5 is already taken"),
        (
            "C4-D6",
            "C4-D6: a stone slides in a straight line, and D6 is not in line with C4",
        ),
    ];
    for (text, message) in cases {
        let mut copy = position.clone();
        let error = copy.play(mv(text)).unwrap_err();
        assert_eq!(error.to_string(), message);
        assert_eq!(error.mv(), mv(text));
        assert_eq!(copy, position, "{text} changed the position");
    }
}

#[test]
fn a_full_board_ends_the_game_and_fewer_stones_win() {
    let mut position = Position::new(3).unwrap();
    let all: Vec<Cell> = position.board().cells().to_vec();
    for cell in &all {
        assert!(position.outcome().is_none());
        position.play(Move::Place(*cell)).unwrap();
    }
    let outcome = position.outcome().unwrap();
    assert_eq!((outcome.black, outcome.white), (10, 9));
    assert_eq!(outcome.winner, Color::White);
    assert!(position.legal_moves().is_empty());
    assert!(matches!(
        position.play(mv("A1")),
        Err(PlayError::GameOver { .. })
    ));
}

#[test]
fn records_replay_and_name_the_bad_move() {
    let position = Position::from_record(5, "E5 D4 E6 D5 E7 E5-E4").unwrap_err();
    assert_eq!(
        position.to_string(),
        "move 6: E5-E4: the stone on E5 is Black's, and White is to move"
    );
    let unreadable = Position::from_record(5, "E5 xyz").unwrap_err();
    assert_eq!(
        unreadable.to_string(),
        "move 2: \"xyz\" is not a move: write a cell such as C4 to place, or C4-A2 to slide"
    );
    let game = Position::from_record(5, "E5 D4 E6 D5 E7").unwrap();
    assert_eq!(game.record(), "E5 D4 E6 D5 E7");
    assert_eq!(game.count(Color::Black), 3);
}

#[test]
fn save_files_round_trip_and_reject_tampering() {
    let mut position = Position::setup(5, &cells("C4 B4"), &cells("E4"), Color::White).unwrap();
    position.play_record("E5 C5 E6 C4-A2").unwrap_err();
    let json = serde_json::to_string(&position).unwrap();
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, position);

    let tampered = json.replace("\"side\":5", "\"side\":12");
    let error = serde_json::from_str::<Position>(&tampered).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("the board side must be from 3 to 8, not 12"),
        "{error}"
    );
    let illegal = r#"{"side":5,"moves":"E5 E5"}"#;
    let error = serde_json::from_str::<Position>(illegal).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("move 2: E5: E5 is already taken"),
        "{error}"
    );
}

#[test]
fn slide_targets_match_the_legal_slides() {
    let position = black_to_move("E5 E6 E7 E8 H5 I5", "E4");
    let e5 = cells("E5")[0];
    let targets = position.slide_targets(e5);
    let from_list: Vec<Cell> = position
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(e5))
        .map(Move::to)
        .collect();
    assert_eq!(targets, from_list);
    assert!(targets.contains(&cells("G5")[0]));
    assert!(
        targets
            .iter()
            .all(|&to| position.is_legal(Move::Slide { from: e5, to }))
    );
    assert!(
        position.slide_targets(cells("E4")[0]).is_empty(),
        "not Black's stone"
    );
}
