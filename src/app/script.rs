//! Scripted runs of the real window: screens, taps, keys, checks, screenshots and frame-time
//! figures. The core here names no game; each game adds its own commands (moves, checks on
//! its match) through [`GameCommands`] and names its board's places in [`ScriptPlaces`].

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::input::InputSystems;
use bevy::input::keyboard::KeyboardInput;
use bevy::picking::pointer::PointerAction;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Capturing, Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;

use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::AppSet;
use super::attract::Attract;
use super::games::{GameId, RulesExamples, RulesPage};
use super::i18n::Language;
use super::navigation::{Overlay, Screen};
use super::pointer::SyntheticPointer;
use super::settings::Settings;
use super::tutorial::{Lesson, StartLesson};
use super::widgets::button_place;

/// One step of a script.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Wait(u32),
    Screenshot(String),
    Screen(Screen),
    Key(KeyCode),
    Resize(f32, f32),
    /// A real pointer tap through Bevy's picking, like a mouse or a finger: a move, a press
    /// and a release on three frames, or with `jump` all in one frame, as from a touch screen
    /// or a pointer that jumps onto its target and clicks at once.
    Tap {
        spot: Spot,
        jump: bool,
    },
    /// Stops the run with an error unless the condition holds.
    Expect(Condition),
    /// Waits (up to [`AWAIT_SECONDS`]) until the condition holds, else fails the run.
    Await(Condition),
    /// Asks the person (or test) driving the real mouse and keyboard to act: prints a line
    /// `person: ACTION X Y` or `person: key NAME` on standard output, with window
    /// coordinates in logical pixels.
    Person(PersonAction),
    /// Starts the attract mode now, with this game first if one is named.
    Attract(Option<GameId>),
    /// A key press as from a keyboard, which any screen (and the attract mode) notices.
    Touch,
    /// Switches the app to this language, as the settings would.
    Language(Language),
    /// Opens a game's rules page, its text or its drawn examples.
    Rules {
        game: GameId,
        examples: bool,
    },
    /// One of a game's own commands.
    Game(GameStep),
    Exit,
}

/// What an `expect` or `await` step checks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Condition {
    /// This screen, or with `Game(None)` any game's screen.
    Screen(ScreenPattern),
    Overlay(Overlay),
    /// The window has this size in logical pixels (a resize from outside has arrived).
    WindowSize(u32, u32),
}

/// A screen, or any game's game screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ScreenPattern {
    Exactly(Screen),
    AnyGame,
}

impl ScreenPattern {
    fn matches(self, screen: Screen) -> bool {
        match self {
            ScreenPattern::Exactly(expected) => expected == screen,
            ScreenPattern::AnyGame => matches!(screen, Screen::Game(_)),
        }
    }
}

/// Something for a real hand to do.
#[derive(Debug, Clone, PartialEq)]
pub enum PersonAction {
    /// `how` is `click`, `jump-click` (move and click at once) or `right-click`.
    Click {
        how: &'static str,
        spot: Spot,
    },
    /// Presses the primary button on one spot, moves to the other holding it, and lets go.
    Drag {
        from: Spot,
        to: Spot,
    },
    Key(String),
    /// Many random clicks, drags, keys and resizes over the board, between the side panels
    /// (the panels hold the buttons that leave the game).
    Fidget {
        actions: u32,
        seed: u32,
    },
    /// A visitor at a kiosk: random clicks, drags and keys anywhere in the window, panels and
    /// their buttons included, but no resizes (a kiosk's window is the whole screen).
    Visitor {
        actions: u32,
        seed: u32,
    },
}

/// A place in the window, named as a person would see it.
#[derive(Debug, Clone, PartialEq)]
pub enum Spot {
    /// Window coordinates in logical pixels, origin top left.
    At(Vec2),
    /// A place the game on screen has named, such as a board cell.
    Place(String),
    /// The centre of the button with this text.
    Button(String),
}

/// A game's own script step, carried out on the running app.
pub trait ScriptStep: Send + Sync + std::fmt::Debug + 'static {
    fn run(&self, world: &mut World) -> StepOutcome;
}

/// The shell's steps for the lessons: start a game's, and wait for a step (counted from 1 in
/// the script, as the card counts).
#[derive(Debug)]
enum LessonStep {
    Start(GameId),
    Reach(usize),
}

