//! The boards' two looks, flat or a 3D table: the choice, and the camera, light and framing
//! that every game's table shares.
//!
//! Both looks stand on the same world: a board's cells keep the flat view's coordinates (in
//! logical pixels, the board's top at height 0), so the layout, the picking by the grid's
//! geometry and the animations serve both. The table is the same plane seen by a tilted
//! perspective camera, its pieces meshes on [`TABLE_LAYER`], which the flat camera never
//! sees; while the table shows, the flat camera sees nothing but the egui panels it draws.

use crate::app::base::render_layers::{NO_LAYER, TABLE_LAYER};
use bevy::camera::ClearColorConfig;
use bevy::camera::visibility::RenderLayers;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::ecs::system::SystemParam;
use bevy::light::{CascadeShadowConfig, CascadeShadowConfigBuilder, GlobalAmbientLight};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::base::frames;
use crate::app::base::games::GameId;
use crate::app::base::i18n::Key;
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::{Settings, TableView};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ShownView>()
        .init_resource::<ViewByMachine>()
        .init_resource::<TableShot>()
        .init_resource::<CameraDrift>()
        .init_resource::<TableGames>()
        .add_systems(PreUpdate, choose_view)
        .add_systems(
            PostUpdate,
            (show_the_chosen_view, aim_table_camera, judge_the_trial)
                .chain()
                .before(TransformSystems::Propagate),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (tell_of_the_step_back, paint_table_labels)
                .before(crate::app::base::frame_order::AppSet::Panels),
        )
        .add_systems(
            Update,
            dress_decals
                .after(crate::app::base::frame_order::AppSet::Present)
                .run_if(|shown: Res<ShownView>| shown.on_table),
        )
        .add_systems(
            PostUpdate,
            lay_decals
                .before(TransformSystems::Propagate)
                .run_if(|shown: Res<ShownView>| shown.on_table),
        )
        .add_systems(Update, clear_the_table.run_if(flat_again));
    frames::draw_while(app, |shown: Res<ShownView>, drift: Res<CameraDrift>| {
        shown.on_table && drift.0
    });
    frames::draw_while(app, |machine: Res<ViewByMachine>| {
        machine.trial.is_some() || machine.notice_left > 0.0
    });
}

/// The games whose boards can stand on the table.
#[derive(Resource, Debug, Default)]
pub struct TableGames(Vec<GameId>);

impl TableGames {
    pub fn add(&mut self, game: GameId) {
        if !self.0.contains(&game) {
            self.0.push(game);
        }
    }
}

/// Whether `game`'s board shows on the table now: its screen is up and the view is the table.
pub fn showing(
    game: GameId,
) -> impl FnMut(Option<Res<ShownView>>, Option<Res<State<Screen>>>) -> bool + Clone {
    move |shown, screen| {
        shown.is_some_and(|shown| shown.on_table)
            && screen.is_some_and(|screen| *screen.get() == Screen::Game(game))
    }
}

/// A piece a game laid on the table (its board, a rack), taken away when the board goes flat.
#[derive(Component, Debug, Default)]
pub struct OnTable;

/// A piece of the table that shows an entity of the flat view (a tile, a mark): it follows
/// that entity's place each frame and goes when it goes.
#[derive(Component, Debug)]
#[relationship(relationship_target = TableLooks)]
pub struct Shows(pub Entity);

/// The pieces of the table that show this flat entity: it has its table look.
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = Shows, linked_spawn)]
pub struct TableLooks(Vec<Entity>);

/// Whether the board went flat this frame.
pub fn flat_again(shown: Option<Res<ShownView>>) -> bool {
    shown.is_some_and(|shown| shown.is_changed() && !shown.on_table)
}

/// Where a game's table puts its meshes and materials (absent in headless apps).
pub type TableAssets<'w> = (
    ResMut<'w, Assets<Mesh>>,
    ResMut<'w, Assets<StandardMaterial>>,
);

type TablePiece = Or<(With<OnTable>, With<Shows>)>;

/// Takes the table's pieces away when the board goes flat, so they cost nothing there.
fn clear_the_table(mut commands: Commands, pieces: Query<Entity, TablePiece>) {
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
}

