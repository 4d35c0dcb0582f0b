//! The two kira channels (effects and music), the sound device's probe, and the
//! synthesised effects and how each is played.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

use super::music::MusicMood;
use super::{instruments, music, synth};
use crate::app::base::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_audio_channel::<EffectsChannel>()
        .add_audio_channel::<MusicChannel>()
        .add_message::<Sfx>()
        .add_message::<PlaySound>()
        .init_resource::<AudioState>()
        .add_systems(Startup, (create_sounds, start_probe).chain())
        .add_systems(
            Update,
            (
                probe_device,
                apply_volumes.run_if(resource_changed::<Settings>.or_else(audio_became_ready)),
                play_effects,
            )
                .chain()
                .in_set(crate::app::base::frame_order::AppSet::Present),
        );
}

/// One of the shell's own sounds to play: buttons and the turn clock. Each game plays its
/// own sounds as [`PlaySound`].
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sfx {
    Hover,
    Click,
    /// One of a turn clock's last seconds.
    Tick,
}

/// The takes of one synthesised sound as the effects channel plays them: each play picks
/// one at random, so a stone set down twice never sounds quite the same.
#[derive(Debug, Clone, PartialEq)]
pub struct Takes(Arc<[Handle<AudioSource>]>);

/// A sound a game synthesised for itself (see [`add_sources`]), played on the effects
/// channel at `rate` times its speed: 2.0 is an octave up.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct PlaySound {
    pub source: Takes,
    pub rate: f64,
}

impl PlaySound {
    #[must_use]
    pub fn new(source: &Takes) -> Self {
        Self {
            source: source.clone(),
            rate: 1.0,
        }
    }

    #[must_use]
    pub fn at_rate(mut self, rate: f64) -> Self {
        self.rate = rate;
        self
    }
}

/// A game's own sounds as takes the effects channel can play, in the order given; `None` in
/// headless runs, which have no audio assets (the game then plays silently).
pub fn add_sources(world: &mut World, sounds: &[NamedSound]) -> Option<std::vec::IntoIter<Takes>> {
    let mut sources = world.get_resource_mut::<Assets<AudioSource>>()?;
    let takes: Vec<_> = sounds
        .iter()
        .map(|sound| sound_takes(&mut sources, sound))
        .collect();
    Some(takes.into_iter())
}

fn sound_takes(sources: &mut Assets<AudioSource>, sound: &NamedSound) -> Takes {
    Takes(
        sound
            .takes
            .iter()
            .map(|samples| {
                sources.add(AudioSource {
                    sound: sound_data(sound.rate, samples),
                })
            })
            .collect(),
    )
}

#[derive(Resource)]
pub struct EffectsChannel;

#[derive(Resource)]
pub struct MusicChannel;

/// Whether sound reaches a device. Until that is known, effects and music are held back
/// rather than queued: without a device, kira would keep every queued command forever.
#[derive(Resource, Debug, Default)]
pub struct AudioState {
    pub device: Device,
    probe: Option<Handle<AudioInstance>>,
    frames_waited: u32,
    ready_changed: bool,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    #[default]
    Probing,
    Ready,
    Silent,
}

#[derive(Resource)]
struct Sounds {
    hover: Takes,
    click: Takes,
    tick: Takes,
    /// A tenth of a second of silence: played once on the music channel, it tells whether a
    /// device plays anything at all.
    probe: Handle<AudioSource>,
}

/// One synthesised sound by name, for the game and for `abakus sounds`, which writes its first
/// take as a WAV file so it can be heard and looked at without a sound device.
#[derive(Debug, Clone)]
pub struct NamedSound {
    pub name: &'static str,
    pub rate: u32,
    /// The takes of the sound, at least one, all alike but for small differences.
    pub takes: Vec<Vec<f32>>,
}

impl NamedSound {
    /// An effect with a single take.
    #[must_use]
    pub fn effect(name: &'static str, samples: Vec<f32>) -> Self {
        Self {
            name,
            rate: synth::RATE,
            takes: vec![samples],
        }
    }

    /// An effect in [`synth::TAKES`] takes, `make` being given each take's number.
    #[must_use]
    pub fn varied(name: &'static str, make: impl Fn(u32) -> Vec<f32>) -> Self {
        Self {
            name,
            rate: synth::RATE,
            takes: (0..synth::TAKES).map(make).collect(),
        }
    }

