//! The game window at a seat of a room elsewhere, headless: a room's server on loopback, the
//! window joining by the link a person would paste, playing its turns through the room
//! against the room's computer, coming back to its seat after a restart, and a link that
//! opens no seat refused with its reason.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use abakus::app::features::joining::{Connection, Joining};
use abakus::app::features::online::{FILE, JoinRoom, OnlineSeats};
use abakus::app::shell::turn_clock::TurnLimit;
use abakus::app::testing::tiles_app_online;
use abakus::app::tiles::game::copy::SeenMove;
use abakus::app::tiles::game::{Seat, SeatKind, TilesSetup, random_turn};
use abakus::app::tiles::online::seat::OnlineSeat;
use abakus::app::tiles::{Stage, TilesMatch};
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::Level;
use abakus_server::hosting::Hosting;
use abakus_server::remote::{Ending, Invite};
use abakus_server::table::Setup;
use abakus_words::Language;
use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn folder(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("abakus-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a folder for the test");
    folder
}

/// A room on a server of its own on loopback: Ann, a person with a link, against the easy
/// computer. Returns the server and Ann's link.
fn room(store: &Path, seed: u64) -> (Hosting, String) {
    let hosting = Hosting::start_rooms(
        std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        0,
        store.to_path_buf(),
    )
    .expect("the server listens");
    let setup = TilesSetup {
        seats: vec![
            Seat {
                name: "Ann".into(),
                kind: SeatKind::Phone,
            },
            Seat {
                name: "Computer".into(),
                kind: SeatKind::Computer(Level::Easy),
            },
        ],
        variants: Variants::default(),
        board_b: false,
        seed,
        turn_limit: TurnLimit::Off,
    };
    let created = hosting
        .open_room(Setup::Tiles(setup), Language::English)
        .expect("a room is made");
    let (seat, name, token) = &created.seats[0];
    assert_eq!((*seat, name.as_str()), (0, "Ann"));
    let link = hosting.seat_address(token);
    (hosting, link)
}