impl ScriptStep for LessonStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        match *self {
            LessonStep::Start(game) => {
                world.write_message(StartLesson(game));
                StepOutcome::Wait(3)
            }
            LessonStep::Reach(step) => {
                let at = world.get_resource::<Lesson>().map(Lesson::step);
                if at == Some(step) {
                    StepOutcome::Done
                } else {
                    StepOutcome::Retry(format!(
                        "the lesson is at step {:?}, not {}",
                        at.map(|at| at + 1),
                        step + 1
                    ))
                }
            }
        }
    }
}

/// Switches the colour-blind colours, as the settings would.
#[derive(Debug)]
struct ColourBlindStep(bool);

impl ScriptStep for ColourBlindStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        world.resource_mut::<Settings>().colour_blind = self.0;
        StepOutcome::Wait(3)
    }
}

/// Sets the size of the panels and menus, as the settings would.
#[derive(Debug)]
struct UiScaleStep(super::settings::UiScale);

impl ScriptStep for UiScaleStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        world.resource_mut::<Settings>().ui_scale = self.0;
        StepOutcome::Wait(5)
    }
}

/// Checks that the attract mode is showing a demo game.
#[derive(Debug)]
struct DemoStep {
    wait: bool,
}

impl ScriptStep for DemoStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        let showing = world.contains_resource::<super::attract::DemoShowing>();
        match (showing, self.wait) {
            (true, _) => StepOutcome::Done,
            (false, true) => StepOutcome::Retry("no demo is showing".into()),
            (false, false) => StepOutcome::Fail("no demo is showing".into()),
        }
    }
}

/// Checks how many saved games the saved-games list would show.
#[derive(Debug)]
struct SavedGamesStep {
    count: usize,
    wait: bool,
}

impl ScriptStep for SavedGamesStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        let found = super::records::saved_games(world).len();
        match (found == self.count, self.wait) {
            (true, _) => StepOutcome::Done,
            (false, true) => StepOutcome::Retry(format!("{found} saved games, not {}", self.count)),
            (false, false) => StepOutcome::Fail(format!("{found} saved games, not {}", self.count)),
        }
    }
}

/// What became of a game's step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepOutcome {
    Done,
    /// Done; let this many frames pass before the next step.
    Wait(u32),
    /// Not yet: try again next frame, and fail with this reason once the wait runs out.
    Retry(String),
    Fail(String),
}

/// A game's step inside a script.
#[derive(Clone)]
pub struct GameStep(pub Arc<dyn ScriptStep>);

impl GameStep {
    pub fn new(step: impl ScriptStep) -> Self {
        Self(Arc::new(step))
    }
}

impl std::fmt::Debug for GameStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for GameStep {
    fn eq(&self, other: &Self) -> bool {
        format!("{self:?}") == format!("{other:?}")
    }
}

/// A game's script commands: given a command and its words, the steps it stands for, or
/// `None` when the command is not the game's.
pub type GameCommands = fn(command: &str, words: &[&str]) -> Option<Result<Vec<Step>, String>>;

/// The games a script may name: their ids (for `screen setup ID`) and their commands.
#[derive(Clone, Copy)]
pub struct ScriptGames<'a> {
    pub ids: &'a [GameId],
    pub commands: &'a [GameCommands],
}

/// Window positions of the places the game on screen names (board cells by their names),
/// kept up to date by that game while a script runs.
#[derive(Resource, Debug, Default)]
pub struct ScriptPlaces(pub HashMap<String, Vec2>);

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
    /// A game's step handed to [`run_game_step`] this frame.
    game_step: Option<GameStep>,
    /// When the step being retried (an await, or a step whose target is not drawn yet)
    /// gives up.
    deadline: Option<Instant>,
    frame_times: Vec<f32>,
    system_times: Vec<f32>,
    game_times: Vec<f32>,
    /// The game whose screen each frame showed, to report each game's frames apart.
    frame_games: Vec<Option<GameId>>,
    update_started: Option<Instant>,
    game_started: Option<Instant>,
    game_this_frame: f32,
    launched: Instant,
    first_frame: Option<Duration>,
}

