//! The tiles on screen: those on the board, those laid this turn and the rack, rebuilt from
//! the match whenever it changes, each gliding, dealt or flipped from where it was drawn.

use bevy::prelude::*;

use super::TILES;
use super::art::{TILE_IMAGE_MARGIN, TilesArt};
use super::board::{BagCount, Shown};
use super::colours;
use super::game::TilesMatch;
use super::input::{
    on_drag, on_drag_start, on_drop_on_rack_tile, on_piece_click, on_rack_drag_end,
    on_tentative_drag_end,
};
use super::layout::TilesLayout;
use super::motion::{Flip, Glide, Wave};
use super::sprites::{BoardSystems, BoardTile, Dragged, RackTile, TentativeTile, Z_RACK, Z_TILE};
use crate::app::base::board_text::BoardText;
use crate::app::base::navigation::Screen;
use crate::app::base::palette::{Colours, Rgba};
use crate::app::base::settings::Settings;
use abakus_rules::abaku::{Cell, Side, Square, Tile};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, sync_tiles.in_set(BoardSystems::Pieces));
}

/// The bar under the digit of a red-side tile, for colour-blind players.
#[derive(Component)]
pub struct SideMark;

type Rebuilt = Or<(With<BoardTile>, With<RackTile>, With<TentativeTile>)>;

/// A rack tile or a tile laid this turn, by its slot in the turn's rack and what it is: the
/// same key before and after a change is the same tile, which glides to its new place.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
struct Keyed {
    slot: usize,
    tile: Tile,
}

/// Seconds between two tiles coming out of the bag.
const DEAL_GAP: f32 = 0.09;

/// How this rebuild relates to the last one, which decides what moves.
#[derive(Debug, Clone, Copy)]
struct Change {
    /// False on a resize: everything is simply redrawn in its new place.
    animate: bool,
    /// The same turn as before: laid and rack tiles glide from where they were.
    same_turn: bool,
    /// A turn was just played (not an undo, not a resumed game): tiles may turn over.
    just_played: bool,
    /// The turn went back: tiles new to the rack are simply back, not dealt.
    undone: bool,
}

/// Spawns tile sprites where the layout says, at the board's scale.
struct Painter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    art: &'a TilesArt,
    layout: &'a TilesLayout,
    colours: Colours,
}

impl Painter<'_, '_, '_> {
    fn tile(&mut self, at: Vec3, side: f32, digit: Option<u8>, ink: (Rgba, bool)) -> Entity {
        let red_mark = ink.1 && self.colours.is_colour_safe();
        spawn_tile(self.commands, self.art, at, side, digit, (ink.0, red_mark))
    }
}

/// Rebuilds the tiles on the board and the rack whenever the match or the layout changes:
/// a turn changes a handful of tiles, so rebuilding is simpler than tracking and cheap. Each
/// rebuilt tile starts where it was drawn before and glides to its new place; tiles new to
/// a rack come out of the bag, and Spin Abaku's turned tiles flip over.
#[expect(
    clippy::too_many_arguments,
    reason = "the rebuild reads the match, the layout and what was shown"
)]
fn sync_tiles(
    mut commands: Commands,
    game: Res<TilesMatch>,
    art: Res<TilesArt>,
    layout: Res<TilesLayout>,
    mut shown_before: ResMut<Shown>,
    shown: Query<(Entity, &Transform, Option<&Keyed>), Rebuilt>,
    dragged: Query<(), With<Dragged>>,
    mut bag: Query<&mut BoardText, With<BagCount>>,
    (settings, mut drawn_in): (Res<Settings>, Local<Colours>),
) {
    // The red side's marks come and go with the colour-blind colours.
    let colours = settings.colours();
    let palette_changed = *drawn_in != colours;
    *drawn_in = colours;
    // A tile in the hand stays where the hand is until it is dropped.
    if !dragged.is_empty() || (!game.is_changed() && !layout.is_changed() && !palette_changed) {
        return;
    }
    shown_before.drawn_for = Some(game.last_changed());
    let position = game.position();
    for mut count in &mut bag {
        count.text = position.bag().len().to_string();
    }
    let (played, mover, visible) = (
        position.history().len(),
        position.to_move(),
        game.rack_visible(),
    );
    let before = shown_before.turn.replace((played, mover, visible));
    let animate = !layout.is_changed() || layout.is_added();
    let change = Change {
        animate,
        same_turn: animate && before == Some((played, mover, visible)),
        just_played: animate && before.is_some_and(|(earlier, _, _)| earlier + 1 == played),
        undone: before.is_some_and(|(earlier, _, _)| earlier > played),
    };
    // The same player's rack, shown before and now (a solo turn just played): the tiles they
    // kept glide to their new places.
    let same_rack = animate
        && visible
        && before.is_some_and(|(_, player, was_visible)| player == mover && was_visible);
    let mut places: Vec<(Keyed, Vec3)> = Vec::new();
    for (entity, transform, keyed) in &shown {
        if let Some(&keyed) = keyed
            && same_rack
        {
            places.push((keyed, transform.translation));
        }
        commands.entity(entity).despawn();
    }
    let mut painter = Painter {
        commands: &mut commands,
        art: &art,
        layout: &layout,
        colours,
    };
    board_tiles(&mut painter, &game, change);
    if !game.laid_visible() {
        // Between turns nothing of any rack is drawn, not even how many tiles it holds.
        return;
    }
    // The tiles laid this turn are on the table for everyone, a phone's player's too; only
    // the player at the screen may pick them up again.
    let ink = mover_ink(&game);
    laid_tiles(&mut painter, &game, &places, change, ink, visible);
    replacing_tile(&mut painter, &game, ink, visible);
    if !visible {
        // The rack itself is on its player's phone.
        return;
    }
    let seen = shown_before.seen.get(mover).cloned().flatten();
    rack_tiles(&mut painter, &game, places, seen, change, ink);
    if shown_before.seen.len() <= mover {
        shown_before.seen.resize(mover + 1, None);
    }
    shown_before.seen[mover] = Some(position.rack(mover).to_vec());
}

