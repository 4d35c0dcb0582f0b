//! The hex board on screen: the board, cells and stone sprites that mirror the rules position,
//! the marks over them (selection, landing cells, last move, hint) and the cell names.

use bevy::picking::PickingSystems;
use bevy::picking::backend::PointerHits;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::HEX;
use super::art::{BOARD_WITH_CELLS_SIZE, HexArt, STONE_IMAGE_MARGIN, draw_board_with_cells};
use super::colours;
use super::game::{HexMatch, Notice, Selection};
use super::layout::{BoardLayout, fit_layout, window_size};
use super::motion::{Motion, VanishingStone};
use super::sprites::{
    BoardBody, BoardCell, BoardSystems, CellEntities, HoveredCell, StoneEntities, StoneSprite,
    Z_BADGE, Z_BOARD, Z_CELL, Z_GROUP, Z_HOVER, Z_LABEL, Z_LAST, Z_STONE, Z_TARGET,
};
use crate::app::base::board_painting::BoardPainting;
use crate::app::base::board_text::BoardText;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::navigation::Screen;
use crate::app::base::palette::{self, Colours, Rgba};
use crate::app::base::pointer::{GridPointers, report_grid_hits};
use crate::app::base::settings::{Settings, UiZoom};
use crate::app::table::decals::TableLabel;
use crate::app::table::view::ShownView;
use abakus_rules::hex::{Cell, Color, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CellEntities>()
        .init_resource::<StoneEntities>()
        .init_resource::<HexBoardPainting>()
        .init_resource::<HoveredCell>()
        // After the match is in place: Continue from a fresh start inserts it on entering.
        .add_systems(
            OnEnter(Screen::Game(HEX)),
            spawn_board.after(super::game::start_match_if_none),
        )
        .add_systems(OnExit(Screen::Game(HEX)), forget_entities)
        // The picking plugin adds it too; headless tests run without picking.
        .add_message::<PointerHits>()
        .add_systems(PreUpdate, pick_cells.in_set(PickingSystems::Backend))
        .configure_sets(
            Update,
            (
                BoardSystems::Pieces,
                BoardSystems::Changes,
                BoardSystems::Marks,
                BoardSystems::Motion,
                BoardSystems::Labels,
            )
                .chain()
                .in_set(AppSet::Present)
                .run_if(in_state(Screen::Game(HEX))),
        )
        .add_systems(
            Update,
            (
                (
                    fit_layout,
                    place_board_pieces,
                    show_sharp_board,
                    sync_stones,
                )
                    .chain()
                    .in_set(BoardSystems::Pieces),
                (show_marks, breathe_hint, show_hover)
                    .chain()
                    .in_set(BoardSystems::Marks),
                show_labels.in_set(BoardSystems::Labels),
            ),
        );
    frames::draw_while(app, hint_showing);
    frames::draw_while(app, |painting: Res<HexBoardPainting>| {
        painting.0.is_painting()
    });
}

/// The hint's ring breathes while it is on the board.
fn hint_showing(marks: Query<&Mark>) -> bool {
    marks.iter().any(|mark| mark.kind == MarkKind::Hint)
}

/// Marks on the board rebuilt whenever the match changes: selection, targets, last move.
#[derive(Component)]
pub(super) struct Mark {
    cell: Cell,
    pub(super) kind: MarkKind,
}

/// A sprite laid on the board (a mark, the hover, the group's badge), which the 3D table lays
/// there too, `height` above the board's top (on it, or over the stones).
#[derive(Component, Default)]
pub(super) struct OnBoard {
    pub(super) height: f32,
}

impl OnBoard {
    /// Just over the board's top, under the stones.
    const ON_THE_BOARD: f32 = 0.6;

    fn of(kind: MarkKind, layout: &BoardLayout) -> Self {
        let height = match kind {
            MarkKind::LastMove | MarkKind::Hint => layout.stone_height() + 0.6,
            _ => Self::ON_THE_BOARD,
        };
        Self { height }
    }
}

