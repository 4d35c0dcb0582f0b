//! The hexagonal board of side n: which cells exist, their neighbours and straight lines.

use std::sync::OnceLock;

use hexx::Hex;

use super::bitboard::{Bitboard, Bits};
use super::cell::Cell;

/// The smallest board side the game offers.
pub const MIN_SIDE: u8 = 3;
/// The largest board side the game offers.
pub const MAX_SIDE: u8 = 8;
/// The side a game has unless another is chosen: 5, the designer's recommendation.
pub const DEFAULT_SIDE: u8 = 5;

/// The six directions as (column, row) steps, in turning order.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

/// Marks a missing neighbour; never a board index, so lookups through it find no stone.
pub(crate) const OFF_BOARD: u8 = u8::MAX;

/// A board side outside 3..=8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the board side must be from {MIN_SIDE} to {MAX_SIDE}, not {0}")]
pub struct BoardSizeError(pub u32);

/// Geometry of one board side, built once and shared by every position of that side.
///
/// Cells are stored at index `col * width + row` with `width = 2 * side`: the one spare row
/// index per column is never a cell, so a shift of a whole bit board in any direction
/// cannot wrap from one column's edge into the next.
#[derive(Debug)]
pub struct Board {
    side: u8,
    width: usize,
    mask: Bitboard,
    /// Index distances of the first three directions, which step to higher indices; the
    /// last three step back by the same distances.
    forward_steps: [u32; 3],
    cells: Vec<Cell>,
    neighbours: Box<[[u8; 6]; 256]>,
}

