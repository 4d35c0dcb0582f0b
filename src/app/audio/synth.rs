//! Effects by modal synthesis: a short filtered strike rings a few inharmonic modes, each with
//! its own decay, and every take of a sound varies a little so no two knocks are the same.

use std::f32::consts::TAU;

/// The effects' sample rate.
pub const RATE: u32 = 44_100;

/// How many takes of each varied sound are made; one is chosen at random per play.
pub const TAKES: u32 = 6;

pub(super) fn seconds(duration: f32, rate: u32) -> usize {
    (duration * rate as f32) as usize
}

/// A deterministic noise source, so every run makes the same takes.
#[derive(Debug, Clone)]
pub struct Noise(u32);

impl Noise {
    /// A source for one seed; a seed of zero is moved off the xorshift's fixed point.
    #[must_use]
    pub fn new(seed: u32) -> Self {
        Self((seed.wrapping_mul(0x9e37_79b9) ^ 0x5bd1_e995).max(1))
    }

    /// The next value, evenly spread over -1..1.
    pub fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }

    /// `1 ± spread`, for varying a take's partials.
    pub fn around_one(&mut self, spread: f32) -> f32 {
        1.0 + spread * self.next()
    }
}

/// One resonance of a struck body: its frequency (Hz), its decay to 1/e (seconds) and how
/// loud the strike makes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mode {
    pub freq: f32,
    pub decay: f32,
    pub amp: f32,
}

/// How a body is struck: the contact time softens the onset (a soft mallet rounds it, a hard
/// stone barely), and the strike's own noise, low-passed at `brightness` Hz and dying away over
/// `burst` seconds, is the "tick" of the contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strike {
    pub contact: f32,
    pub noise: f32,
    pub brightness: f32,
    pub burst: f32,
}

/// Modal ratios of a small wooden board: inharmonic and crowded, as a plank's bending modes
/// are, with the wood damping the upper ones quickly.
const WOOD: [f32; 6] = [1.0, 1.59, 2.36, 3.17, 4.27, 5.81];

/// A hard small body (a slate or glass stone): fewer, sparser and longer-ringing modes.
const STONE: [f32; 4] = [1.0, 1.68, 2.61, 3.73];

/// The modes of a body with these `ratios` over `base` Hz: each decays faster the higher it
/// is, and each take detunes, re-weights and re-damps them a little (where the strike lands).
fn body(ratios: &[f32], base: f32, decay: f32, gain: f32, noise: &mut Noise) -> Vec<Mode> {
    ratios
        .iter()
        .enumerate()
        .map(|(index, &ratio)| Mode {
            freq: base * ratio * noise.around_one(0.015),
            decay: decay / ratio.powf(0.7) * noise.around_one(0.12),
            amp: gain / (1.0 + index as f32 * 0.55) * noise.around_one(0.3),
        })
        .filter(|mode| mode.freq < 6_000.0)
        .collect()
}

/// Decaying modes struck together, with the strike's filtered noise on top: the sound of one
/// hit, ending once the modes have died away (at most `longest` seconds).
#[must_use]
pub fn struck(modes: &[Mode], strike: Strike, longest: f32, noise: &mut Noise) -> Vec<f32> {
    let ring = modes.iter().map(|m| m.decay * 6.0).fold(0.02, f32::max);
    let length = seconds(ring.min(longest), RATE);
    let mut samples = vec![0.0f32; length];
    for mode in modes {
        add_mode(&mut samples, mode);
    }
    let contact = seconds(strike.contact, RATE).max(1);
    let burst = strike.burst * RATE as f32;
    let lowpass = one_pole(strike.brightness);
    let (mut first, mut second) = (0.0f32, 0.0f32);
    for (i, sample) in samples.iter_mut().enumerate() {
        // A raised-cosine onset over the contact time: the body starts from rest.
        let onset = if i < contact {
            0.5 - 0.5 * (std::f32::consts::PI * i as f32 / contact as f32).cos()
        } else {
            1.0
        };
        first += (noise.next() - first) * lowpass;
        second += (first - second) * lowpass;
        let burst = (-(i as f32) / burst).exp();
        *sample = *sample * onset + second * strike.noise * burst * onset;
    }
    fade_out(&mut samples, 0.004);
    samples
}

