//! Turning taps, drags and keys on the tile game's screen into intents for the match: the
//! pointer's observers on squares and tiles, and the keyboard with its cursor on the board.

use bevy::prelude::*;

use super::TILES;
use super::game::{Stage, TilesIntent, TilesMatch};
use super::layout::TilesLayout;
use super::motion::Glide;
use super::sprites::{BoardSquare, BoardSystems, Dragged, RackTile, TentativeTile, Z_DRAGGED};
use crate::app::base::frame_order::AppSet;
use crate::app::base::navigation::{Overlay, Overlays, Screen};
use crate::app::table::camera::TableEye;
use abakus_rules::abaku::{Cell, Square, Tile};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .add_systems(
            Update,
            game_keys
                .in_set(AppSet::Input)
                .run_if(in_state(Screen::Game(TILES))),
        )
        .add_systems(Update, follow_drags.in_set(BoardSystems::Marks));
}

/// The keyboard's square on the board: arrows move it, a digit key lays a tile there and
/// moves it on, across or down as the last arrow went. Hidden until an arrow is pressed.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BoardCursor {
    pub cell: Option<Cell>,
    pub down: bool,
}

/// Keys on the game screen: arrows move a cursor on the board and a digit lays that tile
/// there (then the cursor moves on, across or down as the last arrow went); without the
/// cursor a digit picks the tile up. J lays the joker, Enter submits, Backspace takes back,
/// Space shows the tiles, U undoes, Esc cancels or opens the menu.
fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    game: Res<TilesMatch>,
    mut overlays: Overlays,
    mut cursor: ResMut<BoardCursor>,
    mut intents: MessageWriter<TilesIntent>,
) {
    // The mouse takes over from the keyboard: its cursor goes away.
    if cursor.cell.is_some() && mouse.is_some_and(|mouse| mouse.get_just_pressed().next().is_some())
    {
        cursor.cell = None;
    }
    if keys.just_pressed(KeyCode::Escape) {
        match game.stage() {
            Stage::JokerDigit { .. } => {
                intents.write(TilesIntent::CancelJoker);
            }
            _ if !overlays.none() => overlays.close(),
            _ if game.held().is_some() => {
                if let Some(slot) = game.held() {
                    intents.write(TilesIntent::Hold(slot));
                }
            }
            _ if cursor.cell.is_some() => cursor.cell = None,
            _ => overlays.show(Overlay::GameMenu),
        }
        return;
    }
    if !overlays.none() {
        return;
    }
    let digit = DIGIT_KEYS
        .iter()
        .position(|pair| pair.iter().any(|key| keys.just_pressed(*key)));
    match game.stage() {
        Stage::JokerDigit { .. } => {
            if let Some(digit) = digit {
                intents.write(TilesIntent::Declare(digit as u8));
            }
        }
        Stage::HandOver => {
            if keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter) {
                intents.write(TilesIntent::Reveal);
            }
        }
        Stage::Turn => {
            move_cursor(&keys, &game, &mut cursor);
            let wanted = if keys.just_pressed(KeyCode::KeyJ) {
                Some(Tile::Joker)
            } else {
                digit.map(|digit| Tile::Digit(digit as u8))
            };
            if let Some(wanted) = wanted {
                let rack = game.turn_rack();
                let slot = game
                    .rack_in_order()
                    .into_iter()
                    .find(|&slot| rack.get(slot) == Some(&wanted));
                match (slot, cursor.cell) {
                    (Some(slot), Some(cell)) => {
                        intents.write(TilesIntent::Lay { slot, cell });
                        if free_square(&game, cell) {
                            cursor.cell = Some(next_free(&game, cell, cursor.down, &[cell]));
                        }
                    }
                    // Without the cursor, the tile is picked up; a tap on a square lays it.
                    (Some(slot), None) => {
                        intents.write(TilesIntent::Hold(slot));
                    }
                    (None, _) => {}
                }
            }
            if keys.just_pressed(KeyCode::Enter) {
                intents.write(TilesIntent::Submit);
            }
            if keys.just_pressed(KeyCode::Backspace) {
                match cursor.cell {
                    Some(cell) => take_back_typed(&game, &mut cursor, cell, &mut intents),
                    None => {
                        intents.write(TilesIntent::RecallAll);
                    }
                }
            }
            if keys.just_pressed(KeyCode::Delete) {
                intents.write(TilesIntent::RecallAll);
            }
            if keys.just_pressed(KeyCode::KeyU) {
                intents.write(TilesIntent::Undo);
            }
        }
        Stage::ChallengeWindow | Stage::Over => {}
    }
}

