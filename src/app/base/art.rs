//! Art drawn from code at start-up: the table under every screen, and the painting tools the
//! games draw their own pieces with.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::app::base::palette::{self, Rgba};

/// Draws the art while the app is built: the first screen's `OnEnter` runs before any
/// start-up system could.
pub(crate) fn plugin(app: &mut App) {
    let Some(mut images) = app.world_mut().get_resource_mut::<Assets<Image>>() else {
        return;
    };
    let table = images.add(draw_table(256).into_image());
    let table_shade = images.add(draw_table_shade(64).into_image());
    app.insert_resource(Art { table, table_shade });
}

/// Handles to the shared generated images.
#[derive(Resource, Debug, Clone)]
pub struct Art {
    pub table: Handle<Image>,
    /// The table's edge darkening as a strip: opaque at the top row, clear at the bottom.
    pub table_shade: Handle<Image>,
}

/// An RGBA image being painted, with y measured upwards from the centre.
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Canvas {
    pub fn new(width: u32, height: u32) -> Self {
        Self {
            width,
            height,
            pixels: vec![0; (width * height * 4) as usize],
        }
    }

    /// Calls `paint(x, y)` for every pixel centre, x right and y up from the image centre.
    /// A large canvas is painted in bands on every core, for a frame waits for it.
    pub fn paint(&mut self, paint: impl Fn(f32, f32) -> [f32; 4] + Sync) {
        self.paint_on(
            std::thread::available_parallelism().map_or(1, |n| n.get()),
            paint,
        );
    }

    /// As [`Canvas::paint`], on at most `cores` threads: work beside the frame loop leaves
    /// it the other cores.
    pub fn paint_on(&mut self, cores: usize, paint: impl Fn(f32, f32) -> [f32; 4] + Sync) {
        const ROWS_ALONE: usize = 64;
        let (width, height) = (self.width as usize, self.height as usize);
        let band_rows = if width * height < 256 * 256 || cores <= 1 {
            height.max(1)
        } else {
            height.div_ceil(cores).max(ROWS_ALONE)
        };
        let row_bytes = width * 4;
        if row_bytes == 0 {
            return;
        }
        let paint_band = |first_row: usize, band: &mut [u8]| {
            let (w, h) = (width as f32, height as f32);
            for (offset, row_pixels) in band.chunks_mut(row_bytes).enumerate() {
                let y = h / 2.0 - ((first_row + offset) as f32 + 0.5);
                for (col, pixel) in row_pixels.chunks_mut(4).enumerate() {
                    let x = col as f32 + 0.5 - w / 2.0;
                    let [r, g, b, a] = paint(x, y);
                    pixel.copy_from_slice(&[to_byte(r), to_byte(g), to_byte(b), to_byte(a)]);
                }
            }
        };
        let mut bands = self.pixels.chunks_mut(band_rows * row_bytes).enumerate();
        let Some((_, first)) = bands.next() else {
            return;
        };
        std::thread::scope(|scope| {
            for (index, band) in bands {
                let paint_band = &paint_band;
                scope.spawn(move || paint_band(index * band_rows, band));
            }
            paint_band(0, first);
        });
    }

    /// The alpha of one pixel, counted from the top left.
    #[cfg(test)]
    #[must_use]
    pub fn alpha_at(&self, col: u32, row: u32) -> u8 {
        self.pixels[((row * self.width + col) * 4 + 3) as usize]
    }

    pub fn into_image(self) -> Image {
        Image::new(
            Extent3d {
                width: self.width,
                height: self.height,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            self.pixels,
            TextureFormat::Rgba8UnormSrgb,
            // Kept on the CPU too: sprite picking reads the alpha of the cell images.
            RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
        )
    }
}

fn to_byte(value: f32) -> u8 {
    (value.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// A body of `color` with coverage `body` over a black shadow of strength `shadow`, as one
/// straight-alpha pixel.
#[must_use]
pub fn over_shadow(color: [f32; 3], body: f32, shadow: f32) -> [f32; 4] {
    let alpha = body + (1.0 - body) * shadow;
    let shown = mix([0.0, 0.0, 0.0], color, body / alpha.max(1e-4));
    [shown[0], shown[1], shown[2], alpha]
}

/// `top` laid over `under`, both with straight (not premultiplied) alpha.
pub fn over(top: [f32; 4], under: [f32; 4]) -> [f32; 4] {
    let alpha = top[3] + under[3] * (1.0 - top[3]);
    if alpha <= 0.0 {
        return [0.0; 4];
    }
    let blend = |a: f32, b: f32| (a * top[3] + b * under[3] * (1.0 - top[3])) / alpha;
    [
        blend(top[0], under[0]),
        blend(top[1], under[1]),
        blend(top[2], under[2]),
        alpha,
    ]
}

pub fn rgb(color: Rgba) -> [f32; 3] {
    [
        f32::from(color.0) / 255.0,
        f32::from(color.1) / 255.0,
        f32::from(color.2) / 255.0,
    ]
}

pub fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    let t = t.clamp(0.0, 1.0);
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

pub fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The table: felt that darkens towards the edges.
fn draw_table(size: u32) -> Canvas {
    let mut canvas = Canvas::new(size, size);
    let half = size as f32 / 2.0;
    canvas.paint(|x, y| {
        let distance = ((x / half).powi(2) + (y / half).powi(2)).sqrt();
        let color = mix(
            rgb(palette::TABLE),
            rgb(palette::TABLE_EDGE),
            smoothstep(0.3, 1.2, distance),
        );
        [color[0], color[1], color[2], 1.0]
    });
    canvas
}

/// The table's dark edge as a strip `height` rows deep, for the game screens (see
/// `theme::Table`): the edge colour at the top row, fading to clear at the bottom.
fn draw_table_shade(height: u32) -> Canvas {
    let mut canvas = Canvas::new(1, height);
    let half = height as f32 / 2.0;
    let edge = rgb(palette::TABLE_EDGE);
    canvas.paint(|_, y| {
        // y runs from -half at the inner end to +half at the edge.
        let towards_edge = (y + half) / (2.0 * half);
        [
            edge[0],
            edge[1],
            edge[2],
            0.85 * smoothstep(0.0, 1.0, towards_edge),
        ]
    });
    canvas
}
