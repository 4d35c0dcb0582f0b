//! The hard level's look-ahead: the best candidates by points and leave played on deals of the
//! unseen tiles against the next player's best reply: every deal near the end, guessed ones
//! until the best is clear before.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::Budget;
use super::baseline::guess_hidden;
use super::leaves::{self, LeaveTable};
use crate::abaku::moves::Move;
use crate::abaku::position::Position;
use crate::abaku::tiles::{Side, Tile};

/// Candidates the look-ahead starts from, by static value.
const CANDIDATES: usize = 12;

/// Guesses every candidate gets before any is dropped.
const FIRST_GUESSES: u32 = 4;

/// How sure the look-ahead must be that a candidate is worse than the leader before it drops
/// it: its mean difference from the leader more than this many standard errors below zero.
/// The test is made after every guess for each of a dozen candidates, so at two standard
/// errors a candidate as good as the leader was too often dropped early; at three the hard
/// level won more of the same games against normal (docs/computer-players.md).
const DROP_AT: f64 = 3.0;

/// One candidate: the move, its static value (points and leave, in tenths), and its value on
/// each deal so far.
pub(super) struct Candidate {
    pub(super) mv: Move,
    pub(super) value: i64,
    pub(super) looks: Vec<i64>,
}

/// The look-ahead's move for the player to move. Every candidate still in the running is valued
/// on each deal at its static value less what the next player's best reply is worth to them
/// (its points and leave), and every candidate sees the same deals, so their differences are
/// compared deal by deal.
///
/// When the next player's rack can be one of at most `budget.samples` sets of tiles (the
/// pre-endgame: a few tiles in the bag), each set is a deal, weighted by how many ways the
/// unseen tiles give it, likeliest first. Otherwise each deal is a guess: the unseen tiles
/// dealt again at random, and a candidate clearly behind the leader (by three standard errors)
/// is dropped. It stops when one candidate is left, after every deal or `budget.samples`
/// guesses, or before a deal that would run past `budget.think`.
#[must_use]
pub fn hard_move(position: &Position, seed: u64, budget: Budget) -> Move {
    hard_move_on(position, seed, budget, 1)
}

/// [`hard_move`] with the deals shared among `threads` threads, a batch of one deal a thread
/// at a time. The deals and the order in which their values are weighed are those of one
/// thread, so the move is the same on any number of threads when the budget's guesses, not
/// its time, end the look-ahead; in a given time more threads weigh more deals.
#[must_use]
pub fn hard_move_on(position: &Position, seed: u64, budget: Budget, threads: usize) -> Move {
    let started = Instant::now();
    let table = LeaveTable::standard();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let me = position.to_move();
    let mut candidates = candidates(position, table, &mut rng);
    if candidates.len() <= 1 {
        return candidates.pop().map_or(Move::Pass, |c| c.mv);
    }
    let most = usize::try_from(budget.samples.max(1)).unwrap_or(usize::MAX);
    let weights = match every_deal(position, most) {
        Some(deals) => {
            weigh_every_deal(&mut candidates, deals, me, (started, budget.think), threads)
        }
        None => weigh_guesses(
            &mut candidates,
            position,
            &mut |rng| guess_hidden(position, me, rng),
            &mut rng,
            (started, budget),
            (Dropping::ClearlyWorse, threads),
        ),
    };
    best_of(candidates, &weights)
}

/// For measuring what reading the other player's last move could tell at best, never for a
/// seat: the hard level's look-ahead knowing the tiles the other player kept at their last
/// turn (read from their rack), guessing only the tiles they drew since.
#[must_use]
pub fn kept_sighted_move(position: &Position, seed: u64, budget: Budget) -> Move {
    let started = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let me = position.to_move();
    let next = position.next_seat();
    if next == me || position.players().len() > 2 {
        return hard_move(position, seed, budget);
    }
    let mut candidates = candidates(position, LeaveTable::standard(), &mut rng);
    if candidates.len() <= 1 {
        return candidates.pop().map_or(Move::Pass, |c| c.mv);
    }
    let kept = kept_by(position, next);
    let most = usize::try_from(budget.samples.max(1)).unwrap_or(usize::MAX);
    let weights = match every_deal(position, most) {
        Some(deals) => {
            let deals: Vec<(Position, i64)> = deals
                .into_iter()
                .filter(|(deal, _)| holds(deal.rack(next), &kept))
                .collect();
            weigh_every_deal(&mut candidates, deals, me, (started, budget.think), 1)
        }
        None => weigh_guesses(
            &mut candidates,
            position,
            &mut |rng| guess_beside(position, me, next, &kept, rng),
            &mut rng,
            (started, budget),
            (Dropping::ClearlyWorse, 1),
        ),
    };
    best_of(candidates, &weights)
}

