//! The rule text's worked cases: readings, placements, zeros, bonuses, the joker and the ends.

use abakus_rules::abaku::examples::{self, ReadRules, pieces};
use abakus_rules::abaku::*;

fn digits(s: &str) -> Vec<u8> {
    s.bytes().map(|b| b - b'0').collect()
}

fn reads(s: &str) -> Vec<String> {
    examples::readings(&digits(s), ReadRules::default())
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn piece_digits(s: &str) -> Vec<String> {
    pieces(&digits(s), ReadRules::default())
        .into_iter()
        .map(|p| p.digits)
        .collect()
}

fn board(spec: &str) -> Vec<(Cell, Square)> {
    spec.split_whitespace()
        .map(|t| {
            let (c, v) = t.split_once('=').unwrap();
            let sq = if v == "?" {
                Square::Joker
            } else {
                Square::Digit(v.parse().unwrap())
            };
            (Cell::parse(c).unwrap(), sq)
        })
        .collect()
}

fn rack(s: &str) -> Vec<Tile> {
    s.chars().map(|c| Tile::from_char(c).unwrap()).collect()
}

fn setup(layout: Layout, variants: Variants) -> Setup {
    Setup {
        players: 2,
        variants,
        seed: 7,
        layout: Some(layout),
    }
}

fn position(layout: Layout, variants: Variants, spec: &str, mine: &str) -> Position {
    Position::arranged(
        setup(layout, variants),
        &board(spec),
        &[rack(mine), rack("99999")],
        0,
    )
    .unwrap()
}

fn on_b(spec: &str, mine: &str) -> Position {
    position(Layout::board_b(), Variants::default(), spec, mine)
}

fn placement(p: &Position, text: &str) -> Placement {
    match p.parse_move(text).unwrap() {
        Move::Place(pl) => pl,
        other => panic!("not a placement: {other}"),
    }
}

fn score(p: &Position, text: &str) -> Result<Scored, PlayError> {
    p.evaluate(&placement(p, text))
}

fn formed(s: &Scored) -> Vec<String> {
    let mut v: Vec<String> = s.examples.iter().map(|f| f.digits.clone()).collect();
    v.sort();
    v
}

#[test]
fn readings_of_the_rule_text() {
    assert_eq!(reads("1248"), ["12-4=8"]);
    assert_eq!(reads("248"), ["2×4=8"]);
    assert_eq!(reads("24"), ["2²=4"]);
    assert_eq!(reads("981"), ["9-8=1", "9²=81"]);
    assert_eq!(reads("11"), ["1²=1", "1³=1", "√1=1", "∛1=1"]);
    assert_eq!(reads("8412"), ["8+4=12"]);
    // 1248 holds three examples; 8412 only one.
    assert_eq!(piece_digits("1248"), ["1248", "24", "248"]);
    assert_eq!(piece_digits("8412"), ["8412"]);
    // Natural numbers only; valid ones of rule 1.
    for ok in [
        "844", "4085", "51680", "1055", "5840", "1052", "23617", "71623", "16723",
    ] {
        assert!(!reads(ok).is_empty(), "{ok}");
    }
    // Zero alone is no number, a result cannot be zero; one operation only; result last.
    for bad in ["050", "505", "0550", "2237", "12621", "17236", "05", "00"] {
        assert!(reads(bad).is_empty(), "{bad}");
    }
    let first = ReadRules {
        result_first: true,
        ..ReadRules::default()
    };
    assert_eq!(
        examples::readings(&digits("17236"), first)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["17=23-6"]
    );
    // Rule 7: old 1,2,3 reused.
    assert!(piece_digits("3123").contains(&"312".to_string()));
    assert!(piece_digits("1236").contains(&"236".to_string()));
    assert!(piece_digits("31236").contains(&"31236".to_string()));
    // Cubes and cube roots.
    assert_eq!(reads("28"), ["2³=8"]);
    assert_eq!(reads("82"), ["∛8=2"]);
}

#[test]
fn operation_sets() {
    let only = |ops| {
        examples::readings(
            &digits("981"),
            ReadRules {
                ops,
                result_first: false,
            },
        )
        .len()
    };
    assert_eq!(only(OpSet::AddSub), 1);
    assert_eq!(only(OpSet::MulDiv), 0);
    assert_eq!(only(OpSet::Basic), 1);
    assert_eq!(
        examples::readings(
            &digits("248"),
            ReadRules {
                ops: OpSet::AddSub,
                result_first: false
            }
        )
        .len(),
        0
    );
}

#[test]
fn long_runs_do_not_overflow() {
    let long = "9".repeat(200);
    assert!(reads(&long).is_empty());
    let big = format!("{}{}{}", "1".repeat(30), "1".repeat(30), "2".repeat(30));
    assert_eq!(
        reads(&big),
        [format!(
            "{}+{}={}",
            "1".repeat(30),
            "1".repeat(30),
            "2".repeat(30)
        )]
    );
    assert!(examples::number(&digits(&"9".repeat(39))).is_none());
}

#[test]
fn tiles_in_one_line_and_one_example() {
    // b: not in one row or column.
    let p = on_b("H8=6", "16363");
    assert!(matches!(
        score(&p, "G8=1 H9=3"),
        Err(PlayError::NotInLine(..))
    ));
    // c: 8-6=2 and 6÷2=3 on their own, but 8623 is no example.
    let p = on_b("H8=6 I8=2", "83");
    assert_eq!(
        score(&p, "G8=8 J8=3"),
        Err(PlayError::NoExample("G8=8 J8=3".into()))
    );
    // c: 2+3=5 with the old 3.
    let p = on_b("H8=3", "25");
    assert_eq!(formed(&score(&p, "G8=2 I8=5").unwrap()), ["235"]);
    // c: 2×6=12 and 7-1=6 with the old 7 and 1.
    let p = on_b("H7=7 H8=1", "2612");
    let s = score(&p, "G9=2 H9=6 I9=1 J9=2").unwrap();
    assert_eq!(formed(&s), ["2612", "716"]);
    assert_eq!(s.points, 7);
    // Tiles must touch the board, and leave no gap.
    assert_eq!(score(&p, "A1=2 A2=6"), Err(PlayError::Unconnected));
    let p = on_b("H8=3", "25");
    assert_eq!(
        score(&p, "G8=2 J8=5"),
        Err(PlayError::Gap(Cell::parse("I8").unwrap()))
    );
}

#[test]
fn opening_covers_the_start_square() {
    let p = position(Layout::board_a(), Variants::default(), "", "23511");
    assert_eq!(
        score(&p, "A1=2 B1=3 C1=5"),
        Err(PlayError::MissesStart(Cell::parse("H8").unwrap()))
    );
    // 2+3=5 over the start square (example x2): 3 tiles x2.
    let s = score(&p, "G8=2 H8=3 I8=5").unwrap();
    assert_eq!(s.points, 6);
    assert!(matches!(score(&p, "H8=1"), Err(PlayError::NoExample(_))));
}

#[test]
fn every_adjacency_needs_an_example() {
    // e: 3-1=2, and the new 1 under the old 1 reads √1=1.
    let p = on_b("H8=1", "312");
    assert!(score(&p, "G9=3 H9=1 I9=2").is_ok());
    // e: 3-2=1, but the new 2 forms nothing with the old 1.
    let p = on_b("H8=1", "321");
    let err = score(&p, "G9=3 H9=2 I9=1").unwrap_err();
    assert_eq!(err.to_string(), "H9=2 forms no example with the 1 on H8");
}

#[test]
fn the_zero_exception() {
    // f: 5×2=10; 6-2=4; 2²=4. The new 0 touches the old 2 and 7 and forms nothing with them.
    let p = on_b("H8=6 H10=4 J8=2 J10=7", "5210");
    let s = score(&p, "G9=5 H9=2 I9=1 J9=0").unwrap();
    assert_eq!(formed(&s), ["24", "5210", "624"]);
    assert_eq!(s.points, 4 + 3 + 2);
    // f: 2×5=10; 10-8=2 with the old 8 and 2.
    let p = on_b("K9=8 L9=2", "2510");
    let s = score(&p, "G9=2 H9=5 I9=1 J9=0").unwrap();
    assert!(formed(&s).contains(&"1082".to_string()) && formed(&s).contains(&"2510".to_string()));
    // The only new tile touching old tiles must form an example with them, even a 0.
    let p = on_b("J8=2", "5210");
    let err = score(&p, "G9=5 H9=2 I9=1 J9=0").unwrap_err();
    assert_eq!(err.to_string(), "J9=0 forms no example with the 2 on J8");
}

#[test]
fn the_23_point_bonus_case() {
    // Board A: C10 is an example x2, F10 a tile x3. The 4 and the 2 are new, 3 and 1 old.
    let p = position(Layout::board_a(), Variants::default(), "D10=3 E10=1", "42");
    let s = score(&p, "C10=4 F10=2").unwrap();
    let mut by_digits: Vec<(String, i64)> = s
        .examples
        .iter()
        .map(|f| (f.digits.clone(), f.points))
        .collect();
    by_digits.sort();
    assert_eq!(
        by_digits,
        [
            ("312".to_string(), 5),
            ("431".to_string(), 6),
            ("4312".to_string(), 12)
        ]
    );
    assert_eq!(s.points, 23);
    // The same in column F: F3 example x2, F6 tile x3.
    let p = position(Layout::board_a(), Variants::default(), "F4=3 F5=1", "42");
    assert_eq!(score(&p, "F3=4 F6=2").unwrap().points, 23);
}

#[test]
fn example_bonuses_multiply_together() {
    // A1 and H1 of board A are both example x3: 999+1=1000 across them scores 8 tiles x9.
    let p = position(
        Layout::board_a(),
        Variants::default(),
        "B1=9 C1=9 D1=1 E1=1 F1=0 G1=0",
        "90",
    );
    let s = score(&p, "A1=9 H1=0").unwrap();
    let main = s.examples.iter().find(|f| f.digits == "99911000").unwrap();
    assert_eq!(main.points, 72);
    // A bonus counts only on the turn its tile is laid: the old tiles on bonuses add nothing.
    let p = position(Layout::board_a(), Variants::default(), "H8=3", "25");
    assert_eq!(score(&p, "G8=2 I8=5").unwrap().points, 3);
}

#[test]
fn alternative_scorings() {
    let with = |scoring| {
        let v = Variants {
            scoring,
            ..Variants::default()
        };
        let p = position(Layout::board_b(), v, "K10=4", "123");
        score(&p, "H10=1 I10=2 J10=3").unwrap().points
    };
    // 12÷3=4 and 1+2=3.
    assert_eq!(with(Scoring::Basic), 7);
    assert_eq!(with(Scoring::TileOp), 11);
    assert_eq!(with(Scoring::OpsOnly), 2);
    assert_eq!(with(Scoring::Value), 10 + 6);
    // 6+8=14 is worth 19 by value.
    let v = Variants {
        scoring: Scoring::Value,
        ..Variants::default()
    };
    let p = position(Layout::board_b(), v, "K10=4", "681");
    assert_eq!(score(&p, "H10=6 I10=8 J10=1").unwrap().points, 19);
}

#[test]
fn joker_declared_blank_replaced_and_reused() {
    // Placed with a declared digit; undeclared is refused.
    let layout = Layout::board_b();
    assert_eq!(
        Move::parse("J8=?", &layout),
        Err(NotationError::UndeclaredJoker("J8".into()))
    );
    let p = on_b("H8=3", "?5");
    let s = score(&p, "G8=?2 I8=5").unwrap();
    assert_eq!(formed(&s), ["235"]);
    // On later turns a blank: no connection to it, and it breaks lines.
    let p = on_b("H8=2 I8=? J8=1 I9=3 I10=5 I11=8", "16");
    assert_eq!(score(&p, "I7=6"), Err(PlayError::Unconnected));
    assert_eq!(formed(&score(&p, "K8=1").unwrap()), ["11"]);
    // Replace it with a 1: 2-1=1 and 13-5=8.
    let s = score(&p, "replace I8=1").unwrap();
    assert!(formed(&s).contains(&"211".to_string()) && formed(&s).contains(&"1358".to_string()));
    // ... and lay the joker again as 6 in the same line: 61-3=58.
    let s = score(&p, "replace I8=1 I7=?6").unwrap();
    assert_eq!(formed(&s), ["11", "1358", "211", "61358"]);
    let mut q = p.clone();
    q.play(&Move::Place(placement(&p, "replace I8=1 I7=?6")))
        .unwrap();
    assert_eq!(q.square(Cell::parse("I7").unwrap()), Square::Joker);
    assert_eq!(q.square(Cell::parse("I8").unwrap()), Square::Digit(1));
    assert_eq!(q.tile_count(), 101);
    // The joker is no tile to replace elsewhere, and the replacement must be a rack digit.
    assert_eq!(
        score(&p, "replace H8=1"),
        Err(PlayError::NoJokerThere(Cell::parse("H8").unwrap()))
    );
    assert_eq!(
        score(&p, "replace I8=7"),
        Err(PlayError::NotOnRack(Tile::Digit(7)))
    );
    // The generator finds the replacement and the reuse.
    let all = p.legal_placements();
    assert!(all.contains(&placement(&p, "replace I8=1 I7=?6")));
    assert!(all.contains(&placement(&p, "replace I8=1")));
}

fn park(spec: &str, keep: &[&str]) -> String {
    // Every tile not named in `keep` or `spec` goes onto rows 1-7 of a wide board, so the bag is empty.
    let mut set = abakus_rules::abaku::full_set();
    for t in keep
        .iter()
        .flat_map(|r| rack(r))
        .chain(board(spec).into_iter().map(|(_, s)| match s {
            Square::Digit(d) => Tile::Digit(d),
            _ => Tile::Joker,
        }))
    {
        let at = set.iter().position(|&x| x == t).unwrap();
        set.remove(at);
    }
    let mut out = spec.to_string();
    for (k, t) in set.iter().enumerate() {
        let cell = Cell::new((k % 26) as u8, (k / 26) as u8);
        out.push_str(&format!(" {cell}={}", t.to_char()));
    }
    out
}

fn wide() -> Layout {
    let mut rows = vec![".".repeat(26); 20];
    rows[15] = format!("{}*{}", ".".repeat(13), ".".repeat(12));
    Layout::parse(&rows.join("\n")).unwrap()
}

#[test]
fn end_one_last_tile_with_empty_bag() {
    let spec = park("N16=3", &["25", "11?"]);
    let mut p = Position::arranged(
        setup(wide(), Variants::default()),
        &board(&spec),
        &[rack("25"), rack("11?")],
        0,
    )
    .unwrap();
    assert!(p.bag().is_empty());
    let s = p.play(&p.parse_move("M16=2 O16=5").unwrap()).unwrap();
    assert_eq!(s.points, 3);
    assert_eq!(p.outcome(), Some(EndReason::RackEmptied(0)));
    // "One point for every tile remaining on each of their fellow players' racks": the joker
    // is one tile to the finisher, while it costs its holder 10.
    assert_eq!(p.players()[0].score, 3 + 3);
    assert_eq!(p.players()[1].score, -12);
    assert_eq!(p.winners(), [0]);
    p.undo().unwrap();
    assert!(!p.is_over());
    assert_eq!(p.players()[0].score, 0);
}

#[test]
fn end_one_in_value_scoring_counts_digits_and_the_joker_as_nothing_gained() {
    let spec = park("N16=3", &["25", "19?"]);
    let variants = Variants {
        scoring: Scoring::Value,
        ..Variants::default()
    };
    let mut p = Position::arranged(
        setup(wide(), variants),
        &board(&spec),
        &[rack("25"), rack("19?")],
        0,
    )
    .unwrap();
    let s = p.play(&p.parse_move("M16=2 O16=5").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(EndReason::RackEmptied(0)));
    // The finisher gains the digits left, 1 + 9, and nothing for the joker (its value is 0);
    // the holder pays 1 + 9 and 30 for the joker.
    assert_eq!(p.players()[0].score, s.points + 10);
    assert_eq!(p.players()[1].score, -40);
}

#[test]
fn end_two_everyone_passed_twice() {
    let mut p = on_b("H8=3", "12?");
    for _ in 0..3 {
        p.play(&Move::Pass).unwrap();
        assert!(!p.is_over());
    }
    p.play(&Move::Pass).unwrap();
    assert_eq!(p.outcome(), Some(EndReason::Blocked));
    assert_eq!(p.players()[0].score, -12);
    assert_eq!(p.players()[1].score, -5);
    assert_eq!(p.play(&Move::Pass), Err(PlayError::GameOver));
}

#[test]
fn end_five_the_short_forms_turns_played() {
    let short = Variants {
        turns_each: Some(2),
        ..Variants::default()
    };
    // The second seat moves first, so each round begins and ends with it.
    let mut p = Position::arranged(
        setup(Layout::board_b(), short),
        &board("H8=3"),
        &[rack("12?"), rack("99999")],
        1,
    )
    .unwrap();
    p.play(&Move::Pass).unwrap();
    p.play(&Move::Exchange(rack("1"))).unwrap();
    p.play(&Move::Pass).unwrap();
    assert!(
        !p.is_over(),
        "the first seat's second turn is not the round's end"
    );
    p.play(&Move::Pass).unwrap();
    assert_eq!(p.outcome(), Some(EndReason::TurnsPlayed));
    // As a blocked game ends: each tile left costs a point, a joker 10.
    for seat in 0..2 {
        let left: i64 = p
            .rack(seat)
            .iter()
            .map(|t| if *t == Tile::Joker { 10 } else { 1 })
            .sum();
        assert_eq!(p.players()[seat].score, -left, "seat {seat}");
    }
    assert_eq!(p.play(&Move::Pass), Err(PlayError::GameOver));
    // The text keeps the short form and its rounds.
    let back = Position::from_text(&p.to_text()).unwrap();
    assert_eq!(back, p);
    assert!(
        p.to_text()
            .contains("short-form turns-each=2 first=2 rounds=2")
    );
    // A text that ends a game by turns it does not count, or counts more rounds than a short
    // game still going has, is refused.
    let without: String = p
        .to_text()
        .lines()
        .filter(|line| !line.starts_with("short-form"))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(Position::from_text(&without).is_err());
    let going = p.to_text().replace("outcome turns-played", "outcome none");
    assert!(Position::from_text(&going).is_err());
    // A short form of no turns is the whole game.
    let none = Variants {
        turns_each: Some(0),
        ..Variants::default()
    };
    let whole = Position::new(setup(Layout::board_b(), none)).unwrap();
    assert_eq!(whole.variants().turns_each, None);
}

#[test]
fn end_three_concede() {
    let mut p = on_b("H8=3", "12");
    p.play(&Move::Concede).unwrap();
    assert_eq!(p.outcome(), Some(EndReason::Conceded(0)));
    assert_eq!(p.winners(), [1]);
}

#[test]
fn passing_three_times_while_the_other_plays_loses() {
    let p0 = Position::arranged(
        setup(Layout::board_b(), Variants::default()),
        &board("H8=3"),
        &[rack("77777"), rack("25111")],
        0,
    )
    .unwrap();
    let mut p = p0.clone();
    p.play(&Move::Pass).unwrap();
    p.play(&p.parse_move("G8=2 I8=5").unwrap()).unwrap();
    p.play(&Move::Pass).unwrap();
    p.play(&Move::Pass).unwrap();
    assert!(!p.is_over());
    p.play(&Move::Pass).unwrap();
    assert_eq!(p.outcome(), Some(EndReason::PassedThrice(0)));
    assert_eq!(p.winners(), [1]);
    // Three passes with no example by the other in between: no loss (the game blocks instead).
    let mut q = p0;
    for _ in 0..3 {
        q.play(&Move::Pass).unwrap();
    }
    assert_eq!(q.outcome(), None);
}

#[test]
fn exchange_draws_first_and_needs_enough_tiles() {
    let mut p = on_b("H8=3", "12345");
    let before = p.clone();
    assert_eq!(
        p.play(&Move::Exchange(vec![Tile::Digit(9)])),
        Err(PlayError::NotOnRack(Tile::Digit(9)))
    );
    assert_eq!(p, before);
    p.play(&Move::Exchange(vec![Tile::Digit(1), Tile::Digit(2)]))
        .unwrap();
    assert_eq!(p.rack(0).len(), 5);
    assert_eq!(p.tile_count(), 101);
    p.undo().unwrap();
    assert_eq!(p, before);
}

#[test]
fn diagonal_and_result_first_variants() {
    let diag = Variants {
        diagonal: true,
        ..Variants::default()
    };
    let p = position(Layout::board_b(), diag, "H8=3", "25");
    assert!(score(&p, "G7=2 I9=5").is_ok());
    let p = on_b("H8=3", "25");
    assert!(matches!(
        score(&p, "G7=2 I9=5"),
        Err(PlayError::NotInLine(..))
    ));
    let first = Variants {
        result_first: true,
        ..Variants::default()
    };
    let p = position(Layout::board_b(), first, "I8=2", "1736");
    assert!(score(&p, "G8=1 H8=7 J8=3 K8=6").is_ok());
    let p = on_b("I8=2", "1736");
    assert!(score(&p, "G8=1 H8=7 J8=3 K8=6").is_err());
}

#[test]
fn spin_flips_used_opponent_tiles() {
    let v = Variants {
        spin: true,
        ..Variants::default()
    };
    let mut p = position(Layout::board_b(), v, "H8=3", "25");
    p.play(&p.parse_move("G8=2 I8=5").unwrap()).unwrap();
    for c in ["G8", "H8", "I8"] {
        assert_eq!(p.colour(Cell::parse(c).unwrap()), Some(Side::Black), "{c}");
    }
}

#[test]
fn challenge_variant_takes_back_a_wrong_move() {
    let v = Variants {
        challenge: true,
        ..Variants::default()
    };
    let mut p = position(Layout::board_b(), v, "H8=1", "321");
    let before = p.clone();
    // Accepted as pending before it is played, and asking changes nothing; without the
    // variant the same placement is refused.
    assert!(p.accepts(&placement(&p, "G9=3 H9=2 I9=1")).is_ok());
    assert!(
        p.accepts(&placement(&p, "G9=3 H9=9")).is_err(),
        "no 9 on the rack"
    );
    assert_eq!(p, before);
    let checked = position(Layout::board_b(), Variants::default(), "H8=1", "321");
    assert!(
        checked
            .accepts(&placement(&checked, "G9=3 H9=2 I9=1"))
            .is_err()
    );
    // Not checked when played...
    p.play(&p.parse_move("G9=3 H9=2 I9=1").unwrap()).unwrap();
    assert_eq!(p.to_move(), 1);
    // ... but a challenge takes it back and costs a point per tile.
    p.play(&Move::Challenge(1)).unwrap();
    assert_eq!(p.rack(0), before.rack(0));
    assert_eq!(p.players()[0].score, -3);
    assert_eq!(p.square(Cell::parse("G9").unwrap()), Square::Empty);
    p.undo().unwrap();
    assert_eq!(p.square(Cell::parse("G9").unwrap()), Square::Digit(3));
    p.undo().unwrap();
    assert_eq!(p, before);
    // A correct move makes the challenger lose their next turn.
    let mut q = position(Layout::board_b(), v, "H8=1", "312");
    q.play(&q.parse_move("G9=3 H9=1 I9=2").unwrap()).unwrap();
    q.play(&Move::Challenge(1)).unwrap();
    assert_eq!(q.to_move(), 0);
}

#[test]
fn worked_scoring_cases_of_the_rule_text() {
    // Basic principle 2: 5+68=73 (5), 56÷8=7 (4) in the row and 9-3=6 (3) down the old 9 and 3.
    let p = on_b("H8=9 H9=3", "56873");
    let s = score(&p, "G10=5 H10=6 I10=8 J10=7 K10=3").unwrap();
    assert_eq!(formed(&s), ["5687", "56873", "936"]);
    assert_eq!(s.points, 12);
    // Operations-only scoring: 9+33=42, 9÷3=3, √9=3, √4=2 make four points.
    let v = Variants {
        scoring: Scoring::OpsOnly,
        ..Variants::default()
    };
    let p = position(Layout::board_b(), v, "", "93342");
    let s = score(&p, "F8=9 G8=3 H8=3 I8=4 J8=2").unwrap();
    assert_eq!(formed(&s), ["42", "93", "933", "93342"]);
    assert_eq!(s.points, 4);
    // Rule 7: the old row 1 2 3 reused as 3-1=2, 2×3=6 and 3×12=36.
    let p = on_b("H8=1 I8=2 J8=3", "36");
    let s = score(&p, "G8=3").unwrap();
    assert_eq!((formed(&s), s.points), (vec!["312".to_string()], 3));
    let s = score(&p, "K8=6").unwrap();
    assert_eq!((formed(&s), s.points), (vec!["236".to_string()], 3));
    let s = score(&p, "G8=3 K8=6").unwrap();
    assert_eq!(formed(&s), ["236", "312", "31236"]);
    assert_eq!(s.points, 11);
    // Rule e: 3-1=2 with √1=1 (and 1²=1 etc., one example) down the column.
    let p = on_b("H8=1", "312");
    let s = score(&p, "G9=3 H9=1 I9=2").unwrap();
    assert_eq!(formed(&s), ["11", "312"]);
    assert_eq!(s.points, 5);
    // The joker replacement and reuse: 2-1=1, 1²=1 (the new 1 with the old 1), 13-5=8, 61-3=58.
    let p = on_b("H8=2 I8=? J8=1 I9=3 I10=5 I11=8", "16");
    let s = score(&p, "replace I8=1 I7=?6").unwrap();
    assert_eq!(s.points, 2 + 3 + 4 + 5);
}

#[test]
fn exchange_needs_enough_tiles_in_the_bag_and_draws_before_returning() {
    // A bag of exactly two tiles: exchanging three is refused, two gets both bag tiles.
    // Every other tile is parked on the board, the 6 and the 7 left out: they are the bag.
    let cells = board(&park("H8=3", &["12345", "99999", "67"]));
    let mut p = Position::arranged(
        setup(wide(), Variants::default()),
        &cells,
        &[rack("12345"), rack("99999")],
        0,
    )
    .unwrap();
    assert_eq!(p.bag().len(), 2);
    let three = Move::Exchange(vec![Tile::Digit(1), Tile::Digit(2), Tile::Digit(3)]);
    assert_eq!(
        p.play(&three),
        Err(PlayError::BagTooSmall { wanted: 3, left: 2 })
    );
    p.play(&Move::Exchange(vec![Tile::Digit(1), Tile::Digit(2)]))
        .unwrap();
    let mut mine = p.rack(0).to_vec();
    mine.sort();
    assert_eq!(mine, rack("34567"));
    let mut bag = p.bag().to_vec();
    bag.sort();
    assert_eq!(bag, rack("12"));
}

#[test]
fn spin_end_bonus_and_solo_board_b() {
    let v = Variants {
        spin: true,
        ..Variants::default()
    };
    let mut p = position(Layout::board_b(), v, "H8=3", "25");
    p.play(&p.parse_move("G8=2 I8=5").unwrap()).unwrap();
    // Player 2 (red) concedes: three black tiles on the board, no red, so black adds 3.
    p.play(&Move::Concede).unwrap();
    assert_eq!(p.players()[0].score, 3 + 3);
    assert_eq!(p.players()[1].score, 0);
    assert_eq!(
        Position::new(Setup {
            players: 3,
            variants: v,
            seed: 1,
            layout: None,
        }),
        Err(SetupError::SpinPlayers(3))
    );
    // One player plays on board B: only the start square.
    let solo = Position::new(Setup::new(1, 5)).unwrap();
    assert_eq!(solo.layout(), &Layout::board_b());
    assert_eq!(solo.to_move(), 0);
}

#[test]
fn a_spin_turn_turns_an_opponent_tile_it_uses() {
    let v = Variants {
        spin: true,
        ..Variants::default()
    };
    let mut p = Position::arranged(
        setup(Layout::board_b(), v),
        &board("H8=3"),
        &[rack("25"), rack("26")],
        0,
    )
    .unwrap();
    // Black lays 2 + 3 = 5 across the start square: all three tiles are black.
    p.play(&p.parse_move("G8=2 I8=5").unwrap()).unwrap();
    let colour = |p: &Position, c: &str| p.colour(Cell::parse(c).unwrap());
    assert_eq!(colour(&p, "H8"), Some(Side::Black));
    // Red reads 3 x 2 = 6 down through black's 3, which turns red; the row it did not use
    // stays black.
    p.play(&p.parse_move("H9=2 H10=6").unwrap()).unwrap();
    for c in ["H8", "H9", "H10"] {
        assert_eq!(colour(&p, c), Some(Side::Red), "{c}");
    }
    for c in ["G8", "I8"] {
        assert_eq!(colour(&p, c), Some(Side::Black), "{c}");
    }
}

#[test]
fn spin_with_four_players_is_played_in_pairs() {
    let v = Variants {
        spin: true,
        ..Variants::default()
    };
    let mut p = Position::arranged(
        Setup {
            players: 4,
            variants: v,
            seed: 7,
            layout: Some(Layout::board_b()),
        },
        &board("H8=3"),
        &[rack("25"), rack("99"), rack("88"), rack("77")],
        0,
    )
    .unwrap();
    assert!(p.plays_in_pairs());
    p.play(&p.parse_move("G8=2 I8=5").unwrap()).unwrap();
    assert_eq!(p.players()[0].score, 3);
    // Player 2 (red) concedes for the red side.
    p.play(&Move::Concede).unwrap();
    assert!(p.is_over());
    // Three black tiles, no red: the difference goes to the black side once, not to each
    // partner.
    assert_eq!(p.side_score(Side::Black), 3 + 3);
    assert_eq!(p.side_score(Side::Red), 0);
    assert_eq!(p.players()[2].score, 0);
    // The pair wins together.
    assert_eq!(p.winners(), [0, 2]);
}

#[test]
fn a_joker_must_stand_for_one_digit_even_unchecked() {
    for challenge in [false, true] {
        let v = Variants {
            challenge,
            ..Variants::default()
        };
        let mut p = position(Layout::board_b(), v, "H8=1", "?21");
        let before = p.clone();
        // The notation cannot write `?12`; a library caller or a save file can.
        let mut placement = p.parse_move("H9=2 H10=?3").map(|m| match m {
            Move::Place(placement) => placement,
            other => panic!("{other:?}"),
        });
        let placement = placement.as_mut().unwrap();
        placement.puts[1].laid = Laid::Joker(12);
        let error = p.play(&Move::Place(placement.clone())).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the joker on H10 must stand for one digit, 0 to 9, not 12"
        );
        assert_eq!(p, before);
    }
}

