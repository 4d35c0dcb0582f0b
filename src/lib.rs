//! Abakus: the hex stone game and the arithmetic tile game in one window, and their command line.

pub mod app;
pub mod cli;
