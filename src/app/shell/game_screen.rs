//! What every game's screen shares: the two side panels, drawn.

use bevy_egui::egui::{self, LayerId, Ui, UiBuilder};

use crate::app::base::board_room::{LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH};
use crate::app::base::pointer::EguiCover;
use crate::app::base::theme;

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
