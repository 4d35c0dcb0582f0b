//! What one seat's phone is sent: the match crate's picture for that seat (which decides what
//! the seat may see), with its sentences put in the screen's words.

use serde_json::{Value, json};

use super::super::game::TilesMatch;
use super::super::game::view::{Viewer, view};
use super::super::words::TilesWords;
use super::super::words::log_line;
use crate::app::base::i18n::Language;

/// Everything seat `seat`'s phone shows, in `language`, with the turn clock's seconds left.
#[must_use]
pub fn seat_view(
    game: &TilesMatch,
    seat: usize,
    language: Language,
    seconds_left: Option<u32>,
) -> Value {
    let picture = view(game, Viewer::Seat(seat));
    let names = &picture.names;
    // Newest first: the page lists every turn, the latest on top.
    let log: Vec<Value> = picture
        .log
        .iter()
        .zip(game.log())
        .rev()
        .map(|(turn, entry)| {
            let mut turn = json!(turn);
            turn["line"] = json!(log_line(language, entry, names));
            turn
        })
        .collect();
    let preview = match &picture.preview {
        None => Value::Null,
        Some(Ok(scored)) => json!(scored),
        Some(Err(error)) => json!({"refused": language.refusal(error)}),
    };
    let over = match &picture.ending {
        None => Value::Null,
        Some(ending) => json!({
            "reason": language.ending(ending.reason, names),
            "winners": language.winners(game.position(), names),
            "racks": ending.racks,
        }),
    };
    let notice = picture
        .notice
        .as_ref()
        .map(|notice| language.notice(notice, names));
    let mut value = json!(picture);
    value["type"] = json!("view");
    value["log"] = json!(log);
    value["preview"] = preview;
    value["notice"] = json!(notice);
    value["clock"] = json!(seconds_left);
    value["over"] = over;
    value
}
