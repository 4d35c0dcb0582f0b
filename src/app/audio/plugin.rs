//! The sound's plugin: the channels and their effects, then the music's playing.

use bevy::prelude::*;

use super::{channels, playback};

pub(crate) fn plugin(app: &mut App) {
    channels::plugin(app);
    playback::plugin(app);
}
