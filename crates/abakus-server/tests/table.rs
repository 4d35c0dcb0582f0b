//! The server inside a game window, met as the window and its phones meet it: the window's
//! copy of the game follows every change the room makes, intent by intent; the people at the
//! screen play their seat through the room and may do nothing that is not theirs; a phone's
//! seat reopened, sent to the screen or spoken to in another language; and the server stopped
//! and started again with its room, its phones coming back.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use abakus_match::clock::TurnLimit;
use abakus_match::tiles::{
    Seat, SeatKind, Stage, TilesIntent, TilesMatch, TilesSetup, random_turn, wire,
};
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::Level;
use abakus_server::hosting::Hosting;
use abakus_server::rooms::{SeatNews, TableAct, TableLink};
use abakus_server::table::{Intent, Setup, Table};
use abakus_words::Language;
use common::{Page, folder, sorted_rack};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

const LOOPBACK: std::net::IpAddr = std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

/// Ann at the screen, Bo on a phone and the easy computer.
fn setup(seed: u64) -> TilesSetup {
    let seat = |name: &str, kind| Seat {
        name: name.into(),
        kind,
    };
    TilesSetup {
        seats: vec![
            seat("Ann", SeatKind::Human),
            seat("Bo", SeatKind::Phone),
            seat("Cy", SeatKind::Computer(Level::Easy)),
        ],
        variants: Variants::default(),
        board_b: false,
        seed,
        turn_limit: TurnLimit::Off,
    }
}

/// The window's side: its copy of the game, made only from the room's news.
struct Window {
    link: TableLink,
    copy: TilesMatch,
    seats: Vec<SeatNews>,
    /// How often the room woke the window.
    woken: Arc<AtomicUsize>,
    /// Every intent the copy played.
    played: Vec<TilesIntent>,
}

impl Window {
    fn open(hosting: &Hosting, setup: TilesSetup) -> (Window, Vec<(usize, String)>) {
        let woken = Arc::new(AtomicUsize::new(0));
        let wake = {
            let woken = Arc::clone(&woken);
            Arc::new(move || {
                woken.fetch_add(1, Ordering::Relaxed);
            })
        };
        let (link, created) = hosting
            .open_table(Setup::Tiles(setup.clone()), &[], Language::English, wake)
            .expect("a room for the window's table");
        let links = created
            .seats
            .iter()
            .map(|(seat, _, token)| (*seat, token.to_string()))
            .collect();
        let window = Window {
            link,
            copy: TilesMatch::new(setup).expect("a table"),
            seats: Vec::new(),
            woken,
            played: Vec::new(),
        };
        (window, links)
    }

    /// Takes the news so far: each news's intents played on the copy, which must then be the
    /// room's game exactly.
    fn take_news(&mut self) {
        for news in self.link.news() {
            for intent in news.applied {
                let Intent::Tiles(intent) = intent else {
                    panic!("a tile game's room applies the tile game's intents");
                };
                abakus_match::tiles::apply(&mut self.copy, intent.clone());
                self.played.push(intent);
            }
            let Table::Tiles(table) = news.table else {
                panic!("a tile game's room");
            };
            // Gathering, a seat sent to the screen and a rematch are the room's own: no
            // intent says them.
            if table.gathering() != self.copy.gathering() || table.setup() != self.copy.setup() {
                self.copy = (*table).clone();
            }
            assert_eq!(
                format!("{:?}", self.copy),
                format!("{:?}", *table),
                "the window's copy is the room's game after every news"
            );
            self.seats = news.seats;
        }
    }

