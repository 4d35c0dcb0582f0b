//! A game set up at the window and hosted on a game server elsewhere, headless: the server
//! (a club's, making rooms only with its key) on loopback, the window asking it for the room
//! of its setup, joining its own seat, and keeping the other person's link and short code,
//! which a second window joins by, and the watchers' link, which a third watches by; both play through the
//! room, and the watcher follows and plays nothing. Two people at one window each play their
//! own seat of a room. A wrong key is refused in words and starts nothing, and so does a room
//! given up while it is made.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use abakus::app::base::navigation::Screen;
use abakus::app::base::settings::Settings;
use abakus::app::features::host_online::{HostOnline, HostingAt, JoinByCode, Making};
use abakus::app::features::joining::{InRoom, Joining};
use abakus::app::features::online::{JoinRoom, OnlineSeats};
use abakus::app::shell::turn_clock::TurnLimit;
use abakus::app::testing::tiles_app_online;
use abakus::app::tiles::game::{Seat, SeatKind, TilesSetup, random_turn};
use abakus::app::tiles::online::seat::OnlineSeat;
use abakus::app::tiles::{Stage, TILES, TilesIntent, TilesMatch};
use abakus_match::room::read_code;
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::Level;
use abakus_server::making::ServerAddress;
use abakus_server::remote::Invite;
use abakus_server::table::Setup;
use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn folder(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("abakus-host-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a folder for the test");
    folder
}

/// The rooms' server as `abakus-server` runs it, on loopback, making rooms only with `key`;
/// its address, and what stops it when dropped.
fn club_server(store: PathBuf, key: &str) -> (String, tokio::sync::oneshot::Sender<()>) {
    club_server_also_at(store, key, &[])
}

/// The same, answering to the `also` names too.
fn club_server_also_at(
    store: PathBuf,
    key: &str,
    also: &[String],
) -> (String, tokio::sync::oneshot::Sender<()>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    listener.set_nonblocking(true).expect("non-blocking");
    let address = listener.local_addr().expect("its address").to_string();
    let mut config = abakus_server::Config::new(store);
    config.hosts = [address.clone()]
        .into_iter()
        .chain(also.iter().cloned())
        .collect();
    config.create_key = Some(key.to_owned());
    config.searches = 1;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("the listener");
            let stop = async move {
                let _ = stopped.await;
            };
            abakus_server::serve(config, listener, None, stop)
                .await
                .expect("the server serves");
        });
    });
    (address, stop)
}

/// Runs the windows' frames until `test` passes.
fn until(apps: &mut [&mut App], what: &str, test: impl Fn(&[&mut App]) -> bool) {
    let started = Instant::now();
    while !test(apps) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "waited too long for {what}"
        );
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn game(app: &App) -> Option<&TilesMatch> {
    app.world().get_resource::<TilesMatch>()
}

/// The moves a window's game has seen, an exchange by its count: tiles exchanged are the
/// exchanger's to know, and the others have as many, not which.
fn seen_moves(app: &App) -> Vec<String> {
    let moves = game(app).expect("a game").moves().iter();
    moves
        .map(|played| match played.strip_prefix("exchange ") {
            Some(tiles) => format!("exchange of {}", tiles.split(' ').count()),
            None => played.clone(),
        })
        .collect()
}

fn on_the_game_screen(app: &App) -> bool {
    game(app).is_some_and(|game| !game.gathering())
        && *app.world().resource::<State<Screen>>().get() == Screen::Game(TILES)
}

/// A window whose settings give the club's key, hosting its next game on the server.
fn host_window(data: &std::path::Path, server: &str, key: &str) -> App {
    let mut app = tiles_app_online(data);
    app.insert_resource(Settings {
        room_key: Some(key.to_owned()),
        ..Settings::default()
    });
    let address = ServerAddress::parse(&format!("http://{server}")).expect("an address");
    app.insert_resource(HostingAt(Some(address)));
    app
}

