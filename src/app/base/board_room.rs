//! The side panels' widths and the room they leave a game's board: geometry only, which the
//! panels, the theme's zoom and every board's layout read.

use bevy::math::Vec2;

pub const LEFT_PANEL_WIDTH: f32 = 262.0;
pub const RIGHT_PANEL_WIDTH: f32 = 236.0;

/// The part of the window between the side panels, in world units (origin at the window's
/// centre): where a game fits its board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardRoom {
    /// The room's width and height, less `margin` all round, never under 80 points.
    pub size: Vec2,
    /// The room's centre across: the panels differ in width, so it is off the window's centre.
    pub centre_x: f32,
}

impl BoardRoom {
    /// The room in a window of this size with the panels drawn `zoom` times their size.
    #[must_use]
    pub fn of(window: Vec2, zoom: f32, margin: Vec2) -> Self {
        let left = LEFT_PANEL_WIDTH * zoom;
        let right = RIGHT_PANEL_WIDTH * zoom;
        Self {
            size: Vec2::new(
                (window.x - left - right - margin.x).max(80.0),
                (window.y - margin.y).max(80.0),
            ),
            centre_x: (left - right) / 2.0,
        }
    }
}