impl Script {
    /// Reads a script; `output` is the folder screenshots and figures go to.
    pub fn load(
        path: &Path,
        output: PathBuf,
        launched: Instant,
        games: ScriptGames<'_>,
    ) -> Result<Self, ScriptError> {
        let text = std::fs::read_to_string(path).map_err(|source| ScriptError::Read {
            path: path.display().to_string(),
            source,
        })?;
        Ok(Self {
            steps: parse(&text, games)?,
            output,
            waiting: 0,
            released: None,
            exiting: false,
            pointer: VecDeque::new(),
            game_step: None,
            deadline: None,
            frame_times: Vec::new(),
            system_times: Vec::new(),
            game_times: Vec::new(),
            frame_games: Vec::new(),
            update_started: None,
            game_started: None,
            game_this_frame: 0.0,
            launched,
            first_frame: None,
        })
    }
}

/// Parses the script text: one step per line, `#` starts a comment.
pub fn parse(text: &str, games: ScriptGames<'_>) -> Result<VecDeque<Step>, ScriptError> {
    let mut steps = VecDeque::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let parsed =
            parse_line(words[0], &words[1..], games).map_err(|message| ScriptError::Line {
                line: index + 1,
                message,
            })?;
        steps.extend(parsed);
    }
    Ok(steps)
}

/// A whole number from a script word.
pub fn number(word: Option<&&str>, what: &str) -> Result<u32, String> {
    word.and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("{what} needs a whole number"))
}

