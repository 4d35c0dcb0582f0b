//! Scripted runs of the real window: moves, clicks, keys, screenshots and frame-time figures.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::input::InputSystems;
use bevy::picking::pointer::PointerAction;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Capturing, Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;

use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::AppSet;
use super::hex::{BoardLayout, HexIntent, HexMatch};
use super::pointer::SyntheticPointer;
use super::screens::{Overlay, Screen};
use super::widgets::button_place;
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
    /// A tap whose move, press and release arrive in one frame, as from a touch screen or a
    /// pointer that jumps onto its target and clicks at once.
    JumpTap(Vec2),
    JumpTapCell(Cell),
    /// Waits (up to [`AWAIT_SECONDS`]) until the condition holds, else fails the run.
    Await(Condition),
    /// Asks the person (or test) driving the real mouse and keyboard to act: prints a line
    /// `person: ACTION X Y` or `person: key NAME` on standard output, with window
    /// coordinates in logical pixels.
    Person(PersonAction),
    /// Stops the run with an error unless the game record is exactly this.
    ExpectRecord(String),
    /// Stops the run with an error unless this stone (or none) is picked up.
    ExpectSelected(Option<Cell>),
    /// Stops the run with an error unless this screen is showing.
    ExpectScreen(Screen),
    Exit,
}

/// What an `await` step waits for.
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    Screen(Screen),
    Record(String),
    Selected(Option<Cell>),
    Overlay(Overlay),
}

/// Something for a real hand to do.
#[derive(Debug, Clone, PartialEq)]
pub enum PersonAction {
    /// `how` is `click`, `jump-click` (move and click at once) or `right-click`.
    Click {
        how: &'static str,
        spot: Spot,
    },
    Key(String),
}

/// A place in the window, named as a person would see it.
#[derive(Debug, Clone, PartialEq)]
pub enum Spot {
    /// Window coordinates in logical pixels, origin top left.
    At(Vec2),
    /// The centre of a board cell.
    Cell(Cell),
    /// The centre of the button with this text.
    Button(String),
}

/// How long an `await` or a `person` step waits for its condition or its target.
pub const AWAIT_SECONDS: u64 = 60;

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
    /// Scripted pointer actions, one batch per frame.
    pointer: VecDeque<Vec<(Vec2, PointerAction)>>,
    /// When the step being retried (an await, or a person step whose target is not drawn
    /// yet) gives up.
    deadline: Option<Instant>,
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
            deadline: None,
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
                let screen = screen_named(rest.first().copied())
                    .ok_or_else(|| error(format!("unknown screen {:?}", rest.first())))?;
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
            "tap-cell" | "jump-tap-cell" => {
                let cell = rest
                    .first()
                    .ok_or_else(|| error(format!("{command} needs a cell")))?
                    .parse()
                    .map_err(|e| error(format!("{e}")))?;
                steps.push_back(if command == "tap-cell" {
                    Step::TapCell(cell)
                } else {
                    Step::JumpTapCell(cell)
                });
            }
            "jump-tap" => {
                let x = number(rest.first())? as f32;
                let y = number(rest.get(1))? as f32;
                steps.push_back(Step::JumpTap(Vec2::new(x, y)));
            }
            "await-screen" => {
                let screen = screen_named(rest.first().copied())
                    .ok_or_else(|| error(format!("unknown screen {:?}", rest.first())))?;
                steps.push_back(Step::Await(Condition::Screen(screen)));
            }
            "await-record" => steps.push_back(Step::Await(Condition::Record(rest.join(" ")))),
            "await-selected" => {
                let selected = match rest.first().copied() {
                    Some("none") => None,
                    Some(name) => Some(name.parse().map_err(|e| error(format!("{e}")))?),
                    None => return Err(error("await-selected needs a cell or none".into())),
                };
                steps.push_back(Step::Await(Condition::Selected(selected)));
            }
            "await-overlay" => {
                let overlay = match rest.first().copied() {
                    Some("none") => Overlay::None,
                    Some("help") => Overlay::Help,
                    Some("menu") => Overlay::GameMenu,
                    other => return Err(error(format!("unknown overlay {other:?}"))),
                };
                steps.push_back(Step::Await(Condition::Overlay(overlay)));
            }
            "person" => steps.push_back(Step::Person(person(&rest).map_err(error)?)),
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

fn screen_named(name: Option<&str>) -> Option<Screen> {
    Some(match name? {
        "title" => Screen::Title,
        "setup" => Screen::HexSetup,
        "game" => Screen::HexGame,
        "settings" => Screen::Settings,
        "rules" => Screen::Rules,
        _ => return None,
    })
}

