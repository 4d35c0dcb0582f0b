//! The tile game's turn flow in the app: intents from every input applied in order, their
//! sounds, and what the shared match lifecycle needs of a tile game.

use bevy::prelude::*;

use super::TILES;
use super::game::{Stage, TilesChange, TilesIntent, TilesMatch, TilesSave, apply};
use super::sounds::TilesSounds;
use super::words::TilesWords;
use crate::app::AppSet;
use crate::app::audio::PlaySound;
use crate::app::games::GameId;
use crate::app::i18n::Language;
use crate::app::lifecycle::{self, GameMatch, TurnClockSystems, TurnTimedOut};
use crate::app::navigation::Screen;
use crate::app::ownership::Owner;
use crate::app::storage::{self, DataDir, Saver};
use crate::app::turn_clock::TurnLimit;
use crate::app::tutorial::Lesson;

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
        self.position().is_over()
    }

    fn summary(&self, words: Language) -> String {
        words.continue_hint(self.setup().seats.len(), self.moves().len())
    }

    fn turn_limit(&self) -> TurnLimit {
        self.setup().turn_limit
    }

    /// A person's turn is timed while their rack is shown: not between turns, not while the
    /// computer plays.
    fn timed_turn(&self) -> Option<u64> {
        (matches!(self.stage(), Stage::Turn | Stage::JokerDigit { .. })
            && self.computer_to_move().is_none())
        .then_some(self.moves().len() as u64)
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
