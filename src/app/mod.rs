//! The game window: screens, boards, input, animation and sound, built on Bevy, in layers
//! (docs/architecture.md): the shell's bottom, the sound, the 3D table, the shell, the
//! features, then the games, each layer importing only those before it.

pub(crate) mod audio;
pub mod base;
pub mod features;
pub mod shell;
pub mod table;

pub mod hex;
pub mod tiles;

pub mod hosted_games;
pub mod icon;
pub mod testing;
pub mod window;
