//! The app's shared screens (title, settings, rules, help, statistics); each game adds its own
//! setup and game screens under `Screen::Setup` and `Screen::Game`.

mod help;
mod rules;
mod settings;
mod statistics;
mod title;

use bevy::prelude::*;

pub use help::{FullscreenAtStart, GameMenu, game_menu};

pub(crate) fn plugin(app: &mut App) {
    crate::app::base::navigation::plugin(app);
    app.add_plugins((
        title::plugin,
        settings::plugin,
        rules::plugin,
        help::plugin,
        statistics::plugin,
    ));
}
