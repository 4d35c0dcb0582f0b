//! The rules screen: how to play, in the player's language.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{ReturnTo, Screen};
use crate::app::audio::Sfx;
use crate::app::i18n::Key;
use crate::app::settings::Settings;
use crate::app::widgets::{UiSounds, menu_button};
use crate::app::{palette, theme};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        rules_page
            .run_if(in_state(Screen::Rules))
            .in_set(crate::app::AppSet::Panels),
    );
}

fn rules_page(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    back: Option<Res<ReturnTo>>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let height = (ctx.content_rect().height() - 120.0).max(200.0);
    egui::Area::new(egui::Id::new("rules"))
        .anchor(Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            theme::panel_frame().show(ui, |ui| {
                ui.set_width(720.0);
                ui.label(
                    RichText::new(words.text(Key::RulesTitle))
                        .size(32.0)
                        .color(palette::ACCENT.to_egui()),
                );
                ui.add_space(8.0);
                egui::ScrollArea::vertical()
                    .max_height(height - 140.0)
                    .show(ui, |ui| {
                        ui.label(RichText::new(words.text(Key::RulesText)).size(19.0));
                    });
                ui.add_space(12.0);
                if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                    next.set(back.as_ref().map_or(Screen::Title, |b| b.0));
                }
            });
        });
    sfx.write_batch(sounds.0);
    Ok(())
}
