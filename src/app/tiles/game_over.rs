//! The tile game's last card: the winners, the end's adjustments and the final scores.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText, Ui};

use super::TILES;
use super::game::TilesMatch;
use super::online::seat::OnlineSeat;
use super::setup::fresh_seed;
use super::words::{Text, TilesWords, with_local_names};
use crate::app::base::board_room::{LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::features::review::Review;
use crate::app::shell::widgets::{UiSounds, menu_button, menu_button_of_width};

pub(super) fn game_over(
    ctx: &egui::Context,
    game: &TilesMatch,
    words: Language,
    names: &[String],
    (next, review, commands): (&mut NextState<Screen>, &mut Review, &mut Commands),
    online: Option<&mut OnlineSeat>,
    sounds: &mut UiSounds,
) {
    if review.is_open() {
        return;
    }
    let position = game.position();
    egui::Area::new(egui::Id::new("tiles-over"))
        .anchor(
            Align2::CENTER_CENTER,
            egui::vec2((LEFT_PANEL_WIDTH - RIGHT_PANEL_WIDTH) / 2.0, 0.0),
        )
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let opaque = crate::app::base::theme::panel_frame()
                .fill(palette::PANEL.with_alpha(255).to_egui());
            opaque.show(ui, |ui| {
                ui.set_width(480.0);
                ui.label(
                    RichText::new(words.winners(position, names))
                        .size(38.0)
                        .color(palette::ACCENT.to_egui()),
                );
                if let Some(reason) = position.outcome() {
                    ui.label(RichText::new(words.ending(reason, names)).size(17.0));
                }
                adjustments(ui, game, names);
                ui.add_space(8.0);
                final_scores(ui, game, words, names);
                ui.add_space(10.0);
                let asked_again = online.as_ref().is_some_and(|online| online.asked_again());
                // A window watching a room leaves the next game to its players.
                let watching = online.as_ref().is_some_and(|online| online.is_watching());
                // Side by side, so that the card leaves the board in sight.
                ui.horizontal(|ui| {
                    let half = (ui.available_width() - ui.spacing().item_spacing.x) / 2.0;
                    let again = words.text(Key::PlayAgain);
                    // At a seat elsewhere the room deals again once every person asks.
                    let may_ask = !asked_again && !watching;
                    if menu_button_of_width(ui, again, may_ask, half, sounds).clicked() {
                        match online {
                            Some(online) => online.play_again(),
                            None => play_again(game, words, commands, next),
                        }
                    }
                    let look = words.text(Key::Review);
                    if menu_button_of_width(ui, look, true, half, sounds).clicked() {
                        review.asked = true;
                    }
                });
                if asked_again {
                    let waiting = abakus_words::SHELL.text(words, "online-again-asked");
                    ui.label(RichText::new(waiting).size(16.0));
                }
                if menu_button(ui, words.text(Key::ToTitle), true, sounds).clicked() {
                    next.set(Screen::Title);
                }
            });
        });
}

/// Play again: with phones at the table, a rematch at once (the same seats, names, board and
/// variants on a new deal, and the same phones, which stay connected); without, the setup
/// screen to choose again.
fn play_again(
    game: &TilesMatch,
    words: Language,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    if game.setup().phone_seats().is_empty() {
        next.set(Screen::Setup(TILES));
        return;
    }
    // Names nobody typed follow the screen's language, as in a game from the setup.
    let mut setup = with_local_names(game.setup().clone(), words);
    setup.seed = fresh_seed();
    match TilesMatch::new(setup) {
        Ok(rematch) => {
            commands.insert_resource(rematch);
            // The same screen entered again: the board is built anew for the new deal.
            next.set(Screen::Game(TILES));
        }
        Err(error) => {
            warn!("cannot start the rematch: {error}");
            next.set(Screen::Setup(TILES));
        }
    }
}

/// The end's adjustments, player by player: the last turn's score changes, less what that
/// turn's sums scored (racks left, the joker, the finisher's gain and Spin Abaku's colour
/// difference).
fn adjustments(ui: &mut Ui, game: &TilesMatch, names: &[String]) {
    let Some(record) = game.position().history().last() else {
        return;
    };
    let turn_points = game
        .log()
        .last()
        .filter(|entry| entry.player == record.player)
        .map_or(0, |entry| entry.points);
    for (index, delta) in record.deltas.iter().enumerate() {
        let adjustment = if index == record.player {
            delta - turn_points
        } else {
            *delta
        };
        if adjustment != 0 {
            ui.label(format!("{}: {adjustment:+}", names[index]));
        }
    }
}

/// Every player's score, the highest first.
fn final_scores(ui: &mut Ui, game: &TilesMatch, words: Language, names: &[String]) {
    let position = game.position();
    ui.label(RichText::new(words.tiles(Text::FinalScores)).size(20.0));
    let mut ranking: Vec<usize> = (0..names.len()).collect();
    ranking.sort_by_key(|&p| std::cmp::Reverse(position.players()[p].score));
    for p in ranking {
        ui.horizontal(|ui| {
            ui.label(RichText::new(&names[p]).size(19.0));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(
                    RichText::new(position.players()[p].score.to_string())
                        .size(19.0)
                        .strong(),
                );
            });
        });
    }
}
