//! The points a move scores, flying up from the tray on the 3D table as they do on the flat
//! board, painted by egui where the table's camera sees them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::base::board_text::BoardText;
use crate::app::base::palette::{self};
use crate::app::table::camera::TableEye;
use crate::app::tiles::layout::TilesLayout;
use crate::app::tiles::motion::Fly;
use crate::app::tiles::sprites::over_the_tiles;

/// The points of a counted sum rise from the sum on the table and fly to the player's score
/// in the panel, as they do from the flat board.
pub(super) fn paint_flying_points(
    mut contexts: EguiContexts,
    layout: Res<TilesLayout>,
    eye: TableEye,
    points: Query<(&Fly, &Transform, &BoardText)>,
) -> Result {
    if points.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let in_window = |world: Vec2| {
        Vec2::new(
            world.x + layout.window.x / 2.0,
            layout.window.y / 2.0 - world.y,
        )
    };
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("table-points"),
    ));
    for (fly, transform, text) in &points {
        let Some(start) = eye.window_point(fly.from.extend(over_the_tiles(layout.square))) else {
            continue;
        };
        let (from, to) = (in_window(fly.from), in_window(fly.to));
        let now = in_window(transform.translation.truncate());
        // The way left to the score carries the table's start point with it.
        let left = (now.distance(to) / from.distance(to).max(1.0)).min(1.0);
        let at = (now + (start - from) * left) / zoom;
        let font = egui::FontId::proportional(text.size * transform.scale.x / zoom);
        let [r, g, b, a] = text.ink.to_srgba().to_u8_array();
        let shadow = palette::TABLE_EDGE.to_bevy().to_srgba().to_u8_array();
        painter.text(
            egui::pos2(at.x + 2.0, at.y + 2.0),
            egui::Align2::CENTER_CENTER,
            &text.text,
            font.clone(),
            egui::Color32::from_rgba_unmultiplied(shadow[0], shadow[1], shadow[2], a),
        );
        painter.text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            &text.text,
            font,
            egui::Color32::from_rgba_unmultiplied(r, g, b, a),
        );
    }
    Ok(())
}
