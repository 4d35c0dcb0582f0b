//! Computer players for the tile game. They decide from what a person in their seat could
//! know: the board, the scores, their own rack and how many tiles the bag holds; never another
//! rack or the bag's order.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::moves::Move;
use super::position::Position;
use super::tiles::Tile;

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// Any legal placement, not the best one.
    Easy,
    /// The placement that scores the most now, keeping the joker for a turn it is worth more.
    Normal,
}

/// Points a placement must gain by using the joker before the normal level spends it: a joker
/// kept is worth more later (and costs its holder 10 if the game ends with it on the rack).
const JOKER_WORTH: i64 = 6;

/// The move this level plays for the player to move.
#[must_use]
pub fn choose_move(position: &Position, level: Level, seed: u64) -> Move {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let me = position.to_move();
    let rack = position.rack(me);
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
            Level::Normal => {
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
    // Nothing to lay: swap what is on the rack (the joker stays) while the bag allows it.
    let give: Vec<Tile> = rack.iter().copied().filter(|&t| t != Tile::Joker).collect();
    let room = position.bag().len().min(give.len());
    if room > 0 {
        return Move::Exchange(give[..room].to_vec());
    }
    let _ = rng.random::<u8>();
    Move::Pass
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::abaku::position::Setup;

    #[test]
    fn every_choice_is_a_move_the_rules_take() {
        for seed in 0..6 {
            for level in [Level::Easy, Level::Normal] {
                let mut position = Position::new(Setup::new(2, seed)).unwrap();
                for turn in 0..30 {
                    if position.is_over() {
                        break;
                    }
                    let mv = choose_move(&position, level, seed * 100 + turn);
                    position
                        .play(&mv)
                        .unwrap_or_else(|e| panic!("{level:?} chose {mv}: {e}"));
                }
            }
        }
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
}
