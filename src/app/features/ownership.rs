//! Whose match the game screen shows: a person's, a lesson's or a demo's, answered in one place.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::features::attract::DemoShowing;
use crate::app::features::practice::Practice;
use crate::app::features::tutorial::Lesson;

/// Who the match on the screen belongs to. Only a person's match is saved or offered to
/// continue; a demo shown while a lesson waits owns the screen until it hands the lesson back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchOwner {
    Person,
    Lesson,
    Demo,
    /// A move of a reviewed game tried again.
    Practice,
}

/// Reads who owns the match on the screen.
#[derive(SystemParam)]
pub struct Owner<'w> {
    demo: Option<Res<'w, DemoShowing>>,
    lesson: Option<Res<'w, Lesson>>,
    practice: Option<Res<'w, Practice>>,
}

impl Owner<'_> {
    #[must_use]
    pub fn get(&self) -> MatchOwner {
        owner_of(
            self.demo.is_some(),
            self.lesson.is_some(),
            self.practice.is_some(),
        )
    }

    /// The lesson, while it owns the match (not kept aside under a demo).
    #[must_use]
    pub fn lesson(&self) -> Option<&Lesson> {
        self.lesson.as_deref().filter(|_| self.demo.is_none())
    }
}

/// Who owns the match in `world`, for code that holds the world rather than system params.
#[must_use]
pub fn match_owner(world: &World) -> MatchOwner {
    owner_of(
        world.contains_resource::<DemoShowing>(),
        world.contains_resource::<Lesson>(),
        world.contains_resource::<Practice>(),
    )
}

fn owner_of(demo: bool, lesson: bool, practice: bool) -> MatchOwner {
    match (demo, lesson, practice) {
        (true, _, _) => MatchOwner::Demo,
        (false, true, _) => MatchOwner::Lesson,
        (false, false, true) => MatchOwner::Practice,
        (false, false, false) => MatchOwner::Person,
    }
}
