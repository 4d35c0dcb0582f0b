//! The app's shared screens (title, settings, rules, help, statistics); each game adds its own
//! setup and game screens under `Screen::Setup` and `Screen::Game`.

mod help;
mod online;
mod plugin;
mod rules;
mod settings;
mod statistics;
mod title;

pub use help::{FullscreenAtStart, GameMenu, game_menu};
pub(crate) use plugin::plugin;