/// Ann at the window, Bo elsewhere, and the easy computer.
fn table() -> Setup {
    let seat = |name: &str, kind| Seat {
        name: name.into(),
        kind,
    };
    Setup::Tiles(TilesSetup {
        seats: vec![
            seat("Ann", SeatKind::Human),
            seat("Bo", SeatKind::Phone),
            seat("Computer", SeatKind::Computer(Level::Easy)),
        ],
        variants: Variants::default(),
        board_b: false,
        seed: 3,
        turn_limit: TurnLimit::Off,
    })
}

/// Plays turn number `turn` (from 1) if it is a window's person's, by the screen's intents.
///
/// A window that already shows a later turn plays nothing: the room's computer may have
/// moved before this is asked, and the next person's turn belongs to the next round.
fn play_the_turn(apps: &mut [&mut App; 2], turn: usize, rng: &mut ChaCha8Rng) {
    for app in apps.iter_mut() {
        let Some(now) = game(app).cloned() else {
            continue;
        };
        let mine = now.setup().seats[now.position().to_move()].kind == SeatKind::Human;
        let this_turn = now.moves().len() + 1 == turn;
        if mine && this_turn && now.stage() == Stage::Turn && !now.position().is_over() {
            for intent in random_turn(&now, rng) {
                app.world_mut().write_message(intent);
                app.update();
            }
            return;
        }
    }
}

