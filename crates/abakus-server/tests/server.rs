//! The server binary over loopback, met as pages meet it: a room made, its links opened by
//! WebSocket clients, a whole game played to its end beside the computer and a watcher, the
//! process killed with SIGKILL mid-game and started again, and hostile frames and requests.

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use abakus_match::tiles::{TilesIntent, TilesMatch, TilesSave, TilesSetup, random_turn, wire};
use abakus_server::Store;
use common::{Page, Running, folder, key_of, make_room, request, table};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// The room's table and moves as the store holds them now.
fn kept(data: &std::path::Path, room: &str) -> (TilesSetup, Vec<String>) {
    let store = Store::open(data).expect("the store opens beside the server");
    let stored = store
        .rooms()
        .expect("the rooms read")
        .into_iter()
        .find(|stored| stored.record.id == room)
        .expect("the room is kept");
    (
        serde_json::from_str(&stored.record.setup).expect("a table"),
        stored.moves,
    )
}

fn replayed(setup: &TilesSetup, moves: &[String]) -> TilesMatch {
    TilesMatch::replay(&TilesSave {
        setup: setup.clone(),
        moves: moves.to_vec(),
    })
    .expect("the kept moves replay")
}

/// Waits until the store holds more than `than` moves of the room (a turn was played).
async fn more_moves(data: &std::path::Path, room: &str, than: usize) -> Vec<String> {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, moves) = kept(data, room);
        if moves.len() > than {
            return moves;
        }
        assert!(Instant::now() < until, "a turn is played and kept");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays the mover's whole turn from its page, as random as the rules allow, and waits until
/// the server has kept it. Returns false once the game is over.
async fn play_a_turn(
    data: &std::path::Path,
    room: &str,
    pages: &mut [&mut Page],
    rng: &mut ChaCha8Rng,
) -> bool {
    let (setup, moves) = kept(data, room);
    let mut game = replayed(&setup, &moves);
    if game.position().is_over() {
        return false;
    }
    let mover = game.position().to_move();
    let Some(page) = pages
        .iter_mut()
        .find(|page| page.seat == Some(mover as u64))
    else {
        // The computer's turn.
        more_moves(data, room, moves.len()).await;
        return true;
    };
    let turns = moves.len();
    let current = |message: &Value| {
        message["type"] == "view"
            && message["laying"] == true
            && message["log"].as_array().map(Vec::len) == Some(turns)
    };
    if !current(&page.view) {
        page.until(current).await;
    }
    for intent in random_turn(&game, rng) {
        abakus_match::tiles::apply(&mut game, intent.clone());
        let number = page.next_number();
        page.send_text(wire::message(number, &intent).expect("a page's intent"))
            .await;
    }
    more_moves(data, room, turns).await;
    true
}

/// What a seat's page was shown, checked against the kept moves: between turns its rack is
/// exactly its own, on its turn the tiles not yet laid are all its own, and before the end no
/// other rack; a watcher's page never shows a rack before the end.
fn check_what_each_page_saw(setup: &TilesSetup, moves: &[String], page: &Page) {
    let views = page
        .heard
        .iter()
        .filter(|message| message["type"] == "view");
    let mut seen = 0;
    for view in views {
        seen += 1;
        let turns = view["log"].as_array().expect("a log").len();
        let then = replayed(setup, &moves[..turns]);
        let rack: Vec<char> = view["rack"]
            .as_array()
            .expect("a rack")
            .iter()
            .map(|tile| {
                tile["tile"]
                    .as_str()
                    .expect("a tile")
                    .chars()
                    .next()
                    .expect("a letter")
            })
            .collect();
        let Some(seat) = page.seat else {
            assert!(rack.is_empty(), "a watcher is shown no rack: {view}");
            assert_eq!(view["over"].is_null(), !then.position().is_over());
            continue;
        };
        let mut own: Vec<char> = then
            .position()
            .rack(seat as usize)
            .iter()
            .map(|t| t.to_char())
            .collect();
        let mut shown = rack.clone();
        own.sort_unstable();
        shown.sort_unstable();
        if view["laying"] == true {
            // A digit put on the board's joker frees the joker to the player's turn.
            for tile in shown.iter().filter(|&&tile| tile != '?') {
                let at = own
                    .iter()
                    .position(|t| t == tile)
                    .expect("a tile on the rack is the seat's own");
                own.remove(at);
            }
        } else {
            assert_eq!(shown, own, "seat {seat} is shown its own rack");
        }
        if !then.position().is_over() {
            assert!(view["over"].is_null(), "no rack of another before the end");
        }
    }
    assert!(seen > 0, "the page was shown the game");
}

