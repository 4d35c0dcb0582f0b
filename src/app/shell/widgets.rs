//! Reusable egui widgets in the app's style, with their click and hover sounds.

use bevy_egui::egui::{self, Align2, Response, RichText, Ui};

use crate::app::audio::Sfx;
use crate::app::base::palette;
use crate::app::base::theme;

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
    card_at(ctx, id, width, heading, order, add_contents);
}

/// A card over every other card: the menus and dialogs a person opens over a game's own
/// cards (a hand-over, a prompt), which must always be the one a click reaches.
pub fn overlay_card(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    heading: &str,
    add_contents: impl FnOnce(&mut Ui),
) {
    card_at(ctx, id, width, heading, egui::Order::Tooltip, add_contents);
}

fn card_at(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    heading: &str,
    order: egui::Order,
    add_contents: impl FnOnce(&mut Ui),
) {
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
                // A window too low for the card scrolls its contents rather than cutting
                // them off.
                let room = (ctx.content_rect().height() - CARD_FRAME_HEIGHT).max(120.0);
                egui::ScrollArea::vertical()
                    .max_height(room)
                    .min_scrolled_height(room)
                    .auto_shrink([true, true])
                    .show(ui, add_contents);
            });
        });
}

/// The height a centred card needs besides its contents: its heading, margins and a gap to
/// the window's edges.
const CARD_FRAME_HEIGHT: f32 = 120.0;

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
/// tell a person (or a test's real mouse) where to click. Of several buttons with one text,
/// the first drawn in a pass is the one remembered.
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

/// Keeps where a text field is drawn, named by its hint, so a script's person can click into
/// it as into a button.
pub fn remember_field(ui: &Ui, hint: &str, response: &Response) {
    remember_place(ui, hint, response);
}

