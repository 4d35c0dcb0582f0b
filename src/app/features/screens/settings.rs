//! The settings screen: volumes, mute, cell names, how fast computers and animations move,
//! the language, the demo and the phones' port.

use bevy::prelude::*;
use bevy_egui::egui::{self, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::i18n::{Key, Language, SHELL};
use crate::app::base::navigation::{Overlays, ReturnTo, Screen};
use crate::app::base::settings::{AnimationSpeed, ComputerPace, Settings, TableView, UiScale};
use crate::app::features::attract::Booth;
use crate::app::features::booth_controls::BoothControls;
use crate::app::shell::widgets::{
    UiSounds, centred_card, choice, menu_button_of_width, shared_width,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_menu
            .run_if(in_state(Screen::Settings))
            .in_set(crate::app::base::frame_order::AppSet::Panels),
    );
}

/// The window width, in points, from which the settings stand in two columns.
const WIDE_ENOUGH: f32 = 1150.0;

/// The idle times the settings offer before the demo starts.
const DEMO_AFTER_OFFERED: [Option<u32>; 4] = [None, Some(30), Some(60), Some(300)];

fn settings_menu(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    back: Option<Res<ReturnTo>>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<Sfx>,
    (booth, mut controls, mut overlays): (Option<Res<Booth>>, ResMut<BoothControls>, Overlays),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let at_a_booth = booth.is_some_and(|booth| booth.phone_visitors);
    let mut sounds = UiSounds::default();
    let mut edited = settings.clone();
    centred_card(
        ctx,
        "settings",
        520.0,
        words.text(Key::Settings),
        false,
        |ui| {
            // Two columns, so every setting and Back fit a 1280 × 720 screen at once; a
            // narrower window stacks them (and the card scrolls).
            let wide = ui.ctx().content_rect().width() >= WIDE_ENOUGH;
            let layout = if wide {
                egui::Layout::left_to_right(egui::Align::Min)
            } else {
                egui::Layout::top_down(egui::Align::Min)
            };
            ui.with_layout(layout, |ui| {
                ui.vertical(|ui| {
                    volumes(ui, words, &mut edited);
                    ui.add_space(6.0);
                    switches(ui, words, &mut edited, &mut sounds);
                });
                ui.add_space(28.0);
                // The language under the choices, so that Back stays in view under both.
                ui.vertical(|ui| {
                    paces(ui, words, &mut edited, &mut sounds);
                    ui.add_space(10.0);
                    language(ui, words, &mut edited, &mut sounds);
                });
            });
            ui.add_space(16.0);
            // At a booth, the organiser's controls of the day open from here too.
            let width = shared_width(ui, if at_a_booth { 2 } else { 1 });
            ui.horizontal(|ui| {
                if menu_button_of_width(ui, words.text(Key::Back), true, width, &mut sounds)
                    .clicked()
                {
                    next.set(back.as_ref().map_or(Screen::Title, |b| b.0));
                }
                let open = SHELL.text(words, "booth-controls-open");
                if at_a_booth && menu_button_of_width(ui, open, true, width, &mut sounds).clicked()
                {
                    controls.show(&mut overlays);
                }
            });
        },
    );
    if edited != *settings {
        *settings = edited;
    }
    sfx.write_batch(sounds.0);
    Ok(())
}

/// A slider for each volume.
fn volumes(ui: &mut Ui, words: Language, edited: &mut Settings) {
    egui::Grid::new("volumes")
        .num_columns(2)
        .spacing([24.0, 16.0])
        .show(ui, |ui| {
            for (key, value) in [
                (Key::MasterVolume, &mut edited.master_volume),
                (Key::EffectsVolume, &mut edited.effects_volume),
                (Key::MusicVolume, &mut edited.music_volume),
            ] {
                ui.label(words.text(key));
                ui.add(egui::Slider::new(value, 0.0..=1.0).show_value(false));
                ui.end_row();
            }
        });
}

