//! The app and its command line, tested as a person would use them: headless apps with input
//! injected frame by frame, the `abakus` binary run as a command, and the real window under
//! Xvfb driven by scripts and by real X input (the tests named `real_window_*`).

mod abaku_cli;
mod app_hex;
mod app_tiles;
mod attract;
mod devices_hex;
mod files;
mod hex_cli;
mod icon;
mod languages;
mod layers;
mod lesson;
mod online_browser;
mod online_hex;
mod online_host;
mod online_tiles;
mod phone_browser;
mod phone_tiles;
mod real_input;
mod records;
mod review;
mod sounds;
mod window;
