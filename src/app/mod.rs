//! The game window: screens, boards, input, animation and sound, built on Bevy.

mod art;
pub mod attract;
mod audio;
mod background;
mod board_painting;
mod board_room;
mod easing;
mod frames;
mod game_screen;
mod games;
pub mod hex;
pub mod i18n;
pub mod icon;
pub mod lifecycle;
mod memory;
pub mod navigation;
pub mod ownership;
mod palette;
mod pointer;
pub mod practice;
pub mod records;
pub mod review;
pub mod screens;
mod script;
mod settings;
pub mod statistics;
pub mod storage;
mod table_mesh;
pub mod table_view;
mod theme;
pub mod tiles;
pub mod turn_clock;
pub mod tutorial;
mod widgets;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

pub use audio::{NamedSound, Sfx};
pub use settings::{AnimationSpeed, ComputerPace, Settings, TableView, UiScale, UiZoom};

/// What the app hosts of each game: the one list that names the games. Adding a game is one
/// more entry here.
struct HostedGame {
    id: games::GameId,
    plugin: fn(&mut App),
    /// The game's own sounds, beyond the shell's.
    sounds: fn() -> Vec<NamedSound>,
    words: fn() -> &'static i18n::Catalog,
    /// Its rules page in each language, in the order of [`i18n::Language::ALL`].
    rules: fn() -> [&'static str; 4],
    script: script::GameCommands,
}

const GAMES: [HostedGame; 2] = [
    HostedGame {
        id: hex::HEX,
        plugin: hex::plugin,
        sounds: hex::sounds::sounds,
        words: hex::words_catalog,
        rules: hex::rules_texts,
        script: hex::script_commands,
    },
    HostedGame {
        id: tiles::TILES,
        plugin: tiles::plugin,
        sounds: tiles::sounds::sounds,
        words: tiles::words_catalog,
        rules: tiles::rules_texts,
        script: tiles::script_commands,
    },
];

/// Every sound the app synthesises: the shell's, each game's own, then the music (ten minutes
/// of it, and a minute of each mood).
#[must_use]
pub fn every_sound() -> Vec<NamedSound> {
    let mut sounds = audio::shell_sounds();
    for game in &GAMES {
        sounds.extend((game.sounds)());
    }
    sounds.extend(audio::music_sounds());
    sounds
}

/// Every catalog of words (the shell's and each game's) by name, for the tests that hold the
/// languages to the same messages.
#[must_use]
pub fn catalogs() -> Vec<(&'static str, &'static i18n::Catalog)> {
    let mut catalogs = vec![("shell", &i18n::SHELL)];
    catalogs.extend(GAMES.iter().map(|game| (game.id.0, (game.words)())));
    catalogs
}

/// Each game's rules page, in the order of [`i18n::Language::ALL`].
#[must_use]
pub fn rules_pages() -> Vec<(&'static str, [&'static str; 4])> {
    GAMES
        .iter()
        .map(|game| (game.id.0, (game.rules)()))
        .collect()
}

/// Why the sounds could not be written as files.
#[derive(Debug, thiserror::Error)]
pub enum WriteSoundsError {
    #[error("cannot make {}: {source}", .folder.display())]
    Folder {
        folder: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", .path.display())]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Writes every sound as a 16-bit mono WAV file in `folder` and lists them on `out`: name,
/// length and peak.
pub fn write_sounds(folder: &Path, out: &mut dyn Write) -> Result<(), WriteSoundsError> {
    std::fs::create_dir_all(folder).map_err(|source| WriteSoundsError::Folder {
        folder: folder.to_owned(),
        source,
    })?;
    for sound in every_sound() {
        let path = folder.join(format!("{}.wav", sound.name));
        let peak = sound.samples().iter().fold(0.0f32, |m, s| m.max(s.abs()));
        std::fs::write(&path, sound.wav())
            .and_then(|()| {
                writeln!(
                    out,
                    "{}\t{:.3} s\t{} Hz\tpeak {peak:.2}",
                    path.display(),
                    sound.seconds(),
                    sound.rate
                )
            })
            .map_err(|source| WriteSoundsError::File { path, source })?;
    }
    Ok(())
}

/// The order of work in a frame: read input, apply the rules, then show the result; the
/// egui panels are drawn afterwards, in their own schedule.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSet {
    Input,
    Rules,
    Present,
    Panels,
}

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
        review::panels_plugin,
        practice::plugin,
        practice::panels_plugin,
        statistics::plugin,
        table_view::plugin,
    ));
    // Called, not added: every game's plugin is a `fn(&mut App)`, and Bevy tells plugins apart
    // by their type, so adding a second would count as adding the first again.
    for game in &GAMES {
        (game.plugin)(app);
    }
}

