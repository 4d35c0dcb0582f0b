//! Computer players for the tile game. They decide from what a person in their seat could
//! know: the board, the scores, their own rack and which tiles are still unseen; never another
//! rack or the bag's order.

use std::time::{Duration, Instant};

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::moves::{Move, Placement};
use super::position::Position;
use super::tiles::Tile;

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// Any legal placement, not the best one.
    Easy,
    /// The placement that scores the most now, keeping the joker for a turn it is worth more.
    Normal,
    /// The best few candidates played out against guessed racks: what the next player can
    /// score in reply and what its own refilled rack scores next are weighed with the points.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];
}

/// How long the hard level may look ahead, and how many guesses it makes at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The longest the look-ahead may take: it stops before a look that, judged by the longest
    /// so far, would run past it.
    pub think: Duration,
    /// Guessed racks and bags per candidate; the same number gives the same move when the
    /// time allows them all.
    pub samples: u32,
}

impl Default for Budget {
    /// Within a second on the slowest machine we know, however open the board.
    fn default() -> Budget {
        Budget {
            think: Duration::from_millis(900),
            samples: 16,
        }
    }
}

/// Below this many points (less the joker's worth) the hard level weighs an exchange too.
const EXCHANGE_BELOW: i64 = 10;

/// Candidates the hard level looks ahead from.
const CANDIDATES: usize = 8;

/// Points a placement must gain by using the joker before the normal level spends it: a joker
/// kept is worth more later (and costs its holder 10 if the game ends with it on the rack).
const JOKER_WORTH: i64 = 6;

/// The move this level plays for the player to move, the hard level within the default budget.
#[must_use]
pub fn choose_move(position: &Position, level: Level, seed: u64) -> Move {
    choose_move_within(position, level, seed, Budget::default())
}

