//! The hex board on the 3D table: a wooden board made in code with its cells painted on its
//! top, glossy stones (the white ones with their engraved ring), and the marks laid on the board.
//!
//! The table dresses the flat view's entities rather than mirroring the match again: each
//! stone and mark gets a mesh child on the table's layer, so the board's systems, the
//! animations and the picking by the grid serve both views.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;

use super::layout::BoardLayout;
use super::motion::Motion;
use super::sprites::{BoardBody, BoardSystems, StoneSprite};
use super::{HEX, board};
use crate::app::base::board_room::BoardRoom;
use crate::app::base::navigation::Screen;
use crate::app::base::render_layers::TABLE_LAYER;
use crate::app::base::settings::UiZoom;
use crate::app::table::camera::TableShot;
use crate::app::table::decals::decal_material;
use crate::app::table::mesh::bevelled_block;
use crate::app::table::pieces::{OnTable, TableAssets};
use crate::app::table::view::{TableGames, flat_again, showing};
use abakus_rules::hex::Color as Side;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableGames>();
    app.world_mut().resource_mut::<TableGames>().add(HEX);
    app.add_systems(
        Update,
        (
            (
                lay_the_table,
                follow_the_painting,
                dress_stones,
                dress_marks,
            )
                .chain()
                .in_set(BoardSystems::Labels),
            settle_stones.after(BoardSystems::Motion),
            shoot_the_table,
        )
            .run_if(showing(HEX)),
    )
    .add_systems(Update, forget_the_dressing.run_if(flat_again));
}

#[derive(Component)]
struct TableBoard {
    side: u8,
}

/// The mesh child that shows a stone on the table.
#[derive(Component)]
struct TableStone;

/// The mesh child that lays a mark on the board, `height` above the board's top.
#[derive(Component)]
struct TableMark {
    height: f32,
}

/// A stone's height is this share of its diameter, as a Go stone's (`BoardLayout::stone_height`).
const STONE_FLATNESS: f32 = 0.36;
/// The board's thickness and its top edge's bevel, as shares of the board image's side.
const BOARD_THICKNESS: f32 = 0.045;
const BOARD_BEVEL: f32 = 0.012;
/// A placed stone falls from this many of its radii above the board.
const DROP_HEIGHT: f32 = 2.4;

/// The table's meshes and materials, made the first time the table shows.
#[derive(Resource)]
struct TableArt {
    stone: Handle<Mesh>,
    ring: Handle<Mesh>,
    decal: Handle<Mesh>,
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
    ghost: [Handle<StandardMaterial>; 2],
    engraving: Handle<StandardMaterial>,
}

impl TableArt {
    fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Self {
        let stone = Sphere::new(1.0)
            .mesh()
            .uv(40, 20)
            .rotated_by(Quat::from_rotation_x(FRAC_PI_2))
            .scaled_by(Vec3::new(1.0, 1.0, STONE_FLATNESS))
            .translated_by(Vec3::Z * STONE_FLATNESS);
        let ring = Torus {
            minor_radius: 0.035,
            major_radius: 0.5,
        }
        .mesh()
        .build()
        .rotated_by(Quat::from_rotation_x(FRAC_PI_2))
        .translated_by(Vec3::Z * stone_surface(0.5));
        let glossy = |color: Color, roughness: f32| StandardMaterial {
            base_color: color,
            perceptual_roughness: roughness,
            reflectance: 0.6,
            clearcoat: 0.7,
            clearcoat_perceptual_roughness: 0.12,
            ..default()
        };
        let ghost = |color: Color| StandardMaterial {
            alpha_mode: AlphaMode::Blend,
            ..glossy(color.with_alpha(0.45), 0.3)
        };
        let (black, white) = (stone_colour(Side::Black), stone_colour(Side::White));
        Self {
            stone: meshes.add(stone),
            ring: meshes.add(ring),
            decal: meshes.add(Rectangle::new(1.0, 1.0)),
            black: materials.add(glossy(black, 0.3)),
            white: materials.add(glossy(white, 0.38)),
            ghost: [materials.add(ghost(black)), materials.add(ghost(white))],
            engraving: materials.add(StandardMaterial {
                base_color: Color::srgb(0.42, 0.42, 0.45),
                perceptual_roughness: 0.7,
                ..default()
            }),
        }
    }
}