impl Board {
    /// The shared board of the given side.
    pub fn of_side(side: u32) -> Result<&'static Board, BoardSizeError> {
        static BOARDS: OnceLock<Vec<Board>> = OnceLock::new();
        if !(u32::from(MIN_SIDE)..=u32::from(MAX_SIDE)).contains(&side) {
            return Err(BoardSizeError(side));
        }
        let boards = BOARDS.get_or_init(|| (MIN_SIDE..=MAX_SIDE).map(Board::build).collect());
        Ok(&boards[(side - u32::from(MIN_SIDE)) as usize])
    }

    fn build(side: u8) -> Board {
        let width = 2 * usize::from(side);
        let radius = u32::from(side) - 1;
        let mut cells: Vec<Cell> = hexx::shapes::hexagon(Hex::ZERO, radius)
            .map(|hex| hex_to_cell(side, hex))
            .collect();
        cells.sort();
        let mut mask = Bitboard::EMPTY;
        let mut neighbours = Box::new([[OFF_BOARD; 6]; 256]);
        for &cell in &cells {
            let index = index_in(width, cell);
            mask.insert(index);
            let hex = cell_to_hex(side, cell);
            for (slot, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                // hexx agrees with the (column, row) steps: a column step is +x, a row step is -y.
                let next = hex + Hex::new(i32::from(dc), -i32::from(dr));
                if next.ulength() <= radius {
                    neighbours[index][slot] = index_in(width, hex_to_cell(side, next)) as u8;
                }
            }
        }
        Board {
            side,
            width,
            mask,
            forward_steps: [width as u32, width as u32 + 1, 1],
            cells,
            neighbours,
        }
    }

    /// Cells along each edge.
    #[must_use]
    pub fn side(&self) -> u8 {
        self.side
    }

    /// Number of cells: 3n² - 3n + 1, always odd.
    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Number of columns (and rows): 2n - 1.
    #[must_use]
    pub fn diameter(&self) -> u8 {
        2 * self.side - 1
    }

    /// Every cell, by column then row (A1, A2, ..., B1, ...).
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether the cell lies on this board.
    #[must_use]
    pub fn contains(&self, cell: Cell) -> bool {
        let n = i32::from(self.side);
        let (c, r) = (i32::from(cell.col()), i32::from(cell.row()));
        c < 2 * n - 1 && r < 2 * n - 1 && (c - r).abs() < n
    }

    /// The cell one step from `cell` in direction `(dc, dr)`, if it is on the board.
    #[must_use]
    pub fn step(&self, cell: Cell, (dc, dr): (i8, i8)) -> Option<Cell> {
        let col = cell.col().checked_add_signed(dc)?;
        let row = cell.row().checked_add_signed(dr)?;
        let next = Cell::new(col, row);
        self.contains(next).then_some(next)
    }

    /// The cube-coordinate hex of a cell, centred on the middle of the board, for layout.
    #[must_use]
    pub fn hex(&self, cell: Cell) -> Hex {
        cell_to_hex(self.side, cell)
    }

    /// The cell at a hex, if it is on the board.
    #[must_use]
    pub fn cell_at_hex(&self, hex: Hex) -> Option<Cell> {
        (hex.ulength() < u32::from(self.side)).then(|| hex_to_cell(self.side, hex))
    }

    #[inline]
    pub(crate) fn index(&self, cell: Cell) -> usize {
        index_in(self.width, cell)
    }

    #[inline]
    pub(crate) fn cell(&self, index: usize) -> Cell {
        Cell::new((index / self.width) as u8, (index % self.width) as u8)
    }

    #[inline]
    pub(crate) fn mask(&self) -> Bitboard {
        self.mask
    }

    #[inline]
    pub(crate) fn neighbours(&self, index: usize) -> &[u8; 6] {
        &self.neighbours[index]
    }

    /// Index offset of one step in direction `slot` of [`DIRECTIONS`].
    #[inline]
    pub(crate) fn offset(&self, slot: usize) -> isize {
        let (dc, dr) = DIRECTIONS[slot];
        isize::from(dc) * self.width as isize + isize::from(dr)
    }

    /// Every member of `set` moved one step in direction `slot`. Members that leave the board
    /// land on indices that are no cell (the spare row of each column keeps them from
    /// wrapping onto one), so callers intersect the result with a set of cells, as every
    /// caller does anyway; leaving out the board's mask here saves work in every playout.
    #[inline]
    pub(crate) fn shift<const W: usize>(&self, set: Bits<W>, slot: usize) -> Bits<W> {
        // In the callers' loops over the six slots the branch is known when compiled.
        if slot < 3 {
            set.shifted_up(self.forward_steps[slot])
        } else {
            set.shifted_down(self.forward_steps[slot - 3])
        }
    }

    /// Every cell a member of `stones` reaches by sliding in direction `slot` over cells of
    /// `through` (not stopping at the first), the stones themselves left out.
    #[inline]
    pub(crate) fn slide_reach<const W: usize>(
        &self,
        stones: Bits<W>,
        through: Bits<W>,
        slot: usize,
    ) -> Bits<W> {
        if self.side <= 5 {
            // Rays of up to eight steps: three doubling rounds reach seven steps on, and the
            // last shift the eighth, all without a branch. The longest shift, four diagonal
            // steps, is 44 bits, within a word.
            let (mut reached, mut open) = (stones, through);
            reached |= open & self.shift_steps(reached, slot, 1);
            open &= self.shift_steps(open, slot, 1);
            reached |= open & self.shift_steps(reached, slot, 2);
            open &= self.shift_steps(open, slot, 2);
            reached |= open & self.shift_steps(reached, slot, 4);
            self.shift(reached, slot) & through
        } else {
            let mut reached = Bits::EMPTY;
            let mut front = stones;
            loop {
                front = self.shift(front, slot) & through;
                if front.is_empty() {
                    return reached;
                }
                reached |= front;
            }
        }
    }

    /// [`Self::shift`] by `steps` steps at once, as long as that stays within 63 bits.
    #[inline]
    fn shift_steps<const W: usize>(&self, set: Bits<W>, slot: usize, steps: u32) -> Bits<W> {
        if slot < 3 {
            set.shifted_up(steps * self.forward_steps[slot])
        } else {
            set.shifted_down(steps * self.forward_steps[slot - 3])
        }
    }

    /// Whether every cell's index fits a set of `W` words.
    #[must_use]
    pub(crate) fn fits<const W: usize>(&self) -> bool {
        self.mask.resized::<W>().resized::<4>() == self.mask
    }

    /// `set` together with every cell next to one of its members (and, as with [`Self::shift`],
    /// indices off the board, for the caller to intersect away).
    ///
    /// Four shifts instead of six: a column step and a diagonal step differ by one row step,
    /// so the set grown by a row step one way, moved a column, covers both.
    #[inline]
    pub(crate) fn dilate<const W: usize>(&self, set: Bits<W>) -> Bits<W> {
        let [column, _, row] = self.forward_steps;
        let with_next_rows = set | set.shifted_up(row);
        let with_previous_rows = set | set.shifted_down(row);
        with_next_rows
            | with_previous_rows
            | with_next_rows.shifted_up(column)
            | with_previous_rows.shifted_down(column)
    }
}

fn index_in(width: usize, cell: Cell) -> usize {
    usize::from(cell.col()) * width + usize::from(cell.row())
}

fn cell_to_hex(side: u8, cell: Cell) -> Hex {
    let centre = i32::from(side) - 1;
    Hex::new(
        i32::from(cell.col()) - centre,
        centre - i32::from(cell.row()),
    )
}

