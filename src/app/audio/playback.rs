//! The music as it plays: segments composed in the background, each started where the last
//! one's phrases end, and let go of once heard.

// Why segments: bevy_kira_audio plays whole `StaticSoundData` only, never a stream, so the
// endless piece is played as segments of about half a minute. Each is composed on the async
// compute pool while the one before plays, and queued a few seconds before it is due with
// kira's delayed start, timed from the previous segment's start. The window's idle wake (every
// two seconds) comes early enough for that, so the music never asks for a frame. A segment's
// sound and instance are removed once it has played: memory stays flat however long it plays.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

use super::channels::{AudioState, Device, MusicChannel, probe_device, sound_data};
use super::instruments::RATE;
use super::music::{Composer, MusicMood, Segment};
use crate::app::base::background::Background;
use crate::app::base::frame_order::AppSet;
use crate::app::base::games::GameHooks;
use crate::app::base::navigation::Screen;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Music>().add_systems(
        Update,
        (follow_the_screen, compose, queue_next, let_go_of_played)
            .chain()
            .after(probe_device)
            .in_set(AppSet::Present),
    );
}

/// How long before a segment is due it is queued: more than the window's idle wake, so a
/// resting app still wakes in time.
const LEAD: f64 = 5.0;

/// How long a change of mood takes to fade the old music out and the new in.
const CROSSFADE: Duration = Duration::from_secs(4);

#[derive(Resource, Default)]
struct Music {
    mood: Option<MusicMood>,
    /// The composer between segments; it is away while it composes the next one.
    composer: Option<Composer>,
    composing: Background<(Composer, Segment)>,
    ready: Option<Segment>,
    /// When the next segment is due, in real seconds; `None` for as soon as it is ready (the
    /// first one, and the first after a change of mood, which fades in).
    due: Option<f64>,
    playing: VecDeque<Playing>,
    seeds: u32,
}

/// A queued segment: its instance and sound, and when it will certainly have finished.
struct Playing {
    instance: Handle<AudioInstance>,
    source: Handle<AudioSource>,
    ends: f64,
}

/// The music's mood while a feature borrows the screen (the attract mode's demo games),
/// whatever the screen shows.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MusicMoodOverride(pub MusicMood);

/// The mood of what the screen shows: a borrowed screen's, a game's own (on its setup too, as
/// each game registers it), or the title's.
fn mood_of(
    screen: Option<Screen>,
    game_moods: Option<&GameHooks<MusicMood>>,
    borrowed: Option<MusicMood>,
) -> MusicMood {
    let game = screen.and_then(Screen::game);
    borrowed
        .or_else(|| game.and_then(|game| game_moods?.get(game)))
        .unwrap_or_default()
}

fn follow_the_screen(
    mut music: ResMut<Music>,
    state: Res<AudioState>,
    screen: Option<Res<State<Screen>>>,
    game_moods: Option<Res<GameHooks<MusicMood>>>,
    borrowed: Option<Res<MusicMoodOverride>>,
    mut instances: ResMut<Assets<AudioInstance>>,
) {
    if state.device == Device::Silent {
        if music.mood.is_some() {
            *music = Music::default();
        }
        return;
    }
    let mood = mood_of(
        screen.map(|screen| *screen.get()),
        game_moods.as_deref(),
        borrowed.map(|borrowed| borrowed.0),
    );
    if music.mood == Some(mood) {
        return;
    }
    for playing in &music.playing {
        if let Some(mut instance) = instances.get_mut(&playing.instance) {
            instance.stop(AudioTween::linear(CROSSFADE));
        }
    }
    // Every run and every change of mood starts a new piece, so no two days sound alike.
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.subsec_nanos());
    music.seeds += 1;
    let seed = clock ^ music.seeds.wrapping_mul(0x2545_f491);
    *music = Music {
        mood: Some(mood),
        composer: Some(Composer::new(mood, seed)),
        playing: std::mem::take(&mut music.playing),
        seeds: music.seeds,
        ..Music::default()
    };
}