fn stone_colour(side: Side) -> Color {
    match side {
        Side::Black => Color::srgb(0.045, 0.045, 0.05),
        Side::White => Color::srgb(0.92, 0.91, 0.87),
    }
}

/// The height of a stone's top at `across` of its radius from its centre, in radii.
fn stone_surface(across: f32) -> f32 {
    STONE_FLATNESS * (1.0 + (1.0 - across * across).max(0.0).sqrt())
}

/// Lays the board when the table first shows, and again for another side. The felt under it
/// is the camera's clear colour: as a lit plane it took more than half the frame's time on a
/// software renderer.
fn lay_the_table(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    art: Option<Res<TableArt>>,
    assets: Option<TableAssets>,
    body: Query<&Sprite, With<BoardBody>>,
    mut laid: Query<(Entity, &TableBoard, &mut Transform)>,
) {
    // Headless apps have no meshes to draw: the table is laid only where it can be seen.
    let Some((mut meshes, mut materials)) = assets else {
        return;
    };
    // Made in the frame the table first shows: the systems after this one find it there.
    if art.is_none() {
        commands.insert_resource(TableArt::new(&mut meshes, &mut materials));
    }
    let size = layout.board_size();
    let at = Transform::from_translation(layout.centre.extend(0.0)).with_scale(Vec3::splat(size));
    if let Some((entity, board, mut transform)) = laid.iter_mut().next() {
        if board.side == layout.side {
            transform.set_if_neq(at);
            return;
        }
        commands.entity(entity).despawn();
    }
    let Ok(sprite) = body.single() else { return };
    let wood = materials.add(StandardMaterial {
        base_color_texture: Some(sprite.image.clone()),
        perceptual_roughness: 0.55,
        reflectance: 0.35,
        ..default()
    });
    commands.spawn((
        Name::new("Table board"),
        OnTable,
        TableBoard { side: layout.side },
        Mesh3d(meshes.add(board_mesh())),
        MeshMaterial3d(wood),
        at,
        RenderLayers::layer(TABLE_LAYER),
        DespawnOnExit(Screen::Game(HEX)),
    ));
}

/// The board's wood takes the sharp painting of its cells the frame it is done.
fn follow_the_painting(
    body: Query<&Sprite, (With<BoardBody>, Changed<Sprite>)>,
    board: Query<&MeshMaterial3d<StandardMaterial>, With<TableBoard>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let (Ok(sprite), Ok(material), Some(mut materials)) =
        (body.single(), board.single(), materials)
    else {
        return;
    };
    if let Some(mut wood) = materials.get_mut(&material.0)
        && wood.base_color_texture.as_ref() != Some(&sprite.image)
    {
        wood.base_color_texture = Some(sprite.image.clone());
    }
}

/// A pointy-top hexagonal board, one unit across its image's square (the painting's corners
/// fall outside it), its top at height 0 with a bevelled edge and its sides going down.
fn board_mesh() -> Mesh {
    let apothem = 0.43;
    let corners: Vec<Vec2> = (0..6)
        .map(|k| {
            let angle = PI / 2.0 + PI / 3.0 * k as f32;
            Vec2::new(angle.cos(), angle.sin()) * apothem / (PI / 6.0).cos()
        })
        .collect();
    // The painting spans the unit square: its top edge is the far side of the board.
    bevelled_block(&corners, BOARD_BEVEL, BOARD_THICKNESS, |p| {
        Vec2::new(p.x + 0.5, 0.5 - p.y)
    })
}