#[test]
fn a_game_set_up_at_the_window_is_hosted_on_a_server_and_its_link_joined_by_another_window() {
    let (server, _stop) = club_server(folder("club-store"), "club-key");
    let mut ann = host_window(&folder("ann"), &server, "club-key");
    ann.world_mut().write_message(HostOnline {
        setup: table(),
        own_seats: vec![0],
    });
    let mut bo = tiles_app_online(&folder("bo"));
    until(&mut [&mut ann], "the room made and Ann seated", |apps| {
        game(apps[0]).is_some()
    });
    let hosted = ann.world().resource::<OnlineSeats>().hosted.clone();
    assert_eq!(hosted.len(), 1, "the room's links are kept");
    assert_eq!(
        ann.world().resource::<Settings>().room_servers,
        [format!("http://{server}")],
        "the server is remembered, to be offered again"
    );
    let names: Vec<_> = hosted[0].others.iter().map(|sent| &sent.name).collect();
    assert_eq!(
        names,
        ["Bo"],
        "a link for the other person, none for the computer"
    );
    assert!(hosted[0].watch.contains("/watch/"));
    let shown = game(&ann).expect("the room's game").setup().clone();
    assert_eq!(
        shown.seats[0].kind,
        SeatKind::Human,
        "Ann plays at this window"
    );
    assert_eq!(shown.seats[2].kind, SeatKind::Computer(Level::Easy));
    // Bo types his seat's short code with the server's address, as read out to him.
    let bo_code = &hosted[0].others[0].code;
    assert_eq!(
        read_code(bo_code).as_ref(),
        Some(bo_code),
        "Bo's seat has a code"
    );
    assert!(
        read_code(&hosted[0].watch_code).is_some(),
        "so has watching"
    );
    bo.world_mut().write_message(JoinByCode {
        server: ServerAddress::parse(&format!("http://{server}")).expect("an address"),
        code: bo_code.to_lowercase(),
    });
    // Dee watches from a third window, by the watchers' link.
    let mut dee = tiles_app_online(&folder("dee"));
    let watch = Invite::parse(&hosted[0].watch).expect("the watchers' link reads as one");
    dee.world_mut().write_message(JoinRoom(watch));
    until(
        &mut [&mut ann, &mut bo, &mut dee],
        "all three at the table",
        |apps| apps.iter().all(|app| on_the_game_screen(app)),
    );
    let bo_seats = &game(&bo).expect("Bo's game").setup().seats;
    assert_eq!(
        (bo_seats[0].kind, bo_seats[1].kind),
        (SeatKind::Phone, SeatKind::Human),
        "Bo plays at the other window, Ann elsewhere"
    );
    let dee_seats = &game(&dee).expect("Dee's game").setup().seats;
    assert!(
        dee_seats.iter().all(|seat| seat.kind != SeatKind::Human),
        "nobody plays at the watching window: {dee_seats:?}"
    );
    // A round: Ann, Bo and the computer, each seen in all three windows.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for turns in 1..=3 {
        until(
            &mut [&mut ann, &mut bo],
            "a person's turn, or the computer's move",
            |apps| {
                let moves = |app: &App| game(app).map(|game| game.moves().len());
                moves(apps[0]) == moves(apps[1])
            },
        );
        // On the computer's turn nobody plays: the room does.
        play_the_turn(&mut [&mut ann, &mut bo], turns, &mut rng);
        until(
            &mut [&mut ann, &mut bo, &mut dee],
            "the turn in every window",
            |apps| {
                apps.iter()
                    .all(|app| game(app).is_some_and(|game| game.moves().len() >= turns))
            },
        );
    }
    // Where the deal let the computer begin, the round ends on its move: it is waited for, so
    // that nothing moves while the watcher is tried.
    until(
        &mut [&mut ann, &mut bo, &mut dee],
        "a person to move, in every window",
        |apps| {
            let now =
                |app: &App| game(app).map(|game| (game.moves().len(), game.position().to_move()));
            let seen: Vec<_> = apps.iter().map(|app| now(app)).collect();
            seen.iter().all(|at| *at == seen[0]) && seen[0].is_some_and(|(_, to_move)| to_move != 2)
        },
    );
    assert_eq!(
        seen_moves(&ann),
        seen_moves(&bo),
        "both windows have the same game"
    );
    assert_eq!(
        seen_moves(&ann),
        seen_moves(&dee),
        "the watcher has the same game"
    );
    // Nothing asked at the watching window reaches the room.
    let played = seen_moves(&ann).len();
    let mut asked = random_turn(game(&ann).expect("a game"), &mut rng);
    asked.push(TilesIntent::Pass);
    for intent in asked {
        dee.world_mut().write_message(intent);
        dee.update();
    }
    for _ in 0..40 {
        for app in [&mut ann, &mut bo, &mut dee] {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(
        seen_moves(&ann).len(),
        played,
        "the watcher played nothing in the room"
    );
    assert_eq!(seen_moves(&dee), seen_moves(&ann));
}

#[test]
fn a_server_asked_without_its_key_says_so_and_starts_nothing() {
    let (server, _stop) = club_server(folder("keyed-store"), "club-key");
    let mut ann = host_window(&folder("wrong-key"), &server, "not-the-key");
    ann.world_mut().write_message(HostOnline {
        setup: table(),
        own_seats: vec![0],
    });
    until(&mut [&mut ann], "the server's answer", |apps| {
        matches!(
            apps[0].world().get_resource::<Making>(),
            Some(Making::Failed(_))
        )
    });
    let Some(Making::Failed(why)) = ann.world().get_resource::<Making>() else {
        unreachable!("waited for it");
    };
    assert!(why.contains("key"), "the words say what is missing: {why}");
    assert!(game(&ann).is_none(), "no game began");
    assert!(ann.world().resource::<OnlineSeats>().hosted.is_empty());
    assert!(ann.world().resource::<Settings>().room_servers.is_empty());
    assert_eq!(
        *ann.world().resource::<State<Screen>>().get(),
        Screen::Online,
        "the person is where they can type the key"
    );
}

/// A way to a server that holds the first request it carries until `let_go` is sent: the
/// server's answer comes when the test says, however fast the server is; `answered` is told
/// once the answer has gone back.
fn held_way(
    listener: std::net::TcpListener,
    server: String,
) -> (std::sync::mpsc::Sender<()>, std::sync::mpsc::Receiver<()>) {
    let (let_go, held) = std::sync::mpsc::channel::<()>();
    let (tell, answered) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let Ok((client, _)) = listener.accept() else {
            return;
        };
        let _ = held.recv();
        let Ok(upstream) = std::net::TcpStream::connect(&server) else {
            return;
        };
        let pump = |mut from: std::net::TcpStream, mut to: std::net::TcpStream, done| {
            std::thread::spawn(move || {
                let _ = std::io::copy(&mut from, &mut to);
                let _ = to.shutdown(std::net::Shutdown::Write);
                if let Some(done) = done {
                    let _: Result<(), _> = std::sync::mpsc::Sender::send(&done, ());
                }
            });
        };
        if let (Ok(client_again), Ok(upstream_again)) = (client.try_clone(), upstream.try_clone()) {
            pump(client, upstream, None);
            pump(upstream_again, client_again, Some(tell));
        }
    });
    (let_go, answered)
}

