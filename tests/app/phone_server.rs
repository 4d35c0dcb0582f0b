//! The phone server over loopback, as phones and hostile clients would meet it: pages behind
//! each seat's token, the first phone taking a seat and a second refused, reconnects with the
//! secret, a seat reopened for another phone, and bad requests and frames that change nothing.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use abakus::app::features::phones::{
    LinkEvent, MESSAGE_LIMIT, NOT_OPEN_PAGE, PageFile, PhoneServer,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use tungstenite::client::IntoClientRequest;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::{Message, WebSocket};

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
const PAGE: &str = "<!doctype html><title>rack</title>";

fn start(seats: &[usize]) -> PhoneServer {
    let files = vec![
        PageFile {
            name: "",
            content_type: "text/html; charset=utf-8",
            body: PAGE.as_bytes().into(),
        },
        PageFile {
            name: "page.js",
            content_type: "text/javascript",
            body: b"// the page".as_slice().into(),
        },
    ];
    PhoneServer::start(LOOPBACK, 0, seats, files).expect("the server listens on loopback")
}

/// The part of a seat's address after the host: `/seat/TOKEN/`.
fn seat_path(server: &PhoneServer, seat: usize) -> String {
    let address = server.seat_address(seat).expect("a phone seat");
    let prefix = format!("http://{}", server.address());
    address
        .strip_prefix(&prefix)
        .expect("the server's own address")
        .to_owned()
}

fn token(server: &PhoneServer, seat: usize) -> String {
    seat_path(server, seat)
        .trim_start_matches("/seat/")
        .trim_end_matches('/')
        .to_owned()
}

/// A raw HTTP exchange: the status code and the body.
fn http(address: SocketAddr, request: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    (status, body.to_owned())
}

fn get(server: &PhoneServer, path: &str) -> (u16, String) {
    let address = server.address();
    http(
        address,
        &format!("GET {path} HTTP/1.1\r\nHost: {address}\r\n\r\n"),
    )
}

type Phone = WebSocket<TcpStream>;

/// Opens the WebSocket as a phone's page would, with this query and Origin.
fn open_with(server: &PhoneServer, query: &str, origin: &str) -> Result<Phone, String> {
    let address = server.address();
    let stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut request = format!("ws://{address}/ws?{query}")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("Origin", origin.parse().unwrap());
    tungstenite::client(request, stream)
        .map(|(socket, _)| socket)
        .map_err(|error| error.to_string())
}

fn open(server: &PhoneServer, query: &str) -> Phone {
    let origin = format!("http://{}", server.address());
    open_with(server, query, &origin).expect("the handshake")
}

/// The next message the phone is sent, as JSON; pings are answered on the way.
fn next(phone: &mut Phone) -> Value {
    loop {
        match phone.read().expect("a message") {
            Message::Text(text) => return serde_json::from_str(text.as_str()).unwrap(),
            Message::Close(frame) => {
                return serde_json::json!({"closed": frame.map(|f| f.reason.as_str().to_owned())});
            }
            _ => {}
        }
    }
}

/// Reads until the server closes, and gives the close frame's code and reason.
fn closing(phone: &mut Phone) -> Option<(CloseCode, String)> {
    let until = Instant::now() + Duration::from_secs(10);
    while Instant::now() < until {
        match phone.read() {
            Ok(Message::Close(frame)) => {
                return frame.map(|frame| (frame.code, frame.reason.as_str().to_owned()));
            }
            Ok(_) => {}
            Err(_) => return None,
        }
    }
    panic!("the server did not close the connection");
}

