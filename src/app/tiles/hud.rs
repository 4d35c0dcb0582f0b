//! The tile game's panels and cards: scores and buttons on the left, the live preview, the
//! legend and the turn log on the right; the joker prompt, the exchange and concede dialogs,
//! the hand-over card, the challenge window, the end of the game and the menu.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::TILES;
use super::game::{Stage, TilesIntent, TilesMatch};
use super::motion::{Cascade, ScoreSpots};
use super::words::{Text, TilesWords};
use crate::app::attract::Booth;
use crate::app::audio::Sfx;
use crate::app::game_screen::{LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH, side_panels};
use crate::app::i18n::{Key, Language};
use crate::app::navigation::{Overlay, Screen};
use crate::app::ownership::{MatchOwner, Owner};
use crate::app::palette::{self, Rgba};
use crate::app::pointer::EguiCover;
use crate::app::screens::{GameMenu, game_menu};
use crate::app::settings::Settings;
use crate::app::turn_clock::{TurnClock, clock_bar};
use crate::app::widgets::{
    UiSounds, button_of_width, centred_card, choice, fitted_label, menu_button, thinking_label,
};
use abakus_rules::abaku::ai::Level;
use abakus_rules::abaku::{Bonus, Side, Tile};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dialog>()
        .add_systems(OnEnter(Screen::Game(TILES)), close_dialogs)
        .add_systems(
            EguiPrimaryContextPass,
            game_panels
                .run_if(in_state(Screen::Game(TILES)))
                .in_set(crate::app::AppSet::Panels),
        );
}

/// A dialog over the game that only the panels know about.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
enum Dialog {
    #[default]
    None,
    /// Choosing rack slots to exchange.
    Exchange(Vec<usize>),
    ConfirmConcede,
}

fn close_dialogs(mut dialog: ResMut<Dialog>) {
    *dialog = Dialog::None;
}

