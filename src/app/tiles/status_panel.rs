//! The tile game's left panel: the totals, whose turn it is, the bag, the notice and buttons.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use super::colours;
use super::dialogs::Dialog;
use super::game::{Stage, TilesIntent, TilesMatch, TilesNotice};
use super::motion::ScoreSpots;
use super::words::{Text, TilesWords, computer_name, text};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::{Overlay, Overlays};
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::shell::turn_clock::{TurnClock, clock_bar};
use crate::app::shell::widgets::{
    UiSounds, button_of_width, fitted_label, menu_button, thinking_label,
};
use abakus_rules::abaku::{Position, Side, Tile};

/// The height of the count of unseen tiles, in points: its title and two rows.
const UNSEEN_HEIGHT: f32 = 110.0;

/// The room the notice and the turn's buttons take below it, in points.
const TURN_BUTTONS_HEIGHT: f32 = 300.0;

/// Every player's total, whose turn it is, the bag, the notice and the turn's buttons.
#[expect(
    clippy::too_many_arguments,
    reason = "the panel draws from and acts on the whole turn"
)]
pub(super) fn status_panel(
    ui: &mut Ui,
    game: &TilesMatch,
    settings: &Settings,
    names: &[String],
    asked: &mut Vec<TilesIntent>,
    overlays: &mut Overlays,
    dialog: &mut Dialog,
    sounds: &mut UiSounds,
    spots: &mut ScoreSpots,
    clock: &TurnClock,
) {
    let position = game.position();
    let words = settings.language;
    ui.label(
        RichText::new(words.tiles(Text::Name))
            .size(30.0)
            .color(palette::ACCENT.to_egui()),
    );
    // A short form says so, and how far it has come, on every screen of it.
    if let Some((round, turns)) = position.round_of_short_form() {
        ui.label(
            RichText::new(words.short_form_round(round, turns))
                .size(17.0)
                .color(palette::ACCENT.to_egui()),
        );
    }
    if !position.is_over() {
        to_play(ui, game, words, names, clock);
    }
    ui.add_space(6.0);
    scores(ui, game, names, spots);
    if position.plays_in_pairs() {
        side_scores(ui, game, names);
    }
    ui.label(
        RichText::new(words.bag_count(position.bag().len())).color(palette::TEXT_MUTED.to_egui()),
    );
    // With the count and the board anyone could work out the rack, so it shows only while
    // the rack itself does; and only where it leaves the turn's buttons their room.
    if settings.show_unseen_tiles
        && game.rack_visible()
        && ui.available_height() >= UNSEEN_HEIGHT + TURN_BUTTONS_HEIGHT
    {
        unseen_tiles(ui, game, words);
    }
    ui.add_space(6.0);
    if let Some(notice) = game.notice() {
        notice_label(ui, notice, words, names);
    }
    turn_buttons(ui, game, words, asked, overlays, dialog, sounds);
}

/// How many of each digit and of the joker the player to move has not seen (the bag and the
/// other racks together, never which is where): small tiles in two rows of six, each with its
/// count under it, a kind all seen faded.
fn unseen_tiles(ui: &mut Ui, game: &TilesMatch, words: Language) {
    const COLUMNS: usize = 6;
    const ROW: f32 = 44.0;
    let counts = unseen_counts(game.position());
    ui.label(
        RichText::new(text(words, "unseen-title"))
            .size(14.0)
            .color(palette::TEXT_MUTED.to_egui()),
    );
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, ROW * 2.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let cell = width / COLUMNS as f32;
    let side = (cell - 8.0).clamp(14.0, 24.0);
    for (kind, count) in counts.iter().enumerate() {
        let column = (kind % COLUMNS) as f32;
        let row = (kind / COLUMNS) as f32;
        let centre = rect.min + egui::vec2(cell * (column + 0.5), ROW * row + side / 2.0 + 2.0);
        let fade = if *count == 0 { 90 } else { 255 };
        let tile = egui::Rect::from_center_size(centre, egui::vec2(side, side));
        painter.rect_filled(tile, 3.0, colours::TILE_WOOD.with_alpha(fade).to_egui());
        let face = if kind == 10 {
            "?".to_owned()
        } else {
            kind.to_string()
        };
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            face,
            egui::FontId::proportional(side * 0.75),
            colours::TILE_INK.with_alpha(fade).to_egui(),
        );
        let colour = if *count == 0 {
            palette::TEXT_MUTED
        } else {
            palette::TEXT
        };
        painter.text(
            centre + egui::vec2(0.0, side / 2.0 + 9.0),
            egui::Align2::CENTER_CENTER,
            count.to_string(),
            egui::FontId::proportional(14.0),
            colour.to_egui(),
        );
    }
}

/// The tiles the player to move has not seen, counted by kind: digits 0 to 9, then the joker.
#[must_use]
pub fn unseen_counts(position: &Position) -> [usize; 11] {
    let mut counts = [0; 11];
    for tile in position.unseen_by(position.to_move()) {
        match tile {
            Tile::Digit(digit) => counts[usize::from(digit).min(9)] += 1,
            Tile::Joker => counts[10] += 1,
        }
    }
    counts
}

