//! Meshes and textures made in code for the 3D table: bevelled blocks of wood, round bodies
//! turned on a lathe, and pictures with their smaller copies for a tilted view.

use std::f32::consts::TAU;

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::app::base::art::Canvas;

/// A block whose top is the convex `outline` (counter-clockwise) at height 0, its top edge
/// bevelled `bevel` inwards and down, its sides going down to `-depth`. Every vertex takes
/// the texture at `uv(x, y)` of its place, so a picture laid over the outline covers the top
/// and its edge pixels run down the sides.
pub fn bevelled_block(outline: &[Vec2], bevel: f32, depth: f32, uv: impl Fn(Vec2) -> Vec2) -> Mesh {
    let count = outline.len();
    let centre = outline.iter().copied().sum::<Vec2>() / count.max(1) as f32;
    let mut positions: Vec<Vec3> = Vec::new();
    let mut normals: Vec<Vec3> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let mut face = |points: [Vec3; 4], normal: Vec3| {
        let first = positions.len() as u32;
        positions.extend(points);
        normals.extend([normal; 4]);
        indices.extend([first, first + 1, first + 2, first, first + 2, first + 3]);
    };
    // The top's corners pulled in by the bevel along the corner's bisector.
    let inset = |k: usize| {
        let (before, at, after) = (
            outline[(k + count - 1) % count],
            outline[k],
            outline[(k + 1) % count],
        );
        // Left of a counter-clockwise edge is inside.
        let inward = |a: Vec2, b: Vec2| (b - a).perp().normalize_or_zero();
        let bisector = (inward(before, at) + inward(at, after)).normalize_or_zero();
        let half_angle_cos = bisector.dot(inward(at, after)).max(0.2);
        at + bisector * bevel / half_angle_cos
    };
    for k in 0..count {
        let next = (k + 1) % count;
        let (a, b) = (inset(k), inset(next));
        let (outer_a, outer_b) = (outline[k], outline[next]);
        face(
            [
                centre.extend(0.0),
                centre.extend(0.0),
                a.extend(0.0),
                b.extend(0.0),
            ],
            Vec3::Z,
        );
        let outward = -(outer_b - outer_a).perp().normalize_or_zero();
        face(
            [
                a.extend(0.0),
                outer_a.extend(-bevel),
                outer_b.extend(-bevel),
                b.extend(0.0),
            ],
            outward.extend(1.0).normalize(),
        );
        face(
            [
                outer_a.extend(-bevel),
                outer_a.extend(-depth),
                outer_b.extend(-depth),
                outer_b.extend(-bevel),
            ],
            outward.extend(0.0),
        );
    }
    let uvs: Vec<[f32; 2]> = positions.iter().map(|p| uv(p.truncate()).into()).collect();
    mesh_of(positions, normals, uvs, indices)
}

/// The corners of a `width` by `height` rectangle round the origin, counter-clockwise.
#[must_use]
pub fn rectangle(width: f32, height: f32) -> [Vec2; 4] {
    let (x, y) = (width / 2.0, height / 2.0);
    [
        Vec2::new(-x, -y),
        Vec2::new(x, -y),
        Vec2::new(x, y),
        Vec2::new(-x, y),
    ]
}

/// A round body turned on a lathe round the z axis: `profile` is (radius, height) from the
/// bottom's centre to the top's, and `wobble(turn, height)` scales the radius, for folds.
pub fn lathe(profile: &[Vec2], segments: usize, wobble: impl Fn(f32, f32) -> f32) -> Mesh {
    let rings = profile.len();
    let mut positions = Vec::with_capacity(rings * (segments + 1));
    let mut uvs = Vec::with_capacity(positions.capacity());
    for (ring, point) in profile.iter().enumerate() {
        for step in 0..=segments {
            let turn = step as f32 / segments as f32;
            let radius = point.x * wobble(turn, point.y);
            let (sin, cos) = (turn * TAU).sin_cos();
            positions.push(Vec3::new(cos * radius, sin * radius, point.y));
            uvs.push([turn, ring as f32 / (rings - 1).max(1) as f32]);
        }
    }
    let mut indices = Vec::new();
    let width = segments as u32 + 1;
    for ring in 0..rings as u32 - 1 {
        for step in 0..segments as u32 {
            let (a, b) = (ring * width + step, ring * width + step + 1);
            let (c, d) = (a + width, b + width);
            indices.extend([a, b, d, a, d, c]);
        }
    }
    let normals = vec![Vec3::Z; positions.len()];
    let mut mesh = mesh_of(positions, normals, uvs, indices);
    mesh.compute_smooth_normals();
    mesh
}

