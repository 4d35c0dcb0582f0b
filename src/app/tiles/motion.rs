//! The tile game's movement: tiles glide between places and settle on squares, new tiles
//! come out of the bag, Spin Abaku's turned tiles flip over, and a submitted turn's examples
//! light up one by one while their points fly to the score.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::TILES;
use super::art::TilesArt;
use super::game::{TilesChange, TilesMatch};
use super::layout::TilesLayout;
use super::sounds::{TilesSounds, chime_rate};
use crate::app::audio::PlaySound;
use crate::app::base::board_text::{BoardText, BoardTextShadow};
use crate::app::base::easing::{AnimationTime, ease_out_back, ease_out_cubic};
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::table::decals::TableDecal;
use abakus_rules::abaku::Cell;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Cascade>()
        .init_resource::<ScoreSpots>()
        .add_systems(OnEnter(Screen::Game(TILES)), stop_cascade)
        .add_systems(
            Update,
            (start_cascade, run_cascade, glide, flip, wave, glow, fly)
                .chain()
                .in_set(AppSet::Present)
                .run_if(in_state(Screen::Game(TILES))),
        );
    frames::draw_while(app, tiles_moving);
}

/// Whatever on the tile board is on its way, turning, swelling, shining or flying.
type InMotion = Or<(With<Glide>, With<Flip>, With<Wave>, With<Glow>, With<Fly>)>;

/// A tile or a score in motion, or sums still to light up.
fn tiles_moving(cascade: Res<Cascade>, moving: Query<(), InMotion>) -> bool {
    cascade.busy() || !moving.is_empty()
}

/// A tile on its way from one place to another; it ends exactly at `to`.
#[derive(Component, Debug, Clone, Copy)]
pub struct Glide {
    pub from: Vec3,
    pub to: Vec3,
    /// Seconds to wait before setting off (tiles dealt from the bag go one after another).
    pub delay: f32,
    pub duration: f32,
    pub elapsed: f32,
    /// The size it starts at, as a share of its own.
    pub from_scale: f32,
    /// Lands with a small bounce, as a tile set down on a square.
    pub settle: bool,
}

impl Glide {
    /// A glide from `from` to `to`, taking longer for longer ways.
    #[must_use]
    pub fn between(from: Vec3, to: Vec3, square: f32) -> Self {
        let squares = from.truncate().distance(to.truncate()) / square.max(1.0);
        Self {
            from,
            to,
            delay: 0.0,
            duration: (0.12 + squares.sqrt() * 0.06).min(0.4),
            elapsed: 0.0,
            from_scale: 1.0,
            settle: false,
        }
    }

    #[must_use]
    pub fn settling(mut self) -> Self {
        self.settle = true;
        self
    }

    /// Whether it has arrived (then it is removed).
    #[must_use]
    pub fn done(&self) -> bool {
        self.elapsed >= self.delay + self.duration
    }
}

/// A tile turning over to its new colour, halfway through switching its digit's ink.
#[derive(Component, Debug, Clone, Copy)]
pub struct Flip {
    pub delay: f32,
    pub elapsed: f32,
    pub ink: Color,
}

pub(super) const FLIP_SECONDS: f32 = 0.5;

/// A tile rising and settling in a wave across the board: the game is won.
#[derive(Component, Debug, Clone, Copy)]
pub struct Wave {
    pub delay: f32,
    pub elapsed: f32,
}

pub(super) const WAVE_SECONDS: f32 = 0.6;

/// A square lighting up as its example is counted.
#[derive(Component, Debug, Clone, Copy)]
struct Glow {
    elapsed: f32,
}

const GLOW_SECONDS: f32 = 1.1;

/// Points on their way from an example to the player's score.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct Fly {
    pub(super) from: Vec2,
    pub(super) to: Vec2,
    elapsed: f32,
}

const FLY_SECONDS: f32 = 0.9;

/// Where each player's score is drawn in the window (window pixels, y down), so the points
/// of a turn fly there. The panels fill it every frame they draw.
#[derive(Resource, Debug, Default, Clone)]
pub struct ScoreSpots(pub Vec<Option<Vec2>>);

impl ScoreSpots {
    pub fn set(&mut self, player: usize, at: Vec2) {
        if self.0.len() <= player {
            self.0.resize(player + 1, None);
        }
        self.0[player] = Some(at);
    }
}

