//! The window script's plugin: its steps run before input each frame, its timings and
//! reports around the game's systems and after the panels.

use std::time::Duration;

use bevy::input::InputSystems;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::EguiPrimaryContextPass;

use super::report::{
    record_frame_time, start_game_timer, start_update_timer, stop_game_timer, stop_update_timer,
};
use super::run::{run_game_step, run_steps};
use super::state::Script;
use super::step::ScriptPlaces;
use crate::app::base::frame_order::AppSet;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ScriptPlaces>()
        .add_systems(
            PreUpdate,
            (start_update_timer, run_steps, run_game_step)
                .chain()
                .after(InputSystems),
        )
        .add_systems(PostUpdate, stop_update_timer)
        .add_systems(Update, start_game_timer.before(AppSet::Input))
        .add_systems(Update, stop_game_timer.after(AppSet::Present))
        .add_systems(
            EguiPrimaryContextPass,
            start_game_timer.before(AppSet::Panels),
        )
        .add_systems(
            EguiPrimaryContextPass,
            stop_game_timer.after(AppSet::Panels),
        )
        .add_systems(Last, record_frame_time);
    // A script's steps, waits and frame times count frames: it runs frame after frame, but
    // while a step waits for the game (a review at work, a screen still to come), the window
    // draws as a player's would, when something moves and else every `RESTING_WAKE`, so that
    // the renderer leaves the processor to the work waited for.
    crate::app::base::frames::draw_while(app, |script: Res<Script>| !script.is_resting());
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(RESTING_WAKE),
        unfocused_mode: UpdateMode::reactive_low_power(RESTING_WAKE),
    });
}

/// How often a resting script looks again at what it waits for, at the longest.
const RESTING_WAKE: Duration = Duration::from_millis(100);
