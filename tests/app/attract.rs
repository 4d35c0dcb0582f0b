//! The attract and kiosk modes, headless: the demo starts when nobody plays, runs both games in
//! turn, hands the screen back exactly as it was at the first touch, writes nothing to disk,
//! and over many games at an accelerated clock keeps its entity count and memory flat.

use std::time::Duration;

use abakus::app::base::navigation::{Overlay, Screen, overlay_shown, show_overlay};
use abakus::app::base::settings::{ComputerPace, Settings};
use abakus::app::features::attract::{Attract, Booth, DemoShowing};
use abakus::app::hex::{HexIntent, HexMatch, Seat};
use abakus::app::testing::{attract_app, finish_background_work};
use abakus::app::tiles::TilesMatch;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

/// Frames advance the clock by this much, whatever the wall clock does.
const STEP: Duration = Duration::from_millis(100);

fn booth(demo_after: u32) -> App {
    let mut app = attract_app(Booth {
        demo_after: Some(demo_after),
        kiosk: false,
        quick_demo: true,
        phone_visitors: false,
    });
    app.init_resource::<ButtonInput<MouseButton>>();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app.world_mut().resource_mut::<Settings>().computer_pace = ComputerPace::Quick;
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn touch(app: &mut App) {
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::Space,
        logical_key: Key::Space,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::Space);
    app.update();
}

/// Runs frames until `done` holds, or fails after `limit` frames.
fn run_until(app: &mut App, limit: usize, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..limit {
        if done(app) {
            return;
        }
        app.update();
        // The computers think on the task pool: their moves are ready by the next frame.
        finish_background_work(app);
    }
    panic!("{what} did not happen within {limit} frames");
}

fn hex_record(app: &App) -> String {
    app.world().resource::<HexMatch>().position().record()
}

#[test]
fn the_demo_waits_for_idle_time_and_a_touch_puts_the_game_back_as_it_was() {
    let mut app = booth(30);
    // A person starts a game for two people, plays three moves and opens the menu.
    app.insert_resource(HexMatch::new(5));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game(abakus::app::hex::HEX));
    app.update();
    for cell in ["E5", "D4", "C3"] {
        app.world_mut()
            .write_message(HexIntent::Play(abakus_rules::hex::Move::Place(
                cell.parse().unwrap(),
            )));
        app.update();
    }
    show_overlay(app.world_mut(), Overlay::GameMenu);
    let record = hex_record(&app);
    assert_eq!(record, "E5 D4 C3");

    // 29 seconds of nothing: still the person's game.
    for _ in 0..290 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Game(abakus::app::hex::HEX));
    assert!(app.world().get_resource::<DemoShowing>().is_none());
    assert_eq!(hex_record(&app), record);

    // Past 30 seconds the demo starts, on a board of its own with computers in both seats.
    run_until(&mut app, 40, "the demo starting", |app| {
        app.world().get_resource::<DemoShowing>().is_some()
    });
    app.update();
    let demo = app.world().resource::<HexMatch>();
    assert!(matches!(
        demo.seats(),
        [Seat::Computer(_), Seat::Computer(_)]
    ));
    assert_eq!(overlay_shown(app.world()), Overlay::None);
    run_until(&mut app, 2_000, "the demo playing four moves", |app| {
        app.world()
            .resource::<HexMatch>()
            .position()
            .history()
            .len()
            >= 4
    });
    assert_ne!(hex_record(&app), record);

    // A touch: the person's game is back, with its menu open, and the demo is gone.
    touch(&mut app);
    app.update();
    app.update();
    assert!(app.world().get_resource::<DemoShowing>().is_none());
    assert_eq!(screen(&app), Screen::Game(abakus::app::hex::HEX));
    assert_eq!(hex_record(&app), record);
    assert_eq!(
        app.world().resource::<HexMatch>().seats(),
        [Seat::Human, Seat::Human]
    );
    assert_eq!(overlay_shown(app.world()), Overlay::GameMenu);
    // The touch itself reached nothing of the game: Space was forgotten.
    assert!(
        !app.world()
            .resource::<ButtonInput<KeyCode>>()
            .pressed(KeyCode::Space)
    );
    // A click that follows the waking touch within half a second is part of waking up; one
    // after that is the person's.
    let click = |app: &mut App| {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state: ButtonState::Pressed,
            window: Entity::PLACEHOLDER,
        });
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        app.update();
        let pressed = app
            .world()
            .resource::<ButtonInput<MouseButton>>()
            .pressed(MouseButton::Left);
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .reset_all();
        pressed
    };
    assert!(
        !click(&mut app),
        "the click straight after waking was swallowed"
    );
    // The manual clock moves the real clock too: six frames are 0.6 s.
    for _ in 0..6 {
        app.update();
    }
    assert!(click(&mut app), "a later click is the person's");
    // And the idle count starts again from the touch.
    for _ in 0..100 {
        app.update();
    }
    assert!(app.world().get_resource::<DemoShowing>().is_none());
}

