//! The generative music: a calm piece composed as it plays, phrase by phrase, so it never loops.

// A seeded random walk picks each bar's chord by weighted choice, writes short motifs on a
// pentatonic scale and answers them with varied copies (moved, turned upside down, played
// backwards, re-timed), and now and then rests the tune over a broken chord. Each `MusicMood`
// has its own key, mode, tempo and mallet. The music is made in `Segment`s of whole phrases
// (about half a minute) followed by the tail of their last notes; the player starts each
// segment where the previous one's phrases end, over that tail, so a few milliseconds of
// lateness fall on a phrase's breath and never on a note.

use std::collections::VecDeque;

use super::instruments::{
    KALIMBA, MARIMBA, Mallet, Note, RATE, VIBES, Voice, fade_tail, render, reverberate, semitones,
};
use super::synth::{Noise, seconds};

/// Seconds each segment rings on after its last bar, under the start of the next.
const TAIL: f32 = 5.0;

/// Roughly how long a segment's phrases last.
const SEGMENT_SECONDS: f32 = 30.0;

/// What the music sounds like on a screen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum MusicMood {
    /// The title and the menus: F major, unhurried.
    #[default]
    Title,
    /// The hex game: D dorian in three, low and sparse, to think over.
    Hex,
    /// The tile game: G mixolydian, a little brighter and lighter.
    Tiles,
    /// The attract mode: C lydian, a little busier, for passers-by.
    Attract,
}

impl MusicMood {
    pub const ALL: [MusicMood; 4] = [Self::Title, Self::Hex, Self::Tiles, Self::Attract];

    /// The name of the mood's sample in `abakus sounds`.
    #[must_use]
    pub fn sample_name(self) -> &'static str {
        match self {
            Self::Title => "music-title",
            Self::Hex => "music-hex",
            Self::Tiles => "music-tiles",
            Self::Attract => "music-attract",
        }
    }

    fn style(self) -> Style {
        const IONIAN: [i32; 7] = [0, 2, 4, 5, 7, 9, 11];
        const DORIAN: [i32; 7] = [0, 2, 3, 5, 7, 9, 10];
        const MIXOLYDIAN: [i32; 7] = [0, 2, 4, 5, 7, 9, 10];
        const LYDIAN: [i32; 7] = [0, 2, 4, 6, 7, 9, 11];
        match self {
            Self::Title => Style {
                tonic: 349.23,
                mode: IONIAN,
                tune: [0, 1, 2, 4, 5],
                beat: 60.0 / 63.0,
                beats: 4,
                mallet: MARIMBA,
                busy: 0.32,
            },
            Self::Hex => Style {
                tonic: 293.66,
                mode: DORIAN,
                tune: [0, 2, 3, 4, 6],
                beat: 60.0 / 84.0,
                beats: 3,
                mallet: MARIMBA,
                busy: 0.28,
            },
            Self::Tiles => Style {
                tonic: 392.0,
                mode: MIXOLYDIAN,
                tune: [0, 1, 2, 4, 5],
                beat: 60.0 / 69.0,
                beats: 4,
                mallet: KALIMBA,
                busy: 0.34,
            },
            Self::Attract => Style {
                tonic: 261.63,
                mode: LYDIAN,
                tune: [0, 1, 3, 4, 5],
                beat: 60.0 / 72.0,
                beats: 4,
                mallet: VIBES,
                busy: 0.42,
            },
        }
    }
}

/// A mood's musical frame.
#[derive(Debug, Clone, Copy)]
struct Style {
    /// The key's first degree, in the tune's lower octave (Hz).
    tonic: f32,
    /// The mode's seven degrees, in semitones over the tonic; chords are built on them.
    mode: [i32; 7],
    /// The five degrees of the mode the tune walks on: a pentatonic, so it never clashes.
    tune: [usize; 5],
    /// Seconds per beat.
    beat: f32,
    /// Beats per bar.
    beats: u32,
    mallet: Mallet,
    /// The chance that an eighth carries a note of the tune.
    busy: f32,
}

/// Which chord may follow which, by scale degree (0 is the key's own chord), and how often:
/// the usual moves of calm tonal music, leaving out the seventh degree.
const NEXT_CHORD: [&[(usize, u32)]; 6] = [
    &[(3, 3), (5, 3), (1, 2), (4, 2), (2, 1)],
    &[(4, 3), (3, 2), (0, 1), (5, 1)],
    &[(5, 3), (3, 2), (1, 1)],
    &[(0, 3), (4, 2), (1, 2), (5, 1)],
    &[(0, 4), (5, 3), (3, 1)],
    &[(3, 3), (1, 2), (4, 2), (0, 1)],
];

