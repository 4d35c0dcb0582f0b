//! The hex game's own colours: its cells, stones and the marks on the board.

use crate::app::base::palette::{Colours, Rgba};

/// A cell of the board: light maple.
pub const CELL: Rgba = Rgba::rgb(0xd9, 0xb3, 0x7c);
/// The bevel's light and dark edges on a cell.
pub const CELL_LIGHT: Rgba = Rgba::rgb(0xf0, 0xd3, 0xa0);
pub const CELL_DARK: Rgba = Rgba::rgb(0xa8, 0x7c, 0x4c);

/// Stones: black slate and white shell.
pub const STONE_BLACK: Rgba = Rgba::rgb(0x22, 0x22, 0x26);
pub const STONE_BLACK_SHINE: Rgba = Rgba::rgb(0x8a, 0x8c, 0x96);
pub const STONE_WHITE: Rgba = Rgba::rgb(0xf4, 0xf0, 0xe6);
pub const STONE_WHITE_SHADE: Rgba = Rgba::rgb(0xb8, 0xb0, 0xa0);

/// Highlights on the board.
pub const HOVER: Rgba = Rgba(0xff, 0xf4, 0xd6, 0x70);
pub const SELECTED_GROUP: Rgba = Rgba(0xf2, 0xa9, 0x3b, 0xff);
pub const TARGET: Rgba = Rgba(0x2e, 0x9e, 0x8f, 0xe0);
/// A stone drawn see-through: the Hint's suggestion, not a stone in play.
pub const GHOST_STONE: Rgba = Rgba(0xff, 0xff, 0xff, 0x80);
/// The Hint's move on the board: the panel's accent, so the two are read together.
pub const HINT: Rgba = Rgba(0xf2, 0xa9, 0x3b, 0xff);
/// Cell names drawn on the board's cells in the rule pages' diagrams.
pub const CELL_INK: Rgba = Rgba::rgb(0x3a, 0x2c, 0x20);
/// Where a stone may slide, for colour-blind players.
const SAFE_TARGET: Rgba = Rgba(0x00, 0x72, 0xb2, 0xf0);

/// Where a stone may slide, in the chosen set.
#[must_use]
pub fn target(colours: Colours) -> Rgba {
    colours.signal(TARGET, SAFE_TARGET)
}
