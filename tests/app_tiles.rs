//! The tile game headless: the turn flow and the board's sprites under injected intents, with
//! the hot-seat privacy and the count of tiles checked after every frame.

#![cfg(feature = "app")]

use abakus::app::testing::tiles_app_with_board;
use abakus::app::tiles::game::{Seat, SeatKind, TilesSetup};
use abakus::app::tiles::{RackTile, Stage, TentativeTile, TilesIntent, TilesMatch};
use abakus::rules::abaku::{Cell, Variants};
use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn table(players: usize, seed: u64, variants: Variants) -> TilesSetup {
    TilesSetup {
        seats: (1..=players)
            .map(|n| Seat {
                name: format!("P{n}"),
                kind: SeatKind::Human,
            })
            .collect(),
        variants,
        board_b: players == 1,
        seed,
    }
}

fn send(app: &mut App, intent: TilesIntent) {
    app.world_mut().write_message(intent);
    app.update();
}

fn count<T: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<T>>()
        .iter(app.world())
        .count()
}

fn game(app: &App) -> &TilesMatch {
    app.world().resource::<TilesMatch>()
}

#[test]
fn no_rack_is_drawn_between_turns() {
    let mut app = tiles_app_with_board(table(2, 5, Variants::default()));
    assert_eq!(game(&app).stage, Stage::HandOver);
    assert_eq!(
        count::<RackTile>(&mut app),
        0,
        "the hand-over shows no rack"
    );
    send(&mut app, TilesIntent::Reveal);
    assert_eq!(count::<RackTile>(&mut app), 5);
    // A tile laid tentatively leaves the rack for the board; the rules position is untouched.
    let before = game(&app).position.clone();
    let start = before.layout().start();
    send(
        &mut app,
        TilesIntent::Lay {
            slot: 0,
            cell: start,
        },
    );
    assert_eq!(count::<TentativeTile>(&mut app), 1);
    assert_eq!(count::<RackTile>(&mut app), 4);
    assert_eq!(game(&app).position, before);
    send(&mut app, TilesIntent::RecallAll);
    assert_eq!(count::<TentativeTile>(&mut app), 0);
    assert_eq!(count::<RackTile>(&mut app), 5);
    send(&mut app, TilesIntent::Pass);
    assert_eq!(game(&app).stage, Stage::HandOver);
    assert_eq!(
        count::<RackTile>(&mut app),
        0,
        "the next player sees no rack yet"
    );
}

#[test]
fn thousands_of_random_inputs_never_lose_a_tile_or_show_a_hidden_rack() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for (players, variants) in [
        (2, Variants::default()),
        (
            3,
            Variants {
                challenge: true,
                ..Variants::default()
            },
        ),
        (
            4,
            Variants {
                spin: true,
                ..Variants::default()
            },
        ),
        (1, Variants::default()),
    ] {
        let mut app = tiles_app_with_board(table(players, rng.random(), variants));
        for _ in 0..1_000 {
            let cell = Cell::new(rng.random_range(0..15), rng.random_range(0..15));
            let intent = match rng.random_range(0..16) {
                0 => TilesIntent::Hold(rng.random_range(0..6)),
                1..=4 => TilesIntent::Lay {
                    slot: rng.random_range(0..6),
                    cell,
                },
                5 => TilesIntent::TapSquare(cell),
                6 => TilesIntent::Shift {
                    from: cell,
                    to: Cell::new(7, 7),
                },
                7 => TilesIntent::TakeBack(cell),
                8 => TilesIntent::Declare(rng.random_range(0..12)),
                9 => TilesIntent::Submit,
                10 => TilesIntent::Pass,
                11 => TilesIntent::Exchange(vec![rng.random_range(0..6)]),
                12 => TilesIntent::Reveal,
                13 => TilesIntent::Undo,
                14 => TilesIntent::Accept,
                _ => TilesIntent::Challenge(rng.random_range(0..players)),
            };
            send(&mut app, intent);
            assert_eq!(game(&app).position.tile_count(), 101, "{players} players");
            if !game(&app).rack_visible() {
                assert_eq!(count::<RackTile>(&mut app), 0, "a rack drawn while hidden");
                assert_eq!(count::<TentativeTile>(&mut app), 0);
            }
        }
    }
}
