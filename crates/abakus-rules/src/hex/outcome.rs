//! The end of a hex game: who won, and by how many stones.

use serde::{Deserialize, Serialize};

use super::moves::Color;

/// The end of a game: the board is full and the side with fewer stones wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The side with fewer stones.
    pub winner: Color,
    /// Black's stones on the full board.
    pub black: u32,
    /// White's stones on the full board.
    pub white: u32,
}

impl Outcome {
    /// The result of a full board with these stone counts: fewer stones wins.
    #[must_use]
    pub fn of_counts(black: u32, white: u32) -> Self {
        // The cell count is odd, so the counts always differ.
        let winner = if black < white {
            Color::Black
        } else {
            Color::White
        };
        Self {
            winner,
            black,
            white,
        }
    }
}
