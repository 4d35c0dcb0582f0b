//! The pages a game is played on in a browser, built into the program: plain HTML, CSS and
//! JavaScript under `assets/`, with their words filled in from the words crate's catalogs, for
//! the window's phones and for a server alike.

use std::borrow::Cow;

pub mod tiles;

/// The name of the page a seat's address shows when it opens no seat (an old code, a game
/// that has gone): served with 403 in place of the plain refusal, if the game gives one.
pub const NOT_OPEN_PAGE: &str = "not-open";

/// One file of the page the phones open, served under each seat's address.
#[derive(Debug, Clone)]
pub struct PageFile {
    /// Its name after `/seat/TOKEN/`: empty for the page itself, [`NOT_OPEN_PAGE`] for the
    /// page of an address that opens no seat.
    pub name: &'static str,
    pub content_type: &'static str,
    pub body: Cow<'static, [u8]>,
}

/// What a seat's page may load: its own files and its own WebSocket, and no other site may
/// frame it.
pub const PAGE_POLICY: &str = "default-src 'self'; connect-src 'self'; frame-ancestors 'none'";
/// What a card with its style in it may load: nothing else at all (it has no script).
pub const CARD_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
