//! What one seat or one watcher is shown of a hex game: the board, the names and counts, the
//! record, and for the player to move every stone's group and the cells it may slide to, so a
//! page marks them without asking. Nothing of the hex game is hidden; the seat is what differs.
//!
//! The sentences (whose turn, how it ended, a move played for a player out of time) are left as
//! data for the host to put in the viewer's words.

use std::collections::BTreeMap;

use super::{HexMatch, Notice};
use crate::room::Viewer;
use abakus_rules::hex::{Cell, Color, Move, Outcome};

/// One cell as a page draws it: its name, where it lies, and its stone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellView {
    pub cell: Cell,
    /// Axial coordinates of a flat-topped layout centred on the middle cell, as the window
    /// draws the board: a page puts the cell's centre at `x = 1.5 q`, `y = √3 (r + q / 2)`
    /// cell sizes, y counting down, which sets column A on the left and row 1 at the bottom.
    pub q: i32,
    pub r: i32,
    pub stone: Option<Color>,
}

/// A stone the player to move may pick up: its group, and the cells it may slide to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideView {
    pub group: Vec<Cell>,
    pub targets: Vec<Cell>,
}

/// The whole picture one viewer is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexView {
    pub side: u8,
    pub cells: Vec<CellView>,
    pub turn: Color,
    /// The viewer's colour; `None` for a watcher.
    pub you: Option<Color>,
    /// Whether the viewer may move now.
    pub your_turn: bool,
    /// Black's first.
    pub names: [String; 2],
    pub computers: [bool; 2],
    pub black: u32,
    pub white: u32,
    pub empty: u32,
    /// The record, move by move.
    pub moves: Vec<Move>,
    pub last: Option<Move>,
    /// Every stone of the viewer's on their turn, by its cell; empty otherwise.
    pub slides: BTreeMap<Cell, SlideView>,
    /// Seats are still to be taken before the first move.
    pub gathering: bool,
    pub outcome: Option<Outcome>,
    /// Set when the player whose time ran out lost by it.
    pub lost_on_time: Option<Color>,
    /// Set when the player to move left the game, which lost it for them.
    pub left: Option<Color>,
    /// What the table says to everyone: a move played for a player out of time, a loss on
    /// time. A player's own refusals and picks are theirs alone and never here.
    pub notice: Option<Notice>,
}

/// The seat's colour: seat 0 plays Black, seat 1 White.
#[must_use]
pub fn seat_color(seat: usize) -> Option<Color> {
    Color::BOTH.get(seat).copied()
}

