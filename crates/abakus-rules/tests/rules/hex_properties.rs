//! Property tests over random hex games on every board side.

use std::collections::{BTreeMap, BTreeSet};

use crate::simple_hex::{SimpleGame, format_simple_move, parse_simple_move};
use abakus_rules::hex::{Cell, Color, Move, Position};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every move in the notation a board of this side could be asked about: all placements and
/// all (from, to) pairs, including cells just off the board.
fn every_conceivable_move(position: &Position) -> Vec<Move> {
    let d = position.board().diameter() + 1;
    let cells: Vec<Cell> = (0..d)
        .flat_map(|c| (0..d).map(move |r| Cell::new(c, r)))
        .collect();
    let mut moves: Vec<Move> = cells.iter().map(|&c| Move::Place(c)).collect();
    for &from in &cells {
        for &to in &cells {
            moves.push(Move::Slide { from, to });
        }
    }
    moves
}

fn group_sizes(position: &Position, color: Color) -> BTreeMap<usize, usize> {
    let mut sizes = BTreeMap::new();
    for group in position.groups(color) {
        *sizes.entry(group.len()).or_insert(0) += 1;
    }
    sizes
}

/// The multiset ordering the termination argument uses: `after` is smaller than `before`
/// when something was taken away and everything added is smaller than something taken away.
fn multiset_decreased(before: &BTreeMap<usize, usize>, after: &BTreeMap<usize, usize>) -> bool {
    let count = |m: &BTreeMap<usize, usize>, k| m.get(&k).copied().unwrap_or(0);
    let keys: BTreeSet<usize> = before.keys().chain(after.keys()).copied().collect();
    let removed: Vec<usize> = keys
        .iter()
        .copied()
        .filter(|&k| count(before, k) > count(after, k))
        .collect();
    let added: Vec<usize> = keys
        .iter()
        .copied()
        .filter(|&k| count(after, k) > count(before, k))
        .collect();
    let Some(&largest_removed) = removed.iter().max() else {
        return false;
    };
    added.iter().all(|&k| k < largest_removed)
}

/// Plays one random game, checking every property at every ply (the brute-force
/// comparison only on the plies `deep_check` picks, since it tries every cell pair).
fn check_random_game(side: u32, seed: u64, deep_every: usize) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::new(side).unwrap();
    let mut simple = SimpleGame::new(side as i32);
    let mut snapshots = vec![position.clone()];
    let cells = position.board().cell_count() as u32;
    let mut ply = 0;
    while let Some(mv) = position.random_move(&mut rng) {
        let legal = position.legal_moves();
        let listed: BTreeSet<Move> = legal.iter().copied().collect();
        prop_assert_eq!(listed.len(), legal.len(), "a move is listed twice");
        prop_assert!(listed.contains(&mv), "random move {} is not listed", mv);
        for &m in &legal {
            prop_assert!(position.is_legal(m), "listed move {} is refused", m);
        }
        if ply % deep_every == 0 {
            for m in every_conceivable_move(&position) {
                prop_assert_eq!(position.is_legal(m), listed.contains(&m), "{}", m);
            }
            let simple_moves: BTreeSet<String> =
                simple.moves().into_iter().map(format_simple_move).collect();
            let fast_moves: BTreeSet<String> = legal.iter().map(ToString::to_string).collect();
            prop_assert_eq!(simple_moves, fast_moves);
        }

        // A few random moves of any shape: refused ones change nothing.
        for _ in 0..4 {
            let d = position.board().diameter() + 2;
            let cell =
                |rng: &mut ChaCha8Rng| Cell::new(rng.random_range(0..d), rng.random_range(0..d));
            let wild = if rng.random_bool(0.3) {
                Move::Place(cell(&mut rng))
            } else {
                Move::Slide {
                    from: cell(&mut rng),
                    to: cell(&mut rng),
                }
            };
            let before = position.clone();
            let mut copy = position.clone();
            match copy.play(wild) {
                Ok(()) => prop_assert!(listed.contains(&wild)),
                Err(error) => {
                    prop_assert!(!listed.contains(&wild));
                    prop_assert_eq!(error.mv(), wild);
                    prop_assert_eq!(&copy, &before);
                }
            }
        }

        let mover = position.turn();
        let own_before = group_sizes(&position, mover);
        let other_before = group_sizes(&position, mover.opponent());
        position
            .play(mv)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        simple.play(parse_simple_move(&mv.to_string()));
        if let Move::Slide { .. } = mv {
            let own_after = group_sizes(&position, mover);
            prop_assert!(
                multiset_decreased(&own_before, &own_after),
                "{} did not lower {:?} (now {:?})",
                mv,
                own_before,
                own_after
            );
            prop_assert_eq!(group_sizes(&position, mover.opponent()), other_before);
        }
        prop_assert_eq!(
            position.count(Color::Black) + position.count(Color::White) + position.empty_count(),
            cells
        );
        snapshots.push(position.clone());
        ply += 1;
    }

    let outcome = position
        .outcome()
        .expect("a game ends only on a full board");
    prop_assert!(position.is_full());
    prop_assert_eq!(outcome.black + outcome.white, cells);
    let (winner, loser) = match outcome.winner {
        Color::Black => (outcome.black, outcome.white),
        Color::White => (outcome.white, outcome.black),
    };
    prop_assert!(winner < loser);

    let json = serde_json::to_string(&position).unwrap();
    prop_assert_eq!(&serde_json::from_str::<Position>(&json).unwrap(), &position);
    let replayed = Position::from_record(side, &position.record()).unwrap();
    prop_assert_eq!(&replayed, &position);

    // Undo walks back through exactly the positions the game passed.
    snapshots.pop();
    while let Some(expected) = snapshots.pop() {
        prop_assert!(position.undo().is_some());
        prop_assert_eq!(&position, &expected);
    }
    prop_assert!(position.undo().is_none());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn random_games_on_small_boards(side in 3u32..=5, seed in any::<u64>()) {
        check_random_game(side, seed, if side == 5 { 7 } else { 1 })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_games_on_large_boards(side in 6u32..=8, seed in any::<u64>()) {
        check_random_game(side, seed, 40)?;
    }
}

