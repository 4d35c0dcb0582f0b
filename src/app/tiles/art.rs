//! The tile game's art, drawn from code at start-up: board squares, wooden tiles and the
//! outlines that mark squares.

use bevy::prelude::*;

use super::colours;
use crate::app::base::art::{Canvas, mix, over, over_shadow, rgb, smoothstep};
use crate::app::base::palette::{self, Colours};
use abakus_rules::abaku::{Cell, Layout};

/// Draws the art while the app is built, so the first screen finds it.
pub(super) fn plugin(app: &mut App) {
    if app.world().contains_resource::<TilesArt>() {
        return;
    }
    let Some(mut images) = app.world_mut().get_resource_mut::<Assets<Image>>() else {
        return;
    };
    let mut add = |canvas: Canvas| images.add(canvas.into_image());
    let art = TilesArt {
        tile: add(draw_tile(TILE_IMAGE)),
        outline: add(draw_outline(SQUARE_IMAGE)),
        board: add(draw_board(256)),
        bag: add(draw_bag(BAG_IMAGE)),
        glow: add(draw_glow(SQUARE_IMAGE)),
    };
    app.insert_resource(art);
}

/// Handles to the generated images; sprites scale them to the board's current square size.
#[derive(Resource, Debug, Clone)]
pub struct TilesArt {
    /// A wooden tile with its shadow.
    pub tile: Handle<Image>,
    /// A white square outline, tinted per use.
    pub outline: Handle<Image>,
    /// The board's wooden body under the squares.
    pub board: Handle<Image>,
    /// The cloth bag the tiles are drawn from, beside the rack.
    pub bag: Handle<Image>,
    /// A soft white square with a bright rim, tinted to light up a scoring example.
    pub glow: Handle<Image>,
}

const SQUARE_IMAGE: u32 = 96;
pub(crate) const TILE_IMAGE: u32 = 112;
const BAG_IMAGE: u32 = 128;
/// The tile image is this many times the tile's side, leaving room for its shadow.
pub const TILE_IMAGE_MARGIN: f32 = 1.2;

/// Signed distance to a square of half-side `half` with corners rounded by `radius`.
fn rounded_square(x: f32, y: f32, half: f32, radius: f32) -> f32 {
    let qx = x.abs() - (half - radius);
    let qy = y.abs() - (half - radius);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - radius
}

/// A square's white face at (`x`, `y`) from its centre, in the units of a square image `size`
/// pixels wide, `pixel` of them to a pixel of the picture.
fn square_pixel(x: f32, y: f32, size: u32, pixel: f32) -> [f32; 4] {
    let half = size as f32 / 2.0 - 1.0;
    let distance = rounded_square(x, y, half, size as f32 * 0.08);
    let alpha = (0.5 - distance / pixel).clamp(0.0, 1.0);
    // A faint inset: darker towards the top-left edge, as if the square were pressed in.
    let edge = smoothstep(-(size as f32) * 0.12, 0.0, distance);
    let shade = if x - y < 0.0 { 0.78 } else { 0.92 };
    let value = 1.0 - (1.0 - shade) * edge;
    [value, value, value, alpha]
}

pub(crate) fn draw_tile(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let half = size as f32 / 2.0 / TILE_IMAGE_MARGIN;
    let radius = half * 0.18;
    let shadow_offset = [half * 0.06, -half * 0.1];
    canvas.paint(|x, y| {
        let distance = rounded_square(x, y, half, radius);
        let body = (0.5 - distance).clamp(0.0, 1.0);
        let shadow_distance =
            rounded_square(x - shadow_offset[0], y - shadow_offset[1], half, radius);
        let shadow = (1.0 - smoothstep(-half * 0.1, half * 0.22, shadow_distance)) * 0.5;
        // Maple with a faint grain, a bevel lit from the top left.
        let grain = ((y * 0.19 + (x * 0.05).sin() * 2.5).sin() * 0.5 + 0.5) * 0.08;
        let wood = mix(rgb(colours::TILE_WOOD), rgb(colours::TILE_WOOD_DARK), grain);
        let bevel = smoothstep(-half * 0.16, 0.0, distance);
        let lit = (y - x) / (half * 2.0);
        let edge = if lit > 0.0 {
            mix(wood, [1.0, 0.97, 0.9], bevel * lit.min(1.0) * 0.9)
        } else {
            mix(
                wood,
                rgb(colours::TILE_WOOD_DARK),
                bevel * (-lit).min(1.0) * 1.2,
            )
        };
        over_shadow(edge, body, shadow)
    });
    canvas
}

fn draw_outline(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let half = size as f32 / 2.0 - 1.5;
    let thickness = size as f32 * 0.08;
    canvas.paint(|x, y| {
        let distance = rounded_square(x, y, half, size as f32 * 0.1);
        let outer = (0.5 - distance).clamp(0.0, 1.0);
        let inner = (distance + thickness + 0.5).clamp(0.0, 1.0);
        [1.0, 1.0, 1.0, outer * inner]
    });
    canvas
}

