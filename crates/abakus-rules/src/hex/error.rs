//! Why a move or a game record is refused, in words a player understands.

use super::cell::Cell;
use super::moves::{Color, Move, ParseMoveError};

/// A move that the position refuses. The position is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{mv}: the game is over, the board is full")]
    GameOver { mv: Move },
    #[error("{mv}: {cell} is not on a board of side {side}")]
    OffBoard { mv: Move, cell: Cell, side: u8 },
    #[error("{mv}: {cell} is already taken")]
    Occupied { mv: Move, cell: Cell },
    #[error("{mv}: there is no stone on {from} to slide")]
    NoStone { mv: Move, from: Cell },
    #[error("{mv}: the stone on {from} is {owner}'s, and {mover} is to move")]
    NotYourStone {
        mv: Move,
        from: Cell,
        owner: Color,
        mover: Color,
    },
    #[error("{mv}: a slide must move the stone")]
    Stationary { mv: Move },
    #[error("{mv}: a stone slides in a straight line, and {to} is not in line with {from}")]
    NotInLine { mv: Move, from: Cell, to: Cell },
    #[error("{mv}: the stone on {blocker} is in the way; stones cannot jump")]
    Blocked { mv: Move, blocker: Cell },
    #[error("{mv} would leave the stone on its own; it must join at least one stone of its colour")]
    Alone { mv: Move },
    #[error("{mv} forms a group of {formed}, not smaller than {original}")]
    NotSmaller {
        mv: Move,
        formed: u32,
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
    #[error("move {number}: {source}")]
    Unreadable {
        number: usize,
        #[source]
        source: ParseMoveError,
    },
    #[error("move {number}: {source}")]
    Illegal {
        number: usize,
        #[source]
        source: PlayError,
    },
    #[error(transparent)]
    Size(#[from] super::board::BoardSizeError),
}
