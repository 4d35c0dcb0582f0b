//! Thousands of random games played through the match's intents, every viewer's picture
//! looked at after each intent: a seat sees its own rack alone, a watcher none, neither
//! picture changes when the tiles its viewer cannot see are dealt again, and the game replayed
//! from its kept moves shows every viewer what the game did.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::{
    Seat, SeatKind, Stage, TilesIntent, TilesMatch, TilesSave, TilesSetup, apply, random_turn,
};
use super::{TilesView, Viewer, view};
use crate::clock::TurnLimit;
use abakus_rules::abaku::{Scoring, Tile, Variants};

fn random_table(rng: &mut ChaCha8Rng) -> TilesSetup {
    let players = rng.random_range(1..=4);
    TilesSetup {
        seats: (0..players)
            .map(|seat| Seat {
                name: format!("P{}", seat + 1),
                kind: SeatKind::Phone,
            })
            .collect(),
        variants: Variants {
            diagonal: rng.random_bool(0.25),
            result_first: rng.random_bool(0.25),
            scoring: Scoring::ALL[rng.random_range(0..Scoring::ALL.len())],
            spin: players == 2 && rng.random_bool(0.2),
            challenge: players >= 2 && rng.random_bool(0.25),
            ..Variants::default()
        },
        board_b: rng.random_bool(0.5),
        seed: rng.random(),
        turn_limit: TurnLimit::Off,
    }
}

fn sorted(tiles: impl IntoIterator<Item = Tile>) -> Vec<Tile> {
    let mut tiles: Vec<Tile> = tiles.into_iter().collect();
    tiles.sort_unstable();
    tiles
}

fn rack_tiles(picture: &TilesView) -> Vec<Tile> {
    sorted(picture.rack.iter().map(|t| {
        Tile::from_char(t.tile.chars().next().expect("a tile has a letter")).expect("a tile")
    }))
}

/// What each viewer may be shown, checked against the game itself.
fn check_each_viewer(game: &TilesMatch) {
    let position = game.position();
    let over = position.is_over();
    let watcher = view(game, Viewer::Watcher);
    assert!(watcher.rack.is_empty() && !watcher.laying && watcher.held.is_none());
    assert!(watcher.joker.is_none() && !watcher.can_submit);
    assert_eq!(watcher.ending.is_some(), over);
    for seat in 0..position.players().len() {
        let picture = view(game, Viewer::Seat(seat));
        assert_eq!(picture.seat, Some(seat));
        assert_eq!(picture.ending.is_some(), over);
        let own = if picture.laying {
            // On its turn a seat's rack is the turn's tiles not yet laid (a digit put on the
            // blank joker has already left the turn's rack for the joker).
            let laid: Vec<usize> = game.tentative().iter().map(|t| t.slot).collect();
            let rack = game.turn_rack();
            sorted(
                (0..rack.len())
                    .filter(|slot| !laid.contains(slot))
                    .filter(|&slot| !matches!(game.stage(), Stage::JokerDigit { slot: s, .. } if s == slot))
                    .map(|slot| rack[slot]),
            )
        } else {
            sorted(position.rack(seat).iter().copied())
        };
        assert_eq!(
            rack_tiles(&picture),
            own,
            "seat {seat} is shown its own rack"
        );
        assert!(picture.laying == (seat == position.to_move() && picture.laying));
        // Everything but the rack, the seat and what the laying player alone sees is the
        // watcher's picture.
        let public = TilesView {
            seat: None,
            rack: Vec::new(),
            laying: false,
            held: None,
            joker: None,
            can_submit: false,
            unseen: watcher.unseen.clone(),
            ..picture.clone()
        };
        assert!(
            public == watcher,
            "seat {seat} and a watcher see one table: {}",
            differences(&public, &watcher)
        );
    }
}

/// The pictures of the viewers whose hidden tiles can be dealt again without touching a tile
/// on the board do not change when they are: nothing in them tells those tiles.
fn check_hidden_tiles_untold(game: &TilesMatch, rng: &mut ChaCha8Rng) {
    let position = game.position();
    if position.is_over() {
        // Every rack may be seen now.
        return;
    }
    let mover = position.to_move();
    let turn_untouched = game.tentative().is_empty()
        && game.replacing().is_none()
        && !matches!(game.stage(), Stage::JokerDigit { .. });
    let players = position.players().len();
    for seat in 0..players {
        // While the mover has tiles out, dealing their rack again would change the board.
        if !turn_untouched && seat != mover {
            continue;
        }
        let mut other = game.clone();
        other.position = position.with_hidden_dealt_again(seat, rng);
        let (dealt_again, as_it_is) = (
            view(&other, Viewer::Seat(seat)),
            view(game, Viewer::Seat(seat)),
        );
        assert!(
            dealt_again == as_it_is,
            "seat {seat}'s picture tells of the tiles it cannot see: {}",
            differences(&dealt_again, &as_it_is)
        );
    }
    if turn_untouched {
        let mut other = game.clone();
        for seat in 0..players {
            other.position = other
                .position
                .with_hidden_dealt_again((seat + 1) % players, rng);
        }
        let (dealt_again, as_it_is) = (view(&other, Viewer::Watcher), view(game, Viewer::Watcher));
        assert!(
            dealt_again == as_it_is,
            "a watcher's picture tells of the racks: {}",
            differences(&dealt_again, &as_it_is)
        );
    }
}

