//! The board on screen: cell and stone sprites that mirror the rules position, and their motion.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};
use hexx::{Hex, HexLayout};

use super::HEX;
use super::art::{HexArt, STONE_IMAGE_MARGIN};
use super::game::{HexChange, HexMatch, Notice, Selection};
use crate::app::AppSet;
use crate::app::easing::{AnimationTime, ease_out_back, ease_out_cubic};
use crate::app::game_screen::BoardRoom;
use crate::app::navigation::Screen;
use crate::app::palette::{self, Rgba};
use crate::app::settings::{Settings, UiZoom};
use abakus_rules::hex::{Board, Cell, Color, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CellEntities>()
        .init_resource::<StoneEntities>()
        .init_resource::<HoveredCell>()
        // After the match is in place: Continue from a fresh start inserts it on entering.
        .add_systems(
            OnEnter(Screen::Game(HEX)),
            spawn_board.after(super::game::start_match_if_none),
        )
        .add_systems(OnExit(Screen::Game(HEX)), forget_entities)
        .add_systems(
            Update,
            (
                fit_layout,
                place_board_pieces,
                sync_stones,
                react_to_changes,
                show_marks,
                breathe_hint,
                show_hover,
                animate_stones,
                show_labels,
            )
                .chain()
                .in_set(AppSet::Present)
                .run_if(in_state(Screen::Game(HEX))),
        );
}

/// Where the board sits in the window and how big its cells are, refitted on every resize.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    pub side: u8,
    /// Distance from a cell's centre to its corners, in logical pixels.
    pub hex_size: f32,
    pub centre: Vec2,
    pub window: Vec2,
}

impl BoardLayout {
    /// The largest board that fits between the side panels (drawn `zoom` times their size),
    /// with room for the cell names.
    #[must_use]
    pub fn fit(side: u8, window: Vec2, zoom: f32) -> Self {
        let rings = f32::from(side) - 1.0;
        let room = BoardRoom::of(window, zoom, Vec2::splat(24.0));
        let by_width = room.size.x / (3.0 * rings + 5.0);
        let by_height = room.size.y / (3f32.sqrt() * (2.0 * rings + 3.0));
        Self {
            side,
            hex_size: by_width.min(by_height).max(6.0),
            centre: Vec2::new(room.centre_x, 0.0),
            window,
        }
    }

    fn hexx(&self) -> HexLayout {
        let mut layout = HexLayout::flat()
            .with_hex_size(self.hex_size)
            .with_origin(self.centre);
        // Row 1 at the bottom, as on a printed board.
        layout.invert_y();
        layout
    }

    /// The centre of a cell, or of a place just off the board (for the cell names).
    #[must_use]
    pub fn world_at(&self, col: i32, row: i32) -> Vec2 {
        let centre = i32::from(self.side) - 1;
        self.hexx()
            .hex_to_world_pos(Hex::new(col - centre, centre - row))
    }

    #[must_use]
    pub fn world(&self, cell: Cell) -> Vec2 {
        self.world_at(i32::from(cell.col()), i32::from(cell.row()))
    }

    /// The cell under a point of the window, if the point is on the board.
    #[must_use]
    pub fn cell_at(&self, board: &Board, world: Vec2) -> Option<Cell> {
        board.cell_at_hex(self.hexx().world_pos_to_hex(world))
    }

    fn cell_size(&self) -> Vec2 {
        Vec2::new(2.0 * self.hex_size, 3f32.sqrt() * self.hex_size) * 0.95
    }

    fn stone_diameter(&self) -> f32 {
        self.hex_size * 1.52
    }