/// The examples of the turn just submitted, lit one after another.
#[derive(Resource, Debug, Default)]
pub struct Cascade {
    steps: VecDeque<Step>,
    player: usize,
    clock: f32,
    next_at: f32,
    gap: f32,
    ends_at: f32,
    running_total: i64,
}

#[derive(Debug, Clone)]
struct Step {
    cells: Vec<Cell>,
    points: i64,
}

/// Seconds between two examples lighting up, and the longest a whole cascade may take, so
/// that a turn of many examples does not keep the next player waiting.
const STEP_SECONDS: f32 = 0.45;
const LONGEST_SECONDS: f32 = 2.2;

impl Cascade {
    /// Whether a turn's examples are still being shown: the hand-over waits for them.
    #[must_use]
    pub fn busy(&self) -> bool {
        !self.steps.is_empty() || self.clock < self.ends_at
    }
}

fn stop_cascade(mut cascade: ResMut<Cascade>) {
    *cascade = Cascade::default();
}

fn start_cascade(
    mut changes: MessageReader<TilesChange>,
    game: Res<TilesMatch>,
    mut cascade: ResMut<Cascade>,
) {
    for change in changes.read() {
        match change {
            TilesChange::Submitted { player, .. } => {
                let Some(entry) = game.log().last() else {
                    continue;
                };
                let steps: VecDeque<Step> = entry
                    .examples
                    .iter()
                    .map(|example| Step {
                        cells: example.cells.clone(),
                        points: example.points,
                    })
                    .collect();
                let gap = STEP_SECONDS.min(LONGEST_SECONDS / steps.len().max(1) as f32);
                *cascade = Cascade {
                    ends_at: gap * steps.len() as f32 + 0.5,
                    steps,
                    player: *player,
                    clock: 0.0,
                    next_at: 0.15,
                    gap,
                    running_total: 0,
                };
            }
            // Anything that takes the turn back ends the show at once.
            TilesChange::Undone | TilesChange::Challenged { .. } => {
                *cascade = Cascade::default();
            }
            _ => {}
        }
    }
}

#[expect(
    clippy::too_many_arguments,
    reason = "the cascade lights squares, flies points and chimes"
)]
fn run_cascade(
    mut commands: Commands,
    time: AnimationTime,
    mut cascade: ResMut<Cascade>,
    layout: Res<TilesLayout>,
    art: Res<TilesArt>,
    spots: Res<ScoreSpots>,
    sounds: Option<Res<TilesSounds>>,
    mut play: MessageWriter<PlaySound>,
) {
    if !cascade.busy() {
        return;
    }
    cascade.clock += time.delta_secs();
    let gap = cascade.gap;
    while cascade.clock >= cascade.next_at
        && let Some(step) = cascade.steps.pop_front()
    {
        cascade.next_at += gap;
        cascade.running_total += step.points;
        for &cell in &step.cells {
            commands.spawn((
                Glow { elapsed: 0.0 },
                TableDecal(super::sprites::over_the_tiles(layout.square)),
                Sprite {
                    image: art.glow.clone(),
                    color: palette::ACCENT.to_bevy().with_alpha(0.0),
                    custom_size: Some(Vec2::splat(layout.square * 1.02)),
                    ..default()
                },
                Transform::from_translation(layout.world(cell).extend(Z_GLOW)),
                DespawnOnExit(Screen::Game(TILES)),
            ));
        }
        let centre = step
            .cells
            .iter()
            .map(|&cell| layout.world(cell))
            .sum::<Vec2>()
            / step.cells.len().max(1) as f32;
        let to = spots
            .0
            .get(cascade.player)
            .copied()
            .flatten()
            .map_or(centre + Vec2::Y * layout.square * 2.0, |spot| {
                layout.to_world(spot)
            });
        commands.spawn((
            Fly {
                from: centre,
                to,
                elapsed: 0.0,
            },
            BoardText::new(
                format!("{:+}", step.points),
                (layout.square * 0.95).clamp(20.0, 48.0),
                palette::ACCENT.to_bevy(),
            ),
            BoardTextShadow {
                offset: Vec2::new(2.0, -2.0),
                ink: palette::TABLE_EDGE.to_bevy(),
            },
            Transform::from_translation(centre.extend(Z_FLY)),
            DespawnOnExit(Screen::Game(TILES)),
        ));
        if let Some(sounds) = &sounds {
            play.write(PlaySound::new(&sounds.chime).at_rate(chime_rate(cascade.running_total)));
        }
    }
}