/// The ink of the player to move: Spin Abaku's red side writes in red.
fn mover_ink(game: &TilesMatch) -> (Rgba, bool) {
    let position = game.position();
    match Side::of_player(position.to_move()) {
        Side::Red if position.variants().spin => (colours::SPIN_RED, true),
        _ => (colours::TILE_INK, false),
    }
}

/// The ink of a tile on the board, by the side it shows.
fn board_ink(colour: Option<Side>) -> Rgba {
    match colour {
        Some(Side::Red) => colours::SPIN_RED,
        _ => colours::TILE_INK,
    }
}

/// The tiles of earlier turns; the ones the last turn turned over flip, and the last turn of
/// a game sends a wave across the board.
fn board_tiles(painter: &mut Painter, game: &TilesMatch, change: Change) {
    let position = game.position();
    let board = position.layout();
    let flipped: Vec<(Cell, Option<Side>)> = match position.history().last() {
        Some(record) if change.just_played => record
            .flipped
            .iter()
            .map(|&(index, colour)| (board.cell(index), colour))
            .collect(),
        _ => Vec::new(),
    };
    for index in 0..board.len() {
        let cell = board.cell(index);
        let digit = match position.square(cell) {
            Square::Empty => continue,
            Square::Digit(d) => Some(d),
            // A joker on the board is a blank on later turns, unless it is being replaced.
            Square::Joker if game.replacing().is_some_and(|(at, _)| at == cell) => continue,
            Square::Joker => None,
        };
        let at = painter.layout.world(cell).extend(Z_TILE);
        let now = board_ink(position.colour(cell));
        let turned = flipped.iter().find(|(at, _)| *at == cell);
        let ink = turned.map_or(now, |&(_, was)| board_ink(was));
        let side = painter.layout.square * 0.9;
        let tile = painter.tile(at, side, digit, (ink, now == colours::SPIN_RED));
        let mut tile = painter.commands.entity(tile);
        tile.insert(BoardTile);
        if change.just_played && position.is_over() {
            // The last turn's sums and flips first, then a wave across the board.
            let delay = 1.2 + (f32::from(cell.col) + f32::from(cell.row)) * 0.045;
            tile.insert(Wave {
                delay,
                elapsed: 0.0,
            });
        }
        if turned.is_some() {
            tile.insert(Flip {
                delay: 0.35,
                elapsed: 0.0,
                ink: now.to_bevy(),
            });
        }
    }
}

/// Where a tile of the same turn was drawn before, if it was.
fn place_before(places: &[(Keyed, Vec3)], keyed: Keyed, change: Change) -> Option<Vec3> {
    places
        .iter()
        .find(|(key, _)| *key == keyed && change.same_turn)
        .map(|&(_, at)| at)
}

/// The tiles laid this turn, still movable: they glide from where they were drawn.
fn laid_tiles(
    painter: &mut Painter,
    game: &TilesMatch,
    places: &[(Keyed, Vec3)],
    change: Change,
    ink: (Rgba, bool),
    movable: bool,
) {
    let rack = game.turn_rack();
    for tentative in game.tentative() {
        let Some(&tile) = rack.get(tentative.slot) else {
            continue;
        };
        let digit = match tile {
            Tile::Digit(d) => Some(d),
            Tile::Joker => tentative.declared,
        };
        let to = painter.layout.world(tentative.cell).extend(Z_TILE + 0.5);
        let keyed = Keyed {
            slot: tentative.slot,
            tile,
        };
        let square = painter.layout.square;
        let entity = painter.tile(to, square * 0.9, digit, ink);
        let mut tile = painter.commands.entity(entity);
        tile.insert((TentativeTile(tentative.cell), keyed));
        if movable {
            tile.insert(Pickable::default())
                .observe(on_drag_start)
                .observe(on_drag)
                .observe(on_tentative_drag_end)
                .observe(on_piece_click);
        }
        if let Some(from) = place_before(places, keyed, change)
            && from.truncate().distance(to.truncate()) > 1.0
        {
            painter
                .commands
                .entity(entity)
                .insert(Glide::between(from, to, square).settling());
        }
    }
}

