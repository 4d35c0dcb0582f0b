//! What the next player's last placement says about the tiles they kept: a rack that held a
//! much better move would probably have played it, so guesses of their rack lean towards the
//! tiles that make the move they chose a good one.

use std::collections::HashMap;
use std::time::Instant;

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::leaves::{self, LeaveTable};
use crate::abaku::moves::{Move, Placement};
use crate::abaku::position::Position;
use crate::abaku::tiles::Tile;

/// Guesses of the kept tiles tried at most.
const GUESSES: usize = 48;

/// How far below the best move that rack offered (in tenths of a point, by points and leave)
/// the move played may be and still count as what a player holding that rack would play.
const TOLERANCE: i64 = 10;

/// The weight of a guess whose rack held a clearly better move than the one played: small,
/// not nothing, since people play by their own sense of a good move and may miss the best.
const UNLIKELY: f64 = 0.05;

/// The tiles the next player kept at their last placement, guessed and weighed: enough to deal
/// their rack as it may be now, or to weigh a rack they may hold.
#[derive(Debug, Clone)]
pub struct Inference {
    /// The player whose rack it is about.
    next: usize,
    /// Tiles their rack holds that everyone saw come to it: a joker taken back from the board
    /// and not laid again.
    known: Vec<Tile>,
    /// How many tiles they kept that nobody else saw.
    hidden: usize,
    /// The tiles those can be: every tile `me` has not seen but the known ones.
    pool: Vec<Tile>,
    /// The position they chose their placement in, and the tiles it took from their rack.
    before: Position,
    placement: Placement,
    taken: Vec<Tile>,
    /// The weight of each set of kept tiles weighed so far, by the tiles sorted.
    weighed: HashMap<Vec<Tile>, f64>,
    /// Guesses of the tiles they kept from before, each with its weight.
    kept: Vec<(Vec<Tile>, f64)>,
    total: f64,
}

impl Inference {
    /// The guesses of the kept tiles and their weights, heaviest first.
    #[must_use]
    pub fn guesses(&self) -> Vec<(Vec<Tile>, f64)> {
        let mut guesses = self.kept.clone();
        guesses.sort_by(|a, b| b.1.total_cmp(&a.1));
        guesses
    }

    /// Guesses sets of kept tiles as a player who cannot see them would draw them, and weighs
    /// each: [`GUESSES`] of them, or as many as there is time for before `until` (at least one).
    pub fn guess_kept(&mut self, rng: &mut ChaCha8Rng, until: Instant) {
        for _ in 0..GUESSES {
            if !self.kept.is_empty() && Instant::now() >= until {
                break;
            }
            self.pool.shuffle(rng);
            let mut guess = self.pool[..self.hidden].to_vec();
            guess.sort_unstable();
            let weight = self.weight_of(&guess);
            self.total += weight;
            self.kept.push((guess, weight));
        }
    }

    /// One deal of the tiles `me` cannot see: the next player's rack holds one of the guessed
    /// kept tiles ([`Inference::guess_kept`], which must have run), picked by weight, and fresh
    /// tiles; the rest go to the other racks and the bag at random.
    #[must_use]
    pub fn deal(&self, position: &Position, me: usize, rng: &mut ChaCha8Rng) -> Position {
        let mut pick = rng.random::<f64>() * self.total;
        let mut kept: &[Tile] = &self.kept[0].0;
        for (tiles, weight) in &self.kept {
            kept = tiles;
            if pick < *weight {
                break;
            }
            pick -= weight;
        }
        let mut unseen = position.unseen_by(me);
        for tile in self.known.iter().chain(kept) {
            let at = unseen
                .iter()
                .position(|t| t == tile)
                .expect("the kept tiles are among the unseen");
            unseen.swap_remove(at);
        }
        unseen.shuffle(rng);
        let mut deal = position.clone();
        let size = position.rack(self.next).len();
        let mut rack: Vec<Tile> = self.known.iter().chain(kept).copied().collect();
        let fresh = size.saturating_sub(rack.len());
        rack.extend(unseen.split_off(unseen.len() - fresh));
        for (seat, player) in deal.live.players.iter_mut().enumerate() {
            if seat == self.next {
                player.rack.clone_from(&rack);
            } else if seat != me {
                let size = player.rack.len();
                player.rack = unseen.split_off(unseen.len() - size);
            }
        }
        deal.bag = unseen;
        deal
    }

