//! The hex game saved under a name and loaded back through the rules, and its score sheet: the
//! moves in the game's notation, two to a line as players write them, and the result.

use bevy::prelude::*;

use super::game::{HexMatch, Seat};
use super::words::HexWords;
use crate::app::base::i18n::{Key, Language};
use crate::app::features::records::{self, RecordError, RecordHooks};
use abakus_rules::hex::Color;
use abakus_rules::hex::ai::Level;

pub(super) const HOOKS: RecordHooks = RecordHooks { save, load, sheet };

fn save(world: &World) -> Option<String> {
    serde_json::to_string_pretty(world.get_resource::<HexMatch>()?).ok()
}

/// Reading a match replays its moves through the rules core, so a file whose moves break the
/// rules is refused with the reason.
fn load(world: &mut World, text: &str) -> Result<(), RecordError> {
    let game: HexMatch = serde_json::from_str(text)?;
    world.insert_resource(game);
    Ok(())
}

fn sheet(world: &World, words: Language) -> Option<String> {
    Some(score_sheet(
        world.get_resource::<HexMatch>()?,
        words,
        &records::date(records::now()),
    ))
}

fn seat_words(words: Language, seat: Seat) -> &'static str {
    words.text(match seat {
        Seat::Human | Seat::Elsewhere => Key::Human,
        Seat::Computer(Level::Easy) => Key::ComputerEasy,
        Seat::Computer(Level::Normal) => Key::ComputerNormal,
        Seat::Computer(Level::Hard) => Key::ComputerHard,
        Seat::Computer(Level::Expert) => Key::ComputerExpert,
    })
}

/// The sheet: the game and date, who played, the moves numbered in pairs, the result.
#[must_use]
pub(super) fn score_sheet(game: &HexMatch, words: Language, date: &str) -> String {
    let position = game.position();
    let moves: Vec<String> = position.history().iter().map(ToString::to_string).collect();
    let mut sheet = format!(
        "{} · {} · {date}\n",
        words.hex(super::words::Text::Name),
        words.continue_hint(position.side(), moves.len())
    );
    for color in Color::BOTH {
        sheet.push_str(&format!(
            "{}: {}\n",
            words.color(color),
            seat_words(words, game.seats()[color.index()])
        ));
    }
    sheet.push('\n');
    // A game set up with White to move opens its first line with an empty Black column.
    let first = if moves.len().is_multiple_of(2) {
        position.turn()
    } else {
        position.turn().opponent()
    };
    let white_first = first == Color::White;
    let mut cells: Vec<&str> = Vec::new();
    if white_first {
        cells.push("…");
    }
    cells.extend(moves.iter().map(String::as_str));
    for (number, pair) in cells.chunks(2).enumerate() {
        let black = pair.first().copied().unwrap_or("");
        let white = pair.get(1).copied().unwrap_or("");
        let line = format!("{:>3}. {black:<10}{white}", number + 1);
        sheet.push_str(line.trim_end());
        sheet.push('\n');
    }
    sheet.push('\n');
    match game.outcome() {
        Some(outcome) => {
            sheet.push_str(&words.wins(outcome.winner));
            sheet.push(' ');
            let how = match game.lost_on_time() {
                Some(loser) => words.lost_on_time(loser),
                None => words.final_counts(outcome.black, outcome.white),
            };
            sheet.push_str(&how);
        }
        None => sheet.push_str(&words.to_move(position.turn())),
    }
    sheet.push('\n');
    sheet
}
