//! The hex game's art, drawn from code at start-up: bevelled cells, glossy stones, rings and
//! the board's wooden body.

use bevy::prelude::*;

use super::colours;
use super::layout::BoardLayout;
use crate::app::base::art::{Canvas, mix, over, over_shadow, rgb, smoothstep};
use crate::app::base::palette;
use abakus_rules::hex::Board;

/// Draws the art while the app is built, so the first screen finds it.
pub(super) fn plugin(app: &mut App) {
    if app.world().contains_resource::<HexArt>() {
        return;
    }
    let Some(mut images) = app.world_mut().get_resource_mut::<Assets<Image>>() else {
        return;
    };
    let art = create_art(&mut images);
    app.insert_resource(art);
}

/// Handles to every generated image; sprites scale them to the board's current cell size.
#[derive(Resource, Debug, Clone)]
pub struct HexArt {
    pub cell: Handle<Image>,
    pub cell_outline: Handle<Image>,
    pub stone_black: Handle<Image>,
    pub stone_white: Handle<Image>,
    pub ring: Handle<Image>,
    pub dot: Handle<Image>,
    pub board: Handle<Image>,
}

/// Width of the generated cell image; its height follows from the flat-top hexagon shape.
pub const CELL_IMAGE_WIDTH: u32 = 160;
/// The stone image is this many times the stone's diameter, leaving room for its shadow.
pub const STONE_IMAGE_MARGIN: f32 = 1.25;

fn create_art(images: &mut Assets<Image>) -> HexArt {
    let mut add = |canvas: Canvas| images.add(canvas.into_image());
    let cell_height = flat_hex_height(CELL_IMAGE_WIDTH);
    HexArt {
        cell: add(draw_cell(CELL_IMAGE_WIDTH, cell_height)),
        cell_outline: add(draw_cell_outline(CELL_IMAGE_WIDTH, cell_height)),
        stone_black: add(draw_stone(128, StoneLook::Black)),
        stone_white: add(draw_stone(128, StoneLook::White)),
        ring: add(draw_ring(96)),
        dot: add(draw_dot(64)),
        board: add(draw_board(512)),
    }
}

/// Height of a flat-top hexagon image of the given width.
#[must_use]
pub fn flat_hex_height(width: u32) -> u32 {
    (width as f32 * 3f32.sqrt() / 2.0).round() as u32
}

/// Signed distance to a flat-top hexagon of apothem `apothem` (negative inside), and the
/// outward normal of the nearest edge.
fn flat_hex_distance(x: f32, y: f32, apothem: f32) -> (f32, [f32; 2]) {
    let half_root3 = 3f32.sqrt() / 2.0;
    let slanted = half_root3 * x.abs() + 0.5 * y.abs();
    if y.abs() >= slanted {
        (y.abs() - apothem, [0.0, y.signum()])
    } else {
        (
            slanted - apothem,
            [half_root3 * x.signum(), 0.5 * y.signum()],
        )
    }
}

/// A pointy-top hexagon is a flat-top one turned a quarter.
fn pointy_hex_distance(x: f32, y: f32, apothem: f32) -> f32 {
    flat_hex_distance(y, x, apothem).0
}

/// A light maple cell with a bevel lit from the top left and a faint grain.
pub(crate) fn draw_cell(width: u32, height: u32) -> Canvas {
    let mut canvas = Canvas::new(width, height);
    let cell = CellLook::new(width, height);
    canvas.paint(|x, y| cell.pixel(x, y, 1.0));
    canvas
}

/// A cell's look in the coordinates of a cell image `width` pixels wide.
struct CellLook {
    apothem: f32,
    bevel: f32,
}

impl CellLook {
    fn new(width: u32, height: u32) -> Self {
        Self {
            apothem: height as f32 / 2.0 - 1.5,
            bevel: width as f32 * 0.07,
        }
    }

