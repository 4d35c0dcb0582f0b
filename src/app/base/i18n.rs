//! Every word a player reads, in the player's language: the words crate's catalogs.

pub use abakus_words::{Arg, Catalog, Key, Language, SHELL, message_ids, variables};
