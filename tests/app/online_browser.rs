//! Game windows at seats of a room on a server elsewhere, as people meet them: the rooms'
//! server started by the test behind Debian's Caddy with TLS on loopback (each window checks
//! its certificate against the platform's store, which names Caddy's authority). In the tile
//! game, window A's person hosts the room from the screens (Play online, the server's address
//! typed, the setup's Start); window B joins by its link (`--join`), a phone-sized Chromium
//! page takes a third seat and the room's computer the fourth; each window's person lays their
//! tiles with the real pointer (A's before its restart), the page's taps its. Window A is
//! killed with `kill -9`
//! mid-game and started again; then the server is; each comes back to its seat by itself and
//! the game is played to its end, which both windows count alike.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::phone_browser::{can_drive_a_browser, collect_acting};
use super::real_input::{Display, Hands, can_drive_a_display, has_program};

type Lines = std::sync::Arc<std::sync::Mutex<Vec<String>>>;

#[path = "../../crates/abakus-server/tests/caddy/mod.rs"]
mod caddy;

/// A child process killed when this value goes, so that a failing test leaves none behind.
struct Running(Child);

impl Running {
    /// Kills it at once, as a power cut or `kill -9` would.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }

    /// Whether it has exited, and how.
    fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.0.try_wait().ok().flatten()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The rooms' server's binary, built beside the game's by the workspace's test build.
fn server_binary() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_abakus")).with_file_name("abakus-server")
}

/// The rooms' server on `listen`, its store in `data`, behind a proxy on `host`.
fn start_server(data: &Path, listen: &str, host: &str, log: &Path) -> Running {
    let child = Command::new(server_binary())
        .args(["--data", data.to_str().expect("a path in UTF-8")])
        .args([
            "--listen",
            listen,
            "--host",
            host,
            "--trusted-proxy",
            "127.0.0.1",
        ])
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).expect("the server's log"))
        .spawn()
        .expect("the server starts");
    let until = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(listen).is_err() {
        assert!(Instant::now() < until, "the server listens on {listen}");
        std::thread::sleep(Duration::from_millis(50));
    }
    Running(child)
}

/// The tile game's table of the test: Ann, Bo and Cy, people, and the easy computer.
/// The tile game's setup window A last chose: Ann at the window, Bo and Cy elsewhere, and
/// the easy computer.
const LAST_SETUP: &str = r#"{"players": 4, "names": ["Ann", "Bo", "Cy", ""],
    "kinds": ["Human", "Phone", "Phone", {"Computer": "Easy"}]}"#;

