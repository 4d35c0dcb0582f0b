//! Saved games and score sheets: a game kept under a name, loaded back through its rules, and
//! its score sheet written as text; shared, naming no game.
//!
//! Each game registers [`RecordHooks`]: what its save file holds, how a file is put back on
//! its screen (replaying every move through the rules core, so a file that does not replay is
//! refused), and its score sheet. The files live in the data folder's `games/`:
//! `NAME.GAME.json` for a saved game and `NAME.GAME.txt` for its score sheet.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::games::{GameHooks, GameId, GameRegistry};
use crate::app::base::i18n::{Key, Language, SHELL};
use crate::app::base::navigation::{Overlay, Overlays, Screen};
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::storage::DataDir;
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::features::review::Review;
use crate::app::shell::widgets::{
    UiSounds, button_of_width, centred_card, menu_button, overlay_card,
};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SaveDialog>()
        .init_resource::<SavedGames>()
        .add_systems(OnEnter(Screen::SavedGames), list_saved_games)
        .add_systems(
            EguiPrimaryContextPass,
            (save_dialog, saved_games_screen).in_set(AppSet::Panels),
        );
}

/// What one game needs to be saved, loaded and written down.
#[derive(Debug, Clone, Copy)]
pub struct RecordHooks {
    /// The game on the screen as a save file's text, if there is one.
    pub save: fn(&World) -> Option<String>,
    /// Puts a saved game on the game's screen, or says why the file cannot be used.
    pub load: fn(&mut World, &str) -> Result<(), RecordError>,
    /// The game's score sheet as plain text, in the player's language.
    pub sheet: fn(&World, Language) -> Option<String>,
}

