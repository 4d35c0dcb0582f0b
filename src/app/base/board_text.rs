//! Words and numbers on the boards (coordinates, digits, counts, points) as sprites painted
//! in the game's own font, sharp at the window's scale and in every language.

use std::collections::HashMap;

use ab_glyph::{Font, FontRef, OutlinedGlyph, PxScale, PxScaleFont, ScaleFont};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::base::art::Canvas;
use crate::app::base::theme::FALLBACK_FONT;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, paint_board_text);
}

/// Text centred on its entity, `size` logical pixels to the em, its lines centred under one
/// another, in `ink`. Its alpha fades the whole text, shadow and all; a change of the words,
/// the size or the ink's colour paints it again.
#[derive(Component, Debug, Clone, PartialEq)]
#[require(Sprite, Pickable = Pickable::IGNORE)]
pub struct BoardText {
    pub text: String,
    pub size: f32,
    pub ink: Color,
}

impl BoardText {
    pub fn new(text: impl Into<String>, size: f32, ink: Color) -> Self {
        Self {
            text: text.into(),
            size,
            ink,
        }
    }
}

/// A shadow painted under a [`BoardText`], `offset` logical pixels away (y up).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct BoardTextShadow {
    pub offset: Vec2,
    pub ink: Color,
}

/// What a painted text looks like, and so which painting it can share.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Look {
    text: String,
    /// Device pixels to the em, in quarters.
    quarter_pixels: u32,
    ink: [u8; 3],
    /// The shadow's offset in device pixels and its colour.
    shadow: Option<([i32; 2], [u8; 4])>,
}

/// Paintings kept for reuse: a board's digits and coordinates repeat.
#[derive(Default)]
struct Paintings {
    by_look: HashMap<Look, (Handle<Image>, Vec2)>,
    scale: f32,
}

/// More different looks than this, and the kept paintings are let go; the sprites showing
/// them keep theirs.
const MOST_KEPT: usize = 512;

type ChangedText<'a> = (
    Ref<'a, BoardText>,
    Option<Ref<'a, BoardTextShadow>>,
    &'a mut Sprite,
);

fn paint_board_text(
    images: Option<ResMut<Assets<Image>>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut texts: Query<ChangedText>,
    mut kept: Local<Paintings>,
) {
    // Headless apps draw nothing.
    let Some(mut images) = images else {
        return;
    };
    let scale = window.single().map_or(1.0, Window::scale_factor);
    let rescaled = kept.scale != scale;
    if rescaled {
        kept.by_look.clear();
        kept.scale = scale;
    }
    if kept.by_look.len() > MOST_KEPT {
        kept.by_look.clear();
    }
    for (text, shadow, mut sprite) in &mut texts {
        let shadow_changed = shadow.as_ref().is_some_and(Ref::is_changed);
        if !rescaled && !text.is_changed() && !shadow_changed {
            continue;
        }
        let look = look_of(&text, shadow.as_deref(), scale);
        let (image, pixels) = kept
            .by_look
            .entry(look)
            .or_insert_with_key(|look| {
                let canvas = paint(look);
                let pixels = Vec2::new(canvas.width as f32, canvas.height as f32);
                (images.add(canvas.into_image()), pixels)
            })
            .clone();
        sprite.image = image;
        sprite.custom_size = Some(pixels / scale);
        sprite.color = Color::WHITE.with_alpha(text.ink.alpha());
    }
}

fn look_of(text: &BoardText, shadow: Option<&BoardTextShadow>, scale: f32) -> Look {
    let rgb = |colour: Color| {
        let [r, g, b, _] = colour.to_srgba().to_u8_array();
        [r, g, b]
    };
    Look {
        text: text.text.clone(),
        quarter_pixels: (text.size * scale * 4.0).round().max(1.0) as u32,
        ink: rgb(text.ink),
        shadow: shadow.map(|shadow| {
            let offset = (shadow.offset * scale).round();
            (
                [offset.x as i32, offset.y as i32],
                shadow.ink.to_srgba().to_u8_array(),
            )
        }),
    }
}