fn parse_line(command: &str, rest: &[&str], games: ScriptGames<'_>) -> Result<Vec<Step>, String> {
    let point = |rest: &[&str]| -> Result<Vec2, String> {
        let x = number(rest.first(), command)? as f32;
        let y = number(rest.get(1), command)? as f32;
        Ok(Vec2::new(x, y))
    };
    let step = match command {
        "wait" => Step::Wait(number(rest.first(), command)?),
        "screenshot" => {
            let name = rest
                .first()
                .filter(|n| {
                    n.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                })
                .ok_or("screenshot needs a plain name such as title")?;
            Step::Screenshot((*name).to_owned())
        }
        "screen" => match screen_named(rest, games)? {
            ScreenPattern::Exactly(screen) => Step::Screen(screen),
            ScreenPattern::AnyGame => return Err("screen game needs the game's name".into()),
        },
        "expect-screen" => Step::Expect(Condition::Screen(screen_named(rest, games)?)),
        "await-screen" => Step::Await(Condition::Screen(screen_named(rest, games)?)),
        "await-window" => {
            let width = number(rest.first(), command)?;
            let height = number(rest.get(1), command)?;
            Step::Await(Condition::WindowSize(width, height))
        }
        "expect-overlay" | "await-overlay" => {
            let overlay = match rest.first().copied() {
                Some("none") => Overlay::None,
                Some("help") => Overlay::Help,
                Some("menu") => Overlay::GameMenu,
                Some("save") => Overlay::SaveGame,
                other => return Err(format!("unknown overlay {other:?}")),
            };
            if command == "expect-overlay" {
                Step::Expect(Condition::Overlay(overlay))
            } else {
                Step::Await(Condition::Overlay(overlay))
            }
        }
        "key" => {
            const DIGITS: [KeyCode; 10] = [
                KeyCode::Digit0,
                KeyCode::Digit1,
                KeyCode::Digit2,
                KeyCode::Digit3,
                KeyCode::Digit4,
                KeyCode::Digit5,
                KeyCode::Digit6,
                KeyCode::Digit7,
                KeyCode::Digit8,
                KeyCode::Digit9,
            ];
            let key = match rest.first().copied() {
                Some("U") => KeyCode::KeyU,
                Some("R") => KeyCode::KeyR,
                Some("H") => KeyCode::KeyH,
                Some("M") => KeyCode::KeyM,
                Some("J") => KeyCode::KeyJ,
                Some("Escape") => KeyCode::Escape,
                Some("Enter") => KeyCode::Enter,
                Some("Space") => KeyCode::Space,
                Some("Backspace") => KeyCode::Backspace,
                Some("Left") => KeyCode::ArrowLeft,
                Some("Right") => KeyCode::ArrowRight,
                Some("Up") => KeyCode::ArrowUp,
                Some("Down") => KeyCode::ArrowDown,
                Some(digit) if digit.len() == 1 && digit.as_bytes()[0].is_ascii_digit() => {
                    DIGITS[usize::from(digit.as_bytes()[0] - b'0')]
                }
                other => return Err(format!("unknown key {other:?}")),
            };
            Step::Key(key)
        }
        "resize" => {
            let size = point(rest)?;
            Step::Resize(size.x, size.y)
        }
        "tap" | "jump-tap" => Step::Tap {
            spot: Spot::At(point(rest)?),
            jump: command == "jump-tap",
        },
        "tap-cell" | "jump-tap-cell" => {
            let name = rest.first().ok_or(format!("{command} needs a cell"))?;
            Step::Tap {
                spot: Spot::Place((*name).to_owned()),
                jump: command == "jump-tap-cell",
            }
        }
        "person" => Step::Person(person(rest)?),
        "random-inputs" => {
            let count = number(rest.first(), command)?;
            let seed = number(rest.get(1), command)?;
            return Ok(random_inputs(count, u64::from(seed)));
        }
        "exit" => Step::Exit,
        "attract" => Step::Attract(match rest.first() {
            None => None,
            Some(name) => match screen_named(&["game", name], games)? {
                ScreenPattern::Exactly(Screen::Game(id)) => Some(id),
                _ => return Err(format!("attract: no game is called {name}")),
            },
        }),
        "touch" => Step::Touch,
        "lesson" => match screen_named(&["game", rest.first().unwrap_or(&"")], games)? {
            ScreenPattern::Exactly(Screen::Game(id)) => {
                Step::Game(GameStep::new(LessonStep::Start(id)))
            }
            _ => return Err("lesson needs a game's name".into()),
        },
        "colour-blind" => Step::Game(GameStep::new(ColourBlindStep(match rest.first() {
            Some(&"on") => true,
            Some(&"off") => false,
            _ => return Err("colour-blind needs on or off".into()),
        }))),
        "ui-scale" => Step::Game(GameStep::new(UiScaleStep(
            super::settings::UiScale::ALL
                .into_iter()
                .find(|scale| rest.first() == Some(&scale.label().trim_end_matches(" %")))
                .ok_or("ui-scale needs 100, 125 or 150")?,
        ))),
        "expect-demo" | "await-demo" => Step::Game(GameStep::new(DemoStep {
            wait: command == "await-demo",
        })),
        "expect-saved-games" | "await-saved-games" => {
            let count = number(rest.first(), command)? as usize;
            Step::Game(GameStep::new(SavedGamesStep {
                count,
                wait: command == "await-saved-games",
            }))
        }
        "await-lesson" => {
            let step = number(rest.first(), command)?;
            Step::Game(GameStep::new(LessonStep::Reach(step.max(1) as usize - 1)))
        }
        "rules" => {
            let game = match screen_named(&["game", rest.first().unwrap_or(&"")], games)? {
                ScreenPattern::Exactly(Screen::Game(id)) => id,
                _ => return Err("rules needs a game's name".into()),
            };
            let examples = match rest.get(1).copied() {
                None | Some("text") => false,
                Some("examples") => true,
                Some(other) => return Err(format!("rules: text or examples, not {other}")),
            };
            Step::Rules { game, examples }
        }
        "language" => Step::Language(
            Language::ALL
                .into_iter()
                .find(|language| rest.first() == Some(&language.code()))
                .ok_or("language needs en, de, fr or ru")?,
        ),
        other => {
            for commands in games.commands {
                if let Some(steps) = commands(other, rest) {
                    return steps;
                }
            }
            return Err(format!("unknown command \"{other}\""));
        }
    };
    Ok(vec![step])
}

/// `title`, `settings`, `rules`, `setup GAME`, `game GAME`, or `game` for any game's.
fn screen_named(words: &[&str], games: ScriptGames<'_>) -> Result<ScreenPattern, String> {
    let game = |name: Option<&&str>| -> Result<Option<GameId>, String> {
        let Some(name) = name else { return Ok(None) };
        games
            .ids
            .iter()
            .find(|id| id.0 == *name)
            .copied()
            .map(Some)
            .ok_or_else(|| format!("no game is called {name}"))
    };
    Ok(match (words.first().copied(), game(words.get(1))?) {
        (Some("title"), None) => ScreenPattern::Exactly(Screen::Title),
        (Some("settings"), None) => ScreenPattern::Exactly(Screen::Settings),
        (Some("rules"), None) => ScreenPattern::Exactly(Screen::Rules),
        (Some("saved-games"), None) => ScreenPattern::Exactly(Screen::SavedGames),
        (Some("setup"), Some(id)) => ScreenPattern::Exactly(Screen::Setup(id)),
        (Some("game"), Some(id)) => ScreenPattern::Exactly(Screen::Game(id)),
        (Some("game"), None) => ScreenPattern::AnyGame,
        _ => return Err(format!("unknown screen {:?}", words.join(" "))),
    })
}

