//! Property tests: a brute-force reader, and invariants over random games with every variant.

use abakus_rules::abaku::examples::{self, OpSet, ReadRules};
use abakus_rules::abaku::*;
use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The slow, obvious reader: every split, numbers parsed from text.
fn brute(d: &str, rules: ReadRules) -> Vec<String> {
    let num = |s: &str| -> Option<u128> {
        if s.is_empty() || s.starts_with('0') {
            None
        } else {
            s.parse().ok()
        }
    };
    let ok = |op: &str| match op {
        "+" | "-" => rules.ops != OpSet::MulDiv,
        "×" | "÷" => rules.ops != OpSet::AddSub,
        _ => rules.ops == OpSet::All,
    };
    let bin = |a: u128, b: u128, r: u128| -> Vec<&'static str> {
        let mut v = Vec::new();
        if a.checked_add(b) == Some(r) {
            v.push("+")
        }
        if a.checked_sub(b) == Some(r) {
            v.push("-")
        }
        if a.checked_mul(b) == Some(r) {
            v.push("×")
        }
        if b != 0 && a.is_multiple_of(b) && a / b == r {
            v.push("÷")
        }
        v.into_iter().filter(|o| ok(o)).collect()
    };
    let un = |a: u128, r: u128| -> Vec<&'static str> {
        let mut v = Vec::new();
        if a.checked_pow(2) == Some(r) {
            v.push("²")
        }
        if a.checked_pow(3) == Some(r) {
            v.push("³")
        }
        if r.checked_pow(2) == Some(a) {
            v.push("√")
        }
        if r.checked_pow(3) == Some(a) {
            v.push("∛")
        }
        v.into_iter().filter(|o| ok(o)).collect()
    };
    let fmt_un = |op: &str, a: u128| {
        if op == "²" || op == "³" {
            format!("{a}{op}")
        } else {
            format!("{op}{a}")
        }
    };
    let n = d.len();
    let mut out = Vec::new();
    for i in 1..n {
        for j in i + 1..n {
            if let (Some(a), Some(b), Some(r)) = (num(&d[..i]), num(&d[i..j]), num(&d[j..])) {
                out.extend(bin(a, b, r).into_iter().map(|o| format!("{a}{o}{b}={r}")));
            }
        }
    }
    for i in 1..n {
        if let (Some(a), Some(r)) = (num(&d[..i]), num(&d[i..])) {
            out.extend(
                un(a, r)
                    .into_iter()
                    .map(|o| format!("{}={r}", fmt_un(o, a))),
            );
        }
    }
    if rules.result_first {
        for i in 1..n {
            for j in i + 1..n {
                if let (Some(r), Some(a), Some(b)) = (num(&d[..i]), num(&d[i..j]), num(&d[j..])) {
                    out.extend(bin(a, b, r).into_iter().map(|o| format!("{r}={a}{o}{b}")));
                }
            }
        }
        for i in 1..n {
            if let (Some(r), Some(a)) = (num(&d[..i]), num(&d[i..])) {
                out.extend(
                    un(a, r)
                        .into_iter()
                        .map(|o| format!("{r}={}", fmt_un(o, a))),
                );
            }
        }
    }
    out
}

