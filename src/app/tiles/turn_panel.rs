//! The tile game's right panel: the preview of the tiles laid, the bonus legend, the turn log.

use bevy_egui::egui::{self, RichText, Ui};

use super::game::TilesMatch;
use super::words::{Text, TilesWords, equation, quiet_turn};
use crate::app::base::i18n::Language;
use crate::app::base::palette::{self, Colours};
use abakus_rules::abaku::Bonus;

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
