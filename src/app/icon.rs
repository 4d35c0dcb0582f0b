//! The application icon, put together from the games' own art: the hex board with a black
//! and a white stone, and a digit tile in front of it; for the window and for the desktop.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

use super::hex::art::{self as hex_art, StoneLook};
use super::tiles::art as tiles_art;
use super::tiles::colours::TILE_INK;
use crate::app::base::art::Canvas;
use crate::app::base::palette::Rgba;

/// The sizes a desktop's icon theme looks for (the hicolor theme's `NxN` folders).
pub const ICON_SIZES: [u32; 6] = [16, 32, 48, 64, 128, 256];
/// The size handed to the window: window managers scale it for title bars and task lists.
const WINDOW_ICON_SIZE: u32 = 64;
/// Each icon pixel is the average of this many samples across and down, which smooths the
/// edges of the art at every size, however far it is shrunk.
const SAMPLES: u32 = 4;

/// A picture placed on the icon: its centre and the half-width of the whole image, in icon
/// units (the icon spans -1 to 1, y up).
struct Placed {
    canvas: Canvas,
    centre: [f32; 2],
    half_width: f32,
}

/// The pieces of the icon, back to front, with the digit drawn last on the tile.
struct Pieces {
    layers: Vec<Placed>,
    /// The tile under the digit, whose strokes are measured in its half-side.
    tile_centre: [f32; 2],
    tile_half: f32,
}

/// The hex board's cell radius, in icon units: a board of side 2 (seven cells) fills most of
/// the icon's height.
const CELL_RADIUS: f32 = 0.235;
const BOARD_CENTRE: [f32; 2] = [-0.13, 0.07];
const TILE_CENTRE: [f32; 2] = [0.5, -0.5];
/// Half the tile's side, in icon units.
const TILE_HALF: f32 = 0.43;

/// Lays out the board, its seven cells, the two stones and the tile in the proportions the
/// game's board uses (see `hex::layout`).
fn pieces() -> Pieces {
    let r = CELL_RADIUS;
    let at = |dx: f32, dy: f32| [BOARD_CENTRE[0] + dx * r, BOARD_CENTRE[1] + dy * r];
    let mut layers = vec![Placed {
        canvas: hex_art::draw_board(512),
        centre: BOARD_CENTRE,
        half_width: 3.0 * r / 0.86,
    }];
    // A flat-top cell and its six neighbours, √3 radii apart.
    let step = 3f32.sqrt();
    let cells = [
        (0.0, 0.0),
        (0.0, step),
        (0.0, -step),
        (1.5, step / 2.0),
        (1.5, -step / 2.0),
        (-1.5, step / 2.0),
        (-1.5, -step / 2.0),
    ];
    let cell_width = hex_art::CELL_IMAGE_WIDTH;
    let cell_height = hex_art::flat_hex_height(cell_width);
    for (dx, dy) in cells {
        layers.push(Placed {
            canvas: hex_art::draw_cell(cell_width, cell_height),
            centre: at(dx, dy),
            half_width: r * 0.95,
        });
    }
    let stone_half = r * 1.52 / 2.0 * hex_art::STONE_IMAGE_MARGIN;
    for (look, (dx, dy)) in [
        (StoneLook::Black, (0.0, 0.0)),
        (StoneLook::White, (-1.5, step / 2.0)),
    ] {
        layers.push(Placed {
            canvas: hex_art::draw_stone(128, look),
            centre: at(dx, dy),
            half_width: stone_half,
        });
    }
    layers.push(Placed {
        canvas: tiles_art::draw_tile(tiles_art::TILE_IMAGE),
        centre: TILE_CENTRE,
        half_width: TILE_HALF * tiles_art::TILE_IMAGE_MARGIN,
    });
    Pieces {
        layers,
        tile_centre: TILE_CENTRE,
        tile_half: TILE_HALF,
    }
}