    /// The first take's samples: what `abakus sounds` writes.
    #[must_use]
    pub fn samples(&self) -> &[f32] {
        &self.takes[0]
    }

    /// How long the first take plays, in seconds.
    #[must_use]
    pub fn seconds(&self) -> f32 {
        self.samples().len() as f32 / self.rate as f32
    }

    /// The first take as a 16-bit mono WAV file.
    #[must_use]
    pub fn wav(&self) -> Vec<u8> {
        let samples = self.samples();
        let data_len = (samples.len() * 2) as u32;
        let mut bytes = Vec::with_capacity(44 + data_len as usize);
        bytes.extend_from_slice(b"RIFF");
        bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
        bytes.extend_from_slice(b"WAVEfmt ");
        bytes.extend_from_slice(&16u32.to_le_bytes());
        bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
        bytes.extend_from_slice(&1u16.to_le_bytes()); // mono
        bytes.extend_from_slice(&self.rate.to_le_bytes());
        bytes.extend_from_slice(&(self.rate * 2).to_le_bytes());
        bytes.extend_from_slice(&2u16.to_le_bytes());
        bytes.extend_from_slice(&16u16.to_le_bytes());
        bytes.extend_from_slice(b"data");
        bytes.extend_from_slice(&data_len.to_le_bytes());
        for &sample in samples {
            let value = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes
    }
}

/// The shell's own sounds: buttons and the turn clock's tick.
#[must_use]
pub fn shell_sounds() -> Vec<NamedSound> {
    vec![
        NamedSound::varied("hover", |take| synth::tap(2600.0, 0.008, 0.05, take)),
        NamedSound::varied("click", |take| synth::tap(1800.0, 0.015, 0.18, take)),
        NamedSound::varied("tick", |take| synth::wood_knock(0.3, 2.2, take)),
    ]
}

/// How long `abakus sounds` lets the music play.
const MUSIC_SECONDS: f32 = 600.0;

/// How long each mood's sample in `abakus sounds` is.
const MOOD_SAMPLE_SECONDS: f32 = 60.0;

/// The music as `abakus sounds` writes it: ten minutes of the title's, and a minute of each
/// mood's.
#[must_use]
pub fn music_sounds() -> Vec<NamedSound> {
    let mut sounds = vec![NamedSound {
        name: "music-10min",
        rate: instruments::RATE,
        takes: vec![music::render_for(MusicMood::Title, 1, MUSIC_SECONDS)],
    }];
    for mood in MusicMood::ALL {
        sounds.push(NamedSound {
            name: mood.sample_name(),
            rate: instruments::RATE,
            takes: vec![music::render_for(mood, 2, MOOD_SAMPLE_SECONDS)],
        });
    }
    sounds
}

fn create_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut sounds = shell_sounds().into_iter();
    let mut next = || sound_takes(&mut sources, &sounds.next().expect("one sound per field"));
    // In the order of `shell_sounds`.
    let (hover, click, tick) = (next(), next(), next());
    let silence = vec![0.0; (synth::RATE / 10) as usize];
    let probe = sources.add(AudioSource {
        sound: sound_data(synth::RATE, &silence),
    });
    commands.insert_resource(Sounds {
        hover,
        click,
        tick,
        probe,
    });
}

pub(super) fn sound_data(rate: u32, samples: &[f32]) -> StaticSoundData {
    let frames: Arc<[Frame]> = samples.iter().map(|&s| Frame::from_mono(s)).collect();
    StaticSoundData {
        sample_rate: rate,
        frames,
        settings: StaticSoundSettings::default(),
        slice: None,
    }
}

fn start_probe(
    music: Res<AudioChannel<MusicChannel>>,
    sounds: Res<Sounds>,
    mut state: ResMut<AudioState>,
) {
    // Its instance appears only if a device plays it.
    state.probe = Some(music.play(sounds.probe.clone()).handle());
}

pub(super) fn probe_device(
    mut state: ResMut<AudioState>,
    mut instances: ResMut<Assets<AudioInstance>>,
) {
    state.ready_changed = false;
    if state.device != Device::Probing {
        return;
    }
    let started = state
        .probe
        .as_ref()
        .is_some_and(|handle| instances.get(handle).is_some());
    if started {
        state.device = Device::Ready;
        state.ready_changed = true;
        // The instance is kept by its id, not counted; it would stay for the app's life.
        if let Some(probe) = state.probe.take() {
            instances.remove(&probe);
        }
        return;
    }
    state.frames_waited += 1;
    if state.frames_waited > 120 {
        state.device = Device::Silent;
        info!("no audio device: the game runs silently");
    }
}