/// A flat sprite (an outline, a glow) that the table shows as a picture laid flat `height`
/// above the table's plane, in the sprite's colour as it changes.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct TableDecal(pub f32);

type UndressedDecal = (With<TableDecal>, Without<TableLooks>);

/// A flat sprite's picture as the table lays it: in the sprite's colour, unlit (a mark is
/// painted light, not wood), see-through where the picture is.
#[must_use]
pub fn decal_material(sprite: &Sprite) -> StandardMaterial {
    StandardMaterial {
        base_color: sprite.color,
        base_color_texture: Some(sprite.image.clone()),
        unlit: true,
        alpha_mode: AlphaMode::Blend,
        ..default()
    }
}

/// The decal's material, kept in the sprite's colour.
#[derive(Component)]
struct DecalOf;

fn dress_decals(
    mut commands: Commands,
    decals: Query<(Entity, &Sprite), UndressedDecal>,
    assets: Option<TableAssets>,
    mut quad: Local<Option<Handle<Mesh>>>,
) {
    // Headless apps have no meshes to draw.
    let Some((mut meshes, mut materials)) = assets else {
        return;
    };
    let quad = quad.get_or_insert_with(|| meshes.add(Rectangle::new(1.0, 1.0)));
    for (entity, sprite) in &decals {
        let material = materials.add(decal_material(sprite));
        commands.spawn((
            Name::new("Table decal"),
            DecalOf,
            Shows(entity),
            Mesh3d(quad.clone()),
            MeshMaterial3d(material),
            Transform::default(),
            Visibility::Hidden,
            RenderLayers::layer(TABLE_LAYER),
        ));
    }
}

type DecalSource<'a> = (
    &'a TableDecal,
    &'a Sprite,
    Ref<'a, Sprite>,
    &'a GlobalTransform,
    &'a InheritedVisibility,
);

/// Lays each decal where its sprite is, at its height, in its colour, shown when it is.
fn lay_decals(
    sources: Query<DecalSource>,
    mut decals: Query<
        (
            &Shows,
            &mut Transform,
            &mut Visibility,
            &MeshMaterial3d<StandardMaterial>,
        ),
        With<DecalOf>,
    >,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let Some(mut materials) = materials else {
        return;
    };
    for (shows, mut transform, mut visibility, material) in &mut decals {
        let Ok((height, sprite, changed, place, shown)) = sources.get(shows.0) else {
            continue;
        };
        let (scale, _, at) = place.to_scale_rotation_translation();
        let size = sprite.custom_size.unwrap_or(Vec2::ONE) * scale.truncate();
        let wanted = Transform::from_translation(at.truncate().extend(height.0))
            .with_scale(size.extend(1.0));
        transform.set_if_neq(wanted);
        visibility.set_if_neq(if shown.get() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if changed.is_changed()
            && let Some(mut look) = materials.get_mut(&material.0)
            && look.base_color != sprite.color
        {
            look.base_color = sprite.color;
        }
    }
}

/// The look in effect, and whether a board screen shows it on the table now.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownView {
    pub view: TableView,
    /// The table's camera is drawing: the view is the table and the screen shows a board.
    pub on_table: bool,
}

impl Default for ShownView {
    fn default() -> Self {
        Self {
            view: TableView::Flat,
            on_table: false,
        }
    }
}

/// The look chosen for the player until they choose: the table on a real graphics device,
/// flat on a software renderer or where the table's first frames were slow.
#[derive(Resource, Debug, Default)]
struct ViewByMachine {
    /// Whether the graphics adapter is a software rasteriser, once the renderer has said.
    software: Option<bool>,
    /// The table's frames were slow: flat until the player asks for the table.
    stepped_back: bool,
    /// The table's first frames, timed while the machine's choice shows it.
    trial: Option<Vec<f32>>,
    /// The trial has run this session.
    tried: bool,
    /// Seconds the step back's notice still shows.
    notice_left: f32,
}

/// How many of the table's first frames the trial times, and the median over which it steps
/// back to the flat board.
const TRIAL_FRAMES: usize = 40;
const SLOW_FRAME_SECONDS: f32 = 0.050;
const NOTICE_SECONDS: f32 = 9.0;

