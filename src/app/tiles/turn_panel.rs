//! The tile game's right panel: the preview of the tiles laid, the bonus legend, the turn log.

use bevy_egui::egui::{self, RichText, Ui};

use super::game::{LogEntry, TilesMatch, TilesNotice};
use super::words::{Text, TilesWords};
use crate::app::base::i18n::Language;
use crate::app::base::palette::{self, Colours};
use abakus_rules::abaku::{Bonus, Move};

/// Shows `12-4=8` as `12 − 4 = 8`.
pub(super) fn equation(reading: &str) -> String {
    let mut out = String::with_capacity(reading.len() * 2);
    for c in reading.chars() {
        match c {
            '+' | '×' | '÷' | '=' => {
                out.push(' ');
                out.push(c);
                out.push(' ');
            }
            '-' => out.push_str(" − "),
            _ => out.push(c),
        }
    }
    out
}

/// The preview of the tiles laid so far, the bonus legend and the turn log.
pub(super) fn turn_panel(
    ui: &mut Ui,
    game: &TilesMatch,
    words: Language,
    names: &[String],
    brief: bool,
) {
    if game.laid_visible() {
        preview(ui, game, words, brief);
        ui.add_space(10.0);
    }
    if brief {
        return;
    }
    legend(ui, words);
    ui.add_space(10.0);
    turn_log(ui, game, words, names);
}

/// The sums the tiles laid so far make and what they score, or why they cannot be played.
fn preview(ui: &mut Ui, game: &TilesMatch, words: Language, brief: bool) {
    let rules = game.position().variants().read_rules();
    match game.preview() {
        Some(Ok(scored)) => {
            for formed in &scored.examples {
                let reading = formed
                    .readings(rules)
                    .into_iter()
                    .next()
                    .unwrap_or_default();
                ui.horizontal(|ui| {
                    ui.label(RichText::new(equation(&reading)).size(19.0));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        ui.label(
                            RichText::new(formed.points.to_string())
                                .size(19.0)
                                .color(palette::ACCENT.to_egui()),
                        );
                    });
                });
            }
            ui.label(
                RichText::new(words.turn_total(scored.points))
                    .size(21.0)
                    .strong()
                    .color(palette::ACCENT.to_egui()),
            );
        }
        Some(Err(error)) => {
            ui.label(
                RichText::new(words.refusal(&error))
                    .size(17.0)
                    .color(palette::WARNING.to_egui()),
            );
        }
        None if brief || game.tentative().iter().any(|t| t.declared.is_none()) => {}
        None => {
            ui.label(
                RichText::new(words.tiles(Text::HowToPlay)).color(palette::TEXT_MUTED.to_egui()),
            );
        }
    }
}

/// The bonus squares' colours and what each doubles or triples.
fn legend(ui: &mut Ui, words: Language) {
    ui.label(RichText::new(words.tiles(Text::Legend)).size(18.0));
    for bonus in [
        Bonus::TileX2,
        Bonus::TileX3,
        Bonus::ExampleX2,
        Bonus::ExampleX3,
        Bonus::Start,
    ] {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
            ui.painter().rect_filled(
                rect,
                3.0,
                super::colours::bonus_fill(bonus, Colours::of(ui.ctx())).to_egui(),
            );
            ui.label(words.bonus(bonus));
        });
    }
}

/// Every turn so far: who scored what, and the sums laid.
fn turn_log(ui: &mut Ui, game: &TilesMatch, words: Language, names: &[String]) {
    ui.label(RichText::new(words.tiles(Text::TurnLog)).size(18.0));
    if game.log().is_empty() {
        ui.label(RichText::new(words.tiles(Text::NothingYet)).color(palette::TEXT_MUTED.to_egui()));
        return;
    }
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for entry in game.log() {
                let name = names.get(entry.player).map_or("?", String::as_str);
                ui.label(RichText::new(format!("{name}: {}", words.points(entry.points))).strong());
                // The log shows what was laid and the sums it made, never a rack.
                for example in &entry.examples {
                    ui.label(
                        RichText::new(format!(
                            "  {}  ({})",
                            equation(&example.reading),
                            example.points
                        ))
                        .color(palette::TEXT_MUTED.to_egui()),
                    );
                }
                if entry.examples.is_empty() {
                    ui.label(
                        RichText::new(format!("  {}", quiet_turn(words, entry, names)))
                            .color(palette::TEXT_MUTED.to_egui()),
                    );
                }
            }
        });
}

/// A turn of the log on one line, in the words the screen's log uses: "Ada: 12 − 4 = 8 (3),
/// 4 + 4 = 8 (3) · 6 points", or "Ada passed.", for the phones' list of turns.
pub(super) fn log_line(words: Language, entry: &LogEntry, names: &[String]) -> String {
    if entry.examples.is_empty() {
        return quiet_turn(words, entry, names);
    }
    let name = names.get(entry.player).map_or("?", String::as_str);
    let sums: Vec<String> = entry
        .examples
        .iter()
        .map(|example| format!("{} ({})", equation(&example.reading), example.points))
        .collect();
    format!(
        "{name}: {} · {}",
        sums.join(", "),
        words.points(entry.points)
    )
}

/// What a turn that laid no tiles was, in words: "Ada passed.", "Ada exchanged 2 tiles.";
/// an exchange says how many tiles went back, never which, as the rule book's exchange keeps
/// them hidden.
pub(super) fn quiet_turn(words: Language, entry: &LogEntry, names: &[String]) -> String {
    let player = entry.player;
    let notice = match &entry.action {
        Move::Pass => TilesNotice::Passed { player },
        Move::Exchange(tiles) => TilesNotice::Exchanged {
            player,
            tiles: tiles.len(),
        },
        _ => return entry.text.clone(),
    };
    words.notice(&notice, names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use abakus_rules::abaku::Tile;

    #[test]
    fn an_exchange_tells_the_table_how_many_tiles_not_which() {
        let names = vec!["Ada".to_owned(), "Bo".to_owned()];
        let exchange = LogEntry {
            player: 0,
            text: "exchange 7 9".to_owned(),
            action: Move::Exchange(vec![Tile::Digit(7), Tile::Digit(9)]),
            points: 0,
            examples: Vec::new(),
        };
        let told = quiet_turn(Language::English, &exchange, &names);
        assert!(told.contains("Ada") && told.contains('2'), "{told}");
        assert!(!told.contains('7') && !told.contains('9'), "{told}");
    }
}
