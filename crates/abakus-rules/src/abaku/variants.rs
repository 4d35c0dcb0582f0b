//! The variants chosen at setup: operations, diagonals, result first, scoring, spin, challenges.

use serde::{Deserialize, Serialize};

use super::board::Dir;
use super::examples::{OpSet, ReadRules};

/// How a turn is scored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scoring {
    /// One point per tile of each example.
    #[default]
    Basic,
    /// Each tile scores its digit.
    Value,
    /// Basic plus two per example.
    TileOp,
    /// One point per example, no bonuses.
    OpsOnly,
}

impl Scoring {
    pub const ALL: [Scoring; 4] = [
        Scoring::Basic,
        Scoring::Value,
        Scoring::TileOp,
        Scoring::OpsOnly,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Basic => "basic",
            Scoring::Value => "value",
            Scoring::TileOp => "tile-op",
            Scoring::OpsOnly => "ops-only",
        }
    }

    #[must_use]
    pub fn from_name(name: &str) -> Option<Scoring> {
        Scoring::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The rack penalty of one tile at the end (`None` for the joker).
    #[must_use]
    pub fn rack_penalty(self, digit: Option<u8>) -> i64 {
        match (self, digit) {
            (Scoring::Value, Some(d)) => i64::from(d),
            (Scoring::Value, None) => 30,
            (_, Some(_)) => 1,
            (_, None) => 10,
        }
    }

    /// What the player who ends the game by laying their last tile gains for one tile left on
    /// another player's rack (`None` for the joker): a point a tile, its digit in value scoring.
    /// The joker counts as one tile (its value is 0), however much it costs its holder.
    #[must_use]
    pub fn finisher_gain(self, digit: Option<u8>) -> i64 {
        match (self, digit) {
            (Scoring::Value, Some(d)) => i64::from(d),
            (Scoring::Value, None) => 0,
            (_, _) => 1,
        }
    }
}

/// Every variant of a game, combinable.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Variants {
    pub ops: OpSet,
    pub diagonal: bool,
    pub result_first: bool,
    pub scoring: Scoring,
    pub spin: bool,
    pub challenge: bool,
}

impl Variants {
    #[must_use]
    pub fn read_rules(&self) -> ReadRules {
        ReadRules {
            ops: self.ops,
            result_first: self.result_first,
        }
    }

    /// The directions in which lines are read and tiles may be laid.
    #[must_use]
    pub fn dirs(&self) -> &'static [Dir] {
        if self.diagonal {
            &Dir::ALL
        } else {
            &Dir::ALL[..2]
        }
    }
}
