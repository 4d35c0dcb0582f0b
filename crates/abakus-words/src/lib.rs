//! Every word a player reads, in the player's language: Fluent catalogs under `assets/i18n/`,
//! one per language and part (the shell's, and each game's own), built into the program, for
//! the game window and for every page a game is played on.
//!
//! Plurals, cases and word order are the translator's: a message gets its numbers and names as
//! arguments and each language's file decides how to say it.

pub mod hex;
pub mod names;
pub mod rooms;
pub mod tiles;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

/// The languages the app speaks, in the order of [`Language::ALL`] (which [`Language::pick`]
/// relies on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    German,
    French,
    Russian,
}

impl Language {
    /// Every language, in the order the settings offer them.
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::German,
        Language::French,
        Language::Russian,
    ];

    /// This language's entry among `options`, given in the order of [`Language::ALL`].
    #[must_use]
    pub fn pick<T: Copy>(self, options: [T; 4]) -> T {
        options[self as usize]
    }

    /// The language's code, which names its folder under `assets/i18n/`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
            Language::French => "fr",
            Language::Russian => "ru",
        }
    }

    /// The language of exactly this code (`en`, `de`, `fr`, `ru`), if it is one.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|language| language.code() == code)
    }

    /// The language's name in itself, as the settings list it.
    #[must_use]
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "Deutsch",
            Language::French => "Français",
            Language::Russian => "Русский",
        }
    }

    /// The system's language if the app speaks it, else English.
    #[must_use]
    pub fn from_system() -> Language {
        sys_locale::get_locale()
            .as_deref()
            .map_or(Language::English, Language::from_locale)
    }

    /// The language of a locale name such as `de-AT` or `ru_RU.UTF-8`.
    #[must_use]
    pub fn from_locale(locale: &str) -> Language {
        let code: String = locale
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect::<String>()
            .to_ascii_lowercase();
        Language::ALL
            .into_iter()
            .find(|language| language.code() == code)
            .unwrap_or(Language::English)
    }

    /// A fixed text of the shell.
    #[must_use]
    pub fn text(self, key: Key) -> &'static str {
        SHELL.text(self, key.id())
    }

    /// The name of a seat nobody named: "Player 2".
    #[must_use]
    pub fn default_player(self, seat: usize) -> String {
        let n = i64::try_from(seat + 1).unwrap_or(i64::MAX);
        SHELL.format(self, "default-player", &[("n", Arg::Number(n))])
    }

    /// Whether `name` is the name of `seat` nobody typed, in any language.
    #[must_use]
    pub fn is_default_player(name: &str, seat: usize) -> bool {
        Language::ALL
            .into_iter()
            .any(|language| language.default_player(seat) == name)
    }

    /// A file that could not be read and was kept beside under another name.
    #[must_use]
    pub fn set_aside(self, file: &str, kept_as: &str) -> String {
        SHELL.format(
            self,
            "set-aside",
            &[("file", Arg::Text(file)), ("kept", Arg::Text(kept_as))],
        )
    }

    /// Where a game was saved.
    #[must_use]
    pub fn saved_as(self, file: &std::path::Path) -> String {
        let file = file.display().to_string();
        SHELL.format(self, "saved-as", &[("file", Arg::Text(&file))])
    }

    /// Where a score sheet was written.
    #[must_use]
    pub fn sheet_written(self, file: &std::path::Path) -> String {
        let file = file.display().to_string();
        SHELL.format(self, "sheet-written", &[("file", Arg::Text(&file))])
    }

    /// Why a file could not be saved, written or deleted.
    #[must_use]
    pub fn save_failed(self, why: &dyn std::fmt::Display) -> String {
        let why = why.to_string();
        SHELL.format(self, "save-failed", &[("why", Arg::Text(&why))])
    }

    /// Why a saved game could not be loaded.
    #[must_use]
    pub fn load_failed(self, file: &str, why: &dyn std::fmt::Display) -> String {
        let why = why.to_string();
        SHELL.format(
            self,
            "load-failed",
            &[("file", Arg::Text(file)), ("why", Arg::Text(&why))],
        )
    }

    /// "Step 2 of 6": where a lesson stands, `step` counted from 0.
    #[must_use]
    pub fn lesson_step(self, step: usize, steps: usize) -> String {
        SHELL.format(
            self,
            "lesson-step",
            &[
                ("n", Arg::Number(step as i64 + 1)),
                ("total", Arg::Number(steps as i64)),
            ],
        )
    }

    /// A time of whole seconds, as a setting shows it: "30 s", "2 min".
    #[must_use]
    pub fn duration(self, seconds: u32) -> String {
        if seconds.is_multiple_of(60) {
            SHELL.format(
                self,
                "minutes",
                &[("n", Arg::Number(i64::from(seconds / 60)))],
            )
        } else {
            SHELL.format(self, "seconds", &[("n", Arg::Number(i64::from(seconds)))])
        }
    }
}