fn mesh_of(
    positions: Vec<Vec3>,
    normals: Vec<Vec3>,
    uvs: Vec<[f32; 2]>,
    indices: Vec<u32>,
) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// A picture with every smaller copy down to one pixel, each the average of four pixels of
/// the one above: a tilted camera sees it small and slanted, and without them its fine lines
/// (a tile's digit) break up into noise.
#[must_use]
pub fn with_smaller_copies(canvas: Canvas) -> Image {
    let (mut width, mut height) = (canvas.width, canvas.height);
    let mut level = canvas.pixels;
    let mut data = level.clone();
    let mut levels = 1;
    while width > 1 || height > 1 {
        let (half_w, half_h) = ((width / 2).max(1), (height / 2).max(1));
        let mut smaller = vec![0u8; (half_w * half_h * 4) as usize];
        for y in 0..half_h {
            for x in 0..half_w {
                for channel in 0..4 {
                    let at = |dx: u32, dy: u32| {
                        let (sx, sy) = ((x * 2 + dx).min(width - 1), (y * 2 + dy).min(height - 1));
                        u32::from(level[((sy * width + sx) * 4 + channel) as usize])
                    };
                    let sum = at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1);
                    smaller[((y * half_w + x) * 4 + channel) as usize] = ((sum + 2) / 4) as u8;
                }
            }
        }
        data.extend_from_slice(&smaller);
        level = smaller;
        (width, height) = (half_w, half_h);
        levels += 1;
    }
    let mut image = Image::new_uninit(
        Extent3d {
            width: canvas.width,
            height: canvas.height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        anisotropy_clamp: 4,
        ..default()
    });
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_has_its_top_at_zero_and_stays_inside_its_outline() {
        let mesh = bevelled_block(&rectangle(2.0, 1.0), 0.1, 0.3, |p| p);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(positions)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        let top = positions.iter().map(|p| p[2]).fold(f32::MIN, f32::max);
        let bottom = positions.iter().map(|p| p[2]).fold(f32::MAX, f32::min);
        assert_eq!((top, bottom), (0.0, -0.3));
        assert!(
            positions
                .iter()
                .all(|p| p[0].abs() <= 1.0 && p[1].abs() <= 0.5)
        );
        // The top's corners are pulled in by the bevel.
        assert!(
            positions
                .iter()
                .filter(|p| p[2] == 0.0 && p[0].abs() > 0.0)
                .all(|p| p[0].abs() <= 0.9 + 1e-5 && p[1].abs() <= 0.4 + 1e-5)
        );
    }

    #[test]
    fn the_smaller_copies_go_down_to_one_pixel_and_keep_the_average() {
        let mut canvas = Canvas::new(8, 4);
        canvas.paint(|x, _| {
            if x < 0.0 {
                [1.0, 0.0, 0.0, 1.0]
            } else {
                [0.0, 0.0, 1.0, 1.0]
            }
        });
        let image = with_smaller_copies(canvas);
        assert_eq!(image.texture_descriptor.mip_level_count, 4);
        let data = image.data.expect("pixels");
        assert_eq!(data.len(), (8 * 4 + 4 * 2 + 2 + 1) * 4);
        let last = &data[data.len() - 4..];
        assert_eq!(last, &[128, 0, 128, 255]);
    }
}
