//! The hex stone game in the window: the match, its board, its panels and its input.

mod board;
mod game;
mod hud;
mod input;

use bevy::prelude::*;

pub use board::{BoardLayout, CellEntities, StoneEntities, StoneSprite};
pub use game::{
    AUTOSAVE as AUTOSAVE_FILE, HexChange, HexIntent, HexMatch, HexPhase, HexSetup, Notice,
    Selection, apply,
};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((game::plugin, board::plugin, hud::plugin, input::plugin));
}

/// Only the rules-facing part, for headless tests: no sprites, no panels.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins(game::plugin);
}

/// The turn flow, input and board sprites without the egui panels, for headless tests.
pub(super) fn board_plugin(app: &mut App) {
    app.add_plugins((game::plugin, board::plugin, input::plugin));
}

/// The game screen's keyboard shortcuts, for headless tests.
pub(super) fn keys_plugin(app: &mut App) {
    app.add_plugins(input::plugin);
}