#[expect(
    clippy::too_many_arguments,
    reason = "a UI system touches many resources"
)]
fn game_panels(
    mut contexts: EguiContexts,
    game: Res<TilesMatch>,
    settings: Res<Settings>,
    mut overlay: ResMut<Overlay>,
    mut dialog: ResMut<Dialog>,
    mut intents: MessageWriter<TilesIntent>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut sfx: MessageWriter<Sfx>,
    mut cover: ResMut<EguiCover>,
    (cascade, mut spots, clock, booth, owner): (
        Res<Cascade>,
        ResMut<ScoreSpots>,
        Res<TurnClock>,
        Res<Booth>,
        Owner,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let mut asked: Vec<TilesIntent> = Vec::new();
    let names: Vec<String> = game.setup.seats.iter().map(|s| s.name.clone()).collect();
    side_panels(
        ctx,
        "tiles",
        &mut cover,
        |ui| {
            status_panel(
                ui,
                &game,
                words,
                &names,
                &mut asked,
                &mut overlay,
                &mut dialog,
                &mut sounds,
                &mut spots,
                &clock,
            );
        },
        |ui| {
            // In a lesson the card below says how to play; the panel keeps to this turn.
            turn_panel(ui, &game, words, &names, owner.get() == MatchOwner::Lesson);
        },
    );

    match game.stage {
        Stage::JokerDigit { .. } => joker_prompt(ctx, words, &mut asked, &mut sounds),
        // The turn's examples light up on the board before the curtain comes down.
        Stage::HandOver if cascade.busy() => {}
        Stage::HandOver => hand_over(ctx, &game, words, &names, &mut asked, &mut sounds),
        Stage::ChallengeWindow => {
            challenge_window(ctx, &game, words, &names, &mut asked, &mut sounds)
        }
        Stage::Over => game_over(ctx, &game, words, &names, &mut next, &mut sounds),
        Stage::Turn => match dialog.clone() {
            Dialog::Exchange(chosen) => {
                exchange_dialog(
                    ctx,
                    &game,
                    words,
                    chosen,
                    &mut dialog,
                    &mut asked,
                    &mut sounds,
                );
            }
            Dialog::ConfirmConcede => {
                centred_card(
                    ctx,
                    "tiles-concede",
                    420.0,
                    words.tiles(Text::Concede),
                    true,
                    |ui| {
                        ui.label(RichText::new(words.tiles(Text::ConcedeSure)).size(19.0));
                        ui.add_space(10.0);
                        ui.horizontal(|ui| {
                            if menu_button(ui, words.tiles(Text::Cancel), true, &mut sounds)
                                .clicked()
                            {
                                *dialog = Dialog::None;
                            }
                            if menu_button(ui, words.tiles(Text::Concede), true, &mut sounds)
                                .clicked()
                            {
                                *dialog = Dialog::None;
                                asked.push(TilesIntent::Concede);
                            }
                        });
                    },
                );
            }
            Dialog::None => {}
        },
    }

    if *overlay == Overlay::GameMenu {
        let menu = GameMenu {
            game: TILES,
            settings_locked: booth.kiosk,
            overlay: &mut overlay,
            commands: &mut commands,
            next: &mut next,
        };
        game_menu(ctx, words, menu, &mut sounds, |_, _| false);
    }
    intents.write_batch(asked);
    sfx.write_batch(sounds.0);
    Ok(())
}

/// Every player's total, whose turn it is, the bag, the notice and the turn's buttons.
#[expect(
    clippy::too_many_arguments,
    reason = "the panel draws from and acts on the whole turn"
)]
fn status_panel(
    ui: &mut Ui,
    game: &TilesMatch,
    words: Language,
    names: &[String],
    asked: &mut Vec<TilesIntent>,
    overlay: &mut Overlay,
    dialog: &mut Dialog,
    sounds: &mut UiSounds,
    spots: &mut ScoreSpots,
    clock: &TurnClock,
) {
    let position = &game.position;
    ui.label(
        RichText::new(words.tiles(Text::Name))
            .size(30.0)
            .color(palette::ACCENT.to_egui()),
    );
    if !position.is_over() {
        let mover = names.get(position.to_move()).map_or("", String::as_str);
        fitted_label(
            ui,
            &words.to_play(mover),
            22.0,
            14.0,
            palette::TEXT.to_egui(),
        );
        if let Some(level) = game.computer_to_move() {
            let who = match level {
                Level::Easy => Key::ComputerEasy,
                Level::Normal => Key::ComputerNormal,
                Level::Hard => Key::ComputerHard,
            };
            thinking_label(ui, words.text(who), words.text(Key::Thinking));
        }
        clock_bar(ui, clock);
    }
    ui.add_space(6.0);
    let spin = position.variants().spin;
    for (index, player) in position.players().iter().enumerate() {
        let to_move = index == position.to_move() && !position.is_over();
        let last = game
            .log
            .iter()
            .rev()
            .find(|entry| entry.player == index)
            .map(|entry| entry.points);
        ui.horizontal(|ui| {
            let marker = if to_move { "▶" } else { " " };
            let colour = if spin && Side::of_player(index) == Side::Red {
                palette::WARNING
            } else {
                palette::TEXT
            };
            ui.label(RichText::new(marker).color(palette::ACCENT.to_egui()));
            ui.label(
                RichText::new(&names[index])
                    .size(19.0)
                    .color(colour.to_egui()),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let score = ui.label(RichText::new(player.score.to_string()).size(22.0).strong());
                // The points of a turn fly here; egui's points are the window's pixels
                // divided by its zoom.
                let at = score.rect.center() * ui.ctx().zoom_factor();
                spots.set(index, Vec2::new(at.x, at.y));
                if let Some(points) = last {
                    ui.label(
                        RichText::new(format!("+{points}"))
                            .size(14.0)
                            .color(palette::TEXT_MUTED.to_egui()),
                    );
                }
            });
        });
    }
    if position.plays_in_pairs() {
        for side in [Side::Black, Side::Red] {
            let members: Vec<&str> = (0..names.len())
                .filter(|&q| Side::of_player(q) == side)
                .map(|q| names[q].as_str())
                .collect();
            ui.label(
                RichText::new(format!(
                    "{}: {}",
                    members.join(" + "),
                    position.side_score(side)
                ))
                .color(palette::TEXT_MUTED.to_egui()),
            );
        }
    }
    ui.label(
        RichText::new(words.bag_count(position.bag().len())).color(palette::TEXT_MUTED.to_egui()),
    );
    ui.add_space(6.0);
    if let Some(notice) = &game.notice {
        let colour = match notice {
            super::game::TilesNotice::Refused(_) | super::game::TilesNotice::JokerUndeclared => {
                palette::WARNING
            }
            _ => palette::TEXT_MUTED,
        };
        ui.label(
            RichText::new(words.notice(notice, names))
                .size(17.0)
                .color(colour.to_egui()),
        );
    }
    // The buttons sit at the bottom of the panel, two to a row, where a thumb finds them.
    let buttons_height = 280.0;
    ui.add_space((ui.available_height() - buttons_height).max(0.0));
    let turn =
        game.stage == Stage::Turn && *overlay == Overlay::None && game.computer_to_move().is_none();
    let submit = format!("{} (Enter)", words.tiles(Text::Submit));
    if menu_button(ui, &submit, turn && game.can_submit(), sounds).clicked() {
        asked.push(TilesIntent::Submit);
    }
    let laid = !game.tentative.is_empty() || game.replacing.is_some();
    let undo = format!("{} (U)", words.text(Key::Undo));
    let menu = format!("{} (Esc)", words.text(Key::Menu));
    let can_undo = !game.moves.is_empty() || laid;
    let width = (ui.available_width() - ui.spacing().item_spacing.x) / 2.0;
    let rows: [[(&str, bool, PanelAction); 2]; 3] = [
        [
            (words.tiles(Text::Recall), turn && laid, PanelAction::Recall),
            (words.tiles(Text::Shuffle), turn, PanelAction::Shuffle),
        ],
        [
            (words.tiles(Text::Exchange), turn, PanelAction::Exchange),
            (words.tiles(Text::Pass), turn, PanelAction::Pass),
        ],
        [
            (words.tiles(Text::Concede), turn, PanelAction::Concede),
            (&undo, can_undo, PanelAction::Undo),
        ],
    ];
    for row in rows {
        ui.horizontal(|ui| {
            for (label, enabled, action) in row {
                if sized_button(ui, label, enabled, width, sounds) {
                    match action {
                        PanelAction::Recall => asked.push(TilesIntent::RecallAll),
                        PanelAction::Shuffle => asked.push(TilesIntent::Shuffle(shuffle_seed())),
                        PanelAction::Exchange => *dialog = Dialog::Exchange(Vec::new()),
                        PanelAction::Pass => asked.push(TilesIntent::Pass),
                        PanelAction::Concede => *dialog = Dialog::ConfirmConcede,
                        PanelAction::Undo => asked.push(TilesIntent::Undo),
                    }
                }
            }
        });
    }
    ui.horizontal(|ui| {
        if sized_button(ui, &menu, true, width, sounds) {
            *overlay = Overlay::GameMenu;
        }
        if sized_button(ui, words.tiles(Text::Hint), turn, width, sounds) {
            asked.push(TilesIntent::Hint);
        }
    });
}

