//! The window: the engine's plugins, the app's own, and the run until it closes.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::app::audio;
use crate::app::base::frame_order::AppSet;
use crate::app::base::{
    art, board_text, frames, games, memory, pointer, settings, statistics, storage, theme,
};
use crate::app::features::{
    attract, booth_controls, booth_day, host_online, joining, online, practice, records, review,
    review_card, screens, script, tutorial,
};
use crate::app::hosted_games::GAMES;
use crate::app::icon;
use crate::app::shell::turn_clock;
use crate::app::table;

/// How the window starts: the command line's flags, without a subcommand.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Borderless fullscreen from the start.
    pub fullscreen: bool,
    /// Attract mode after this many idle seconds.
    pub demo_after: Option<u32>,
    /// A booth's kiosk: no way out for visitors.
    pub kiosk: bool,
    /// The frame time in the window's corner.
    pub show_frame_time: bool,
    /// A window script to run, then exit.
    pub script: Option<PathBuf>,
    /// Where a script's screenshots and frame-time figures go.
    pub screenshots: PathBuf,
    /// The address the window's server for phones listens on; the local network's when `None`.
    pub phone_address: Option<std::net::IpAddr>,
    /// The port it listens on; any free one when 0.
    pub phone_port: u16,
    /// A code in the demo's corner seats a visitor at the tile game on their phone.
    pub phone_visitors: bool,
    /// A tile game with these seats, started at launch instead of the title.
    pub tile_seats: Option<Vec<crate::app::tiles::SeatKind>>,
    /// A room's link, joined at launch instead of the title.
    pub join: Option<abakus_server::remote::Invite>,
}

/// Opens the window and runs the app until it is closed.
pub fn run(options: Options) -> ExitCode {
    let launched = Instant::now();
    let ids = GAMES.map(|game| game.id);
    let commands = GAMES.map(|game| game.script);
    let games = script::ScriptGames {
        ids: &ids,
        commands: &commands,
    };
    let script = match &options.script {
        Some(path) => {
            match script::Script::load(path, options.screenshots.clone(), launched, games) {
                Ok(script) => Some(script),
                Err(error) => {
                    eprintln!("abakus: {error}");
                    return ExitCode::from(2);
                }
            }
        }
        None => None,
    };
    let booth = attract::Booth {
        demo_after: options.demo_after,
        kiosk: options.kiosk,
        quick_demo: false,
        phone_visitors: options.phone_visitors,
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Abakus".into(),
                    // X11's WM_CLASS and Wayland's app id: desktops match it to abakus.desktop.
                    name: Some("abakus".into()),
                    // Windowed at first: fullscreen follows on the first frame, sized to the
                    // monitor, which a window manager-less kiosk session needs.
                    resolution: WindowResolution::new(1280, 720),
                    ..default()
                }),
                // A kiosk's window does not close at a visitor's Alt+F4 or a window button.
                close_when_requested: !options.kiosk,
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "wgpu=error,naga=warn,bevy_render=warn,bevy_kira_audio=warn".into(),
                ..default()
            }),
    );
    app.add_plugins((EguiPlugin::default(), icon::window_plugin));
    app.insert_resource(frames::window_settings());
    app.insert_resource(storage::DataDir::from_env());
    app.insert_resource(storage::ConfigDir::from_env());
    let saver = storage::Saver::spawn();
    app.insert_resource(saver.clone());
    app.insert_resource(booth);
    if options.kiosk {
        app.insert_resource(statistics::CountNothing);
    }
    app.insert_resource(screens::FullscreenAtStart(options.fullscreen));
    if options.show_frame_time {
        app.add_plugins(frames::meter_plugin);
    }
    if std::env::var_os("ABAKUS_RENDER_DIAGNOSTICS").is_some() {
        // Each render pass's time on the graphics device and its fragment count, logged
        // every few seconds: where a slow frame's time goes (docs/performance.md).
        app.add_plugins((
            bevy::render::diagnostic::RenderDiagnosticsPlugin,
            bevy::diagnostic::LogDiagnosticsPlugin {
                wait_duration: std::time::Duration::from_secs(5),
                ..default()
            },
        ));
    }
    app.add_plugins(plugin);
    app.insert_resource(crate::app::features::phones::listen::PhoneListen {
        address: options.phone_address,
        port: options.phone_port,
        picked: None,
    });
    if let Some(invite) = options.join {
        app.insert_resource(online::JoinAtLaunch(invite));
    }
    if let Some(seats) = options.tile_seats {
        app.insert_resource(crate::app::tiles::TilesAtLaunch(seats));
    }
    app.add_systems(Startup, spawn_camera);
    if let Some(script) = script {
        app.insert_resource(script);
        app.add_plugins(script::plugin);
    }
    let exit = app.run();
    // The last move's autosave may still be on its way to the disk.
    saver.flush();
    match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

fn spawn_camera(mut commands: Commands) {
    // Sprites carry their own soft edges, so multisampling would only cost frame time, which
    // matters most on the software renderers of booth machines and CI.
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
}

/// Everything of the app except the engine's own plugins and the window.
pub fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (AppSet::Input, AppSet::Rules, AppSet::Present).chain(),
    );
    app.add_plugins((
        frames::plugin,
        settings::plugin,
        pointer::plugin,
        theme::plugin,
        art::plugin,
        audio::plugin,
        games::plugin,
        screens::plugin,
        turn_clock::plugin,
        attract::plugin,
        attract::panels_plugin,
        tutorial::plugin,
        tutorial::panels_plugin,
        records::plugin,
        memory::plugin,
    ));
    app.add_plugins((
        review::plugin,
        review_card::panels_plugin,
        practice::plugin,
        practice::panels_plugin,
        statistics::plugin,
        table::plugin::plugin,
        board_text::plugin,
        joining::plugin,
        joining::panels_plugin,
        host_online::plugin,
        host_online::panels_plugin,
    ));
    app.add_plugins((
        booth_day::plugin,
        booth_day::panels_plugin,
        booth_controls::plugin,
        booth_controls::panels_plugin,
    ));
    // Called, not added: every game's plugin is a `fn(&mut App)`, and Bevy tells plugins apart
    // by their type, so adding a second would count as adding the first again.
    for game in &GAMES {
        (game.plugin)(app);
    }
}
