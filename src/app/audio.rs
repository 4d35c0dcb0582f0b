//! Sound: effects and music synthesised at start-up, played through kira on two channels.

use std::f32::consts::TAU;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

use super::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_audio_channel::<EffectsChannel>()
        .add_audio_channel::<MusicChannel>()
        .add_message::<Sfx>()
        .add_message::<PlaySound>()
        .init_resource::<AudioState>()
        .add_systems(Startup, (create_sounds, start_music).chain())
        .add_systems(
            Update,
            (
                probe_device,
                apply_volumes.run_if(resource_changed::<Settings>.or_else(audio_became_ready)),
                play_effects,
            )
                .chain()
                .in_set(super::AppSet::Present),
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

/// A sound a game synthesised for itself (see [`sound_source`]), played on the effects
/// channel at `rate` times its speed: 2.0 is an octave up.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct PlaySound {
    pub source: Handle<AudioSource>,
    pub rate: f64,
}

impl PlaySound {
    #[must_use]
    pub fn new(source: &Handle<AudioSource>) -> Self {
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

/// A game's own sounds as sources the effects channel can play, in the order given; `None` in
/// headless runs, which have no audio assets (the game then plays silently).
pub fn add_sources(
    world: &mut World,
    sounds: &[NamedSound],
) -> Option<std::vec::IntoIter<Handle<AudioSource>>> {
    let mut sources = world.get_resource_mut::<Assets<AudioSource>>()?;
    let handles: Vec<_> = sounds
        .iter()
        .map(|sound| sources.add(sound_source(&sound.samples)))
        .collect();
    Some(handles.into_iter())
}

/// Samples from [`synth`] as a sound the effects channel can play.
#[must_use]
fn sound_source(samples: &[f32]) -> AudioSource {
    AudioSource {
        sound: sound_data(RATE, samples),
    }
}

#[derive(Resource)]
pub struct EffectsChannel;

#[derive(Resource)]
pub struct MusicChannel;

/// Whether sound reaches a device. Until that is known, effects are dropped rather than
/// queued: without a device, kira would keep every queued command forever.
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
    hover: Handle<AudioSource>,
    click: Handle<AudioSource>,
    tick: Handle<AudioSource>,
    music: Handle<AudioSource>,
}

const RATE: u32 = 44_100;
const MUSIC_RATE: u32 = 22_050;

/// One synthesised sound by name, for the game and for `abakus sounds`, which writes each
/// as a WAV file so they can be heard and looked at without a sound device.
#[derive(Debug, Clone)]
pub struct NamedSound {
    pub name: &'static str,
    pub rate: u32,
    pub samples: Vec<f32>,
}

impl NamedSound {
    #[must_use]
    pub fn effect(name: &'static str, samples: Vec<f32>) -> Self {
        Self {
            name,
            rate: RATE,
            samples,
        }
    }

    /// How long it plays, in seconds.
    #[must_use]
    pub fn seconds(&self) -> f32 {
        self.samples.len() as f32 / self.rate as f32
    }

