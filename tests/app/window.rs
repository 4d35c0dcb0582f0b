//! The real window under a virtual display: every screen rendered and saved as a screenshot
//! under the build folder (`scripts/screenshots.sh` refreshes the ones the README shows).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a screenshot must show besides its size: the hex board's wood, the tile board's
/// squares, a menu over the table, or the curtain of a hand-over hiding the board.
#[derive(Clone, Copy, PartialEq)]
enum Shows {
    HexBoard,
    TileBoard,
    Menu,
    Curtain,
}

/// The screenshots the tour script takes, and the window size each must have.
const SHOTS: [(&str, u32, u32, Shows); 39] = [
    ("title", 1280, 720, Shows::HexBoard),
    ("setup", 1280, 720, Shows::Menu),
    ("mid-game-selected", 1280, 720, Shows::HexBoard),
    ("refused", 1280, 720, Shows::HexBoard),
    ("after-slide", 1280, 720, Shows::HexBoard),
    ("game-over", 1280, 720, Shows::HexBoard),
    ("statistics", 1280, 720, Shows::Menu),
    ("rules", 1280, 720, Shows::Menu),
    ("rules-examples", 1280, 720, Shows::Menu),
    ("tiles-rules-examples", 1280, 720, Shows::Menu),
    ("settings", 1280, 720, Shows::Menu),
    ("small-window-side-8", 1024, 640, Shows::HexBoard),
    ("vs-computer-thinking", 1280, 720, Shows::HexBoard),
    ("vs-computer-replied", 1280, 720, Shows::HexBoard),
    ("vs-computer-hint", 1280, 720, Shows::HexBoard),
    ("turn-timer", 1280, 720, Shows::HexBoard),
    ("after-random-inputs", 1280, 720, Shows::HexBoard),
    ("tiles-setup", 1280, 720, Shows::Menu),
    ("tiles-hand-over", 1280, 720, Shows::Curtain),
    ("tiles-joker-prompt", 1280, 720, Shows::TileBoard),
    ("tiles-preview", 1280, 720, Shows::TileBoard),
    ("tiles-scored", 1280, 720, Shows::TileBoard),
    ("tiles-mid-game", 1280, 720, Shows::TileBoard),
    ("tiles-small-window", 1024, 640, Shows::TileBoard),
    ("tiles-game-over", 1280, 720, Shows::TileBoard),
    ("tiles-spin", 1280, 720, Shows::TileBoard),
    ("tiles-spin-colour-blind", 1280, 720, Shows::TileBoard),
    ("tiles-challenge", 1280, 720, Shows::TileBoard),
    ("tiles-larger-interface", 1280, 720, Shows::TileBoard),
    ("attract-tiles", 1280, 720, Shows::TileBoard),
    ("attract-hex", 1280, 720, Shows::HexBoard),
    ("lesson-hex-start", 1280, 720, Shows::HexBoard),
    ("lesson-hex-retry", 1280, 720, Shows::HexBoard),
    ("lesson-hex-slide", 1280, 720, Shows::HexBoard),
    ("lesson-hex-refused", 1280, 720, Shows::HexBoard),
    ("lesson-hex-end", 1280, 720, Shows::HexBoard),
    ("lesson-tiles-start", 1280, 720, Shows::TileBoard),
    ("lesson-tiles-bonus", 1280, 720, Shows::TileBoard),
    ("lesson-tiles-end", 1280, 720, Shows::TileBoard),
];