/// The random player is uniform over the legal moves: on a position with both placements and
/// slides, each legal move is drawn about equally often.
#[test]
fn random_moves_are_uniform_over_the_legal_moves() {
    // A mid-game position from random play that offers both placements and several slides.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut position = Position::new(5).unwrap();
    while position
        .legal_moves()
        .iter()
        .filter(|m| m.from().is_some())
        .count()
        < 8
    {
        let mv = position.random_move(&mut rng).unwrap();
        position.play(mv).unwrap();
    }
    let legal = position.legal_moves();
    let slides = legal.iter().filter(|m| m.from().is_some()).count();
    assert!(slides >= 8 && legal.len() > slides);
    let draws = 200 * legal.len();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut seen: BTreeMap<Move, usize> = BTreeMap::new();
    for _ in 0..draws {
        *seen
            .entry(position.random_move(&mut rng).unwrap())
            .or_insert(0) += 1;
    }
    assert_eq!(seen.len(), legal.len(), "every legal move is drawn");
    // Each count is Binomial(draws, 1/len): mean 200, sd about 14; 6 sd either side.
    for (mv, &count) in &seen {
        assert!(
            (115..=285).contains(&count),
            "{mv} drawn {count} times of {draws}"
        );
    }
}

/// The playout copy (two words of bits on small boards, four on large) draws exactly the moves
/// the position draws with the same generator, to the same end, without touching the position.
#[test]
fn playouts_draw_the_same_games_as_the_position() {
    for side in 3..=8 {
        for seed in 0..25 {
            let start = Position::new(side).unwrap();
            let mut position = start.clone();
            let mut small = start.playout::<2>();
            assert_eq!(small.is_some(), side <= 5, "side {side} fits two words");
            let mut large = start.playout::<4>().expect("every side fits four words");
            let (mut a, mut b, mut c) = (
                ChaCha8Rng::seed_from_u64(seed),
                ChaCha8Rng::seed_from_u64(seed),
                ChaCha8Rng::seed_from_u64(seed),
            );
            while let Some(mv) = position.random_move(&mut a) {
                assert_eq!(
                    large.random_move(&mut b),
                    Some(mv),
                    "side {side} seed {seed}"
                );
                if let Some(small) = small.as_mut() {
                    assert_eq!(small.random_move(&mut c), Some(mv));
                    small.play_unchecked(mv);
                }
                large.play_unchecked(mv);
                position.play(mv).unwrap();
            }
            assert_eq!(large.random_move(&mut b), None);
            let outcome = position.outcome().unwrap();
            assert_eq!(large.count(Color::Black), outcome.black);
            assert_eq!(large.plies as usize, position.history().len());
            let (replayed, plies) = start.random_playout(&mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(
                (replayed, plies as usize),
                (outcome, position.history().len())
            );
            assert!(
                start.history().is_empty(),
                "a playout leaves the position alone"
            );
        }
    }
}
