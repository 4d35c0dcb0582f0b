//! Rooms in a real browser over real TLS: the server behind Debian's Caddy on loopback with its
//! own certificate authority (`tls internal`), and Debian's Chromium driven by Playwright
//! (`tests/phone/rooms.mjs`) making a room, playing it from a laptop's window and a phone, and
//! watching it from another phone. Skipped where Chromium, Caddy or Node.js is missing, unless
//! ABAKUS_REQUIRE_BROWSER=1 (as the test command sets) makes that a failure.

mod caddy;
mod common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use caddy::start_caddy;
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

/// A loopback port nobody listens on now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
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
    let port = free_port();
    let host = format!("localhost:{port}");
    let server = Running::start_with(
        &folder.join("data"),
        "127.0.0.1:0",
        &["--host", &host, "--trusted-proxy", "127.0.0.1"],
    );
    let (_caddy, authority) = start_caddy(&folder, port, &server.address);
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
