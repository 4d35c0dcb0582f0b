//! What marks the tile game's sprites: their components, their depths, and the order the
//! board's systems draw them in each frame.

use bevy::prelude::*;

use abakus_rules::abaku::Cell;

/// The board's work in a frame, in order: the squares where the layout puts them, the tiles
/// on them and the rack, then the outlines and the cursor over them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum BoardSystems {
    Squares,
    Pieces,
    Marks,
}

#[derive(Component, Debug, Clone, Copy)]
pub struct BoardSquare(pub Cell);

/// A tile on the rack, by its slot in the turn's rack.
#[derive(Component, Debug, Clone, Copy)]
pub struct RackTile(pub usize);

/// A tile laid this turn, still movable.
#[derive(Component, Debug, Clone, Copy)]
pub struct TentativeTile(pub Cell);

/// A submitted tile on the board.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardTile;

/// A tile being dragged: where the pointer holds it.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct Dragged {
    pub(super) at: Vec2,
}

/// How far from the camera each kind of sprite sits: the board's body under its squares,
/// outlines over them, tiles over those, the rack over the board's edge, a tile in the hand
/// over everything.
pub(super) const Z_BODY: f32 = -5.0;
pub(super) const Z_SQUARE: f32 = 0.0;
pub(super) const Z_MARK: f32 = 1.0;
pub(super) const Z_TILE: f32 = 2.0;
pub(super) const Z_RACK: f32 = 3.0;
pub(super) const Z_DRAGGED: f32 = 6.0;

/// A tile's thickness on the 3D table, as a share of its side.
pub(super) const TILE_DEPTH: f32 = 0.3;

/// The height on the 3D table of a mark laid on the tray's floor, for a square of `square`
/// pixels.
#[must_use]
pub(super) fn on_the_floor(square: f32) -> f32 {
    square * 0.015
}

/// The height on the 3D table of a mark laid over the tiles on the board (the glow of a
/// counted sum, the keyboard's cursor).
#[must_use]
pub(super) fn over_the_tiles(square: f32) -> f32 {
    square * (0.9 * TILE_DEPTH + 0.02)
}
