//! The setup screen for the hex game: board size, who plays each side and the turn clock,
//! remembered between runs.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::HEX;
use super::game::{HexMatch, HexSetup, Seat, TimeOut};
use super::hud::stone_icon;
use super::words::{HexWords, Text};
use crate::app::audio::Sfx;
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::storage::{self, DataDir, Saver};
use crate::app::features::host_online::SetupHosting;
use crate::app::shell::turn_clock::{TurnLimit, limit_choice};
use crate::app::shell::widgets::{UiSounds, centred_card, choice, menu_button};
use abakus_rules::hex::ai::Level;
use abakus_rules::hex::{Board, Color, DEFAULT_SIDE, MAX_SIDE, MIN_SIDE};

/// The file the last setup is kept in.
const FILE: &str = "hex-setup.json";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HexSetup>()
        .add_systems(PreStartup, load_last_setup)
        .add_systems(
            EguiPrimaryContextPass,
            setup_menu
                .run_if(in_state(Screen::Setup(HEX)))
                .in_set(crate::app::base::frame_order::AppSet::Panels),
        );
}

fn load_last_setup(dir: Option<Res<DataDir>>, mut setup: ResMut<HexSetup>) {
    if let Some(saved) = dir.and_then(|dir| load_setup(&dir)) {
        *setup = saved;
    }
}

/// The setup last chosen, kept in `dir`; a hand-edited file may hold any number.
#[must_use]
pub fn load_setup(dir: &DataDir) -> Option<HexSetup> {
    storage::load::<HexSetup>(dir, FILE).map(|saved| HexSetup {
        side: saved.side.clamp(MIN_SIDE, MAX_SIDE),
        ..saved
    })
}

/// Starts a new game of the chosen size and seats (the screen's Start button, and scripts).
pub fn start_new_game(commands: &mut Commands, setup: &HexSetup, next: &mut NextState<Screen>) {
    let game = HexMatch::with_seats(setup.side, setup.seats)
        .timed(setup.turn_limit, setup.on_time_out)
        .named(setup.names.clone());
    commands.insert_resource(game);
    next.set(Screen::Game(HEX));
}

/// The computer's levels the setup offers, with their words: after "Computer:", so that a
/// seat's row stays narrow in every language.
const LEVEL_CHOICES: [(Level, Key); 4] = [
    (Level::Easy, Key::LevelEasy),
    (Level::Normal, Key::LevelNormal),
    (Level::Hard, Key::LevelHard),
    (Level::Expert, Key::LevelExpert),
];

