//! Sound: effects synthesised at start-up and music composed as it plays, through kira on two
//! channels.

mod channels;
mod instruments;
mod music;
mod playback;
mod plugin;
pub mod synth;

pub use channels::{NamedSound, PlaySound, Sfx, Takes, add_sources, music_sounds, shell_sounds};
pub use music::MusicMood;
pub use playback::MusicMoodOverride;
pub(crate) use plugin::plugin;
