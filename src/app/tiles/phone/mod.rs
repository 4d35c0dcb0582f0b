//! The tile game played on phones: what each seat's phone is shown, what it may ask, its page,
//! and the server's life beside the game on the screen.

pub mod intent;
pub mod page;
pub mod plugin;
pub mod screen;
pub mod view;
