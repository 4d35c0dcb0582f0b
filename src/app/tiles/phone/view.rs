//! What one seat's phone is shown: the table as everyone at it sees it, and that seat's own
//! rack; never another seat's tiles before the game ends, nor the bag's order.

use serde_json::{Value, json};

use super::super::game::{LogEntry, Stage, TilesMatch};
use super::super::turn_panel::log_line;
use super::super::words::TilesWords;
use crate::app::base::i18n::Language;
use abakus_rules::abaku::{Cell, Move, Position, Square, Tile};

/// The board: its size, and each square's bonus symbol and tile, row by row. A square's tile
/// is its digit, `?` for a blank joker, `?5` for a joker laid this turn standing for 5.
fn board(game: &TilesMatch) -> Value {
    let position = game.position();
    let layout = position.layout();
    let rack = game.turn_rack();
    // The joker waiting for its digit already stands on its square, as on the screen.
    let naming = match game.stage() {
        Stage::JokerDigit { cell, .. } => Some(cell),
        _ => None,
    };
    let squares: Vec<Value> = (0..layout.len())
        .map(|index| {
            let cell = layout.cell(index);
            if naming == Some(cell) {
                return json!({"bonus": layout.bonus_at(index).symbol().to_string(),
                              "tile": "?", "new": true});
            }
            // A rack digit put on the blank joker stands there until the turn is played.
            if let Some((_, slot)) = game.replacing().filter(|(at, _)| *at == cell) {
                let digit = position
                    .rack(position.to_move())
                    .get(slot)
                    .map(|t| t.to_char());
                return json!({"bonus": layout.bonus_at(index).symbol().to_string(),
                              "tile": digit.map(String::from), "new": true});
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
            json!({
                "bonus": layout.bonus_at(index).symbol().to_string(),
                "tile": tile,
                "new": tentative.is_some(),
            })
        })
        .collect();
    json!({"width": layout.width(), "height": layout.height(), "squares": squares})
}

/// The seat's rack as it stands: on its turn the tiles not yet laid, in the order the player
/// arranged them, by the slot the intents name; between turns every tile it holds.
fn rack(game: &TilesMatch, seat: usize, laying: bool) -> Vec<Value> {
    let tile = |slot: usize, tile: Tile| json!({"slot": slot, "tile": tile.to_char().to_string()});
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

/// How many of each tile the seat cannot see: the bag and the other racks together.
fn unseen(position: &Position, seat: usize) -> Value {
    let mut counts = serde_json::Map::new();
    for tile in position.unseen_by(seat) {
        let key = tile.to_char().to_string();
        let count = counts.get(&key).and_then(Value::as_u64).unwrap_or(0);
        counts.insert(key, json!(count + 1));
    }
    Value::Object(counts)
}

/// The preview of the tiles laid this turn, which the big screen shows everyone too.
fn preview(game: &TilesMatch, language: Language) -> Value {
    let rules = game.position().variants().read_rules();
    match game.preview() {
        None => Value::Null,
        Some(Ok(scored)) => json!({
            "points": scored.points,
            "examples": scored.examples.iter().map(|formed| json!({
                "reading": formed.readings(rules).into_iter().next()
                    .unwrap_or_else(|| formed.digits.clone()),
                "points": formed.points,
            })).collect::<Vec<_>>(),
        }),
        Some(Err(error)) => json!({"refused": language.refusal(&error)}),
    }
}

/// One turn of the log, with its line in the screen's words: an exchange says how many tiles
/// went back, never which.
fn log_entry(entry: &LogEntry, language: Language, names: &[String]) -> Value {
    let line = log_line(language, entry, names);
    let (kind, text) = match &entry.action {
        Move::Place(_) => ("place", Some(entry.text.as_str())),
        Move::Exchange(tiles) => {
            return json!({"player": entry.player, "kind": "exchange", "tiles": tiles.len(),
                          "points": entry.points, "line": line});
        }
        Move::Pass => ("pass", None),
        Move::Concede => ("concede", None),
        Move::Challenge(_) => ("challenge", None),
    };
    json!({"player": entry.player, "kind": kind, "text": text, "points": entry.points,
           "line": line})
}

/// The end of the game: why, who won, and every rack, which may all be seen now.
fn ending(game: &TilesMatch, language: Language, names: &[String]) -> Value {
    let position = game.position();
    let Some(reason) = position.outcome() else {
        return Value::Null;
    };
    let racks: Vec<String> = (0..names.len())
        .map(|seat| position.rack(seat).iter().map(|t| t.to_char()).collect())
        .collect();
    json!({
        "reason": language.ending(reason, names),
        "winners": language.winners(position, names),
        "racks": racks,
    })
}

/// Everything seat `seat`'s phone shows, in `language`, with the turn clock's seconds left.
#[must_use]
pub fn seat_view(
    game: &TilesMatch,
    seat: usize,
    language: Language,
    seconds_left: Option<u32>,
) -> Value {
    let position = game.position();
    let names: Vec<String> = game.setup().seats.iter().map(|s| s.name.clone()).collect();
    let over = position.is_over();
    let to_move = position.to_move();
    let laying = !over
        && !game.gathering()
        && to_move == seat
        && matches!(game.stage(), Stage::Turn | Stage::JokerDigit { .. });
    let joker = match game.stage() {
        Stage::JokerDigit { cell, .. } if laying => Some(cell.to_string()),
        _ => None,
    };
    // Newest first: the page lists every turn, the latest on top.
    let log: Vec<Value> = game
        .log()
        .iter()
        .rev()
        .map(|entry| log_entry(entry, language, &names))
        .collect();
    json!({
        "type": "view",
        "seat": seat,
        "names": names,
        "scores": position.players().iter().map(|p| p.score).collect::<Vec<_>>(),
        "to_move": to_move,
        "stage": game.stage().name(),
        "laying": laying,
        "gathering": game.gathering(),
        "board": board(game),
        "rack": rack(game, seat, laying),
        "held": game.held().filter(|_| laying),
        "joker": joker,
        "preview": preview(game, language),
        "can_submit": laying && game.can_submit(),
        "bag": position.bag().len(),
        "unseen": unseen(position, seat),
        "notice": game.notice().map(|notice| language.notice(notice, &names)),
        "log": log,
        "clock": seconds_left,
        "over": if over { ending(game, language, &names) } else { Value::Null },
    })
}

/// The square a phone names, on this game's board.
pub fn cell_on_board(position: &Position, text: &str) -> Option<Cell> {
    position.layout().parse_cell(text).ok()
}
