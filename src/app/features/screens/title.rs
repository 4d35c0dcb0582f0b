//! The title screen: start or learn any registered game, continue an unfinished one, settings,
//! rules, quit.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::games::{ContinueOffers, GameHooks, GameRegistry, ResumeGame, RulesPage};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::{ReturnTo, Screen};
use crate::app::base::settings::Settings;
use crate::app::base::storage::{ConfigDir, DataDir, SetAside};
use crate::app::features::attract::Booth;
use crate::app::features::tutorial::{LessonHooks, StartLesson};
use crate::app::shell::widgets::{UiSounds, menu_button, menu_button_of_width, text_width};
use crate::app::{base::palette, base::theme};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FilesSetAside>()
        .add_systems(Update, gather_set_aside.run_if(in_state(Screen::Title)))
        .add_systems(
            EguiPrimaryContextPass,
            (title_menu, set_aside_notice)
                .run_if(in_state(Screen::Title))
                .in_set(crate::app::base::frame_order::AppSet::Panels),
        );
}

/// Files that could not be read this run and were kept beside, until the player has read so.
#[derive(Resource, Debug, Default)]
struct FilesSetAside(Vec<SetAside>);

fn gather_set_aside(
    data: Option<Res<DataDir>>,
    config: Option<Res<ConfigDir>>,
    mut shown: ResMut<FilesSetAside>,
) {
    let folders = [data.as_deref(), config.as_deref().map(|config| &config.0)];
    for folder in folders.into_iter().flatten() {
        let more = folder.take_set_aside();
        if !more.is_empty() {
            shown.0.extend(more);
        }
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
    Statistics,
    Quit,
}

/// What the title menu reads, and the ways it leads.
#[derive(SystemParam)]
struct Title<'w, 's> {
    settings: Res<'w, Settings>,
    registry: Res<'w, GameRegistry>,
    lesson_hooks: Option<Res<'w, GameHooks<LessonHooks>>>,
    offers: Res<'w, ContinueOffers>,
    rules_page: ResMut<'w, RulesPage>,
    next: ResMut<'w, NextState<Screen>>,
    commands: Commands<'w, 's>,
    resume: MessageWriter<'w, ResumeGame>,
    lessons: MessageWriter<'w, StartLesson>,
    exit: MessageWriter<'w, AppExit>,
    booth: Res<'w, Booth>,
}

fn title_menu(mut contexts: EguiContexts, mut title: Title, mut sfx: MessageWriter<Sfx>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = title.settings.language;
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
                        continue_offers(ui, words, &mut title, &mut sounds);
                        game_buttons(ui, words, &mut title, &mut sounds);
                        // A booth's kiosk stays at its own table.
                        if !title.booth.kiosk
                            && menu_button(ui, words.text(Key::PlayOnline), true, &mut sounds)
                                .clicked()
                        {
                            title.next.set(Screen::Online);
                        }
                        ui.add_space(6.0);
                        lower_buttons(ui, words, &mut title, &mut sounds);
                    });
            });
        });
    build_stamp(ctx);
    sfx.write_batch(sounds.0);
    Ok(())
}

/// A Continue button for each unfinished game, with what it is and how far it got.
fn continue_offers(ui: &mut Ui, words: Language, title: &mut Title, sounds: &mut UiSounds) {
    let several = title.offers.offers().len() > 1;
    for offer in title.offers.offers() {
        let Some(entry) = title.registry.get(offer.game) else {
            continue;
        };
        // One unfinished game is simply "Continue"; several say which is which.
        let label = if several {
            format!("{} {}", words.text(Key::Continue), (entry.name)(words))
        } else {
            words.text(Key::Continue).to_owned()
        };
        let hint = format!("{} · {}", (entry.name)(words), offer.summary);
        if menu_button(ui, &label, true, sounds)
            .on_hover_text(hint.clone())
            .clicked()
        {
            title.resume.write(ResumeGame(offer.game));
            title.next.set(Screen::Game(offer.game));
        }
        ui.label(RichText::new(hint).color(palette::TEXT_MUTED.to_egui()));
        ui.add_space(6.0);
    }
}

