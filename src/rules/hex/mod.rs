//! The hex stone game Abakus: board geometry, positions, moves and their notation.
