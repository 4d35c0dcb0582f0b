//! The music's instruments: a note struck on a mallet (its partials ringing down), a low
//! pluck, a swelling pad, and the room's reverberation and the fade at a segment's end.

use std::f32::consts::{PI, TAU};

use super::synth::seconds;

/// The music's sample rate: everything it plays is far below this rate's 11 kHz limit.
pub const RATE: u32 = 22_050;

/// A mallet instrument's partials: (ratio to the note, loudness, share of the note's decay).
#[derive(Debug, Clone, Copy)]
pub(super) struct Mallet {
    pub(super) partials: [(f32, f32, f32); 3],
    /// The decay to 1/e of a note at 220 Hz; higher notes die sooner.
    pub(super) decay: f32,
}

/// A wooden bar: its overtones near four and ten times the note, damped fast.
pub(super) const MARIMBA: Mallet = Mallet {
    partials: [(1.0, 1.0, 1.0), (3.93, 0.22, 0.25), (9.2, 0.05, 0.1)],
    decay: 0.55,
};

/// Metal tines: a high, thin overtone that fades quickly, and a longer note.
pub(super) const KALIMBA: Mallet = Mallet {
    partials: [(1.0, 1.0, 1.0), (5.4, 0.12, 0.15), (2.0, 0.08, 0.5)],
    decay: 0.8,
};

/// Soft metal bars: a near-octave overtone that rings with the note.
pub(super) const VIBES: Mallet = Mallet {
    partials: [(1.0, 1.0, 1.0), (4.0, 0.14, 0.4), (2.01, 0.05, 0.6)],
    decay: 0.9,
};

/// A note to render: when (seconds into the segment), what, how loud.
#[derive(Debug, Clone, Copy)]
pub(super) struct Note {
    pub(super) at: f32,
    pub(super) freq: f32,
    pub(super) velocity: f32,
    pub(super) voice: Voice,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Voice {
    /// The tune's mallet.
    Mallet,
    /// A soft low pluck.
    Bass,
    /// A held chord tone, swelling in and out over `length` seconds.
    Pad { length: f32 },
}

pub(super) fn semitones(count: i32) -> f32 {
    2f32.powf(count as f32 / 12.0)
}

/// How loud each voice is: the tune over the chords, all of it well under the effects.
pub(super) const MALLET_GAIN: f32 = 0.07;
pub(super) const BASS_GAIN: f32 = 0.06;
pub(super) const PAD_GAIN: f32 = 0.014;

pub(super) fn render(note: &Note, mallet: &Mallet, samples: &mut [f32]) {
    let start = seconds(note.at, RATE);
    let Some(out) = samples.get_mut(start..) else {
        return;
    };
    match note.voice {
        Voice::Mallet => {
            let decay = mallet.decay * (220.0 / note.freq).powf(0.5);
            for &(ratio, amp, share) in &mallet.partials {
                let freq = note.freq * ratio;
                if freq < 5_000.0 {
                    ring(
                        out,
                        freq,
                        amp * note.velocity * MALLET_GAIN,
                        decay * share,
                        0.004,
                    );
                }
            }
        }
        Voice::Bass => {
            for (ratio, amp) in [(1.0, 1.0), (2.0, 0.25), (3.0, 0.06)] {
                let gain = amp * note.velocity * BASS_GAIN;
                ring(out, note.freq * ratio, gain, 1.4 / ratio, 0.012);
            }
        }
        Voice::Pad { length } => {
            let gain = note.velocity * PAD_GAIN;
            for (detune, amp) in [(0.998, 1.0), (1.002, 1.0), (2.0, 0.2)] {
                swell(out, note.freq * detune, gain * amp, length);
            }
        }
    }
}

/// A struck partial: a rise over `attack` seconds, then an exponential decay over `decay`.
pub(super) fn ring(out: &mut [f32], freq: f32, gain: f32, decay: f32, attack: f32) {
    let length = seconds(decay * 7.0, RATE).min(out.len());
    let attack = seconds(attack, RATE).max(1);
    let step = TAU * freq / RATE as f32;
    let damping = (-1.0 / (decay * RATE as f32)).exp();
    let (rot_re, rot_im) = (step.cos() * damping, step.sin() * damping);
    let (mut re, mut im) = (gain, 0.0f32);
    for (i, sample) in out[..length].iter_mut().enumerate() {
        let rise = if i < attack {
            i as f32 / attack as f32
        } else {
            1.0
        };
        *sample += im * rise;
        (re, im) = (re * rot_re - im * rot_im, re * rot_im + im * rot_re);
    }
}

/// A held tone that swells in over a second or so, holds, and fades over two: a pad.
pub(super) fn swell(out: &mut [f32], freq: f32, gain: f32, length: f32) {
    let attack = (length * 0.35).min(1.4);
    let release = 2.2;
    let total = seconds(length + release, RATE).min(out.len());
    let step = TAU * freq / RATE as f32;
    let (rot_re, rot_im) = (step.cos(), step.sin());
    let (mut re, mut im) = (1.0f32, 0.0f32);
    let rate = RATE as f32;
    for (i, sample) in out[..total].iter_mut().enumerate() {
        let t = i as f32 / rate;
        let envelope = if t < attack {
            (0.5 * PI * t / attack).sin().powi(2)
        } else if t < length {
            1.0
        } else {
            let left = 1.0 - (t - length) / release;
            left * left
        };
        *sample += im * gain * envelope;
        (re, im) = (re * rot_re - im * rot_im, re * rot_im + im * rot_re);
        // Keep the phasor on the unit circle: rounding would otherwise drift it over seconds.
        if i % 1024 == 0 {
            let norm = (re * re + im * im).sqrt();
            (re, im) = (re / norm, im / norm);
        }
    }
}

/// A small room: four damped comb filters in parallel and two all-passes after them (a
/// Schroeder reverberator), mixed softly under the dry sound.
pub(super) fn reverberate(samples: &mut [f32]) {
    const COMBS: [usize; 4] = [1_117, 1_277, 1_399, 1_523];
    const ALL_PASSES: [usize; 2] = [241, 83];
    let mut combs: Vec<(Vec<f32>, usize, f32)> =
        COMBS.iter().map(|&len| (vec![0.0; len], 0, 0.0)).collect();
    let mut all_passes: Vec<(Vec<f32>, usize)> =
        ALL_PASSES.iter().map(|&len| (vec![0.0; len], 0)).collect();
    for sample in samples.iter_mut() {
        let dry = *sample;
        let mut wet = 0.0;
        for (buffer, index, damped) in &mut combs {
            let out = buffer[*index];
            *damped = out * 0.6 + *damped * 0.4;
            buffer[*index] = dry + *damped * 0.8;
            *index = (*index + 1) % buffer.len();
            wet += out;
        }
        wet *= 0.25;
        for (buffer, index) in &mut all_passes {
            let delayed = buffer[*index];
            let out = delayed - wet * 0.5;
            buffer[*index] = wet + delayed * 0.5;
            *index = (*index + 1) % buffer.len();
            wet = out;
        }
        *sample = dry + wet * 0.35;
    }
}

/// Brings the last second and a half to silence, so the tail never ends on a step.
pub(super) fn fade_tail(samples: &mut [f32]) {
    let fade = seconds(1.5, RATE).min(samples.len());
    let len = samples.len();
    for (k, sample) in samples[len - fade..].iter_mut().enumerate() {
        let left = 1.0 - k as f32 / fade as f32;
        *sample *= left * left;
    }
}
