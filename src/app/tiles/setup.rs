//! The tile game's setup screen: players and their names, the board and every variant, each
//! with a line saying what it does; the choices are remembered between runs.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use serde::{Deserialize, Serialize};

use super::TILES;
use super::game::{Seat, SeatKind, TilesMatch, TilesSetup};
use super::words::{Text, TilesWords, is_default_name, with_local_names};
use crate::app::audio::Sfx;
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::storage::{self, DataDir, Saver};
use crate::app::features::host_online::SetupHosting;
use crate::app::shell::turn_clock::{TurnLimit, limit_choice};
use crate::app::shell::widgets::{UiSounds, centred_card, choice, menu_button};
use abakus_rules::abaku::ai::Level;
use abakus_rules::abaku::{OpSet, Scoring, Variants};

/// The file the last setup is kept in.
const FILE: &str = "tiles-setup.json";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TilesChoices>()
        .add_systems(PreStartup, load_last_choices)
        .add_systems(
            Update,
            start_at_launch
                .run_if(resource_exists::<TilesAtLaunch>)
                .run_if(in_state(Screen::Title)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            setup_menu
                .run_if(in_state(Screen::Setup(TILES)))
                .in_set(crate::app::base::frame_order::AppSet::Panels),
        );
}

/// What the setup screen shows and remembers.
#[derive(Resource, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TilesChoices {
    pub players: usize,
    /// Names for all four seats, so a name typed once comes back.
    pub names: Vec<String>,
    pub variants: Variants,
    pub board_b: bool,
    /// Who sits at each of the four seats: a person or the computer.
    pub kinds: Vec<SeatKind>,
    /// The time each person has for a turn.
    pub turn_limit: TurnLimit,
}

impl Default for TilesChoices {
    fn default() -> Self {
        Self {
            players: 2,
            names: (1..=4).map(|n| format!("Player {n}")).collect(),
            variants: Variants::default(),
            board_b: false,
            turn_limit: TurnLimit::Off,
            kinds: vec![SeatKind::Human; 4],
        }
    }
}

impl TilesChoices {
    /// The choices with anything a hand-edited file could have broken put right.
    #[must_use]
    pub fn sanitized(mut self) -> Self {
        self.players = self.players.clamp(1, 4);
        self.names.resize(4, String::new());
        self.kinds.resize(4, SeatKind::Human);
        for (index, name) in self.names.iter_mut().enumerate() {
            let trimmed: String = name.trim().chars().take(MAX_NAME).collect();
            *name = if trimmed.is_empty() {
                format!("Player {}", index + 1)
            } else {
                trimmed
            };
        }
        self.variants.turns_each = self.variants.turns_each.filter(|turns| *turns > 0);
        if self.variants.spin && self.players != 2 && self.players != 4 {
            self.variants.spin = false;
        }
        self
    }

    /// The table these choices make, with a seed for the bag.
    #[must_use]
    pub fn table(&self, seed: u64) -> TilesSetup {
        let choices = self.clone().sanitized();
        TilesSetup {
            seats: choices.names[..choices.players]
                .iter()
                .zip(&choices.kinds)
                .map(|(name, &kind)| Seat {
                    name: name.clone(),
                    kind,
                })
                .collect(),
            variants: choices.variants,
            board_b: choices.board_b,
            seed,
            turn_limit: choices.turn_limit,
        }
    }
}

const MAX_NAME: usize = 16;

fn load_last_choices(dir: Option<Res<DataDir>>, mut choices: ResMut<TilesChoices>) {
    if let Some(saved) = dir.and_then(|dir| TilesChoices::load(&dir)) {
        *choices = saved;
    }
}

impl TilesChoices {
    /// The choices last made, kept in `dir`, put right where a file broke them.
    #[must_use]
    pub fn load(dir: &DataDir) -> Option<Self> {
        storage::load::<TilesChoices>(dir, FILE).map(TilesChoices::sanitized)
    }
}

/// The seats of a tile game to start at launch, straight past the title and the setup
/// (`abakus --play abaku --seats phone,phone,hard`).
#[derive(Resource, Debug, Clone)]
pub struct TilesAtLaunch(pub Vec<SeatKind>);