/// The tiles `seat` kept at their last turn: their rack less what they drew since.
fn kept_by(position: &Position, seat: usize) -> Vec<Tile> {
    let mut rack = position.rack(seat).to_vec();
    if let Some(last) = position.history().iter().rev().find(|t| t.player == seat) {
        for tile in &last.drawn {
            take_one(&mut rack, *tile);
        }
    }
    rack
}

/// Whether `rack` holds every tile of `part`.
fn holds(rack: &[Tile], part: &[Tile]) -> bool {
    let mut rest = rack.to_vec();
    part.iter().all(|tile| take_one(&mut rest, *tile))
}

/// Takes one `tile` out of `tiles`; false when there is none.
fn take_one(tiles: &mut Vec<Tile>, tile: Tile) -> bool {
    let at = tiles.iter().position(|&t| t == tile);
    at.map(|at| tiles.remove(at)).is_some()
}

/// A guess of the unseen tiles with `kept` in `next`'s rack.
fn guess_beside(
    position: &Position,
    me: usize,
    next: usize,
    kept: &[Tile],
    rng: &mut ChaCha8Rng,
) -> Position {
    use rand::seq::SliceRandom;
    let mut unseen = position.unseen_by(me);
    for &tile in kept {
        assert!(take_one(&mut unseen, tile), "kept tiles are unseen");
    }
    unseen.shuffle(rng);
    let size = position.rack(next).len();
    let mut rack = kept.to_vec();
    rack.extend(unseen.split_off(unseen.len() - (size - kept.len())));
    rack.sort_unstable();
    // The rest stays shuffled, the bag's order being a guess too.
    let mut all = unseen;
    all.extend(&rack);
    dealt(position, me, next, &all, rack)
}

/// For measuring how much the tiles' luck leaves to skill, never for a seat: the hard level's
/// look-ahead on the one true deal, reading the other racks (so the next player's best reply
/// is known, not guessed), and with the bag empty and two players the exact endgame search.
#[must_use]
pub fn sighted_move(position: &Position, seed: u64, budget: Budget) -> Move {
    let started = Instant::now();
    if let Some(solved) = super::endgame::solve(position, started + budget.think) {
        return solved.best;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let me = position.to_move();
    let mut candidates = candidates(position, LeaveTable::standard(), &mut rng);
    if candidates.len() <= 1 {
        return candidates.pop().map_or(Move::Pass, |c| c.mv);
    }
    let truth = vec![(position.clone(), 1)];
    let weights = weigh_every_deal(&mut candidates, truth, me, (started, Duration::MAX), 1);
    best_of(candidates, &weights)
}

/// The candidate of the highest weighted mean, the first among equals.
fn best_of(mut candidates: Vec<Candidate>, weights: &[i64]) -> Move {
    let best = (0..candidates.len())
        .max_by_key(|&k| (mean(&candidates[k].looks, weights), std::cmp::Reverse(k)))
        .unwrap_or(0);
    candidates.swap_remove(best).mv
}

/// How the look-ahead treats a candidate clearly behind the leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dropping {
    /// Dropped after the first [`FIRST_GUESSES`], to spend the time on the others.
    ClearlyWorse,
    /// Kept to the end: a review values the move played however bad it is.
    None,
}

