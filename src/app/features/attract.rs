//! Attract and kiosk modes: computer games on the screen while nobody plays, put away by the
//! first touch, and a booth that no visitor can leave or break.
//!
//! The shell names no game: each game registers [`DemoHooks`] that put a computer-only match
//! on its screen and the person's match back. Everything the person left (the screen, the
//! menu over it, the turn clock, the game itself) is kept aside while the demo plays, and
//! nothing of the demo is written to disk.

use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::input::touch::TouchInput;
use bevy::prelude::*;
use bevy::state::state::StateTransitionSystems;
use bevy::window::CursorMoved;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::{MusicMood, MusicMoodOverride};
use crate::app::base::board_room::LEFT_PANEL_WIDTH;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::games::{GameHooks, GameId};
use crate::app::base::i18n::Key;
use crate::app::base::navigation::{self, Overlay, Overlays, ReturnTo, Screen};
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::shell::turn_clock::TurnClock;
use crate::app::table::camera::CameraDrift;

/// The shell's attract logic without any drawing, for headless tests as well as the window.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Booth>()
        .init_resource::<Idle>()
        .init_resource::<Attract>()
        .add_message::<KeyboardInput>()
        .add_message::<MouseButtonInput>()
        .add_message::<MouseWheel>()
        .add_message::<TouchInput>()
        .add_message::<CursorMoved>()
        .add_message::<DemoCaption>()
        .add_systems(PreUpdate, watch_for_people)
        .add_systems(
            Update,
            (
                restore_overlay,
                drive_attract,
                keep_caption,
                kiosk_settings_key,
            )
                .chain()
                .in_set(AppSet::Input),
        )
        .add_systems(
            StateTransition,
            swap_matches.in_set(StateTransitionSystems::TransitionSchedules),
        );
    frames::draw_while(app, attract_moving);
    app.add_systems(PostUpdate, drift_round_the_table);
}

/// While a demo shows, the 3D table's camera drifts slowly round the board.
fn drift_round_the_table(showing: Option<Res<DemoShowing>>, drift: Option<ResMut<CameraDrift>>) {
    if let Some(mut drift) = drift {
        drift.set_if_neq(CameraDrift(showing.is_some()));
    }
}

/// A demo on the screen (its computers play, its card breathes), or a demo or a kiosk's
/// return to the title coming within one idle wake: the frames go on so it comes on time.
fn attract_moving(
    attract: Res<Attract>,
    idle: Res<Idle>,
    booth: Res<Booth>,
    settings: Res<Settings>,
    screen: Option<Res<State<Screen>>>,
    real: Res<Time<Real>>,
) -> bool {
    let soon = |after: f32| idle.seconds + frames::IDLE_WAKE.as_secs_f32() >= after;
    let off_title = screen.is_some_and(|screen| *screen.get() != Screen::Title);
    attract.waking(real.elapsed_secs())
        || attract.start_now
        || booth.demo_after(&settings).is_some_and(soon)
        || (booth.kiosk && off_title && soon(KIOSK_ABANDON_SECONDS))
}

/// The banner, the caption and the cover that takes the first touch, in the window.
pub(crate) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        attract_panels.in_set(AppSet::Panels),
    );
}

/// How the app was started for a booth: `--demo` and `--kiosk`.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Booth {
    /// Seconds without input before the demo starts, whatever the settings say.
    pub demo_after: Option<u32>,
    pub kiosk: bool,
    /// Demo games at the quickest levels: for soak tests, which run at an accelerated clock.
    pub quick_demo: bool,
    /// A code in the demo's corner seats a visitor at a game on their phone
    /// (`--phone-visitors`).
    pub phone_visitors: bool,
}

/// In kiosk mode, a game, setup or menu left alone this long goes back to the title.
pub const KIOSK_ABANDON_SECONDS: f32 = 300.0;

/// A finished demo game stays on the screen this long before the next begins.
pub const RESULT_SECONDS: f32 = 8.0;

impl Booth {
    /// Seconds of idleness after which the demo starts, if it starts at all.
    #[must_use]
    pub fn demo_after(&self, settings: &Settings) -> Option<f32> {
        self.demo_after
            .or(settings.demo_after_seconds)
            .map(|s| s.max(5) as f32)
    }
}

