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
    /// Every scoring, the basic one first.
    pub const ALL: [Scoring; 4] = [
        Scoring::Basic,
        Scoring::Value,
        Scoring::TileOp,
        Scoring::OpsOnly,
    ];

    /// The scoring's name in positions and on the command line: `basic`, `value`, `tile-op`,
    /// `ops-only`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Basic => "basic",
            Scoring::Value => "value",
            Scoring::TileOp => "tile-op",
            Scoring::OpsOnly => "ops-only",
        }
    }

    /// Reads a name of [`Scoring::name`].
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
    /// The operations that count.
    pub ops: OpSet,
    /// Lines also run along both diagonals.
    pub diagonal: bool,
    /// A result may also stand first, as in `12=8+4`.
    pub result_first: bool,
    /// How turns are scored.
    pub scoring: Scoring,
    /// Spin Abaku: each player's tiles take their side's colour, and tiles of the other colour
    /// used in an example turn to it; the side with more tiles of its colour gains the
    /// difference at the end.
    pub spin: bool,
    /// Challenge mode: placements are not checked against the placement rules when played;
    /// another player may challenge one before the next move accepts it.
    pub challenge: bool,
    /// The short form: the game ends once every player has had this many turns (counted in
    /// rounds from the first player), as a blocked game ends. `None` plays to the bag's end.
    #[serde(default)]
    pub turns_each: Option<u8>,
}

impl Variants {
    /// How digit runs are read under these variants.
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
