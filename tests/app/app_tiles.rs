//! The tile game headless: the turn flow and the board's sprites under injected intents, with
//! the hot-seat privacy and the count of tiles checked after every frame.

use abakus::app::testing::{finish_background_work, tiles_app_with_board};
use abakus::app::tiles::game::{Seat, SeatKind, TilesNotice, TilesSetup};
use abakus::app::tiles::{
    BoardTile, RackTile, Stage, TentativeTile, TilesIntent, TilesLayout, TilesMatch,
};
use abakus_rules::abaku::{Cell, Move, Square, Tile, Variants};
use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A table of people named P1, P2 and so on, on board A unless one plays alone.
pub(crate) fn table(players: usize, seed: u64, variants: Variants) -> TilesSetup {
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
        turn_limit: abakus::app::shell::turn_clock::TurnLimit::Off,
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
    assert_eq!(game(&app).stage(), Stage::HandOver);
    assert_eq!(
        count::<RackTile>(&mut app),
        0,
        "the hand-over shows no rack"
    );
    send(&mut app, TilesIntent::Reveal);
    assert_eq!(count::<RackTile>(&mut app), 5);
    // A tile laid tentatively leaves the rack for the board; the rules position is untouched.
    let before = game(&app).position().clone();
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
    assert_eq!(game(&app).position(), &before);
    send(&mut app, TilesIntent::RecallAll);
    assert_eq!(count::<TentativeTile>(&mut app), 0);
    assert_eq!(count::<RackTile>(&mut app), 5);
    send(&mut app, TilesIntent::Pass);
    assert_eq!(game(&app).stage(), Stage::HandOver);
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
            assert_eq!(game(&app).position().tile_count(), 101, "{players} players");
            if !game(&app).rack_visible() {
                assert_eq!(count::<RackTile>(&mut app), 0, "a rack drawn while hidden");
                assert_eq!(count::<TentativeTile>(&mut app), 0);
            }
        }
    }
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
    app.update();
}

fn digit_key(digit: u8) -> KeyCode {
    [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ][usize::from(digit)]
}

#[test]
fn arrows_and_digit_keys_lay_tiles_in_a_line_and_backspace_takes_the_last_back() {
    let mut app = tiles_app_with_board(table(1, 8, Variants::default()));
    let start = game(&app).position().layout().start();
    let digits: Vec<u8> = game(&app)
        .turn_rack()
        .iter()
        .filter_map(|tile| match tile {
            Tile::Digit(d) => Some(*d),
            Tile::Joker => None,
        })
        .collect();
    // Right shows the cursor on the start square, going across.
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, digit_key(digits[0]));
    press(&mut app, digit_key(digits[1]));
    let laid: Vec<Cell> = game(&app).tentative().iter().map(|t| t.cell).collect();
    assert_eq!(laid, [start, Cell::new(start.col + 1, start.row)]);
    assert_eq!(count::<TentativeTile>(&mut app), 2);
    // Backspace takes back the tile before the cursor, as typing does.
    press(&mut app, KeyCode::Backspace);
    let laid: Vec<Cell> = game(&app).tentative().iter().map(|t| t.cell).collect();
    assert_eq!(laid, [start]);
    // Down turns the line: the next digit goes below the cursor's square.
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, digit_key(digits[2]));
    let below = Cell::new(start.col + 1, start.row + 1);
    assert!(game(&app).tentative().iter().any(|t| t.cell == below));
    assert_eq!(game(&app).position().tile_count(), 101);
}

#[test]
fn new_tiles_come_out_of_the_bag_and_come_to_rest_on_the_rack() {
    let mut app = tiles_app_with_board(table(1, 4, Variants::default()));
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(20),
    ));
    let layout = *app.world().resource::<TilesLayout>();
    let bag = layout.bag_place();
    let near_bag = app
        .world_mut()
        .query_filtered::<&Transform, With<RackTile>>()
        .iter(app.world())
        .filter(|transform| transform.translation.truncate().distance(bag) < layout.square)
        .count();
    assert!(near_bag >= 1, "the first tiles wait at the bag");
    for _ in 0..100 {
        app.update();
    }
    let rack = game(&app).rack_in_order().len();
    let mut xs: Vec<f32> = app
        .world_mut()
        .query_filtered::<&Transform, With<RackTile>>()
        .iter(app.world())
        .map(|transform| {
            assert_eq!(transform.scale, Vec3::ONE);
            transform.translation.x
        })
        .collect();
    xs.sort_by(f32::total_cmp);
    let places: Vec<f32> = (0..rack).map(|i| layout.rack_place(i, rack).x).collect();
    assert_eq!(xs.len(), places.len());
    for (x, place) in xs.iter().zip(&places) {
        assert!((x - place).abs() < 0.01, "{x} at rest, not {place}");
    }
}