/// Seconds since a person last touched the mouse, the keyboard or the screen.
#[derive(Resource, Debug, Default)]
pub struct Idle {
    pub seconds: f32,
    /// A person did something this frame.
    touched: bool,
}

/// What one game needs to show itself to passers-by.
#[derive(Debug, Clone, Copy)]
pub struct DemoHooks {
    /// Keeps the person's match aside and puts a computer-only match on the game's screen.
    pub begin: fn(&mut World),
    /// Takes the demo match away and puts the person's back exactly as it was (behind the
    /// game's own privacy screen, if it has one).
    pub end: fn(&mut World),
    /// Whether the demo match has ended.
    pub finished: fn(&World) -> bool,
}

/// Present while a demo game is on the screen; games skip their autosave and write captions
/// while it is.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoShowing {
    pub game: GameId,
    /// How many demo games have begun since the app started, so games can vary their tables.
    pub round: u32,
    /// The quickest levels, for soak tests.
    pub quick: bool,
}

/// Run condition: a demo game is on the screen.
#[must_use]
pub fn demo_showing(showing: Option<Res<DemoShowing>>) -> bool {
    showing.is_some()
}

/// A sentence for passers-by about what just happened in the demo game.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct DemoCaption(pub String);

/// The attract loop's state.
#[derive(Resource, Debug, Default)]
pub struct Attract {
    running: Option<Running>,
    /// The next demo begins with this game among those with hooks.
    next_game: usize,
    rounds: u32,
    /// Hooks to call at the next screen change.
    swap: Option<Swap>,
    /// The menu that was open over the person's screen, put back once it shows again.
    overlay_to_restore: Option<Overlay>,
    /// The latest caption and when it came.
    caption: Option<(String, f32)>,
    start_now: bool,
    first_game: Option<GameId>,
    /// A visitor came another way than the screen (a phone): the demo ends on the title.
    end_for_visitor: bool,
    /// Until this moment (real seconds) after a demo, input still only wakes: a mouse's move
    /// ends the demo, and the click that follows within a breath is part of the same "wake up",
    /// not a move in the game that just came back.
    quiet_until: f32,
    /// How long a booth's table of the day shows after a demo game's result, before the next
    /// game begins; none without a table.
    table_seconds: f32,
}

/// How long input only wakes after a demo has ended.
const WAKE_GRACE_SECONDS: f32 = 0.5;

#[derive(Debug)]
struct Running {
    game: GameId,
    return_to: Screen,
    overlay: Overlay,
    clock: TurnClock,
    /// Seconds since the demo game ended, while it shows its result.
    over_for: f32,
    /// Seconds the booth's table of the day still shows over the first demo game, as the
    /// demo begins: a visitor just done sees their entry once the booth is left alone.
    opening_table: f32,
}

impl Running {
    /// The demo ends on the title rather than on the screen the person left.
    fn leave_to_the_title(&mut self) {
        self.return_to = Screen::Title;
        self.overlay = Overlay::None;
        self.clock = TurnClock::default();
    }
}

#[derive(Debug, Clone, Copy)]
struct Swap {
    end: Option<GameId>,
    begin: Option<GameId>,
    /// The person's turn clock to put back once the demo game's screen has closed.
    restore_clock: bool,
}

impl Attract {
    /// Whether input now only wakes the app: during a demo and just after it.
    fn waking(&self, now: f32) -> bool {
        self.running.is_some() || self.swap.is_some() || now < self.quiet_until
    }

    /// The game the demo is showing, if any.
    #[must_use]
    pub fn showing(&self) -> Option<GameId> {
        self.running.as_ref().map(|running| running.game)
    }

    /// How many demo games have begun.
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Shows a booth's table of the day this long between demo games.
    pub fn show_the_table_for(&mut self, seconds: f32) {
        self.table_seconds = seconds.max(0.0);
    }

    /// Whether the demo shows the day's table: as it begins, and between its games.
    #[must_use]
    pub fn table_showing(&self) -> bool {
        self.table_seconds > 0.0
            && self.running.as_ref().is_some_and(|running| {
                running.opening_table > 0.0 || running.over_for >= RESULT_SECONDS
            })
    }

    /// The caption on the screen now, if any.
    #[must_use]
    pub fn caption(&self) -> Option<&str> {
        self.caption.as_ref().map(|(text, _)| text.as_str())
    }