    /// Takes news until `test` holds of the copy; panics after twenty seconds.
    async fn until(&mut self, what: &str, test: impl Fn(&Window) -> bool) {
        let started = Instant::now();
        loop {
            self.take_news();
            if test(self) {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "{what}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    fn ask(&self, intent: TilesIntent) {
        self.link.ask(TableAct::Intent(Intent::Tiles(intent)));
    }
}

/// The seat's link key, from the room's links.
fn token(links: &[(usize, String)], seat: usize) -> String {
    links
        .iter()
        .find(|(at, _)| *at == seat)
        .map(|(_, token)| token.clone())
        .expect("the seat has a link")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_windows_copy_follows_a_whole_game_played_at_the_screen_on_a_phone_and_by_the_computer()
{
    let data = folder("table-whole-game");
    let hosting = Hosting::start(LOOPBACK, 0, data.clone(), None).expect("it listens");
    let address = hosting.address().to_string();
    let (mut window, links) = Window::open(&hosting, setup(21));
    let mut phone = Page::open(&address, &format!("token={}", token(&links, 1)))
        .await
        .expect("the phone takes its seat");
    assert_eq!(phone.view["laying"], false);
    // The phone has come, but the game waits for the window's screen to begin.
    window
        .until("the first news", |w| !w.seats.is_empty())
        .await;
    assert!(window.copy.gathering(), "the table has not begun");
    assert!(window.seats[0].held && window.seats[0].connected);
    window.link.ask(TableAct::Begin);
    window
        .until("the game begins", |w| !w.copy.gathering())
        .await;

    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut turns = 0;
    while !window.copy.position().is_over() && turns < 45 {
        let moves = window.copy.moves().len();
        let mover = window.copy.position().to_move();
        match mover {
            0 => {
                if window.copy.stage() == Stage::HandOver {
                    window.ask(TilesIntent::Reveal);
                    window
                        .until("the rack shows", |w| w.copy.stage() != Stage::HandOver)
                        .await;
                }
                for intent in random_turn(&window.copy, &mut rng) {
                    window.ask(intent);
                }
            }
            1 => {
                // Nothing of the phone's turn is the screen's to play.
                window.ask(TilesIntent::Pass);
                window.ask(TilesIntent::Computer(abakus_rules::abaku::Move::Pass));
                window.ask(TilesIntent::TimeUp);
                let laying = |m: &Value| m["type"] == "view" && m["laying"] == true;
                if !laying(&phone.view) {
                    phone.until(laying).await;
                }
                let mut mine = window.copy.clone();
                for intent in random_turn(&window.copy, &mut rng) {
                    abakus_match::tiles::apply(&mut mine, intent.clone());
                    let number = phone.next_number();
                    phone
                        .send_text(wire::message(number, &intent).expect("a page's intent"))
                        .await;
                }
            }
            _ => {}
        }
        window
            .until("the turn is played", |w| {
                w.copy.moves().len() > moves || w.copy.position().is_over()
            })
            .await;
        turns += 1;
    }
    assert!(turns >= 10, "many turns were played");
    for intent in &window.played {
        assert_ne!(
            *intent,
            TilesIntent::TimeUp,
            "the screen's own clock is refused"
        );
    }
    let players: Vec<usize> = window.copy.log().iter().map(|entry| entry.player).collect();
    for seat in 0..3 {
        assert!(players.contains(&seat), "seat {seat} played: {players:?}");
    }
    assert!(
        window.woken.load(Ordering::Relaxed) >= turns,
        "the window is woken for the room's news"
    );
    // The store holds the moves the window saw.
    drop(hosting);
    let store = abakus_server::Store::open(&data).expect("the store opens");
    let kept = store.rooms().expect("the rooms read");
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].moves, window.copy.moves());
    phone.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_reopened_spoken_to_anew_and_sent_to_the_screen_and_the_table_started_again() {
    let data = folder("table-seats");
    let hosting = Hosting::start(LOOPBACK, 0, data.clone(), None).expect("it listens");
    let address = hosting.address();
    let (mut window, links) = Window::open(&hosting, setup(22));
    let (mut other, _) = Window::open(&hosting, setup(23));
    let mut phone = Page::open(&address.to_string(), &format!("token={}", token(&links, 1)))
        .await
        .expect("the phone takes its seat");
    let old_secret = phone.secret.clone().expect("a secret");

    // Another phone for the seat: the one that held it is sent away, its secret and the old
    // link open nothing, and the new link lets the new phone in.
    window.link.ask(TableAct::Reopen(1));
    assert!(phone.closed().await);
    window
        .until("a new link", |w| {
            w.seats
                .first()
                .is_some_and(|s| !s.held && s.token.is_some())
        })
        .await;
    let new_token = window.seats[0].token.expect("a new link").to_string();
    assert_ne!(new_token, token(&links, 1));
    let address = address.to_string();
    assert_eq!(
        Page::open(&address, &format!("secret={old_secret}"))
            .await
            .err()
            .as_deref(),
        Some("unknown")
    );
    assert_eq!(
        Page::open(&address, &format!("token={}", token(&links, 1)))
            .await
            .err()
            .as_deref(),
        Some("unknown")
    );
    let mut phone = Page::open(&address, &format!("token={new_token}"))
        .await
        .expect("the new phone takes the seat");
    window.link.ask(TableAct::Begin);
    window
        .until("the game begins", |w| !w.copy.gathering())
        .await;

    // The screen speaks German now: so does the phone.
    window.link.ask(TableAct::Language(Language::German));
    let words = phone.until(|m| m["type"] == "words").await;
    assert_eq!(words["words"]["phone-submit"], "Legen");

    // Stopped and started again on the same port, keeping this room alone.
    let secret = phone.secret.clone().expect("a secret");
    let other_id = other.link.id().to_owned();
    let id = window.link.id().to_owned();
    let moves = window.copy.moves().to_vec();
    drop(hosting);
    assert!(phone.closed().await, "the phone is told the server went");
    let hosting = Hosting::start(LOOPBACK, address_port(&address), data, Some(&id))
        .expect("it listens again");
    let wake = Arc::new(|| {});
    window.link = hosting.table(&id, wake.clone()).expect("the room is kept");
    assert!(
        hosting.table(&other_id, wake).is_none(),
        "the other room is gone"
    );
    other.take_news();
    window
        .until("the room's news", |w| !w.seats.is_empty())
        .await;
    assert_eq!(window.copy.moves(), moves);
    let mut phone = Page::open(&address, &format!("secret={secret}"))
        .await
        .expect("the phone comes back by its secret");
    assert_eq!(phone.seat, Some(1));

    // The seat goes to the screen: its phone is sent away and its link opens nothing.
    window.link.ask(TableAct::ToTheScreen(1));
    assert!(phone.closed().await);
    window
        .until("the seat is the screen's", |w| w.seats.is_empty())
        .await;
    assert_eq!(window.copy.setup().seats[1].kind, SeatKind::Human);
    assert!(
        Page::open(&address, &format!("secret={secret}"))
            .await
            .is_err()
    );

    // The next game at the same table: a new deal, kept.
    let mut next = window.copy.setup().clone();
    next.seed = 99;
    window.link.ask(TableAct::Rematch(next));
    window
        .until("the new deal", |w| w.copy.setup().seed == 99)
        .await;
    assert!(window.copy.moves().is_empty());
}

fn address_port(address: &str) -> u16 {
    address
        .rsplit(':')
        .next()
        .and_then(|port| port.parse().ok())
        .expect("a port")
}

/// What a picture and a copy must agree on: the board's tiles, the scores, the player to
/// move, the bag, the turns played and the seat's rack.
fn agreed(view: &Value) -> (Vec<Value>, Value, Value, Value, usize, Vec<String>) {
    let squares = view["board"]["squares"]
        .as_array()
        .expect("squares")
        .iter()
        .map(|square| square["tile"].clone())
        .collect();
    (
        squares,
        view["scores"].clone(),
        view["to_move"].clone(),
        view["bag"].clone(),
        view["log"].as_array().map_or(0, Vec::len),
        sorted_rack(&view["rack"]),
    )
}

/// A game window takes a seat of a room on the rooms' server by its link, as a page does but
/// saying it is a window: each picture it is sent carries its seat's record, from which it
/// makes its copy of the game. Through a whole game against the computer, played from the
/// copy (its turns worked out on the copy's rack), the copy shows what every picture between
/// turns shows; the deal is never told before the end, and at the end the whole game is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_at_a_server_room_plays_from_a_copy_made_of_what_its_seat_is_told() {
    use abakus_match::tiles::copy::{SeatCopy, SeatRecord};
    use abakus_match::tiles::view::{Viewer, view};

    let data = folder("table-window-client");
    let server = common::Running::start(&data, "127.0.0.1:0");
    let address = server.address.clone();
    let table = serde_json::json!({"language": "en", "seats": [
        {"name": "Ann", "player": "person"},
        {"name": "", "player": "easy"},
    ]});
    let room = common::make_room(&address, &table).await;
    let link = common::key_of(room["seats"][0]["link"].as_str().expect("a link"));
    let mut window = Page::open(&address, &format!("token={link}&client=window"))
        .await
        .expect("the window takes Ann's seat");
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let (mut pictures, mut turns) = (0, 0);
    let mut picture = window.view.clone();
    loop {
        let record: SeatRecord =
            serde_json::from_value(picture["record"].clone()).expect("a seat's record");
        if let Some(whole) = record.record {
            let game = TilesMatch::replay(&whole).expect("the whole game replays");
            assert!(
                game.position().is_over(),
                "the whole game is told at its end"
            );
            assert_eq!(
                game.log().len(),
                picture["log"].as_array().map_or(0, Vec::len)
            );
            break;
        }
        assert_eq!(record.table.seed, 0, "the deal is not told");
        let copy = SeatCopy::from_record(&record, 0, rng.random()).expect("a copy");
        let laid = picture["board"]["squares"]
            .as_array()
            .is_some_and(|squares| squares.iter().any(|square| square["new"] == true));
        if !laid {
            let seen = serde_json::to_value(view(copy.game(), Viewer::Seat(0))).expect("JSON");
            assert_eq!(agreed(&seen), agreed(&picture), "picture {pictures}");
            pictures += 1;
        }
        if picture["laying"] == true && !laid {
            // The window's turn, worked out on its copy and sent as a page sends it.
            for intent in random_turn(copy.game(), &mut rng) {
                let number = window.next_number();
                window
                    .send_text(wire::message(number, &intent).expect("a page's intent"))
                    .await;
            }
            turns += 1;
        }
        assert!(pictures < 5000, "the game ends");
        picture = loop {
            let message = window.next().await.unwrap_or_else(|| {
                let last: Vec<&Value> = window.heard.iter().rev().take(4).collect();
                panic!("no picture came after {turns} turns; last heard: {last:?}")
            });
            if message["type"] == "view" {
                break message;
            }
        };
    }
    assert!(
        turns >= 5 && pictures >= 10,
        "{turns} turns, {pictures} pictures"
    );
    window.close().await;
    server.terminate();
}

/// A game already played a while (a game saved with a phone seat and continued) opens its room
/// from the window's own thread, where no runtime runs: the room waits for the screen, and the
/// computer to move does not move before the window begins. A phone seat nobody has taken, sent
/// to the screen, lets the game begin; and the screen may not take a turn back in a room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_moves_waits_for_the_screen_and_a_seat_sent_there_lets_it_begin() {
    let data = folder("table-with-moves");
    let hosting = Hosting::start(LOOPBACK, 0, data, None).expect("it listens");
    // A few turns played at the screen alone, with a turn clock, the computer to move next.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut setup = setup(24);
    setup.turn_limit = TurnLimit::Seconds(30);
    let mut game = TilesMatch::new(setup.clone()).expect("a table");
    while game.position().to_move() != 2 || game.moves().len() < 3 {
        if game.stage() == Stage::HandOver {
            abakus_match::tiles::apply(&mut game, TilesIntent::Reveal);
        }
        if let Some(level) = game.computer_to_move() {
            let mv = abakus_rules::abaku::ai::choose_move(game.position(), level, 1);
            abakus_match::tiles::apply(&mut game, TilesIntent::Computer(mv));
            continue;
        }
        for intent in random_turn(&game, &mut rng) {
            abakus_match::tiles::apply(&mut game, intent);
        }
    }
    let moves = game.moves().to_vec();
    let hosting = std::sync::Arc::new(hosting);
    let opened = std::thread::spawn({
        let hosting = std::sync::Arc::clone(&hosting);
        let setup = setup.clone();
        let moves = moves.clone();
        move || {
            hosting
                .open_table(
                    Setup::Tiles(setup),
                    &moves,
                    Language::English,
                    Arc::new(|| {}),
                )
                .map(|(link, _)| link)
        }
    })
    .join()
    .expect("the window's thread does not panic")
    .expect("a room for the game so far");
    let mut window = Window {
        link: opened,
        copy: TilesMatch::replay(&abakus_match::tiles::TilesSave {
            setup: setup.clone(),
            moves: moves.clone(),
        })
        .expect("the moves replay"),
        seats: Vec::new(),
        woken: Arc::new(AtomicUsize::new(0)),
        played: Vec::new(),
    };
    window
        .until("the first news", |w| !w.seats.is_empty())
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    window.take_news();
    assert_eq!(
        window.copy.moves(),
        moves,
        "nothing is played before the screen begins"
    );
    assert!(window.played.is_empty());

