//! A booth's day on the big screen: the table of today's challenge, kept on disk, shown between
//! demo games with the challenge in one line, the newest entry marked.

use std::sync::{Mutex, PoisonError};

use abakus_server::booth::{self, DayTable, Entry, Played, Ranking};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::base::frame_order::AppSet;
use crate::app::base::games::GameId;
use crate::app::base::i18n::{Arg, Language, SHELL};
use crate::app::base::palette;
use crate::app::base::settings::{BoothDay, Settings};
use crate::app::base::statistics::ComputerLevel;
use crate::app::base::storage::DataDir;
use crate::app::features::attract::{Attract, Booth};
use crate::app::features::phones::listen::ScratchTable;
use crate::app::features::records;

/// How many of the day's entries the big screen lists.
pub const SHOWN: usize = 10;

/// How long the table shows between demo games: time to find a name on it.
pub const TABLE_SECONDS: f32 = 15.0;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ScratchTable>()
        .add_systems(Startup, open_the_day_board)
        .add_systems(Update, follow_the_day.run_if(resource_exists::<DayBoard>));
}

/// The table's card over the demo.
pub(crate) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        day_table_card
            .run_if(resource_exists::<DayBoard>)
            .in_set(AppSet::Panels),
    );
}

/// The game whose challenge a booth offers, as that game registers it: the game names no
/// feature, and this file names no game.
#[derive(Resource, Debug, Clone, Copy)]
pub struct ChallengeGame {
    pub game: GameId,
    /// The challenge's rules in one line, in a language.
    pub rules: fn(Language, &Challenge) -> String,
}

/// The challenge a booth's visitors play today, as the organiser set it: what its table is
/// kept under, so that a change of game, level, length or booth (and so of the deal) during
/// the day starts another table whose scores compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub game: GameId,
    pub level: ComputerLevel,
    pub turns_each: Option<u8>,
    /// The booth's name, which with the date picks the deal.
    pub booth: String,
}

impl Challenge {
    /// The challenge of `game` as the booth's settings set it.
    #[must_use]
    pub fn of(game: GameId, booth: &BoothDay) -> Challenge {
        Challenge {
            game,
            level: booth.level,
            turns_each: booth.turns_each,
            booth: booth.name.trim().to_owned(),
        }
    }

    /// The name the table keeps its entries under: `abaku normal 6 | Spiel Essen`.
    #[must_use]
    pub fn key(&self) -> String {
        let form = self
            .turns_each
            .map_or_else(|| "whole".to_owned(), |turns| turns.to_string());
        format!(
            "{} {} {form} | {}",
            self.game.0,
            self.level.id(),
            self.booth
        )
    }
}

