//! The match on the screen: the match crate's, kept as a resource, its intents applied each
//! frame, saved after each move, and counted in the statistics when it ends.

use bevy::prelude::*;

use super::HEX;
use super::words::HexWords;
use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::games::GameId;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::Screen;
use crate::app::base::statistics::{ComputerLevel, Finished, SeatResult};
use crate::app::base::storage::{DataDir, Saver};
use crate::app::features::joining::{InRoom, in_a_room};
use crate::app::features::lifecycle::{
    self, GameMatch, ResumeSystems, TurnClockSystems, TurnTimedOut,
};
use crate::app::features::ownership::Owner;
use crate::app::shell::turn_clock::TurnLimit;
pub use abakus_match::hex::{
    HexChange, HexIntent, HexMatch, HexSetup, Notice, Seat, Selection, TimeOut, apply,
};
use abakus_rules::hex::Color;
use abakus_rules::hex::ai::Level;

/// The file the unfinished game is kept in, for Continue on the title screen.
pub const AUTOSAVE: &str = "hex-game.json";

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HexIntent>()
        .add_message::<HexChange>()
        .add_message::<Sfx>()
        .init_resource::<HexSetup>()
        .add_sub_state::<HexPhase>()
        .add_plugins(lifecycle::plugin::<HexMatch>)
        .add_systems(
            OnEnter(Screen::Game(HEX)),
            start_match_if_none.after(ResumeSystems),
        )
        .add_systems(
            Update,
            (
                // A room elsewhere keeps the clock of its game.
                run_out_of_time
                    .in_set(AppSet::Input)
                    .after(TurnClockSystems)
                    .run_if(not(in_a_room(HEX))),
                apply_intents.in_set(AppSet::Rules).in_set(TurnSystems),
            )
                .run_if(in_state(Screen::Game(HEX))),
        );
}

/// When a person's time runs out a uniformly random legal move is played for them, which
/// keeps a queue at a booth moving, or, if the table chose so, they lose.
fn run_out_of_time(
    game: Res<HexMatch>,
    mut timed_out: MessageReader<TurnTimedOut>,
    mut intents: MessageWriter<HexIntent>,
    time: Res<Time>,
) {
    // A player on another device is timed by the room.
    if !timed_out.read().any(|timed_out| timed_out.game == HEX) || game.elsewhere_to_move() {
        return;
    }
    intents.write_batch(abakus_match::hex::time_up(
        &game,
        time.elapsed().as_nanos() as u64,
    ));
}

/// Where the match applies the frame's intents: what reacts to its changes in the same frame
/// (the game's sounds) runs after this set.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct TurnSystems;

/// Whether the game on the board goes on or has ended.
#[derive(SubStates, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game(HEX))]
pub enum HexPhase {
    #[default]
    Playing,
    Over,
}

/// The unfinished game kept in `dir` (its moves are replayed through the rules as it is read,
/// so a file that does not replay is set aside).
#[must_use]
pub fn load(dir: &DataDir) -> Option<HexMatch> {
    crate::app::base::storage::load::<HexMatch>(dir, AUTOSAVE)
}

impl GameMatch for HexMatch {
    const GAME: GameId = HEX;
    const AUTOSAVE: &'static str = AUTOSAVE;

    fn load(dir: &DataDir) -> Option<Self> {
        load(dir)
    }

    fn autosave(&self, dir: &DataDir, saver: &Saver) {
        saver.save(dir, AUTOSAVE, self);
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn summary(&self, words: Language) -> String {
        words.continue_hint(self.position().side(), self.position().history().len())
    }

    fn turn_limit(&self) -> TurnLimit {
        HexMatch::turn_limit(self)
    }

    fn timed_turn(&self) -> Option<u64> {
        // Nobody's time runs while a room waits for its people.
        (self.outcome().is_none() && self.computer_to_move().is_none() && !self.gathering())
            .then_some(self.position().history().len() as u64)
    }

    fn turn_played_elsewhere(&self) -> bool {
        self.elsewhere_to_move()
    }

    /// Each colour's result, the margin in stones; a person nobody named is "Player 1" or 2.
    fn finished(&self) -> Option<Finished> {
        let outcome = self.outcome()?;
        let stones = [outcome.black, outcome.white];
        let seats = Color::BOTH
            .into_iter()
            .map(|color| {
                let me = color.index();
                let name = self.names()[me].trim();
                SeatResult {
                    name: if name.is_empty() {
                        Language::English.default_player(me)
                    } else {
                        name.to_owned()
                    },
                    computer: match self.seats()[me] {
                        Seat::Human | Seat::Elsewhere => None,
                        Seat::Computer(level) => Some(computer_level(level)),
                    },
                    won: outcome.winner == color,
                    turns: 0,
                    points: 0,
                    best_turn: None,
                    margin: i64::from(stones[1 - me]) - i64::from(stones[me]),
                }
            })
            .collect();
        Some(Finished {
            game: HEX,
            id: self.serial(),
            seats,
        })
    }
}

fn computer_level(level: Level) -> ComputerLevel {
    match level {
        Level::Easy => ComputerLevel::Easy,
        Level::Normal => ComputerLevel::Normal,
        Level::Hard => ComputerLevel::Hard,
        Level::Expert => ComputerLevel::Expert,
    }
}

pub(super) fn start_match_if_none(
    mut commands: Commands,
    current: Option<Res<HexMatch>>,
    setup: Res<HexSetup>,
    mut phase: ResMut<NextState<HexPhase>>,
) {
    // Set either way: re-entering this screen from itself (as when a demo of this game hands
    // the screen back) would otherwise keep the phase the demo game ended in.
    match current {
        Some(current) if current.outcome().is_some() => phase.set(HexPhase::Over),
        Some(_) => NextState::set_if_neq(&mut phase, HexPhase::Playing),
        None => commands.insert_resource(HexMatch::new(setup.side)),
    }
}

fn apply_intents(
    mut intents: MessageReader<HexIntent>,
    mut game: ResMut<HexMatch>,
    mut changes: MessageWriter<HexChange>,
    mut phase: ResMut<NextState<HexPhase>>,
    storage: Option<(Res<DataDir>, Res<Saver>)>,
    owner: Owner,
    in_room: Option<Res<InRoom>>,
) {
    // In a lesson the player moves Black only, and the board rests while a step's praise shows.
    let board_resting = owner
        .lesson()
        .is_some_and(|lesson| lesson.is_moving_on() || game.position().turn() == Color::White);
    let mut position_changed = false;
    for &intent in intents.read() {
        if board_resting && matches!(intent, HexIntent::Click(_) | HexIntent::Hint) {
            continue;
        }
        for change in apply(&mut game, intent) {
            position_changed |= matches!(
                change,
                HexChange::Played(_)
                    | HexChange::Undone(_)
                    | HexChange::Redone(_)
                    | HexChange::Restarted
                    | HexChange::Finished(_)
            );
            changes.write(change);
        }
    }
    if position_changed {
        phase.set(if game.outcome().is_some() {
            HexPhase::Over
        } else {
            HexPhase::Playing
        });
        // A game in a room elsewhere is the room's to keep: Continue keeps the window's own.
        if !InRoom::plays(in_room.as_deref(), HEX) {
            lifecycle::autosave(
                &*game,
                owner.get(),
                storage.as_ref().map(|(dir, saver)| (&**dir, &**saver)),
            );
        }
    }
}