/// Parses `person click|jump-click|right-click (button TEXT | cell CELL | at X Y)` and
/// `person key NAME`.
fn person(words: &[&str]) -> Result<PersonAction, String> {
    let usage = "person needs click, jump-click or right-click with button TEXT, cell CELL or \
                 at X Y, or key NAME";
    let how = match words.first().copied() {
        Some("click") => "click",
        Some("jump-click") => "jump-click",
        Some("right-click") => "right-click",
        Some("key") => {
            let key = words
                .get(1)
                .filter(|k| k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
            return key
                .map(|k| PersonAction::Key((*k).to_owned()))
                .ok_or_else(|| usage.to_owned());
        }
        _ => return Err(usage.to_owned()),
    };
    let spot = match (words.get(1).copied(), &words[2.min(words.len())..]) {
        (Some("button"), text) if !text.is_empty() => Spot::Button(text.join(" ")),
        (Some("cell"), [cell]) => Spot::Cell(cell.parse().map_err(|e| format!("{e}"))?),
        (Some("at"), [x, y]) => {
            let x: u32 = x.parse().map_err(|_| usage.to_owned())?;
            let y: u32 = y.parse().map_err(|_| usage.to_owned())?;
            Spot::At(Vec2::new(x as f32, y as f32))
        }
        _ => return Err(usage.to_owned()),
    };
    Ok(PersonAction::Click { how, spot })
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
    Option<Res<'w, Overlay>>,
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
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    capturing: Query<(), With<Capturing>>,
    pending: Query<(), With<Screenshot>>,
    (layout, game, screen, overlay): Observed<'_>,
    mut contexts: EguiContexts,
    mut pointer: ResMut<SyntheticPointer>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Some(key) = script.released.take() {
        keys.release(key);
    }
    // A tap is a move, a press and a release on three frames, as a hand would make it.
    if let Some(batch) = script.pointer.pop_front() {
        pointer.0.extend(batch);
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
    let window_size = windows
        .single()
        .map(|w| Vec2::new(w.width(), w.height()))
        .ok();
    // Window coordinates of a cell's centre.
    let cell_spot = |cell: Cell| {
        let (layout, size) = (layout.as_ref()?, window_size?);
        let world = layout.world(cell);
        Some(Vec2::new(world.x + size.x / 2.0, size.y / 2.0 - world.y))
    };
    match step {
        Step::Wait(frames) => script.waiting = frames,
        Step::Screenshot(name) => {
            if let Err(error) = std::fs::create_dir_all(&script.output) {
                fail(
                    &mut exit,
                    &format!("cannot create {}: {error}", script.output.display()),
                );
                return;
            }
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
            for mut window in &mut windows {
                window.resolution.set(width, height);
            }
            script.waiting = 3;
        }
        Step::Tap(at) => tap(&mut script, at, false),
        Step::JumpTap(at) => tap(&mut script, at, true),
        Step::TapCell(cell) | Step::JumpTapCell(cell) => {
            let jump = matches!(step, Step::JumpTapCell(_));
            match cell_spot(cell) {
                Some(at) => tap(&mut script, at, jump),
                None => fail(&mut exit, &format!("no board shows the cell {cell}")),
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
        Step::Await(ref condition) => {
            let (holds, found) = match condition {
                Condition::Screen(expected) => {
                    let showing = screen.map(|s| *s.get());
                    (showing == Some(*expected), format!("{showing:?}"))
                }
                Condition::Record(expected) => {
                    let record = game
                        .as_ref()
                        .map(|g| g.position.record())
                        .unwrap_or_default();
                    (record == *expected, format!("\"{record}\""))
                }
                Condition::Selected(expected) => {
                    let selected = game
                        .as_ref()
                        .and_then(|g| g.selection.as_ref().map(|s| s.from));
                    (selected == *expected, format!("{selected:?}"))
                }
                Condition::Overlay(expected) => {
                    let showing = overlay.as_deref().copied();
                    (showing == Some(*expected), format!("{showing:?}"))
                }
            };
            if !holds {
                retry(&mut script, step.clone(), &mut exit, || {
                    format!("waited for {condition:?}, found {found}")
                });
                return;
            }
            script.deadline = None;
        }
        Step::Person(ref action) => {
            let line = match action {
                PersonAction::Key(name) => Some(format!("person: key {name}")),
                PersonAction::Click { how, spot } => {
                    let at = match spot {
                        Spot::At(at) => Some(*at),
                        Spot::Cell(cell) => cell_spot(*cell),
                        Spot::Button(text) => contexts.ctx_mut().ok().and_then(|ctx| {
                            let place = button_place(ctx, text).filter(|p| p.enabled)?;
                            let centre = place.rect.center() * ctx.zoom_factor();
                            Some(Vec2::new(centre.x, centre.y))
                        }),
                    };
                    at.map(|at| format!("person: {how} {} {}", at.x.round(), at.y.round()))
                }
            };
            match line {
                Some(line) => {
                    script.deadline = None;
                    println!("{line}");
                }
                None => retry(&mut script, step.clone(), &mut exit, || {
                    format!("{action:?}: nothing there to act on")
                }),
            }
        }
        Step::Exit => script.exiting = true,
    }
}

/// Puts a step back to try again next frame, until its deadline passes.
fn retry(
    script: &mut Script,
    step: Step,
    exit: &mut MessageWriter<AppExit>,
    why: impl FnOnce() -> String,
) {
    let deadline = *script
        .deadline
        .get_or_insert_with(|| Instant::now() + Duration::from_secs(AWAIT_SECONDS));
    if Instant::now() > deadline {
        script.deadline = None;
        fail(exit, &format!("{} after {AWAIT_SECONDS} s", why()));
        return;
    }
    script.steps.push_front(step);
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

/// A tap at window coordinates: on three frames as a hand makes it, or all in one frame.
fn tap(script: &mut Script, at: Vec2, jump: bool) {
    let button = PointerButton::Primary;
    let actions = [
        (at, PointerAction::Move { delta: Vec2::ONE }),
        (at, PointerAction::Press(button)),
        (at, PointerAction::Release(button)),
    ];
    if jump {
        script.pointer.push_back(actions.to_vec());
    } else {
        script.pointer.extend(actions.map(|action| vec![action]));
    }
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