/// The highest step of the tune: two octaves of the pentatonic.
const TOP_STEP: i32 = 10;

/// One note of a motif: on which eighth of the bar, how far from the motif's anchor (in steps
/// of the pentatonic), and how hard.
#[derive(Debug, Clone, Copy, PartialEq)]
struct MotifNote {
    eighth: u32,
    step: i32,
    velocity: f32,
}

/// A bar's worth of tune, relative to an anchor step.
#[derive(Debug, Clone, PartialEq)]
struct Motif {
    anchor: i32,
    notes: Vec<MotifNote>,
}

/// A stretch of music: its samples, and after how many of them the next segment starts (the
/// rest is the tail that rings on under it).
#[derive(Debug, Clone)]
pub struct Segment {
    pub samples: Vec<f32>,
    pub advance: usize,
}

impl Segment {
    /// Seconds until the next segment starts.
    #[must_use]
    pub fn advance_seconds(&self) -> f64 {
        self.advance as f64 / f64::from(RATE)
    }
}

/// The composer: it remembers the chord, the tune's place and its last motif from one
/// segment to the next, so the piece goes on rather than starting over.
#[derive(Debug, Clone)]
pub struct Composer {
    style: Style,
    random: Noise,
    chord: usize,
    /// Where the tune is, in steps of the pentatonic.
    step: i32,
    last_motif: Option<Motif>,
    /// The motifs played lately: a variation that comes back to one of them (turned upside
    /// down twice, say) is tried again.
    recent: VecDeque<Motif>,
}

/// How many motifs back a new one must differ from.
const REMEMBERED: usize = 24;

impl Composer {
    #[must_use]
    pub fn new(mood: MusicMood, seed: u32) -> Self {
        Self {
            style: mood.style(),
            random: Noise::new(seed ^ 0x00c0_ffee),
            chord: 0,
            step: 5,
            last_motif: None,
            recent: VecDeque::new(),
        }
    }

    /// The next half minute or so of music, with its tail.
    pub fn segment(&mut self) -> Segment {
        let bar = self.style.beat * self.style.beats as f32;
        let phrases = (SEGMENT_SECONDS / (2.0 * bar)).round().max(1.0) as usize;
        let mut notes = Vec::new();
        for phrase in 0..phrases {
            self.phrase(phrase as f32 * 2.0 * bar, &mut notes);
        }
        let advance = seconds(phrases as f32 * 2.0 * bar, RATE);
        let mut samples = vec![0.0f32; advance + seconds(TAIL, RATE)];
        for note in &notes {
            render(note, &self.style.mallet, &mut samples);
        }
        reverberate(&mut samples);
        fade_tail(&mut samples);
        Segment { samples, advance }
    }

    /// Two bars: a call and its answer over two chords, or now and then a rest for the tune.
    fn phrase(&mut self, at: f32, notes: &mut Vec<Note>) {
        let bar = self.style.beat * self.style.beats as f32;
        let resting = self.chance(0.08);
        let call = if resting { None } else { Some(self.call()) };
        for half in 0..2 {
            let start = at + half as f32 * bar;
            if half == 0 || !self.chance(0.3) {
                self.chord = self.next_chord();
            }
            self.accompany(start, notes);
            let motif = match (&call, half) {
                (None, _) => {
                    self.arpeggiate(start, notes);
                    continue;
                }
                (Some(call), 0) => call.clone(),
                (Some(call), _) if self.chance(0.25) => self.closing_note(call),
                (Some(call), _) => self.answer(call),
            };
            self.play_motif(&motif, start, notes);
            self.step = motif.anchor;
            if self.recent.len() == REMEMBERED {
                self.recent.pop_front();
            }
            self.recent.push_back(motif.clone());
            self.last_motif = Some(motif);
        }
    }

    /// A phrase's first bar: a varied copy of the last motif, or now and then a new one, but
    /// never one of the motifs heard lately.
    fn call(&mut self) -> Motif {
        for _ in 0..4 {
            let motif = match self.last_motif.clone() {
                Some(last) if self.chance(0.6) => self.vary(&last),
                _ => self.new_motif(),
            };
            if !self.recent.contains(&motif) {
                return motif;
            }
        }
        self.new_motif()
    }

    fn chance(&mut self, probability: f32) -> bool {
        (self.random.next() + 1.0) * 0.5 < probability
    }

