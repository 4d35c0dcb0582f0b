//! The tile game on the 3D table: a wooden tray with the squares painted on its floor, tiles
//! as wooden blocks with engraved digits, the rack on the near side and the cloth bag.
//!
//! As the hex game's table, it dresses the flat view's entities: each tile gets a block that
//! follows it (`Shows`), so the turn flow, the animations and the picking serve both views,
//! and no rack is ever drawn that the flat view does not draw.

use crate::app::base::render_layers::TABLE_LAYER;
use std::collections::HashMap;
use std::f32::consts::PI;

use bevy::camera::NormalizedRenderTarget;
use bevy::camera::visibility::RenderLayers;
use bevy::picking::PickingSystems;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::art::{Face, paint_face, printed_floor};
use crate::app::base::board_room::BoardRoom;
use crate::app::base::easing::ease_out_cubic;
use crate::app::base::navigation::Screen;
use crate::app::base::palette::{self, Rgba};
use crate::app::base::settings::{Settings, UiZoom};
use crate::app::table::mesh::{bevelled_block, lathe, rectangle, with_smaller_copies};
use crate::app::table::view::{
    OnTable, Shows, TableAssets, TableEye, TableGames, TableLabel, TableLabelShift, TableLooks,
    TableShot, showing,
};
use crate::app::tiles::TILES;
use crate::app::tiles::art::TILE_IMAGE_MARGIN;
use crate::app::tiles::board::{BagCount, Body, Label};
use crate::app::tiles::colours;
use crate::app::tiles::game::TilesMatch;
use crate::app::tiles::layout::TilesLayout;
use crate::app::tiles::motion::{FLIP_SECONDS, Flip, Fly, Glide, WAVE_SECONDS, Wave};
use crate::app::tiles::pieces::SideMark;
use crate::app::tiles::sprites::{BoardSystems, BoardTile, Dragged, RackTile, TentativeTile};
use crate::app::tiles::sprites::{TILE_DEPTH, Z_DRAGGED, Z_RACK, over_the_tiles};
use abakus_rules::abaku::RACK_SIZE;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TableGames>();
    app.world_mut().resource_mut::<TableGames>().add(TILES);
    app.init_resource::<TrayPlaces>()
        .add_systems(
            Update,
            (
                (lay_the_tray, print_the_floor, dress_tiles)
                    .chain()
                    .after(BoardSystems::Marks),
                shoot_the_table,
            )
                .run_if(showing(TILES)),
        )
        .add_systems(
            PostUpdate,
            settle_tiles
                .before(TransformSystems::Propagate)
                .run_if(showing(TILES)),
        )
        .add_systems(
            PreUpdate,
            pick_tiles
                .in_set(PickingSystems::Backend)
                .run_if(showing(TILES)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            paint_flying_points
                .before(crate::app::base::frame_order::AppSet::Panels)
                .run_if(showing(TILES)),
        );
}

/// Heights on the table, in squares: the tray's rim, the rack's ledge, and how far the rack's
/// tiles lean back.
const RIM_HEIGHT: f32 = 0.32;
const RIM_WIDTH: f32 = 0.8;
const FLOOR_DEPTH: f32 = 0.4;
const RACK_LEDGE: f32 = 0.2;
const RACK_LEAN: f32 = 0.62;
/// How high a tile in the hand and a tile on its way ride above the board, in squares.
const HAND_HEIGHT: f32 = 0.9;
const GLIDE_ARC: f32 = 0.7;

/// Where the table's rack and bag stand, apart from their flat places: the rack in front of
/// the tray's rim, the bag beside the rack's end.
#[derive(Resource, Debug, Default, Clone, Copy)]
struct TrayPlaces {
    /// How far nearer the player the rack stands than in the flat view.
    rack_shift: f32,
    /// The rack's row in the flat view.
    rack_row: f32,
    /// The bag's place and how far it stands from its flat one.
    bag: Vec2,
    bag_shift: Vec2,
    bag_height: f32,
    square: f32,
}

