//! The tile game through its phones' messages: whole games played by phones alone, what each
//! seat's phone is shown (its own rack and the public table, nothing more), and messages from
//! the wrong seat, sent twice or made of nonsense leaving the match exactly as it was.

use abakus::app::base::i18n::Language;
use abakus::app::tiles::game::wire::{self, MessageError, read_intent};
use abakus::app::tiles::game::{apply, random_turn};
use abakus::app::tiles::phone::view::seat_view;
use abakus::app::tiles::{Stage, TilesIntent, TilesMatch};
use abakus_rules::abaku::{Tile, Variants};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::app_tiles::table;

/// The message a phone's page sends for an intent the screen would make.
fn message(n: u64, intent: &TilesIntent) -> String {
    wire::message(n, intent).unwrap_or_else(|| panic!("no phone message for {intent:?}"))
}

/// The tiles a view names, as the rules write them.
fn tiles_of(list: &Value) -> Vec<char> {
    let mut tiles: Vec<char> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|tile| tile["tile"].as_str().unwrap().chars().next().unwrap())
        .collect();
    tiles.sort_unstable();
    tiles
}

fn rack_of(game: &TilesMatch, seat: usize) -> Vec<char> {
    let mut tiles: Vec<char> = game
        .position()
        .rack(seat)
        .iter()
        .map(|t| t.to_char())
        .collect();
    tiles.sort_unstable();
    tiles
}

/// Checks what each seat's phone is shown against the match: its own rack (less what it laid
/// this turn), the public table, and no other seat's tiles before the end.
fn check_views(game: &TilesMatch, language: Language) {
    let players = game.setup().seats.len();
    for seat in 0..players {
        let view = seat_view(game, seat, language, None);
        let fields: Vec<&str> = view
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            fields,
            [
                "bag",
                "board",
                "can_submit",
                "clock",
                "gathering",
                "held",
                "joker",
                "laying",
                "log",
                "names",
                "notice",
                "over",
                "preview",
                "rack",
                "scores",
                "seat",
                "short_form",
                "stage",
                "to_move",
                "type",
                "unseen"
            ],
            "a new field is checked here before it is sent"
        );
        let laying = view["laying"].as_bool().unwrap();
        let shown = tiles_of(&view["rack"]);
        if laying {
            // The joker waiting for its digit stands on its square, off the rack.
            let naming = match game.stage() {
                Stage::JokerDigit { slot, .. } => Some(slot),
                _ => None,
            };
            let mut turn: Vec<char> = game
                .rack_in_order()
                .into_iter()
                .filter(|&slot| Some(slot) != naming)
                .map(|slot| game.turn_rack()[slot].to_char())
                .collect();
            turn.sort_unstable();
            assert_eq!(shown, turn, "seat {seat} laying");
        } else {
            assert_eq!(shown, rack_of(game, seat), "seat {seat}");
        }
        assert_eq!(view["bag"], game.position().bag().len());
        let unseen: u64 = view["unseen"]
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(unseen as usize, game.position().unseen_by(seat).len());
        let log = view["log"].as_array().unwrap();
        for entry in log {
            if entry["kind"] == "exchange" {
                assert!(
                    entry.get("text").is_none(),
                    "an exchange names no tile: {entry}"
                );
            }
        }
        if game.position().is_over() {
            assert_eq!(view["over"]["racks"].as_array().unwrap().len(), players);
        } else {
            assert!(
                view["over"].is_null(),
                "no rack of another seat before the end"
            );
        }
    }
}

