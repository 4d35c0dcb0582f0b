//! The tile game's own sounds, synthesised at start-up: wooden tiles picked up and set down,
//! a hand in the bag, and a chime for every example that scores, rising with the points.

use super::game::TilesChange;
use crate::app::audio::{NamedSound, PlaySound, Takes, add_sources, synth};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>();
    if app.world().contains_resource::<TilesSounds>() {
        return;
    }
    let Some(mut made) = add_sources(app.world_mut(), &sounds()) else {
        return;
    };
    let mut next = || made.next().expect("one handle per sound");
    // In the order of `sounds`.
    let sounds = TilesSounds {
        pick_up: next(),
        set_down: next(),
        refused: next(),
        submit: next(),
        chime: next(),
        exchange: next(),
        pass: next(),
        joker: next(),
        reveal: next(),
        game_over: next(),
    };
    app.insert_resource(sounds);
}

/// Every sound of the tile game, by name.
#[must_use]
pub fn sounds() -> Vec<NamedSound> {
    vec![
        NamedSound::varied("tiles-pick-up", pick_up),
        NamedSound::varied("tiles-set-down", set_down),
        NamedSound::varied("tiles-refused", synth::double_knock),
        NamedSound::varied("tiles-submit", submit),
        NamedSound::effect("tiles-chime", synth::bell(CHIME_HZ, 0.9, 0.3)),
        NamedSound::varied("tiles-exchange", |take| synth::rustle(0.45, 0.5, take)),
        NamedSound::varied("tiles-pass", pass),
        NamedSound::effect("tiles-joker", joker()),
        NamedSound::varied("tiles-reveal", reveal),
        NamedSound::effect("tiles-fanfare", fanfare()),
    ]
}

/// Handles to the synthesised sounds.
#[derive(Resource, Debug, Clone)]
pub struct TilesSounds {
    pub pick_up: Takes,
    pub set_down: Takes,
    pub refused: Takes,
    pub submit: Takes,
    /// One chime per scoring example; [`chime_rate`] raises it with the points.
    pub chime: Takes,
    pub exchange: Takes,
    pub pass: Takes,
    pub joker: Takes,
    pub reveal: Takes,
    pub game_over: Takes,
}

impl TilesSounds {
    /// The sound that goes with a change, if any. Scoring chimes are played by the board as
    /// each example lights up, not here.
    #[must_use]
    pub fn of(&self, change: &TilesChange) -> Option<PlaySound> {
        let source = match change {
            TilesChange::Held(Some(_)) => &self.pick_up,
            TilesChange::Held(None) | TilesChange::TakenBack(_) => &self.set_down,
            TilesChange::Laid(_) => &self.set_down,
            TilesChange::JokerAsked(_) => &self.joker,
            TilesChange::Refused => &self.refused,
            TilesChange::Submitted { .. } | TilesChange::Undone => &self.submit,
            TilesChange::Exchanged => &self.exchange,
            TilesChange::Passed | TilesChange::Conceded => &self.pass,
            TilesChange::Challenged { .. } => &self.refused,
            TilesChange::Revealed => &self.reveal,
            TilesChange::HandedOver { .. } | TilesChange::HintAsked => return None,
            TilesChange::Finished(_) => &self.game_over,
        };
        Some(PlaySound::new(source))
    }
}

/// C6: high enough to sit above the music, low enough to stay soft.
const CHIME_HZ: f32 = 1046.5;

/// The playback rate of a scoring chime: up a major pentatonic scale with the running total,
/// a step for every three points, at most two octaves up.
#[must_use]
pub fn chime_rate(running_total: i64) -> f64 {
    const PENTATONIC: [i32; 5] = [0, 2, 4, 7, 9];
    let step = (running_total.max(0) / 3).min(10) as usize;
    let semitones = PENTATONIC[step % 5] + 12 * (step / 5) as i32;
    2f64.powf(f64::from(semitones) / 12.0)
}

