//! Phones as seats of a game on the screen: a small HTTP and WebSocket server that lets each
//! seat's phone in by an address of its own and carries the seat's messages; it names no game.

pub mod address;
mod connection;
pub mod qr;
pub mod request;
pub mod server;
mod shared;

pub use connection::MESSAGE_LIMIT;
pub use server::PhoneServer;
pub use shared::{LinkEvent, NOT_OPEN_PAGE, PageFile};
