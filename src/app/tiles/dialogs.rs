//! The dialogs the tile game's panel opens over a turn: exchanging tiles, and conceding.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use super::game::{TilesIntent, TilesMatch};
use super::words::{Text, TilesWords};
use crate::app::base::i18n::Language;
use crate::app::base::palette;
use crate::app::shell::widgets::{
    UiSounds, centred_card, choice, menu_button_of_width, shared_width,
};
use abakus_rules::abaku::Tile;

/// A dialog over the game that only the panels know about.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub(super) enum Dialog {
    #[default]
    None,
    /// Choosing rack slots to exchange.
    Exchange(Vec<usize>),
    ConfirmConcede,
}

pub(super) fn exchange_dialog(
    ctx: &egui::Context,
    game: &TilesMatch,
    words: Language,
    mut chosen: Vec<usize>,
    dialog: &mut Dialog,
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    let rack = game.position().rack(game.position().to_move()).to_vec();
    centred_card(
        ctx,
        "tiles-exchange",
        460.0,
        words.tiles(Text::Exchange),
        true,
        |ui| {
            ui.label(words.tiles(Text::PickToExchange));
            pick_tiles(ui, &rack, &mut chosen, sounds);
            let wanted = chosen.len();
            let left = game.position().bag().len();
            if wanted > left {
                let error = abakus_rules::abaku::PlayError::BagTooSmall { wanted, left };
                ui.label(RichText::new(words.refusal(&error)).color(palette::WARNING.to_egui()));
            }
            ui.add_space(8.0);
            let width = shared_width(ui, 2);
            ui.horizontal(|ui| {
                if menu_button_of_width(ui, words.tiles(Text::Cancel), true, width, sounds)
                    .clicked()
                {
                    *dialog = Dialog::None;
                    return;
                }
                let possible = (1..=5).contains(&wanted) && wanted <= left;
                let exchange = words.tiles(Text::ExchangeThese);
                if menu_button_of_width(ui, exchange, possible, width, sounds).clicked() {
                    *dialog = Dialog::None;
                    asked.push(TilesIntent::Exchange(chosen.clone()));
                    return;
                }
                *dialog = Dialog::Exchange(chosen.clone());
            });
        },
    );
}

/// The rack's tiles as buttons, each picked or put back by a click.
fn pick_tiles(ui: &mut Ui, rack: &[Tile], chosen: &mut Vec<usize>, sounds: &mut UiSounds) {
    ui.horizontal(|ui| {
        for (slot, tile) in rack.iter().enumerate() {
            let picked = chosen.contains(&slot);
            let label = match tile {
                Tile::Digit(d) => d.to_string(),
                Tile::Joker => "?".to_owned(),
            };
            if choice(ui, &label, picked, true, sounds).clicked() {
                if picked {
                    chosen.retain(|&s| s != slot);
                } else {
                    chosen.push(slot);
                }
            }
        }
    });
}

pub(super) fn concede_dialog(
    ctx: &egui::Context,
    words: Language,
    dialog: &mut Dialog,
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    centred_card(
        ctx,
        "tiles-concede",
        420.0,
        words.tiles(Text::Concede),
        true,
        |ui| {
            ui.label(RichText::new(words.tiles(Text::ConcedeSure)).size(19.0));
            ui.add_space(10.0);
            let width = shared_width(ui, 2);
            ui.horizontal(|ui| {
                if menu_button_of_width(ui, words.tiles(Text::Cancel), true, width, sounds)
                    .clicked()
                {
                    *dialog = Dialog::None;
                }
                if menu_button_of_width(ui, words.tiles(Text::Concede), true, width, sounds)
                    .clicked()
                {
                    *dialog = Dialog::None;
                    asked.push(TilesIntent::Concede);
                }
            });
        },
    );
}
