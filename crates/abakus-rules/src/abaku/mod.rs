//! The arithmetic tile game Abaku: examples, placements, scoring, joker and variants.

pub mod ai;
mod board;
mod cell;
mod complete;
mod error;
mod eval;
pub mod examples;
mod movegen;
mod moves;
mod notation;
mod position;
pub mod random;
pub mod review;
mod tiles;
mod variants;

pub use board::{Bonus, Dir, Layout, MAX_HEIGHT, MAX_WIDTH, Square};
pub use cell::Cell;
pub use error::{LayoutError, NotationError, PlayError, PositionTextError, SetupError};
pub use eval::{Formed, Scored};
pub use examples::{Op, OpSet, Piece, ReadRules, Reading};
pub use moves::{Laid, Move, Placement, Put};
pub use notation::outcome_text;
pub use position::{
    EndReason, Live, MAX_PLAYERS, Pending, Player, Position, RACK_SIZE, Setup, TurnRecord,
};
pub use tiles::{Side, TILE_COUNT, Tile, full_set};
pub use variants::{Scoring, Variants};
