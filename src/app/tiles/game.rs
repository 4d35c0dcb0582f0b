//! The tile game's match, the match crate's: the screens send its intents and read its changes.

pub use abakus_match::tiles::*;
