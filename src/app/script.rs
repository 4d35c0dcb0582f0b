//! Scripted runs of the real window: moves, clicks, keys, screenshots and frame-time figures.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::camera::NormalizedRenderTarget;
use bevy::input::InputSystems;
use bevy::picking::pointer::{Location, PointerAction, PointerId, PointerInput};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Capturing, Screenshot, save_to_disk};
use bevy::window::{PrimaryWindow, WindowRef};

use bevy_egui::EguiPrimaryContextPass;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::AppSet;
use super::hex::{BoardLayout, HexIntent, HexMatch};
use super::screens::Screen;
use crate::rules::hex::{Cell, Move};

/// One step of a script.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Wait(u32),
    Screenshot(String),
    Screen(Screen),
    NewGame(u8),
    Click(Cell),
    Play(Move),
    Key(KeyCode),
    Resize(f32, f32),
    /// A real pointer tap at window coordinates (logical pixels, origin top left), through
    /// Bevy's picking like a mouse or a finger.
    Tap(Vec2),
    /// A real pointer tap on the centre of a board cell.
    TapCell(Cell),
    /// Stops the run with an error unless the game record is exactly this.
    ExpectRecord(String),
    /// Stops the run with an error unless this stone (or none) is picked up.
    ExpectSelected(Option<Cell>),
    /// Stops the run with an error unless this screen is showing.
    ExpectScreen(Screen),
    Exit,
}

/// A script file that cannot be run: which line and why.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error("cannot read the script {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("script line {line}: {message}")]
    Line { line: usize, message: String },
}

/// The script being run, and what it has measured so far.
#[derive(Resource, Debug)]
pub struct Script {
    steps: VecDeque<Step>,
    output: PathBuf,
    waiting: u32,
    released: Option<KeyCode>,
    exiting: bool,
    pointer: VecDeque<(Vec2, PointerAction)>,
    frame_times: Vec<f32>,
    system_times: Vec<f32>,
    game_times: Vec<f32>,
    update_started: Option<Instant>,
    game_started: Option<Instant>,
    game_this_frame: f32,
    launched: Instant,
    first_frame: Option<Duration>,
}

impl Script {
    /// Reads a script; `output` is the folder screenshots and figures go to.
    pub fn load(path: &Path, output: PathBuf, launched: Instant) -> Result<Self, ScriptError> {
        let text = std::fs::read_to_string(path).map_err(|source| ScriptError::Read {
            path: path.display().to_string(),
            source,
        })?;
        Ok(Self {
            steps: parse(&text)?,
            output,
            waiting: 0,
            released: None,
            exiting: false,
            pointer: VecDeque::new(),
            frame_times: Vec::new(),
            system_times: Vec::new(),
            game_times: Vec::new(),
            update_started: None,
            game_started: None,
            game_this_frame: 0.0,
            launched,
            first_frame: None,
        })
    }
}