    /// An index below `count`, evenly.
    fn below(&mut self, count: usize) -> usize {
        (((self.random.next() + 1.0) * 0.5 * count as f32) as usize).min(count - 1)
    }

    fn next_chord(&mut self) -> usize {
        let choices = NEXT_CHORD[self.chord.min(5)];
        let total: u32 = choices.iter().map(|&(_, weight)| weight).sum();
        let mut pick = self.below(total as usize) as u32;
        for &(chord, weight) in choices {
            if pick < weight {
                return chord;
            }
            pick -= weight;
        }
        0
    }

    /// A new motif: a few notes on the eighths of a bar, stepping mostly by neighbours.
    fn new_motif(&mut self) -> Motif {
        let eighths = self.style.beats * 2;
        let mut notes = Vec::new();
        let mut step = 0;
        for eighth in 0..eighths {
            let on_beat = eighth % 2 == 0;
            let busy = if on_beat {
                self.style.busy * 1.6
            } else {
                self.style.busy * 0.6
            };
            if eighth == 0 && self.chance(0.7) || eighth > 0 && self.chance(busy) {
                step += [-2, -1, -1, 0, 1, 1, 2][self.below(7)];
                let velocity = if on_beat { 0.9 } else { 0.65 };
                notes.push(MotifNote {
                    eighth,
                    step,
                    velocity,
                });
            }
        }
        if notes.is_empty() {
            notes.push(MotifNote {
                eighth: 0,
                step: 0,
                velocity: 0.9,
            });
        }
        // The tune drifts back toward the middle of its range.
        let anchor = self.step + self.below(3) as i32 - 1 - (self.step - 5).signum();
        Motif { anchor, notes }
    }

    /// A copy of `motif` changed in one or two ways, never left as it was.
    fn vary(&mut self, motif: &Motif) -> Motif {
        let mut varied = motif.clone();
        let changes = 1 + self.below(2);
        for _ in 0..changes {
            match self.below(5) {
                0 => varied.anchor += [-2, -1, 1, 2][self.below(4)],
                1 => varied.notes.iter_mut().for_each(|n| n.step = -n.step),
                2 => {
                    let steps: Vec<i32> = varied.notes.iter().rev().map(|n| n.step).collect();
                    for (note, step) in varied.notes.iter_mut().zip(steps) {
                        note.step = step;
                    }
                }
                3 => self.retime(&mut varied),
                _ => self.ornament(&mut varied),
            }
        }
        // The tune drifts back toward the middle of its range.
        varied.anchor -= (varied.anchor - 5) / 3;
        if varied == *motif {
            varied.anchor += if motif.anchor > 5 { -1 } else { 1 };
        }
        varied
    }

    /// A varied copy of the call, unlike the motifs heard lately.
    fn answer(&mut self, call: &Motif) -> Motif {
        for _ in 0..4 {
            let motif = self.vary(call);
            if !self.recent.contains(&motif) {
                return motif;
            }
        }
        self.new_motif()
    }

    /// Moves one note by an eighth, or drops one if there are several.
    fn retime(&mut self, motif: &mut Motif) {
        let eighths = self.style.beats * 2;
        let index = self.below(motif.notes.len());
        if motif.notes.len() > 2 && self.chance(0.4) {
            motif.notes.remove(index);
            return;
        }
        let moved = motif.notes[index].eighth as i32 + if self.chance(0.5) { 1 } else { -1 };
        let free = |e: i32| {
            e >= 0 && e < eighths as i32 && motif.notes.iter().all(|n| n.eighth as i32 != e)
        };
        if free(moved) {
            motif.notes[index].eighth = moved as u32;
            motif.notes.sort_by_key(|n| n.eighth);
        }
    }

    /// Adds a passing or neighbour note on a free eighth.
    fn ornament(&mut self, motif: &mut Motif) {
        let eighths = self.style.beats * 2;
        let start = self.below(eighths as usize) as u32;
        let Some(eighth) = (0..eighths)
            .map(|k| (start + k) % eighths)
            .find(|&e| motif.notes.iter().all(|n| n.eighth != e))
        else {
            return;
        };
        let near = motif
            .notes
            .iter()
            .min_by_key(|n| n.eighth.abs_diff(eighth))
            .map_or(0, |n| n.step);
        motif.notes.push(MotifNote {
            eighth,
            step: near + if self.chance(0.5) { 1 } else { -1 },
            velocity: 0.55,
        });
        motif.notes.sort_by_key(|n| n.eighth);
    }

