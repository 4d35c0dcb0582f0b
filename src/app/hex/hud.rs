//! The panels beside the board: whose turn, stone counts, moves, buttons, and the end of game.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::HEX;
use super::colours;
use super::computer::{Thinking, thinking_level};
use super::game::{HexIntent, HexMatch, HexPhase, Notice};
use super::online::seat::HexOnlineSeat;
use super::words::{HexWords, Text};
use crate::app::audio::Sfx;
use crate::app::base::board_room::{LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::{Overlay, Overlays, Screen};
use crate::app::base::palette::Rgba;
use crate::app::base::pointer::EguiCover;
use crate::app::base::settings::Settings;
use crate::app::features::attract::Booth;
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::features::review::Review;
use crate::app::features::screens::{GameMenu, game_menu};
use crate::app::shell::game_screen::side_panels;
use crate::app::shell::turn_clock::{TurnClock, clock_bar};
use crate::app::shell::widgets::{
    UiSounds, button_of_width, fitted_label, menu_button, menu_button_of_width, thinking_label,
};
use crate::app::{base::palette, base::theme};
use abakus_rules::hex::ai::Level;
use abakus_rules::hex::{Color, Move};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        game_panels
            .run_if(in_state(Screen::Game(HEX)))
            .in_set(crate::app::base::frame_order::AppSet::Panels),
    );
}

/// What the panels and the end-of-game card read and act on.
#[derive(SystemParam)]
struct Panels<'w, 's> {
    game: Res<'w, HexMatch>,
    settings: Res<'w, Settings>,
    phase: Res<'w, State<HexPhase>>,
    overlays: Overlays<'w>,
    next: ResMut<'w, NextState<Screen>>,
    commands: Commands<'w, 's>,
    time: Res<'w, Time>,
    cover: ResMut<'w, EguiCover>,
    /// When the end-of-game card first showed, for its growing in.
    over_since: Local<'s, Option<f32>>,
    thinking: Res<'w, Thinking>,
    clock: Res<'w, TurnClock>,
    booth: Res<'w, Booth>,
    owner: Owner<'w>,
    review: ResMut<'w, Review>,
    /// The window's seat in a room elsewhere, whose next game the room deals.
    online: Option<Res<'w, HexOnlineSeat>>,
}

