//! The games the shell offers: each game's plugin registers itself, and the shared screens
//! list what is registered without naming any game.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::base::i18n::Language;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GameRegistry>()
        .init_resource::<ContinueOffers>()
        .init_resource::<RulesPage>()
        .init_resource::<RulesExamples>()
        .add_message::<ResumeGame>();
}

/// A game's name in the screens' states and the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameId(pub &'static str);

/// What the shared screens show of a game, in the player's language.
#[derive(Debug, Clone, Copy)]
pub struct GameEntry {
    pub id: GameId,
    /// The game's name.
    pub name: fn(Language) -> &'static str,
    /// The title screen's button that starts a new game.
    pub play: fn(Language) -> &'static str,
    /// One line under that button.
    pub about: fn(Language) -> &'static str,
    /// The rules screen's heading and text, once the game has them.
    pub rules: Option<RulesText>,
    /// How to play, in a line or two, for the help overlay over this game's screens.
    pub help: fn(Language) -> &'static str,
    /// False while a game's screens are still being built: listed, but not startable.
    pub playable: bool,
}

#[derive(Debug, Clone, Copy)]
pub struct RulesText {
    pub title: fn(Language) -> &'static str,
    pub body: fn(Language) -> &'static str,
    /// Drawn examples of the key cases, under the text.
    pub diagrams: Option<fn(&mut egui::Ui, Language)>,
}

/// Every game the app hosts, in the order the title screen lists them.
#[derive(Resource, Debug, Default)]
pub struct GameRegistry(Vec<GameEntry>);

impl GameRegistry {
    #[must_use]
    pub fn entries(&self) -> &[GameEntry] {
        &self.0
    }

    #[must_use]
    pub fn get(&self, id: GameId) -> Option<&GameEntry> {
        self.0.iter().find(|entry| entry.id == id)
    }
}

/// Adds a game to the shell; a game's plugin calls this once.
pub fn register(app: &mut App, entry: GameEntry) {
    let mut registry = app
        .world_mut()
        .get_resource_or_insert_with(GameRegistry::default);
    registry.0.retain(|known| known.id != entry.id);
    registry.0.push(entry);
}

/// What each game gives one feature of the shell (its demo, its lesson, its saved games), in
/// the order the games registered: each feature keeps its own, so the registry names none.
#[derive(Resource, Debug)]
pub struct GameHooks<T: Send + Sync + 'static>(Vec<(GameId, T)>);

impl<T: Send + Sync + 'static> Default for GameHooks<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T: Copy + Send + Sync + 'static> GameHooks<T> {
    /// This game's hooks, if it gave any.
    #[must_use]
    pub fn get(&self, game: GameId) -> Option<T> {
        self.0
            .iter()
            .find(|(id, _)| *id == game)
            .map(|(_, hooks)| *hooks)
    }

    /// Every game that gave hooks, with them.
    #[must_use]
    pub fn all(&self) -> &[(GameId, T)] {
        &self.0
    }
}

/// Gives a feature this game's hooks; a game's plugin calls this once per feature.
pub fn register_hooks<T: Copy + Send + Sync + 'static>(app: &mut App, game: GameId, hooks: T) {
    let mut registry = app
        .world_mut()
        .get_resource_or_insert_with(GameHooks::<T>::default);
    registry.0.retain(|(id, _)| *id != game);
    registry.0.push((game, hooks));
}

/// Unfinished games found on disk, offered as Continue on the title screen. Each game keeps
/// its own offer up to date whenever the title screen opens.
#[derive(Resource, Debug, Default)]
pub struct ContinueOffers(Vec<ContinueOffer>);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContinueOffer {
    pub game: GameId,
    /// Where the game stands, in words: "Side 5, 12 moves played".
    pub summary: String,
}

impl ContinueOffers {
    /// Sets or withdraws a game's offer.
    pub fn set(&mut self, game: GameId, summary: Option<String>) {
        self.0.retain(|offer| offer.game != game);
        if let Some(summary) = summary {
            self.0.push(ContinueOffer { game, summary });
        }
    }

    #[must_use]
    pub fn offers(&self) -> &[ContinueOffer] {
        &self.0
    }
}

/// The player chose Continue: the game puts its saved match back as its screen opens.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResumeGame(pub GameId);

/// Which game's rules the rules screen shows.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RulesPage(pub Option<GameId>);

/// Whether the rules screen shows the drawn examples rather than the text.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RulesExamples(pub bool);
