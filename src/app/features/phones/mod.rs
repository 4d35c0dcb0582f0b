//! Phones as seats of a game on the screen: the machine's addresses on its local networks, and
//! the QR code each seat's phone scans.

pub mod address;
pub mod qr;
