//! Where the player is: the screen showing, the game it belongs to and the panel over it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::state::state::StateTransitionSystems;

use crate::app::base::games::GameId;

/// Which screen is showing. Everything a screen spawns despawns when it is left.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    /// A game's setup: players, board and variants.
    Setup(GameId),
    /// A game being played.
    Game(GameId),
    Settings,
    Rules,
    /// The saved games, to load or delete.
    SavedGames,
    /// Each player's record over the games they finished.
    Statistics,
    /// Games in rooms elsewhere: one to join by its link, one to go back to, how to host.
    Online,
}

impl Screen {
    /// The game this screen belongs to, if any.
    #[must_use]
    pub fn game(self) -> Option<GameId> {
        match self {
            Screen::Setup(game) | Screen::Game(game) => Some(game),
            _ => None,
        }
    }
}

/// The screen that Back returns to from the settings and rules screens.
#[derive(Resource, Debug, Clone, Copy)]
pub struct ReturnTo(pub Screen);

/// A panel shown over the current screen; a new screen opens with none.
#[derive(States, Debug, Default, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overlay {
    #[default]
    None,
    Help,
    GameMenu,
    /// The save dialog, opened from the game menu.
    SaveGame,
    /// The review of the game on the screen.
    Review,
    /// A move tried again from the review, being judged or judged.
    Practice,
    /// A booth's organiser's controls, over any screen.
    Booth,
}

/// A game's board a person may play on: its screen, with no panel over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardInPlay(pub GameId);

impl ComputedStates for BoardInPlay {
    type SourceStates = (Screen, Overlay);

    fn compute((screen, overlay): (Screen, Overlay)) -> Option<Self> {
        match (screen, overlay) {
            (Screen::Game(game), Overlay::None) => Some(BoardInPlay(game)),
            _ => None,
        }
    }
}

/// The panel over the screen, to read and to change. A change asked for is what every later
/// reader sees at once, and the state takes it at the next transition.
#[derive(SystemParam)]
pub struct Overlays<'w> {
    current: Res<'w, State<Overlay>>,
    next: ResMut<'w, NextState<Overlay>>,
}

impl Overlays<'_> {
    /// The panel showing, or asked for this frame.
    #[must_use]
    pub fn shown(&self) -> Overlay {
        pending(&self.next).unwrap_or(*self.current.get())
    }

    /// Whether no panel covers the screen.
    #[must_use]
    pub fn none(&self) -> bool {
        self.shown() == Overlay::None
    }

    /// Opens this panel (or, with `Overlay::None`, closes the one showing).
    pub fn show(&mut self, overlay: Overlay) {
        NextState::set_if_neq(&mut self.next, overlay);
    }

    /// Closes the panel showing.
    pub fn close(&mut self) {
        self.show(Overlay::None);
    }

    /// Opens this panel, or closes it when it is the one showing.
    pub fn toggle(&mut self, overlay: Overlay) {
        let wanted = if self.shown() == overlay {
            Overlay::None
        } else {
            overlay
        };
        self.show(wanted);
    }
}

/// The panel showing, or asked for, read from a world (for exclusive systems and tests).
#[must_use]
pub fn overlay_shown(world: &World) -> Overlay {
    let asked = world.get_resource::<NextState<Overlay>>().and_then(pending);
    let current = world.get_resource::<State<Overlay>>().map(|s| *s.get());
    asked.or(current).unwrap_or_default()
}

/// Opens `overlay` from a world (for exclusive systems and tests).
pub fn show_overlay(world: &mut World, overlay: Overlay) {
    if let Some(mut next) = world.get_resource_mut::<NextState<Overlay>>() {
        NextState::set_if_neq(&mut next, overlay);
    }
}

fn pending(next: &NextState<Overlay>) -> Option<Overlay> {
    match next {
        NextState::Pending(overlay) | NextState::PendingIfNeq(overlay) => Some(*overlay),
        NextState::Unchanged => None,
    }
}

/// Registers the screen and its panel; a screen change closes the panel in the same
/// transition, so no panel of the old screen is drawn over the new one.
pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<Overlay>()
        .add_computed_state::<BoardInPlay>()
        .add_systems(
            StateTransition,
            close_overlay_with_screen.before(StateTransitionSystems::DependentTransitions),
        );
}

fn close_overlay_with_screen(screen: Res<NextState<Screen>>, mut overlays: Overlays) {
    if !matches!(*screen, NextState::Unchanged) {
        overlays.close();
    }
}