/// Fixed texts, looked up with [`Language::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    AppName,
    Tagline,
    Continue,
    Settings,
    Rules,
    Quit,
    Back,
    Recommended,
    Human,
    ComputerEasy,
    ComputerNormal,
    ComputerHard,
    ComputerExpert,
    ComputerLevels,
    LevelEasy,
    LevelNormal,
    LevelHard,
    LevelExpert,
    Thinking,
    Start,
    Undo,
    Redo,
    Restart,
    Menu,
    PlayAgain,
    ToTitle,
    Resume,
    Help,
    Shortcuts,
    MasterVolume,
    EffectsVolume,
    MusicVolume,
    Mute,
    ShowCoordinates,
    UnseenTiles,
    Review,
    ShortcutList,
    Close,
    On,
    Off,
    ComputerPace,
    PaceQuick,
    PaceSteady,
    PaceSlow,
    TurnTimer,
    Understood,
    Language,
    TouchToPlay,
    DemoWhenIdle,
    Examples,
    Animations,
    AnimCalm,
    AnimNormal,
    AnimBrisk,
    Fullscreen,
    Learn,
    LessonNext,
    LessonLeave,
    LessonPlay,
    SaveGame,
    SaveHeading,
    SaveName,
    Save,
    ExportSheet,
    NothingToSave,
    SavedGames,
    NoSavedGames,
    Load,
    Delete,
    ColourBlind,
    UiScale,
    TableView,
    ViewAuto,
    ViewFlat,
    ViewTable,
    ViewSteppedBack,
    PhonePort,
    PortAny,
    PortFixed,
    Statistics,
    StatsNone,
    StatsPlayer,
    StatsPlayed,
    StatsWon,
    StatsStreak,
    StatsAgainst,
    StatsPerTurn,
    StatsBestTurn,
    StatsMargin,
    StatsReset,
    StatsResetAsk,
    Cancel,
    PlayOnline,
    OnlineJoinHeading,
    OnlineJoinHint,
    OnlineJoin,
    OnlineNotALink,
    OnlineCodeNeedsServer,
    OnlineYourGames,
    OnlineHostHeading,
    OnlineHostHow,
}

