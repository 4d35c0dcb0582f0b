//! Headless apps for tests: the rules-facing systems without a window, renderer or sound.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::app::base::frame_order::AppSet;
use crate::app::base::settings::Settings;
use crate::app::base::{frames, games, navigation};
use crate::app::features::{attract, booth_day, practice, review, tutorial};
use crate::app::shell::turn_clock;
use crate::app::table;
use crate::app::{hex, tiles};

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

/// The hex game's board, turn flow and review on the title, ready to join a room elsewhere;
/// the seats it takes and the statistics are kept in `data`.
pub fn hex_app_online(data: &std::path::Path) -> App {
    let mut app = headless_base();
    app.add_plugins(bevy::asset::AssetPlugin::default());
    app.init_asset::<Image>();
    app.add_message::<bevy::window::WindowResized>();
    app.add_plugins((games::plugin, hex::board_plugin));
    hex::register(&mut app);
    add_review(&mut app);
    app.insert_resource(crate::app::base::storage::DataDir::at(data));
    app.insert_resource(crate::app::base::storage::Saver::spawn());
    app.add_plugins((
        crate::app::features::joining::plugin,
        crate::app::features::host_online::plugin,
    ));
    app.insert_state(navigation::Screen::Title);
    app.update();
    app
}

/// The tile game's board and turn flow on the title, ready to join a room elsewhere; the seats
/// it takes are kept in `data`.
pub fn tiles_app_online(data: &std::path::Path) -> App {
    let mut app = tiles_board_base();
    app.insert_resource(crate::app::base::storage::DataDir::at(data));
    app.insert_resource(crate::app::base::storage::Saver::spawn());
    app.add_plugins((
        crate::app::features::joining::plugin,
        crate::app::features::host_online::plugin,
    ));
    app.insert_state(navigation::Screen::Title);
    app.update();
    app
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
    app.add_plugins((hex::board_plugin, hex::table_plugin, table::plugin::plugin));
    start_game(app, side)
}

/// The tile game's turn flow and board sprites on top of `MinimalPlugins`, starting on
/// the game screen with this table.
pub fn tiles_app_with_board(setup: tiles::game::TilesSetup) -> App {
    start_tiles_game(tiles_board_base(), setup)
}

/// The tile game's plugins over `MinimalPlugins`, before a match is on the screen.
fn tiles_board_base() -> App {
    let mut app = headless_base();
    app.add_plugins(bevy::asset::AssetPlugin::default());
    app.init_asset::<Image>();
    app.add_message::<bevy::window::WindowResized>();
    app.add_plugins((games::plugin, tiles::board_plugin));
    app
}

/// The tile game's board and turn flow with its phone seats' server listening on loopback
/// alone, as every test of the project does.
pub fn tiles_app_with_phones(setup: tiles::game::TilesSetup) -> App {
    let mut app = tiles_board_base();
    app.insert_resource(crate::app::features::phones::listen::PhoneListen {
        address: Some(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)),
        port: 0,
        picked: None,
    });
    start_tiles_game(app, setup)
}

/// The hex game's board, turn flow and review at the game `game`, its seats on other devices
/// served on loopback alone, as every test of the project does.
pub fn hex_app_with_devices(game: hex::HexMatch) -> App {
    let mut app = headless_base();
    app.add_plugins(bevy::asset::AssetPlugin::default());
    app.init_asset::<Image>();
    app.add_message::<bevy::window::WindowResized>();
    app.add_plugins((games::plugin, hex::board_plugin));
    hex::register(&mut app);
    add_review(&mut app);
    app.insert_resource(crate::app::features::phones::listen::PhoneListen {
        address: Some(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)),
        port: 0,
        picked: None,
    });
    app.insert_resource(game);
    app.insert_state(navigation::Screen::Game(hex::HEX));
    app.update();
    app
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
        table::plugin::plugin,
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
        booth_day::plugin,
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