/// Adds one decaying sine, computed by rotating a phasor rather than calling `sin` per sample.
fn add_mode(samples: &mut [f32], mode: &Mode) {
    let step = TAU * mode.freq / RATE as f32;
    let damping = (-1.0 / (mode.decay * RATE as f32)).exp();
    let (rot_re, rot_im) = (step.cos() * damping, step.sin() * damping);
    let (mut re, mut im) = (mode.amp, 0.0f32);
    for sample in samples.iter_mut() {
        *sample += im;
        (re, im) = (re * rot_re - im * rot_im, re * rot_im + im * rot_re);
        if re.abs() + im.abs() < 1e-5 {
            break;
        }
    }
}

/// The coefficient of a one-pole low-pass at `cutoff` Hz.
fn one_pole(cutoff: f32) -> f32 {
    1.0 - (-TAU * cutoff / RATE as f32).exp()
}

/// Brings the last `duration` seconds smoothly to zero, so a sound never ends on a step.
fn fade_out(samples: &mut [f32], duration: f32) {
    let fade = seconds(duration, RATE).min(samples.len());
    let len = samples.len();
    for (k, sample) in samples[len - fade..].iter_mut().enumerate() {
        *sample *= 1.0 - k as f32 / fade as f32;
    }
}

/// A stone set down on a wooden board: the board's low modes, the stone's brighter ones and
/// a short tick of contact. `pitch` scales the board (a smaller board is higher).
#[must_use]
pub fn stone_on_wood(gain: f32, pitch: f32, take: u32) -> Vec<f32> {
    let mut noise = Noise::new(0x5701 + take);
    let mut modes = body(&WOOD, 185.0 * pitch, 0.07, 0.6, &mut noise);
    let stone = 1_750.0 * pitch.sqrt() * noise.around_one(0.04);
    modes.extend(body(&STONE, stone, 0.03, 0.22, &mut noise));
    let strike = Strike {
        contact: 0.0006,
        noise: 2.0,
        brightness: 3_500.0,
        burst: 0.003,
    };
    scaled(struck(&modes, strike, 0.26, &mut noise), gain)
}

/// Wood on wood: a tile, a block or a knuckle, duller than a stone; `pitch` scales the modes.
#[must_use]
pub fn wood_knock(gain: f32, pitch: f32, take: u32) -> Vec<f32> {
    let mut noise = Noise::new(0x0d00 + take);
    let modes = body(&WOOD, 230.0 * pitch, 0.045, 0.7, &mut noise);
    let strike = Strike {
        contact: 0.0012,
        noise: 1.6,
        brightness: 2_200.0 * pitch.sqrt(),
        burst: 0.004,
    };
    scaled(struck(&modes, strike, 0.22, &mut noise), gain)
}

/// A single light tap at `freq`, decaying over `decay` seconds: a small hard body struck by a
/// fingertip.
#[must_use]
pub fn tap(freq: f32, decay: f32, gain: f32, take: u32) -> Vec<f32> {
    let mut noise = Noise::new(0x7a9 + take);
    let modes = body(&WOOD[..4], freq, decay, 1.0, &mut noise);
    let strike = Strike {
        contact: 0.0008,
        noise: 0.3,
        brightness: 3_000.0,
        burst: 0.002,
    };
    scaled(struck(&modes, strike, decay * 8.0, &mut noise), gain)
}

/// Two soft low knocks: "not there".
#[must_use]
pub fn double_knock(take: u32) -> Vec<f32> {
    let soft = |gain: f32, take: u32| {
        let mut noise = Noise::new(0xdb1 + take);
        let modes = body(&WOOD, 200.0, 0.035, 0.55, &mut noise);
        let strike = Strike {
            contact: 0.003,
            noise: 0.25,
            brightness: 1_200.0,
            burst: 0.006,
        };
        scaled(struck(&modes, strike, 0.12, &mut noise), gain)
    };
    sequence(&[(0.0, soft(0.45, take * 2)), (0.1, soft(0.36, take * 2 + 1))])
}

