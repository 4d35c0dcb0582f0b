//! The steps a script is made of, what becomes of them, and what a game adds to them.

use std::collections::HashMap;
use std::sync::Arc;

use bevy::prelude::*;

use crate::app::base::games::GameId;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::{Overlay, Screen};

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
    /// Waits (as an await) for a file of this name in the run's output folder: a program
    /// driving the game from outside (a phone's browser) says there that it saw what it
    /// waited for.
    AwaitFile(String),
    /// Asks the person (or test) driving the real mouse and keyboard to act: prints a line
    /// `person: ACTION X Y` or `person: key NAME` on standard output, with window
    /// coordinates in logical pixels.
    Person(PersonAction),
    /// Starts the attract mode now, with this game first if one is named.
    Attract(Option<GameId>),
    /// Opens a booth's organiser's controls, as Ctrl+Alt+B does.
    BoothControls,
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
    /// The board shows on the 3D table (`true`) or flat.
    OnTable(bool),
}

/// A screen, or any game's game screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ScreenPattern {
    Exactly(Screen),
    AnyGame,
}

impl ScreenPattern {
    pub(super) fn matches(self, screen: Screen) -> bool {
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
    /// Words typed on the keyboard, key by key, into the field that has it.
    Type(String),
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

/// The frame rate a `wait N` counts in: its N frames, or as long as N frames take at this rate
/// where frames are slower (the 3D table on a software renderer), so that a wait lets the same
/// stretch of the game's own time pass on any machine.
pub const WAIT_FRAME_RATE: f64 = 30.0;

/// How long an `await` or a `person` step waits for its condition or its target: long enough
/// for the longest wait a script has, a tile game's review (each turn's best, and the move
/// played and the best played on 64 to 256 deals), on a slow 2-core machine drawing a second
/// window beside it.
pub const AWAIT_SECONDS: u64 = 180;