/// The table's meshes and materials, made the first time the table shows.
#[derive(Resource)]
struct TableArt {
    block: Handle<Mesh>,
    faces: HashMap<Face, Handle<StandardMaterial>>,
    frame_wood: Handle<StandardMaterial>,
    cloth: Handle<StandardMaterial>,
    cord: Handle<StandardMaterial>,
}

impl TableArt {
    fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Self {
        let block = bevelled_block(&rectangle(1.0, 1.0), 0.07, TILE_DEPTH, |p| {
            Vec2::new(p.x + 0.5, 0.5 - p.y)
        })
        .translated_by(Vec3::Z * TILE_DEPTH);
        let matte = |color: Rgba, roughness: f32| StandardMaterial {
            base_color: color.to_bevy(),
            perceptual_roughness: roughness,
            reflectance: 0.25,
            ..default()
        };
        Self {
            block: meshes.add(block),
            faces: HashMap::new(),
            frame_wood: materials.add(matte(palette::BOARD_FRAME, 0.5)),
            cloth: materials.add(matte(colours::BAG_CLOTH, 0.95)),
            cord: materials.add(matte(colours::BAG_CORD, 0.7)),
        }
    }

    /// The material of a tile's face, painted the first time a tile shows it.
    fn face(
        &mut self,
        face: Face,
        images: &mut Assets<Image>,
        materials: &mut Assets<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        self.faces
            .entry(face)
            .or_insert_with(|| {
                materials.add(StandardMaterial {
                    base_color_texture: Some(images.add(with_smaller_copies(paint_face(face)))),
                    perceptual_roughness: 0.5,
                    reflectance: 0.35,
                    ..default()
                })
            })
            .clone()
    }
}

/// The words the tray's rim and the bag carry: the coordinates and the bag's count.
type OnTheWood = Or<(With<Label>, With<BagCount>)>;

/// Where the tiles' faces are painted and kept.
type FaceAssets<'w> = (
    ResMut<'w, Assets<Image>>,
    ResMut<'w, Assets<StandardMaterial>>,
);

/// The tray, the rack and the bag: the table's own pieces, laid anew when the layout moves.
#[derive(Component)]
struct TrayPiece;

/// The tray's floor, painted with the board's squares.
#[derive(Component)]
struct TrayFloor;

/// Lays the tray, the rack and the bag when the table first shows and when the layout
/// moves, and puts the board's labels and the bag's count where the table shows them.
#[expect(
    clippy::too_many_arguments,
    reason = "the tray's pieces, the art, and the labels they carry"
)]
fn lay_the_tray(
    mut commands: Commands,
    layout: Res<TilesLayout>,
    art: Option<Res<TableArt>>,
    assets: Option<TableAssets>,
    body: Query<&Sprite, With<Body>>,
    laid: Query<Entity, With<TrayPiece>>,
    mut places: ResMut<TrayPlaces>,
    mut labels: Query<(&mut TableLabel, &mut TableLabelShift, Option<&Label>), OnTheWood>,
) {
    // Headless apps have no meshes to draw: the table is laid only where it can be seen.
    let Some((mut meshes, mut materials)) = assets else {
        return;
    };
    let Ok(sprite) = body.single() else { return };
    if !layout.is_changed() && !laid.is_empty() {
        return;
    }
    for entity in &laid {
        commands.entity(entity).despawn();
    }
    let art = match art {
        Some(art) => art.into_inner().clone_handles(),
        None => {
            let made = TableArt::new(&mut meshes, &mut materials);
            let handles = made.clone_handles();
            commands.insert_resource(made);
            handles
        }
    };
    let square = layout.square;
    *places = tray_places(&layout);
    let floor = Vec2::new(
        f32::from(layout.columns) + 0.5,
        f32::from(layout.rows) + 0.5,
    ) * square;
    let wood = materials.add(StandardMaterial {
        base_color_texture: Some(sprite.image.clone()),
        perceptual_roughness: 0.6,
        reflectance: 0.3,
        ..default()
    });
    let floor_mesh = bevelled_block(
        &rectangle(floor.x, floor.y),
        square * 0.03,
        square * FLOOR_DEPTH,
        |p| Vec2::new(p.x / floor.x + 0.5, 0.5 - p.y / floor.y),
    );
    commands.spawn((
        TrayFloor,
        tray_piece(
            "Tray floor",
            meshes.add(floor_mesh),
            wood,
            layout.centre.extend(0.0),
        ),
    ));
    for (name, mesh, material, at) in wooden_pieces(&layout, &places, &art) {
        commands.spawn(tray_piece(name, meshes.add(mesh), material, at));
    }
    for (mut height, mut shift, label) in &mut labels {
        (height.0, shift.0) = where_the_words_stand(label, &places);
    }
}

