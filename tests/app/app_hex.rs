//! Headless app tests: the hex game's turn flow driven through intents and keys.

use abakus::app::base::statistics::{CountNothing, Statistics};
use abakus::app::hex::{HexIntent, HexMatch, HexPhase, Seat, TimeOut};
use abakus::app::shell::turn_clock::TurnLimit;
use abakus::app::testing::{finish_background_work, hex_app};
use abakus_rules::hex::{Cell, Color, Position};
use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn send(app: &mut App, intent: HexIntent) {
    app.world_mut().write_message(intent);
    app.update();
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

fn position(app: &App) -> &Position {
    app.world().resource::<HexMatch>().position()
}

/// Clicks every cell in the board's order, each a placement, until the board is full; returns
/// the cells in that order.
fn fill_the_board(app: &mut App) -> Vec<Cell> {
    let cells: Vec<Cell> = position(app).board().cells().to_vec();
    for &c in &cells {
        send(app, HexIntent::Click(c));
    }
    app.update();
    cells
}

#[test]
fn a_click_on_an_empty_cell_places_a_stone() {
    let mut app = hex_app(5);
    send(&mut app, HexIntent::Click(cell("E5")));
    assert_eq!(position(&app).stone_at(cell("E5")), Some(Color::Black));
    assert_eq!(position(&app).turn(), Color::White);
}

#[test]
fn selecting_a_stone_and_clicking_a_marked_cell_slides_it() {
    let mut app = hex_app(5);
    app.insert_resource(HexMatch::from_position(
        Position::from_record(5, "E5 A1 E6 A3 E7 A5 E8 I9 H5 I7 I5 C1").unwrap(),
    ));
    send(&mut app, HexIntent::Click(cell("E5")));
    let selection = app
        .world()
        .resource::<HexMatch>()
        .selection()
        .cloned()
        .unwrap();
    assert_eq!(selection.group.len(), 4);
    assert!(selection.targets.contains(&cell("G5")));
    send(&mut app, HexIntent::Click(cell("G5")));
    assert_eq!(position(&app).stone_at(cell("G5")), Some(Color::Black));
    assert_eq!(position(&app).stone_at(cell("E5")), None);
    assert_eq!(position(&app).last_move(), Some("E5-G5".parse().unwrap()));
}

#[test]
fn an_illegal_click_changes_nothing_but_the_message() {
    let mut app = hex_app(5);
    send(&mut app, HexIntent::Click(cell("E5")));
    let before = position(&app).clone();
    // White clicks Black's stone, then a cell off the board.
    send(&mut app, HexIntent::Click(cell("E5")));
    send(&mut app, HexIntent::Click(cell("A9")));
    assert_eq!(position(&app), &before);
    assert!(app.world().resource::<HexMatch>().notice().is_some());
}

#[test]
fn undo_and_redo_by_key() {
    let mut app = hex_app(4);
    for name in ["A1", "B2", "C3"] {
        send(&mut app, HexIntent::Click(cell(name)));
    }
    press(&mut app, KeyCode::KeyU);
    press(&mut app, KeyCode::KeyU);
    assert_eq!(position(&app).record(), "A1");
    press(&mut app, KeyCode::KeyR);
    assert_eq!(position(&app).record(), "A1 B2");
    for _ in 0..5 {
        press(&mut app, KeyCode::KeyU);
    }
    assert_eq!(
        position(&app).record(),
        "",
        "undo goes back to the start and no further"
    );
}

#[test]
fn a_full_board_ends_the_game() {
    let mut app = hex_app(3);
    fill_the_board(&mut app);
    assert!(position(&app).is_full());
    assert_eq!(
        *app.world().resource::<State<HexPhase>>().get(),
        HexPhase::Over
    );
    let outcome = position(&app).outcome().unwrap();
    assert_eq!(outcome.winner, Color::White);
    // Undo reopens the game.
    press(&mut app, KeyCode::KeyU);
    assert_eq!(
        *app.world().resource::<State<HexPhase>>().get(),
        HexPhase::Playing
    );
}

#[test]
fn a_finished_game_counts_once_in_each_persons_statistics() {
    let mut app = hex_app(3);
    let cells = fill_the_board(&mut app);
    let record = |app: &App, name: &str| {
        app.world().resource::<Statistics>().players[name]["abakus"].clone()
    };
    let (black, white) = (record(&app, "Player 1"), record(&app, "Player 2"));
    assert_eq!((black.played, black.won, black.streak), (1, 0, 0));
    assert_eq!((white.played, white.won, white.longest_streak), (1, 1, 1));
    assert!(white.average_margin().is_some_and(|stones| stones > 0.0));
    // Taking the last move back and ending the game again does not count it twice.
    press(&mut app, KeyCode::KeyU);
    send(&mut app, HexIntent::Click(*cells.last().unwrap()));
    assert!(position(&app).is_full());
    assert_eq!(record(&app, "Player 2").played, 1);
    // A game that comes onto the screen already over (as a loaded one) is not counted then.
    let full = position(&app).clone();
    app.insert_resource(HexMatch::from_position(full).named(["Ann".into(), "Bo".into()]));
    app.update();
    app.update();
    assert!(
        !app.world()
            .resource::<Statistics>()
            .players
            .contains_key("Ann")
    );
}

#[test]
fn a_kiosks_games_never_count() {
    let mut app = hex_app(3);
    app.insert_resource(CountNothing);
    fill_the_board(&mut app);
    assert!(position(&app).is_full());
    assert!(app.world().resource::<Statistics>().players.is_empty());
}

#[test]
fn thousands_of_random_inputs_never_break_the_game() {
    let mut app = hex_app(4);
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let keys = [
        KeyCode::KeyU,
        KeyCode::KeyR,
        KeyCode::Escape,
        KeyCode::KeyH,
        KeyCode::KeyM,
    ];
    for _ in 0..3000 {
        match rng.random_range(0..10) {
            0..=6 => {
                // Includes cells off the board and far outside it.
                let c = Cell::new(rng.random_range(0..10), rng.random_range(0..10));
                app.world_mut().write_message(HexIntent::Click(c));
            }
            7 => {
                let intent = [
                    HexIntent::Undo,
                    HexIntent::Redo,
                    HexIntent::Cancel,
                    HexIntent::Restart,
                ][rng.random_range(0..4)];
                app.world_mut().write_message(intent);
            }
            _ => {
                let key = keys[rng.random_range(0..keys.len())];
                app.world_mut()
                    .resource_mut::<ButtonInput<KeyCode>>()
                    .press(key);
            }
        }
        app.update();
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        input.release_all();
        input.clear();
        let game = app.world().resource::<HexMatch>();
        let replayed = Position::from_record(4, &game.position().record()).unwrap();
        assert_eq!(
            &replayed,
            game.position(),
            "the position stays a legal game"
        );
    }
}

/// A board waiting for a person asks the window for no frames; a stone dropping onto it does,
/// until it has landed.
#[test]
fn only_a_moving_board_asks_for_frames() {
    use abakus::app::testing::hex_app_with_board;
    use bevy::window::RequestRedraw;

    let mut app = hex_app_with_board(4);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(16),
    ));
    // Counts the asks written since the last look, whichever buffer they are in.
    let mut cursor = app
        .world()
        .resource::<Messages<RequestRedraw>>()
        .get_cursor_current();
    let mut asks = |app: &mut App| {
        app.update();
        let messages = app.world().resource::<Messages<RequestRedraw>>();
        cursor.read(messages).count() > 0
    };
    // A new board's sharp painting is made beside the frames, which keep coming until it is
    // shown: in a test build that takes longer than a few frames do.
    let settled = |app: &mut App, asks: &mut dyn FnMut(&mut App) -> bool| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let mut frames = 0;
        while std::time::Instant::now() < deadline || frames < 120 {
            frames += 1;
            if !asks(app) {
                return true;
            }
        }
        false
    };
    assert!(settled(&mut app, &mut asks), "the new board comes to rest");
    assert!(!asks(&mut app), "a resting board asks for no frame");
    send(&mut app, HexIntent::Click(cell("D4")));
    assert!(asks(&mut app), "the stone's drop asks for the next frame");
    assert!(settled(&mut app, &mut asks), "the stone lands");
    assert!(!asks(&mut app), "and the board rests again");
}

