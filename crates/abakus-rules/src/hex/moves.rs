//! Colours, moves and their notation: `C4` places a stone, `C4-A2` slides one.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::cell::{Cell, ParseCellError};

/// The two sides. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    /// The side that moves first.
    Black,
    /// The side that moves second.
    White,
}

impl Color {
    /// Both sides, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The side's place in [`Color::BOTH`], for tables kept per side.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// One turn: place a stone on an empty cell, or slide one of your stones in a straight line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Move {
    /// A new stone on an empty cell, written like `C4`.
    Place(Cell),
    /// A stone moved along a straight line, written like `C4-A2`.
    Slide {
        /// Where the stone stands.
        from: Cell,
        /// Where it ends.
        to: Cell,
    },
}

impl Move {
    /// The cell the moved or placed stone ends on.
    #[must_use]
    pub const fn to(self) -> Cell {
        match self {
            Move::Place(to) | Move::Slide { to, .. } => to,
        }
    }

    /// Where a sliding stone starts; `None` for a placement.
    #[must_use]
    pub const fn from(self) -> Option<Cell> {
        match self {
            Move::Place(_) => None,
            Move::Slide { from, .. } => Some(from),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(cell) => write!(f, "{cell}"),
            Move::Slide { from, to } => write!(f, "{from}-{to}"),
        }
    }
}

/// Text that is not a move in the notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\" is not a move: write a cell such as C4 to place, or C4-A2 to slide")]
pub struct ParseMoveError {
    /// The text that was read.
    pub text: String,
}

impl From<ParseCellError> for ParseMoveError {
    fn from(error: ParseCellError) -> Self {
        ParseMoveError { text: error.text }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || ParseMoveError {
            text: text.to_owned(),
        };
        match text.split_once('-') {
            None => Ok(Move::Place(text.parse().map_err(|_| error())?)),
            Some((from, to)) => Ok(Move::Slide {
                from: from.parse().map_err(|_| error())?,
                to: to.parse().map_err(|_| error())?,
            }),
        }
    }
}

impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<Move> for String {
    fn from(mv: Move) -> Self {
        mv.to_string()
    }
}

/// Moves separated by spaces, as the notation writes a game record.
#[must_use]
pub fn format_record(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["C4", "C4-A2", "I9-E5", "A1"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
        assert_eq!(
            "c4-a2".parse::<Move>(),
            Ok(Move::Slide {
                from: Cell::new(2, 3),
                to: Cell::new(0, 1)
            })
        );
    }

    #[test]
    fn malformed_moves_are_rejected() {
        for text in ["", "-", "C4-", "-A2", "C4-A2-B3", "C4A2", "pass", "C4 A2"] {
            let error = text.parse::<Move>().unwrap_err();
            assert_eq!(error.text, text);
        }
    }
}
