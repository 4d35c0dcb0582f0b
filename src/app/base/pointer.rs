//! Pointer input that always lands: a click or tap reaches what is under it, whatever its timing.
//!
//! Bevy's picking decides what a press hits from this frame's hover, but what a release (and
//! so a click) hits from the previous frame's. A pointer that jumps onto a cell and clicks at
//! once (a touch tap, a trackpad tap after a fast move, a remote-desktop or accessibility tool)
//! delivers its move, press and release in one frame, and the click went to whatever was under
//! the pointer before the jump. The engine's egui backend, for its part, judges from where egui
//! last saw the pointer and does not see panels laid out in egui's background layer, so a click
//! on a side panel's button also reached the table beneath it.
//!
//! The press has the mirror problem: it is resolved against where the pointer is at the end of
//! the frame, so a drag whose first move arrives in the same frame as its press picked up
//! whatever lay a few pixels further on.
//!
//! So this module writes the pointer stream itself: a release that follows a press or a move of
//! the same pointer within one frame waits for the next frame, when the hover is known, and so
//! does anything that follows a press; egui is hit-tested at the pointer's current position,
//! panels included. Every game's pieces then
//! get their clicks through ordinary picking observers.

use bevy::camera::NormalizedRenderTarget;
use bevy::camera::visibility::RenderLayers;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::picking::PickingSystems;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::input::PointerInputSettings;
use bevy::picking::pointer::{Location, PointerAction, PointerId, PointerInput, PointerLocation};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowEvent, WindowRef};
use bevy_egui::{EguiContext, EguiContextSettings, PrimaryEguiContext, egui};

use super::render_layers::TABLE_LAYER;

pub(crate) fn plugin(app: &mut App) {
    // The engine's own mouse and touch readers would feed picking a second, untimed stream.
    app.insert_resource(PointerInputSettings {
        is_mouse_enabled: false,
        is_touch_enabled: false,
    })
    .init_resource::<ReleaseTiming>()
    .init_resource::<SyntheticPointer>()
    .init_resource::<EguiCover>()
    .init_resource::<LiftedTouches>()
    .add_systems(First, write_pointer_inputs.in_set(PickingSystems::Input))
    .add_systems(
        PreUpdate,
        (
            own_the_egui_hit_test,
            report_egui_under_pointers.in_set(PickingSystems::Backend),
        ),
    )
    .add_systems(Last, forget_lifted_touches);
}

/// Holds back pointer events that picking would resolve against the wrong hover.
///
/// Picking resolves a press against the hover at the pointer's last position in the frame, and
/// a release (and so a click) against the previous frame's hover. So a release is only handed
/// on in a frame that did not also move or press its pointer before it, and nothing of a
/// pointer follows its press within a frame: a drag's first move, arriving with the press,
/// would otherwise carry the hover off the piece that was pressed. Everything a pointer does
/// after a held event waits with it, so the order of events is kept.
#[derive(Resource, Debug, Default)]
pub struct ReleaseTiming {
    held: Vec<PointerInput>,
}

impl ReleaseTiming {
    /// Takes this frame's inputs in the order they arrived and returns those to hand on now.
    pub fn admit(&mut self, arriving: impl IntoIterator<Item = PointerInput>) -> Vec<PointerInput> {
        let queue: Vec<PointerInput> = self.held.drain(..).chain(arriving).collect();
        let mut now = Vec::with_capacity(queue.len());
        let mut stirred: Vec<PointerId> = Vec::new();
        let mut pressed: Vec<PointerId> = Vec::new();
        let mut waiting: Vec<PointerId> = Vec::new();
        for input in queue {
            let pointer = input.pointer_id;
            let must_wait = waiting.contains(&pointer)
                || pressed.contains(&pointer)
                || (matches!(input.action, PointerAction::Release(_))
                    && stirred.contains(&pointer));
            if must_wait {
                waiting.push(pointer);
                self.held.push(input);
                continue;
            }
            match input.action {
                PointerAction::Press(_) => {
                    stirred.push(pointer);
                    pressed.push(pointer);
                }
                PointerAction::Move { .. } => stirred.push(pointer),
                _ => {}
            }
            now.push(input);
        }
        now
    }

