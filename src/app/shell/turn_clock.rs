//! A turn clock any game can run: the seconds left to the person to move, a tick in the last
//! five, and a message when the time is up; each game says which turn it times and what
//! running out of time does.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::egui::{self, RichText};

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
        )
        .add_systems(Last, wake_for_each_second);
    // The bar empties smoothly while a turn at the screen is timed.
    crate::app::base::frames::draw_while(app, |clock: Res<TurnClock>| {
        clock.counting() && !clock.whole_seconds
    });
}

/// While a turn played away from the screen is timed, the window sleeps from one whole second
/// of the clock to the next rather than drawing every frame: nobody at the screen is moving
/// tiles, and the seconds are all that change. The window's wake is first set to the next
/// whole second, then to a second: each change of it costs a frame at once, so it is changed
/// only then (and when a new turn's count begins).
fn wake_for_each_second(
    clock: Res<TurnClock>,
    real: Res<Time<Real>>,
    settings: Option<ResMut<WinitSettings>>,
    mut resting: Local<Option<WinitSettings>>,
    mut waking: Local<SecondWake>,
) {
    let Some(mut settings) = settings else {
        return;
    };
    let left = clock.left().map(|(left, _)| left);
    let Some(left) = left.filter(|_| clock.counting() && clock.whole_seconds) else {
        if let Some(rest) = resting.take() {
            *settings = rest;
        }
        *waking = SecondWake::Resting;
        return;
    };
    let now = Instant::now();
    let wait = match *waking {
        SecondWake::Ticking { turn } if turn == clock.turn => return,
        SecondWake::Aligning { turn, at } if turn == clock.turn => {
            if now < at {
                return;
            }
            *waking = SecondWake::Ticking { turn };
            Duration::from_secs(1)
        }
        _ => {
            // The frame's time is when the last one was done, and the clock counted to then.
            let since = real
                .last_update()
                .map_or(Duration::ZERO, |last| now.saturating_duration_since(last));
            let left = left - since.as_secs_f32();
            // The shown second changes when `left` passes the whole second below it.
            let fraction = Duration::from_secs_f32((left - (left.ceil() - 1.0)).clamp(0.0, 1.0));
            *waking = SecondWake::Aligning {
                turn: clock.turn,
                at: now + fraction,
            };
            fraction + SECOND_MARGIN
        }
    };
    let rest = resting.get_or_insert_with(|| settings.clone()).clone();
    let mode = |mode: UpdateMode| match mode {
        UpdateMode::Reactive {
            wait: resting_wait,
            react_to_device_events,
            react_to_user_events,
            react_to_window_events,
        } => UpdateMode::Reactive {
            wait: resting_wait.min(wait),
            react_to_device_events,
            react_to_user_events,
            react_to_window_events,
        },
        continuous => continuous,
    };
    settings.focused_mode = mode(rest.focused_mode);
    settings.unfocused_mode = mode(rest.unfocused_mode);
}

/// Where the window's wake stands while a turn away from the screen is timed.
#[derive(Debug, Default, Clone, Copy)]
enum SecondWake {
    /// The window's own wake, as the settings have it.
    #[default]
    Resting,
    /// Set to wake as the clock of this turn passes a whole second, at this instant.
    Aligning { turn: Option<u64>, at: Instant },
    /// Set to wake every second from there.
    Ticking { turn: Option<u64> },
}

/// The most a frame counts down: more than the once-a-second wake of a turn played elsewhere.
const LONGEST_TICK: f32 = 1.5;

/// A wake a moment after the second turns, so that the frame shows the new second.
const SECOND_MARGIN: Duration = Duration::from_millis(5);

pub use abakus_match::clock::TurnLimit;

/// A limit as the setup screens name it: "off", or its minutes and seconds.
fn limit_label(limit: TurnLimit, words: Language) -> String {
    match limit {
        TurnLimit::Off => words.text(Key::Off).to_owned(),
        TurnLimit::Seconds(s) => words.duration(s),
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
    /// The turn is played away from the screen (on a phone): the screen shows its whole
    /// seconds and draws nothing between them.
    whole_seconds: bool,
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

    /// Whether the time of a turn is running down now (not paused, not yet run out).
    #[must_use]
    pub fn counting(&self) -> bool {
        self.left().is_some() && self.expired != self.turn
    }

    /// Whether the turn timed is played away from the screen, whose clock then shows whole
    /// seconds alone.
    pub fn set_whole_seconds(&mut self, whole: bool) {
        self.whole_seconds = whole;
    }
}

/// The time for a game's turn ran out; the game decides what that does.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnTimeUp {
    pub turn: u64,
}

/// Counts down in real time: a window that sleeps between whole seconds still counts each
/// second whole (the game's own time counts at most a quarter of a second a frame).
fn tick(
    time: Res<Time<Real>>,
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
    // A machine that slept (or a window that stalled) does not eat up the turn at once.
    clock.left -= time.delta_secs().min(LONGEST_TICK);
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
            if choice(
                ui,
                &limit_label(offered, words),
                *limit == offered,
                true,
                sounds,
            )
            .clicked()
            {
                *limit = offered;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::base::frames;
    use bevy::time::TimeUpdateStrategy;
    use bevy::window::RequestRedraw;

    fn wait_of(app: &App) -> Duration {
        match app.world().resource::<WinitSettings>().focused_mode {
            UpdateMode::Reactive { wait, .. } => wait,
            UpdateMode::Continuous => Duration::ZERO,
        }
    }

    /// Frames asked for by the frame just run.
    fn redraws(app: &mut App) -> usize {
        app.world_mut()
            .resource_mut::<Messages<RequestRedraw>>()
            .drain()
            .count()
    }

    #[test]
    fn a_turn_played_elsewhere_wakes_the_window_each_second_and_draws_nothing_between() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                100,
            )))
            .insert_resource(frames::window_settings());
        frames::plugin(&mut app);
        plugin(&mut app);
        let mut clock = app.world_mut().resource_mut::<TurnClock>();
        clock.time(TurnLimit::Seconds(30), Some(1));
        clock.set_whole_seconds(true);
        app.update();
        app.update();
        // The first wake comes as the shown second turns, the next ones a second apart.
        let first = wait_of(&app);
        assert!(first <= Duration::from_secs(1) + SECOND_MARGIN, "{first:?}");
        // The window wakes as the second turns, and from then on once a second.
        std::thread::sleep(first);
        for _ in 0..15 {
            app.update();
            assert_eq!(
                redraws(&mut app),
                0,
                "nothing asks for frames between the seconds"
            );
        }
        assert_eq!(wait_of(&app), Duration::from_secs(1));
        let (left, _) = app.world().resource::<TurnClock>().left().unwrap();
        assert!((26.0..28.5).contains(&left), "the clock counts on: {left}");

        // The same turn at the screen: the bar empties smoothly, frame after frame.
        app.world_mut()
            .resource_mut::<TurnClock>()
            .set_whole_seconds(false);
        app.update();
        app.update();
        assert!(redraws(&mut app) > 0);
        // The clock stopped: the window's own wake again.
        app.world_mut()
            .resource_mut::<TurnClock>()
            .time(TurnLimit::Off, None);
        app.update();
        assert_eq!(wait_of(&app), frames::IDLE_WAKE);
    }
}
