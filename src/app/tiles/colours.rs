//! The tile game's own colours: its squares, tiles, bag and cursor.

use crate::app::base::palette::{Colours, Rgba};
use abakus_rules::abaku::Bonus;

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

/// The standard bonus squares, in the order of [`bonus_fills`].
const STANDARD_BONUS: [Rgba; 5] = [
    BONUS_TILE_X2,
    BONUS_TILE_X3,
    BONUS_SUM_X2,
    BONUS_SUM_X3,
    BONUS_START,
];

/// The bonus squares for colour-blind players, from Paul Tol's and Okabe and Ito's
/// colour-blind-safe colours: every two bonus squares (and a plain one) stay apart as seen with
/// protanopia, deuteranopia and tritanopia (see the tests), tile bonuses in blues, sum bonuses in
/// warm colours, the start in green. Tile ×2, tile ×3, sum ×2, sum ×3, start.
const SAFE_BONUS: [Rgba; 5] = [
    Rgba::rgb(0x88, 0xcc, 0xee),
    Rgba::rgb(0x33, 0x22, 0x88),
    Rgba::rgb(0xe6, 0x9f, 0x00),
    Rgba::rgb(0x88, 0x22, 0x55),
    Rgba::rgb(0x11, 0x77, 0x33),
];

/// The bonus squares in the chosen set, in the order tile ×2, tile ×3, sum ×2, sum ×3, start.
#[must_use]
pub fn bonus_fills(colours: Colours) -> [Rgba; 5] {
    if colours.is_colour_safe() {
        SAFE_BONUS
    } else {
        STANDARD_BONUS
    }
}

/// A square's colour and the ink of its label, in the set of colours the settings chose.
#[must_use]
pub fn bonus_colour(bonus: Bonus, colours: Colours) -> (Rgba, Rgba) {
    let fill = bonus_fill(bonus, colours);
    (fill, ink_on(fill))
}

/// The colour a square of this bonus is painted in.
#[must_use]
pub fn bonus_fill(bonus: Bonus, colours: Colours) -> Rgba {
    let [tile_x2, tile_x3, sum_x2, sum_x3, start] = bonus_fills(colours);
    match bonus {
        Bonus::Plain => SQUARE,
        Bonus::TileX2 => tile_x2,
        Bonus::TileX3 => tile_x3,
        Bonus::ExampleX2 => sum_x2,
        Bonus::ExampleX3 => sum_x3,
        Bonus::Start => start,
    }
}

/// Dark or light ink, whichever reads better on `square`.
#[must_use]
pub fn ink_on(square: Rgba) -> Rgba {
    if SQUARE_INK.contrast(square) >= SQUARE_INK_LIGHT.contrast(square) {
        SQUARE_INK
    } else {
        SQUARE_INK_LIGHT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::base::palette::vision::{VISIONS, delta_e, seen_by};
    use crate::app::base::palette::{PANEL, safe};

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

    /// The smallest difference between any two of the squares, as the hardest-placed viewer
    /// sees them.
    fn closest_squares(fills: [Rgba; 5]) -> f32 {
        let squares: Vec<Rgba> = std::iter::once(SQUARE).chain(fills).collect();
        let mut closest = f32::MAX;
        for (_, matrix) in VISIONS {
            for (i, a) in squares.iter().enumerate() {
                for b in &squares[i + 1..] {
                    closest = closest.min(delta_e(seen_by(*a, matrix), seen_by(*b, matrix)));
                }
            }
        }
        closest
    }

    #[test]
    fn the_colour_blind_set_keeps_every_bonus_square_apart_for_every_viewer() {
        let standard = closest_squares(STANDARD_BONUS);
        let safe = closest_squares(SAFE_BONUS);
        assert!(safe >= 25.0, "closest pair {safe:.1}");
        assert!(safe > 2.0 * standard, "{safe:.1} against {standard:.1}");
        // Their labels stay readable.
        for fill in SAFE_BONUS {
            assert!(ink_on(fill).contrast(fill) >= 4.5, "{fill:?}");
        }
        assert!(safe::SUCCESS.contrast(PANEL.with_alpha(255)) >= 4.5);
        // The setting chooses the set.
        assert_eq!(bonus_fills(Colours::chosen(true)), SAFE_BONUS);
        assert_eq!(bonus_fills(Colours::chosen(false)), STANDARD_BONUS);
    }
}
