//! Why a move or a game record is refused, in words a player understands.

use super::cell::Cell;
use super::moves::{Color, Move, ParseMoveError};

/// A move that the position refuses. The position is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The board is full.
    #[error("{mv}: the game is over, the board is full")]
    GameOver {
        /// The move refused.
        mv: Move,
    },
    /// A cell of the move is off the board.
    #[error("{mv}: {cell} is not on a board of side {side}")]
    OffBoard {
        /// The move refused.
        mv: Move,
        /// The cell off the board.
        cell: Cell,
        /// The board's side.
        side: u8,
    },
    /// The cell a stone would go to holds one already.
    #[error("{mv}: {cell} is already taken")]
    Occupied {
        /// The move refused.
        mv: Move,
        /// The cell taken.
        cell: Cell,
    },
    /// A slide from an empty cell.
    #[error("{mv}: there is no stone on {from} to slide")]
    NoStone {
        /// The move refused.
        mv: Move,
        /// The empty cell.
        from: Cell,
    },
    /// A slide of the opponent's stone.
    #[error("{mv}: the stone on {from} is {owner}'s, and {mover} is to move")]
    NotYourStone {
        /// The move refused.
        mv: Move,
        /// The cell the slide starts on.
        from: Cell,
        /// Whose stone is there.
        owner: Color,
        /// The side to move.
        mover: Color,
    },
    /// A slide that ends where it starts.
    #[error("{mv}: a slide must move the stone")]
    Stationary {
        /// The move refused.
        mv: Move,
    },
    /// A slide to a cell in none of the six directions.
    #[error("{mv}: a stone slides in a straight line, and {to} is not in line with {from}")]
    NotInLine {
        /// The move refused.
        mv: Move,
        /// Where the slide starts.
        from: Cell,
        /// Where it would end.
        to: Cell,
    },
    /// A stone stands between the two ends of the slide.
    #[error("{mv}: the stone on {blocker} is in the way; stones cannot jump")]
    Blocked {
        /// The move refused.
        mv: Move,
        /// The first stone in the way.
        blocker: Cell,
    },
    /// A slide that ends next to no other stone of the mover's colour.
    #[error("{mv} would leave the stone on its own; it must join at least one stone of its colour")]
    Alone {
        /// The move refused.
        mv: Move,
    },
    /// A slide into a group that would not be smaller than the one it leaves.
    #[error("{mv} forms a group of {formed}, not smaller than {original}")]
    NotSmaller {
        /// The move refused.
        mv: Move,
        /// Stones in the group the slide would form.
        formed: u32,
        /// Stones in the group it leaves, counted before the slide.
        original: u32,
    },
}

impl PlayError {
    /// The move that was refused.
    #[must_use]
    pub fn mv(&self) -> Move {
        match *self {
            PlayError::GameOver { mv }
            | PlayError::OffBoard { mv, .. }
            | PlayError::Occupied { mv, .. }
            | PlayError::NoStone { mv, .. }
            | PlayError::NotYourStone { mv, .. }
            | PlayError::Stationary { mv }
            | PlayError::NotInLine { mv, .. }
            | PlayError::Blocked { mv, .. }
            | PlayError::Alone { mv }
            | PlayError::NotSmaller { mv, .. } => mv,
        }
    }
}

/// A game record that cannot be replayed: which move (1-based) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A move that is not in the notation.
    #[error("move {number}: {source}")]
    Unreadable {
        /// The move's number in the record, from 1.
        number: usize,
        /// Why it cannot be read.
        #[source]
        source: ParseMoveError,
    },
    /// A move the position refuses.
    #[error("move {number}: {source}")]
    Illegal {
        /// The move's number in the record, from 1.
        number: usize,
        /// Why it is refused.
        #[source]
        source: PlayError,
    },
    /// The board side is not one the game offers.
    #[error(transparent)]
    Size(#[from] super::board::BoardSizeError),
}
