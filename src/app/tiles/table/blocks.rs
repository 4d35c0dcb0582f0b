//! The tiles on the 3D table: each tile's wooden block, settled every frame where its sprite
//! and its motions put it, leaning on the rack or lying in the tray, and picked by the
//! pointer's ray against its box.

use std::f32::consts::PI;

use bevy::camera::NormalizedRenderTarget;
use bevy::camera::visibility::RenderLayers;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;

use super::art::Face;
use super::tray::{FaceAssets, GLIDE_ARC, HAND_HEIGHT, RACK_LEAN, TableArt, TrayPlaces, rack_rest};
use crate::app::base::board_text::BoardText;
use crate::app::base::easing::ease_out_cubic;
use crate::app::base::render_layers::TABLE_LAYER;
use crate::app::table::camera::TableEye;
use crate::app::table::pieces::{Shows, TableLooks};
use crate::app::tiles::art::TILE_IMAGE_MARGIN;
use crate::app::tiles::colours;
use crate::app::tiles::motion::{FLIP_SECONDS, Flip, Glide, WAVE_SECONDS, Wave};
use crate::app::tiles::pieces::SideMark;
use crate::app::tiles::sprites::{BoardTile, Dragged, RackTile, TentativeTile};
use crate::app::tiles::sprites::{TILE_DEPTH, Z_DRAGGED, Z_RACK};

/// The block that shows a tile on the table.
#[derive(Component)]
pub(super) struct TableTile {
    face: Face,
}

pub(super) type FlatTile = Or<(With<BoardTile>, With<RackTile>, With<TentativeTile>)>;

pub(super) type FaceParts<'w, 's> = (
    Query<'w, 's, &'static BoardText>,
    Query<'w, 's, (), With<SideMark>>,
);

/// The face a flat tile shows: the digit and ink of its text, and its side's bar.
pub(super) fn face_of(children: Option<&Children>, (digits, marks): &FaceParts) -> Face {
    let mut face = Face {
        digit: None,
        ink: colours::TILE_INK.to_bevy().to_srgba().to_u8_array(),
        marked: false,
    };
    for &child in children.into_iter().flatten() {
        if let Ok(text) = digits.get(child) {
            face.digit = text.text.parse().ok();
            face.ink = text.ink.to_srgba().to_u8_array();
        }
        face.marked |= marks.contains(child);
    }
    face
}

/// Gives every tile without one its block on the table, and turns a block's face when its
/// tile's ink changes (a Spin Abaku tile turning over).
pub(super) fn dress_tiles(
    mut commands: Commands,
    art: Option<ResMut<TableArt>>,
    assets: Option<FaceAssets>,
    tiles: Query<(Entity, Option<&Children>, Has<TableLooks>), FlatTile>,
    mut blocks: Query<(
        &Shows,
        &mut TableTile,
        &mut MeshMaterial3d<StandardMaterial>,
    )>,
    parts: FaceParts,
) {
    let (Some(mut art), Some((mut images, mut materials))) = (art, assets) else {
        return;
    };
    for (entity, children, dressed) in &tiles {
        if dressed {
            continue;
        }
        let face = face_of(children, &parts);
        let material = art.face(face, &mut images, &mut materials);
        commands.spawn((
            Name::new("Table tile"),
            TableTile { face },
            Shows(entity),
            Mesh3d(art.block.clone()),
            MeshMaterial3d(material),
            Transform::from_scale(Vec3::ZERO),
            RenderLayers::layer(TABLE_LAYER),
        ));
    }
    for (shows, mut block, mut material) in &mut blocks {
        let Ok((_, children, _)) = tiles.get(shows.0) else {
            continue;
        };
        let face = face_of(children, &parts);
        if face != block.face {
            block.face = face;
            material.0 = art.face(face, &mut images, &mut materials);
        }
    }
}

pub(super) type TileMotion<'a> = (
    &'a Transform,
    &'a Sprite,
    Has<RackTile>,
    Option<&'a Glide>,
    Option<&'a Flip>,
    Option<&'a Wave>,
    Option<&'a Dragged>,
);