/// The text's picture, its lines' box centred on the picture's centre.
fn paint(look: &Look) -> Canvas {
    let font = FontRef::try_from_slice(FALLBACK_FONT).expect("the bundled font reads");
    let em = look.quarter_pixels as f32 / 4.0;
    // ab_glyph scales by the font's height, ascent to descent; the em is smaller.
    let units_per_em = font.units_per_em().unwrap_or(2048.0);
    let scale = PxScale::from(em * font.height_unscaled() / units_per_em);
    let [dx, dy] = look.shadow.map_or([0, 0], |(offset, _)| offset);
    // Room for the shadow on either side keeps the text's centre on the picture's.
    let margin = 2.0 + dx.abs().max(dy.abs()) as f32;
    let size = block_size(&font, scale, &look.text) + 2.0 * margin;
    let mut canvas = Canvas::new(size.x.ceil() as u32, size.y.ceil() as u32);
    let mut coverage = vec![0.0f32; (canvas.width * canvas.height) as usize];
    let centre = Vec2::new(canvas.width as f32, canvas.height as f32) / 2.0;
    for outlined in lay_out(&font, scale, &look.text, centre) {
        let bounds = outlined.px_bounds();
        outlined.draw(|gx, gy, cover| {
            let (col, row) = (
                bounds.min.x as i64 + i64::from(gx),
                bounds.min.y as i64 + i64::from(gy),
            );
            if (0..i64::from(canvas.width)).contains(&col)
                && (0..i64::from(canvas.height)).contains(&row)
            {
                let at = (row * i64::from(canvas.width) + col) as usize;
                coverage[at] = (coverage[at] + cover).min(1.0);
            }
        });
    }
    let (w, h) = (canvas.width as i64, canvas.height as i64);
    let cover_at = |col: i64, row: i64| {
        if (0..w).contains(&col) && (0..h).contains(&row) {
            coverage[(row * w + col) as usize]
        } else {
            0.0
        }
    };
    let ink = look.ink.map(f32::from);
    for row in 0..h {
        for col in 0..w {
            let text = cover_at(col, row);
            // The shadow lies `offset` right and up (y up), so a pixel's shadow is the text's
            // coverage that far left and down in picture rows.
            let (shade, shade_rgb) =
                look.shadow
                    .map_or((0.0, [0.0; 3]), |([sx, sy], [r, g, b, a])| {
                        (
                            cover_at(col - i64::from(sx), row + i64::from(sy)) * f32::from(a)
                                / 255.0,
                            [r, g, b].map(f32::from),
                        )
                    });
            let alpha = text + shade * (1.0 - text);
            if alpha <= 0.0 {
                continue;
            }
            let at = ((row * w + col) * 4) as usize;
            for channel in 0..3 {
                let value =
                    (ink[channel] * text + shade_rgb[channel] * shade * (1.0 - text)) / alpha;
                canvas.pixels[at + channel] = value.round().clamp(0.0, 255.0) as u8;
            }
            canvas.pixels[at + 3] = (alpha * 255.0).round() as u8;
        }
    }
    canvas
}

/// The width and height of `words`' lines at `scale`: the widest line, and a line's height
/// for each.
fn block_size(font: &FontRef<'_>, scale: PxScale, words: &str) -> Vec2 {
    let scaled = font.as_scaled(scale);
    let widest = words
        .lines()
        .map(|line| line_width(&scaled, line))
        .fold(0.0, f32::max);
    let lines = words.lines().count().max(1);
    Vec2::new(widest, (scaled.height() + scaled.line_gap()) * lines as f32)
}

/// The outlines of `words`' glyphs at `scale`, its lines centred under one another on
/// `centre` (picture pixels, y down).
pub(crate) fn lay_out(
    font: &FontRef<'_>,
    scale: PxScale,
    words: &str,
    centre: Vec2,
) -> Vec<OutlinedGlyph> {
    let scaled = font.as_scaled(scale);
    let line_height = scaled.height() + scaled.line_gap();
    let first_top = centre.y - line_height * words.lines().count() as f32 / 2.0;
    let mut outlines = Vec::new();
    for (number, line) in words.lines().enumerate() {
        let mut x = centre.x - line_width(&scaled, line) / 2.0;
        let baseline = first_top + line_height * number as f32 + scaled.ascent();
        let mut previous = None;
        for glyph_id in line.chars().map(|c| font.glyph_id(c)) {
            if let Some(previous) = previous {
                x += scaled.kern(previous, glyph_id);
            }
            let glyph = glyph_id.with_scale_and_position(scale, ab_glyph::point(x, baseline));
            x += scaled.h_advance(glyph_id);
            previous = Some(glyph_id);
            outlines.extend(font.outline_glyph(glyph));
        }
    }
    outlines
}

