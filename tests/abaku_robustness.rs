//! Malformed position files and random text: clear errors, never a panic, here or in later play.

use abakus::rules::abaku::*;

const FIXTURE: &str = include_str!("data/abaku/bonus-23.txt");

#[test]
fn a_colours_grid_of_another_layout_is_refused() {
    // The colours are read against a 2x2 layout, then the layout becomes board A.
    let text = FIXTURE.replacen(
        "board\n",
        &format!(
            "layout\n*.\n..\ncolours\nb.\n..\nlayout\n{}board\n",
            Layout::board_a().to_text()
        ),
        1,
    );
    let err = Position::from_text(&text).unwrap_err();
    assert_eq!(err.to_string(), "the colours grid does not fit the layout");
}

/// The fixture with the line starting `key` replaced.
fn with(key: &str, replacement: &str) -> String {
    FIXTURE
        .lines()
        .map(|l| if l.starts_with(key) { replacement } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn counters_and_scores_at_their_limits_do_not_overflow() {
    let text = with("turns", "turns 4294967295\npasses-in-row 4294967295");
    let mut p = Position::from_text(&text).unwrap();
    p.play(&Move::Pass).unwrap();
    assert_eq!(p.turns(), u32::MAX);
    assert_eq!(p.outcome(), Some(EndReason::Blocked));
    // The last pass of a blocked game takes rack penalties from a score already at the bottom.
    let text = with(
        "player 2",
        "player 2 score -9223372036854775808 rack 1 1 1 1 1",
    )
    .replace("to-move 1", "to-move 1\npasses-in-row 3");
    let mut p = Position::from_text(&text).unwrap();
    p.play(&Move::Pass).unwrap();
    assert_eq!(p.players()[1].score, i64::MIN);
}

#[test]
fn a_pending_move_of_impossible_size_is_refused() {
    // A real pending move in the challenge variant, then its tile count made absurd.
    let text = with(
        "variants",
        "variants ops=all diagonal=no result-first=no scoring=basic spin=no challenge=yes",
    );
    let mut p = Position::from_text(&text).unwrap();
    p.play(&p.parse_move("C10=4 F10=2").unwrap()).unwrap();
    let text = p.to_text();
    assert!(text.contains("tiles=2"));
    let text = text.replace("tiles=2", "tiles=9223372036854775808");
    let err = Position::from_text(&text).unwrap_err();
    assert_eq!(err, PositionTextError::Inconsistent);
}