/// The fields in which two pictures differ, with both values.
fn differences(one: &TilesView, other: &TilesView) -> String {
    let fields = |picture: &TilesView| {
        let mut fields = match serde_json::to_value(picture) {
            Ok(serde_json::Value::Object(fields)) => fields,
            _ => serde_json::Map::new(),
        };
        fields.insert("preview".into(), format!("{:?}", picture.preview).into());
        fields.insert("notice".into(), format!("{:?}", picture.notice).into());
        fields.insert("ending".into(), format!("{:?}", picture.ending).into());
        fields
    };
    let (one, other) = (fields(one), fields(other));
    one.iter()
        .filter(|(name, value)| other.get(*name) != Some(value))
        .map(|(name, value)| format!("{name}: {value} / {}", other[name]))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Now and then something a person does besides laying: picking a tile up, mixing the rack,
/// taking a tile back, challenging.
fn fidget(game: &mut TilesMatch, rng: &mut ChaCha8Rng) {
    let rack = game.turn_rack().len();
    let intent = match rng.random_range(0..6) {
        0 if rack > 0 => TilesIntent::Hold(rng.random_range(0..rack)),
        1 => TilesIntent::Shuffle(rng.random()),
        2 if rack > 1 => TilesIntent::Reorder {
            slot: rng.random_range(0..rack),
            before: rng.random_range(0..=rack),
        },
        3 => TilesIntent::RecallAll,
        4 => match game.tentative().first() {
            Some(laid) => TilesIntent::TakeBack(laid.cell),
            None => return,
        },
        _ => return,
    };
    apply(game, intent);
}

fn play_one(seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = TilesMatch::new(random_table(&mut rng)).expect("a table the rules accept");
    let players = game.position().players().len();
    let mut turns = 0;
    while !game.position().is_over() && turns < 300 {
        check_each_viewer(&game);
        check_hidden_tiles_untold(&game, &mut rng);
        if turns % 5 == 0 {
            check_replayed_from_its_moves(&game);
        }
        match game.stage() {
            Stage::HandOver => {
                apply(&mut game, TilesIntent::Reveal);
                continue;
            }
            Stage::ChallengeWindow => {
                let mover = game.position().pending().expect("a move waits").player;
                let intent = if rng.random_bool(0.3) {
                    TilesIntent::Challenge((mover + 1) % players)
                } else {
                    TilesIntent::Accept
                };
                apply(&mut game, intent);
                continue;
            }
            _ => {}
        }
        if rng.random_bool(0.2) {
            fidget(&mut game, &mut rng);
            check_each_viewer(&game);
        }
        for intent in random_turn(&game, &mut rng) {
            apply(&mut game, intent);
            check_each_viewer(&game);
            check_hidden_tiles_untold(&game, &mut rng);
        }
        turns += 1;
    }
    check_each_viewer(&game);
    check_replayed_from_its_moves(&game);
    turns
}

/// The game replayed from the moves a store keeps shows every viewer the same picture as the
/// game itself between turns, but for the sentence of the moment (who scored what just now):
/// what a page is sent after a restart is what it was sent before. (A move waiting in the
/// challenge window replays with the window open: a room keeps the acceptance itself.)
fn check_replayed_from_its_moves(game: &TilesMatch) {
    let between_turns = matches!(game.stage(), Stage::Turn) && game.tentative().is_empty();
    let settled = game.position().pending().is_none() && between_turns;
    if !settled && !game.position().is_over() {
        return;
    }
    let save = TilesSave {
        setup: game.setup().clone(),
        moves: game.moves().to_vec(),
    };
    let replayed = TilesMatch::replay(&save).expect("its moves replay");
    let seats = game.setup().seats.len();
    for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Watcher]) {
        let (mut live, again) = (view(game, viewer), view(&replayed, viewer));
        live.notice.clone_from(&again.notice);
        assert!(
            live == again,
            "{viewer:?} after {:?}:\n{}",
            save.moves,
            differences(&live, &again)
        );
    }
}

/// Plays these games, and says how many turns they took.
fn play_games(seeds: std::ops::Range<u64>) -> usize {
    seeds.map(play_one).sum()
}

// Two halves of four hundred games, which the test runner plays side by side. Every random
// placement is drawn from all the legal ones, which costs most of the time.
#[test]
fn every_viewer_sees_its_own_tiles_alone_in_random_games() {
    let turns = play_games(0..200);
    assert!(turns > 4_000, "the games were played: {turns} turns");
}

#[test]
fn every_viewer_sees_its_own_tiles_alone_in_more_random_games() {
    let turns = play_games(200..400);
    assert!(turns > 4_000, "the games were played: {turns} turns");
}

#[test]
fn a_game_at_its_end_shows_every_rack_to_everyone() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut game = TilesMatch::new(TilesSetup {
        seats: (0..3)
            .map(|seat| Seat {
                name: format!("P{seat}"),
                kind: SeatKind::Phone,
            })
            .collect(),
        variants: Variants::default(),
        board_b: false,
        seed: 7,
        turn_limit: TurnLimit::Off,
    })
    .unwrap();
    while !game.position().is_over() {
        if game.stage() == Stage::HandOver {
            apply(&mut game, TilesIntent::Reveal);
        }
        for intent in random_turn(&game, &mut rng) {
            apply(&mut game, intent);
        }
    }
    let racks: Vec<String> = (0..3)
        .map(|seat| {
            game.position()
                .rack(seat)
                .iter()
                .map(|t| t.to_char())
                .collect()
        })
        .collect();
    for viewer in [Viewer::Watcher, Viewer::Seat(0), Viewer::Seat(2)] {
        assert_eq!(view(&game, viewer).ending.expect("over").racks, racks);
    }
}
