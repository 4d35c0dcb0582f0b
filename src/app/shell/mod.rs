//! The shell: what a game screen is built of (its side panels, the turn clock, the widgets).

pub(crate) mod game_screen;
pub mod turn_clock;
pub(crate) mod widgets;