fn line_width(scaled: &PxScaleFont<&FontRef<'_>>, line: &str) -> f32 {
    let ids: Vec<_> = line.chars().map(|c| scaled.glyph_id(c)).collect();
    ids.iter().map(|&id| scaled.h_advance(id)).sum::<f32>()
        + ids
            .windows(2)
            .map(|pair| scaled.kern(pair[0], pair[1]))
            .sum::<f32>()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(text: &str, em: f32, shadow: Option<([i32; 2], [u8; 4])>) -> Look {
        Look {
            text: text.into(),
            quarter_pixels: (em * 4.0) as u32,
            ink: [200, 20, 20],
            shadow,
        }
    }

    /// The columns and rows holding ink of at least `alpha`.
    fn inked(canvas: &Canvas, alpha: u8) -> (Vec<u32>, Vec<u32>) {
        let at = |col, row| canvas.alpha_at(col, row) >= alpha;
        let cols = (0..canvas.width)
            .filter(|&col| (0..canvas.height).any(|row| at(col, row)))
            .collect();
        let rows = (0..canvas.height)
            .filter(|&row| (0..canvas.width).any(|col| at(col, row)))
            .collect();
        (cols, rows)
    }

    #[test]
    fn a_number_is_painted_in_its_ink_in_the_middle_at_its_size() {
        let small = paint(&look("12", 16.0, None));
        let large = paint(&look("12", 32.0, None));
        let (cols, rows) = inked(&small, 128);
        let (left, right) = (cols[0], cols[cols.len() - 1]);
        let (top, bottom) = (rows[0], rows[rows.len() - 1]);
        // The font's digits stand 0.73 em tall, and two side by side ink about an em across.
        assert!((10..=13).contains(&(bottom - top)), "{top}..{bottom}");
        assert!((14..=19).contains(&(right - left)), "{left}..{right}");
        let centre = (left + right) as f32 / 2.0;
        assert!((centre - small.width as f32 / 2.0).abs() <= 1.5);
        assert!(large.width > small.width * 3 / 2 && large.height > small.height * 3 / 2);
        let solid = (0..small.pixels.len() / 4)
            .find(|i| small.pixels[i * 4 + 3] == 255)
            .expect("a solid pixel");
        assert_eq!(&small.pixels[solid * 4..solid * 4 + 3], &[200, 20, 20]);
    }

    #[test]
    fn lines_are_centred_under_one_another() {
        let one = paint(&look("×2", 20.0, None));
        let two = paint(&look("×2\nword", 20.0, None));
        assert!(two.height > one.height * 3 / 2);
        let (cols, _) = inked(&two, 128);
        let centre = (cols[0] + cols[cols.len() - 1]) as f32 / 2.0;
        assert!((centre - two.width as f32 / 2.0).abs() <= 1.5);
    }

    #[test]
    fn the_shadow_lies_at_its_offset_under_the_text() {
        let plain = paint(&look("+7", 24.0, None));
        let shaded = paint(&look("+7", 24.0, Some(([3, -3], [0, 0, 0, 255]))));
        let (plain_cols, plain_rows) = inked(&plain, 128);
        let (cols, rows) = inked(&shaded, 128);
        let span = |inked: &[u32]| inked[inked.len() - 1] - inked[0];
        // The shadow widens the inked box by its offset, right and down.
        assert_eq!(
            span(&cols),
            span(&plain_cols) + 3,
            "{cols:?} {plain_cols:?}"
        );
        assert_eq!(span(&rows), span(&plain_rows) + 3);
        // Solid pixels of the shadow's black where only it lies, and of the ink over it.
        let solid: Vec<&[u8]> = shaded
            .pixels
            .chunks(4)
            .filter(|pixel| pixel[3] == 255)
            .collect();
        assert!(solid.iter().any(|pixel| pixel[..3] == [0, 0, 0]));
        assert!(solid.iter().any(|pixel| pixel[..3] == [200, 20, 20]));
    }

    #[test]
    fn cyrillic_and_accents_are_painted() {
        for word in ["Слово", "Wörter", "café"] {
            let (cols, _) = inked(&paint(&look(word, 16.0, None)), 128);
            assert!(cols.len() > 20, "{word}: {} inked columns", cols.len());
        }
    }

    #[test]
    fn texts_of_one_look_share_a_painting_and_a_fade_paints_nothing() {
        let mut app = App::new();
        app.init_resource::<Assets<Image>>()
            .add_systems(Update, paint_board_text);
        let ink = Color::srgb(0.2, 0.3, 0.4);
        let first = app.world_mut().spawn(BoardText::new("5", 20.0, ink)).id();
        let second = app.world_mut().spawn(BoardText::new("5", 20.0, ink)).id();
        let other = app.world_mut().spawn(BoardText::new("6", 20.0, ink)).id();
        app.update();
        let image = |app: &App, entity| app.world().get::<Sprite>(entity).unwrap().image.clone();
        assert_eq!(image(&app, first), image(&app, second));
        assert_ne!(image(&app, first), image(&app, other));
        assert_eq!(app.world().resource::<Assets<Image>>().len(), 2);
        app.world_mut()
            .get_mut::<BoardText>(first)
            .unwrap()
            .ink
            .set_alpha(0.25);
        app.update();
        assert_eq!(image(&app, first), image(&app, second));
        assert_eq!(app.world().resource::<Assets<Image>>().len(), 2);
        let sprite = app.world().get::<Sprite>(first).unwrap();
        assert!((sprite.color.alpha() - 0.25).abs() < 1e-6);
        let size = sprite.custom_size.unwrap();
        assert!(size.x > 10.0 && size.y > 20.0, "{size}");
    }

    #[test]
    fn past_the_most_looks_the_kept_paintings_are_let_go_and_the_shown_one_stays() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Image>();
        app.add_systems(Update, paint_board_text);
        let count = app
            .world_mut()
            .spawn(BoardText::new("0", 12.0, Color::WHITE))
            .id();
        // A count that keeps changing, as a long booth day's scores and bags do.
        for n in 1..=MOST_KEPT + 100 {
            app.world_mut().get_mut::<BoardText>(count).unwrap().text = n.to_string();
            app.update();
        }
        app.update();
        let images = app.world().resource::<Assets<Image>>();
        assert!(
            (50..=150).contains(&images.len()),
            "{} images kept",
            images.len()
        );
        let shown = &app.world().get::<Sprite>(count).unwrap().image;
        assert!(images.contains(shown));
    }
}