/// Lays a placement through the turn flow's intents, tile by tile from the free rack slots.
fn lay_placement(app: &mut App, placement: &abakus_rules::abaku::Placement) {
    for put in &placement.puts {
        let game = game(app);
        let rack = game.turn_rack();
        let wanted = put.laid.tile();
        let slot = game
            .free_slots()
            .into_iter()
            .find(|&slot| rack[slot] == wanted)
            .expect("the rack holds the tile");
        send(
            app,
            TilesIntent::Lay {
                slot,
                cell: put.cell,
            },
        );
        if let abakus_rules::abaku::Laid::Joker(digit) = put.laid {
            send(app, TilesIntent::Declare(digit));
        }
    }
}

#[test]
fn spin_tiles_turned_by_a_turn_flip_over_on_the_board() {
    let app = tiles_app_with_board(spin_table());
    // A tile seen edge-on is drawn narrow; flat again, at its full width.
    play_spin_counting_flips(app, |app, edge_on| {
        let narrow = if edge_on { 0.9 } else { 0.99 };
        app.world_mut()
            .query_filtered::<&Transform, With<BoardTile>>()
            .iter(app.world())
            .filter(|transform| transform.scale.x < narrow)
            .count()
    });
}

/// On the 3D table the turned tiles' blocks turn over about their upright axis.
#[test]
fn spin_tiles_turn_over_on_the_table_too() {
    use abakus::app::base::settings::Settings;
    use abakus::app::base::settings::TableView;
    use abakus::app::table::pieces::Shows;
    use abakus::app::testing::tiles_app_with_table;

    let mut app = tiles_app_with_table(spin_table());
    app.world_mut().resource_mut::<Settings>().table_view = Some(TableView::Table);
    play_spin_counting_flips(app, |app, edge_on| {
        let turned = if edge_on { 0.3 } else { 0.01 };
        app.world_mut()
            .query_filtered::<&Transform, With<Shows>>()
            .iter(app.world())
            .filter(|transform| transform.rotation.y.abs() > turned)
            .count()
    });
}

fn spin_table() -> TilesSetup {
    table(
        2,
        31,
        Variants {
            spin: true,
            ..Variants::default()
        },
    )
}

/// Plays a Spin Abaku game of best placements and checks, half a second after each turn,
/// that `turning(app, true)` counts every tile the turn turned over, and later that
/// `turning(app, false)` finds none still turning.
fn play_spin_counting_flips(mut app: App, turning: impl Fn(&mut App, bool) -> usize) {
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(50),
    ));
    let mut flips_seen = 0;
    for _ in 0..40 {
        send(&mut app, TilesIntent::Reveal);
        let best = {
            let position = &game(&app).position();
            position
                .legal_placements()
                .into_iter()
                .filter(|p| p.replace.is_none())
                .filter_map(|p| position.evaluate(&p).ok().map(|s| (s.points, p)))
                .max_by_key(|(points, _)| *points)
        };
        let Some((_, placement)) = best else {
            send(&mut app, TilesIntent::Pass);
            continue;
        };
        lay_placement(&mut app, &placement);
        send(&mut app, TilesIntent::Submit);
        let flipped = game(&app)
            .position()
            .history()
            .last()
            .map_or(0, |record| record.flipped.len());
        // Half a second on, the turned tiles are seen edge-on; later all lie flat again.
        for _ in 0..10 {
            app.update();
        }
        assert_eq!(
            turning(&mut app, true),
            flipped,
            "every turned tile, and only those, flips"
        );
        flips_seen += flipped;
        for _ in 0..20 {
            app.update();
        }
        assert_eq!(turning(&mut app, false), 0, "the flips are over");
        if game(&app).stage() == Stage::Over {
            break;
        }
    }
    assert!(flips_seen > 0, "the game turned some tiles");
}