fn remember_place(ui: &Ui, text: &str, response: &Response) {
    // A new window's first pass only measures it, unseen, somewhere it will not stay.
    if ui.is_sizing_pass() {
        return;
    }
    let pass = response.ctx.cumulative_pass_nr();
    let id = place_id(text);
    response.ctx.data_mut(|d| {
        let before = d.get_temp::<ButtonPlace>(id);
        // Several buttons with one text (each game's Learn): the first drawn is the one named.
        if before.is_some_and(|before| before.pass == pass && before.rect != response.rect) {
            return;
        }
        let since = match before {
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
    let width = ui.available_width().min(340.0);
    menu_button_of_width(ui, text, enabled, width, sounds)
}

/// The width each of `count` menu buttons gets in a row that must hold them all: a narrow
/// dialog's two buttons share its width instead of the second running past its edge.
#[must_use]
pub fn shared_width(ui: &Ui, count: usize) -> f32 {
    let count = count.max(1) as f32;
    let gaps = ui.spacing().item_spacing.x * (count - 1.0);
    ((ui.available_width() - gaps) / count).min(340.0)
}

/// A large menu button at least this wide, so two can share a row.
pub fn menu_button_of_width(
    ui: &mut Ui,
    text: &str,
    enabled: bool,
    width: f32,
    sounds: &mut UiSounds,
) -> Response {
    let (padding, size) = fit_in_button(ui, text, 22.0, 15.0, width);
    let button =
        egui::Button::new(RichText::new(text).size(size)).min_size(egui::vec2(width, 54.0));
    let response = with_padding(ui, padding, |ui| ui.add_enabled(enabled, button));
    sounds.of(&response);
    remember_place(ui, text, &response);
    response
}

/// A normal button at least this wide, so buttons can share a row evenly.
pub fn button_of_width(
    ui: &mut Ui,
    text: &str,
    enabled: bool,
    width: f32,
    sounds: &mut UiSounds,
) -> Response {
    let width = width.max(44.0);
    let (padding, size) = fit_in_button(ui, text, BUTTON_TEXT_SIZE, 13.0, width);
    let button =
        egui::Button::new(RichText::new(text).size(size)).min_size(egui::vec2(width, 44.0));
    let response = with_padding(ui, padding, |ui| ui.add_enabled(enabled, button));
    sounds.of(&response);
    remember_place(ui, text, &response);
    response
}

/// A normal button as wide as its words at the buttons' size, for a card's few buttons.
pub fn fitted_button(ui: &mut Ui, text: &str, enabled: bool, sounds: &mut UiSounds) -> Response {
    let width = text_width(ui, text, BUTTON_TEXT_SIZE) + 32.0;
    button_of_width(ui, text, enabled, width, sounds)
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

/// The width of `text` on one line at `size` points.
#[must_use]
pub fn text_width(ui: &Ui, text: &str, size: f32) -> f32 {
    ui.fonts_mut(|fonts| {
        fonts
            .layout_no_wrap(
                text.to_owned(),
                egui::FontId::proportional(size),
                egui::Color32::WHITE,
            )
            .size()
            .x
    })
}

/// The size of a normal button's text (the theme's button style).
const BUTTON_TEXT_SIZE: f32 = 20.0;

/// The largest size from `size` down to `smallest` at which `text` fits `room` points on one
/// line. A text that does not fit even at `smallest` is reported once, as a warning the
/// window tests look for: a label cut off at its edge is a defect in some language.
pub fn fitting_size(ui: &Ui, text: &str, size: f32, smallest: f32, room: f32) -> f32 {
    let mut chosen = size;
    while chosen > smallest && text_width(ui, text, chosen) > room {
        chosen -= 1.0;
    }
    let needed = text_width(ui, text, chosen);
    if needed > room + 0.5 {
        report_overflow(ui, text, needed, room);
    }
    chosen
}

/// Adds a widget with this side padding, then puts the padding back. No child `Ui` is made, so
/// the widget keeps the id it would have had (a scope's id can differ between egui's passes).
fn with_padding(ui: &mut Ui, padding: f32, add: impl FnOnce(&mut Ui) -> Response) -> Response {
    let saved = ui.spacing().button_padding.x;
    ui.spacing_mut().button_padding.x = padding;
    let response = add(ui);
    ui.spacing_mut().button_padding.x = saved;
    response
}

/// The side padding and text size for `text` in a button `width` wide: the theme's padding
/// and full size when they fit; else narrower padding first, then a smaller text.
fn fit_in_button(ui: &Ui, text: &str, size: f32, smallest: f32, width: f32) -> (f32, f32) {
    const TIGHT_PADDING: f32 = 6.0;
    let padding = ui.spacing().button_padding.x;
    if text_width(ui, text, size) + 2.0 * padding <= width {
        return (padding, size);
    }
    let room = width - 2.0 * TIGHT_PADDING;
    (TIGHT_PADDING, fitting_size(ui, text, size, smallest, room))
}

/// Says once per text that it does not fit its place. The texts already told are kept in
/// the egui context's memory, so each window (and each test's app) keeps its own list.
fn report_overflow(ui: &Ui, text: &str, needed: f32, room: f32) {
    let first_time = ui.ctx().data_mut(|data| {
        let reported = data.get_temp_mut_or_default::<Vec<String>>(egui::Id::new("texts-cut"));
        let new = !reported.iter().any(|known| known == text);
        if new {
            reported.push(text.to_owned());
        }
        new
    });
    if first_time {
        bevy::log::warn!("text does not fit: \"{text}\" needs {needed:.0} px, has {room:.0}");
    }
}

/// A one-line label at the largest size up to `size` (and down to `smallest`) that fits the
/// width left in `ui`: a heading that is longer in another language shrinks instead of being
/// cut off at the panel's edge.
pub fn fitted_label(ui: &mut Ui, text: &str, size: f32, smallest: f32, color: egui::Color32) {
    let chosen = fitting_size(ui, text, size, smallest, ui.available_width());
    ui.label(RichText::new(text).size(chosen).color(color));
}
