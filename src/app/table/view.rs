//! Which look the board shows, flat or on the 3D table: the player's setting, else the
//! machine's choice (flat on a software renderer, or where the table's first frames were slow),
//! and whether a game's board shows on the table now.
//!
//! Both looks stand on the same world: a board's cells keep the flat view's coordinates (in
//! logical pixels, the board's top at height 0), so the layout, the picking by the grid's
//! geometry and the animations serve both. The table is the same plane seen by a tilted
//! perspective camera, its pieces meshes on [`TABLE_LAYER`], which the flat camera never
//! sees; while the table shows, the flat camera sees nothing but the egui panels it draws.

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy_egui::{EguiContexts, egui};

use crate::app::base::games::GameId;
use crate::app::base::i18n::Key;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::{Settings, TableView};

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

/// Whether the board went flat this frame.
pub fn flat_again(shown: Option<Res<ShownView>>) -> bool {
    shown.is_some_and(|shown| shown.is_changed() && !shown.on_table)
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
pub(crate) struct ViewByMachine {
    /// Whether the graphics adapter is a software rasteriser, once the renderer has said.
    pub(crate) software: Option<bool>,
    /// The table's frames were slow: flat until the player asks for the table.
    pub(crate) stepped_back: bool,
    /// The table's first frames, timed while the machine's choice shows it.
    pub(crate) trial: Option<Vec<f32>>,
    /// The trial has run this session.
    pub(crate) tried: bool,
    /// Seconds the step back's notice still shows.
    pub(crate) notice_left: f32,
}

/// How many of the table's first frames the trial times, and the median over which it steps
/// back to the flat board.
pub(crate) const TRIAL_FRAMES: usize = 40;

pub(crate) const SLOW_FRAME_SECONDS: f32 = 0.050;

pub(crate) const NOTICE_SECONDS: f32 = 9.0;

pub(crate) fn choose_view(
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
pub(crate) fn judge_the_trial(
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
pub(crate) fn tell_of_the_step_back(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::table::plugin::plugin;

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
}