#[test]
fn the_joker_declared_as_two_makes_two_examples() {
    // Joker 2: the joker (?) stands for 2 and so makes 2 ÷ 2 = 1 across and 2 + 3 = 5 down.
    let p = on_b("C4=2 E4=1 D5=3 D6=5", "?");
    let s = score(&p, "D4=?2").unwrap();
    assert_eq!(formed(&s), ["221", "235"]);
    assert_eq!(s.points, 3 + 3);
    // Declared as anything else it makes neither.
    assert!(score(&p, "D4=?3").is_err());
}

#[test]
fn rule_b_examples_laid_in_one_row_are_a_legal_move() {
    // The two examples rule b shows, 1 × 6 = 6 and 6 − 3 = 3, are legal when the new tiles
    // lie in one row: the new 1 and 6 make 166 with the old 6, and the new 6 makes 633 down
    // with the old 3s.
    let p = on_b("H8=6 I9=3 I10=3", "16");
    let s = score(&p, "G8=1 I8=6").unwrap();
    assert_eq!(formed(&s), ["166", "633"]);
    assert_eq!(s.points, 6);
}

#[test]
fn the_strategy_tip_936_on_a_tile_x3_or_an_example_x2() {
    // 9 − 3 = 6 (and √9 = 3 in its first two tiles) with the new 9 on F10 of board A, a tile
    // x3, or on C10, an example x2; the 6 is old. The tip holds where tiles count their value.
    for (scoring, on_tile_x3, on_example_x2) in [
        // 936: 3 + 1 + 1, 93: 3 + 1 against 3 × 2 and 2 × 2.
        (Scoring::Basic, 9, 10),
        // 936: 27 + 3 + 6, 93: 27 + 3 against (9 + 3 + 6) × 2 and (9 + 3) × 2.
        (Scoring::Value, 66, 60),
        // The tiles as in basic scoring, and 2 points for each of the two examples.
        (Scoring::TileOp, 13, 14),
        // One point an example; bonus squares do not count.
        (Scoring::OpsOnly, 2, 2),
    ] {
        let v = Variants {
            scoring,
            ..Variants::default()
        };
        let tile = position(Layout::board_a(), v, "H10=6", "93");
        let s = score(&tile, "F10=9 G10=3").unwrap();
        assert_eq!(formed(&s), ["93", "936"]);
        assert_eq!(s.points, on_tile_x3, "{scoring:?} on the tile x3");
        let example = position(Layout::board_a(), v, "E10=6", "93");
        let s = score(&example, "C10=9 D10=3").unwrap();
        assert_eq!(s.points, on_example_x2, "{scoring:?} on the example x2");
    }
}