/// Why a game could not be saved, loaded or written down.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("no game of that kind is here")]
    UnknownGame,
    #[error("there is no game to save")]
    NothingToSave,
    #[error("there is no game to write down")]
    NothingToWrite,
    #[error("no folder to save in")]
    NoFolder,
    #[error("{0}")]
    File(#[from] std::io::Error),
    #[error("the file is not text: {0}")]
    NotText(#[from] std::str::Utf8Error),
    #[error("{0}")]
    Malformed(#[from] serde_json::Error),
    /// The game's rules refuse what the file holds, for the reason the game gives.
    #[error("{0}")]
    Refused(Box<dyn std::error::Error + Send + Sync>),
}

/// The folder of saved games and score sheets, inside the data folder.
pub const FOLDER: &str = "games";

/// The save dialog over a game: the name typed, and what the last action did.
#[derive(Resource, Debug, Default)]
pub struct SaveDialog {
    pub name: String,
    /// The sentence under the buttons, and whether it is good news.
    pub said: Option<(String, bool)>,
}

/// The saved games found when the saved-games screen opened, newest first.
#[derive(Resource, Debug, Default)]
pub struct SavedGames {
    pub games: Vec<SavedGame>,
    /// What the last load or delete did, if it went wrong.
    pub said: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedGame {
    /// The name it was saved under.
    pub name: String,
    pub game: GameId,
    pub path: PathBuf,
    /// Seconds since 1970 of its last change, for the list's order and date.
    pub saved_at: u64,
}

/// A name made safe as a file name on every platform: letters, digits, spaces and `-_.,()`
/// kept, anything else dropped, at most 60 characters, never empty or hidden.
#[must_use]
pub fn file_stem(name: &str) -> String {
    let kept: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || " -_.,()".contains(*c))
        .take(60)
        .collect();
    let trimmed = kept.trim().trim_start_matches('.').trim();
    if trimmed.is_empty() {
        "game".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// The date and time of `seconds` since 1970, in UTC: `2026-11-30 21.15`.
#[must_use]
pub fn date_time(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let (year, month, day) = civil_from_days(days);
    let minutes = seconds % 86_400 / 60;
    format!(
        "{year:04}-{month:02}-{day:02} {:02}.{:02}",
        minutes / 60,
        minutes % 60
    )
}

/// The date of `seconds` since 1970, in UTC: `2026-11-30`.
#[must_use]
pub fn date(seconds: u64) -> String {
    let (year, month, day) = civil_from_days((seconds / 86_400) as i64);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Year, month and day of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Seconds since 1970 now.
#[must_use]
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

fn games_folder(dir: &DataDir) -> Option<PathBuf> {
    dir.folder().map(|folder| folder.join(FOLDER))
}

/// Writes `text` as `NAME.GAME.EXTENSION` in the games folder, through a temporary file, and
/// returns its path.
fn write_file(
    dir: &DataDir,
    stem: &str,
    game: GameId,
    extension: &str,
    text: &str,
) -> Result<PathBuf, RecordError> {
    let folder = games_folder(dir).ok_or(RecordError::NoFolder)?;
    fs::create_dir_all(&folder)?;
    let path = folder.join(format!("{stem}.{}.{extension}", game.0));
    let temporary = folder.join(format!("{stem}.{}.{extension}.tmp", game.0));
    fs::write(&temporary, text)?;
    fs::rename(&temporary, &path)?;
    Ok(path)
}

/// Saves the game on the screen under `name`; says where, or why not.
pub fn save_game(world: &World, game: GameId, name: &str) -> Result<PathBuf, RecordError> {
    let hooks = hooks_of(world, game).ok_or(RecordError::UnknownGame)?;
    let text = (hooks.save)(world).ok_or(RecordError::NothingToSave)?;
    let dir = world
        .get_resource::<DataDir>()
        .ok_or(RecordError::NoFolder)?;
    write_file(dir, &file_stem(name), game, "json", &text)
}

/// Writes the score sheet of the game on the screen under `name`.
pub fn export_sheet(
    world: &World,
    game: GameId,
    name: &str,
    words: Language,
) -> Result<PathBuf, RecordError> {
    let hooks = hooks_of(world, game).ok_or(RecordError::UnknownGame)?;
    let text = (hooks.sheet)(world, words).ok_or(RecordError::NothingToWrite)?;
    let dir = world
        .get_resource::<DataDir>()
        .ok_or(RecordError::NoFolder)?;
    write_file(dir, &file_stem(name), game, "txt", &text)
}

/// Reads a saved game's file and puts it on its game's screen (through the game's rules).
pub fn load_game(world: &mut World, saved: &SavedGame) -> Result<(), RecordError> {
    let hooks = hooks_of(world, saved.game).ok_or(RecordError::UnknownGame)?;
    let bytes = fs::read(&saved.path)?;
    let text = std::str::from_utf8(&bytes)?;
    (hooks.load)(world, text)
}

fn hooks_of(world: &World, game: GameId) -> Option<RecordHooks> {
    world.get_resource::<GameHooks<RecordHooks>>()?.get(game)
}

/// Every saved game in the folder whose game is registered, newest first.
#[must_use]
pub fn find_saved_games(dir: &DataDir, registry: &GameRegistry) -> Vec<SavedGame> {
    let Some(folder) = games_folder(dir) else {
        return Vec::new();
    };
    let Ok(entries) = fs::read_dir(&folder) else {
        return Vec::new();
    };
    let mut found: Vec<SavedGame> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let path = entry.path();
            let file = path.file_name()?.to_str()?.to_owned();
            let stem = file.strip_suffix(".json")?;
            let (name, game) = stem.rsplit_once('.')?;
            let game = registry.entries().iter().find(|e| e.id.0 == game)?.id;
            let saved_at = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs());
            Some(SavedGame {
                name: name.to_owned(),
                game,
                path,
                saved_at,
            })
        })
        .collect();
    found.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.name.cmp(&b.name)));
    found
}

/// Every saved game of the games in `world`'s registry, newest first.
#[must_use]
pub fn saved_games(world: &World) -> Vec<SavedGame> {
    match (
        world.get_resource::<DataDir>(),
        world.get_resource::<GameRegistry>(),
    ) {
        (Some(dir), Some(registry)) => find_saved_games(dir, registry),
        _ => Vec::new(),
    }
}

fn list_saved_games(
    dir: Option<Res<DataDir>>,
    registry: Res<GameRegistry>,
    mut saved: ResMut<SavedGames>,
) {
    saved.games = dir.map_or_else(Vec::new, |dir| find_saved_games(&dir, &registry));
    saved.said = None;
}