fn audio_became_ready(state: Res<AudioState>) -> bool {
    state.ready_changed
}

/// Linear gain (0 to 1) to kira's decibels.
fn decibels(gain: f32) -> Decibels {
    if gain <= 0.001 {
        Decibels::SILENCE
    } else {
        Decibels(20.0 * gain.log10())
    }
}

fn apply_volumes(
    settings: Res<Settings>,
    state: Res<AudioState>,
    effects: Res<AudioChannel<EffectsChannel>>,
    music: Res<AudioChannel<MusicChannel>>,
) {
    if state.device != Device::Ready {
        return;
    }
    let master = if settings.muted {
        0.0
    } else {
        settings.master_volume
    };
    effects.set_volume(decibels(master * settings.effects_volume));
    // Music stays well under the effects, as the look and feel asks.
    music.set_volume(decibels(master * settings.music_volume * 0.5));
}

/// How far a varied sound's speed may stray from the one asked for: up to a quarter of a
/// semitone, which changes the wood's ring without changing what it says.
const RATE_JITTER: f64 = 0.015;

fn play_effects(
    mut requests: MessageReader<Sfx>,
    mut own_sounds: MessageReader<PlaySound>,
    state: Res<AudioState>,
    sounds: Option<Res<Sounds>>,
    effects: Res<AudioChannel<EffectsChannel>>,
    mut played_instances: Local<Instances>,
    mut instances: ResMut<Assets<AudioInstance>>,
) {
    let (Some(sounds), Device::Ready) = (sounds, state.device) else {
        requests.clear();
        own_sounds.clear();
        return;
    };
    played_instances.forget_stopped(&mut instances);
    let mut played_own: Vec<&PlaySound> = Vec::new();
    for sound in own_sounds.read() {
        if played_own.contains(&sound) {
            continue;
        }
        played_own.push(sound);
        played_instances.add(play_take(&effects, &sound.source, sound.rate));
    }
    // One of each kind per frame at most: a burst of clicks is one click.
    let mut played: Vec<Sfx> = Vec::new();
    for &sfx in requests.read() {
        if played.contains(&sfx) {
            continue;
        }
        played.push(sfx);
        let takes = match sfx {
            Sfx::Hover => &sounds.hover,
            Sfx::Click => &sounds.click,
            Sfx::Tick => &sounds.tick,
        };
        played_instances.add(play_take(&effects, takes, 1.0));
    }
}

/// Plays one of the takes at random; a sound with several is also played a touch faster or
/// slower. (A sound with one take, such as the scoring chime, keeps its exact pitch.)
fn play_take(
    effects: &AudioChannel<EffectsChannel>,
    takes: &Takes,
    rate: f64,
) -> Handle<AudioInstance> {
    let count = takes.0.len();
    let take = &takes.0[rand::random_range(0..count)];
    let rate = if count > 1 {
        rate * (1.0 + rand::random_range(-RATE_JITTER..RATE_JITTER))
    } else {
        rate
    };
    effects.play(take.clone()).with_playback_rate(rate).handle()
}

/// Instances of played effects, removed once they have stopped: bevy_kira_audio keeps each
/// by its id, and a booth plays thousands an hour.
#[derive(Default)]
struct Instances(Vec<(Handle<AudioInstance>, u32)>);

/// Checks after which an instance that never appeared is given up (its play was dropped).
const NEVER_STARTED: u32 = 600;

impl Instances {
    fn add(&mut self, instance: Handle<AudioInstance>) {
        self.0.push((instance, 0));
    }

    fn forget_stopped(&mut self, instances: &mut Assets<AudioInstance>) {
        self.0
            .retain_mut(|(handle, unseen)| match instances.get(&*handle) {
                Some(instance) if instance.state() == PlaybackState::Stopped => {
                    instances.remove(&*handle);
                    false
                }
                Some(_) => true,
                None => {
                    *unseen += 1;
                    *unseen < NEVER_STARTED
                }
            });
    }
}