#[test]
fn the_strategy_tip_a_zero_that_adds_an_example() {
    // 38 + 2 = 40 beside 3 × 8 = 24: after the old 38, the new 2 and 4 make 3824, 824 (8 ÷ 2
    // = 4), 82 (∛8 = 2) and 24 (2² = 4); the 0 adds 38240 and its five points.
    let p = on_b("H8=3 I8=8", "240");
    let without = score(&p, "J8=2 K8=4").unwrap();
    assert_eq!(formed(&without), ["24", "3824", "82", "824"]);
    assert_eq!(without.points, 11);
    let with = score(&p, "J8=2 K8=4 L8=0").unwrap();
    assert_eq!(formed(&with), ["24", "3824", "38240", "82", "824"]);
    assert_eq!(with.points, 16);
    // 55 − 15 = 40 beside 55 − 1 = 54: the 0 adds six points to eleven.
    let p = on_b("H8=5 I8=5", "1540");
    let without = score(&p, "J8=1 K8=5 L8=4").unwrap();
    assert_eq!(formed(&without), ["515", "551", "55154"]);
    assert_eq!(without.points, 11);
    let with = score(&p, "J8=1 K8=5 L8=4 M8=0").unwrap();
    assert_eq!(formed(&with), ["515", "551", "55154", "551540"]);
    assert_eq!(with.points, 17);
}