/// The rack tile that replaces a joker on the board, on the joker's square until submitted.
fn replacing_tile(painter: &mut Painter, game: &TilesMatch, ink: (Rgba, bool), movable: bool) {
    let Some((cell, slot)) = game.replacing() else {
        return;
    };
    let own = game.position().rack(game.position().to_move());
    let digit = match own.get(slot) {
        Some(Tile::Digit(d)) => Some(*d),
        _ => None,
    };
    let to = painter.layout.world(cell).extend(Z_TILE + 0.5);
    let side = painter.layout.square * 0.9;
    let entity = painter.tile(to, side, digit, ink);
    let mut tile = painter.commands.entity(entity);
    tile.insert(TentativeTile(cell));
    if movable {
        tile.insert(Pickable::default()).observe(on_piece_click);
    }
}

/// The rack of the player to move. Tiles they have not seen on it before were drawn from the
/// bag and are dealt from its mouth; tiles they kept glide to their new places.
fn rack_tiles(
    painter: &mut Painter,
    game: &TilesMatch,
    mut places: Vec<(Keyed, Vec3)>,
    seen: Option<Vec<Tile>>,
    change: Change,
    ink: (Rgba, bool),
) {
    let rack = game.turn_rack();
    let layout = painter.layout;
    let mut unmatched = seen.unwrap_or_default();
    let mut drawn = 0;
    let free = game.rack_in_order();
    for (index, &slot) in free.iter().enumerate() {
        let Some(&tile) = rack.get(slot) else {
            continue;
        };
        let digit = match tile {
            Tile::Digit(d) => Some(d),
            Tile::Joker => None,
        };
        let mut to = layout.rack_place(index, free.len()).extend(Z_RACK);
        if game.held() == Some(slot) {
            // A picked-up tile lifts off the rack.
            to.y += layout.square * 0.3;
        }
        let keyed = Keyed { slot, tile };
        let entity = painter.tile(to, layout.rack_tile(), digit, ink);
        painter
            .commands
            .entity(entity)
            .insert((
                Name::new(format!("Rack tile {slot}")),
                RackTile(slot),
                keyed,
                Pickable::default(),
            ))
            .observe(on_piece_click)
            .observe(on_drag_start)
            .observe(on_drag)
            .observe(on_rack_drag_end)
            .observe(on_drop_on_rack_tile);
        let glide = if change.same_turn {
            match place_before(&places, keyed, change) {
                Some(from) => Some(Glide::between(from, to, layout.square)),
                // The joker a replacement freed comes off its square.
                None => game.replacing().map(|(cell, _)| {
                    Glide::between(layout.world(cell).extend(to.z), to, layout.square)
                }),
            }
        } else if let Some(kept) = unmatched.iter().position(|&t| t == tile) {
            unmatched.swap_remove(kept);
            let earlier = places.iter().position(|(key, _)| key.tile == tile);
            earlier.map(|found| Glide::between(places.swap_remove(found).1, to, layout.square))
        } else if change.animate && !change.undone {
            drawn += 1;
            Some(dealt(layout, to, drawn - 1))
        } else {
            None
        };
        if let Some(glide) = glide
            && glide.from.truncate().distance(to.truncate()) > 1.0
        {
            // Until it sets off it waits, small, at the bag's mouth.
            let mut start = Transform::from_translation(glide.from);
            start.scale = Vec3::splat(glide.from_scale);
            painter.commands.entity(entity).insert((start, glide));
        }
    }
}

/// The `nth` tile drawn this turn comes out of the bag, small, after the ones before it.
fn dealt(layout: &TilesLayout, to: Vec3, nth: usize) -> Glide {
    let from = layout.bag_place().extend(Z_RACK);
    let mut glide = Glide::between(from, to, layout.square);
    glide.delay = 0.1 + DEAL_GAP * nth as f32;
    glide.duration = 0.35;
    glide.from_scale = 0.45;
    glide
}

/// A tile's sprite with its digit (none for a blank joker) and, when `red_mark` is set (a
/// red-side tile, with the colour-blind colours on), a bar under the digit.
fn spawn_tile(
    commands: &mut Commands,
    art: &TilesArt,
    at: Vec3,
    side: f32,
    digit: Option<u8>,
    (ink, red_mark): (Rgba, bool),
) -> Entity {
    commands
        .spawn((
            Sprite {
                image: art.tile.clone(),
                custom_size: Some(Vec2::splat(side * TILE_IMAGE_MARGIN)),
                ..default()
            },
            Transform::from_translation(at),
            DespawnOnExit(Screen::Game(TILES)),
        ))
        .with_children(|tile| {
            if let Some(digit) = digit {
                tile.spawn((
                    BoardText::new(digit.to_string(), side * 0.62, ink.to_bevy()),
                    Transform::from_xyz(side * 0.02, side * 0.03, 0.1),
                ));
            }
            if red_mark {
                tile.spawn((
                    SideMark,
                    Sprite {
                        color: colours::SPIN_RED.to_bevy(),
                        custom_size: Some(Vec2::new(side * 0.5, side * 0.08)),
                        ..default()
                    },
                    Transform::from_xyz(side * 0.02, -side * 0.32, 0.1),
                ));
            }
        })
        .id()
}
