//! The hex game's own sounds, synthesised at start-up: a stone set on the wood, a slide, a
//! stone picked up, a refused move and the end of a game.

use bevy::prelude::*;

use super::game::{HexChange, TurnSystems};
use crate::app::audio::{NamedSound, PlaySound, Sfx, Takes, add_sources, synth};
use crate::app::base::frame_order::AppSet;
use abakus_rules::hex::Move;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>()
        .add_message::<Sfx>()
        .add_systems(
            Update,
            play_changes.in_set(AppSet::Rules).after(TurnSystems),
        );
    if app.world().contains_resource::<HexSounds>() {
        return;
    }
    let Some(mut made) = add_sources(app.world_mut(), &sounds()) else {
        return;
    };
    let mut next = || made.next().expect("one handle per sound");
    // In the order of `sounds`.
    let sounds = HexSounds {
        place: next(),
        slide: next(),
        select: next(),
        illegal: next(),
        game_over: next(),
    };
    app.insert_resource(sounds);
}

/// The sound of each change of the match, as it happens. Undoing a placement or starting
/// again is a button's business: the shell's click.
fn play_changes(
    mut changes: MessageReader<HexChange>,
    own: Option<Res<HexSounds>>,
    mut play: MessageWriter<PlaySound>,
    mut clicks: MessageWriter<Sfx>,
) {
    for change in changes.read() {
        if matches!(
            change,
            HexChange::Undone(Move::Place(_)) | HexChange::Restarted
        ) {
            clicks.write(Sfx::Click);
        } else if let Some(sound) = own.as_ref().and_then(|own| own.of(change)) {
            play.write(sound);
        }
    }
}

/// Every sound of the hex game, by name.
#[must_use]
pub fn sounds() -> Vec<NamedSound> {
    vec![
        NamedSound::varied("place", |take| synth::stone_on_wood(0.55, 1.0, take)),
        NamedSound::varied("slide", synth::slide),
        NamedSound::varied("select", |take| synth::tap(1400.0, 0.02, 0.25, take)),
        NamedSound::varied("illegal", synth::double_knock),
        NamedSound::effect(
            "game-over",
            synth::chord(&[261.63, 329.63, 392.0, 523.25], 2.2, 0.3),
        ),
    ]
}

/// Handles to the synthesised sounds.
#[derive(Resource, Debug, Clone)]
pub struct HexSounds {
    place: Takes,
    slide: Takes,
    select: Takes,
    illegal: Takes,
    game_over: Takes,
}

impl HexSounds {
    /// The sound that goes with a change, if any.
    #[must_use]
    pub fn of(&self, change: &HexChange) -> Option<PlaySound> {
        let source = match change {
            HexChange::Played(Move::Place(_)) | HexChange::Redone(Move::Place(_)) => &self.place,
            HexChange::Played(Move::Slide { .. })
            | HexChange::Redone(Move::Slide { .. })
            | HexChange::Undone(Move::Slide { .. }) => &self.slide,
            HexChange::Selected(_) => &self.select,
            HexChange::Refused { .. } => &self.illegal,
            HexChange::Finished(_) => &self.game_over,
            _ => return None,
        };
        Some(PlaySound::new(source))
    }
}