    /// Ends the demo at the next frame for a visitor who came another way than the screen (a
    /// phone), with the title under it as a kiosk's abandoned game has, so that the visitor's
    /// game can begin there.
    pub fn end_for_visitor(&mut self) {
        self.end_for_visitor = true;
    }

    /// Starts the demo at the next frame, as if the idle time had passed (for scripts and
    /// tests), even where the settings leave it off; with `game`, that game shows first.
    pub fn start_now(&mut self, game: Option<GameId>) {
        self.start_now = true;
        self.first_game = game;
    }
}

/// Everything a person can do to the app: keys, buttons, the wheel, touches and the pointer.
#[derive(SystemParam)]
struct PersonInput<'w, 's> {
    keys: MessageReader<'w, 's, KeyboardInput>,
    buttons: MessageReader<'w, 's, MouseButtonInput>,
    wheels: MessageReader<'w, 's, MouseWheel>,
    touches: MessageReader<'w, 's, TouchInput>,
    moves: MessageReader<'w, 's, CursorMoved>,
}

impl PersonInput<'_, '_> {
    /// Whether anything came this frame (a pointer that did not really move does not count).
    fn any(&mut self) -> bool {
        self.keys.read().count()
            + self.buttons.read().count()
            + self.wheels.read().count()
            + self.touches.read().count()
            + self
                .moves
                .read()
                .filter(|moved| moved.delta.is_none_or(|d| d.length() > 0.5))
                .count()
            > 0
    }
}

/// Notes any input of a person, and while a demo plays, keeps that input from the game
/// beneath: the touch that ends the demo only ends the demo.
fn watch_for_people(
    mut idle: ResMut<Idle>,
    real: Res<Time<Real>>,
    attract: Res<Attract>,
    mut input: PersonInput,
    key_state: Option<ResMut<ButtonInput<KeyCode>>>,
    button_state: Option<ResMut<ButtonInput<MouseButton>>>,
) {
    let touched = input.any();
    idle.touched = touched;
    if touched {
        idle.seconds = 0.0;
    } else {
        // Real time: an idle window draws a frame only now and then, and the game's clock
        // counts at most a quarter of a second for each.
        idle.seconds += real.delta_secs();
    }
    if touched && attract.waking(real.elapsed_secs()) {
        if let Some(mut keys) = key_state {
            keys.reset_all();
        }
        if let Some(mut buttons) = button_state {
            buttons.reset_all();
        }
    }
}

/// Starts the demo when nobody has played for a while, moves it on to the next game when one
/// ends, hands the screen back at the first touch, and in kiosk mode sends an abandoned
/// game back to the title.
fn drive_attract(world: &mut World) {
    let Some(screen) = world.get_resource::<State<Screen>>().map(|s| *s.get()) else {
        return;
    };
    let booth = *world.resource::<Booth>();
    let (idle, touched) = {
        let idle = world.resource::<Idle>();
        (idle.seconds, idle.touched)
    };
    let demo_after = booth.demo_after(world.resource::<Settings>());
    let delta = world.resource::<Time>().delta_secs();
    let hooked = hooked_games(world);
    let abandoned = booth.kiosk && idle >= KIOSK_ABANDON_SECONDS;
    let (swapping, showing, forced) = {
        let attract = world.resource::<Attract>();
        (attract.swap.is_some(), attract.showing(), attract.start_now)
    };
    if swapping {
        // A change of screen is under way; it completes before the next frame's Update.
        return;
    }
    let visitor = std::mem::take(&mut world.resource_mut::<Attract>().end_for_visitor);
    let Some(game) = showing else {
        if abandoned && screen != Screen::Title {
            world.resource_mut::<NextState<Screen>>().set(Screen::Title);
            return;
        }
        let due = demo_after.is_some_and(|after| idle >= after);
        if (due || forced) && !hooked.is_empty() {
            world.resource_mut::<Attract>().start_now = false;
            start(world, screen, &hooked);
        }
        return;
    };
    if visitor {
        if let Some(running) = world.resource_mut::<Attract>().running.as_mut() {
            running.leave_to_the_title();
        }
        // A visitor's phone is a person come to play: the idle time starts again, or the
        // next demo would begin before the visitor's game could take the screen.
        world.resource_mut::<Idle>().seconds = 0.0;
        stop(world);
        return;
    }
    if touched {
        stop(world);
        return;
    }
    let finished = hooked
        .iter()
        .find(|(id, _)| *id == game)
        .is_some_and(|(_, hooks)| (hooks.finished)(world));
    let mut attract = world.resource_mut::<Attract>();
    let Some(running) = attract.running.as_mut() else {
        return;
    };
    if abandoned && running.return_to != Screen::Title {
        // Nobody is coming back for it: the next visitor starts at the title.
        running.leave_to_the_title();
    }
    running.opening_table = (running.opening_table - delta).max(0.0);
    running.over_for = if finished {
        running.over_for + delta
    } else {
        0.0
    };
    let between_games = RESULT_SECONDS + attract.table_seconds;
    let Some(running) = attract.running.as_mut() else {
        return;
    };
    if running.over_for < between_games {
        return;
    }
    if let Some(next) = pick_next(&mut attract, &hooked) {
        attract.swap = Some(Swap {
            end: Some(game),
            begin: Some(next),
            restore_clock: false,
        });
        world
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Game(next));
    }
}

