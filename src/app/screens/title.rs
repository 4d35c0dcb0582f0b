//! The title screen: choose a game, continue the last one, settings, rules, quit.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{ReturnTo, Screen};
use crate::app::art::{Art, STONE_IMAGE_MARGIN};
use crate::app::audio::Sfx;
use crate::app::hex::{BoardLayout, HexMatch};
use crate::app::i18n::Key;
use crate::app::settings::Settings;
use crate::app::widgets::{UiSounds, menu_button};
use crate::app::{palette, storage, theme};
use crate::rules::hex::{Board, Cell, Color};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Title),
        (look_for_saved_game, spawn_decoration),
    )
    .add_systems(
        EguiPrimaryContextPass,
        title_menu
            .run_if(in_state(Screen::Title))
            .in_set(crate::app::AppSet::Panels),
    );
}

/// The unfinished game found on disk, offered as Continue.
#[derive(Resource, Debug, Default)]
pub struct SavedGame(pub Option<HexMatch>);

fn look_for_saved_game(mut commands: Commands, dir: Res<storage::DataDir>) {
    let saved = storage::load::<HexMatch>(&dir, crate::app::hex::AUTOSAVE_FILE)
        .filter(|game| game.position.outcome().is_none());
    commands.insert_resource(SavedGame(saved));
}

/// A small board with a few stones beside the menu, so the screen says what the game is.
fn spawn_decoration(mut commands: Commands, art: Res<Art>) {
    let layout = BoardLayout {
        side: 3,
        hex_size: 50.0,
        centre: Vec2::new(250.0, -10.0),
        window: Vec2::new(1280.0, 720.0),
    };
    let board = Board::of_side(3).expect("side 3 exists");
    let rings = 2.0;
    let board_size = 2.0 * (1.5 * rings + 1.5) * layout.hex_size / 0.86;
    commands.spawn((
        Sprite {
            image: art.board.clone(),
            custom_size: Some(Vec2::splat(board_size)),
            ..default()
        },
        Transform::from_translation(layout.centre.extend(-5.0)),
        DespawnOnExit(Screen::Title),
    ));
    let stones: [(&str, Color); 7] = [
        ("B2", Color::Black),
        ("B3", Color::Black),
        ("C3", Color::Black),
        ("C4", Color::White),
        ("D4", Color::White),
        ("A1", Color::White),
        ("E5", Color::Black),
    ];
    for &cell in board.cells() {
        commands.spawn((
            Sprite {
                image: art.cell.clone(),
                custom_size: Some(Vec2::new(2.0, 3f32.sqrt()) * layout.hex_size * 0.95),
                ..default()
            },
            Transform::from_translation(layout.world(cell).extend(0.0)),
            DespawnOnExit(Screen::Title),
        ));
    }
    for (name, color) in stones {
        let Ok(cell) = name.parse::<Cell>() else {
            continue;
        };
        let image = match color {
            Color::Black => art.stone_black.clone(),
            Color::White => art.stone_white.clone(),
        };
        commands.spawn((
            Sprite {
                image,
                custom_size: Some(Vec2::splat(layout.hex_size * 1.42 * STONE_IMAGE_MARGIN)),
                ..default()
            },
            Transform::from_translation(layout.world(cell).extend(3.0)),
            DespawnOnExit(Screen::Title),
        ));
    }
}

fn title_menu(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut saved: ResMut<SavedGame>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut sfx: MessageWriter<Sfx>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    egui::Area::new(egui::Id::new("title-menu"))
        .anchor(Align2::LEFT_CENTER, egui::vec2(90.0, 0.0))
        .show(ctx, |ui| {
            theme::panel_frame().show(ui, |ui| {
                ui.set_width(380.0);
                ui.label(
                    RichText::new(words.text(Key::AppName))
                        .size(54.0)
                        .color(palette::ACCENT.to_egui()),
                );
                ui.label(RichText::new(words.text(Key::Tagline)).size(20.0));
                ui.add_space(18.0);
                if let Some(game) = &saved.0 {
                    let hint =
                        words.continue_hint(game.position.side(), game.position.history().len());
                    if menu_button(ui, words.text(Key::Continue), true, &mut sounds)
                        .on_hover_text(hint.clone())
                        .clicked()
                    {
                        if let Some(game) = saved.0.take() {
                            commands.insert_resource(game);
                        }
                        next.set(Screen::HexGame);
                    }
                    ui.label(RichText::new(hint).color(palette::TEXT_MUTED.to_egui()));
                    ui.add_space(6.0);
                }
                if menu_button(ui, words.text(Key::PlayHex), true, &mut sounds).clicked() {
                    next.set(Screen::HexSetup);
                }
                ui.label(
                    RichText::new(words.text(Key::PlayHexHint))
                        .color(palette::TEXT_MUTED.to_egui()),
                );
                ui.add_space(6.0);
                menu_button(ui, words.text(Key::PlayTiles), false, &mut sounds);
                ui.label(
                    RichText::new(words.text(Key::PlayTilesHint))
                        .color(palette::TEXT_MUTED.to_egui()),
                );
                ui.add_space(12.0);
                if menu_button(ui, words.text(Key::Settings), true, &mut sounds).clicked() {
                    commands.insert_resource(ReturnTo(Screen::Title));
                    next.set(Screen::Settings);
                }
                if menu_button(ui, words.text(Key::Rules), true, &mut sounds).clicked() {
                    commands.insert_resource(ReturnTo(Screen::Title));
                    next.set(Screen::Rules);
                }
                if menu_button(ui, words.text(Key::Quit), true, &mut sounds).clicked() {
                    exit.write(AppExit::Success);
                }
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
