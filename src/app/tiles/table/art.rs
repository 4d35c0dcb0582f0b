//! The pictures the tile game's 3D table paints in code: a tile's face with its digit carved
//! in, and the tray's floor printed with the bonus squares' words.

use ab_glyph::{Font, FontRef, PxScale};
use bevy::prelude::*;

use crate::app::base::art::{Canvas, mix, rgb, smoothstep};
use crate::app::base::board_text::lay_out;
use crate::app::base::i18n::Language;
use crate::app::base::palette::{Colours, Rgba};
use crate::app::base::theme::FALLBACK_FONT;
use crate::app::tiles::board::{bonus_label, label_scale};
use crate::app::tiles::colours;
use abakus_rules::abaku::Layout;

/// A tile's face: its digit (none for a blank joker), its ink, and the bar under the digit
/// of a red-side tile with the colour-blind colours on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Face {
    pub(super) digit: Option<u8>,
    pub(super) ink: [u8; 4],
    pub(super) marked: bool,
}

/// Pixels across a tile's face picture.
const FACE_PIXELS: u32 = 128;

/// A tile's top: maple with a faint grain and its digit cut into it, dark in the cut with the
/// cut's upper wall in shade and the wood's lip below it catching the light.
pub(super) fn paint_face(face: Face) -> Canvas {
    let size = FACE_PIXELS as usize;
    let cut = face
        .digit
        .map_or_else(|| vec![0.0; size * size], |d| digit_cut(d, size));
    let depth_at = |col, row| depth(&cut, size, col, row);
    let half = size as f32 / 2.0;
    let [r, g, b, _] = face.ink;
    let ink = [r, g, b].map(|c| f32::from(c) / 255.0);
    let mut canvas = Canvas::new(FACE_PIXELS, FACE_PIXELS);
    canvas.paint(|x, y| {
        let (col, row) = ((x + half - 0.5) as i32, (half - y - 0.5) as i32);
        let grain = ((y * 0.19 + (x * 0.05).sin() * 2.5).sin() * 0.5 + 0.5) * 0.08;
        // Warmer than the squares it lies on, darkening towards its bevelled edge, so a tile
        // stands out from the board without the flat view's drop shadow.
        let edge = smoothstep(half * 0.7, half, x.abs().max(y.abs())) * 0.45;
        let wood = mix(
            rgb(colours::TILE_WOOD),
            rgb(colours::TILE_WOOD_DARK),
            0.14 + grain + edge,
        );
        let (here, above) = (depth_at(col, row), depth_at(col, row - 3));
        let mut colour = mix(wood, ink, here * 0.92);
        colour = mix(colour, [0.0, 0.0, 0.0], (here - above).max(0.0) * 0.45);
        colour = mix(colour, [1.0, 0.97, 0.9], (above - here).max(0.0) * 0.4);
        let bar = (x - half * 0.04).abs() < half * 0.5 && (y + half * 0.64).abs() < half * 0.08;
        if face.marked && bar {
            colour = rgb(colours::SPIN_RED);
        }
        [colour[0], colour[1], colour[2], 1.0]
    });
    canvas
}

/// How deep a `size`-pixel face is cut at a pixel, nothing outside it.
fn depth(cut: &[f32], size: usize, col: i32, row: i32) -> f32 {
    let inside = (0..size as i32).contains(&col) && (0..size as i32).contains(&row);
    if inside {
        cut[row as usize * size + col as usize]
    } else {
        0.0
    }
}

/// How deep each pixel of a `size`-pixel face is cut by `digit`, from 0 to 1: the digit set in
/// the board's font, a little over half the face tall, where the flat tile prints it.
fn digit_cut(digit: u8, size: usize) -> Vec<f32> {
    let mut cut = vec![0.0; size * size];
    let Ok(font) = FontRef::try_from_slice(FALLBACK_FONT) else {
        return cut;
    };
    let id = font.glyph_id(char::from(b'0' + digit.min(9)));
    let Some(measured) = font.outline_glyph(id.with_scale(PxScale::from(100.0))) else {
        return cut;
    };
    let scale = 100.0 * 0.54 * size as f32 / measured.px_bounds().height().max(1.0);
    let Some(glyph) = font.outline_glyph(id.with_scale(PxScale::from(scale))) else {
        return cut;
    };
    let bounds = glyph.px_bounds();
    // The flat tile sets its digit a little right of and above the middle.
    let left = (size as f32 * 0.52 - bounds.width() / 2.0).round() as i32;
    let top = (size as f32 * 0.48 - bounds.height() / 2.0).round() as i32;
    glyph.draw(|x, y, coverage| {
        let (col, row) = (left + x as i32, top + y as i32);
        if (0..size as i32).contains(&col) && (0..size as i32).contains(&row) {
            cut[row as usize * size + col as usize] = coverage.clamp(0.0, 1.0);
        }
    });
    // Cut a little wider than the font's strokes: a carved digit read from across a table
    // wants the weight of a bold one.
    let widen = (size / 48).max(1) as i32;
    let mut wide = vec![0.0; size * size];
    for row in 0..size as i32 {
        for col in 0..size as i32 {
            let mut deepest: f32 = 0.0;
            for dy in -widen..=widen {
                for dx in -widen..=widen {
                    if dx * dx + dy * dy <= widen * widen {
                        deepest = deepest.max(depth(&cut, size, col + dx, row + dy));
                    }
                }
            }
            wide[row as usize * size + col as usize] = deepest;
        }
    }
    wide
}