    /// The colour at (`x`, `y`) from the cell's centre; `pixel` is how many of these units one
    /// pixel of the picture spans, for the edge's smoothing.
    fn pixel(&self, x: f32, y: f32, pixel: f32) -> [f32; 4] {
        const LIGHT: [f32; 2] = [-0.6, 0.8];
        let (distance, normal) = flat_hex_distance(x, y, self.apothem);
        let alpha = (0.5 - distance / pixel).clamp(0.0, 1.0);
        let grain = ((x * 0.11 + (y * 0.045).sin() * 2.2).sin() * 0.5 + 0.5) * 0.06;
        let mut color = mix(rgb(colours::CELL), rgb(colours::CELL_DARK), grain);
        let edge = smoothstep(-self.bevel, 0.0, distance);
        let facing = normal[0] * LIGHT[0] + normal[1] * LIGHT[1];
        let shade = if facing > 0.0 {
            colours::CELL_LIGHT
        } else {
            colours::CELL_DARK
        };
        color = mix(color, rgb(shade), edge * facing.abs() * 0.9);
        [color[0], color[1], color[2], alpha]
    }
}

/// A white hexagonal outline, tinted per use (hover, selected group).
fn draw_cell_outline(width: u32, height: u32) -> Canvas {
    let mut canvas = Canvas::new(width, height);
    let apothem = height as f32 / 2.0 - 2.0;
    let thickness = width as f32 * 0.06;
    canvas.paint(|x, y| {
        let (distance, _) = flat_hex_distance(x, y, apothem);
        let outer = (0.5 - distance).clamp(0.0, 1.0);
        let inner = (distance + thickness + 0.5).clamp(0.0, 1.0);
        [1.0, 1.0, 1.0, outer * inner]
    });
    canvas
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum StoneLook {
    Black,
    White,
}

/// A glossy stone with a soft shadow; white stones carry an engraved ring so the two sides
/// differ in shape as well as colour.
pub(crate) fn draw_stone(size: u32, look: StoneLook) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let radius = size as f32 / 2.0 / STONE_IMAGE_MARGIN;
    let shadow_offset = [radius * 0.08, -radius * 0.12];
    canvas.paint(|x, y| {
        let distance = (x * x + y * y).sqrt();
        let body = (radius - distance + 0.5).clamp(0.0, 1.0);
        let sx = x - shadow_offset[0];
        let sy = y - shadow_offset[1];
        let shadow_distance = (sx * sx + sy * sy).sqrt();
        let shadow = (1.0 - smoothstep(radius * 0.85, radius * 1.18, shadow_distance)) * 0.55;
        // Light from the top left: a broad sheen and a small bright spot.
        let hx = x + radius * 0.35;
        let hy = y - radius * 0.38;
        let spot = (-(hx * hx + hy * hy) / (radius * radius * 0.05)).exp();
        let sheen = (-(hx * hx + hy * hy) / (radius * radius * 0.5)).exp();
        let rim = smoothstep(radius * 0.55, radius, distance);
        let color = match look {
            StoneLook::Black => {
                let base = mix(rgb(colours::STONE_BLACK), [0.0, 0.0, 0.0], rim * 0.6);
                let lit = mix(base, rgb(colours::STONE_BLACK_SHINE), sheen * 0.35);
                mix(lit, [1.0, 1.0, 1.0], spot * 0.75)
            }
            StoneLook::White => {
                let base = mix(
                    rgb(colours::STONE_WHITE),
                    rgb(colours::STONE_WHITE_SHADE),
                    rim * 0.8,
                );
                let ring_distance = (distance - radius * 0.52).abs();
                let ring = (1.0 - smoothstep(radius * 0.03, radius * 0.075, ring_distance)) * 0.75;
                let marked = mix(base, rgb(colours::STONE_WHITE_SHADE), ring);
                mix(marked, [1.0, 1.0, 1.0], spot * 0.8)
            }
        };
        over_shadow(color, body, shadow)
    });
    canvas
}