/// Makes a room for `table` through Caddy, as the server's start page does. Returns each
/// person's link.
fn make_room(base: &str, authority: &Path, table: &str) -> Vec<String> {
    let output = Command::new("curl")
        .args(["-sS", "--fail", "--cacert"])
        .arg(authority)
        .args(["-X", "POST", "-H", "Content-Type: application/json"])
        .args(["-H", &format!("Origin: {base}"), "--data", table])
        .arg(format!("{base}/rooms"))
        .output()
        .expect("curl runs");
    assert!(
        output.status.success(),
        "the room is made: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let room: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    room["seats"]
        .as_array()
        .expect("the seats")
        .iter()
        .map(|seat| format!("{base}{}", seat["link"].as_str().expect("a link")))
        .collect()
}

/// The links a window printed for the room it made, one for each of its `people`, in the
/// order of their seats; failing after two minutes, or when the window exits first.
fn seat_links(said: &Lines, people: usize, window: &mut Running) -> Vec<String> {
    let started = Instant::now();
    loop {
        let links: Vec<String> = lines(said)
            .iter()
            .filter(|line| line.starts_with("seat "))
            .filter_map(|line| Some(line.split_once("): ")?.1.trim().to_owned()))
            .collect();
        if links.len() >= people {
            return links;
        }
        assert!(
            window.exited().is_none() && started.elapsed() < Duration::from_secs(120),
            "the window made no room: {:?}",
            lines(said)
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A window's script: every turn of its seat played as it comes (`play`: by the script's
/// intents, or `person-plays-my-turn`, by a real hand), until the game is over.
fn to_the_end(name: &str, first: &str, play: &str) -> String {
    let mut script = String::from(first);
    for _ in 0..60 {
        script.push_str(&format!("await-my-turn\n{play}\n"));
    }
    script.push_str(&format!(
        "await-stage over\nwait 30\nscreenshot {name}-over\nexit\n"
    ));
    script
}

/// The game window on `display`, at the seat `join` opens (on the title without one), running
/// `script`; its data folder
/// and screenshots are its own, and its log is kept. Each `person` line it prints is carried
/// out with real X input on its display.
fn start_window(
    display: &Display,
    join: Option<&str>,
    script: &Path,
    (data, shots, log): (&Path, &Path, &Path),
    authority: &Path,
) -> (Running, Lines) {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .expect("the window's log");
    let mut command = Command::new(env!("CARGO_BIN_EXE_abakus"));
    if let Some(link) = join {
        command.args(["--join", link]);
    }
    let child = command
        .arg("--script")
        .arg(script)
        .arg("--screenshots")
        .arg(shots)
        .env("DISPLAY", &display.name)
        .env_remove("WAYLAND_DISPLAY")
        .env("WGPU_BACKEND", "vulkan")
        .env("ABAKUS_DATA_DIR", data)
        // The platform's certificates, as a machine that trusts the server's authority has.
        .env("SSL_CERT_FILE", authority)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .expect("the game starts");
    let mut running = Running(child);
    let hands = Hands {
        display: display.name.clone(),
    };
    let output = running.0.stdout.take().expect("its output");
    (running, collect_acting(output, Some(hands)))
}

/// A window's standard output (its `person` lines among it), written beside its log when
/// this goes, as a failed test unwinds: what the hand was asked to do.
struct Transcript(Lines, PathBuf);

impl Drop for Transcript {
    fn drop(&mut self) {
        let _ = std::fs::write(&self.1, lines(&self.0).join("\n"));
    }
}

/// Waits until `path` exists, failing after `seconds`, or when one of `watched` exits first.
fn wait_for_file(path: &Path, seconds: u64, watched: &mut [&mut Running]) {
    let started = Instant::now();
    while !path.exists() {
        for running in watched.iter_mut() {
            if let Some(status) = running.exited() {
                panic!("a window ended ({status}) before {} came", path.display());
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(seconds),
            "{} did not come in {seconds} s",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Each person's statistics in a window's data folder, as it counted the finished game.
fn counted(data: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(data.join("statistics.json"))
        .unwrap_or_else(|_| panic!("{} counted no game", data.display()));
    let statistics: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    statistics["players"].clone()
}

fn log_of(path: &Path) -> String {
    let mut text = String::new();
    if let Ok(mut file) = std::fs::File::open(path) {
        let _ = file.read_to_string(&mut text);
    }
    text
}

#[test]
fn real_window_two_windows_and_a_phone_play_a_room_over_tls_through_kill_9_of_a_window_and_the_server()
 {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if !can_drive_a_display() || !can_drive_a_browser(&root) || !has_program("caddy") {
        return;
    }
    assert!(
        server_binary().exists(),
        "the rooms' server is built beside the game ({})",
        server_binary().display()
    );
    let folder = std::env::temp_dir().join(format!("abakus-online-windows-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("the test's folder");
    // The pictures stay, to be looked at.
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("online-tiles");
    let _ = std::fs::remove_dir_all(&shots);
    let (proxy, listen) = (
        caddy::free_port(),
        format!("127.0.0.1:{}", caddy::free_port()),
    );
    let host = format!("localhost:{proxy}");
    let base = format!("https://{host}");
    let server_log = folder.join("server.log");
    let mut server = start_server(&folder.join("store"), &listen, &host, &server_log);
    let (_caddy, authority) = caddy::start_caddy(&folder, proxy, &listen);

    let (display_a, display_b) = (Display::start(), Display::start());
    let window = |name: &str| {
        (
            folder.join(format!("{name}-data")),
            folder.join(format!("{name}.log")),
        )
    };
    let ((data_a, log_a), (data_b, log_b)) = (window("a"), window("b"));
    // Ann hosts the game from window A: Play online, the server's address typed, the tile
    // game's setup (her last one: Ann here, Bo and Cy elsewhere, the easy computer), Start.
    std::fs::create_dir_all(&data_a).expect("A's data folder");
    std::fs::write(data_a.join("tiles-setup.json"), LAST_SETUP).expect("A's last setup");
    // A plays two of its turns, says so at its third, and is killed there. Its hand rests a
    // few frames between clicking the address's field and typing, and after typing: keys that
    // reach a busy window in the frame of the click that focuses the field may be lost.
    let first_a = folder.join("a-first.txt");
    std::fs::write(
        &first_a,
        format!(
            "person click button Play online\n\
             person click button The server's address, as games.example.org\n\
             wait 20\n\
             person type {base}\n\
             wait 20\n\
             person click button Set up Abaku there\n\
             await-screen setup abaku\nwait 10\nscreenshot a-setup-hosting\n\
             person click button Start\n\
             await-screen game\nwait 10\nscreenshot a-hosting\n\
             await-my-turn\nperson-plays-my-turn\nawait-my-turn\nperson-plays-my-turn\n\
             await-my-turn\nscreenshot a-before-kill\nwait 100000\n"
        ),
    )
    .expect("a script");
    let again_a = folder.join("a-again.txt");
    let back = "await-screen game\nwait 10\nscreenshot a-back\n";
    // After the restart A's turns are the script's: the real hand has shown itself there, and
    // the run keeps its time for the rest.
    std::fs::write(&again_a, to_the_end("a", back, "play-my-turn")).expect("a script");
    // B's person lays each turn's tiles with the real pointer and submits with Enter.
    let whole_b = folder.join("b.txt");
    let b_script = to_the_end("b", "await-screen game\n", "person-plays-my-turn");
    std::fs::write(&whole_b, b_script).expect("a script");

    let files_a = (data_a.as_path(), shots.as_path(), log_a.as_path());
    let files_b = (data_b.as_path(), shots.as_path(), log_b.as_path());
    let (mut a, said_first) = start_window(&display_a, None, &first_a, files_a, &authority);
    let links = seat_links(&said_first, 3, &mut a);
    let (mut b, said_b) = start_window(&display_b, Some(&links[1]), &whole_b, files_b, &authority);
    let _transcript_b = Transcript(said_b.clone(), folder.join("b.out"));
    let mut page = Running(
        Command::new("node")
            .arg(root.join("tests/phone/online.mjs"))
            .arg(&shots)
            .arg(&links[2])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("node runs"),
    );
    let page_out = collect(page.0.stdout.take().expect("its output"));
    let page_err = collect(page.0.stderr.take().expect("its errors"));

    // Window A goes away in the middle of the game, as a power cut takes it, and is started
    // again by the same command: it comes back to its seat by the secret it kept.
    wait_for_file(&shots.join("a-before-kill.png"), 300, &mut [&mut a, &mut b]);
    a.kill();
    let (mut a, said_a) = start_window(&display_a, Some(&links[0]), &again_a, files_a, &authority);
    wait_for_file(&shots.join("a-back.png"), 120, &mut [&mut a, &mut b]);
    // Then the server goes, and comes back on the same store: both windows and the page find
    // their seats again by themselves.
    server.kill();
    std::thread::sleep(Duration::from_secs(2));
    let _server = start_server(
        &folder.join("store"),
        &listen,
        &host,
        &folder.join("server-2.log"),
    );

    let started = Instant::now();
    let mut ended = (None, None, None);
    while ended.0.is_none() || ended.1.is_none() || ended.2.is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "the game did not end in 10 minutes: A {:?}, B {:?}, page {:?}\npage: {:?} {:?}",
            ended.0,
            ended.1,
            ended.2,
            lines(&page_out),
            lines(&page_err),
        );
        ended.0 = ended.0.or_else(|| a.exited());
        ended.1 = ended.1.or_else(|| b.exited());
        ended.2 = ended.2.or_else(|| page.exited());
        std::thread::sleep(Duration::from_millis(250));
    }
    let log_a = format!(
        "{}\n{}\n{}",
        lines(&said_first).join("\n"),
        lines(&said_a).join("\n"),
        log_of(&log_a)
    );
    let log_b = format!("{}\n{}", lines(&said_b).join("\n"), log_of(&log_b));
    let report = format!(
        "window A:\n{}\n\nwindow B:\n{}\n\nthe page: {:?} {:?}",
        tail(&log_a),
        tail(&log_b),
        lines(&page_out),
        lines(&page_err)
    );
    let clean = |status: Option<std::process::ExitStatus>| status.is_some_and(|s| s.success());
    assert!(
        clean(ended.0) && clean(ended.1) && clean(ended.2),
        "A {:?}, B {:?}, the page {:?}\n{report}",
        ended.0,
        ended.1,
        ended.2
    );
    for (name, log) in [("A", &log_a), ("B", &log_b)] {
        assert!(!log.contains("panicked"), "window {name}: {}", tail(log));
        assert!(
            log.contains("connection dropped"),
            "window {name} saw the server go and came back: {}",
            tail(log)
        );
    }
    // Both windows' turns were played by a real hand (A's first two): a drag for each tile,
    // Enter for each laying, or a pass where the deal left the rack no laying without a
    // joker (the deal is new each run).
    // B plays every turn by hand, so lays some whatever the deal.
    for (name, log, laid_at_least) in [("A", &log_a, 0), ("B", &log_b, 2)] {
        let drags = log.matches("person: drag").count();
        let passes = log
            .matches("the hand has no laying without a joker and passes")
            .count();
        assert!(
            drags >= laid_at_least && drags + passes >= 2,
            "window {name}'s turns were played by hand: {drags} drags, {passes} passes"
        );
    }
    // Both windows counted the same finished game, with each person's turns and points.
    let (counted_a, counted_b) = (counted(&data_a), counted(&data_b));
    assert_eq!(counted_a, counted_b, "both windows counted the same game");
    for name in ["Ann", "Bo", "Cy"] {
        assert_eq!(
            counted_a[name]["abaku"]["played"], 1,
            "{name} played one game: {counted_a}"
        );
    }
    // Both windows show the same end: the board, the scores, the log and the end's card, all
    // but its buttons (a real hand's pointer may rest over one of them in one window) and the
    // host's folded links under the board.
    let (end_a, end_b) = (
        super::window::read_png(&shots.join("a-over.png")),
        super::window::read_png(&shots.join("b-over.png")),
    );
    // A tile of the board is some 1,600 pixels, and a score's digit about 100: 28 pixels of
    // antialiasing differed when this was written.
    let differing = super::window::share_differing(&end_a, &end_b, 0..550);
    assert!(
        differing < 0.0002,
        "the windows' ends differ in {:.3} % of their pixels",
        differing * 100.0
    );
    let seen: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(shots.join("page-saw-the-end.json")).expect("the page's end"),
    )
    .expect("JSON");
    assert_eq!(seen["names"][0], "Ann");
    assert!(
        seen["turns"].as_u64().is_some_and(|turns| turns >= 3),
        "the page played its turns: {seen}"
    );
    let _ = std::fs::remove_dir_all(&folder);
}

/// Collects a child's output lines as they come.
fn collect(stream: impl Read + Send + 'static) -> Lines {
    let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = std::sync::Arc::clone(&lines);
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            sink.lock().expect("the lines").push(line);
        }
    });
    lines
}

fn lines(collected: &Lines) -> Vec<String> {
    collected.lock().expect("the lines").clone()
}

/// A log's last lines, for a failure's message.
fn tail(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// A hex game between two game windows through a room on the server behind Caddy: Ann's
/// window flat, playing by the script's clicks; Bo's on the 3D table, each of its moves
/// clicked by a real hand where the table's camera shows the cells and stones. After six
/// moves both windows show the same moment, their screenshots taken and their records
/// compared. (The game to its end, its statistics and review are `online_hex.rs`'s, headless.)
#[test]
fn real_window_two_windows_play_the_hex_game_through_a_room_one_on_the_3d_table() {
    if !can_drive_a_display() || !has_program("caddy") {
        return;
    }
    let folder = std::env::temp_dir().join(format!("abakus-online-hex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("the test's folder");
    // The pictures stay, to be looked at: the same moment, flat and on the table.
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("online-hex");
    let _ = std::fs::remove_dir_all(&shots);
    let (proxy, listen) = (
        caddy::free_port(),
        format!("127.0.0.1:{}", caddy::free_port()),
    );
    let host = format!("localhost:{proxy}");
    let base = format!("https://{host}");
    let _server = start_server(
        &folder.join("store"),
        &listen,
        &host,
        &folder.join("server.log"),
    );
    let (_caddy, authority) = caddy::start_caddy(&folder, proxy, &listen);
    let table = r#"{"language": "en", "game": "hex", "side": 3, "seats": [
        {"name": "Ann", "player": "person"}, {"name": "Bo", "player": "person"}]}"#;
    let links = make_room(&base, &authority, table);
    assert_eq!(links.len(), 2, "a link for each person: {links:?}");

    // Black moves at even counts: at six moves both show the same moment, Ann's window not
    // moving on until Bo's has taken its picture of it.
    let midway = |name: &str, other: &str| {
        format!(
            "await-plies 6\nwait 30\nsay-record\nscreenshot {name}-midway\n\
             await-file {other}-midway.png\n"
        )
    };
    let script = |(name, other): (&str, &str), first: &str, play: &str| {
        let mut script = String::from(first);
        for _ in 0..3 {
            script.push_str(&format!("await-my-move\n{play}\n"));
        }
        script.push_str(&midway(name, other));
        // Ann's window goes once Bo's has its picture; Bo's once it has Ann's.
        script.push_str("wait 10\nexit\n");
        script
    };
    let (script_a, script_b) = (folder.join("a.txt"), folder.join("b.txt"));
    let flat = "await-screen game abakus\nwait 20\n";
    std::fs::write(&script_a, script(("a", "b"), flat, "play-my-move")).expect("a script");
    let on_table = "await-screen game abakus\nwait 20\nkey V\nawait-view table\nwait 30\n";
    let by_hand = "person-plays-my-move";
    std::fs::write(&script_b, script(("b", "a"), on_table, by_hand)).expect("a script");
    let (display_a, display_b) = (Display::start(), Display::start());
    let files = |name: &str| {
        (
            folder.join(format!("{name}-data")),
            folder.join(format!("{name}.log")),
        )
    };
    let ((data_a, log_a), (data_b, log_b)) = (files("a"), files("b"));
    let files_a = (data_a.as_path(), shots.as_path(), log_a.as_path());
    let files_b = (data_b.as_path(), shots.as_path(), log_b.as_path());
    let (mut a, said_a) = start_window(&display_a, Some(&links[0]), &script_a, files_a, &authority);
    let (mut b, said_b) = start_window(&display_b, Some(&links[1]), &script_b, files_b, &authority);
    let _transcripts = (
        Transcript(said_a.clone(), folder.join("a.out")),
        Transcript(said_b.clone(), folder.join("b.out")),
    );
    let started = Instant::now();
    let mut ended = (None, None);
    while ended.0.is_none() || ended.1.is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the game did not end in 5 minutes: A {:?}, B {:?}\nA: {}\nB: {}",
            ended.0,
            ended.1,
            tail(&log_of(&log_a)),
            tail(&log_of(&log_b)),
        );
        ended.0 = ended.0.or_else(|| a.exited());
        ended.1 = ended.1.or_else(|| b.exited());
        std::thread::sleep(Duration::from_millis(250));
    }
    let said = |lines_said: &Lines, log: &Path| {
        format!("{}\n{}", lines(lines_said).join("\n"), log_of(log))
    };
    let (log_a, log_b) = (said(&said_a, &log_a), said(&said_b, &log_b));
    let clean = |status: Option<std::process::ExitStatus>| status.is_some_and(|s| s.success());
    assert!(
        clean(ended.0) && clean(ended.1),
        "A {:?}, B {:?}\nwindow A:\n{}\n\nwindow B:\n{}",
        ended.0,
        ended.1,
        tail(&log_a),
        tail(&log_b)
    );
    let records = |log: &str| -> Vec<String> {
        log.lines()
            .filter_map(|line| line.strip_prefix("record: "))
            .map(str::to_owned)
            .collect()
    };
    let (records_a, records_b) = (records(&log_a), records(&log_b));
    assert_eq!(
        records_a.len(),
        1,
        "window A said its record once: {records_a:?}"
    );
    assert_eq!(
        records_a, records_b,
        "both windows showed the same game at the same moment"
    );
    assert_eq!(
        records_a[0].split(' ').count(),
        6,
        "after six moves: {}",
        records_a[0]
    );
    for name in ["a-midway", "b-midway"] {
        assert!(
            shots.join(format!("{name}.png")).exists(),
            "{name} was taken"
        );
    }
    // Bo's three moves were clicked by a real hand, on the table.
    let clicks = log_b.matches("person: click").count();
    assert!(
        clicks >= 3,
        "window B's moves were clicked by hand: {clicks}"
    );
    let _ = std::fs::remove_dir_all(&folder);
}
