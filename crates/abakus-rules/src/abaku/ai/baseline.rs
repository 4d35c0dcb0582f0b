//! The hard and normal levels as they played before the leave table and the look-ahead that
//! stops when the best is clear, kept so tournaments and benchmarks can measure today's
//! levels against them. No level of the app plays them.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{Budget, JOKER_WORTH, Level, challenges, exchange_all};
use crate::abaku::moves::{Move, Placement};
use crate::abaku::position::Position;
use crate::abaku::tiles::Tile;

/// Below this many points (less the joker's worth) the look-ahead weighs an exchange too.
const EXCHANGE_BELOW: i64 = 10;

/// Candidates the look-ahead starts from.
const CANDIDATES: usize = 8;

/// The move the baseline plays for the player to move, looking ahead within `budget`: the same
/// move for the same seed and budget whenever the time allows every guess.
#[must_use]
pub fn choose_move_within(position: &Position, seed: u64, budget: Budget) -> Move {
    let me = position.to_move();
    if challenges(position, me, Level::Hard, seed) {
        return Move::Challenge(me);
    }
    hard_move(position, seed, budget)
}

/// The move the normal level as it was plays for the player to move, challenges included.
#[must_use]
pub fn choose_normal(position: &Position, seed: u64) -> Move {
    let me = position.to_move();
    if challenges(position, me, Level::Normal, seed) {
        return Move::Challenge(me);
    }
    normal_move(position, seed)
}

/// The normal level as it was: the placement that scores the most now, keeping the joker
/// unless spending it gains 6 points more; with nothing to lay, an exchange of
/// every tile but the joker, or a pass.
#[must_use]
pub fn normal_move(position: &Position, seed: u64) -> Move {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scored: Vec<(i64, Placement)> = position
        .legal_placements()
        .into_iter()
        .filter_map(|placement| Some((static_value(position, &placement)?, placement)))
        .collect();
    scored.shuffle(&mut rng);
    scored
        .into_iter()
        .max_by_key(|(value, placement)| (*value, placement.puts.len()))
        .map_or_else(|| super::nothing_to_lay(position), |(_, p)| Move::Place(p))
}

/// Points of a placement less what the joker it spends is worth kept.
fn static_value(position: &Position, placement: &Placement) -> Option<i64> {
    let points = position.evaluate(placement).ok()?.points;
    let jokers = placement
        .puts
        .iter()
        .filter(|put| put.laid.tile() == Tile::Joker)
        .count() as i64;
    Some(points - JOKER_WORTH * jokers)
}

/// The most the player to move can score with one placement now (nothing once it is over).
pub(super) fn best_points(position: &Position) -> i64 {
    if position.is_over() {
        return 0;
    }
    position
        .legal_placements()
        .iter()
        .filter_map(|placement| position.evaluate(placement).ok())
        .map(|scored| scored.points)
        .max()
        .unwrap_or(0)
}

/// The same position with every tile this player cannot see (other racks and the bag) dealt
/// again at random: one guess at what is hidden, from what the player knows.
pub(super) fn guess_hidden(position: &Position, me: usize, rng: &mut ChaCha8Rng) -> Position {
    position.with_hidden_dealt_again(me, rng)
}

/// The look-ahead: the best candidates by points (and a full exchange while the bag allows
/// one) are each played on guessed racks and bags; a candidate is worth its points, less the
/// most the next player scores in reply, plus the most this player's refilled rack scores on
/// its next turn, averaged over the guesses. Every candidate sees the same guesses.
pub(super) fn hard_move(position: &Position, seed: u64, budget: Budget) -> Move {
    let started = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let me = position.to_move();
    let mut ranked: Vec<(i64, Placement)> = position
        .legal_placements()
        .into_iter()
        .filter_map(|placement| Some((static_value(position, &placement)?, placement)))
        .collect();
    ranked.shuffle(&mut rng);
    ranked.sort_by_key(|(value, placement)| std::cmp::Reverse((*value, placement.puts.len())));
    let best_value = ranked.first().map_or(i64::MIN, |(value, _)| *value);
    let mut candidates: Vec<Move> = ranked
        .into_iter()
        .take(CANDIDATES)
        .map(|(_, placement)| Move::Place(placement))
        .collect();
    // An exchange is weighed only when the best placement is poor, as strong players do.
    let exchange = exchange_all(position);
    if !exchange.is_empty() && best_value < EXCHANGE_BELOW {
        candidates.push(Move::Exchange(exchange));
    }
    match candidates.len() {
        0 => return Move::Pass,
        1 => return candidates.swap_remove(0),
        _ => {}
    }
    let mut totals = vec![0i64; candidates.len()];
    // Stop before a look that would overrun the time, judged by the longest one so far.
    let mut longest = Duration::ZERO;
    'samples: for looked in 0..budget.samples.max(1) {
        let guess = guess_hidden(position, me, &mut rng);
        let mut sums = Vec::with_capacity(candidates.len());
        for candidate in &candidates {
            if looked > 0 && started.elapsed() + longest >= budget.think {
                break 'samples;
            }
            let began = Instant::now();
            sums.push(look_ahead(&guess, me, candidate));
            longest = longest.max(began.elapsed());
        }
        for (total, sum) in totals.iter_mut().zip(sums) {
            *total += sum;
        }
    }
    let best = (0..candidates.len())
        .max_by_key(|&k| (totals[k], std::cmp::Reverse(k)))
        .unwrap_or(0);
    candidates.swap_remove(best)
}

