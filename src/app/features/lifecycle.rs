//! The life of a match, written once for any game: offered as Continue, resumed, autosaved,
//! timed turn by turn, counted in the statistics when it ends, and kept aside while a demo
//! or a lesson borrows the screen.

use std::marker::PhantomData;

use bevy::prelude::*;

use crate::app::base::frame_order::AppSet;
use crate::app::base::games::{ContinueOffers, GameId, ResumeGame};
use crate::app::base::i18n::Language;
use crate::app::base::navigation::{BoardInPlay, Screen};
use crate::app::base::settings::Settings;
use crate::app::base::statistics::{self, CountNothing, Finished, Statistics};
use crate::app::base::storage::{DataDir, Saver};
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::shell::turn_clock::{TurnClock, TurnLimit, TurnTimeUp};

/// What the lifecycle needs of a game's match; the match is the game's resource, and the
/// rules position inside it the single source of truth.
pub trait GameMatch: Resource + Sized {
    /// The game this is a match of.
    const GAME: GameId;
    /// The file in the data folder its unfinished match is kept in.
    const AUTOSAVE: &'static str;

    /// The unfinished match kept in `dir`, replayed through the rules as it is read (a file
    /// that does not replay is set aside).
    fn load(dir: &DataDir) -> Option<Self>;
    /// Hands the match to the saver's thread, to be written to [`Self::AUTOSAVE`].
    fn autosave(&self, dir: &DataDir, saver: &Saver);
    /// Whether the match has ended.
    fn is_over(&self) -> bool;
    /// Where the match stands, for Continue on the title screen: "Side 5, 12 moves played".
    fn summary(&self, words: Language) -> String;
    /// The time a person has for a turn.
    fn turn_limit(&self) -> TurnLimit;
    /// The game's number for the turn a person is playing now, if that turn is theirs to time
    /// (not the computer's, not between turns).
    fn timed_turn(&self) -> Option<u64>;
    /// Whether the turn timed is played away from the screen (a phone's), so the screen's
    /// clock need show only its whole seconds.
    fn turn_played_elsewhere(&self) -> bool {
        false
    }
    /// How each seat did, once the match has ended, for the statistics.
    fn finished(&self) -> Option<Finished>;
}

/// The lifecycle of `M`'s matches: Continue and resume, the turn clock and the statistics.
pub fn plugin<M: GameMatch>(app: &mut App) {
    app.init_resource::<SavedMatch<M>>()
        .init_resource::<ContinueOffers>()
        .init_resource::<Statistics>()
        .init_resource::<TurnClock>()
        .add_message::<ResumeGame>()
        .add_message::<TurnTimeUp>()
        .add_message::<TurnTimedOut>()
        .add_systems(OnEnter(Screen::Title), look_for_saved::<M>)
        .add_systems(
            OnEnter(Screen::Game(M::GAME)),
            resume_saved::<M>.in_set(ResumeSystems),
        )
        .add_systems(
            Update,
            time_turns::<M>
                .in_set(AppSet::Input)
                .in_set(TurnClockSystems)
                .run_if(in_state(Screen::Game(M::GAME))),
        )
        .add_systems(
            Update,
            count_finished::<M>
                .after(AppSet::Rules)
                .run_if(in_state(Screen::Game(M::GAME))),
        )
        .add_systems(OnExit(Screen::Game(M::GAME)), stop_clock);
}

/// On entering a game's screen, Continue puts the saved match in place here: systems that
/// show the match run after this set.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResumeSystems;

/// Where a game's turn is timed: a game that reacts to [`TurnTimedOut`] in the same frame
/// runs after this set.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TurnClockSystems;

/// A person's time for the turn ran out in this game; the game decides what that does.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnTimedOut {
    pub game: GameId,
}

/// The unfinished match found on disk when the title screen opened.
#[derive(Resource)]
struct SavedMatch<M>(Option<M>);

impl<M> Default for SavedMatch<M> {
    fn default() -> Self {
        Self(None)
    }
}

fn look_for_saved<M: GameMatch>(
    dir: Option<Res<DataDir>>,
    settings: Option<Res<Settings>>,
    mut saved: ResMut<SavedMatch<M>>,
    mut offers: ResMut<ContinueOffers>,
) {
    let found = dir
        .and_then(|dir| M::load(&dir))
        .filter(|game| !game.is_over());
    let words = settings.map_or_else(Language::default, |settings| settings.language);
    offers.set(M::GAME, found.as_ref().map(|game| game.summary(words)));
    saved.0 = found;
}

