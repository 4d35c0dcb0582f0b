//! Malformed position files and random text: clear errors, never a panic, here or in later play.

use abakus_rules::abaku::*;

const FIXTURE: &str = include_str!("../data/abaku/bonus-23.txt");

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

/// The fixture after one exchange, as text with its turn record.
fn after_exchange() -> String {
    let mut p = Position::from_text(FIXTURE).unwrap();
    p.play(&Move::Exchange(vec![Tile::Digit(4)])).unwrap();
    p.to_text()
}

#[test]
fn turn_records_with_impossible_tiles_or_squares_are_refused() {
    let text = after_exchange();
    let record = text.lines().find(|l| l.starts_with('{')).unwrap();
    for (from, to) in [
        // A rack before the turn holding a "digit" 250: undo would bring it back, and writing
        // the position out again panicked.
        (r#""rack":[{"Digit":4}"#, r#""rack":[{"Digit":250}"#),
        (r#""drawn":[{"Digit":"#, r#""drawn":[{"Digit":1"#),
        (
            r#""bag_before":[{"Digit":5}"#,
            r#""bag_before":[{"Digit":99}"#,
        ),
        (
            r#""action":{"Exchange":[{"Digit":4}]}"#,
            r#""action":{"Exchange":[{"Digit":40}]}"#,
        ),
        (
            r#""action":{"Exchange":[{"Digit":4}]}"#,
            r#""action":{"Place":{"replace":null,"puts":[{"cell":{"col":30,"row":2},"laid":{"Digit":4}}]}}"#,
        ),
        (
            r#""action":{"Exchange":[{"Digit":4}]}"#,
            r#""action":{"Place":{"replace":[{"col":3,"row":2},12],"puts":[]}}"#,
        ),
        (
            r#""action":{"Exchange":[{"Digit":4}]}"#,
            r#""action":{"Challenge":7}"#,
        ),
    ] {
        assert!(record.contains(from), "{from}");
        let bad = text.replace(record, &record.replace(from, to));
        assert_eq!(
            Position::from_text(&bad),
            Err(PositionTextError::Inconsistent),
            "{to}"
        );
    }
}

#[test]
fn an_undo_that_cannot_replay_a_withdrawn_move_changes_nothing() {
    let v = Variants {
        challenge: true,
        ..Variants::default()
    };
    let mut p = Position::arranged(
        Setup {
            players: 2,
            variants: v,
            seed: 7,
            layout: Some(Layout::board_b()),
        },
        &[(Cell::parse("H8").unwrap(), Square::Digit(1))],
        &[
            vec![Tile::Digit(3), Tile::Digit(2), Tile::Digit(1)],
            vec![Tile::Digit(9); 5],
        ],
        0,
    )
    .unwrap();
    p.play(&p.parse_move("G9=3 H9=2 I9=1").unwrap()).unwrap();
    p.play(&Move::Challenge(1)).unwrap();
    // The file's record of the withdrawn move names a tile the rack never held.
    let text = p.to_text();
    let bad = text.replacen(r#""laid":{"Digit":3}"#, r#""laid":{"Digit":9}"#, 1);
    assert_ne!(bad, text);
    let mut q = Position::from_text(&bad).unwrap();
    let before = q.clone();
    assert_eq!(q.undo(), Err(PlayError::NotOnRack(Tile::Digit(9))));
    assert_eq!(q, before);
}

/// A few random edits of a good position text: characters changed, inserted, removed, lines
/// swapped or repeated.
fn mutate(text: &str, edits: &[(u16, u16, char)]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for &(kind, at, c) in edits {
        let n = lines.len().max(1);
        let li = usize::from(at) % n;
        let Some(line) = lines.get_mut(li) else {
            continue;
        };
        let chars: Vec<char> = line.chars().collect();
        let ci = usize::from(at / 7) % (chars.len() + 1);
        match kind % 8 {
            // Two characters of one line swapped: tile counts stay right, so more texts parse.
            6 | 7 if !chars.is_empty() => {
                let mut chars = chars;
                let other = usize::from(c as u32 as u16) % chars.len();
                let here = ci.min(chars.len() - 1);
                chars.swap(here, other);
                *line = chars.into_iter().collect();
            }
            0 if ci < chars.len() => {
                *line = chars[..ci]
                    .iter()
                    .chain([c].iter())
                    .chain(&chars[ci + 1..])
                    .collect();
            }
            1 => {
                *line = chars[..ci]
                    .iter()
                    .chain([c].iter())
                    .chain(&chars[ci..])
                    .collect()
            }
            2 if ci < chars.len() => {
                *line = chars[..ci].iter().chain(&chars[ci + 1..]).collect();
            }
            3 => {
                let copy = line.clone();
                lines.insert(li, copy);
            }
            4 => {
                lines.remove(li);
            }
            _ => lines.swap(li, (li + usize::from(at / 3)) % n),
        }
    }
    lines.join("\n")
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]

    #[test]
    fn move_text_never_panics(text in "\\PC{0,40}", cells in "([A-Za-z][0-9]{1,3}=\\??[0-9?]{0,2} ?){0,6}") {
        let layout = Layout::board_a();
        let p = Position::from_text(FIXTURE).unwrap();
        for t in [text.as_str(), cells.as_str(), &format!("replace {cells}"), &format!("exchange {text}")] {
            if let Ok(mv) = Move::parse(t, &layout) {
                // What parses, prints back to the same move, and is judged without a panic.
                proptest::prop_assert_eq!(Move::parse(&mv.to_string(), &layout).unwrap(), mv.clone());
                let mut q = p.clone();
                let _ = q.play(&mv);
            }
            let _ = Cell::parse(t);
            let _ = Layout::parse(t);
        }
    }

    #[test]
    fn position_text_never_panics(
        edits in proptest::collection::vec(
            (0u16..8, proptest::prelude::any::<u16>(), proptest::prop_oneof![
                proptest::prelude::any::<char>(),
                proptest::sample::select("0123456789.?=- bryno".chars().collect::<Vec<_>>()),
            ]),
            1..4,
        ),
        history in proptest::prelude::any::<bool>(),
    ) {
        let base = if history { after_exchange() } else { FIXTURE.to_string() };
        let text = mutate(&base, &edits);
        if let Ok(mut p) = Position::from_text(&text) {
            let again = Position::from_text(&p.to_text()).unwrap();
            proptest::prop_assert_eq!(&again, &p);
            let _ = p.legal_placements();
            for mv in ["C10=4 F10=2", "pass", "exchange 2", "challenge 2", "concede"] {
                let mut q = p.clone();
                if let Ok(mv) = q.parse_move(mv) {
                    let _ = q.play(&mv);
                    let _ = q.undo();
                    let _ = q.to_text();
                }
            }
            while p.undo().is_ok() {}
            let _ = p.to_text();
        }
    }

}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    #[test]
    fn any_digit_run_reads_without_panic(d in "[0-9]{0,120}") {
        let digits = abakus_rules::abaku::examples::parse_digits(&d).unwrap();
        let _ = abakus_rules::abaku::examples::pieces(&digits, abakus_rules::abaku::ReadRules::default());
    }
}
