//! The tile game's board on screen: squares with their bonuses, the bag, the keyboard's cursor,
//! the outlines, and the drags and taps that lay tiles. The sprites mirror the match; they
//! decide nothing.

use bevy::picking::PickingSystems;
use bevy::picking::backend::PointerHits;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::TILES;
use super::art::{BOARD_SQUARE_PIXELS, TilesArt, draw_board_with_squares};
use super::colours;
use super::game::{Stage, TilesMatch};
use super::input::{BoardCursor, on_drop_on_square, on_piece_click};
use super::layout::{TilesLayout, fit_layout, window_size};
use super::sprites::{
    BoardSquare, BoardSystems, BoardTile, Dragged, RackTile, TentativeTile, Z_BODY, Z_DRAGGED,
    Z_MARK, Z_SQUARE,
};
use super::words::TilesWords;
use crate::app::base::board_painting::BoardPainting;
use crate::app::base::board_text::BoardText;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::Screen;
use crate::app::base::palette::{self, Colours, Rgba};
use crate::app::base::pointer::{GridPointers, report_grid_hits};
use crate::app::base::settings::{Settings, UiZoom};
use crate::app::features::lifecycle::ResumeSystems;
use crate::app::table::decals::{TableDecal, TableLabel, TableLabelShift};
use abakus_rules::abaku::{Bonus, Cell, Layout, Square, Tile};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shown>()
        .init_resource::<TilesBoardPainting>()
        .add_systems(
            OnEnter(Screen::Game(TILES)),
            spawn_board.after(ResumeSystems),
        )
        .configure_sets(
            Update,
            (
                BoardSystems::Squares,
                BoardSystems::Pieces,
                BoardSystems::Marks,
            )
                .chain()
                .in_set(AppSet::Present)
                .run_if(in_state(Screen::Game(TILES))),
        )
        .add_systems(
            Update,
            (
                (fit_layout, place_squares, paint_board)
                    .chain()
                    .in_set(BoardSystems::Squares),
                (show_marks, show_cursor)
                    .chain()
                    .in_set(BoardSystems::Marks),
            ),
        )
        .add_systems(Last, watch_tiles.run_if(in_state(Screen::Game(TILES))))
        // The picking plugin adds it too; headless tests run without picking.
        .add_message::<PointerHits>()
        .add_systems(PreUpdate, pick_squares.in_set(PickingSystems::Backend));
    frames::draw_while(app, |painting: Res<TilesBoardPainting>| {
        painting.0.is_painting()
    });
}

#[derive(Component)]
#[require(TableLabel, TableLabelShift)]
pub(super) struct Label {
    pub(super) col: f32,
    pub(super) row: f32,
}

/// The words on a bonus square: how much smaller than usual they are set, and its bonus.
#[derive(Component)]
struct BonusLabel(f32, Bonus);

#[derive(Component)]
pub(super) struct Body;

#[derive(Component)]
struct Mark;

/// The bag beside the rack, and the count of tiles left in it printed on its cloth.
#[derive(Component)]
struct Bag;

#[derive(Component)]
#[require(TableLabel, TableLabelShift)]
pub(super) struct BagCount;

#[derive(Component)]
struct CursorMark;

/// The short label printed on a bonus square, in the board font's plain letters.
/// The words printed on a bonus square, in two lines: "TILE" over "×2".
pub(super) fn bonus_label(bonus: Bonus, words: Language) -> String {
    let (word, times) = match bonus {
        Bonus::Plain => return String::new(),
        Bonus::TileX2 => ("board-tile", "×2"),
        Bonus::TileX3 => ("board-tile", "×3"),
        Bonus::ExampleX2 => ("board-sum", "×2"),
        Bonus::ExampleX3 => ("board-sum", "×3"),
        Bonus::Start => return words.board_word("board-start").to_owned(),
    };
    format!("{}\n{times}", words.board_word(word))
}

/// A bonus label's font size relative to an English one: a longer word is set smaller so it
/// stays inside its square.
pub(super) fn label_scale(label: &str) -> f32 {
    let longest = label
        .lines()
        .map(|line| line.chars().count())
        .max()
        .unwrap_or(1);
    (4.2 / longest.max(1) as f32).min(1.0)
}