/// The rim round the tray, the rack in front of it and the bag beside the rack: each piece's
/// name, mesh, material and place.
fn wooden_pieces(
    layout: &TilesLayout,
    places: &TrayPlaces,
    art: &TrayArt,
) -> Vec<(&'static str, Mesh, Handle<StandardMaterial>, Vec3)> {
    let square = layout.square;
    let floor = Vec2::new(
        f32::from(layout.columns) + 0.5,
        f32::from(layout.rows) + 0.5,
    ) * square;
    let (rim, rim_height) = (RIM_WIDTH * square, RIM_HEIGHT * square);
    let block = |size: Vec2, bevel: f32, depth: f32| {
        bevelled_block(&rectangle(size.x, size.y), square * bevel, depth, |p| {
            p / square
        })
    };
    let mut pieces = Vec::new();
    for (size, offset) in [
        (
            Vec2::new(floor.x + 2.0 * rim, rim),
            Vec2::Y * (floor.y + rim) / 2.0,
        ),
        (
            Vec2::new(floor.x + 2.0 * rim, rim),
            Vec2::NEG_Y * (floor.y + rim) / 2.0,
        ),
        (Vec2::new(rim, floor.y), Vec2::X * (floor.x + rim) / 2.0),
        (Vec2::new(rim, floor.y), Vec2::NEG_X * (floor.x + rim) / 2.0),
    ] {
        let mesh = block(size, 0.09, rim_height + square * FLOOR_DEPTH);
        let at = (layout.centre + offset).extend(rim_height);
        pieces.push(("Tray rim", mesh, art.frame_wood.clone(), at));
    }
    let rack_width = (RACK_SIZE as f32 + 0.4) * layout.rack_tile() * 1.12;
    let rack_at = Vec2::new(layout.centre.x, places.rack_row - places.rack_shift);
    let ledge = block(
        Vec2::new(rack_width, square * 1.25),
        0.06,
        square * RACK_LEDGE,
    );
    let at = (rack_at - Vec2::Y * square * 0.1).extend(square * RACK_LEDGE);
    pieces.push(("Rack", ledge, art.frame_wood.clone(), at));
    let back = block(Vec2::new(rack_width, square * 0.3), 0.08, square * 0.55);
    let lean_back = layout.rack_tile() * 0.5 * RACK_LEAN.cos() + square * 0.2;
    let at = (rack_at + Vec2::Y * lean_back).extend(square * (RACK_LEDGE + 0.55));
    pieces.push(("Rack back", back, art.frame_wood.clone(), at));
    let radius = places.bag_height / 2.0;
    let bag = places.bag.extend(0.0);
    pieces.push(("Bag", bag_mesh(radius), art.cloth.clone(), bag));
    let cord = Torus {
        minor_radius: radius * 0.09,
        major_radius: radius * 0.37,
    }
    .mesh()
    .build()
    .rotated_by(Quat::from_rotation_x(PI / 2.0));
    let neck = places.bag.extend(places.bag_height * NECK);
    pieces.push(("Bag cord", cord, art.cord.clone(), neck));
    pieces
}

