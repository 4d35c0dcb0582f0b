//! Where the tile game's board and rack sit in the window, refitted when the window or the
//! interface size changes.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};

use super::game::TilesMatch;
use crate::app::base::board_room::BoardRoom;
use crate::app::base::settings::UiZoom;
use abakus_rules::abaku::Cell;

/// Where the board and the rack sit in the window, refitted on every resize.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct TilesLayout {
    pub columns: u8,
    pub rows: u8,
    /// A square's side in logical pixels.
    pub square: f32,
    /// The centre of the board.
    pub centre: Vec2,
    pub window: Vec2,
}

impl TilesLayout {
    /// The largest board that fits between the side panels (drawn `zoom` times their size),
    /// with its labels and the rack below it.
    #[must_use]
    pub fn fit(columns: u8, rows: u8, window: Vec2, zoom: f32) -> Self {
        let room = BoardRoom::of(window, zoom, Vec2::new(24.0, 20.0));
        // One square's room for the labels, and the rack below takes 1.9 squares.
        let by_width = room.size.x / (f32::from(columns) + 1.0);
        let by_height = room.size.y / (f32::from(rows) + 1.0 + 1.9);
        let square = by_width.min(by_height).max(8.0);
        let board_height = (f32::from(rows) + 1.0) * square;
        let top = window.y / 2.0 - 10.0;
        Self {
            columns,
            rows,
            square,
            centre: Vec2::new(room.centre_x, top - board_height / 2.0),
            window,
        }
    }

    /// The centre of a square, or of a place just off the board (for the labels).
    #[must_use]
    pub fn world_at(&self, col: f32, row: f32) -> Vec2 {
        let x = self.centre.x + (col - (f32::from(self.columns) - 1.0) / 2.0) * self.square;
        let y = self.centre.y - (row - (f32::from(self.rows) - 1.0) / 2.0) * self.square;
        Vec2::new(x, y)
    }

    #[must_use]
    pub fn world(&self, cell: Cell) -> Vec2 {
        self.world_at(f32::from(cell.col), f32::from(cell.row))
    }

    /// The square under a point of the window, if any.
    #[must_use]
    pub fn cell_at(&self, world: Vec2) -> Option<Cell> {
        let first = self.world_at(0.0, 0.0);
        let col = ((world.x - first.x) / self.square + 0.5).floor();
        let row = ((first.y - world.y) / self.square + 0.5).floor();
        let inside = (0.0..f32::from(self.columns)).contains(&col)
            && (0.0..f32::from(self.rows)).contains(&row);
        inside.then(|| Cell::new(col as u8, row as u8))
    }

    /// The centre of the `index`th of `count` places on the rack, below the board.
    #[must_use]
    pub fn rack_place(&self, index: usize, count: usize) -> Vec2 {
        let y = self.world_at(0.0, f32::from(self.rows) + 0.55).y - self.square * 0.25;
        let spacing = self.rack_tile() * 1.12;
        let x = self.centre.x + (index as f32 - (count as f32 - 1.0) / 2.0) * spacing;
        Vec2::new(x, y)
    }

    /// Where the bag sits: beside the rack, at the board's right edge.
    #[must_use]
    pub fn bag_place(&self) -> Vec2 {
        let x = self.world_at(f32::from(self.columns) - 1.7, 0.0).x;
        Vec2::new(x, self.rack_place(0, 1).y)
    }

    /// The bag's side: a little larger than a rack tile.
    #[must_use]
    pub fn bag_size(&self) -> f32 {
        self.square * 1.9
    }

    /// A rack tile is larger than a square: it is held in the hand.
    #[must_use]
    pub fn rack_tile(&self) -> f32 {
        self.square * 1.35
    }

    /// Window coordinates (origin top left, y down) to world coordinates.
    #[must_use]
    pub fn to_world(&self, window: Vec2) -> Vec2 {
        Vec2::new(
            window.x - self.window.x / 2.0,
            self.window.y / 2.0 - window.y,
        )
    }
}

pub(super) fn window_size(window: Option<Single<&Window, With<PrimaryWindow>>>) -> Vec2 {
    window.map_or(Vec2::new(1280.0, 720.0), |w| {
        Vec2::new(w.width(), w.height())
    })
}

pub(super) fn fit_layout(
    mut resized: MessageReader<WindowResized>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    game: Res<TilesMatch>,
    mut layout: ResMut<TilesLayout>,
    zoom: Option<Res<UiZoom>>,
) {
    let rescaled = zoom.as_ref().is_some_and(|zoom| zoom.is_changed());
    if resized.read().last().is_none() && !rescaled {
        return;
    }
    let board = game.position().layout();
    let fitted = TilesLayout::fit(
        board.width() as u8,
        board.height() as u8,
        window_size(window),
        zoom.map_or(1.0, |z| z.0),
    );
    if *layout != fitted {
        *layout = fitted;
    }
}
