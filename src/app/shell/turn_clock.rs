//! A turn clock any game can run: the seconds left to the person to move, a tick in the last
//! five, and a message when the time is up; each game says which turn it times and what
//! running out of time does.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use serde::{Deserialize, Serialize};

use crate::app::audio::Sfx;
use crate::app::base::i18n::{Key, Language};
use crate::app::base::palette;
use crate::app::shell::widgets::{UiSounds, choice};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TurnClock>()
        .add_message::<TurnTimeUp>()
        .add_message::<Sfx>()
        .add_systems(
            Update,
            tick.in_set(crate::app::base::frame_order::AppSet::Rules),
        );
    // The bar empties smoothly while a turn is timed.
    crate::app::base::frames::draw_while(app, |clock: Res<TurnClock>| {
        clock.left().is_some() && clock.expired != clock.turn
    });
}

/// The time a table allows each turn, chosen at setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TurnLimit {
    #[default]
    Off,
    Seconds(u32),
}

impl TurnLimit {
    /// What the setup screens offer.
    pub const OFFERED: [TurnLimit; 4] = [
        TurnLimit::Off,
        TurnLimit::Seconds(30),
        TurnLimit::Seconds(60),
        TurnLimit::Seconds(120),
    ];

    fn seconds(self) -> Option<f32> {
        match self {
            TurnLimit::Off => None,
            TurnLimit::Seconds(s) => Some(s.max(1) as f32),
        }
    }

    fn label(self, words: Language) -> String {
        match self {
            TurnLimit::Off => words.text(Key::Off).to_owned(),
            TurnLimit::Seconds(s) => words.duration(s),
        }
    }
}

/// The clock of the turn being played, if a limit is set and a person is to move.
#[derive(Resource, Debug, Default, Clone)]
pub struct TurnClock {
    limit: Option<f32>,
    /// The game's own number for the turn last timed; a new number starts a new count.
    turn: Option<u64>,
    /// Whether that turn's time is running now (not while paused).
    running: bool,
    left: f32,
    /// The turn whose time ran out, so it is announced once.
    expired: Option<u64>,
}

impl TurnClock {
    /// Times turn `turn` under `limit`, starting a new count when the turn is new; `None`
    /// pauses the clock (a computer's turn, a hand-over, a menu), keeping the count.
    pub fn time(&mut self, limit: TurnLimit, turn: Option<u64>) {
        let limit = limit.seconds();
        if limit != self.limit {
            *self = TurnClock {
                limit,
                ..TurnClock::default()
            };
        }
        let Some(limit) = limit else {
            return;
        };
        self.running = turn.is_some();
        if turn.is_some() && turn != self.turn {
            self.turn = turn;
            self.left = limit;
            self.expired = None;
        }
    }

    /// Seconds left and the limit, while a turn's time is running.
    #[must_use]
    pub fn left(&self) -> Option<(f32, f32)> {
        Some((self.left.max(0.0), self.limit?)).filter(|_| self.running)
    }
}

/// The time for a game's turn ran out; the game decides what that does.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnTimeUp {
    pub turn: u64,
}

fn tick(
    time: Res<Time>,
    mut clock: ResMut<TurnClock>,
    mut up: MessageWriter<TurnTimeUp>,
    mut sfx: MessageWriter<Sfx>,
) {
    let Some(turn) = clock.turn else {
        return;
    };
    if !clock.running || clock.limit.is_none() || clock.expired == Some(turn) {
        return;
    }
    let before = clock.left;
    clock.left -= time.delta_secs();
    // A soft tick as each of the last five seconds begins.
    if before.ceil() > clock.left.ceil() && (0.0..5.0).contains(&clock.left) {
        sfx.write(Sfx::Tick);
    }
    if clock.left <= 0.0 {
        clock.expired = Some(turn);
        up.write(TurnTimeUp { turn });
    }
}

/// The clock for the side panel: a bar that empties, the seconds left, and a warm colour in
/// the last ten seconds.
pub fn clock_bar(ui: &mut egui::Ui, clock: &TurnClock) {
    let Some((left, limit)) = clock.left() else {
        return;
    };
    let seconds = left.ceil() as u32;
    let text = format!("{}:{:02}", seconds / 60, seconds % 60);
    let colour = if left <= 10.0 {
        palette::WARNING
    } else {
        palette::ACCENT
    };
    ui.add(
        egui::ProgressBar::new(left / limit)
            .desired_height(22.0)
            .fill(colour.to_egui())
            .text(RichText::new(text).color(palette::TABLE.to_egui()).strong()),
    );
}

/// The setup screens' row of turn limits.
pub fn limit_choice(
    ui: &mut egui::Ui,
    limit: &mut TurnLimit,
    words: Language,
    sounds: &mut UiSounds,
) {
    // Wrapped: in a narrow column (the tile game's setup in Russian) the last choices go to
    // a second line rather than under the next column.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(words.text(Key::TurnTimer)).size(22.0));
        ui.add_space(8.0);
        for offered in TurnLimit::OFFERED {
            if choice(ui, &offered.label(words), *limit == offered, true, sounds).clicked() {
                *limit = offered;
            }
        }
    });
}
