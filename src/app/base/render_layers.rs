//! The render layers: the flat board's (Bevy's default, 0), the 3D table's, and an empty one.

/// The render layer of everything on the 3D table.
pub const TABLE_LAYER: usize = 1;
/// A layer nothing is on: the flat camera looks at it while the table shows.
pub const NO_LAYER: usize = 2;
