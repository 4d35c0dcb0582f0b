//! The tile game on the 3D table: a wooden tray with the squares printed on its floor, tiles
//! as wooden blocks with carved digits, the rack on the near side and the cloth bag.
//!
//! As the hex game's table, it dresses the flat view's entities: each tile gets a block that
//! follows it (`Shows`), so the turn flow, the animations and the picking serve both views,
//! and no rack is ever drawn that the flat view does not draw.

mod art;
mod blocks;
mod plugin;
mod points;
mod tray;

pub(crate) use plugin::plugin;