    /// While the tune rests, a few soft notes of the chord, broken in no fixed order: a bar
    /// is never only a held chord, which would sound the same each time it came.
    fn arpeggiate(&mut self, bar_start: f32, notes: &mut Vec<Note>) {
        let eighths = self.style.beats * 2;
        let mut eighth = self.below(2) as u32;
        let mut step = self.step;
        while eighth < eighths {
            let leap = [-3, -2, 2, 3][self.below(4)];
            step = self.tune_step_near(self.chord, step + leap);
            notes.push(Note {
                at: bar_start + eighth as f32 * self.style.beat / 2.0,
                freq: self.style.tonic * semitones(self.tune_semitones(step)),
                velocity: 0.4 * self.random.around_one(0.25),
                voice: Voice::Mallet,
            });
            eighth += 2 + self.below(3) as u32;
        }
    }

    /// An answer that settles: one long note on the chord's root or fifth.
    fn closing_note(&mut self, call: &Motif) -> Motif {
        let root = self.tune_step_near(self.chord, call.anchor);
        Motif {
            anchor: root,
            notes: vec![MotifNote {
                eighth: 0,
                step: 0,
                velocity: 0.8,
            }],
        }
    }

    /// The tune's step closest to `near` whose pitch is the chord's root or a chord tone.
    fn tune_step_near(&self, chord: usize, near: i32) -> i32 {
        let tones = [chord, chord + 2, chord + 4].map(|d| self.style.mode[d % 7].rem_euclid(12));
        (0..=TOP_STEP)
            .filter(|&s| tones.contains(&self.tune_semitones(s).rem_euclid(12)))
            .min_by_key(|&s| (s - near).abs())
            .unwrap_or(near)
    }

    /// Semitones over the tonic of a step of the tune.
    fn tune_semitones(&self, step: i32) -> i32 {
        let step = step.clamp(0, TOP_STEP);
        12 * (step / 5) + self.style.mode[self.style.tune[(step % 5) as usize]]
    }

    fn play_motif(&mut self, motif: &Motif, bar_start: f32, notes: &mut Vec<Note>) {
        let eighth = self.style.beat / 2.0;
        for note in &motif.notes {
            let mut step = (motif.anchor + note.step).clamp(0, TOP_STEP);
            // On the beat, the tune leans to the chord's own notes.
            if note.eighth % 2 == 0 && self.chance(0.6) {
                step = self.tune_step_near(self.chord, step);
            }
            let jitter = self.random.next() * 0.012;
            notes.push(Note {
                at: (bar_start + note.eighth as f32 * eighth + jitter).max(0.0),
                freq: self.style.tonic * semitones(self.tune_semitones(step)),
                velocity: note.velocity * self.random.around_one(0.15),
                voice: Voice::Mallet,
            });
        }
        // Now and then a high, soft note an octave over the tune, like a bell far off.
        if self.chance(0.12) {
            let step = self.tune_step_near(self.chord, 7);
            let beat = self.below(self.style.beats as usize) as f32;
            notes.push(Note {
                at: bar_start + beat * self.style.beat,
                freq: self.style.tonic * 2.0 * semitones(self.tune_semitones(step)),
                velocity: 0.3,
                voice: Voice::Mallet,
            });
        }
    }

    /// The bar's chord held softly, voiced a little differently each time, and a low note on
    /// its root (sometimes its fifth as well).
    fn accompany(&mut self, start: f32, notes: &mut Vec<Note>) {
        let bar = self.style.beat * self.style.beats as f32;
        let low = self.style.tonic / 2.0;
        let mut degrees = vec![0, 2, 4];
        if self.chance(0.4) {
            degrees.push(6);
        }
        if self.chance(0.25) {
            degrees.push(8);
        }
        if degrees.len() > 3 && self.chance(0.5) {
            degrees.remove(1 + self.below(2));
        }
        // Where the voicing's lowest note may lie: the chords move by small steps, in a
        // different inversion from bar to bar.
        let spread = 3 + self.below(6) as i32;
        for degree in degrees {
            let tone = self.style.mode[(self.chord + degree) % 7]
                + 12 * ((self.chord + degree) / 7) as i32;
            let placed = (tone + spread).rem_euclid(12) - spread;
            let velocity = if degree == 0 { 1.0 } else { 0.8 } * self.random.around_one(0.2);
            notes.push(Note {
                at: start,
                freq: low * semitones(placed),
                velocity,
                voice: Voice::Pad { length: bar },
            });
        }
        let root = (self.style.mode[self.chord] + 5).rem_euclid(12) - 5;
        if !self.chance(0.1) {
            notes.push(Note {
                at: start,
                freq: low / 2.0 * semitones(root),
                velocity: self.random.around_one(0.15),
                voice: Voice::Bass,
            });
        }
        if self.chance(0.4) {
            let fifth = (self.style.mode[(self.chord + 4) % 7] + 5).rem_euclid(12) - 5;
            let beat = 1 + self.below(self.style.beats as usize - 1);
            notes.push(Note {
                at: start + self.style.beat * beat as f32,
                freq: low / 2.0 * semitones(fifth),
                velocity: 0.6 * self.random.around_one(0.2),
                voice: Voice::Bass,
            });
        }
    }
}