#[test]
fn a_computer_seat_plays_its_turns_and_its_rack_is_never_drawn() {
    use abakus::app::tiles::game::SeatKind;
    use abakus_rules::abaku::ai::Level;
    let mut setup = table(2, 12, Variants::default());
    setup.seats[1].kind = SeatKind::Computer(Level::Normal);
    let mut app = tiles_app_with_board(setup);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    let began = std::time::Instant::now();
    // The computer's choice runs beside the frames: after a frame the test waits until it is
    // chosen, and the app plays it when the table would, a moment later.
    let mut steps = 0;
    while game(&app).moves().len() < 6 && steps < 500 {
        steps += 1;
        if game(&app).computer_to_move().is_some() {
            assert_eq!(
                count::<RackTile>(&mut app),
                0,
                "the computer's rack is drawn"
            );
            // Nothing a person does lands while the computer lays its tiles.
            send(&mut app, TilesIntent::Pass);
        } else if game(&app).stage() == Stage::Turn {
            // The person swaps a tile (three passes in a row would lose the game); their rack
            // is shown, and only theirs.
            assert!(count::<RackTile>(&mut app) > 0);
            send(&mut app, TilesIntent::Exchange(vec![0]));
        }
        app.update();
        finish_background_work(&mut app);
    }
    println!(
        "six turns in {steps} steps, {:.1} s",
        began.elapsed().as_secs_f32()
    );
    let game = game(&app);
    assert!(
        game.moves().len() >= 6,
        "six turns within 500 steps: {:?}",
        game.moves()
    );
    let by_computer = game.log().iter().filter(|entry| entry.player == 1).count();
    assert!(
        by_computer >= 3,
        "the computer took its turns: {:?}",
        game.moves()
    );
    assert_eq!(game.position().tile_count(), 101);
}

#[test]
fn a_hint_lays_a_legal_placement_from_the_askers_rack() {
    let mut app = tiles_app_with_board(table(1, 21, Variants::default()));
    let before = game(&app).position().clone();
    send(&mut app, TilesIntent::Hint);
    let advised = |app: &App| {
        let game = game(app);
        !game.tentative().is_empty()
            || matches!(game.notice(), Some(TilesNotice::ExchangeAdvised { .. }))
    };
    for _ in 0..20 {
        if advised(&app) {
            break;
        }
        app.update();
        finish_background_work(&mut app);
    }
    assert!(advised(&app), "no hint came within 20 frames");
    let game = game(&app);
    // The hard level's advice: tiles laid where they score, or (rarely, with a poor rack)
    // an exchange named on the panel.
    if let Some(TilesNotice::ExchangeAdvised { tiles }) = game.notice() {
        assert!(*tiles > 0 && game.tentative().is_empty());
    } else {
        assert!(!game.tentative().is_empty(), "the hint laid tiles");
        assert!(game.can_submit(), "the hint is a legal placement");
    }
    assert_eq!(
        game.position(),
        &before,
        "laid tentatively, nothing submitted"
    );
}

/// A single rack tile the rules take for now in the challenge variant but that breaks the
/// placement rules, so a careful player challenges it.
fn wrong_single_tile(position: &abakus_rules::abaku::Position) -> abakus_rules::abaku::Placement {
    use abakus_rules::abaku::{Laid, Placement, Put};
    let layout = position.layout();
    let rack = position.rack(position.to_move());
    (0..layout.height() as u8)
        .flat_map(|row| (0..layout.width() as u8).map(move |col| Cell::new(col, row)))
        .flat_map(|cell| {
            rack.iter().filter_map(move |tile| match tile {
                Tile::Digit(d) => Some(Placement {
                    replace: None,
                    puts: vec![Put {
                        cell,
                        laid: Laid::Digit(*d),
                    }],
                }),
                Tile::Joker => None,
            })
        })
        .find(|placement| {
            position.accepts(placement).is_ok() && position.evaluate(placement).is_err()
        })
        .expect("some single tile breaks the rules")
}

