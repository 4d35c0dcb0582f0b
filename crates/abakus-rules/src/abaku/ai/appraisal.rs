//! The hard level's verdict on a move a player chose: what it was worth beside the best move
//! the hard level finds from what that player could know, for reviews.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::Budget;
use super::endgame;
use super::leaves::{self, LeaveTable};
use super::lookahead::{self, Candidate, Dropping};
use crate::abaku::moves::Move;
use crate::abaku::position::Position;

/// A move beside the best one, valued the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appraisal {
    /// The best move the hard level finds.
    pub best: Move,
    /// What the best move is worth, in tenths of a point.
    pub best_value: i64,
    /// What the move played is worth, in tenths of a point, on the same scale.
    pub played_value: i64,
    /// Whether both values come from the exact endgame search (the final score difference
    /// with best play after), rather than from the look-ahead over deals of the unseen tiles.
    pub exact: bool,
}

/// How the hard level values `played` in `position` beside its own best move, or `None` when
/// the player had no choice (nothing to lay and no exchange) or `played` is no turn of theirs
/// (a challenge, a concession).
///
/// With two players and the bag empty both are valued by the exact endgame search, as the
/// final score difference with best play after them. Elsewhere `played` joins the look-ahead's
/// candidates and every candidate is valued on the same deals of the tiles the player could
/// not see (every deal near the end, else guesses until `budget` runs out, none dropped), at
/// its points and leave less the next player's best reply, as the hard level values its own.
#[must_use]
pub fn appraise(
    position: &Position,
    played: &Move,
    seed: u64,
    budget: Budget,
) -> Option<Appraisal> {
    if !matches!(played, Move::Place(_) | Move::Exchange(_) | Move::Pass) || position.is_over() {
        return None;
    }
    let started = Instant::now();
    if let Some(exact) = solved(position, played, started + budget.think) {
        return Some(exact);
    }
    looked_ahead(position, played, seed, budget)
}

/// Both moves valued by the endgame search, when it applies and proves both values in time.
fn solved(position: &Position, played: &Move, deadline: Instant) -> Option<Appraisal> {
    let best = endgame::solve(position, deadline)?;
    if !best.proven {
        return None;
    }
    let me = position.to_move();
    let played_value = if same_move(played, &best.best) {
        best.value
    } else {
        let mut after = position.clone();
        after.play(played).ok()?;
        spread_after(&after, me, deadline)?
    };
    Some(Appraisal {
        best: best.best,
        best_value: best.value * 10,
        played_value: played_value * 10,
        exact: true,
    })
}

/// The final score difference for `me` with best play on from `after`, if proven in time.
fn spread_after(after: &Position, me: usize, deadline: Instant) -> Option<i64> {
    if after.is_over() {
        return Some(super::playout::margin(after, me));
    }
    let solved = endgame::solve(after, deadline)?;
    if !solved.proven {
        return None;
    }
    Some(if after.to_move() == me {
        solved.value
    } else {
        -solved.value
    })
}

/// Both moves valued by the look-ahead on the same deals.
fn looked_ahead(
    position: &Position,
    played: &Move,
    seed: u64,
    budget: Budget,
) -> Option<Appraisal> {
    let started = Instant::now();
    let table = LeaveTable::standard();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let me = position.to_move();
    let mut candidates = lookahead::candidates(position, table, &mut rng);
    if candidates.is_empty() {
        return None;
    }
    let played_at = match candidates.iter().position(|c| same_move(&c.mv, played)) {
        Some(at) => at,
        None => {
            candidates.push(Candidate {
                mv: played.clone(),
                value: static_value(position, played, table),
                looks: Vec::new(),
            });
            candidates.len() - 1
        }
    };
    let most = usize::try_from(budget.samples.max(1)).unwrap_or(usize::MAX);
    let weights = match lookahead::every_deal(position, most) {
        Some(deals) => {
            lookahead::weigh_every_deal(&mut candidates, deals, me, (started, budget.think), 1)
        }
        // The move played keeps its place beside the best to the end.
        None => lookahead::weigh_guesses(
            &mut candidates,
            position,
            &mut |rng| super::baseline::guess_hidden(position, me, rng),
            &mut rng,
            (started, budget),
            (Dropping::None, 1),
        ),
    };
    let means: Vec<i64> = candidates
        .iter()
        .map(|c| lookahead::mean(&c.looks, &weights))
        .collect();
    let played_value = means[played_at];
    // The move played wins a tie: a move as good as the best is best.
    let best_at = (0..candidates.len())
        .max_by_key(|&k| (means[k], k == played_at, std::cmp::Reverse(k)))
        .unwrap_or(played_at);
    Some(Appraisal {
        best: candidates.swap_remove(best_at).mv,
        best_value: means[best_at],
        played_value,
        exact: false,
    })
}

