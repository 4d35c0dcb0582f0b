//! The script being run: the steps to come, the step in hand, and the frame times so far.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::picking::pointer::PointerAction;
use bevy::prelude::*;

use super::parse::{ScriptError, parse};
use super::step::{GameStep, ScriptGames, Step};
use crate::app::base::games::GameId;

/// The script being run, and what it has measured so far.
#[derive(Resource, Debug)]
pub struct Script {
    pub(super) steps: VecDeque<Step>,
    pub(super) output: PathBuf,
    pub(super) waiting: u32,
    /// A `wait`'s end in real time: its frames, or as long as they take at
    /// [`super::step::WAIT_FRAME_RATE`] when frames are slower, whichever comes first.
    pub(super) waiting_until: Option<Instant>,
    pub(super) released: Option<KeyCode>,
    pub(super) exiting: bool,
    /// Scripted pointer actions, one batch per frame.
    pub(super) pointer: VecDeque<Vec<(Vec2, PointerAction)>>,
    /// A game's step handed on to be carried out with the whole world this frame.
    pub(super) game_step: Option<GameStep>,
    /// When the step being retried (an await, or a step whose target is not drawn yet)
    /// gives up.
    pub(super) deadline: Option<Instant>,
    /// Whether this frame came after a rest, so that its time measures the rest, not the
    /// drawing.
    pub(super) after_rest: bool,
    pub(super) frame_times: Vec<f32>,
    pub(super) system_times: Vec<f32>,
    pub(super) game_times: Vec<f32>,
    /// The game whose screen each frame showed, to report each game's frames apart.
    pub(super) frame_games: Vec<Option<GameId>>,
    pub(super) update_started: Option<Instant>,
    pub(super) game_started: Option<Instant>,
    pub(super) game_this_frame: f32,
    pub(super) launched: Instant,
    pub(super) first_frame: Option<Duration>,
}

impl Script {
    /// Steps a game's step asks for, carried out next, in their order: a person's hand
    /// worked out from the game as it stands, say.
    pub fn then(&mut self, steps: Vec<Step>) {
        for step in steps.into_iter().rev() {
            self.steps.push_front(step);
        }
    }

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
            waiting_until: None,
            released: None,
            exiting: false,
            pointer: VecDeque::new(),
            game_step: None,
            deadline: None,
            after_rest: false,
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

    /// Whether the step in hand waits for the game rather than for frames to pass: the
    /// window then rests between frames.
    pub(super) fn is_resting(&self) -> bool {
        self.deadline.is_some()
    }
}