#[test]
fn a_computer_challenges_a_move_that_breaks_the_rules_and_lets_a_right_one_stand() {
    use abakus_rules::abaku::ai::Level;
    let mut setup = table(
        2,
        5,
        Variants {
            challenge: true,
            ..Variants::default()
        },
    );
    setup.seats[1].kind = SeatKind::Computer(Level::Normal);
    let mut app = tiles_app_with_board(setup);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    let mut wrong_moves = 0;
    let mut right_moves_stood = 0;
    for _ in 0..500 {
        if wrong_moves == 2 {
            break;
        }
        let stage = game(&app).stage();
        let pending = game(&app).position().pending();
        if stage == Stage::ChallengeWindow && pending.is_some_and(|p| p.player == 1) {
            // The computer's own move: the person lets it stand.
            send(&mut app, TilesIntent::Accept);
            right_moves_stood += 1;
        } else if stage == Stage::Turn && game(&app).computer_to_move().is_none() {
            send(&mut app, TilesIntent::Reveal);
            let placement = wrong_single_tile(game(&app).position());
            lay_placement(&mut app, &placement);
            send(&mut app, TilesIntent::Submit);
            assert_eq!(game(&app).stage(), Stage::ChallengeWindow);
            // The computer reads the move for a moment, then challenges it.
            let upheld = |app: &App| {
                game(app).position().history().last().is_some_and(|record| {
                    record.action == Move::Challenge(1) && record.withdrawn.is_some()
                })
            };
            for _ in 0..30 {
                if upheld(&app) {
                    break;
                }
                app.update();
            }
            assert!(upheld(&app), "{:?}", game(&app).moves());
            let game = game(&app);
            assert!(matches!(
                game.notice(),
                Some(TilesNotice::Challenged {
                    challenger: 1,
                    upheld: true
                })
            ));
            assert!(game.position().pending().is_none());
            let cell = placement.puts[0].cell;
            assert_eq!(
                game.position().square(cell),
                Square::Empty,
                "the tile went back"
            );
            wrong_moves += 1;
        } else if stage == Stage::HandOver {
            send(&mut app, TilesIntent::Reveal);
        }
        app.update();
        finish_background_work(&mut app);
    }
    assert_eq!(
        wrong_moves,
        2,
        "two wrong moves challenged within 500 steps: {:?}",
        game(&app).moves()
    );
    assert!(
        right_moves_stood >= 1,
        "the computer played and was not challenged"
    );
}

#[test]
fn when_the_turn_timer_runs_out_the_tiles_go_back_and_the_turn_passes() {
    use abakus::app::shell::turn_clock::{TurnClock, TurnLimit};
    let mut setup = table(1, 8, Variants::default());
    setup.turn_limit = TurnLimit::Seconds(3);
    let mut app = tiles_app_with_board(setup);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    send(&mut app, TilesIntent::Reveal);
    let start = game(&app).position().layout().start();
    send(
        &mut app,
        TilesIntent::Lay {
            slot: 0,
            cell: start,
        },
    );
    assert_eq!(game(&app).tentative().len(), 1);
    let rack_before = game(&app).position().rack(0).to_vec();
    for _ in 0..20 {
        app.update();
    }
    assert!(
        game(&app).position().history().is_empty(),
        "time is not up yet"
    );
    assert!(app.world().resource::<TurnClock>().left().is_some());
    for _ in 0..15 {
        app.update();
    }
    let game = game(&app);
    assert!(game.tentative().is_empty(), "the laid tile went back");
    assert_eq!(
        game.position()
            .history()
            .last()
            .map(|record| &record.action),
        Some(&Move::Pass)
    );
    assert_eq!(
        game.position().rack(0),
        &rack_before[..],
        "the rack is whole"
    );
    assert!(matches!(
        game.notice(),
        Some(TilesNotice::TimeRanOut { player: 0 })
    ));
}

/// Frames (of 20 ms) until the first rack's tiles have come out of the bag and rest in their
/// places, at this animation speed.
fn frames_until_the_rack_rests(speed: abakus::app::base::settings::AnimationSpeed) -> usize {
    let mut app = tiles_app_with_board(table(1, 4, Variants::default()));
    app.world_mut()
        .resource_mut::<abakus::app::base::settings::Settings>()
        .animation_speed = speed;
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(20),
    ));
    let layout = *app.world().resource::<TilesLayout>();
    let rack = game(&app).rack_in_order().len();
    let places: Vec<f32> = (0..rack).map(|i| layout.rack_place(i, rack).x).collect();
    for frame in 0..1_000 {
        let mut xs: Vec<f32> = app
            .world_mut()
            .query_filtered::<&Transform, With<RackTile>>()
            .iter(app.world())
            .map(|transform| transform.translation.x)
            .collect();
        xs.sort_by(f32::total_cmp);
        if xs.len() == places.len() && xs.iter().zip(&places).all(|(x, p)| (x - p).abs() < 0.01) {
            return frame;
        }
        app.update();
    }
    panic!("the rack never came to rest at {speed:?}");
}

