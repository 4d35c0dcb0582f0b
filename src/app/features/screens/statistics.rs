//! The statistics screen: each player's record at each game, and a reset that asks first.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::games::{GameId, GameRegistry};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::statistics::{self, BestTurn, ComputerLevel, Record, Statistics};
use crate::app::base::storage::{DataDir, Saver};
use crate::app::shell::widgets::{UiSounds, centred_card, choice, menu_button};

/// The widest a column's heading is before it wraps, in points.
const HEADING_WIDTH: f32 = 120.0;

/// The sums of a best turn written out in its row; the rest show when the pointer rests on it.
const SUMS_SHOWN: usize = 3;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StatisticsView>()
        .add_systems(OnEnter(Screen::Statistics), open_view)
        .add_systems(
            EguiPrimaryContextPass,
            statistics_screen
                .run_if(in_state(Screen::Statistics))
                .in_set(crate::app::base::frame_order::AppSet::Panels),
        );
}

/// Which game's table shows, and whether the reset is waiting for its answer.
#[derive(Resource, Debug, Default)]
pub struct StatisticsView {
    pub game: Option<GameId>,
    pub asking_to_reset: bool,
}

/// Opens on the first game anyone has a record at, and never asking.
fn open_view(
    registry: Res<GameRegistry>,
    statistics: Res<Statistics>,
    mut view: ResMut<StatisticsView>,
) {
    let games = registry.entries().iter().map(|entry| entry.id);
    let played = games
        .clone()
        .find(|&game| statistics.of_game(game).next().is_some());
    view.game = played.or_else(|| games.clone().next());
    view.asking_to_reset = false;
}

/// What the screen reads and changes.
#[derive(SystemParam)]
struct Records<'w> {
    registry: Res<'w, GameRegistry>,
    statistics: ResMut<'w, Statistics>,
    view: ResMut<'w, StatisticsView>,
    next: ResMut<'w, NextState<Screen>>,
    storage: Option<(Res<'w, DataDir>, Res<'w, Saver>)>,
}

fn statistics_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut records: Records,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    centred_card(
        ctx,
        "statistics",
        (ctx.content_rect().width() - 40.0).min(1100.0),
        words.text(Key::Statistics),
        false,
        |ui| {
            game_choice(ui, words, &mut records, &mut sounds);
            ui.add_space(12.0);
            let shown: Vec<(&str, &Record)> = records
                .view
                .game
                .map(|game| records.statistics.of_game(game).collect())
                .unwrap_or_default();
            if shown.is_empty() {
                ui.label(RichText::new(words.text(Key::StatsNone)).size(20.0));
            } else {
                egui::ScrollArea::vertical()
                    .max_height((ui.ctx().content_rect().height() - 320.0).max(160.0))
                    .show(ui, |ui| table(ui, words, &shown));
            }
            ui.add_space(16.0);
            buttons(ui, words, &mut records, &mut sounds);
        },
    );
    sfx.write_batch(sounds.0);
    Ok(())
}

/// A button for each game, the one shown chosen.
fn game_choice(ui: &mut Ui, words: Language, records: &mut Records, sounds: &mut UiSounds) {
    ui.horizontal(|ui| {
        for entry in records.registry.entries() {
            let chosen = records.view.game == Some(entry.id);
            if choice(ui, (entry.name)(words), chosen, true, sounds).clicked() {
                records.view.game = Some(entry.id);
            }
        }
    });
}

/// Back and Reset; once Reset is chosen, the question and its two answers instead.
fn buttons(ui: &mut Ui, words: Language, records: &mut Records, sounds: &mut UiSounds) {
    if !records.view.asking_to_reset {
        ui.horizontal(|ui| {
            if menu_button(ui, words.text(Key::Back), true, sounds).clicked() {
                records.next.set(Screen::Title);
            }
            let any = !records.statistics.players.is_empty();
            if menu_button(ui, words.text(Key::StatsReset), any, sounds).clicked() {
                records.view.asking_to_reset = true;
            }
        });
        return;
    }
    ui.label(
        RichText::new(words.text(Key::StatsResetAsk))
            .size(20.0)
            .color(palette::WARNING.to_egui()),
    );
    ui.horizontal(|ui| {
        if menu_button(ui, words.text(Key::StatsReset), true, sounds).clicked() {
            let storage = records
                .storage
                .as_ref()
                .map(|(dir, saver)| (&**dir, &**saver));
            statistics::reset(&mut records.statistics, storage);
            records.view.asking_to_reset = false;
        }
        if menu_button(ui, words.text(Key::Cancel), true, sounds).clicked() {
            records.view.asking_to_reset = false;
        }
    });
}