/// How high above the table, and how far from its flat place, a word stands: a coordinate
/// (`label`) on the rim, half a square further out than flat; the bag's count on the bag's
/// cloth, facing the player.
fn where_the_words_stand(label: Option<&Label>, places: &TrayPlaces) -> (f32, Vec2) {
    let square = places.square;
    match label {
        Some(label) => (
            RIM_HEIGHT * square,
            Vec2::new(
                if label.col < 0.0 { -0.45 * square } else { 0.0 },
                if label.row < 0.0 { 0.45 * square } else { 0.0 },
            ),
        ),
        None => {
            let radius = places.bag_height / 2.0;
            let on_cloth = Vec2::new(0.0, -radius * 0.85 + places.bag_height * 0.12);
            (places.bag_height * 0.42, places.bag_shift + on_cloth)
        }
    }
}

/// One of the tray's pieces: `mesh` in `material` standing at `at`.
fn tray_piece(
    name: &str,
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
    at: Vec3,
) -> impl Bundle {
    (
        Name::new(name.to_owned()),
        OnTable,
        TrayPiece,
        Mesh3d(mesh),
        MeshMaterial3d(material),
        Transform::from_translation(at),
        RenderLayers::layer(TABLE_LAYER),
        DespawnOnExit(Screen::Game(TILES)),
    )
}

impl TableArt {
    /// The handles the tray needs, so the art can be made and used in one frame.
    fn clone_handles(&self) -> TrayArt {
        TrayArt {
            frame_wood: self.frame_wood.clone(),
            cloth: self.cloth.clone(),
            cord: self.cord.clone(),
        }
    }
}

struct TrayArt {
    frame_wood: Handle<StandardMaterial>,
    cloth: Handle<StandardMaterial>,
    cord: Handle<StandardMaterial>,
}

/// Where the rack and the bag stand on the table for this layout.
fn tray_places(layout: &TilesLayout) -> TrayPlaces {
    let square = layout.square;
    let rack_row = layout.rack_place(0, 1).y;
    let tray_front =
        layout.centre.y - (f32::from(layout.rows) + 0.5) * square / 2.0 - RIM_WIDTH * square;
    // The rack's tiles lean back from their bottom edge, which stands clear of the rim.
    let rack_front = tray_front - square * 0.45 - layout.rack_tile() * RACK_LEAN.cos();
    let rack_centre = rack_front + layout.rack_tile() * 0.5 * RACK_LEAN.cos();
    let rack_width = (RACK_SIZE as f32 + 0.4) * layout.rack_tile() * 1.12;
    let bag_height = square * 2.0;
    let flat_bag = layout.bag_place();
    let bag = Vec2::new(
        flat_bag
            .x
            .max(layout.centre.x + rack_width / 2.0 + bag_height * 0.75),
        rack_centre,
    );
    TrayPlaces {
        rack_shift: rack_row - rack_centre,
        rack_row,
        bag,
        bag_shift: bag - flat_bag,
        bag_height,
        square,
    }
}

/// Where the bag's cord gathers its neck, as a share of its height.
const NECK: f32 = 0.85;

/// A cloth bag `radius` wide, gathered at its neck by a cord, its mouth frilled open.
fn bag_mesh(radius: f32) -> Mesh {
    let profile = [
        (0.0, 0.0),
        (0.6, 0.02),
        (0.88, 0.14),
        (1.0, 0.36),
        (0.95, 0.56),
        (0.72, 0.72),
        (0.42, 0.8),
        (0.32, NECK),
        (0.36, 0.9),
        (0.48, 0.97),
        (0.55, 1.0),
        (0.5, 1.01),
        (0.36, 0.97),
        (0.0, 0.94),
    ]
    .map(|(across, up)| Vec2::new(across * radius, up * radius * 2.0));
    // Soft folds gather towards the neck; above the cord the frill waves.
    lathe(&profile, 64, |turn, height| {
        let up = (height / (radius * 2.0)).clamp(0.0, 1.0);
        let (folds, waves) = if up > NECK {
            (0.07, 7.0)
        } else {
            (0.05 * up, 9.0)
        };
        1.0 + folds * (turn * PI * 2.0 * waves).sin()
    })
}