fn spawn_board(
    mut commands: Commands,
    game: Res<TilesMatch>,
    art: Res<TilesArt>,
    settings: Res<Settings>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    zoom: Option<Res<UiZoom>>,
) {
    let board = game.position().layout();
    let layout = TilesLayout::fit(
        board.width() as u8,
        board.height() as u8,
        window_size(window),
        zoom.map_or(1.0, |z| z.0),
    );
    commands.insert_resource(layout);
    commands.insert_resource(Shown::default());
    commands.insert_resource(BoardCursor::default());
    commands.spawn((
        Name::new("Cursor"),
        CursorMark,
        TableDecal::default(),
        Sprite {
            image: art.outline.clone(),
            color: colours::CURSOR.to_bevy(),
            ..default()
        },
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(Screen::Game(TILES)),
    ));
    commands
        .spawn((
            Name::new("Bag"),
            Bag,
            Sprite::from_image(art.bag.clone()),
            Transform::from_translation(layout.bag_place().extend(Z_SQUARE)),
            DespawnOnExit(Screen::Game(TILES)),
        ))
        .with_children(|bag| {
            bag.spawn((
                BagCount,
                BoardText::new(
                    game.position().bag().len().to_string(),
                    20.0,
                    colours::BAG_INK.to_bevy(),
                ),
                Transform::default(),
            ));
        });
    commands.spawn((
        Name::new("Tile board"),
        Body,
        Sprite::from_image(art.board.clone()),
        Transform::from_translation(layout.centre.extend(Z_BODY)),
        Pickable::default(),
        DespawnOnExit(Screen::Game(TILES)),
    ));
    for index in 0..board.len() {
        let cell = board.cell(index);
        let bonus = board.bonus(cell);
        let look = (settings.language, settings.colours());
        spawn_square(&mut commands, &layout, cell, bonus, look);
    }
    for col in 0..board.width() {
        labels(
            &mut commands,
            col as f32,
            -0.75,
            char::from(b'A' + col as u8).to_string(),
        );
    }
    for row in 0..board.height() {
        labels(&mut commands, -0.8, row as f32, (row + 1).to_string());
    }
}

