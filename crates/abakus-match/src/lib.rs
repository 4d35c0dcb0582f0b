//! The matches of both games as they are played, without the engine: the window, the phones
//! and the server each keep one and change it only by its intents.
//!
//! The rules crate decides what is legal; a match adds what a table needs around a position:
//! the seats and their names, the stage of the turn, the tiles laid but not yet submitted, the
//! joker's digit, the challenge window, the log, and the turn's time limit (the clock itself
//! is the host's, which sends the intent for a turn whose time ran out).

pub mod clock;
pub mod hex;
pub mod room;
pub mod tiles;