/// The move this level plays, the hard level looking ahead within `budget`.
#[must_use]
pub fn choose_move_within(position: &Position, level: Level, seed: u64, budget: Budget) -> Move {
    let me = position.to_move();
    if challenges(position, me, level, seed) {
        return Move::Challenge(me);
    }
    if level == Level::Hard {
        return hard_move(position, seed, budget);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scored: Vec<(i64, usize, super::moves::Placement)> = position
        .legal_placements()
        .into_iter()
        .filter_map(|placement| {
            let points = position.evaluate(&placement).ok()?.points;
            let jokers = placement
                .puts
                .iter()
                .filter(|put| put.laid.tile() == Tile::Joker)
                .count();
            Some((points, jokers, placement))
        })
        .collect();
    if !scored.is_empty() {
        let chosen = match level {
            Level::Easy => scored.choose(&mut rng).map(|(_, _, p)| p.clone()),
            Level::Normal | Level::Hard => {
                scored.shuffle(&mut rng);
                scored
                    .into_iter()
                    .max_by_key(|(points, jokers, placement)| {
                        let value = points - JOKER_WORTH * *jokers as i64;
                        (value, placement.puts.len())
                    })
                    .map(|(_, _, placement)| placement)
            }
        };
        if let Some(placement) = chosen {
            return Move::Place(placement);
        }
    }
    let _ = rng.random::<u8>();
    nothing_to_lay(position)
}

/// Whether `seat` challenges the move waiting for challenges (challenge mode). Every level
/// checks the tiles just laid against the board before them, as a player would with the
/// rules at hand; the normal and hard levels challenge exactly the moves that break the
/// rules, the easy level overlooks one in three.
#[must_use]
pub fn challenges(position: &Position, seat: usize, level: Level, seed: u64) -> bool {
    let Some(pending) = position.pending() else {
        return false;
    };
    if pending.player == seat || seat >= position.players().len() {
        return false;
    }
    let Some(super::position::TurnRecord {
        action: Move::Place(placement),
        ..
    }) = position.history().last()
    else {
        return false;
    };
    let mut before = position.clone();
    if before.undo().is_err() {
        return false;
    }
    let wrong = before.evaluate(placement).is_err();
    let overlooked = level == Level::Easy && ChaCha8Rng::seed_from_u64(seed).random_ratio(1, 3);
    wrong && !overlooked
}

/// Nothing to lay: swap what is on the rack (the joker stays) while the bag allows it.
fn nothing_to_lay(position: &Position) -> Move {
    let give = exchange_all(position);
    if give.is_empty() {
        Move::Pass
    } else {
        Move::Exchange(give)
    }
}

/// The rack's tiles but the joker, as many as the bag can take in exchange.
fn exchange_all(position: &Position) -> Vec<Tile> {
    let rack = position.rack(position.to_move());
    let give: Vec<Tile> = rack.iter().copied().filter(|&t| t != Tile::Joker).collect();
    let room = position.bag().len().min(give.len());
    give[..room].to_vec()
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

/// The most the player to move can score with one placement now.
fn best_points(position: &Position) -> i64 {
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
fn guess_hidden(position: &Position, me: usize, rng: &mut ChaCha8Rng) -> Position {
    let mut guess = position.clone();
    let mut unseen: Vec<Tile> = guess.bag.clone();
    for (seat, player) in guess.live.players.iter().enumerate() {
        if seat != me {
            unseen.extend_from_slice(&player.rack);
        }
    }
    // Sorted first, so the guesses depend on which tiles are unseen and never on where they
    // really lie.
    unseen.sort_unstable();
    unseen.shuffle(rng);
    for (seat, player) in guess.live.players.iter_mut().enumerate() {
        if seat != me {
            let size = player.rack.len();
            player.rack = unseen.split_off(unseen.len() - size);
        }
    }
    guess.bag = unseen;
    guess
}

/// The hard level: the best candidates by points (and a full exchange while the bag allows
/// one) are each played on guessed racks and bags; a candidate is worth its points, less the
/// most the next player scores in reply, plus the most this player's refilled rack scores on
/// its next turn, averaged over the guesses. Every candidate sees the same guesses.
fn hard_move(position: &Position, seed: u64, budget: Budget) -> Move {
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
    use super::*;
    use crate::abaku::examples::OpSet;
    use crate::abaku::position::Setup;
    use crate::abaku::variants::{Scoring, Variants};

    /// A few guesses, enough to exercise the look-ahead in a test build.
    const QUICK: Budget = Budget {
        think: Duration::from_secs(60),
        samples: 2,
    };

    /// Every combination the setup menu offers, picked by the bits of `k`.
    fn variants(k: u32) -> Variants {
        Variants {
            ops: [OpSet::All, OpSet::AddSub, OpSet::MulDiv, OpSet::Basic][(k & 3) as usize],
            diagonal: k & 4 != 0,
            result_first: k & 8 != 0,
            scoring: Scoring::ALL[((k >> 4) & 3) as usize],
            spin: k & 64 != 0,
            challenge: k & 128 != 0,
        }
    }

    #[test]
    fn every_choice_is_a_move_the_rules_take() {
        for seed in 0..10u64 {
            for level in Level::ALL {
                let v = variants((seed as u32).wrapping_mul(97) % 256);
                let players = if v.spin { 2 } else { 1 + (seed as usize % 4) };
                let Ok(mut position) = Position::new(Setup {
                    players,
                    variants: v,
                    seed,
                    layout: None,
                }) else {
                    continue;
                };
                let turns = if level == Level::Hard { 8 } else { 30 };
                for turn in 0..turns {
                    if position.is_over() {
                        break;
                    }
                    let mv = choose_move_within(&position, level, seed * 100 + turn, QUICK);
                    position
                        .play(&mv)
                        .unwrap_or_else(|e| panic!("{level:?} chose {mv} under {v:?}: {e}"));
                }
            }
        }
    }

    /// The hard level decides from the unseen tiles as a whole: dealing the other racks and
    /// the bag differently never changes its move.
    #[test]
    fn the_hard_level_never_reads_another_rack_or_the_bag_order() {
        let mut compared = 0;
        for seed in 0..6u64 {
            let mut position = Position::new(Setup::new(2, seed)).unwrap();
            for turn in 0..4 {
                position
                    .play(&choose_move_within(&position, Level::Normal, turn, QUICK))
                    .unwrap();
            }
            if position.is_over() {
                continue;
            }
            let me = position.to_move();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let redealt = guess_hidden(&position, me, &mut rng);
            assert_ne!(
                (
                    redealt.bag.clone(),
                    redealt.live.players[1 - me].rack.clone()
                ),
                (
                    position.bag.clone(),
                    position.live.players[1 - me].rack.clone()
                ),
                "the hidden tiles were dealt differently"
            );
            assert_eq!(redealt.rack(me), position.rack(me));
            let chosen = choose_move_within(&position, Level::Hard, seed, QUICK);
            let unchanged = choose_move_within(&redealt, Level::Hard, seed, QUICK);
            assert_eq!(chosen, unchanged);
            compared += 1;
        }
        assert!(compared >= 4);
    }

    #[test]
    fn normal_scores_more_than_easy() {
        let mut totals = [0i64; 2];
        for seed in 0..4 {
            for (index, level) in [Level::Easy, Level::Normal].into_iter().enumerate() {
                let mut position = Position::new(Setup::new(1, seed)).unwrap();
                for turn in 0..15 {
                    if position.is_over() {
                        break;
                    }
                    position.play(&choose_move(&position, level, turn)).unwrap();
                }
                totals[index] += position.players()[0].score;
            }
        }
        assert!(
            totals[1] > totals[0],
            "normal {} against easy {}",
            totals[1],
            totals[0]
        );
    }

    /// Two-player games of hard against normal, seats swapped each game: the look-ahead
    /// must be worth more points than it costs.
    #[test]
    fn hard_outscores_normal() {
        let mut totals = [0i64; 2];
        for seed in 0..4u64 {
            let mut position = Position::new(Setup::new(2, seed + 40)).unwrap();
            // Seat of the hard player this game.
            let hard = (seed % 2) as usize;
            for turn in 0..60 {
                if position.is_over() {
                    break;
                }
                let level = if position.to_move() == hard {
                    Level::Hard
                } else {
                    Level::Normal
                };
                let budget = Budget {
                    samples: 4,
                    ..QUICK
                };
                let mv = choose_move_within(&position, level, seed * 1000 + turn, budget);
                position.play(&mv).unwrap();
            }
            totals[0] += position.players()[hard].score;
            totals[1] += position.players()[1 - hard].score;
        }
        assert!(
            totals[0] > totals[1],
            "hard {} against normal {}",
            totals[0],
            totals[1]
        );
    }
}