/// The icon at `size` pixels square, straight-alpha RGBA.
#[must_use]
pub fn draw_icon(size: u32) -> Canvas {
    let pieces = pieces();
    let mut icon = Canvas::new(size, size);
    let ink = premultiplied(TILE_INK);
    // The digit's strokes keep at least a pixel and a half of width, so the 7 still reads at
    // 16 pixels.
    let pixel = 2.0 / size as f32 / pieces.tile_half;
    let stroke = DIGIT_STROKE.max(0.75 * pixel);
    for row in 0..size {
        for col in 0..size {
            let mut sum = [0.0f32; 4];
            for sub in 0..SAMPLES * SAMPLES {
                let fx =
                    (col as f32 + ((sub % SAMPLES) as f32 + 0.5) / SAMPLES as f32) / size as f32;
                let fy =
                    (row as f32 + ((sub / SAMPLES) as f32 + 0.5) / SAMPLES as f32) / size as f32;
                let point = [fx * 2.0 - 1.0, 1.0 - fy * 2.0];
                let mut colour = [0.0f32; 4];
                for layer in &pieces.layers {
                    colour = over(sample(layer, point), colour);
                }
                if on_digit(point, pieces.tile_centre, pieces.tile_half, stroke) {
                    colour = over(ink, colour);
                }
                for (total, value) in sum.iter_mut().zip(colour) {
                    *total += value;
                }
            }
            let count = (SAMPLES * SAMPLES) as f32;
            let [r, g, b, a] = sum.map(|value| value / count);
            let straight = |value: f32| if a > 0.0 { value / a } else { 0.0 };
            let at = ((row * size + col) * 4) as usize;
            icon.pixels[at..at + 4].copy_from_slice(&[
                to_byte(straight(r)),
                to_byte(straight(g)),
                to_byte(straight(b)),
                to_byte(a),
            ]);
        }
    }
    icon
}

fn to_byte(value: f32) -> u8 {
    (value.clamp(0.0, 1.0) * 255.0).round() as u8
}

fn premultiplied(colour: Rgba) -> [f32; 4] {
    let alpha = f32::from(colour.3) / 255.0;
    [
        f32::from(colour.0) / 255.0 * alpha,
        f32::from(colour.1) / 255.0 * alpha,
        f32::from(colour.2) / 255.0 * alpha,
        alpha,
    ]
}

/// `top` over `bottom`, both premultiplied.
fn over(top: [f32; 4], bottom: [f32; 4]) -> [f32; 4] {
    let keep = 1.0 - top[3];
    [
        top[0] + bottom[0] * keep,
        top[1] + bottom[1] * keep,
        top[2] + bottom[2] * keep,
        top[3] + bottom[3] * keep,
    ]
}

/// The placed picture at an icon point, premultiplied, blending its four nearest pixels;
/// clear outside the picture.
fn sample(layer: &Placed, point: [f32; 2]) -> [f32; 4] {
    let canvas = &layer.canvas;
    let pixels_per_unit = canvas.width as f32 / 2.0 / layer.half_width;
    let x = (point[0] - layer.centre[0]) * pixels_per_unit + canvas.width as f32 / 2.0 - 0.5;
    let y = canvas.height as f32 / 2.0 - (point[1] - layer.centre[1]) * pixels_per_unit - 0.5;
    let (col, row) = (x.floor(), y.floor());
    let (tx, ty) = (x - col, y - row);
    let texel = |c: f32, r: f32| -> [f32; 4] {
        if c < 0.0 || r < 0.0 || c >= canvas.width as f32 || r >= canvas.height as f32 {
            return [0.0; 4];
        }
        let at = ((r as u32 * canvas.width + c as u32) * 4) as usize;
        let p = &canvas.pixels[at..at + 4];
        let alpha = f32::from(p[3]) / 255.0;
        [
            f32::from(p[0]) / 255.0 * alpha,
            f32::from(p[1]) / 255.0 * alpha,
            f32::from(p[2]) / 255.0 * alpha,
            alpha,
        ]
    };
    let lerp = |a: [f32; 4], b: [f32; 4], t: f32| [0, 1, 2, 3].map(|i| a[i] + (b[i] - a[i]) * t);
    let top = lerp(texel(col, row), texel(col + 1.0, row), tx);
    let bottom = lerp(texel(col, row + 1.0), texel(col + 1.0, row + 1.0), tx);
    lerp(top, bottom, ty)
}

