//! The hex game's part of the title screen: a small board beside the menu, and its unfinished
//! game offered as Continue.

use bevy::prelude::*;

use super::HEX;
use super::art::{HexArt, STONE_IMAGE_MARGIN};
use super::board::BoardLayout;
use super::game::HexMatch;
use super::words::HexWords;
use crate::app::games::{ContinueOffers, ResumeGame};
use crate::app::navigation::Screen;
use crate::app::settings::Settings;
use crate::app::storage::DataDir;
use abakus_rules::hex::{Board, Cell, Color};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavedMatch>()
        .add_systems(
            OnEnter(Screen::Title),
            (look_for_saved_match, spawn_decoration),
        )
        .add_systems(
            OnEnter(Screen::Game(HEX)),
            resume_saved_match.before(super::game::start_match_if_none),
        );
}

/// The unfinished game found on disk when the title screen opened.
#[derive(Resource, Debug, Default)]
struct SavedMatch(Option<HexMatch>);

fn look_for_saved_match(
    dir: Option<Res<DataDir>>,
    settings: Res<Settings>,
    mut saved: ResMut<SavedMatch>,
    mut offers: ResMut<ContinueOffers>,
) {
    let found = dir
        .and_then(|dir| HexMatch::load(&dir))
        .filter(|game| game.outcome().is_none());
    let summary = found.as_ref().map(|game| {
        settings
            .language
            .continue_hint(game.position.side(), game.position.history().len())
    });
    offers.set(HEX, summary);
    saved.0 = found;
}

/// Continue was chosen: the saved match replaces whatever match was in memory, before the
/// screen looks for a match to show.
fn resume_saved_match(
    mut commands: Commands,
    mut resume: MessageReader<ResumeGame>,
    mut saved: ResMut<SavedMatch>,
) {
    if resume.read().any(|asked| asked.0 == HEX)
        && let Some(game) = saved.0.take()
    {
        commands.insert_resource(game);
    }
}

/// A small board with a few stones beside the menu, so the screen says what the game is.
fn spawn_decoration(mut commands: Commands, art: Res<HexArt>) {
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
