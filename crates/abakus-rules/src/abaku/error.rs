//! Every message a player can see from the rules, in one place so it can be translated.

use thiserror::Error;

use super::cell::Cell;
use super::tiles::Tile;

/// A broken board layout file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// No rows at all.
    #[error("the layout has no rows")]
    Empty,
    /// An empty first row, or wider than [`MAX_WIDTH`] or taller than [`MAX_HEIGHT`].
    ///
    /// [`MAX_WIDTH`]: super::MAX_WIDTH
    /// [`MAX_HEIGHT`]: super::MAX_HEIGHT
    #[error("a layout of {width}x{height} is not supported (at most 26 columns and 99 rows)")]
    Size {
        /// Squares in the first row.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A row of another width than the first.
    #[error("row {row} of the layout is not {width} squares wide")]
    Ragged {
        /// The row, from 1.
        row: usize,
        /// The width of the first row.
        width: usize,
    },
    /// A symbol that names no square.
    #[error("row {row} of the layout has the unknown square `{symbol}` (use . t T e E *)")]
    Symbol {
        /// The row, from 1.
        row: usize,
        /// The symbol.
        symbol: char,
    },
    /// No start square, or more than one.
    #[error("the layout needs exactly one start square `*`")]
    Start,
}

/// A move written in a way that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    /// Nothing but spaces.
    #[error("the move is empty")]
    Empty,
    /// A square name that is not on this board, as written.
    #[error("{0} is not a square of the board")]
    UnknownCell(String),
    /// A word that is no part of a move (or a challenger that is no seat from 1 to 4), as
    /// written.
    #[error("cannot read `{0}` as part of a move")]
    BadToken(String),
    /// A joker laid on the named square without the digit it stands for.
    #[error("the joker on {0} needs a declared digit, like {0}=?6")]
    UndeclaredJoker(String),
    /// A tile that is neither a digit nor `?`, as written.
    #[error("`{0}` is not a tile (use 0-9 or ?)")]
    BadTile(String),
    /// `replace` not followed by the joker's square and the digit tile put there.
    #[error("name the one joker to replace right after `replace`, like replace K5=1")]
    BadReplace,
}

/// A move the rules do not allow; the position is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game has ended.
    #[error("the game is already over")]
    GameOver,
    /// A placement of no tiles.
    #[error("a move must place at least one tile")]
    NothingPlaced,
    /// The player to move does not hold this tile, or not as many of it as the move uses.
    #[error("your rack has no {}", tile_name(*.0))]
    NotOnRack(Tile),
    /// A square off the board.
    #[error("{0} is not a square of the board")]
    OffBoard(Cell),
    /// A square that already holds a tile.
    #[error("{0} is already taken")]
    Occupied(Cell),
    /// A joker declared as something other than a digit from 0 to 9.
    #[error("the joker on {0} must stand for one digit, 0 to 9, not {1}")]
    JokerDigit(Cell, u8),
    /// A square named twice.
    #[error("{0} is named twice in the move")]
    TwiceNamed(Cell),
    /// `replace` names a square without the joker.
    #[error("{0} holds no joker to replace")]
    NoJokerThere(Cell),
    /// Two new squares that share no line the variants allow.
    #[error("{0} and {1} are not in one line")]
    NotInLine(Cell, Cell),
    /// The first move of the game leaves the start square empty.
    #[error("the opening move must cover the start square {0}")]
    MissesStart(Cell),
    /// A later move that touches no old tile.
    #[error("the new tiles must touch a tile already on the board")]
    Unconnected,
    /// An empty square between the new tiles.
    #[error("{0} is not filled, so the new tiles do not form one line")]
    Gap(Cell),
    /// The blank joker between the new tiles.
    #[error("the joker on {0} is a blank and breaks the line")]
    BlankInLine(Cell),
    /// A new tile from 1 to 9 next to the blank joker in its row or column, or along a diagonal
    /// with the diagonal variant (a new 0 may lie there).
    #[error("{cell} may not touch the blank joker on {joker} until the joker is replaced")]
    TouchesBlank {
        /// The new tile's square.
        cell: Cell,
        /// The blank joker's square.
        joker: Cell,
    },
    /// The new tiles, written `H8=3 H9=4`, read as no true example along their line.
    #[error("{0} forms no example")]
    NoExample(String),
    /// A new tile next to an old one in some line with no example covering the two.
    #[error("{cell}={digit} forms no example with the {other_digit} on {other}")]
    Lonely {
        /// The new tile's square.
        cell: Cell,
        /// The digit it shows.
        digit: u8,
        /// The old tile's square.
        other: Cell,
        /// The digit on it.
        other_digit: u8,
    },
    /// More than one new tile touches the board, all of them zeros, and none of the zeros
    /// forms an example with the old tiles (the squares of those zeros).
    #[error(
        "no example joins the new tiles to the board: one of the zeros on {} must form one with the tiles already there",
        cells_text(.0)
    )]
    ZerosUnlinked(Vec<Cell>),
    /// An exchange of no tiles, or of more than [`RACK_SIZE`].
    ///
    /// [`RACK_SIZE`]: super::RACK_SIZE
    #[error("name 1 to 5 tiles to exchange")]
    ExchangeCount,
    /// An exchange of more tiles than the bag holds.
    #[error("the bag holds only {left} tiles, too few to exchange {wanted}")]
    BagTooSmall {
        /// Tiles to exchange.
        wanted: usize,
        /// Tiles in the bag.
        left: usize,
    },
    /// A challenge with no move pending.
    #[error("there is no move waiting to be challenged")]
    NothingToChallenge,
    /// A challenge by a seat (from 0) that is not in the game, or by the player who made the
    /// move.
    #[error("player {0} cannot challenge this move")]
    BadChallenger(usize),
    /// Undo before the first turn.
    #[error("there is no turn to undo")]
    NothingToUndo,
}

