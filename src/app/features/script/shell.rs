//! The shell's own steps that need the whole world: lessons, settings, the demo and saved games.

use bevy::prelude::*;

use super::step::{ScriptStep, StepOutcome};
use crate::app::base::games::GameId;
use crate::app::base::settings::{Settings, UiScale};
use crate::app::base::statistics::Statistics;
use crate::app::features::attract::DemoShowing;
use crate::app::features::practice::Practice;
use crate::app::features::records::saved_games;
use crate::app::features::review::{Review, ReviewState};
use crate::app::features::tutorial::{Lesson, StartLesson};

/// The shell's steps for the lessons: start a game's, and wait for a step (counted from 1 in
/// the script, as the card counts).
#[derive(Debug)]
pub(super) enum LessonStep {
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
pub(super) struct ColourBlindStep(pub(super) bool);

impl ScriptStep for ColourBlindStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        world.resource_mut::<Settings>().colour_blind = self.0;
        StepOutcome::Wait(3)
    }
}

/// Sets the size of the panels and menus, as the settings would.
#[derive(Debug)]
pub(super) struct UiScaleStep(pub(super) UiScale);

impl ScriptStep for UiScaleStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        world.resource_mut::<Settings>().ui_scale = self.0;
        StepOutcome::Wait(5)
    }
}

/// Checks that the attract mode is showing a demo game.
#[derive(Debug)]
pub(super) struct DemoStep {
    pub(super) wait: bool,
}

impl ScriptStep for DemoStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        let showing = world.contains_resource::<DemoShowing>();
        match (showing, self.wait) {
            (true, _) => StepOutcome::Done,
            (false, true) => StepOutcome::Retry("no demo is showing".into()),
            (false, false) => StepOutcome::Fail("no demo is showing".into()),
        }
    }
}

/// Checks how many saved games the saved-games list would show.
#[derive(Debug)]
pub(super) struct SavedGamesStep {
    pub(super) count: usize,
    pub(super) wait: bool,
}

impl ScriptStep for SavedGamesStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        let found = saved_games(world).len();
        match (found == self.count, self.wait) {
            (true, _) => StepOutcome::Done,
            (false, true) => StepOutcome::Retry(format!("{found} saved games, not {}", self.count)),
            (false, false) => StepOutcome::Fail(format!("{found} saved games, not {}", self.count)),
        }
    }
}

/// Checks how many players the statistics hold a record for.
#[derive(Debug)]
pub(super) struct StatisticsStep {
    pub(super) players: usize,
    pub(super) wait: bool,
}

impl ScriptStep for StatisticsStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        let found = world
            .get_resource::<Statistics>()
            .map_or(0, |statistics| statistics.players.len());
        let why = || format!("{found} players have statistics, not {}", self.players);
        match (found == self.players, self.wait) {
            (true, _) => StepOutcome::Done,
            (false, true) => StepOutcome::Retry(why()),
            (false, false) => StepOutcome::Fail(why()),
        }
    }
}

/// The review of the game on the screen: ask for it, as the end card's button does, wait
/// until it is done, or wait until it looks at a move (counted from 0); look at its first
/// mistake, and try the move looked at again (as its button does).
#[derive(Debug)]
pub(super) enum ReviewStep {
    Ask,
    Done,
    LookingAt(usize),
    FirstMistake,
    TryAgain,
}

/// Waits for the verdict on a move tried again from the review.
#[derive(Debug)]
pub(super) struct TryJudgedStep;

impl ScriptStep for TryJudgedStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        match world.get_resource::<Practice>() {
            Some(practice) if practice.verdict.is_some() => StepOutcome::Done,
            Some(_) => StepOutcome::Retry("the move tried is not judged".into()),
            None => StepOutcome::Fail("no move is being tried again".into()),
        }
    }
}

impl ScriptStep for ReviewStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        let mut review = world.resource_mut::<Review>();
        match self {
            ReviewStep::Ask => {
                review.asked = true;
                StepOutcome::Wait(3)
            }
            ReviewStep::Done => match &review.state {
                ReviewState::Done(..) => StepOutcome::Done,
                ReviewState::Failed(why) => StepOutcome::Fail(format!("no review: {why}")),
                _ => StepOutcome::Retry("the review is not done".into()),
            },
            ReviewStep::FirstMistake => {
                let ReviewState::Done(_, shown) = &review.state else {
                    return StepOutcome::Fail("no review to look at".into());
                };
                let mistake = shown.1.rows.iter().position(|row| {
                    row.label
                        .is_some_and(abakus_rules::review::Label::is_mistake)
                });
                match mistake {
                    Some(at) => {
                        review.selected = at;
                        StepOutcome::Done
                    }
                    None => StepOutcome::Fail("the review marks no mistake".into()),
                }
            }
            ReviewStep::TryAgain => {
                review.try_again = Some(review.selected);
                StepOutcome::Wait(3)
            }
            ReviewStep::LookingAt(at) if review.selected == *at => StepOutcome::Done,
            ReviewStep::LookingAt(at) => StepOutcome::Retry(format!(
                "the review looks at move {}, not {}",
                review.selected + 1,
                at + 1
            )),
        }
    }
}