#[test]
fn no_digit_tile_touches_the_blank_joker() {
    // Joker 2: on later turns the joker is a blank to which no new tile (1-9) may be attached.
    // 3+2=5 reads true along row 8, but the new 2 on I8 lies on top of the blank on I9.
    let p = on_b("H8=3 I9=?", "25");
    let err = score(&p, "I8=2 J8=5").unwrap_err();
    assert_eq!(
        err,
        PlayError::TouchesBlank {
            cell: Cell::parse("I8").unwrap(),
            joker: Cell::parse("I9").unwrap(),
        }
    );
    assert_eq!(
        err.to_string(),
        "I8 may not touch the blank joker on I9 until the joker is replaced"
    );
    let mut q = p.clone();
    assert!(q.play(&Move::Place(placement(&p, "I8=2 J8=5"))).is_err());
    assert_eq!(q, p);
    // 2+3=5 with the 5 on I8 touches it too; 5-2=3 down column H touches nothing blank.
    assert!(matches!(
        score(&p, "G8=2 I8=5"),
        Err(PlayError::TouchesBlank { .. })
    ));
    assert_eq!(formed(&score(&p, "H6=5 H7=2").unwrap()), ["523"]);
    let listed = p.legal_placements();
    assert!(!listed.contains(&placement(&p, "I8=2 J8=5")));
    assert!(listed.contains(&placement(&p, "H6=5 H7=2")));
    assert!(listed.iter().all(|pl| p.evaluate(pl).is_ok()));
    // A 0 may lie beside the blank: 30÷5=6 with the 0 on I8.
    let p = on_b("H8=3 I9=?", "056");
    assert_eq!(formed(&score(&p, "I8=0 J8=5 K8=6").unwrap()), ["3056"]);
    assert!(
        p.legal_placements()
            .contains(&placement(&p, "I8=0 J8=5 K8=6"))
    );
    // A replaced joker is no blank: the rule text's 6 laid on I7 above the joker it replaces.
    let p = on_b("H8=2 I8=? J8=1 I9=3 I10=5 I11=8", "16");
    assert!(score(&p, "replace I8=1 I7=?6").is_ok());
    assert_eq!(score(&p, "I7=6"), Err(PlayError::Unconnected));
}