/// Parses `person click|jump-click|right-click (button TEXT | cell NAME | at X Y)`,
/// `person drag (cell NAME | at X Y) (cell NAME | at X Y)`, `person key NAME`,
/// `person fidget ACTIONS SEED` and `person visitor ACTIONS SEED`.
fn person(words: &[&str]) -> Result<PersonAction, String> {
    let usage = "person needs click, jump-click or right-click with button TEXT, cell NAME or \
                 at X Y, drag with two cells or points, key NAME, or fidget or visitor ACTIONS \
                 SEED";
    if let Some(&kind @ ("fidget" | "visitor")) = words.first() {
        return match words {
            [_, actions, seed] => match (actions.parse(), seed.parse()) {
                (Ok(actions), Ok(seed)) if kind == "fidget" => {
                    Ok(PersonAction::Fidget { actions, seed })
                }
                (Ok(actions), Ok(seed)) => Ok(PersonAction::Visitor { actions, seed }),
                _ => Err(usage.to_owned()),
            },
            _ => Err(usage.to_owned()),
        };
    }
    if words.first() == Some(&"drag") {
        // Two spots of `cell NAME` or `at X Y`, one after the other.
        let spot = |words: &[&str]| -> Result<(Spot, usize), String> {
            match words {
                ["cell", name, ..] => Ok((Spot::Place((*name).to_owned()), 2)),
                ["at", x, y, ..] => {
                    let x: u32 = x.parse().map_err(|_| usage.to_owned())?;
                    let y: u32 = y.parse().map_err(|_| usage.to_owned())?;
                    Ok((Spot::At(Vec2::new(x as f32, y as f32)), 3))
                }
                _ => Err(usage.to_owned()),
            }
        };
        let (from, used) = spot(&words[1..])?;
        let (to, rest) = spot(&words[1 + used..])?;
        if words.len() != 1 + used + rest {
            return Err(usage.to_owned());
        }
        return Ok(PersonAction::Drag { from, to });
    }
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
        (Some("cell"), [name]) => Spot::Place((*name).to_owned()),
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
    app.init_resource::<ScriptPlaces>()
        .add_systems(
            PreUpdate,
            (start_update_timer, run_steps, run_game_step)
                .chain()
                .after(InputSystems),
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

fn record_frame_time(
    mut script: ResMut<Script>,
    time: Res<Time<Real>>,
    screen: Option<Res<State<Screen>>>,
) {
    if script.first_frame.is_none() {
        script.first_frame = Some(script.launched.elapsed());
    }
    let delta = time.delta_secs() * 1000.0;
    // Frames and game times are kept in step, so that each game's share can be picked out.
    if delta <= 0.0 {
        script.game_this_frame = 0.0;
        return;
    }
    script.frame_times.push(delta);
    let game = std::mem::take(&mut script.game_this_frame);
    script.game_times.push(game);
    let showing = screen.and_then(|screen| match *screen.get() {
        Screen::Game(id) => Some(id),
        _ => None,
    });
    script.frame_games.push(showing);
}

/// What the checks and taps read: the screen and overlay showing, and the game's places.
type Observed<'w> = (
    Option<Res<'w, State<Screen>>>,
    Option<Res<'w, Overlay>>,
    Res<'w, ScriptPlaces>,
);

#[expect(
    clippy::too_many_arguments,
    reason = "a script step can touch any part of the app"
)]
fn run_steps(
    mut commands: Commands,
    mut script: ResMut<Script>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut next: ResMut<NextState<Screen>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    (capturing, pending): (Query<(), With<Capturing>>, Query<(), With<Screenshot>>),
    (screen, overlay, places): Observed<'_>,
    mut contexts: EguiContexts,
    mut pointer: ResMut<SyntheticPointer>,
    mut exit: MessageWriter<AppExit>,
    (mut attract, mut typed, mut settings): (
        ResMut<Attract>,
        MessageWriter<KeyboardInput>,
        ResMut<Settings>,
    ),
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
    // The side panels' widths in window pixels, at the scale they are drawn.
    let zoom = contexts.ctx_mut().map_or(1.0, |ctx| ctx.zoom_factor());
    // Where a spot is in the window, once it is drawn.
    let mut locate = |spot: &Spot| -> Option<Vec2> {
        match spot {
            Spot::At(at) => Some(*at),
            Spot::Place(name) => places.0.get(name).copied(),
            Spot::Button(text) => {
                let ctx = contexts.ctx_mut().ok()?;
                let place = button_place(ctx, text).filter(|p| p.enabled)?;
                let centre = place.rect.center() * ctx.zoom_factor();
                Some(Vec2::new(centre.x, centre.y))
            }
        }
    };
    let outcome = match &step {
        Step::Wait(frames) => StepOutcome::Wait(*frames),
        Step::Screenshot(name) => {
            if let Err(error) = std::fs::create_dir_all(&script.output) {
                let folder = script.output.display();
                fail(&mut exit, &format!("cannot create {folder}: {error}"));
                return;
            }
            let path = script.output.join(format!("{name}.png"));
            info!("screenshot {}", path.display());
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path));
            StepOutcome::Wait(2)
        }
        Step::Screen(screen) => {
            next.set(*screen);
            StepOutcome::Wait(2)
        }
        Step::Key(key) => {
            keys.press(*key);
            script.released = Some(*key);
            StepOutcome::Done
        }
        Step::Resize(width, height) => {
            for mut window in &mut windows {
                window.resolution.set(*width, *height);
            }
            StepOutcome::Wait(3)
        }
        Step::Tap { spot, jump } => match locate(spot) {
            Some(at) => {
                tap(&mut script, at, *jump);
                StepOutcome::Wait(2)
            }
            None => StepOutcome::Retry(format!("{spot:?} is not on the screen")),
        },
        Step::Expect(condition) | Step::Await(condition) => {
            let (holds, found) = match condition {
                Condition::Screen(expected) => {
                    let showing = screen.as_ref().map(|s| *s.get());
                    (
                        showing.is_some_and(|s| expected.matches(s)),
                        format!("{showing:?}"),
                    )
                }
                Condition::Overlay(expected) => {
                    let showing = overlay.as_deref().copied();
                    (showing == Some(*expected), format!("{showing:?}"))
                }
                Condition::WindowSize(width, height) => {
                    let size = windows
                        .iter()
                        .next()
                        .map(|w| (w.width().round() as u32, w.height().round() as u32));
                    (size == Some((*width, *height)), format!("{size:?}"))
                }
            };
            let why = format!("expected {condition:?}, found {found}");
            match (holds, &step) {
                (true, _) => StepOutcome::Done,
                (false, Step::Await(_)) => StepOutcome::Retry(why),
                (false, _) => StepOutcome::Fail(why),
            }
        }
        Step::Person(action) => {
            let line = match action {
                PersonAction::Key(name) => Some(format!("person: key {name}")),
                PersonAction::Fidget { actions, seed } => Some(format!(
                    "person: fidget {actions} {seed} {} {}",
                    super::game_screen::LEFT_PANEL_WIDTH * zoom,
                    super::game_screen::RIGHT_PANEL_WIDTH * zoom
                )),
                PersonAction::Visitor { actions, seed } => {
                    Some(format!("person: visitor {actions} {seed}"))
                }
                PersonAction::Click { how, spot } => locate(spot)
                    .map(|at| format!("person: {how} {} {}", at.x.round(), at.y.round())),
                PersonAction::Drag { from, to } => locate(from).zip(locate(to)).map(|(a, b)| {
                    format!(
                        "person: drag {} {} {} {}",
                        a.x.round(),
                        a.y.round(),
                        b.x.round(),
                        b.y.round()
                    )
                }),
            };
            match line {
                Some(line) => {
                    println!("{line}");
                    StepOutcome::Done
                }
                None => StepOutcome::Retry(format!("{action:?}: nothing there to act on")),
            }
        }
        Step::Game(game_step) => {
            // Carried out right after this system, with the whole world at hand.
            script.game_step = Some(game_step.clone());
            return;
        }
        Step::Exit => {
            script.exiting = true;
            StepOutcome::Done
        }
        Step::Attract(game) => {
            attract.start_now(*game);
            StepOutcome::Wait(3)
        }
        Step::Rules { game, examples } => {
            commands.insert_resource(RulesPage(Some(*game)));
            commands.insert_resource(RulesExamples(*examples));
            next.set(Screen::Rules);
            StepOutcome::Wait(3)
        }
        Step::Language(language) => {
            settings.language = *language;
            StepOutcome::Wait(3)
        }
        Step::Touch => {
            typed.write(KeyboardInput {
                key_code: KeyCode::Space,
                logical_key: bevy::input::keyboard::Key::Space,
                state: bevy::input::ButtonState::Pressed,
                text: None,
                repeat: false,
                // No window-specific handling reads it; the attract mode only counts it.
                window: Entity::PLACEHOLDER,
            });
            StepOutcome::Wait(3)
        }
    };
    if let Some(failure) = settle(&mut script, step, outcome) {
        fail(&mut exit, &failure);
    }
}

