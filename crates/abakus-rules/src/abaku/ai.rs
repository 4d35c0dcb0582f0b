//! Computer players for the tile game. They decide from what a person in their seat could
//! know: the board, the scores, their own rack and which tiles are still unseen; never another
//! rack or the bag's order.

pub mod appraisal;
pub mod baseline;
pub mod endgame;
pub mod leaves;
pub mod lookahead;
pub mod playout;

use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::moves::Move;
use super::position::Position;
use super::tiles::Tile;
use leaves::LeaveTable;

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// Any legal placement, not the best one.
    Easy,
    /// The move worth the most now: its points and what the tiles it keeps are worth
    /// ([`leaves`]), or an exchange when keeping fewer tiles is worth more.
    Normal,
    /// Normal's best candidates played on guessed deals of the unseen tiles against the next
    /// player's best reply, until the best is clear, and near the end on every deal
    /// ([`lookahead`]). With two players and the bag empty, the exact endgame search
    /// ([`endgame::solve`]).
    Hard,
    /// The hard level with three times its time and four times its guesses
    /// ([`Budget::for_expert`]), its look-ahead on every core but one, for strong players.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Expert];
}

/// How long the hard level may look ahead, and how many guesses it makes at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The longest the look-ahead may take: it stops before a look that, judged by the longest
    /// so far, would run past it. The endgame search stops at it.
    pub think: Duration,
    /// Guessed racks and bags per candidate, and near the end the most racks of the next player
    /// listed instead; the same number gives the same move when the time allows them all.
    pub samples: u32,
}

impl Default for Budget {
    /// Within a second on the slowest machine we know, however open the board; the look-ahead
    /// stops sooner where the best move is clear.
    fn default() -> Budget {
        Budget {
            think: Duration::from_millis(900),
            samples: 64,
        }
    }
}

impl Budget {
    /// The expert level's budget when the hard level's is this one: three times the time and
    /// four times the guesses.
    #[must_use]
    pub fn for_expert(self) -> Budget {
        Budget {
            think: self.think * 3,
            samples: self.samples.saturating_mul(4),
        }
    }

    /// The budget the window gave the hard level before its look-ahead stopped when the best
    /// was clear: 16 guesses within 0.9 s. The baseline plays with it in the matches that
    /// measure today's hard level against it.
    pub const BASELINE_WINDOW: Budget = Budget {
        think: Duration::from_millis(900),
        samples: 16,
    };
}

/// Points a placement must gain by using the joker before the normal level spends it: a joker
/// kept is worth more later (and costs its holder 10 if the game ends with it on the rack).
const JOKER_WORTH: i64 = 6;

/// The move this level plays for the player to move, the hard level within the default budget.
#[must_use]
pub fn choose_move(position: &Position, level: Level, seed: u64) -> Move {
    choose_move_within(position, level, seed, Budget::default())
}

/// The move this level plays, the hard level looking ahead within `budget` (and the expert
/// level within [`Budget::for_expert`] of it).
#[must_use]
pub fn choose_move_within(position: &Position, level: Level, seed: u64, budget: Budget) -> Move {
    let me = position.to_move();
    if challenges(position, me, level, seed) {
        return Move::Challenge(me);
    }
    match level {
        Level::Easy => easy_move(position, seed),
        Level::Normal => leaves::normal_move(position, LeaveTable::standard(), seed),
        Level::Hard => hard_move(position, seed, budget, 1),
        Level::Expert => hard_move(
            position,
            seed,
            budget.for_expert(),
            crate::cores_beside_the_window(),
        ),
    }
}

/// With two players and the bag empty nothing is hidden: the endgame is searched exactly.
/// Everywhere else the hard level looks ahead, on `threads` threads.
fn hard_move(position: &Position, seed: u64, budget: Budget, threads: usize) -> Move {
    match endgame::solve(position, Instant::now() + budget.think) {
        Some(solved) => solved.best,
        None => lookahead::hard_move_on(position, seed, budget, threads),
    }
}

/// Any legal placement, or with none an exchange of every tile but the joker, or a pass.
fn easy_move(position: &Position, seed: u64) -> Move {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match position.legal_placements().choose(&mut rng) {
        Some(placement) => Move::Place(placement.clone()),
        None => nothing_to_lay(position),
    }
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
            turns_each: (k & 256 != 0).then_some(4),
        }
    }

    #[test]
    fn every_choice_is_a_move_the_rules_take() {
        for seed in 0..10u64 {
            for level in Level::ALL {
                let v = variants((seed as u32).wrapping_mul(97) % 512);
                // Spin Abaku is for two, or four in pairs.
                let players = if v.spin {
                    2 + 2 * (seed as usize % 2)
                } else {
                    1 + (seed as usize % 4)
                };
                let Ok(mut position) = Position::new(Setup {
                    players,
                    variants: v,
                    seed,
                    layout: None,
                }) else {
                    continue;
                };
                let turns = match level {
                    Level::Hard => 8,
                    Level::Expert => 2,
                    Level::Easy | Level::Normal => 30,
                };
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
            let redealt = baseline::guess_hidden(&position, me, &mut rng);
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

    /// Alone on board B the look-ahead values each candidate by the best turn of the rack it
    /// refills: over the same deals it scores more than normal, which goes by the leave alone.
    #[test]
    fn hard_outscores_normal_alone() {
        let budget = Budget {
            samples: 4,
            ..QUICK
        };
        let mut totals = [0i64; 2];
        for seed in 0..3u64 {
            for (index, level) in [Level::Hard, Level::Normal].into_iter().enumerate() {
                let mut position = Position::new(Setup::new(1, seed + 70)).unwrap();
                while !position.is_over() {
                    let turn_seed = seed * 1000 + u64::from(position.turns());
                    let mv = choose_move_within(&position, level, turn_seed, budget);
                    position.play(&mv).unwrap();
                }
                totals[index] += position.players()[0].score;
            }
        }
        assert!(
            totals[0] > totals[1],
            "hard {} against normal {}",
            totals[0],
            totals[1]
        );
    }

    /// Two-player games of the hard level's look-ahead against normal, each deal played twice
    /// with the seats swapped: the look-ahead must be worth more points than it costs. It is
    /// bounded by its guesses alone, so the games are the same on any machine; the endgame
    /// search has tests of its own.
    #[test]
    fn hard_outscores_normal() {
        let mut totals = [0i64; 2];
        for game in 0..6u64 {
            let deal = game / 2;
            let mut position = Position::new(Setup::new(2, deal + 40)).unwrap();
            // Seat of the hard player this game.
            let hard = (game % 2) as usize;
            let budget = Budget {
                samples: 8,
                ..QUICK
            };
            while !position.is_over() {
                let seed = deal * 1000 + u64::from(position.turns());
                let mv = if position.to_move() == hard {
                    lookahead::hard_move(&position, seed, budget)
                } else {
                    choose_move_within(&position, Level::Normal, seed, budget)
                };
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
