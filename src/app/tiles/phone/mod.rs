//! The tile game played on phones: what each seat's phone is shown, what it may ask,
//! the server's life beside the game on the screen, and a booth's code for visitors.

pub mod challenge;
pub mod kept;
pub mod plugin;
pub mod screen;
pub mod view;
pub mod visitor;
