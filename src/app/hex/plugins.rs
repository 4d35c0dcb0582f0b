//! The hex game's plugins (the whole game, and the parts headless tests use) and its entry
//! in the shell's registry.

use bevy::prelude::*;

use super::id::HEX;
use super::words::{HexWords, Text};
use super::{
    art, board, computer, demo, devices, diagrams, game, hud, input, lesson, motion, online,
    script, setup, sheet, sounds, table, title, verdicts,
};
use crate::app::base::games::{self, GameEntry, RulesText};

pub(crate) fn plugin(app: &mut App) {
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
        (
            online::plugin::plugin,
            online::plugin::panels_plugin,
            devices::plugin,
            devices::panels_plugin,
        ),
    ));
}

/// Lists the game in the shell's registry: its names, rules and demo.
pub(crate) fn register(app: &mut App) {
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
pub(crate) fn logic_plugin(app: &mut App) {
    app.add_plugins((game::plugin, computer::plugin));
}

/// The turn flow, input and board sprites without the egui panels, for headless tests.
pub(crate) fn board_plugin(app: &mut App) {
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
        online::plugin::plugin,
        devices::plugin,
    ));
}

/// The 3D table's dressing of the board, for headless tests.
pub(crate) fn table_plugin(app: &mut App) {
    app.add_plugins(table::plugin);
}

/// The game screen's keyboard shortcuts, for headless tests.
pub(crate) fn keys_plugin(app: &mut App) {
    app.add_plugins(input::plugin);
}
