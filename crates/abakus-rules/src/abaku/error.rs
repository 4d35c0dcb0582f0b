//! Every message a player can see from the rules, in one place so it can be translated.

use thiserror::Error;

use super::cell::Cell;
use super::tiles::Tile;

/// A broken board layout file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    #[error("the layout has no rows")]
    Empty,
    #[error("a layout of {width}x{height} is not supported (at most 26 columns and 99 rows)")]
    Size { width: usize, height: usize },
    #[error("row {row} of the layout is not {width} squares wide")]
    Ragged { row: usize, width: usize },
    #[error("row {row} of the layout has the unknown square `{symbol}` (use . t T e E *)")]
    Symbol { row: usize, symbol: char },
    #[error("the layout needs exactly one start square `*`")]
    Start,
}

/// A move written in a way that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("the move is empty")]
    Empty,
    #[error("{0} is not a square of the board")]
    UnknownCell(String),
    #[error("cannot read `{0}` as part of a move")]
    BadToken(String),
    #[error("the joker on {0} needs a declared digit, like {0}=?6")]
    UndeclaredJoker(String),
    #[error("`{0}` is not a tile (use 0-9 or ?)")]
    BadTile(String),
    #[error("name the one joker to replace right after `replace`, like replace K5=1")]
    BadReplace,
}

/// A move the rules do not allow; the position is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("the game is already over")]
    GameOver,
    #[error("a move must place at least one tile")]
    NothingPlaced,
    #[error("your rack has no {}", tile_name(*.0))]
    NotOnRack(Tile),
    #[error("{0} is not a square of the board")]
    OffBoard(Cell),
    #[error("{0} is already taken")]
    Occupied(Cell),
    #[error("the joker on {0} must stand for one digit, 0 to 9, not {1}")]
    JokerDigit(Cell, u8),
    #[error("{0} is named twice in the move")]
    TwiceNamed(Cell),
    #[error("{0} holds no joker to replace")]
    NoJokerThere(Cell),
    #[error("{0} and {1} are not in one line")]
    NotInLine(Cell, Cell),
    #[error("the opening move must cover the start square {0}")]
    MissesStart(Cell),
    #[error("the new tiles must touch a tile already on the board")]
    Unconnected,
    #[error("{0} is not filled, so the new tiles do not form one line")]
    Gap(Cell),
    #[error("the joker on {0} is a blank and breaks the line")]
    BlankInLine(Cell),
    #[error("{0} forms no example")]
    NoExample(String),
    #[error("{cell}={digit} forms no example with the {other_digit} on {other}")]
    Lonely {
        cell: Cell,
        digit: u8,
        other: Cell,
        other_digit: u8,
    },
    #[error("name 1 to 5 tiles to exchange")]
    ExchangeCount,
    #[error("the bag holds only {left} tiles, too few to exchange {wanted}")]
    BagTooSmall { wanted: usize, left: usize },
    #[error("there is no move waiting to be challenged")]
    NothingToChallenge,
    #[error("player {0} cannot challenge this move")]
    BadChallenger(usize),
    #[error("there is no turn to undo")]
    NothingToUndo,
}

fn tile_name(tile: Tile) -> String {
    match tile {
        Tile::Digit(d) => d.to_string(),
        Tile::Joker => "joker".to_string(),
    }
}

/// A game that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("a game has 1 to 4 players, not {0}")]
    Players(usize),
    #[error("Spin Abaku needs 2 or 4 players, not {0}")]
    SpinPlayers(usize),
}

/// A position file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionTextError {
    #[error("this is not an Abaku position (the first line must be `abaku position 1`)")]
    Header,
    #[error("the position has no `{0}` line")]
    Missing(&'static str),
    #[error("line {line} of the position cannot be read: `{text}`")]
    Bad { line: usize, text: String },
    #[error("the layout in the position is broken: {0}")]
    Layout(#[from] LayoutError),
    #[error("line {line} of the board does not match the layout")]
    BoardShape { line: usize },
    #[error("the {0} grid does not fit the layout")]
    GridSize(&'static str),
    #[error("the position holds {0} tiles instead of 101")]
    TileCount(usize),
    #[error("the position has {0} jokers; there is only one")]
    Jokers(usize),
    #[error("the position has too many {0} tiles (there are ten of each)")]
    DigitCount(u8),
    #[error("the player numbers or turn records do not fit this position")]
    Inconsistent,
    #[error("{0}")]
    Setup(#[from] SetupError),
}