/// `length` seconds of one mood's music, its segments laid over one another as the player
/// lays them: for `abakus sounds` and the tests.
#[must_use]
pub fn render_for(mood: MusicMood, seed: u32, length: f32) -> Vec<f32> {
    let total = seconds(length, RATE);
    let mut samples = vec![0.0f32; total];
    let mut composer = Composer::new(mood, seed);
    let mut at = 0;
    while at < total {
        let segment = composer.segment();
        for (out, &s) in samples[at..].iter_mut().zip(&segment.samples) {
            *out += s;
        }
        at += segment.advance;
    }
    let fade = seconds(1.0, RATE).min(total);
    for (k, sample) in samples[total - fade..].iter_mut().enumerate() {
        *sample *= 1.0 - k as f32 / fade as f32;
    }
    samples
}

#[cfg(test)]
mod tests {
    use std::f32::consts::TAU;

    use super::*;
    use crate::app::audio::synth;

    const TEN_MINUTES: f32 = 600.0;

    /// Seconds each fingerprint frame covers.
    const FRAME: f32 = 0.25;

    /// Frames per compared window: four seconds.
    const WINDOW: usize = 16;

    /// The frames between two compared windows' starts: half a second, so a loop of any
    /// whole number of half seconds lines up with itself exactly.
    const HOP: usize = 2;

    /// Each quarter second's new notes: how much the strength of every semitone from 110 Hz to
    /// 1.76 kHz grew since the quarter before (by the Goertzel algorithm on the signal decimated
    /// to 5.5 kHz), folded into twelve pitch classes below and above 440 Hz. Onsets, not what
    /// is held: the same chord held under another tune is not the same music.
    fn fingerprints(samples: &[f32]) -> Vec<[f32; 24]> {
        let decimated: Vec<f32> = samples
            .chunks_exact(4)
            .map(|four| four.iter().sum::<f32>() / 4.0)
            .collect();
        let rate = RATE as f32 / 4.0;
        let frame = (FRAME * rate) as usize;
        let coefficients: Vec<f32> = (0..48)
            .map(|semitone| 2.0 * (TAU * 110.0 * semitones(semitone) / rate).cos())
            .collect();
        let strengths: Vec<Vec<f32>> = decimated
            .chunks_exact(frame)
            .map(|chunk| {
                coefficients
                    .iter()
                    .map(|&coefficient| {
                        let (mut s1, mut s2) = (0.0f32, 0.0f32);
                        for &x in chunk {
                            (s1, s2) = (x + coefficient * s1 - s2, s1);
                        }
                        (s1 * s1 + s2 * s2 - coefficient * s1 * s2).max(0.0).sqrt()
                    })
                    .collect()
            })
            .collect();
        let mut prints = vec![[0.0f32; 24]];
        for pair in strengths.windows(2) {
            let mut print = [0.0f32; 24];
            for (semitone, (before, now)) in pair[0].iter().zip(&pair[1]).enumerate() {
                print[semitone % 12 + 12 * usize::from(semitone >= 24)] += (now - before).max(0.0);
            }
            prints.push(print);
        }
        prints
    }

