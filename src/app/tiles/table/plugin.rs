//! The tile game's table plugin: the tray laid and printed, the tiles dressed, settled and
//! picked, the points flown and the camera framed, while the table shows the tile game.

use bevy::picking::PickingSystems;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::blocks::{dress_tiles, pick_tiles, settle_tiles};
use super::points::paint_flying_points;
use super::tray::{TrayPlaces, lay_the_tray, print_the_floor, shoot_the_table};
use crate::app::base::frame_order::AppSet;
use crate::app::table::view::{TableGames, showing};
use crate::app::tiles::TILES;
use crate::app::tiles::sprites::BoardSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TableGames>();
    app.world_mut().resource_mut::<TableGames>().add(TILES);
    app.init_resource::<TrayPlaces>()
        .add_systems(
            Update,
            (
                (lay_the_tray, print_the_floor, dress_tiles)
                    .chain()
                    .after(BoardSystems::Marks),
                shoot_the_table,
            )
                .run_if(showing(TILES)),
        )
        .add_systems(
            PostUpdate,
            settle_tiles
                .before(TransformSystems::Propagate)
                .run_if(showing(TILES)),
        )
        .add_systems(
            PreUpdate,
            pick_tiles
                .in_set(PickingSystems::Backend)
                .run_if(showing(TILES)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            paint_flying_points
                .before(AppSet::Panels)
                .run_if(showing(TILES)),
        );
}