/// Today at the booth, `YYYY-MM-DD` in the machine's own time zone: an event's day ends at
/// its own midnight, not at UTC's.
#[must_use]
pub fn today() -> String {
    let now = records::now();
    records::date(now.saturating_add_signed(local_offset_seconds(now)))
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn local_offset_seconds(now: u64) -> i64 {
    let Ok(time) = libc::time_t::try_from(now) else {
        return 0;
    };
    // SAFETY: localtime_r only writes the `tm` it is given, and reads the zone's files.
    unsafe {
        let mut local: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&raw const time, &raw mut local).is_null() {
            0
        } else {
            local.tm_gmtoff
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn local_offset_seconds(_now: u64) -> i64 {
    0
}

/// Where a challenge entered stands on its table.
#[derive(Debug, Clone)]
pub struct Entered {
    pub entry: Entry,
    /// Its place, from 1.
    pub place: usize,
    /// How many entries its table holds.
    pub count: usize,
    /// Its table's best three.
    pub podium: Vec<Entry>,
}

/// The day's table, open, and what the big screen shows of it.
#[derive(Resource)]
pub struct DayBoard {
    /// A SQLite connection is used from one thread at a time; the lock says so to the engine.
    table: Mutex<DayTable>,
    /// The day shown, `YYYY-MM-DD`.
    pub day: String,
    pub challenge: Challenge,
    /// The challenge's rules in one line, as its game words them.
    rules: fn(Language, &Challenge) -> String,
    /// The day's best, best first.
    rows: Vec<Entry>,
    /// The event's best so far, over every day kept.
    best_ever: Option<Entry>,
    /// The entry made last, marked on the table while it is on it.
    newest: Option<i64>,
    /// How many entries the day holds.
    count: usize,
}

impl DayBoard {
    /// The board of `table` for `day` and `challenge`, whose game words its rules with
    /// `rules`.
    #[must_use]
    pub fn new(
        table: DayTable,
        day: String,
        challenge: Challenge,
        rules: fn(Language, &Challenge) -> String,
    ) -> DayBoard {
        let mut board = DayBoard {
            table: Mutex::new(table),
            day,
            challenge,
            rules,
            rows: Vec::new(),
            best_ever: None,
            newest: None,
            count: 0,
        };
        board.read();
        board
    }

    /// Reads the day's best again.
    fn read(&mut self) {
        let key = self.challenge.key();
        let table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        match table.best(&self.day, &key, Ranking::Points, SHOWN) {
            Ok(rows) => self.rows = rows,
            Err(error) => warn!("{error}"),
        }
        match table.best_ever(&key, Ranking::Points) {
            Ok(best) => self.best_ever = best,
            Err(error) => warn!("{error}"),
        }
        match table.count(&self.day, &key) {
            Ok(count) => self.count = count,
            Err(error) => warn!("{error}"),
        }
    }

    /// Enters a challenge played, on the disk before the screen shows it, and gives where it
    /// stands on its own day's and challenge's table (which may not be the one shown, if the
    /// organiser changed the challenge or midnight passed during the game).
    ///
    /// # Errors
    /// The table could not keep it.
    pub fn enter(&mut self, played: &Played) -> Result<Entered, booth::BoothError> {
        let entered = {
            let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
            let (entry, place) = table.enter(played, Ranking::Points)?;
            let count = table.count(&played.day, &played.challenge)?;
            let podium = table.best(&played.day, &played.challenge, Ranking::Points, 3)?;
            // An entry past the day's cap made way at once: it stands just past the last.
            Entered {
                entry,
                place,
                count: count.max(place),
                podium,
            }
        };
        self.newest = Some(entered.entry.id);
        self.read();
        Ok(entered)
    }

    /// How many entries today's table holds.
    #[must_use]
    pub fn count_today(&self) -> usize {
        self.count
    }

    /// Clears today's table: the organiser's fresh start.
    ///
    /// # Errors
    /// The table could not be written; nothing was cleared.
    pub fn clear_today(&mut self) -> Result<usize, booth::BoothError> {
        let cleared = self
            .table
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear_day(&self.day)?;
        self.newest = None;
        self.read();
        Ok(cleared)
    }

    /// The day's best, best first.
    #[must_use]
    pub fn rows(&self) -> &[Entry] {
        &self.rows
    }

    /// The event's best so far.
    #[must_use]
    pub fn best_ever(&self) -> Option<&Entry> {
        self.best_ever.as_ref()
    }

    /// Whether `entry` is the one made last.
    #[must_use]
    pub fn is_newest(&self, entry: &Entry) -> bool {
        self.newest == Some(entry.id)
    }

    /// Shows `day` and `challenge`, reading the table again where either changed.
    fn follow(&mut self, day: String, challenge: Challenge) {
        if day != self.day || challenge != self.challenge {
            self.day = day;
            self.challenge = challenge;
            self.read();
        }
    }
}

/// Opens the day's table at a booth that seats visitors: in the data folder, else (tests) in
/// the app's scratch folder. A broken file is set aside and said on the title screen.
fn open_the_day_board(
    mut commands: Commands,
    booth: Option<Res<Booth>>,
    settings: Res<Settings>,
    dir: Option<Res<DataDir>>,
    scratch: Res<ScratchTable>,
    (mut attract, offered): (ResMut<Attract>, Option<Res<ChallengeGame>>),
) {
    let Some(offered) = offered.filter(|_| booth.is_some_and(|booth| booth.phone_visitors)) else {
        return;
    };
    let folder = dir
        .as_deref()
        .and_then(DataDir::folder)
        .map_or_else(|| scratch.folder().to_owned(), ToOwned::to_owned);
    match DayTable::open(&folder) {
        Ok(opened) => {
            if let (Some(aside), Some(dir)) = (&opened.set_aside, dir.as_deref()) {
                let kept_as = aside
                    .file_name()
                    .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
                warn!("the day's table could not be read; kept it as {kept_as}");
                dir.note_set_aside(booth::FILE, &kept_as);
            }
            let challenge = Challenge::of(offered.game, &settings.booth);
            commands.insert_resource(DayBoard::new(
                opened.table,
                today(),
                challenge,
                offered.rules,
            ));
            attract.show_the_table_for(TABLE_SECONDS);
        }
        Err(error) => error!("the booth keeps no table today: {error}"),
    }
}

/// Past midnight the table is the new day's; a challenge the organiser changed shows its own.
fn follow_the_day(
    mut board: ResMut<DayBoard>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut last: Local<f32>,
) {
    // Looked at twice a minute, and when the settings change; not every frame.
    let now = time.elapsed_secs();
    if now - *last < 30.0 && !settings.is_changed() {
        return;
    }
    *last = now;
    let challenge = Challenge::of(board.challenge.game, &settings.booth);
    board.follow(today(), challenge);
}

/// The day's table, over the demo between its games.
fn day_table_card(
    mut contexts: EguiContexts,
    board: Res<DayBoard>,
    attract: Res<Attract>,
    settings: Res<Settings>,
) -> Result {
    if !attract.table_showing() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let language = settings.language;
    egui::Area::new(egui::Id::new("booth-day-table"))
        .order(egui::Order::Foreground)
        .anchor(Align2::CENTER_CENTER, egui::vec2(0.0, -10.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette::PANEL.with_alpha(255).to_egui())
                .stroke(egui::Stroke::new(2.0, palette::ACCENT.to_egui()))
                .corner_radius(18.0)
                .inner_margin(egui::Margin::symmetric(28, 20))
                .show(ui, |ui| {
                    ui.set_width(560.0);
                    table_contents(ui, &board, language, settings.booth.paused);
                });
        });
    Ok(())
}

fn table_contents(ui: &mut egui::Ui, board: &DayBoard, language: Language, paused: bool) {
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(SHELL.text(language, "booth-table-title"))
                .size(34.0)
                .color(palette::ACCENT.to_egui()),
        );
        ui.label(
            RichText::new((board.rules)(language, &board.challenge))
                .size(16.0)
                .color(palette::TEXT.to_egui()),
        );
    });
    ui.add_space(12.0);
    if board.rows().is_empty() {
        ui.vertical_centered(|ui| {
            ui.label(
                RichText::new(SHELL.text(language, "booth-table-empty"))
                    .size(20.0)
                    .color(palette::TEXT.to_egui()),
            );
        });
    } else {
        // The rows stand in the card's middle: a name is some 12 letters at most.
        ui.horizontal(|ui| {
            ui.add_space(((ui.available_width() - 380.0) / 2.0).max(0.0));
            table_rows(ui, board, language);
        });
    }
    ui.add_space(12.0);
    ui.vertical_centered(|ui| {
        // The event's best, where it is not on today's table already.
        let earlier = board
            .best_ever()
            .filter(|best| !board.rows().iter().any(|row| row.id == best.id));
        if let Some(best) = earlier {
            let line = SHELL.format(
                language,
                "booth-table-best",
                &[
                    ("name", Arg::Text(&best.played.name)),
                    ("score", Arg::Number(best.played.score)),
                    ("day", Arg::Text(&best.played.day)),
                ],
            );
            ui.label(
                RichText::new(line)
                    .size(15.0)
                    .color(palette::TEXT_MUTED.to_egui()),
            );
        }
        if !paused {
            ui.label(
                RichText::new(SHELL.text(language, "booth-table-scan"))
                    .size(18.0)
                    .color(palette::ACCENT.to_egui()),
            );
        }
    });
}