/// Prints the tray's floor: the board's painting (the sharp one the frame it is done) with
/// each square sunk a little into the wood and each bonus square's words printed on it, in
/// the player's language and the chosen colours. Printed rather than painted over by egui, a
/// word lies under the tile laid on it and slants with the board.
fn print_the_floor(
    body: Query<Ref<Sprite>, With<Body>>,
    floor: Query<(Ref<TrayFloor>, &MeshMaterial3d<StandardMaterial>)>,
    settings: Res<Settings>,
    game: Res<TilesMatch>,
    assets: Option<FaceAssets>,
) {
    let (Ok(sprite), Ok((laid, material)), Some((mut images, mut materials))) =
        (body.single(), floor.single(), assets)
    else {
        return;
    };
    if !sprite.is_changed() && !settings.is_changed() && !laid.is_added() {
        return;
    }
    let Some(painting) = images.get(&sprite.image) else {
        return;
    };
    let look = (settings.language, settings.colours());
    let Some(printed) = printed_floor(painting, game.position().layout(), look) else {
        return;
    };
    let printed = images.add(with_smaller_copies(printed));
    if let Some(mut wood) = materials.get_mut(&material.0) {
        wood.base_color_texture = Some(printed);
    }
}

/// The block that shows a tile on the table.
#[derive(Component)]
struct TableTile {
    face: Face,
}

type FlatTile = Or<(With<BoardTile>, With<RackTile>, With<TentativeTile>)>;

type FaceParts<'w, 's> = (
    Query<'w, 's, (&'static Text2d, &'static TextColor)>,
    Query<'w, 's, (), With<SideMark>>,
);

/// The face a flat tile shows: the digit and ink of its text, and its side's bar.
fn face_of(children: Option<&Children>, (digits, marks): &FaceParts) -> Face {
    let mut face = Face {
        digit: None,
        ink: colours::TILE_INK.to_bevy().to_srgba().to_u8_array(),
        marked: false,
    };
    for &child in children.into_iter().flatten() {
        if let Ok((text, colour)) = digits.get(child) {
            face.digit = text.0.parse().ok();
            face.ink = colour.0.to_srgba().to_u8_array();
        }
        face.marked |= marks.contains(child);
    }
    face
}

