//! The tile game's hand-over: a curtain over the board, and a card naming the next player.

use bevy_egui::egui::{self, RichText};

use super::game::{TilesIntent, TilesMatch};
use super::words::{Text, TilesWords};
use crate::app::base::board_room::{LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::palette;
use crate::app::shell::widgets::{UiSounds, centred_card, menu_button};

/// Between turns: every rack hidden, the next player named, the last turn's result shown.
pub(super) fn hand_over(
    ctx: &egui::Context,
    game: &TilesMatch,
    words: Language,
    names: &[String],
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    let next = names
        .get(game.position().to_move())
        .map_or("", String::as_str);
    curtain(ctx);
    centred_card(
        ctx,
        "tiles-hand-over",
        460.0,
        &words.pass_to(next),
        true,
        |ui| {
            if let Some(notice) = game.notice() {
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
            if !game.moves().is_empty()
                && menu_button(ui, words.text(Key::Undo), true, sounds).clicked()
            {
                asked.push(TilesIntent::Undo);
            }
        },
    );
}

/// A curtain over the board between the panels: the moment to hand the screen over.
fn curtain(ctx: &egui::Context) {
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
}
