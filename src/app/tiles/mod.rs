//! The arithmetic tile game in the window: its setup, turn flow, board and rack, panels and
//! title corner, registered with the shell as one game among others.

pub(crate) mod art;
mod board;
mod challenge;
pub(crate) mod colours;
mod computer;
mod demo;
mod diagrams;
mod dialogs;
pub mod game;
mod game_over;
mod hand_over;
mod hud;
mod input;
mod joker_prompt;
mod layout;
mod lesson;
mod motion;
mod pieces;
mod play;
mod script;
mod setup;
mod sheet;
pub mod sounds;
mod sprites;
mod status_panel;
mod table;
mod turn_panel;
mod verdicts;
mod words;

use bevy::prelude::*;

use crate::app::base::games::{self, GameEntry, GameId, RulesText};
use words::Text;
pub use words::{TilesWords, catalog as words_catalog, rules_texts};

pub(crate) use computer::finish_background_work;
pub use game::{Stage, TilesIntent, TilesMatch};
pub use layout::TilesLayout;
pub use script::commands as script_commands;
pub use setup::TilesChoices;
pub use sprites::{BoardSquare, RackTile, TentativeTile};

/// The tile game in the shell's screens and registry.
pub const TILES: GameId = GameId("abaku");

pub(super) fn plugin(app: &mut App) {
    register(app);
    app.add_plugins((
        art::plugin,
        sounds::plugin,
        play::plugin,
        setup::plugin,
        board::plugin,
        input::plugin,
        pieces::plugin,
        motion::plugin,
        computer::plugin,
        demo::plugin,
        lesson::plugin,
        hud::plugin,
        script::plugin,
        table::plugin,
    ));
}

/// Lists the game in the shell's registry: its names, rules and demo.
pub(super) fn register(app: &mut App) {
    games::register(
        app,
        GameEntry {
            id: TILES,
            name: |words| words.tiles(Text::Name),
            play: |words| words.tiles(Text::Play),
            about: |words| words.tiles(Text::About),
            rules: Some(RulesText {
                title: |words| words.tiles(Text::RulesTitle),
                body: |words| words.tiles(Text::Rules),
                diagrams: Some(diagrams::draw),
            }),
            help: |words| words.tiles(Text::HowToPlay),
            playable: true,
        },
    );
    games::register_hooks(app, TILES, demo::HOOKS);
    games::register_hooks(app, TILES, lesson::HOOKS);
    games::register_hooks(app, TILES, crate::app::audio::MusicMood::Tiles);
    games::register_hooks(app, TILES, sheet::HOOKS);
    games::register_hooks(app, TILES, verdicts::HOOKS);
}

/// The 3D table's dressing of the board, for headless tests.
pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins(table::plugin);
}

/// The turn flow, keys and the board's sprites without the egui panels, for headless tests.
pub(super) fn board_plugin(app: &mut App) {
    app.add_plugins((
        art::plugin,
        sounds::plugin,
        play::plugin,
        board::plugin,
        input::plugin,
        pieces::plugin,
        motion::plugin,
        computer::plugin,
        demo::plugin,
        lesson::plugin,
    ));
}
