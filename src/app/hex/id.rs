//! The hex game's name in the shell's registry, which every screen and feature knows it by.

use crate::app::base::games::GameId;

/// The hex game in the shell's screens and registry.
pub const HEX: GameId = GameId("abakus");
