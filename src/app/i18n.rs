//! Every word a player reads, in one place, so each language is one more arm per message.

use serde::{Deserialize, Serialize};

/// The languages the app can speak. English is complete; others are added as arms below.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
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
    TouchToPlay,
    DemoWhenIdle,
}

impl Language {
    /// A file that could not be read and was kept beside under another name.
    #[must_use]
    pub fn set_aside(self, file: &str, kept_as: &str) -> String {
        match self {
            Language::English => format!(
                "{file} could not be read; it is kept as {kept_as}, and the game goes on without it."
            ),
        }
    }

    #[must_use]
    pub fn text(self, key: Key) -> &'static str {
        match self {
            Language::English => english(key),
        }
    }
}

fn english(key: Key) -> &'static str {
    match key {
        Key::AppName => "Abakus",
        Key::Tagline => "Two games for one table",
        Key::Continue => "Continue",
        Key::Settings => "Settings",
        Key::Rules => "Rules",
        Key::Quit => "Quit",
        Key::TouchToPlay => "Touch the screen to play",
        Key::DemoWhenIdle => "Demo when idle",
        Key::Back => "Back",
        Key::Recommended => "recommended",
        Key::Human => "Human",
        Key::ComputerEasy => "Computer: easy",
        Key::ComputerNormal => "Computer: normal",
        Key::ComputerHard => "Computer: hard",
        Key::Thinking => "thinking",
        Key::Start => "Start",
        Key::Undo => "Undo",
        Key::Redo => "Redo",
        Key::Restart => "Restart",
        Key::Menu => "Menu",
        Key::PlayAgain => "Play again",
        Key::ToTitle => "Title screen",
        Key::Resume => "Resume",
        Key::Help => "Help",
        Key::Shortcuts => "Keyboard shortcuts",
        Key::MasterVolume => "Volume",
        Key::EffectsVolume => "Effects",
        Key::MusicVolume => "Music",
        Key::Mute => "Mute",
        Key::ShowCoordinates => "Show cell names",
        Key::ShortcutList => {
            "U  undo\nR  redo\nEsc  menu, or back\nH or ?  this help\nM  mute\nF11  fullscreen"
        }
        Key::Close => "Close",
        Key::On => "On",
        Key::Off => "Off",
        Key::ComputerPace => "Computer moves",
        Key::PaceQuick => "Quick",
        Key::PaceSteady => "Steady",
        Key::PaceSlow => "Slow",
        Key::TurnTimer => "Turn timer",
        Key::Understood => "OK",
    }
}