/// Values every candidate on deals made by `guess` until `budget` runs out or one is left,
/// dropping as `dropping` says; every guess weighs the same. The guesses are weighed `threads`
/// at a time, but in order, each candidate dropped after the guess it would be dropped after
/// on one thread.
pub(super) fn weigh_guesses(
    candidates: &mut Vec<Candidate>,
    position: &Position,
    guess: &mut dyn FnMut(&mut ChaCha8Rng) -> Position,
    rng: &mut ChaCha8Rng,
    (started, budget): (Instant, Budget),
    (dropping, threads): (Dropping, usize),
) -> Vec<i64> {
    let me = position.to_move();
    let samples = budget.samples.max(1) as usize;
    // A round of three or four players varies more from deal to deal than one reply does, so
    // half the longest batch again is kept in hand to stay inside the think time.
    let spare = if position.players().len() > 2 { 3 } else { 2 };
    let mut longest = Duration::ZERO;
    let mut weights = Vec::new();
    while weights.len() < samples && (weights.is_empty() || candidates.len() > 1) {
        if !weights.is_empty() && started.elapsed() + longest * spare / 2 >= budget.think {
            break;
        }
        let began = Instant::now();
        let batch = threads.max(1).min(samples - weights.len());
        let guesses: Vec<Position> = (0..batch).map(|_| guess(rng)).collect();
        let values = values_on(candidates, &guesses.iter().collect::<Vec<_>>(), me);
        longest = longest.max(began.elapsed());
        // Each candidate's place in the batch's lists, as candidates are dropped.
        let mut places: Vec<usize> = (0..candidates.len()).collect();
        for on_guess in values {
            for (candidate, &place) in candidates.iter_mut().zip(&places) {
                candidate.looks.push(on_guess[place]);
            }
            weights.push(1);
            if dropping == Dropping::ClearlyWorse && weights.len() >= FIRST_GUESSES as usize {
                let kept = drop_the_clearly_worse(candidates);
                places = places
                    .into_iter()
                    .zip(kept)
                    .filter(|(_, k)| *k)
                    .map(|(p, _)| p)
                    .collect();
            }
            if candidates.len() == 1 {
                break;
            }
        }
    }
    weights
}

/// Values every candidate on each of `deals` in turn (at least the first), `threads` deals at
/// a time, stopping before a batch that would run past `think`; returns the weights of the
/// deals looked at.
pub(super) fn weigh_every_deal(
    candidates: &mut [Candidate],
    deals: Vec<(Position, i64)>,
    me: usize,
    (started, think): (Instant, Duration),
    threads: usize,
) -> Vec<i64> {
    let mut longest = Duration::ZERO;
    let mut weights = Vec::new();
    for batch in deals.chunks(threads.max(1)) {
        if !weights.is_empty() && started.elapsed().saturating_add(longest) >= think {
            break;
        }
        let began = Instant::now();
        let positions: Vec<&Position> = batch.iter().map(|(deal, _)| deal).collect();
        let values = values_on(candidates, &positions, me);
        for (values, (_, weight)) in values.into_iter().zip(batch) {
            for (candidate, value) in candidates.iter_mut().zip(values) {
                candidate.looks.push(value);
            }
            weights.push(*weight);
        }
        longest = longest.max(began.elapsed());
    }
    weights
}

/// Every candidate's value on each deal ([`on_deal`]), a list a deal in the deals' order; a
/// thread a deal when there are several.
fn values_on(candidates: &[Candidate], deals: &[&Position], me: usize) -> Vec<Vec<i64>> {
    let on = |deal: &Position| -> Vec<i64> {
        candidates
            .iter()
            .map(|candidate| on_deal(deal, me, candidate))
            .collect()
    };
    if deals.len() <= 1 {
        return deals.iter().map(|deal| on(deal)).collect();
    }
    std::thread::scope(|scope| {
        let running: Vec<_> = deals
            .iter()
            .map(|&deal| scope.spawn(move || on(deal)))
            .collect();
        running
            .into_iter()
            .map(|thread| thread.join().expect("a look-ahead thread"))
            .collect()
    })
}