/// A stone gliding over wood: friction noise ringing the board's modes, then a small knock as
/// it stops.
#[must_use]
pub fn slide(take: u32) -> Vec<f32> {
    let length = 0.24 * Noise::new(0x51de + take).around_one(0.08);
    let mut noise = Noise::new(0x51de + take);
    let board = body(&WOOD, 420.0, 0.02, 1.0, &mut noise);
    let friction: Vec<f32> = (0..seconds(length, RATE))
        .map(|i| {
            let t = i as f32 / length / RATE as f32;
            // Grain of the wood: the pressure wavers as the stone goes.
            let grain = 1.0 + 0.3 * (TAU * 23.0 * t * length).sin() * noise.next().abs();
            noise.next() * (t * 6.0).min(1.0) * (1.0 - t).powf(1.5) * grain
        })
        .collect();
    let mut samples = resonate(&friction, &board, 1_800.0);
    scale_to(&mut samples, 0.22);
    let knock = stone_on_wood(0.3, 1.15, take);
    mix_in(&mut samples, length - 0.03, &knock);
    fade_out(&mut samples, 0.004);
    samples
}

/// Drives a bank of resonators (one per mode) with `input`, low-passed at `brightness` Hz:
/// a sustained excitation such as friction, where a strike would be a single push.
fn resonate(input: &[f32], modes: &[Mode], brightness: f32) -> Vec<f32> {
    let lowpass = one_pole(brightness);
    let mut soft = 0.0f32;
    let excitation: Vec<f32> = input
        .iter()
        .map(|&x| {
            soft += (x - soft) * lowpass;
            soft
        })
        .collect();
    let mut out = vec![0.0f32; input.len()];
    for mode in modes {
        let r = (-1.0 / (mode.decay * RATE as f32)).exp();
        let cosine = (TAU * mode.freq / RATE as f32).cos();
        let (mut y1, mut y2) = (0.0f32, 0.0f32);
        for (sample, &x) in out.iter_mut().zip(&excitation) {
            let y = x * (1.0 - r) * mode.amp + 2.0 * r * cosine * y1 - r * r * y2;
            (y2, y1) = (y1, y);
            *sample += y;
        }
    }
    out
}

/// A small bell: inharmonic partials with a long, clean decay.
#[must_use]
pub fn bell(freq: f32, length: f32, gain: f32) -> Vec<f32> {
    let modes =
        [(1.0, 0.35, 1.0), (2.76, 0.16, 0.35), (5.4, 0.07, 0.15)].map(|(ratio, decay, amp)| Mode {
            freq: freq * ratio,
            decay: length * decay,
            amp: gain * amp,
        });
    let mut samples = vec![0.0f32; seconds(length, RATE)];
    for mode in modes.iter().filter(|mode| mode.freq < 7_000.0) {
        add_mode(&mut samples, mode);
    }
    // A soft mallet: the first two milliseconds rise from rest.
    let onset = seconds(0.002, RATE);
    for (i, sample) in samples.iter_mut().take(onset).enumerate() {
        *sample *= i as f32 / onset as f32;
    }
    fade_out(&mut samples, 0.02);
    samples
}

/// Cloth and wood: a soft rustle with a few small clicks inside it, like a hand in a bag
/// of tiles.
#[must_use]
pub fn rustle(length: f32, gain: f32, take: u32) -> Vec<f32> {
    let mut noise = Noise::new(0x0bad + take);
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
    let mut at = 0.08 + 0.05 * noise.next().abs();
    let mut click = 0;
    while at < length - 0.1 {
        let pitch = 1.8 + 0.5 * noise.next();
        mix_in(
            &mut samples,
            at,
            &wood_knock(gain * 0.5, pitch, take * 5 + click),
        );
        at += 0.07 + 0.06 * noise.next().abs();
        click += 1;
    }
    fade_out(&mut samples, 0.004);
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

/// The loudest absolute sample.
#[must_use]
pub fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0, |m, s| m.max(s.abs()))
}

/// Scales a take so its peak is `gain`: the takes of a sound vary in colour, not loudness.
fn scaled(mut samples: Vec<f32>, gain: f32) -> Vec<f32> {
    scale_to(&mut samples, gain);
    samples
}

