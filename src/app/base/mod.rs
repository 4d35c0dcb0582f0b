//! The shell's bottom: what every screen and game stands on, naming no feature and no game.

pub(crate) mod art;
pub(crate) mod background;
pub(crate) mod board_painting;
pub(crate) mod board_room;
pub(crate) mod board_text;
pub(crate) mod easing;
pub(crate) mod frame_order;
pub(crate) mod frames;
pub(crate) mod games;
pub mod i18n;
pub(crate) mod memory;
pub mod navigation;
pub(crate) mod palette;
pub(crate) mod pointer;
pub(crate) mod render_layers;
pub mod settings;
pub mod statistics;
pub mod storage;
pub(crate) mod theme;
