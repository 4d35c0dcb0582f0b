//! Rooms in a real browser over real TLS: the server behind Debian's Caddy on loopback with its
//! own certificate authority (`tls internal`), and Debian's Chromium driven by Playwright
//! (`tests/phone/rooms.mjs`) making a room, playing it from a laptop's window and a phone, and
//! watching it from another phone. Skipped where Chromium, Caddy or Node.js is missing, unless
//! ABAKUS_REQUIRE_BROWSER=1 (as the test command sets) makes that a failure.

mod caddy;
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use caddy::{free_port, start_caddy};
use common::{Running, folder};

/// The phone tests' folder, whose Node.js packages and helpers the rooms' script shares.
fn phone_tests() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/phone")
}

/// What the test needs that is not Rust: the programs, and Playwright's driver.
fn missing() -> Vec<String> {
    let mut missing = Vec::new();
    for program in ["node", "caddy", "zbarimg"] {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {program}")])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !found {
            missing.push(program.to_owned());
        }
    }
    let chromium =
        std::env::var("ABAKUS_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    if !Path::new(&chromium).exists() {
        missing.push(chromium);
    }
    if !phone_tests().join("node_modules/playwright-core").exists() {
        missing.push("tests/phone/node_modules (npm ci)".to_owned());
    }
    missing
}

/// The server binary behind Caddy, its store and Caddy's in `folder`: the name and port the
/// pages reach it by, the server, Caddy, and the root certificate of Caddy's authority.
fn behind_caddy(folder: &Path) -> (String, Running, caddy::Caddy, PathBuf) {
    let port = free_port();
    let host = format!("localhost:{port}");
    let server = Running::start_with(
        &folder.join("data"),
        "127.0.0.1:0",
        &["--host", &host, "--trusted-proxy", "127.0.0.1"],
    );
    let (caddy, authority) = start_caddy(folder, port, &server.address);
    (host, server, caddy, authority)
}

#[test]
fn rooms_of_both_games_are_made_played_and_watched_in_chromium_through_caddy_over_tls() {
    let missing = missing();
    if !missing.is_empty() {
        assert!(
            std::env::var("ABAKUS_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "the browser test cannot run without {missing:?}"
        );
        eprintln!("skipped: no {missing:?}");
        return;
    }
    let folder = folder("browser");
    let (host, _server, _caddy, authority) = behind_caddy(&folder);
    let out = folder.join("pictures");
    let run = |script: &str| {
        let status = Command::new("node")
            .arg(phone_tests().join(script))
            .arg(&out)
            .arg(format!("https://{host}"))
            .arg(&authority)
            .status()
            .expect("node runs");
        assert!(
            status.success(),
            "{script} in Chromium (pictures in {})",
            out.display()
        );
    };
    run("rooms.mjs");
    // The QR codes on the room's page open the seats: read off its picture as a camera would.
    let read = Command::new("zbarimg")
        .args(["-q", "--raw"])
        .arg(out.join("rooms-en-links.png"))
        .output()
        .expect("zbarimg runs");
    let codes = String::from_utf8_lossy(&read.stdout);
    let seats: Vec<&str> = codes
        .lines()
        .filter(|code| code.contains("/seat/"))
        .collect();
    assert_eq!(
        seats.len(),
        2,
        "both seats' codes read off the page: {codes}"
    );
    assert!(
        seats
            .iter()
            .all(|code| code.starts_with(&format!("https://{host}/seat/"))),
        "each code is its seat's link on the server: {codes}"
    );
    // The hex game's rooms, through the same Caddy.
    run("rooms-hex.mjs");
}

/// A game window at a room behind TLS whose certificate this machine cannot check (Caddy's own
/// authority, which the platform's store does not hold): the seat ends at once with the
/// certificate named as the reason; the window never plays over a connection it could not
/// check, and does not keep trying.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_refuses_a_server_whose_certificate_does_not_check_out() {
    use abakus_server::making::{MakeError, ServerAddress, make_room};
    use abakus_server::remote::{Ending, Heard, Invite, RemoteSeat};

    if !missing().iter().all(|what| what != "caddy") {
        eprintln!("skipped: no caddy");
        return;
    }
    // The platform's certificates (`SSL_CERT_FILE` where it is set, as on Debian's images):
    // Caddy's authority, made afresh for this test, is not among them.
    let folder = folder("window-certificate");
    let (host, server, _caddy, _authority) = behind_caddy(&folder);
    let room = common::make_room(&server.address, &common::table(false)).await;
    let link = room["seats"][0]["link"].as_str().expect("a link");
    let invite = Invite::parse(&format!("https://{host}{link}")).expect("a seat's link");
    let (told, heard) = std::sync::mpsc::channel();
    let seat = RemoteSeat::open(
        invite,
        None,
        std::sync::Arc::new(move || {
            let _ = told.send(());
        }),
    )
    .expect("the seat's thread");
    let mut said = Vec::new();
    while !said.iter().any(|heard| matches!(heard, Heard::Ended(_))) {
        heard
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("the seat says why it ended");
        said.extend(seat.heard());
    }
    let ending = said.iter().find_map(|heard| match heard {
        Heard::Ended(ending) => Some(ending.clone()),
        _ => None,
    });
    assert!(
        matches!(ending, Some(Ending::Certificate(_))),
        "the certificate is the reason: {said:?}"
    );
    assert!(
        !said
            .iter()
            .any(|heard| matches!(heard, Heard::Seated { .. } | Heard::Picture(_))),
        "nothing of the room came over the unchecked connection: {said:?}"
    );
    assert!(
        ending
            .as_ref()
            .is_some_and(|ending| ending.to_string().contains("certificate")),
        "the reason says so in words"
    );
    drop(seat);
    // Nor is a room made there from the window.
    let address = ServerAddress::parse(&format!("https://{host}")).expect("an address");
    let table = common::table(false);
    let made = tokio::task::spawn_blocking(move || make_room(&address, &table))
        .await
        .expect("the request's thread");
    assert!(
        matches!(made, Err(MakeError::Certificate(_))),
        "the certificate is the reason: {made:?}"
    );
    server.terminate();
}