/// The games that can show themselves, in the title screen's order.
fn hooked_games(world: &World) -> Vec<(GameId, DemoHooks)> {
    world
        .get_resource::<GameHooks<DemoHooks>>()
        .map(|registry| registry.all().to_vec())
        .unwrap_or_default()
}

/// Hands the screen back to where the person left it.
fn stop(world: &mut World) {
    let mut attract = world.resource_mut::<Attract>();
    let Some(running) = attract.running.as_ref() else {
        return;
    };
    let (game, back, overlay) = (running.game, running.return_to, running.overlay);
    attract.overlay_to_restore = Some(overlay);
    attract.swap = Some(Swap {
        end: Some(game),
        begin: None,
        restore_clock: true,
    });
    world.resource_mut::<NextState<Screen>>().set(back);
}

/// Puts the person's screen aside and the next game's demo on.
fn start(world: &mut World, screen: Screen, hooked: &[(GameId, DemoHooks)]) {
    // A booth's organiser's controls left open are not opened again for whoever ends the
    // demo: they stay behind their PIN.
    let overlay = match navigation::overlay_shown(world) {
        Overlay::Booth => Overlay::None,
        shown => shown,
    };
    let clock = world
        .get_resource::<TurnClock>()
        .cloned()
        .unwrap_or_default();
    let mut attract = world.resource_mut::<Attract>();
    if let Some(first) = attract.first_game.take()
        && let Some(index) = hooked.iter().position(|(id, _)| *id == first)
    {
        attract.next_game = index;
    }
    let Some(game) = pick_next(&mut attract, hooked) else {
        return;
    };
    attract.running = Some(Running {
        game,
        return_to: screen,
        overlay,
        clock,
        over_for: 0.0,
        opening_table: attract.table_seconds,
    });
    attract.swap = Some(Swap {
        end: None,
        begin: Some(game),
        restore_clock: false,
    });
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game(game));
}

/// The next game in turn among those with demo hooks.
fn pick_next(attract: &mut Attract, hooked: &[(GameId, DemoHooks)]) -> Option<GameId> {
    let (game, _) = hooked.get(attract.next_game % hooked.len().max(1))?;
    attract.next_game = (attract.next_game + 1) % hooked.len();
    Some(*game)
}

/// Calls the games' hooks between the old screen's exit and the new screen's entry, so the
/// old board despawns with the match it showed and the new one spawns from the right match.
fn swap_matches(world: &mut World) {
    let Some(swap) = world.resource_mut::<Attract>().swap.take() else {
        return;
    };
    let now = world
        .get_resource::<Time<Real>>()
        .map_or(0.0, Time::elapsed_secs);
    let hooks_of = |world: &World, game: GameId| {
        world
            .get_resource::<GameHooks<DemoHooks>>()
            .and_then(|registry| registry.get(game))
    };
    if let Some(hooks) = swap.end.and_then(|game| hooks_of(world, game)) {
        (hooks.end)(world);
    }
    world.remove_resource::<DemoShowing>();
    world.remove_resource::<MusicMoodOverride>();
    let mut attract = world.resource_mut::<Attract>();
    attract.caption = None;
    match swap.begin {
        Some(game) => {
            let round = attract.rounds;
            attract.rounds += 1;
            if let Some(running) = attract.running.as_mut() {
                running.game = game;
                running.over_for = 0.0;
            }
            let quick = world.resource::<Booth>().quick_demo;
            world.insert_resource(DemoShowing { game, round, quick });
            world.insert_resource(MusicMoodOverride(MusicMood::Attract));
            if let Some(hooks) = hooks_of(world, game) {
                (hooks.begin)(world);
            }
        }
        None => {
            attract.quiet_until = now + WAKE_GRACE_SECONDS;
            let running = attract.running.take();
            if swap.restore_clock
                && let Some(running) = running
            {
                world.insert_resource(running.clock);
            }
        }
    }
}

