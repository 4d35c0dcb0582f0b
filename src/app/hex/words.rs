//! Every word of the hex game a player reads: the words crate's.

pub use abakus_words::hex::*;
