//! Every word of the tile game a player reads: the words crate's.

pub use abakus_words::tiles::*;
