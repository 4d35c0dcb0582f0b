//! What marks the hex board's sprites: the cells and stones by their cell, their depths, and
//! the order the board's systems run in each frame.

use std::collections::HashMap;

use bevy::prelude::*;

use abakus_rules::hex::{Cell, Color};

/// The board's work in a frame, in order: the board where the layout puts it and the stones
/// matching the position, the animations the changes start, the marks over the board, the
/// stones' movements, and the cell names.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum BoardSystems {
    Pieces,
    Changes,
    Marks,
    Motion,
    Labels,
}

/// Which entity shows each cell.
#[derive(Resource, Debug, Default)]
pub struct CellEntities(pub HashMap<Cell, Entity>);

/// Which entity shows the stone on each cell: the mirror of the rules position.
#[derive(Resource, Debug, Default)]
pub struct StoneEntities(pub HashMap<Cell, Entity>);

/// The cell under the pointer, for the hover highlight.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HoveredCell(pub Option<Cell>);

/// The entity that stands for one cell: drawn as part of the board's image, picked by the
/// grid's geometry (`board::pick_cells`), and the target of the cell's clicks and hover.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardCell(pub Cell);

#[derive(Component, Debug, Clone, Copy)]
pub struct StoneSprite {
    pub cell: Cell,
    pub color: Color,
}

#[derive(Component)]
pub struct BoardBody;

/// How far from the camera each kind of sprite sits.
pub(super) const Z_BOARD: f32 = -5.0;
pub(super) const Z_CELL: f32 = 0.0;
pub(super) const Z_LABEL: f32 = 0.5;
pub(super) const Z_HOVER: f32 = 1.0;
pub(super) const Z_GROUP: f32 = 1.5;
pub(super) const Z_TARGET: f32 = 2.0;
pub(super) const Z_STONE: f32 = 3.0;
pub(super) const Z_LAST: f32 = 4.0;
pub(super) const Z_BADGE: f32 = 5.0;