/// Each registered game's button, its Learn button beside it if it has a lesson, and a line
/// about it underneath for a newcomer; with a game to continue, the player knows the games and
/// the line gives its room to the Continue buttons (it shows on the button's hover instead),
/// so the whole menu fits a 720-pixel screen.
fn game_buttons(ui: &mut Ui, words: Language, title: &mut Title, sounds: &mut UiSounds) {
    let newcomer = title.offers.offers().is_empty();
    for entry in title.registry.entries() {
        let label = if entry.playable {
            (entry.play)(words)
        } else {
            (entry.name)(words)
        };
        // Beside the game's button, its lesson: a newcomer's first stop.
        let learn = words.text(Key::Learn);
        let has_lesson = title
            .lesson_hooks
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
            if menu_button_of_width(ui, label, entry.playable, play_width, sounds)
                .on_hover_text((entry.about)(words))
                .clicked()
            {
                title.next.set(Screen::Setup(entry.id));
            }
            if has_lesson {
                ui.add_space(spacing - ui.spacing().item_spacing.x);
                if menu_button_of_width(ui, learn, true, learn_width, sounds).clicked() {
                    title.lessons.write(StartLesson(entry.id));
                }
            }
        });
        if newcomer {
            ui.label(RichText::new((entry.about)(words)).color(palette::TEXT_MUTED.to_egui()));
        }
        ui.add_space(6.0);
    }
}

/// Settings, the rules, saved games, statistics and Quit, two to a row.
fn lower_buttons(ui: &mut Ui, words: Language, title: &mut Title, sounds: &mut UiSounds) {
    // Two to a row, so the menu fits a small window. A kiosk's settings, files and way out
    // are the organiser's (see the README).
    let mut more = vec![(Key::Rules, Leads::Rules)];
    if !title.booth.kiosk {
        more.insert(0, (Key::Settings, Leads::Settings));
        more.extend([
            (Key::SavedGames, Leads::SavedGames),
            (Key::Statistics, Leads::Statistics),
            (Key::Quit, Leads::Quit),
        ]);
    }
    let half = (340.0 - ui.spacing().item_spacing.x) / 2.0;
    for row in more.chunks(2) {
        ui.horizontal(|ui| {
            for &(key, leads) in row {
                if menu_button_of_width(ui, words.text(key), true, half, sounds).clicked() {
                    follow(title, leads);
                }
            }
        });
    }
}

fn follow(title: &mut Title, leads: Leads) {
    match leads {
        Leads::Settings => {
            title.commands.insert_resource(ReturnTo(Screen::Title));
            title.next.set(Screen::Settings);
        }
        Leads::Rules => {
            if title.rules_page.0.is_none() {
                title.rules_page.0 = title
                    .registry
                    .entries()
                    .iter()
                    .find(|entry| entry.rules.is_some())
                    .map(|entry| entry.id);
            }
            title.commands.insert_resource(ReturnTo(Screen::Title));
            title.next.set(Screen::Rules);
        }
        Leads::SavedGames => title.next.set(Screen::SavedGames),
        Leads::Statistics => title.next.set(Screen::Statistics),
        Leads::Quit => {
            title.exit.write(AppExit::Success);
        }
    }
}

/// The build's version in the corner, for a report of what was running.
fn build_stamp(ctx: &egui::Context) {
    egui::Area::new(egui::Id::new("build-stamp"))
        .anchor(Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -8.0))
        .show(ctx, |ui| {
            ui.label(
                RichText::new(concat!("Abakus ", env!("ABAKUS_BUILD")))
                    .size(13.0)
                    .color(palette::TEXT_MUTED.to_egui()),
            );
        });
}
