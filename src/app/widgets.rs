//! Reusable egui widgets in the app's style, with their click and hover sounds.

use bevy_egui::egui::{self, Align2, Response, RichText, Ui};

use super::audio::Sfx;
use super::palette;
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

/// Where each button was drawn in the last pass, by its text, so that a scripted run can
/// tell a person (or a test's real mouse) where to click.
#[derive(Debug, Clone, Copy)]
pub struct ButtonPlace {
    pub rect: egui::Rect,
    pub pass: u64,
    /// The first pass of the run of passes that drew it at this rect.
    pub since: u64,
    pub enabled: bool,
}

fn place_id(text: &str) -> egui::Id {
    egui::Id::new(("button-place", text))
}

fn remember_place(ui: &Ui, text: &str, response: &Response) {
    // A new window's first pass only measures it, unseen, somewhere it will not stay.
    if ui.is_sizing_pass() {
        return;
    }
    let pass = response.ctx.cumulative_pass_nr();
    let id = place_id(text);
    response.ctx.data_mut(|d| {
        let since = match d.get_temp::<ButtonPlace>(id) {
            Some(before) if before.rect == response.rect && before.pass + 1 >= pass => before.since,
            _ => pass,
        };
        let place = ButtonPlace {
            rect: response.rect,
            pass,
            since,
            enabled: response.enabled(),
        };
        d.insert_temp(id, place);
    });
}

/// The button with this text, if the last pass drew it, and the one before at the same place:
/// a card that has just appeared may still settle into its place, and a person clicks only
/// what they have seen stand still.
#[must_use]
pub fn button_place(ctx: &egui::Context, text: &str) -> Option<ButtonPlace> {
    let place: ButtonPlace = ctx.data(|d| d.get_temp(place_id(text)))?;
    (place.pass + 1 >= ctx.cumulative_pass_nr() && place.pass > place.since).then_some(place)
}

/// A large menu button; `enabled = false` greys it out (with the reason as a hover text).
pub fn menu_button(ui: &mut Ui, text: &str, enabled: bool, sounds: &mut UiSounds) -> Response {
    let button = egui::Button::new(RichText::new(text).size(22.0))
        .min_size(egui::vec2(ui.available_width().min(340.0), 54.0));
    let response = ui.add_enabled(enabled, button);
    sounds.of(&response);
    remember_place(ui, text, &response);
    response
}

/// A normal button, at least 44 px high.
pub fn button(ui: &mut Ui, text: &str, enabled: bool, sounds: &mut UiSounds) -> Response {
    button_of_width(ui, text, enabled, 44.0, sounds)
}

/// A normal button at least this wide, so buttons can share a row evenly.
pub fn button_of_width(
    ui: &mut Ui,
    text: &str,
    enabled: bool,
    width: f32,
    sounds: &mut UiSounds,
) -> Response {
    let response = ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(text)).min_size(egui::vec2(width.max(44.0), 44.0)),
    );
    sounds.of(&response);
    remember_place(ui, text, &response);
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
    remember_place(ui, text, &response);
    response
}

/// "NAME thinking..." with dots that come and go, while a computer player thinks.
pub fn thinking_label(ui: &mut Ui, who: &str, thinking: &str) {
    let dots = ".".repeat(1 + (ui.input(|i| i.time) * 2.5) as usize % 3);
    ui.label(
        RichText::new(format!("{who} {thinking}{dots}"))
            .size(17.0)
            .color(palette::ACCENT.to_egui()),
    );
    ui.ctx().request_repaint();
}

/// A one-line label at the largest size up to `size` (and down to `smallest`) that fits the
/// width left in `ui`: a heading that is longer in another language shrinks instead of being
/// cut off at the panel's edge.
pub fn fitted_label(ui: &mut Ui, text: &str, size: f32, smallest: f32, color: egui::Color32) {
    let room = ui.available_width();
    let width_at = |ui: &Ui, size: f32| {
        ui.fonts_mut(|fonts| {
            fonts
                .layout_no_wrap(text.to_owned(), egui::FontId::proportional(size), color)
                .size()
                .x
        })
    };
    let mut chosen = size;
    while chosen > smallest && width_at(ui, chosen) > room {
        chosen -= 1.0;
    }
    ui.label(RichText::new(text).size(chosen).color(color));
}