fn scale_to(samples: &mut [f32], gain: f32) {
    let loudest = peak(samples).max(f32::MIN_POSITIVE);
    samples.iter_mut().for_each(|s| *s *= gain / loudest);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The share of energy left after a one-pole high-pass at `cutoff` Hz: a cheap measure of
    /// how much is up there (a one-pole filter rolls off gently, so this overstates it).
    pub(crate) fn share_above(samples: &[f32], rate: u32, cutoff: f32) -> f32 {
        let k = (-TAU * cutoff / rate as f32).exp();
        let (mut previous_in, mut previous_out) = (0.0f32, 0.0f32);
        let mut high = 0.0f32;
        for &x in samples {
            let y = k * (previous_out + x - previous_in);
            (previous_in, previous_out) = (x, y);
            high += y * y;
        }
        let total: f32 = samples.iter().map(|s| s * s).sum();
        high / total.max(f32::MIN_POSITIVE)
    }

    fn every_effect() -> Vec<(&'static str, Vec<f32>, f32)> {
        let mut all = Vec::new();
        for take in 0..TAKES {
            all.extend([
                ("stone on wood", stone_on_wood(0.55, 1.0, take), 0.3),
                ("wood knock", wood_knock(0.5, 1.55, take), 0.3),
                ("slide", slide(take), 0.5),
                ("tap", tap(1400.0, 0.02, 0.25, take), 0.3),
                ("illegal", double_knock(take), 0.4),
                ("rustle", rustle(0.45, 0.5, take), 0.6),
            ]);
        }
        all
    }

    #[test]
    fn effects_are_short_soft_and_never_clip() {
        for (name, samples, longest) in every_effect() {
            let seconds = samples.len() as f32 / RATE as f32;
            assert!(seconds <= longest, "{name} lasts {seconds} s");
            let peak = peak(&samples);
            assert!(peak > 0.05 && peak < 1.0, "{name} peaks at {peak}");
            let last = samples[samples.len() - 1].abs();
            assert!(samples[0].abs() < 0.01 && last < 0.01, "{name} clicks");
        }
    }

    #[test]
    fn effects_keep_little_energy_above_eight_kilohertz() {
        for (name, samples, _) in every_effect() {
            let high = share_above(&samples, RATE, 8_000.0);
            assert!(high < 0.05, "{name}: {:.1}% above 8 kHz", high * 100.0);
        }
    }

    #[test]
    fn the_takes_of_a_sound_differ_from_each_other() {
        type Maker = fn(u32) -> Vec<f32>;
        let makers: [(&str, Maker); 4] = [
            ("stone on wood", |take| stone_on_wood(0.55, 1.0, take)),
            ("wood knock", |take| wood_knock(0.5, 1.0, take)),
            ("slide", slide),
            ("illegal", double_knock),
        ];
        for (name, make) in makers {
            let takes: Vec<Vec<f32>> = (0..TAKES).map(make).collect();
            for (a, first) in takes.iter().enumerate() {
                for second in &takes[a + 1..] {
                    let n = first.len().min(second.len());
                    let difference: f32 = (0..n).map(|i| (first[i] - second[i]).powi(2)).sum();
                    let energy: f32 = first[..n].iter().map(|s| s * s).sum();
                    assert!(
                        difference > 0.05 * energy,
                        "{name}: two takes are nearly the same"
                    );
                }
            }
        }
    }

    #[test]
    fn a_knock_rings_inharmonic_modes_that_die_away_at_their_own_rates() {
        let mut noise = Noise::new(1);
        let modes = body(&WOOD, 185.0, 0.07, 0.6, &mut noise);
        for mode in &modes[1..] {
            let ratio = mode.freq / modes[0].freq;
            assert!(
                (ratio - ratio.round()).abs() > 0.05,
                "{ratio} is nearly harmonic"
            );
        }
        assert!(modes.first().unwrap().decay > 2.0 * modes.last().unwrap().decay);
        let knock = stone_on_wood(0.55, 1.0, 0);
        let energy = |from: f32, to: f32| -> f32 {
            knock[seconds(from, RATE)..seconds(to, RATE)]
                .iter()
                .map(|s| s * s)
                .sum()
        };
        assert!(energy(0.0, 0.03) > 4.0 * energy(0.06, 0.09), "it decays");
    }
}