/// Headless apps for tests: the rules-facing systems without a window, renderer or sound.
pub mod testing {
    use super::*;

    /// The hex game's turn flow on top of `MinimalPlugins`, starting on the game screen.
    pub fn hex_app(side: u8) -> App {
        let mut app = headless_base();
        app.add_plugins((hex::logic_plugin, hex::keys_plugin));
        start_game(app, side)
    }

    /// The same, with the board's sprites: cells, stones mirroring the position, marks and
    /// their animations, still without a window or renderer.
    pub fn hex_app_with_board(side: u8) -> App {
        let mut app = headless_base();
        app.add_plugins(bevy::asset::AssetPlugin::default());
        app.init_asset::<Image>();
        app.add_message::<bevy::window::WindowResized>();
        app.add_plugins(hex::board_plugin);
        start_game(app, side)
    }

    /// The same, with the 3D table's plugins too: its meshes and materials are made, still
    /// without a renderer.
    pub fn hex_app_with_table(side: u8) -> App {
        let mut app = headless_base();
        app.add_plugins(bevy::asset::AssetPlugin::default());
        app.init_asset::<Image>();
        app.init_asset::<Mesh>();
        app.init_asset::<StandardMaterial>();
        app.add_message::<bevy::window::WindowResized>();
        app.add_plugins((hex::board_plugin, hex::table_plugin, table_view::plugin));
        start_game(app, side)
    }

    /// The tile game's turn flow and board sprites on top of `MinimalPlugins`, starting on
    /// the game screen with this table.
    pub fn tiles_app_with_board(setup: tiles::game::TilesSetup) -> App {
        let mut app = headless_base();
        app.add_plugins(bevy::asset::AssetPlugin::default());
        app.init_asset::<Image>();
        app.add_message::<bevy::window::WindowResized>();
        app.add_plugins((games::plugin, tiles::board_plugin));
        start_tiles_game(app, setup)
    }

    /// The same, with the 3D table's plugins too: its meshes and materials are made, still
    /// without a renderer.
    pub fn tiles_app_with_table(setup: tiles::game::TilesSetup) -> App {
        let mut app = headless_base();
        app.add_plugins(bevy::asset::AssetPlugin::default());
        app.init_asset::<Image>();
        app.init_asset::<Mesh>();
        app.init_asset::<StandardMaterial>();
        app.add_message::<bevy::window::WindowResized>();
        app.add_plugins((
            games::plugin,
            tiles::board_plugin,
            tiles::table_plugin,
            table_view::plugin,
        ));
        start_tiles_game(app, setup)
    }

    /// Puts `app` on the tile game's screen with a match of this table.
    fn start_tiles_game(mut app: App, setup: tiles::game::TilesSetup) -> App {
        let game = tiles::TilesMatch::new(setup).expect("a valid table");
        app.insert_resource(game);
        app.insert_state(navigation::Screen::Game(tiles::TILES));
        app.update();
        app
    }

    /// Both games' turn flow and board sprites with the attract mode and the lessons,
    /// starting on the title screen: for the demo, lesson and soak tests.
    pub fn attract_app(booth: attract::Booth) -> App {
        let mut app = headless_base();
        app.add_plugins(bevy::asset::AssetPlugin::default());
        app.init_asset::<Image>();
        app.add_message::<bevy::window::WindowResized>();
        app.add_plugins((
            games::plugin,
            hex::board_plugin,
            tiles::board_plugin,
            attract::plugin,
            tutorial::plugin,
        ));
        hex::register(&mut app);
        tiles::register(&mut app);
        app.insert_resource(booth);
        app.update();
        app
    }

    /// Adds the review of finished games and its practice (their work, not their cards) to a
    /// test app.
    pub fn add_review(app: &mut App) {
        review::plugin(app);
        practice::plugin(app);
    }

    /// Blocks until every computer move and hint being worked out in the background has
    /// finished, keeping the answers where the app's own systems take them on the next
    /// `app.update()`, as in play: tests step a frame, then call this, instead of sleeping
    /// until the task pool is done.
    pub fn finish_background_work(app: &mut App) {
        let world = app.world_mut();
        hex::finish_background_work(world);
        tiles::finish_background_work(world);
    }

    fn headless_base() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.configure_sets(
            Update,
            (AppSet::Input, AppSet::Rules, AppSet::Present).chain(),
        );
        app.insert_resource(Settings::default());
        app.add_plugins((frames::plugin, turn_clock::plugin));
        navigation::plugin(&mut app);
        app
    }

    fn start_game(mut app: App, side: u8) -> App {
        app.insert_resource(hex::HexMatch::new(side));
        app.insert_state(navigation::Screen::Game(hex::HEX));
        app.update();
        app
    }
}
