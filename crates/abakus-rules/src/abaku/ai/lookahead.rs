//! The hard level's look-ahead: the best candidates by points and leave played on guessed deals
//! of the unseen tiles against the next player's best reply, until the best one is clear.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::Budget;
use super::baseline::{best_points, guess_hidden};
use super::leaves::{self, LeaveTable};
use crate::abaku::moves::Move;
use crate::abaku::position::Position;

/// Candidates the look-ahead starts from, by static value.
const CANDIDATES: usize = 12;

/// Guesses every candidate gets before any is dropped.
const FIRST_GUESSES: u32 = 4;

/// How sure the look-ahead must be that a candidate is worse than the leader before it drops
/// it: its mean difference from the leader more than this many standard errors below zero
/// (about one chance in fifty of dropping a candidate that is in fact as good).
const DROP_AT: f64 = 2.0;

/// One candidate: the move, its static value (points and leave, in tenths), and its value on
/// each guess so far.
struct Candidate {
    mv: Move,
    value: i64,
    looks: Vec<i64>,
}

/// The look-ahead's move for the player to move. Each guess deals the unseen tiles again and
/// values every candidate still in the running at its static value less the most the next
/// player could score in reply on that deal; every candidate sees the same deals, so their
/// differences are compared guess by guess, and a candidate is dropped once it is clearly
/// behind the leader (by two standard errors). It stops when one is left, after `budget.samples`
/// guesses, or before a guess that would run past `budget.think`.
#[must_use]
pub fn hard_move(position: &Position, seed: u64, budget: Budget) -> Move {
    let started = Instant::now();
    let table = LeaveTable::standard();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let me = position.to_move();
    let mut candidates = candidates(position, table, &mut rng);
    if candidates.len() <= 1 {
        return candidates.pop().map_or(Move::Pass, |c| c.mv);
    }
    let mut longest = Duration::ZERO;
    for looked in 0..budget.samples.max(1) {
        if looked > 0 && started.elapsed() + longest >= budget.think {
            break;
        }
        let began = Instant::now();
        let guess = guess_hidden(position, me, &mut rng);
        for candidate in &mut candidates {
            let reply = best_reply(&guess, me, &candidate.mv);
            candidate.looks.push(candidate.value - 10 * reply);
        }
        longest = longest.max(began.elapsed());
        if looked + 1 >= FIRST_GUESSES {
            drop_the_clearly_worse(&mut candidates);
        }
        if candidates.len() == 1 {
            break;
        }
    }
    let best = (0..candidates.len())
        .max_by_key(|&k| (mean(&candidates[k].looks), std::cmp::Reverse(k)))
        .unwrap_or(0);
    candidates.swap_remove(best).mv
}

/// The best placements by static value, and the best exchange (by what it keeps) where the
/// bag allows one, best first.
fn candidates(position: &Position, table: &LeaveTable, rng: &mut ChaCha8Rng) -> Vec<Candidate> {
    let mut valued = leaves::valued_placements(position, table, rng);
    valued.sort_by_key(|(value, _, placement)| std::cmp::Reverse((*value, placement.puts.len())));
    let mut candidates: Vec<Candidate> = valued
        .into_iter()
        .take(CANDIDATES)
        .map(|(value, _, placement)| Candidate {
            mv: Move::Place(placement),
            value,
            looks: Vec::new(),
        })
        .collect();
    if let Some((value, given)) = leaves::best_exchange(position, table) {
        candidates.push(Candidate {
            mv: Move::Exchange(given),
            value,
            looks: Vec::new(),
        });
    }
    candidates
}

/// The most the next player scores in reply to `mv` on this guess (nothing if the game ends;
/// a move the guess refuses counts as hopeless).
fn best_reply(guess: &Position, me: usize, mv: &Move) -> i64 {
    let mut after = guess.clone();
    if after.play(mv).is_err() {
        return i64::MAX / 64;
    }
    if after.to_move() == me {
        return 0;
    }
    best_points(&after)
}

/// Integer mean, so that equal candidates tie exactly and the first one wins.
fn mean(looks: &[i64]) -> i64 {
    looks.iter().sum::<i64>() / looks.len().max(1) as i64
}

/// Drops every candidate whose guess-by-guess difference from the leader is more than
/// [`DROP_AT`] standard errors below zero.
fn drop_the_clearly_worse(candidates: &mut Vec<Candidate>) {
    let Some(leader) = (0..candidates.len()).max_by_key(|&k| mean(&candidates[k].looks)) else {
        return;
    };
    let leading = candidates[leader].looks.clone();
    let mut k = 0;
    candidates.retain(|candidate| {
        let index = k;
        k += 1;
        index == leader || !clearly_behind(&candidate.looks, &leading)
    });
}

/// Whether `looks` is behind `leading`, guess by guess, by more than [`DROP_AT`] standard
/// errors of the mean difference.
fn clearly_behind(looks: &[i64], leading: &[i64]) -> bool {
    let differences: Vec<f64> = looks
        .iter()
        .zip(leading)
        .map(|(a, b)| (a - b) as f64)
        .collect();
    let n = differences.len() as f64;
    if n < 2.0 {
        return false;
    }
    let average = differences.iter().sum::<f64>() / n;
    let spread = differences
        .iter()
        .map(|d| (d - average).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    // Identical guesses (a spread of nothing) still leave a candidate behind if it is behind.
    let error = (spread / n).sqrt().max(1e-9);
    average + DROP_AT * error < 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidate_is_dropped_only_when_it_is_clearly_behind() {
        let leader = [100, 120, 90, 110, 100];
        assert!(
            clearly_behind(&[60, 80, 50, 70, 60], &leader),
            "40 behind every time"
        );
        assert!(
            !clearly_behind(&[130, 80, 100, 90, 95], &leader),
            "behind and ahead"
        );
        assert!(!clearly_behind(&leader, &leader), "equal");
        assert!(!clearly_behind(&[0], &[100]), "one guess proves nothing");
    }
}