#[test]
fn with_diagonals_no_digit_tile_touches_the_blank_joker_diagonally() {
    // With the diagonal variant a tile diagonally next to an old one is attached to it (it
    // connects a move and must form an example with it), so the blank's diagonal neighbours
    // are closed to tiles 1-9 too. 3²=9 down column H puts the 9 on H9, diagonally next to
    // the blank on I10.
    let diag = Variants {
        diagonal: true,
        ..Variants::default()
    };
    let p = position(Layout::board_b(), diag, "H8=3 I10=?", "9");
    assert_eq!(
        score(&p, "H9=9"),
        Err(PlayError::TouchesBlank {
            cell: Cell::parse("H9").unwrap(),
            joker: Cell::parse("I10").unwrap(),
        })
    );
    let listed = p.legal_placements();
    assert!(!listed.contains(&placement(&p, "H9=9")));
    assert!(listed.iter().all(|pl| p.evaluate(pl).is_ok()));
    // Without diagonals H9 is not attached to the blank, and 3²=9 is legal.
    let p = on_b("H8=3 I10=?", "9");
    assert_eq!(formed(&score(&p, "H9=9").unwrap()), ["39"]);
    assert!(p.legal_placements().contains(&placement(&p, "H9=9")));
    // A 0 may lie there: 4×5=20 down column H with the 0 on H9.
    let p = position(Layout::board_b(), diag, "H8=2 I10=?", "450");
    assert_eq!(formed(&score(&p, "H6=4 H7=5 H9=0").unwrap()), ["4520"]);
    assert!(
        p.legal_placements()
            .contains(&placement(&p, "H6=4 H7=5 H9=0"))
    );
}

