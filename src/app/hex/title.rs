//! The hex game's part of the title screen: a small board with a few stones beside the menu.

use bevy::prelude::*;

use super::art::{HexArt, STONE_IMAGE_MARGIN};
use super::layout::BoardLayout;
use crate::app::base::navigation::Screen;
use abakus_rules::hex::{Board, Cell, Color};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_decoration);
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