    /// Whether anything waits for the next frame.
    #[cfg(test)]
    fn is_holding(&self) -> bool {
        !self.held.is_empty()
    }
}

/// Pointer actions made by a script rather than a device, at window positions in logical
/// pixels. They go through the same timing as real ones.
#[derive(Resource, Debug, Default)]
pub struct SyntheticPointer(pub Vec<(Vec2, PointerAction)>);

/// Touch pointers whose finger has lifted: despawned at the end of the frame.
#[derive(Resource, Debug, Default)]
struct LiftedTouches(Vec<u64>);

/// Reads the window's mouse and touch events (and scripted actions) into picking's pointer
/// stream, through [`ReleaseTiming`].
#[expect(
    clippy::too_many_arguments,
    reason = "mouse, touch and scripts meet here"
)]
fn write_pointer_inputs(
    mut commands: Commands,
    mut window_events: MessageReader<WindowEvent>,
    primary_window: Query<Entity, With<PrimaryWindow>>,
    mut synthetic: ResMut<SyntheticPointer>,
    mut timing: ResMut<ReleaseTiming>,
    mut lifted: ResMut<LiftedTouches>,
    mut cursor_last: Local<Vec2>,
    mut pointer_inputs: MessageWriter<PointerInput>,
) {
    let primary = primary_window.single().ok();
    let target = |window: Entity| {
        WindowRef::Entity(window)
            .normalize(primary)
            .map(NormalizedRenderTarget::Window)
    };
    let mut arriving = Vec::new();
    for event in window_events.read() {
        match event {
            WindowEvent::CursorMoved(moved) => {
                let Some(target) = target(moved.window) else {
                    continue;
                };
                let delta = moved.position - *cursor_last;
                *cursor_last = moved.position;
                arriving.push(mouse(target, moved.position, PointerAction::Move { delta }));
            }
            WindowEvent::MouseButtonInput(MouseButtonInput {
                button,
                state,
                window,
            }) => {
                let Some(target) = target(*window) else {
                    continue;
                };
                if let Some(action) = button_action(*button, *state) {
                    arriving.push(mouse(target, *cursor_last, action));
                }
            }
            WindowEvent::MouseWheel(wheel) => {
                let Some(target) = target(wheel.window) else {
                    continue;
                };
                let action = PointerAction::Scroll {
                    x: wheel.x,
                    y: wheel.y,
                    unit: wheel.unit,
                    phase: wheel.phase,
                };
                arriving.push(mouse(target, *cursor_last, action));
            }
            WindowEvent::TouchInput(touch) => {
                let Some(target) = target(touch.window) else {
                    continue;
                };
                arriving.push(finger(&mut commands, target, touch));
            }
            _ => {}
        }
    }
    match WindowRef::Primary.normalize(primary) {
        Some(window) => {
            for (position, action) in synthetic.0.drain(..) {
                if let PointerAction::Move { .. } = action {
                    *cursor_last = position;
                }
                let target = NormalizedRenderTarget::Window(window);
                arriving.push(mouse(target, position, action));
            }
        }
        None => synthetic.0.clear(),
    }
    for input in timing.admit(arriving) {
        if let (PointerId::Touch(id), PointerAction::Release(_) | PointerAction::Cancel) =
            (input.pointer_id, &input.action)
        {
            lifted.0.push(id);
        }
        pointer_inputs.write(input);
    }
}

/// A mouse button's press or release, for the buttons picking knows.
fn button_action(button: MouseButton, state: ButtonState) -> Option<PointerAction> {
    let button = match button {
        MouseButton::Left => PointerButton::Primary,
        MouseButton::Right => PointerButton::Secondary,
        MouseButton::Middle => PointerButton::Middle,
        _ => return None,
    };
    Some(match state {
        ButtonState::Pressed => PointerAction::Press(button),
        ButtonState::Released => PointerAction::Release(button),
    })
}