#[test]
fn zeros_alone_touching_the_board_need_an_example_with_it() {
    // 20÷2=10 along row 9 touches the board only with its two zeros: H9 under 2+3=5 and K9
    // under 1+6=7. Neither makes an example down its column, so nothing joins the move to
    // the board.
    let p = on_b("H6=2 H7=3 H8=5 K6=1 K7=6 K8=7", "20210");
    let err = score(&p, "G9=2 H9=0 I9=2 J9=1 K9=0").unwrap_err();
    assert_eq!(
        err,
        PlayError::ZerosUnlinked(vec![Cell::parse("H9").unwrap(), Cell::parse("K9").unwrap()])
    );
    assert_eq!(
        err.to_string(),
        "no example joins the new tiles to the board: one of the zeros on H9 and K9 must form \
         one with the tiles already there"
    );
    assert!(
        !p.legal_placements()
            .contains(&placement(&p, "G9=2 H9=0 I9=2 J9=1 K9=0"))
    );
    // With 5, 2 and 1 above H9 the zero there makes 5×2=10 down column H; the zero on K9
    // still makes nothing with the 7 and stays exempt.
    let p = on_b("H6=5 H7=2 H8=1 K6=1 K7=6 K8=7", "20210");
    let s = score(&p, "G9=2 H9=0 I9=2 J9=1 K9=0").unwrap();
    assert_eq!(formed(&s), ["20210", "5210"]);
    assert_eq!(s.points, 5 + 4);
    assert!(
        p.legal_placements()
            .contains(&placement(&p, "G9=2 H9=0 I9=2 J9=1 K9=0"))
    );
}

