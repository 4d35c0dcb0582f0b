//! A player that picks uniformly among legal placements, for self-play and property tests.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::error::SetupError;
use super::moves::Move;
use super::position::{Position, Setup};

/// Games are cut off after this many turns; random exchanges could otherwise go on for long.
pub const MAX_TURNS: u32 = 2000;

/// A random legal placement if there is one; otherwise an exchange or a pass. In the challenge
/// variant it sometimes challenges the move just played.
#[must_use]
pub fn random_move(position: &Position, rng: &mut ChaCha8Rng) -> Move {
    let me = position.to_move();
    if let Some(pending) = position.pending()
        && pending.player != me
        && rng.random_bool(0.1)
    {
        return Move::Challenge(me);
    }
    let placements = position.legal_placements();
    if let Some(p) = placements.choose(rng) {
        return Move::Place(p.clone());
    }
    let rack = position.rack(me);
    let most = rack.len().min(position.bag().len());
    if most > 0 && rng.random_bool(0.5) {
        let count = rng.random_range(1..=most);
        let give: Vec<_> = rack.choose_multiple(rng, count).copied().collect();
        return Move::Exchange(give);
    }
    Move::Pass
}

/// Plays one game between random players to the end (or the turn limit).
pub fn random_game(setup: Setup, ai_seed: u64) -> Result<Position, SetupError> {
    let mut position = Position::new(setup)?;
    let mut rng = ChaCha8Rng::seed_from_u64(ai_seed);
    while !position.is_over() && position.turns() < MAX_TURNS {
        let mv = random_move(&position, &mut rng);
        if position.play(&mv).is_err() {
            // Every move offered is legal, so this only guards against an endless loop.
            let _ = position.play(&Move::Pass);
        }
    }
    Ok(position)
}
