//! The window script's plugin: its steps run before input each frame, its timings and
//! reports around the game's systems and after the panels.

use bevy::input::InputSystems;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::report::{
    record_frame_time, start_game_timer, start_update_timer, stop_game_timer, stop_update_timer,
};
use super::run::{run_game_step, run_steps};
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
    // A script's steps, waits and frame times count frames: it runs frame after frame.
    crate::app::base::frames::draw_while(app, || true);
}
