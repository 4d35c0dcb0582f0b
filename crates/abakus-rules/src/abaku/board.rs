//! Board layouts, cells, bonus squares and directions, loaded from a plain text grid.

use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::error::{LayoutError, NotationError};

/// Layouts are at most 26 columns (letters A-Z) by 99 rows.
pub const MAX_WIDTH: usize = 26;
/// The most rows a layout may have.
pub const MAX_HEIGHT: usize = 99;

/// The four line directions; results stand right or below (the anti-diagonal reads top-right to
/// bottom-left, i.e. still top to bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// Left to right.
    Row,
    /// Top to bottom.
    Col,
    /// Top-left to bottom-right (the diagonal variant).
    Diag,
    /// Top-right to bottom-left (the diagonal variant).
    Anti,
}

impl Dir {
    /// The four directions: the row and the column first, then the two diagonals.
    pub const ALL: [Dir; 4] = [Dir::Row, Dir::Col, Dir::Diag, Dir::Anti];

    /// One step along the direction, as (columns, rows).
    #[must_use]
    pub const fn step(self) -> (i32, i32) {
        match self {
            Dir::Row => (1, 0),
            Dir::Col => (0, 1),
            Dir::Diag => (1, 1),
            Dir::Anti => (-1, 1),
        }
    }

    /// The direction's place in [`Dir::ALL`], for tables kept per direction.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// What a square of the layout does to the tile placed on it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bonus {
    /// No bonus.
    #[default]
    Plain,
    /// A tile laid here counts double.
    TileX2,
    /// A tile laid here counts triple.
    TileX3,
    /// An example through a tile laid here counts double.
    ExampleX2,
    /// An example through a tile laid here counts triple.
    ExampleX3,
    /// The centre start square, an example x2.
    Start,
}

impl Bonus {
    /// What a tile newly laid on the square counts for: 1, 2 or 3 times.
    #[must_use]
    pub const fn tile_factor(self) -> i64 {
        match self {
            Bonus::TileX2 => 2,
            Bonus::TileX3 => 3,
            _ => 1,
        }
    }

    /// What an example through a tile newly laid on the square is multiplied by.
    #[must_use]
    pub const fn example_factor(self) -> i64 {
        match self {
            Bonus::ExampleX2 | Bonus::Start => 2,
            Bonus::ExampleX3 => 3,
            _ => 1,
        }
    }

    /// The square's symbol in layout files: `.`, `t`, `T`, `e`, `E` or `*`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Bonus::Plain => '.',
            Bonus::TileX2 => 't',
            Bonus::TileX3 => 'T',
            Bonus::ExampleX2 => 'e',
            Bonus::ExampleX3 => 'E',
            Bonus::Start => '*',
        }
    }

    /// Reads a symbol of [`Bonus::symbol`].
    #[must_use]
    pub const fn from_symbol(c: char) -> Option<Bonus> {
        Some(match c {
            '.' => Bonus::Plain,
            't' => Bonus::TileX2,
            'T' => Bonus::TileX3,
            'e' => Bonus::ExampleX2,
            'E' => Bonus::ExampleX3,
            '*' => Bonus::Start,
            _ => return None,
        })
    }
}

/// A board layout: size, bonus squares and the one start square.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Layout {
    width: u8,
    height: u8,
    bonuses: Vec<Bonus>,
    start: Cell,
}

const BOARD_A: &str = include_str!("../../boards/abaku-board-a.txt");
const BOARD_B: &str = include_str!("../../boards/abaku-board-b.txt");