/// A finger's touch as a pointer of its own, spawned when the finger comes down.
fn finger(
    commands: &mut Commands,
    target: NormalizedRenderTarget,
    touch: &TouchInput,
) -> PointerInput {
    let pointer = PointerId::Touch(touch.id);
    let location = Location {
        target,
        position: touch.position,
    };
    let action = match touch.phase {
        TouchPhase::Started => {
            commands.spawn((pointer, PointerLocation::new(location.clone())));
            PointerAction::Press(PointerButton::Primary)
        }
        // A finger's move carries no delta here; picking only compares positions.
        TouchPhase::Moved => PointerAction::Move { delta: Vec2::ZERO },
        TouchPhase::Ended => PointerAction::Release(PointerButton::Primary),
        TouchPhase::Canceled => PointerAction::Cancel,
    };
    PointerInput::new(pointer, location, action)
}

fn mouse(target: NormalizedRenderTarget, position: Vec2, action: PointerAction) -> PointerInput {
    PointerInput::new(PointerId::Mouse, Location { target, position }, action)
}

fn forget_lifted_touches(
    mut commands: Commands,
    mut lifted: ResMut<LiftedTouches>,
    pointers: Query<(Entity, &PointerId)>,
) {
    if lifted.0.is_empty() {
        return;
    }
    for (entity, pointer) in &pointers {
        if pointer
            .get_touch_id()
            .is_some_and(|id| lifted.0.contains(&id))
        {
            commands.entity(entity).despawn();
        }
    }
    lifted.0.clear();
}

/// The parts of the window egui covers in its background layer, which spans the whole window
/// and so says nothing by itself: the side panels. Screens add their panels' rectangles every
/// pass.
#[derive(Resource, Debug, Default)]
pub struct EguiCover {
    rects: Vec<egui::Rect>,
    pass: u64,
}

impl EguiCover {
    /// Records a rectangle egui drew over the window in this pass.
    pub fn add(&mut self, ctx: &egui::Context, rect: egui::Rect) {
        let pass = ctx.cumulative_pass_nr();
        if pass != self.pass {
            self.rects.clear();
            self.pass = pass;
        }
        self.rects.push(rect);
    }

    /// Whether the last pass covered this point (in egui's points).
    fn covers(&self, ctx: &egui::Context, at: egui::Pos2) -> bool {
        // Rectangles of an older pass belong to a screen that is gone.
        let current = ctx.cumulative_pass_nr();
        (self.pass + 1 == current || self.pass == current)
            && self.rects.iter().any(|rect| rect.contains(at))
    }
}

/// The egui context's own backend answers from a stale pointer position; this module's answers
/// from the current one instead.
fn own_the_egui_hit_test(mut contexts: Query<&mut EguiContextSettings, Added<EguiContext>>) {
    for mut settings in &mut contexts {
        settings.capture_pointer_input = false;
    }
}

/// Tells picking that egui is under a pointer wherever a panel, a card, a menu or a modal
/// is, judged at the pointer's position in this frame.
fn report_egui_under_pointers(
    pointers: Query<(&PointerId, &PointerLocation)>,
    mut contexts: Query<(Entity, &mut EguiContext, &Camera), With<PrimaryEguiContext>>,
    cover: Res<EguiCover>,
    mut hits: MessageWriter<PointerHits>,
) {
    let Ok((entity, mut context, camera)) = contexts.single_mut() else {
        return;
    };
    let ctx = context.get_mut();
    for (pointer, location) in &pointers {
        let Some(location) = &location.location else {
            continue;
        };
        if !matches!(location.target, NormalizedRenderTarget::Window(_)) {
            continue;
        }
        let at = egui::pos2(location.position.x, location.position.y) / ctx.zoom_factor();
        // The background layer spans the whole window; what it covers is in `cover`.
        let covered = ctx.egui_is_using_pointer()
            || ctx
                .layer_id_at(at)
                .is_some_and(|layer| layer.order != egui::Order::Background)
            || cover.covers(ctx, at);
        if covered {
            hits.write(PointerHits::new(
                *pointer,
                vec![(entity, HitData::new(entity, 0.0, None, None))],
                // Above every sprite and the engine's UI, as egui is drawn above them.
                camera.order as f32 + 0.6,
            ));
        }
    }
}