fn game_panels(
    mut contexts: EguiContexts,
    mut panels: Panels,
    mut intents: MessageWriter<HexIntent>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = panels.settings.language;
    let mut sounds = UiSounds::default();
    let mut asked: Vec<HexIntent> = Vec::new();
    side_panels(
        ctx,
        "hex",
        &mut panels.cover,
        |ui| {
            let thinking = thinking_level(&panels.game, &panels.thinking);
            status_panel(
                ui,
                &panels.game,
                thinking,
                words,
                &mut asked,
                &mut panels.overlays,
                &mut sounds,
                &panels.clock,
            );
        },
        |ui| moves_panel(ui, &panels.game, words),
    );

    end_of_game(ctx, &mut panels, words, &mut asked, &mut sounds);

    if panels.overlays.shown() == Overlay::GameMenu {
        let menu = GameMenu {
            game: HEX,
            settings_locked: panels.booth.kiosk,
            overlays: &mut panels.overlays,
            commands: &mut panels.commands,
            next: &mut panels.next,
        };
        let here_alone = !panels.game.has_players_elsewhere();
        menu_with_restart(ctx, words, menu, (&mut asked, here_alone), &mut sounds);
    }

    intents.write_batch(asked);
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The end-of-game card, timed from the frame the game ended.
fn end_of_game(
    ctx: &egui::Context,
    panels: &mut Panels,
    words: Language,
    asked: &mut Vec<HexIntent>,
    sounds: &mut UiSounds,
) {
    // In a lesson, the lesson's card says what the end of a game means; in practice, the
    // practice's card.
    let own_card = matches!(
        panels.owner.get(),
        MatchOwner::Lesson | MatchOwner::Practice
    );
    if *panels.phase.get() == HexPhase::Over && !own_card {
        let since = *panels.over_since.get_or_insert(panels.time.elapsed_secs());
        let shown_for = panels.time.elapsed_secs() - since;
        let online = panels.online.as_ref();
        let asked_again = online.is_some_and(|o| o.asked_again());
        let watching = online.is_some_and(|o| o.is_watching());
        game_over_card(
            ctx,
            (&panels.game, asked_again, watching),
            words,
            shown_for,
            asked,
            (&mut panels.next, &mut panels.review),
            sounds,
        );
    } else {
        *panels.over_since = None;
    }
}

/// The game's menu, with Restart among its entries.
fn menu_with_restart(
    ctx: &egui::Context,
    words: Language,
    menu: GameMenu<'_, '_, '_>,
    (asked, here_alone): (&mut Vec<HexIntent>, bool),
    sounds: &mut UiSounds,
) {
    game_menu(ctx, words, menu, sounds, |ui, sounds| {
        // A game with a player elsewhere is not begun afresh here.
        let restart = menu_button(ui, words.text(Key::Restart), here_alone, sounds).clicked();
        if restart {
            asked.push(HexIntent::Restart);
        }
        restart
    });
}

#[expect(
    clippy::too_many_arguments,
    reason = "the panel draws from and acts on the whole turn"
)]
fn status_panel(
    ui: &mut Ui,
    game: &HexMatch,
    thinking: Option<Level>,
    words: Language,
    asked: &mut Vec<HexIntent>,
    overlays: &mut Overlays,
    sounds: &mut UiSounds,
    clock: &TurnClock,
) {
    ui.label(
        RichText::new(words.text(Key::AppName))
            .size(30.0)
            .color(palette::ACCENT.to_egui()),
    );
    ui.label(RichText::new(words.hex(Text::FewerStonesWin)).color(palette::TEXT_MUTED.to_egui()));
    ui.add_space(8.0);
    if game.outcome().is_none() {
        to_move(ui, game, thinking, words, clock);
    }
    ui.add_space(6.0);
    stone_counts(ui, game, words);
    ui.add_space(8.0);
    if let Some(notice) = game.notice() {
        notice_label(ui, notice, words);
    }
    turn_buttons(ui, game, thinking, words, asked, overlays, sounds);
}

/// Whose turn it is, whether a computer is thinking, and the turn's clock.
fn to_move(
    ui: &mut Ui,
    game: &HexMatch,
    thinking: Option<Level>,
    words: Language,
    clock: &TurnClock,
) {
    let turn = game.position().turn();
    ui.horizontal(|ui| {
        stone_icon(ui, turn == Color::Black, 38.0);
        fitted_label(
            ui,
            &words.to_move(turn),
            24.0,
            15.0,
            palette::TEXT.to_egui(),
        );
    });
    if let Some(level) = thinking {
        let who = match level {
            Level::Easy => Key::ComputerEasy,
            Level::Normal => Key::ComputerNormal,
            Level::Hard => Key::ComputerHard,
            Level::Expert => Key::ComputerExpert,
        };
        thinking_label(ui, words.text(who), words.text(Key::Thinking));
    }
    clock_bar(ui, clock);
}

/// Each colour's stones on the board, with its player's name where the game has names, and
/// the empty cells left.
fn stone_counts(ui: &mut Ui, game: &HexMatch, words: Language) {
    let position = game.position();
    for color in Color::BOTH {
        let name = game.names()[color.index()].trim();
        let who = if name.is_empty() {
            words.color(color).to_owned()
        } else {
            format!("{name} ({})", words.color(color))
        };
        ui.horizontal(|ui| {
            stone_icon(ui, color == Color::Black, 24.0);
            let count = words.stone_count(position.count(color));
            fitted_label(
                ui,
                &format!("{who}  {count}"),
                19.0,
                13.0,
                palette::TEXT.to_egui(),
            );
        });
    }
    ui.label(
        RichText::new(format!(
            "{}: {}",
            words.hex(Text::EmptyCells),
            position.empty_count()
        ))
        .color(palette::TEXT_MUTED.to_egui()),
    );
}