fn tile_name(tile: Tile) -> String {
    match tile {
        Tile::Digit(d) => d.to_string(),
        Tile::Joker => "joker".to_string(),
    }
}

/// Squares as `H9`, `H9 and K9` or `H9, J9 and K9`.
fn cells_text(cells: &[Cell]) -> String {
    match cells {
        [] => String::new(),
        [one] => one.to_string(),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(ToString::to_string).collect();
            format!("{} and {last}", first.join(", "))
        }
    }
}

/// A game that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Fewer than one player or more than [`MAX_PLAYERS`].
    ///
    /// [`MAX_PLAYERS`]: super::MAX_PLAYERS
    #[error("a game has 1 to 4 players, not {0}")]
    Players(usize),
    /// Spin Abaku with other than two or four players, who play it as two sides.
    #[error("Spin Abaku needs 2 or 4 players, not {0}")]
    SpinPlayers(usize),
}

/// A position file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionTextError {
    /// The first line is not the header.
    #[error("this is not an Abaku position (the first line must be `abaku position 1`)")]
    Header,
    /// A line that must be there, by its key.
    #[error("the position has no `{0}` line")]
    Missing(&'static str),
    /// A line that cannot be read: an unknown key, a bad value, a player out of order or a
    /// broken turn record.
    #[error("line {line} of the position cannot be read: `{text}`")]
    Bad {
        /// The line's number in the file, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// The layout grid is broken.
    #[error("the layout in the position is broken: {0}")]
    Layout(#[from] LayoutError),
    /// A row of the board or colours grid that is missing, of the wrong width, or holds an
    /// unknown symbol.
    #[error("line {line} of the board does not match the layout")]
    BoardShape {
        /// The line's number in the file, from 1.
        line: usize,
    },
    /// A grid read for another layout than the position's, by its key.
    #[error("the {0} grid does not fit the layout")]
    GridSize(&'static str),
    /// The bag, racks and board do not hold the [`TILE_COUNT`] tiles of a set.
    ///
    /// [`TILE_COUNT`]: super::TILE_COUNT
    #[error("the position holds {0} tiles instead of 101")]
    TileCount(usize),
    /// More than one joker.
    #[error("the position has {0} jokers; there is only one")]
    Jokers(usize),
    /// More than ten tiles of this digit.
    #[error("the position has too many {0} tiles (there are ten of each)")]
    DigitCount(u8),
    /// Players, the player to move, the pending move, the outcome or a turn record that
    /// does not fit the position's players, board or tiles.
    #[error("the player numbers or turn records do not fit this position")]
    Inconsistent,
    /// The players do not make a game.
    #[error("{0}")]
    Setup(#[from] SetupError),
}