impl Layout {
    /// Reads the layout file format: one line per row, one symbol per column (`.tTeE*`).
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .collect();
        Self::from_rows(&lines)
    }

    /// Builds a layout from its rows, as found in layout and position files.
    pub fn from_rows(lines: &[&str]) -> Result<Layout, LayoutError> {
        let height = lines.len();
        if height == 0 {
            return Err(LayoutError::Empty);
        }
        let width = lines[0].chars().count();
        if width == 0 || width > MAX_WIDTH || height > MAX_HEIGHT {
            return Err(LayoutError::Size { width, height });
        }
        let mut bonuses = Vec::with_capacity(width * height);
        let mut start = None;
        for (row, line) in lines.iter().enumerate() {
            if line.chars().count() != width {
                return Err(LayoutError::Ragged {
                    row: row + 1,
                    width,
                });
            }
            for (col, c) in line.chars().enumerate() {
                let bonus = Bonus::from_symbol(c).ok_or(LayoutError::Symbol {
                    row: row + 1,
                    symbol: c,
                })?;
                if bonus == Bonus::Start {
                    if start.is_some() {
                        return Err(LayoutError::Start);
                    }
                    start = Some(Cell::new(col as u8, row as u8));
                }
                bonuses.push(bonus);
            }
        }
        let start = start.ok_or(LayoutError::Start)?;
        Ok(Layout {
            width: width as u8,
            height: height as u8,
            bonuses,
            start,
        })
    }

    /// Game board A, from `boards/abaku-board-a.txt`.
    #[must_use]
    pub fn board_a() -> Layout {
        Self::parse(BOARD_A).unwrap_or_else(|_| Self::bare(15, 15))
    }

    /// Game board B for solo play, from `boards/abaku-board-b.txt`.
    #[must_use]
    pub fn board_b() -> Layout {
        Self::parse(BOARD_B).unwrap_or_else(|_| Self::bare(15, 15))
    }

    /// A board with only the centre start square.
    #[must_use]
    pub fn bare(width: u8, height: u8) -> Layout {
        let width = width.clamp(1, MAX_WIDTH as u8);
        let height = height.clamp(1, MAX_HEIGHT as u8);
        let start = Cell::new(width / 2, height / 2);
        let mut bonuses = vec![Bonus::Plain; usize::from(width) * usize::from(height)];
        bonuses[usize::from(start.row) * usize::from(width) + usize::from(start.col)] =
            Bonus::Start;
        Layout {
            width,
            height,
            bonuses,
            start,
        }
    }

    /// The layout file text, one row per line.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in self.bonuses.chunks(usize::from(self.width)) {
            out.extend(row.iter().map(|b| b.symbol()));
            out.push('\n');
        }
        out
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Squares in all.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bonuses.len()
    }

    /// Whether the layout has no squares (never true of a layout that was read).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bonuses.is_empty()
    }

    /// The start square, which the opening move must cover.
    #[must_use]
    pub fn start(&self) -> Cell {
        self.start
    }

    /// Whether the cell lies on the board.
    #[must_use]
    pub fn contains(&self, cell: Cell) -> bool {
        usize::from(cell.col) < self.width() && usize::from(cell.row) < self.height()
    }

    /// The flat index of a cell known to be on the board.
    #[must_use]
    pub fn index(&self, cell: Cell) -> usize {
        usize::from(cell.row) * self.width() + usize::from(cell.col)
    }

    /// The cell at a flat index.
    #[must_use]
    pub fn cell(&self, index: usize) -> Cell {
        Cell::new((index % self.width()) as u8, (index / self.width()) as u8)
    }

    /// The bonus of a cell (plain off the board).
    #[must_use]
    pub fn bonus(&self, cell: Cell) -> Bonus {
        self.bonuses
            .get(self.index(cell))
            .copied()
            .unwrap_or_default()
    }

    /// The bonus of a flat index (plain off the board).
    #[must_use]
    pub fn bonus_at(&self, index: usize) -> Bonus {
        self.bonuses.get(index).copied().unwrap_or_default()
    }

    /// Reads a cell name and checks it lies on this board.
    pub fn parse_cell(&self, text: &str) -> Result<Cell, NotationError> {
        Cell::parse(text)
            .filter(|&cell| self.contains(cell))
            .ok_or_else(|| NotationError::UnknownCell(text.to_string()))
    }

    /// The neighbour one step along `dir` (backwards when `forward` is false), if on the board.
    #[must_use]
    pub fn step(&self, index: usize, dir: Dir, forward: bool) -> Option<usize> {
        let (dx, dy) = dir.step();
        let (dx, dy) = if forward { (dx, dy) } else { (-dx, -dy) };
        let col = (index % self.width()) as i32 + dx;
        let row = (index / self.width()) as i32 + dy;
        if col < 0 || row < 0 || col >= self.width() as i32 || row >= self.height() as i32 {
            None
        } else {
            Some(row as usize * self.width() + col as usize)
        }
    }

    /// Every line of the board in `dir`, each as its cell indices in reading order.
    #[must_use]
    pub fn lines(&self, dir: Dir) -> Vec<Vec<usize>> {
        let (w, h) = (self.width(), self.height());
        let starts: Vec<usize> = match dir {
            Dir::Row => (0..h).map(|r| r * w).collect(),
            Dir::Col => (0..w).collect(),
            Dir::Diag => (0..w).chain((1..h).map(|r| r * w)).collect(),
            Dir::Anti => (0..w).chain((1..h).map(|r| r * w + w - 1)).collect(),
        };
        starts
            .into_iter()
            .map(|s| {
                let mut line = vec![s];
                let mut at = s;
                while let Some(next) = self.step(at, dir, true) {
                    line.push(next);
                    at = next;
                }
                line
            })
            .collect()
    }
}

/// What lies on a square: nothing, a digit tile, or a joker that is a blank on later turns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Square {
    /// No tile.
    #[default]
    Empty,
    /// A digit tile.
    Digit(u8),
    /// The joker: its declared digit counts in the turn it is laid, and after that it is a
    /// blank that breaks lines and that no new tile from 1 to 9 may touch in its row or column
    /// (or along a diagonal with the diagonal variant), until a player swaps a digit tile for it.
    Joker,
}