/// Half the width of the digit's strokes, in the tile's half-sides.
const DIGIT_STROKE: f32 = 0.13;

/// Whether an icon point is on the tile's digit, a 7 of two bold strokes of half-width
/// `stroke` (the tiles' own digits are text, which needs the engine's font renderer).
fn on_digit(point: [f32; 2], centre: [f32; 2], half: f32, stroke: f32) -> bool {
    let x = (point[0] - centre[0]) / half;
    let y = (point[1] - centre[1]) / half;
    let bar = distance_to_segment([x, y], [-0.42, 0.52], [0.42, 0.52]);
    let stem = distance_to_segment([x, y], [0.42, 0.52], [-0.08, -0.6]);
    bar.min(stem) < stroke
}

fn distance_to_segment(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    let (ax, ay) = (p[0] - a[0], p[1] - a[1]);
    let (bx, by) = (b[0] - a[0], b[1] - a[1]);
    let t = ((ax * bx + ay * by) / (bx * bx + by * by)).clamp(0.0, 1.0);
    ((ax - bx * t).powi(2) + (ay - by * t).powi(2)).sqrt()
}

/// The icon as a PNG file's bytes.
#[must_use]
pub fn icon_png(size: u32) -> Vec<u8> {
    let icon = draw_icon(size);
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, icon.width, icon.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    // Writing into memory cannot fail, and the pixel count matches the header.
    let mut writer = encoder.write_header().expect("a PNG header in memory");
    writer
        .write_image_data(&icon.pixels)
        .expect("the icon's pixels in memory");
    writer.finish().expect("the PNG's end in memory");
    bytes
}

/// Where the icon of one size goes under a folder laid out as an icon theme.
#[must_use]
pub fn icon_path(folder: &Path, size: u32) -> PathBuf {
    folder
        .join(format!("{size}x{size}"))
        .join("apps")
        .join("abakus.png")
}

/// Why the icons could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", .path.display())]
pub struct WriteIconsError {
    path: PathBuf,
    source: std::io::Error,
}

/// Writes the icon at every theme size under `folder` as `NxN/apps/abakus.png`, the layout of
/// `/usr/share/icons/hicolor`, and lists the files on `out`.
pub fn write_icons(folder: &Path, out: &mut dyn Write) -> Result<(), WriteIconsError> {
    for size in ICON_SIZES {
        let path = icon_path(folder, size);
        let parent = path.parent().unwrap_or(folder).to_owned();
        std::fs::create_dir_all(&parent)
            .and_then(|()| std::fs::write(&path, icon_png(size)))
            .and_then(|()| writeln!(out, "{}", path.display()))
            .map_err(|source| WriteIconsError { path, source })?;
    }
    Ok(())
}

/// Gives the window its icon; only with a real window, never in the headless tests.
pub(super) fn window_plugin(app: &mut App) {
    // Drawn beside the start-up, so that the first frames do not wait for it.
    let drawing = std::thread::spawn(|| draw_icon(WINDOW_ICON_SIZE));
    app.insert_resource(WindowIconDrawing(Some(drawing)));
    app.add_systems(Update, set_window_icon);
}

/// The window icon being drawn, until it is handed to the window.
#[derive(Resource)]
struct WindowIconDrawing(Option<JoinHandle<Canvas>>);