    /// How likely the next player is to hold `rack` now, against a rack dealt blind: the mean
    /// weight of the ways it can hold what they kept (each choice of its tiles counted, as a
    /// draw would), and nothing for a rack without the tiles everyone saw them take.
    pub fn rack_weight(&mut self, rack: &[Tile]) -> f64 {
        let mut rest = rack.to_vec();
        for tile in &self.known {
            match rest.iter().position(|t| t == tile) {
                Some(at) => _ = rest.swap_remove(at),
                None => return 0.0,
            }
        }
        rest.sort_unstable();
        let (mut sum, mut ways) = (0.0, 0u32);
        for_each_choice(&rest, self.hidden, &mut Vec::new(), &mut |kept| {
            sum += self.weight_of(kept);
            ways += 1;
        });
        if ways == 0 {
            0.0
        } else {
            sum / f64::from(ways)
        }
    }

    /// The weight of one set of kept tiles, sorted, worked out once.
    fn weight_of(&mut self, kept: &[Tile]) -> f64 {
        if let Some(&weight) = self.weighed.get(kept) {
            return weight;
        }
        let table = LeaveTable::standard();
        let weight = likelihood(
            &self.before,
            self.next,
            &self.placement,
            &self.taken,
            kept,
            table,
        );
        self.weighed.insert(kept.to_vec(), weight);
        weight
    }
}

/// Calls `each` with every choice of `size` of `tiles` (by place, so a tile held twice is
/// chosen in two ways), in order.
fn for_each_choice(
    tiles: &[Tile],
    size: usize,
    chosen: &mut Vec<Tile>,
    each: &mut impl FnMut(&[Tile]),
) {
    if size == 0 {
        each(chosen);
        return;
    }
    for at in 0..tiles.len() {
        if tiles.len() - at < size {
            break;
        }
        chosen.push(tiles[at]);
        for_each_choice(&tiles[at + 1..], size - 1, chosen, each);
        chosen.pop();
    }
}

/// What the next player's last placement says about their rack, from what `me` knows: `None`
/// when there is nothing to learn (they kept nothing, their last turn was no placement, or a
/// challenge may have taken moves back).
///
/// A set of kept tiles weighs 1 if the placement they chose was, with those tiles, within
/// [`TOLERANCE`] of the best move by points and leave, and [`UNLIKELY`] if not; the weighing
/// happens as racks are asked about ([`Inference::rack_weight`]) or guessed
/// ([`Inference::guess_kept`]).
#[must_use]
pub fn infer(position: &Position, me: usize) -> Option<Inference> {
    if position.variants().challenge || position.pending().is_some() {
        return None;
    }
    let next = position.next_seat();
    if next == me {
        return None;
    }
    let at = position.history().iter().rposition(|r| r.player == next)?;
    let Move::Place(placement) = &position.history()[at].action else {
        return None;
    };
    let mut before = position.clone();
    while before.history().len() > at {
        before.undo().ok()?;
    }
    let taken = taken_from_rack(placement);
    let hidden = before.rack(next).len().checked_sub(taken.len())?;
    let known: Vec<Tile> = leaves::after_placement(&taken, placement)
        .map(|leave| tiles_of(&leave))
        .unwrap_or_default();
    if hidden == 0 || position.rack(next).len() < hidden + known.len() {
        return None;
    }
    let mut pool = position.unseen_by(me);
    for tile in &known {
        let at = pool.iter().position(|t| t == tile)?;
        pool.remove(at);
    }
    Some(Inference {
        next,
        known,
        hidden,
        pool,
        before,
        placement: placement.clone(),
        taken,
        weighed: HashMap::new(),
        kept: Vec::new(),
        total: 0.0,
    })
}

/// The tiles a placement takes from its player's rack: the digit that replaces the joker and
/// every tile laid, less the joker taken back from the board if it is laid again.
fn taken_from_rack(placement: &Placement) -> Vec<Tile> {
    let mut taken: Vec<Tile> = placement
        .replace
        .map(|(_, digit)| Tile::Digit(digit))
        .into_iter()
        .chain(placement.puts.iter().map(|put| put.laid.tile()))
        .collect();
    if placement.replace.is_some()
        && let Some(at) = taken.iter().position(|&t| t == Tile::Joker)
    {
        taken.remove(at);
    }
    taken
}

/// The tiles of a leave.
fn tiles_of(leave: &leaves::Leave) -> Vec<Tile> {
    let mut tiles = Vec::new();
    for (kind, &n) in leave.iter().enumerate() {
        let tile = if kind == leaves::KINDS - 1 {
            Tile::Joker
        } else {
            Tile::Digit(kind as u8)
        };
        tiles.extend(std::iter::repeat_n(tile, usize::from(n)));
    }
    tiles
}

