//! Phones as seats of a game on the screen: the machine's addresses on its local networks,
//! where the window's server listens, and the QR code each seat's phone scans.

pub mod address;
pub mod listen;
pub mod qr;
