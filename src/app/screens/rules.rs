//! The rules screen: how to play, in the player's language.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{ReturnTo, Screen};
use crate::app::audio::Sfx;
use crate::app::i18n::Key;
use crate::app::settings::Settings;
use crate::app::widgets::{UiSounds, centred_card, menu_button};

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
    centred_card(
        ctx,
        "rules",
        720.0,
        words.text(Key::RulesTitle),
        false,
        |ui| {
            egui::ScrollArea::vertical()
                .max_height(height - 140.0)
                .show(ui, |ui| {
                    ui.label(RichText::new(words.text(Key::RulesText)).size(19.0));
                });
            ui.add_space(12.0);
            if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                next.set(back.as_ref().map_or(Screen::Title, |b| b.0));
            }
        },
    );
    sfx.write_batch(sounds.0);
    Ok(())
}