/// A server of its own, its data in `name`, with a room of two people's seats whose pages,
/// Ann's and Bo's, have taken them.
struct TwoPeople {
    data: PathBuf,
    server: Running,
    address: String,
    id: String,
    ann: Page,
    bo: Page,
}

async fn two_people(name: &str) -> TwoPeople {
    let data = folder(name);
    let server = Running::start(&data, "127.0.0.1:0");
    let address = server.address.clone();
    let room = make_room(&address, &table(false)).await;
    let id = room["room"].as_str().expect("a room").to_owned();
    let link = |seat: usize| key_of(room["seats"][seat]["link"].as_str().expect("a link"));
    let ann = Page::open(&address, &format!("token={}", link(0)))
        .await
        .expect("Ann");
    let bo = Page::open(&address, &format!("token={}", link(1)))
        .await
        .expect("Bo");
    TwoPeople {
        data,
        server,
        address,
        id,
        ann,
        bo,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_by_two_links_beside_the_computer_is_played_to_its_end_and_watched() {
    let data = folder("whole-game");
    let server = Running::start(&data, "127.0.0.1:0");
    let address = server.address.clone();
    let room = make_room(&address, &table(true)).await;
    let id = room["room"].as_str().expect("a room").to_owned();
    let link = |seat: usize| key_of(room["seats"][seat]["link"].as_str().expect("a link"));
    let mut ann = Page::open(&address, &format!("token={}", link(0)))
        .await
        .expect("Ann is let in");
    assert_eq!(ann.seat, Some(0));
    assert_eq!(
        Page::open(&address, &format!("token={}", link(0)))
            .await
            .err()
            .as_deref(),
        Some("taken"),
        "a second device with Ann's link is refused"
    );
    assert_eq!(ann.view["gathering"], true, "the game waits for Bo");
    let mut bo = Page::open(&address, &format!("token={}", link(1)))
        .await
        .expect("Bo is let in");
    let watch = key_of(room["watch"].as_str().expect("a watch link"));
    let mut watcher = Page::open(&address, &format!("token={watch}"))
        .await
        .expect("a watcher is let in");
    assert_eq!(watcher.seat, None);
    let told = ann
        .until(|message| message["type"] == "view" && message["watching"] == 1)
        .await;
    assert_eq!(
        told["watching_line"], "One person is watching",
        "the players see who watches"
    );
    assert_eq!(watcher.view["rack"], json!([]));
    assert_eq!(
        watcher.view["names"],
        json!(["Ann", "Bo", "Computer: easy"])
    );

    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut turns = 0;
    while play_a_turn(&data, &id, &mut [&mut ann, &mut bo], &mut rng).await {
        turns += 1;
        assert!(turns < 400, "the game ends");
    }
    let (setup, moves) = kept(&data, &id);
    let game = replayed(&setup, &moves);
    assert!(game.position().is_over());
    for page in [&mut ann, &mut bo, &mut watcher] {
        page.until(|message| message["type"] == "view" && !message["over"].is_null())
            .await;
        assert_eq!(page.view["log"].as_array().map(Vec::len), Some(moves.len()));
        let scores: Vec<i64> = game.position().players().iter().map(|p| p.score).collect();
        assert_eq!(
            page.view["scores"],
            json!(scores),
            "every page ends on the kept scores"
        );
        check_what_each_page_saw(&setup, &moves, page);
    }
    assert!(
        watcher.view["over"]["racks"]
            .as_array()
            .is_some_and(|racks| racks.len() == 3)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_mid_game_and_started_again_the_server_has_every_move_and_its_pages_back() {
    let TwoPeople {
        data,
        server,
        address,
        id,
        mut ann,
        mut bo,
    } = two_people("killed").await;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..6 {
        assert!(play_a_turn(&data, &id, &mut [&mut ann, &mut bo], &mut rng).await);
    }
    // The server is killed the moment the pages have been told of the last turn.
    let (setup, moves) = kept(&data, &id);
    let before = replayed(&setup, &moves);
    assert!(!before.position().is_over());
    for page in [&mut ann, &mut bo] {
        page.until(|message| {
            message["type"] == "view"
                && message["log"].as_array().map(Vec::len) == Some(moves.len())
        })
        .await;
    }
    let told = ann.view["log"].as_array().map(Vec::len);
    let racks: Vec<Value> = [&ann, &bo]
        .iter()
        .map(|page| page.view["rack"].clone())
        .collect();
    let secrets: Vec<String> = [&ann, &bo]
        .iter()
        .map(|page| page.secret.clone().expect("a secret"))
        .collect();
    server.kill();
    assert!(
        ann.closed().await && bo.closed().await,
        "the pages lose the server"
    );

    let again = Running::start(&data, &address);
    let mut pages = Vec::new();
    for (seat, secret) in secrets.iter().enumerate() {
        let page = Page::open(&again.address, &format!("secret={secret}"))
            .await
            .expect("back in the seat");
        assert_eq!(page.seat, Some(seat as u64), "the same seat");
        assert_eq!(
            page.view["log"].as_array().map(Vec::len),
            told,
            "every move told of is there"
        );
        pages.push(page);
    }
    let (_, after) = kept(&data, &id);
    assert_eq!(after, moves, "the kept moves are the same");
    for (page, rack) in pages.iter().zip(&racks) {
        let sorted = |rack: &Value| {
            let mut tiles: Vec<String> = rack
                .as_array()
                .expect("a rack")
                .iter()
                .map(|tile| tile["tile"].as_str().expect("a tile").to_owned())
                .collect();
            tiles.sort();
            tiles
        };
        assert_eq!(
            sorted(&page.view["rack"]),
            sorted(rack),
            "the racks are the same"
        );
    }
    let [first, second] = &mut pages[..] else {
        unreachable!()
    };
    for _ in 0..2 {
        assert!(
            play_a_turn(&data, &id, &mut [first, second], &mut rng).await,
            "the game goes on"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_frames_and_requests_change_nothing_and_the_server_answers_on() {
    let TwoPeople {
        data,
        server: _server,
        address,
        id,
        mut ann,
        mut bo,
    } = two_people("hostile").await;
    let (setup, _) = kept(&data, &id);
    let game = replayed(&setup, &[]);
    let (mover, other) = if game.position().to_move() == 0 {
        (&mut ann, &mut bo)
    } else {
        (&mut bo, &mut ann)
    };
    let picture = mover.view.clone();

    // The other seat tries the mover's turn, numbers replayed, nonsense of every kind.
    let nonsense = [
        "",
        "null",
        "{}",
        "[]",
        "{\"n\":1}",
        "{\"n\":\"x\",\"intent\":\"pass\"}",
        "{\"n\":2,\"intent\":\"lay\",\"slot\":99,\"cell\":\"Z99\"}",
        "{\"n\":3,\"intent\":\"nothing\"}",
        "{\"n\":1e400,\"intent\":\"pass\"}",
        "\u{0}\u{1}",
        "{\"n\":18446744073709551615,\"intent\":\"submit\"}",
    ];
    for text in nonsense {
        other.send_raw(Message::Text(text.into())).await;
    }
    for intent in [
        TilesIntent::Pass,
        TilesIntent::Submit,
        TilesIntent::Exchange(vec![0, 1]),
    ] {
        let number = other.next_number();
        other
            .send_text(wire::message(number, &intent).expect("a message"))
            .await;
    }
    other.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
    let error = other.until(|message| message["type"] == "error").await;
    assert!(error["code"].is_string());
    // A flood: past the rate, each message is refused, and nothing moves.
    for round in 0..400u64 {
        let flood = json!({"n": 1000 + round, "intent": "pass"});
        other
            .send_raw(Message::Text(flood.to_string().into()))
            .await;
    }
    other
        .until(|message| message["type"] == "error" && message["code"] == "too-fast")
        .await;
    // The mover's message sent twice is taken once.
    let number = mover.next_number();
    let pass = wire::message(number, &TilesIntent::Pass).expect("a pass");
    mover.send_text(pass.clone()).await;
    mover.send_text(pass).await;
    more_moves(&data, &id, 0).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, moves) = kept(&data, &id);
    assert_eq!(
        moves.len(),
        1,
        "one pass, and nothing of the rest: {moves:?}"
    );
    mover
        .until(|message| {
            message["type"] == "view" && message["log"].as_array().map(Vec::len) == Some(1)
        })
        .await;
    assert_ne!(
        mover.view["to_move"], picture["to_move"],
        "the turn passed on"
    );

    // A frame past the size cap closes only that socket; its seat comes back by its secret.
    let secret = other.secret.clone().expect("a secret");
    other
        .send_raw(Message::Text("x".repeat(64 * 1024).into()))
        .await;
    assert!(other.closed().await);
    let back = Page::open(&address, &format!("secret={secret}"))
        .await
        .expect("back by its secret");
    assert_eq!(back.view["log"].as_array().map(Vec::len), Some(1));
    // Forged keys open nothing.
    for query in [
        "token=0123456789abcdef0123456789abcdef",
        "secret=0123456789abcdef0123456789abcdef",
        "token=../../etc",
        "secret=",
        "",
    ] {
        assert!(
            Page::open(&address, query).await.is_err(),
            "{query} opens nothing"
        );
    }
    // Another site's page, another host, path tricks, bad tables.
    let (status, _) = request(&address, "GET", "/", &[("Host", "evil.example")], "").await;
    assert_eq!(status, 421, "a host the server is not");
    let (status, _) = request(
        &address,
        "POST",
        "/rooms",
        &[("Origin", "http://evil.example")],
        &table(false).to_string(),
    )
    .await;
    assert_eq!(status, 403, "a room made from another site's page");
    for (body, why) in [
        ("{", "broken JSON"),
        ("{\"seats\":[]}", "no seat"),
        ("{\"seats\":[{\"player\":\"easy\"}]}", "no person"),
        ("{\"seats\":[{\"player\":\"god\"}]}", "no such player"),
    ] {
        let (status, answer) = request(&address, "POST", "/rooms", &[], body).await;
        assert_eq!(status, 400, "{why}: {answer}");
        assert!(answer.contains("error"), "{why} is said: {answer}");
    }
    let (status, card) = request(
        &address,
        "GET",
        "/seat/0123456789abcdef0123456789abcdef/",
        &[],
        "",
    )
    .await;
    assert_eq!(status, 403);
    assert!(
        card.contains("not-open"),
        "a card says the link opens nothing"
    );
    for path in [
        "/seat/../../etc/passwd",
        "/seat/%2e%2e/%2e%2e/",
        "/watch//",
        "/ws/../rooms",
        "/.git/config",
    ] {
        let (status, _) = request(&address, "GET", path, &[], "").await;
        assert!(matches!(status, 400 | 403 | 404), "{path}: {status}");
    }
    let (status, svg) = request(
        &address,
        "GET",
        "/qr.svg?text=https%3A%2F%2Fexample.org%2F",
        &[],
        "",
    )
    .await;
    assert_eq!(status, 200);
    assert!(svg.contains("<svg"), "a link's QR code is drawn");
    let long = format!("/qr.svg?text={}", "x".repeat(201));
    let (status, _) = request(&address, "GET", &long, &[], "").await;
    assert_eq!(status, 400, "no QR code for a text longer than a link");
    let (status, health) = request(&address, "GET", "/healthz", &[], "").await;
    assert_eq!(status, 200);
    let health: Value = serde_json::from_str(&health).expect("JSON");
    assert_eq!(health["rooms"], 1);
    assert_eq!(health["set_aside"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopped_by_its_service_manager_the_server_closes_its_sockets_and_the_pages_come_back() {
    let data = folder("stopped");
    let server = Running::start(&data, "127.0.0.1:0");
    let address = server.address.clone();
    let room = make_room(&address, &table(false)).await;
    let link = key_of(room["seats"][0]["link"].as_str().expect("a link"));
    let mut ann = Page::open(&address, &format!("token={link}"))
        .await
        .expect("Ann");
    let secret = ann.secret.clone().expect("a secret");
    assert!(
        server.terminate(),
        "SIGTERM stops the server, open sockets and all"
    );
    assert!(ann.closed().await);
    let again = Running::start(&data, &address);
    let back = Page::open(&again.address, &format!("secret={secret}"))
        .await
        .expect("back in the seat after the restart");
    assert_eq!(back.seat, Some(0));
}