/// The stone sprites mirror the rules position after every kind of change.
#[test]
fn the_board_sprites_mirror_the_position() {
    use abakus::app::hex::{CellEntities, StoneEntities, StoneSprite};
    use abakus::app::testing::hex_app_with_board;

    let mut app = hex_app_with_board(4);
    assert_eq!(app.world().resource::<CellEntities>().0.len(), 37);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut slides_seen = 0;
    for step in 0..400 {
        let intent = match rng.random_range(0..12) {
            0 => HexIntent::Undo,
            1 => HexIntent::Redo,
            2 if step % 50 == 0 => HexIntent::Restart,
            _ => {
                // Legal moves mostly, so the game gets far enough for slides.
                let game = app.world().resource::<HexMatch>();
                match game.position().random_move(&mut rng) {
                    Some(mv) => {
                        if let Some(from) = mv.from() {
                            send(&mut app, HexIntent::Click(from));
                        }
                        HexIntent::Click(mv.to())
                    }
                    None => HexIntent::Restart,
                }
            }
        };
        send(&mut app, intent);
        app.update();
        let position = position(&app).clone();
        if position.last_move().and_then(|m| m.from()).is_some() {
            slides_seen += 1;
        }
        let shown = &app.world().resource::<StoneEntities>().0;
        for &cell in position.board().cells() {
            let sprite = shown
                .get(&cell)
                .and_then(|&e| app.world().get::<StoneSprite>(e).copied());
            assert_eq!(
                sprite.map(|s| s.color),
                position.stone_at(cell),
                "{cell} at step {step}"
            );
            if let Some(sprite) = sprite {
                assert_eq!(sprite.cell, cell);
            }
        }
        let mut query = app.world_mut().query::<&StoneSprite>();
        let stones = query.iter(app.world()).count() as u32;
        assert_eq!(
            stones,
            position.count(Color::Black) + position.count(Color::White)
        );
    }
    assert!(
        slides_seen >= 5,
        "the run must include slides, saw {slides_seen}"
    );
}