/// Every rack the next player can hold, as a deal of the unseen tiles with that rack in the next
/// seat (the rest in the other seats and the bag in a fixed order, since only the next reply is
/// valued), with the number of ways of dealing it, likeliest first; `None` when there are more
/// than `most` such racks or no other player.
pub(super) fn every_deal(position: &Position, most: usize) -> Option<Vec<(Position, i64)>> {
    let me = position.to_move();
    let next = position.next_seat();
    // With more players every rack matters to the round the look-ahead plays, and listing
    // only the next one's would deal the others in a fixed order.
    if next == me || position.players().len() > 2 {
        return None;
    }
    let unseen = position.unseen_by(me);
    let mut kinds: Vec<(Tile, usize)> = Vec::new();
    for &tile in &unseen {
        match kinds.last_mut() {
            Some((kind, count)) if *kind == tile => *count += 1,
            _ => kinds.push((tile, 1)),
        }
    }
    let size = position.rack(next).len();
    let mut racks = Vec::new();
    if !every_rack(&kinds, size, &mut Vec::new(), 1, &mut racks, most) {
        return None;
    }
    let mut deals: Vec<(Position, i64)> = racks
        .into_iter()
        .map(|(rack, ways)| (dealt(position, me, next, &unseen, rack), ways))
        .collect();
    deals.sort_by_key(|(_, ways)| std::cmp::Reverse(*ways));
    Some(deals)
}

/// Adds to `racks` every choice of `size` more tiles from `kinds` (each with the number of
/// ways of drawing it), after `chosen`; false as soon as there are more than `most`.
fn every_rack(
    kinds: &[(Tile, usize)],
    size: usize,
    chosen: &mut Vec<Tile>,
    ways: i64,
    racks: &mut Vec<(Vec<Tile>, i64)>,
    most: usize,
) -> bool {
    if size == 0 {
        racks.push((chosen.clone(), ways));
        return racks.len() <= most;
    }
    let Some((&(tile, count), rest)) = kinds.split_first() else {
        return true;
    };
    let left: usize = rest.iter().map(|(_, n)| n).sum();
    for take in (0..=count.min(size)).rev() {
        if size - take > left {
            continue;
        }
        chosen.extend(std::iter::repeat_n(tile, take));
        let fits = every_rack(
            rest,
            size - take,
            chosen,
            ways * choose(count, take),
            racks,
            most,
        );
        chosen.truncate(chosen.len() - take);
        if !fits {
            return false;
        }
    }
    true
}

/// The number of ways of choosing `k` of `n`.
fn choose(n: usize, k: usize) -> i64 {
    (0..k).fold(1, |ways, i| ways * (n - i) as i64 / (i + 1) as i64)
}

/// The position with `rack` in the next seat and the rest of the unseen tiles in the other
/// seats and the bag.
fn dealt(
    position: &Position,
    me: usize,
    next: usize,
    unseen: &[Tile],
    rack: Vec<Tile>,
) -> Position {
    let mut rest = unseen.to_vec();
    for &tile in &rack {
        assert!(take_one(&mut rest, tile), "the rack is of unseen tiles");
    }
    let mut deal = position.clone();
    for (seat, player) in deal.live.players.iter_mut().enumerate() {
        if seat == next {
            player.rack.clone_from(&rack);
        } else if seat != me {
            let size = player.rack.len();
            player.rack = rest.split_off(rest.len() - size);
        }
    }
    deal.bag = rest;
    deal
}