/// Stands each block where its tile is: on the board, leaning on the rack in front of the
/// tray, riding over the board on its way, held above the board under the pointer, turning
/// over, or rising in the game's last wave.
pub(super) fn settle_tiles(
    places: Res<TrayPlaces>,
    eye: TableEye,
    tiles: Query<TileMotion, Without<TableTile>>,
    mut blocks: Query<(&Shows, &mut Transform), With<TableTile>>,
) {
    let square = places.square.max(1.0);
    let on_rack = |z: f32| {
        if (Z_RACK - 0.1..Z_DRAGGED).contains(&z) {
            1.0
        } else {
            0.0
        }
    };
    for (shows, mut transform) in &mut blocks {
        let Ok((flat, sprite, rack_tile, glide, flip, wave, dragged)) = tiles.get(shows.0) else {
            continue;
        };
        let side = sprite
            .custom_size
            .map_or(square, |size| size.x / TILE_IMAGE_MARGIN);
        let mut at = flat.translation.truncate();
        let (mut rack, mut lift, mut from_bag) = (0.0, 0.0, 0.0);
        if let Some(glide) = glide {
            let t = ((glide.elapsed - glide.delay) / glide.duration.max(1e-3)).clamp(0.0, 1.0);
            let moved = ease_out_cubic(t);
            rack = on_rack(glide.from.z) * (1.0 - moved) + on_rack(glide.to.z) * moved;
            lift = (PI * t).sin() * GLIDE_ARC * square;
            if glide.from_scale < 1.0 {
                // Dealt: it comes out of the bag's mouth.
                from_bag = 1.0 - moved;
            }
        } else if rack_tile {
            rack = 1.0;
            // A picked-up tile rises off the rack instead of sliding back into it.
            lift = (at.y - places.rack_row).max(0.0) * 1.5;
            at.y = places.rack_row;
        }
        at.y -= rack * places.rack_shift;
        at += places.bag_shift * from_bag;
        let mut height = rack * rack_rest(side, square) + lift + from_bag * places.bag_height;
        let mut turn = Quat::IDENTITY;
        if let Some(flip) = flip {
            let t = ((flip.elapsed - flip.delay) / FLIP_SECONDS).clamp(0.0, 1.0);
            // Over it goes: edge-on halfway, where its face changes to the new side.
            let angle = if t < 0.5 { PI * t } else { PI * (t - 1.0) };
            turn = Quat::from_rotation_y(angle);
            height += (PI * t).sin() * side * 0.5;
        }
        if let Some(wave) = wave
            && wave.elapsed >= wave.delay
        {
            let t = ((wave.elapsed - wave.delay) / WAVE_SECONDS).clamp(0.0, 1.0);
            height += (PI * t).sin() * square * 0.5;
        }
        let mut place = at.extend(height);
        if let Some(held) = dragged {
            // Held up along the pointer's ray: the tile stays under the pointer.
            let under = held.at.extend(0.0);
            place = eye
                .eye()
                .map_or(under + Vec3::Z * HAND_HEIGHT * square, |eye| {
                    under + (eye - under) * (HAND_HEIGHT * square / eye.z.max(1.0))
                });
        }
        let scale = side * flat.scale.y;
        let wanted = Transform::from_translation(place)
            .with_rotation(Quat::from_rotation_x(rack * RACK_LEAN) * turn)
            .with_scale(Vec3::splat(scale));
        transform.set_if_neq(wanted);
    }
}

/// Picking for the tiles on the table, as a picking backend: the pointer's ray against each
/// block's box, reported on the flat tile the block shows, so the tile's observers (a tap,
/// a drag) serve both views. A tile that does not take the pointer (one in the hand, one of
/// an earlier turn) lets it through to the squares below.
pub(super) fn pick_tiles(
    pointers: Query<(&PointerId, &PointerLocation)>,
    eye: TableEye,
    blocks: Query<(&Shows, &GlobalTransform), With<TableTile>>,
    pickable: Query<&Pickable>,
    mut hits: MessageWriter<PointerHits>,
) {
    let Some((camera, order)) = eye.camera() else {
        return;
    };
    for (pointer, location) in &pointers {
        let Some(location) = &location.location else {
            continue;
        };
        if !matches!(location.target, NormalizedRenderTarget::Window(_)) {
            continue;
        }
        let Some(ray) = eye.ray(location.position) else {
            continue;
        };
        let mut found: Vec<(Entity, HitData)> = blocks
            .iter()
            .filter(|(shows, _)| pickable.get(shows.0).is_ok_and(|p| p.is_hoverable))
            .filter_map(|(shows, place)| {
                let distance = ray_meets_block(ray, place)?;
                let point = ray.get_point(distance);
                Some((shows.0, HitData::new(camera, distance, Some(point), None)))
            })
            .collect();
        if found.is_empty() {
            continue;
        }
        found.sort_by(|a, b| a.1.depth.total_cmp(&b.1.depth));
        hits.write(PointerHits::new(*pointer, found, order));
    }
}

/// How far along `ray` it meets a tile's block placed by `place`, if it does.
pub(super) fn ray_meets_block(ray: Ray3d, place: &GlobalTransform) -> Option<f32> {
    let to_block = place.affine().inverse();
    let origin = to_block.transform_point3(ray.origin);
    let direction = to_block.transform_vector3(*ray.direction);
    let (low, high) = (Vec3::new(-0.5, -0.5, 0.0), Vec3::new(0.5, 0.5, TILE_DEPTH));
    let (mut enter, mut leave) = (f32::MIN, f32::MAX);
    for axis in 0..3 {
        if direction[axis].abs() < 1e-9 {
            if origin[axis] < low[axis] || origin[axis] > high[axis] {
                return None;
            }
            continue;
        }
        let (a, b) = (
            (low[axis] - origin[axis]) / direction[axis],
            (high[axis] - origin[axis]) / direction[axis],
        );
        enter = enter.max(a.min(b));
        leave = leave.min(a.max(b));
    }
    // The direction keeps its world length through the inverse, so the distance is the world's.
    (enter <= leave && leave > 0.0).then_some(enter.max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ray_meets_a_block_from_above_and_misses_beside_it() {
        let block = GlobalTransform::from(
            Transform::from_xyz(100.0, 50.0, 0.0).with_scale(Vec3::splat(40.0)),
        );
        let down = |x: f32| Ray3d::new(Vec3::new(x, 50.0, 500.0), Dir3::NEG_Z);
        let hit = ray_meets_block(down(110.0), &block).expect("over the block");
        assert!((hit - (500.0 - 40.0 * TILE_DEPTH)).abs() < 1e-3, "{hit}");
        assert!(ray_meets_block(down(125.0), &block).is_none());
        // Leaning back on the rack, its top edge stands higher than its bottom.
        let leaning = GlobalTransform::from(
            Transform::from_xyz(0.0, 0.0, 0.0)
                .with_rotation(Quat::from_rotation_x(RACK_LEAN))
                .with_scale(Vec3::splat(40.0)),
        );
        let over_top = Ray3d::new(Vec3::new(0.0, 15.0, 500.0), Dir3::NEG_Z);
        assert!(ray_meets_block(over_top, &leaning).is_some());
        let past_it = Ray3d::new(Vec3::new(0.0, 30.0, 500.0), Dir3::NEG_Z);
        assert!(ray_meets_block(past_it, &leaning).is_none());
    }
}
