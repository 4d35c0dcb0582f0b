//! The first-game lessons, headless: each game's lesson played through from the title as a
//! newcomer would, with the wrong tries it answers, and the person's own game given back.

use std::time::Duration;

use abakus::app::base::navigation::Screen;
use abakus::app::features::attract::Booth;
use abakus::app::features::tutorial::{Lesson, StartLesson};
use abakus::app::hex::{HEX, HexIntent, HexMatch};
use abakus::app::testing::{attract_app, finish_background_work};
use abakus::app::tiles::{TILES, TilesIntent, TilesMatch};
use abakus_rules::abaku::{Cell as TileCell, Square, Tile};
use abakus_rules::hex::{Cell, Color, Move};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

/// Frames advance the clock by this much, whatever the wall clock does.
const STEP: Duration = Duration::from_millis(100);

fn app() -> App {
    let mut app = attract_app(Booth::default());
    app.init_resource::<ButtonInput<MouseButton>>();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn step(app: &App) -> usize {
    app.world().resource::<Lesson>().step()
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

fn cell(name: &str) -> Cell {
    name.parse().expect("a cell name")
}

fn click(app: &mut App, name: &str) {
    app.world_mut().write_message(HexIntent::Click(cell(name)));
    frames(app, 2);
}

/// Waits for the praise to pass and the next step's board to be set up.
fn next_step(app: &mut App, from: usize) {
    for _ in 0..40 {
        if step(app) > from {
            frames(app, 2);
            return;
        }
        app.update();
    }
    panic!("the lesson stayed on step {from}");
}

fn feedback(app: &App) -> Option<(&'static str, bool)> {
    app.world().resource::<Lesson>().feedback()
}

#[test]
fn the_hex_lesson_walks_a_newcomer_from_a_first_stone_to_a_won_last_cell() {
    let mut app = app();
    // The person has a game of their own in progress.
    let mut position = abakus_rules::hex::Position::new(7).expect("a board");
    position.play(Move::Place(cell("D4"))).expect("legal");
    let own = HexMatch::from_position(position);
    app.insert_resource(own);
    app.world_mut().write_message(StartLesson(HEX));
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Game(HEX));
    assert_eq!(step(&app), 0);
    let game = app.world().resource::<HexMatch>();
    assert_eq!(
        game.position().side(),
        5,
        "the lesson's board, not the person's"
    );
    assert_eq!(game.position().empty_count(), 61);

    // 1. Any stone.
    click(&mut app, "E5");
    assert_eq!(feedback(&app), Some(("lesson-place-done", true)));
    // The board rests while the praise shows: no White stone from a second click.
    click(&mut app, "A1");
    assert_eq!(
        app.world()
            .resource::<HexMatch>()
            .position()
            .stone_at(cell("A1")),
        None
    );
    next_step(&mut app, 0);
    let game = app.world().resource::<HexMatch>();
    assert_eq!(game.position().stone_at(cell("E5")), Some(Color::Black));
    assert_eq!(game.position().count(Color::White), 1, "White has answered");
    assert_eq!(game.position().turn(), Color::Black);

    // 2. A stone apart is taken back with a reason; one beside makes the group.
    click(&mut app, "A5");
    assert_eq!(feedback(&app), Some(("lesson-group-retry", false)));
    frames(&mut app, 15);
    let game = app.world().resource::<HexMatch>();
    assert_eq!(game.position().stone_at(cell("A5")), None, "taken back");
    assert_eq!(game.position().turn(), Color::Black);
    click(&mut app, "E6");
    assert_eq!(feedback(&app), Some(("lesson-group-done", true)));
    next_step(&mut app, 1);

    // 3. The rule text's board: C4 slides to F4, beside the single stone on G4.
    let game = app.world().resource::<HexMatch>();
    assert_eq!(game.position().stone_at(cell("C4")), Some(Color::Black));
    assert_eq!(game.position().stone_at(cell("E5")), None, "a new board");
    click(&mut app, "C4");
    click(&mut app, "F4");
    assert_eq!(feedback(&app), Some(("lesson-slide-done", true)));
    next_step(&mut app, 2);

    // 4. A refused slide is the lesson; an allowed one is taken back.
    assert_eq!(
        app.world()
            .resource::<HexMatch>()
            .position()
            .stone_at(cell("E4")),
        Some(Color::White)
    );
    click(&mut app, "C4");
    click(&mut app, "C2");
    assert_eq!(feedback(&app), Some(("lesson-refused-done", true)));
    next_step(&mut app, 3);

    // 5. Placing on the last cell loses and is taken back; the slide wins once White fills
    //    the cell it left.
    click(&mut app, "E7");
    assert_eq!(feedback(&app), Some(("lesson-last-cell-retry", false)));
    frames(&mut app, 15);
    assert_eq!(
        app.world().resource::<HexMatch>().position().empty_count(),
        1,
        "taken back"
    );
    click(&mut app, "E6");
    click(&mut app, "E7");
    frames(&mut app, 10);
    let outcome = app.world().resource::<HexMatch>().position().outcome();
    assert_eq!(
        outcome.map(|o| (o.winner, o.black, o.white)),
        Some((Color::Black, 30, 31))
    );
    assert_eq!(feedback(&app), Some(("lesson-last-cell-done", true)));
    next_step(&mut app, 4);
    assert!(app.world().resource::<Lesson>().is_last_step());

    // Leaving for the title gives the person's game back.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    frames(&mut app, 3);
    assert!(app.world().get_resource::<Lesson>().is_none());
    let game = app.world().resource::<HexMatch>();
    assert_eq!(game.position().side(), 7);
    assert_eq!(game.position().record(), "D4");
}

fn tiles(app: &App) -> &TilesMatch {
    app.world().resource::<TilesMatch>()
}

fn tile_cell(name: &str) -> TileCell {
    TileCell::parse(name).expect("a cell name")
}

/// Lays rack tiles (by face) on squares, declares a joker's digit, and submits.
fn lay(app: &mut App, puts: &[(Tile, &str)], joker: Option<u8>) {
    for &(tile, square) in puts {
        let game = tiles(app);
        let slot = game
            .free_slots()
            .into_iter()
            .find(|&slot| game.turn_rack()[slot] == tile)
            .expect("the tile on the rack");
        app.world_mut().write_message(TilesIntent::Lay {
            slot,
            cell: tile_cell(square),
        });
        frames(app, 1);
    }
    if let Some(digit) = joker {
        app.world_mut().write_message(TilesIntent::Declare(digit));
        frames(app, 1);
    }
    app.world_mut().write_message(TilesIntent::Submit);
    frames(app, 2);
}

#[test]
fn the_tile_lesson_teaches_sums_crossings_the_joker_and_bonus_squares() {
    use Tile::{Digit, Joker};
    let mut app = app();
    app.world_mut().write_message(StartLesson(TILES));
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Game(TILES));
    assert_eq!(
        tiles(&app).position().square(tile_cell("G8")),
        Square::Digit(3)
    );

    // 1. 2 3 5.
    lay(&mut app, &[(Digit(5), "H8")], None);
    assert_eq!(feedback(&app), Some(("lesson-lay-done", true)));
    next_step(&mut app, 0);

    // 2. 4 - 3 = 1 is true but one tile; the step comes back, then 4 × 3 = 12.
    lay(&mut app, &[(Digit(1), "H8")], None);
    assert_eq!(feedback(&app), Some(("lesson-read-retry", false)));
    frames(&mut app, 20);
    assert_eq!(
        tiles(&app).position().square(tile_cell("H8")),
        Square::Empty
    );
    lay(&mut app, &[(Digit(1), "H8"), (Digit(2), "I8")], None);
    assert_eq!(feedback(&app), Some(("lesson-read-done", true)));
    next_step(&mut app, 1);

    // 3. One 3 finishes a sum across and one down.
    lay(&mut app, &[(Digit(3), "H8")], None);
    assert_eq!(feedback(&app), Some(("lesson-cross-done", true)));
    assert_eq!(
        tiles(&app).log().last().map(|turn| turn.examples.len()),
        Some(2)
    );
    next_step(&mut app, 2);

    // 4. The joker as 8.
    lay(&mut app, &[(Joker, "H8")], Some(8));
    assert_eq!(feedback(&app), Some(("lesson-joker-done", true)));
    next_step(&mut app, 3);

    // 5. The sum ×2 square doubles 4 + 2 = 6.
    lay(&mut app, &[(Digit(6), "D5")], None);
    assert_eq!(feedback(&app), Some(("lesson-bonus-done", true)));
    assert_eq!(tiles(&app).log().last().map(|turn| turn.points), Some(6));
    next_step(&mut app, 4);
    assert!(app.world().resource::<Lesson>().is_last_step());

    // A setup ends the lesson; the lesson's match is gone.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Setup(TILES));
    frames(&mut app, 3);
    assert!(app.world().get_resource::<Lesson>().is_none());
    assert!(app.world().get_resource::<TilesMatch>().is_none());
}

