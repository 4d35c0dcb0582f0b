//! Phones as racks in a real browser, as people meet them: the real window under Xvfb, each
//! QR code read off the big screen's own screenshot, and Debian's Chromium at a phone's size
//! with touch, driven by Playwright (`tests/phone/*.mjs`): two phone seats playing a game by
//! taps, and a booth's visitor who scans the demo's corner code.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::real_input::{Display, Hands, can_drive_a_display, game_command_with, has_program};
use super::window::{distinct_colours, read_png};

/// The browser the tests drive, Debian's by default.
fn chromium() -> PathBuf {
    std::env::var_os("ABAKUS_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// Whether Node.js, Playwright's package, Chromium and a QR reader are here; where the test
/// command asks for them (it installs them first), they must be.
pub(crate) fn can_drive_a_browser(root: &Path) -> bool {
    let missing: Vec<&str> = [
        ("node", has_program("node")),
        ("zbarimg", has_program("zbarimg")),
        ("chromium", chromium().exists()),
        (
            "tests/phone/node_modules",
            root.join("tests/phone/node_modules/playwright-core")
                .exists(),
        ),
    ]
    .into_iter()
    .filter_map(|(what, here)| (!here).then_some(what))
    .collect();
    if missing.is_empty() {
        return true;
    }
    assert!(
        std::env::var_os("ABAKUS_REQUIRE_BROWSER").is_none() && std::env::var_os("CI").is_none(),
        "the phone page's browser test needs {missing:?}: scripts/setup.sh installs them"
    );
    eprintln!("skipped: {missing:?} missing (scripts/setup.sh installs them)");
    false
}

/// A child process killed when this value goes, so that a failing test leaves none behind.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Collects a child's output lines as they come.
fn collect(stream: impl Read + Send + 'static) -> Arc<Mutex<Vec<String>>> {
    collect_acting(stream, None)
}

/// Collects the game's output lines as they come, and with `hands` carries out each `person`
/// request of its script with real X input, as a person at the big screen would.
pub(crate) fn collect_acting(
    stream: impl Read + Send + 'static,
    hands: Option<Hands>,
) -> Arc<Mutex<Vec<String>>> {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&lines);
    std::thread::spawn(move || {
        let mut window: Option<String> = None;
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            sink.lock().unwrap().push(line.clone());
            if let (Some(hands), Some(action)) = (&hands, line.strip_prefix("person: ")) {
                let window = window.get_or_insert_with(|| hands.find_game_window());
                hands.act(window, action);
            }
        }
    });
    lines
}

/// Waits for `found` to give a value, failing after `seconds` or once the game has ended.
fn wait_for<T>(
    game: &mut Running,
    seconds: u64,
    what: &str,
    mut found: impl FnMut() -> Option<T>,
) -> T {
    let started = Instant::now();
    loop {
        if let Some(value) = found() {
            return value;
        }
        if let Some(status) = game.0.try_wait().unwrap() {
            panic!("the game ended ({status}) while the test waited for {what}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(seconds),
            "{what} did not come in {seconds} s"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// What a QR reader finds in the picture at `path`, one text per code.
fn read_codes(path: &Path) -> Vec<String> {
    let Ok(output) = Command::new("zbarimg")
        .args(["-q", "--raw"])
        .arg(path)
        .output()
    else {
        return Vec::new();
    };
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .filter(|line| !line.is_empty())
        .collect()
}

/// A phones' script of `tests/phone/` in Node.js, given the screenshots' folder and the seats'
/// addresses, beside the game on the big screen.
struct Phones<'a> {
    script: &'a Path,
    shots: &'a Path,
    addresses: &'a [String],
}

type Lines = Arc<Mutex<Vec<String>>>;

impl Phones<'_> {
    /// Runs the phones to their end (within `seconds`), which must be a success; the
    /// phones' and the game's output as one transcript.
    fn play(&self, game: &mut Running, seconds: u64, (output, errors): (&Lines, &Lines)) -> String {
        let phones = Command::new("node")
            .arg(self.script)
            .arg(self.shots)
            .args(self.addresses)
            .env("ABAKUS_CHROMIUM", chromium())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("node starts");
        let mut phones = Running(phones);
        let said = collect(phones.0.stdout.take().unwrap());
        let complaints = collect(phones.0.stderr.take().unwrap());
        let ended = wait_for(game, seconds, "the phones", || phones.0.try_wait().unwrap());
        let transcript = format!(
            "phones:\n{}\n{}\ngame:\n{}\n{}",
            said.lock().unwrap().join("\n"),
            complaints.lock().unwrap().join("\n"),
            output.lock().unwrap().join("\n"),
            errors.lock().unwrap().join("\n")
        );
        assert!(
            ended.success(),
            "the phones' run failed ({ended})\n{transcript}"
        );
        transcript
    }
}

/// Every one of these pictures in `shots` shows something.
fn none_blank(shots: &Path, names: &[&str]) {
    for name in names {
        let picture = read_png(&shots.join(format!("{name}.png")));
        assert!(
            distinct_colours(&picture) >= 40,
            "{name} looks blank ({}x{})",
            picture.width,
            picture.height
        );
    }
}

/// Two phone seats of a game on the big screen, its script `scene` (`tests/scripts/NAME.txt`),
/// played by `tests/phone/PLAYER.mjs` from the seats' codes read off the screen's screenshot
/// `CODES.png`; the run ends once the screen has taken its picture `last`, and every picture
/// of `pictures` must show something.
struct TwoPhones<'a> {
    scene: &'a str,
    player: &'a str,
    codes: &'a str,
    last: &'a str,
    pictures: &'a [&'a str],
}