#[test]
fn a_room_given_up_while_it_is_made_brings_no_game_onto_the_screen() {
    let way = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let way_address = way.local_addr().expect("its address").to_string();
    let (server, _stop) = club_server_also_at(
        folder("given-up-store"),
        "club-key",
        std::slice::from_ref(&way_address),
    );
    let (let_go, answered) = held_way(way, server);
    let mut ann = host_window(&folder("given-up"), &way_address, "club-key");
    ann.world_mut().write_message(HostOnline {
        setup: table(),
        own_seats: vec![0],
    });
    ann.update();
    ann.update();
    assert_eq!(
        *ann.world().resource::<State<Screen>>().get(),
        Screen::Online,
        "the making's card shows on the Play online screen"
    );
    // Ann goes back to the title before the answer is heard; then the server answers.
    ann.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    ann.update();
    let_go.send(()).expect("the way is open");
    answered
        .recv_timeout(Duration::from_secs(20))
        .expect("the server answers, late");
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(1) {
        ann.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(ann.world().get_resource::<Making>().is_none());
    assert!(game(&ann).is_none(), "no game came onto the screen");
    assert!(ann.world().resource::<OnlineSeats>().hosted.is_empty());
    assert_eq!(
        *ann.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
}

/// Ann and Bo at the window, Cy elsewhere.
fn family_table() -> Setup {
    let seat = |name: &str, kind| Seat {
        name: name.into(),
        kind,
    };
    Setup::Tiles(TilesSetup {
        seats: vec![
            seat("Ann", SeatKind::Human),
            seat("Bo", SeatKind::Human),
            seat("Cy", SeatKind::Phone),
        ],
        variants: Variants::default(),
        board_b: false,
        seed: 5,
        turn_limit: TurnLimit::Off,
    })
}

#[test]
fn two_people_at_one_window_each_play_their_own_seat_of_the_room_behind_the_curtain() {
    let (server, _stop) = club_server(folder("family-store"), "club-key");
    let home_data = folder("home");
    let mut home = host_window(&home_data, &server, "club-key");
    home.world_mut().write_message(HostOnline {
        setup: family_table(),
        own_seats: vec![0, 1],
    });
    let mut cy = tiles_app_online(&folder("cy"));
    until(
        &mut [&mut home],
        "the room made, both seats taken",
        |apps| {
            let online = apps[0].world().get_resource::<OnlineSeat>();
            online.is_some_and(|online| online.seats().len() == 2)
        },
    );
    let hosted = home.world().resource::<OnlineSeats>().hosted.clone();
    let names: Vec<_> = hosted[0].others.iter().map(|sent| &sent.name).collect();
    assert_eq!(names, ["Cy"], "a link for the person elsewhere alone");
    let cy_link = Invite::parse(&hosted[0].others[0].link).expect("Cy's link reads as one");
    cy.world_mut().write_message(JoinRoom(cy_link));
    until(
        &mut [&mut home, &mut cy],
        "both windows at the table",
        |apps| apps.iter().all(|app| on_the_game_screen(app)),
    );
    let kinds = |app: &App| -> Vec<SeatKind> {
        let seats = &game(app).expect("a game").setup().seats;
        seats.iter().map(|seat| seat.kind).collect()
    };
    assert_eq!(
        kinds(&home),
        [SeatKind::Human, SeatKind::Human, SeatKind::Phone],
        "Ann and Bo both play at the window"
    );
    assert_eq!(
        kinds(&cy),
        [SeatKind::Phone, SeatKind::Phone, SeatKind::Human]
    );
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut home_turns = 0;
    for turn in 1..=10 {
        if turn == 5 {
            // The window closed and started again: Your games still going has the game once,
            // with both seats, and brings Ann and Bo back to it together.
            drop(home);
            home = tiles_app_online(&home_data);
            home.update();
            let kept = home.world().resource::<OnlineSeats>().clone();
            let going = kept.going();
            assert_eq!(going.len(), 1, "one game to go back to");
            let seats: Vec<_> = going[0].iter().map(|(seat, _)| seat.seat).collect();
            assert_eq!(seats.len(), 2, "with both seats: {seats:?}");
            let links: Vec<_> = going[0].iter().map(|(_, invite)| invite.clone()).collect();
            home.world_mut()
                .write_message_batch(links.into_iter().map(JoinRoom));
            until(&mut [&mut home], "both seats back", |apps| {
                let online = apps[0].world().get_resource::<OnlineSeat>();
                online.is_some_and(|online| online.seats().len() == 2)
                    && on_the_game_screen(apps[0])
            });
            assert_eq!(
                kinds(&home),
                [SeatKind::Human, SeatKind::Human, SeatKind::Phone]
            );
            // Ann's seat, whose link the room was made by, is the window's first again.
            let in_room = home.world().resource::<InRoom>();
            assert_eq!(in_room.invite.link(), hosted[0].own);
            assert_eq!(in_room.more.len(), 1);
        }
        until(
            &mut [&mut home, &mut cy],
            "both windows at the turn",
            |apps| {
                apps.iter()
                    .all(|app| game(app).is_some_and(|game| game.moves().len() == turn - 1))
            },
        );
        let mover = game(&home).expect("a game").position().to_move();
        let app = if mover == 2 {
            &mut cy
        } else {
            // Each turn of a person at the window begins behind the curtain: the rack shown
            // after it is the seat's own, or the room would take none of its tiles.
            home_turns += 1;
            assert_eq!(
                game(&home).expect("a game").stage(),
                Stage::HandOver,
                "the curtain is drawn before {}'s turn",
                ["Ann", "Bo"][mover]
            );
            home.world_mut().write_message(TilesIntent::Reveal);
            home.update();
            // The rack shown is the one the room told that seat's own link.
            let shown = game(&home).expect("a game").position().rack(mover).to_vec();
            let online = home.world().resource::<OnlineSeat>();
            let told = online
                .links()
                .find(|link| link.seat() == Some(mover))
                .and_then(|link| link.now())
                .expect("the seat's own copy");
            let mut told = told.position().rack(mover).to_vec();
            let mut shown = shown;
            told.sort_by_key(|tile| tile.to_char());
            shown.sort_by_key(|tile| tile.to_char());
            assert_eq!(shown, told, "{}'s own rack", ["Ann", "Bo"][mover]);
            &mut home
        };
        let now = game(app).expect("a game").clone();
        assert_eq!(now.stage(), Stage::Turn);
        for intent in random_turn(&now, &mut rng) {
            app.world_mut().write_message(intent);
            app.update();
        }
        until(
            &mut [&mut home, &mut cy],
            "the turn in both windows",
            |apps| {
                apps.iter()
                    .all(|app| game(app).is_some_and(|game| game.moves().len() >= turn))
            },
        );
    }
    assert!(home_turns >= 6, "Ann and Bo each played at the window");
    assert_eq!(
        seen_moves(&home),
        seen_moves(&cy),
        "both windows have the same game"
    );
}

#[test]
fn a_code_of_no_game_is_said_so_and_joins_nothing() {
    let (server, _stop) = club_server(folder("codes-store"), "club-key");
    let mut bo = tiles_app_online(&folder("wrong-code"));
    bo.world_mut().write_message(JoinByCode {
        server: ServerAddress::parse(&format!("http://{server}")).expect("an address"),
        code: "0000-0000".into(),
    });
    until(&mut [&mut bo], "the server's answer", |apps| {
        matches!(
            apps[0].world().get_resource::<Making>(),
            Some(Making::NotFound(_))
        )
    });
    let Some(Making::NotFound(why)) = bo.world().get_resource::<Making>() else {
        unreachable!("waited for it");
    };
    assert!(why.starts_with("No game at 127.0.0.1:"), "{why}");
    for _ in 0..10 {
        bo.update();
    }
    assert!(game(&bo).is_none(), "nothing is joined");
    assert!(bo.world().get_resource::<Joining>().is_none());
    assert!(bo.world().resource::<OnlineSeats>().seats.is_empty());
}
