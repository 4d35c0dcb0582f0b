//! The hex stone game in the window: its setup, match, board, panels, input and title corner,
//! registered with the shell as one game among others.

pub(crate) mod art;
mod board;
pub(crate) mod colours;
mod computer;
mod demo;
pub mod devices;
mod diagrams;
mod game;
mod hud;
mod id;
mod input;
mod layout;
mod lesson;
mod motion;
pub mod online;
mod plugins;
mod script;
mod setup;
mod sheet;
pub mod sounds;
mod sprites;
mod table;
mod title;
mod verdicts;
mod words;

pub(crate) use computer::finish_background_work;
pub use game::{
    AUTOSAVE as AUTOSAVE_FILE, HexChange, HexIntent, HexMatch, HexPhase, HexSetup, Notice, Seat,
    Selection, TimeOut, apply,
};
pub use id::HEX;
pub use layout::BoardLayout;
pub(crate) use plugins::{board_plugin, keys_plugin, logic_plugin, plugin, register, table_plugin};
pub use script::commands as script_commands;
pub use setup::load_setup;
pub use sprites::{CellEntities, StoneEntities, StoneSprite};
pub use words::{HexWords, catalog as words_catalog, rules_texts};