fn table_rows(ui: &mut egui::Ui, board: &DayBoard, language: Language) {
    let muted = palette::TEXT_MUTED.to_egui();
    egui::Grid::new("booth-day-rows")
        .num_columns(5)
        .spacing([26.0, 6.0])
        .min_col_width(36.0)
        .show(ui, |ui| {
            ui.label("");
            ui.label("");
            for id in ["booth-table-points", "booth-table-computer"] {
                ui.label(
                    RichText::new(SHELL.text(language, id))
                        .size(14.0)
                        .color(muted),
                );
            }
            ui.end_row();
            for (place, entry) in board.rows().iter().enumerate() {
                let newest = board.is_newest(entry);
                let colour = if newest || place == 0 {
                    palette::ACCENT.to_egui()
                } else {
                    palette::TEXT.to_egui()
                };
                let size = 21.0;
                ui.label(
                    RichText::new(format!("{}.", place + 1))
                        .size(size)
                        .color(colour),
                );
                ui.label(RichText::new(&entry.played.name).size(size).color(colour));
                ui.label(
                    RichText::new(entry.played.score.to_string())
                        .size(size)
                        .strong()
                        .color(colour),
                );
                ui.label(
                    RichText::new(entry.played.against.to_string())
                        .size(size)
                        .color(muted),
                );
                if newest {
                    ui.label(
                        RichText::new(SHELL.text(language, "booth-table-new"))
                            .size(16.0)
                            .strong()
                            .color(colour),
                    );
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
}