#[test]
fn a_demo_that_starts_during_a_lesson_hands_the_lesson_back_where_it_was() {
    use abakus::app::base::settings::{ComputerPace, Settings};
    use abakus::app::features::attract::{Attract, DemoShowing};
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    let mut app = attract_app(Booth {
        demo_after: Some(30),
        kiosk: false,
        quick_demo: true,
        phone_visitors: false,
    });
    app.init_resource::<ButtonInput<MouseButton>>();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app.world_mut().resource_mut::<Settings>().computer_pace = ComputerPace::Quick;
    app.world_mut().write_message(StartLesson(HEX));
    frames(&mut app, 3);
    click(&mut app, "E5");
    next_step(&mut app, 0);
    let lesson_board = app.world().resource::<HexMatch>().position().clone();

    // Nobody touches anything: the demo plays its own games, and the lesson waits unjudged.
    app.world_mut()
        .resource_mut::<Attract>()
        .start_now(Some(HEX));
    // The computers think on the task pool: after each frame the test waits for their moves,
    // and frames run until the demo has played a few.
    for _ in 0..20_000 {
        let demo_moves = app
            .world()
            .resource::<HexMatch>()
            .position()
            .history()
            .len();
        if app.world().get_resource::<DemoShowing>().is_some() && demo_moves >= 4 {
            break;
        }
        app.update();
        finish_background_work(&mut app);
    }
    assert!(app.world().get_resource::<DemoShowing>().is_some());
    let demo = &app.world().resource::<HexMatch>().position();
    assert!(
        demo.history().len() >= 4,
        "the demo played: {}",
        demo.record()
    );
    assert_eq!(step(&app), 1, "the demo's moves teach nothing");

    // A touch: the lesson's board and step are back, and it goes on as before.
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::Space,
        logical_key: Key::Space,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    frames(&mut app, 3);
    assert!(app.world().get_resource::<DemoShowing>().is_none());
    assert_eq!(screen(&app), Screen::Game(HEX));
    assert_eq!(step(&app), 1);
    let board = &app.world().resource::<HexMatch>().position();
    assert_eq!(board.record(), lesson_board.record());
    assert_eq!(
        board.stones(Color::White),
        lesson_board.stones(Color::White)
    );
    // Past the half second in which a touch only wakes the screen.
    frames(&mut app, 8);
    click(&mut app, "E6");
    assert_eq!(feedback(&app), Some(("lesson-group-done", true)));
}