/// What `viewer` is shown of `game`.
#[must_use]
pub fn view(game: &HexMatch, viewer: Viewer) -> HexView {
    let position = game.position();
    let board = position.board();
    let cells = board
        .cells()
        .iter()
        .map(|&cell| {
            let hex = board.hex(cell);
            CellView {
                cell,
                q: hex.x,
                r: hex.y,
                stone: position.stone_at(cell),
            }
        })
        .collect();
    let you = viewer.seat().and_then(seat_color);
    let outcome = game.outcome();
    let your_turn = you == Some(position.turn())
        && outcome.is_none()
        && !game.gathering()
        && game.computer_to_move().is_none();
    let slides = if your_turn {
        position
            .stones(position.turn())
            .into_iter()
            .map(|from| {
                let slide = SlideView {
                    group: position.group_of(from),
                    targets: position.slide_targets(from),
                };
                (from, slide)
            })
            .collect()
    } else {
        BTreeMap::new()
    };
    let notice = game
        .notice()
        .filter(|notice| {
            matches!(
                notice,
                Notice::TimeRanOut(_) | Notice::LostOnTime(_) | Notice::Left(_)
            )
        })
        .cloned();
    HexView {
        side: position.side(),
        cells,
        turn: position.turn(),
        you,
        your_turn,
        names: game.names().clone(),
        computers: game
            .seats()
            .map(|seat| matches!(seat, super::Seat::Computer(_))),
        black: position.count(Color::Black),
        white: position.count(Color::White),
        empty: position.empty_count(),
        moves: position.history().to_vec(),
        last: position.last_move(),
        slides,
        gathering: game.gathering(),
        outcome,
        lost_on_time: game.lost_on_time(),
        left: game.left(),
        notice,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{HexIntent, HexSetup, Seat, apply};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn the_player_to_move_alone_is_offered_their_slides_and_everyone_sees_the_same_board() {
        let mut game = HexMatch::from_setup(&HexSetup {
            side: 3,
            ..HexSetup::default()
        });
        for mv in ["A1", "C3", "A2", "C4", "B1"] {
            apply(&mut game, HexIntent::Play(mv.parse().unwrap()));
        }
        let white = view(&game, Viewer::Seat(1));
        let black = view(&game, Viewer::Seat(0));
        let watcher = view(&game, Viewer::Watcher);
        assert_eq!(white.turn, Color::White);
        assert!(white.your_turn && !black.your_turn && !watcher.your_turn);
        assert_eq!(
            (white.you, black.you, watcher.you),
            (Some(Color::White), Some(Color::Black), None)
        );
        assert_eq!(black.cells, watcher.cells);
        assert_eq!(white.cells, watcher.cells);
        assert!(black.slides.is_empty() && watcher.slides.is_empty());
        // White's two stones are a group of two: neither may slide, both may be picked up.
        assert_eq!(white.slides.len(), 2);
        assert!(white.slides.values().all(|slide| slide.targets.is_empty()));
        assert_eq!(white.slides[&cell("C3")].group.len(), 2);
        assert_eq!((white.black, white.white, white.empty), (3, 2, 14));
        assert_eq!(white.cells.len(), 19);
        assert_eq!(white.last, Some("B1".parse().unwrap()));
    }

    /// A thousand random games of sides 3 to 5, some ended by a loss on time or by a player
    /// leaving: every slide offered is legal and every legal slide is offered, only to the
    /// player to move, and the game replayed from its kept moves at any point shows every
    /// viewer the same picture as the game did then.
    #[test]
    fn every_slide_offered_is_legal_and_any_point_replays_to_the_same_picture() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for game_number in 0..1000u64 {
            let setup = HexSetup {
                side: 3 + (game_number % 3) as u8,
                seats: [Seat::Human; 2],
                ..HexSetup::default()
            };
            let mut game = HexMatch::from_setup(&setup);
            let mut pictures = Vec::new();
            while game.outcome().is_none() {
                let seat = game.position().turn().index();
                let picture = view(&game, Viewer::Seat(seat));
                for (from, slide) in &picture.slides {
                    assert!(slide.group.contains(from));
                    for to in &slide.targets {
                        let mv = Move::Slide {
                            from: *from,
                            to: *to,
                        };
                        assert!(game.position().is_legal(mv), "{mv}");
                    }
                }
                let offered: usize = picture.slides.values().map(|s| s.targets.len()).sum();
                let slides = game
                    .position()
                    .legal_moves()
                    .into_iter()
                    .filter(|mv| matches!(mv, Move::Slide { .. }))
                    .count();
                assert_eq!(offered, slides, "every legal slide is offered");
                assert!(view(&game, Viewer::Seat(1 - seat)).slides.is_empty());
                assert!(view(&game, Viewer::Watcher).slides.is_empty());
                pictures.push((game.moves(), picture));
                // Now and then a game ends early, as a room's clock or an absent player ends it.
                let intent = match rng.random_range(0..200) {
                    0 => HexIntent::LoseOnTime,
                    1 => HexIntent::Leave,
                    _ => HexIntent::Play(game.position().random_move(&mut rng).unwrap()),
                };
                apply(&mut game, intent);
            }
            pictures.push((game.moves(), view(&game, Viewer::Watcher)));
            for (moves, picture) in &pictures {
                let replayed = HexMatch::replay(&setup, moves).unwrap();
                let viewer = match picture.you {
                    Some(color) => Viewer::Seat(color.index()),
                    None => Viewer::Watcher,
                };
                assert_eq!(&view(&replayed, viewer), picture, "after {moves:?}");
            }
        }
    }
}
