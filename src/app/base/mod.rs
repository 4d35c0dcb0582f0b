//! The shell's bottom: what every screen and game stands on, naming no feature and no game.

pub mod art;
pub mod background;
pub mod board_painting;
pub mod board_room;
pub mod easing;
pub mod frame_order;
pub mod frames;
pub mod games;
pub mod i18n;
pub mod memory;
pub mod navigation;
pub mod palette;
pub mod pointer;
pub mod render_layers;
pub mod settings;
pub mod statistics;
pub mod storage;
pub mod theme;
