//! The 3D table's plugin: the look chosen before the frame, the camera aimed and the
//! decals laid after it, the labels and the step back's notice with the panels.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::camera::{CameraDrift, TableShot, aim_table_camera, show_the_chosen_view};
use super::decals::{dress_decals, lay_decals, paint_table_labels};
use super::pieces::clear_the_table;
use super::view::{
    ShownView, TableGames, ViewByMachine, choose_view, flat_again, judge_the_trial,
    tell_of_the_step_back,
};
use crate::app::base::frames;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ShownView>()
        .init_resource::<ViewByMachine>()
        .init_resource::<TableShot>()
        .init_resource::<CameraDrift>()
        .init_resource::<TableGames>()
        .add_systems(PreUpdate, choose_view)
        .add_systems(
            PostUpdate,
            (show_the_chosen_view, aim_table_camera, judge_the_trial)
                .chain()
                .before(TransformSystems::Propagate),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (tell_of_the_step_back, paint_table_labels)
                .before(crate::app::base::frame_order::AppSet::Panels),
        )
        .add_systems(
            Update,
            dress_decals
                .after(crate::app::base::frame_order::AppSet::Present)
                .run_if(|shown: Res<ShownView>| shown.on_table),
        )
        .add_systems(
            PostUpdate,
            lay_decals
                .before(TransformSystems::Propagate)
                .run_if(|shown: Res<ShownView>| shown.on_table),
        )
        .add_systems(Update, clear_the_table.run_if(flat_again));
    frames::draw_while(app, |shown: Res<ShownView>, drift: Res<CameraDrift>| {
        shown.on_table && drift.0
    });
    frames::draw_while(app, |machine: Res<ViewByMachine>| {
        machine.trial.is_some() || machine.notice_left > 0.0
    });
}