fn draw_board(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    canvas.paint(|x, y| board_pixel(x, y, size));
    canvas
}

/// The board's wooden body at (`x`, `y`) from its centre, in the units of a board image `size`
/// pixels wide.
fn board_pixel(x: f32, y: f32, size: u32) -> [f32; 4] {
    let half = size as f32 / 2.0 - 8.0;
    let distance = rounded_square(x, y, half, 10.0);
    let body = (0.5 - distance).clamp(0.0, 1.0);
    let shadow = (1.0 - smoothstep(-4.0, 8.0, rounded_square(x - 2.0, y + 4.0, half, 10.0))) * 0.6;
    let grain = ((y * 0.05 + (x * 0.013).sin() * 3.0).sin() * 0.5 + 0.5) * 0.12;
    let wood = mix(rgb(palette::BOARD_FRAME), [0.0, 0.0, 0.0], grain);
    over_shadow(wood, body, shadow)
}

/// Pixels a square spans in the board image with its squares painted in.
pub const BOARD_SQUARE_PIXELS: u32 = 48;

/// The board's body with every square painted in, in its bonus colour: one sprite instead of
/// one per square, for a software renderer pays for every pixel of every sprite. It spans
/// the board's body as `board::place_squares` sizes it, half a square wider than the squares.
/// `square_pixels` across a square, painted on `cores` threads.
pub fn draw_board_with_squares(
    board: &Layout,
    colours: Colours,
    square_pixels: u32,
    cores: usize,
) -> Canvas {
    let (columns, rows) = (board.width(), board.height());
    let square = square_pixels as f32;
    let width = ((columns as f32 + 0.5) * square).round() as u32;
    let height = ((rows as f32 + 0.5) * square).round() as u32;
    // The body as its 256-pixel image drew it, stretched to this size.
    const BODY_IMAGE: u32 = 256;
    let (to_body_x, to_body_y) = (
        BODY_IMAGE as f32 / width as f32,
        BODY_IMAGE as f32 / height as f32,
    );
    // Square-image units per pixel, as the sprites drew them (a square is 0.94 of its room).
    let to_square = SQUARE_IMAGE as f32 / (square * 0.94);
    let first = Vec2::new(
        -(columns as f32 - 1.0) / 2.0 * square,
        (rows as f32 - 1.0) / 2.0 * square,
    );
    let mut canvas = Canvas::new(width, height);
    canvas.paint_on(cores, |x, y| {
        let wood = board_pixel(x * to_body_x, y * to_body_y, BODY_IMAGE);
        let col = ((x - first.x) / square + 0.5).floor();
        let row = ((first.y - y) / square + 0.5).floor();
        if !(0.0..columns as f32).contains(&col) || !(0.0..rows as f32).contains(&row) {
            return wood;
        }
        let centre = Vec2::new(first.x + col * square, first.y - row * square);
        let face = square_pixel(
            (x - centre.x) * to_square,
            (y - centre.y) * to_square,
            SQUARE_IMAGE,
            to_square,
        );
        let bonus = board.bonus(Cell::new(col as u8, row as u8));
        over(tinted(face, colours::bonus_fill(bonus, colours)), wood)
    });
    canvas
}

/// A white face tinted as a sprite's colour tints its image: multiplied in linear light.
fn tinted(face: [f32; 4], fill: palette::Rgba) -> [f32; 4] {
    let [r, g, b] = rgb(fill);
    let fill = LinearRgba::from(Srgba::new(r, g, b, 1.0));
    let face_light = LinearRgba::from(Srgba::new(face[0], face[1], face[2], 1.0));
    let shown = Srgba::from(LinearRgba::new(
        face_light.red * fill.red,
        face_light.green * fill.green,
        face_light.blue * fill.blue,
        1.0,
    ));
    [shown.red, shown.green, shown.blue, face[3]]
}

/// Signed distance to an ellipse (close enough for soft edges a pixel wide).
fn ellipse(x: f32, y: f32, rx: f32, ry: f32) -> f32 {
    ((x / rx).powi(2) + (y / ry).powi(2))
        .sqrt()
        .mul_add(rx.min(ry), -rx.min(ry))
}

/// A union of two shapes that melts their seam over `k` pixels.
fn smooth_union(a: f32, b: f32, k: f32) -> f32 {
    let h = (0.5 + 0.5 * (b - a) / k).clamp(0.0, 1.0);
    b + (a - b) * h - k * h * (1.0 - h)
}

