//! The table's camera and light: spawned the first time the table shows, tilted over the
//! board, framed between the side panels, drifting round it in the attract mode.

use bevy::camera::ClearColorConfig;
use bevy::camera::visibility::RenderLayers;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::ecs::system::SystemParam;
use bevy::light::{CascadeShadowConfig, CascadeShadowConfigBuilder, GlobalAmbientLight};
use bevy::prelude::*;

use super::view::ShownView;
use crate::app::base::palette;
use crate::app::base::render_layers::{NO_LAYER, TABLE_LAYER};

/// The table's camera: it draws before the flat one, which keeps only the panels over it.
#[derive(Component)]
pub struct TableCamera;

#[derive(Component)]
pub(crate) struct TableLight;

/// The camera's vertical field of view: narrow enough that the board keeps its shape.
pub(crate) const FIELD_OF_VIEW: f32 = 0.52;

/// How far from straight down the camera looks.
pub(crate) const TILT: f32 = 0.62;

pub(crate) type FlatCamera = (With<Camera2d>, Without<TableCamera>);

/// Turns the table's camera and light on or off with the view, spawning them the first time.
pub(crate) fn show_the_chosen_view(
    mut commands: Commands,
    shown: Res<ShownView>,
    mut flat: Query<(Entity, &mut Camera), FlatCamera>,
    mut table: Query<&mut Camera, With<TableCamera>>,
) {
    if !shown.is_changed() {
        return;
    }
    if shown.on_table && table.is_empty() {
        spawn_table_camera(&mut commands);
    }
    for mut camera in &mut table {
        camera.is_active = shown.on_table;
    }
    for (entity, mut camera) in &mut flat {
        let (clear, layer) = if shown.on_table {
            (ClearColorConfig::None, NO_LAYER)
        } else {
            (ClearColorConfig::Default, 0)
        };
        camera.clear_color = clear;
        commands.entity(entity).insert(RenderLayers::layer(layer));
    }
}

pub(crate) fn spawn_table_camera(commands: &mut Commands) {
    commands.spawn((
        Name::new("Table camera"),
        TableCamera,
        Camera3d::default(),
        Camera {
            order: -1,
            clear_color: ClearColorConfig::Custom(palette::TABLE.to_bevy()),
            ..default()
        },
        Projection::Perspective(PerspectiveProjection {
            fov: FIELD_OF_VIEW,
            near: 10.0,
            far: 100_000.0,
            ..default()
        }),
        // A tone curve that keeps the palette's colours where they are, without lookup tables.
        Tonemapping::KhronosPbrNeutral,
        // As the flat camera's: cameras share the window's picture only where their
        // multisampling agrees, and the flat one draws the panels over the table's.
        Msaa::Off,
        RenderLayers::layer(TABLE_LAYER),
        Transform::from_xyz(0.0, -1200.0, 1600.0).looking_at(Vec3::ZERO, Vec3::Z),
    ));
    // Warm light from the front left, high enough that a stone's shadow stays beside it.
    commands.spawn((
        Name::new("Table light"),
        TableLight,
        DirectionalLight {
            color: Color::srgb(1.0, 0.93, 0.82),
            illuminance: 5_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-0.45, -0.55, 1.0).looking_at(Vec3::ZERO, Vec3::Z),
        RenderLayers::layer(TABLE_LAYER),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(1.0, 0.95, 0.88),
        brightness: 650.0,
        ..default()
    });
}

/// The table's camera as scripts and games ask it where a place of the table is in the window.
#[derive(SystemParam)]
pub struct TableEye<'w, 's> {
    shown: Option<Res<'w, ShownView>>,
    camera: Query<'w, 's, (Entity, &'static Camera, &'static GlobalTransform), With<TableCamera>>,
}

impl TableEye<'_, '_> {
    /// Whether the board shows on the table now.
    #[must_use]
    pub fn on_table(&self) -> bool {
        self.shown.as_ref().is_some_and(|shown| shown.on_table)
    }

    /// Whether the board moved on or off the table since the system last ran.
    #[must_use]
    pub fn switched(&self) -> bool {
        self.shown.as_ref().is_some_and(|shown| shown.is_changed())
    }