/// Runs the app's frames until `test` passes, sleeping a little between them as the window
/// sleeps between the room's words.
fn until(app: &mut App, what: &str, test: impl Fn(&App) -> bool) {
    let started = Instant::now();
    while !test(app) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "waited too long for {what}: {}",
            state(app)
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The game on the screen and the seat's connection, in words, for a failure's message.
fn state(app: &App) -> String {
    match game(app) {
        Some(game) => format!(
            "seat {} to move at the {} stage, {} turns, {} tiles laid, gathering {}, {:?}",
            game.position().to_move(),
            game.stage().name(),
            game.moves().len(),
            game.tentative().len(),
            game.gathering(),
            connection(app)
        ),
        None => format!("no game on the screen, {:?}", connection(app)),
    }
}

fn game(app: &App) -> Option<&TilesMatch> {
    app.world().get_resource::<TilesMatch>()
}

/// The connection of the window's seat, or of the link still being joined.
fn connection(app: &App) -> Option<Connection> {
    let world = app.world();
    world
        .get_resource::<OnlineSeat>()
        .map(|online| online.connection().clone())
        .or_else(|| {
            let joining = world.get_resource::<Joining>()?;
            Some(joining.connection().clone())
        })
}

fn join(app: &mut App, link: &str) {
    let invite = Invite::parse(link).expect("the server's link reads as one");
    app.world_mut().write_message(JoinRoom(invite));
}

/// Whether the window's seat (Ann's) may lay tiles on the screen now.
fn ann_to_play(app: &App) -> bool {
    game(app).is_some_and(|game| {
        !game.position().is_over()
            && !game.gathering()
            && game.position().to_move() == 0
            && game.stage() == Stage::Turn
    })
}

/// Plays Ann's turn by the screen's intents, as clicks make them, and waits for the room's
/// answer: the move played on the screen's game.
fn play_a_turn(app: &mut App, rng: &mut ChaCha8Rng) {
    let before = game(app).expect("a game").moves().len();
    let turn = random_turn(game(app).expect("a game"), rng);
    for intent in turn {
        app.world_mut().write_message(intent);
        app.update();
    }
    until(app, "the room to play Ann's turn", |app| {
        game(app).is_some_and(|game| game.moves().len() > before)
    });
}

#[test]
fn a_window_joins_a_room_by_its_link_and_plays_it_to_the_end_against_the_rooms_computer() {
    let (store, data) = (folder("whole-store"), folder("whole-data"));
    let (_hosting, link) = room(&store, 31);
    let mut app = tiles_app_online(&data);
    join(&mut app, &link);
    until(&mut app, "the room's game on the screen", |app| {
        game(app).is_some()
            && *app
                .world()
                .resource::<State<abakus::app::base::navigation::Screen>>()
                .get()
                == abakus::app::base::navigation::Screen::Game(abakus::app::tiles::TILES)
    });
    assert_eq!(connection(&app), Some(Connection::Seated));
    let shown = game(&app).expect("a game").clone();
    assert_eq!(shown.setup().seats[0].name, "Ann");
    assert_eq!(
        shown.setup().seats[0].kind,
        SeatKind::Human,
        "Ann plays here"
    );
    assert_eq!(shown.setup().seats[1].kind, SeatKind::Computer(Level::Easy));
    assert!(
        app.world().get_resource::<OnlineSeat>().is_some(),
        "the window is at its seat"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut turns = 0;
    while !game(&app).expect("a game").position().is_over() {
        until(&mut app, "Ann's turn or the end", |app| {
            ann_to_play(app) || game(app).is_some_and(|game| game.position().is_over())
        });
        if ann_to_play(&app) {
            play_a_turn(&mut app, &mut rng);
            turns += 1;
        }
        assert!(turns < 200, "the game ends");
    }
    let over = game(&app).expect("a game").clone();
    assert!(turns >= 3, "Ann played {turns} turns");
    // At the end the screen's game is the room's whole game: every rack is the real one, so
    // it replays from its own deal to the same end.
    let again = TilesMatch::replay(&over.save()).expect("the finished game replays");
    assert!(again.position().is_over());
    assert_eq!(again.position().players(), over.position().players());
    assert_ne!(
        over.setup().seed,
        0,
        "the deal is the room's, told at the end"
    );
    // The seat is kept as a finished game, with its players' names.
    let kept: OnlineSeats = kept_seats(&app, &data);
    assert_eq!(kept.seats.len(), 1);
    assert!(kept.seats[0].over);
    assert_eq!(kept.seats[0].names, ["Ann", "Computer"]);
}

/// The seats the window kept, once its saver has written them.
fn kept_seats(app: &App, data: &Path) -> OnlineSeats {
    app.world()
        .resource::<abakus::app::base::storage::Saver>()
        .flush();
    let text = std::fs::read_to_string(data.join(FILE)).expect("the seats are kept");
    serde_json::from_str(&text).expect("the kept seats read")
}

#[test]
fn a_window_started_again_comes_back_to_its_seat_by_the_kept_secret() {
    let (store, data) = (folder("again-store"), folder("again-data"));
    let (_hosting, link) = room(&store, 32);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let played = {
        let mut app = tiles_app_online(&data);
        join(&mut app, &link);
        until(&mut app, "Ann's first turn", ann_to_play);
        play_a_turn(&mut app, &mut rng);
        let played = game(&app).expect("a game").moves().to_vec();
        let kept = kept_seats(&app, &data);
        assert_eq!(kept.seats.len(), 1);
        assert!(!kept.seats[0].over);
        played
        // The window goes away here, its socket with it.
    };
    let mut app = tiles_app_online(&data);
    join(&mut app, &link);
    until(&mut app, "the game back on the screen", |app| {
        game(app).is_some_and(|game| game.moves().len() >= played.len())
    });
    assert_eq!(connection(&app), Some(Connection::Seated));
    // Another's exchange is known by its count alone: its tiles in the copy are a guess.
    let seen = |moves: &[String]| -> Vec<SeenMove> {
        moves.iter().map(|line| SeenMove::of_line(line)).collect()
    };
    assert_eq!(
        seen(&game(&app).expect("a game").moves()[..played.len()]),
        seen(&played),
        "the game goes on where it was"
    );
    until(&mut app, "Ann's next turn", ann_to_play);
    play_a_turn(&mut app, &mut rng);
}

#[test]
fn a_link_that_opens_no_seat_is_refused_with_its_reason_and_nothing_is_shown() {
    let (store, data) = (folder("refused-store"), folder("refused-data"));
    let (hosting, link) = room(&store, 33);
    // Another device took the seat first.
    let mut first = tiles_app_online(&folder("refused-first"));
    join(&mut first, &link);
    until(&mut first, "the first window at the seat", |app| {
        connection(app) == Some(Connection::Seated)
    });
    let mut app = tiles_app_online(&data);
    join(&mut app, &link);
    until(&mut app, "the refusal", |app| {
        matches!(connection(app), Some(Connection::Ended(_)))
    });
    assert_eq!(connection(&app), Some(Connection::Ended(Ending::Taken)));
    assert!(game(&app).is_none(), "no game is put on the screen");
    // A link of a key the server never gave.
    let guessed = hosting.seat_address(&abakus_match::room::Key::random());
    join(&mut app, &guessed);
    until(&mut app, "the second refusal", |app| {
        connection(app) == Some(Connection::Ended(Ending::Unknown))
    });
}

/// Rounds of [`measure_a_move_from_one_window_to_another`]: `ABAKUS_ROUNDS`, 60 unless given.
fn rounds() -> usize {
    std::env::var("ABAKUS_ROUNDS")
        .ok()
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(60)
}

/// The median and 95th percentile of `times`, in milliseconds.
pub(crate) fn spread(times: &mut [Duration]) -> (f64, f64) {
    times.sort();
    let at = |share: f64| {
        let index = ((times.len() as f64 - 1.0) * share).round() as usize;
        times[index].as_secs_f64() * 1000.0
    };
    (at(0.5), at(0.95))
}

/// The figures of docs/performance.md, not a check (run by `scripts/bench/online.sh`): a
/// laying submitted in one window until the other window's game has it, through a room of
/// the rooms' server on loopback; against a laying submitted at a window whose game is its
/// own, until that game has it. Each window is a headless app whose frames run back to back.
#[test]
#[ignore = "a measurement: scripts/bench/online.sh runs it"]
fn measure_a_move_from_one_window_to_another() {
    let (store, data_a, data_b) = (folder("bench-store"), folder("bench-a"), folder("bench-b"));
    let hosting = Hosting::start_rooms(
        std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        0,
        store.clone(),
    )
    .expect("the server listens");
    let person = |name: &str| Seat {
        name: name.into(),
        kind: SeatKind::Phone,
    };
    let table = TilesSetup {
        seats: vec![person("Ann"), person("Bo")],
        variants: Variants::default(),
        board_b: false,
        seed: 41,
        turn_limit: TurnLimit::Off,
    };
    let created = hosting
        .open_room(Setup::Tiles(table.clone()), Language::English)
        .expect("a room");
    let mut apps = [tiles_app_online(&data_a), tiles_app_online(&data_b)];
    for (app, (_, _, token)) in apps.iter_mut().zip(&created.seats) {
        join(app, &hosting.seat_address(token));
    }
    let started = Instant::now();
    while apps
        .iter()
        .any(|app| game(app).is_none_or(TilesMatch::gathering))
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "both windows came"
        );
        for app in &mut apps {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut between = Vec::new();
    while between.len() < rounds() {
        let mover = usize::from(!ann_to_play(&apps[0]));
        let game_now = game(&apps[mover]).expect("a game").clone();
        if game_now.position().is_over() {
            break;
        }
        let before = game_now.moves().len();
        let mut turn = random_turn(&game_now, &mut rng);
        let last = turn.pop().expect("a turn ends");
        for intent in turn {
            apps[mover].world_mut().write_message(intent);
        }
        apps[mover].update();
        // A person's pace, not a machine's: the window sends at most 30 messages a second, and
        // a turn of back-to-back turns would wait for that instead.
        std::thread::sleep(Duration::from_millis(500));
        let watcher = 1 - mover;
        let started = Instant::now();
        apps[mover].world_mut().write_message(last.clone());
        apps[mover].update();
        while game(&apps[watcher]).is_none_or(|game| game.moves().len() == before) {
            assert!(started.elapsed() < Duration::from_secs(10), "the move came");
            apps[watcher].update();
        }
        if matches!(last, abakus::app::tiles::TilesIntent::Submit) {
            between.push(started.elapsed());
        }
        until(&mut apps[mover], "the mover's own copy", |app| {
            game(app).is_some_and(|game| game.moves().len() > before)
        });
    }
    // The same layings at a window whose game is its own: two people at one screen.
    let mut here = abakus::app::testing::tiles_app_with_board(TilesSetup {
        seats: vec![
            Seat {
                name: "Ann".into(),
                kind: SeatKind::Human,
            },
            Seat {
                name: "Bo".into(),
                kind: SeatKind::Human,
            },
        ],
        ..table
    });
    let mut at_one_screen = Vec::new();
    while at_one_screen.len() < between.len() {
        let game_now = game(&here).expect("a game").clone();
        if game_now.position().is_over() {
            break;
        }
        if game_now.stage() == Stage::HandOver {
            here.world_mut()
                .write_message(abakus::app::tiles::TilesIntent::Reveal);
            here.update();
            continue;
        }
        let before = game_now.moves().len();
        let mut turn = random_turn(&game_now, &mut rng);
        let last = turn.pop().expect("a turn ends");
        for intent in turn {
            here.world_mut().write_message(intent);
        }
        here.update();
        let started = Instant::now();
        here.world_mut().write_message(last.clone());
        here.update();
        while game(&here).is_none_or(|game| game.moves().len() == before) {
            here.update();
        }
        if matches!(last, abakus::app::tiles::TilesIntent::Submit) {
            at_one_screen.push(started.elapsed());
        }
    }
    let (median, p95) = spread(&mut between);
    let (median_here, p95_here) = spread(&mut at_one_screen);
    println!(
        "window to window: {} layings, median {median:.1} ms, 95th percentile {p95:.1} ms",
        between.len()
    );
    println!(
        "at one window:    {} layings, median {median_here:.1} ms, 95th percentile {p95_here:.1} ms",
        at_one_screen.len()
    );
}