/// A soft ring, tinted per use (slide targets, last move).
fn draw_ring(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let radius = size as f32 / 2.0 - 3.0;
    let thickness = size as f32 * 0.11;
    canvas.paint(|x, y| {
        let distance = (x * x + y * y).sqrt();
        let outer = (radius - distance + 0.5).clamp(0.0, 1.0);
        let inner = (distance - (radius - thickness) + 0.5).clamp(0.0, 1.0);
        [1.0, 1.0, 1.0, outer * inner]
    });
    canvas
}

/// A filled disc with a soft edge.
fn draw_dot(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let radius = size as f32 / 2.0 - 2.0;
    canvas.paint(|x, y| {
        let distance = (x * x + y * y).sqrt();
        [1.0, 1.0, 1.0, (radius - distance + 0.5).clamp(0.0, 1.0)]
    });
    canvas
}

/// The board's wooden body: a pointy-top hexagon with a rim and a shadow on the table.
pub(crate) fn draw_board(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let apothem = size as f32 / 2.0 * BOARD_APOTHEM;
    canvas.paint(|x, y| board_pixel(x, y, apothem));
    canvas
}

/// How far the board's sides are from its centre, as a share of half its image.
const BOARD_APOTHEM: f32 = 0.86;

/// Pixels across the board image with its cells painted in: large enough that the board is
/// drawn smaller than its image in any window up to full HD, where a cell is still crisp.
pub const BOARD_WITH_CELLS_SIZE: u32 = 1024;

/// The board of `side` with its cells painted into the wood, `size` pixels square, laid out
/// as `BoardLayout` lays them out. One sprite instead of one per cell: a software renderer
/// pays for every pixel of every sprite, and the cells covered a third of the board twice.
/// Painted on `cores` threads.
pub fn draw_board_with_cells(side: u8, size: u32, cores: usize) -> Canvas {
    let board = Board::of_side(u32::from(side)).expect("a board side the game offers");
    let apothem = size as f32 / 2.0 * BOARD_APOTHEM;
    let rings = f32::from(side) - 1.0;
    // As `BoardLayout::board_size`: the body's apothem is 1.5 hex sizes a ring, plus 1.5.
    let hex_size = apothem / (1.5 * rings + 1.5);
    let layout = BoardLayout {
        side,
        hex_size,
        centre: Vec2::ZERO,
        window: Vec2::ZERO,
    };
    let cell_width = CELL_IMAGE_WIDTH as f32;
    let cell = CellLook::new(CELL_IMAGE_WIDTH, flat_hex_height(CELL_IMAGE_WIDTH));
    // Cell-image units per board pixel, as the sprites drew them (`BoardLayout::cell_size`).
    let scale = cell_width / (layout.cell_size().x);
    let mut canvas = Canvas::new(size, size);
    canvas.paint_on(cores, |x, y| {
        let wood = board_pixel(x, y, apothem);
        let point = Vec2::new(x, y);
        let Some(at) = layout.cell_at(board, point) else {
            return wood;
        };
        let offset = (point - layout.world(at)) * scale;
        over(cell.pixel(offset.x, offset.y, scale), wood)
    });
    canvas
}

