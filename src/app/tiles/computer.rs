//! The computer's turns in the tile game: its choice is made on the async compute pool from a
//! copy of the position (reading only its own rack), and played once the table has seen the
//! last turn's sums light up.

use bevy::prelude::*;

use super::TILES;
use super::game::{Stage, TilesChange, TilesIntent, TilesMatch, computers_answer, lay_intents};
use super::motion::Cascade;
use super::online::seat::OnlineSeat;
use super::phone::plugin::PhoneTable;
use crate::app::base::background::Background;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use abakus_rules::abaku::Move;
use abakus_rules::abaku::ai;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TilesThinking>()
        .init_resource::<TilesHint>()
        .add_systems(OnExit(Screen::Game(TILES)), stop_thinking)
        .add_systems(
            Update,
            (
                // A game with phone seats, or at a seat elsewhere, is played in its room, whose
                // computer plays there.
                (start_thinking, finish_thinking, accept_for_computers)
                    .chain()
                    .run_if(not(resource_exists::<PhoneTable>))
                    .run_if(not(resource_exists::<OnlineSeat>)),
                start_hint,
                finish_hint,
            )
                .chain()
                .in_set(AppSet::Input)
                .run_if(in_state(Screen::Game(TILES))),
        );
    frames::draw_while(app, computer_at_work);
}

/// A search or a hint under way, or a computer seat to play or to accept a move: the frames go
/// on so its tiles are laid as soon as they are chosen.
fn computer_at_work(
    game: Option<Res<TilesMatch>>,
    thinking: Res<TilesThinking>,
    hint: Res<TilesHint>,
    screen: Res<State<Screen>>,
) -> bool {
    let waiting = game.is_some_and(|game| {
        !game.position().is_over()
            && !game.gathering()
            && (game.computer_to_move().is_some() || game.stage() == Stage::ChallengeWindow)
    });
    thinking.search.is_pending()
        || hint.search.is_pending()
        || (waiting && *screen.get() == Screen::Game(TILES))
}

/// The computer's choice under way, and for which point of the game it was asked.
#[derive(Resource, Default)]
pub struct TilesThinking {
    search: Background<Move>,
    for_moves: usize,
    since: f32,
}

fn stop_thinking(mut thinking: ResMut<TilesThinking>) {
    *thinking = TilesThinking::default();
}

fn start_thinking(game: Res<TilesMatch>, time: Res<Time>, mut thinking: ResMut<TilesThinking>) {
    let moves = game.moves().len();
    let Some(level) = game
        .computer_to_move()
        .filter(|_| game.stage() == Stage::Turn && !game.gathering())
    else {
        thinking.search = Background::Idle;
        return;
    };
    if thinking.search.is_pending() && thinking.for_moves == moves {
        return;
    }
    // The copy holds every rack, as the rules need; the choice reads only the mover's own.
    let position = game.position().clone();
    let seed = time.elapsed().as_nanos() as u64 ^ (moves as u64).wrapping_mul(0x9e37_79b9);
    let search = Background::spawn(move || ai::choose_move(&position, level, seed));
    *thinking = TilesThinking {
        search,
        for_moves: moves,
        since: time.elapsed_secs(),
    };
}

fn finish_thinking(
    game: Res<TilesMatch>,
    time: Res<Time>,
    settings: Res<Settings>,
    cascade: Res<Cascade>,
    mut thinking: ResMut<TilesThinking>,
    mut intents: MessageWriter<TilesIntent>,
) {
    // The last turn's sums finish lighting up before the next turn lands.
    if cascade.busy() || time.elapsed_secs() - thinking.since < settings.computer_pace.least_wait()
    {
        return;
    }
    let Some(chosen) = thinking.search.take_finished() else {
        return;
    };
    if thinking.for_moves == game.moves().len() && game.computer_to_move().is_some() {
        intents.write(TilesIntent::Computer(chosen));
    }
}

/// In challenge mode, after a moment to read the move just played, a computer seat that finds
/// it breaks the rules challenges it; when nobody but computers could challenge, they accept
/// it otherwise.
fn accept_for_computers(
    game: Res<TilesMatch>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut since: Local<Option<f32>>,
    mut intents: MessageWriter<TilesIntent>,
) {
    if game.position().pending().is_none() {
        *since = None;
        return;
    }
    if game.stage() != Stage::ChallengeWindow {
        return;
    }
    let began = *since.get_or_insert(time.elapsed_secs());
    if time.elapsed_secs() - began < settings.computer_pace.least_wait() {
        return;
    }
    // Judged once per move: the people at the table take their time.
    *since = Some(f32::INFINITY);
    let seed = game.moves().len() as u64;
    if let Some(answer) = computers_answer(&game, seed) {
        intents.write(answer);
    }
}

/// A hint being worked out for the person to move: what the hard level would play.
#[derive(Resource, Default)]
struct TilesHint {
    search: Background<Move>,
    for_moves: usize,
}

fn start_hint(
    mut changes: MessageReader<TilesChange>,
    game: Res<TilesMatch>,
    time: Res<Time>,
    mut hint: ResMut<TilesHint>,
) {
    if !changes
        .read()
        .any(|change| *change == TilesChange::HintAsked)
        || !game.rack_visible()
    {
        return;
    }
    // Only the asker's own rack is read, as the computer players do.
    let position = game.position().clone();
    let seed = time.elapsed().as_nanos() as u64;
    hint.search = Background::spawn(move || ai::choose_move(&position, ai::Level::Hard, seed));
    hint.for_moves = game.moves().len();
}

fn finish_hint(
    game: Res<TilesMatch>,
    mut hint: ResMut<TilesHint>,
    mut intents: MessageWriter<TilesIntent>,
) {
    let Some(chosen) = hint.search.take_finished() else {
        return;
    };
    if hint.for_moves != game.moves().len() || !game.rack_visible() || game.stage() != Stage::Turn {
        return;
    }
    match chosen {
        Move::Place(placement) => {
            // The hint is laid on the board like any tiles: the person may take them back.
            let mut trial = game.clone();
            let mut asked = vec![TilesIntent::RecallAll];
            super::game::apply(&mut trial, TilesIntent::RecallAll);
            asked.extend(lay_intents(&mut trial, &placement));
            intents.write_batch(asked);
        }
        Move::Exchange(tiles) => {
            intents.write(TilesIntent::AdviseExchange(tiles.len()));
        }
        _ => {
            intents.write(TilesIntent::NothingToLay);
        }
    }
}

/// Blocks until the computer's choice and a hint under way, if any, have finished, keeping
/// their answers for the next frame's `finish_thinking` and `finish_hint` (for the headless
/// tests, which wait for the search instead of sleeping).
pub(crate) fn finish_background_work(world: &mut World) {
    if let Some(mut thinking) = world.get_resource_mut::<TilesThinking>() {
        thinking.search.wait();
    }
    if let Some(mut hint) = world.get_resource_mut::<TilesHint>() {
        hint.search.wait();
    }
}