/// Gives every stone without one its mesh on the table.
fn dress_stones(
    mut commands: Commands,
    art: Option<Res<TableArt>>,
    stones: Query<(Entity, &StoneSprite), Without<Dressed>>,
) {
    let Some(art) = art else { return };
    for (entity, stone) in &stones {
        let material = match stone.color {
            Side::Black => art.black.clone(),
            Side::White => art.white.clone(),
        };
        let mut dressed =
            commands.spawn((Name::new("Table stone"), stone_on_table(&art, material)));
        // The white stones' engraved ring tells them apart without their colour.
        if stone.color == Side::White {
            dressed.with_child((
                Mesh3d(art.ring.clone()),
                MeshMaterial3d(art.engraving.clone()),
                RenderLayers::layer(TABLE_LAYER),
            ));
        }
        let dressed = dressed.id();
        commands.entity(entity).insert(Dressed).add_child(dressed);
    }
}

/// A stone's mesh on the table in `material`, settled each frame by `settle_stones`.
fn stone_on_table(art: &TableArt, material: Handle<StandardMaterial>) -> impl Bundle {
    (
        OnTable,
        TableStone,
        Mesh3d(art.stone.clone()),
        MeshMaterial3d(material),
        Transform::default(),
        RenderLayers::layer(TABLE_LAYER),
    )
}

/// A flat entity that has its table look.
#[derive(Component)]
struct Dressed;

/// Lays each new mark on the board: the flat mark's picture on a quad, or for the hint's
/// stone a stone of glass.
fn dress_marks(
    mut commands: Commands,
    art: Option<Res<TableArt>>,
    game: Res<super::game::HexMatch>,
    marks: Query<(Entity, &Sprite, &board::OnBoard, Option<&board::Mark>), Without<Dressed>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let (Some(art), Some(mut materials)) = (art, materials) else {
        return;
    };
    for (entity, sprite, on_board, mark) in &marks {
        let kind = mark.map(|mark| mark.kind);
        let child = if kind == Some(board::MarkKind::HintStone) {
            let ghost = match game.position().turn() {
                Side::Black => art.ghost[0].clone(),
                Side::White => art.ghost[1].clone(),
            };
            commands.spawn(stone_on_table(&art, ghost)).id()
        } else {
            let material = materials.add(decal_material(sprite));
            commands
                .spawn((
                    OnTable,
                    TableMark {
                        height: on_board.height,
                    },
                    Mesh3d(art.decal.clone()),
                    MeshMaterial3d(material),
                    Transform::default(),
                    RenderLayers::layer(TABLE_LAYER),
                ))
                .id()
        };
        commands.entity(entity).insert(Dressed).add_child(child);
    }
}

type StoneParts<'a> = (
    &'a Transform,
    Option<&'a Motion>,
    Option<&'a Sprite>,
    &'a Children,
);

type StoneOnTable = (With<TableStone>, Without<TableMark>, Without<Dressed>);
type MarkOnTable = (Without<TableStone>, Without<Dressed>);

/// Puts each stone and mark of the table where its flat entity says, at its height: a stone
/// dropped in falls and bounces, a sliding one lifts a little, a winning one hops.
fn settle_stones(
    layout: Res<BoardLayout>,
    flat: Query<StoneParts, With<Dressed>>,
    mut stones: Query<&mut Transform, StoneOnTable>,
    mut marks: Query<(&mut Transform, &TableMark), MarkOnTable>,
) {
    let radius = layout.stone_diameter() / 2.0;
    for (parent, motion, sprite, children) in &flat {
        let scale = parent.scale.x.max(0.01);
        for &child in children {
            if let Ok(mut transform) = stones.get_mut(child) {
                let (hop, keeps_scale) = stone_motion(motion);
                let wanted = Transform::from_xyz(0.0, 0.0, hop * radius - parent.translation.z)
                    .with_scale(Vec3::splat(radius / if keeps_scale { 1.0 } else { scale }));
                transform.set_if_neq(wanted);
            } else if let Ok((mut transform, mark)) = marks.get_mut(child) {
                let size = sprite
                    .and_then(|sprite| sprite.custom_size)
                    .unwrap_or(Vec2::splat(layout.hex_size));
                let wanted = Transform::from_xyz(0.0, 0.0, mark.height - parent.translation.z)
                    .with_scale(size.extend(1.0));
                transform.set_if_neq(wanted);
            }
        }
    }
}

