//! The title screen: start or learn any registered game, continue an unfinished one, settings,
//! rules, quit.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::attract::Booth;
use crate::app::audio::Sfx;
use crate::app::games::{ContinueOffers, GameHooks, GameRegistry, ResumeGame, RulesPage};
use crate::app::i18n::Key;
use crate::app::navigation::{ReturnTo, Screen};
use crate::app::settings::Settings;
use crate::app::storage::{SetAside, take_set_aside};
use crate::app::tutorial::{LessonHooks, StartLesson};
use crate::app::widgets::{UiSounds, menu_button, menu_button_of_width, text_width};
use crate::app::{palette, theme};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FilesSetAside>()
        .add_systems(Update, gather_set_aside.run_if(in_state(Screen::Title)))
        .add_systems(
            EguiPrimaryContextPass,
            (title_menu, set_aside_notice)
                .run_if(in_state(Screen::Title))
                .in_set(crate::app::AppSet::Panels),
        );
}

/// Files that could not be read this run and were kept beside, until the player has read so.
#[derive(Resource, Debug, Default)]
struct FilesSetAside(Vec<SetAside>);

fn gather_set_aside(mut shown: ResMut<FilesSetAside>) {
    let more = take_set_aside();
    if !more.is_empty() {
        shown.0.extend(more);
    }
}

/// A card at the foot of the title screen: which files could not be read and where they
/// were kept, so nothing is lost without a word.
fn set_aside_notice(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut shown: ResMut<FilesSetAside>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    if shown.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    // Beside the menu, under the board picture, above the version line.
    egui::Area::new(egui::Id::new("files-set-aside"))
        .anchor(Align2::RIGHT_BOTTOM, egui::vec2(-40.0, -40.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            theme::panel_frame().show(ui, |ui| {
                ui.set_max_width(440.0);
                for aside in &shown.0 {
                    ui.label(
                        RichText::new(words.set_aside(&aside.file, &aside.kept_as))
                            .color(palette::WARNING.to_egui()),
                    );
                }
                if menu_button(ui, words.text(Key::Understood), true, &mut sounds).clicked() {
                    shown.0.clear();
                }
            });
        });
    sfx.write_batch(sounds.0);
    Ok(())
}

/// Where the title's smaller buttons lead.
#[derive(Clone, Copy)]
enum Leads {
    Settings,
    Rules,
    SavedGames,
    Quit,
}

