//! Cell names on the hex board: a column letter and a row number, such as `C4`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A cell by 0-based column and row; `Cell::new(2, 3)` is `C4`. Whether it lies on a board
/// depends on the board's side, see [`super::Board::contains`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Cell {
    col: u8,
    row: u8,
}

impl Cell {
    /// The widest board (side 8) has 15 columns and rows; names stop at column `Z` and row 26.
    pub const MAX_LINE: u8 = 26;

    /// The cell in column `col` and row `row`, both from 0.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Self {
        Self { col, row }
    }

    /// The column, 0 for `A`.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The row, 0 for `1`.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The column's letter, `A` for column 0; `?` past `Z`, where no board reaches.
    #[must_use]
    pub const fn col_letter(self) -> char {
        if self.col < 26 {
            (b'A' + self.col) as char
        } else {
            '?'
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.col_letter(), u32::from(self.row) + 1)
    }
}

/// A cell name that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\" is not a cell name (a column letter and a row number, such as C4)")]
pub struct ParseCellError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || ParseCellError {
            text: text.to_owned(),
        };
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(error)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(error());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let row: u8 = digits.parse().map_err(|_| error())?;
        if row == 0 || row > Self::MAX_LINE {
            return Err(error());
        }
        Ok(Self::new(letter as u8 - b'A', row - 1))
    }
}

impl TryFrom<String> for Cell {
    type Error = ParseCellError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<Cell> for String {
    fn from(cell: Cell) -> Self {
        cell.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        assert_eq!(Cell::new(2, 3).to_string(), "C4");
        assert_eq!("C4".parse(), Ok(Cell::new(2, 3)));
        assert_eq!("i9".parse(), Ok(Cell::new(8, 8)));
        assert_eq!("O15".parse(), Ok(Cell::new(14, 14)));
    }

    #[test]
    fn any_cell_prints_without_panicking() {
        assert_eq!(Cell::new(255, 255).to_string(), "?256");
    }

    #[test]
    fn bad_names_are_rejected() {
        for text in [
            "", "C", "4", "C0", "C-1", "C04x", "CC4", "é4", "C123", "C27",
        ] {
            assert!(text.parse::<Cell>().is_err(), "{text} should not parse");
        }
    }
}
