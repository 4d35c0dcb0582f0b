//! The rules of both games, tested through the crate's public surface: worked cases from the
//! rule texts, data-file fixtures, property tests over random games, a second simple hex
//! implementation to cross-check the fast one, and the computer players.

mod abaku_props;
mod abaku_robustness;
mod abaku_rules;
mod hex_ai;
mod hex_perft;
mod hex_properties;
mod hex_rules;
mod simple_hex;