/// The board's painting with its squares sunk and its bonus squares' words printed, or none
/// where the painting has no pixels to read.
pub(super) fn printed_floor(
    painting: &Image,
    board: &Layout,
    (words, colours): (Language, Colours),
) -> Option<Canvas> {
    let (width, height) = (painting.width(), painting.height());
    let pixels = painting.data.clone()?;
    if pixels.len() != (width * height * 4) as usize {
        return None;
    }
    let mut canvas = Canvas {
        width,
        height,
        pixels,
    };
    let font = FontRef::try_from_slice(FALLBACK_FONT).ok()?;
    let (columns, rows) = (board.width() as f32, board.height() as f32);
    let square = width as f32 / (columns + 0.5);
    for index in 0..board.len() {
        let cell = board.cell(index);
        let centre = Vec2::new(
            width as f32 / 2.0 + (f32::from(cell.col) - (columns - 1.0) / 2.0) * square,
            height as f32 / 2.0 + (f32::from(cell.row) - (rows - 1.0) / 2.0) * square,
        );
        sink_square(&mut canvas, centre, square);
        let bonus = board.bonus(cell);
        let label = bonus_label(bonus, words);
        if label.is_empty() {
            continue;
        }
        let ink = colours::bonus_colour(bonus, colours).1;
        let size = square * 0.3 * label_scale(&label);
        print_words(&mut canvas, &font, &label, centre, size, ink);
    }
    Some(canvas)
}

/// Darkens the top of a square and lights its foot, as a square sunk into the wood and lit
/// from the far side would show.
fn sink_square(canvas: &mut Canvas, centre: Vec2, square: f32) {
    let half = square * 0.47;
    let band = (square * 0.09).max(1.0);
    let (top, bottom) = ((centre.y - half).max(0.0) as u32, (centre.y + half) as u32);
    let (left, right) = ((centre.x - half).max(0.0) as u32, (centre.x + half) as u32);
    for y in top..bottom.min(canvas.height) {
        let from_top = y as f32 - (centre.y - half);
        let from_foot = (centre.y + half) - y as f32;
        let light = if from_top < band {
            0.78 + 0.22 * from_top / band
        } else if from_foot < band * 0.6 {
            1.0 + 0.08 * (1.0 - from_foot / (band * 0.6))
        } else {
            continue;
        };
        for x in left..right.min(canvas.width) {
            let at = ((y * canvas.width + x) * 4) as usize;
            for channel in &mut canvas.pixels[at..at + 3] {
                *channel = (f32::from(*channel) * light).clamp(0.0, 255.0) as u8;
            }
        }
    }
}

/// Prints `words` (lines apart by `\n`) centred on `centre` at `size` pixels in `ink`.
fn print_words(
    canvas: &mut Canvas,
    font: &FontRef,
    words: &str,
    centre: Vec2,
    size: f32,
    ink: Rgba,
) {
    let [r, g, b] = rgb(ink).map(|c| c * 255.0);
    for outlined in lay_out(font, PxScale::from(size), words, centre) {
        let bounds = outlined.px_bounds();
        outlined.draw(|gx, gy, coverage| {
            let (px, py) = (
                bounds.min.x as i32 + gx as i32,
                bounds.min.y as i32 + gy as i32,
            );
            if px < 0 || py < 0 || px >= canvas.width as i32 || py >= canvas.height as i32 {
                return;
            }
            let at = ((py as u32 * canvas.width + px as u32) * 4) as usize;
            let c = coverage.clamp(0.0, 1.0);
            for (channel, wanted) in canvas.pixels[at..at + 3].iter_mut().zip([r, g, b]) {
                *channel = (f32::from(*channel) * (1.0 - c) + wanted * c).round() as u8;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digit_is_cut_into_the_middle_of_its_face() {
        for digit in 0..10 {
            let cut = digit_cut(digit, 64);
            let rows: Vec<usize> = (0..64)
                .filter(|row| (0..64).any(|col| cut[row * 64 + col] > 0.5))
                .collect();
            let (top, bottom) = (rows[0], rows[rows.len() - 1]);
            assert!(
                (30..40).contains(&(bottom - top)),
                "digit {digit}: {top}..{bottom}"
            );
            assert!(top > 8 && bottom < 56, "digit {digit} inside its face");
        }
        assert_ne!(digit_cut(6, 64), digit_cut(9, 64));
    }

    #[test]
    fn the_floor_prints_each_bonus_squares_words_and_sinks_every_square() {
        use crate::app::tiles::art::{BOARD_SQUARE_PIXELS, draw_board_with_squares};
        use abakus_rules::abaku::Bonus;
        let board = Layout::board_a();
        let look = (Language::English, Colours::Standard);
        let painted = draw_board_with_squares(&board, look.1, BOARD_SQUARE_PIXELS, 1);
        let plain = painted.pixels.clone();
        let printed = printed_floor(&painted.into_image(), &board, look).expect("pixels");
        let square = BOARD_SQUARE_PIXELS as usize;
        let width = printed.width as usize;
        // How many pixels of the square's middle, and of its top band, the printing changed.
        let changed = |col: usize, row: usize, rows: std::ops::Range<usize>| {
            let (left, top) = (square / 4 + col * square, square / 4 + row * square);
            rows.flat_map(|y| (square / 4..square * 3 / 4).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    let at = ((top + y) * width + left + x) * 4;
                    printed.pixels[at..at + 3] != plain[at..at + 3]
                })
                .count()
        };
        for index in 0..board.len() {
            let cell = board.cell(index);
            let (col, row) = (usize::from(cell.col), usize::from(cell.row));
            let words = changed(col, row, square / 3..square * 2 / 3);
            if board.bonus(cell) == Bonus::Plain {
                assert_eq!(words, 0, "{cell} is plain");
            } else {
                assert!(words > 20, "{cell} has its words ({words})");
            }
            assert!(changed(col, row, 1..3) > square / 3, "{cell} is sunk");
        }
    }
}