/// Puts back the menu that was open over the person's screen, once that screen shows again
/// (a change of screen closes menus, so this waits for the change to be done).
fn restore_overlay(mut attract: ResMut<Attract>, mut overlays: Overlays) {
    if attract.swap.is_none()
        && attract.running.is_none()
        && let Some(kept) = attract.overlay_to_restore.take()
    {
        overlays.show(kept);
    }
}

/// Keeps the latest caption the demo game wrote.
fn keep_caption(
    mut captions: MessageReader<DemoCaption>,
    mut attract: ResMut<Attract>,
    time: Res<Time>,
) {
    if let Some(DemoCaption(text)) = captions.read().last() {
        attract.caption = Some((text.clone(), time.elapsed_secs()));
    }
}

/// Kiosk: the settings are not on any screen; Ctrl+Alt+S, which the README gives to the
/// organiser, opens them over wherever the app is.
fn kiosk_settings_key(
    booth: Res<Booth>,
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    attract: Res<Attract>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let alt = keys.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]);
    let here = *screen.get();
    if booth.kiosk
        && ctrl
        && alt
        && keys.just_pressed(KeyCode::KeyS)
        && here != Screen::Settings
        && attract.running.is_none()
    {
        commands.insert_resource(ReturnTo(here));
        next.set(Screen::Settings);
    }
}

/// Tall enough to cover every game's buttons in the left panel.
const CARD_MIN_HEIGHT: f32 = 260.0;

/// The cover that takes the first touch, and a card with "touch to play" and the caption.
fn attract_panels(
    mut contexts: EguiContexts,
    attract: Res<Attract>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
) -> Result {
    if !attract.waking(time.elapsed_secs()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let screen = ctx.content_rect();
    // Over everything the game draws, so a touch reaches no button of the demo game.
    egui::Area::new(egui::Id::new("attract-cover"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            ui.allocate_response(screen.size(), egui::Sense::click_and_drag());
        });
    if attract.running.is_none() {
        return Ok(());
    }
    // The card lies over the left panel's buttons, which mean nothing during a demo, so the
    // board stays in full view. A slow breath in its edge draws the eye without flashing.
    let breath = 0.5 + 0.5 * (time.elapsed_secs() * 1.6).sin();
    let alpha = 0.55 + 0.45 * breath;
    let fade = attract.caption.as_ref().map_or(1.0, |(_, since)| {
        ((time.elapsed_secs() - *since).max(0.0) / 0.35).min(1.0)
    });
    egui::Area::new(egui::Id::new("attract-card"))
        .order(egui::Order::Tooltip)
        .anchor(Align2::LEFT_BOTTOM, egui::vec2(12.0, -14.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette::PANEL.with_alpha(255).to_egui())
                .stroke(egui::Stroke::new(
                    2.0,
                    palette::ACCENT.to_egui().gamma_multiply(alpha),
                ))
                .corner_radius(16.0)
                .inner_margin(egui::Margin::same(18))
                .show(ui, |ui| {
                    ui.set_width(LEFT_PANEL_WIDTH - 24.0 - 36.0);
                    ui.set_min_height(CARD_MIN_HEIGHT);
                    ui.label(
                        RichText::new(words.text(Key::TouchToPlay))
                            .size(28.0)
                            .color(palette::ACCENT.to_egui()),
                    );
                    if let Some((caption, _)) = &attract.caption {
                        ui.add_space(14.0);
                        ui.label(
                            RichText::new(caption)
                                .size(19.0)
                                .color(palette::TEXT.to_egui().gamma_multiply(fade)),
                        );
                    }
                });
        });
    Ok(())
}