/// The save dialog over a game: a name, Save, the score sheet, and back to the menu.
#[expect(
    clippy::too_many_arguments,
    reason = "the dialog reads the screen and acts on files"
)]
fn save_dialog(
    mut contexts: EguiContexts,
    mut overlays: Overlays,
    mut dialog: ResMut<SaveDialog>,
    screen: Res<State<Screen>>,
    registry: Res<GameRegistry>,
    settings: Res<Settings>,
    owner: Owner,
    mut commands: Commands,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    if overlays.shown() != Overlay::SaveGame {
        // Each opening starts afresh: a new name for the game on the screen then.
        if !dialog.name.is_empty() || dialog.said.is_some() {
            *dialog = SaveDialog::default();
        }
        return Ok(());
    }
    let Screen::Game(game) = *screen.get() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    if dialog.name.is_empty() {
        let title = registry.get(game).map_or("", |entry| (entry.name)(words));
        dialog.name = format!("{title} {}", date_time(now()));
    }
    // A lesson's or a demo's board is nobody's game to keep.
    let savable = owner.get() == MatchOwner::Person;
    overlay_card(
        ctx,
        "save-game",
        460.0,
        words.text(Key::SaveHeading),
        |ui| {
            name_field(ui, words, &mut dialog.name);
            ui.add_space(8.0);
            let asked = save_buttons(ui, words, savable, &mut sounds);
            if !savable {
                ui.label(
                    RichText::new(words.text(Key::NothingToSave))
                        .color(palette::TEXT_MUTED.to_egui()),
                );
            }
            if let Some(sheet) = asked {
                queue_save(&mut commands, game, dialog.name.clone(), words, sheet);
            }
            if let Some((line, good)) = &dialog.said {
                said_line(ui, line, *good);
            }
            ui.add_space(8.0);
            if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                overlays.show(Overlay::GameMenu);
            }
        },
    );
    sfx.write_batch(sounds.0);
    Ok(())
}

fn name_field(ui: &mut egui::Ui, words: Language, name: &mut String) {
    ui.label(RichText::new(words.text(Key::SaveName)).size(18.0));
    ui.add(
        egui::TextEdit::singleline(name)
            .desired_width(420.0)
            .font(egui::TextStyle::Button),
    );
}

/// Save and the score sheet side by side; which was clicked: `Some(true)` for the sheet.
fn save_buttons(
    ui: &mut egui::Ui,
    words: Language,
    savable: bool,
    sounds: &mut UiSounds,
) -> Option<bool> {
    let width = (ui.available_width() - ui.spacing().item_spacing.x) / 2.0;
    let mut asked = None;
    ui.horizontal(|ui| {
        if button_of_width(ui, words.text(Key::Save), savable, width, sounds).clicked() {
            asked = Some(false);
        }
        if button_of_width(ui, words.text(Key::ExportSheet), savable, width, sounds).clicked() {
            asked = Some(true);
        }
    });
    asked
}

/// Saves the game or writes its score sheet, as a command since it needs the world; the
/// dialog then says how it went.
fn queue_save(commands: &mut Commands, game: GameId, name: String, words: Language, sheet: bool) {
    commands.queue(move |world: &mut World| {
        let result = if sheet {
            export_sheet(world, game, &name, words)
        } else {
            save_game(world, game, &name)
        };
        let line = match result {
            Ok(path) if sheet => (words.sheet_written(&path), true),
            Ok(path) => (words.saved_as(&path), true),
            Err(why) => (words.save_failed(&why), false),
        };
        world.resource_mut::<SaveDialog>().said = Some(line);
    });
}

/// What the last save did: where the file went, or why it did not.
fn said_line(ui: &mut egui::Ui, line: &str, good: bool) {
    let colour = if good {
        palette::Colours::of(ui.ctx()).success()
    } else {
        palette::WARNING
    };
    ui.label(RichText::new(line).size(16.0).color(colour.to_egui()));
}

/// The saved-games screen: each game with its kind and date, Load, Review and Delete.
#[expect(
    clippy::too_many_arguments,
    reason = "the screen lists files and leads to the games"
)]
fn saved_games_screen(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut saved: ResMut<SavedGames>,
    registry: Res<GameRegistry>,
    settings: Res<Settings>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    if *screen.get() != Screen::SavedGames {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let mut chosen: Option<(SavedGame, Choice)> = None;
    centred_card(
        ctx,
        "saved-games",
        720.0,
        words.text(Key::SavedGames),
        false,
        |ui| {
            if saved.games.is_empty() {
                ui.label(
                    RichText::new(words.text(Key::NoSavedGames))
                        .color(palette::TEXT_MUTED.to_egui()),
                );
            }
            chosen = saved_list(ui, words, &saved.games, &registry, &mut sounds);
            if let Some(line) = &saved.said {
                ui.label(
                    RichText::new(line)
                        .size(16.0)
                        .color(palette::WARNING.to_egui()),
                );
            }
            ui.add_space(8.0);
            if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                next.set(Screen::Title);
            }
        },
    );
    match chosen {
        Some((game, Choice::Delete)) => delete_saved(&mut saved, &game, words),
        Some((game, Choice::Load)) => queue_load(&mut commands, game, false),
        Some((game, Choice::Review)) => queue_load(&mut commands, game, true),
        None => {}
    }
    sfx.write_batch(sounds.0);
    Ok(())
}