/// Gives every tile without one its block on the table, and turns a block's face when its
/// tile's ink changes (a Spin Abaku tile turning over).
fn dress_tiles(
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

/// How a rack tile leans back and how high its bottom edge stands, for a tile of `side`.
fn rack_rest(side: f32, square: f32) -> f32 {
    square * RACK_LEDGE + side * 0.5 * RACK_LEAN.sin()
}

type TileMotion<'a> = (
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
fn settle_tiles(
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
fn pick_tiles(
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
fn ray_meets_block(ray: Ray3d, place: &GlobalTransform) -> Option<f32> {
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

/// The points of a counted sum rise from the sum on the table and fly to the player's score
/// in the panel, as they do from the flat board.
fn paint_flying_points(
    mut contexts: EguiContexts,
    layout: Res<TilesLayout>,
    eye: TableEye,
    points: Query<(&Fly, &Transform, &Text2d, &TextFont, &TextColor)>,
) -> Result {
    if points.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let in_window = |world: Vec2| {
        Vec2::new(
            world.x + layout.window.x / 2.0,
            layout.window.y / 2.0 - world.y,
        )
    };
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("table-points"),
    ));
    for (fly, transform, text, font, colour) in &points {
        let (FontSize::Px(size), Some(start)) = (
            font.font_size,
            eye.window_point(fly.from.extend(over_the_tiles(layout.square))),
        ) else {
            continue;
        };
        let (from, to) = (in_window(fly.from), in_window(fly.to));
        let now = in_window(transform.translation.truncate());
        // The way left to the score carries the table's start point with it.
        let left = (now.distance(to) / from.distance(to).max(1.0)).min(1.0);
        let at = (now + (start - from) * left) / zoom;
        let font = egui::FontId::proportional(size * transform.scale.x / zoom);
        let [r, g, b, a] = colour.0.to_srgba().to_u8_array();
        let shadow = palette::TABLE_EDGE.to_bevy().to_srgba().to_u8_array();
        painter.text(
            egui::pos2(at.x + 2.0, at.y + 2.0),
            egui::Align2::CENTER_CENTER,
            &text.0,
            font.clone(),
            egui::Color32::from_rgba_unmultiplied(shadow[0], shadow[1], shadow[2], a),
        );
        painter.text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            &text.0,
            font,
            egui::Color32::from_rgba_unmultiplied(r, g, b, a),
        );
    }
    Ok(())
}

/// Tells the camera what to frame: the tray with its rim, the rack and its tiles, the bag.
fn shoot_the_table(
    layout: Res<TilesLayout>,
    places: Res<TrayPlaces>,
    zoom: Option<Res<UiZoom>>,
    mut shot: ResMut<TableShot>,
) {
    if !layout.is_changed() && !places.is_changed() && !shot.points.is_empty() {
        return;
    }
    let square = layout.square;
    let half = Vec2::new(
        f32::from(layout.columns) + 0.5 + 2.0 * RIM_WIDTH,
        f32::from(layout.rows) + 0.5 + 2.0 * RIM_WIDTH,
    ) * square
        / 2.0;
    let mut points = Vec::new();
    for corner in [
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, 1.0),
    ] {
        let at = layout.centre + corner * half;
        points.push(at.extend(RIM_HEIGHT * square));
        points.push(at.extend(-FLOOR_DEPTH * square));
    }
    let rack_half = (RACK_SIZE as f32 + 0.4) * layout.rack_tile() * 1.12 / 2.0;
    let rack_y = places.rack_row - places.rack_shift;
    let front = rack_y - layout.rack_tile() * 0.5 * RACK_LEAN.cos() - square * 0.6;
    let top = rack_rest(layout.rack_tile(), square) + layout.rack_tile() * 0.5 * RACK_LEAN.sin();
    for x in [layout.centre.x - rack_half, layout.centre.x + rack_half] {
        points.push(Vec3::new(x, front, 0.0));
        points.push(Vec3::new(x, rack_y, top));
    }
    points.push((places.bag + Vec2::X * places.bag_height * 0.55).extend(places.bag_height));
    points.push(
        (places.bag + Vec2::new(places.bag_height * 0.55, -places.bag_height * 0.5)).extend(0.0),
    );
    let room = BoardRoom::of(layout.window, zoom.map_or(1.0, |z| z.0), Vec2::splat(24.0));
    let centre = Vec2::new(layout.window.x / 2.0 + room.centre_x, layout.window.y / 2.0);
    shot.set_if_neq(TableShot {
        points,
        room: Rect::from_center_size(centre, room.size),
        window: layout.window,
    });
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

    #[test]
    fn the_rack_stands_in_front_of_the_tray_and_the_bag_beside_it() {
        let layout = TilesLayout::fit(15, 15, Vec2::new(1280.0, 720.0), 1.0);
        let places = tray_places(&layout);
        let tray_front = layout.centre.y - 15.5 * layout.square / 2.0 - RIM_WIDTH * layout.square;
        let rack_back =
            places.rack_row - places.rack_shift + layout.rack_tile() * 0.5 * RACK_LEAN.cos();
        assert!(rack_back < tray_front, "{rack_back} {tray_front}");
        let rack_end = layout.centre.x + RACK_SIZE as f32 * layout.rack_tile() * 1.12 / 2.0;
        assert!(places.bag.x - places.bag_height / 2.0 > rack_end);
    }
}