#[test]
fn whole_games_played_by_phones_alone_end_and_each_phone_sees_its_own_rack() {
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    let languages = [
        Language::English,
        Language::German,
        Language::French,
        Language::Russian,
    ];
    for game_number in 0..12u64 {
        let players = 2 + (game_number % 3) as usize;
        let variants = Variants {
            diagonal: game_number % 4 == 1,
            ..Variants::default()
        };
        let mut game = TilesMatch::new(table(players, game_number, variants)).unwrap();
        let language = languages[game_number as usize % languages.len()];
        let mut numbers = vec![0u64; players];
        let mut turns = 0;
        while !game.position().is_over() && turns < 400 {
            if game.stage() == Stage::HandOver {
                // People at the screen would reveal; a phone's seat has no curtain to lift.
                apply(&mut game, TilesIntent::Reveal);
            }
            if game.stage() == Stage::ChallengeWindow {
                let answering = (game.position().pending().unwrap().player + 1) % players;
                numbers[answering] += 1;
                let (n, intent) = read_intent(
                    &game,
                    answering,
                    numbers[answering] - 1,
                    &message(numbers[answering], &TilesIntent::Accept),
                )
                .unwrap();
                assert_eq!(n, numbers[answering]);
                apply(&mut game, intent);
                continue;
            }
            let seat = game.position().to_move();
            for intent in random_turn(&game, &mut rng) {
                check_views(&game, language);
                numbers[seat] += 1;
                let text = message(numbers[seat], &intent);
                let (n, read) = read_intent(&game, seat, numbers[seat] - 1, &text)
                    .unwrap_or_else(|error| panic!("{text}: {error:?}"));
                assert_eq!((n, &read), (numbers[seat], &intent));
                apply(&mut game, read);
            }
            turns += 1;
        }
        assert!(game.position().is_over(), "game {game_number} ends");
        check_views(&game, language);
    }
}

fn snapshot(game: &TilesMatch) -> String {
    format!("{game:?}")
}

#[test]
fn messages_from_the_wrong_seat_sent_twice_or_of_nonsense_change_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut game = TilesMatch::new(table(3, 9, Variants::default())).unwrap();
    apply(&mut game, TilesIntent::Reveal);
    let hostile = [
        "",
        "null",
        "{}",
        "[]",
        r#"{"n": 5}"#,
        r#"{"intent": "pass"}"#,
        r#"{"n": -1, "intent": "pass"}"#,
        r#"{"n": 5, "intent": "teleport"}"#,
        r#"{"n": 5, "intent": "lay", "slot": 0}"#,
        r#"{"n": 5, "intent": "lay", "slot": 0, "cell": "Z99"}"#,
        r#"{"n": 5, "intent": "lay", "slot": 0, "cell": "H0"}"#,
        r#"{"n": 5, "intent": "declare", "digit": 300}"#,
        r#"{"n": 5, "intent": "exchange", "slots": "all"}"#,
        r#"{"n": 18446744073709551616, "intent": "pass"}"#,
        "{\"n\": 5, \"intent\": \"pass\"",
    ];
    for round in 0..2_000u64 {
        let before = snapshot(&game);
        let mover = game.position().to_move();
        let other = (mover + 1 + rng.random_range(0..2)) % 3;
        // Another seat's turn intents are refused whatever they ask.
        let intents = [
            TilesIntent::Pass,
            TilesIntent::Submit,
            TilesIntent::Lay {
                slot: 0,
                cell: game.position().layout().start(),
            },
            TilesIntent::Exchange(vec![0, 1]),
            TilesIntent::RecallAll,
            TilesIntent::Declare(4),
            TilesIntent::Accept,
        ];
        let intent = &intents[rng.random_range(0..intents.len())];
        assert_eq!(
            read_intent(&game, other, 0, &message(round + 1, intent)),
            Err(MessageError::NotYourTurn),
            "{intent:?} from seat {other}"
        );
        // A message numbered no higher than the last taken is a replay.
        let last = rng.random_range(1..1_000);
        assert_eq!(
            read_intent(
                &game,
                mover,
                last,
                &message(last - rng.random_range(0..2), &TilesIntent::Pass)
            ),
            Err(MessageError::Replayed)
        );
        let nonsense = hostile[rng.random_range(0..hostile.len())];
        assert!(
            read_intent(&game, mover, 0, nonsense).is_err(),
            "{nonsense}"
        );
        let bytes: Vec<u8> = (0..rng.random_range(0..64)).map(|_| rng.random()).collect();
        assert!(read_intent(&game, mover, 0, &String::from_utf8_lossy(&bytes)).is_err());
        assert_eq!(snapshot(&game), before, "a refused message touches nothing");
        // Now and then the mover plays on, so the refusals meet many moments of the game.
        if round % 50 == 49 {
            for intent in random_turn(&game, &mut rng) {
                apply(&mut game, intent);
            }
            if game.stage() == Stage::HandOver {
                apply(&mut game, TilesIntent::Reveal);
            }
            if game.position().is_over() {
                game = TilesMatch::new(table(3, round, Variants::default())).unwrap();
                apply(&mut game, TilesIntent::Reveal);
            }
        }
    }
}

