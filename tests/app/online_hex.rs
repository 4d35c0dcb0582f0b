//! The hex game between two game windows through a room, headless: a room's server on
//! loopback, both windows joining by the links a person would paste, each playing its colour
//! by clicks on its own board, one of them started again mid-game; at the end both windows
//! have the same game, count it once in their statistics and review it whole with each
//! player's name; a window at a seat against the room's computer leaves the thinking to the
//! room, and a move made while the server is away reaches it when it is back.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use abakus::app::base::navigation::Screen;
use abakus::app::base::statistics::Statistics;
use abakus::app::features::joining::{Connection, Joining};
use abakus::app::features::online::JoinRoom;
use abakus::app::features::review::{Review, ReviewState};
use abakus::app::hex::online::seat::HexOnlineSeat;
use abakus::app::hex::{HEX, HexIntent, HexMatch, HexSetup, Seat};
use abakus::app::testing::hex_app_online;
use abakus_rules::hex::ai::Level;
use abakus_rules::hex::{Color, Move};
use abakus_server::hosting::Hosting;
use abakus_server::remote::Invite;
use abakus_server::table::Setup;
use abakus_words::Language;
use bevy::prelude::*;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

fn folder(name: &str) -> PathBuf {
    let folder =
        std::env::temp_dir().join(format!("abakus-online-hex-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a folder for the test");
    folder
}

/// A hex room on a server of its own on loopback, on a small board: `seats` Black's first,
/// named Ann and Bob. Returns the server, each person's link and, last, the watchers'.
fn room(store: &Path, seats: [Seat; 2]) -> (Hosting, Vec<String>) {
    let hosting = Hosting::start_rooms(
        std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        0,
        store.to_path_buf(),
    )
    .expect("the server listens");
    let setup = HexSetup {
        side: 3,
        seats,
        names: ["Ann".into(), "Bob".into()],
        ..HexSetup::default()
    };
    let created = hosting
        .open_room(Setup::Hex(setup), Language::English)
        .expect("a room is made");
    let mut links: Vec<String> = created
        .seats
        .iter()
        .map(|(_, _, token)| hosting.seat_address(token))
        .collect();
    // The watchers' link last.
    let watch = hosting.seat_address(&created.watch);
    links.push(watch.replace("/seat/", "/watch/"));
    (hosting, links)
}

fn game(app: &App) -> Option<&HexMatch> {
    app.world().get_resource::<HexMatch>()
}

/// The connection of the window's seat, or of the link still being joined.
fn connection(app: &App) -> Option<Connection> {
    let world = app.world();
    world
        .get_resource::<HexOnlineSeat>()
        .map(|online| online.connection().clone())
        .or_else(|| Some(world.get_resource::<Joining>()?.connection().clone()))
}

fn join(app: &mut App, link: &str) {
    let invite = Invite::parse(link).expect("the server's link reads as one");
    app.world_mut().write_message(JoinRoom(invite));
}

/// Runs each app's frames until `test` passes for them, sleeping a little between them as a
/// window sleeps between the room's words.
fn until(apps: &mut [&mut App], what: &str, test: impl Fn(&[&mut App]) -> bool) {
    let started = Instant::now();
    while !test(apps) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "waited too long for {what}: {:?}",
            apps.iter()
                .map(|app| (
                    game(app).map(|game| game.position().record()),
                    connection(app)
                ))
                .collect::<Vec<_>>()
        );
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Whether the window plays `color` and may move now.
fn to_play(app: &App, color: Color) -> bool {
    game(app).is_some_and(|game| {
        game.outcome().is_none()
            && !game.gathering()
            && game.position().turn() == color
            && game.seats()[color.index()] == Seat::Human
    })
}

fn on_the_board(app: &App) -> bool {
    game(app).is_some() && *app.world().resource::<State<Screen>>().get() == Screen::Game(HEX)
}

/// Plays a random legal move by the clicks a person makes: the cell to place on, or the stone
/// and the cell it slides to.
fn click_a_move(app: &mut App, rng: &mut ChaCha8Rng) -> Move {
    let moves = game(app).expect("a game").position().legal_moves();
    let mv = *moves.choose(rng).expect("a legal move");
    let clicks = match mv {
        Move::Place(cell) => vec![cell],
        Move::Slide { from, to } => vec![from, to],
    };
    for cell in clicks {
        app.world_mut().write_message(HexIntent::Click(cell));
        app.update();
    }
    mv
}

#[test]
fn two_windows_play_a_hex_game_through_a_room_and_one_comes_back_after_a_restart() {
    let store = folder("two-store");
    let (data_a, data_b) = (folder("two-a"), folder("two-b"));
    let (_hosting, links) = room(&store, [Seat::Human, Seat::Human]);
    let mut ann = hex_app_online(&data_a);
    let mut bob = hex_app_online(&data_b);
    // Cy watches from a third window.
    let mut cy = hex_app_online(&folder("two-c"));
    join(&mut ann, &links[0]);
    join(&mut bob, &links[1]);
    join(&mut cy, &links[2]);
    until(
        &mut [&mut ann, &mut bob],
        "both games on the screen",
        |apps| apps.iter().all(|app| on_the_board(app)),
    );
    // Each window plays its own colour here; the other's is elsewhere.
    let seats = |app: &App| game(app).expect("a game").seats();
    assert_eq!(seats(&ann), [Seat::Human, Seat::Elsewhere]);
    assert_eq!(seats(&bob), [Seat::Elsewhere, Seat::Human]);
    assert_eq!(game(&ann).expect("a game").names(), &["Ann", "Bob"]);
    // Bob's board takes no click for Ann, once the game has begun as before it.
    until(&mut [&mut ann, &mut bob], "the game begun", |apps| {
        apps.iter()
            .all(|app| !game(app).expect("a game").gathering())
    });
    assert!(game(&bob).expect("a game").elsewhere_to_move());
    let Move::Place(cell) = game(&bob).expect("a game").position().legal_moves()[0] else {
        panic!("the first move places a stone");
    };
    bob.world_mut().write_message(HexIntent::Click(cell));
    bob.update();
    assert!(game(&bob).expect("a game").position().history().is_empty());

    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut played = 0;
    while game(&ann).expect("a game").outcome().is_none() {
        until(&mut [&mut ann, &mut bob], "a turn or the end", |apps| {
            let over = game(apps[0]).is_some_and(|game| game.outcome().is_some());
            over || to_play(apps[0], Color::Black) || to_play(apps[1], Color::White)
        });
        if game(&ann).expect("a game").outcome().is_some() {
            break;
        }
        let (mover, other) = if to_play(&ann, Color::Black) {
            (&mut ann, &mut bob)
        } else {
            (&mut bob, &mut ann)
        };
        let before = game(mover).expect("a game").move_count();
        let mv = click_a_move(mover, &mut rng);
        assert_eq!(
            game(mover).expect("a game").position().last_move(),
            Some(mv),
            "the move shows at once on the board it was made on"
        );
        until(
            &mut [mover, other],
            "the move in the other window",
            |apps| game(apps[1]).is_some_and(|game| game.move_count() > before),
        );
        played += 1;
        if played == 4 {
            // Ann's window goes away mid-game and is started again on its kept seat.
            drop(std::mem::replace(&mut ann, hex_app_online(&data_a)));
            join(&mut ann, &links[0]);
            until(&mut [&mut ann, &mut bob], "Ann's game back", |apps| {
                game(apps[0]).is_some_and(|game| game.move_count() == before + 1)
            });
            assert_eq!(connection(&ann), Some(Connection::Seated));
        }
        assert!(played < 400, "the game ends");
    }
    until(
        &mut [&mut ann, &mut bob, &mut cy],
        "the end in every window",
        |apps| {
            apps.iter()
                .all(|app| game(app).is_some_and(|game| game.outcome().is_some()))
        },
    );
    let (end_a, end_b) = (game(&ann).expect("a game"), game(&bob).expect("a game"));
    assert_eq!(end_a.position().record(), end_b.position().record());
    let watched = game(&cy).expect("the watcher's game");
    assert_eq!(watched.position().record(), end_a.position().record());
    assert_eq!(
        watched.seats(),
        [Seat::Elsewhere, Seat::Elsewhere],
        "nobody plays at the watching window"
    );
    assert_eq!(end_a.outcome(), end_b.outcome());
    assert_eq!(end_a.serial(), end_b.serial(), "one game, the room's");
    let first = end_a.serial();
    assert!(played >= 6, "{played} moves");
    // Each window counts the game once, for both players by name, and the restarted window
    // counts it too.
    for app in [&ann, &bob] {
        let statistics = app.world().resource::<Statistics>();
        let records: Vec<(&str, u32)> = statistics
            .of_game(HEX)
            .map(|(name, record)| (name, record.played))
            .collect();
        assert_eq!(records, [("Ann", 1), ("Bob", 1)]);
    }
    // The review has the game as the room played it, every move and each player's name.
    bob.world_mut().resource_mut::<Review>().asked = true;
    let started = Instant::now();
    loop {
        bob.update();
        let review = bob.world().resource::<Review>();
        if !review.asked && !matches!(review.state, ReviewState::Working(_)) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the review ends"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let ReviewState::Done(_, shown) = &bob.world().resource::<Review>().state else {
        panic!("no review: {:?}", bob.world().resource::<Review>().state);
    };
    let report = &shown.1;
    assert_eq!(report.players, ["Ann (Black)", "Bob (White)"]);
    assert_eq!(report.rows.len(), played);
    // Play again: Ann's asking is kept (her card greys the button and says so) until Bob asks
    // too; then the room deals the next game to both, and to the watcher.
    let asked_again = |app: &App| app.world().resource::<HexOnlineSeat>().asked_again();
    ann.world_mut().write_message(HexIntent::Restart);
    for _ in 0..20 {
        ann.update();
        bob.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(asked_again(&ann), "Ann's window has asked");
    assert!(!asked_again(&bob));
    assert!(
        [&ann, &bob]
            .iter()
            .all(|app| game(app).is_some_and(|game| game.outcome().is_some())),
        "the finished game stays until both ask"
    );
    bob.world_mut().write_message(HexIntent::Restart);
    until(
        &mut [&mut ann, &mut bob, &mut cy],
        "the next game in every window",
        |apps| {
            apps.iter().all(|app| {
                game(app).is_some_and(|game| game.serial() != first && game.outcome().is_none())
            })
        },
    );
    assert!(
        !asked_again(&ann) && !asked_again(&bob),
        "both may ask again later"
    );
}

#[test]
fn a_window_against_the_rooms_computer_leaves_the_thinking_to_the_room_and_outlasts_it() {
    let (store, data) = (folder("computer-store"), folder("computer-data"));
    let (hosting, links) = room(&store, [Seat::Human, Seat::Computer(Level::Easy)]);
    assert_eq!(
        links.len(),
        2,
        "Ann's link and the watchers': the computer's seat has none"
    );
    let mut app = hex_app_online(&data);
    join(&mut app, &links[0]);
    until(&mut [&mut app], "the game on the screen", |apps| {
        on_the_board(apps[0])
    });
    assert_eq!(
        game(&app).expect("a game").seats(),
        [Seat::Human, Seat::Computer(Level::Easy)]
    );
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut seen = Vec::new();
    for _ in 0..3 {
        until(&mut [&mut app], "Ann's turn", |apps| {
            to_play(apps[0], Color::Black)
        });
        let before = game(&app).expect("a game").move_count();
        click_a_move(&mut app, &mut rng);
        // The room's computer answers; were the window's own to answer too, its move would
        // be refused by the room and taken back from the screen.
        until(&mut [&mut app], "the room's answer", |apps| {
            game(apps[0]).is_some_and(|game| game.move_count() >= before + 2)
        });
        seen.push(game(&app).expect("a game").position().history().to_vec());
    }
    // No move shown was taken back: every answer was the room's own.
    for _ in 0..50 {
        app.update();
        std::thread::sleep(Duration::from_millis(4));
    }
    let last = game(&app).expect("a game").position().history().to_vec();
    for shown in &seen {
        assert!(last.starts_with(shown), "{shown:?} then {last:?}");
    }
    // The server goes away; Ann moves meanwhile, and her move shows at once. When the server
    // is back on its store, the window's socket finds it and the move reaches the room,
    // which answers it.
    let address = hosting.address();
    drop(hosting);
    until(&mut [&mut app], "the connection lost", |apps| {
        matches!(connection(apps[0]), Some(Connection::Reconnecting { .. }))
    });
    let before = game(&app).expect("a game").move_count();
    let mv = click_a_move(&mut app, &mut rng);
    assert_eq!(game(&app).expect("a game").position().last_move(), Some(mv));
    let _hosting = Hosting::start_rooms(address.ip(), address.port(), store.clone())
        .expect("the server listens again");
    until(
        &mut [&mut app],
        "the room's answer after it came back",
        |apps| game(apps[0]).is_some_and(|game| game.move_count() >= before + 2),
    );
    let history = game(&app).expect("a game").position().history().to_vec();
    assert_eq!(history[before], mv, "Ann's move is the room's too");
    // Continue keeps the window's own game, not the room's.
    app.world()
        .resource::<abakus::app::base::storage::Saver>()
        .flush();
    assert!(
        !data.join(abakus::app::hex::AUTOSAVE_FILE).exists(),
        "the room's game is not the window's to continue"
    );
}

/// Clicks a random legal move but its last click; that click, to be timed.
fn all_but_the_last_click(app: &mut App, rng: &mut ChaCha8Rng) -> HexIntent {
    let moves = game(app).expect("a game").position().legal_moves();
    let clicks = match *moves.choose(rng).expect("a legal move") {
        Move::Place(cell) => vec![cell],
        Move::Slide { from, to } => vec![from, to],
    };
    let (last, first) = clicks.split_last().expect("a click");
    for &cell in first {
        app.world_mut().write_message(HexIntent::Click(cell));
        app.update();
    }
    HexIntent::Click(*last)
}

/// The figures of docs/performance.md, not a check (run by `scripts/bench/online.sh
/// latency-hex`): the click that makes a move in one window until the other window's game has
/// it, through a room of the rooms' server on loopback, over whole games on side 5; against
/// the same click at a window whose game is its own (two people at one screen). Each window is
/// a headless app whose frames run back to back.
#[test]
#[ignore = "a measurement: scripts/bench/online.sh runs it"]
fn measure_a_hex_move_from_one_window_to_another() {
    let rounds: usize = std::env::var("ABAKUS_ROUNDS")
        .ok()
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(60);
    let hosting = Hosting::start_rooms(
        std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        0,
        folder("bench-store"),
    )
    .expect("the server listens");
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut between = Vec::new();
    while between.len() < rounds {
        let setup = HexSetup {
            side: 5,
            names: ["Ann".into(), "Bob".into()],
            ..HexSetup::default()
        };
        let created = hosting
            .open_room(Setup::Hex(setup), Language::English)
            .expect("a room");
        let data = (folder("bench-a"), folder("bench-b"));
        let mut apps = [hex_app_online(&data.0), hex_app_online(&data.1)];
        for (app, (_, _, token)) in apps.iter_mut().zip(&created.seats) {
            join(app, &hosting.seat_address(token));
        }
        let [ann, bob] = &mut apps;
        until(&mut [ann, bob], "the game begun in both windows", |apps| {
            apps.iter()
                .all(|app| game(app).is_some_and(|game| !game.gathering()))
        });
        while between.len() < rounds && game(&apps[0]).is_some_and(|g| g.outcome().is_none()) {
            let mover = usize::from(!to_play(&apps[0], Color::Black));
            let before = game(&apps[mover]).expect("a game").move_count();
            let last = all_but_the_last_click(&mut apps[mover], &mut rng);
            let started = Instant::now();
            apps[mover].world_mut().write_message(last);
            apps[mover].update();
            let watcher = 1 - mover;
            while game(&apps[watcher]).is_none_or(|game| game.move_count() == before) {
                assert!(started.elapsed() < Duration::from_secs(10), "the move came");
                apps[watcher].update();
            }
            between.push(started.elapsed());
            let [ann, bob] = &mut apps;
            until(&mut [ann, bob], "the move in both windows", |apps| {
                apps.iter()
                    .all(|app| game(app).is_some_and(|game| game.move_count() > before))
            });
        }
    }
    // The same clicks at a window whose game is its own: two people at one screen.
    let mut here = abakus::app::testing::hex_app_with_board(5);
    let mut at_one_screen = Vec::new();
    while at_one_screen.len() < between.len() {
        if game(&here).is_some_and(|game| game.outcome().is_some()) {
            here = abakus::app::testing::hex_app_with_board(5);
        }
        let before = game(&here).expect("a game").move_count();
        let last = all_but_the_last_click(&mut here, &mut rng);
        let started = Instant::now();
        here.world_mut().write_message(last);
        while game(&here).is_none_or(|game| game.move_count() == before) {
            here.update();
        }
        at_one_screen.push(started.elapsed());
    }
    let (median, p95) = super::online_tiles::spread(&mut between);
    let (median_here, p95_here) = super::online_tiles::spread(&mut at_one_screen);
    println!(
        "window to window: {} moves, median {median:.1} ms, 95th percentile {p95:.1} ms",
        between.len()
    );
    println!(
        "at one window:    {} moves, median {median_here:.1} ms, 95th percentile {p95_here:.1} ms",
        at_one_screen.len()
    );
}
