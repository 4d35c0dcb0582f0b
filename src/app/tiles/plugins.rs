//! The tile game's plugins (the whole game, and the parts headless tests use) and its entry
//! in the shell's registry.

use bevy::prelude::*;

use super::id::TILES;
use super::words::{Text, TilesWords};
use super::{
    art, board, computer, demo, diagrams, hud, input, lesson, motion, online, phone, pieces, play,
    script, setup, sheet, sounds, table, verdicts,
};
use crate::app::base::games::{self, GameEntry, RulesText};

pub(crate) fn plugin(app: &mut App) {
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
        (
            phone::plugin::plugin,
            online::plugin::plugin,
            online::plugin::panels_plugin,
            phone::screen::plugin,
            phone::visitor::plugin,
            phone::visitor::panels_plugin,
            phone::challenge::plugin,
            phone::challenge::panels_plugin,
        ),
    ));
}

/// Lists the game in the shell's registry: its names, rules and demo.
pub(crate) fn register(app: &mut App) {
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
pub(crate) fn table_plugin(app: &mut App) {
    app.add_plugins(table::plugin);
}

/// The turn flow, keys and the board's sprites without the egui panels, for headless tests.
pub(crate) fn board_plugin(app: &mut App) {
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
        phone::plugin::plugin,
        phone::visitor::plugin,
        phone::challenge::plugin,
        online::plugin::plugin,
    ));
}