/// Carries out a game's step that [`run_steps`] handed on.
fn run_game_step(world: &mut World) {
    let Some(step) = world
        .get_resource_mut::<Script>()
        .and_then(|mut script| script.game_step.take())
    else {
        return;
    };
    let outcome = step.0.run(world);
    let mut script = world.resource_mut::<Script>();
    if let Some(failure) = settle(&mut script, Step::Game(step), outcome) {
        eprintln!("abakus: script check failed: {failure}");
        world.write_message(AppExit::from_code(3));
    }
}

/// Acts on a step's outcome: waits, retries it next frame until its deadline passes, or
/// returns the reason the run fails.
fn settle(script: &mut Script, step: Step, outcome: StepOutcome) -> Option<String> {
    match outcome {
        StepOutcome::Done => {
            script.deadline = None;
            None
        }
        StepOutcome::Wait(frames) => {
            script.deadline = None;
            script.waiting = frames;
            None
        }
        StepOutcome::Retry(why) => {
            let deadline = *script
                .deadline
                .get_or_insert_with(|| Instant::now() + Duration::from_secs(AWAIT_SECONDS));
            if Instant::now() > deadline {
                script.deadline = None;
                return Some(format!("{why} after {AWAIT_SECONDS} s"));
            }
            script.steps.push_front(step);
            None
        }
        StepOutcome::Fail(why) => {
            script.deadline = None;
            Some(why)
        }
    }
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
}