fn compose(mut music: ResMut<Music>) {
    if let Some((composer, segment)) = music.composing.take_finished() {
        music.composer = Some(composer);
        music.ready = Some(segment);
    }
    if music.ready.is_some() || music.composing.is_pending() {
        return;
    }
    if let Some(mut composer) = music.composer.take() {
        music.composing = Background::spawn(move || {
            let segment = composer.segment();
            (composer, segment)
        });
    }
}

fn queue_next(
    mut music: ResMut<Music>,
    state: Res<AudioState>,
    time: Res<Time<Real>>,
    channel: Res<AudioChannel<MusicChannel>>,
    mut sources: ResMut<Assets<AudioSource>>,
) {
    if state.device != Device::Ready || music.ready.is_none() {
        return;
    }
    let now = time.elapsed_secs_f64();
    let (start, fade_in) = match music.due {
        None => (now, true),
        Some(due) if now >= due - LEAD => (due.max(now), false),
        Some(_) => return,
    };
    let segment = music.ready.take().expect("checked above");
    let mut sound = sound_data(RATE, &segment.samples);
    // kira's delayed start: the segment waits in the mixer, timed to the sample.
    sound.settings = sound
        .settings
        .start_time(Duration::from_secs_f64(start - now));
    let source = sources.add(AudioSource { sound });
    let mut play = channel.play(source.clone());
    if fade_in {
        play.linear_fade_in(CROSSFADE);
    }
    let instance = play.handle();
    let length = segment.samples.len() as f64 / f64::from(RATE);
    debug!(
        "music: {:.1} s of {:?} queued to start in {:.2} s",
        segment.advance_seconds(),
        music.mood,
        start - now
    );
    music.due = Some(start + segment.advance_seconds());
    music.playing.push_back(Playing {
        instance,
        source,
        ends: start + length + 1.0,
    });
}

/// Removes what has been heard: a segment's sound once it has ended, and its instance, which
/// bevy_kira_audio keeps by its id (not counted) and would otherwise keep for good.
fn let_go_of_played(
    mut music: ResMut<Music>,
    time: Res<Time<Real>>,
    mut sources: ResMut<Assets<AudioSource>>,
    mut instances: ResMut<Assets<AudioInstance>>,
) {
    let now = time.elapsed_secs_f64();
    music.playing.retain(|playing| {
        let stopped = instances
            .get(&playing.instance)
            .is_some_and(|instance| instance.state() == PlaybackState::Stopped);
        if !stopped && now < playing.ends {
            return true;
        }
        instances.remove(&playing.instance);
        sources.remove(&playing.source);
        debug!("music: a segment has played and is let go of");
        false
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::base::games::{GameId, register_hooks};

    #[test]
    fn the_mood_follows_the_game_on_the_screen_unless_the_screen_is_borrowed() {
        let game = GameId("a game");
        let mut app = App::new();
        register_hooks(&mut app, game, MusicMood::Tiles);
        let moods = app.world().resource::<GameHooks<MusicMood>>();
        let mood = |screen, borrowed| mood_of(Some(screen), Some(moods), borrowed);
        assert_eq!(mood(Screen::Title, None), MusicMood::Title);
        assert_eq!(mood(Screen::Settings, None), MusicMood::Title);
        assert_eq!(mood(Screen::Setup(game), None), MusicMood::Tiles);
        assert_eq!(mood(Screen::Game(game), None), MusicMood::Tiles);
        let other = Screen::Game(GameId("another"));
        assert_eq!(mood(other, None), MusicMood::Title);
        let demo = Some(MusicMood::Attract);
        assert_eq!(mood(Screen::Game(game), demo), MusicMood::Attract);
        assert_eq!(mood_of(None, None, None), MusicMood::Title);
    }
}
