//! The tile game played at a seat of a room elsewhere: the window's copy of the room's game and
//! what its people ask of the room, and the screen's side of it.

pub mod link;
pub mod plugin;
pub mod seat;
