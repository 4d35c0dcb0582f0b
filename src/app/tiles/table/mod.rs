//! The tile game on the 3D table: a wooden tray with the squares printed on its floor, tiles
//! as wooden blocks with carved digits, the rack on the near side and the cloth bag.

mod art;
mod tray;

pub(crate) use tray::plugin;