    /// The sound as a 16-bit mono WAV file.
    #[must_use]
    pub fn wav(&self) -> Vec<u8> {
        let data_len = (self.samples.len() * 2) as u32;
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
        for &sample in &self.samples {
            let value = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes
    }
}

/// The shell's own sounds: buttons, the turn clock's tick, and the music.
#[must_use]
pub fn shell_sounds() -> Vec<NamedSound> {
    vec![
        NamedSound::effect("hover", synth::tap(2600.0, 0.008, 0.05)),
        NamedSound::effect("click", synth::tap(1800.0, 0.015, 0.18)),
        NamedSound::effect("tick", synth::wood_knock(0.3, 2.2)),
        NamedSound {
            name: "music",
            rate: MUSIC_RATE,
            samples: synth::music(MUSIC_RATE),
        },
    ]
}

fn create_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut sounds = shell_sounds().into_iter();
    let mut next = || {
        let sound = sounds.next().expect("one sound per handle");
        sources.add(AudioSource {
            sound: sound_data(sound.rate, &sound.samples),
        })
    };
    // In the order of `shell_sounds`.
    commands.insert_resource(Sounds {
        hover: next(),
        click: next(),
        tick: next(),
        music: next(),
    });
}

fn sound_data(rate: u32, samples: &[f32]) -> StaticSoundData {
    let frames: Arc<[Frame]> = samples.iter().map(|&s| Frame::from_mono(s)).collect();
    StaticSoundData {
        sample_rate: rate,
        frames,
        settings: StaticSoundSettings::default(),
        slice: None,
    }
}

fn start_music(
    music: Res<AudioChannel<MusicChannel>>,
    sounds: Res<Sounds>,
    mut state: ResMut<AudioState>,
) {
    // The music doubles as the probe: its instance appears only if a device plays it. It
    // fades in slowly, so the channel is at the player's volume before it can be heard.
    let handle = music
        .play(sounds.music.clone())
        .looped()
        .linear_fade_in(std::time::Duration::from_secs(3))
        .handle();
    state.probe = Some(handle);
}

fn probe_device(mut state: ResMut<AudioState>, instances: Res<Assets<AudioInstance>>) {
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

fn play_effects(
    mut requests: MessageReader<Sfx>,
    mut own_sounds: MessageReader<PlaySound>,
    state: Res<AudioState>,
    sounds: Option<Res<Sounds>>,
    effects: Res<AudioChannel<EffectsChannel>>,
) {
    let Some(sounds) = sounds else {
        requests.clear();
        own_sounds.clear();
        return;
    };
    if state.device != Device::Ready {
        requests.clear();
        own_sounds.clear();
        return;
    }
    let mut played_own: Vec<&PlaySound> = Vec::new();
    for sound in own_sounds.read() {
        if played_own.contains(&sound) {
            continue;
        }
        played_own.push(sound);
        effects
            .play(sound.source.clone())
            .with_playback_rate(sound.rate);
    }
    // One of each kind per frame at most: a burst of clicks is one click.
    let mut played: Vec<Sfx> = Vec::new();
    for &sfx in requests.read() {
        if played.contains(&sfx) {
            continue;
        }
        played.push(sfx);
        let source = match sfx {
            Sfx::Hover => &sounds.hover,
            Sfx::Click => &sounds.click,
            Sfx::Tick => &sounds.tick,
        };
        effects.play(source.clone());
    }
}

/// Small synthesisers for soft, wooden sounds.
pub mod synth {
    use super::{MUSIC_RATE, RATE, TAU};

    fn seconds(duration: f32, rate: u32) -> usize {
        (duration * rate as f32) as usize
    }

    /// A deterministic noise source, so every run sounds the same.
    struct Noise(u32);

    impl Noise {
        fn next(&mut self) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 17;
            self.0 ^= self.0 << 5;
            (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
        }
    }

    /// Decaying sine partials struck together: the body of a wooden knock.
    fn modes(partials: &[(f32, f32, f32)], length: f32) -> Vec<f32> {
        (0..seconds(length, RATE))
            .map(|i| {
                let t = i as f32 / RATE as f32;
                partials
                    .iter()
                    .map(|&(freq, decay, amp)| amp * (-t / decay).exp() * (TAU * freq * t).sin())
                    .sum()
            })
            .collect()
    }

    /// A stone set down on wood; `pitch` scales the partials.
    #[must_use]
    pub fn wood_knock(gain: f32, pitch: f32) -> Vec<f32> {
        let mut noise = Noise(0x9e37_79b9);
        let mut samples = modes(
            &[
                (190.0 * pitch, 0.05, 0.7),
                (820.0 * pitch, 0.03, 0.45),
                (1730.0 * pitch, 0.015, 0.25),
                (2950.0 * pitch, 0.008, 0.12),
            ],
            0.18,
        );
        for (i, sample) in samples.iter_mut().enumerate() {
            let t = i as f32 / RATE as f32;
            *sample = (*sample + noise.next() * 0.25 * (-t / 0.004).exp()) * gain;
        }
        samples
    }

    /// A single light tap at `freq`, decaying over `decay` seconds.
    #[must_use]
    pub fn tap(freq: f32, decay: f32, gain: f32) -> Vec<f32> {
        modes(
            &[(freq, decay, gain), (freq * 2.3, decay * 0.5, gain * 0.3)],
            decay * 8.0,
        )
    }

    /// Two soft low knocks: "not there".
    #[must_use]
    pub fn double_knock() -> Vec<f32> {
        let knock = modes(&[(210.0, 0.035, 0.4), (520.0, 0.02, 0.15)], 0.12);
        let gap = seconds(0.1, RATE);
        let mut samples = vec![0.0; gap + knock.len()];
        for (i, &s) in knock.iter().enumerate() {
            samples[i] += s;
            samples[gap + i] += s * 0.8;
        }
        samples
    }

    /// A stone gliding over wood: soft filtered noise, then a small knock as it stops.
    #[must_use]
    pub fn slide() -> Vec<f32> {
        let mut noise = Noise(0x1234_5678);
        let length = 0.24;
        let mut low = 0.0f32;
        let mut samples: Vec<f32> = (0..seconds(length, RATE))
            .map(|i| {
                let t = i as f32 / length / RATE as f32;
                low += (noise.next() - low) * 0.08;
                let envelope = (t * 6.0).min(1.0) * (1.0 - t).powf(1.5);
                low * envelope * 0.9
            })
            .collect();
        let knock = wood_knock(0.35, 1.15);
        let at = samples.len() - seconds(0.03, RATE);
        samples.resize(at + knock.len(), 0.0);
        for (i, &s) in knock.iter().enumerate() {
            samples[at + i] += s;
        }
        samples
    }

    /// A small bell: inharmonic partials with a long, clean decay.
    #[must_use]
    pub fn bell(freq: f32, length: f32, gain: f32) -> Vec<f32> {
        modes(
            &[
                (freq, length * 0.35, gain),
                (freq * 2.76, length * 0.16, gain * 0.35),
                (freq * 5.4, length * 0.07, gain * 0.15),
            ],
            length,
        )
    }

    /// Cloth and wood: a soft rustle with a few small clicks inside it, like a hand in a bag
    /// of tiles.
    #[must_use]
    pub fn rustle(length: f32, gain: f32) -> Vec<f32> {
        let mut noise = Noise(0x0bad_cafe);
        let mut low = 0.0f32;
        let mut high = 0.0f32;
        let mut samples: Vec<f32> = (0..seconds(length, RATE))
            .map(|i| {
                let t = i as f32 / length / RATE as f32;
                let white = noise.next();
                low += (white - low) * 0.25;
                high += (white - high) * 0.02;
                let envelope = (t * 8.0).min(1.0) * (1.0 - t).powi(2);
                (low - high) * envelope * gain
            })
            .collect();
        for (at, pitch) in [(0.12, 2.1), (0.21, 1.7), (0.33, 2.4)] {
            if at < length {
                mix_in(&mut samples, at, &wood_knock(gain * 0.5, pitch));
            }
        }
        samples
    }

    /// Adds `part` into `samples` starting `at` seconds in, lengthening them if needed.
    pub fn mix_in(samples: &mut Vec<f32>, at: f32, part: &[f32]) {
        let start = seconds(at, RATE);
        if samples.len() < start + part.len() {
            samples.resize(start + part.len(), 0.0);
        }
        for (i, &s) in part.iter().enumerate() {
            samples[start + i] += s;
        }
    }

    /// Pieces played one after another: each `(seconds, samples)` starts at its time.
    #[must_use]
    pub fn sequence(parts: &[(f32, Vec<f32>)]) -> Vec<f32> {
        let mut samples = Vec::new();
        for (at, part) in parts {
            mix_in(&mut samples, *at, part);
        }
        samples
    }

    /// A warm chord with a gentle attack and a long decay.
    #[must_use]
    pub fn chord(freqs: &[f32], length: f32, gain: f32) -> Vec<f32> {
        let voices = freqs.len() as f32;
        (0..seconds(length, RATE))
            .map(|i| {
                let t = i as f32 / RATE as f32;
                let envelope = (t / 0.03).min(1.0) * (-t / (length * 0.35)).exp();
                let tone: f32 = freqs
                    .iter()
                    .map(|&f| (TAU * f * t).sin() + 0.25 * (TAU * 2.0 * f * t).sin())
                    .sum();
                tone / voices * envelope * gain
            })
            .collect()
    }

    /// A quiet loop of four slow chords (16 s) that repeats without a seam.
    #[must_use]
    pub fn music(rate: u32) -> Vec<f32> {
        debug_assert_eq!(rate, MUSIC_RATE);
        // Cmaj7, Am7, Fmaj7, G6: calm and unresolved, good for a loop.
        let chords: [[f32; 4]; 4] = [
            [130.81, 164.81, 196.0, 246.94],
            [110.0, 164.81, 196.0, 261.63],
            [87.31, 130.81, 174.61, 220.0],
            [98.0, 146.83, 196.0, 246.94],
        ];
        let bar = 4.0;
        let total = seconds(bar * chords.len() as f32, rate);
        let mut samples = vec![0.0f32; total];
        for (index, chord) in chords.iter().enumerate() {
            let start = index as f32 * bar;
            for (i, sample) in samples.iter_mut().enumerate() {
                let t = i as f32 / rate as f32;
                // Each chord swells in and out over 1.5 bars, wrapping around the loop end.
                let mut local = t - start;
                if local < -bar * 0.25 {
                    local += bar * chords.len() as f32;
                }
                let span = bar * 1.5;
                if !(-bar * 0.25..span - bar * 0.25).contains(&local) {
                    continue;
                }
                let phase = (local + bar * 0.25) / span;
                let envelope = (phase * std::f32::consts::PI).sin().powi(2);
                let tone: f32 = chord
                    .iter()
                    .enumerate()
                    .map(|(voice, &f)| {
                        let wobble = 1.0 + 0.002 * (TAU * (0.2 + voice as f32 * 0.07) * t).sin();
                        (TAU * f * wobble * t).sin()
                    })
                    .sum();
                *sample += tone * envelope * 0.05;
            }
        }
        samples
    }
}

#[cfg(test)]
mod tests {
    use super::synth;

    fn peak(samples: &[f32]) -> f32 {
        samples.iter().fold(0.0, |m, s| m.max(s.abs()))
    }

    #[test]
    fn effects_are_short_soft_and_never_clip() {
        for (name, samples, longest) in [
            ("place", synth::wood_knock(0.55, 1.0), 0.3),
            ("slide", synth::slide(), 0.5),
            ("tap", synth::tap(1400.0, 0.02, 0.25), 0.3),
            ("illegal", synth::double_knock(), 0.4),
        ] {
            let seconds = samples.len() as f32 / 44_100.0;
            assert!(seconds <= longest, "{name} lasts {seconds} s");
            let peak = peak(&samples);
            assert!(peak > 0.05 && peak < 1.0, "{name} peaks at {peak}");
        }
    }

    #[test]
    fn music_is_quieter_than_the_effects_and_loops_cleanly() {
        let music = synth::music(22_050);
        assert!(peak(&music) < peak(&synth::wood_knock(0.55, 1.0)));
        let (first, last) = (music[0], music[music.len() - 1]);
        assert!((first - last).abs() < 0.05, "seam: {first} vs {last}");
    }
}