/// What a button of the status panel does.
#[derive(Clone, Copy)]
enum PanelAction {
    Recall,
    Shuffle,
    Exchange,
    Pass,
    Concede,
    Undo,
}

fn sized_button(
    ui: &mut Ui,
    label: &str,
    enabled: bool,
    width: f32,
    sounds: &mut UiSounds,
) -> bool {
    button_of_width(ui, label, enabled, width, sounds).clicked()
}

fn shuffle_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(7, |d| d.as_nanos() as u64)
        | 1
}

/// Shows `12-4=8` as `12 − 4 = 8`.
pub fn equation(reading: &str) -> String {
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
fn turn_panel(ui: &mut Ui, game: &TilesMatch, words: Language, names: &[String], brief: bool) {
    let rules = game.position.variants().read_rules();
    if game.rack_visible() {
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
            None if brief || game.tentative.iter().any(|t| t.declared.is_none()) => {}
            None => {
                ui.label(
                    RichText::new(words.tiles(Text::HowToPlay))
                        .color(palette::TEXT_MUTED.to_egui()),
                );
            }
        }
        ui.add_space(10.0);
    }
    if brief {
        return;
    }
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
            ui.painter()
                .rect_filled(rect, 3.0, bonus_fill(bonus).to_egui());
            ui.label(words.bonus(bonus));
        });
    }
    ui.add_space(10.0);
    ui.label(RichText::new(words.tiles(Text::TurnLog)).size(18.0));
    if game.log.is_empty() {
        ui.label(RichText::new(words.tiles(Text::NothingYet)).color(palette::TEXT_MUTED.to_egui()));
        return;
    }
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for entry in &game.log {
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
                        RichText::new(format!("  {}", entry.text))
                            .color(palette::TEXT_MUTED.to_egui()),
                    );
                }
            }
        });
}

pub(super) fn bonus_fill(bonus: Bonus) -> Rgba {
    super::board::bonus_colour(bonus).0
}

fn joker_prompt(
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

/// Between turns: every rack hidden, the next player named, the last turn's result shown.
fn hand_over(
    ctx: &egui::Context,
    game: &TilesMatch,
    words: Language,
    names: &[String],
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    let next = names
        .get(game.position.to_move())
        .map_or("", String::as_str);
    // A curtain over the board between the panels: the moment to hand the screen over.
    let screen = ctx.content_rect();
    let board_area = egui::Rect::from_min_max(
        egui::pos2(screen.left() + LEFT_PANEL_WIDTH, screen.top()),
        egui::pos2(screen.right() - RIGHT_PANEL_WIDTH, screen.bottom()),
    );
    egui::Area::new(egui::Id::new("tiles-curtain"))
        .fixed_pos(board_area.min)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            let (rect, _) = ui.allocate_exact_size(board_area.size(), egui::Sense::click());
            ui.painter()
                .rect_filled(rect, 0.0, palette::TABLE.with_alpha(0xf4).to_egui());
        });
    centred_card(
        ctx,
        "tiles-hand-over",
        460.0,
        &words.pass_to(next),
        true,
        |ui| {
            if let Some(notice) = &game.notice {
                ui.label(RichText::new(words.notice(notice, names)).size(19.0));
                ui.add_space(8.0);
            }
            ui.label(
                RichText::new(words.only_you_look(next))
                    .size(17.0)
                    .color(palette::TEXT_MUTED.to_egui()),
            );
            ui.add_space(8.0);
            if menu_button(ui, words.tiles(Text::ShowMyTiles), true, sounds).clicked() {
                asked.push(TilesIntent::Reveal);
            }
            // The player who just moved may still take it back before anyone looks.
            if !game.moves.is_empty()
                && menu_button(ui, words.text(Key::Undo), true, sounds).clicked()
            {
                asked.push(TilesIntent::Undo);
            }
        },
    );
}

