//! Abakus: the hex stone game and the arithmetic tile game, their rules, command line and app.

pub mod cli;
pub mod rules;

#[cfg(feature = "app")]
pub mod app;
