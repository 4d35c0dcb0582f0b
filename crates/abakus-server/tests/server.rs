//! The server binary over loopback, met as pages meet it: a room made, its links opened by
//! WebSocket clients, a whole game played to its end beside the computer and a watcher, the
//! process killed with SIGKILL mid-game and started again, and hostile frames and requests.

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use abakus_match::hex::{HexMatch, HexSetup};
use abakus_match::tiles::{TilesIntent, TilesMatch, TilesSave, TilesSetup, random_turn, wire};
use abakus_server::Store;
use common::{Page, Running, folder, key_of, make_room, request, sorted_rack, table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// The room as the store holds it now: its game, its table and its lines.
fn stored<Setup: serde::de::DeserializeOwned>(
    data: &std::path::Path,
    room: &str,
) -> (String, Setup, Vec<String>) {
    let store = Store::open(data).expect("the store opens beside the server");
    let stored = store
        .rooms()
        .expect("the rooms read")
        .into_iter()
        .find(|stored| stored.record.id == room)
        .expect("the room is kept");
    (
        stored.record.game,
        serde_json::from_str(&stored.record.setup).expect("a table"),
        stored.moves,
    )
}

/// A tile room's table and moves as the store holds them now.
fn kept(data: &std::path::Path, room: &str) -> (TilesSetup, Vec<String>) {
    let (game, setup, moves) = stored(data, room);
    assert_eq!(game, "tiles");
    (setup, moves)
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
        assert_eq!(
            sorted_rack(&page.view["rack"]),
            sorted_rack(rack),
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
    for (body, code) in [
        ("{", "unreadable"),
        ("{\"seats\":[]}", "seats"),
        ("{\"seats\":[{\"player\":\"easy\"}]}", "no-person"),
        ("{\"seats\":[{\"player\":\"god\"}]}", "player"),
        (
            "{\"game\":\"chess\",\"seats\":[{\"player\":\"person\"}]}",
            "game",
        ),
        (
            "{\"game\":\"hex\",\"side\":9,\"seats\":[{\"player\":\"person\"},{\"player\":\"easy\"}]}",
            "side",
        ),
        (
            "{\"patience_seconds\":9999999,\"seats\":[{\"player\":\"person\"}]}",
            "patience",
        ),
    ] {
        let (status, answer) = request(&address, "POST", "/rooms", &[], body).await;
        assert_eq!(status, 400, "{code}: {answer}");
        // The page says why in its own words by the code; the sentence is for whoever reads.
        let answer: Value = serde_json::from_str(&answer).expect("JSON");
        assert_eq!(answer["code"], code, "{answer}");
        assert!(answer["error"].as_str().is_some_and(|why| !why.is_empty()));
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

/// A hex room's table and moves as the store holds them now.
fn kept_hex(data: &std::path::Path, room: &str) -> (HexSetup, Vec<String>) {
    let (game, setup, moves) = stored(data, room);
    assert_eq!(game, "hex");
    (setup, moves)
}

/// The hex page's move: a slide now and then where the view offers one, else a stone on a
/// random empty cell.
fn a_hex_move(view: &Value, rng: &mut ChaCha8Rng) -> String {
    let slides: Vec<(String, String)> = view["slides"]
        .as_object()
        .expect("slides")
        .iter()
        .flat_map(|(from, slide)| {
            slide["targets"]
                .as_array()
                .expect("targets")
                .iter()
                .map(move |to| (from.clone(), to.as_str().expect("a cell").to_owned()))
        })
        .collect();
    if !slides.is_empty() && rng.random_bool(0.5) {
        let (from, to) = &slides[rng.random_range(0..slides.len())];
        return format!("{from}-{to}");
    }
    let empty: Vec<&str> = view["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .filter(|cell| cell["stone"].is_null())
        .map(|cell| cell["cell"].as_str().expect("a name"))
        .collect();
    empty[rng.random_range(0..empty.len())].to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hex_room_is_played_by_link_against_the_computer_to_its_end_through_a_kill_9() {
    let data = folder("hex-room");
    let server = Running::start(&data, "127.0.0.1:0");
    let address = server.address.clone();
    let room = make_room(
        &address,
        &json!({"game": "hex", "language": "en", "side": 4, "seats": [
            {"name": "Ann", "player": "person"}, {"name": "", "player": "easy"}]}),
    )
    .await;
    let id = room["room"].as_str().expect("a room").to_owned();
    assert_eq!(room["seats"].as_array().map(Vec::len), Some(1));
    let link = key_of(room["seats"][0]["link"].as_str().expect("a link"));
    let mut ann = Page::open(&address, &format!("token={link}"))
        .await
        .expect("Ann is let in");
    let watch = key_of(room["watch"].as_str().expect("a watch link"));
    let mut watcher = Page::open(&address, &format!("token={watch}"))
        .await
        .expect("a watcher is let in");
    assert_eq!(ann.view["game"], "hex");
    assert_eq!(ann.view["you"], "black");
    assert_eq!(ann.view["names"], json!(["Ann", "Computer: easy"]));
    assert_eq!(ann.view["cells"].as_array().map(Vec::len), Some(37));
    // Taking her seat, Ann is offered the room's name for her, and plays by her own.
    assert_eq!(ann.heard[0]["choose_name"], "Ann");
    ann.send(json!({"type": "name", "name": " Annie\u{7} "}))
        .await;
    ann.until(|message| message["type"] == "view" && message["names"][0] == "Annie")
        .await;
    assert_eq!(kept_hex(&data, &id).0.names[0], "Annie", "the name is kept");
    assert_eq!(watcher.view["you"], Value::Null);

    // A move the rules refuse is answered to Ann alone, in the rules' words, and kept nowhere.
    ann.send(json!({"type": "move", "move": "Z9"})).await;
    let refused = ann.until(|message| message["type"] == "error").await;
    assert_eq!(refused["code"], "refused");
    assert!(
        refused["line"]
            .as_str()
            .is_some_and(|line| line.contains("Z9") && line.contains("not on this board")),
        "{refused}"
    );
    // Nor is anything taken from a watcher, or the same message twice.
    watcher.send(json!({"type": "move", "move": "A1"})).await;
    let told = watcher.until(|message| message["type"] == "error").await;
    assert_eq!(told["code"], "watching");
    assert_eq!(kept_hex(&data, &id).1.len(), 0);
    ann.send(json!({"type": "move", "move": "A1"})).await;
    more_hex_moves(&data, &id, 0).await;
    let number = ann.next_number() - 1;
    let replay = json!({"type": "move", "n": number, "move": "B1"}).to_string();
    ann.send_text(replay).await;
    let told = ann.until(|message| message["type"] == "error").await;
    assert_eq!(told["code"], "replayed");
    // A name is chosen once.
    ann.send(json!({"type": "name", "name": "Zed"})).await;
    let told = ann.until(|message| message["type"] == "error").await;
    assert_eq!(told["code"], "named");

    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut server = Some(server);
    let mut restarted = None;
    let mut slides = 0;
    loop {
        let (setup, moves) = kept_hex(&data, &id);
        let game = HexMatch::replay(&setup, &moves).expect("the kept moves replay");
        if game.outcome().is_some() {
            break;
        }
        assert!(moves.len() < 400, "the game ends");
        // After six moves, the server is killed and started again; Ann comes back by her
        // secret and finds the game as she was told of it.
        if moves.len() >= 6 && restarted.is_none() {
            ann.until(|message| {
                message["type"] == "view"
                    && message["moves"].as_array().map(Vec::len) == Some(moves.len())
            })
            .await;
            let told = ann.view["moves"].clone();
            let secret = ann.secret.clone().expect("a secret");
            server.take().expect("running").kill();
            assert!(ann.closed().await, "Ann's page loses the server");
            let again = Running::start(&data, &address);
            ann = Page::open(&again.address, &format!("secret={secret}"))
                .await
                .expect("back in her seat");
            assert_eq!(ann.view["moves"], told, "every move told of is there");
            assert_eq!(kept_hex(&data, &id).1, moves);
            watcher = Page::open(&again.address, &format!("token={watch}"))
                .await
                .expect("the watcher is back");
            restarted = Some(again);
            continue;
        }
        let mine = |message: &Value| {
            message["type"] == "view"
                && message["moves"].as_array().map(Vec::len) == Some(moves.len())
        };
        if !mine(&ann.view) {
            ann.until(mine).await;
        }
        if ann.view["your_turn"] != true {
            more_hex_moves(&data, &id, moves.len()).await;
            continue;
        }
        let mv = a_hex_move(&ann.view, &mut rng);
        slides += usize::from(mv.contains('-'));
        ann.send(json!({"type": "move", "move": mv})).await;
        more_hex_moves(&data, &id, moves.len()).await;
    }
    let (setup, moves) = kept_hex(&data, &id);
    let game = HexMatch::replay(&setup, &moves).expect("the kept moves replay");
    let outcome = game.outcome().expect("over");
    for page in [&mut ann, &mut watcher] {
        let end = page
            .until(|message| message["type"] == "view" && !message["over"].is_null())
            .await;
        assert_eq!(end["over"]["black"], outcome.black);
        assert_eq!(end["over"]["white"], outcome.white);
        assert_eq!(end["moves"].as_array().map(Vec::len), Some(moves.len()));
    }
    assert!(slides > 0, "a slide was played");
    for message in watcher.heard.iter().filter(|m| m["type"] == "view") {
        assert_eq!(message["your_turn"], false, "a watcher never moves");
        assert_eq!(message["slides"], json!({}));
    }
    // Against the computer, Ann's asking to play again is enough: a new game at once.
    ann.send(json!({"type": "play-again"})).await;
    let fresh = ann
        .until(|message| {
            message["type"] == "view"
                && message["over"].is_null()
                && message["moves"].as_array().is_some_and(Vec::is_empty)
        })
        .await;
    assert_eq!(fresh["your_turn"], true, "Black begins again");
    let lines = more_hex_moves(&data, &id, moves.len()).await;
    assert_eq!(lines[moves.len()], "rematch");
}

/// Waits until the store holds more than `than` moves of a hex room.
async fn more_hex_moves(data: &std::path::Path, room: &str, than: usize) -> Vec<String> {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, moves) = kept_hex(data, room);
        if moves.len() > than {
            return moves;
        }
        assert!(Instant::now() < until, "a move is played and kept");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_away_too_long_is_stood_in_for_then_given_back_and_the_table_plays_again() {
    let data = folder("absence");
    let server = Running::start(&data, "127.0.0.1:0");
    let address = server.address.clone();
    let mut patient = table(false);
    patient["patience_seconds"] = json!(1);
    let room = make_room(&address, &patient).await;
    let id = room["room"].as_str().expect("a room").to_owned();
    let link = |seat: usize| key_of(room["seats"][seat]["link"].as_str().expect("a link"));
    let names = ["Ann", "Bo"];
    let mut pages = Vec::new();
    for seat in 0..2 {
        let page = Page::open(&address, &format!("token={}", link(seat)))
            .await
            .expect("a person is let in");
        pages.push(page);
    }
    pages[1]
        .until(|message| message["type"] == "view" && message["gathering"] == false)
        .await;
    // The one who begins goes away on their turn; the other stays.
    let first = pages[1].view["to_move"].as_u64().expect("a mover") as usize;
    let (gone, stays) = (first, 1 - first);
    let secrets: Vec<String> = pages
        .iter()
        .map(|page| page.secret.clone().expect("a secret"))
        .collect();
    let mut stayer = pages.remove(stays);
    let leaver = pages.pop().expect("the other page");

    stayer
        .send(json!({"type": "stand-in", "level": "easy"}))
        .await;
    let early = stayer.until(|message| message["type"] == "error").await;
    assert_eq!(
        early["code"], "not-absent",
        "not before the patience has run out"
    );
    leaver.close().await;
    let offer = stayer
        .until(|message| message["type"] == "view" && !message["away"].is_null())
        .await;
    assert_eq!(offer["away"]["seat"], gone);
    assert_eq!(
        offer["away"]["stand_in"],
        format!("Let the computer play for {}", names[gone])
    );
    stayer
        .send(json!({"type": "stand-in", "level": "easy"}))
        .await;
    let stood = stayer
        .until(|message| {
            message["type"] == "view"
                && message["stood_in"]
                    .as_array()
                    .is_some_and(|lines| !lines.is_empty())
        })
        .await;
    assert_eq!(
        stood["stood_in"][0],
        format!(
            "The computer plays for {} until they come back.",
            names[gone]
        )
    );
    // The computer plays the absent player's turn, and the other plays theirs; the computer
    // answers again.
    let moves = more_moves(&data, &id, 0).await;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    assert!(play_a_turn(&data, &id, &mut [&mut stayer], &mut rng).await);
    more_moves(&data, &id, moves.len() + 1).await;

    // The absent player comes back by their page's secret: the seat is theirs again.
    let mut back = Page::open(&address, &format!("secret={}", secrets[gone]))
        .await
        .expect("back in the seat");
    assert_eq!(back.seat, Some(gone as u64));
    assert_eq!(
        back.view["stood_in"],
        json!([]),
        "the computer has stepped aside"
    );
    let (setup, now) = kept(&data, &id);
    if replayed(&setup, &now).position().to_move() == gone {
        assert!(play_a_turn(&data, &id, &mut [&mut back, &mut stayer], &mut rng).await);
    }
    stayer
        .until(|message| message["type"] == "view" && message["to_move"] == stays)
        .await;

    // Now the other goes away on their turn, and the one who came back ends the game: the
    // absent player concedes it.
    stayer.close().await;
    back.until(|message| message["type"] == "view" && message["away"]["seat"] == stays)
        .await;
    back.send(json!({"type": "end-game"})).await;
    let end = back
        .until(|message| message["type"] == "view" && !message["over"].is_null())
        .await;
    assert!(
        end["over"]["reason"]
            .as_str()
            .is_some_and(|reason| reason.contains(names[stays])),
        "{}",
        end["over"]
    );
    assert_eq!(end["play_again"]["mine"], false);

    // Both ask to play again: the same links, a new deal.
    back.send(json!({"type": "play-again"})).await;
    let waiting = back
        .until(|message| message["type"] == "view" && message["play_again"]["mine"] == true)
        .await;
    assert_eq!(
        waiting["play_again"]["line"],
        format!("Waiting for {} to say yes.", names[stays])
    );
    let mut other = Page::open(&address, &format!("secret={}", secrets[stays]))
        .await
        .expect("back in the seat");
    assert_eq!(
        other.view["play_again"]["line"],
        format!("{} would like to play again.", names[gone])
    );
    let (_, ended) = kept(&data, &id);
    other.send(json!({"type": "play-again"})).await;
    for page in [&mut back, &mut other] {
        page.until(|message| {
            message["type"] == "view"
                && message["over"].is_null()
                && message["log"].as_array().is_some_and(Vec::is_empty)
        })
        .await;
    }
    let lines = more_moves(&data, &id, ended.len()).await;
    assert!(lines[ended.len()].starts_with("rematch "), "{lines:?}");

    // Killed and started again, the room is in its new game.
    let rack = other.view["rack"].clone();
    server.kill();
    let again = Running::start(&data, &address);
    let other = Page::open(&again.address, &format!("secret={}", secrets[stays]))
        .await
        .expect("back after the restart");
    assert_eq!(other.view["over"], Value::Null);
    assert_eq!(other.view["log"], json!([]));
    assert_eq!(
        sorted_rack(&other.view["rack"]),
        sorted_rack(&rack),
        "the new deal is kept"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_from_many_addresses_never_keep_the_players_out() {
    let data = folder("slow-clients");
    let server = Running::start_with(
        &data,
        "127.0.0.1:0",
        &["--waiting-per-address", "8", "--waiting-in-all", "200"],
    );
    let address = server.address.clone();
    let port: u16 = address
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port");
    // Sixty addresses of the loopback range each open ten connections and send half a
    // request's head, then nothing: three times what the server holds open.
    let mut slow = Vec::new();
    for host in 1..=60u8 {
        for _ in 0..10 {
            let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
            socket
                .bind(std::net::SocketAddr::from(([127, 0, 50, host], 0)))
                .expect("a loopback address of its own");
            let mut stream = socket
                .connect(std::net::SocketAddr::from(([127, 0, 0, 1], port)))
                .await
                .expect("connected");
            stream
                .write_all(format!("GET / HTTP/1.1\r\nHost: {address}\r\nX-Slow: ").as_bytes())
                .await
                .expect("half a head sent");
            slow.push(stream);
        }
    }
    // The players come all the same: a room made, both seats taken, the game begun.
    let room = make_room(&address, &table(false)).await;
    let link = |seat: usize| key_of(room["seats"][seat]["link"].as_str().expect("a link"));
    let _ann = Page::open(&address, &format!("token={}", link(0)))
        .await
        .expect("Ann gets in");
    let mut bo = Page::open(&address, &format!("token={}", link(1)))
        .await
        .expect("Bo gets in");
    bo.until(|message| message["type"] == "view" && message["gathering"] == false)
        .await;
    // The slow connections were the ones let go: at most what the server holds are open.
    let mut open = 0;
    for stream in &mut slow {
        let mut byte = [0u8; 1];
        let read = tokio::time::timeout(Duration::from_millis(20), stream.read(&mut byte)).await;
        // Still waiting (no answer yet) means the server holds it; 0 bytes or an error, gone.
        if read.is_err() {
            open += 1;
        }
    }
    assert!(open <= 200, "{open} slow connections still held");
    assert!(
        open >= 100,
        "the newest slow connections are still served ({open})"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_operator_reads_the_metrics_backs_the_store_up_live_and_finished_rooms_go_in_time() {
    let data = folder("operator");
    let metrics_port = {
        let free = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        free.local_addr().expect("its address").port()
    };
    let metrics = format!("127.0.0.1:{metrics_port}");
    let server = Running::start_with(&data, "127.0.0.1:0", &["--metrics-listen", &metrics]);
    let address = server.address.clone();
    let room = make_room(
        &address,
        &json!({"game": "hex", "side": 3, "seats": [
            {"name": "Ann", "player": "person"}, {"name": "", "player": "easy"}]}),
    )
    .await;
    let id = room["room"].as_str().expect("a room").to_owned();
    let link = key_of(room["seats"][0]["link"].as_str().expect("a link"));
    let mut ann = Page::open(&address, &format!("token={link}"))
        .await
        .expect("Ann");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    while ann.view["over"].is_null() {
        if ann.view["your_turn"] == true {
            let mv = a_hex_move(&ann.view, &mut rng);
            ann.send(json!({"type": "move", "move": mv})).await;
        }
        ann.next().await.expect("the game goes on");
    }
    let (_, moves) = kept_hex(&data, &id);

    // The metrics, on their own address.
    let (status, figures) = request(&metrics, "GET", "/metrics", &[], "").await;
    assert_eq!(status, 200);
    let figure = |name: &str| -> f64 {
        figures
            .lines()
            .find_map(|line| line.strip_prefix(&format!("{name} ")))
            .and_then(|value| value.parse().ok())
            .unwrap_or_else(|| panic!("{name} in {figures}"))
    };
    assert_eq!(figure("abakus_rooms"), 1.0);
    assert_eq!(figure("abakus_rooms_made_total"), 1.0);
    assert_eq!(figure("abakus_moves_total"), moves.len() as f64);
    assert_eq!(figure("abakus_pages"), 1.0);
    assert!(figures.contains("# TYPE abakus_moves_total counter"));
    let (status, _) = request(&address, "GET", "/metrics", &[], "").await;
    assert_eq!(status, 404, "not on the rooms' address");

    // A backup while the server runs; a second to the same file is refused.
    let copy = data.join("copy.sqlite3");
    let backup = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_abakus-server"))
            .args(["--data", data.to_str().expect("UTF-8"), "backup"])
            .arg(&copy)
            .output()
            .expect("the backup runs")
    };
    assert!(backup().status.success());
    assert!(!backup().status.success(), "an existing file is kept");
    drop(ann);
    server.kill();

    // The copy is a whole store: a server on it has the room, finished.
    let restored = folder("operator-restored");
    std::fs::copy(&copy, restored.join("abakus-server.sqlite3")).expect("copied");
    assert_eq!(kept_hex(&restored, &id).1, moves);
    let again = Running::start(&restored, "127.0.0.1:0");
    let ann = Page::open(&again.address, &format!("token={link}")).await;
    assert!(ann.is_err(), "the seat was taken by Ann's first page");
    drop(again);
    // Kept for no days, a finished room is gone at the next start.
    std::thread::sleep(Duration::from_millis(1100));
    let again = Running::start_with(&restored, "127.0.0.1:0", &["--keep-finished-days", "0"]);
    assert_eq!(
        Page::open(&again.address, &format!("token={link}"))
            .await
            .err()
            .as_deref(),
        Some("unknown")
    );
    let (status, _) = request(&again.address, "GET", &format!("/seat/{link}/"), &[], "").await;
    assert_eq!(status, 403, "its link opens nothing");
    let store = Store::open(&restored).expect("the store");
    assert!(store.rooms().expect("read").is_empty());
}

/// Reads one unmasked text frame a server sends, from a raw connection.
async fn read_text_frame(stream: &mut tokio::net::TcpStream) -> String {
    let mut head = [0u8; 2];
    stream.read_exact(&mut head).await.expect("a frame's head");
    let length = match head[1] & 0x7f {
        126 => {
            let mut longer = [0u8; 2];
            stream.read_exact(&mut longer).await.expect("its length");
            usize::from(u16::from_be_bytes(longer))
        }
        127 => {
            let mut longer = [0u8; 8];
            stream.read_exact(&mut longer).await.expect("its length");
            usize::try_from(u64::from_be_bytes(longer)).expect("a length")
        }
        short => usize::from(short),
    };
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).await.expect("its body");
    String::from_utf8(body).expect("text")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_dropped_in_the_middle_of_a_frame_loses_nothing_and_its_seat_comes_back() {
    let TwoPeople {
        data,
        server: _server,
        address,
        id,
        mut ann,
        mut bo,
    } = two_people("dropped-mid-frame").await;
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for _ in 0..2 {
        assert!(play_a_turn(&data, &id, &mut [&mut ann, &mut bo], &mut rng).await);
    }
    let (_, moves) = kept(&data, &id);
    // Ann's phone, by hand: the socket opened with her secret, half a frame sent, and the
    // network gone.
    let secret = ann.secret.clone().expect("a secret");
    drop(ann);
    let mut raw = tokio::net::TcpStream::connect(&address)
        .await
        .expect("connects");
    let upgrade = format!(
        "GET /ws?secret={secret} HTTP/1.1\r\nHost: {address}\r\nOrigin: http://{address}\r\n\
         Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    raw.write_all(upgrade.as_bytes()).await.expect("sent");
    let mut answer = Vec::new();
    while !answer.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        raw.read_exact(&mut byte).await.expect("the answer");
        answer.push(byte[0]);
    }
    assert!(
        answer.starts_with(b"HTTP/1.1 101"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    let welcome: Value = serde_json::from_str(&read_text_frame(&mut raw).await).expect("JSON");
    assert_eq!(welcome["type"], "welcome");
    assert_eq!(welcome["seat"], 0);
    // A masked text frame of 200 bytes announced, 20 sent.
    let mut half = vec![0x81u8, 0x80 | 126, 0, 200, 1, 2, 3, 4];
    half.extend_from_slice(&[b'x'; 20]);
    raw.write_all(&half).await.expect("half a frame");
    drop(raw);
    // Back by the same secret: the same seat, every move there, and the game goes on.
    let mut ann = Page::open(&address, &format!("secret={secret}"))
        .await
        .expect("back in her seat");
    assert_eq!(ann.seat, Some(0));
    assert_eq!(
        ann.view["log"].as_array().map(Vec::len),
        Some(moves.len()),
        "nothing lost"
    );
    assert_eq!(kept(&data, &id).1, moves);
    assert!(play_a_turn(&data, &id, &mut [&mut ann, &mut bo], &mut rng).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_the_challenge_window_a_player_away_too_long_is_answered_for_by_the_computer() {
    let data = folder("absent-in-the-window");
    let server = Running::start(&data, "127.0.0.1:0");
    let address = server.address.clone();
    let mut patient = table(false);
    patient["patience_seconds"] = json!(1);
    patient["variants"] = json!({"ops": "All", "diagonal": false, "result_first": false,
        "scoring": "Basic", "spin": false, "challenge": true});
    let room = make_room(&address, &patient).await;
    let id = room["room"].as_str().expect("a room").to_owned();
    let link = |seat: usize| key_of(room["seats"][seat]["link"].as_str().expect("a link"));
    let mut pages = Vec::new();
    for seat in 0..2 {
        pages.push(
            Page::open(&address, &format!("token={}", link(seat)))
                .await
                .expect("a person is let in"),
        );
    }
    pages[1]
        .until(|message| message["type"] == "view" && message["gathering"] == false)
        .await;
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    // Turns until one lays tiles and its move waits in the challenge window (a pass or an
    // exchange opens none); then the other, who alone may answer it, goes away.
    let mover = loop {
        let [first, second] = &mut pages[..] else {
            unreachable!()
        };
        assert!(play_a_turn(&data, &id, &mut [first, second], &mut rng).await);
        let (setup, moves) = kept(&data, &id);
        if let Some(pending) = replayed(&setup, &moves).position().pending() {
            break pending.player;
        }
    };
    let answerer = pages.remove(1 - mover);
    let mut player = pages.pop().expect("the mover's page");
    answerer.close().await;
    let offer = player
        .until(|message| message["type"] == "view" && !message["away"].is_null())
        .await;
    assert_eq!(offer["stage"], "challenge");
    assert_eq!(offer["away"]["seat"], 1 - mover);
    assert_eq!(
        offer["away"]["can_end"], false,
        "only a mover can be made to leave"
    );
    player.send(json!({"type": "end-game"})).await;
    let told = player.until(|message| message["type"] == "error").await;
    assert_eq!(told["code"], "not-absent");
    // Handed to the computer, the absent player's seat answers the move, and plays on.
    let (_, before) = kept(&data, &id);
    player
        .send(json!({"type": "stand-in", "level": "easy"}))
        .await;
    let lines = more_moves(&data, &id, before.len()).await;
    let answer = &lines[before.len()];
    assert!(
        answer == "accept" || answer.starts_with("challenge"),
        "the window is answered: {lines:?}"
    );
    player
        .until(|message| message["type"] == "view" && message["stage"] != "challenge")
        .await;
}

/// A window hosting on a server of a club, which makes rooms only with its key: asked without
/// the key it is refused with the server's reason, by a name the server does not answer to or
/// at an address where no server is it says so, and with the key the room is made, each
/// person's link opening their seat.
#[test]
fn a_window_makes_a_room_on_a_server_with_its_key_and_its_links_open_the_seats() {
    use abakus_match::tiles::{Seat, SeatKind};
    use abakus_rules::abaku::ai::Level;
    use abakus_server::making::{MakeError, ServerAddress, make_room, table_request};
    use abakus_server::remote::{Heard, RemoteSeat};
    use abakus_server::table::Setup;
    use abakus_words::Language;

    let server = Running::start_keyed(&folder("window-makes-room"), "127.0.0.1:0", &[], "club-key");
    let address =
        ServerAddress::parse(&format!("http://{}/", server.address)).expect("the address");
    let setup = Setup::Tiles(TilesSetup {
        seats: vec![
            Seat {
                name: "Ann".into(),
                kind: SeatKind::Human,
            },
            Seat {
                name: "Bo".into(),
                kind: SeatKind::Phone,
            },
            Seat {
                name: String::new(),
                kind: SeatKind::Computer(Level::Easy),
            },
        ],
        variants: abakus_rules::abaku::Variants::default(),
        board_b: false,
        seed: 0,
        turn_limit: abakus_match::clock::TurnLimit::Off,
    });
    let without = make_room(&address, &table_request(&setup, Language::French, None));
    assert!(
        matches!(&without, Err(MakeError::Refused { code, .. }) if code == "key"),
        "{without:?}"
    );
    // The server answers to the name it was given, not to another that reaches it.
    let port = server.address.rsplit_once(':').expect("a port").1;
    let other_name = ServerAddress::parse(&format!("http://127.1:{port}")).expect("an address");
    let misnamed = make_room(&other_name, &table_request(&setup, Language::French, None));
    assert!(
        matches!(misnamed, Err(MakeError::WrongName)),
        "{misnamed:?}"
    );
    let nowhere = ServerAddress::parse("http://127.0.0.1:1").expect("an address");
    let unreached = make_room(&nowhere, &table_request(&setup, Language::French, None));
    assert!(
        matches!(unreached, Err(MakeError::NotAServer(_))),
        "{unreached:?}"
    );
    let made = make_room(
        &address,
        &table_request(&setup, Language::French, Some("club-key")),
    )
    .expect("the room is made with the key");
    let seats: Vec<_> = made
        .seats
        .iter()
        .map(|(seat, name, _)| (*seat, name.as_str()))
        .collect();
    assert_eq!(seats, [(0, "Ann"), (1, "Bo")], "a link for each person");
    assert!(made.watch.watching);
    let watching = (None, String::new(), made.watch.clone());
    for (seat, _, invite) in made.seats.iter().map(|(s, n, i)| (Some(*s), n, i)).chain([(
        watching.0,
        &watching.1,
        &watching.2,
    )]) {
        assert_eq!(invite.server, address.base);
        let (told, woken) = std::sync::mpsc::channel();
        let remote = RemoteSeat::open(
            invite.clone(),
            None,
            std::sync::Arc::new(move || {
                let _ = told.send(());
            }),
        )
        .expect("the seat's thread");
        let mut heard = Vec::new();
        while !heard.iter().any(|heard| matches!(heard, Heard::Picture(_))) {
            woken
                .recv_timeout(Duration::from_secs(10))
                .expect("the room answers");
            heard.extend(remote.heard());
        }
        assert!(
            heard
                .iter()
                .any(|heard| matches!(heard, Heard::Seated { seat: at, .. } if *at == seat)),
            "seat {seat:?} is taken by its link: {heard:?}"
        );
        // The window's copy is told its own rack, and a watching window none.
        let rack = heard.iter().find_map(|heard| match heard {
            Heard::Picture(picture) => picture["record"]["rack"].as_str().map(str::len),
            _ => None,
        });
        let rack = rack.expect("a window's picture carries its record");
        assert_eq!(
            rack > 0,
            seat.is_some(),
            "seat {seat:?}'s record: {rack} tiles"
        );
    }
    assert!(server.terminate());
}

#[test]
fn a_short_code_typed_instead_of_a_link_opens_its_seat_and_guessing_codes_is_capped() {
    use std::io::{Read, Write};

    use abakus_match::room::read_code;
    use abakus_match::tiles::{Seat, SeatKind};
    use abakus_server::making::{ServerAddress, find_code, make_room, table_request};
    use abakus_server::table::Setup;
    use abakus_words::Language;

    let server = Running::start_with(
        &folder("short-codes"),
        "127.0.0.1:0",
        &["--codes-per-hour", "6"],
    );
    let address = ServerAddress::parse(&format!("http://{}", server.address)).expect("an address");
    let person = |name: &str| Seat {
        name: name.into(),
        kind: SeatKind::Phone,
    };
    let setup = Setup::Tiles(TilesSetup {
        seats: vec![person("Ann"), person("Bo")],
        variants: abakus_rules::abaku::Variants::default(),
        board_b: false,
        seed: 0,
        turn_limit: abakus_match::clock::TurnLimit::Off,
    });
    let made = make_room(&address, &table_request(&setup, Language::English, None))
        .expect("the room is made");
    assert_eq!(made.codes.len(), 2, "a code for each person's seat");
    let mut codes = made.codes.clone();
    codes.push(made.watch_code.clone());
    for code in &codes {
        assert_eq!(
            read_code(code).as_ref(),
            Some(code),
            "{code} reads as a code"
        );
    }
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), 3, "every link has a code of its own");
    // Tries 1 and 2: each seat's code opens that seat's link.
    for ((_, name, invite), code) in made.seats.iter().zip(&made.codes) {
        let found = find_code(&address, code).expect("the code's link");
        assert_eq!(found, *invite, "{name}'s code opens {name}'s seat");
    }
    // 3: the watchers' code, typed as a person might, opens the watchers' link.
    let typed = read_code(&format!(
        " {} ",
        made.watch_code.to_lowercase().replace('-', " ")
    ))
    .expect("a code typed loosely");
    assert_eq!(find_code(&address, &typed), Ok(made.watch.clone()));
    // 4: a browser is sent on to the seat's page, the code typed in small letters with a
    // space (read by the server itself).
    let browser = |code: &str| {
        let mut stream = std::net::TcpStream::connect(&server.address).expect("connects");
        let asked = format!(
            "GET /join?code={code} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.address
        );
        stream.write_all(asked.as_bytes()).expect("asks");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("an answer");
        answer
    };
    let answer = browser(&made.codes[0].to_lowercase().replace('-', "%20"));
    let link = made.seats[0].2.link();
    let path = link
        .strip_prefix(&address.base)
        .expect("a link of the server");
    assert!(answer.starts_with("HTTP/1.1 303"), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains(&format!("location: {path}")),
        "{answer}"
    );
    // 5 and 6: codes of no game are said so.
    for wrong in ["0000-0000", "ZZZZ-ZZZZ"] {
        let refused = find_code(&address, wrong).expect_err("no game has it");
        assert_eq!(refused.refusal(), Some("no-such-code"), "{refused:?}");
    }
    // 7: past the hour's tries, even a right code is refused, by its reason.
    let refused = find_code(&address, &made.codes[1]).expect_err("too many tries");
    assert_eq!(refused.refusal(), Some("too-many-codes"), "{refused:?}");
    assert!(browser(&made.codes[1]).starts_with("HTTP/1.1 429"));
    assert!(server.terminate());
}
