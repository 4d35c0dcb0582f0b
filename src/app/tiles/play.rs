//! The tile game's turn flow in the app: intents from every input applied in order, their
//! sounds, the keyboard, the autosave, and the unfinished game offered on the title screen.

use bevy::prelude::*;

use super::TILES;
use super::game::{Stage, TilesChange, TilesIntent, TilesMatch, TilesSave, apply};
use super::words::TilesWords;
use crate::app::AppSet;
use crate::app::audio::Sfx;
use crate::app::games::{ContinueOffers, ResumeGame};
use crate::app::screens::{Overlay, Screen};
use crate::app::settings::Settings;
use crate::app::storage::{self, DataDir, Saver};

/// The file the unfinished tile game is kept in.
pub const AUTOSAVE: &str = "tiles-game.json";

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TilesIntent>()
        .add_message::<TilesChange>()
        .add_message::<Sfx>()
        .init_resource::<SavedTilesGame>()
        .add_systems(OnEnter(Screen::Title), look_for_saved_game)
        .add_systems(OnEnter(Screen::Game(TILES)), resume_saved_game)
        .add_systems(
            Update,
            (
                game_keys.in_set(AppSet::Input),
                apply_intents.in_set(AppSet::Rules),
            )
                .run_if(in_state(Screen::Game(TILES))),
        );
}

/// The unfinished game found on disk when the title screen opened.
#[derive(Resource, Debug, Default)]
struct SavedTilesGame(Option<TilesMatch>);

fn look_for_saved_game(
    dir: Option<Res<DataDir>>,
    settings: Res<Settings>,
    mut saved: ResMut<SavedTilesGame>,
    mut offers: ResMut<ContinueOffers>,
) {
    let found = dir
        .and_then(|dir| storage::load::<TilesSave>(&dir, AUTOSAVE))
        .and_then(|save| match TilesMatch::replay(&save) {
            Ok(game) => Some(game),
            Err(why) => {
                warn!("the saved tile game does not replay ({why}); it is not offered");
                None
            }
        })
        .filter(|game| !game.position.is_over());
    let summary = found.as_ref().map(|game| {
        settings
            .language
            .continue_hint(game.setup.seats.len(), game.moves.len())
    });
    offers.set(TILES, summary);
    saved.0 = found;
}

fn resume_saved_game(
    mut commands: Commands,
    mut resume: MessageReader<ResumeGame>,
    mut saved: ResMut<SavedTilesGame>,
) {
    if resume.read().any(|asked| asked.0 == TILES)
        && let Some(game) = saved.0.take()
    {
        commands.insert_resource(game);
    }
}

fn apply_intents(
    mut intents: MessageReader<TilesIntent>,
    mut game: ResMut<TilesMatch>,
    mut changes: MessageWriter<TilesChange>,
    mut sounds: MessageWriter<Sfx>,
    storage: Option<(Res<DataDir>, Res<Saver>)>,
) {
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
            if let Some(sound) = sound_of(&change) {
                sounds.write(sound);
            }
            changes.write(change);
        }
    }
    if turn_ended && let Some((dir, saver)) = storage {
        if game.position.is_over() {
            saver.remove(&dir, AUTOSAVE);
        } else {
            saver.save(&dir, AUTOSAVE, &game.save());
        }
    }
}

/// The sound that goes with a change, if any.
fn sound_of(change: &TilesChange) -> Option<Sfx> {
    Some(match change {
        TilesChange::Held(_) => Sfx::Select,
        TilesChange::Laid(_) => Sfx::Place,
        TilesChange::TakenBack(_) | TilesChange::Revealed => Sfx::Click,
        TilesChange::JokerAsked(_) => Sfx::Select,
        TilesChange::Refused => Sfx::Illegal,
        TilesChange::Submitted { .. } | TilesChange::Exchanged | TilesChange::Undone => Sfx::Slide,
        TilesChange::Passed | TilesChange::Conceded | TilesChange::HandedOver { .. } => Sfx::Click,
        TilesChange::Challenged { .. } => Sfx::Illegal,
        TilesChange::Finished(_) => Sfx::GameOver,
    })
}

/// Keys on the game screen: digits lay or declare, Enter submits, Space shows the tiles,
/// Backspace takes back, U undoes, Esc cancels or opens the menu.
fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    game: Res<TilesMatch>,
    mut overlay: ResMut<Overlay>,
    mut intents: MessageWriter<TilesIntent>,
) {
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
            if let Some(digit) = digit {
                // Picks up the first tile of that digit on the rack; a tap on a square lays it.
                let rack = game.turn_rack();
                let wanted = crate::rules::abaku::Tile::Digit(digit as u8);
                if let Some(&slot) = game
                    .rack_in_order()
                    .iter()
                    .find(|&&slot| rack.get(slot) == Some(&wanted))
                {
                    intents.write(TilesIntent::Hold(slot));
                }
            }
            if keys.just_pressed(KeyCode::Enter) {
                intents.write(TilesIntent::Submit);
            }
            if keys.just_pressed(KeyCode::Backspace) {
                intents.write(TilesIntent::RecallAll);
            }
            if keys.just_pressed(KeyCode::KeyU) {
                intents.write(TilesIntent::Undo);
            }
        }
        Stage::ChallengeWindow | Stage::Over => {}
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
