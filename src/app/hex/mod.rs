//! The hex stone game in the window: its setup, match, board, panels, input and title corner,
//! registered with the shell as one game among others.

pub(crate) mod art;
mod board;
pub(crate) mod colours;
mod computer;
mod demo;
mod diagrams;
mod game;
mod hud;
mod input;
mod layout;
mod lesson;
mod motion;
mod script;
mod setup;
mod sheet;
pub mod sounds;
mod sprites;
mod table;
mod title;
mod verdicts;
mod words;

use bevy::prelude::*;

pub(crate) use computer::finish_background_work;
pub use game::{
    AUTOSAVE as AUTOSAVE_FILE, HexChange, HexIntent, HexMatch, HexPhase, HexSetup, Notice, Seat,
    Selection, TimeOut, apply,
};
pub use layout::BoardLayout;
pub use sprites::{CellEntities, StoneEntities, StoneSprite};

use crate::app::base::games::{self, GameEntry, GameId, RulesText};
use words::Text;
pub use words::{HexWords, catalog as words_catalog, rules_texts};

/// The hex game in the shell's screens and registry.
pub const HEX: GameId = GameId("abakus");

pub(super) fn plugin(app: &mut App) {
    register(app);
    app.add_plugins((
        art::plugin,
        sounds::plugin,
        game::plugin,
        computer::plugin,
        demo::plugin,
        setup::plugin,
        title::plugin,
        board::plugin,
        motion::plugin,
        hud::plugin,
        input::plugin,
        lesson::plugin,
        script::plugin,
        table::plugin,
    ));
}

pub use script::commands as script_commands;

/// Lists the game in the shell's registry: its names, rules and demo.
pub(super) fn register(app: &mut App) {
    games::register(
        app,
        GameEntry {
            id: HEX,
            name: |words| words.hex(Text::Name),
            play: |words| words.hex(Text::Play),
            about: |words| words.hex(Text::About),
            rules: Some(RulesText {
                title: |words| words.hex(Text::RulesTitle),
                body: |words| words.hex(Text::Rules),
                diagrams: Some(diagrams::draw),
            }),
            help: |words| words.hex(Text::HowToPlay),
            playable: true,
        },
    );
    games::register_hooks(app, HEX, demo::HOOKS);
    games::register_hooks(app, HEX, lesson::HOOKS);
    games::register_hooks(app, HEX, sheet::HOOKS);
    games::register_hooks(app, HEX, verdicts::HOOKS);
    games::register_hooks(app, HEX, crate::app::audio::MusicMood::Hex);
}

/// Only the rules-facing part, for headless tests: no sprites, no panels.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((game::plugin, computer::plugin));
}

/// The turn flow, input and board sprites without the egui panels, for headless tests.
pub(super) fn board_plugin(app: &mut App) {
    app.add_plugins((
        art::plugin,
        sounds::plugin,
        game::plugin,
        computer::plugin,
        demo::plugin,
        lesson::plugin,
        board::plugin,
        motion::plugin,
        input::plugin,
    ));
}

/// The 3D table's dressing of the board, for headless tests.
pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins(table::plugin);
}

/// The game screen's keyboard shortcuts, for headless tests.
pub(super) fn keys_plugin(app: &mut App) {
    app.add_plugins(input::plugin);
}