/// How likely a player holding `taken` and `kept` was to choose `placement`: 1 if it was within
/// [`TOLERANCE`] of the best placement or exchange that rack offered, else [`UNLIKELY`].
fn likelihood(
    before: &Position,
    next: usize,
    placement: &Placement,
    taken: &[Tile],
    kept: &[Tile],
    table: &LeaveTable,
) -> f64 {
    let mut held = before.clone();
    held.live.players[next].rack = taken.iter().chain(kept).copied().collect();
    let Ok(scored) = held.evaluate(placement) else {
        return UNLIKELY;
    };
    let played = leaves::placement_value(&held, placement, scored.points, table);
    let best = leaves::best_value(&held, table).unwrap_or(played);
    let exchange = leaves::best_exchange(&held, table).map_or(best, |(value, _)| value);
    if played + TOLERANCE >= best.max(exchange) {
        1.0
    } else {
        UNLIKELY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abaku::position::Setup;
    use rand::SeedableRng;
    use std::time::Duration;

    /// A two-player game of the normal level, played until the player to move has just seen
    /// the other place tiles while keeping some.
    fn after_a_placement(seed: u64, turns: u32) -> Option<Position> {
        let mut position = Position::new(Setup::new(2, seed)).unwrap();
        for turn in 0..turns {
            if position.is_over() {
                return None;
            }
            let mv = leaves::normal_move(&position, LeaveTable::standard(), seed + u64::from(turn));
            position.play(&mv).unwrap();
        }
        let last = position.history().last()?;
        match &last.action {
            Move::Place(p) if p.puts.len() < 5 && !position.is_over() => Some(position),
            _ => None,
        }
    }

    fn later() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    #[test]
    fn every_deal_keeps_the_guessed_tiles_and_deals_the_same_unseen_tiles() {
        let mut checked = 0;
        for seed in 0..20 {
            let Some(position) = after_a_placement(seed, 5) else {
                continue;
            };
            let me = position.to_move();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut inference = infer(&position, me).expect("something to learn");
            inference.guess_kept(&mut rng, later());
            let mut unseen = position.unseen_by(me);
            unseen.sort_unstable();
            for _ in 0..20 {
                let deal = inference.deal(&position, me, &mut rng);
                assert_eq!(deal.rack(me), position.rack(me));
                assert_eq!(deal.rack(1 - me).len(), position.rack(1 - me).len());
                assert_eq!(deal.codes(), position.codes());
                let mut dealt = deal.unseen_by(me);
                dealt.sort_unstable();
                assert_eq!(dealt, unseen, "seed {seed}");
                let rack = deal.rack(1 - me);
                assert!(
                    inference.kept.iter().any(|(kept, _)| {
                        let mut left = rack.to_vec();
                        kept.iter().all(|tile| {
                            left.iter()
                                .position(|t| t == tile)
                                .map(|at| left.swap_remove(at))
                                .is_some()
                        })
                    }),
                    "the rack holds one of the guesses"
                );
            }
            checked += 1;
        }
        assert!(checked >= 8, "{checked}");
    }

    /// Against a player who plays by points and leave, the guesses that fit the move they
    /// chose are the true kept tiles far more often than blind guesses are.
    #[test]
    fn the_weighed_guesses_find_the_kept_tiles_more_often_than_blind_guesses() {
        let (mut weighed, mut blind, mut cases) = (0.0, 0.0, 0);
        for seed in 0..40 {
            let Some(position) = after_a_placement(seed, 3 + (seed % 5) as u32) else {
                continue;
            };
            let me = position.to_move();
            let record = position.history().last().unwrap();
            let Move::Place(placement) = &record.action else {
                unreachable!()
            };
            let mut truth = tiles_of(
                &leaves::after_placement(&record.before.players[1 - me].rack, placement).unwrap(),
            );
            truth.retain(|&t| t != Tile::Joker || placement.replace.is_none());
            truth.sort_unstable();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let Some(mut inference) = infer(&position, me) else {
                continue;
            };
            inference.guess_kept(&mut rng, later());
            let right: f64 = inference
                .kept
                .iter()
                .filter(|(kept, _)| *kept == truth)
                .map(|(_, w)| w)
                .sum();
            weighed += right / inference.total;
            blind += inference
                .kept
                .iter()
                .filter(|(kept, _)| *kept == truth)
                .count() as f64
                / inference.kept.len() as f64;
            cases += 1;
        }
        assert!(cases >= 15, "{cases}");
        assert!(
            weighed > 1.5 * blind,
            "weighed {weighed:.2} against blind {blind:.2} over {cases} cases"
        );
    }

    #[test]
    fn nothing_is_learned_from_a_rack_laid_whole_or_a_first_turn() {
        let opening = Position::new(Setup::new(2, 3)).unwrap();
        assert!(infer(&opening, opening.to_move()).is_none());
        let solo = {
            let mut p = Position::new(Setup::new(1, 3)).unwrap();
            let mv = leaves::normal_move(&p, LeaveTable::standard(), 1);
            p.play(&mv).unwrap();
            p
        };
        assert!(infer(&solo, 0).is_none());
    }
}