/// The best placements by static value, and the best exchange (by what it keeps) where the
/// bag allows one, best first.
pub(super) fn candidates(
    position: &Position,
    table: &LeaveTable,
    rng: &mut ChaCha8Rng,
) -> Vec<Candidate> {
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

/// What a candidate is worth on one deal, in tenths of a point: its static value less what the
/// next player's best reply is worth to them, its points and leave, as the normal level values
/// a move ([`leaves::best_value`]; their leave counts because a reply that spends good tiles
/// costs them later). Where the player moves again before anyone else (a game alone, or an
/// opponent's lost turn), its points and the best turn of the rack it refills on this deal,
/// which takes the place of the leave's estimate of it. A move the deal refuses is hopeless.
fn on_deal(deal: &Position, me: usize, candidate: &Candidate) -> i64 {
    if deal.players().len() > 2 {
        return round_value(deal, me, candidate);
    }
    let table = LeaveTable::standard();
    let mut after = deal.clone();
    let Ok(scored) = after.play(&candidate.mv) else {
        return candidate.value - i64::MAX / 64;
    };
    if after.is_over() {
        return candidate.value;
    }
    if after.to_move() == me {
        return scored.points * 10 + leaves::best_value(&after, table).unwrap_or(0);
    }
    candidate.value - leaves::best_value(&after, table).unwrap_or(0)
}

/// With three or four players, what a candidate is worth on one deal, in tenths of a point:
/// it is played, then every other player in turn, until this one moves again, plays the move
/// the normal level would ([`best_reply`]); the candidate is worth this player's standing
/// after that round less the strongest opponent's (side against side in a game of pairs),
/// each standing a score and what its leave is worth. So it aims at winning rather than at
/// scoring most: it keeps the leader from their points before a player far behind.
fn round_value(deal: &Position, me: usize, candidate: &Candidate) -> i64 {
    let table = LeaveTable::standard();
    let mut after = deal.clone();
    let Ok(scored) = after.play(&candidate.mv) else {
        return i64::MIN / 64;
    };
    let mut leaves = vec![0; after.players().len()];
    leaves[me] = candidate.value - scored.points * 10;
    while !after.is_over() && after.to_move() != me {
        let seat = after.to_move();
        let (reply, value) = best_reply(&after, table);
        let Ok(scored) = after.play(&reply) else {
            break;
        };
        leaves[seat] = value - scored.points * 10;
    }
    if after.is_over() {
        // The racks' tiles have been counted against their holders.
        leaves.fill(0);
    }
    lead_over_the_strongest(&after, me, &leaves)
}

/// The normal level's move for the player to move with its static value, ties going to the
/// first found: the best placement, or the best exchange where it is worth more, or a pass.
fn best_reply(position: &Position, table: &LeaveTable) -> (Move, i64) {
    let placed = position
        .legal_placements()
        .into_iter()
        .filter_map(|placement| {
            let points = position.evaluate(&placement).ok()?.points;
            Some((
                leaves::placement_value(position, &placement, points, table),
                placement,
            ))
        })
        .max_by_key(|(value, _)| *value);
    match (placed, leaves::best_exchange(position, table)) {
        (Some((value, _)), Some((swap, given))) if swap > value => (Move::Exchange(given), swap),
        (Some((value, placement)), _) => (Move::Place(placement), value),
        (None, Some((swap, given))) => (Move::Exchange(given), swap),
        (None, None) => {
            let rack = position.rack(position.to_move());
            (Move::Pass, leaves::kept_value(position, rack, table))
        }
    }
}

/// This player's standing less the strongest opponent's, in tenths of a point: a standing is a
/// score and what its leave is worth (`leaves`, by seat); in a game of pairs, side against side.
fn lead_over_the_strongest(position: &Position, me: usize, leaves: &[i64]) -> i64 {
    let players = position.players();
    let standing = |seat: usize| players[seat].score * 10 + leaves[seat];
    if position.plays_in_pairs() {
        let side = |side: Side| {
            (0..players.len())
                .filter(|&seat| Side::of_player(seat) == side)
                .map(standing)
                .sum::<i64>()
        };
        let mine = Side::of_player(me);
        let theirs = if mine == Side::Black {
            Side::Red
        } else {
            Side::Black
        };
        return side(mine) - side(theirs);
    }
    let strongest = (0..players.len())
        .filter(|&seat| seat != me && !players[seat].lost)
        .map(standing)
        .max();
    standing(me) - strongest.unwrap_or(0)
}

/// Weighted integer mean, so that equal candidates tie exactly and the first one wins.
pub(super) fn mean(looks: &[i64], weights: &[i64]) -> i64 {
    let total: i64 = weights.iter().sum();
    looks.iter().zip(weights).map(|(v, w)| v * w).sum::<i64>() / total.max(1)
}

/// Drops every candidate whose guess-by-guess difference from the leader is more than
/// [`DROP_AT`] standard errors below zero; says which of them it kept.
fn drop_the_clearly_worse(candidates: &mut Vec<Candidate>) -> Vec<bool> {
    let ones = vec![1; candidates.first().map_or(0, |c| c.looks.len())];
    let Some(leader) = (0..candidates.len()).max_by_key(|&k| mean(&candidates[k].looks, &ones))
    else {
        return Vec::new();
    };
    let leading = candidates[leader].looks.clone();
    let kept: Vec<bool> = candidates
        .iter()
        .enumerate()
        .map(|(k, candidate)| k == leader || !clearly_behind(&candidate.looks, &leading))
        .collect();
    let mut verdicts = kept.iter();
    candidates.retain(|_| *verdicts.next().unwrap_or(&true));
    kept
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
    use crate::abaku::position::Setup;
    use std::collections::HashSet;

    /// A two-player game of the normal level played on until the bag holds `1..=most` tiles.
    fn near_the_end(seed: u64, most: usize) -> Option<Position> {
        let mut position = Position::new(Setup::new(2, seed)).unwrap();
        while position.bag().len() > most && !position.is_over() {
            let mv = leaves::normal_move(&position, LeaveTable::standard(), seed);
            position.play(&mv).unwrap();
        }
        (!position.is_over() && !position.bag().is_empty()).then_some(position)
    }

    fn sorted(tiles: &[Tile]) -> Vec<Tile> {
        let mut tiles = tiles.to_vec();
        tiles.sort_unstable();
        tiles
    }

    /// The unseen tiles of `me`, sorted: the bag and the other rack.
    fn unseen(position: &Position, me: usize) -> Vec<Tile> {
        sorted(&[position.bag(), position.rack(1 - me)].concat())
    }

    #[test]
    fn the_kept_tiles_are_the_rack_less_the_last_draw_and_every_guess_holds_them() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut partly_kept = 0;
        for seed in 0..20 {
            let Some(position) = near_the_end(seed, 40) else {
                continue;
            };
            let me = position.to_move();
            let other = 1 - me;
            let kept = kept_by(&position, other);
            let last = position.history().last().expect("a turn was played");
            assert_eq!(last.player, other);
            assert_eq!(
                sorted(&[kept.as_slice(), &last.drawn].concat()),
                sorted(position.rack(other)),
                "seed {seed}"
            );
            partly_kept += usize::from(!kept.is_empty() && !last.drawn.is_empty());
            let hidden = unseen(&position, me);
            for _ in 0..20 {
                let guess = guess_beside(&position, me, other, &kept, &mut rng);
                assert!(holds(guess.rack(other), &kept), "seed {seed}");
                assert_eq!(guess.rack(other).len(), position.rack(other).len());
                assert_eq!(guess.rack(me), position.rack(me));
                assert_eq!(unseen(&guess, me), hidden, "the same tiles, dealt again");
            }
        }
        assert!(
            partly_kept >= 5,
            "{partly_kept} racks were part kept, part drawn"
        );
    }

    #[test]
    fn every_deal_is_each_rack_the_next_player_can_hold_with_its_odds() {
        let mut checked = 0;
        for seed in 0..30 {
            let Some(position) = near_the_end(seed, 3) else {
                continue;
            };
            let me = position.to_move();
            let deals = every_deal(&position, 10_000).expect("few racks near the end");
            let size = position.rack(1 - me).len();
            let hidden = unseen(&position, me);
            let ways: i64 = deals.iter().map(|(_, w)| w).sum();
            assert_eq!(ways, choose(hidden.len(), size), "seed {seed}");
            let racks: HashSet<Vec<Tile>> = deals
                .iter()
                .map(|(deal, _)| sorted(deal.rack(1 - me)))
                .collect();
            assert_eq!(racks.len(), deals.len(), "each rack once");
            assert!(
                racks.contains(&sorted(position.rack(1 - me))),
                "the true rack is one"
            );
            assert!(
                deals.windows(2).all(|pair| pair[0].1 >= pair[1].1),
                "likeliest first"
            );
            for (deal, _) in &deals {
                assert_eq!(deal.rack(me), position.rack(me));
                assert_eq!(deal.codes(), position.codes());
                assert_eq!(deal.rack(1 - me).len(), size);
                assert_eq!(unseen(deal, me), hidden, "the same tiles, dealt again");
            }
            checked += 1;
        }
        assert!(checked >= 10, "{checked} games reached the pre-endgame");
    }

    #[test]
    fn racks_beyond_the_limit_are_guessed_instead() {
        let opening = Position::new(Setup::new(2, 1)).unwrap();
        assert!(every_deal(&opening, 64).is_none());
        let late = (0..30).find_map(|seed| near_the_end(seed, 3)).unwrap();
        assert!(every_deal(&late, 1).is_none());
    }

    /// Near the end the hard level weighs every deal, which it works out from the unseen tiles as
    /// a whole: dealing the other rack and the bag differently never changes its move.
    #[test]
    fn the_pre_endgame_move_depends_only_on_what_the_player_can_see() {
        let budget = Budget {
            think: Duration::from_secs(60),
            samples: 64,
        };
        let mut compared = 0;
        for seed in 0..30 {
            let Some(position) = near_the_end(seed, 2) else {
                continue;
            };
            let me = position.to_move();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let redealt = guess_hidden(&position, me, &mut rng);
            let chosen = hard_move(&position, seed, budget);
            assert_eq!(chosen, hard_move(&redealt, seed, budget), "seed {seed}");
            position.clone().play(&chosen).expect("a legal move");
            compared += 1;
            if compared == 6 {
                break;
            }
        }
        assert_eq!(compared, 6);
    }

    /// More threads weigh the same deals in the same order: where the guesses, not the time,
    /// end the look-ahead, the move is the one a single thread finds, guessed or listed.
    #[test]
    fn threads_change_the_speed_not_the_move() {
        let budget = Budget {
            think: Duration::from_secs(60),
            samples: 12,
        };
        let mut positions = Vec::new();
        for seed in 0..6u64 {
            let mut position = Position::new(Setup::new(2, seed)).unwrap();
            for turn in 0..seed * 2 {
                let mv = leaves::normal_move(&position, LeaveTable::standard(), turn);
                position.play(&mv).unwrap();
            }
            positions.push(position);
        }
        positions.extend((0..30).filter_map(|seed| near_the_end(seed, 1)).take(3));
        let mut looked_ahead = 0;
        for (k, position) in positions.iter().enumerate() {
            let seed = k as u64;
            let alone = hard_move_on(position, seed, budget, 1);
            for threads in [2, 3, 5] {
                assert_eq!(
                    hard_move_on(position, seed, budget, threads),
                    alone,
                    "position {k}"
                );
            }
            let normal = leaves::normal_move(position, LeaveTable::standard(), seed);
            looked_ahead += usize::from(alone != normal);
        }
        assert_eq!(positions.len(), 9);
        assert!(looked_ahead > 0, "the look-ahead changed no move");
    }

    #[test]
    fn the_lead_is_over_the_strongest_opponent_or_the_other_side() {
        let mut three = Position::new(Setup::new(3, 1)).unwrap();
        for (seat, score) in [(0, 50), (1, 80), (2, 20)] {
            three.live.players[seat].score = score;
        }
        assert_eq!(lead_over_the_strongest(&three, 0, &[0; 3]), -300);
        assert_eq!(lead_over_the_strongest(&three, 1, &[0; 3]), 300);
        assert_eq!(
            lead_over_the_strongest(&three, 0, &[40, 0, 90]),
            -260,
            "the leave counts in the standing"
        );
        three.live.players[1].lost = true;
        assert_eq!(
            lead_over_the_strongest(&three, 0, &[0; 3]),
            300,
            "a player who cannot win is no rival"
        );
        let setup = Setup {
            variants: crate::abaku::Variants {
                spin: true,
                ..Default::default()
            },
            ..Setup::new(4, 1)
        };
        let mut pairs = Position::new(setup).unwrap();
        for (seat, score) in [(0, 10), (1, 20), (2, 30), (3, 5)] {
            pairs.live.players[seat].score = score;
        }
        assert_eq!(lead_over_the_strongest(&pairs, 2, &[0; 4]), 150);
        assert_eq!(lead_over_the_strongest(&pairs, 3, &[0; 4]), -150);
    }

    /// With three or four players the deals are guessed, since every other rack matters to
    /// the round played on them, and the move still depends only on what the player can see.
    #[test]
    fn with_more_players_a_round_is_played_and_the_hard_level_reads_no_rack() {
        let budget = Budget {
            think: Duration::from_secs(60),
            samples: 3,
        };
        for players in [3, 4] {
            let mut position = Position::new(Setup::new(players, 7)).unwrap();
            for turn in 0..3 {
                let mv = leaves::normal_move(&position, LeaveTable::standard(), turn);
                position.play(&mv).unwrap();
            }
            let me = position.to_move();
            assert!(every_deal(&position, 64).is_none(), "guessed, not listed");
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let redealt = guess_hidden(&position, me, &mut rng);
            assert_ne!(redealt.bag(), position.bag());
            let chosen = hard_move(&position, 7, budget);
            assert_eq!(chosen, hard_move(&redealt, 7, budget));
            position.clone().play(&chosen).expect("a legal move");
        }
    }

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
