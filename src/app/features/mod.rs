//! The features every game shares, naming no game: the match's life and whose it is, attract
//! and kiosk, lessons, saved games, phones as seats, the review and its practice, the shared
//! screens, scripts.

pub mod attract;
pub mod booth_controls;
pub mod booth_day;
pub mod host_online;
pub mod joining;
pub mod lifecycle;
pub mod online;
pub mod ownership;
pub mod phones;
pub mod practice;
pub mod records;
pub mod review;
pub(crate) mod review_card;
pub mod screens;
pub(crate) mod script;
pub mod tutorial;