/// The pointers and the cameras, for a board that picks its places by its grid.
pub type GridPointers<'w, 's> = (
    Query<'w, 's, (&'static PointerId, &'static PointerLocation)>,
    Query<
        'w,
        's,
        (
            Entity,
            &'static Camera,
            &'static GlobalTransform,
            &'static Projection,
            Option<&'static RenderLayers>,
        ),
    >,
);

/// A picking backend's work for a board whose places have no sprites: each pointer on the
/// window is reported over the entity `place_at` finds where it points on the plane at height
/// `z`. Seen flat, that is the pointer's world position, at depth `z` as the sprite backend
/// would report a sprite there, so the sprites above it come first; on the table, the point
/// where the pointer's ray meets the plane, at the ray's length, as a mesh there would be.
pub fn report_grid_hits(
    (pointers, cameras): &GridPointers,
    z: f32,
    place_at: impl Fn(Vec2) -> Option<Entity>,
    hits: &mut MessageWriter<PointerHits>,
) {
    for (pointer, location) in pointers {
        let Some(location) = &location.location else {
            continue;
        };
        if !matches!(location.target, NormalizedRenderTarget::Window(_)) {
            continue;
        }
        for (camera_entity, camera, transform, projection, layers) in cameras {
            // A camera that shows neither the flat board nor the table (the flat camera while
            // the table shows) draws only panels.
            let layers = layers.cloned().unwrap_or_default();
            let shows_a_board = layers.intersects(&RenderLayers::layer(0))
                || layers.intersects(&RenderLayers::layer(TABLE_LAYER));
            if !camera.is_active || !shows_a_board {
                continue;
            }
            let Some((world, depth)) = grid_point(camera, transform, projection, location, z)
            else {
                continue;
            };
            let Some(entity) = place_at(world.truncate()) else {
                continue;
            };
            let hit = HitData::new(camera_entity, depth, Some(world), None);
            hits.write(PointerHits::new(
                *pointer,
                vec![(entity, hit)],
                camera.order as f32,
            ));
        }
    }
}