    /// The closest any two four-second windows at least four seconds apart come to each
    /// other, as the cosine between their fingerprints with each window's mean taken away: 1.0
    /// is the same music again.
    fn closest_repeat(samples: &[f32]) -> (f32, f32, f32) {
        let frames = fingerprints(samples);
        let windows: Vec<(usize, Vec<f32>)> = (0..frames.len().saturating_sub(WINDOW))
            .step_by(HOP)
            .filter_map(|start| {
                let mut flat: Vec<f32> = frames[start..start + WINDOW]
                    .iter()
                    .flatten()
                    .copied()
                    .collect();
                let mean = flat.iter().sum::<f32>() / flat.len() as f32;
                flat.iter_mut().for_each(|v| *v -= mean);
                let norm = flat.iter().map(|v| v * v).sum::<f32>().sqrt();
                // A silent window says nothing about repetition.
                (norm > 1e-3).then(|| {
                    flat.iter_mut().for_each(|v| *v /= norm);
                    (start, flat)
                })
            })
            .collect();
        let mut closest = (-1.0f32, 0.0, 0.0);
        for (a, (first_start, first)) in windows.iter().enumerate() {
            for (second_start, second) in &windows[a + 1..] {
                if second_start - first_start < WINDOW {
                    continue;
                }
                let similarity: f32 = first.iter().zip(second).map(|(x, y)| x * y).sum();
                if similarity > closest.0 {
                    let time = |frame: usize| frame as f32 * FRAME;
                    closest = (similarity, time(*first_start), time(*second_start));
                }
            }
        }
        closest
    }

    /// Above this, two windows count as the same stretch of music heard again.
    const REPEATED: f32 = 0.95;

    #[test]
    fn ten_minutes_of_music_hold_no_repeated_stretch_of_four_seconds() {
        let started = std::time::Instant::now();
        // The same ten minutes as `abakus sounds` writes.
        let music = render_for(MusicMood::Title, 1, TEN_MINUTES);
        println!(
            "ten minutes composed in {:.2} s",
            started.elapsed().as_secs_f32()
        );
        assert_eq!(music.len(), seconds(TEN_MINUTES, RATE));
        let (similarity, first, second) = closest_repeat(&music);
        println!("closest: {similarity:.3} between {first} s and {second} s");
        assert!(
            similarity < REPEATED,
            "{first} s comes back at {second} s ({similarity:.3})"
        );
    }

    #[test]
    fn a_plain_loop_fails_the_repetition_check() {
        let sixteen_seconds = render_for(MusicMood::Title, 1, 16.0);
        let looped: Vec<f32> = sixteen_seconds
            .iter()
            .copied()
            .cycle()
            .take(seconds(120.0, RATE))
            .collect();
        let (similarity, first, second) = closest_repeat(&looped);
        println!("a loop: {similarity:.3} between {first} s and {second} s");
        assert!(
            similarity > REPEATED,
            "a loop passed ({similarity:.3}, {first} s, {second} s)"
        );
    }

    #[test]
    fn every_mood_is_audible_unclipped_quieter_than_the_effects_and_soft() {
        let knock = synth::stone_on_wood(0.55, 1.0, 0);
        let rms = |s: &[f32]| (s.iter().map(|v| v * v).sum::<f32>() / s.len() as f32).sqrt();
        let knock_rms = rms(&knock[..seconds(0.1, synth::RATE)]);
        for mood in MusicMood::ALL {
            let music = render_for(mood, 3, 60.0);
            let (peak, loudness) = (synth::peak(&music), rms(&music));
            let name = mood.sample_name();
            assert!(
                peak > 0.05 && peak < 0.5 * synth::peak(&knock),
                "{name} peaks at {peak}"
            );
            assert!(
                loudness > 0.005 && loudness < 0.5 * knock_rms,
                "{name}: rms {loudness}"
            );
            let high = synth::tests::share_above(&music, RATE, 8_000.0);
            assert!(high < 0.01, "{name}: {:.2}% above 8 kHz", high * 100.0);
            println!(
                "{name}: peak {peak:.3}, rms {loudness:.4}, above 8 kHz {:.3}%",
                high * 100.0
            );
        }
    }

    #[test]
    fn segments_go_on_from_one_another_and_end_in_silence() {
        let mut composer = Composer::new(MusicMood::Hex, 1);
        let (first, second) = (composer.segment(), composer.segment());
        for segment in [&first, &second] {
            let seconds = segment.advance_seconds();
            assert!((20.0..40.0).contains(&seconds), "{seconds} s");
            assert_eq!(
                segment.samples.len(),
                segment.advance + super::seconds(TAIL, RATE)
            );
            assert!(segment.samples.last().unwrap().abs() < 1e-4);
            assert!(segment.samples[0].abs() < 1e-3);
        }
        assert_ne!(first.samples, second.samples);
        let moods: Vec<Vec<f32>> = MusicMood::ALL
            .iter()
            .map(|&m| Composer::new(m, 1).segment().samples)
            .collect();
        assert!(moods.windows(2).all(|pair| pair[0] != pair[1]));
    }
}