#[derive(Clone, Copy, PartialEq)]
pub(super) enum MarkKind {
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
#[require(OnBoard { height: OnBoard::ON_THE_BOARD })]
struct HoverMark;

#[derive(Component)]
struct CellLabel {
    col: i32,
    row: i32,
}

fn spawn_board(
    mut commands: Commands,
    game: Res<HexMatch>,
    art: Res<HexArt>,
    (images, mut painting): (Option<ResMut<Assets<Image>>>, ResMut<HexBoardPainting>),
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    (mut cells, mut stones, zoom): (
        ResMut<CellEntities>,
        ResMut<StoneEntities>,
        Option<Res<UiZoom>>,
    ),
) {
    let size = window.map_or(Vec2::new(1280.0, 720.0), |w| window_size(&w));
    let layout = BoardLayout::fit(game.position().side(), size, zoom.map_or(1.0, |z| z.0));
    commands.insert_resource(layout);
    cells.0.clear();
    stones.0.clear();

    let image = match images {
        Some(mut images) => {
            let side = layout.side;
            painting.0.image(&side, &mut images, move |detail| {
                draw_board_with_cells(side, detail.pixels(BOARD_WITH_CELLS_SIZE), detail.cores())
            })
        }
        None => art.board.clone(),
    };
    commands.spawn((
        Name::new("Board"),
        BoardBody,
        Sprite::from_image(image),
        Transform::from_xyz(layout.centre.x, layout.centre.y, Z_BOARD),
        Pickable::default(),
        DespawnOnExit(Screen::Game(HEX)),
    ));
    let board = game.position().board();
    for &cell in board.cells() {
        let entity = commands
            .spawn((
                Name::new(format!("Cell {cell}")),
                BoardCell(cell),
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
            TableLabel(0.0),
            BoardText::new(text, 16.0, palette::LABEL.to_bevy()),
            Transform::from_translation(layout.world_at(col, row).extend(Z_LABEL)),
            DespawnOnExit(Screen::Game(HEX)),
        ));
    }
    commands.spawn((
        Name::new("Hover"),
        HoverMark,
        Sprite {
            image: art.cell_outline.clone(),
            color: colours::HOVER.to_bevy(),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_HOVER),
        Visibility::Hidden,
        DespawnOnExit(Screen::Game(HEX)),
    ));
}

/// The board's image by its side: the last side played is kept, so the games of a booth's
/// demo on one side show it at once; another side's is painted beside the frame loop.
#[derive(Resource, Default)]
struct HexBoardPainting(BoardPainting<u8>);

/// Shows the board's sharp painting on the frame it is done.
fn show_sharp_board(
    mut painting: ResMut<HexBoardPainting>,
    images: Option<ResMut<Assets<Image>>>,
    mut bodies: Query<&mut Sprite, With<BoardBody>>,
) {
    let Some(mut images) = images else {
        return;
    };
    if let Some(sharp) = painting.0.finished(&mut images) {
        for mut sprite in &mut bodies {
            sprite.image = sharp.clone();
        }
    }
}

/// Picking for the cells by the grid's geometry, as a picking backend: the cells have no
/// sprites of their own to be hit. A cell lies over the board's frame, so it is reported
/// nearer than the board's sprite, with the camera's order, as the sprite backend would.
fn pick_cells(
    grid: GridPointers,
    layout: Option<Res<BoardLayout>>,
    game: Option<Res<HexMatch>>,
    (cells, shown): (Res<CellEntities>, Option<Res<ShownView>>),
    mut hits: MessageWriter<PointerHits>,
) {
    let (Some(layout), Some(game)) = (layout, game) else {
        return;
    };
    if cells.0.is_empty() {
        return;
    }
    let position = game.position();
    let cell_at = |world| {
        cells
            .0
            .get(&layout.cell_at(position.board(), world)?)
            .copied()
    };
    report_grid_hits(&grid, Z_CELL, cell_at, &mut hits);
    // On the table a stone stands up from its cell: a pointer on its side or top, which
    // meets the board's plane further on, is on the stone's cell (hit nearer than the board).
    if shown.is_some_and(|shown| shown.on_table) {
        let stone_at = |world| {
            let cell = layout.cell_at(position.board(), world)?;
            position.stone_at(cell)?;
            cells.0.get(&cell).copied()
        };
        report_grid_hits(&grid, layout.stone_height() * 0.7, stone_at, &mut hits);
    }
}

fn forget_entities(mut cells: ResMut<CellEntities>, mut stones: ResMut<StoneEntities>) {
    cells.0.clear();
    stones.0.clear();
}

#[expect(clippy::type_complexity, reason = "one query per kind of board piece")]
fn place_board_pieces(
    layout: Res<BoardLayout>,
    mut pieces: ParamSet<(
        Query<(&BoardCell, &mut Transform)>,
        Query<(&mut Sprite, &mut Transform), With<BoardBody>>,
        Query<(&CellLabel, &mut Transform, &mut BoardText)>,
    )>,
) {
    if !layout.is_changed() {
        return;
    }
    for (cell, mut transform) in &mut pieces.p0() {
        transform.translation = layout.world(cell.0).extend(Z_CELL);
    }
    for (mut sprite, mut transform) in &mut pieces.p1() {
        sprite.custom_size = Some(Vec2::splat(layout.board_size()));
        transform.translation = layout.centre.extend(Z_BOARD);
    }
    for (label, mut transform, mut text) in &mut pieces.p2() {
        transform.translation = layout.world_at(label.col, label.row).extend(Z_LABEL);
        text.size = (layout.hex_size * 0.5).clamp(10.0, 26.0);
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
    let position = game.position();
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

type MarkFilter = Or<(With<Mark>, With<GroupBadge>)>;

/// Rebuilds the selection and last-move marks when the match changes.
fn show_marks(
    mut commands: Commands,
    game: Res<HexMatch>,
    art: Res<HexArt>,
    layout: Res<BoardLayout>,
    marks: Query<Entity, MarkFilter>,
    (settings, mut drawn_in): (Res<Settings>, Local<Colours>),
) {
    // The marks take the colour-blind colours when they are chosen.
    let colours = settings.colours();
    let palette_changed = *drawn_in != colours;
    *drawn_in = colours;

    if !game.is_changed() && !layout.is_changed() && !palette_changed {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    if let Some(selection) = game.selection() {
        spawn_group_badge(&mut commands, &art, &layout, selection);
    }
    for mark in wanted_marks(&game) {
        let turn = game.position().turn();
        let on_board = OnBoard::of(mark.kind, &layout);
        let (image, color, size, z) = mark_look(mark.kind, &art, &layout, turn, colours);
        commands.spawn((
            Sprite {
                image,
                color: color.to_bevy(),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_translation(layout.world(mark.cell).extend(z)),
            mark,
            on_board,
            DespawnOnExit(Screen::Game(HEX)),
        ));
    }
}

/// Every mark the match asks for: the picked-up stone's group and landing cells, the last
/// move, and a hint's stone and ring.
fn wanted_marks(game: &HexMatch) -> Vec<Mark> {
    let mut wanted: Vec<Mark> = Vec::new();
    if let Some(selection) = game.selection() {
        wanted.extend(selection.group.iter().map(|&cell| Mark {
            cell,
            kind: MarkKind::Group,
        }));
        wanted.extend(selection.targets.iter().map(|&cell| Mark {
            cell,
            kind: MarkKind::Target,
        }));
    }
    if let Some(last) = game.position().last_move() {
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
    if let Some(Notice::Suggested(mv)) = game.notice() {
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
    colours: Colours,
) -> (Handle<Image>, Rgba, Vec2, f32) {
    match kind {
        MarkKind::HintStone => (
            match to_move {
                Color::Black => art.stone_black.clone(),
                Color::White => art.stone_white.clone(),
            },
            colours::GHOST_STONE,
            Vec2::splat(layout.stone_diameter() * STONE_IMAGE_MARGIN),
            Z_STONE,
        ),
        MarkKind::Hint => (
            art.ring.clone(),
            colours::HINT,
            Vec2::splat(layout.hex_size * 0.9),
            Z_LAST + 0.5,
        ),
        MarkKind::Group => (
            art.cell_outline.clone(),
            colours::SELECTED_GROUP,
            layout.cell_size(),
            Z_GROUP,
        ),
        MarkKind::Target => (
            art.dot.clone(),
            colours::target(colours),
            Vec2::splat(layout.hex_size * 0.55),
            Z_TARGET,
        ),
        MarkKind::LastMove => (
            art.ring.clone(),
            colours.last_move(),
            Vec2::splat(layout.hex_size * 0.62),
            Z_LAST,
        ),
        MarkKind::SlideOrigin => (
            art.ring.clone(),
            colours.last_move().with_alpha(150),
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
    // On the table the badge floats over the stones.
    let over_stones = layout.stone_height() + layout.hex_size * 0.2;
    commands.spawn((
        GroupBadge,
        OnBoard {
            height: over_stones,
        },
        Sprite {
            image: art.dot.clone(),
            color: colours::SELECTED_GROUP.to_bevy(),
            custom_size: Some(Vec2::splat(badge_size)),
            ..default()
        },
        Transform::from_translation(badge_at.extend(Z_BADGE)),
        DespawnOnExit(Screen::Game(HEX)),
    ));
    commands.spawn((
        GroupBadge,
        TableLabel(over_stones + 1.0),
        BoardText::new(
            selection.group.len().to_string(),
            badge_size * 0.62,
            palette::TABLE.to_bevy(),
        ),
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
            && game.position().stone_at(cell).is_none()
            && game.position().board().contains(cell)
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
    use abakus_rules::hex::Board;

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
