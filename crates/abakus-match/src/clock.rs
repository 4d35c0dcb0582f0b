//! The time a table allows each turn: a setting of the match, counted by its host.

use serde::{Deserialize, Serialize};

/// The time a table allows each turn, chosen at setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TurnLimit {
    #[default]
    Off,
    Seconds(u32),
}

impl TurnLimit {
    /// What the setup screens offer.
    pub const OFFERED: [TurnLimit; 4] = [
        TurnLimit::Off,
        TurnLimit::Seconds(30),
        TurnLimit::Seconds(60),
        TurnLimit::Seconds(120),
    ];

    /// The seconds of a turn, at least one; `None` without a limit.
    #[must_use]
    pub fn seconds(self) -> Option<f32> {
        match self {
            TurnLimit::Off => None,
            TurnLimit::Seconds(s) => Some(s.max(1) as f32),
        }
    }
}