/// A move's points and what it keeps, as the hard level values its own candidates: a
/// placement the rules would refuse (a false sum left to a challenge) scores nothing and
/// keeps the rack, like a pass.
fn static_value(position: &Position, mv: &Move, table: &LeaveTable) -> i64 {
    let rack = position.rack(position.to_move());
    match mv {
        Move::Place(placement) => match position.evaluate(placement) {
            Ok(scored) => leaves::placement_value(position, placement, scored.points, table),
            Err(_) => static_value(position, &Move::Pass, table),
        },
        Move::Exchange(given) => {
            let mut kept = rack.to_vec();
            for tile in given {
                if let Some(at) = kept.iter().position(|t| t == tile) {
                    kept.remove(at);
                }
            }
            leaves::kept_value(position, &kept, table)
        }
        _ if position.bag().is_empty() => 0,
        _ => leaves::kept_value(position, rack, table),
    }
}

/// Whether two moves are the same turn, whatever order their tiles were listed in.
#[must_use]
pub fn same_move(a: &Move, b: &Move) -> bool {
    match (a, b) {
        (Move::Place(x), Move::Place(y)) => {
            let mut xs = x.puts.clone();
            let mut ys = y.puts.clone();
            xs.sort_by_key(|put| put.cell);
            ys.sort_by_key(|put| put.cell);
            x.replace == y.replace && xs == ys
        }
        (Move::Exchange(x), Move::Exchange(y)) => {
            let mut xs = x.clone();
            let mut ys = y.clone();
            xs.sort_unstable();
            ys.sort_unstable();
            xs == ys
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abaku::position::Setup;
    use std::time::Duration;

    const QUICK: Budget = Budget {
        think: Duration::from_secs(60),
        samples: 4,
    };

    /// A game of the normal level, two players, played for `turns` turns.
    fn after_turns(seed: u64, turns: usize) -> Position {
        let mut position = Position::new(Setup::new(2, seed)).unwrap();
        for _ in 0..turns {
            if position.is_over() {
                break;
            }
            let mv = leaves::normal_move(&position, LeaveTable::standard(), seed);
            position.play(&mv).unwrap();
        }
        position
    }

    #[test]
    fn the_best_move_played_loses_nothing() {
        for seed in 0..4 {
            let position = after_turns(seed, 3);
            let first = appraise(&position, &Move::Pass, seed, QUICK).expect("a choice");
            let again = appraise(&position, &first.best, seed, QUICK).expect("a choice");
            assert!(same_move(&again.best, &first.best), "seed {seed}");
            assert_eq!(again.played_value, again.best_value, "seed {seed}");
        }
    }

    #[test]
    fn a_pass_with_tiles_to_lay_is_worth_less_than_the_best() {
        for seed in 0..4 {
            let position = after_turns(seed, 2);
            let seen = appraise(&position, &Move::Pass, seed, QUICK).expect("a choice");
            assert!(seen.played_value < seen.best_value, "seed {seed}: {seen:?}");
            assert!(!seen.exact);
        }
    }

    #[test]
    fn the_order_of_a_placements_tiles_does_not_make_another_move() {
        let position = after_turns(5, 2);
        let Move::Place(mut placement) = leaves::normal_move(&position, LeaveTable::standard(), 1)
        else {
            panic!("a placement early on");
        };
        let listed = Move::Place(placement.clone());
        placement.puts.reverse();
        assert!(same_move(&listed, &Move::Place(placement)));
        assert!(!same_move(&listed, &Move::Pass));
    }

    #[test]
    fn with_the_bag_empty_both_moves_come_from_the_exact_search() {
        let mut checked = 0;
        for seed in 0..10 {
            let mut position = after_turns(seed, 0);
            // Few tiles left on the racks, so that the search proves its values quickly.
            let on_racks = |p: &Position| p.rack(0).len() + p.rack(1).len();
            while (!position.bag().is_empty() || on_racks(&position) > 5) && !position.is_over() {
                let mv = leaves::normal_move(&position, LeaveTable::standard(), seed);
                position.play(&mv).unwrap();
            }
            if position.is_over() {
                continue;
            }
            let Some(seen) = appraise(&position, &Move::Pass, seed, QUICK) else {
                continue;
            };
            assert!(seen.exact, "seed {seed}");
            assert!(seen.played_value <= seen.best_value, "seed {seed}");
            checked += 1;
        }
        assert!(checked > 0, "no game reached an open endgame");
    }

    #[test]
    fn a_challenge_is_not_appraised() {
        let position = after_turns(1, 2);
        assert_eq!(appraise(&position, &Move::Challenge(0), 1, QUICK), None);
    }
}
