//! Frames only when the screen changes: the window waits for input, and whatever moves on it
//! (an animation, a clock, a computer at work, a demo) asks for the next frame.

use std::time::Duration;

use bevy::ecs::schedule::SystemCondition;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

/// How long a window with nothing moving waits for input before it looks at the clock again
/// (the attract mode's idle time, the settings' saving): one frame this often is all an idle
/// window costs.
pub const IDLE_WAKE: Duration = Duration::from_secs(2);

/// The window's update modes: frames on input or on request, and one every [`IDLE_WAKE`].
#[must_use]
pub fn window_settings() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAKE),
        // Without focus (a second screen, or a display with no window manager), a window
        // still wakes for its own events, but not for the mouse moving elsewhere.
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAKE),
    }
}

/// Asks for another frame after this one, for as long as `condition` holds: what moves on the
/// screen registers this with the condition under which it moves.
pub fn draw_while<M>(app: &mut App, condition: impl SystemCondition<M>) {
    app.add_systems(PostUpdate, keep_drawing.run_if(condition));
}

fn keep_drawing(mut redraw: MessageWriter<RequestRedraw>) {
    redraw.write(RequestRedraw);
}

/// The message the window reads; headless apps have no window, and register it here so the
/// same systems run in them.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Resource)]
    struct Moving(bool);

    #[test]
    fn a_frame_is_asked_for_only_while_something_moves() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_plugins(plugin)
            .insert_resource(Moving(true));
        draw_while(&mut app, |moving: Res<Moving>| moving.0);
        let mut cursor = app
            .world()
            .resource::<Messages<RequestRedraw>>()
            .get_cursor_current();
        let mut asked = |app: &mut App| {
            app.update();
            let messages = app.world().resource::<Messages<RequestRedraw>>();
            cursor.read(messages).count()
        };
        assert_eq!(asked(&mut app), 1);
        app.world_mut().resource_mut::<Moving>().0 = false;
        assert_eq!(asked(&mut app), 0);
    }
}