#[expect(
    clippy::too_many_arguments,
    reason = "the title screen leads everywhere"
)]
fn title_menu(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    registry: Res<GameRegistry>,
    lesson_hooks: Option<Res<GameHooks<LessonHooks>>>,
    offers: Res<ContinueOffers>,
    mut rules_page: ResMut<RulesPage>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut resume: MessageWriter<ResumeGame>,
    mut lessons: MessageWriter<StartLesson>,
    mut sfx: MessageWriter<Sfx>,
    mut exit: MessageWriter<AppExit>,
    booth: Res<Booth>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    egui::Area::new(egui::Id::new("title-menu"))
        .anchor(Align2::LEFT_CENTER, egui::vec2(90.0, 0.0))
        .show(ctx, |ui| {
            theme::panel_frame().show(ui, |ui| {
                ui.set_width(380.0);
                // A low window (or large panels) scrolls the menu rather than cutting it off.
                let room = (ui.ctx().content_rect().height() - 60.0).max(160.0);
                egui::ScrollArea::vertical()
                    .max_height(room)
                    .min_scrolled_height(room)
                    .auto_shrink([true, true])
                    .show(ui, |ui| {
                        ui.label(
                            RichText::new(words.text(Key::AppName))
                                .size(54.0)
                                .color(palette::ACCENT.to_egui()),
                        );
                        ui.label(RichText::new(words.text(Key::Tagline)).size(20.0));
                        ui.add_space(18.0);
                        let several = offers.offers().len() > 1;
                        for offer in offers.offers() {
                            let Some(entry) = registry.get(offer.game) else {
                                continue;
                            };
                            // One unfinished game is simply "Continue"; several say which is which.
                            let label = if several {
                                format!("{} {}", words.text(Key::Continue), (entry.name)(words))
                            } else {
                                words.text(Key::Continue).to_owned()
                            };
                            let hint = format!("{} · {}", (entry.name)(words), offer.summary);
                            if menu_button(ui, &label, true, &mut sounds)
                                .on_hover_text(hint.clone())
                                .clicked()
                            {
                                resume.write(ResumeGame(offer.game));
                                next.set(Screen::Game(offer.game));
                            }
                            ui.label(RichText::new(hint).color(palette::TEXT_MUTED.to_egui()));
                            ui.add_space(6.0);
                        }
                        for entry in registry.entries() {
                            let label = if entry.playable {
                                (entry.play)(words)
                            } else {
                                (entry.name)(words)
                            };
                            // Beside the game's button, its lesson: a newcomer's first stop.
                            let learn = words.text(Key::Learn);
                            let has_lesson = lesson_hooks
                                .as_ref()
                                .is_some_and(|lessons| lessons.get(entry.id).is_some());
                            let learn_width = if has_lesson {
                                (text_width(ui, learn, 22.0) + 28.0).max(104.0)
                            } else {
                                0.0
                            };
                            ui.horizontal(|ui| {
                                let spacing = if learn_width > 0.0 { 8.0 } else { 0.0 };
                                let play_width = 340.0 - learn_width - spacing;
                                if menu_button_of_width(
                                    ui,
                                    label,
                                    entry.playable,
                                    play_width,
                                    &mut sounds,
                                )
                                .clicked()
                                {
                                    next.set(Screen::Setup(entry.id));
                                }
                                if has_lesson {
                                    ui.add_space(spacing - ui.spacing().item_spacing.x);
                                    if menu_button_of_width(
                                        ui,
                                        learn,
                                        true,
                                        learn_width,
                                        &mut sounds,
                                    )
                                    .clicked()
                                    {
                                        lessons.write(StartLesson(entry.id));
                                    }
                                }
                            });
                            ui.label(
                                RichText::new((entry.about)(words))
                                    .color(palette::TEXT_MUTED.to_egui()),
                            );
                            ui.add_space(6.0);
                        }
                        ui.add_space(6.0);
                        // Two to a row, so the menu fits a small window. A kiosk's settings, files
                        // and way out are the organiser's (see the README).
                        let mut more = vec![(Key::Rules, Leads::Rules)];
                        if !booth.kiosk {
                            more.insert(0, (Key::Settings, Leads::Settings));
                            more.extend([
                                (Key::SavedGames, Leads::SavedGames),
                                (Key::Quit, Leads::Quit),
                            ]);
                        }
                        let half = (340.0 - ui.spacing().item_spacing.x) / 2.0;
                        for row in more.chunks(2) {
                            ui.horizontal(|ui| {
                                for &(key, leads) in row {
                                    if !menu_button_of_width(
                                        ui,
                                        words.text(key),
                                        true,
                                        half,
                                        &mut sounds,
                                    )
                                    .clicked()
                                    {
                                        continue;
                                    }
                                    match leads {
                                        Leads::Settings => {
                                            commands.insert_resource(ReturnTo(Screen::Title));
                                            next.set(Screen::Settings);
                                        }
                                        Leads::Rules => {
                                            if rules_page.0.is_none() {
                                                rules_page.0 = registry
                                                    .entries()
                                                    .iter()
                                                    .find(|entry| entry.rules.is_some())
                                                    .map(|entry| entry.id);
                                            }
                                            commands.insert_resource(ReturnTo(Screen::Title));
                                            next.set(Screen::Rules);
                                        }
                                        Leads::SavedGames => next.set(Screen::SavedGames),
                                        Leads::Quit => {
                                            exit.write(AppExit::Success);
                                        }
                                    }
                                }
                            });
                        }
                    });
            });
        });
    egui::Area::new(egui::Id::new("build-stamp"))
        .anchor(Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -8.0))
        .show(ctx, |ui| {
            ui.label(
                RichText::new(concat!("Abakus ", env!("ABAKUS_BUILD")))
                    .size(13.0)
                    .color(palette::TEXT_MUTED.to_egui()),
            );
        });
    sfx.write_batch(sounds.0);
    Ok(())
}