/// On and Off for mute, cell names, full screen, the colour-blind colours and the tile game's
/// count of unseen tiles.
fn switches(ui: &mut Ui, words: Language, edited: &mut Settings, sounds: &mut UiSounds) {
    egui::Grid::new("switches")
        .num_columns(3)
        .spacing([14.0, 10.0])
        .show(ui, |ui| {
            for (key, value) in [
                (Key::Mute, &mut edited.muted),
                (Key::ShowCoordinates, &mut edited.show_coordinates),
                (Key::Fullscreen, &mut edited.fullscreen),
                (Key::ColourBlind, &mut edited.colour_blind),
                (Key::UnseenTiles, &mut edited.show_unseen_tiles),
            ] {
                ui.label(words.text(key));
                let (on, off) = (words.text(Key::On), words.text(Key::Off));
                if choice(ui, on, *value, true, sounds).clicked() {
                    *value = true;
                }
                if choice(ui, off, !*value, true, sounds).clicked() {
                    *value = false;
                }
                ui.end_row();
            }
        });
}

/// Every language, each by its own name.
fn language(ui: &mut Ui, words: Language, edited: &mut Settings, sounds: &mut UiSounds) {
    ui.label(words.text(Key::Language));
    ui.horizontal(|ui| {
        for language in Language::ALL {
            let chosen = edited.language == language;
            let name = language.native_name();
            if choice(ui, name, chosen, true, sounds).clicked() {
                edited.language = language;
            }
        }
    });
}

/// How fast computers and animations move, when the demo starts, and the size of it all.
fn paces(ui: &mut Ui, words: Language, edited: &mut Settings, sounds: &mut UiSounds) {
    egui::Grid::new("choices")
        .num_columns(5)
        .spacing([14.0, 10.0])
        .show(ui, |ui| {
            let paces = [Key::PaceQuick, Key::PaceSteady, Key::PaceSlow];
            let paces = ComputerPace::ALL
                .into_iter()
                .zip(paces.map(|key| words.text(key).to_owned()));
            let name = words.text(Key::ComputerPace);
            choice_row(ui, name, &mut edited.computer_pace, paces, sounds);
            let speeds = [Key::AnimCalm, Key::AnimNormal, Key::AnimBrisk];
            let speeds = AnimationSpeed::ALL
                .into_iter()
                .zip(speeds.map(|key| words.text(key).to_owned()));
            let name = words.text(Key::Animations);
            choice_row(ui, name, &mut edited.animation_speed, speeds, sounds);
            let afters = DEMO_AFTER_OFFERED.map(|after| {
                let label = match after {
                    None => words.text(Key::Off).to_owned(),
                    Some(s) => words.duration(s),
                };
                (after, label)
            });
            let name = words.text(Key::DemoWhenIdle);
            choice_row(ui, name, &mut edited.demo_after_seconds, afters, sounds);
            let scales = UiScale::ALL.map(|scale| (scale, scale.label()));
            let name = words.text(Key::UiScale);
            choice_row(ui, name, &mut edited.ui_scale, scales, sounds);
            let views = [
                (None, Key::ViewAuto),
                (Some(TableView::Flat), Key::ViewFlat),
                (Some(TableView::Table), Key::ViewTable),
            ]
            .map(|(view, key)| (view, words.text(key).to_owned()));
            let name = words.text(Key::TableView);
            choice_row(ui, name, &mut edited.table_view, views, sounds);
            phone_port(ui, words, edited, sounds);
        });
}

/// The port a fixed choice starts from: HTTP's usual other port, which venues often let
/// through.
const FIRST_FIXED_PORT: u16 = 8080;

/// The phones' port: any free one, or a fixed one typed or dragged (for a venue's firewall).
fn phone_port(ui: &mut Ui, words: Language, edited: &mut Settings, sounds: &mut UiSounds) {
    ui.label(words.text(Key::PhonePort));
    let fixed = edited.phone_port.is_some();
    if choice(ui, words.text(Key::PortAny), !fixed, true, sounds).clicked() {
        edited.phone_port = None;
    }
    if choice(ui, words.text(Key::PortFixed), fixed, true, sounds).clicked() && !fixed {
        edited.phone_port = Some(FIRST_FIXED_PORT);
    }
    if let Some(port) = edited.phone_port.as_mut() {
        ui.add(egui::DragValue::new(port).range(1024..=65535));
    }
    ui.end_row();
}

/// One row of a grid of choices: its name, then a button for each value, the chosen one lit.
fn choice_row<T: PartialEq>(
    ui: &mut Ui,
    name: &str,
    value: &mut T,
    options: impl IntoIterator<Item = (T, String)>,
    sounds: &mut UiSounds,
) {
    ui.label(name);
    for (option, label) in options {
        let chosen = *value == option;
        if choice(ui, &label, chosen, true, sounds).clicked() {
            *value = option;
        }
    }
    ui.end_row();
}
