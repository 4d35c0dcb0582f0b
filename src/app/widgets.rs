//! Reusable egui widgets in the app's style, with their click and hover sounds.

use bevy_egui::egui::{self, Align2, Response, RichText, Ui};

use super::audio::Sfx;
use super::palette::{self, Rgba};
use super::theme;

/// A card with a heading, centred over the window, in the app's panel style. `foreground`
/// puts it above other cards (menus and help over the game).
pub fn centred_card(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    heading: &str,
    foreground: bool,
    add_contents: impl FnOnce(&mut Ui),
) {
    let order = if foreground {
        egui::Order::Foreground
    } else {
        egui::Order::Middle
    };
    egui::Area::new(egui::Id::new(id))
        .anchor(Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .order(order)
        .show(ctx, |ui| {
            theme::panel_frame().show(ui, |ui| {
                ui.set_width(width);
                ui.label(
                    RichText::new(heading)
                        .size(32.0)
                        .color(palette::ACCENT.to_egui()),
                );
                ui.add_space(8.0);
                add_contents(ui);
            });
        });
}

/// Sounds the widgets of one frame asked for; the calling system sends them on.
#[derive(Default)]
pub struct UiSounds(pub Vec<Sfx>);

impl UiSounds {
    /// Adds the click and hover-enter sounds of a widget's response.
    pub fn of(&mut self, response: &Response) {
        if response.clicked() {
            self.0.push(Sfx::Click);
        }
        let hovered = response.hovered() && response.enabled();
        let id = response.id.with("hovered-before");
        let before = response.ctx.data_mut(|d| {
            let before = d.get_temp::<bool>(id).unwrap_or(false);
            d.insert_temp(id, hovered);
            before
        });
        if hovered && !before {
            self.0.push(Sfx::Hover);
        }
    }
}

/// A large menu button; `enabled = false` greys it out (with the reason as a hover text).
pub fn menu_button(ui: &mut Ui, text: &str, enabled: bool, sounds: &mut UiSounds) -> Response {
    let button = egui::Button::new(RichText::new(text).size(22.0))
        .min_size(egui::vec2(ui.available_width().min(340.0), 54.0));
    let response = ui.add_enabled(enabled, button);
    sounds.of(&response);
    response
}

/// A normal button, at least 44 px high.
pub fn button(ui: &mut Ui, text: &str, enabled: bool, sounds: &mut UiSounds) -> Response {
    let response = ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(text)).min_size(egui::vec2(44.0, 44.0)),
    );
    sounds.of(&response);
    response
}

/// A toggle button that shows whether it is chosen.
pub fn choice(
    ui: &mut Ui,
    text: &str,
    chosen: bool,
    enabled: bool,
    sounds: &mut UiSounds,
) -> Response {
    let mut button = egui::Button::new(RichText::new(text).size(20.0))
        .selected(chosen)
        .min_size(egui::vec2(52.0, 48.0));
    if chosen {
        button = button.fill(palette::BUTTON_ACTIVE.to_egui());
    }
    let response = ui.add_enabled(enabled, button);
    sounds.of(&response);
    response
}

/// A stone drawn inline with text, so the two colours read at a glance.
pub fn stone_icon(ui: &mut Ui, black: bool, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter();
    let centre = rect.center();
    let radius = size * 0.45;
    let (fill, edge): (Rgba, Rgba) = if black {
        (palette::STONE_BLACK, palette::STONE_BLACK_SHINE)
    } else {
        (palette::STONE_WHITE, palette::STONE_WHITE_SHADE)
    };
    painter.circle(
        centre,
        radius,
        fill.to_egui(),
        egui::Stroke::new(1.5, edge.to_egui()),
    );
    if !black {
        // The same engraved ring as the white stones on the board.
        painter.circle_stroke(
            centre,
            radius * 0.52,
            egui::Stroke::new(1.5, palette::STONE_WHITE_SHADE.to_egui()),
        );
    }
}