/// Hands the icon to winit once it is drawn and winit has made the primary window, which
/// happens after the first frames have begun; X11 shows it as the window's `_NET_WM_ICON`.
/// On Wayland the desktop finds the icon through the `.desktop` entry named like the
/// window's app id instead.
fn set_window_icon(
    window: Query<Entity, With<PrimaryWindow>>,
    mut drawing: ResMut<WindowIconDrawing>,
    _winit_lives_on_the_main_thread: NonSendMarker,
) {
    if !drawing.0.as_ref().is_some_and(JoinHandle::is_finished) {
        return;
    }
    let Ok(entity) = window.single() else {
        return;
    };
    WINIT_WINDOWS.with_borrow(|windows| {
        let Some(winit_window) = windows.get_window(entity) else {
            return;
        };
        let Some(Ok(icon)) = drawing.0.take().map(JoinHandle::join) else {
            warn!("the window icon could not be drawn");
            return;
        };
        match winit::window::Icon::from_rgba(icon.pixels, icon.width, icon.height) {
            Ok(icon) => winit_window.set_window_icon(Some(icon)),
            Err(error) => warn!("the window icon was refused: {error}"),
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(icon: &Canvas, col: u32, row: u32) -> [u8; 4] {
        let at = ((row * icon.width + col) * 4) as usize;
        icon.pixels[at..at + 4].try_into().unwrap()
    }

    #[test]
    fn the_icon_shows_both_stones_on_the_board_and_an_inked_tile() {
        let size = 64;
        let icon = draw_icon(size);
        let at = |point: [f32; 2]| {
            let col = ((point[0] + 1.0) / 2.0 * size as f32) as u32;
            let row = ((1.0 - point[1]) / 2.0 * size as f32) as u32;
            pixel(&icon, col, row)
        };
        let black = at(BOARD_CENTRE);
        assert!(black[3] == 255 && black[0] < 100, "black stone {black:?}");
        let white = at([
            BOARD_CENTRE[0] - 1.5 * CELL_RADIUS,
            BOARD_CENTRE[1] + 3f32.sqrt() / 2.0 * CELL_RADIUS,
        ]);
        assert!(white[3] == 255 && white[0] > 200, "white stone {white:?}");
        let stem = at([TILE_CENTRE[0] + 0.17 * TILE_HALF, TILE_CENTRE[1]]);
        assert!(stem[3] == 255 && stem[0] < 90, "the digit's ink {stem:?}");
        let wood = at([
            TILE_CENTRE[0] - 0.5 * TILE_HALF,
            TILE_CENTRE[1] - 0.5 * TILE_HALF,
        ]);
        assert!(wood[3] == 255 && wood[0] > 200, "the tile's wood {wood:?}");
        assert_eq!(pixel(&icon, 0, 0)[3], 0, "the corners stay clear");
        assert_eq!(pixel(&icon, 0, size - 1)[3], 0);
    }

    #[test]
    fn the_committed_icons_are_the_ones_the_code_draws() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/icons");
        for size in ICON_SIZES {
            let path = icon_path(&folder, size);
            let file = std::fs::File::open(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e}; `abakus icon --out packaging/icons` writes it",
                    path.display()
                )
            });
            let mut reader = png::Decoder::new(std::io::BufReader::new(file))
                .read_info()
                .unwrap();
            let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
            let info = reader.next_frame(&mut pixels).unwrap();
            assert_eq!(
                (info.width, info.height, info.color_type),
                (size, size, png::ColorType::Rgba)
            );
            // Another machine's sine and exponential may round a last bit differently.
            let drawn = draw_icon(size);
            let off = drawn
                .pixels
                .iter()
                .zip(&pixels)
                .filter(|(a, b)| a.abs_diff(**b) > 1)
                .count();
            assert_eq!(
                off,
                0,
                "{} is stale: `abakus icon --out packaging/icons` redraws it",
                path.display()
            );
        }
    }
}
