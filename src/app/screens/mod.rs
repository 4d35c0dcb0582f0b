//! The app's shared screens and the state that switches between them; each game adds its own
//! setup and game screens under `Screen::Setup` and `Screen::Game`.

mod help;
mod rules;
mod settings;
mod title;

use bevy::prelude::*;

pub use help::{GameMenu, Overlay, game_menu};

use super::games::GameId;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins((title::plugin, settings::plugin, rules::plugin, help::plugin));
}

/// Which screen is showing. Everything a screen spawns despawns when it is left.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    /// A game's setup: players, board and variants.
    Setup(GameId),
    /// A game being played.
    Game(GameId),
    Settings,
    Rules,
    /// The saved games, to load or delete.
    SavedGames,
}

impl Screen {
    /// The game this screen belongs to, if any.
    #[must_use]
    pub fn game(self) -> Option<GameId> {
        match self {
            Screen::Setup(game) | Screen::Game(game) => Some(game),
            _ => None,
        }
    }
}

/// The screen that Back returns to from the settings and rules screens.
#[derive(Resource, Debug, Clone, Copy)]
pub struct ReturnTo(pub Screen);
