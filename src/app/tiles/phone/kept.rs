//! A game's phone seats kept while the game is off the screen.

use std::net::SocketAddr;

use bevy::prelude::*;

/// A game's phone seats while the game is off the screen (its settings or rules looked at, a
/// demo over it): its room, which the store keeps, and where the server listened, so that it
/// listens there again when the game comes back and the phones rejoin by themselves.
#[derive(Resource)]
pub struct KeptSeats {
    /// The game's deal, which names it.
    pub(super) seed: u64,
    pub(super) seats: Vec<usize>,
    pub(super) room: String,
    pub(super) address: SocketAddr,
}

impl KeptSeats {
    /// The room kept, which a server started meanwhile in the same folder keeps too.
    #[must_use]
    pub fn room(&self) -> &str {
        &self.room
    }
}