/// Continue was chosen: the saved match replaces whatever match was in memory, before the
/// screen looks for a match to show.
fn resume_saved<M: GameMatch>(
    mut commands: Commands,
    mut resume: MessageReader<ResumeGame>,
    mut saved: ResMut<SavedMatch<M>>,
) {
    if resume.read().any(|asked| asked.0 == M::GAME)
        && let Some(game) = saved.0.take()
    {
        commands.insert_resource(game);
    }
}

/// Keeps a person's match on disk after a turn, for Continue; a finished match is removed.
/// Demo and lesson matches are not the person's: their unfinished game stays as it was.
pub fn autosave<M: GameMatch>(game: &M, owner: MatchOwner, storage: Option<(&DataDir, &Saver)>) {
    let Some((dir, saver)) = storage.filter(|_| owner == MatchOwner::Person) else {
        return;
    };
    if game.is_over() {
        saver.remove(dir, M::AUTOSAVE);
    } else {
        game.autosave(dir, saver);
    }
}

/// Times a person's turn while nothing covers the board, and says when its time ran out.
fn time_turns<M: GameMatch>(
    game: Res<M>,
    board: Option<Res<State<BoardInPlay>>>,
    mut clock: ResMut<TurnClock>,
    mut up: MessageReader<TurnTimeUp>,
    mut timed_out: MessageWriter<TurnTimedOut>,
) {
    let timed = game
        .timed_turn()
        .filter(|_| board.is_some_and(|board| *board.get() == BoardInPlay(M::GAME)));
    clock.time(game.turn_limit(), timed);
    clock.set_whole_seconds(game.turn_played_elsewhere());
    if let Some(turn) = timed
        && up.read().any(|up| up.turn == turn)
    {
        timed_out.write(TurnTimedOut { game: M::GAME });
    }
}

/// Counts `M`'s match when it ends on the screen: a person's match (not a demo's or a lesson's),
/// not at a kiosk. A match that comes onto the screen already over (loaded, resumed, handed
/// back by a demo) is not counted then.
fn count_finished<M: GameMatch>(
    game: Res<M>,
    mut was_over: Local<bool>,
    owner: Owner,
    count_nothing: Option<Res<CountNothing>>,
    mut statistics: ResMut<Statistics>,
    storage: Option<(Res<DataDir>, Res<Saver>)>,
) {
    let over = game.is_over();
    let ended_here = over && !*was_over && !game.is_added();
    *was_over = over;
    let counts = owner.get() == MatchOwner::Person && count_nothing.is_none();
    if !ended_here || !counts {
        return;
    }
    let Some(finished) = game.finished() else {
        return;
    };
    if statistics.count(&finished)
        && let Some((dir, saver)) = &storage
    {
        saver.save(dir, statistics::FILE, &*statistics);
    }
}

fn stop_clock(mut clock: ResMut<TurnClock>) {
    clock.time(TurnLimit::Off, None);
}

/// A demo borrowing the screen.
pub struct ForDemo;

/// A lesson borrowing the screen.
pub struct ForLesson;

/// A move of a reviewed game tried again, borrowing the screen from the game.
pub struct ForPractice;

/// The match (or none) that was on the screen before `For` borrowed it. A demo shown while a
/// lesson waits keeps the lesson's match, and the lesson keeps the person's.
#[derive(Resource)]
struct KeptAside<M, For>(Option<M>, PhantomData<fn() -> For>);

/// Keeps the match on the screen aside for `For` and puts `borrowed` there instead.
pub fn keep_aside<M: Resource, For: 'static>(world: &mut World, borrowed: M) {
    let kept = world.remove_resource::<M>();
    world.insert_resource(KeptAside::<M, For>(kept, PhantomData));
    world.insert_resource(borrowed);
}

/// Takes the borrowed match away and hands back what `For` kept aside (`Some(None)` when the
/// screen had no match); `None`, changing nothing, when nothing was kept for `For`.
pub fn take_back<M: Resource, For: 'static>(world: &mut World) -> Option<Option<M>> {
    let KeptAside(kept, _) = world.remove_resource::<KeptAside<M, For>>()?;
    world.remove_resource::<M>();
    Some(kept)
}

/// Puts back the match `For` kept aside, as it was.
pub fn bring_back<M: Resource, For: 'static>(world: &mut World) {
    if let Some(Some(kept)) = take_back::<M, For>(world) {
        world.insert_resource(kept);
    }
}
