//! How the hex game's stones move: a stone drops onto its cell, slides along its line, shakes
//! at a refused move, vanishes when taken back, and the winner's stones ripple at the end.

use bevy::prelude::*;

use super::art::STONE_IMAGE_MARGIN;
use super::game::HexChange;
use super::layout::BoardLayout;
use super::sprites::{BoardSystems, StoneEntities, StoneSprite, Z_STONE};
use crate::app::base::easing::{AnimationTime, ease_out_back, ease_out_cubic};
use crate::app::base::frames;
use abakus_rules::hex::Cell;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            react_to_changes.in_set(BoardSystems::Changes),
            animate_stones.in_set(BoardSystems::Motion),
        ),
    );
    frames::draw_while(app, any_with_component::<Motion>);
}

/// A stone's current animation; without one, a stone rests on its cell.
#[derive(Component, Debug, Clone, Copy)]
pub(super) enum Motion {
    Drop {
        elapsed: f32,
    },
    Slide {
        from: Cell,
        elapsed: f32,
        duration: f32,
    },
    Shake {
        elapsed: f32,
    },
    Vanish {
        elapsed: f32,
    },
    Celebrate {
        delay: f32,
        elapsed: f32,
    },
}

pub(super) const DROP_SECONDS: f32 = 0.22;
const SHAKE_SECONDS: f32 = 0.28;
const VANISH_SECONDS: f32 = 0.15;
pub(super) const CELEBRATE_SECONDS: f32 = 0.3;

#[derive(Component)]
pub(super) struct VanishingStone;

type ShownStone = Or<(With<StoneSprite>, With<VanishingStone>)>;

/// Starts the motions the changes ask for: a refused move shakes its stone, the end ripples
/// over the winner's stones.
fn react_to_changes(
    mut commands: Commands,
    mut changes: MessageReader<HexChange>,
    stones: Res<StoneEntities>,
    sprites: Query<&StoneSprite>,
) {
    for change in changes.read() {
        match change {
            HexChange::Refused { stone: Some(cell) } => {
                if let Some(&entity) = stones.0.get(cell) {
                    commands
                        .entity(entity)
                        .insert(Motion::Shake { elapsed: 0.0 });
                }
            }
            HexChange::Finished(outcome) => {
                // A wave over the winner's stones, from the bottom-left corner outwards.
                for (&cell, &entity) in &stones.0 {
                    if sprites.get(entity).is_ok_and(|s| s.color == outcome.winner) {
                        let delay = 0.35 + 0.03 * f32::from(cell.col() + cell.row());
                        commands.entity(entity).insert(Motion::Celebrate {
                            delay,
                            elapsed: 0.0,
                        });
                    }
                }
            }
            _ => {}
        }
    }
}

type StoneParts<'a> = (
    Entity,
    Option<&'a StoneSprite>,
    Option<&'a mut Motion>,
    &'a mut Transform,
    &'a mut Sprite,
);

/// Moves every stone towards where the position says it is.
fn animate_stones(
    mut commands: Commands,
    time: AnimationTime,
    layout: Res<BoardLayout>,
    mut stones: Query<StoneParts, ShownStone>,
) {
    let dt = time.delta_secs();
    let diameter = layout.stone_diameter() * STONE_IMAGE_MARGIN;
    for (entity, stone, motion, mut transform, mut sprite) in &mut stones {
        // Written only when different, so resting stones cost the renderer nothing.
        if sprite.custom_size != Some(Vec2::splat(diameter)) {
            sprite.custom_size = Some(Vec2::splat(diameter));
        }
        let rest = stone.map(|s| layout.world(s.cell));
        let Some(mut motion) = motion else {
            if let Some(rest) = rest {
                transform.set_if_neq(Transform::from_translation(rest.extend(Z_STONE)));
            }
            continue;
        };
        let mut done = false;
        let base = rest.unwrap_or(transform.translation.truncate());
        let mut at = base;
        let mut scale = 1.0;
        let mut alpha = 1.0;
        let mut lift = 0.0;
        match &mut *motion {
            Motion::Drop { elapsed } => {
                *elapsed += dt;
                let t = *elapsed / DROP_SECONDS;
                scale = 1.3 - 0.3 * ease_out_back(t);
                alpha = (t / 0.4).min(1.0);
                lift = 0.2;
                done = t >= 1.0;
            }
            Motion::Slide {
                from,
                elapsed,
                duration,
            } => {
                *elapsed += dt;
                let t = ease_out_cubic(*elapsed / *duration);
                at = layout.world(*from).lerp(base, t);
                lift = 0.3;
                done = *elapsed >= *duration;
            }
            Motion::Shake { elapsed } => {
                *elapsed += dt;
                let t = *elapsed / SHAKE_SECONDS;
                let offset = (t * 28.0).sin() * layout.hex_size * 0.14 * (1.0 - t).max(0.0);
                at.x += offset;
                done = t >= 1.0;
            }
            Motion::Vanish { elapsed } => {
                *elapsed += dt;
                let t = *elapsed / VANISH_SECONDS;
                scale = 1.0 - 0.4 * t;
                alpha = 1.0 - t;
                if t >= 1.0 {
                    commands.entity(entity).despawn();
                    continue;
                }
            }
            Motion::Celebrate { delay, elapsed } => {
                *elapsed += dt;
                let t = ((*elapsed - *delay) / CELEBRATE_SECONDS).max(0.0);
                scale = 1.0 + 0.18 * (t.min(1.0) * std::f32::consts::PI).sin();
                lift = 0.2;
                done = t >= 1.0;
            }
        }
        transform.translation = at.extend(Z_STONE + lift);
        transform.scale = Vec3::splat(scale);
        sprite.color = sprite.color.with_alpha(alpha.clamp(0.0, 1.0));
        if done {
            transform.translation = base.extend(Z_STONE);
            transform.scale = Vec3::ONE;
            sprite.color = sprite.color.with_alpha(1.0);
            commands.entity(entity).remove::<Motion>();
        }
    }
}