/// Parses the script text: one step per line, `#` starts a comment.
pub fn parse(text: &str) -> Result<VecDeque<Step>, ScriptError> {
    let mut steps = VecDeque::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let error = |message: String| ScriptError::Line {
            line: line_number,
            message,
        };
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let number = |text: Option<&&str>| -> Result<u32, ScriptError> {
            text.and_then(|t| t.parse().ok())
                .ok_or_else(|| error(format!("\"{line}\" needs a whole number")))
        };
        match command {
            "wait" => steps.push_back(Step::Wait(number(rest.first())?)),
            "screenshot" => {
                let name = rest
                    .first()
                    .filter(|n| {
                        n.chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                    })
                    .ok_or_else(|| error("screenshot needs a plain name such as title".into()))?;
                steps.push_back(Step::Screenshot((*name).to_owned()));
            }
            "screen" | "expect-screen" => {
                let screen = match rest.first().copied() {
                    Some("title") => Screen::Title,
                    Some("setup") => Screen::HexSetup,
                    Some("game") => Screen::HexGame,
                    Some("settings") => Screen::Settings,
                    Some("rules") => Screen::Rules,
                    other => return Err(error(format!("unknown screen {other:?}"))),
                };
                steps.push_back(if command == "screen" {
                    Step::Screen(screen)
                } else {
                    Step::ExpectScreen(screen)
                });
            }
            "new-game" => {
                let side = number(rest.first())?;
                let side = u8::try_from(side)
                    .ok()
                    .filter(|s| {
                        (crate::rules::hex::MIN_SIDE..=crate::rules::hex::MAX_SIDE).contains(s)
                    })
                    .ok_or_else(|| error(format!("board side {side} is not from 3 to 8")))?;
                steps.push_back(Step::NewGame(side));
            }
            "click" => {
                let cell = rest
                    .first()
                    .ok_or_else(|| error("click needs a cell".into()))?
                    .parse()
                    .map_err(|e| error(format!("{e}")))?;
                steps.push_back(Step::Click(cell));
            }
            "play" => {
                if rest.is_empty() {
                    return Err(error("play needs moves".into()));
                }
                for text in rest {
                    let mv = text.parse().map_err(|e| error(format!("{e}")))?;
                    steps.push_back(Step::Play(mv));
                }
            }
            "key" => {
                let key = match rest.first().copied() {
                    Some("U") => KeyCode::KeyU,
                    Some("R") => KeyCode::KeyR,
                    Some("H") => KeyCode::KeyH,
                    Some("M") => KeyCode::KeyM,
                    Some("Escape") => KeyCode::Escape,
                    other => return Err(error(format!("unknown key {other:?}"))),
                };
                steps.push_back(Step::Key(key));
            }
            "resize" => {
                let width = number(rest.first())? as f32;
                let height = number(rest.get(1))? as f32;
                steps.push_back(Step::Resize(width, height));
            }
            "tap" => {
                let x = number(rest.first())? as f32;
                let y = number(rest.get(1))? as f32;
                steps.push_back(Step::Tap(Vec2::new(x, y)));
            }
            "tap-cell" => {
                let cell = rest
                    .first()
                    .ok_or_else(|| error("tap-cell needs a cell".into()))?
                    .parse()
                    .map_err(|e| error(format!("{e}")))?;
                steps.push_back(Step::TapCell(cell));
            }
            "expect-record" => steps.push_back(Step::ExpectRecord(rest.join(" "))),
            "expect-selected" => {
                let selected = match rest.first().copied() {
                    Some("none") => None,
                    Some(name) => Some(name.parse().map_err(|e| error(format!("{e}")))?),
                    None => return Err(error("expect-selected needs a cell or none".into())),
                };
                steps.push_back(Step::ExpectSelected(selected));
            }
            "random-inputs" => {
                let count = number(rest.first())?;
                let seed = number(rest.get(1))?;
                steps.extend(random_inputs(count, u64::from(seed)));
            }
            "exit" => steps.push_back(Step::Exit),
            other => return Err(error(format!("unknown command \"{other}\""))),
        }
    }
    Ok(steps)
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        (start_update_timer, run_steps).chain().after(InputSystems),
    )
    .add_systems(PostUpdate, stop_update_timer)
    .add_systems(Update, start_game_timer.before(AppSet::Input))
    .add_systems(Update, stop_game_timer.after(AppSet::Present))
    .add_systems(
        EguiPrimaryContextPass,
        start_game_timer.before(AppSet::Panels),
    )
    .add_systems(
        EguiPrimaryContextPass,
        stop_game_timer.after(AppSet::Panels),
    )
    .add_systems(Last, record_frame_time);
}

fn start_game_timer(mut script: ResMut<Script>) {
    script.game_started = Some(Instant::now());
}

/// Adds the time since [`start_game_timer`] to this frame's total for the game's own systems.
fn stop_game_timer(mut script: ResMut<Script>) {
    if let Some(started) = script.game_started.take() {
        script.game_this_frame += started.elapsed().as_secs_f32() * 1000.0;
    }
}

fn start_update_timer(mut script: ResMut<Script>) {
    script.update_started = Some(Instant::now());
}

fn stop_update_timer(mut script: ResMut<Script>) {
    if let Some(started) = script.update_started.take() {
        let spent = started.elapsed().as_secs_f32() * 1000.0;
        script.system_times.push(spent);
    }
}

fn record_frame_time(mut script: ResMut<Script>, time: Res<Time<Real>>) {
    if script.first_frame.is_none() {
        script.first_frame = Some(script.launched.elapsed());
    }
    let delta = time.delta_secs() * 1000.0;
    if delta > 0.0 {
        script.frame_times.push(delta);
    }
    let game = std::mem::take(&mut script.game_this_frame);
    script.game_times.push(game);
}

