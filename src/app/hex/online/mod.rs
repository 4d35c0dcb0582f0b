//! The hex game played at a seat of a room elsewhere: the room's game as the window knows it
//! and the window's moves sent there, and the screen's side of it.

pub mod plugin;
pub mod seat;
