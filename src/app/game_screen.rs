//! What every game's screen shares: the two side panels and their widths, and the room they
//! leave the board.

use bevy::math::Vec2;
use bevy_egui::egui::{self, LayerId, Ui, UiBuilder};

use super::pointer::EguiCover;
use super::theme;

pub const LEFT_PANEL_WIDTH: f32 = 262.0;
pub const RIGHT_PANEL_WIDTH: f32 = 236.0;

/// The part of the window between the side panels, in world units (origin at the window's
/// centre): where a game fits its board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardRoom {
    /// The room's width and height, less `margin` all round, never under 80 points.
    pub size: Vec2,
    /// The room's centre across: the panels differ in width, so it is off the window's centre.
    pub centre_x: f32,
}

impl BoardRoom {
    /// The room in a window of this size with the panels drawn `zoom` times their size.
    #[must_use]
    pub fn of(window: Vec2, zoom: f32, margin: Vec2) -> Self {
        let left = LEFT_PANEL_WIDTH * zoom;
        let right = RIGHT_PANEL_WIDTH * zoom;
        Self {
            size: Vec2::new(
                (window.x - left - right - margin.x).max(80.0),
                (window.y - margin.y).max(80.0),
            ),
            centre_x: (left - right) / 2.0,
        }
    }
}

/// Draws a game screen's side panels in egui's background layer, `left` and `right` their
/// contents, and covers them so clicks on them do not reach the board beneath.
pub fn side_panels(
    ctx: &egui::Context,
    game: &str,
    cover: &mut EguiCover,
    left: impl FnOnce(&mut Ui),
    right: impl FnOnce(&mut Ui),
) {
    let mut root = Ui::new(
        ctx.clone(),
        format!("{game}-panels").into(),
        UiBuilder::new()
            .layer_id(LayerId::background())
            .max_rect(ctx.content_rect()),
    );
    let left = egui::Panel::left(format!("{game}-left"))
        .exact_size(LEFT_PANEL_WIDTH)
        .resizable(false)
        .show_separator_line(false)
        .frame(theme::panel_frame().corner_radius(0))
        .show(&mut root, left);
    let right = egui::Panel::right(format!("{game}-right"))
        .exact_size(RIGHT_PANEL_WIDTH)
        .resizable(false)
        .show_separator_line(false)
        .frame(theme::panel_frame().corner_radius(0))
        .show(&mut root, right);
    // The panels sit in the background layer, which egui's own hit test does not see.
    cover.add(ctx, left.response.rect);
    cover.add(ctx, right.response.rect);
}
