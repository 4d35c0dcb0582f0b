//! The arithmetic tile game in the window: its setup, turn flow, board and rack, panels and
//! title corner, registered with the shell as one game among others.

pub(crate) mod art;
mod board;
mod challenge;
pub(crate) mod colours;
mod computer;
mod demo;
mod diagrams;
mod dialogs;
pub mod game;
mod game_over;
mod hand_over;
mod hud;
mod id;
mod input;
mod joker_prompt;
mod layout;
mod lesson;
mod motion;
pub mod online;
pub mod phone;
mod pieces;
mod play;
mod plugins;
mod script;
mod setup;
mod sheet;
pub mod sounds;
mod sprites;
mod status_panel;
mod table;
mod turn_panel;
mod verdicts;
mod words;

pub(crate) use computer::finish_background_work;
pub use game::{SeatKind, Stage, TilesIntent, TilesMatch};
pub use id::TILES;
pub use layout::TilesLayout;
pub(crate) use plugins::{board_plugin, plugin, register, table_plugin};
pub use script::commands as script_commands;
pub use setup::{TilesAtLaunch, TilesChoices};
pub use sprites::{BoardSquare, BoardTile, RackTile, TentativeTile};
pub use words::{TilesWords, catalog as words_catalog, rules_texts};