/// A square of the board in its bonus colour, with its bonus written on it; a tap or a
/// dropped tile on it lays a tile there.
fn spawn_square(
    commands: &mut Commands,
    layout: &TilesLayout,
    cell: Cell,
    bonus: Bonus,
    (words, colours): (Language, Colours),
) {
    let ink = colours::bonus_colour(bonus, colours).1;
    commands
        .spawn((
            Name::new(format!("Square {cell}")),
            BoardSquare(cell),
            Transform::from_translation(layout.world(cell).extend(Z_SQUARE)),
            Visibility::default(),
            Pickable::default(),
            DespawnOnExit(Screen::Game(TILES)),
        ))
        .observe(on_piece_click)
        .observe(on_drop_on_square)
        .with_children(|square| {
            if bonus != Bonus::Plain {
                let label = bonus_label(bonus, words);
                square.spawn((
                    BonusLabel(label_scale(&label), bonus),
                    BoardText::new(label, 11.0, ink.to_bevy()),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            }
        });
}

fn labels(commands: &mut Commands, col: f32, row: f32, text: String) {
    commands.spawn((
        Label { col, row },
        BoardText::new(text, 14.0, palette::LABEL.to_bevy()),
        Transform::default(),
        DespawnOnExit(Screen::Game(TILES)),
    ));
}

#[expect(clippy::type_complexity, reason = "one query per kind of board piece")]
fn place_squares(
    layout: Res<TilesLayout>,
    settings: Res<Settings>,
    mut pieces: ParamSet<(
        Query<(&BoardSquare, &mut Transform)>,
        Query<(&mut Sprite, &mut Transform), With<Body>>,
        Query<(&Label, &mut Transform, &mut BoardText, &mut Visibility)>,
        Query<(&BonusLabel, &mut BoardText), Without<Label>>,
        Query<(&mut Sprite, &mut Transform), With<Bag>>,
        Query<(&mut BoardText, &mut Transform), (With<BagCount>, Without<Label>)>,
    )>,
) {
    // The squares take the colour-blind colours when they are chosen, with the settings.
    if !layout.is_changed() && !settings.is_changed() {
        return;
    }
    let colours = settings.colours();
    for (square, mut transform) in &mut pieces.p0() {
        transform.translation = layout.world(square.0).extend(Z_SQUARE);
    }
    let board = Vec2::new(
        f32::from(layout.columns) + 0.5,
        f32::from(layout.rows) + 0.5,
    ) * layout.square;
    for (mut sprite, mut transform) in &mut pieces.p1() {
        sprite.custom_size = Some(board);
        transform.translation = layout.centre.extend(Z_BODY);
    }
    let shown = if settings.show_coordinates {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for (label, mut transform, mut text, mut visibility) in &mut pieces.p2() {
        transform.translation = layout.world_at(label.col, label.row).extend(Z_SQUARE);
        text.size = (layout.square * 0.4).clamp(9.0, 22.0);
        *visibility = shown;
    }
    for (label, mut text) in &mut pieces.p3() {
        text.size = (layout.square * 0.26 * label.0).clamp(6.0, 16.0);
        text.ink = colours::bonus_colour(label.1, colours).1.to_bevy();
    }
    let bag = layout.bag_size();
    for (mut sprite, mut transform) in &mut pieces.p4() {
        sprite.custom_size = Some(Vec2::splat(bag));
        transform.translation = layout.bag_place().extend(Z_SQUARE);
    }
    for (mut text, mut transform) in &mut pieces.p5() {
        text.size = (layout.square * 0.45).clamp(9.0, 24.0);
        // On the round of the body, below the cord.
        transform.translation = Vec3::new(0.0, -bag * 0.12, 0.1);
    }
}

/// The board's image by its layout and colours: the last one is kept for the next game on the
/// same board, and another is painted beside the frame loop.
#[derive(Resource, Default)]
struct TilesBoardPainting(BoardPainting<(Layout, Colours)>);

/// Paints the board's body with its squares in the colours the settings chose, on a new board
/// and when the colours change, and shows the sharp painting on the frame it is done.
fn paint_board(
    settings: Res<Settings>,
    game: Res<TilesMatch>,
    images: Option<ResMut<Assets<Image>>>,
    mut bodies: Query<(&mut Sprite, Ref<Body>)>,
    mut painting: ResMut<TilesBoardPainting>,
) {
    let Some(mut images) = images else {
        return;
    };
    let sharp = painting.0.finished(&mut images);
    let key = (game.position().layout().clone(), settings.colours());
    for (mut sprite, body) in &mut bodies {
        let image = if body.is_added() || settings.is_changed() {
            let (board, colours) = key.clone();
            painting.0.image(&key, &mut images, move |detail| {
                let square = detail.pixels(BOARD_SQUARE_PIXELS);
                draw_board_with_squares(&board, colours, square, detail.cores())
            })
        } else if let Some(sharp) = &sharp {
            sharp.clone()
        } else {
            continue;
        };
        if sprite.image != image {
            sprite.image = image;
        }
    }
}

/// Picking for the squares by the grid, as a picking backend: the squares are painted into
/// the board's image and have no sprites to be hit. Reported at the squares' depth, so the
/// tiles above them come first.
fn pick_squares(
    grid: GridPointers,
    layout: Option<Res<TilesLayout>>,
    squares: Query<(Entity, &BoardSquare)>,
    mut hits: MessageWriter<PointerHits>,
) {
    let Some(layout) = layout else {
        return;
    };
    if squares.is_empty() {
        return;
    }
    let square_at = |world| {
        let cell = layout.cell_at(world)?;
        squares
            .iter()
            .find(|(_, square)| square.0 == cell)
            .map(|(entity, _)| entity)
    };
    report_grid_hits(&grid, Z_SQUARE, square_at, &mut hits);
}

fn show_cursor(
    cursor: Res<BoardCursor>,
    layout: Res<TilesLayout>,
    game: Res<TilesMatch>,
    mut mark: Query<
        (
            &mut Sprite,
            &mut Transform,
            &mut Visibility,
            &mut TableDecal,
        ),
        With<CursorMark>,
    >,
) {
    if !cursor.is_changed() && !layout.is_changed() && !game.is_changed() {
        return;
    }
    for (mut sprite, mut transform, mut visibility, mut decal) in &mut mark {
        match cursor.cell {
            Some(cell) if game.stage() == Stage::Turn => {
                decal.0 = super::sprites::over_the_tiles(layout.square);
                sprite.custom_size = Some(Vec2::splat(layout.square * 1.08));
                transform.translation = layout.world(cell).extend(Z_DRAGGED - 0.5);
                *visibility = Visibility::Inherited;
            }
            _ => *visibility = Visibility::Hidden,
        }
    }
}

/// A wooden tile with its digit (or a blank joker), as a sprite with a text child.
/// A tile with its digit in `ink`. A tile of Spin Abaku's red side also carries a bar under
/// its digit when the colour-blind colours are chosen, so its side never rests on colour alone.
/// What the board showed last, so that a change can be animated from it.
#[derive(Resource, Debug, Default)]
pub(super) struct Shown {
    /// The version of the match the tiles were last drawn for.
    pub(super) drawn_for: Option<bevy::ecs::change_detection::Tick>,
    /// Turns played, the player to move, and whether their rack was shown.
    pub(super) turn: Option<(usize, usize, bool)>,
    /// Each player's rack as they last saw it: what is new in it came out of the bag.
    pub(super) seen: Vec<Option<Vec<Tile>>>,
}

/// Outlines: the tiles laid this turn, the examples the preview found, and the held tile's
/// possible squares are left plain (every empty square is one).
fn show_marks(
    mut commands: Commands,
    game: Res<TilesMatch>,
    art: Res<TilesArt>,
    layout: Res<TilesLayout>,
    settings: Res<Settings>,
    marks: Query<Entity, With<Mark>>,
) {
    if !game.is_changed() && !layout.is_changed() && !settings.is_changed() {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let mut outline = |cell: Cell, colour: Rgba, grow: f32| {
        commands.spawn((
            Mark,
            TableDecal(super::sprites::on_the_floor(layout.square)),
            Sprite {
                image: art.outline.clone(),
                color: colour.to_bevy(),
                custom_size: Some(Vec2::splat(layout.square * grow)),
                ..default()
            },
            Transform::from_translation(layout.world(cell).extend(Z_MARK)),
            DespawnOnExit(Screen::Game(TILES)),
        ));
    };
    if let Some(Ok(scored)) = game.preview() {
        let board = game.position().layout();
        for formed in &scored.examples {
            for &index in &formed.cells {
                outline(board.cell(index), palette::ACCENT, 1.04);
            }
        }
    }
    for tentative in game.tentative() {
        outline(tentative.cell, colours::TENTATIVE, 0.98);
    }
    if let Some(last) = game.position().history().last()
        && game.tentative().is_empty()
    {
        let board = game.position().layout();
        for &index in &last.placed {
            outline(board.cell(index), settings.colours().last_move(), 0.98);
        }
    }
}

/// Whether the tiles on screen agree with the match, checked after every frame while a script
/// asks for it: the rack shows exactly the tiles still on it (none between turns), every tile
/// laid this turn is drawn once, and so is every tile on the board.
#[derive(Resource, Debug, Default)]
pub struct TileWatch {
    pub frames: u64,
    pub first_mismatch: Option<String>,
}

fn watch_tiles(
    watch: Option<ResMut<TileWatch>>,
    game: Option<Res<TilesMatch>>,
    shown: Res<Shown>,
    rack: Query<(), With<RackTile>>,
    laid: Query<(), With<TentativeTile>>,
    board: Query<(), With<BoardTile>>,
    dragged: Query<(), With<Dragged>>,
) {
    let (Some(mut watch), Some(game)) = (watch, game) else {
        return;
    };
    // A tile in the hand holds the redraw back until it is dropped.
    if !dragged.is_empty() || shown.drawn_for != Some(game.last_changed()) {
        return;
    }
    watch.frames += 1;
    let position = game.position();
    let layout = position.layout();
    let replacing = usize::from(game.replacing().is_some());
    let on_board = (0..layout.len())
        .filter(|&index| position.square(layout.cell(index)) != Square::Empty)
        .count()
        - replacing;
    let want_rack = if game.rack_visible() {
        game.rack_in_order().len()
    } else {
        0
    };
    let want_laid = if game.laid_visible() {
        game.tentative().len() + replacing
    } else {
        0
    };
    let found = (
        rack.iter().count(),
        laid.iter().count(),
        board.iter().count(),
    );
    if found != (want_rack, want_laid, on_board) && watch.first_mismatch.is_none() {
        watch.first_mismatch = Some(format!(
            "frame {}: drawn (rack, laid, board) {found:?}, the match has {:?}",
            watch.frames,
            (want_rack, want_laid, on_board)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_and_rack_fit_small_and_large_windows() {
        for window in [
            Vec2::new(1280.0, 720.0),
            Vec2::new(1920.0, 1080.0),
            Vec2::new(800.0, 500.0),
        ] {
            let layout = TilesLayout::fit(15, 15, window, 1.0);
            for col in 0..15 {
                for row in 0..15 {
                    let cell = Cell::new(col, row);
                    let at = layout.world(cell);
                    assert!(at.x.abs() < window.x / 2.0 && at.y.abs() < window.y / 2.0);
                    assert_eq!(layout.cell_at(at), Some(cell));
                }
            }
            let rack = layout.rack_place(5, 6);
            assert!(
                rack.y - layout.rack_tile() / 2.0 > -window.y / 2.0,
                "{window}"
            );
            assert!(layout.cell_at(rack).is_none(), "the rack is off the board");
        }
        // A1 is at the top left.
        let layout = TilesLayout::fit(15, 15, Vec2::new(1280.0, 720.0), 1.0);
        let a1 = layout.world(Cell::new(0, 0));
        let o15 = layout.world(Cell::new(14, 14));
        assert!(a1.x < o15.x && a1.y > o15.y);
        assert!(layout.square >= 36.0, "{}", layout.square);
    }
}