/// Arrows show the cursor (on the start square, or where it was) and move it a square.
fn move_cursor(keys: &ButtonInput<KeyCode>, game: &TilesMatch, cursor: &mut BoardCursor) {
    let step = [
        (KeyCode::ArrowLeft, -1, 0),
        (KeyCode::ArrowRight, 1, 0),
        (KeyCode::ArrowUp, 0, -1),
        (KeyCode::ArrowDown, 0, 1),
    ]
    .into_iter()
    .find(|(key, _, _)| keys.just_pressed(*key));
    let Some((_, dx, dy)) = step else {
        return;
    };
    let layout = game.position().layout();
    cursor.down = dy != 0;
    cursor.cell = Some(match cursor.cell {
        None => layout.start(),
        Some(cell) => {
            let col = (i32::from(cell.col) + dx).clamp(0, layout.width() as i32 - 1);
            let row = (i32::from(cell.row) + dy).clamp(0, layout.height() as i32 - 1);
            Cell::new(col as u8, row as u8)
        }
    });
}

/// Backspace with the cursor: takes back the tile under it, or else the one just before it
/// (as typing does), and moves the cursor there.
fn take_back_typed(
    game: &TilesMatch,
    cursor: &mut BoardCursor,
    cell: Cell,
    intents: &mut MessageWriter<TilesIntent>,
) {
    let laid_here = |cell: Cell| game.tentative().iter().any(|t| t.cell == cell);
    if laid_here(cell) {
        intents.write(TilesIntent::TakeBack(cell));
        return;
    }
    let (dx, dy) = if cursor.down { (0, 1) } else { (1, 0) };
    let before = (i32::from(cell.col) - dx, i32::from(cell.row) - dy);
    if before.0 >= 0 && before.1 >= 0 {
        let before = Cell::new(before.0 as u8, before.1 as u8);
        if laid_here(before) {
            intents.write(TilesIntent::TakeBack(before));
            cursor.cell = Some(before);
        }
    }
}

/// Whether a tile could be laid on this square now: on the board, empty and not laid on.
fn free_square(game: &TilesMatch, cell: Cell) -> bool {
    game.position().layout().contains(cell)
        && game.position().square(cell) == Square::Empty
        && !game.tentative().iter().any(|t| t.cell == cell)
}

/// The next square after `from`, across or down, that is free (also of `taken`); the last
/// square of the line if none is.
#[must_use]
pub fn next_free(game: &TilesMatch, from: Cell, down: bool, taken: &[Cell]) -> Cell {
    let layout = game.position().layout();
    let (dx, dy) = if down { (0, 1) } else { (1, 0) };
    let mut cell = from;
    loop {
        let (col, row) = (cell.col + dx, cell.row + dy);
        if usize::from(col) >= layout.width() || usize::from(row) >= layout.height() {
            return cell;
        }
        cell = Cell::new(col, row);
        if free_square(game, cell) && !taken.contains(&cell) {
            return cell;
        }
    }
}

/// The keys for each digit: the number row and the keypad.
const DIGIT_KEYS: [[KeyCode; 2]; 10] = [
    [KeyCode::Digit0, KeyCode::Numpad0],
    [KeyCode::Digit1, KeyCode::Numpad1],
    [KeyCode::Digit2, KeyCode::Numpad2],
    [KeyCode::Digit3, KeyCode::Numpad3],
    [KeyCode::Digit4, KeyCode::Numpad4],
    [KeyCode::Digit5, KeyCode::Numpad5],
    [KeyCode::Digit6, KeyCode::Numpad6],
    [KeyCode::Digit7, KeyCode::Numpad7],
    [KeyCode::Digit8, KeyCode::Numpad8],
    [KeyCode::Digit9, KeyCode::Numpad9],
];

fn can_touch(game: &TilesMatch, overlays: &Overlays) -> bool {
    overlays.none() && game.stage() == Stage::Turn
}

/// A tap on a square, a rack tile or a tile laid this turn.
pub(super) fn on_piece_click(
    click: On<Pointer<Click>>,
    squares: Query<&BoardSquare>,
    rack: Query<&RackTile>,
    laid: Query<&TentativeTile>,
    game: Res<TilesMatch>,
    overlays: Overlays,
    mut intents: MessageWriter<TilesIntent>,
) {
    if click.button != PointerButton::Primary || !can_touch(&game, &overlays) {
        return;
    }
    let intent = if let Ok(square) = squares.get(click.entity) {
        TilesIntent::TapSquare(square.0)
    } else if let Ok(tile) = rack.get(click.entity) {
        TilesIntent::Hold(tile.0)
    } else if let Ok(tile) = laid.get(click.entity) {
        // With a rack tile held, a tap on a laid tile puts the held one there instead.
        match game.held() {
            Some(slot) => TilesIntent::Lay { slot, cell: tile.0 },
            None => TilesIntent::TakeBack(tile.0),
        }
    } else {
        return;
    };
    intents.write(intent);
}

