//! What one seat or one watcher is shown of a tile game: the table as everyone at it sees it,
//! and a seat's own rack; never another seat's tiles before the game ends, nor the bag's order,
//! nor which tiles an exchange sent back.
//!
//! Every host (the window's phones, the server's pages) sends this picture and no other, so
//! who may see what is decided here once. The sentences (a notice, a refusal, how the game
//! ended) are left as data for the host to put in the viewer's words.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{LogEntry, Stage, TilesMatch, TilesNotice, first_reading};
use abakus_rules::abaku::{Cell, EndReason, Move, PlayError, Position, Square, Tile};

pub use crate::room::Viewer;

/// The whole picture one viewer is sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TilesView {
    /// The viewer's seat; `None` for a watcher.
    pub seat: Option<usize>,
    pub names: Vec<String>,
    pub scores: Vec<i64>,
    pub to_move: usize,
    /// The stage's name ([`Stage::name`]).
    pub stage: &'static str,
    /// Whether the viewer is the player laying tiles now.
    pub laying: bool,
    /// Seats are still to be taken before the first turn.
    pub gathering: bool,
    pub board: BoardView,
    /// The viewer's own rack: on their turn the tiles not yet laid, in the order they arranged
    /// them, by the slot the intents name; between turns every tile they hold. Empty for a
    /// watcher.
    pub rack: Vec<RackTile>,
    /// The rack tile the viewer has picked up, while laying.
    pub held: Option<usize>,
    /// The square of a joker waiting for the viewer to name its digit.
    pub joker: Option<String>,
    /// The tiles laid this turn as the rules score them (everyone sees them laid).
    #[serde(skip)]
    pub preview: Option<Result<PreviewView, PlayError>>,
    pub can_submit: bool,
    /// How many tiles the bag holds.
    pub bag: usize,
    /// How many of each tile the viewer cannot see: the bag and the racks not theirs.
    pub unseen: BTreeMap<String, usize>,
    /// The last sentence of the table, for the host to put in words.
    #[serde(skip)]
    pub notice: Option<TilesNotice>,
    /// Every submitted turn, oldest first.
    pub log: Vec<LogView>,
    /// The end, once the game is over: why, and every rack, which all may see now.
    #[serde(skip)]
    pub ending: Option<EndingView>,
}

/// The board: its size, and each square row by row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    pub width: usize,
    pub height: usize,
    pub squares: Vec<SquareView>,
}

/// One square: its bonus symbol, and its tile: the digit, `?` for a blank joker, `?5` for a
/// joker laid this turn standing for 5.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SquareView {
    pub bonus: String,
    pub tile: Option<String>,
    /// Laid this turn, not yet submitted.
    pub new: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RackTile {
    pub slot: usize,
    pub tile: String,
}

/// The tiles laid this turn, scored: the points, and each sum read with its points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PreviewView {
    pub points: i64,
    pub examples: Vec<ExampleView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExampleView {
    /// The example read as a sum, like `12-4=8`.
    pub reading: String,
    pub points: i64,
}

/// One submitted turn: a laying in notation, an exchange only by how many tiles went back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogView {
    pub player: usize,
    /// `place`, `exchange`, `pass`, `concede` or `challenge`.
    pub kind: &'static str,
    /// The laying in the game's notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// How many tiles an exchange sent back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiles: Option<usize>,
    pub points: i64,
}

/// How the game ended, with every rack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EndingView {
    #[serde(skip)]
    pub reason: EndReason,
    pub racks: Vec<String>,
}

/// Everything `viewer` is shown of `game` as it stands.
#[must_use]
pub fn view(game: &TilesMatch, viewer: Viewer) -> TilesView {
    let position = game.position();
    let over = position.is_over();
    let to_move = position.to_move();
    let seat = viewer.seat();
    let laying = !over
        && !game.gathering()
        && seat == Some(to_move)
        && matches!(game.stage(), Stage::Turn | Stage::JokerDigit { .. });
    let joker = match game.stage() {
        Stage::JokerDigit { cell, .. } if laying => Some(cell.to_string()),
        _ => None,
    };
    TilesView {
        seat,
        names: game.setup().names(),
        scores: position.players().iter().map(|p| p.score).collect(),
        to_move,
        stage: game.stage().name(),
        laying,
        gathering: game.gathering(),
        board: board(game),
        rack: seat.map_or_else(Vec::new, |seat| rack(game, seat, laying)),
        held: game.held().filter(|_| laying),
        joker,
        preview: preview(game),
        can_submit: laying && game.can_submit(),
        bag: position.bag().len(),
        unseen: unseen(position, seat),
        notice: game.notice().cloned(),
        log: game.log().iter().map(log_view).collect(),
        ending: position.outcome().map(|reason| EndingView {
            reason,
            racks: (0..position.players().len())
                .map(|seat| position.rack(seat).iter().map(|t| t.to_char()).collect())
                .collect(),
        }),
    }
}

