//! The one palette of the app: every colour a screen uses is named here, and the colours that
//! carry meaning in two sets, the standard one and one for colour-blind players.

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

/// Which set the colours that carry meaning come from: the settings choose it, and every
/// board and panel is handed it as it draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Colours {
    #[default]
    Standard,
    /// The set for colour-blind players ([`safe`]).
    ColourSafe,
}

impl Colours {
    /// The set the colour-blind setting asks for.
    #[must_use]
    pub fn chosen(colour_blind: bool) -> Self {
        if colour_blind {
            Colours::ColourSafe
        } else {
            Colours::Standard
        }
    }

    #[must_use]
    pub fn is_colour_safe(self) -> bool {
        self == Colours::ColourSafe
    }

    fn signal(self, standard: Rgba, safe: Rgba) -> Rgba {
        if self.is_colour_safe() {
            safe
        } else {
            standard
        }
    }

    /// Where a stone may slide.
    #[must_use]
    pub fn target(self) -> Rgba {
        self.signal(TARGET, safe::TARGET)
    }

    /// The last move's ring.
    #[must_use]
    pub fn last_move(self) -> Rgba {
        self.signal(LAST_MOVE, safe::LAST_MOVE)
    }

    /// Text for a step done or a try that worked.
    #[must_use]
    pub fn success(self) -> Rgba {
        self.signal(SUCCESS, safe::SUCCESS)
    }

    /// The set chosen for the panels this egui context draws (see `theme`).
    #[must_use]
    pub fn of(ctx: &bevy_egui::egui::Context) -> Self {
        ctx.data(|data| data.get_temp::<Colours>(Self::memory_id()))
            .unwrap_or_default()
    }

    /// Hands the set to the panels of this egui context.
    pub fn share_with(self, ctx: &bevy_egui::egui::Context) {
        ctx.data_mut(|data| data.insert_temp(Self::memory_id(), self));
    }

    fn memory_id() -> bevy_egui::egui::Id {
        bevy_egui::egui::Id::new("meaningful-colours")
    }

    /// The tile game's bonus squares, in the order tile ×2, tile ×3, sum ×2, sum ×3, start.
    #[must_use]
    pub fn bonus_fills(self) -> [Rgba; 5] {
        if self.is_colour_safe() {
            safe::BONUS
        } else {
            STANDARD_BONUS
        }
    }
}

/// The set for colour-blind players, from Paul Tol's and Okabe and Ito's colour-blind-safe
/// colours: every two bonus squares (and a plain one) stay apart as seen with protanopia,
/// deuteranopia and tritanopia (see the tests), tile bonuses in blues, sum bonuses in warm
/// colours, the start in green.
pub mod safe {
    use super::Rgba;
    /// Tile ×2, tile ×3, sum ×2, sum ×3, start.
    pub const BONUS: [Rgba; 5] = [
        Rgba::rgb(0x88, 0xcc, 0xee),
        Rgba::rgb(0x33, 0x22, 0x88),
        Rgba::rgb(0xe6, 0x9f, 0x00),
        Rgba::rgb(0x88, 0x22, 0x55),
        Rgba::rgb(0x11, 0x77, 0x33),
    ];
    pub const TARGET: Rgba = Rgba(0x00, 0x72, 0xb2, 0xf0);
    pub const LAST_MOVE: Rgba = Rgba(0xcc, 0x79, 0xa7, 0xff);
    pub const SUCCESS: Rgba = Rgba::rgb(0x88, 0xcc, 0xee);
}

/// The standard bonus squares, in the order of [`Colours::bonus_fills`].
const STANDARD_BONUS: [Rgba; 5] = [
    BONUS_TILE_X2,
    BONUS_TILE_X3,
    BONUS_SUM_X2,
    BONUS_SUM_X3,
    BONUS_START,
];

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

    /// How `colour` looks with a full colour-vision deficiency (Machado, Oliveira and
    /// Fernandes 2009, severity 1), in linear RGB.
    fn seen_by(colour: Rgba, matrix: [[f32; 3]; 3]) -> Rgba {
        let linear = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let encode = |c: f32| {
            let c = c.clamp(0.0, 1.0);
            let c = if c <= 0.003_130_8 {
                12.92 * c
            } else {
                1.055 * c.powf(1.0 / 2.4) - 0.055
            };
            (c * 255.0).round() as u8
        };
        let rgb = [linear(colour.0), linear(colour.1), linear(colour.2)];
        let row = |r: [f32; 3]| encode(r[0] * rgb[0] + r[1] * rgb[1] + r[2] * rgb[2]);
        Rgba::rgb(row(matrix[0]), row(matrix[1]), row(matrix[2]))
    }

    /// CIE 1976 colour difference between two sRGB colours.
    fn delta_e(a: Rgba, b: Rgba) -> f32 {
        let lab = |c: Rgba| {
            let linear = |c: u8| {
                let c = f32::from(c) / 255.0;
                if c <= 0.040_45 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            let (r, g, b) = (linear(c.0), linear(c.1), linear(c.2));
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
            let f = |t: f32| {
                if t > 0.008_856 {
                    t.cbrt()
                } else {
                    7.787 * t + 16.0 / 116.0
                }
            };
            [
                116.0 * f(y) - 16.0,
                500.0 * (f(x) - f(y)),
                200.0 * (f(y) - f(z)),
            ]
        };
        let (a, b) = (lab(a), lab(b));
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    const VISIONS: [(&str, [[f32; 3]; 3]); 4] = [
        (
            "typical",
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        ),
        (
            "protanopia",
            [
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ],
        ),
        (
            "deuteranopia",
            [
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ],
        ),
        (
            "tritanopia",
            [
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ],
        ),
    ];

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
        let safe = closest_squares(safe::BONUS);
        assert!(safe >= 25.0, "closest pair {safe:.1}");
        assert!(safe > 2.0 * standard, "{safe:.1} against {standard:.1}");
        // Their labels stay readable.
        for fill in safe::BONUS {
            assert!(ink_on(fill).contrast(fill) >= 4.5, "{fill:?}");
        }
        assert!(safe::SUCCESS.contrast(PANEL.with_alpha(255)) >= 4.5);
        // The setting chooses the set.
        assert_eq!(Colours::chosen(true).bonus_fills(), safe::BONUS);
        assert_eq!(Colours::chosen(false).bonus_fills(), STANDARD_BONUS);
    }
}