/// Waits for the server's next events until one matches, and gives those seen.
fn wait_for(server: &PhoneServer, wanted: &LinkEvent) -> Vec<LinkEvent> {
    let until = Instant::now() + Duration::from_secs(10);
    let mut seen = Vec::new();
    while Instant::now() < until {
        seen.extend(server.events());
        if seen.contains(wanted) {
            return seen;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no {wanted:?} among {seen:?}");
}

fn join(server: &PhoneServer, seat: usize) -> (Phone, String) {
    let mut phone = open(server, &format!("token={}", token(server, seat)));
    let welcome = next(&mut phone);
    assert_eq!(welcome["type"], "welcome");
    assert_eq!(welcome["seat"], seat);
    let secret = welcome["secret"].as_str().unwrap().to_owned();
    wait_for(server, &LinkEvent::Joined { seat });
    (phone, secret)
}

#[test]
fn a_seats_page_opens_only_with_its_token_and_its_host() {
    let server = start(&[0, 1]);
    let path = seat_path(&server, 1);
    assert_eq!(get(&server, &path), (200, PAGE.to_owned()));
    assert_eq!(get(&server, &format!("{path}page.js")).0, 200);
    for refused in [
        "/".to_owned(),
        "/seat/".to_owned(),
        format!("/seat/{}/", "0".repeat(32)),
        format!("{path}missing.css"),
        format!("{path}../page.js"),
        path.trim_end_matches('/').to_owned(),
    ] {
        let (status, body) = get(&server, &refused);
        assert_eq!(status, 403, "{refused}");
        assert!(body.contains("This game is not open."), "{refused}: {body}");
    }
    // DNS rebinding: the right address under another name opens nothing.
    let (status, _) = http(
        server.address(),
        &format!("GET {path} HTTP/1.1\r\nHost: evil.example:80\r\n\r\n"),
    );
    assert_eq!(status, 403);
    let (status, _) = http(
        server.address(),
        &format!("POST {path} HTTP/1.1\r\nHost: {}\r\n\r\n", server.address()),
    );
    assert_eq!(status, 403);
    assert!(server.events().is_empty(), "a page opens no seat");
}

/// An old code's address, where the game gives the page for it, shows that page (refused all
/// the same), and a new language's words reach a page opened after they were given.
#[test]
fn an_address_that_opens_no_seat_shows_the_games_card_and_new_files_are_served() {
    let server = start(&[0]);
    let path = seat_path(&server, 0);
    let card = "<!doctype html><h1>This code is no longer valid</h1>";
    let page_in_german = "<!doctype html><html lang=\"de\">";
    server.set_files(vec![
        PageFile {
            name: "",
            content_type: "text/html; charset=utf-8",
            body: page_in_german.as_bytes().into(),
        },
        PageFile {
            name: NOT_OPEN_PAGE,
            content_type: "text/html; charset=utf-8",
            body: card.as_bytes().into(),
        },
    ]);
    assert_eq!(get(&server, &path), (200, page_in_german.to_owned()));
    let old = format!("/seat/{}/", "0".repeat(32));
    assert_eq!(get(&server, &old), (403, card.to_owned()));
    // Only the page itself answers with the card; a file under an old code opens nothing.
    let (status, body) = get(&server, &format!("{old}page.js"));
    assert_eq!(status, 403);
    assert!(body.contains("This game is not open."), "{body}");
    // The card may style itself and nothing more; the seat's page keeps to its own files.
    let head = |path: &str| {
        let request = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", server.address());
        let mut stream = TcpStream::connect(server.address()).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    };
    assert!(head(&old).contains("Content-Security-Policy: default-src 'none'; style-src"));
    assert!(head(&path).contains("Content-Security-Policy: default-src 'self'; connect-src"));
}

#[test]
fn the_first_phone_takes_the_seat_and_a_second_with_the_same_address_is_refused() {
    let server = start(&[0, 1]);
    let seat_token = token(&server, 0);
    let (mut first, _) = join(&server, 0);
    assert!(server.is_held(0) && server.is_connected(0) && !server.is_held(1));

    let mut second = open(&server, &format!("token={seat_token}"));
    assert_eq!(
        next(&mut second),
        serde_json::json!({"type": "refused", "reason": "taken"})
    );
    assert_eq!(
        closing(&mut second).map(|(code, _)| code),
        Some(CloseCode::Policy)
    );

    let mut guess = open(&server, &format!("token={}", "ab".repeat(16)));
    assert_eq!(next(&mut guess)["reason"], "unknown");
    let mut nothing = open(&server, "secret=nonsense");
    assert_eq!(next(&mut nothing)["reason"], "unknown");

    // Messages go both ways on the first phone's connection alone.
    first.send(Message::text(r#"{"intent":"pass"}"#)).unwrap();
    let seen = wait_for(
        &server,
        &LinkEvent::Message {
            seat: 0,
            text: r#"{"intent":"pass"}"#.into(),
        },
    );
    assert!(
        !seen
            .iter()
            .any(|event| matches!(event, LinkEvent::Joined { seat: 0 }))
    );
    assert!(server.send(0, r#"{"type":"view"}"#.into()));
    assert_eq!(next(&mut first)["type"], "view");
    assert!(!server.send(1, "{}".into()), "seat 1 has no phone");
}

#[test]
fn a_phone_back_with_its_secret_has_its_seat_again_and_replaces_its_old_connection() {
    let server = start(&[0]);
    let (mut old, secret) = join(&server, 0);
    let mut back = open(&server, &format!("secret={secret}"));
    let welcome = next(&mut back);
    assert_eq!(
        (welcome["type"].as_str(), welcome["seat"].as_u64()),
        (Some("welcome"), Some(0))
    );
    assert_eq!(welcome["secret"], secret.as_str());
    assert_eq!(
        closing(&mut old).map(|(_, reason)| reason),
        Some("replaced".into())
    );
    wait_for(&server, &LinkEvent::Joined { seat: 0 });
    assert!(server.send(0, r#"{"type":"view"}"#.into()));
    assert_eq!(next(&mut back)["type"], "view");

    // The phone goes away: the game hears of it.
    drop(back);
    wait_for(&server, &LinkEvent::Left { seat: 0 });
    assert!(!server.is_connected(0) && server.is_held(0));
}

#[test]
fn a_reopened_seat_sends_the_old_phone_away_and_lets_the_new_one_in() {
    let server = start(&[0, 1]);
    let old_path = seat_path(&server, 1);
    let old_token = token(&server, 1);
    let (mut old, old_secret) = join(&server, 1);
    let new_address = server.reopen(1).expect("seat 1 is a phone seat");
    assert_ne!(new_address, server.seat_address(0).unwrap());
    assert_eq!(
        closing(&mut old).map(|(_, reason)| reason),
        Some("reopened".into())
    );
    assert_eq!(get(&server, &old_path).0, 403);
    let mut stale = open(&server, &format!("secret={old_secret}"));
    assert_eq!(next(&mut stale)["reason"], "unknown");
    let mut spent = open(&server, &format!("token={old_token}"));
    assert_eq!(next(&mut spent)["reason"], "unknown");
    let (_new, new_secret) = join(&server, 1);
    assert_ne!(new_secret, old_secret);

    // Released to the screen, the seat opens to nothing.
    server.release(1);
    assert_eq!(server.phone_seats(), vec![0]);
    assert_eq!(server.seat_address(1), None);
    let mut after = open(&server, &format!("secret={new_secret}"));
    assert_eq!(next(&mut after)["reason"], "unknown");
}

#[test]
fn a_page_of_another_site_cannot_open_the_websocket() {
    let server = start(&[0]);
    let seat_token = token(&server, 0);
    for origin in ["http://evil.example", "null", "https://127.0.0.1"] {
        let refused = open_with(&server, &format!("token={seat_token}"), origin);
        assert!(refused.is_err(), "{origin}");
    }
    assert!(!server.is_held(0), "a refused handshake spends no token");
    join(&server, 0);
}

#[test]
fn oversized_binary_and_hurried_frames_get_an_error_and_the_seat_stays() {
    let server = start(&[0]);
    let (mut phone, secret) = join(&server, 0);
    phone.send(Message::binary(vec![1, 2, 3])).unwrap();
    assert_eq!(
        next(&mut phone),
        serde_json::json!({"type": "error", "code": "text-only"})
    );

    // A burst over the limit: the first 40 go to the game, the rest are refused.
    for n in 0..60 {
        phone.send(Message::text(format!("{{\"n\":{n}}}"))).unwrap();
    }
    assert_eq!(next(&mut phone)["code"], "too-fast");
    wait_for(
        &server,
        &LinkEvent::Message {
            seat: 0,
            text: "{\"n\":39}".into(),
        },
    );
    std::thread::sleep(Duration::from_millis(100));
    assert!(
        server.events().is_empty(),
        "nothing past the limit reached the game"
    );

    phone
        .send(Message::text("x".repeat(MESSAGE_LIMIT + 1)))
        .unwrap();
    assert_eq!(
        closing(&mut phone).map(|(code, _)| code),
        Some(CloseCode::Size)
    );
    wait_for(&server, &LinkEvent::Left { seat: 0 });

    // The phone comes back with its secret, and the server still answers.
    let mut back = open(&server, &format!("secret={secret}"));
    assert_eq!(next(&mut back)["type"], "welcome");
}

#[test]
fn random_and_hostile_bytes_never_stop_the_server() {
    let server = start(&[0]);
    let address = server.address();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for round in 0..300 {
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let length = rng.random_range(0..3_000);
        let mut bytes: Vec<u8> = (0..length).map(|_| rng.random()).collect();
        if round % 3 == 0 {
            // Something that starts as HTTP and goes wrong.
            let mut start =
                format!("GET /ws?token={} HTTP/1.1\r\nHost: {address}\r\n", round).into_bytes();
            start.append(&mut bytes);
            bytes = start;
        }
        let _ = stream.write_all(&bytes);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        if !answer.is_empty() {
            let text = String::from_utf8_lossy(&answer);
            assert!(
                text.starts_with("HTTP/1.1 400") || text.starts_with("HTTP/1.1 403"),
                "round {round}: {text}"
            );
        }
    }
    // Frames of nonsense after a real handshake: the seat's phone still gets in after.
    for _ in 0..10 {
        let mut phone = open(&server, &format!("token={}", "0".repeat(32)));
        assert_eq!(next(&mut phone)["reason"], "unknown");
        let stream = phone.get_mut();
        let junk: Vec<u8> = (0..rng.random_range(1..200))
            .map(|_| rng.random())
            .collect();
        let _ = stream.write_all(&junk);
    }
    assert!(server.events().is_empty(), "nothing reached the game");
    let (_phone, _) = join(&server, 0);
    assert_eq!(get(&server, &seat_path(&server, 0)).0, 200);
}

#[test]
fn one_address_may_hold_only_a_few_connections_at_once() {
    let server = start(&[0]);
    let address = server.address();
    // Connections that send nothing hold their places until their head times out.
    let idle: Vec<TcpStream> = (0..8)
        .map(|_| TcpStream::connect(address).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let (status, _) = get(&server, &seat_path(&server, 0));
    assert_eq!(status, 503);
    drop(idle);
    let until = Instant::now() + Duration::from_secs(10);
    while get(&server, &seat_path(&server, 0)).0 != 200 {
        assert!(Instant::now() < until, "the places came back");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_stopped_server_frees_its_port_and_closes_its_phones() {
    let server = start(&[0]);
    let address = server.address();
    let (mut phone, _) = join(&server, 0);
    drop(server);
    assert_eq!(
        closing(&mut phone).map(|(_, reason)| reason),
        Some("closed".into())
    );
    assert!(
        TcpStream::connect(address).is_err(),
        "nothing listens any more"
    );
    let again = PhoneServer::start(LOOPBACK, address.port(), &[0], Vec::new());
    assert!(again.is_ok(), "the port is free again: {:?}", again.err());
}
