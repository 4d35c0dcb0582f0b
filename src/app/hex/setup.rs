//! The setup screen for the hex game: board size and who plays each side.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::Screen;
use crate::app::audio::Sfx;
use crate::app::hex::{HexMatch, HexSetup};
use crate::app::i18n::Key;
use crate::app::palette;
use crate::app::settings::Settings;
use crate::app::widgets::{UiSounds, centred_card, choice, menu_button, stone_icon};
use crate::rules::hex::{Board, Color, MAX_SIDE, MIN_SIDE};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::HexSetup), remember_last_side)
        .add_systems(
            EguiPrimaryContextPass,
            setup_menu
                .run_if(in_state(Screen::HexSetup))
                .in_set(crate::app::AppSet::Panels),
        );
}

fn remember_last_side(settings: Res<Settings>, mut setup: ResMut<HexSetup>) {
    setup.side = settings.hex_side;
}

/// Starts a new game of the chosen size (the screen's Start button, and scripts).
pub fn start_new_game(commands: &mut Commands, side: u8, next: &mut NextState<Screen>) {
    commands.insert_resource(HexMatch::new(side));
    next.set(Screen::HexGame);
}

fn setup_menu(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut setup: ResMut<HexSetup>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    centred_card(
        ctx,
        "hex-setup",
        620.0,
        words.text(Key::NewHexGame),
        false,
        |ui| {
            ui.label(RichText::new(words.text(Key::BoardSize)).size(22.0));
            ui.horizontal(|ui| {
                for side in MIN_SIDE..=MAX_SIDE {
                    if choice(ui, &side.to_string(), setup.side == side, true, &mut sounds)
                        .clicked()
                    {
                        setup.side = side;
                    }
                }
            });
            let cells = Board::of_side(u32::from(setup.side)).map_or(0, Board::cell_count);
            let mut about = words.cells_on_board(cells);
            if setup.side == crate::rules::hex::DEFAULT_SIDE {
                about = format!("{about} · {}", words.text(Key::Recommended));
            }
            ui.label(RichText::new(about).color(palette::TEXT_MUTED.to_egui()));
            ui.add_space(14.0);
            egui::Grid::new("players")
                .num_columns(3)
                .spacing([14.0, 10.0])
                .show(ui, |ui| {
                    for color in Color::BOTH {
                        ui.horizontal(|ui| {
                            stone_icon(ui, color == Color::Black, 30.0);
                            ui.label(RichText::new(words.color(color)).size(22.0));
                        });
                        choice(ui, words.text(Key::Human), true, true, &mut sounds);
                        let computer = words.text(Key::ComputerLater);
                        choice(ui, computer, false, false, &mut sounds);
                        ui.end_row();
                    }
                });
            ui.add_space(18.0);
            ui.horizontal(|ui| {
                if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                    next.set(Screen::Title);
                }
                if menu_button(ui, words.text(Key::Start), true, &mut sounds).clicked() {
                    settings.hex_side = setup.side;
                    start_new_game(&mut commands, setup.side, &mut next);
                }
            });
        },
    );
    sfx.write_batch(sounds.0);
    Ok(())
}