impl Key {
    /// The message's name in the shell's catalog.
    fn id(self) -> &'static str {
        match self {
            Key::AppName => "app-name",
            Key::Tagline => "tagline",
            Key::Continue => "continue",
            Key::Settings => "settings",
            Key::Rules => "rules",
            Key::Quit => "quit",
            Key::TouchToPlay => "touch-to-play",
            Key::DemoWhenIdle => "demo-when-idle",
            Key::Examples => "examples",
            Key::Animations => "animations",
            Key::AnimCalm => "anim-calm",
            Key::AnimNormal => "anim-normal",
            Key::AnimBrisk => "anim-brisk",
            Key::Fullscreen => "fullscreen",
            Key::Learn => "learn",
            Key::LessonNext => "lesson-next",
            Key::LessonLeave => "lesson-leave",
            Key::LessonPlay => "lesson-play",
            Key::SaveGame => "save-game",
            Key::SaveHeading => "save-heading",
            Key::SaveName => "save-name",
            Key::Save => "save",
            Key::ExportSheet => "export-sheet",
            Key::NothingToSave => "nothing-to-save",
            Key::SavedGames => "saved-games",
            Key::NoSavedGames => "no-saved-games",
            Key::Load => "load",
            Key::Delete => "delete",
            Key::ColourBlind => "colour-blind",
            Key::UiScale => "ui-scale",
            Key::TableView => "table-view",
            Key::ViewAuto => "view-auto",
            Key::ViewFlat => "view-flat",
            Key::ViewTable => "view-table",
            Key::ViewSteppedBack => "view-stepped-back",
            Key::PhonePort => "phone-port",
            Key::PortAny => "port-any",
            Key::PortFixed => "port-fixed",
            Key::Back => "back",
            Key::Recommended => "recommended",
            Key::Human => "human",
            Key::ComputerEasy => "computer-easy",
            Key::ComputerNormal => "computer-normal",
            Key::ComputerHard => "computer-hard",
            Key::ComputerExpert => "computer-expert",
            Key::ComputerLevels => "computer-levels",
            Key::LevelEasy => "level-easy",
            Key::LevelNormal => "level-normal",
            Key::LevelHard => "level-hard",
            Key::LevelExpert => "level-expert",
            Key::Thinking => "thinking",
            Key::Start => "start",
            Key::Undo => "undo",
            Key::Redo => "redo",
            Key::Restart => "restart",
            Key::Menu => "menu",
            Key::PlayAgain => "play-again",
            Key::ToTitle => "to-title",
            Key::Resume => "resume",
            Key::Help => "help",
            Key::Shortcuts => "shortcuts",
            Key::MasterVolume => "master-volume",
            Key::EffectsVolume => "effects-volume",
            Key::MusicVolume => "music-volume",
            Key::Mute => "mute",
            Key::ShowCoordinates => "show-coordinates",
            Key::UnseenTiles => "unseen-tiles",
            Key::Review => "review",
            Key::ShortcutList => "shortcut-list",
            Key::Close => "close",
            Key::On => "on",
            Key::Off => "off",
            Key::ComputerPace => "computer-pace",
            Key::PaceQuick => "pace-quick",
            Key::PaceSteady => "pace-steady",
            Key::PaceSlow => "pace-slow",
            Key::TurnTimer => "turn-timer",
            Key::Understood => "understood",
            Key::Language => "language",
            Key::Statistics => "statistics",
            Key::StatsNone => "stats-none",
            Key::StatsPlayer => "stats-player",
            Key::StatsPlayed => "stats-played",
            Key::StatsWon => "stats-won",
            Key::StatsStreak => "stats-streak",
            Key::StatsAgainst => "stats-against",
            Key::StatsPerTurn => "stats-per-turn",
            Key::StatsBestTurn => "stats-best-turn",
            Key::StatsMargin => "stats-margin",
            Key::StatsReset => "stats-reset",
            Key::StatsResetAsk => "stats-reset-ask",
            Key::Cancel => "cancel",
            Key::PlayOnline => "play-online",
            Key::OnlineJoinHeading => "online-join-heading",
            Key::OnlineJoinHint => "online-join-hint",
            Key::OnlineJoin => "online-join",
            Key::OnlineNotALink => "online-not-a-link",
            Key::OnlineCodeNeedsServer => "online-code-needs-server",
            Key::OnlineYourGames => "online-your-games",
            Key::OnlineHostHeading => "online-host-heading",
            Key::OnlineHostHow => "online-host-how",
        }
    }
}

/// The shell's own words.
pub static SHELL: Catalog = Catalog::new([
    include_str!("../../../assets/i18n/en/shell.ftl"),
    include_str!("../../../assets/i18n/de/shell.ftl"),
    include_str!("../../../assets/i18n/fr/shell.ftl"),
    include_str!("../../../assets/i18n/ru/shell.ftl"),
]);

/// A value for a message's argument.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    Text(&'a str),
    Number(i64),
}

