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
    let foot = ctx.data(|data| data.get_temp::<f32>(right_foot_id()));
    let right = egui::Panel::right(format!("{game}-right"))
        .exact_size(RIGHT_PANEL_WIDTH)
        .resizable(false)
        .show_separator_line(false)
        .frame(theme::panel_frame().corner_radius(0))
        .show(&mut root, |ui| {
            // A card over the panel's foot: the panel's lists end above it.
            if let Some(foot) = foot {
                ui.set_max_height((ui.available_height() - foot).max(0.0));
            }
            right(ui);
        });
    // The panels sit in the background layer, which egui's own hit test does not see.
    cover.add(ctx, left.response.rect);
    cover.add(ctx, right.response.rect);
}

/// Where a card kept over the right panel's foot says how tall it is.
fn right_foot_id() -> egui::Id {
    egui::Id::new("right-panel-foot")
}

/// Keeps the foot of the right panel free for a card over it this tall (a booth's code),
/// from the next frame on; `None` gives the panel its whole height again.
pub fn keep_right_foot_free(ctx: &egui::Context, height: Option<f32>) {
    ctx.data_mut(|data| match height {
        Some(height) => {
            data.insert_temp(right_foot_id(), height);
        }
        None => data.remove::<f32>(right_foot_id()),
    });
}
