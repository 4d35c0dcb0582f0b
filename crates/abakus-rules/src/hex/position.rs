//! A game in progress: stones on the board, whose turn it is, the moves so far, and what is legal.

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::bitboard::{Bitboard, SMALL_WORDS};
use super::board::{Board, BoardSizeError, DIRECTIONS, OFF_BOARD};
use super::cell::Cell;
use super::error::{PlayError, RecordError};
use super::moves::{Color, Move, format_record};
use super::outcome::Outcome;
use super::playout::{Playout, Trace, flood, random_move_in};

/// A starting arrangement that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The board side is not one the game offers.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// A stone off the board.
    #[error("{cell} is not on a board of side {side}")]
    OffBoard {
        /// The cell off the board.
        cell: Cell,
        /// The board's side.
        side: u8,
    },
    /// A cell named for two stones.
    #[error("{cell} is given more than one stone")]
    Twice {
        /// The cell named twice.
        cell: Cell,
    },
}

/// A position of the hex game, with the moves that led to it so they can be undone.
///
/// The position is the single source of truth for the rules: every move is checked here, and
/// a refused move leaves it untouched.
#[derive(Clone, Serialize, Deserialize)]
#[serde(try_from = "SavedGame", into = "SavedGame")]
pub struct Position {
    board: &'static Board,
    stones: [Bitboard; 2],
    turn: Color,
    start: [Bitboard; 2],
    start_turn: Color,
    history: Vec<Move>,
}

impl Position {
    /// The empty board of the given side, Black to move.
    pub fn new(side: u32) -> Result<Self, BoardSizeError> {
        let board = Board::of_side(side)?;
        Ok(Self {
            board,
            stones: [Bitboard::EMPTY; 2],
            turn: Color::Black,
            start: [Bitboard::EMPTY; 2],
            start_turn: Color::Black,
            history: Vec::new(),
        })
    }

    /// A position with stones already on the board (for puzzles, diagrams and tests).
    /// Undo goes back to this arrangement, not further.
    pub fn setup(
        side: u32,
        black: &[Cell],
        white: &[Cell],
        turn: Color,
    ) -> Result<Self, SetupError> {
        let mut position = Self::new(side)?;
        for (color, cells) in [(Color::Black, black), (Color::White, white)] {
            for &cell in cells {
                if !position.board.contains(cell) {
                    return Err(SetupError::OffBoard {
                        cell,
                        side: position.side(),
                    });
                }
                let index = position.board.index(cell);
                if position.occupied().contains(index) {
                    return Err(SetupError::Twice { cell });
                }
                position.stones[color.index()].insert(index);
            }
        }
        position.turn = turn;
        position.start = position.stones;
        position.start_turn = turn;
        Ok(position)
    }

    /// The position a game record reaches from the empty board.
    pub fn from_record(side: u32, record: &str) -> Result<Self, RecordError> {
        let mut position = Self::new(side)?;
        position.play_record(record)?;
        Ok(position)
    }

    /// Plays every move of a record; on the first bad one, stops and says which and why,
    /// leaving the moves before it played.
    pub fn play_record(&mut self, record: &str) -> Result<(), RecordError> {
        for (number, text) in record.split_whitespace().enumerate() {
            let number = number + 1;
            let mv: Move = text
                .parse()
                .map_err(|source| RecordError::Unreadable { number, source })?;
            self.play(mv)
                .map_err(|source| RecordError::Illegal { number, source })?;
        }
        Ok(())
    }

    /// The board the game is played on.
    #[must_use]
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The board's side.
    #[must_use]
    pub fn side(&self) -> u8 {
        self.board.side()
    }

    /// Whose move it is.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The stone on a cell, if any (none off the board).
    #[must_use]
    pub fn stone_at(&self, cell: Cell) -> Option<Color> {
        if !self.board.contains(cell) {
            return None;
        }
        let index = self.board.index(cell);
        Color::BOTH
            .into_iter()
            .find(|color| self.stones[color.index()].contains(index))
    }

    /// The cells holding `color`'s stones, by column then row.
    #[must_use]
    pub fn stones(&self, color: Color) -> Vec<Cell> {
        self.cells_of(self.stones[color.index()])
    }

    /// How many stones `color` has on the board.
    #[must_use]
    pub fn count(&self, color: Color) -> u32 {
        self.stones[color.index()].count()
    }

    /// How many cells are empty.
    #[must_use]
    pub fn empty_count(&self) -> u32 {
        self.empty().count()
    }