/// What the taps and checks read: the board's layout, the match and the screen showing.
type Observed<'w> = (
    Option<Res<'w, BoardLayout>>,
    Option<Res<'w, HexMatch>>,
    Option<Res<'w, State<Screen>>>,
);

#[expect(
    clippy::too_many_arguments,
    reason = "a script step can touch any part of the app"
)]
fn run_steps(
    mut commands: Commands,
    mut script: ResMut<Script>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut intents: MessageWriter<HexIntent>,
    mut next: ResMut<NextState<Screen>>,
    mut windows: Query<(Entity, &mut Window), With<PrimaryWindow>>,
    capturing: Query<(), With<Capturing>>,
    pending: Query<(), With<Screenshot>>,
    (layout, game, screen): Observed<'_>,
    mut pointer: MessageWriter<PointerInput>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Some(key) = script.released.take() {
        keys.release(key);
    }
    // A tap is a move, a press and a release on three frames, as a hand would make it.
    if let Some((at, action)) = script.pointer.pop_front() {
        if let Ok((window, _)) = windows.single() {
            let Some(window) = WindowRef::Primary.normalize(Some(window)) else {
                return;
            };
            let target = NormalizedRenderTarget::Window(window);
            let location = Location {
                target,
                position: at,
            };
            pointer.write(PointerInput::new(PointerId::Mouse, location, action));
        }
        return;
    }
    if script.exiting {
        if capturing.is_empty() && pending.is_empty() {
            report(&script);
            exit.write(AppExit::Success);
        }
        return;
    }
    if script.waiting > 0 {
        script.waiting -= 1;
        return;
    }
    // One step per frame; a script that ends without `exit` still ends the run.
    let Some(step) = script.steps.pop_front() else {
        script.exiting = true;
        return;
    };
    match step {
        Step::Wait(frames) => script.waiting = frames,
        Step::Screenshot(name) => {
            let path = script.output.join(format!("{name}.png"));
            info!("screenshot {}", path.display());
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path));
            script.waiting = 2;
        }
        Step::Screen(screen) => {
            next.set(screen);
            script.waiting = 2;
        }
        Step::NewGame(side) => {
            commands.insert_resource(super::hex::HexMatch::new(side));
            next.set(Screen::HexGame);
            script.waiting = 2;
        }
        Step::Click(cell) => {
            intents.write(HexIntent::Click(cell));
        }
        Step::Play(Move::Place(cell)) => {
            intents.write(HexIntent::Click(cell));
        }
        Step::Play(Move::Slide { from, to }) => {
            intents.write_batch([HexIntent::Click(from), HexIntent::Click(to)]);
        }
        Step::Key(key) => {
            keys.press(key);
            script.released = Some(key);
        }
        Step::Resize(width, height) => {
            for (_, mut window) in &mut windows {
                window.resolution.set(width, height);
            }
            script.waiting = 3;
        }
        Step::Tap(at) => tap(&mut script, at),
        Step::TapCell(cell) => {
            let window = windows
                .single()
                .map(|(_, w)| Vec2::new(w.width(), w.height()));
            if let (Some(layout), Ok(size)) = (layout, window) {
                let world = layout.world(cell);
                tap(
                    &mut script,
                    Vec2::new(world.x + size.x / 2.0, size.y / 2.0 - world.y),
                );
            }
        }
        Step::ExpectRecord(expected) => {
            let record = game.map(|g| g.position.record()).unwrap_or_default();
            if record != expected {
                fail(
                    &mut exit,
                    &format!("expected the record \"{expected}\", found \"{record}\""),
                );
            }
        }
        Step::ExpectScreen(expected) => {
            let showing = screen.map(|s| *s.get());
            if showing != Some(expected) {
                fail(
                    &mut exit,
                    &format!("expected the {expected:?} screen, found {showing:?}"),
                );
            }
        }
        Step::ExpectSelected(expected) => {
            let selected = game.and_then(|g| g.selection.as_ref().map(|s| s.from));
            if selected != expected {
                fail(
                    &mut exit,
                    &format!("expected {expected:?} picked up, found {selected:?}"),
                );
            }
        }
        Step::Exit => script.exiting = true,
    }
}