/// A cloth pouch tied with a cord: a round body, a gathered neck and a frill on top.
fn draw_bag(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let unit = size as f32 / 128.0;
    let shape = move |x: f32, y: f32| {
        let body = ellipse(x, y + 14.0 * unit, 46.0 * unit, 40.0 * unit);
        let neck = rounded_square(x, y - 24.0 * unit, 13.0 * unit, 4.0 * unit);
        let frill = ellipse(x, y - 42.0 * unit, 26.0 * unit, 11.0 * unit);
        smooth_union(smooth_union(body, neck, 10.0 * unit), frill, 6.0 * unit)
    };
    canvas.paint(|x, y| {
        let distance = shape(x, y);
        let body = (0.5 - distance).clamp(0.0, 1.0);
        let shadow =
            (1.0 - smoothstep(
                -4.0 * unit,
                9.0 * unit,
                shape(x - 3.0 * unit, y + 5.0 * unit),
            )) * 0.55;
        // Lit from the top left; soft vertical folds gather towards the neck.
        let light = smoothstep(-60.0 * unit, 60.0 * unit, y - x * 0.7);
        let fold = ((x / unit) * 0.22 + (y / unit) * 0.04).sin() * 0.5 + 0.5;
        let folds = fold * 0.18 * smoothstep(20.0 * unit, -30.0 * unit, y);
        let rim = smoothstep(-6.0 * unit, 0.0, distance) * 0.35;
        let cloth = mix(
            rgb(colours::BAG_CLOTH_DARK),
            rgb(colours::BAG_CLOTH),
            (light - folds - rim).clamp(0.0, 1.0),
        );
        let cord = 1.0 - smoothstep(2.0 * unit, 3.5 * unit, (y - 30.0 * unit).abs());
        let colour = mix(cloth, rgb(colours::BAG_CORD), cord * body);
        over_shadow(colour, body, shadow)
    });
    canvas
}

fn draw_glow(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let half = size as f32 / 2.0 - 1.0;
    canvas.paint(|x, y| {
        let distance = rounded_square(x, y, half, size as f32 * 0.12);
        let inside = (0.5 - distance).clamp(0.0, 1.0);
        // Bright at the rim, a soft wash inside.
        let rim = smoothstep(-(size as f32) * 0.2, 0.0, distance);
        [1.0, 1.0, 1.0, inside * (0.35 + 0.65 * rim)]
    });
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_image_paints_each_square_in_its_bonus_colour() {
        let board = Layout::board_a();
        for colours in [Colours::Standard, Colours::ColourSafe] {
            let canvas = draw_board_with_squares(&board, colours, BOARD_SQUARE_PIXELS, 1);
            let square = BOARD_SQUARE_PIXELS;
            // Squares begin a quarter of a square in, past the body's rim.
            let centre_of = |cell: Cell| {
                let col = square / 4 + u32::from(cell.col) * square + square / 2;
                let row = square / 4 + u32::from(cell.row) * square + square / 2;
                (col, row)
            };
            for index in 0..board.len() {
                let cell = board.cell(index);
                let (col, row) = centre_of(cell);
                let at = ((row * canvas.width + col) * 4) as usize;
                let shown = &canvas.pixels[at..at + 4];
                // The face is white at its centre: the square shows its bonus colour itself.
                let fill = tinted([1.0; 4], colours::bonus_fill(board.bonus(cell), colours));
                for channel in 0..3 {
                    let wanted = (fill[channel] * 255.0).round();
                    let drift = (f32::from(shown[channel]) - wanted).abs();
                    assert!(drift <= 4.0, "{cell}: {shown:?} against {fill:?}");
                }
                // The gap to the next square along the row shows the wood, not the square.
                let gap_at = ((row * canvas.width + col + square / 2) * 4) as usize;
                let gap = &canvas.pixels[gap_at..gap_at + 4];
                let apart: u16 = (0..3).map(|c| u16::from(gap[c].abs_diff(shown[c]))).sum();
                assert!(apart > 60, "{cell}: no gap: {gap:?} beside {shown:?}");
            }
        }
    }

    #[test]
    fn tiles_are_solid_with_a_shadow_and_clear_corners() {
        let tile = draw_tile(TILE_IMAGE);
        assert_eq!(tile.alpha_at(TILE_IMAGE / 2, TILE_IMAGE / 2), 255);
        assert_eq!(
            tile.alpha_at(0, 0),
            0,
            "the corner outside the shadow is clear"
        );
        let outline = draw_outline(SQUARE_IMAGE);
        assert_eq!(outline.alpha_at(SQUARE_IMAGE / 2, SQUARE_IMAGE / 2), 0);
        let bag = draw_bag(BAG_IMAGE);
        assert_eq!(
            bag.alpha_at(BAG_IMAGE / 2, BAG_IMAGE * 5 / 8),
            255,
            "the body"
        );
        assert_eq!(
            bag.alpha_at(BAG_IMAGE / 2, BAG_IMAGE / 2 - 28),
            255,
            "the neck"
        );
        assert_eq!(bag.alpha_at(4, 4), 0, "beside the frill");
        assert_eq!(bag.alpha_at(BAG_IMAGE - 4, 4), 0);
    }
}