    /// Where the pointer at `window` (logical pixels from the window's top left) points on
    /// the table's plane raised to `height`.
    #[must_use]
    pub fn on_plane(&self, window: Vec2, height: f32) -> Option<Vec3> {
        let ray = self.ray(window)?;
        let distance = ray.intersect_plane(Vec3::Z * height, InfinitePlane3d::new(Vec3::Z))?;
        Some(ray.get_point(distance))
    }

    /// The ray from the table's camera through a point of the window.
    #[must_use]
    pub fn ray(&self, window: Vec2) -> Option<Ray3d> {
        let (_, camera, eye) = self.camera.single().ok()?;
        camera.viewport_to_world(eye, window).ok()
    }

    /// Where the table's camera stands.
    #[must_use]
    pub fn eye(&self) -> Option<Vec3> {
        Some(self.camera.single().ok()?.2.translation())
    }

    /// The table's camera and its order among the cameras, for a picking backend's hits.
    #[must_use]
    pub fn camera(&self) -> Option<(Entity, f32)> {
        let (entity, camera, _) = self.camera.single().ok()?;
        Some((entity, camera.order as f32))
    }

    /// Where the table's camera sees a point of the table, in logical pixels from the
    /// window's top left.
    #[must_use]
    pub fn window_point(&self, world: Vec3) -> Option<Vec2> {
        let (_, camera, eye) = self.camera.single().ok()?;
        camera.world_to_viewport(eye, world).ok()
    }
}

/// What the table's camera must show: the points that bound a game's table (its board and
/// what stands on it or beside it), and the part of the window between the side panels.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct TableShot {
    pub points: Vec<Vec3>,
    /// The room between the panels, in logical pixels from the window's top left.
    pub room: Rect,
    pub window: Vec2,
}

/// Set while the attract mode shows a game: the camera drifts slowly round the table.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CameraDrift(pub bool);

/// How far the drift turns the camera either way, and how long a swing there and back takes.
pub(crate) const DRIFT_SWING: f32 = 0.45;

pub(crate) const DRIFT_PERIOD: f32 = 48.0;

pub(crate) fn aim_table_camera(
    shot: Res<TableShot>,
    shown: Res<ShownView>,
    drift: Res<CameraDrift>,
    time: Res<Time<Real>>,
    mut camera: Query<&mut Transform, With<TableCamera>>,
    mut light: Query<&mut CascadeShadowConfig, With<TableLight>>,
) {
    let drifting = drift.0 && shown.on_table;
    if !drifting && !shot.is_changed() && !shown.is_changed() {
        return;
    }
    let Ok(mut transform) = camera.single_mut() else {
        return;
    };
    let azimuth = if drifting {
        DRIFT_SWING * (time.elapsed_secs() * std::f32::consts::TAU / DRIFT_PERIOD).sin()
    } else {
        0.0
    };
    let Some(framed) = frame(&shot, azimuth) else {
        return;
    };
    transform.set_if_neq(framed);
    // One shadow cascade reaching just past the far side of the table: the sharpest shadows
    // its one map can give.
    let reach = shot
        .points
        .iter()
        .map(|point| point.distance(framed.translation))
        .fold(0.0, f32::max);
    for mut cascades in &mut light {
        *cascades = CascadeShadowConfigBuilder {
            num_cascades: 1,
            minimum_distance: 10.0,
            maximum_distance: reach * 1.05,
            ..default()
        }
        .build();
    }
}