/// Random taps over the board, keys and window sizes, as a stranger at a booth might give.
/// Windows stay at least 1100×600 and taps stay between the side panels, so the run stays on
/// the game screen (a tap on Quit would end it).
fn random_inputs(count: u32, seed: u64) -> Vec<Step> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let keys = [KeyCode::KeyU, KeyCode::KeyR, KeyCode::KeyH, KeyCode::KeyM];
    (0..count)
        .map(|_| match rng.random_range(0..20) {
            0..=14 => Step::Tap(Vec2::new(
                rng.random_range(272.0..860.0),
                rng.random_range(10.0..590.0),
            )),
            15..=18 => Step::Key(keys[rng.random_range(0..keys.len())]),
            _ => Step::Resize(
                rng.random_range(1100.0..1600.0_f32).round(),
                rng.random_range(600.0..900.0_f32).round(),
            ),
        })
        .collect()
}

fn tap(script: &mut Script, at: Vec2) {
    let button = PointerButton::Primary;
    script.pointer.extend([
        (at, PointerAction::Move { delta: Vec2::ZERO }),
        (at, PointerAction::Press(button)),
        (at, PointerAction::Release(button)),
    ]);
    script.waiting = 2;
}

/// Ends the run with exit code 3 and one line saying what the script expected.
fn fail(exit: &mut MessageWriter<AppExit>, message: &str) {
    eprintln!("abakus: script check failed: {message}");
    exit.write(AppExit::from_code(3));
}

fn percentile(sorted: &[f32], fraction: f32) -> f32 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() - 1) as f32 * fraction).round() as usize;
    sorted[index]
}

fn report(script: &Script) {
    let mut frames = script.frame_times.clone();
    frames.sort_by(f32::total_cmp);
    let mut systems = script.system_times.clone();
    systems.sort_by(f32::total_cmp);
    let mut game = script.game_times.clone();
    game.sort_by(f32::total_cmp);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "frames: {} | frame time median {:.1} ms, 95th percentile {:.1} ms, worst {:.1} ms",
        frames.len(),
        percentile(&frames, 0.5),
        percentile(&frames, 0.95),
        frames.last().copied().unwrap_or(0.0)
    );
    let _ = writeln!(
        text,
        "game systems per frame (input, rules, board, panels): median {:.2} ms, 95th percentile {:.2} ms, worst {:.2} ms",
        percentile(&game, 0.5),
        percentile(&game, 0.95),
        game.last().copied().unwrap_or(0.0)
    );
    let _ = writeln!(
        text,
        "whole update per frame (PreUpdate to PostUpdate with the engine's systems, no rendering): median {:.2} ms, worst {:.2} ms",
        percentile(&systems, 0.5),
        systems.last().copied().unwrap_or(0.0)
    );
    if let Some(first) = script.first_frame {
        let _ = writeln!(text, "first frame after {} ms", first.as_millis());
    }
    print!("{text}");
    let _ = std::fs::create_dir_all(&script.output);
    let _ = std::fs::write(script.output.join("frame-times.txt"), text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_parse_and_bad_lines_are_named() {
        let steps = parse(
            "# demo\nnew-game 5\nplay E5 D4\nwait 10 # settle\nscreenshot mid-game\nkey U\nexit\n",
        )
        .unwrap();
        assert_eq!(steps.len(), 7);
        assert_eq!(steps[1], Step::Play("E5".parse().unwrap()));
        let error = parse("wait 3\nclick Q99\n").unwrap_err();
        assert!(error.to_string().starts_with("script line 2:"), "{error}");
        assert!(parse("screenshot ../escape").is_err());
        assert!(parse("new-game 9").is_err());
        assert!(parse("dance").is_err());
        let checks =
            parse("tap 320 650\ntap-cell E5\nexpect-record E5 D4\nexpect-selected none\n").unwrap();
        assert_eq!(checks[0], Step::Tap(Vec2::new(320.0, 650.0)));
        assert_eq!(checks[2], Step::ExpectRecord("E5 D4".into()));
        assert_eq!(checks[3], Step::ExpectSelected(None));
        assert!(parse("tap 5").is_err());
    }
}