fn setup_menu(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut setup: ResMut<HexSetup>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    storage: Option<(Res<DataDir>, Res<Saver>)>,
    (mut hosting, mut sfx): (SetupHosting, MessageWriter<Sfx>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    centred_card(
        ctx,
        "hex-setup",
        960.0,
        words.hex(Text::NewGame),
        false,
        |ui| {
            board_size_choice(ui, &mut setup, words, &mut sounds);
            ui.add_space(14.0);
            seat_choices(ui, &mut setup, words, &mut sounds);
            ui.add_space(12.0);
            limit_choice(ui, &mut setup.turn_limit, words, &mut sounds);
            time_out_choice(ui, &mut setup, words, &mut sounds);
            ui.add_space(18.0);
            let here: Vec<usize> = (0..2)
                .filter(|&seat| setup.seats[seat] == Seat::Human)
                .collect();
            let may_start = hosting.line(ui, words, here.len(), 1);
            ui.horizontal(|ui| {
                if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                    next.set(Screen::Title);
                }
                hosting.where_to_play(ui, words, &mut sounds, &mut next);
                if menu_button(ui, words.text(Key::Start), may_start, &mut sounds).clicked() {
                    if let Some((dir, saver)) = &storage {
                        saver.save(dir, FILE, &*setup);
                    }
                    let hosted =
                        hosting.host(|| abakus_server::table::Setup::Hex(setup.clone()), &here);
                    if !hosted {
                        start_new_game(&mut commands, &setup, &mut next);
                    }
                }
            });
        },
    );
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The board's side, with how many cells it has.
fn board_size_choice(ui: &mut Ui, setup: &mut HexSetup, words: Language, sounds: &mut UiSounds) {
    ui.label(RichText::new(words.hex(Text::BoardSize)).size(22.0));
    ui.horizontal(|ui| {
        for side in MIN_SIDE..=MAX_SIDE {
            if choice(ui, &side.to_string(), setup.side == side, true, sounds).clicked() {
                setup.side = side;
            }
        }
    });
    let cells = Board::of_side(u32::from(setup.side)).map_or(0, Board::cell_count);
    let mut about = words.cells_on_board(cells);
    if setup.side == DEFAULT_SIDE {
        about = format!("{about} · {}", words.text(Key::Recommended));
    }
    ui.label(RichText::new(about).color(palette::TEXT_MUTED.to_egui()));
}

/// Each colour's seat: a person (with their name) or a computer level.
fn seat_choices(ui: &mut Ui, setup: &mut HexSetup, words: Language, sounds: &mut UiSounds) {
    egui::Grid::new("players")
        .num_columns(4)
        .spacing([10.0, 10.0])
        .show(ui, |ui| {
            for color in Color::BOTH {
                let index = color.index();
                let human = setup.seats[index] == Seat::Human;
                let on_a_phone = setup.seats[index] == Seat::Elsewhere;
                ui.horizontal(|ui| {
                    stone_icon(ui, color == Color::Black, 30.0);
                    ui.label(RichText::new(words.color(color)).size(22.0));
                });
                // A person's name, for the statistics; one nobody typed follows the
                // language.
                if human || on_a_phone {
                    name_field(ui, &mut setup.names[index], index, words);
                } else {
                    ui.label("");
                }
                let seat = &mut setup.seats[index];
                ui.horizontal(|ui| {
                    if choice(ui, words.text(Key::Human), human, true, sounds).clicked() {
                        *seat = Seat::Human;
                    }
                    let phone = words.hex(Text::SeatPhone);
                    if choice(ui, phone, on_a_phone, true, sounds).clicked() {
                        *seat = Seat::Elsewhere;
                    }
                });
                ui.horizontal(|ui| {
                    ui.label(RichText::new(words.text(Key::ComputerLevels)).size(20.0));
                    for (level, key) in LEVEL_CHOICES {
                        let offered = Seat::Computer(level);
                        let text = words.text(key);
                        if choice(ui, text, *seat == offered, true, sounds).clicked() {
                            *seat = offered;
                        }
                    }
                });
                ui.end_row();
            }
        });
}

/// What running out of time does; asked only of a timed game.
fn time_out_choice(ui: &mut Ui, setup: &mut HexSetup, words: Language, sounds: &mut UiSounds) {
    if setup.turn_limit != TurnLimit::Off {
        ui.horizontal(|ui| {
            ui.label(RichText::new(words.hex(Text::TimeOutLabel)).size(20.0));
            ui.add_space(8.0);
            for (offered, text) in [
                (TimeOut::RandomMove, Text::TimeOutRandom),
                (TimeOut::Loses, Text::TimeOutLoses),
            ] {
                let chosen = setup.on_time_out == offered;
                if choice(ui, words.hex(text), chosen, true, sounds).clicked() {
                    setup.on_time_out = offered;
                }
            }
        });
    }
}

/// The longest name a seat takes.
const MAX_NAME: usize = 24;

/// The width of a name's field, in points.
const NAME_WIDTH: f32 = 170.0;

/// A person's name beside their colour: "Player 1" in the player's language until they type
/// one, at most [`MAX_NAME`] characters.
fn name_field(
    ui: &mut egui::Ui,
    name: &mut String,
    seat: usize,
    words: crate::app::base::i18n::Language,
) {
    if name.trim().is_empty() || crate::app::base::i18n::Language::is_default_player(name, seat) {
        *name = words.default_player(seat);
    }
    ui.add_sized(
        [NAME_WIDTH, 34.0],
        egui::TextEdit::singleline(name)
            .char_limit(MAX_NAME)
            .font(egui::TextStyle::Button)
            .vertical_align(egui::Align::Center),
    );
}
