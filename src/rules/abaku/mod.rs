//! The arithmetic tile game Abaku: examples, placements, scoring, joker and variants.