/// One part's messages in every language: the Fluent sources, in the order of
/// [`Language::ALL`], parsed the first time they are needed.
pub struct Catalog {
    sources: [&'static str; 4],
    bundles: OnceLock<Vec<FluentBundle<FluentResource>>>,
    /// Messages without arguments, formatted once and kept for the program's life, so screens
    /// can hold them as `&'static str` (a few hundred short strings at most).
    fixed: Mutex<Option<HashMap<(Language, &'static str), &'static str>>>,
}

impl Catalog {
    #[must_use]
    pub const fn new(sources: [&'static str; 4]) -> Self {
        Self {
            sources,
            bundles: OnceLock::new(),
            fixed: Mutex::new(None),
        }
    }

    fn bundles(&self) -> &[FluentBundle<FluentResource>] {
        self.bundles.get_or_init(|| {
            Language::ALL
                .iter()
                .zip(self.sources)
                .map(|(language, source)| {
                    let id: LanguageIdentifier =
                        language.code().parse().expect("the codes are valid");
                    let mut bundle = FluentBundle::new_concurrent(vec![id]);
                    // Isolation marks would show as boxes in the panels' fonts.
                    bundle.set_use_isolating(false);
                    // A syntax error is caught by the catalog tests; what parses is used.
                    let resource = FluentResource::try_new(source.to_owned())
                        .unwrap_or_else(|(partial, _)| partial);
                    let _ = bundle.add_resource(resource);
                    bundle
                })
                .collect()
        })
    }

    fn bundle(&self, language: Language) -> &FluentBundle<FluentResource> {
        &self.bundles()[language as usize]
    }

    /// The message `id` with `args`, in `language`, or in English where that language lacks
    /// it, or the id itself where English does too (the catalog tests see that never happens).
    #[must_use]
    pub fn format(&self, language: Language, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(text) => fluent_args.set(*name, FluentValue::from(*text)),
                Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        for language in [language, Language::English] {
            let bundle = self.bundle(language);
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
                return text.into_owned();
            }
        }
        id.to_owned()
    }

    /// Formats every message of `language` with a sample value for each argument it uses, and
    /// returns what Fluent reported: unknown variables, bad references, selectors without a
    /// match. Empty when the language's file is sound.
    #[must_use]
    pub fn problems(&self, language: Language) -> Vec<String> {
        let source = self.source(language);
        let mut problems = Vec::new();
        if let Err((_, errors)) = FluentResource::try_new(source.to_owned()) {
            problems.extend(errors.iter().map(|e| format!("syntax: {e:?}")));
        }
        let bundle = self.bundle(language);
        for id in self.ids(language) {
            let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else {
                problems.push(format!("{id}: no value"));
                continue;
            };
            for sample in [0_i64, 1, 2, 5, 21] {
                let mut args = FluentArgs::new();
                for name in variables(source, &id) {
                    match name.as_str() {
                        "color" => args.set(name, FluentValue::from("black")),
                        "name" | "names" | "sums" | "first" | "last" | "ask" | "text" | "tile"
                        | "move" | "cell" | "from" | "to" | "blocker" | "other" | "file"
                        | "kept" | "a" | "b" => args.set(name, FluentValue::from("X")),
                        _ => args.set(name, FluentValue::from(sample)),
                    }
                }
                let mut errors = Vec::new();
                let _ = bundle.format_pattern(pattern, Some(&args), &mut errors);
                problems.extend(errors.iter().map(|e| format!("{id}: {e:?}")));
            }
        }
        problems
    }

    /// A message without arguments, kept once formatted.
    #[must_use]
    pub fn text(&self, language: Language, id: &'static str) -> &'static str {
        let mut fixed = self
            .fixed
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let fixed = fixed.get_or_insert_with(HashMap::new);
        if let Some(text) = fixed.get(&(language, id)) {
            return text;
        }
        let text: &'static str = Box::leak(self.format(language, id, &[]).into_boxed_str());
        fixed.insert((language, id), text);
        text
    }

    /// Every message of `language` for a page that puts its words in place itself: a message
    /// without variables formatted, one with variables as its Fluent pattern (`Side { $side }`),
    /// for the page to fill in.
    #[must_use]
    pub fn page_words(&self, language: Language) -> Vec<(String, String)> {
        let source = self.source(language);
        self.ids(language)
            .into_iter()
            .map(|id| {
                let text = if variables(source, &id).is_empty() {
                    self.format(language, &id, &[])
                } else {
                    pattern(source, &id)
                };
                (id, text)
            })
            .collect()
    }

    /// Every message id of a language's file, for the tests that compare languages.
    #[must_use]
    pub fn ids(&self, language: Language) -> Vec<String> {
        message_ids(language.pick(self.sources))
    }

    /// The raw source of a language's file, for the tests.
    #[must_use]
    pub fn source(&self, language: Language) -> &'static str {
        language.pick(self.sources)
    }
}

/// The variables (`$name`) one message of a Fluent source uses, sorted, each once.
#[must_use]
pub fn variables(source: &str, id: &str) -> Vec<String> {
    let mut found: Vec<String> = message_text(source, id)
        .split('$')
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect()
        })
        .filter(|name: &String| !name.is_empty())
        .collect();
    found.sort();
    found.dedup();
    found
}

/// One message's pattern as written in a Fluent source, after its `id =`: its lines joined,
/// each trimmed.
fn pattern(source: &str, id: &str) -> String {
    let text = message_text(source, id);
    let value = text.split_once('=').map_or("", |(_, value)| value);
    value
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines of one message in a Fluent source: its first line and the indented ones after.
fn message_text(source: &str, id: &str) -> String {
    let mut lines = source.lines().skip_while(|line| {
        line.split_once('=')
            .is_none_or(|(name, _)| name.trim() != id || line.starts_with([' ', '#']))
    });
    let mut text = lines.next().unwrap_or_default().to_owned();
    for line in lines.take_while(|line| line.starts_with([' ', '}'])) {
        text.push('\n');
        text.push_str(line);
    }
    text
}

/// The ids of the messages in a Fluent source (of what parses).
#[must_use]
pub fn message_ids(source: &str) -> Vec<String> {
    let resource =
        FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, _)| partial);
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_owned()),
            _ => None,
        })
        .collect()
}
