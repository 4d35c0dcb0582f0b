//! The tile game's name in the shell's registry, which every screen and feature knows it by.

use crate::app::base::games::GameId;

/// The tile game in the shell's screens and registry.
pub const TILES: GameId = GameId("abaku");
