//! Where the hex board sits in the window and how big its cells are, refitted when the window
//! or the interface size changes.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};
use hexx::{Hex, HexLayout};

use super::game::HexMatch;
use crate::app::base::board_room::BoardRoom;
use crate::app::base::settings::UiZoom;
use abakus_rules::hex::{Board, Cell};

/// Where the board sits in the window and how big its cells are, refitted on every resize.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    pub side: u8,
    /// Distance from a cell's centre to its corners, in logical pixels.
    pub hex_size: f32,
    pub centre: Vec2,
    pub window: Vec2,
}

impl BoardLayout {
    /// The largest board that fits between the side panels (drawn `zoom` times their size),
    /// with room for the cell names.
    #[must_use]
    pub fn fit(side: u8, window: Vec2, zoom: f32) -> Self {
        let rings = f32::from(side) - 1.0;
        let room = BoardRoom::of(window, zoom, Vec2::splat(24.0));
        let by_width = room.size.x / (3.0 * rings + 5.0);
        let by_height = room.size.y / (3f32.sqrt() * (2.0 * rings + 3.0));
        Self {
            side,
            hex_size: by_width.min(by_height).max(6.0),
            centre: Vec2::new(room.centre_x, 0.0),
            window,
        }
    }

    fn hexx(&self) -> HexLayout {
        let mut layout = HexLayout::flat()
            .with_hex_size(self.hex_size)
            .with_origin(self.centre);
        // Row 1 at the bottom, as on a printed board.
        layout.invert_y();
        layout
    }

    /// The centre of a cell, or of a place just off the board (for the cell names).
    #[must_use]
    pub fn world_at(&self, col: i32, row: i32) -> Vec2 {
        let centre = i32::from(self.side) - 1;
        self.hexx()
            .hex_to_world_pos(Hex::new(col - centre, centre - row))
    }

    #[must_use]
    pub fn world(&self, cell: Cell) -> Vec2 {
        self.world_at(i32::from(cell.col()), i32::from(cell.row()))
    }

    /// The cell under a point of the window, if the point is on the board.
    #[must_use]
    pub fn cell_at(&self, board: &Board, world: Vec2) -> Option<Cell> {
        board.cell_at_hex(self.hexx().world_pos_to_hex(world))
    }

    pub(super) fn cell_size(&self) -> Vec2 {
        Vec2::new(2.0 * self.hex_size, 3f32.sqrt() * self.hex_size) * 0.95
    }

    pub(super) fn stone_diameter(&self) -> f32 {
        self.hex_size * 1.52
    }

    /// How tall a stone stands on the 3D table: a Go stone's share of its diameter.
    pub(super) fn stone_height(&self) -> f32 {
        self.stone_diameter() * 0.36
    }

    pub(super) fn board_size(&self) -> f32 {
        let rings = f32::from(self.side) - 1.0;
        let apothem = (1.5 * rings + 1.5) * self.hex_size;
        2.0 * apothem / 0.86
    }
}

/// The window's size in logical pixels.
pub(super) fn window_size(window: &Window) -> Vec2 {
    Vec2::new(window.width(), window.height())
}

pub(super) fn fit_layout(
    mut resized: MessageReader<WindowResized>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    game: Res<HexMatch>,
    mut layout: ResMut<BoardLayout>,
    zoom: Option<Res<UiZoom>>,
) {
    let was_resized = resized.read().last().is_some();
    let rescaled = zoom.as_ref().is_some_and(|zoom| zoom.is_changed());
    let side = game.position().side();
    if !was_resized && !rescaled && layout.side == side {
        return;
    }
    let size = window.map_or(layout.window, |w| window_size(&w));
    let fitted = BoardLayout::fit(side, size, zoom.map_or(1.0, |z| z.0));
    if *layout != fitted {
        *layout = fitted;
    }
}
