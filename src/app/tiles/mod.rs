//! The arithmetic tile game in the window. Its rules core is complete; its screens are not
//! built yet, so the shell lists it as coming.

use bevy::prelude::*;

use super::games::{self, GameEntry, GameId};
use super::i18n::Language;

/// The tile game in the shell's screens and registry.
pub const TILES: GameId = GameId("abaku");

pub(super) fn plugin(app: &mut App) {
    games::register(
        app,
        GameEntry {
            id: TILES,
            name: |words| match words {
                Language::English => "Abaku",
            },
            play: |words| match words {
                Language::English => "Play Abaku",
            },
            about: |words| match words {
                Language::English => "Number tiles for 1 to 4 players: coming in a later version.",
            },
            rules: None,
            help: |_| "",
            playable: false,
        },
    );
}
