//! What the flat view draws that the table lays flat: its marks as decals at their height,
//! and its words painted by egui where the table's camera sees their place.

use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::camera::{TableCamera, TableShot};
use super::pieces::{Shows, TableAssets, TableLooks};
use super::view::ShownView;
use crate::app::base::board_text::BoardText;
use crate::app::base::render_layers::TABLE_LAYER;

/// A flat sprite (an outline, a glow) that the table shows as a picture laid flat `height`
/// above the table's plane, in the sprite's colour as it changes.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct TableDecal(pub f32);

pub(crate) type UndressedDecal = (With<TableDecal>, Without<TableLooks>);

/// A flat sprite's picture as the table lays it: in the sprite's colour, unlit (a mark is
/// painted light, not wood), see-through where the picture is.
#[must_use]
pub fn decal_material(sprite: &Sprite) -> StandardMaterial {
    StandardMaterial {
        base_color: sprite.color,
        base_color_texture: Some(sprite.image.clone()),
        unlit: true,
        alpha_mode: AlphaMode::Blend,
        ..default()
    }
}

/// The decal's material, kept in the sprite's colour.
#[derive(Component)]
pub(crate) struct DecalOf;

pub(crate) fn dress_decals(
    mut commands: Commands,
    decals: Query<(Entity, &Sprite), UndressedDecal>,
    assets: Option<TableAssets>,
    mut quad: Local<Option<Handle<Mesh>>>,
) {
    // Headless apps have no meshes to draw.
    let Some((mut meshes, mut materials)) = assets else {
        return;
    };
    let quad = quad.get_or_insert_with(|| meshes.add(Rectangle::new(1.0, 1.0)));
    for (entity, sprite) in &decals {
        let material = materials.add(decal_material(sprite));
        commands.spawn((
            Name::new("Table decal"),
            DecalOf,
            Shows(entity),
            Mesh3d(quad.clone()),
            MeshMaterial3d(material),
            Transform::default(),
            Visibility::Hidden,
            RenderLayers::layer(TABLE_LAYER),
        ));
    }
}

pub(crate) type DecalSource<'a> = (
    &'a TableDecal,
    &'a Sprite,
    Ref<'a, Sprite>,
    &'a GlobalTransform,
    &'a InheritedVisibility,
);

/// Lays each decal where its sprite is, at its height, in its colour, shown when it is.
pub(crate) fn lay_decals(
    sources: Query<DecalSource>,
    mut decals: Query<
        (
            &Shows,
            &mut Transform,
            &mut Visibility,
            &MeshMaterial3d<StandardMaterial>,
        ),
        With<DecalOf>,
    >,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let Some(mut materials) = materials else {
        return;
    };
    for (shows, mut transform, mut visibility, material) in &mut decals {
        let Ok((height, sprite, changed, place, shown)) = sources.get(shows.0) else {
            continue;
        };
        let (scale, _, at) = place.to_scale_rotation_translation();
        let size = sprite.custom_size.unwrap_or(Vec2::ONE) * scale.truncate();
        let wanted = Transform::from_translation(at.truncate().extend(height.0))
            .with_scale(size.extend(1.0));
        transform.set_if_neq(wanted);
        visibility.set_if_neq(if shown.get() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if changed.is_changed()
            && let Some(mut look) = materials.get_mut(&material.0)
            && look.base_color != sprite.color
        {
            look.base_color = sprite.color;
        }
    }
}

/// A word or number of the flat view (a [`BoardText`]) that the table shows too, at this height
/// above the table's plane: egui paints it where the table's camera sees that place, at the
/// size it would have there.
#[derive(Component, Debug, Default)]
pub struct TableLabel(pub f32);

/// How far from its flat place the table shows a label, where the table's pieces stand
/// apart from the flat view's (a rack in front of the tray's rim, say).
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct TableLabelShift(pub Vec2);

pub(crate) type LabelParts<'a> = (
    &'a TableLabel,
    &'a BoardText,
    &'a GlobalTransform,
    &'a InheritedVisibility,
    Option<&'a TableLabelShift>,
);

pub(crate) fn paint_table_labels(
    mut contexts: EguiContexts,
    shown: Res<ShownView>,
    shot: Res<TableShot>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    labels: Query<LabelParts>,
) -> Result {
    if !shown.on_table {
        return Ok(());
    }
    let Ok((camera, eye)) = camera.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let to_points = |px: Vec2| egui::pos2(px.x / zoom, px.y / zoom);
    // Only between the panels: a label never lies over them.
    let room = egui::Rect::from_min_max(to_points(shot.room.min), to_points(shot.room.max));
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("table-labels"),
        ))
        .with_clip_rect(room.expand(12.0));
    for (height, text, place, visible, shift) in &labels {
        let size = text.size;
        if !visible.get() {
            continue;
        }
        let shift = shift.map_or(Vec2::ZERO, |shift| shift.0);
        let at = (place.translation().truncate() + shift).extend(height.0);
        let (Ok(centre), Ok(beside)) = (
            camera.world_to_viewport(eye, at),
            camera.world_to_viewport(eye, at + eye.right() * size),
        ) else {
            continue;
        };
        let [r, g, b, a] = text.ink.to_srgba().to_u8_array();
        painter.text(
            to_points(centre),
            egui::Align2::CENTER_CENTER,
            &text.text,
            egui::FontId::proportional(centre.distance(beside) / zoom),
            egui::Color32::from_rgba_unmultiplied(r, g, b, a),
        );
    }
    Ok(())
}