    /// Whether the board is full, which ends the game.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.empty().is_empty()
    }

    /// The result once the board is full; `None` while the game goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_full() {
            return None;
        }
        Some(Outcome::of_counts(
            self.count(Color::Black),
            self.count(Color::White),
        ))
    }

    /// The moves played since the start, oldest first.
    #[must_use]
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The moves that lead from `earlier` to this position, when this position is `earlier`
    /// played on (the same board, the same start, its moves and then more).
    #[must_use]
    pub fn moves_since(&self, earlier: &Position) -> Option<&[Move]> {
        let same_start = std::ptr::eq(self.board, earlier.board)
            && self.start == earlier.start
            && self.start_turn == earlier.start_turn;
        (same_start && self.history.starts_with(&earlier.history))
            .then(|| &self.history[earlier.history.len()..])
    }

    /// The move played last, if any since the start.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().copied()
    }

    /// The moves so far in notation, separated by spaces.
    #[must_use]
    pub fn record(&self) -> String {
        format_record(&self.history)
    }

    /// Whether `mv` may be played now; [`Position::check`] says why not.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Says whether `mv` may be played now, and if not, why.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        if self.is_full() {
            return Err(PlayError::GameOver { mv });
        }
        let side = self.side();
        let off_board = |cell| PlayError::OffBoard { mv, cell, side };
        match mv {
            Move::Place(cell) => {
                if !self.board.contains(cell) {
                    return Err(off_board(cell));
                }
                if self.occupied().contains(self.board.index(cell)) {
                    return Err(PlayError::Occupied { mv, cell });
                }
                Ok(())
            }
            Move::Slide { from, to } => {
                for cell in [from, to] {
                    if !self.board.contains(cell) {
                        return Err(off_board(cell));
                    }
                }
                match self.stone_at(from) {
                    None => return Err(PlayError::NoStone { mv, from }),
                    Some(owner) if owner != self.turn => {
                        return Err(PlayError::NotYourStone {
                            mv,
                            from,
                            owner,
                            mover: self.turn,
                        });
                    }
                    Some(_) => {}
                }
                if from == to {
                    return Err(PlayError::Stationary { mv });
                }
                if self.stone_at(to).is_some() {
                    return Err(PlayError::Occupied { mv, cell: to });
                }
                let path = line_between(from, to).ok_or(PlayError::NotInLine { mv, from, to })?;
                if let Some(blocker) = path.iter().copied().find(|&c| self.stone_at(c).is_some()) {
                    return Err(PlayError::Blocked { mv, blocker });
                }
                let (original, formed) = self.slide_group_sizes(from, to);
                if formed < 2 {
                    return Err(PlayError::Alone { mv });
                }
                if formed >= original {
                    return Err(PlayError::NotSmaller {
                        mv,
                        formed,
                        original,
                    });
                }
                Ok(())
            }
        }
    }

    /// Plays `mv` if it is legal; otherwise says why and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move already known to be legal, such as one from [`Position::legal_moves`].
    ///
    /// # Panics
    /// May panic, or leave a position that breaks the rules, if `mv` is not legal here.
    pub fn play_unchecked(&mut self, mv: Move) {
        let own = &mut self.stones[self.turn.index()];
        match mv {
            Move::Place(cell) => own.insert(self.board.index(cell)),
            Move::Slide { from, to } => {
                own.remove(self.board.index(from));
                own.insert(self.board.index(to));
            }
        }
        self.history.push(mv);
        self.turn = self.turn.opponent();
    }

    /// Takes back the last move and returns it; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        self.turn = self.turn.opponent();
        let own = &mut self.stones[self.turn.index()];
        match mv {
            Move::Place(cell) => own.remove(self.board.index(cell)),
            Move::Slide { from, to } => {
                own.remove(self.board.index(to));
                own.insert(self.board.index(from));
            }
        }
        Some(mv)
    }

    /// Every legal move: placements by column then row, then slides.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(self.board.cell_count() + 32);
        self.append_legal_moves(&mut moves);
        moves
    }

    /// Appends every legal move to `moves`, so a search can reuse one buffer.
    pub fn append_legal_moves(&self, moves: &mut Vec<Move>) {
        let empty = self.empty();
        moves.extend(
            empty
                .iter()
                .map(|index| Move::Place(self.board.cell(index))),
        );
        if empty.is_empty() {
            return;
        }
        let own = self.stones[self.turn.index()];
        let mut seen = Bitboard::EMPTY;
        for start in own.iter() {
            if seen.contains(start) {
                continue;
            }
            let (group, size) = self.flood(start, own);
            seen |= group;
            if size < 3 {
                continue;
            }
            for origin in group.iter() {
                self.append_slides_of(origin, size, own, empty, moves);
            }
        }
    }

    /// The cells the stone on `from` may slide to now; empty if it is not the mover's stone.
    #[must_use]
    pub fn slide_targets(&self, from: Cell) -> Vec<Cell> {
        if self.stone_at(from) != Some(self.turn) || self.is_full() {
            return Vec::new();
        }
        let own = self.stones[self.turn.index()];
        let origin = self.board.index(from);
        let (_, size) = self.flood(origin, own);
        let mut moves = Vec::new();
        self.append_slides_of(origin, size, own, self.empty(), &mut moves);
        moves.into_iter().map(Move::to).collect()
    }

    /// The cells a slide passes over and lands on, in order, not counting the start.
    #[must_use]
    pub fn slide_path(from: Cell, to: Cell) -> Vec<Cell> {
        let mut path = line_between(from, to).unwrap_or_default();
        path.push(to);
        path
    }

    /// The group (stones of one colour connected through neighbours) that holds `cell`;
    /// empty if the cell holds no stone.
    #[must_use]
    pub fn group_of(&self, cell: Cell) -> Vec<Cell> {
        let Some(color) = self.stone_at(cell) else {
            return Vec::new();
        };
        let index = self.board.index(cell);
        let (group, _) = self.flood(index, self.stones[color.index()]);
        self.cells_of(group)
    }

    /// Every group of `color`, each by column then row, in the order of its first cell.
    #[must_use]
    pub fn groups(&self, color: Color) -> Vec<Vec<Cell>> {
        let own = self.stones[color.index()];
        let mut seen = Bitboard::EMPTY;
        let mut groups = Vec::new();
        for start in own.iter() {
            if !seen.contains(start) {
                let (group, _) = self.flood(start, own);
                seen |= group;
                groups.push(self.cells_of(group));
            }
        }
        groups
    }

    /// A uniformly random legal move, or `None` when the board is full.
    ///
    /// Rather than listing every slide, this draws from a cheap superset (every placement,
    /// and every straight slide of a stone in a group of three or more onto an empty cell
    /// next to a stone of its colour) and redraws until the draw is legal. Every legal move
    /// is in that superset exactly once, so the result is uniform over the legal moves.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let own = self.stones[self.turn.index()];
        random_move_in(self.board, own, self.empty(), 1, rng).map(|drawn| drawn.to_move(self.board))
    }

    /// A copy for random playouts: no history, and the smallest bit sets the board fits.
    #[must_use]
    pub fn playout<const W: usize>(&self) -> Option<Playout<W>> {
        self.board.fits::<W>().then(|| Playout {
            board: self.board,
            stones: [self.stones[0].resized(), self.stones[1].resized()],
            turn: self.turn,
            plies: 0,
        })
    }

    /// The result of uniformly random play from here to the end, leaving this position as it
    /// is; also how many moves that took.
    pub fn random_playout<R: Rng + ?Sized>(&self, rng: &mut R) -> (Outcome, u32) {
        self.weighted_playout(1, rng)
    }

    /// Like [`Self::random_playout`], with each slide `slide_weight` times as likely as a
    /// placement.
    pub fn weighted_playout<R: Rng + ?Sized>(
        &self,
        slide_weight: u32,
        rng: &mut R,
    ) -> (Outcome, u32) {
        match self.playout::<SMALL_WORDS>() {
            Some(mut small) => (small.play_to_end_weighted(slide_weight, rng), small.plies),
            None => {
                let mut large = self
                    .playout::<4>()
                    .unwrap_or_else(|| unreachable!("every board fits 256 bits"));
                (large.play_to_end_weighted(slide_weight, rng), large.plies)
            }
        }
    }

    /// Like [`Self::weighted_playout`], adding to `trace` where each side placed and slid.
    pub(crate) fn traced_playout<R: Rng + ?Sized>(
        &self,
        slide_weight: u32,
        rng: &mut R,
        trace: &mut Trace,
    ) -> Outcome {
        match self.playout::<SMALL_WORDS>() {
            Some(mut small) => small.play_to_end_traced(slide_weight, rng, trace),
            None => self
                .playout::<4>()
                .unwrap_or_else(|| unreachable!("every board fits 256 bits"))
                .play_to_end_traced(slide_weight, rng, trace),
        }
    }

    /// Plays uniformly random legal moves until the board is full.
    pub fn play_randomly_to_end<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Outcome {
        while let Some(mv) = self.random_move(rng) {
            self.play_unchecked(mv);
        }
        self.outcome()
            .unwrap_or_else(|| unreachable!("random_move only stops on a full board"))
    }

    /// The number of move sequences of length `depth`; a finished game counts as one leaf.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 || self.is_full() {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for mv in moves {
            self.play_unchecked(mv);
            total += self.perft(depth - 1);
            self.undo();
        }
        total
    }

    fn occupied(&self) -> Bitboard {
        self.stones[0] | self.stones[1]
    }

    fn empty(&self) -> Bitboard {
        self.board.mask() & !self.occupied()
    }

    fn cells_of(&self, set: Bitboard) -> Vec<Cell> {
        set.iter().map(|index| self.board.cell(index)).collect()
    }

    fn flood(&self, start: usize, within: Bitboard) -> (Bitboard, u32) {
        flood(self.board, start, within)
    }

    /// (size of the sliding stone's group before, size of the group it lands in after).
    fn slide_group_sizes(&self, from: Cell, to: Cell) -> (u32, u32) {
        let (origin, landing) = (self.board.index(from), self.board.index(to));
        let own = self.stones[self.turn.index()];
        let (_, original) = self.flood(origin, own);
        let mut after = own;
        after.remove(origin);
        after.insert(landing);
        let (_, formed) = self.flood(landing, after);
        (original, formed)
    }

    /// Appends the legal slides of the stone on `origin`, whose group has `size` stones.
    fn append_slides_of(
        &self,
        origin: usize,
        size: u32,
        own: Bitboard,
        empty: Bitboard,
        moves: &mut Vec<Move>,
    ) {
        if size < 3 {
            return;
        }
        let mut rest = own;
        rest.remove(origin);
        let from = self.board.cell(origin);
        for slot in 0..DIRECTIONS.len() {
            let mut landing = origin;
            loop {
                let next = self.board.neighbours(landing)[slot];
                if next == OFF_BOARD || !empty.contains(usize::from(next)) {
                    break;
                }
                landing = usize::from(next);
                let touches_own = self
                    .board
                    .neighbours(landing)
                    .iter()
                    .any(|&n| rest.contains(usize::from(n)));
                if !touches_own {
                    continue;
                }
                let mut after = rest;
                after.insert(landing);
                let (_, formed) = self.flood(landing, after);
                if formed < size {
                    moves.push(Move::Slide {
                        from,
                        to: self.board.cell(landing),
                    });
                }
            }
        }
    }
}