/// Ends the run with exit code 3 and one line saying what the script expected.
fn fail(exit: &mut MessageWriter<AppExit>, message: &str) {
    eprintln!("abakus: script check failed: {message}");
    exit.write(AppExit::from_code(3));
}

/// Random taps over the board, keys and window sizes, as a stranger at a booth might give.
/// Windows stay at least 1100×600 and taps stay between the side panels, so the run stays on
/// the game screen (a tap on Quit would end it).
fn random_inputs(count: u32, seed: u64) -> Vec<Step> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let keys = [KeyCode::KeyU, KeyCode::KeyR, KeyCode::KeyH, KeyCode::KeyM];
    (0..count)
        .map(|_| match rng.random_range(0..20) {
            0..=14 => Step::Tap {
                spot: Spot::At(Vec2::new(
                    rng.random_range(272.0..860.0),
                    rng.random_range(10.0..590.0),
                )),
                jump: rng.random_bool(0.3),
            },
            15..=18 => Step::Key(keys[rng.random_range(0..keys.len())]),
            _ => Step::Resize(
                rng.random_range(1100.0..1600.0_f32).round(),
                rng.random_range(600.0..900.0_f32).round(),
            ),
        })
        .collect()
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
    // Each game's screen apart: its frames and its own systems' time.
    let mut games: Vec<GameId> = script.frame_games.iter().flatten().copied().collect();
    games.sort_by_key(|id| id.0);
    games.dedup();
    for id in games {
        let pick = |values: &[f32]| {
            let mut picked: Vec<f32> = values
                .iter()
                .zip(&script.frame_games)
                .filter(|(_, game)| **game == Some(id))
                .map(|(value, _)| *value)
                .collect();
            picked.sort_by(f32::total_cmp);
            picked
        };
        let (frames, game) = (pick(&script.frame_times), pick(&script.game_times));
        let _ = writeln!(
            text,
            "on the {} game screen: {} frames | frame time median {:.1} ms, 95th percentile {:.1} ms, worst {:.1} ms | game systems median {:.2} ms, 95th percentile {:.2} ms, worst {:.2} ms",
            id.0,
            frames.len(),
            percentile(&frames, 0.5),
            percentile(&frames, 0.95),
            frames.last().copied().unwrap_or(0.0),
            percentile(&game, 0.5),
            percentile(&game, 0.95),
            game.last().copied().unwrap_or(0.0)
        );
    }
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

    /// The step's word is only compared through `Debug`, as scripts compare game steps.
    #[derive(Debug)]
    struct Moved(#[allow(dead_code)] String);

    impl ScriptStep for Moved {
        fn run(&self, _: &mut World) -> StepOutcome {
            StepOutcome::Done
        }
    }

    /// A stand-in game with one command, `move WORD`.
    fn moves(command: &str, words: &[&str]) -> Option<Result<Vec<Step>, String>> {
        (command == "move").then(|| match words {
            [word] => Ok(vec![Step::Game(GameStep::new(Moved((*word).to_owned())))]),
            _ => Err("move needs one word".into()),
        })
    }

    const GAMES: ScriptGames<'static> = ScriptGames {
        ids: &[GameId("demo")],
        commands: &[moves],
    };

    #[test]
    fn scripts_parse_and_bad_lines_are_named() {
        let steps = parse(
            "# demo\nscreen setup demo\nmove E5\nwait 10 # settle\nscreenshot mid-game\nkey U\nexit\n",
            GAMES,
        )
        .unwrap();
        assert_eq!(steps.len(), 6);
        assert_eq!(steps[0], Step::Screen(Screen::Setup(GameId("demo"))));
        assert_eq!(steps[1], Step::Game(GameStep::new(Moved("E5".into()))));
        let error = parse("wait 3\nmove\n", GAMES).unwrap_err();
        assert!(error.to_string().starts_with("script line 2:"), "{error}");
        assert!(parse("screenshot ../escape", GAMES).is_err());
        assert!(parse("screen setup nosuchgame", GAMES).is_err());
        assert!(parse("screen game", GAMES).is_err(), "which game?");
        assert!(parse("dance", GAMES).is_err());
        let checks = parse(
            "tap 320 650\njump-tap-cell E5\nawait-screen game\nexpect-overlay none\n",
            GAMES,
        )
        .unwrap();
        assert_eq!(
            checks[0],
            Step::Tap {
                spot: Spot::At(Vec2::new(320.0, 650.0)),
                jump: false
            }
        );
        assert_eq!(
            checks[1],
            Step::Tap {
                spot: Spot::Place("E5".into()),
                jump: true
            }
        );
        assert_eq!(
            checks[2],
            Step::Await(Condition::Screen(ScreenPattern::AnyGame))
        );
        assert!(parse("tap 5", GAMES).is_err());
    }

    #[test]
    fn a_person_is_asked_for_buttons_cells_points_and_keys() {
        let steps = parse(
            "person click button Play Abakus\nperson jump-click cell E5\nperson right-click at 3 4\nperson key Escape\n",
            GAMES,
        )
        .unwrap();
        assert_eq!(
            steps[0],
            Step::Person(PersonAction::Click {
                how: "click",
                spot: Spot::Button("Play Abakus".into())
            })
        );
        assert_eq!(
            steps[1],
            Step::Person(PersonAction::Click {
                how: "jump-click",
                spot: Spot::Place("E5".into())
            })
        );
        assert_eq!(steps[3], Step::Person(PersonAction::Key("Escape".into())));
        let drag = parse("person drag cell rack-1 at 10 20\n", GAMES).unwrap();
        assert_eq!(
            drag[0],
            Step::Person(PersonAction::Drag {
                from: Spot::Place("rack-1".into()),
                to: Spot::At(Vec2::new(10.0, 20.0))
            })
        );
        assert!(parse("person drag cell rack-1\n", GAMES).is_err());
        assert_eq!(
            parse("person fidget 500 7\n", GAMES).unwrap()[0],
            Step::Person(PersonAction::Fidget {
                actions: 500,
                seed: 7
            })
        );
        assert!(parse("person fidget 500\n", GAMES).is_err());
        assert!(parse("person wave", GAMES).is_err());
        assert!(parse("person click cell", GAMES).is_err());
    }
}
