//! Frames only when the screen changes: the window waits for input, and whatever moves on it
//! (an animation, a clock, a computer at work, a demo) asks for the next frame.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::ecs::schedule::SystemCondition;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::base::palette;

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
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>();
}

/// The frame-time meter (`--fps`): the median and the slowest of the last frames drawn.
pub(crate) fn meter_plugin(app: &mut App) {
    app.init_resource::<FrameTimes>()
        .add_systems(Last, note_frame_time)
        .add_systems(EguiPrimaryContextPass, show_frame_time);
}

/// How many frames the meter looks back over.
const METERED_FRAMES: usize = 120;

/// The real time between the last frames drawn, latest last.
#[derive(Resource, Debug, Default)]
struct FrameTimes(VecDeque<f32>);

impl FrameTimes {
    /// The median and the slowest, in milliseconds.
    fn summary(&self) -> Option<(f32, f32)> {
        let mut sorted: Vec<f32> = self.0.iter().copied().collect();
        sorted.sort_by(f32::total_cmp);
        Some((*sorted.get(sorted.len() / 2)?, *sorted.last()?))
    }
}

fn note_frame_time(real: Res<Time<Real>>, mut times: ResMut<FrameTimes>) {
    // Only frames drawn one after another: a frame after a rest, or woken by input, measures
    // the wait, not the drawing.
    let millis = real.delta_secs() * 1000.0;
    if millis > 0.0 && real.delta() < Duration::from_millis(250) {
        times.0.push_back(millis);
        if times.0.len() > METERED_FRAMES {
            times.0.pop_front();
        }
    }
}

fn show_frame_time(mut contexts: EguiContexts, times: Res<FrameTimes>) -> Result {
    let Some((median, slowest)) = times.summary() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("frame-time"))
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 4.0))
        .interactable(false)
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(format!(
                    "frame {median:.1} ms · slowest {slowest:.0} ms · {:.0} fps",
                    1000.0 / median
                ))
                .monospace()
                .size(13.0)
                .color(palette::TEXT_MUTED.to_egui()),
            );
        });
    Ok(())
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

    #[test]
    fn the_meter_gives_the_median_and_the_slowest_frame() {
        assert_eq!(FrameTimes::default().summary(), None);
        let times = FrameTimes([16.0, 40.0, 17.0, 15.0, 18.0].into());
        assert_eq!(times.summary(), Some((17.0, 40.0)));
    }
}