/// Above the tiles, below a tile in the hand.
const Z_GLOW: f32 = 4.0;
const Z_FLY: f32 = 8.0;

fn glide(
    mut commands: Commands,
    time: AnimationTime,
    mut tiles: Query<(Entity, &mut Glide, &mut Transform)>,
) {
    let dt = time.delta_secs();
    for (entity, mut glide, mut transform) in &mut tiles {
        glide.elapsed += dt;
        let t = ((glide.elapsed - glide.delay) / glide.duration).clamp(0.0, 1.0);
        let moved = ease_out_cubic(t);
        let mut at = glide.from.lerp(glide.to, moved);
        // On its way a tile passes over the others.
        if t < 1.0 {
            at.z = glide.to.z + 3.0;
        }
        transform.translation = at;
        let size = glide.from_scale + (1.0 - glide.from_scale) * moved;
        let bounce = if glide.settle {
            // Grows a little in the air and lands with a small overshoot.
            1.0 + 0.12 * (1.0 - ease_out_back(t))
        } else {
            1.0
        };
        transform.scale = Vec3::splat(size * bounce);
        if glide.done() {
            transform.translation = glide.to;
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Glide>();
        }
    }
}

fn flip(
    mut commands: Commands,
    time: AnimationTime,
    mut tiles: Query<(Entity, &mut Flip, &mut Transform, &Children)>,
    mut inks: Query<&mut BoardText>,
) {
    let dt = time.delta_secs();
    for (entity, mut flip, mut transform, children) in &mut tiles {
        flip.elapsed += dt;
        let t = ((flip.elapsed - flip.delay) / FLIP_SECONDS).clamp(0.0, 1.0);
        // Seen edge-on halfway, when the digit changes colour.
        transform.scale.x = (t * std::f32::consts::PI).cos().abs().max(0.02);
        if t >= 0.5 {
            for &child in children {
                if let Ok(mut text) = inks.get_mut(child) {
                    text.ink = flip.ink;
                }
            }
        }
        if t >= 1.0 {
            transform.scale.x = 1.0;
            commands.entity(entity).remove::<Flip>();
        }
    }
}

fn wave(
    mut commands: Commands,
    time: AnimationTime,
    mut tiles: Query<(Entity, &mut Wave, &mut Transform)>,
) {
    for (entity, mut wave, mut transform) in &mut tiles {
        wave.elapsed += time.delta_secs();
        if wave.elapsed < wave.delay {
            // Until its turn the tile is left alone: the last turn's flip may still be on.
            continue;
        }
        let t = ((wave.elapsed - wave.delay) / WAVE_SECONDS).clamp(0.0, 1.0);
        transform.scale = Vec3::splat(1.0 + 0.2 * (t * std::f32::consts::PI).sin());
        if t >= 1.0 {
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Wave>();
        }
    }
}

fn glow(
    mut commands: Commands,
    time: AnimationTime,
    mut glows: Query<(Entity, &mut Glow, &mut Sprite)>,
) {
    for (entity, mut glow, mut sprite) in &mut glows {
        glow.elapsed += time.delta_secs();
        let t = glow.elapsed / GLOW_SECONDS;
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        // Up quickly, down slowly.
        let alpha = if t < 0.15 {
            t / 0.15
        } else {
            1.0 - (t - 0.15) / 0.85
        };
        sprite.color = sprite.color.with_alpha(alpha * 0.85);
    }
}

fn fly(
    mut commands: Commands,
    time: AnimationTime,
    mut points: Query<(Entity, &mut Fly, &mut Transform, &mut BoardText)>,
) {
    for (entity, mut fly, mut transform, mut text) in &mut points {
        fly.elapsed += time.delta_secs();
        let t = fly.elapsed / FLY_SECONDS;
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        // A short rise over the example, then off to the score.
        let rise = Vec2::Y * 24.0 * ease_out_cubic(t / 0.3);
        let travel = ease_out_cubic(((t - 0.3) / 0.7).max(0.0)).powi(2);
        let at = fly.from.lerp(fly.to, travel) + rise * (1.0 - travel);
        transform.translation = at.extend(Z_FLY);
        transform.scale = Vec3::splat(1.0 - 0.4 * travel);
        let fade = 1.0 - ((t - 0.85) / 0.15).max(0.0);
        // The text's alpha fades its shadow with it.
        text.ink.set_alpha(fade);
    }
}