/// Starts the launch's game: the board, variants, names and turn timer as last chosen on the
/// setup screen, with the given seats.
fn start_at_launch(
    mut commands: Commands,
    at_launch: Res<TilesAtLaunch>,
    choices: Res<TilesChoices>,
    settings: Option<Res<Settings>>,
    mut next: ResMut<NextState<Screen>>,
) {
    commands.remove_resource::<TilesAtLaunch>();
    let mut chosen = choices.clone();
    chosen.players = at_launch.0.len();
    chosen.kinds = at_launch.0.clone();
    let language = settings.map(|s| s.language).unwrap_or_default();
    start_game(&mut commands, &mut next, &chosen, language, fresh_seed());
}

/// A new game of these choices on the deal of `seed`, put on the screen.
pub(super) fn start_game(
    commands: &mut Commands,
    next: &mut NextState<Screen>,
    chosen: &TilesChoices,
    language: Language,
    seed: u64,
) {
    let table = with_local_names(chosen.table(seed), language);
    match TilesMatch::new(table) {
        Ok(game) => {
            commands.insert_resource(game);
            next.set(Screen::Game(TILES));
        }
        Err(error) => warn!("cannot start the tile game: {error}"),
    }
}

/// A seed for a new game's bag: the clock is as good as any for shuffling tiles.
pub(super) fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

fn setup_menu(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut choices: ResMut<TilesChoices>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    storage: Option<(Res<DataDir>, Res<Saver>)>,
    (mut hosting, mut sfx): (SetupHosting, MessageWriter<Sfx>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let mut edited = choices.clone();
    let room = ctx.content_rect();
    // The line that says where a game hosted elsewhere is played takes two lines of the room,
    // and its word on the seats two more.
    let people_here = (0..choices.players)
        .filter(|&seat| choices.kinds.get(seat) == Some(&SeatKind::Human))
        .count();
    let hosting_line = match (hosting.elsewhere(), people_here >= 1) {
        (false, _) => 0.0,
        (true, true) => 50.0,
        (true, false) => 100.0,
    };
    let height = (room.height() - 210.0 - hosting_line).max(160.0);
    let width = (room.width() - 60.0).clamp(480.0, 1000.0);
    centred_card(
        ctx,
        "tiles-setup",
        width,
        words.tiles(Text::NewGame),
        false,
        |ui| {
            // A bar that keeps its own room: a floating one lies over the right column's
            // words where they run to the edge.
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical()
                .max_height(height)
                .show(ui, |ui| {
                    // Two columns where the window allows: the table on the left, the rules
                    // on the right.
                    if width >= 900.0 {
                        ui.columns(2, |columns| {
                            table_options(&mut columns[0], words, &mut edited, &mut sounds);
                            rule_options(&mut columns[1], words, &mut edited, &mut sounds);
                        });
                    } else {
                        table_options(ui, words, &mut edited, &mut sounds);
                        rule_options(ui, words, &mut edited, &mut sounds);
                    }
                });
            ui.add_space(12.0);
            let here: Vec<usize> = (0..edited.players)
                .filter(|&seat| edited.kinds.get(seat) == Some(&SeatKind::Human))
                .collect();
            let may_start = hosting.line(ui, words, here.len(), usize::MAX);
            ui.horizontal(|ui| {
                if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                    next.set(Screen::Title);
                }
                hosting.where_to_play(ui, words, &mut sounds, &mut next);
                if menu_button(ui, words.text(Key::Start), may_start, &mut sounds).clicked() {
                    let chosen = edited.clone().sanitized();
                    if let Some((dir, saver)) = &storage {
                        saver.save(dir, FILE, &chosen);
                    }
                    let table = || with_local_names(chosen.table(fresh_seed()), words);
                    let hosted =
                        hosting.host(|| abakus_server::table::Setup::Tiles(table()), &here);
                    if !hosted {
                        start_game(&mut commands, &mut next, &chosen, words, fresh_seed());
                    }
                }
            });
        },
    );
    if edited != *choices {
        *choices = edited;
    }
    sfx.write_batch(sounds.0);
    Ok(())
}