fn challenge_window(
    ctx: &egui::Context,
    game: &TilesMatch,
    words: Language,
    names: &[String],
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    let Some(pending) = game.position.pending() else {
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
            crate::app::theme::panel_frame().show(ui, |ui| {
                ui.set_width(600.0);
                ui.label(
                    RichText::new(words.is_move_right(mover))
                        .size(26.0)
                        .color(palette::ACCENT.to_egui()),
                );
                if let Some(entry) = game.log.last() {
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
                ui.horizontal_wrapped(|ui| {
                    if button_of_width(ui, words.tiles(Text::Accept), true, 150.0, sounds).clicked()
                    {
                        asked.push(TilesIntent::Accept);
                    }
                    for (index, name) in names.iter().enumerate() {
                        if index == pending.player {
                            continue;
                        }
                        let label = words.challenges(name);
                        if button_of_width(ui, &label, true, 130.0, sounds).clicked() {
                            asked.push(TilesIntent::Challenge(index));
                        }
                    }
                });
            });
        });
}

fn exchange_dialog(
    ctx: &egui::Context,
    game: &TilesMatch,
    words: Language,
    mut chosen: Vec<usize>,
    dialog: &mut Dialog,
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    let rack = game.position.rack(game.position.to_move()).to_vec();
    centred_card(
        ctx,
        "tiles-exchange",
        460.0,
        words.tiles(Text::Exchange),
        true,
        |ui| {
            ui.label(words.tiles(Text::PickToExchange));
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
            let wanted = chosen.len();
            let left = game.position.bag().len();
            if wanted > left {
                let error = abakus_rules::abaku::PlayError::BagTooSmall { wanted, left };
                ui.label(RichText::new(words.refusal(&error)).color(palette::WARNING.to_egui()));
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if menu_button(ui, words.tiles(Text::Cancel), true, sounds).clicked() {
                    *dialog = Dialog::None;
                    return;
                }
                let possible = (1..=5).contains(&wanted) && wanted <= left;
                if menu_button(ui, words.tiles(Text::ExchangeThese), possible, sounds).clicked() {
                    *dialog = Dialog::None;
                    asked.push(TilesIntent::Exchange(chosen.clone()));
                    return;
                }
                *dialog = Dialog::Exchange(chosen.clone());
            });
        },
    );
}

fn game_over(
    ctx: &egui::Context,
    game: &TilesMatch,
    words: Language,
    names: &[String],
    next: &mut NextState<Screen>,
    sounds: &mut UiSounds,
) {
    let position = &game.position;
    let winners: Vec<String> = position
        .winners()
        .iter()
        .map(|&p| names[p].clone())
        .collect();
    egui::Area::new(egui::Id::new("tiles-over"))
        .anchor(
            Align2::CENTER_CENTER,
            egui::vec2((LEFT_PANEL_WIDTH - RIGHT_PANEL_WIDTH) / 2.0, 0.0),
        )
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let opaque =
                crate::app::theme::panel_frame().fill(palette::PANEL.with_alpha(255).to_egui());
            opaque.show(ui, |ui| {
                ui.set_width(480.0);
                ui.label(
                    RichText::new(words.winners(&winners))
                        .size(38.0)
                        .color(palette::ACCENT.to_egui()),
                );
                if let Some(reason) = position.outcome() {
                    ui.label(RichText::new(words.ending(reason, names)).size(17.0));
                }
                // The end's adjustments, player by player: the last turn's score changes, less
                // what that turn's sums scored (racks left, the joker, the finisher's gain and
                // Spin Abaku's colour difference).
                if let Some(record) = position.history().last() {
                    let turn_points = game
                        .log
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
                ui.add_space(8.0);
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
                ui.add_space(10.0);
                if menu_button(ui, words.text(Key::PlayAgain), true, sounds).clicked() {
                    next.set(Screen::Setup(TILES));
                }
                if menu_button(ui, words.text(Key::ToTitle), true, sounds).clicked() {
                    next.set(Screen::Title);
                }
            });
        });
}