fn has_program(name: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

pub(crate) struct Picture {
    pub(crate) width: u32,
    pub(crate) height: u32,
    rgba: Vec<u8>,
}

pub(crate) fn read_png(path: &Path) -> Picture {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    let channels = info.color_type.samples();
    let rgba = buffer[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|p| [p[0], p[1 % channels], p[2 % channels], 255])
        .collect();
    Picture {
        width: info.width,
        height: info.height,
        rgba,
    }
}

/// The share of the pixels of the rows `rows` that differ between two pictures of one size.
pub(crate) fn share_differing(a: &Picture, b: &Picture, rows: std::ops::Range<u32>) -> f32 {
    assert_eq!(
        (a.width, a.height),
        (b.width, b.height),
        "pictures of one size"
    );
    let row_bytes = a.width as usize * 4;
    let (start, end) = (
        rows.start as usize * row_bytes,
        rows.end.min(a.height) as usize * row_bytes,
    );
    let differing = a.rgba[start..end]
        .chunks(4)
        .zip(b.rgba[start..end].chunks(4))
        .filter(|(p, q)| p != q)
        .count();
    differing as f32 / ((end - start) / 4).max(1) as f32
}

pub(crate) fn distinct_colours(picture: &Picture) -> usize {
    let mut colours: Vec<[u8; 3]> = picture
        .rgba
        .chunks(4)
        .map(|p| [p[0] & 0xf0, p[1] & 0xf0, p[2] & 0xf0])
        .collect();
    colours.sort_unstable();
    colours.dedup();
    colours.len()
}

/// Share of pixels close to the board's wood: the maple cells or the darker frame.
fn board_share(picture: &Picture) -> f32 {
    let near = |p: &[u8], (r, g, b): (i32, i32, i32)| {
        (i32::from(p[0]) - r).abs() < 30
            && (i32::from(p[1]) - g).abs() < 30
            && (i32::from(p[2]) - b).abs() < 35
    };
    let wood = picture
        .rgba
        .chunks(4)
        .filter(|p| near(p, (0xd9, 0xb3, 0x7c)) || near(p, (0x6b, 0x45, 0x26)))
        .count();
    wood as f32 / (picture.width * picture.height) as f32
}

/// Share of pixels close to the tile board's plain squares.
fn square_share(picture: &Picture) -> f32 {
    let square = picture
        .rgba
        .chunks(4)
        .filter(|p| {
            (i32::from(p[0]) - 0xe6).abs() < 20
                && (i32::from(p[1]) - 0xd5).abs() < 20
                && (i32::from(p[2]) - 0xb8).abs() < 24
        })
        .count();
    square as f32 / (picture.width * picture.height) as f32
}

/// Whether the virtual display is there; without it a window test is skipped with a line
/// saying why, except under CI, where it fails.
fn can_run_a_window() -> bool {
    if has_program("xvfb-run") {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must run the window test: scripts/setup.sh installs xvfb"
    );
    eprintln!("skipped: xvfb-run is not installed (scripts/setup.sh installs it)");
    false
}

/// The tour of every screen of both games: each screenshot the size it should be, not blank,
/// and showing what it should.
#[test]
fn real_window_every_screen_renders() {
    if !can_run_a_window() {
        return;
    }
    let output = screenshots_folder("screenshots");
    for (name, ..) in SHOTS {
        let _ = std::fs::remove_file(output.join(format!("{name}.png")));
    }
    let stdout = run_script("tour.txt", &[], &output);
    println!("{stdout}");
    for (name, width, height, shows) in SHOTS {
        let picture = read_png(&output.join(format!("{name}.png")));
        assert_eq!((picture.width, picture.height), (width, height), "{name}");
        let colours = distinct_colours(&picture);
        assert!(colours >= 40, "{name} looks blank: {colours} colours");
        let share = match shows {
            Shows::HexBoard => board_share(&picture),
            Shows::TileBoard => square_share(&picture),
            Shows::Menu => continue,
            Shows::Curtain => {
                // Between turns a curtain hides the board and the rack beneath the card.
                let share = square_share(&picture);
                assert!(share < 0.01, "{name}: the board shows through ({share:.3})");
                continue;
            }
        };
        assert!(
            share > 0.05,
            "{name}: the board covers only {share:.3} of the window"
        );
    }
    let figures = std::fs::read_to_string(output.join("frame-times.txt")).unwrap();
    assert!(figures.contains("frame time median"), "{figures}");
}

/// A booth's kiosk: fullscreen, no Quit or Settings on the title, and Esc stays there.
#[test]
fn real_window_a_kiosk_shows_its_title() {
    if !can_run_a_window() {
        return;
    }
    let output = screenshots_folder("screenshots");
    let kiosk = output.join("kiosk");
    let _ = std::fs::remove_file(kiosk.join("kiosk-title.png"));
    run_script("kiosk.txt", &["--kiosk"], &kiosk);
    let picture = read_png(&kiosk.join("kiosk-title.png"));
    assert_eq!((picture.width, picture.height), (1280, 720));
    assert!(
        distinct_colours(&picture) >= 40,
        "the kiosk title looks blank"
    );
}

/// Every kind of screen in German, French and Russian.
#[test]
fn real_window_every_kind_of_screen_renders_in_three_more_languages() {
    if !can_run_a_window() {
        return;
    }
    let output = screenshots_folder("screenshots");
    let languages = output.join("languages");
    for language in ["de", "fr", "ru"] {
        for (screen, _) in LANGUAGE_SHOTS {
            let _ = std::fs::remove_file(languages.join(format!("{language}-{screen}.png")));
        }
    }
    run_script("languages.txt", &[], &languages);
    for language in ["de", "fr", "ru"] {
        for (screen, shows) in LANGUAGE_SHOTS {
            let name = format!("{language}-{screen}");
            let picture = read_png(&languages.join(format!("{name}.png")));
            assert_eq!((picture.width, picture.height), (1280, 720), "{name}");
            assert!(distinct_colours(&picture) >= 40, "{name} looks blank");
            let share = match shows {
                Shows::HexBoard => board_share(&picture),
                Shows::TileBoard => square_share(&picture),
                Shows::Menu | Shows::Curtain => continue,
            };
            assert!(share > 0.05, "{name}: the board covers only {share:.3}");
        }
    }
}

/// The review of a finished game of each kind, stepped through, in English and German, a
/// mistake of each tried again, and the statistics the tile game's two people leave.
#[test]
fn real_window_a_finished_game_of_each_kind_is_reviewed() {
    if !can_run_a_window() {
        return;
    }
    let output = screenshots_folder("screenshots");
    let reviews = output.join("review");
    let shots = [
        "review-hex",
        "practice-hex",
        "review-tiles",
        "review-tiles-de",
        "practice-tiles-de",
        "practice-tiles",
        "practice-verdict-de",
        "practice-verdict",
        "statistics-de",
        "statistics",
    ];
    for name in shots {
        let _ = std::fs::remove_file(reviews.join(format!("{name}.png")));
    }
    run_script("review.txt", &[], &reviews);
    for name in shots {
        let picture = read_png(&reviews.join(format!("{name}.png")));
        assert_eq!((picture.width, picture.height), (1280, 720), "{name}");
        assert!(distinct_colours(&picture) >= 40, "{name} looks blank");
    }
}

/// Share of pixels of lit wood, warm and bright: the board and its cells on either view.
fn lit_wood_share(picture: &Picture) -> f32 {
    let wood = picture
        .rgba
        .chunks(4)
        .filter(|p| {
            let (r, g, b) = (i32::from(p[0]), i32::from(p[1]), i32::from(p[2]));
            r > 150 && r > g + 20 && g > b + 20
        })
        .count();
    wood as f32 / (picture.width * picture.height) as f32
}

/// The hex game on the 3D table, played with taps where its camera shows the cells and
/// stones (`tests/scripts/table-3d.txt` checks each move landed), switched flat and back.
#[test]
fn real_window_the_hex_board_stands_on_the_table() {
    if !can_run_a_window() {
        return;
    }
    let output = screenshots_folder("table-3d");
    // Each with the least share of lit wood it must show: the end card covers most of a
    // small board full of stones.
    let shots = [
        ("hex-3d-setup", 1280, 720, 0.1),
        ("hex-3d-mid-game", 1280, 720, 0.1),
        ("hex-3d-selected", 1280, 720, 0.1),
        ("hex-3d-refused", 1280, 720, 0.1),
        ("hex-3d-colour-blind", 1280, 720, 0.1),
        ("hex-3d-game-over", 1280, 720, 0.01),
        ("hex-3d-small-window", 800, 600, 0.04),
        ("hex-3d-hint", 1280, 720, 0.1),
        ("hex-3d-attract", 1280, 720, 0.1),
    ];
    for (name, ..) in shots {
        let _ = std::fs::remove_file(output.join(format!("{name}.png")));
    }
    let stdout = run_script("table-3d.txt", &[], &output);
    println!("{stdout}");
    for (name, width, height, least) in shots {
        let picture = read_png(&output.join(format!("{name}.png")));
        assert_eq!((picture.width, picture.height), (width, height), "{name}");
        assert!(distinct_colours(&picture) >= 40, "{name} looks blank");
        let share = lit_wood_share(&picture);
        assert!(
            share > least,
            "{name}: the table's board covers only {share:.3}"
        );
    }
    // Flat again, the flat board is back: the same stones, drawn another way.
    let flat = read_png(&output.join("hex-flat-again.png"));
    assert!(board_share(&flat) > 0.05);
    let table = read_png(&output.join("hex-3d-mid-game.png"));
    let differ = share_that_differs(&flat, &table);
    assert!(
        differ > 0.15,
        "the table looks like the flat board ({differ:.3})"
    );
}

/// The share of two pictures' pixels whose colour differs clearly (by more than 40 in a
/// channel).
fn share_that_differs(one: &Picture, other: &Picture) -> f32 {
    let differ = one
        .rgba
        .chunks(4)
        .zip(other.rgba.chunks(4))
        .filter(|(a, b)| (0..3).any(|c| (i32::from(a[c]) - i32::from(b[c])).abs() > 40))
        .count();
    differ as f32 / (one.width * one.height) as f32
}

/// The share of the window's strip in front of the tray (where the table's rack stands) that
/// shows a tile's light maple.
fn rack_strip_maple(picture: &Picture) -> f32 {
    let (width, height) = (picture.width as usize, picture.height as usize);
    let (left, right) = (width * 22 / 100, width * 81 / 100);
    let (top, bottom) = (height * 77 / 100, height * 90 / 100);
    let mut maple = 0;
    for y in top..bottom {
        for x in left..right {
            let p = &picture.rgba[(y * width + x) * 4..];
            let (r, g, b) = (i32::from(p[0]), i32::from(p[1]), i32::from(p[2]));
            if r > 200 && g > 170 && r - b > 40 && b > 110 {
                maple += 1;
            }
        }
    }
    maple as f32 / ((right - left) * (bottom - top)) as f32
}

/// The tile game on the 3D table (`tests/scripts/table-3d-tiles.txt`): a real tap on the
/// joker standing on the rack and one on the start square, the turns of the tour, a refused
/// turn, flat and back, Spin Abaku's colours and the attract mode. The rack in front of the
/// tray shows the mover's tiles and nothing once they are all laid (`app_tiles` checks
/// headless that no rack but the mover's ever stands there).
#[test]
fn real_window_the_tile_board_stands_on_the_table() {
    if !can_run_a_window() {
        return;
    }
    let output = screenshots_folder("table-3d-tiles");
    let shots = [
        ("tiles-3d-hand-over", 1280, 720),
        ("tiles-3d-rack", 1280, 720),
        ("tiles-3d-joker-prompt", 1280, 720),
        ("tiles-3d-preview", 1280, 720),
        ("tiles-3d-scored", 1280, 720),
        ("tiles-3d-mid-game", 1280, 720),
        ("tiles-3d-refused", 1280, 720),
        ("tiles-3d-small-window", 1024, 640),
        ("tiles-3d-game-over", 1280, 720),
        ("tiles-3d-spin", 1280, 720),
        ("tiles-3d-colour-blind", 1280, 720),
        ("tiles-3d-sums", 1280, 720),
        ("tiles-3d-russian", 1280, 720),
        ("tiles-3d-lesson", 1280, 720),
        ("tiles-3d-attract", 1280, 720),
    ];
    for (name, ..) in shots {
        let _ = std::fs::remove_file(output.join(format!("{name}.png")));
    }
    let stdout = run_script("table-3d-tiles.txt", &[], &output);
    println!("{stdout}");
    for (name, width, height) in shots {
        let picture = read_png(&output.join(format!("{name}.png")));
        assert_eq!((picture.width, picture.height), (width, height), "{name}");
        assert!(distinct_colours(&picture) >= 40, "{name} looks blank");
    }
    let rack = rack_strip_maple(&read_png(&output.join("tiles-3d-rack.png")));
    assert!(
        rack > 0.12,
        "the mover's five tiles stand on the rack ({rack:.3})"
    );
    // Every tile the mover lays leaves the rack: nothing of it is left standing there.
    let laid = rack_strip_maple(&read_png(&output.join("tiles-3d-spin.png")));
    assert!(laid < 0.02, "an emptied rack still shows tiles ({laid:.3})");
    // Flat again, the flat board is back: the same tiles, drawn another way.
    let flat = read_png(&output.join("tiles-flat-again.png"));
    let table = read_png(&output.join("tiles-3d-mid-game.png"));
    let differ = share_that_differs(&flat, &table);
    assert!(
        differ > 0.15,
        "the table looks like the flat board ({differ:.3})"
    );
}

/// The screens `tests/scripts/languages.txt` shows in each language.
const LANGUAGE_SHOTS: [(&str, Shows); 12] = [
    ("title", Shows::HexBoard),
    ("settings", Shows::Menu),
    ("setup", Shows::Menu),
    ("refused", Shows::HexBoard),
    ("rules", Shows::Menu),
    ("tiles-rules", Shows::Menu),
    ("tiles-setup", Shows::Menu),
    ("tiles-hand-over", Shows::Curtain),
    ("tiles-preview", Shows::TileBoard),
    ("tiles-mid-game", Shows::TileBoard),
    ("lesson-hex", Shows::HexBoard),
    ("lesson-tiles", Shows::TileBoard),
];

/// Where a window test's screenshots go: a folder of the build folder.
fn screenshots_folder(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Runs the game with the script `name` of `tests/scripts/` under Xvfb, with a data folder of
/// its own, and returns what it printed; fails unless it ran to its end without a panic.
fn run_script(name: &str, flags: &[&str], output: &Path) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts")
        .join(name);
    let data = std::env::temp_dir().join(format!(
        "abakus-window-test-{}-{}",
        std::process::id(),
        script.file_stem().and_then(|s| s.to_str()).unwrap_or("run")
    ));
    let mut child = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x720x24"])
        .arg(env!("CARGO_BIN_EXE_abakus"))
        .args(flags)
        .arg("--script")
        .arg(script)
        .arg("--screenshots")
        .arg(output)
        .env("WGPU_BACKEND", "vulkan")
        .env("ABAKUS_DATA_DIR", &data)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xvfb-run starts");
    // Read both pipes as the game writes, so that a long log never fills a pipe and stalls
    // the game in the middle of its script.
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut text);
            }
            text
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as _));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(600) {
            let _ = child.kill();
            panic!("the scripted window run did not finish in 10 minutes");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let stdout = String::from_utf8_lossy(&out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
    assert!(status.success(), "exit {status}\n{stdout}\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Buttons and headings shrink their text to fit; one that cannot fit even then says so.
    let cut: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("text does not fit"))
        .collect();
    assert!(
        cut.is_empty(),
        "labels cut off at their edge:\n{}",
        cut.join("\n")
    );
    let _ = std::fs::remove_dir_all(&data);
    stdout
}
