//! Where the player is: the screen showing, the game it belongs to and the panel over it.

use bevy::prelude::*;

use super::games::GameId;

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

/// A panel shown over the current screen.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    None,
    Help,
    GameMenu,
    /// The save dialog, opened from the game menu.
    SaveGame,
}