/// Steps frames until the record reaches `plies` moves, waiting for the computer's search
/// after each frame it thinks in; fails after 300 frames (30 s of the test's clock).
fn wait_for_plies(app: &mut App, plies: usize) {
    for _ in 0..300 {
        if position(app).history().len() >= plies {
            return;
        }
        app.update();
        finish_background_work(app);
    }
    panic!(
        "the computer did not reply within 300 frames: {}",
        position(app).record()
    );
}

#[test]
fn the_computer_replies_off_the_frame_and_undo_takes_its_reply_back_too() {
    use abakus_rules::hex::ai::Level;
    let mut app = hex_app(4);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    reseat(&mut app, [Seat::Human, Seat::Computer(Level::Easy)]);
    send(&mut app, HexIntent::Click(cell("D4")));
    // While it thinks, the board is not the person's: a click on White's turn does nothing.
    send(&mut app, HexIntent::Click(cell("A1")));
    assert_eq!(position(&app).record(), "D4");
    wait_for_plies(&mut app, 2);
    let reply = position(&app).history()[1];
    assert!(Position::from_record(4, "D4").unwrap().is_legal(reply));
    assert_eq!(
        position(&app).turn(),
        Color::Black,
        "the person's turn again"
    );
    // One undo takes back the reply and the person's move.
    send(&mut app, HexIntent::Undo);
    assert_eq!(position(&app).record(), "");
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        position(&app).record(),
        "",
        "nothing for the computer to answer"
    );
}

#[test]
fn two_computers_play_a_whole_game_by_themselves() {
    use abakus_rules::hex::ai::Level;
    let mut app = hex_app(3);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(400),
    ));
    reseat(&mut app, [Seat::Computer(Level::Easy); 2]);
    for _ in 0..2_000 {
        if position(&app).is_full() {
            break;
        }
        app.update();
        finish_background_work(&mut app);
    }
    assert!(
        position(&app).is_full(),
        "the board is not full after 2000 frames: {}",
        position(&app).record()
    );
    app.update();
    assert_eq!(
        *app.world().resource::<State<HexPhase>>().get(),
        HexPhase::Over
    );
}

#[test]
fn a_hint_names_a_legal_move_and_picks_up_the_stone_of_a_slide() {
    use abakus::app::hex::Notice;
    let mut app = hex_app(4);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    send(&mut app, HexIntent::Hint);
    let suggested = |app: &App| match app.world().resource::<HexMatch>().notice() {
        Some(Notice::Suggested(mv)) => Some(*mv),
        _ => None,
    };
    for _ in 0..20 {
        if suggested(&app).is_some() {
            break;
        }
        app.update();
        finish_background_work(&mut app);
    }
    let suggested = suggested(&app).expect("no hint came within 20 frames");
    assert!(position(&app).is_legal(suggested));
    assert!(position(&app).history().is_empty(), "a hint plays nothing");
    let selected = app
        .world()
        .resource::<HexMatch>()
        .selection()
        .as_ref()
        .map(|s| s.from);
    assert_eq!(selected, suggested.from());
}