/// One guess's worth of a candidate: its points, the reply's, and this player's next turn.
fn look_ahead(guess: &Position, me: usize, candidate: &Move) -> i64 {
    let mut after = guess.clone();
    if after.play(candidate).is_err() {
        return i64::MIN / 4;
    }
    // The points, with the end-of-game adjustments when the candidate ends the game.
    let mut value = after.live.players[me].score - guess.live.players[me].score;
    if !after.is_over() && after.to_move() != me {
        let reply = best_points(&after);
        value -= reply;
        // The reply's own move is not made: only its points matter, and this player's next
        // turn is judged on the board as the candidate left it.
        let mut mine = after.clone();
        mine.live.to_move = me;
        value += best_points(&mine) / 2;
    } else if !after.is_over() {
        value += best_points(&after) / 2;
    }
    value
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::abaku::position::Setup;

    /// What the hard level played in [`positions`] before the endgame search was added, with
    /// the seed `77 + k` and [`FIXED`]: recorded from that code, under today's rules.
    const RECORDED: [&str; 20] = [
        "I6=1 J6=1 K6=2 L6=4 M6=3",
        "A15=9 B15=0 D15=5 E15=6",
        "H10=5 H12=3 H13=3 H14=1 H15=5",
        "D10=9 D11=9 D13=8",
        "H6=1 H7=6 H9=0",
        "F2=1 F3=?4 F4=7 F6=4 F7=6",
        "L15=8 M15=8 N15=9 O15=0",
        "A14=6 C14=3 D14=6 E14=2 F14=7",
        "replace H3=4 G3=?8",
        "D5=8 F5=2 G5=1 H5=6 I5=7",
        "replace C3=6 G3=3 I3=?1 J3=5 K3=0",
        "H10=1 H11=6 H12=4 H13=8 H14=1",
        "B7=0 C7=4 D7=1",
        "J6=5 K6=0 M6=4 N6=8",
        "E12=5 F12=0 G12=0 H12=3 I12=1",
        "A1=9 B1=8 C1=9 D1=8",
        "I4=2 J4=4 K4=9 L4=1 M4=3",
        "C4=4 D4=3 E4=2 F4=0 G4=2",
        "replace B12=5",
        "A9=2 A10=5 A11=2 A12=8 A13=?4",
    ];

    /// Time enough for every guess, so the moves do not depend on the machine.
    const FIXED: Budget = Budget {
        think: Duration::from_secs(3600),
        samples: 3,
    };

    /// Positions from normal-level games: two players mostly, three for every fifth, and every
    /// third played on until the bag is empty (the others stop before it runs low).
    fn positions() -> Vec<Position> {
        (0..20u64)
            .map(|k| {
                let players = if k % 5 == 4 { 3 } else { 2 };
                let mut position = Position::new(Setup::new(players, 500 + k)).unwrap();
                let until_empty = k % 3 == 2;
                let turns = if until_empty { u64::MAX } else { 2 + 3 * k };
                let stop_at = if until_empty { 0 } else { 10 };
                let mut turn = 0;
                while !position.is_over() && turn < turns && position.bag().len() > stop_at {
                    let mv = normal_move(&position, k * 1000 + turn);
                    position.play(&mv).unwrap();
                    turn += 1;
                }
                position
            })
            .collect()
    }

    /// The baseline plays what the hard level played before the endgame search.
    #[test]
    fn the_baseline_plays_the_recorded_moves() {
        for (k, position) in positions().iter().enumerate() {
            let seed = 77 + k as u64;
            assert!(!position.is_over(), "position {k} is over");
            let played = choose_move_within(position, seed, FIXED).to_string();
            assert_eq!(played, RECORDED[k], "position {k}");
        }
    }
}