fn rules_from(k: u8) -> ReadRules {
    let ops = [OpSet::All, OpSet::AddSub, OpSet::MulDiv, OpSet::Basic][usize::from(k % 4)];
    ReadRules {
        ops,
        result_first: k >= 4,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_reader_matches_brute_force(d in "[0-9]{1,12}", k in 0u8..8) {
        let rules = rules_from(k);
        let digits: Vec<u8> = d.bytes().map(|b| b - b'0').collect();
        let mut fast: Vec<String> = examples::readings(&digits, rules).iter().map(ToString::to_string).collect();
        let mut slow = brute(&d, rules);
        fast.sort();
        slow.sort();
        prop_assert_eq!(&fast, &slow);
        prop_assert_eq!(examples::has_reading(&digits, rules), !slow.is_empty());
    }

    #[test]
    fn true_sums_are_found(a in 1u64..100_000, b in 1u64..100_000) {
        let d = format!("{a}{b}{}", a + b);
        let digits: Vec<u8> = d.bytes().map(|x| x - b'0').collect();
        prop_assert!(examples::has_reading(&digits, ReadRules::default()));
        let d = format!("{a}{b}{}", a * b);
        let digits: Vec<u8> = d.bytes().map(|x| x - b'0').collect();
        let wanted = format!("{a}×{b}={}", a * b);
        let found = examples::readings(&digits, ReadRules::default()).iter().any(|r| r.to_string() == wanted);
        prop_assert!(found);
    }

}

proptest! {
    // Each case reads every piece of a long run, the slowest check per case of this file.
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn long_runs_never_panic(d in "[0-9]{20,80}", k in 0u8..8) {
        let digits: Vec<u8> = d.bytes().map(|b| b - b'0').collect();
        let rules = rules_from(k);
        let _ = examples::pieces(&digits, rules);
        prop_assert_eq!(examples::has_reading(&digits, rules), !examples::readings(&digits, rules).is_empty());
    }
}

fn variants_from(k: u32) -> Variants {
    Variants {
        ops: [OpSet::All, OpSet::AddSub, OpSet::MulDiv, OpSet::Basic][(k % 4) as usize],
        diagonal: k & 4 != 0,
        result_first: k & 8 != 0,
        scoring: Scoring::ALL[((k >> 4) % 4) as usize],
        spin: k & 64 != 0,
        challenge: k & 128 != 0,
        // The short form where the ninth bit says, of one to eight turns each.
        turns_each: (k & 256 != 0).then_some(1 + (k % 8) as u8),
    }
}

/// A cheap random mover: random candidate placements around the tiles, the first legal one wins.
fn quick_move(p: &Position, rng: &mut ChaCha8Rng, full: bool) -> Move {
    let me = p.to_move();
    if let Some(pending) = p.pending()
        && pending.player != me
        && rng.random_bool(0.2)
    {
        return Move::Challenge(me);
    }
    if full {
        if let Some(pl) = p.legal_placements().choose(rng) {
            return Move::Place(pl.clone());
        }
    } else if let Some(pl) = random_candidates(p, rng, 60)
        .into_iter()
        .find(|c| p.evaluate(c).is_ok())
    {
        return Move::Place(pl);
    }
    let rack = p.rack(me);
    let most = rack.len().min(p.bag().len());
    if most > 0 && rng.random_bool(0.7) {
        let n = rng.random_range(1..=most);
        return Move::Exchange(rack.choose_multiple(rng, n).copied().collect());
    }
    Move::Pass
}

fn random_candidates(p: &Position, rng: &mut ChaCha8Rng, tries: usize) -> Vec<Placement> {
    let layout = p.layout();
    let rack = p.rack(p.to_move()).to_vec();
    let dirs = p.variants().dirs();
    let start = layout.start();
    let mut out = Vec::new();
    for _ in 0..tries {
        if rack.is_empty() {
            break;
        }
        let base = if rng.random_bool(0.1) || p.square(start) == Square::Empty {
            start
        } else {
            Cell::new(
                rng.random_range(0..layout.width() as u8),
                rng.random_range(0..layout.height() as u8),
            )
        };
        let dir = *dirs.choose(rng).unwrap_or(&Dir::Row);
        let (dx, dy) = dir.step();
        let n = rng.random_range(1..=rack.len());
        let back = rng.random_range(0..=n as i32);
        let mut tiles = rack.clone();
        let mut puts = Vec::new();
        let mut k = -back;
        while puts.len() < n && k < 20 {
            let (c, r) = (i32::from(base.col) + k * dx, i32::from(base.row) + k * dy);
            k += 1;
            if c < 0 || r < 0 || c >= layout.width() as i32 || r >= layout.height() as i32 {
                continue;
            }
            let cell = Cell::new(c as u8, r as u8);
            if p.square(cell) != Square::Empty {
                continue;
            }
            let t = tiles.swap_remove(rng.random_range(0..tiles.len()));
            let laid = match t {
                Tile::Digit(d) => Laid::Digit(d),
                Tile::Joker => Laid::Joker(rng.random_range(0..10)),
            };
            puts.push(Put { cell, laid });
        }
        if !puts.is_empty() {
            out.push(Placement {
                replace: None,
                puts,
            });
        }
    }
    out
}

fn check_invariants(p: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(p.tile_count(), 101);
    for (i, player) in p.players().iter().enumerate() {
        let sum: i64 = p.history().iter().map(|r| r.deltas[i]).sum();
        prop_assert_eq!(player.score, sum);
    }
    Ok(())
}

fn play_game(k: u32, players: usize, seed: u64, full: bool) -> Result<(), TestCaseError> {
    let v = variants_from(k);
    let players = if v.spin && players % 2 == 1 {
        players + 1
    } else {
        players
    }
    .min(4);
    let mut p = Position::new(Setup {
        players,
        variants: v,
        seed,
        layout: None,
    })
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 77);
    while !p.is_over() && p.turns() < 150 {
        // An illegal move is rejected with a reason and changes nothing.
        // Serialized comparison on some turns (it grows with the history), equality on all.
        let serialized = p.turns().is_multiple_of(4);
        let before = if serialized {
            serde_json::to_string(&p).unwrap()
        } else {
            String::new()
        };
        let before_state = p.clone();
        let missing = (0..10u8)
            .map(Tile::Digit)
            .find(|t| !p.rack(p.to_move()).contains(t));
        if let Some(Tile::Digit(d)) = missing {
            let bad = Move::Place(Placement {
                replace: None,
                puts: vec![Put {
                    cell: p.layout().start(),
                    laid: Laid::Digit(d),
                }],
            });
            let err = p.play(&bad).unwrap_err();
            prop_assert!(!err.to_string().is_empty());
            prop_assert_eq!(&p, &before_state);
            if serialized {
                prop_assert_eq!(&serde_json::to_string(&p).unwrap(), &before);
            }
        }
        if !v.challenge
            && let Some(c) = random_candidates(&p, &mut rng, 5)
                .into_iter()
                .find(|c| p.evaluate(c).is_err())
        {
            prop_assert!(p.play(&Move::Place(c)).is_err());
            prop_assert_eq!(&p, &before_state);
        }
        let mv = quick_move(&p, &mut rng, full);
        // Move notation round-trips.
        let text = mv.to_string();
        prop_assert_eq!(&Move::parse(&text, p.layout()).unwrap(), &mv);
        let snapshot = p.clone();
        p.play(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        check_invariants(&p)?;
        // Undo restores the exact prior state; playing again gives the same result.
        let after = p.clone();
        p.undo().unwrap();
        prop_assert_eq!(&p, &snapshot);
        p.play(&mv).unwrap();
        prop_assert_eq!(&p, &after);
        if p.turns().is_multiple_of(8) {
            prop_assert_eq!(&Position::from_text(&p.to_text()).unwrap(), &p);
        }
    }
    let text = p.to_text();
    let back = Position::from_text(&text).unwrap();
    prop_assert_eq!(&back, &p);
    prop_assert_eq!(back.to_text(), text);
    // Serde round-trips too.
    let json: Position = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
    prop_assert_eq!(&json, &p);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn random_games_keep_every_invariant(k in 0u32..512, players in 1usize..=4, seed in any::<u64>()) {
        play_game(k, players, seed, false)?;
    }
}

/// The moves (placements, exchanges and passes) each seat made, counted from the history.
fn moves_by_seat(p: &Position) -> Vec<u32> {
    let mut made = vec![0; p.players().len()];
    for record in p.history() {
        if !matches!(record.action, Move::Challenge(_)) {
            made[record.player] += 1;
        }
    }
    made
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A short game ends when every player has had their turns, and not before: without the
    /// challenge variant (whose lost turns are counted as had), each seat made exactly that
    /// many moves; with it, none made more.
    #[test]
    fn short_games_end_after_their_turns(
        k in 0u32..256, each in 1u8..=8, players in 1usize..=4, seed in any::<u64>()
    ) {
        let v = Variants { turns_each: Some(each), ..variants_from(k) };
        let players = if v.spin { 2 * players.div_ceil(2) } else { players };
        let mut p = Position::new(Setup { players, variants: v, seed, layout: None }).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 5);
        while !p.is_over() {
            let made = moves_by_seat(&p);
            prop_assert!(made.iter().all(|&m| m <= u32::from(each)), "{made:?} of {each}");
            let mv = quick_move(&p, &mut rng, false);
            p.play(&mv).unwrap();
        }
        let made = moves_by_seat(&p);
        prop_assert!(made.iter().all(|&m| m <= u32::from(each)), "{made:?} of {each}");
        if p.outcome() == Some(EndReason::TurnsPlayed) && !v.challenge {
            prop_assert!(made.iter().all(|&m| m == u32::from(each)), "{made:?} of {each}");
        }
        prop_assert_eq!(&Position::from_text(&p.to_text()).unwrap(), &p);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The same with the full generator choosing the moves, so its moves are all checked legal.
    #[test]
    fn generated_moves_are_legal(k in 0u32..256, players in 1usize..=4, seed in any::<u64>()) {
        play_game(k, players, seed, true)?;
    }
}

/// Every placement the generator lists is legal, and every legal placement found by random
/// search is listed.
#[test]
fn generator_agrees_with_the_checker() {
    for seed in 0..12u64 {
        let v = variants_from((seed * 37 % 256) as u32);
        let v = Variants {
            challenge: false,
            spin: false,
            ..v
        };
        let mut p = Position::new(Setup {
            players: 2,
            variants: v,
            seed,
            layout: None,
        })
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..12 {
            if p.is_over() {
                break;
            }
            let listed = p.legal_placements();
            for pl in &listed {
                assert!(p.evaluate(pl).is_ok(), "listed but illegal: {pl}");
            }
            for c in random_candidates(&p, &mut rng, 400) {
                if p.evaluate(&c).is_ok() {
                    assert!(
                        listed.contains(&c),
                        "legal but not listed: {c}\n{}",
                        p.to_text()
                    );
                }
            }
            let mv = quick_move(&p, &mut rng, true);
            p.play(&mv).unwrap();
        }
    }
}

/// How often trying every placement met the refusals of the blank joker (those of a tile
/// diagonally next to it, with the diagonal variant, also on their own) and of zeros that
/// touch the board without an example.
#[derive(Default)]
struct Refusals {
    touches_blank: usize,
    touches_blank_diagonally: usize,
    zeros_unlinked: usize,
}

/// Every placement of the rack's tiles (joker digits and joker replacement included) on a
/// small board, found by trying them all; the refusals met along the way are counted.
fn brute_placements(p: &Position, refusals: &mut Refusals) -> std::collections::BTreeSet<String> {
    let layout = p.layout();
    let (w, h) = (layout.width() as i32, layout.height() as i32);
    let rack = p.rack(p.to_move()).to_vec();
    let joker = (0..h)
        .flat_map(|r| (0..w).map(move |c| Cell::new(c as u8, r as u8)))
        .find(|&c| p.square(c) == Square::Joker);
    let mut found = std::collections::BTreeSet::new();
    let mut try_one = |pl: Placement| match p.evaluate(&pl) {
        Ok(_) => {
            found.insert(normal(&pl));
        }
        Err(PlayError::TouchesBlank { cell, joker }) => {
            refusals.touches_blank += 1;
            if cell.col != joker.col && cell.row != joker.row {
                refusals.touches_blank_diagonally += 1;
            }
        }
        Err(PlayError::ZerosUnlinked(_)) => refusals.zeros_unlinked += 1,
        Err(_) => {}
    };
    // Ways to lay `tiles` (in some order) on `cells`, every joker with every digit.
    fn assign(cells: &[Cell], tiles: &[Tile], out: &mut Vec<Vec<Put>>, acc: &mut Vec<Put>) {
        let Some((&cell, rest)) = cells.split_first() else {
            out.push(acc.clone());
            return;
        };
        for k in 0..tiles.len() {
            if tiles[..k].contains(&tiles[k]) {
                continue;
            }
            let mut left = tiles.to_vec();
            let t = left.remove(k);
            let laids: Vec<Laid> = match t {
                Tile::Digit(d) => vec![Laid::Digit(d)],
                Tile::Joker => (0..10).map(Laid::Joker).collect(),
            };
            for laid in laids {
                acc.push(Put { cell, laid });
                assign(rest, &left, out, acc);
                acc.pop();
            }
        }
    }
    let lines: Vec<Vec<Cell>> = p
        .variants()
        .dirs()
        .iter()
        .flat_map(|&dir| {
            let (dx, dy) = dir.step();
            let mut lines = Vec::new();
            for r in 0..h {
                for c in 0..w {
                    // Only lines that start on the board edge.
                    let (pc, pr) = (c - dx, r - dy);
                    if pc >= 0 && pr >= 0 && pc < w && pr < h {
                        continue;
                    }
                    let mut line = Vec::new();
                    let (mut c, mut r) = (c, r);
                    while c >= 0 && r >= 0 && c < w && r < h {
                        line.push(Cell::new(c as u8, r as u8));
                        c += dx;
                        r += dy;
                    }
                    lines.push(line);
                }
            }
            lines
        })
        .collect();
    for line in &lines {
        let empties: Vec<Cell> = line
            .iter()
            .copied()
            .filter(|&c| p.square(c) == Square::Empty)
            .collect();
        for mask in 1u32..(1 << empties.len()) {
            let cells: Vec<Cell> = (0..empties.len())
                .filter(|&k| mask & (1 << k) != 0)
                .map(|k| empties[k])
                .collect();
            if cells.len() > rack.len() + 1 {
                continue;
            }
            if cells.len() <= rack.len() {
                // Every choice of rack tiles for the cells, in every order.
                let mut ways = Vec::new();
                assign(&cells, &rack, &mut ways, &mut Vec::new());
                for puts in ways {
                    try_one(Placement {
                        replace: None,
                        puts,
                    });
                }
            }
            if let Some(j) = joker
                && line.contains(&j)
            {
                for (k, &t) in rack.iter().enumerate() {
                    let Tile::Digit(r) = t else { continue };
                    if rack[..k].contains(&t) {
                        continue;
                    }
                    let mut rest = rack.clone();
                    rest.remove(k);
                    rest.push(Tile::Joker);
                    if cells.len() > rest.len() {
                        continue;
                    }
                    let mut ways = Vec::new();
                    assign(&cells, &rest, &mut ways, &mut Vec::new());
                    for puts in ways {
                        try_one(Placement {
                            replace: Some((j, r)),
                            puts,
                        });
                    }
                }
            }
        }
    }
    if let Some(j) = joker {
        for &t in &rack {
            if let Tile::Digit(r) = t {
                try_one(Placement {
                    replace: Some((j, r)),
                    puts: Vec::new(),
                });
            }
        }
    }
    found
}

fn normal(pl: &Placement) -> String {
    let mut puts = pl.puts.clone();
    puts.sort_by_key(|p| (p.cell.row, p.cell.col));
    Placement {
        replace: pl.replace,
        puts,
    }
    .to_string()
}

/// On a 7x7 board the generator lists exactly the placements that trying every one finds legal.
/// The 7x7 board the completeness tests play on, the start in its middle.
fn small_board() -> Layout {
    Layout::parse(".......\n.......\n.......\n...*...\n.......\n.......\n.......").unwrap()
}

/// The old tiles of a position on the small board.
fn tiles_on_small_board(p: &Position) -> Vec<(Cell, Square)> {
    (0..7u8)
        .flat_map(|r| (0..7u8).map(move |c| Cell::new(c, r)))
        .map(|c| (c, p.square(c)))
        .filter(|(_, s)| *s != Square::Empty)
        .collect()
}

/// Lays `board` on the small board with `rack` for the first of two players, and checks that
/// the generator lists exactly the placements that trying every one finds legal; those, or
/// nothing when the tiles cannot be arranged so.
fn generator_matches_brute(
    v: Variants,
    seed: u64,
    board: &[(Cell, Square)],
    rack: Vec<Tile>,
    refusals: &mut Refusals,
) -> Option<std::collections::BTreeSet<String>> {
    let setup = Setup {
        players: 2,
        variants: v,
        seed,
        layout: Some(small_board()),
    };
    let q = Position::arranged(setup, board, &[rack, vec![]], 0).ok()?;
    let listed: std::collections::BTreeSet<String> =
        q.legal_placements().iter().map(normal).collect();
    let brute = brute_placements(&q, refusals);
    assert_eq!(listed, brute, "variants {v:?}\n{}", q.to_text());
    Some(brute)
}

#[test]
fn generator_is_complete_on_a_small_board() {
    let small = small_board();
    let (mut checked, mut replaced, mut jokers) = (0, 0, 0);
    for seed in 0..40u64 {
        let v = variants_from((seed * 53 % 256) as u32);
        let v = Variants {
            challenge: false,
            spin: false,
            ..v
        };
        let mut p = Position::new(Setup {
            players: 2,
            variants: v,
            seed,
            layout: Some(small.clone()),
        })
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for turn in 0..6 {
            if p.is_over() {
                break;
            }
            // The board so far, with a three-tile rack (the joker in it on some turns).
            let mut board = tiles_on_small_board(&p);
            let mut rack: Vec<Tile> = (0..3)
                .map(|_| Tile::Digit(rng.random_range(0..10)))
                .collect();
            if turn % 2 == 1 {
                rack[2] = Tile::Joker;
            } else if !board.is_empty() && board.iter().all(|(_, s)| *s != Square::Joker) {
                // Some old tile becomes the blank joker, so replacing it gets tried too.
                let k = rng.random_range(0..board.len());
                board[k].1 = Square::Joker;
            }
            let legal = generator_matches_brute(v, seed, &board, rack, &mut Refusals::default());
            if let Some(brute) = legal {
                checked += 1;
                replaced += usize::from(brute.iter().any(|b| b.starts_with("replace")));
                jokers += usize::from(brute.iter().any(|b| b.contains('?')));
            }
            let mv = quick_move(&p, &mut rng, true);
            p.play(&mv).unwrap();
        }
    }
    // Enough positions, with joker replacements and joker digits among the legal placements.
    assert!(
        checked > 200 && replaced > 30 && jokers > 100,
        "{checked} {replaced} {jokers}"
    );
}

/// The same near the blank joker and with racks of zeros: on a 7x7 board the blank lies among
/// the tiles on every turn and the rack holds two zeros, so that tiles beside the blank and
/// zeros that alone touch the board come up often; the generator lists exactly what trying
/// every placement finds legal. Every other game has the diagonal variant, in which the
/// squares diagonally next to the blank are closed to tiles 1-9 as well.
#[test]
fn generator_is_complete_beside_the_blank_and_with_zeros() {
    let small = small_board();
    let mut refusals = Refusals::default();
    let mut checked = 0;
    for seed in 0..30u64 {
        let v = variants_from((seed * 29 % 256) as u32);
        let v = Variants {
            challenge: false,
            spin: false,
            diagonal: seed % 2 == 1,
            ..v
        };
        let mut p = Position::new(Setup {
            players: 2,
            variants: v,
            seed,
            layout: Some(small.clone()),
        })
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        for _ in 0..6 {
            if p.is_over() {
                break;
            }
            let mut board = tiles_on_small_board(&p);
            if board.len() >= 2 && board.iter().all(|(_, s)| *s != Square::Joker) {
                let k = rng.random_range(0..board.len());
                board[k].1 = Square::Joker;
            }
            // Each rack reads as one example with two zeros: 20÷2=10, 10×5=50 and the like.
            let racks = [
                "20210", "10550", "30310", "40220", "60320", "50510", "10110",
            ];
            let rack: Vec<Tile> = racks[rng.random_range(0..racks.len())]
                .bytes()
                .map(|b| Tile::Digit(b - b'0'))
                .collect();
            if generator_matches_brute(v, seed, &board, rack, &mut refusals).is_some() {
                checked += 1;
            }
            let mv = quick_move(&p, &mut rng, true);
            p.play(&mv).unwrap();
        }
    }
    assert!(
        checked > 120
            && refusals.touches_blank > 50
            && refusals.touches_blank_diagonally > 1000
            && refusals.zeros_unlinked > 5,
        "{checked} {} {} {}",
        refusals.touches_blank,
        refusals.touches_blank_diagonally,
        refusals.zeros_unlinked
    );
}