/// The cells strictly between two cells on one straight line; `None` if they are not in line.
fn line_between(from: Cell, to: Cell) -> Option<Vec<Cell>> {
    let dc = i32::from(to.col()) - i32::from(from.col());
    let dr = i32::from(to.row()) - i32::from(from.row());
    if !(dc == 0 || dr == 0 || dc == dr) {
        return None;
    }
    let steps = dc.abs().max(dr.abs());
    let (sc, sr) = (dc.signum(), dr.signum());
    Some(
        (1..steps)
            .map(|i| {
                Cell::new(
                    (i32::from(from.col()) + sc * i) as u8,
                    (i32::from(from.row()) + sr * i) as u8,
                )
            })
            .collect(),
    )
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.side() == other.side()
            && self.stones == other.stones
            && self.turn == other.turn
            && self.start == other.start
            && self.start_turn == other.start_turn
            && self.history == other.history
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("side", &self.side())
            .field("turn", &self.turn)
            .field("black", &self.stones(Color::Black))
            .field("white", &self.stones(Color::White))
            .field("record", &self.record())
            .finish()
    }
}

/// The save-file form of a position: the start and the moves, replayed (and so re-checked)
/// when loaded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The board's side.
    pub side: u8,
    /// Black's stones at the start, if the game began from an arrangement.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub black: Vec<Cell>,
    /// White's stones at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub white: Vec<Cell>,
    /// Who moved first from the start.
    #[serde(default = "first_player")]
    pub first: Color,
    /// The moves since the start, as a record.
    pub moves: String,
}

fn first_player() -> Color {
    Color::Black
}

/// A save file that does not describe a reachable game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The starting arrangement cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The moves cannot be replayed from it.
    #[error(transparent)]
    Record(#[from] RecordError),
}

impl TryFrom<SavedGame> for Position {
    type Error = LoadError;

    fn try_from(saved: SavedGame) -> Result<Self, Self::Error> {
        let mut position = Position::setup(
            u32::from(saved.side),
            &saved.black,
            &saved.white,
            saved.first,
        )?;
        position.play_record(&saved.moves)?;
        Ok(position)
    }
}

impl From<Position> for SavedGame {
    fn from(position: Position) -> Self {
        let board = position.board;
        let cells = |set: Bitboard| set.iter().map(|index| board.cell(index)).collect();
        SavedGame {
            side: position.side(),
            black: cells(position.start[0]),
            white: cells(position.start[1]),
            first: position.start_turn,
            moves: position.record(),
        }
    }
}
