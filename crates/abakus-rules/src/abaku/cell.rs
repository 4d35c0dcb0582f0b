//! A square's name on the tile game's board: a column letter and a row number, like `H8`.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A square of the board: column 0 is `A`, row 0 is `1` at the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    /// The column, 0 for `A`.
    pub col: u8,
    /// The row, 0 for `1`.
    pub row: u8,
}

impl Cell {
    /// The cell in column `col` and row `row`, both from 0.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }

    /// Reads `H8`-style names without checking them against a board.
    #[must_use]
    pub fn parse(text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty()
            || rest.len() > 2
            || !rest.bytes().all(|b| b.is_ascii_digit())
            || rest.starts_with('0')
        {
            return None;
        }
        let row: u8 = rest.parse().ok()?;
        Some(Cell {
            col: letter as u8 - b'A',
            row: row - 1,
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'A' + self.col),
            u32::from(self.row) + 1
        )
    }
}