impl TwoPhones<'_> {
    fn play(&self) {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        if !can_drive_a_display() || !can_drive_a_browser(&root) {
            return;
        }
        let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(self.scene);
        let _ = std::fs::remove_dir_all(&shots);
        let data =
            std::env::temp_dir().join(format!("abakus-{}-{}", self.scene, std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        // A port given, as an organiser behind a firewall would: one free a moment ago.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port on loopback")
            .port()
            .to_string();
        let display = Display::start();
        let mut child = game_command_with(
            &display,
            &root.join(format!("tests/scripts/{}.txt", self.scene)),
            &data,
            &shots,
            &["--phone-address", "127.0.0.1", "--phone-port", &port],
        )
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
        let hands = Hands {
            display: display.name.clone(),
        };
        let output = collect_acting(child.stdout.take().unwrap(), Some(hands));
        let errors = collect(child.stderr.take().unwrap());
        let mut game = Running(child);

        // The addresses the game prints for an organiser at a terminal, in seat order.
        let printed: Vec<String> = wait_for(&mut game, 90, "the seats' addresses", || {
            let lines = output.lock().unwrap();
            let seats: Vec<String> = lines
                .iter()
                .filter(|line| line.starts_with("seat "))
                .filter_map(|line| line.rsplit_once(' ').map(|(_, url)| url.to_owned()))
                .collect();
            (seats.len() == 2).then_some(seats)
        });
        for address in &printed {
            assert!(
                address.starts_with(&format!("http://127.0.0.1:{port}/seat/")),
                "{address}"
            );
        }
        // A person scans the codes on the big screen: both must be there and say the same.
        let codes = shots.join(format!("{}.png", self.codes));
        let mut scanned = wait_for(&mut game, 60, "two QR codes on the big screen", || {
            let found = read_codes(&codes);
            (found.len() == 2).then_some(found)
        });
        scanned.sort();
        let mut expected = printed.clone();
        expected.sort();
        assert_eq!(
            scanned, expected,
            "the codes on the screen are not the printed addresses"
        );

        let phones = Phones {
            script: &root.join(format!("tests/phone/{}.mjs", self.player)),
            shots: &shots,
            addresses: &printed,
        };
        let transcript = phones.play(&mut game, 400, (&output, &errors));

        // The big screen saw it all through, its script's checks all passed.
        let last = shots.join(format!("{}.png", self.last));
        // A PNG is whole once its end chunk is written.
        wait_for(&mut game, 60, "the big screen's last picture", || {
            let bytes = std::fs::read(&last).ok()?;
            bytes.ends_with(&[0xAE, 0x42, 0x60, 0x82]).then_some(())
        });
        assert!(
            game.0.try_wait().unwrap().is_none(),
            "the game stopped:\n{transcript}"
        );
        drop(game);
        none_blank(&shots, self.pictures);
        let _ = std::fs::remove_dir_all(&data);
    }
}

#[test]
fn real_window_two_phones_play_a_tile_game_in_a_browser() {
    TwoPhones {
        scene: "phones",
        player: "play",
        codes: "phone-codes",
        last: "phone-rematch-screen",
        pictures: &[
            "phone-codes",
            "phone-laid-on-screen",
            "phone-first-move",
            "phone-game-over",
            "phone-rematch-screen",
            "phone-taken",
            "phone-taken-landscape",
            "phone-end-landscape",
            "phone-joker-replaced",
            "phone-turns",
            "phone-rematch",
            "phone-rack",
            "phone-joker",
            "phone-preview",
            "phone-exchange",
            "phone-turn-de",
            "phone-end-de",
        ],
    }
    .play();
}

#[test]
fn real_window_phones_come_back_get_new_codes_and_run_out_of_time() {
    TwoPhones {
        scene: "phones-away",
        player: "away",
        codes: "away-codes",
        last: "away-timed-out",
        pictures: &[
            "away-settings",
            "away-back",
            "away-called",
            "away-asked",
            "away-new-code",
            "away-new-phone",
            "away-timed-out",
            "away-aside-page",
            "away-aside-landscape",
            "away-old-code-page",
            "away-new-phone-page",
            "away-timed-out-page",
        ],
    }
    .play();
}

/// A booth's visitor: the kiosk's demo of `game` shows the corner's code, the phone opens the
/// address read off the screenshot, and the visitor's game takes the screen; the phone lays a
/// first turn, which the big screen shows as it is laid, and scores it against the computer.
fn a_visitor_scans_the_code_over_a_demo_and_plays(game_name: &str) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if !can_drive_a_display() || !can_drive_a_browser(&root) {
        return;
    }
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("visitor-{game_name}"));
    let _ = std::fs::remove_dir_all(&shots);
    let data =
        std::env::temp_dir().join(format!("abakus-visitor-{game_name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    seed_the_days_table(&data);
    let display = Display::start();
    let script = root.join(format!("tests/scripts/visitor-{game_name}.txt"));
    let flags = [
        "--kiosk",
        "--demo=5",
        "--phone-visitors",
        "--phone-address",
        "127.0.0.1",
    ];
    let mut child = game_command_with(&display, &script, &data, &shots, &flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
    let output = collect(child.stdout.take().unwrap());
    let errors = collect(child.stderr.take().unwrap());
    let mut game = Running(child);

    // The visitor reads the code in the demo's corner, and it is the seat's address.
    let printed = wait_for(&mut game, 90, "the visitor's seat address", || {
        let lines = output.lock().unwrap();
        lines
            .iter()
            .find_map(|line| line.strip_prefix("a visitor's seat: "))
            .map(str::to_owned)
    });
    let codes = shots.join("visitor-code.png");
    let scanned = wait_for(
        &mut game,
        120,
        "the corner's code on the big screen",
        || {
            let found = read_codes(&codes);
            (found.len() == 1).then(|| found[0].clone())
        },
    );
    assert_eq!(
        scanned, printed,
        "the corner's code is not the visitor's seat"
    );

    // Over the tile game's demo the visitor plays the short game to its end.
    let mut arguments = vec![scanned.clone()];
    if game_name == "abaku" {
        arguments.push("to-the-end".to_owned());
    }
    let phone = Phones {
        script: &root.join("tests/phone/visitor.mjs"),
        shots: &shots,
        addresses: &arguments,
    };
    let transcript = phone.play(&mut game, 300, (&output, &errors));
    assert!(
        game.0.try_wait().unwrap().is_none(),
        "the game stopped:\n{transcript}"
    );
    drop(game);
    if game_name == "abaku" {
        none_blank(
            &shots,
            &["visitor-result", "visitor-table", "booth-controls"],
        );
    }
    none_blank(
        &shots,
        &[
            "visitor-code",
            "visitor-names",
            "visitor-laid",
            "visitor-scored",
            "visitor-rack",
            "visitor-preview",
            "visitor-second-turn",
            "visitor-landscape",
        ],
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// Today's table as three visitors before left it, so that the demo opens with it filled.
fn seed_the_days_table(data: &Path) {
    use abakus::app::base::settings::BoothDay;
    use abakus::app::features::booth_day::{Challenge, today};
    use abakus_server::booth::{DayTable, Played, Ranking};

    let mut table = DayTable::open(data).expect("the day's table").table;
    let challenge = Challenge::of(abakus::app::tiles::TILES, &BoothDay::default()).key();
    for (name, score, against) in [
        ("Kind Owl", 41, 38),
        ("Brave Otter", 52, 47),
        ("Witty Wren", 29, 44),
    ] {
        let played = Played {
            day: today(),
            challenge: challenge.clone(),
            name: name.to_owned(),
            score,
            against,
            moves: 6,
            at: 1,
        };
        table.enter(&played, Ranking::Points).expect("entered");
    }
}

#[test]
fn real_window_a_booth_visitor_scans_the_code_over_a_hex_demo_and_plays() {
    a_visitor_scans_the_code_over_a_demo_and_plays("abakus");
}

#[test]
fn real_window_a_booth_visitor_scans_the_code_over_a_tile_demo_and_plays() {
    a_visitor_scans_the_code_over_a_demo_and_plays("abaku");
}

/// The hex game with White on a phone, as its players meet it: the big screen shows the
/// seat's code over the board; the code read off its screenshot is opened in Chromium at a
/// phone's size, which takes the seat and plays White by taps, while Black is played at the
/// screen by a person's real clicks. Both end with the same record.
#[test]
fn real_window_a_phone_plays_a_hex_seat_from_the_code_on_the_screen() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if !can_drive_a_display() || !can_drive_a_browser(&root) {
        return;
    }
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hex-phone");
    let _ = std::fs::remove_dir_all(&shots);
    let data = std::env::temp_dir().join(format!("abakus-hex-phone-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).expect("a data folder");
    let mut script =
        String::from("wait 30\nnew-game 3 human phone\nawait-screen game abakus\nwait 30\n");
    script.push_str("screenshot hex-phone-codes\n");
    for _ in 0..30 {
        script.push_str("await-my-move\nperson-plays-my-move\n");
    }
    // The game stays until the test is done with it, as a booth's would.
    script.push_str("await-over\nwait 40\nsay-record\nscreenshot hex-phone-over\nwait 1000000\n");
    let script_file = data.join("hex-phone.txt");
    std::fs::write(&script_file, script).expect("the script");
    let display = Display::start();
    let mut child = game_command_with(
        &display,
        &script_file,
        &data.join("data"),
        &shots,
        &["--phone-address", "127.0.0.1"],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("the game starts");
    let hands = Hands {
        display: display.name.clone(),
    };
    let output = collect_acting(child.stdout.take().unwrap(), Some(hands));
    let errors = collect(child.stderr.take().unwrap());
    let mut game = Running(child);
    let printed: Vec<String> = wait_for(&mut game, 90, "the seat's address", || {
        let lines = output.lock().unwrap();
        let seats: Vec<String> = lines
            .iter()
            .filter(|line| line.starts_with("seat "))
            .filter_map(|line| line.rsplit_once(' ').map(|(_, url)| url.to_owned()))
            .collect();
        (seats.len() == 1).then_some(seats)
    });
    assert!(printed[0].contains("/seat/"), "{printed:?}");
    // The person with the phone scans the code on the big screen.
    let codes = shots.join("hex-phone-codes.png");
    let scanned = wait_for(
        &mut game,
        60,
        "the seat's QR code on the big screen",
        || {
            let found = read_codes(&codes);
            (!found.is_empty()).then_some(found)
        },
    );
    assert_eq!(
        scanned, printed,
        "the code on the screen is the seat's address"
    );
    let phones = Phones {
        script: &root.join("tests/phone/hex-seat.mjs"),
        shots: &shots,
        addresses: &scanned,
    };
    // Some 10 s alone; a real hand on a software renderer beside the other window tests on
    // two cores has been seen to take minutes.
    let transcript = phones.play(&mut game, 600, (&output, &errors));
    let last = shots.join("hex-phone-over.png");
    wait_for(&mut game, 60, "the big screen's last picture", || {
        let bytes = std::fs::read(&last).ok()?;
        bytes.ends_with(&[0xAE, 0x42, 0x60, 0x82]).then_some(())
    });
    // The screen says its record before its last picture; the line may come a moment after
    // the picture's file.
    let screens: String = wait_for(&mut game, 30, "the screen's record", || {
        let lines = output.lock().unwrap();
        lines
            .iter()
            .find_map(|line| line.strip_prefix("record: "))
            .map(str::to_owned)
    });
    let said = output.lock().unwrap().clone();
    let phones: Vec<&str> = transcript
        .lines()
        .take_while(|line| *line != "game:")
        .filter_map(|line| line.strip_prefix("record: "))
        .collect();
    assert_eq!(
        phones,
        [screens.as_str()],
        "the phone and the screen end with the same game\n{transcript}"
    );
    let clicks = said
        .iter()
        .filter(|line| line.starts_with("person: click"))
        .count();
    assert!(clicks >= 2, "Black's moves were clicked by hand: {clicks}");
    drop(game);
    none_blank(
        &shots,
        &[
            "hex-phone-codes",
            "hex-phone-over",
            "hex-seat-first",
            "hex-seat-end",
        ],
    );
    let _ = std::fs::remove_dir_all(&data);
}