fn choose_view(
    settings: Res<Settings>,
    mut machine: ResMut<ViewByMachine>,
    adapter: Option<Res<RenderAdapterInfo>>,
    (screen, games): (Option<Res<State<Screen>>>, Res<TableGames>),
    mut shown: ResMut<ShownView>,
) {
    if machine.software.is_none()
        && let Some(adapter) = adapter
    {
        // wgpu's `DeviceType::Cpu`: lavapipe, llvmpipe, SwiftShader, WARP.
        machine.software = Some(format!("{:?}", adapter.device_type) == "Cpu");
    }
    let by_machine = if machine.software.unwrap_or(true) || machine.stepped_back {
        TableView::Flat
    } else {
        TableView::Table
    };
    let view = settings.table_view.unwrap_or(by_machine);
    let board_screen = screen.is_some_and(|s| match s.get() {
        Screen::Game(game) => games.0.contains(game),
        _ => false,
    });
    let wanted = ShownView {
        view,
        on_table: view == TableView::Table && board_screen,
    };
    // The machine's own choice of the table is timed the first time it shows.
    if wanted.on_table && settings.table_view.is_none() && !machine.tried {
        machine.tried = true;
        machine.trial = Some(Vec::with_capacity(TRIAL_FRAMES));
    }
    shown.set_if_neq(wanted);
}

/// Times the table's first frames while the machine's choice shows it, and steps back to
/// the flat board when their median is slow.
fn judge_the_trial(
    time: Res<Time<Real>>,
    shown: Res<ShownView>,
    settings: Res<Settings>,
    mut machine: ResMut<ViewByMachine>,
) {
    machine.notice_left = (machine.notice_left - time.delta_secs()).max(0.0);
    let Some(mut frames) = machine.trial.take() else {
        return;
    };
    if !shown.on_table || settings.table_view.is_some() {
        return;
    }
    // The first frames build the pipelines; they say nothing of the steady frame time.
    frames.push(time.delta_secs());
    if frames.len() < TRIAL_FRAMES {
        machine.trial = Some(frames);
        return;
    }
    let settled = &mut frames[TRIAL_FRAMES / 4..];
    settled.sort_by(f32::total_cmp);
    let median = settled[settled.len() / 2];
    if median > SLOW_FRAME_SECONDS {
        info!(
            "the 3D table's median frame took {:.0} ms: back to the flat board",
            median * 1000.0
        );
        machine.stepped_back = true;
        machine.notice_left = NOTICE_SECONDS;
    }
}

/// Says once, over the board, that the table was too slow and the board is flat again.
fn tell_of_the_step_back(
    mut contexts: EguiContexts,
    machine: Res<ViewByMachine>,
    settings: Res<Settings>,
) -> Result {
    if machine.notice_left <= 0.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("table-stepped-back".into())
        .anchor(egui::Align2::CENTER_TOP, [0.0, 16.0])
        .interactable(false)
        .show(ctx, |ui| {
            // The app's own egui style dresses the pop-up frame like its cards.
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(520.0);
                ui.label(settings.language.text(Key::ViewSteppedBack));
            });
        });
    Ok(())
}

/// The table's camera: it draws before the flat one, which keeps only the panels over it.
#[derive(Component)]
pub struct TableCamera;

#[derive(Component)]
struct TableLight;

/// The camera's vertical field of view: narrow enough that the board keeps its shape.
const FIELD_OF_VIEW: f32 = 0.52;
/// How far from straight down the camera looks.
const TILT: f32 = 0.62;

type FlatCamera = (With<Camera2d>, Without<TableCamera>);