/// The camera that shows every point of the shot inside the room between the panels, looking
/// down at the tilt from the near side turned `azimuth` round the table.
#[must_use]
pub fn frame(shot: &TableShot, azimuth: f32) -> Option<Transform> {
    if shot.points.is_empty() || shot.window.x < 1.0 || shot.window.y < 1.0 {
        return None;
    }
    let back = Quat::from_rotation_z(azimuth) * Vec3::new(0.0, -TILT.sin(), TILT.cos());
    let rotation = Transform::from_translation(back)
        .looking_at(Vec3::ZERO, Vec3::Z)
        .rotation;
    let (right, up) = (rotation * Vec3::X, rotation * Vec3::Y);
    let tan_y = (FIELD_OF_VIEW / 2.0).tan();
    let tan_x = tan_y * shot.window.x / shot.window.y;
    let to_ndc = |px: Vec2| {
        Vec2::new(
            2.0 * px.x / shot.window.x - 1.0,
            1.0 - 2.0 * px.y / shot.window.y,
        )
    };
    let (room_a, room_b) = (to_ndc(shot.room.min), to_ndc(shot.room.max));
    let room_centre = (room_a + room_b) / 2.0;
    let room_size = (room_a - room_b).abs() * 0.96;
    let centre = shot.points.iter().copied().sum::<Vec3>() / shot.points.len() as f32;
    let radius = shot
        .points
        .iter()
        .map(|p| p.distance(centre))
        .fold(1.0, f32::max);
    let mut distance = 3.0 * radius;
    let mut shift = Vec2::ZERO;
    // The projection is not linear in the distance and the shift, so the two are corrected in
    // turn until the board's outline fills the room.
    for _ in 0..24 {
        let eye = centre + back * distance + right * shift.x + up * shift.y;
        let (mut low, mut high) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for &point in &shot.points {
            let d = point - eye;
            let depth = (-d.dot(back)).max(1.0);
            let ndc = Vec2::new(d.dot(right) / (depth * tan_x), d.dot(up) / (depth * tan_y));
            low = low.min(ndc);
            high = high.max(ndc);
        }
        let size = high - low;
        let scale = (size.x / room_size.x).max(size.y / room_size.y);
        let offset = (low + high) / 2.0 - room_centre;
        shift += offset * Vec2::new(tan_x, tan_y) * distance;
        distance *= scale.clamp(0.5, 2.0);
    }
    let eye = centre + back * distance + right * shift.x + up * shift.y;
    Some(Transform::from_translation(eye).with_rotation(rotation))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a point lands in the window, in logical pixels, seen by a camera framed by
    /// `frame`.
    fn project(camera: &Transform, window: Vec2, point: Vec3) -> Vec2 {
        let d = point - camera.translation;
        let back = camera.rotation * Vec3::Z;
        let depth = -d.dot(back);
        let tan_y = (FIELD_OF_VIEW / 2.0).tan();
        let tan_x = tan_y * window.x / window.y;
        let ndc = Vec2::new(
            d.dot(camera.rotation * Vec3::X) / (depth * tan_x),
            d.dot(camera.rotation * Vec3::Y) / (depth * tan_y),
        );
        Vec2::new(
            (ndc.x + 1.0) / 2.0 * window.x,
            (1.0 - ndc.y) / 2.0 * window.y,
        )
    }

    #[test]
    fn the_framed_table_fills_the_room_and_stays_inside_it() {
        let square = |half: f32| {
            [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                .map(|(x, y)| Vec3::new(x * half + 40.0, y * half, 0.0))
        };
        for window in [Vec2::new(1280.0, 720.0), Vec2::new(800.0, 900.0)] {
            let room = Rect::new(262.0, 12.0, window.x - 236.0, window.y - 12.0);
            let shot = TableShot {
                points: square(300.0).into(),
                room,
                window,
            };
            for azimuth in [0.0, DRIFT_SWING] {
                let camera = frame(&shot, azimuth).unwrap();
                let seen: Vec<Vec2> = shot
                    .points
                    .iter()
                    .map(|&p| project(&camera, window, p))
                    .collect();
                let (low, high) = seen.iter().fold(
                    (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
                    |(low, high), &p| (low.min(p), high.max(p)),
                );
                assert!(
                    low.x >= room.min.x - 1.0 && high.x <= room.max.x + 1.0,
                    "{window} {azimuth}: {low} {high} in {room:?}"
                );
                assert!(low.y >= room.min.y - 1.0 && high.y <= room.max.y + 1.0);
                let filled = ((high - low) / room.size()).max_element();
                assert!(filled > 0.9, "{window} {azimuth}: fills {filled}");
                // The near edge is drawn lower on the screen than the far one.
                assert!(seen[0].y > seen[3].y);
            }
        }
    }
}
