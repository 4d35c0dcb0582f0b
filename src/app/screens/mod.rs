//! The app's shared screens (title, settings, rules, help); each game adds its own setup and
//! game screens under `Screen::Setup` and `Screen::Game`.

mod help;
mod rules;
mod settings;
mod title;

use bevy::prelude::*;

use super::navigation::Screen;

pub use help::{GameMenu, game_menu};

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins((title::plugin, settings::plugin, rules::plugin, help::plugin));
}
