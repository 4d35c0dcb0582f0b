//! The real window driven by a real mouse and keyboard: X input sent with xdotool to the game
//! under a virtual display, as a person at the machine would give it.
//!
//! The game runs `tests/scripts/real-input.txt`, which says where a person would click or
//! drag (`person: click X Y` on its standard output, from the buttons, cells and rack tiles it
//! has drawn) and then waits until the game shows the expected result; this test reads those
//! lines and moves, clicks and drags the X pointer or presses keys. Nothing reaches the game except through
//! the X server, so egui buttons, picking and the timing of real events are all exercised.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(crate) fn has_program(name: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A virtual X display that goes away with this value.
pub(crate) struct Display {
    server: Child,
    pub(crate) name: String,
}

impl Display {
    pub(crate) fn start() -> Self {
        Self::of_size("1280x720x24")
    }

    /// A screen of another size, written as Xvfb takes it (`WIDTHxHEIGHTxDEPTH`).
    fn of_size(screen: &str) -> Self {
        // Xvfb picks a free display number itself and writes it to the given descriptor.
        let mut server = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                screen,
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut number = String::new();
        BufReader::new(server.stdout.take().unwrap())
            .read_line(&mut number)
            .expect("Xvfb names its display");
        let name = format!(":{}", number.trim());
        assert!(name.len() > 1, "Xvfb named no display");
        Self { server, name }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// The mouse and keyboard of one X display, worked with xdotool.
pub(crate) struct Hands {
    pub(crate) display: String,
}

impl Hands {
    fn xdotool(&self, args: &[&str]) -> String {
        let output = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .expect("xdotool runs");
        assert!(
            output.status.success(),
            "xdotool {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// The game's window, given the keyboard focus: without a window manager nobody else
    /// gives it.
    pub(crate) fn find_game_window(&self) -> String {
        let found = self.xdotool(&["search", "--sync", "--name", "^Abakus$"]);
        let window = found.lines().next().unwrap_or_default().to_owned();
        self.xdotool(&["windowfocus", "--sync", &window]);
        window
    }

    /// Where the window lies on the screen and how large it is, as `WIDTHxHEIGHT+X+Y`.
    fn geometry(&self, window: &str) -> String {
        let shell = self.xdotool(&["getwindowgeometry", "--shell", window]);
        let value = |name: &str| {
            shell
                .lines()
                .find_map(|line| line.strip_prefix(&format!("{name}=")))
                .unwrap_or("?")
                .to_owned()
        };
        format!(
            "{}x{}+{}+{}",
            value("WIDTH"),
            value("HEIGHT"),
            value("X"),
            value("Y")
        )
    }

    /// Carries out one `person:` line with real X input into the game's window.
    pub(crate) fn act(&self, window: &str, line: &str) {
        if let Some(text) = line.strip_prefix("type ") {
            self.xdotool(&["type", "--delay", "40", "--clearmodifiers", text]);
            return;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["key", name] => {
                self.xdotool(&["key", "--clearmodifiers", name]);
            }
            ["drag", x1, y1, x2, y2] => {
                // Press on the tile, carry it across in small steps with the button held, and
                // let go over the square, as a hand does.
                let parse = |v: &str| v.parse::<f32>().unwrap_or(0.0);
                let (x1, y1, x2, y2) = (parse(x1), parse(y1), parse(x2), parse(y2));
                let at = |x: f32, y: f32| [format!("{}", x.round()), format!("{}", y.round())];
                let [sx, sy] = at(x1, y1);
                self.xdotool(&["mousemove", "--window", window, "--sync", &sx, &sy]);
                std::thread::sleep(Duration::from_millis(120));
                self.xdotool(&["mousedown", "1"]);
                for step in 1..=12 {
                    let t = step as f32 / 12.0;
                    let [x, y] = at(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
                    self.xdotool(&["mousemove", "--window", window, &x, &y]);
                    std::thread::sleep(Duration::from_millis(30));
                }
                std::thread::sleep(Duration::from_millis(120));
                self.xdotool(&["mouseup", "1"]);
            }
            ["visitor", actions, seed] => {
                let number = |v: &str| v.parse::<u64>().expect("a number");
                self.visitor(window, number(actions) as u32, number(seed));
            }
            [how, x, y] => {
                let button = if *how == "right-click" { "3" } else { "1" };
                if *how == "jump-click" {
                    // The pointer jumps onto the target and clicks in the same instant.
                    self.xdotool(&["mousemove", "--window", window, x, y, "click", button]);
                } else {
                    // The pointer arrives, rests a moment, then clicks, as a hand does.
                    self.xdotool(&["mousemove", "--window", window, "--sync", x, y]);
                    std::thread::sleep(Duration::from_millis(120));
                    self.xdotool(&["click", button]);
                }
            }
            ["fidget", actions, seed, left, right] => {
                let number = |v: &str| v.parse::<f32>().expect("a number");
                self.fidget(
                    window,
                    number(actions) as u32,
                    number(seed) as u64,
                    number(left),
                    number(right),
                );
            }
            _ => panic!("the game asked for an unknown action: {line}"),
        }
    }

    /// Random clicks, right clicks, drags, keys and window resizes over the board between
    /// the side panels, at a quick person's pace.
    fn fidget(&self, window: &str, actions: u32, seed: u64, left: f32, right: f32) {
        const KEYS: [&str; 20] = [
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
            "7",
            "8",
            "9",
            "0",
            "Left",
            "Right",
            "Up",
            "Down",
            "Return",
            "BackSpace",
            "Delete",
            "space",
            "j",
            "u",
        ];
        self.restless(window, actions, seed, (left, right), &KEYS, true);
    }

    /// A stranger at a kiosk: random clicks, right clicks, drags and keys anywhere on the
    /// screen, buttons of the panels and menus included, with the keys a visitor might try to
    /// leave by (Escape, F11, Alt+F4, Ctrl+Q, Ctrl+W); the screen keeps its size.
    fn visitor(&self, window: &str, actions: u32, seed: u64) {
        const KEYS: [&str; 20] = [
            "Escape",
            "Escape",
            "F11",
            "alt+F4",
            "ctrl+q",
            "ctrl+w",
            "Return",
            "space",
            "Tab",
            "h",
            "m",
            "u",
            "r",
            "1",
            "5",
            "j",
            "Left",
            "Down",
            "BackSpace",
            "super",
        ];
        self.restless(window, actions, seed, (0.0, 0.0), &KEYS, false);
    }

    /// Random actions at a quick person's pace, sent in batches of chained xdotool commands,
    /// anywhere but the `margins` (left and right) of the window; with `resizes`, now and then
    /// a new window size (otherwise one more key). It ends by resizing the window to 1111 x
    /// 666 plus the seed (sizes the random resizes never pick), which the script waits for.
    fn restless(
        &self,
        window: &str,
        actions: u32,
        seed: u64,
        (left, right): (f32, f32),
        keys: &[&str],
        resizes: bool,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut width, mut height) = (1280.0f32, 720.0f32);
        let mut batch: Vec<String> = Vec::new();
        let flush = |batch: &mut Vec<String>| {
            if !batch.is_empty() {
                let args: Vec<&str> = batch.iter().map(String::as_str).collect();
                self.xdotool(&args);
                batch.clear();
            }
        };
        for action in 0..actions {
            let x_range = (left + 4.0)..(width - right - 4.0).max(left + 5.0);
            let spot = |rng: &mut ChaCha8Rng| {
                let x = rng.random_range(x_range.clone()).round();
                let y = rng.random_range(4.0..height - 4.0).round();
                [x.to_string(), y.to_string()]
            };
            let pause = format!("0.0{}", rng.random_range(1..6));
            let mut push = |words: &[&str]| batch.extend(words.iter().map(|w| (*w).to_owned()));
            match rng.random_range(0..20) {
                0..=6 => {
                    let [x, y] = spot(&mut rng);
                    push(&["mousemove", "--window", window, &x, &y, "click", "1"]);
                }
                7 => {
                    let [x, y] = spot(&mut rng);
                    push(&["mousemove", "--window", window, &x, &y, "click", "3"]);
                }
                8..=11 => {
                    let [x1, y1] = spot(&mut rng);
                    let [x2, y2] = spot(&mut rng);
                    push(&["mousemove", "--window", window, &x1, &y1, "mousedown", "1"]);
                    push(&["sleep", "0.03", "mousemove", "--window", window, &x2, &y2]);
                    push(&["sleep", "0.03", "mouseup", "1"]);
                }
                19 if resizes => {
                    // A resize now and then: the board refits while tiles are in the hand.
                    width = (rng.random_range(90..=128) * 10) as f32;
                    height = (rng.random_range(56..=72) * 10) as f32;
                    let (w, h) = (width.to_string(), height.to_string());
                    push(&["windowsize", window, &w, &h]);
                }
                _ => {
                    let key = keys[rng.random_range(0..keys.len())];
                    push(&["key", key]);
                }
            }
            push(&["sleep", &pause]);
            if action % 25 == 24 {
                flush(&mut batch);
            }
        }
        // Every button let go, then the size the script waits for.
        let (w, h) = ((1111 + seed).to_string(), (666 + seed).to_string());
        batch.extend(
            ["mouseup", "1", "windowsize", window, &w, &h]
                .iter()
                .map(|w| (*w).to_owned()),
        );
        flush(&mut batch);
    }
}

/// What one run of the game under a script showed.
struct Run {
    status: std::process::ExitStatus,
    transcript: String,
    stderr: String,
    hands_ok: bool,
}

/// The game on `display` running `script`, its files in `data` and its screenshots in `shots`.
fn game_command(display: &Display, script: &Path, data: &Path, shots: &Path) -> Command {
    game_command_with(display, script, data, shots, &[])
}

/// The same, with command-line flags such as `--kiosk`.
pub(crate) fn game_command_with(
    display: &Display,
    script: &Path,
    data: &Path,
    shots: &Path,
    flags: &[&str],
) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_abakus"));
    command
        .args(flags)
        .arg("--script")
        .arg(script)
        .arg("--screenshots")
        .arg(shots)
        .env("DISPLAY", &display.name)
        .env_remove("WAYLAND_DISPLAY")
        .env("WGPU_BACKEND", "vulkan")
        .env("ABAKUS_DATA_DIR", data);
    command
}

/// Runs the game on `display` with `script`, carrying out every `person` request it prints
/// with real X input, until it exits (or `limit` passes, which fails the test).
fn run_game(display: &Display, script: &Path, data: &Path, limit: Duration) -> Run {
    run_game_with(display, script, data, limit, &[])
}

/// The same, with command-line flags.
fn run_game_with(
    display: &Display,
    script: &Path,
    data: &Path,
    limit: Duration,
    flags: &[&str],
) -> Run {
    let output = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("real-input");
    let mut game = game_command_with(display, script, data, &output, flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");

    let transcript = Arc::new(Mutex::new(Vec::<String>::new()));
    let stdout = game.stdout.take().unwrap();
    let hands = {
        let transcript = Arc::clone(&transcript);
        let hands = Hands {
            display: display.name.clone(),
        };
        std::thread::spawn(move || {
            let mut window: Option<String> = None;
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                transcript.lock().unwrap().push(line.clone());
                if let Some(action) = line.strip_prefix("person: ") {
                    let window = window.get_or_insert_with(|| {
                        let found = hands.find_game_window();
                        let geometry = format!("window: {}", hands.geometry(&found));
                        transcript.lock().unwrap().push(geometry);
                        found
                    });
                    hands.act(window, action);
                }
            }
        })
    };
    let mut stderr = String::new();
    let errors = game.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let _ = BufReader::new(errors).read_to_string(&mut stderr);
        stderr
    });

    let started = Instant::now();
    let status = loop {
        if let Some(status) = game.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = game.kill();
            panic!(
                "the game did not finish in {} s:\n{}",
                limit.as_secs(),
                transcript.lock().unwrap().join("\n")
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let hands_ok = hands.join().is_ok();
    let stderr = errors.join().unwrap();
    let transcript = transcript.lock().unwrap().join("\n");
    Run {
        status,
        transcript,
        stderr,
        hands_ok,
    }
}

/// Whether the programs the real-input tests need are here; in CI they must be.
pub(crate) fn can_drive_a_display() -> bool {
    if has_program("Xvfb") && has_program("xdotool") {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must run the real-input tests: scripts/setup.sh installs Xvfb and xdotool"
    );
    eprintln!("skipped: Xvfb or xdotool is missing (scripts/setup.sh installs them)");
    false
}

/// The run ended well: its script passed and every real action was carried out.
fn assert_ran(run: &Run) {
    assert!(
        run.status.success(),
        "exit {}\n{}\n{}",
        run.status,
        run.transcript,
        run.stderr
    );
    assert!(run.hands_ok, "xdotool failed:\n{}", run.transcript);
}

/// The hex game the autosave in `data` holds, as a record.
fn saved_record(data: &Path) -> Option<String> {
    let saved = std::fs::read_to_string(data.join("hex-game.json")).ok()?;
    let saved: abakus::app::hex::HexMatch = serde_json::from_str(&saved).ok()?;
    Some(saved.position().record())
}

/// Plays `script` with real X input on a data folder of its own, checks the run asked for at
/// least `least_actions` real actions and ended cleanly, and returns the hex game its autosave
/// holds.
fn person_plays(script: &str, least_actions: usize) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let name = script.trim_end_matches(".txt");
    let data = std::env::temp_dir().join(format!("abakus-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let display = Display::start();
    let run = run_game(
        &display,
        &root.join("tests/scripts").join(script),
        &data,
        Duration::from_secs(600),
    );
    let Run {
        status,
        transcript,
        stderr,
        hands_ok,
    } = run;
    assert!(status.success(), "exit {status}\n{transcript}\n{stderr}");
    assert!(hands_ok, "xdotool failed:\n{transcript}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let actions = transcript.matches("person: ").count();
    assert!(
        actions >= least_actions,
        "only {actions} real actions were asked for:\n{transcript}"
    );
    let record = saved_record(&data).expect("the game was saved");
    let _ = std::fs::remove_dir_all(&data);
    record
}

#[test]
fn real_window_a_person_plays_with_mouse_and_keyboard() {
    if !can_drive_a_display() {
        return;
    }
    // The autosave, written from what the real clicks did, holds the same game.
    assert_eq!(
        person_plays("real-input.txt", 20),
        "E5 A1 E6 A3 E7 A5 E8 I9 H5 I7 I5 C1 E5-G5 B2"
    );
}

/// The hex game on the 3D table with real X input: a real V, clicks and jump clicks where the
/// table's camera shows the cells, a click on a standing stone's top, flat and back.
#[test]
fn real_window_a_person_plays_on_the_3d_table() {
    if !can_drive_a_display() {
        return;
    }
    assert_eq!(
        person_plays("real-input-3d.txt", 15),
        "E5 A1 E6 A3 E7 A5 B2 I9"
    );
}

/// Runs the game with `script` until `done` holds (polled every tenth of a second), then kills
/// it outright (SIGKILL), as a power cut or a crash would.
fn run_until_then_kill(display: &Display, script: &Path, data: &Path, done: impl Fn() -> bool) {
    let shots = std::env::temp_dir().join(format!("abakus-killed-shots-{}", std::process::id()));
    let mut game = game_command(display, script, data, &shots)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the game starts");
    let started = Instant::now();
    while !done() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "what the test waited for never reached the disk"
        );
        assert!(
            game.try_wait().unwrap().is_none(),
            "the game ended by itself"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    game.kill().expect("SIGKILL");
    let _ = game.wait();
    let _ = std::fs::remove_dir_all(&shots);
}

/// The moves of the tile game the autosave in `data` holds.
fn saved_tile_moves(data: &Path) -> Option<Vec<String>> {
    let saved = std::fs::read_to_string(data.join("tiles-game.json")).ok()?;
    let saved: abakus::app::tiles::game::TilesSave = serde_json::from_str(&saved).ok()?;
    Some(saved.moves)
}

/// The game is killed outright (SIGKILL, as a power cut or a crash would) in the middle of a
/// game; started again, the title offers to continue it, and a real click on Continue brings
/// back every move played before the kill.
#[test]
fn real_window_a_game_killed_mid_way_is_continued_where_it_was() {
    if !can_drive_a_display() {
        return;
    }
    let data = std::env::temp_dir().join(format!("abakus-killed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let scripts =
        std::env::temp_dir().join(format!("abakus-killed-scripts-{}", std::process::id()));
    std::fs::create_dir_all(&scripts).unwrap();
    let moves = "E5 D4 C4 D5 E6 C3";
    let first = scripts.join("first.txt");
    std::fs::write(
        &first,
        format!("new-game 5\nplay {moves}\nawait-record {moves}\nwait 100000\n"),
    )
    .unwrap();
    let display = Display::start();
    run_until_then_kill(&display, &first, &data, || {
        saved_record(&data).as_deref() == Some(moves)
    });
    let second = scripts.join("second.txt");
    std::fs::write(
        &second,
        format!(
            "await-screen title\nperson click button Continue\nawait-screen game\n\
             await-record {moves}\nperson click cell E7\nawait-record {moves} E7\n"
        ),
    )
    .unwrap();
    assert_ran(&run_game(
        &display,
        &second,
        &data,
        Duration::from_secs(180),
    ));
    assert_eq!(
        saved_record(&data).as_deref(),
        Some(format!("{moves} E7").as_str())
    );
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&scripts);
}

/// The same for a solo tile game: killed after five turns (four fast-forwarded, the fifth laid
/// and submitted as a person would, which writes the autosave), continued with a real click,
/// and played on.
#[test]
fn real_window_a_tile_game_killed_mid_way_is_continued_where_it_was() {
    if !can_drive_a_display() {
        return;
    }
    let data = std::env::temp_dir().join(format!("abakus-killed-tiles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let scripts =
        std::env::temp_dir().join(format!("abakus-killed-tile-scripts-{}", std::process::id()));
    std::fs::create_dir_all(&scripts).unwrap();
    let first = scripts.join("first.txt");
    std::fs::write(
        &first,
        "new-tiles-game 1 5\nplay-random 4 9\nlay-best\nsubmit\nwait 100000\n",
    )
    .unwrap();
    let display = Display::start();
    run_until_then_kill(&display, &first, &data, || {
        saved_tile_moves(&data).is_some_and(|moves| moves.len() == 5)
    });
    let before = saved_tile_moves(&data).expect("five turns were saved");
    let second = scripts.join("second.txt");
    std::fs::write(
        &second,
        format!(
            "await-screen title\nperson click button Continue\nawait-screen game\n\
             expect-moves {}\nlay-best\nsubmit\nawait-stage turn\n",
            before.join("; ")
        ),
    )
    .unwrap();
    assert_ran(&run_game(
        &display,
        &second,
        &data,
        Duration::from_secs(180),
    ));
    let after = saved_tile_moves(&data).expect("the game was saved again");
    assert_eq!(after.len(), 6, "{after:?}");
    assert_eq!(after[..5], before[..]);
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&scripts);
}

#[test]
fn real_window_a_real_click_or_key_ends_the_demo_and_the_game_is_as_it_was() {
    if !can_drive_a_display() {
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = std::env::temp_dir().join(format!("abakus-real-attract-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let display = Display::start();
    let run = run_game(
        &display,
        &root.join("tests/scripts/real-attract.txt"),
        &data,
        Duration::from_secs(300),
    );
    assert_ran(&run);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert_eq!(
        run.transcript.matches("person: ").count(),
        2,
        "{}",
        run.transcript
    );
    // The demo games were never saved: the autosave still holds the person's game.
    assert_eq!(saved_record(&data).as_deref(), Some("A1 I9 B2"));
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn real_window_a_kiosk_outlasts_a_restless_visitor_and_goes_back_to_its_demo() {
    if !can_drive_a_display() {
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = std::env::temp_dir().join(format!("abakus-real-kiosk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    // A screen larger than the window's own size, with no window manager: the kiosk must
    // cover all of it by itself.
    let display = Display::of_size("1600x900x24");
    let run = run_game_with(
        &display,
        &root.join("tests/scripts/kiosk-visitor.txt"),
        &data,
        Duration::from_secs(400),
        &["--kiosk", "--demo=5"],
    );
    assert_ran(&run);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(
        run.transcript.contains("window: 1600x900+0+0"),
        "the kiosk covers the whole screen:\n{}",
        run.transcript
    );
    // Whatever the visitor pressed, the kiosk wrote no file of theirs but its settings.
    let games = data.join("games");
    assert!(!games.exists(), "a kiosk keeps no saved games");
    let _ = std::fs::remove_dir_all(&data);
}

/// The window carries the game's icon as `_NET_WM_ICON` (the same drawing as the packaged
/// icons) and the class `abakus`, which desktops match to `abakus.desktop`.
#[test]
fn real_window_shows_the_game_icon_and_its_class() {
    if !can_drive_a_display() {
        return;
    }
    if !has_program("xprop") {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must check the window icon: scripts/setup.sh installs xprop (x11-utils)"
        );
        eprintln!("skipped: xprop is missing (scripts/setup.sh installs x11-utils)");
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = std::env::temp_dir().join(format!("abakus-icon-{}", std::process::id()));
    let shots = data.join("shots");
    let display = Display::start();
    let mut game = game_command(
        &display,
        &root.join("tests/scripts/real-input.txt"),
        &data,
        &shots,
    )
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .expect("the game starts");
    let started = Instant::now();
    let mut seen = None;
    while seen.is_none() && started.elapsed() < Duration::from_secs(60) {
        seen = window_icon_and_class(&display.name);
        std::thread::sleep(Duration::from_millis(200));
    }
    game.kill().expect("the game ends");
    let _ = game.wait();
    let _ = std::fs::remove_dir_all(&data);
    let properties = seen.expect("the game's window got an icon within a minute");
    assert!(
        properties.contains("WM_CLASS(STRING) = \"\", \"abakus\""),
        "{}",
        properties.lines().next().unwrap_or_default()
    );
}

/// The game window's `WM_CLASS` and `_NET_WM_ICON` as xprop prints them, once it has an icon.
fn window_icon_and_class(display: &str) -> Option<String> {
    let run = |program: &str, args: &[&str]| {
        let output = Command::new(program)
            .args(args)
            .env("DISPLAY", display)
            .output()
            .ok()?;
        output
            .status
            .success()
            .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let found = run("xdotool", &["search", "--name", "^Abakus$"])?;
    let window = found.lines().next()?.to_owned();
    let properties = run("xprop", &["-id", &window, "WM_CLASS", "_NET_WM_ICON"])?;
    properties
        .contains("_NET_WM_ICON(CARDINAL) = \tIcon (64 x 64)")
        .then_some(properties)
}