/// Who is to play, whether a computer is thinking, and the turn's clock.
fn to_play(ui: &mut Ui, game: &TilesMatch, words: Language, names: &[String], clock: &TurnClock) {
    let mover = names
        .get(game.position().to_move())
        .map_or("", String::as_str);
    fitted_label(
        ui,
        &words.to_play(mover),
        22.0,
        14.0,
        palette::TEXT.to_egui(),
    );
    if let Some(level) = game.computer_to_move() {
        thinking_label(ui, computer_name(words, level), words.text(Key::Thinking));
    }
    clock_bar(ui, clock);
}

/// A row for each player: the marker of the one to move, the name, the total and the points
/// of the player's last turn.
fn scores(ui: &mut Ui, game: &TilesMatch, names: &[String], spots: &mut ScoreSpots) {
    let position = game.position();
    let spin = position.variants().spin;
    for (index, player) in position.players().iter().enumerate() {
        let to_move = index == position.to_move() && !position.is_over();
        let last = game
            .log()
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
}

/// In a game of pairs, each side's players and their shared total.
fn side_scores(ui: &mut Ui, game: &TilesMatch, names: &[String]) {
    for side in [Side::Black, Side::Red] {
        let members: Vec<&str> = (0..names.len())
            .filter(|&q| Side::of_player(q) == side)
            .map(|q| names[q].as_str())
            .collect();
        ui.label(
            RichText::new(format!(
                "{}: {}",
                members.join(" + "),
                game.position().side_score(side)
            ))
            .color(palette::TEXT_MUTED.to_egui()),
        );
    }
}

fn notice_label(ui: &mut Ui, notice: &TilesNotice, words: Language, names: &[String]) {
    let colour = match notice {
        TilesNotice::Refused(_) | TilesNotice::JokerUndeclared => palette::WARNING,
        _ => palette::TEXT_MUTED,
    };
    ui.label(
        RichText::new(words.notice(notice, names))
            .size(17.0)
            .color(colour.to_egui()),
    );
}

/// Submit, then the turn's other buttons two to a row, the menu and the hint.
fn turn_buttons(
    ui: &mut Ui,
    game: &TilesMatch,
    words: Language,
    asked: &mut Vec<TilesIntent>,
    overlays: &mut Overlays,
    dialog: &mut Dialog,
    sounds: &mut UiSounds,
) {
    // The buttons sit at the bottom of the panel, two to a row, where a thumb finds them.
    let buttons_height = 280.0;
    ui.add_space((ui.available_height() - buttons_height).max(0.0));
    // Ids of their own: the lines above come and go (a notice, a computer thinking), and the
    // buttons' ids must not move with them, or a press that spans the change would be lost.
    let own_ids = egui::UiBuilder::new().id(egui::Id::new("tiles-turn-buttons"));
    ui.scope_builder(own_ids, |ui| {
        // A phone's player lays on their phone: the screen's turn buttons rest meanwhile.
        let turn = game.stage() == Stage::Turn
            && overlays.none()
            && game.computer_to_move().is_none()
            && !game.phone_to_move();
        let submit = format!("{} (Enter)", words.tiles(Text::Submit));
        if menu_button(ui, &submit, turn && game.can_submit(), sounds).clicked() {
            asked.push(TilesIntent::Submit);
        }
        let laid = !game.tentative().is_empty() || game.replacing().is_some();
        let undo = format!("{} (U)", words.text(Key::Undo));
        let menu = format!("{} (Esc)", words.text(Key::Menu));
        // Not while a phone's player lays: the phone's tiles and the turns before are theirs.
        // With players elsewhere (on phones, or at a room elsewhere) no turn is taken back,
        // as each has seen it: Undo takes back only this turn's tiles.
        let turns_back = !game.moves().is_empty() && game.setup().phone_seats().is_empty();
        let can_undo = (turns_back || laid) && !game.phone_to_move();
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
                        act(action, asked, dialog);
                    }
                }
            });
        }
        ui.horizontal(|ui| {
            if sized_button(ui, &menu, true, width, sounds) {
                overlays.show(Overlay::GameMenu);
            }
            if sized_button(ui, words.tiles(Text::Hint), turn, width, sounds) {
                asked.push(TilesIntent::Hint);
            }
        });
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

fn act(action: PanelAction, asked: &mut Vec<TilesIntent>, dialog: &mut Dialog) {
    match action {
        PanelAction::Recall => asked.push(TilesIntent::RecallAll),
        PanelAction::Shuffle => asked.push(TilesIntent::Shuffle(shuffle_seed())),
        PanelAction::Exchange => *dialog = Dialog::Exchange(Vec::new()),
        PanelAction::Pass => asked.push(TilesIntent::Pass),
        PanelAction::Concede => *dialog = Dialog::ConfirmConcede,
        PanelAction::Undo => asked.push(TilesIntent::Undo),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use abakus_rules::abaku::{Setup, TILE_COUNT};

    #[test]
    fn the_unseen_counts_are_the_full_set_less_the_own_rack_at_the_start() {
        for seed in 0..8 {
            let position = Position::new(Setup::new(2, seed)).unwrap();
            let rack = position.rack(position.to_move());
            let counts = unseen_counts(&position);
            assert_eq!(counts.iter().sum::<usize>(), TILE_COUNT - rack.len());
            let own_joker = rack.contains(&Tile::Joker);
            assert_eq!(counts[10], usize::from(!own_joker), "seed {seed}");
            for digit in 0..10u8 {
                let own = rack.iter().filter(|&&t| t == Tile::Digit(digit)).count();
                assert_eq!(
                    counts[usize::from(digit)] + own,
                    10,
                    "seed {seed}, digit {digit}"
                );
            }
        }
    }
}
