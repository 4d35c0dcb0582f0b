//! The 3D table: the board's two looks, flat or on a table, and the table's meshes.

pub mod mesh;
pub mod view;
