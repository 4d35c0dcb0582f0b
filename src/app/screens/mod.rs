//! The app's screens and the state that switches between them.

mod help;
mod rules;
mod settings;
mod setup;
mod title;

use bevy::prelude::*;

pub use help::Overlay;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins((
        title::plugin,
        setup::plugin,
        settings::plugin,
        rules::plugin,
        help::plugin,
    ));
}

/// Which screen is showing. Everything a screen spawns despawns when it is left.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    HexSetup,
    HexGame,
    Settings,
    Rules,
}

/// The screen that Back returns to from the settings and rules screens.
#[derive(Resource, Debug, Clone, Copy)]
pub struct ReturnTo(pub Screen);
