//! Who may play a seat from afar: each seat's address token, spent by the first device that
//! opens it, and the secret that device keeps to come back; the same for a phone at the
//! window's table and a page on a server.

mod keys;
mod seats;

pub use keys::{Key, read_code};
pub use seats::{Refusal, SeatKeys, Seats};

/// Who looks at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// The player of this seat, who sees their own hidden pieces.
    Seat(usize),
    /// Someone watching, who sees nothing hidden until the game ends.
    Watcher,
}

impl Viewer {
    /// The viewer's seat; `None` for a watcher.
    #[must_use]
    pub fn seat(self) -> Option<usize> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Watcher => None,
        }
    }
}

/// Why a page's message changes nothing; the page is told with this code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageError {
    /// Not a message of the page: broken JSON, an unknown intent, a missing field.
    Unreadable,
    /// A message numbered no higher than one already taken.
    Replayed,
    /// Another seat's turn, or a moment of the game that takes no such intent.
    NotYourTurn,
    /// A square that is not on this board.
    NoSuchSquare,
}

impl MessageError {
    /// The word the page reads to say why.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            MessageError::Unreadable => "unreadable",
            MessageError::Replayed => "replayed",
            MessageError::NotYourTurn => "not-your-turn",
            MessageError::NoSuchSquare => "no-such-square",
        }
    }
}