#[test]
fn the_animation_speed_setting_makes_tiles_move_calmly_or_briskly() {
    use abakus::app::base::settings::AnimationSpeed;
    let calm = frames_until_the_rack_rests(AnimationSpeed::Calm);
    let normal = frames_until_the_rack_rests(AnimationSpeed::Normal);
    let brisk = frames_until_the_rack_rests(AnimationSpeed::Brisk);
    assert!(calm > normal && normal > brisk, "{calm} {normal} {brisk}");
    // Calm runs at 0.6 and brisk at 1.7 times the normal speed.
    assert!(calm as f32 > brisk as f32 * 2.0, "{calm} {brisk}");
}

/// The board goes onto the 3D table and back without the match noticing: every tile drawn
/// flat gets its block there, the hand-over shows no rack on the table either, and going
/// flat takes every mesh away again.
#[test]
fn the_view_switch_keeps_the_match_and_the_table_shows_no_hidden_rack() {
    use abakus::app::base::settings::Settings;
    use abakus::app::base::settings::TableView;
    use abakus::app::table::pieces::Shows;
    use abakus::app::table::view::ShownView;
    use abakus::app::testing::tiles_app_with_table;

    fn blocks_on<T: Component>(app: &mut App) -> usize {
        let shown: Vec<Entity> = app
            .world_mut()
            .query::<&Shows>()
            .iter(app.world())
            .map(|shows| shows.0)
            .collect();
        shown
            .into_iter()
            .filter(|&entity| app.world().get::<T>(entity).is_some())
            .count()
    }
    fn meshes(app: &mut App) -> usize {
        app.world_mut().query::<&Mesh3d>().iter(app.world()).count()
    }
    fn settle(app: &mut App) {
        for _ in 0..40 {
            app.update();
        }
    }

    let mut app = tiles_app_with_table(table(2, 5, Variants::default()));
    send(&mut app, TilesIntent::Reveal);
    let start = game(&app).position().layout().start();
    send(
        &mut app,
        TilesIntent::Lay {
            slot: 0,
            cell: start,
        },
    );
    settle(&mut app);
    let before = (
        game(&app).position().clone(),
        game(&app).tentative().to_vec(),
    );
    assert_eq!(meshes(&mut app), 0, "the flat board has no meshes");
    for view in [TableView::Table, TableView::Flat, TableView::Table] {
        app.world_mut().resource_mut::<Settings>().table_view = Some(view);
        settle(&mut app);
        assert_eq!(
            app.world().resource::<ShownView>().on_table,
            view == TableView::Table
        );
        let now = (
            game(&app).position().clone(),
            game(&app).tentative().to_vec(),
        );
        assert_eq!(now, before, "{view:?}");
        let expected = match view {
            TableView::Table => (4, 1),
            TableView::Flat => (0, 0),
        };
        let found = (
            blocks_on::<RackTile>(&mut app),
            blocks_on::<TentativeTile>(&mut app),
        );
        assert_eq!(found, expected, "{view:?}");
        if view == TableView::Flat {
            assert_eq!(meshes(&mut app), 0, "flat again, the table is cleared");
        }
    }
    // On the table the game goes on: the tile goes back, the turn passes, and the hand-over
    // shows the next player's rack nowhere, flat or on the table.
    send(&mut app, TilesIntent::RecallAll);
    settle(&mut app);
    assert_eq!(blocks_on::<RackTile>(&mut app), 5);
    send(&mut app, TilesIntent::Pass);
    settle(&mut app);
    assert_eq!(game(&app).stage(), Stage::HandOver);
    assert_eq!(count::<RackTile>(&mut app), 0);
    assert_eq!(blocks_on::<RackTile>(&mut app), 0, "no rack on the table");
    assert!(meshes(&mut app) > 0, "the tray stays laid");
    send(&mut app, TilesIntent::Reveal);
    settle(&mut app);
    assert_eq!(
        blocks_on::<RackTile>(&mut app),
        5,
        "the next player's own rack"
    );
}
