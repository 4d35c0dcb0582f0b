//! The arithmetic tile game Abaku: examples, placements, scoring, joker and variants.

pub mod ai;
pub mod board;
mod cell;
mod complete;
pub mod error;
pub mod eval;
pub mod examples;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod random;
pub mod tiles;
pub mod variants;

pub use board::{Bonus, Dir, Layout, Square};
pub use cell::Cell;
pub use error::{LayoutError, NotationError, PlayError, PositionTextError, SetupError};
pub use eval::{Formed, Scored};
pub use examples::{OpSet, Piece, ReadRules, Reading};
pub use moves::{Laid, Move, Placement, Put};
pub use position::{EndReason, Pending, Player, Position, Setup, TurnRecord};
pub use tiles::{Side, Tile};
pub use variants::{Scoring, Variants};