fn notice_label(ui: &mut Ui, notice: &Notice, words: Language) {
    let (text, color) = match notice {
        Notice::HowToPlace => (words.hex(Text::HowToPlace).to_owned(), palette::TEXT_MUTED),
        Notice::Refused(error) => (words.refusal(error), palette::WARNING),
        Notice::Selected { group, targets } => (words.selected(*group, *targets), palette::ACCENT),
        Notice::NotYours(owner) => (words.not_yours(*owner), palette::WARNING),
        Notice::Suggested(mv) => (words.suggested(*mv), palette::ACCENT),
        Notice::TimeRanOut(mv) => (words.time_ran_out(*mv), palette::WARNING),
        Notice::LostOnTime(loser) => (words.lost_on_time(*loser), palette::WARNING),
        Notice::Left(loser) => (words.left_game(*loser), palette::WARNING),
    };
    ui.label(RichText::new(text).size(17.0).color(color.to_egui()));
}

/// Undo and Redo, Restart and the menu, and the hint, at the foot of the panel.
fn turn_buttons(
    ui: &mut Ui,
    game: &HexMatch,
    thinking: Option<Level>,
    words: Language,
    asked: &mut Vec<HexIntent>,
    overlays: &mut Overlays,
    sounds: &mut UiSounds,
) {
    let position = game.position();
    // A game with a player elsewhere takes nothing back and is not begun afresh here.
    let here_alone = !game.has_players_elsewhere();
    // The buttons sit at the bottom of the panel, where a thumb finds them.
    let buttons_height = 170.0;
    ui.add_space((ui.available_height() - buttons_height).max(0.0));
    // Ids of their own: the lines above come and go (a computer thinking), and the buttons'
    // ids must not move with them, or a press that spans the change would be lost.
    let own_ids = egui::UiBuilder::new().id(egui::Id::new("hex-turn-buttons"));
    ui.scope_builder(own_ids, |ui| {
        // Two buttons share each row evenly; a longer word in another language shrinks to fit.
        let width = (ui.available_width() - ui.spacing().item_spacing.x) / 2.0;
        ui.horizontal(|ui| {
            let undo = format!("{} (U)", words.text(Key::Undo));
            let can_undo = here_alone && !position.history().is_empty();
            if button_of_width(ui, &undo, can_undo, width, sounds).clicked() {
                asked.push(HexIntent::Undo);
            }
            let redo = format!("{} (R)", words.text(Key::Redo));
            let can_redo = here_alone && !game.redo().is_empty();
            if button_of_width(ui, &redo, can_redo, width, sounds).clicked() {
                asked.push(HexIntent::Redo);
            }
        });
        ui.horizontal(|ui| {
            let restart = words.text(Key::Restart);
            let can_restart = here_alone && !position.history().is_empty();
            if button_of_width(ui, restart, can_restart, width, sounds).clicked() {
                asked.push(HexIntent::Restart);
            }
            let menu = format!("{} (Esc)", words.text(Key::Menu));
            if button_of_width(ui, &menu, true, width, sounds).clicked() {
                overlays.show(Overlay::GameMenu);
            }
        });
        let can_hint = game.outcome().is_none() && thinking.is_none();
        if button_of_width(ui, words.hex(Text::Hint), can_hint, width, sounds).clicked() {
            asked.push(HexIntent::Hint);
        }
    });
}

fn moves_panel(ui: &mut Ui, game: &HexMatch, words: Language) {
    ui.label(RichText::new(words.hex(Text::Moves)).size(24.0));
    ui.add_space(4.0);
    let history = game.position().history();
    if history.is_empty() {
        ui.label(RichText::new(words.hex(Text::NoMovesYet)).color(palette::TEXT_MUTED.to_egui()));
        return;
    }
    // Text rows, not touch targets: tighter than the panel's 44-pixel minimum.
    ui.spacing_mut().interact_size.y = 0.0;
    ui.spacing_mut().item_spacing.y = 6.0;
    // Only the rows in view are laid out, so a long game costs no more than a short one.
    let row_height =
        ui.text_style_height(&egui::TextStyle::Monospace) + ui.spacing().item_spacing.y;
    let last = history.len() - 1;
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, row_height, history.len().div_ceil(2), |ui, rows| {
            for turn in rows {
                let pair = &history[turn * 2..(turn * 2 + 2).min(history.len())];
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(format!("{:>3}.", turn + 1))
                            .monospace()
                            .color(palette::TEXT_MUTED.to_egui()),
                    );
                    for (offset, mv) in pair.iter().enumerate() {
                        let text = RichText::new(format!("{:<7}", notation(*mv))).monospace();
                        let text = if turn * 2 + offset == last {
                            text.color(palette::ACCENT.to_egui()).strong()
                        } else {
                            text
                        };
                        ui.label(text);
                    }
                });
            }
        });
}