/// A row of choices with a line that explains them.
fn row<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    title: &str,
    about: &str,
    options: &[(T, &str, bool)],
    value: &mut T,
    sounds: &mut UiSounds,
) {
    ui.label(RichText::new(title).size(20.0));
    ui.horizontal_wrapped(|ui| {
        for &(option, label, enabled) in options {
            if choice(ui, label, *value == option, enabled, sounds).clicked() {
                *value = option;
            }
        }
    });
    if !about.is_empty() {
        ui.label(RichText::new(about).color(palette::TEXT_MUTED.to_egui()));
    }
    ui.add_space(8.0);
}

/// A seat's player: a person at the screen, a person on a phone, or the computer at a level;
/// a list keeps the row as narrow as a name.
fn seat_kind_choice(
    ui: &mut egui::Ui,
    words: crate::app::base::i18n::Language,
    seat: usize,
    kind: &mut SeatKind,
    sounds: &mut UiSounds,
) {
    let offered = [
        (SeatKind::Human, words.text(Key::Human)),
        // A person whose rack is on their own phone (the page its QR code opens).
        (SeatKind::Phone, super::words::text(words, "seat-phone")),
        (
            SeatKind::Computer(Level::Easy),
            words.text(Key::ComputerEasy),
        ),
        (
            SeatKind::Computer(Level::Normal),
            words.text(Key::ComputerNormal),
        ),
        (
            SeatKind::Computer(Level::Hard),
            words.text(Key::ComputerHard),
        ),
        (
            SeatKind::Computer(Level::Expert),
            words.text(Key::ComputerExpert),
        ),
    ];
    let shown = offered
        .iter()
        .find(|(k, _)| k == kind)
        .map_or(offered[0].1, |&(_, label)| label);
    egui::ComboBox::from_id_salt(("seat-kind", seat))
        .width(190.0)
        .selected_text(RichText::new(shown).size(18.0))
        .show_ui(ui, |ui| {
            for (choice_kind, label) in offered {
                let picked =
                    ui.selectable_value(kind, choice_kind, RichText::new(label).size(18.0));
                sounds.of(&picked);
            }
        });
}

/// Who plays, and on which board.
fn table_options(
    ui: &mut egui::Ui,
    words: crate::app::base::i18n::Language,
    choices: &mut TilesChoices,
    sounds: &mut UiSounds,
) {
    let numbers = ["1", "2", "3", "4"];
    let players: Vec<(usize, &str, bool)> = (1..=4).map(|n| (n, numbers[n - 1], true)).collect();
    let mut count = choices.players;
    row(
        ui,
        words.tiles(Text::Players),
        "",
        &players,
        &mut count,
        sounds,
    );
    if count != choices.players {
        choices.players = count;
        // One player plays on board B, as the rules advise; more on board A.
        choices.board_b = count == 1;
        if choices.variants.spin && count != 2 && count != 4 {
            choices.variants.spin = false;
        }
    }
    ui.label(RichText::new(words.tiles(Text::Names)).size(20.0));
    egui::Grid::new("seats")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            for seat in 0..choices.players {
                let name = &mut choices.names[seat];
                // A name nobody typed follows the language: "Player 2" becomes "Spieler 2".
                if is_default_name(name, seat) {
                    let local = words.default_name(seat);
                    if *name != local {
                        *name = local;
                    }
                }
                ui.add_sized(
                    [170.0, 44.0],
                    egui::TextEdit::singleline(name)
                        .char_limit(MAX_NAME)
                        .font(egui::TextStyle::Button)
                        .vertical_align(egui::Align::Center),
                );
                seat_kind_choice(ui, words, seat, &mut choices.kinds[seat], sounds);
                ui.end_row();
            }
        });
    ui.add_space(8.0);
    let mut board_b = choices.board_b;
    let about = if board_b {
        words.tiles(Text::BoardBAbout)
    } else {
        words.tiles(Text::BoardAAbout)
    };
    row(
        ui,
        words.tiles(Text::Board),
        about,
        &[
            (false, words.tiles(Text::BoardA), true),
            (true, words.tiles(Text::BoardB), true),
        ],
        &mut board_b,
        sounds,
    );
    choices.board_b = board_b;
    ui.add_space(8.0);
    limit_choice(ui, &mut choices.turn_limit, words, sounds);
    ui.add_space(8.0);
    length_choice(ui, words, &mut choices.variants.turns_each, sounds);
}