/// Where a pointer meets the plane at height `z`, and the hit's depth, through either camera.
fn grid_point(
    camera: &Camera,
    transform: &GlobalTransform,
    projection: &Projection,
    location: &Location,
    z: f32,
) -> Option<(Vec3, f32)> {
    match projection {
        Projection::Orthographic(projection) => {
            let world = camera
                .viewport_to_world_2d(transform, location.position)
                .ok()?;
            let depth = -projection.near - (z - transform.translation().z);
            Some((world.extend(z), depth))
        }
        Projection::Perspective(_) => {
            let ray = camera
                .viewport_to_world(transform, location.position)
                .ok()?;
            let distance =
                ray.intersect_plane(Vec3::new(0.0, 0.0, z), InfinitePlane3d::new(Vec3::Z))?;
            Some((ray.get_point(distance), distance))
        }
        Projection::Custom(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(pointer: PointerId, action: PointerAction) -> PointerInput {
        let location = Location {
            target: NormalizedRenderTarget::None {
                width: 100,
                height: 100,
            },
            position: Vec2::ZERO,
        };
        PointerInput::new(pointer, location, action)
    }

    /// Each input as its pointer and the name of its action.
    fn actions(inputs: &[PointerInput]) -> Vec<(PointerId, &'static str)> {
        inputs
            .iter()
            .map(|i| {
                let name = match i.action {
                    PointerAction::Press(_) => PRESS_,
                    PointerAction::Release(_) => RELEASE_,
                    PointerAction::Move { .. } => MOVE_,
                    _ => "other",
                };
                (i.pointer_id, name)
            })
            .collect()
    }

    const PRESS: PointerAction = PointerAction::Press(PointerButton::Primary);
    const RELEASE: PointerAction = PointerAction::Release(PointerButton::Primary);
    const MOVE: PointerAction = PointerAction::Move { delta: Vec2::ONE };
    const PRESS_: &str = "press";
    const RELEASE_: &str = "release";
    const MOVE_: &str = "move";

    #[test]
    fn a_jump_click_in_one_frame_releases_in_the_next() {
        let mouse = PointerId::Mouse;
        let mut timing = ReleaseTiming::default();
        let first = timing.admit([
            input(mouse, MOVE),
            input(mouse, PRESS),
            input(mouse, RELEASE),
        ]);
        assert_eq!(actions(&first), vec![(mouse, MOVE_), (mouse, PRESS_)]);
        assert!(timing.is_holding());
        let second = timing.admit([]);
        assert_eq!(actions(&second), vec![(mouse, RELEASE_)]);
        assert!(!timing.is_holding());
    }

    #[test]
    fn a_release_on_its_own_frame_is_not_delayed() {
        let mouse = PointerId::Mouse;
        let mut timing = ReleaseTiming::default();
        assert_eq!(
            timing
                .admit([input(mouse, MOVE), input(mouse, PRESS)])
                .len(),
            2
        );
        assert_eq!(
            actions(&timing.admit([input(mouse, RELEASE)])),
            vec![(mouse, RELEASE_)]
        );
    }

    #[test]
    fn a_double_click_in_one_frame_keeps_its_order_over_three_frames() {
        let mouse = PointerId::Mouse;
        let mut timing = ReleaseTiming::default();
        let frame = [
            input(mouse, PRESS),
            input(mouse, RELEASE),
            input(mouse, PRESS),
            input(mouse, RELEASE),
        ];
        assert_eq!(actions(&timing.admit(frame)), vec![(mouse, PRESS_)]);
        assert_eq!(
            actions(&timing.admit([])),
            vec![(mouse, RELEASE_), (mouse, PRESS_)]
        );
        assert_eq!(actions(&timing.admit([])), vec![(mouse, RELEASE_)]);
        assert!(timing.admit([]).is_empty());
    }

    #[test]
    fn a_drag_that_moves_in_the_frame_of_its_press_starts_where_it_was_pressed() {
        let mouse = PointerId::Mouse;
        let mut timing = ReleaseTiming::default();
        let frame = [
            input(mouse, MOVE),
            input(mouse, PRESS),
            input(mouse, MOVE),
            input(mouse, MOVE),
        ];
        assert_eq!(
            actions(&timing.admit(frame)),
            vec![(mouse, MOVE_), (mouse, PRESS_)]
        );
        assert_eq!(
            actions(&timing.admit([])),
            vec![(mouse, MOVE_), (mouse, MOVE_)]
        );
        assert!(!timing.is_holding());
    }

    #[test]
    fn one_pointer_waiting_does_not_hold_up_another() {
        let finger = PointerId::Touch(7);
        let mouse = PointerId::Mouse;
        let mut timing = ReleaseTiming::default();
        let frame = [
            input(finger, PRESS),
            input(finger, RELEASE),
            input(mouse, MOVE),
            input(mouse, PRESS),
        ];
        assert_eq!(
            actions(&timing.admit(frame)),
            vec![(finger, PRESS_), (mouse, MOVE_), (mouse, PRESS_)]
        );
        // The held release comes before what arrives later.
        let next = timing.admit([input(mouse, RELEASE)]);
        assert_eq!(actions(&next), vec![(finger, RELEASE_), (mouse, RELEASE_)]);
    }
}