#[test]
fn a_partner_placing_does_not_count_against_three_passes() {
    let v = Variants {
        spin: true,
        ..Variants::default()
    };
    let p0 = Position::arranged(
        Setup {
            players: 4,
            variants: v,
            seed: 7,
            layout: Some(Layout::board_b()),
        },
        &board("H8=3"),
        &[rack("77777"), rack("25"), rack("25"), rack("99999")],
        0,
    )
    .unwrap();
    let pass = |p: &mut Position| p.play(&Move::Pass).unwrap();
    let place = |p: &mut Position| {
        p.play(&p.parse_move("G8=2 I8=5").unwrap()).unwrap();
    };
    // Player 1 passes three times while only the partner, player 3, places: no loss.
    let mut p = p0.clone();
    pass(&mut p);
    pass(&mut p);
    place(&mut p);
    assert!(!p.players()[0].rival_placed);
    assert!(
        p.to_text()
            .contains("player 1 score 0 passes 1 rival-placed no")
    );
    for _ in 0..5 {
        pass(&mut p);
    }
    assert_eq!(p.to_move(), 0);
    pass(&mut p);
    assert_eq!(p.players()[0].passes, 3);
    assert_eq!(p.outcome(), None);
    // The same with player 2, an opponent, placing: player 1 loses on the third pass.
    let mut p = p0;
    pass(&mut p);
    place(&mut p);
    assert!(p.players()[0].rival_placed);
    let text = p.to_text();
    assert!(text.contains("player 1 score 0 passes 1 rival-placed yes"));
    assert_eq!(Position::from_text(&text).unwrap(), p);
    for _ in 0..6 {
        pass(&mut p);
    }
    assert_eq!(p.to_move(), 0);
    pass(&mut p);
    assert_eq!(p.outcome(), Some(EndReason::PassedThrice(0)));
    assert_eq!(p.winners(), [1, 3]);
}
