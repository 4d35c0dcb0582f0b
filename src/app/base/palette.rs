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
/// The last move's ring, on either board.
pub const LAST_MOVE: Rgba = Rgba(0xe0, 0x5a, 0x3a, 0xff);

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

    /// `standard`, or `safe` for colour-blind players.
    #[must_use]
    pub fn signal(self, standard: Rgba, safe: Rgba) -> Rgba {
        if self.is_colour_safe() {
            safe
        } else {
            standard
        }
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
}

/// The colours for colour-blind players, from Paul Tol's and Okabe and Ito's colour-blind-safe
/// colours; each game keeps its own beside these.
pub mod safe {
    use super::Rgba;
    pub const LAST_MOVE: Rgba = Rgba(0xcc, 0x79, 0xa7, 0xff);
    pub const SUCCESS: Rgba = Rgba::rgb(0x88, 0xcc, 0xee);
}

/// How colours look to colour-blind viewers, for the tests that keep meaningful colours apart.
#[cfg(test)]
pub(crate) mod vision {
    use super::Rgba;

    /// How `colour` looks with a full colour-vision deficiency (Machado, Oliveira and
    /// Fernandes 2009, severity 1), in linear RGB.
    pub(crate) fn seen_by(colour: Rgba, matrix: [[f32; 3]; 3]) -> Rgba {
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
    pub(crate) fn delta_e(a: Rgba, b: Rgba) -> f32 {
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

    pub(crate) const VISIONS: [(&str, [[f32; 3]; 3]); 4] = [
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
}