#[test]
fn a_phone_names_the_joker_and_the_view_shows_the_joker_and_the_preview() {
    // The first deal that gives the first player the joker.
    let (mut game, slot) = (0..500)
        .find_map(|seed| {
            let mut game = TilesMatch::new(table(2, seed, Variants::default())).unwrap();
            apply(&mut game, TilesIntent::Reveal);
            let slot = game.turn_rack().iter().position(|t| *t == Tile::Joker)?;
            Some((game, slot))
        })
        .expect("one deal in 500 gives the first player the joker");
    let seat = game.position().to_move();
    let start = game.position().layout().start();
    let lay = format!(r#"{{"n": 1, "intent": "lay", "slot": {slot}, "cell": "{start}"}}"#);
    let (_, intent) = read_intent(&game, seat, 0, &lay).unwrap();
    apply(&mut game, intent);
    let view = seat_view(&game, seat, Language::English, Some(42));
    assert_eq!(view["stage"], "joker");
    assert_eq!(view["joker"], start.to_string());
    assert_eq!(view["clock"], 42);
    let (_, intent) = read_intent(
        &game,
        seat,
        1,
        r#"{"n": 2, "intent": "declare", "digit": 7}"#,
    )
    .unwrap();
    apply(&mut game, intent);
    let view = seat_view(&game, seat, Language::English, None);
    let index =
        start.row as usize * view["board"]["width"].as_u64().unwrap() as usize + start.col as usize;
    assert_eq!(view["board"]["squares"][index]["tile"], "?7");
    assert_eq!(view["board"]["squares"][index]["new"], true);
    assert!(!view["preview"].is_null(), "a tile laid has a preview");
    // The other seat sees the same square and preview, and its own rack.
    let other = seat_view(&game, 1 - seat, Language::English, None);
    assert_eq!(other["board"], view["board"]);
    assert_eq!(other["preview"], view["preview"]);
    assert_eq!(other["laying"], false);
}

mod through_the_server {
    //! The same turn flow in a headless app, its phones over loopback.

    use std::net::TcpStream;
    use std::time::{Duration, Instant};

    use abakus::app::shell::turn_clock::TurnLimit;
    use abakus::app::testing::tiles_app_with_phones;
    use abakus::app::tiles::game::{Seat, SeatKind, TilesSetup};
    use abakus::app::tiles::phone::plugin::PhoneTable;
    use abakus::app::tiles::{TilesIntent, TilesMatch};
    use abakus_rules::abaku::{Move, Variants};
    use bevy::prelude::*;
    use serde_json::{Value, json};
    use tungstenite::client::IntoClientRequest;
    use tungstenite::{Message, WebSocket};

    type Phone = WebSocket<TcpStream>;

    fn open(address: &str) -> Phone {
        let rest = address.strip_prefix("http://").unwrap();
        let (host, path) = rest.split_once('/').unwrap();
        let token = path.trim_start_matches("seat/").trim_end_matches('/');
        open_at(host, &format!("token={token}"))
    }

    /// A phone's connection to `host` with this query: its seat's token or its secret.
    fn open_at(host: &str, query: &str) -> Phone {
        let stream = TcpStream::connect(host).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut request = format!("ws://{host}/ws?{query}")
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("Origin", format!("http://{host}").parse().unwrap());
        let phone = tungstenite::client(request, stream).unwrap().0;
        // From here the test reads between the app's frames.
        phone
            .get_ref()
            .set_read_timeout(Some(Duration::from_millis(5)))
            .unwrap();
        phone
    }

    /// Runs the app's frames until the phone is sent a message of this type.
    fn until(app: &mut App, phone: &mut Phone, wanted: &str) -> Value {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(20) {
            app.update();
            match phone.read() {
                Ok(Message::Text(text)) => {
                    let message: Value = serde_json::from_str(text.as_str()).unwrap();
                    if message["type"] == wanted {
                        return message;
                    }
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(_)) => {}
                Err(error) => panic!("the connection broke: {error}"),
            }
        }
        panic!("no {wanted} message came");
    }

    /// Runs the app's frames until the phone is sent a picture that passes `test`.
    fn until_view(app: &mut App, phone: &mut Phone, test: impl Fn(&Value) -> bool) -> Value {
        let started = Instant::now();
        loop {
            let view = until(app, phone, "view");
            if test(&view) {
                return view;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "no such picture came"
            );
        }
    }

    /// A two-seat table on board A: each seat's name and kind, the deal and the turn clock.
    fn two_seats(
        first: (&str, SeatKind),
        second: (&str, SeatKind),
        seed: u64,
        turn_limit: TurnLimit,
    ) -> TilesSetup {
        let seat = |(name, kind): (&str, SeatKind)| Seat {
            name: name.into(),
            kind,
        };
        TilesSetup {
            seats: vec![seat(first), seat(second)],
            variants: Variants::default(),
            board_b: false,
            seed,
            turn_limit,
        }
    }

    #[test]
    fn a_phone_joins_sees_its_seat_and_plays_its_turn_in_the_app() {
        let setup = two_seats(
            ("Ann", SeatKind::Phone),
            ("Bo", SeatKind::Phone),
            11,
            TurnLimit::Off,
        );
        let mut app = tiles_app_with_phones(setup);
        let addresses: Vec<String> = {
            let server = app.world().resource::<PhoneTable>();
            assert!(
                server.address().ip().is_loopback(),
                "tests listen on loopback alone"
            );
            (0..2)
                .map(|seat| server.seat_address(seat).unwrap())
                .collect()
        };
        let mover = app.world().resource::<TilesMatch>().position().to_move();
        let mut phones: Vec<Phone> = addresses.iter().map(|address| open(address)).collect();
        let words = until(&mut app, &mut phones[mover], "words");
        let waiting = words["waiting"][1 - mover].as_str().unwrap();
        assert!(waiting.contains(["Ann", "Bo"][1 - mover]) && waiting.contains("is playing"));
        assert_eq!(words["words"]["phone-submit"], "Submit");
        // The first picture may come while the other phone is still on its way.
        let view = until_view(&mut app, &mut phones[mover], |view| {
            view["gathering"] == false
        });
        assert_eq!(view["seat"], mover);
        assert_eq!(view["laying"], true, "a phone's seat needs no curtain");
        assert_eq!(view["rack"].as_array().unwrap().len(), 5);
        let other = until(&mut app, &mut phones[1 - mover], "view");
        assert_eq!(other["laying"], false);

        // The seat not to move is refused; the mover passes and the turn goes on.
        phones[1 - mover]
            .send(Message::text(r#"{"n": 1, "intent": "pass"}"#))
            .unwrap();
        let refused = until(&mut app, &mut phones[1 - mover], "error");
        assert_eq!(refused["code"], "not-your-turn");
        phones[mover]
            .send(Message::text(r#"{"n": 1, "intent": "pass"}"#))
            .unwrap();
        let started = Instant::now();
        while app.world().resource::<TilesMatch>().log().is_empty() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the pass arrives"
            );
            app.update();
        }
        let game = app.world().resource::<TilesMatch>();
        assert_eq!(game.log()[0].player, mover);
        assert_eq!(game.log()[0].action, Move::Pass);
        assert_eq!(game.position().to_move(), 1 - mover);
        let next = loop {
            let view = until(&mut app, &mut phones[1 - mover], "view");
            if view["laying"] == true {
                break view;
            }
        };
        assert_eq!(
            next["taken"], 0,
            "that seat's refused message was not taken"
        );

        // That phone lays a tile; an Undo at the screen meanwhile takes back neither the tile
        // nor the turn before.
        phones[1 - mover]
            .send(Message::text(
                r#"{"n": 1, "intent": "lay", "slot": 0, "cell": "H8"}"#,
            ))
            .unwrap();
        let started = Instant::now();
        while app.world().resource::<TilesMatch>().tentative().is_empty() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the tile arrives"
            );
            app.update();
        }
        app.world_mut().write_message(TilesIntent::Undo);
        for _ in 0..3 {
            app.update();
        }
        let game = app.world().resource::<TilesMatch>();
        assert_eq!(game.tentative().len(), 1, "the phone's tile stays laid");
        assert_eq!(game.log().len(), 1, "the pass before stays played");
    }

    /// A computer seat and a phone seat: until the phone comes nobody plays, no computer
    /// thinks and no clock runs; once it has come, the game begins.
    #[test]
    fn the_game_waits_for_every_phone_before_its_first_turn() {
        let setup = two_seats(
            (
                "Cy",
                SeatKind::Computer(abakus_rules::abaku::ai::Level::Easy),
            ),
            ("Di", SeatKind::Phone),
            12,
            TurnLimit::Seconds(30),
        );
        let mut app = tiles_app_with_phones(setup);
        let address = app
            .world()
            .resource::<PhoneTable>()
            .seat_address(1)
            .unwrap();
        for _ in 0..60 {
            app.update();
        }
        let game = app.world().resource::<TilesMatch>();
        assert!(game.gathering(), "the game waits for Di's phone");
        assert!(game.log().is_empty(), "nobody played before the phone came");
        let clock = app
            .world()
            .resource::<abakus::app::shell::turn_clock::TurnClock>();
        assert!(
            clock.left().is_none(),
            "no turn's time runs while the game waits"
        );

        // A booth's idle clock: the phone's player is a person at the table, though nobody
        // touches the screen.
        let mut idle = abakus::app::features::attract::Idle::default();
        idle.seconds = 100.0;
        app.world_mut().insert_resource(idle);
        let mut phone = open(&address);
        until_view(&mut app, &mut phone, |view| view["gathering"] == false);
        assert_eq!(
            app.world()
                .resource::<abakus::app::features::attract::Idle>()
                .seconds,
            0.0,
            "a phone at the table keeps the booth from going idle"
        );
        let started = Instant::now();
        let computer_first = app.world().resource::<TilesMatch>().position().to_move() == 0;
        if computer_first {
            while app.world().resource::<TilesMatch>().log().is_empty() {
                assert!(
                    started.elapsed() < Duration::from_secs(30),
                    "the computer plays once the phone has come"
                );
                app.update();
            }
        }
        let view = loop {
            let view = until(&mut app, &mut phone, "view");
            if view["laying"] == true {
                break view;
            }
        };
        assert_eq!(view["seat"], 1);
        assert!(!app.world().resource::<TilesMatch>().gathering());
    }

    /// A booth that offers it shows a code during the demo; the visitor's phone that comes
    /// through it ends the demo and plays the tile game against the computer, and the door
    /// closes with the demo where nobody comes.
    #[test]
    fn a_visitor_scans_the_demos_code_and_plays_the_computer_on_their_phone() {
        use abakus::app::base::navigation::Screen;
        use abakus::app::features::attract::{Attract, Booth, DemoShowing, Idle};
        use abakus::app::features::booth_day::{DayBoard, today};
        use abakus::app::features::phones::listen::PhoneListen;
        use abakus::app::hex::HEX;
        use abakus::app::testing::attract_app;
        use abakus::app::tiles::TILES;
        use abakus::app::tiles::phone::visitor::ChallengeOn;
        use abakus::app::tiles::phone::visitor::VisitorDoor;
        use abakus_rules::abaku::ai::Level;
        use abakus_server::booth::day_seed;
        use abakus_words::names::every_name;
        use bevy::time::TimeUpdateStrategy;

        let booth = |phone_visitors: bool| {
            // A booth's demo after 5 s of nobody at the screen, as an organiser starts it.
            let mut app = attract_app(Booth {
                demo_after: Some(5),
                kiosk: true,
                quick_demo: true,
                phone_visitors,
            });
            app.insert_resource(PhoneListen {
                address: Some(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)),
                port: 0,
                picked: None,
            });
            app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                100,
            )));
            // The hex game's demo: the code stands over either game's.
            app.world_mut()
                .resource_mut::<Attract>()
                .start_now(Some(HEX));
            for _ in 0..5 {
                app.update();
            }
            assert!(app.world().contains_resource::<DemoShowing>());
            app
        };
        let screen = |app: &App| *app.world().resource::<State<Screen>>().get();

        // Not offered: no server listens.
        let app = booth(false);
        assert!(!app.world().contains_resource::<VisitorDoor>());
        // Joining paused by the organiser: the door shuts, and no code shows.
        let mut paused = booth(true);
        assert!(paused.world().contains_resource::<VisitorDoor>());
        let mut settings = abakus::app::base::settings::Settings::default();
        settings.booth.paused = true;
        paused.insert_resource(settings);
        for _ in 0..3 {
            paused.update();
        }
        assert!(!paused.world().contains_resource::<VisitorDoor>());
        drop(paused);

        let mut app = booth(true);
        let address = {
            let door = app.world().resource::<VisitorDoor>();
            let address = door
                .seat_address()
                .expect("the door is open during the demo");
            assert!(
                address.starts_with("http://127.0.0.1:"),
                "tests listen on loopback alone"
            );
            address.to_owned()
        };
        assert_eq!(screen(&app), Screen::Game(HEX));
        // The demo has played a while: nobody has touched the screen for a minute, so the
        // next demo is long due once this one ends.
        app.world_mut().resource_mut::<Idle>().seconds = 60.0;
        let mut phone = open(&address);
        let words = until(&mut app, &mut phone, "words");
        assert_eq!(words["words"]["phone-submit"], "Submit");
        // The visitor is offered three friendly names to pick from, the first the seat's
        // name until one is picked.
        let offered = until(&mut app, &mut phone, "names");
        let first_offer: Vec<String> = serde_json::from_value(offered["names"].clone()).unwrap();
        assert_eq!(first_offer.len(), 3);
        assert_eq!(offered["more"], true);
        // The game begins once the demo has made way for it on the screen.
        let view = until_view(&mut app, &mut phone, |view| view["gathering"] == false);
        assert_eq!(view["seat"], 0);
        assert_eq!(screen(&app), Screen::Game(TILES));
        assert!(
            !app.world().contains_resource::<DemoShowing>(),
            "the demo has ended"
        );
        assert!(
            !app.world().contains_resource::<VisitorDoor>(),
            "the game holds the server now"
        );
        let game = app.world().resource::<TilesMatch>();
        let kinds: Vec<SeatKind> = game.setup().seats.iter().map(|seat| seat.kind).collect();
        assert_eq!(kinds, [SeatKind::Phone, SeatKind::Computer(Level::Normal)]);
        assert_eq!(
            game.setup().seats[1].name,
            "Computer: normal",
            "the visitor's opponent is named as the computer and its level"
        );
        assert!(app.world().resource::<PhoneTable>().is_connected(0));
        // Today's challenge: the day's deal at this booth (of no name), the short form, and
        // one of the friendly names for the visitor.
        assert_eq!(game.setup().seed, day_seed(&today(), ""));
        assert_eq!(game.setup().variants.turns_each, Some(6));
        assert_eq!(game.setup().seats[0].name, first_offer[0]);
        assert!(app.world().resource::<DayBoard>().rows().is_empty());
        // A name typed is refused; three others are offered a few times, and one of them is
        // the visitor's on both screens.
        // The queue watches at the corner's other code: a watcher's picture shows no rack.
        let watch = app.world().resource::<ChallengeOn>().watch.clone();
        let (host, key) = watch
            .strip_prefix("http://")
            .and_then(|rest| rest.split_once("/watch/"))
            .expect("a watchers' address");
        let mut watcher = open_at(host, &format!("token={}", key.trim_end_matches('/')));
        let seen = until_view(&mut app, &mut watcher, |view| view["gathering"] == false);
        assert!(seen["seat"].is_null(), "a watcher has no seat");
        assert!(
            seen["rack"].as_array().is_none_or(Vec::is_empty),
            "{}",
            seen["rack"]
        );
        let say = |phone: &mut Phone, text: String| phone.send(Message::text(text)).unwrap();
        say(
            &mut phone,
            json!({"type": "name", "n": 1, "name": "Rude Name"}).to_string(),
        );
        assert_eq!(until(&mut app, &mut phone, "error")["code"], "not-offered");
        say(
            &mut phone,
            json!({"type": "other-names", "n": 2}).to_string(),
        );
        let others: Vec<String> =
            serde_json::from_value(until(&mut app, &mut phone, "names")["names"].clone()).unwrap();
        assert!(others.iter().all(|name| !first_offer.contains(name)));
        let visitor = others[1].clone();
        assert!(
            every_name(abakus_words::Language::English).contains(&visitor),
            "{visitor}"
        );
        say(
            &mut phone,
            json!({"type": "name", "n": 3, "name": visitor}).to_string(),
        );
        let view = until_view(&mut app, &mut phone, |view| {
            view["names"][0] == visitor.as_str()
        });
        assert_eq!(view["seat"], 0);

        // The visitor passes each turn; the computer plays its own, and after six turns each
        // the game is over and on the day's table.
        let started = Instant::now();
        let mut sent = 3;
        let mut passed_at = None;
        let mut card = None;
        while !app.world().resource::<TilesMatch>().position().is_over() {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "the short game ends"
            );
            app.update();
            // The result may come in the frame that ends the game.
            while let Ok(message) = phone.read() {
                if let Message::Text(text) = message {
                    let message: Value = serde_json::from_str(text.as_str()).unwrap();
                    if message["type"] == "booth-result" {
                        card = Some(message);
                    }
                }
            }
            let game = app.world().resource::<TilesMatch>();
            let turns = game.position().turns();
            if game.position().to_move() == 0 && passed_at != Some(turns) {
                passed_at = Some(turns);
                sent += 1;
                phone
                    .send(Message::text(super::message(sent, &TilesIntent::Pass)))
                    .unwrap();
            }
        }
        for _ in 0..3 {
            app.update();
        }
        let game = app.world().resource::<TilesMatch>();
        assert_eq!(
            game.setup().seats[0].name,
            visitor,
            "the screen has the name picked"
        );
        let position = game.position();
        let board = app.world().resource::<DayBoard>();
        let rows = board.rows();
        assert_eq!(rows.len(), 1, "the visitor's result is on the table");
        assert_eq!(rows[0].played.name, visitor);
        assert_eq!(rows[0].played.score, position.players()[0].score);
        assert_eq!(rows[0].played.against, position.players()[1].score);
        assert!(board.is_newest(&rows[0]));
        assert_eq!(app.world().resource::<ChallengeOn>().place(), Some(1));
        // The visitor's phone is given the result: the place, the score, a line to share
        // with the day in it and nobody's link, and no organiser's link where none is set.
        let (score, against) = (rows[0].played.score, rows[0].played.against);
        let card = card.unwrap_or_else(|| until(&mut app, &mut phone, "booth-result"));
        assert_eq!(card["place"], "Place 1 of 1 on today’s table");
        assert_eq!(card["first"], true);
        assert_eq!(card["name"], visitor.as_str());
        let share = card["share"].as_str().unwrap();
        assert!(
            share.contains(&today()) && share.contains(&format!("{score} point")),
            "{share}"
        );
        assert!(share.contains(&format!("computer’s {against}")), "{share}");
        assert!(!share.contains("http"), "{share}");
        assert!(card["link"].is_null());

        // The next demo opens the door again with a new code; a touch ends it, and the
        // door closes with it.
        let mut app = booth(true);
        let old = app
            .world()
            .resource::<VisitorDoor>()
            .seat_address()
            .and_then(|address| address.strip_prefix("http://"))
            .and_then(|rest| rest.split('/').next())
            .expect("the door is open")
            .to_owned();
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Space);
        app.world_mut()
            .write_message(bevy::input::keyboard::KeyboardInput {
                key_code: KeyCode::Space,
                logical_key: bevy::input::keyboard::Key::Space,
                state: bevy::input::ButtonState::Pressed,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        for _ in 0..5 {
            app.update();
        }
        assert!(!app.world().contains_resource::<DemoShowing>());
        assert!(!app.world().contains_resource::<VisitorDoor>());
        assert!(
            TcpStream::connect(&old).is_err(),
            "the door's port is closed once the demo has gone"
        );
    }

    /// The settings looked at in the middle of a phone game: the server stops and tells the
    /// phone that its game is only aside; back on the screen, the same address listens with
    /// the same keys, and the phone rejoins with its secret.
    #[test]
    fn a_phone_waits_while_its_game_is_off_the_screen_and_rejoins_when_it_is_back() {
        use abakus::app::base::navigation::Screen;
        use abakus::app::tiles::TILES;

        let setup = two_seats(
            ("Ann", SeatKind::Phone),
            ("Bo", SeatKind::Human),
            13,
            TurnLimit::Off,
        );
        let mut app = tiles_app_with_phones(setup);
        let server_address = |app: &App| app.world().resource::<PhoneTable>().address();
        let before = server_address(&app);
        let address = app
            .world()
            .resource::<PhoneTable>()
            .seat_address(0)
            .unwrap();
        let mut phone = open(&address);
        let welcome = until(&mut app, &mut phone, "welcome");
        let secret = welcome["secret"].as_str().unwrap().to_owned();
        until(&mut app, &mut phone, "view");

        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Settings);
        let started = Instant::now();
        let reason = loop {
            assert!(started.elapsed() < Duration::from_secs(20), "no close came");
            app.update();
            match phone.read() {
                Ok(Message::Close(frame)) => break frame.map(|f| f.reason.as_str().to_owned()),
                Ok(_) | Err(tungstenite::Error::Io(_)) => {}
                Err(error) => panic!("the connection broke without a close: {error}"),
            }
        };
        assert_eq!(
            reason.as_deref(),
            Some("aside"),
            "the page is told to keep trying"
        );
        assert!(!app.world().contains_resource::<PhoneTable>());
        assert!(
            TcpStream::connect(before).is_err(),
            "nothing listens while the game is off the screen"
        );

        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Game(TILES));
        app.update();
        app.update();
        assert_eq!(
            server_address(&app),
            before,
            "the same address listens again"
        );
        let mut again = open_at(&before.to_string(), &format!("secret={secret}"));
        let view = until(&mut app, &mut again, "view");
        assert_eq!(view["seat"], 0);
        assert!(
            app.world().resource::<PhoneTable>().is_held(0),
            "the seat is the phone's as before"
        );
    }
}
