//! The computer's turns: its search runs on the async compute pool, never in a frame, and its
//! move is played like a person's once it has thought at least a moment.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::HEX;
use super::devices::DeviceTable;
use super::game::{HexChange, HexIntent, HexMatch};
use crate::app::base::background::Background;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::features::joining::InRoom;
use crate::app::features::ownership::{MatchOwner, Owner};
use abakus_rules::hex::Move;
use abakus_rules::hex::ai::{self, Level};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<HexHint>()
        .add_systems(OnExit(Screen::Game(HEX)), stop_thinking)
        .add_systems(
            Update,
            (start_thinking, finish_thinking, start_hint, finish_hint)
                .chain()
                .in_set(AppSet::Input)
                .run_if(in_state(Screen::Game(HEX))),
        );
    frames::draw_while(app, computer_at_work);
}

/// A search or a hint under way, or a computer's move waiting to be played: the frames go on
/// so the answer is taken as soon as it comes.
fn computer_at_work(
    game: Option<Res<HexMatch>>,
    thinking: Res<Thinking>,
    hint: Res<HexHint>,
    screen: Res<State<Screen>>,
    in_room: Option<Res<InRoom>>,
) -> bool {
    let waiting = game
        .is_some_and(|game| game.outcome().is_none() && game.computer_to_move().is_some())
        && !InRoom::plays(in_room.as_deref(), HEX);
    thinking.active() || hint.search.is_pending() || (waiting && *screen.get() == Screen::Game(HEX))
}

/// Whether a room plays the computer's seats of the person's game on the screen: a room
/// elsewhere the window has a seat in, or the window's own room for a game with seats on
/// other devices. A demo's or a lesson's game is the window's own.
#[derive(SystemParam)]
struct ComputerElsewhere<'w> {
    in_room: Option<Res<'w, InRoom>>,
    table: Option<Res<'w, DeviceTable>>,
    owner: Owner<'w>,
}

impl ComputerElsewhere<'_> {
    fn plays(&self) -> bool {
        let rooms = InRoom::plays(self.in_room.as_deref(), HEX) || self.table.is_some();
        rooms && self.owner.get() == MatchOwner::Person
    }
}

/// The longest the hard level thinks about a move.
pub const HARD_THINK: Duration = Duration::from_secs(1);

/// The search under way, if any, and for which position it was asked.
#[derive(Resource, Default)]
pub struct Thinking {
    /// The move found, and the search's trees to search on from at the computer's next move.
    search: Background<(Option<Move>, ai::Memory)>,
    /// The moves played when it began: a search for another position is dropped.
    for_moves: Vec<Move>,
    since: f32,
    /// The trees of the last search that finished, while no search is under way (a search
    /// takes them; one cancelled drops them).
    memory: ai::Memory,
}

impl Thinking {
    /// Whether the computer is thinking now (for the panel's indicator).
    #[must_use]
    pub fn active(&self) -> bool {
        self.search.is_pending()
    }
}

fn stop_thinking(mut thinking: ResMut<Thinking>) {
    // Dropping the task cancels it.
    *thinking = Thinking::default();
}

fn start_thinking(
    game: Res<HexMatch>,
    time: Res<Time>,
    mut thinking: ResMut<Thinking>,
    elsewhere: ComputerElsewhere,
) {
    // A room's computer plays the room's game: a search begun before the room took the game
    // over is dropped.
    let level = game.computer_to_move().filter(|_| !elsewhere.plays());
    let moves = game.position().history();
    if level.is_some() && thinking.search.is_pending() && thinking.for_moves == moves {
        return;
    }
    let ply = moves.len();
    let Some(level) = level else {
        thinking.search = Background::Idle;
        return;
    };
    let position = game.position().clone();
    let threads = abakus_rules::cores_beside_the_window();
    let seed = time.elapsed().as_nanos() as u64 ^ (ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let budget = level.budget(HARD_THINK);
    let mut memory = std::mem::take(&mut thinking.memory);
    let search = Background::spawn(move || {
        let mv = ai::choose_move_remembering(&position, level, budget, seed, threads, &mut memory);
        (mv, memory)
    });
    *thinking = Thinking {
        search,
        for_moves: moves.to_vec(),
        since: time.elapsed_secs(),
        memory: ai::Memory::default(),
    };
}

fn finish_thinking(
    game: Res<HexMatch>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut thinking: ResMut<Thinking>,
    mut intents: MessageWriter<HexIntent>,
) {
    // However fast the reply was found, it lands only when a person can follow it.
    if time.elapsed_secs() - thinking.since < settings.computer_pace.least_wait() {
        return;
    }
    let Some((chosen, memory)) = thinking.search.take_finished() else {
        return;
    };
    thinking.memory = memory;
    // The position may have moved on (an undo, a restart) while it thought.
    if thinking.for_moves == game.position().history()
        && let Some(mv) = chosen
    {
        intents.write(HexIntent::Play(mv));
    }
}

/// The level thinking, for the words on the panel.
#[must_use]
pub fn thinking_level(game: &HexMatch, thinking: &Thinking) -> Option<Level> {
    thinking.active().then(|| game.computer_to_move()).flatten()
}

/// How long the hard level thinks about a hint.
const HINT_THINK: Duration = Duration::from_millis(600);

/// A hint being worked out, and for which position.
#[derive(Resource, Default)]
struct HexHint {
    search: Background<Option<Move>>,
    for_moves: Vec<Move>,
}

fn start_hint(
    mut changes: MessageReader<HexChange>,
    game: Res<HexMatch>,
    time: Res<Time>,
    mut hint: ResMut<HexHint>,
) {
    if !changes.read().any(|change| *change == HexChange::HintAsked) {
        return;
    }
    let position = game.position().clone();
    let threads = abakus_rules::cores_beside_the_window();
    let seed = time.elapsed().as_nanos() as u64;
    hint.search = Background::spawn(move || {
        ai::choose_move(
            &position,
            Level::Hard,
            Level::Hard.budget(HINT_THINK),
            seed,
            threads,
        )
    });
    hint.for_moves = game.position().history().to_vec();
}

fn finish_hint(
    game: Res<HexMatch>,
    mut hint: ResMut<HexHint>,
    mut intents: MessageWriter<HexIntent>,
) {
    let Some(chosen) = hint.search.take_finished() else {
        return;
    };
    if hint.for_moves == game.position().history()
        && game.computer_to_move().is_none()
        && let Some(mv) = chosen
    {
        intents.write(HexIntent::Suggest(mv));
    }
}

/// Blocks until the computer's search and a hint under way, if any, have finished, keeping
/// their answers for the next frame's `finish_thinking` and `finish_hint` (for the headless
/// tests, which wait for the search instead of sleeping).
pub(crate) fn finish_background_work(world: &mut World) {
    if let Some(mut thinking) = world.get_resource_mut::<Thinking>() {
        thinking.search.wait();
    }
    if let Some(mut hint) = world.get_resource_mut::<HexHint>() {
        hint.search.wait();
    }
}
