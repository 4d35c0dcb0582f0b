//! What one seat's phone is sent: the pages crate's picture for that seat, in the screen's
//! words.

use serde_json::Value;

use super::super::game::TilesMatch;
use super::super::game::view::Viewer;
use crate::app::base::i18n::Language;

/// Everything seat `seat`'s phone shows, in `language`, with the turn clock's seconds left.
#[must_use]
pub fn seat_view(
    game: &TilesMatch,
    seat: usize,
    language: Language,
    seconds_left: Option<u32>,
) -> Value {
    abakus_pages::tiles::view_message(game, Viewer::Seat(seat), language, seconds_left)
}
