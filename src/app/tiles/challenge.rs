//! The tile game's challenge window: the move just made, to accept or to challenge.

use bevy_egui::egui::{self, Align2, RichText, Ui};

use super::game::{TilesIntent, TilesMatch};
use super::words::equation;
use super::words::{Text, TilesWords};
use crate::app::base::board_room::{LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH};
use crate::app::base::i18n::Language;
use crate::app::base::palette;
use crate::app::shell::widgets::{UiSounds, button_of_width};

pub(super) fn challenge_window(
    ctx: &egui::Context,
    game: &TilesMatch,
    words: Language,
    names: &[String],
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    let Some(pending) = game.position().pending() else {
        return;
    };
    let mover = names.get(pending.player).map_or("", String::as_str);
    // Along the bottom, over the rack's place, so the move on the board stays in view.
    egui::Area::new(egui::Id::new("tiles-challenge"))
        .anchor(
            Align2::CENTER_BOTTOM,
            egui::vec2((LEFT_PANEL_WIDTH - RIGHT_PANEL_WIDTH) / 2.0, -10.0),
        )
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            crate::app::base::theme::panel_frame().show(ui, |ui| {
                ui.set_width(600.0);
                ui.label(
                    RichText::new(words.is_move_right(mover))
                        .size(26.0)
                        .color(palette::ACCENT.to_egui()),
                );
                if let Some(entry) = game.log().last() {
                    ui.horizontal_wrapped(|ui| {
                        for example in &entry.examples {
                            ui.label(
                                RichText::new(format!(
                                    "{}  ({})     ",
                                    equation(&example.reading),
                                    example.points
                                ))
                                .size(19.0),
                            );
                        }
                    });
                }
                ui.label(
                    RichText::new(words.tiles(Text::ChallengeAbout))
                        .color(palette::TEXT_MUTED.to_egui()),
                );
                ui.add_space(6.0);
                answers(ui, words, names, pending.player, asked, sounds);
            });
        });
}

/// Accept, and a challenge button for every player but the one who moved.
fn answers(
    ui: &mut Ui,
    words: Language,
    names: &[String],
    mover: usize,
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    ui.horizontal_wrapped(|ui| {
        if button_of_width(ui, words.tiles(Text::Accept), true, 150.0, sounds).clicked() {
            asked.push(TilesIntent::Accept);
        }
        for (index, name) in names.iter().enumerate() {
            if index == mover {
                continue;
            }
            let label = words.challenges(name);
            if button_of_width(ui, &label, true, 130.0, sounds).clicked() {
                asked.push(TilesIntent::Challenge(index));
            }
        }
    });
}
