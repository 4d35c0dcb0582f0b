//! Turning clicks, taps and keys on the game screen into intents for the match.

use bevy::prelude::*;

use super::HEX;
use super::game::{HexIntent, HexMatch};
use super::sprites::{BoardBody, BoardCell, HoveredCell};
use crate::app::base::frame_order::AppSet;
use crate::app::base::navigation::{BoardInPlay, Overlay, Overlays, Screen};

pub(super) fn plugin(app: &mut App) {
    // Global observers: each looks up the entity it fires for, so the cells the board spawns
    // need no observers of their own.
    app.add_observer(cancel_on_background_click)
        .add_observer(on_cell_click)
        .add_observer(on_cell_over)
        .add_observer(on_cell_out);
    app.add_systems(
        Update,
        game_keys
            .in_set(AppSet::Input)
            .run_if(in_state(Screen::Game(HEX))),
    );
}

/// A click or tap on a cell: the primary button acts, the secondary one cancels a selection.
fn on_cell_click(
    click: On<Pointer<Click>>,
    cells: Query<&BoardCell>,
    overlays: Overlays,
    mut intents: MessageWriter<HexIntent>,
) {
    if !overlays.none() {
        return;
    }
    let Ok(cell) = cells.get(click.entity) else {
        return;
    };
    match click.button {
        PointerButton::Primary => {
            intents.write(HexIntent::Click(cell.0));
        }
        PointerButton::Secondary => {
            intents.write(HexIntent::Cancel);
        }
        PointerButton::Middle => {}
    }
}

/// The board's frame, and the window itself, which picking reports as hit where nothing
/// else is (the table beside the board).
type Background = Or<(With<BoardBody>, With<Window>)>;

/// A click on the table or the board's frame, beside every cell, puts a picked-up stone down.
fn cancel_on_background_click(
    click: On<Pointer<Click>>,
    backgrounds: Query<(), Background>,
    board: Option<Res<State<BoardInPlay>>>,
    mut intents: MessageWriter<HexIntent>,
) {
    let in_play = board.is_some_and(|board| *board.get() == BoardInPlay(HEX));
    // Every click bubbles up to the window at last: act once, where it began.
    let began_here = click.entity == click.original_event_target();
    if in_play && began_here && backgrounds.contains(click.entity) {
        intents.write(HexIntent::Cancel);
    }
}

fn on_cell_over(
    over: On<Pointer<Over>>,
    cells: Query<&BoardCell>,
    hovered: Option<ResMut<HoveredCell>>,
) {
    if let Ok(cell) = cells.get(over.entity)
        && let Some(mut hovered) = hovered
    {
        hovered.0 = Some(cell.0);
    }
}

fn on_cell_out(
    out: On<Pointer<Out>>,
    cells: Query<&BoardCell>,
    hovered: Option<ResMut<HoveredCell>>,
) {
    if let Ok(cell) = cells.get(out.entity)
        && let Some(mut hovered) = hovered
        && hovered.0 == Some(cell.0)
    {
        hovered.0 = None;
    }
}

fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    game: Res<HexMatch>,
    mut overlays: Overlays,
    mut intents: MessageWriter<HexIntent>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        if !overlays.none() {
            overlays.close();
        } else if game.selection().is_some() {
            intents.write(HexIntent::Cancel);
        } else {
            overlays.show(Overlay::GameMenu);
        }
    }
    if !overlays.none() {
        return;
    }
    if keys.just_pressed(KeyCode::KeyU) {
        intents.write(HexIntent::Undo);
    }
    if keys.just_pressed(KeyCode::KeyR) {
        intents.write(HexIntent::Redo);
    }
}