/// The short forms offered, in turns each: a game of a few minutes against the computer at
/// six, a quick round of a family game at eight.
pub const SHORT_FORMS: [u8; 3] = [4, 6, 8];

/// The whole game, or a short one of some turns each.
fn length_choice(
    ui: &mut egui::Ui,
    words: crate::app::base::i18n::Language,
    turns_each: &mut Option<u8>,
    sounds: &mut UiSounds,
) {
    let labels: Vec<(Option<u8>, String)> =
        std::iter::once((None, words.tiles(Text::LengthWhole).to_owned()))
            .chain(SHORT_FORMS.map(|turns| (Some(turns), words.turns_each(turns))))
            .collect();
    let options: Vec<(Option<u8>, &str, bool)> = labels
        .iter()
        .map(|(turns, label)| (*turns, label.as_str(), true))
        .collect();
    row(
        ui,
        words.tiles(Text::Length),
        words.tiles(Text::LengthAbout),
        &options,
        turns_each,
        sounds,
    );
}

/// Which sums count, how they score, and the variants.
fn rule_options(
    ui: &mut egui::Ui,
    words: crate::app::base::i18n::Language,
    choices: &mut TilesChoices,
    sounds: &mut UiSounds,
) {
    let pairs = choices.players == 2 || choices.players == 4;
    let variants = &mut choices.variants;
    let ops: Vec<(OpSet, &str, bool)> = [OpSet::All, OpSet::AddSub, OpSet::MulDiv, OpSet::Basic]
        .into_iter()
        .map(|ops| (ops, words.ops(ops), true))
        .collect();
    row(
        ui,
        words.tiles(Text::Operations),
        words.tiles(Text::OpsAbout),
        &ops,
        &mut variants.ops,
        sounds,
    );
    let scorings: Vec<(Scoring, &str, bool)> = Scoring::ALL
        .into_iter()
        .map(|scoring| (scoring, words.scoring(scoring), true))
        .collect();
    row(
        ui,
        words.tiles(Text::Scoring),
        words.tiles(Text::ScoringAbout),
        &scorings,
        &mut variants.scoring,
        sounds,
    );
    let on = words.text(Key::On);
    let off = words.text(Key::Off);
    for (title, about, value, enabled) in [
        (
            Text::Diagonal,
            Text::DiagonalAbout,
            &mut variants.diagonal,
            true,
        ),
        (
            Text::ResultFirst,
            Text::ResultFirstAbout,
            &mut variants.result_first,
            true,
        ),
        (
            Text::Challenge,
            Text::ChallengeAbout,
            &mut variants.challenge,
            true,
        ),
    ] {
        row(
            ui,
            words.tiles(title),
            words.tiles(about),
            &[(true, on, enabled), (false, off, true)],
            value,
            sounds,
        );
    }
    let about = if pairs {
        words.tiles(Text::SpinAbout)
    } else {
        words.tiles(Text::SpinNeedsPairs)
    };
    row(
        ui,
        words.tiles(Text::Spin),
        about,
        &[(true, on, pairs), (false, off, true)],
        &mut variants.spin,
        sounds,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_choices_are_put_right() {
        let broken = TilesChoices {
            players: 9,
            names: vec!["   ".into(), "A very long name indeed, far too long".into()],
            variants: Variants {
                spin: true,
                ..Variants::default()
            },
            board_b: false,
            kinds: vec![SeatKind::Computer(Level::Easy)],
            turn_limit: TurnLimit::Off,
        }
        .sanitized();
        assert_eq!(broken.players, 4);
        assert_eq!(broken.kinds.len(), 4, "every seat has a kind");
        assert_eq!(broken.kinds[1], SeatKind::Human);
        assert_eq!(broken.names[0], "Player 1");
        assert_eq!(broken.names[1].chars().count(), MAX_NAME);
        assert_eq!(broken.names.len(), 4);
        assert!(
            broken.variants.spin,
            "4 players may play Spin Abaku in pairs"
        );
        let three = TilesChoices {
            players: 3,
            ..broken
        }
        .sanitized();
        assert!(!three.variants.spin);
        let table = three.table(7);
        assert_eq!(table.seats.len(), 3);
        assert!(TilesMatch::new(table).is_ok());
    }
}