/// How far above the board a stone's motion lifts it, in radii, and whether the flat
/// motion's scaling is kept (a stone shrinking as it vanishes) or undone (a stone falling in
/// is a stone falling, not one growing).
fn stone_motion(motion: Option<&Motion>) -> (f32, bool) {
    match motion {
        None => (0.0, false),
        Some(Motion::Drop { elapsed }) => {
            let t = (*elapsed / super::motion::DROP_SECONDS).min(1.0);
            (DROP_HEIGHT * (1.0 - bounce(t)), false)
        }
        Some(Motion::Slide {
            elapsed, duration, ..
        }) => (0.35 * (PI * (*elapsed / *duration).min(1.0)).sin(), false),
        Some(Motion::Celebrate { delay, elapsed }) => {
            let t = ((*elapsed - *delay) / super::motion::CELEBRATE_SECONDS).clamp(0.0, 1.0);
            (0.8 * (PI * t).sin(), false)
        }
        Some(Motion::Shake { .. } | Motion::Vanish { .. }) => (0.0, true),
    }
}

/// A fall that lands, bounces once a little and settles: 0 at the start, 1 at rest.
fn bounce(t: f32) -> f32 {
    if t < 0.7 {
        let fall = t / 0.7;
        fall * fall
    } else {
        let up = (t - 0.7) / 0.3;
        1.0 - 0.12 * (PI * up).sin()
    }
}

/// Tells the camera what to frame: the board, and the stones that can stand on its edge.
fn shoot_the_table(
    layout: Res<BoardLayout>,
    zoom: Option<Res<UiZoom>>,
    mut shot: ResMut<TableShot>,
) {
    // The layout is refitted on a resize or a new interface size, and put in place anew on
    // entering the screen: the shot holds until then.
    if !layout.is_changed() && !shot.points.is_empty() {
        return;
    }
    let size = layout.board_size();
    let radius = 0.43 * size / (PI / 6.0).cos();
    let stones = layout.stone_height();
    let mut points = Vec::new();
    for k in 0..6 {
        let angle = PI / 2.0 + PI / 3.0 * k as f32;
        let at = layout.centre + Vec2::new(angle.cos(), angle.sin()) * radius;
        points.push(at.extend(stones));
        points.push(at.extend(-BOARD_THICKNESS * size));
    }
    let room = BoardRoom::of(layout.window, zoom.map_or(1.0, |z| z.0), Vec2::splat(24.0));
    let centre = Vec2::new(layout.window.x / 2.0 + room.centre_x, layout.window.y / 2.0);
    let wanted = TableShot {
        points,
        room: Rect::from_center_size(centre, room.size),
        window: layout.window,
    };
    shot.set_if_neq(wanted);
}

/// The flat entities lose their table look with the table's pieces (`OnTable`), so the
/// table dresses them anew when it shows again.
fn forget_the_dressing(mut commands: Commands, dressed: Query<Entity, With<Dressed>>) {
    for entity in &dressed {
        commands.entity(entity).remove::<Dressed>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_stone_falls_then_rests_on_the_board() {
        assert_eq!(bounce(0.0), 0.0);
        assert!((bounce(1.0) - 1.0).abs() < 1e-5);
        let heights: Vec<f32> = (0..=20).map(|i| 1.0 - bounce(i as f32 / 20.0)).collect();
        assert!(heights.iter().all(|&h| (-0.13..=1.0).contains(&h)));
        assert!(heights[..14].windows(2).all(|w| w[1] <= w[0]), "it falls");
    }

    #[test]
    fn the_board_mesh_has_its_top_at_height_zero_and_stays_in_its_painting() {
        let mesh = board_mesh();
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(positions)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        let top = positions.iter().map(|p| p[2]).fold(f32::MIN, f32::max);
        assert_eq!(top, 0.0);
        assert!(
            positions
                .iter()
                .all(|p| p[0].abs() <= 0.5 && p[1].abs() <= 0.5)
        );
    }
}
