//! The tile game's tray on the 3D table: its wooden pieces, the floor printed with the
//! squares and their words, the cloth bag, and the camera's framing of them.

use std::collections::HashMap;
use std::f32::consts::PI;

use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;

use super::art::{Face, paint_face, printed_floor};
use crate::app::base::board_room::BoardRoom;
use crate::app::base::navigation::Screen;
use crate::app::base::palette::{self, Rgba};
use crate::app::base::render_layers::TABLE_LAYER;
use crate::app::base::settings::{Settings, UiZoom};
use crate::app::table::camera::TableShot;
use crate::app::table::decals::{TableLabel, TableLabelShift};
use crate::app::table::mesh::{bevelled_block, lathe, rectangle, with_smaller_copies};
use crate::app::table::pieces::{OnTable, TableAssets};
use crate::app::tiles::TILES;
use crate::app::tiles::board::{BagCount, Body, Label};
use crate::app::tiles::colours;
use crate::app::tiles::game::TilesMatch;
use crate::app::tiles::layout::TilesLayout;
use crate::app::tiles::sprites::TILE_DEPTH;
use abakus_rules::abaku::RACK_SIZE;

/// Heights on the table, in squares: the tray's rim, the rack's ledge, and how far the rack's
/// tiles lean back.
pub(super) const RIM_HEIGHT: f32 = 0.32;
pub(super) const RIM_WIDTH: f32 = 0.8;
pub(super) const FLOOR_DEPTH: f32 = 0.4;
pub(super) const RACK_LEDGE: f32 = 0.2;
pub(super) const RACK_LEAN: f32 = 0.62;
/// How high a tile in the hand and a tile on its way ride above the board, in squares.
pub(super) const HAND_HEIGHT: f32 = 0.9;
pub(super) const GLIDE_ARC: f32 = 0.7;

/// Where the table's rack and bag stand, apart from their flat places: the rack in front of
/// the tray's rim, the bag beside the rack's end.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub(super) struct TrayPlaces {
    /// How far nearer the player the rack stands than in the flat view.
    pub(super) rack_shift: f32,
    /// The rack's row in the flat view.
    pub(super) rack_row: f32,
    /// The bag's place and how far it stands from its flat one.
    pub(super) bag: Vec2,
    pub(super) bag_shift: Vec2,
    pub(super) bag_height: f32,
    pub(super) square: f32,
}

/// The table's meshes and materials, made the first time the table shows.
#[derive(Resource)]
pub(super) struct TableArt {
    pub(super) block: Handle<Mesh>,
    pub(super) faces: HashMap<Face, Handle<StandardMaterial>>,
    pub(super) frame_wood: Handle<StandardMaterial>,
    pub(super) cloth: Handle<StandardMaterial>,
    pub(super) cord: Handle<StandardMaterial>,
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
    pub(super) fn face(
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
pub(super) type OnTheWood = Or<(With<Label>, With<BagCount>)>;

/// Where the tiles' faces are painted and kept.
pub(super) type FaceAssets<'w> = (
    ResMut<'w, Assets<Image>>,
    ResMut<'w, Assets<StandardMaterial>>,
);

/// The tray, the rack and the bag: the table's own pieces, laid anew when the layout moves.
#[derive(Component)]
pub(super) struct TrayPiece;

/// The tray's floor, painted with the board's squares.
#[derive(Component)]
pub(super) struct TrayFloor;

/// Lays the tray, the rack and the bag when the table first shows and when the layout
/// moves, and puts the board's labels and the bag's count where the table shows them.
#[expect(
    clippy::too_many_arguments,
    reason = "the tray's pieces, the art, and the labels they carry"
)]
pub(super) fn lay_the_tray(
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
pub(super) fn wooden_pieces(
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
pub(super) fn where_the_words_stand(label: Option<&Label>, places: &TrayPlaces) -> (f32, Vec2) {
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
pub(super) fn tray_piece(
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

pub(super) struct TrayArt {
    frame_wood: Handle<StandardMaterial>,
    cloth: Handle<StandardMaterial>,
    cord: Handle<StandardMaterial>,
}

/// Where the rack and the bag stand on the table for this layout.
pub(super) fn tray_places(layout: &TilesLayout) -> TrayPlaces {
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
pub(super) const NECK: f32 = 0.85;

/// A cloth bag `radius` wide, gathered at its neck by a cord, its mouth frilled open.
pub(super) fn bag_mesh(radius: f32) -> Mesh {
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
pub(super) fn print_the_floor(
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

/// Tells the camera what to frame: the tray with its rim, the rack and its tiles, the bag.
pub(super) fn shoot_the_table(
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

/// How a rack tile leans back and how high its bottom edge stands, for a tile of `side`.
pub(super) fn rack_rest(side: f32, square: f32) -> f32 {
    square * RACK_LEDGE + side * 0.5 * RACK_LEAN.sin()
}

#[cfg(test)]
mod tests {
    use super::*;

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