#[test]
fn demo_games_take_turns_and_the_title_comes_back_after_them() {
    let mut app = booth(10);
    assert_eq!(screen(&app), Screen::Title);
    run_until(&mut app, 200, "the first demo", |app| {
        app.world().get_resource::<DemoShowing>().is_some()
    });
    let first = app.world().resource::<DemoShowing>().game;
    // The first game plays to its end, shows its result, and the other game follows; the
    // moves come with captions for the people passing by.
    let mut captions = std::collections::BTreeSet::new();
    for _ in 0..20_000 {
        if let Some(caption) = app.world().resource::<Attract>().caption() {
            captions.insert(caption.to_owned());
        }
        if app
            .world()
            .get_resource::<DemoShowing>()
            .is_some_and(|showing| showing.game != first)
        {
            break;
        }
        app.update();
        finish_background_work(&mut app);
    }
    let second = app.world().resource::<DemoShowing>().game;
    assert_eq!(screen(&app), Screen::Game(second));
    if second == abakus::app::tiles::TILES {
        let table = &app.world().resource::<TilesMatch>().setup();
        assert_eq!(table.humans(), 0);
    }
    assert!(captions.len() > 10, "{captions:?}");
    assert!(
        captions
            .iter()
            .any(|c| c.starts_with("Black ") || c.starts_with("Ada ")),
        "{captions:?}"
    );
    touch(&mut app);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    assert!(app.world().get_resource::<DemoShowing>().is_none());
}

#[test]
fn a_kiosk_sends_an_abandoned_game_back_to_the_title() {
    let mut app = attract_app(Booth {
        demo_after: None,
        kiosk: true,
        quick_demo: true,
        phone_visitors: false,
    });
    // The virtual clock takes at most a quarter second a frame.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        200,
    )));
    app.insert_resource(HexMatch::new(5));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game(abakus::app::hex::HEX));
    app.update();
    // Four minutes and fifty seconds alone: still the game.
    for _ in 0..1_450 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Game(abakus::app::hex::HEX));
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Title);
}

#[test]
fn a_kiosk_opens_its_settings_only_with_the_organisers_keys() {
    let mut app = attract_app(Booth {
        demo_after: None,
        kiosk: true,
        quick_demo: true,
        phone_visitors: false,
    });
    let chord = |app: &mut App, held: &[KeyCode]| {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for key in held {
            keys.press(*key);
        }
        keys.press(KeyCode::KeyS);
        app.update();
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        app.update();
        screen(app)
    };
    assert_eq!(chord(&mut app, &[]), Screen::Title);
    assert_eq!(chord(&mut app, &[KeyCode::ControlLeft]), Screen::Title);
    assert_eq!(
        chord(&mut app, &[KeyCode::ControlLeft, KeyCode::AltLeft]),
        Screen::Settings
    );
}