fn board_pixel(x: f32, y: f32, apothem: f32) -> [f32; 4] {
    let distance = pointy_hex_distance(x, y, apothem);
    let body = (0.5 - distance).clamp(0.0, 1.0);
    let shadow_distance = pointy_hex_distance(x - 6.0, y + 10.0, apothem);
    let shadow = (1.0 - smoothstep(-8.0, 22.0, shadow_distance)) * 0.6;
    let rim = smoothstep(-14.0, 0.0, distance);
    let grain = ((y * 0.05 + (x * 0.013).sin() * 3.0).sin() * 0.5 + 0.5) * 0.12;
    let wood = mix(rgb(palette::BOARD_FRAME), [0.0, 0.0, 0.0], grain);
    let color = mix(wood, rgb(colours::CELL_DARK), rim * 0.5);
    over_shadow(color, body, shadow)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour of one pixel of a canvas, counted from the top left.
    fn rgba(canvas: &Canvas, col: u32, row: u32) -> [u8; 4] {
        let at = ((row * canvas.width + col) * 4) as usize;
        canvas.pixels[at..at + 4].try_into().unwrap()
    }

    #[test]
    fn the_board_image_holds_every_cell_where_the_layout_puts_it() {
        let size = 256;
        let board = draw_board_with_cells(3, size, 1);
        let cell = draw_cell(CELL_IMAGE_WIDTH, flat_hex_height(CELL_IMAGE_WIDTH));
        let cell_centre = rgba(
            &cell,
            CELL_IMAGE_WIDTH / 2,
            flat_hex_height(CELL_IMAGE_WIDTH) / 2,
        );
        let apothem = size as f32 / 2.0 * BOARD_APOTHEM;
        let layout = BoardLayout {
            side: 3,
            hex_size: apothem / 4.5,
            centre: Vec2::ZERO,
            window: Vec2::ZERO,
        };
        let to_pixel = |point: Vec2| {
            let half = size as f32 / 2.0;
            ((half + point.x) as u32, (half - point.y) as u32)
        };
        let cells = Board::of_side(3).unwrap().cells();
        assert_eq!(cells.len(), 19);
        for &at in cells {
            let centre = layout.world(at);
            let (col, row) = to_pixel(centre);
            let shown = rgba(&board, col, row);
            for channel in 0..3 {
                let drift = i16::from(shown[channel]) - i16::from(cell_centre[channel]);
                assert!(drift.abs() <= 12, "{at}: {shown:?} against {cell_centre:?}");
            }
            assert_eq!(shown[3], 255, "{at}");
            // Halfway to the next cell along a row lies the dark gap between the two.
            let (col, row) = to_pixel(centre + Vec2::new(0.0, layout.hex_size * 3f32.sqrt() / 2.0));
            let gap = rgba(&board, col, row);
            assert!(
                u16::from(gap[0]) + 40 < u16::from(shown[0]),
                "{at}: the gap {gap:?} is as light as the cell {shown:?}"
            );
        }
        assert_eq!(board.alpha_at(0, 0), 0, "the board's corners stay clear");
    }

    #[test]
    fn cells_are_opaque_inside_and_clear_at_the_corners() {
        let height = flat_hex_height(CELL_IMAGE_WIDTH);
        let cell = draw_cell(CELL_IMAGE_WIDTH, height);
        assert_eq!(cell.alpha_at(CELL_IMAGE_WIDTH / 2, height / 2), 255);
        assert_eq!(
            cell.alpha_at(0, 0),
            0,
            "flat-top hexagons leave the corners clear"
        );
        assert_eq!(cell.alpha_at(CELL_IMAGE_WIDTH - 1, height - 1), 0);
    }

    #[test]
    fn stones_differ_in_mark_as_well_as_colour() {
        let black = draw_stone(128, StoneLook::Black);
        let white = draw_stone(128, StoneLook::White);
        let brightness = |c: &Canvas, col: u32, row: u32| {
            let at = ((row * c.width + col) * 4) as usize;
            u32::from(c.pixels[at]) + u32::from(c.pixels[at + 1]) + u32::from(c.pixels[at + 2])
        };
        assert!(brightness(&white, 64, 64) > 3 * brightness(&black, 64, 64));
        // The white stone's ring is darker than the face just inside it.
        let radius = 64.0 / STONE_IMAGE_MARGIN;
        let ring_col = 64 + (radius * 0.52) as u32;
        let face_col = 64 + (radius * 0.35) as u32;
        assert!(brightness(&white, ring_col, 64) + 30 < brightness(&white, face_col, 64));
    }
}