    fn board_size(&self) -> f32 {
        let rings = f32::from(self.side) - 1.0;
        let apothem = (1.5 * rings + 1.5) * self.hex_size;
        2.0 * apothem / 0.86
    }
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

#[derive(Component, Debug, Clone, Copy)]
pub struct CellSprite(pub Cell);

#[derive(Component, Debug, Clone, Copy)]
pub struct StoneSprite {
    pub cell: Cell,
    pub color: Color,
}

/// Marks on the board rebuilt whenever the match changes: selection, targets, last move.
#[derive(Component)]
struct Mark {
    cell: Cell,
    kind: MarkKind,
}

#[derive(Clone, Copy, PartialEq)]
enum MarkKind {
    Group,
    Target,
    LastMove,
    SlideOrigin,
    /// Where the Hint's move lands, breathing so the eye finds it.
    Hint,
    /// A faint stone of the colour to move on the hint's cell.
    HintStone,
}

#[derive(Component)]
struct GroupBadge;

#[derive(Component)]
struct HoverMark;

#[derive(Component)]
pub struct BoardBody;

#[derive(Component)]
struct CellLabel {
    col: i32,
    row: i32,
}

/// A stone's current animation; without one, a stone rests on its cell.
#[derive(Component, Debug, Clone, Copy)]
enum Motion {
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

const DROP_SECONDS: f32 = 0.22;
const SHAKE_SECONDS: f32 = 0.28;
const VANISH_SECONDS: f32 = 0.15;
const CELEBRATE_SECONDS: f32 = 0.3;

const Z_BOARD: f32 = -5.0;
const Z_CELL: f32 = 0.0;
const Z_LABEL: f32 = 0.5;
const Z_HOVER: f32 = 1.0;
const Z_GROUP: f32 = 1.5;
const Z_TARGET: f32 = 2.0;
const Z_STONE: f32 = 3.0;
const Z_LAST: f32 = 4.0;
const Z_BADGE: f32 = 5.0;

fn window_size(window: &Window) -> Vec2 {
    Vec2::new(window.width(), window.height())
}

fn spawn_board(
    mut commands: Commands,
    game: Res<HexMatch>,
    art: Res<HexArt>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut cells: ResMut<CellEntities>,
    mut stones: ResMut<StoneEntities>,
    zoom: Option<Res<UiZoom>>,
) {
    let size = window.map_or(Vec2::new(1280.0, 720.0), |w| window_size(&w));
    let layout = BoardLayout::fit(game.position.side(), size, zoom.map_or(1.0, |z| z.0));
    commands.insert_resource(layout);
    cells.0.clear();
    stones.0.clear();

    commands.spawn((
        Name::new("Board"),
        BoardBody,
        Sprite::from_image(art.board.clone()),
        Transform::from_xyz(layout.centre.x, layout.centre.y, Z_BOARD),
        Pickable::default(),
        DespawnOnExit(Screen::Game(HEX)),
    ));
    let board = game.position.board();
    for &cell in board.cells() {
        let entity = commands
            .spawn((
                Name::new(format!("Cell {cell}")),
                CellSprite(cell),
                Sprite::from_image(art.cell.clone()),
                Transform::from_translation(layout.world(cell).extend(Z_CELL)),
                Pickable::default(),
                DespawnOnExit(Screen::Game(HEX)),
            ))
            .id();
        cells.0.insert(cell, entity);
    }
    let n = i32::from(board.side());
    let last = 2 * n - 2;
    let mut labels = Vec::new();
    for col in 0..=last {
        labels.push((
            col,
            (col - (n - 1)).max(0) - 1,
            format!("{}", (b'A' + col as u8) as char),
        ));
    }
    for row in 0..=last {
        labels.push(((row - (n - 1)).max(0) - 1, row, format!("{}", row + 1)));
    }
    for (col, row, text) in labels {
        commands.spawn((
            Name::new(format!("Label {text}")),
            CellLabel { col, row },
            Text2d::new(text),
            TextFont {
                font_size: FontSize::Px(16.0),
                ..default()
            },
            TextColor(palette::LABEL.to_bevy()),
            Transform::from_translation(layout.world_at(col, row).extend(Z_LABEL)),
            DespawnOnExit(Screen::Game(HEX)),
        ));
    }
    commands.spawn((
        Name::new("Hover"),
        HoverMark,
        Sprite {
            image: art.cell_outline.clone(),
            color: palette::HOVER.to_bevy(),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_HOVER),
        Visibility::Hidden,
        DespawnOnExit(Screen::Game(HEX)),
    ));
}

fn forget_entities(mut cells: ResMut<CellEntities>, mut stones: ResMut<StoneEntities>) {
    cells.0.clear();
    stones.0.clear();
}

fn fit_layout(
    mut resized: MessageReader<WindowResized>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    game: Res<HexMatch>,
    mut layout: ResMut<BoardLayout>,
    zoom: Option<Res<UiZoom>>,
) {
    let was_resized = resized.read().last().is_some();
    let rescaled = zoom.as_ref().is_some_and(|zoom| zoom.is_changed());
    let side = game.position.side();
    if !was_resized && !rescaled && layout.side == side {
        return;
    }
    let size = window.map_or(layout.window, |w| window_size(&w));
    let fitted = BoardLayout::fit(side, size, zoom.map_or(1.0, |z| z.0));
    if *layout != fitted {
        *layout = fitted;
    }
}

#[expect(clippy::type_complexity, reason = "one query per kind of board piece")]
fn place_board_pieces(
    layout: Res<BoardLayout>,
    mut pieces: ParamSet<(
        Query<(&CellSprite, &mut Sprite, &mut Transform)>,
        Query<(&mut Sprite, &mut Transform), With<BoardBody>>,
        Query<(&CellLabel, &mut Transform, &mut TextFont)>,
    )>,
) {
    if !layout.is_changed() {
        return;
    }
    for (cell, mut sprite, mut transform) in &mut pieces.p0() {
        sprite.custom_size = Some(layout.cell_size());
        transform.translation = layout.world(cell.0).extend(Z_CELL);
    }
    for (mut sprite, mut transform) in &mut pieces.p1() {
        sprite.custom_size = Some(Vec2::splat(layout.board_size()));
        transform.translation = layout.centre.extend(Z_BOARD);
    }
    for (label, mut transform, mut font) in &mut pieces.p2() {
        transform.translation = layout.world_at(label.col, label.row).extend(Z_LABEL);
        font.font_size = FontSize::Px((layout.hex_size * 0.5).clamp(10.0, 26.0));
    }
}

/// Makes the stone sprites match the rules position: new stones drop in, removed ones
/// vanish, and a stone that moved (a slide, or its undo) travels along its line.
fn sync_stones(
    mut commands: Commands,
    game: Res<HexMatch>,
    art: Res<HexArt>,
    layout: Res<BoardLayout>,
    mut stones: ResMut<StoneEntities>,
    mut sprites: Query<&mut StoneSprite>,
) {
    if !game.is_changed() && !stones.is_changed() {
        return;
    }
    let position = &game.position;
    let mut removed: Vec<(Cell, Entity, Color)> = Vec::new();
    let mut added: Vec<(Cell, Color)> = Vec::new();
    for &cell in position.board().cells() {
        let shown = stones
            .0
            .get(&cell)
            .and_then(|&e| sprites.get(e).ok().map(|s| (e, s.color)));
        match (shown, position.stone_at(cell)) {
            (Some((_, shown)), Some(actual)) if shown == actual => {}
            (Some((entity, shown)), actual) => {
                removed.push((cell, entity, shown));
                if let Some(actual) = actual {
                    added.push((cell, actual));
                }
            }
            (None, Some(actual)) => added.push((cell, actual)),
            (None, None) => {}
        }
    }
    if let ([(from, entity, color)], [(to, new_color)]) = (&removed[..], &added[..])
        && color == new_color
    {
        let cells = abakus_rules::hex::Position::slide_path(*from, *to).len() as f32;
        stones.0.remove(from);
        stones.0.insert(*to, *entity);
        if let Ok(mut sprite) = sprites.get_mut(*entity) {
            sprite.cell = *to;
        }
        commands.entity(*entity).insert(Motion::Slide {
            from: *from,
            elapsed: 0.0,
            duration: (0.12 + 0.05 * cells).min(0.3),
        });
        return;
    }
    for (cell, entity, _) in removed {
        stones.0.remove(&cell);
        commands
            .entity(entity)
            .insert(Motion::Vanish { elapsed: 0.0 })
            .remove::<StoneSprite>()
            .insert(VanishingStone);
    }
    for (cell, color) in added {
        let image = match color {
            Color::Black => art.stone_black.clone(),
            Color::White => art.stone_white.clone(),
        };
        let entity = commands
            .spawn((
                Name::new(format!("{color} stone")),
                StoneSprite { cell, color },
                Sprite {
                    image,
                    custom_size: Some(Vec2::splat(layout.stone_diameter() * STONE_IMAGE_MARGIN)),
                    ..default()
                },
                Transform::from_translation(layout.world(cell).extend(Z_STONE)),
                Motion::Drop { elapsed: 0.0 },
                DespawnOnExit(Screen::Game(HEX)),
            ))
            .id();
        stones.0.insert(cell, entity);
    }
}

#[derive(Component)]
struct VanishingStone;

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

type MarkFilter = Or<(With<Mark>, With<GroupBadge>)>;
type ShownStone = Or<(With<StoneSprite>, With<VanishingStone>)>;

/// Rebuilds the selection and last-move marks when the match changes.
fn show_marks(
    mut commands: Commands,
    game: Res<HexMatch>,
    art: Res<HexArt>,
    layout: Res<BoardLayout>,
    marks: Query<Entity, MarkFilter>,
    mut colour_safe: Local<bool>,
) {
    // The marks take the colour-blind colours when they are chosen.
    let palette_changed = *colour_safe != palette::colour_safe();
    *colour_safe = palette::colour_safe();

    if !game.is_changed() && !layout.is_changed() && !palette_changed {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    if let Some(selection) = &game.selection {
        spawn_group_badge(&mut commands, &art, &layout, selection);
    }
    for mark in wanted_marks(&game) {
        let (image, color, size, z) = mark_look(mark.kind, &art, &layout, game.position.turn());
        commands.spawn((
            Sprite {
                image,
                color: color.to_bevy(),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_translation(layout.world(mark.cell).extend(z)),
            mark,
            DespawnOnExit(Screen::Game(HEX)),
        ));
    }
}

/// Every mark the match asks for: the picked-up stone's group and landing cells, the last
/// move, and a hint's stone and ring.
fn wanted_marks(game: &HexMatch) -> Vec<Mark> {
    let mut wanted: Vec<Mark> = Vec::new();
    if let Some(selection) = &game.selection {
        wanted.extend(selection.group.iter().map(|&cell| Mark {
            cell,
            kind: MarkKind::Group,
        }));
        wanted.extend(selection.targets.iter().map(|&cell| Mark {
            cell,
            kind: MarkKind::Target,
        }));
    }
    if let Some(last) = game.position.last_move() {
        wanted.push(Mark {
            cell: last.to(),
            kind: MarkKind::LastMove,
        });
        if let Move::Slide { from, .. } = last {
            wanted.push(Mark {
                cell: from,
                kind: MarkKind::SlideOrigin,
            });
        }
    }
    if let Some(Notice::Suggested(mv)) = &game.notice {
        for kind in [MarkKind::HintStone, MarkKind::Hint] {
            wanted.push(Mark {
                cell: mv.to(),
                kind,
            });
        }
    }
    wanted
}

/// A mark's image, colour, size and depth; the hint's stone is a faint stone of the colour
/// to move.
fn mark_look(
    kind: MarkKind,
    art: &HexArt,
    layout: &BoardLayout,
    to_move: Color,
) -> (Handle<Image>, Rgba, Vec2, f32) {
    match kind {
        MarkKind::HintStone => (
            match to_move {
                Color::Black => art.stone_black.clone(),
                Color::White => art.stone_white.clone(),
            },
            palette::GHOST_STONE,
            Vec2::splat(layout.stone_diameter() * STONE_IMAGE_MARGIN),
            Z_STONE,
        ),
        MarkKind::Hint => (
            art.ring.clone(),
            palette::HINT,
            Vec2::splat(layout.hex_size * 0.9),
            Z_LAST + 0.5,
        ),
        MarkKind::Group => (
            art.cell_outline.clone(),
            palette::SELECTED_GROUP,
            layout.cell_size(),
            Z_GROUP,
        ),
        MarkKind::Target => (
            art.dot.clone(),
            palette::target(),
            Vec2::splat(layout.hex_size * 0.55),
            Z_TARGET,
        ),
        MarkKind::LastMove => (
            art.ring.clone(),
            palette::last_move(),
            Vec2::splat(layout.hex_size * 0.62),
            Z_LAST,
        ),
        MarkKind::SlideOrigin => (
            art.ring.clone(),
            palette::last_move().with_alpha(150),
            Vec2::splat(layout.hex_size * 0.5),
            Z_TARGET,
        ),
    }
}

/// The picked-up stone's group size on a small disc at the stone's shoulder.
fn spawn_group_badge(
    commands: &mut Commands,
    art: &HexArt,
    layout: &BoardLayout,
    selection: &Selection,
) {
    let badge_at =
        layout.world(selection.from) + Vec2::new(layout.hex_size * 0.62, layout.hex_size * 0.5);
    let badge_size = (layout.hex_size * 0.7).max(20.0);
    commands.spawn((
        GroupBadge,
        Sprite {
            image: art.dot.clone(),
            color: palette::SELECTED_GROUP.to_bevy(),
            custom_size: Some(Vec2::splat(badge_size)),
            ..default()
        },
        Transform::from_translation(badge_at.extend(Z_BADGE)),
        DespawnOnExit(Screen::Game(HEX)),
    ));
    commands.spawn((
        GroupBadge,
        Text2d::new(selection.group.len().to_string()),
        TextFont {
            font_size: FontSize::Px(badge_size * 0.62),
            ..default()
        },
        TextColor(palette::TABLE.to_bevy()),
        Transform::from_translation(badge_at.extend(Z_BADGE + 0.1)),
        DespawnOnExit(Screen::Game(HEX)),
    ));
}

/// The hint's ring swells and settles about once a second.
fn breathe_hint(time: Res<Time>, mut marks: Query<(&Mark, &mut Transform)>) {
    let swell = 1.0 + 0.12 * (time.elapsed_secs() * std::f32::consts::TAU).sin().abs();
    for (mark, mut transform) in &mut marks {
        if mark.kind == MarkKind::Hint {
            transform.scale = Vec3::splat(swell);
        }
    }
}

fn show_hover(
    hovered: Res<HoveredCell>,
    game: Res<HexMatch>,
    layout: Res<BoardLayout>,
    mut hover: Query<(&mut Transform, &mut Sprite, &mut Visibility), With<HoverMark>>,
) {
    let Ok((mut transform, mut sprite, mut visibility)) = hover.single_mut() else {
        return;
    };
    let shown = hovered.0.filter(|&cell| {
        game.outcome().is_none()
            && game.position.stone_at(cell).is_none()
            && game.position.board().contains(cell)
    });
    match shown {
        Some(cell) => {
            transform.translation = layout.world(cell).extend(Z_HOVER);
            sprite.custom_size = Some(layout.cell_size());
            *visibility = Visibility::Inherited;
        }
        None => *visibility = Visibility::Hidden,
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

fn show_labels(settings: Res<Settings>, mut labels: Query<&mut Visibility, With<CellLabel>>) {
    if !settings.is_changed() {
        return;
    }
    let visibility = if settings.show_coordinates {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut shown in &mut labels {
        *shown = visibility;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_fits_a_small_and_a_large_window_with_touchable_cells() {
        for side in 3..=8u8 {
            for window in [Vec2::new(1280.0, 720.0), Vec2::new(1920.0, 1080.0)] {
                let layout = BoardLayout::fit(side, window, 1.0);
                let board = Board::of_side(u32::from(side)).unwrap();
                // Hit targets of at least 44 px across, as the look and feel asks; the largest
                // board has 15 rows and cannot quite reach that in a 720-pixel-high window.
                let across = 3f32.sqrt() * layout.hex_size;
                let needed = if side == 8 && window.y < 1000.0 {
                    40.0
                } else {
                    44.0
                };
                assert!(across >= needed, "side {side} in {window}: {across}");
                for &cell in board.cells() {
                    let at = layout.world(cell);
                    assert!(at.x.abs() < window.x / 2.0 && at.y.abs() < window.y / 2.0);
                    assert_eq!(layout.cell_at(board, at), Some(cell));
                }
            }
        }
    }

    #[test]
    fn row_one_is_at_the_bottom_and_column_a_at_the_left() {
        let layout = BoardLayout::fit(5, Vec2::new(1280.0, 720.0), 1.0);
        let a1 = layout.world("A1".parse().unwrap());
        let a5 = layout.world("A5".parse().unwrap());
        let i5 = layout.world("I5".parse().unwrap());
        assert!(a1.y < a5.y);
        assert!(a1.x < i5.x);
    }
}
