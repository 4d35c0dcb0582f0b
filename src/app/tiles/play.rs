//! The tile game's turn flow in the app: intents from every input applied in order, their
//! sounds, the keyboard, and what the shared match lifecycle needs of a tile game.

use bevy::prelude::*;

use super::TILES;
use super::board::BoardCursor;
use super::game::{Stage, TilesChange, TilesIntent, TilesMatch, TilesSave, apply};
use super::sounds::TilesSounds;
use super::words::TilesWords;
use crate::app::AppSet;
use crate::app::audio::PlaySound;
use crate::app::games::GameId;
use crate::app::i18n::Language;
use crate::app::lifecycle::{self, GameMatch, TurnClockSystems, TurnTimedOut};
use crate::app::navigation::{Overlay, Screen};
use crate::app::ownership::Owner;
use crate::app::storage::{self, DataDir, Saver};
use crate::app::turn_clock::TurnLimit;
use crate::app::tutorial::Lesson;
use abakus_rules::abaku::{Cell, Square, Tile};

/// The file the unfinished tile game is kept in.
pub const AUTOSAVE: &str = "tiles-game.json";

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TilesIntent>()
        .add_message::<TilesChange>()
        .add_message::<PlaySound>()
        .add_plugins(lifecycle::plugin::<TilesMatch>)
        .add_systems(
            Update,
            (
                game_keys.in_set(AppSet::Input),
                run_out_of_time
                    .in_set(AppSet::Input)
                    .after(TurnClockSystems),
                apply_intents.in_set(AppSet::Rules),
            )
                .run_if(in_state(Screen::Game(TILES))),
        );
}

/// When a person's time runs out, their tiles go back and they pass.
fn run_out_of_time(
    mut timed_out: MessageReader<TurnTimedOut>,
    mut intents: MessageWriter<TilesIntent>,
) {
    if timed_out.read().any(|timed_out| timed_out.game == TILES) {
        intents.write(TilesIntent::TimeUp);
    }
}

impl TilesMatch {
    /// The unfinished game kept in `dir`, replayed through the rules; a save that does not
    /// replay is set aside rather than trusted.
    #[must_use]
    pub fn load(dir: &DataDir) -> Option<Self> {
        let save = storage::load::<TilesSave>(dir, AUTOSAVE)?;
        match TilesMatch::replay(&save) {
            Ok(game) => Some(game),
            Err(why) => {
                storage::set_aside(dir, AUTOSAVE, &format!("its moves do not replay: {why}"));
                None
            }
        }
    }
}

impl GameMatch for TilesMatch {
    const GAME: GameId = TILES;
    const AUTOSAVE: &'static str = AUTOSAVE;

    fn load(dir: &DataDir) -> Option<Self> {
        TilesMatch::load(dir)
    }

    fn autosave(&self, dir: &DataDir, saver: &Saver) {
        saver.save(dir, AUTOSAVE, &self.save());
    }

    fn is_over(&self) -> bool {
        self.position.is_over()
    }

    fn summary(&self, words: Language) -> String {
        words.continue_hint(self.setup.seats.len(), self.moves.len())
    }

    fn turn_limit(&self) -> TurnLimit {
        self.setup.turn_limit
    }

    /// A person's turn is timed while their rack is shown: not between turns, not while the
    /// computer plays.
    fn timed_turn(&self) -> Option<u64> {
        (matches!(self.stage, Stage::Turn | Stage::JokerDigit { .. })
            && self.computer_to_move().is_none())
        .then_some(self.moves.len() as u64)
    }
}

fn apply_intents(
    mut intents: MessageReader<TilesIntent>,
    mut game: ResMut<TilesMatch>,
    mut changes: MessageWriter<TilesChange>,
    sounds: Option<Res<TilesSounds>>,
    mut play: MessageWriter<PlaySound>,
    storage: Option<(Res<DataDir>, Res<Saver>)>,
    owner: Owner,
) {
    // The board rests while a lesson's praise shows; the next step's board is on its way.
    if owner.lesson().is_some_and(Lesson::is_moving_on) {
        intents.clear();
        return;
    }
    let mut turn_ended = false;
    for intent in intents.read() {
        for change in apply(&mut game, intent.clone()) {
            turn_ended |= matches!(
                change,
                TilesChange::Submitted { .. }
                    | TilesChange::Exchanged
                    | TilesChange::Passed
                    | TilesChange::Conceded
                    | TilesChange::Challenged { .. }
                    | TilesChange::Undone
            );
            if let Some(sound) = sounds.as_ref().and_then(|sounds| sounds.of(&change)) {
                play.write(sound);
            }
            changes.write(change);
        }
    }
    if turn_ended {
        lifecycle::autosave(
            &*game,
            owner.get(),
            storage.as_ref().map(|(dir, saver)| (&**dir, &**saver)),
        );
    }
}

/// Keys on the game screen: arrows move a cursor on the board and a digit lays that tile
/// there (then the cursor moves on, across or down as the last arrow went); without the
/// cursor a digit picks the tile up. J lays the joker, Enter submits, Backspace takes back,
/// Space shows the tiles, U undoes, Esc cancels or opens the menu.
fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    game: Res<TilesMatch>,
    mut overlay: ResMut<Overlay>,
    mut cursor: ResMut<BoardCursor>,
    mut intents: MessageWriter<TilesIntent>,
) {
    // The mouse takes over from the keyboard: its cursor goes away.
    if cursor.cell.is_some() && mouse.is_some_and(|mouse| mouse.get_just_pressed().next().is_some())
    {
        cursor.cell = None;
    }
    if keys.just_pressed(KeyCode::Escape) {
        match game.stage {
            Stage::JokerDigit { .. } => {
                intents.write(TilesIntent::CancelJoker);
            }
            _ if *overlay != Overlay::None => *overlay = Overlay::None,
            _ if game.held.is_some() => {
                if let Some(slot) = game.held {
                    intents.write(TilesIntent::Hold(slot));
                }
            }
            _ if cursor.cell.is_some() => cursor.cell = None,
            _ => *overlay = Overlay::GameMenu,
        }
        return;
    }
    if *overlay != Overlay::None {
        return;
    }
    let digit = DIGIT_KEYS
        .iter()
        .position(|pair| pair.iter().any(|key| keys.just_pressed(*key)));
    match game.stage {
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
    let layout = game.position.layout();
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
    let laid_here = |cell: Cell| game.tentative.iter().any(|t| t.cell == cell);
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
    game.position.layout().contains(cell)
        && game.position.square(cell) == Square::Empty
        && !game.tentative.iter().any(|t| t.cell == cell)
}

/// The next square after `from`, across or down, that is free (also of `taken`); the last
/// square of the line if none is.
#[must_use]
pub fn next_free(game: &TilesMatch, from: Cell, down: bool, taken: &[Cell]) -> Cell {
    let layout = game.position.layout();
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