/// What a saved game's buttons ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Load,
    Review,
    Delete,
}

/// The saved games, each with its name, kind and date, Load, Review and Delete; the game
/// clicked, and what for.
fn saved_list(
    ui: &mut egui::Ui,
    words: Language,
    games: &[SavedGame],
    registry: &GameRegistry,
    sounds: &mut UiSounds,
) -> Option<(SavedGame, Choice)> {
    let mut chosen = None;
    egui::ScrollArea::vertical()
        .max_height(420.0)
        .show(ui, |ui| {
            egui::Grid::new("saved-games-list")
                .num_columns(4)
                .spacing([16.0, 8.0])
                .show(ui, |ui| {
                    for game in games {
                        let kind = registry
                            .get(game.game)
                            .map_or("", |entry| (entry.name)(words));
                        ui.vertical(|ui| {
                            ui.set_width(330.0);
                            ui.label(RichText::new(&game.name).size(19.0));
                            ui.label(
                                RichText::new(format!("{kind} · {}", date_time(game.saved_at)))
                                    .size(15.0)
                                    .color(palette::TEXT_MUTED.to_egui()),
                            );
                        });
                        for (choice, text) in [
                            (Choice::Load, words.text(Key::Load)),
                            (Choice::Review, SHELL.text(words, "review-open")),
                            (Choice::Delete, words.text(Key::Delete)),
                        ] {
                            if button_of_width(ui, text, true, 100.0, sounds).clicked() {
                                chosen = Some((game.clone(), choice));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    chosen
}

/// Deletes a saved game and its score sheet, and takes it off the list.
fn delete_saved(saved: &mut SavedGames, game: &SavedGame, words: Language) {
    if let Err(why) = fs::remove_file(&game.path) {
        saved.said = Some(words.save_failed(&why));
    }
    let sheet = game.path.with_extension("txt");
    let _ = fs::remove_file(sheet);
    saved.games.retain(|kept| kept.path != game.path);
}

/// Loads a saved game, as a command since it needs the world, and opens its screen (asking
/// for its review when `review`), or says why not.
fn queue_load(commands: &mut Commands, game: SavedGame, review: bool) {
    commands.queue(move |world: &mut World| match load_game(world, &game) {
        Ok(()) => {
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Game(game.game));
            if review {
                world.resource_mut::<Review>().asked = true;
            }
        }
        Err(why) => {
            let words = world.resource::<Settings>().language;
            let line = words.load_failed(&game.name, &why);
            world.resource_mut::<SavedGames>().said = Some(line);
        }
    });
}

/// Whether `path` is in the games folder of `dir` (for tests that look at what was written).
#[must_use]
pub fn is_in_games_folder(dir: &DataDir, path: &Path) -> bool {
    games_folder(dir).is_some_and(|folder| path.starts_with(folder))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_safe_file_names() {
        assert_eq!(
            file_stem("Abakus 2026-11-30 21.15"),
            "Abakus 2026-11-30 21.15"
        );
        assert_eq!(file_stem("../../etc/passwd"), "etcpasswd");
        assert_eq!(file_stem("a/b\\c:d*e?f\"g<h>i|j"), "abcdefghij");
        assert_eq!(file_stem("   "), "game");
        assert_eq!(file_stem(".hidden"), "hidden");
        assert_eq!(file_stem("Партия Ады"), "Партия Ады");
        assert_eq!(file_stem(&"x".repeat(200)).chars().count(), 60);
    }

    #[test]
    fn dates_are_the_calendars() {
        assert_eq!(date_time(0), "1970-01-01 00.00");
        // 2026-11-30 21:15:00 UTC.
        assert_eq!(date_time(1_796_073_300), "2026-11-30 21.15");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(4_107_542_400), "2100-03-01");
    }
}