fn board(game: &TilesMatch) -> BoardView {
    let position = game.position();
    let layout = position.layout();
    let rack = game.turn_rack();
    // The joker waiting for its digit already stands on its square, as on the screen.
    let naming = match game.stage() {
        Stage::JokerDigit { cell, .. } => Some(cell),
        _ => None,
    };
    let square = |index: usize, tile: Option<String>, new: bool| SquareView {
        bonus: layout.bonus_at(index).symbol().to_string(),
        tile,
        new,
    };
    let squares = (0..layout.len())
        .map(|index| {
            let cell = layout.cell(index);
            if naming == Some(cell) {
                return square(index, Some("?".to_owned()), true);
            }
            // A rack digit put on the blank joker stands there until the turn is played.
            if let Some((_, slot)) = game.replacing().filter(|(at, _)| *at == cell) {
                let digit = position.rack(position.to_move()).get(slot);
                return square(index, digit.map(|t| t.to_char().to_string()), true);
            }
            let tentative = game.tentative().iter().find(|t| t.cell == cell);
            let tile = match (tentative, position.square(cell)) {
                (Some(laid), _) => match (rack.get(laid.slot), laid.declared) {
                    (Some(Tile::Joker), Some(digit)) => Some(format!("?{digit}")),
                    (Some(tile), _) => Some(tile.to_char().to_string()),
                    (None, _) => None,
                },
                (None, Square::Digit(digit)) => Some(digit.to_string()),
                (None, Square::Joker) => Some("?".to_owned()),
                (None, Square::Empty) => None,
            };
            square(index, tile, tentative.is_some())
        })
        .collect();
    BoardView {
        width: layout.width(),
        height: layout.height(),
        squares,
    }
}

fn rack(game: &TilesMatch, seat: usize, laying: bool) -> Vec<RackTile> {
    let tile = |slot: usize, tile: Tile| RackTile {
        slot,
        tile: tile.to_char().to_string(),
    };
    if laying {
        let turn_rack = game.turn_rack();
        let naming = match game.stage() {
            Stage::JokerDigit { slot, .. } => Some(slot),
            _ => None,
        };
        game.rack_in_order()
            .into_iter()
            .filter(|&slot| Some(slot) != naming)
            .filter_map(|slot| turn_rack.get(slot).map(|&t| tile(slot, t)))
            .collect()
    } else {
        let own = game.position().rack(seat);
        own.iter()
            .enumerate()
            .map(|(slot, &t)| tile(slot, t))
            .collect()
    }
}

/// How many of each tile the viewer cannot see: a seat, the bag and the other racks; a
/// watcher, the bag and every rack.
fn unseen(position: &Position, seat: Option<usize>) -> BTreeMap<String, usize> {
    let tiles = match seat {
        Some(seat) => position.unseen_by(seat),
        None => {
            let mut tiles = position.unseen_by(0);
            tiles.extend_from_slice(position.rack(0));
            tiles
        }
    };
    let mut counts = BTreeMap::new();
    for tile in tiles {
        *counts.entry(tile.to_char().to_string()).or_insert(0) += 1;
    }
    counts
}

fn preview(game: &TilesMatch) -> Option<Result<PreviewView, PlayError>> {
    let rules = game.position().variants().read_rules();
    game.preview().map(|scored| {
        scored.map(|scored| PreviewView {
            points: scored.points,
            examples: scored
                .examples
                .iter()
                .map(|formed| ExampleView {
                    reading: first_reading(formed, rules),
                    points: formed.points,
                })
                .collect(),
        })
    })
}

fn log_view(entry: &LogEntry) -> LogView {
    let (kind, text, tiles) = match &entry.action {
        Move::Place(_) => ("place", Some(entry.text.clone()), None),
        Move::Exchange(tiles) => ("exchange", None, Some(tiles.len())),
        Move::Pass => ("pass", None, None),
        Move::Concede => ("concede", None, None),
        Move::Challenge(_) => ("challenge", None, None),
    };
    LogView {
        player: entry.player,
        kind,
        text,
        tiles,
        points: entry.points,
    }
}

/// The square a page names, on this game's board.
#[must_use]
pub fn cell_on_board(position: &Position, text: &str) -> Option<Cell> {
    position.layout().parse_cell(text).ok()
}

#[cfg(test)]
mod tests;
