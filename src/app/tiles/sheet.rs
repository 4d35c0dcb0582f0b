//! The tile game saved under a name and loaded back through the rules, and its score sheet
//! laid out like the paper one: each turn's sums as equations with their points, a running
//! total for each player, and the adjustments at the end.

use bevy::prelude::*;

use super::game::{TilesMatch, TilesSave};
use super::online::seat::OnlineSeat;
use super::words::{TilesWords, text};
use super::words::{equation, quiet_turn};
use crate::app::base::i18n::Language;
use crate::app::features::records::{self, RecordError, RecordHooks};

pub(super) const HOOKS: RecordHooks = RecordHooks { save, load, sheet };

/// The game on the screen as a file; none for a game at a seat elsewhere still going, whose
/// other racks and bag this window only guesses (the room has it whole, and tells it at the
/// end).
fn save(world: &World) -> Option<String> {
    let game = world.get_resource::<TilesMatch>()?;
    let elsewhere = world
        .get_resource::<OnlineSeat>()
        .is_some_and(|online| online.shows(game));
    if elsewhere && !game.position().is_over() {
        return None;
    }
    serde_json::to_string_pretty(&game.save()).ok()
}

/// A saved table and its moves, replayed through the rules core; the first move that does not
/// replay is named in the refusal.
fn load(world: &mut World, text: &str) -> Result<(), RecordError> {
    let save: TilesSave = serde_json::from_str(text)?;
    let game = TilesMatch::replay(&save).map_err(|why| RecordError::Refused(Box::new(why)))?;
    world.insert_resource(game);
    Ok(())
}

fn sheet(world: &World, words: Language) -> Option<String> {
    Some(score_sheet(
        world.get_resource::<TilesMatch>()?,
        words,
        &records::date(records::now()),
    ))
}

/// The width of the sums' column, in characters.
const SUMS_WIDTH: usize = 44;

/// Items joined with commas into lines of at most `width` characters (a longer item stands
/// alone on its line).
fn wrap(items: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 2 + item.chars().count() <= width => {
                line.push_str(", ");
                line.push_str(item);
            }
            Some(line) => {
                line.push(',');
                lines.push(item.clone());
            }
            None => lines.push(item.clone()),
        }
    }
    lines
}

/// The sheet: the table and date; a line per turn with who, the sums and their points, the
/// turn's points and that player's total; then how the game ended and the final scores.
#[must_use]
pub(super) fn score_sheet(game: &TilesMatch, words: Language, date: &str) -> String {
    let names = game.setup().names();
    let name_width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let mut sheet = format!(
        "{} · {} · {date}\n",
        words.tiles(super::words::Text::Name),
        words.continue_hint(names.len(), game.moves().len())
    );
    // A short form says so under the title, as the game's screens do.
    if let Some(turns) = game.position().variants().turns_each {
        let round = game
            .position()
            .round_of_short_form()
            .map_or(1, |(round, _)| round);
        sheet.push_str(&words.short_form_round(round, turns));
        sheet.push('\n');
    }
    sheet.push('\n');
    let head = [
        text(words, "sheet-player"),
        text(words, "sheet-sums"),
        text(words, "sheet-points"),
        text(words, "sheet-total"),
    ];
    sheet.push_str(&format!(
        "{:>3}  {:<name_width$}  {:<SUMS_WIDTH$}{:>7}{:>8}\n",
        "#", head[0], head[1], head[2], head[3]
    ));
    let mut totals = vec![0_i64; names.len()];
    for (turn, entry) in game.log().iter().enumerate() {
        let name = names.get(entry.player).map_or("?", String::as_str);
        if let Some(total) = totals.get_mut(entry.player) {
            *total += entry.points;
        }
        let sums: Vec<String> = if entry.examples.is_empty() {
            vec![quiet_turn(words, entry, &names)]
        } else {
            entry
                .examples
                .iter()
                .map(|example| format!("{} ({})", equation(&example.reading), example.points))
                .collect()
        };
        // The sums wrap within their column, as on paper; the points stand on the first line.
        for (index, line) in wrap(&sums, SUMS_WIDTH).iter().enumerate() {
            let row = if index == 0 {
                format!(
                    "{:>3}  {name:<name_width$}  {line:<SUMS_WIDTH$}{:>7}{:>8}",
                    turn + 1,
                    entry.points,
                    totals.get(entry.player).copied().unwrap_or(0)
                )
            } else {
                format!("{:>3}  {:<name_width$}  {line}", "", "")
            };
            sheet.push_str(row.trim_end());
            sheet.push('\n');
        }
    }
    sheet.push('\n');
    let players = game.position().players();
    if let Some(reason) = game.position().outcome() {
        sheet.push_str(&words.ending(reason, &names));
        sheet.push('\n');
    }
    sheet.push_str(text(words, "sheet-final"));
    sheet.push('\n');
    for (seat, name) in names.iter().enumerate() {
        let last = players.get(seat).map_or(0, |player| player.score);
        let played = totals.get(seat).copied().unwrap_or(0);
        // What the end of the game added or took away (tiles left on the racks).
        let line = if last == played {
            format!("  {name:<name_width$}  {last:>6}\n")
        } else {
            format!(
                "  {name:<name_width$}  {played:>6} {:+} = {last}\n",
                last - played
            )
        };
        sheet.push_str(&line);
    }
    if game.position().is_over() {
        sheet.push_str(&words.winners(game.position(), &names));
        sheet.push('\n');
    }
    sheet
}