/// One row a player: games played and won, the longest streak, wins against each computer
/// level met, and the columns the game's records fill (points a turn, best turn, margin).
fn table(ui: &mut Ui, words: Language, records: &[(&str, &Record)]) {
    let levels: Vec<ComputerLevel> = ComputerLevel::ALL
        .into_iter()
        .filter(|level| {
            records
                .iter()
                .any(|(_, r)| r.against.contains_key(level.id()))
        })
        .collect();
    let per_turn = records.iter().any(|(_, r)| r.turns > 0);
    let best_turn = records.iter().any(|(_, r)| r.best_turn.is_some());
    let muted = palette::TEXT_MUTED.to_egui();
    let accent = palette::ACCENT.to_egui();
    if !levels.is_empty() {
        ui.label(RichText::new(words.text(Key::StatsAgainst)).color(muted));
    }
    egui::Grid::new("statistics-table")
        .striped(true)
        .spacing([18.0, 8.0])
        .show(ui, |ui| {
            // Headings wrap, so that long words ("Durchschnittlicher Siegabstand") leave the
            // figures under them room on a 1280-pixel screen.
            let head = |ui: &mut Ui, text: &str| {
                ui.vertical(|ui| {
                    ui.set_max_width(HEADING_WIDTH);
                    ui.add(egui::Label::new(RichText::new(text).color(accent)).wrap());
                });
            };
            for key in [
                Key::StatsPlayer,
                Key::StatsPlayed,
                Key::StatsWon,
                Key::StatsStreak,
            ] {
                head(ui, words.text(key));
            }
            for level in &levels {
                head(ui, words.text(level.key()));
            }
            if per_turn {
                head(ui, words.text(Key::StatsPerTurn));
            }
            if best_turn {
                head(ui, words.text(Key::StatsBestTurn));
            }
            head(ui, words.text(Key::StatsMargin));
            ui.end_row();
            for (name, record) in records {
                ui.label(RichText::new(*name).size(18.0));
                ui.label(record.played.to_string());
                ui.label(record.won.to_string());
                ui.label(record.longest_streak.to_string());
                for level in &levels {
                    let text = record
                        .against
                        .get(level.id())
                        .map_or_else(|| "–".to_owned(), |t| format!("{} / {}", t.won, t.played));
                    ui.label(text);
                }
                if per_turn {
                    ui.label(one_place(record.points_per_turn()));
                }
                if best_turn {
                    match &record.best_turn {
                        Some(turn) => best(ui, turn),
                        None => {
                            ui.label("–");
                        }
                    }
                }
                ui.label(one_place(record.average_margin()));
                ui.end_row();
            }
        });
}

/// A best turn's points and its first sums; all of them when the pointer rests on it.
fn best(ui: &mut Ui, turn: &BestTurn) {
    let mut shown = turn
        .sums
        .iter()
        .take(SUMS_SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("  ");
    if turn.sums.len() > SUMS_SHOWN {
        shown.push_str("  …");
    }
    ui.horizontal(|ui| {
        ui.label(RichText::new(turn.points.to_string()).strong());
        ui.label(RichText::new(shown).color(palette::TEXT_MUTED.to_egui()));
    })
    .response
    .on_hover_text(turn.sums.join("\n"));
}

/// A figure to one decimal place, or a dash where there is none.
fn one_place(figure: Option<f64>) -> String {
    figure.map_or_else(|| "–".to_owned(), |figure| format!("{figure:.1}"))
}
