//! The one palette of the app: every colour a screen uses is named here.

/// An sRGB colour with alpha, usable by both the board sprites and the egui panels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    #[must_use]
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Self(r, g, b, 255)
    }

    #[must_use]
    pub const fn with_alpha(self, alpha: u8) -> Self {
        Self(self.0, self.1, self.2, alpha)
    }

    #[must_use]
    pub fn to_bevy(self) -> bevy::color::Color {
        bevy::color::Color::srgba_u8(self.0, self.1, self.2, self.3)
    }

    #[must_use]
    pub fn to_egui(self) -> bevy_egui::egui::Color32 {
        bevy_egui::egui::Color32::from_rgba_unmultiplied(self.0, self.1, self.2, self.3)
    }

    /// Relative luminance as WCAG defines it, for contrast checks.
    #[cfg(test)]
    #[must_use]
    pub fn luminance(self) -> f32 {
        let channel = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(self.0) + 0.7152 * channel(self.1) + 0.0722 * channel(self.2)
    }

    /// WCAG contrast ratio between two colours (1 to 21).
    #[cfg(test)]
    #[must_use]
    pub fn contrast(self, other: Rgba) -> f32 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }
}

/// The felt of the table the board lies on.
pub const TABLE: Rgba = Rgba::rgb(0x23, 0x1a, 0x14);
/// The darker rim of the table towards the window edges.
pub const TABLE_EDGE: Rgba = Rgba::rgb(0x16, 0x10, 0x0c);
/// The board's wooden frame.
pub const BOARD_FRAME: Rgba = Rgba::rgb(0x6b, 0x45, 0x26);
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
pub const LAST_MOVE: Rgba = Rgba(0xe0, 0x5a, 0x3a, 0xff);
/// A stone drawn see-through: the Hint's suggestion, not a stone in play.
pub const GHOST_STONE: Rgba = Rgba(0xff, 0xff, 0xff, 0x80);
/// The Hint's move on the board: the panel's accent, so the two are read together.
pub const HINT: Rgba = Rgba(0xf2, 0xa9, 0x3b, 0xff);

/// Panels and text.
pub const PANEL: Rgba = Rgba(0x2f, 0x24, 0x1c, 0xf2);
pub const PANEL_STROKE: Rgba = Rgba::rgb(0x5a, 0x44, 0x30);
pub const BUTTON: Rgba = Rgba::rgb(0x4a, 0x37, 0x28);
pub const BUTTON_HOVER: Rgba = Rgba::rgb(0x60, 0x48, 0x34);
pub const BUTTON_ACTIVE: Rgba = Rgba::rgb(0x7a, 0x5c, 0x40);
pub const TEXT: Rgba = Rgba::rgb(0xf5, 0xec, 0xdc);
pub const TEXT_MUTED: Rgba = Rgba::rgb(0xc9, 0xb8, 0x9f);
pub const ACCENT: Rgba = Rgba::rgb(0xf2, 0xa9, 0x3b);
pub const WARNING: Rgba = Rgba::rgb(0xff, 0xa0, 0x86);
/// A step done, a try that worked.
pub const SUCCESS: Rgba = Rgba::rgb(0xa8, 0xdc, 0x8c);
/// Cell names printed on the table beside the board.
pub const LABEL: Rgba = Rgba::rgb(0xd8, 0xc4, 0xa4);

/// The tile game's squares: plain ones, and the bonus squares in four clearly different
/// colours (each also carries its label, so colour is never the only sign).
pub const SQUARE: Rgba = Rgba::rgb(0xe6, 0xd5, 0xb8);
pub const BONUS_TILE_X2: Rgba = Rgba::rgb(0x9c, 0xc9, 0xe8);
pub const BONUS_TILE_X3: Rgba = Rgba::rgb(0x2f, 0x6c, 0xb0);
pub const BONUS_SUM_X2: Rgba = Rgba::rgb(0xf0, 0xa8, 0xb8);
pub const BONUS_SUM_X3: Rgba = Rgba::rgb(0xc8, 0x3c, 0x4c);
pub const BONUS_START: Rgba = Rgba::rgb(0xf2, 0xc1, 0x4e);
/// Labels on the squares: dark on light squares, light on dark ones.
pub const SQUARE_INK: Rgba = Rgba::rgb(0x3a, 0x2c, 0x20);
pub const SQUARE_INK_LIGHT: Rgba = Rgba::rgb(0xfb, 0xf6, 0xee);
/// The wooden tiles and their engraved digits; in Spin Abaku the digits take their side's
/// colour.
pub const TILE_WOOD: Rgba = Rgba::rgb(0xf3, 0xdf, 0xb6);
pub const TILE_WOOD_DARK: Rgba = Rgba::rgb(0xc6, 0x9c, 0x62);
pub const TILE_INK: Rgba = Rgba::rgb(0x3b, 0x26, 0x14);
pub const SPIN_RED: Rgba = Rgba::rgb(0xb0, 0x1e, 0x1e);
/// A tile laid this turn but not yet submitted.
pub const TENTATIVE: Rgba = Rgba(0x2e, 0x9e, 0x8f, 0xff);
/// The keyboard's cursor on the tile board.
pub const CURSOR: Rgba = Rgba(0x4f, 0xc3, 0xf7, 0xff);
/// The cloth bag the tiles are drawn from, its cord, and the count printed on it.
pub const BAG_CLOTH: Rgba = Rgba::rgb(0x2c, 0x55, 0x4a);
pub const BAG_CLOTH_DARK: Rgba = Rgba::rgb(0x16, 0x30, 0x2a);
pub const BAG_CORD: Rgba = Rgba::rgb(0xe0, 0xb8, 0x6a);
pub const BAG_INK: Rgba = Rgba::rgb(0xf5, 0xec, 0xdc);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_readable_on_panels_and_table() {
        for text in [TEXT, TEXT_MUTED, ACCENT, WARNING, SUCCESS] {
            for background in [PANEL.with_alpha(255), BUTTON, TABLE] {
                let ratio = text.contrast(background);
                assert!(ratio >= 4.5, "{text:?} on {background:?}: {ratio:.2}");
            }
        }
        assert!(LABEL.contrast(TABLE) >= 4.5);
        assert!(TEXT.contrast(BUTTON_ACTIVE) >= 4.5);
    }

    #[test]
    fn square_labels_and_tile_digits_are_readable() {
        for square in [SQUARE, BONUS_TILE_X2, BONUS_SUM_X2, BONUS_START] {
            let ratio = SQUARE_INK.contrast(square);
            assert!(ratio >= 4.5, "{square:?}: {ratio:.2}");
        }
        for square in [BONUS_TILE_X3, BONUS_SUM_X3] {
            let ratio = SQUARE_INK_LIGHT.contrast(square);
            assert!(ratio >= 4.5, "{square:?}: {ratio:.2}");
        }
        assert!(BAG_INK.contrast(BAG_CLOTH) >= 4.5);
        for ink in [TILE_INK, SPIN_RED] {
            assert!(ink.contrast(TILE_WOOD) >= 4.5, "{ink:?}");
        }
    }
}
