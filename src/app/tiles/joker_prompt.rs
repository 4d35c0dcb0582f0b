//! The tile game's joker prompt: which digit a joker just laid stands for.

use bevy_egui::egui::{self, RichText};

use super::game::TilesIntent;
use super::words::{Text, TilesWords};
use crate::app::base::i18n::Language;
use crate::app::base::palette;
use crate::app::shell::widgets::{UiSounds, centred_card, choice, menu_button};

pub(super) fn joker_prompt(
    ctx: &egui::Context,
    words: Language,
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    centred_card(
        ctx,
        "tiles-joker",
        440.0,
        words.tiles(Text::JokerPrompt),
        true,
        |ui| {
            ui.label(
                RichText::new(words.tiles(Text::JokerPromptAbout))
                    .color(palette::TEXT_MUTED.to_egui()),
            );
            ui.add_space(8.0);
            for row in [0..5u8, 5..10u8] {
                ui.horizontal(|ui| {
                    for digit in row {
                        if choice(ui, &digit.to_string(), false, true, sounds).clicked() {
                            asked.push(TilesIntent::Declare(digit));
                        }
                    }
                });
            }
            ui.add_space(8.0);
            if menu_button(ui, words.tiles(Text::Cancel), true, sounds).clicked() {
                asked.push(TilesIntent::CancelJoker);
            }
        },
    );
}
