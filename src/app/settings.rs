//! Player settings shared by every game (volumes, board labels, language), kept between runs.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::i18n::Language;
use super::storage::{self, DataDir, Saver};

const FILE: &str = "settings.json";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DataDir>()
        .init_resource::<Settings>()
        .add_systems(PreStartup, load_settings)
        .add_systems(Update, save_settings.run_if(resource_changed::<Settings>));
}

/// What the player chose in the settings screen.
#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub language: Language,
    /// 0 to 1 each; the effective level of a sound is master × its own.
    pub master_volume: f32,
    pub effects_volume: f32,
    pub music_volume: f32,
    pub muted: bool,
    pub show_coordinates: bool,
    /// How long a computer player's move waits before it lands, so a person can follow it.
    pub computer_pace: ComputerPace,
}

/// How quickly computer players move, chosen in settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ComputerPace {
    Quick,
    #[default]
    Steady,
    Slow,
}

impl ComputerPace {
    pub const ALL: [ComputerPace; 3] = [
        ComputerPace::Quick,
        ComputerPace::Steady,
        ComputerPace::Slow,
    ];

    /// The least time in seconds between the move before and a computer's move, however fast
    /// it found it; also how long a computer reads a move before judging it.
    #[must_use]
    pub fn least_wait(self) -> f32 {
        match self {
            ComputerPace::Quick => 0.3,
            ComputerPace::Steady => 0.8,
            ComputerPace::Slow => 1.8,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            language: Language::English,
            master_volume: 0.5,
            effects_volume: 0.8,
            music_volume: 0.4,
            muted: false,
            show_coordinates: true,
            computer_pace: ComputerPace::default(),
        }
    }
}

impl Settings {
    /// Clamps values a hand-edited file may have put out of range.
    #[must_use]
    pub fn sanitized(mut self) -> Self {
        let unit = |v: f32| {
            if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.5
            }
        };
        self.master_volume = unit(self.master_volume);
        self.effects_volume = unit(self.effects_volume);
        self.music_volume = unit(self.music_volume);
        self
    }
}

fn load_settings(dir: Res<DataDir>, mut settings: ResMut<Settings>) {
    if let Some(saved) = Settings::load(&dir) {
        *settings = saved;
    }
}

impl Settings {
    /// The settings kept in `dir`, put right where a hand-edited file went out of range.
    #[must_use]
    pub fn load(dir: &DataDir) -> Option<Self> {
        storage::load::<Settings>(dir, FILE).map(Settings::sanitized)
    }
}

fn save_settings(dir: Res<DataDir>, saver: Option<Res<Saver>>, settings: Res<Settings>) {
    if let Some(saver) = saver
        && !settings.is_added()
    {
        saver.save(&dir, FILE, &*settings);
    }
}