#[test]
fn a_turn_timer_plays_a_random_move_when_time_runs_out_and_waits_under_a_menu() {
    use abakus::app::base::navigation::{Overlay, show_overlay};
    use abakus::app::hex::Notice;
    use abakus::app::shell::turn_clock::TurnClock;
    let mut app = hex_app(4);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    retime(&mut app, TurnLimit::Seconds(2), TimeOut::default());
    for _ in 0..12 {
        app.update();
    }
    let left = app.world().resource::<TurnClock>().left();
    assert!(
        left.is_some_and(|(left, limit)| limit == 2.0 && left > 0.0 && left < 1.5),
        "{left:?}"
    );
    assert!(position(&app).history().is_empty(), "time is not up yet");
    // A menu over the board stops the clock.
    show_overlay(app.world_mut(), Overlay::GameMenu);
    for _ in 0..40 {
        app.update();
    }
    assert!(
        position(&app).history().is_empty(),
        "the clock ran under the menu"
    );
    show_overlay(app.world_mut(), Overlay::None);
    for _ in 0..20 {
        if !position(&app).history().is_empty() {
            break;
        }
        app.update();
    }
    app.update();
    let played = position(&app).history().to_vec();
    assert_eq!(played.len(), 1, "one move played when the time ran out");
    assert!(matches!(
        app.world().resource::<HexMatch>().notice(),
        Some(Notice::TimeRanOut(mv)) if *mv == played[0]
    ));
    // The next player's clock starts afresh.
    let left = app.world().resource::<TurnClock>().left();
    assert!(left.is_some_and(|(left, _)| left > 1.5), "{left:?}");
}

#[test]
fn at_a_table_where_time_loses_the_player_whose_time_runs_out_loses_and_the_clock_stops() {
    use abakus::app::hex::Notice;
    use abakus::app::shell::turn_clock::TurnClock;
    use abakus_rules::hex::Color;
    let mut app = hex_app(4);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    retime(&mut app, TurnLimit::Seconds(2), TimeOut::Loses);
    app.world_mut()
        .write_message(HexIntent::Click("D4".parse().unwrap()));
    for _ in 0..40 {
        app.update();
    }
    let game = app.world().resource::<HexMatch>();
    assert_eq!(
        game.position().record(),
        "D4",
        "no random move is played for White"
    );
    let outcome = game.outcome().expect("White lost on time");
    assert_eq!(outcome.winner, Color::Black);
    assert_eq!(game.notice(), Some(&Notice::LostOnTime(Color::White)));
    assert_eq!(
        *app.world().resource::<State<HexPhase>>().get(),
        HexPhase::Over
    );
    assert_eq!(app.world().resource::<TurnClock>().left(), None);
}

/// The table's seats changed between moves, as the setup screen would start them.
fn reseat(app: &mut App, seats: [Seat; 2]) {
    let mut game = app.world_mut().resource_mut::<HexMatch>();
    *game = game.clone().seated(seats);
}

/// The table's clock changed between moves, as the setup screen would start it.
fn retime(app: &mut App, limit: TurnLimit, on_time_out: TimeOut) {
    let mut game = app.world_mut().resource_mut::<HexMatch>();
    *game = game.clone().timed(limit, on_time_out);
}

/// The board goes onto the 3D table and back without the match noticing: every stone gets
/// its mesh there, and going flat takes every mesh away again.
#[test]
fn the_view_switch_keeps_the_match_as_it_was() {
    use abakus::app::base::settings::Settings;
    use abakus::app::base::settings::TableView;
    use abakus::app::table::view::ShownView;
    use abakus::app::testing::hex_app_with_table;

    let mut app = hex_app_with_table(4);
    for name in ["D4", "A1", "D5"] {
        send(&mut app, HexIntent::Click(cell(name)));
    }
    for _ in 0..30 {
        app.update();
    }
    let meshes = |app: &mut App| {
        let mut query = app.world_mut().query::<&Mesh3d>();
        query.iter(app.world()).count()
    };
    let before = position(&app).clone();
    assert_eq!(meshes(&mut app), 0, "the flat board has no meshes");
    for view in [TableView::Table, TableView::Flat, TableView::Table] {
        app.world_mut().resource_mut::<Settings>().table_view = Some(view);
        for _ in 0..3 {
            app.update();
        }
        let shown = *app.world().resource::<ShownView>();
        assert_eq!(shown.on_table, view == TableView::Table);
        assert_eq!(*position(&app), before, "{view:?}");
        let expected = match view {
            // The board, three stones and the white one's engraved ring, the last move's
            // ring and the hover's outline.
            TableView::Table => 7,
            TableView::Flat => 0,
        };
        assert_eq!(meshes(&mut app), expected, "{view:?}");
    }
    // On the table the game goes on as before: the next (white) stone lands and is dressed
    // too, with its ring.
    send(&mut app, HexIntent::Click(cell("B2")));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        position(&app).stone_at(cell("B2")),
        Some(abakus_rules::hex::Color::White)
    );
    assert_eq!(meshes(&mut app), 9);
}
