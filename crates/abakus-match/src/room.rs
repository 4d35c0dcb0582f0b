//! Who may play a seat from afar: each seat's address token, spent by the first device that
//! opens it, and the secret that device keeps to come back; the same for a phone at the
//! window's table and a page on a server.

mod keys;
mod seats;

pub use keys::Key;
pub use seats::{Refusal, SeatKeys, Seats};