/// A light wooden tick: a tile lifted off the rack.
fn pick_up(take: u32) -> Vec<f32> {
    synth::sequence(&[
        (0.0, synth::tap(2300.0, 0.01, 0.2, take)),
        (0.005, synth::wood_knock(0.15, 2.2, take)),
    ])
}

/// A tile set down on a square: brighter and shorter than a stone on the hex board.
fn set_down(take: u32) -> Vec<f32> {
    synth::wood_knock(0.5, 1.55, take)
}

/// The laid tiles pressed home, one after another.
fn submit(take: u32) -> Vec<f32> {
    let take = take * 3;
    synth::sequence(&[
        (0.0, synth::wood_knock(0.4, 1.4, take)),
        (0.06, synth::wood_knock(0.35, 1.6, take + 1)),
        (0.12, synth::wood_knock(0.45, 1.3, take + 2)),
    ])
}

/// Two soft falling taps: "nothing this turn".
fn pass(take: u32) -> Vec<f32> {
    synth::sequence(&[
        (0.0, synth::tap(880.0, 0.05, 0.22, take)),
        (0.14, synth::tap(660.0, 0.06, 0.2, take)),
    ])
}

/// Three quick rising bells: the joker asks what it stands for.
fn joker() -> Vec<f32> {
    synth::sequence(&[
        (0.0, synth::bell(1318.5, 0.3, 0.14)),
        (0.06, synth::bell(1568.0, 0.3, 0.14)),
        (0.12, synth::bell(2093.0, 0.4, 0.16)),
    ])
}

/// A soft swell: the rack turned face up for the next player.
fn reveal(take: u32) -> Vec<f32> {
    synth::sequence(&[
        (0.0, synth::rustle(0.25, 0.3, take)),
        (0.08, synth::tap(1568.0, 0.04, 0.12, take)),
    ])
}

/// A rising arpeggio landing on a warm chord.
fn fanfare() -> Vec<f32> {
    let notes = [523.25, 659.25, 783.99];
    let mut parts: Vec<(f32, Vec<f32>)> = notes
        .iter()
        .enumerate()
        .map(|(i, &f)| (i as f32 * 0.13, synth::bell(f, 0.5, 0.2)))
        .collect();
    parts.push((
        0.42,
        synth::chord(&[261.63, 329.63, 392.0, 523.25], 2.0, 0.3),
    ));
    synth::sequence(&parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peak(samples: &[f32]) -> f32 {
        samples.iter().fold(0.0, |m, s| m.max(s.abs()))
    }

    #[test]
    fn every_sound_is_short_audible_and_never_clips() {
        for (name, samples, longest) in [
            ("pick up", pick_up(0), 0.3),
            ("set down", set_down(0), 0.3),
            ("submit", submit(0), 0.4),
            ("chime", synth::bell(CHIME_HZ, 0.9, 0.3), 1.0),
            ("exchange", synth::rustle(0.45, 0.5, 0), 0.7),
            ("pass", pass(0), 0.7),
            ("joker", joker(), 0.6),
            ("reveal", reveal(0), 0.5),
            ("game over", fanfare(), 2.6),
        ] {
            let seconds = samples.len() as f32 / 44_100.0;
            assert!(seconds <= longest, "{name} lasts {seconds} s");
            let peak = peak(&samples);
            assert!(peak > 0.05 && peak < 1.0, "{name} peaks at {peak}");
        }
    }

    #[test]
    fn the_chime_rises_with_the_points_and_stays_in_two_octaves() {
        let rates: Vec<f64> = (0..60).map(chime_rate).collect();
        assert_eq!(rates[0], 1.0);
        assert!(rates.windows(2).all(|pair| pair[1] >= pair[0]));
        assert!(chime_rate(12) > chime_rate(3));
        assert!(rates.iter().all(|&rate| rate <= 4.0));
        assert!(
            chime_rate(-5) == 1.0,
            "a penalty does not chime below the base"
        );
    }
}