fn hex_to_cell(side: u8, hex: Hex) -> Cell {
    let centre = i32::from(side) - 1;
    Cell::new((hex.x + centre) as u8, (centre - hex.y) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(board: &Board) -> String {
        board
            .cells()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn side_five_has_the_documented_cells() {
        let board = Board::of_side(5).unwrap();
        assert_eq!(board.cell_count(), 61);
        let expected = [
            ("A", 1..=5),
            ("B", 1..=6),
            ("C", 1..=7),
            ("D", 1..=8),
            ("E", 1..=9),
            ("F", 2..=9),
            ("G", 3..=9),
            ("H", 4..=9),
            ("I", 5..=9),
        ]
        .iter()
        .flat_map(|(col, rows)| rows.clone().map(move |row| format!("{col}{row}")))
        .collect::<Vec<_>>()
        .join(" ");
        assert_eq!(names(board), expected);
    }

    #[test]
    fn cell_counts_are_odd_for_every_side() {
        for side in 3..=8 {
            let board = Board::of_side(side).unwrap();
            assert_eq!(board.cell_count() as u32, 3 * side * side - 3 * side + 1);
            assert_eq!(board.cell_count() % 2, 1);
        }
        assert_eq!(Board::of_side(2).unwrap_err(), BoardSizeError(2));
        assert_eq!(Board::of_side(9).unwrap_err(), BoardSizeError(9));
    }

    #[test]
    fn neighbour_table_matches_the_stated_steps() {
        for side in 3..=8 {
            let board = Board::of_side(side).unwrap();
            for &cell in board.cells() {
                let index = board.index(cell);
                for (slot, &step) in DIRECTIONS.iter().enumerate() {
                    let table = board.neighbours(index)[slot];
                    match board.step(cell, step) {
                        Some(next) => assert_eq!(usize::from(table), board.index(next)),
                        None => assert_eq!(table, OFF_BOARD),
                    }
                    // Once intersected with the board, as every caller does: no wrap onto a cell.
                    let shifted = board.shift(Bitboard::single(index), slot) & board.mask();
                    let expected = board
                        .step(cell, step)
                        .map_or(Bitboard::EMPTY, |next| Bitboard::single(board.index(next)));
                    assert_eq!(shifted, expected, "{cell} slot {slot} side {side}");
                }
            }
        }
    }

    #[test]
    fn dilation_adds_exactly_the_six_shifts() {
        for side in 3..=8 {
            let board = Board::of_side(side).unwrap();
            let mut set = Bitboard::EMPTY;
            for (n, &cell) in board.cells().iter().enumerate() {
                if n % 3 != 1 {
                    set.insert(board.index(cell));
                }
                let single = Bitboard::single(board.index(cell));
                for probe in [single, set] {
                    let mut expected = probe;
                    for slot in 0..DIRECTIONS.len() {
                        expected |= board.shift(probe, slot);
                    }
                    assert_eq!(board.dilate(probe), expected, "side {side} at {cell}");
                }
            }
        }
    }

    #[test]
    fn slides_reach_every_cell_up_to_the_first_blocker() {
        for side in 3..=8 {
            let board = Board::of_side(side).unwrap();
            let cells = board.cells();
            // Stones on every fifth cell, holes elsewhere: some rays long, some blocked.
            let (mut stones, mut through) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for (n, &cell) in cells.iter().enumerate() {
                match n % 5 {
                    0 => stones.insert(board.index(cell)),
                    1 if side % 2 == 0 => {}
                    _ => through.insert(board.index(cell)),
                }
            }
            for probe in [
                stones,
                Bitboard::single(board.index(cells[cells.len() / 2])),
            ] {
                for (slot, &step) in DIRECTIONS.iter().enumerate() {
                    let mut expected = Bitboard::EMPTY;
                    for start in probe.iter() {
                        let mut cell = board.cell(start);
                        while let Some(next) = board.step(cell, step) {
                            if !through.contains(board.index(next)) {
                                break;
                            }
                            expected.insert(board.index(next));
                            cell = next;
                        }
                    }
                    let reached = board.slide_reach(probe, through & !probe, slot);
                    assert_eq!(reached, expected, "side {side} slot {slot}");
                }
            }
        }
    }

    #[test]
    fn hex_mapping_round_trips() {
        let board = Board::of_side(5).unwrap();
        for &cell in board.cells() {
            assert_eq!(board.cell_at_hex(board.hex(cell)), Some(cell));
        }
        assert_eq!(board.hex("E5".parse().unwrap()), Hex::ZERO);
        assert_eq!(board.cell_at_hex(Hex::new(5, 0)), None);
    }
}