/// Turns the table's camera and light on or off with the view, spawning them the first time.
fn show_the_chosen_view(
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

fn spawn_table_camera(commands: &mut Commands) {
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
const DRIFT_SWING: f32 = 0.45;
const DRIFT_PERIOD: f32 = 48.0;

fn aim_table_camera(
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

    /// A headless app on a game screen of a game with a table, its graphics adapter a real
    /// GPU, each frame taking `frame_ms`.
    fn on_a_gpu(frame_ms: u64) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(frame_ms),
        ));
        app.insert_resource(Settings::default());
        app.add_message::<bevy::window::RequestRedraw>();
        app.add_plugins(plugin);
        app.insert_state(Screen::Game(GameId("abakus")));
        app.world_mut()
            .resource_mut::<TableGames>()
            .add(GameId("abakus"));
        app.world_mut().resource_mut::<ViewByMachine>().software = Some(false);
        app.update();
        app
    }

    #[test]
    fn a_real_gpu_gets_the_table_until_its_frames_are_slow() {
        for (frame_ms, kept) in [(20, true), (80, false)] {
            let mut app = on_a_gpu(frame_ms);
            assert!(
                app.world().resource::<ShownView>().on_table,
                "{frame_ms} ms"
            );
            for _ in 0..TRIAL_FRAMES + 5 {
                app.update();
            }
            let shown = *app.world().resource::<ShownView>();
            assert_eq!(shown.on_table, kept, "{frame_ms} ms");
            let machine = app.world().resource::<ViewByMachine>();
            assert_eq!(
                machine.notice_left > 0.0,
                !kept,
                "told once, only when stepping back"
            );
            // The player's own choice of the table stands, however slow.
            app.world_mut().resource_mut::<Settings>().table_view = Some(TableView::Table);
            app.update();
            assert!(app.world().resource::<ShownView>().on_table);
        }
    }

    #[test]
    fn a_software_renderer_or_a_game_without_a_table_stays_flat() {
        let mut app = on_a_gpu(20);
        app.world_mut().resource_mut::<ViewByMachine>().software = Some(true);
        app.update();
        assert!(!app.world().resource::<ShownView>().on_table);
        app.world_mut().resource_mut::<ViewByMachine>().software = Some(false);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Game(GameId("abaku")));
        // The screen changes after the view is chosen for the frame: seen the next.
        app.update();
        app.update();
        let shown = *app.world().resource::<ShownView>();
        assert_eq!(shown.view, TableView::Table);
        assert!(!shown.on_table, "the tile game has no table yet");
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

/// A word or number of the flat view (a `Text2d`) that the table shows too, at this height
/// above the table's plane: egui paints it where the table's camera sees that place, at the
/// size it would have there.
#[derive(Component, Debug, Default)]
pub struct TableLabel(pub f32);

/// How far from its flat place the table shows a label, where the table's pieces stand
/// apart from the flat view's (a rack in front of the tray's rim, say).
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct TableLabelShift(pub Vec2);

type LabelParts<'a> = (
    &'a TableLabel,
    &'a Text2d,
    &'a TextFont,
    &'a TextColor,
    &'a GlobalTransform,
    &'a InheritedVisibility,
    Option<&'a TableLabelShift>,
);

fn paint_table_labels(
    mut contexts: EguiContexts,
    shown: Res<ShownView>,
    shot: Res<TableShot>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    labels: Query<LabelParts>,
) -> Result {
    if !shown.on_table {
        return Ok(());
    }
    let Ok((camera, eye)) = camera.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let to_points = |px: Vec2| egui::pos2(px.x / zoom, px.y / zoom);
    // Only between the panels: a label never lies over them.
    let room = egui::Rect::from_min_max(to_points(shot.room.min), to_points(shot.room.max));
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("table-labels"),
        ))
        .with_clip_rect(room.expand(12.0));
    for (height, text, font, colour, place, visible, shift) in &labels {
        let FontSize::Px(size) = font.font_size else {
            continue;
        };
        if !visible.get() {
            continue;
        }
        let shift = shift.map_or(Vec2::ZERO, |shift| shift.0);
        let at = (place.translation().truncate() + shift).extend(height.0);
        let (Ok(centre), Ok(beside)) = (
            camera.world_to_viewport(eye, at),
            camera.world_to_viewport(eye, at + eye.right() * size),
        ) else {
            continue;
        };
        let [r, g, b, a] = colour.0.to_srgba().to_u8_array();
        painter.text(
            to_points(centre),
            egui::Align2::CENTER_CENTER,
            &text.0,
            egui::FontId::proportional(centre.distance(beside) / zoom),
            egui::Color32::from_rgba_unmultiplied(r, g, b, a),
        );
    }
    Ok(())
}