/// A tile taken in hand: it no longer hides the squares beneath from the pointer, so the
/// square it is dropped on receives the drop.
pub(super) fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    game: Res<TilesMatch>,
    overlays: Overlays,
    (layout, eye): (Res<TilesLayout>, TableEye),
    mut commands: Commands,
) {
    if drag.button != PointerButton::Primary || !can_touch(&game, &overlays) {
        return;
    }
    let at = board_point(&layout, &eye, drag.pointer_location.position);
    commands.entity(drag.entity).remove::<Glide>().insert((
        Dragged { at },
        Pickable::IGNORE,
        Transform::from_translation(at.extend(Z_DRAGGED)),
    ));
}

pub(super) fn on_drag(
    drag: On<Pointer<Drag>>,
    layout: Res<TilesLayout>,
    eye: TableEye,
    mut dragged: Query<&mut Dragged>,
) {
    if let Ok(mut held) = dragged.get_mut(drag.entity) {
        held.at = board_point(&layout, &eye, drag.pointer_location.position);
    }
}

/// Where a pointer at `window` points on the board's plane, in the flat view or on the table.
fn board_point(layout: &TilesLayout, eye: &TableEye, window: Vec2) -> Vec2 {
    eye.on_table()
        .then(|| eye.on_plane(window, 0.0))
        .flatten()
        .map_or_else(|| layout.to_world(window), |point| point.truncate())
}

fn follow_drags(mut dragged: Query<(&Dragged, &mut Transform)>) {
    for (held, mut transform) in &mut dragged {
        transform.translation = held.at.extend(Z_DRAGGED);
    }
}

/// A drop onto a square lays the tile there (from the rack) or moves it (a tile laid this
/// turn); a drop onto a laid tile puts the rack tile there instead.
pub(super) fn on_drop_on_square(
    drop: On<Pointer<DragDrop>>,
    squares: Query<&BoardSquare>,
    rack: Query<&RackTile>,
    tentative: Query<&TentativeTile>,
    game: Res<TilesMatch>,
    mut intents: MessageWriter<TilesIntent>,
) {
    if game.stage() != Stage::Turn {
        return;
    }
    let Ok(square) = squares.get(drop.entity) else {
        return;
    };
    if let Ok(tile) = rack.get(drop.dropped) {
        intents.write(TilesIntent::Lay {
            slot: tile.0,
            cell: square.0,
        });
    } else if let Ok(tile) = tentative.get(drop.dropped) {
        intents.write(TilesIntent::Shift {
            from: tile.0,
            to: square.0,
        });
    }
}

/// A rack tile dropped on another takes its place on the rack: the player arranges their
/// tiles as they like.
pub(super) fn on_drop_on_rack_tile(
    drop: On<Pointer<DragDrop>>,
    rack: Query<&RackTile>,
    game: Res<TilesMatch>,
    mut intents: MessageWriter<TilesIntent>,
) {
    let (Ok(target), Ok(moved)) = (rack.get(drop.entity), rack.get(drop.dropped)) else {
        return;
    };
    if game.stage() != Stage::Turn || target.0 == moved.0 {
        return;
    }
    let order = game.rack_in_order();
    let index = |slot: usize| order.iter().position(|&s| s == slot);
    let (Some(from), Some(to)) = (index(moved.0), index(target.0)) else {
        return;
    };
    // Moving right it lands after the tile it was dropped on, moving left before it.
    let before = if from < to {
        order.get(to + 1).copied().unwrap_or(usize::MAX)
    } else {
        target.0
    };
    intents.write(TilesIntent::Reorder {
        slot: moved.0,
        before,
    });
}

/// The end of a rack tile's drag: if no square took it, it goes back to its place.
pub(super) fn on_rack_drag_end(
    drag: On<Pointer<DragEnd>>,
    mut commands: Commands,
    mut game: ResMut<TilesMatch>,
) {
    commands
        .entity(drag.entity)
        .remove::<Dragged>()
        .insert(Pickable::default());
    // Redraw the rack, which puts an undropped tile back in its place.
    game.set_changed();
}

/// The end of a laid tile's drag: dropped beside the board (on the rack or the table) it
/// goes back to the rack; on a square, that square's drop has moved it.
pub(super) fn on_tentative_drag_end(
    drag: On<Pointer<DragEnd>>,
    tiles: Query<(&TentativeTile, &Dragged)>,
    layout: Res<TilesLayout>,
    mut commands: Commands,
    mut game: ResMut<TilesMatch>,
    mut intents: MessageWriter<TilesIntent>,
) {
    if let Ok((tile, held)) = tiles.get(drag.entity)
        && layout.cell_at(held.at).is_none()
    {
        intents.write(TilesIntent::TakeBack(tile.0));
    }
    commands
        .entity(drag.entity)
        .remove::<Dragged>()
        .insert(Pickable::default());
    game.set_changed();
}
