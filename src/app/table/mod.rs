//! The 3D table: the board's two looks, flat or on a table, and the table's meshes.

pub(crate) mod camera;
pub(crate) mod decals;
pub(crate) mod mesh;
pub mod pieces;
pub(crate) mod plugin;
pub mod view;
