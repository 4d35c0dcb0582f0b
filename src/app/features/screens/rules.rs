//! The rules screen: how to play each game, in the player's language.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::games::{GameRegistry, RulesExamples, RulesPage};
use crate::app::base::i18n::Key;
use crate::app::base::navigation::{ReturnTo, Screen};
use crate::app::base::settings::Settings;
use crate::app::shell::widgets::{UiSounds, centred_card, choice, menu_button};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        rules_page
            .run_if(in_state(Screen::Rules))
            .in_set(crate::app::base::frame_order::AppSet::Panels),
    );
}

fn rules_page(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    registry: Res<GameRegistry>,
    (mut page, mut examples): (ResMut<RulesPage>, ResMut<RulesExamples>),
    back: Option<Res<ReturnTo>>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let with_rules: Vec<_> = registry
        .entries()
        .iter()
        .filter_map(|entry| entry.rules.map(|rules| (entry.id, entry.name, rules)))
        .collect();
    let shown = with_rules
        .iter()
        .find(|(id, ..)| Some(*id) == page.0)
        .or(with_rules.first())
        .copied();
    let height = (ctx.content_rect().height() - 120.0).max(200.0);
    let heading = shown.map_or(words.text(Key::Rules), |(_, _, rules)| (rules.title)(words));
    centred_card(ctx, "rules", 720.0, heading, false, |ui| {
        let diagrams = shown.and_then(|(_, _, rules)| rules.diagrams);
        // A tab per game once more than one game has its rules written, and beside them the
        // text or the drawn examples.
        ui.horizontal(|ui| {
            if with_rules.len() > 1 {
                for (id, name, _) in &with_rules {
                    let chosen = shown.is_some_and(|(s, ..)| s == *id);
                    if choice(ui, name(words), chosen, true, &mut sounds).clicked() {
                        page.0 = Some(*id);
                    }
                }
                ui.add_space(24.0);
            }
            if diagrams.is_some() {
                for (key, pictures) in [(Key::Rules, false), (Key::Examples, true)] {
                    let chosen = examples.0 == pictures;
                    if choice(ui, words.text(key), chosen, true, &mut sounds).clicked() {
                        examples.0 = pictures;
                    }
                }
            }
        });
        ui.add_space(8.0);
        egui::ScrollArea::vertical()
            .max_height(height - 140.0)
            .show(ui, |ui| match (shown, diagrams) {
                (Some(_), Some(diagrams)) if examples.0 => diagrams(ui, words),
                (Some((_, _, rules)), _) => {
                    ui.label(RichText::new((rules.body)(words)).size(19.0));
                }
                (None, _) => {}
            });
        ui.add_space(12.0);
        if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
            next.set(back.as_ref().map_or(Screen::Title, |b| b.0));
        }
    });
    sfx.write_batch(sounds.0);
    Ok(())
}
