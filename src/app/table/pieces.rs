//! The table's pieces: what a game laid on the table, the pieces that show an entity of the
//! flat view, and their clearing when the board goes flat.

use bevy::prelude::*;

/// A piece a game laid on the table (its board, a rack), taken away when the board goes flat.
#[derive(Component, Debug, Default)]
pub struct OnTable;

/// A piece of the table that shows an entity of the flat view (a tile, a mark): it follows
/// that entity's place each frame and goes when it goes.
#[derive(Component, Debug)]
#[relationship(relationship_target = TableLooks)]
pub struct Shows(pub Entity);

/// The pieces of the table that show this flat entity: it has its table look.
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = Shows, linked_spawn)]
pub struct TableLooks(Vec<Entity>);

/// Where a game's table puts its meshes and materials (absent in headless apps).
pub type TableAssets<'w> = (
    ResMut<'w, Assets<Mesh>>,
    ResMut<'w, Assets<StandardMaterial>>,
);

pub(crate) type TablePiece = Or<(With<OnTable>, With<Shows>)>;

/// Takes the table's pieces away when the board goes flat, so they cost nothing there.
pub(crate) fn clear_the_table(mut commands: Commands, pieces: Query<Entity, TablePiece>) {
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
}