fn notation(mv: Move) -> String {
    mv.to_string()
}

/// The end's card; `asked_again` once the window has asked its room for the next game, which
/// the room deals when the other person asks too; `watching` a room's game, whose next game
/// is the players' to ask for.
fn game_over_card(
    ctx: &egui::Context,
    (game, asked_again, watching): (&HexMatch, bool, bool),
    words: Language,
    shown_for: f32,
    asked: &mut Vec<HexIntent>,
    (next, review): (&mut NextState<Screen>, &mut Review),
    sounds: &mut UiSounds,
) {
    let Some(outcome) = game.outcome() else {
        return;
    };
    if review.is_open() {
        return;
    }
    // The card grows in with a small overshoot, after the last stone has landed.
    let t = ((shown_for - 0.25) / 0.35).clamp(0.0, 1.0);
    let grow = 1.0 + 0.08 * (t * std::f32::consts::PI).sin();
    let alpha = t;
    if t < 1.0 {
        ctx.request_repaint();
    }
    egui::Area::new(egui::Id::new("hex-over"))
        .anchor(
            Align2::CENTER_CENTER,
            egui::vec2((LEFT_PANEL_WIDTH - RIGHT_PANEL_WIDTH) / 2.0, 0.0),
        )
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.set_opacity(alpha);
            let opaque = theme::panel_frame().fill(palette::PANEL.with_alpha(255).to_egui());
            opaque.show(ui, |ui| {
                ui.set_width(400.0 * grow);
                ui.vertical_centered(|ui| {
                    ui.horizontal(|ui| {
                        stone_icon(ui, outcome.winner == Color::Black, 48.0 * grow);
                        // Whole points only: egui rasterises a text's glyphs once for every
                        // size it is drawn at and keeps them, so a size that followed the
                        // animation smoothly would add new glyphs at each game's end until its
                        // font texture grew (4 MiB at a time in a long demo).
                        ui.label(
                            RichText::new(words.wins(outcome.winner))
                                .size((40.0 * grow).round())
                                .color(palette::ACCENT.to_egui()),
                        );
                    });
                    let how = match game.lost_on_time() {
                        Some(loser) => words.lost_on_time(loser),
                        None => words.final_counts(outcome.black, outcome.white),
                    };
                    ui.label(RichText::new(how).size(19.0));
                    ui.add_space(12.0);
                    // Side by side, so that the card leaves the board in sight.
                    ui.horizontal(|ui| {
                        let half = (ui.available_width() - ui.spacing().item_spacing.x) / 2.0;
                        let again = words.text(Key::PlayAgain);
                        let may_ask = !asked_again && !watching;
                        if menu_button_of_width(ui, again, may_ask, half, sounds).clicked() {
                            asked.push(HexIntent::Restart);
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
        });
}

/// A stone drawn inline with text, so the two colours read at a glance.
pub(super) fn stone_icon(ui: &mut Ui, black: bool, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter();
    let centre = rect.center();
    let radius = size * 0.45;
    let (fill, edge): (Rgba, Rgba) = if black {
        (colours::STONE_BLACK, colours::STONE_BLACK_SHINE)
    } else {
        (colours::STONE_WHITE, colours::STONE_WHITE_SHADE)
    };
    painter.circle(
        centre,
        radius,
        fill.to_egui(),
        egui::Stroke::new(1.5, edge.to_egui()),
    );
    if !black {
        // The same engraved ring as the white stones on the board.
        painter.circle_stroke(
            centre,
            radius * 0.52,
            egui::Stroke::new(1.5, colours::STONE_WHITE_SHADE.to_egui()),
        );
    }
}
