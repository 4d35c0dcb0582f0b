//! The order of work in a frame, which every system of the app is placed in.

use bevy::prelude::*;

/// The order of work in a frame: read input, apply the rules, then show the result; the
/// egui panels are drawn afterwards, in their own schedule.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSet {
    Input,
    Rules,
    Present,
    Panels,
}