    // Bo's phone never comes: his seat goes to the screen, and the computer plays on.
    window.link.ask(TableAct::ToTheScreen(1));
    window.link.ask(TableAct::Begin);
    window
        .until("the computer plays once the game begins", |w| {
            w.copy.moves().len() > moves.len()
        })
        .await;
    assert_eq!(window.copy.setup().seats[1].kind, SeatKind::Human);
    let played = window.copy.moves().len();
    window.ask(TilesIntent::Undo);
    tokio::time::sleep(Duration::from_millis(300)).await;
    window.take_news();
    assert!(window.copy.moves().len() >= played, "no turn is taken back");
    assert!(!window.played.contains(&TilesIntent::Undo));
}

/// The room's hex game as its latest news has it, waiting up to twenty seconds for news that
/// passes `test`.
async fn hex_news(
    link: &TableLink,
    what: &str,
    test: impl Fn(&abakus_match::hex::HexMatch) -> bool,
) -> abakus_match::hex::HexMatch {
    let started = Instant::now();
    loop {
        if let Some(news) = link.news().pop()
            && let Table::Hex(game) = news.table
            && test(&game)
        {
            return game;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no news of {what}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// The hex game at a window's table, White on a phone: only White's seat has a link; the
/// screen's whole moves are taken on Black's turn alone (never before the game has begun,
/// never for White), the phone's from its page; the screen's loss on time is taken where the
/// table chose so; and the next game comes from the table's setup.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hex_game_at_a_windows_table_takes_the_screens_moves_on_its_own_turn_alone() {
    use abakus_match::hex::{HexIntent, HexSetup, Seat as HexSeat, TimeOut};
    use abakus_rules::hex::Move;
    let data = folder("table-hex");
    let hosting = Hosting::start(LOOPBACK, 0, data.clone(), None).expect("it listens");
    let address = hosting.address().to_string();
    let table = HexSetup {
        side: 3,
        seats: [HexSeat::Human, HexSeat::Elsewhere],
        names: ["Ann".into(), "Bo".into()],
        turn_limit: TurnLimit::Seconds(30),
        on_time_out: TimeOut::Loses,
    };
    let (link, created) = hosting
        .open_table(Setup::Hex(table), &[], Language::English, Arc::new(|| {}))
        .expect("a room for the window's table");
    let seats: Vec<usize> = created.seats.iter().map(|(seat, _, _)| *seat).collect();
    assert_eq!(seats, [1], "only the phone's colour has a link");
    let play = |cell: &str| {
        let mv = Move::Place(cell.parse().expect("a cell"));
        TableAct::Intent(Intent::Hex(HexIntent::Play(mv)))
    };
    // Before the game has begun the screen's move is refused.
    link.ask(play("A1"));
    link.ask(TableAct::Begin);
    let mut phone = Page::open(&address, &format!("token={}", created.seats[0].2))
        .await
        .expect("the phone takes White's seat");
    let begun = hex_news(&link, "the game begun", |game| !game.gathering()).await;
    assert_eq!(
        begun.move_count(),
        0,
        "the move asked too early was refused"
    );
    // Black's move from the screen is taken; a White move from the screen is not.
    link.ask(play("A1"));
    link.ask(play("B2"));
    let after = hex_news(&link, "Black's move", |game| game.move_count() == 1).await;
    assert_eq!(after.position().record(), "A1");
    phone
        .until(|message| message["type"] == "view" && message["your_turn"] == true)
        .await;
    let number = phone.next_number();
    let mv = Move::Place("C3".parse().expect("a cell"));
    phone
        .send_text(abakus_match::hex::wire::message(number, mv))
        .await;
    let after = hex_news(&link, "White's move", |game| game.move_count() == 2).await;
    assert_eq!(after.position().record(), "A1 C3");
    // Black's time runs out at the screen, where the table chose that it loses.
    link.ask(TableAct::Intent(Intent::Hex(HexIntent::LoseOnTime)));
    let lost = hex_news(&link, "the loss", |game| game.outcome().is_some()).await;
    assert_eq!(lost.lost_on_time(), Some(abakus_rules::hex::Color::Black));
    // The next game, from the same table.
    link.ask(TableAct::Again);
    let next = hex_news(&link, "the next game", |game| {
        game.serial() != lost.serial()
    })
    .await;
    assert_eq!(next.move_count(), 0);
    assert_eq!(next.seats(), [HexSeat::Human, HexSeat::Elsewhere]);
    assert_eq!(next.names(), &["Ann".to_owned(), "Bo".to_owned()]);
    phone.close().await;
}
