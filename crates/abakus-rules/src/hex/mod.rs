//! The hex stone game Abakus: board geometry, positions, moves and their notation.

pub mod ai;
mod bitboard;
mod board;
mod cell;
mod error;
mod moves;
mod outcome;
mod playout;
mod position;
pub mod review;

pub use board::{Board, BoardSizeError, DEFAULT_SIDE, DIRECTIONS, MAX_SIDE, MIN_SIDE};
pub use cell::{Cell, ParseCellError};
pub use error::{PlayError, RecordError};
pub use moves::{Color, Move, ParseMoveError, format_record};
pub use outcome::Outcome;
pub use playout::Playout;
pub use position::{LoadError, Position, SavedGame, SetupError};
