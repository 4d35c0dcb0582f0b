//! Carrying out a script's steps in the running app, one step per frame.

use std::time::{Duration, Instant};

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::picking::pointer::PointerAction;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Capturing, Screenshot};
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::person;
use super::report::{report, screenshot};
use super::state::Script;
use super::step::{
    AWAIT_SECONDS, Condition, PersonAction, ScriptPlaces, Spot, Step, StepOutcome, WAIT_FRAME_RATE,
};
use crate::app::base::games::{GameId, RulesExamples, RulesPage};
use crate::app::base::navigation::{Overlay, Overlays, Screen};
use crate::app::base::pointer::SyntheticPointer;
use crate::app::base::settings::Settings;
use crate::app::features::attract::Attract;
use crate::app::features::booth_controls::BoothControls;
use crate::app::shell::widgets::button_place;
use crate::app::table::view::ShownView;

type PrimaryWindows<'w, 's> = Query<'w, 's, &'static mut Window, With<PrimaryWindow>>;

/// What the steps act on: the screens, the window, the keys, the attract mode and the
/// settings.
#[derive(SystemParam)]
pub(super) struct Hands<'w, 's> {
    commands: Commands<'w, 's>,
    keys: ResMut<'w, ButtonInput<KeyCode>>,
    next: ResMut<'w, NextState<Screen>>,
    windows: PrimaryWindows<'w, 's>,
    attract: ResMut<'w, Attract>,
    typed: MessageWriter<'w, KeyboardInput>,
    settings: ResMut<'w, Settings>,
}

/// What the checks and taps read: the screen and overlay showing, the game's places and the
/// buttons drawn.
#[derive(SystemParam)]
pub(super) struct Seen<'w, 's> {
    screen: Option<Res<'w, State<Screen>>>,
    overlay: Option<Res<'w, State<Overlay>>>,
    places: Res<'w, ScriptPlaces>,
    contexts: EguiContexts<'w, 's>,
    shown: Option<Res<'w, ShownView>>,
}

impl Seen<'_, '_> {
    /// Where a spot is in the window, once it is drawn.
    fn locate(&mut self, spot: &Spot) -> Option<Vec2> {
        match spot {
            Spot::At(at) => Some(*at),
            Spot::Place(name) => self.places.0.get(name).copied(),
            Spot::Button(text) => {
                let ctx = self.contexts.ctx_mut().ok()?;
                let place = button_place(ctx, text).filter(|p| p.enabled)?;
                let centre = place.rect.center() * ctx.zoom_factor();
                Some(Vec2::new(centre.x, centre.y))
            }
        }
    }

    /// The scale the panels are drawn at, from window pixels to egui's points.
    fn zoom(&mut self) -> f32 {
        self.contexts.ctx_mut().map_or(1.0, |ctx| ctx.zoom_factor())
    }
}

/// Moves the script on by a frame: finishes what the last step started, or takes the next.
pub(super) fn run_steps(
    mut script: ResMut<Script>,
    mut hands: Hands<'_, '_>,
    mut seen: Seen<'_, '_>,
    (capturing, pending): (Query<(), With<Capturing>>, Query<(), With<Screenshot>>),
    mut pointer: ResMut<SyntheticPointer>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Some(key) = script.released.take() {
        hands.keys.release(key);
    }
    // A tap is a move, a press and a release on three frames, as a hand would make it.
    if let Some(batch) = script.pointer.pop_front() {
        pointer.0.extend(batch);
        return;
    }
    if script.exiting {
        if capturing.is_empty() && pending.is_empty() {
            report(&script);
            exit.write(AppExit::Success);
        }
        return;
    }
    if script.waiting > 0 {
        let time_is_up = script
            .waiting_until
            .is_some_and(|until| Instant::now() >= until);
        if !time_is_up {
            script.waiting -= 1;
            return;
        }
        script.waiting = 0;
    }
    script.waiting_until = None;
    // One step per frame; a script that ends without `exit` still ends the run.
    let Some(step) = script.steps.pop_front() else {
        script.exiting = true;
        return;
    };
    let Some(outcome) = carry_out(&step, &mut script, &mut hands, &mut seen) else {
        return;
    };
    if let Some(failure) = settle(&mut script, step, outcome) {
        fail(&mut exit, &failure);
    }
}

/// Starts one step, or with `None` hands a game's step on to [`run_game_step`].
fn carry_out(
    step: &Step,
    script: &mut Script,
    hands: &mut Hands<'_, '_>,
    seen: &mut Seen<'_, '_>,
) -> Option<StepOutcome> {
    Some(match step {
        Step::Wait(frames) => {
            let stretch = Duration::from_secs_f64(f64::from(*frames) / WAIT_FRAME_RATE);
            script.waiting_until = Some(Instant::now() + stretch);
            StepOutcome::Wait(*frames)
        }
        Step::Screenshot(name) => screenshot(&mut hands.commands, &script.output, name),
        Step::Screen(screen) => {
            hands.next.set(*screen);
            StepOutcome::Wait(2)
        }
        Step::Key(key) => {
            hands.keys.press(*key);
            script.released = Some(*key);
            StepOutcome::Done
        }
        Step::Resize(width, height) => resize(&mut hands.windows, *width, *height),
        Step::Tap { spot, jump } => tap_spot(script, seen, spot, *jump),
        Step::Expect(condition) => check(condition, false, seen, &hands.windows),
        Step::Await(condition) => check(condition, true, seen, &hands.windows),
        Step::AwaitFile(name) => {
            if script.output.join(name).exists() {
                StepOutcome::Done
            } else {
                StepOutcome::Retry(format!("no file {name} in {}", script.output.display()))
            }
        }
        Step::Person(action) => ask_person(action, seen),
        Step::Game(game_step) => {
            // Carried out right after this system, with the whole world at hand.
            script.game_step = Some(game_step.clone());
            return None;
        }
        Step::Exit => {
            script.exiting = true;
            StepOutcome::Done
        }
        Step::Attract(game) => {
            hands.attract.start_now(*game);
            StepOutcome::Wait(3)
        }
        Step::BoothControls => {
            hands.commands.queue(|world: &mut World| {
                let _ = world.run_system_cached(open_booth_controls);
            });
            StepOutcome::Wait(3)
        }
        Step::Rules { game, examples } => rules(hands, *game, *examples),
        Step::Language(language) => {
            hands.settings.language = *language;
            StepOutcome::Wait(3)
        }
        Step::Touch => touch(&mut hands.typed),
    })
}

/// Opens a booth's organiser's controls, as Ctrl+Alt+B does.
fn open_booth_controls(controls: Option<ResMut<BoothControls>>, mut overlays: Overlays) {
    if let Some(mut controls) = controls {
        controls.show(&mut overlays);
    }
}

fn resize(windows: &mut PrimaryWindows<'_, '_>, width: f32, height: f32) -> StepOutcome {
    for mut window in windows {
        window.resolution.set(width, height);
    }
    StepOutcome::Wait(3)
}

fn tap_spot(script: &mut Script, seen: &mut Seen<'_, '_>, spot: &Spot, jump: bool) -> StepOutcome {
    match seen.locate(spot) {
        Some(at) => {
            tap(script, at, jump);
            StepOutcome::Wait(2)
        }
        None => StepOutcome::Retry(format!("{spot:?} is not on the screen")),
    }
}

/// An `expect` (`wait` false) fails at once when the condition does not hold; an `await`
/// tries again next frame.
fn check(
    condition: &Condition,
    wait: bool,
    seen: &Seen<'_, '_>,
    windows: &PrimaryWindows<'_, '_>,
) -> StepOutcome {
    let (holds, found) = match condition {
        Condition::Screen(expected) => {
            let showing = seen.screen.as_ref().map(|s| *s.get());
            (
                showing.is_some_and(|s| expected.matches(s)),
                format!("{showing:?}"),
            )
        }
        Condition::Overlay(expected) => {
            let showing = seen.overlay.as_ref().map(|overlay| *overlay.get());
            (showing == Some(*expected), format!("{showing:?}"))
        }
        Condition::OnTable(expected) => {
            let on_table = seen.shown.as_ref().is_some_and(|shown| shown.on_table);
            (on_table == *expected, format!("on the table: {on_table}"))
        }
        Condition::WindowSize(width, height) => {
            let size = windows
                .iter()
                .next()
                .map(|w| (w.width().round() as u32, w.height().round() as u32));
            (size == Some((*width, *height)), format!("{size:?}"))
        }
    };
    let why = format!("expected {condition:?}, found {found}");
    match (holds, wait) {
        (true, _) => StepOutcome::Done,
        (false, true) => StepOutcome::Retry(why),
        (false, false) => StepOutcome::Fail(why),
    }
}

/// Prints what the person is to do, once what it names is on the screen.
fn ask_person(action: &PersonAction, seen: &mut Seen<'_, '_>) -> StepOutcome {
    let zoom = seen.zoom();
    match person::line(action, zoom, |spot| seen.locate(spot)) {
        Some(line) => {
            println!("{line}");
            StepOutcome::Done
        }
        None => StepOutcome::Retry(format!("{action:?}: nothing there to act on")),
    }
}

fn rules(hands: &mut Hands<'_, '_>, game: GameId, examples: bool) -> StepOutcome {
    hands.commands.insert_resource(RulesPage(Some(game)));
    hands.commands.insert_resource(RulesExamples(examples));
    hands.next.set(Screen::Rules);
    StepOutcome::Wait(3)
}

fn touch(typed: &mut MessageWriter<'_, KeyboardInput>) -> StepOutcome {
    typed.write(KeyboardInput {
        key_code: KeyCode::Space,
        logical_key: Key::Space,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        // No window-specific handling reads it; the attract mode only counts it.
        window: Entity::PLACEHOLDER,
    });
    StepOutcome::Wait(3)
}

/// Carries out a game's step that [`run_steps`] handed on.
pub(super) fn run_game_step(world: &mut World) {
    let Some(step) = world
        .get_resource_mut::<Script>()
        .and_then(|mut script| script.game_step.take())
    else {
        return;
    };
    let outcome = step.0.run(world);
    let mut script = world.resource_mut::<Script>();
    if let Some(failure) = settle(&mut script, Step::Game(step), outcome) {
        eprintln!("abakus: script check failed: {failure}");
        world.write_message(AppExit::from_code(3));
    }
}

/// Acts on a step's outcome: waits, retries it next frame until its deadline passes, or
/// returns the reason the run fails.
fn settle(script: &mut Script, step: Step, outcome: StepOutcome) -> Option<String> {
    match outcome {
        StepOutcome::Done => {
            script.deadline = None;
            None
        }
        StepOutcome::Wait(frames) => {
            script.deadline = None;
            script.waiting = frames;
            None
        }
        StepOutcome::Retry(why) => {
            let deadline = *script
                .deadline
                .get_or_insert_with(|| Instant::now() + Duration::from_secs(AWAIT_SECONDS));
            if Instant::now() > deadline {
                script.deadline = None;
                return Some(format!("{why} after {AWAIT_SECONDS} s"));
            }
            script.steps.push_front(step);
            None
        }
        StepOutcome::Fail(why) => {
            script.deadline = None;
            Some(why)
        }
    }
}

/// A tap at window coordinates: on three frames as a hand makes it, or all in one frame.
fn tap(script: &mut Script, at: Vec2, jump: bool) {
    let button = PointerButton::Primary;
    let actions = [
        (at, PointerAction::Move { delta: Vec2::ONE }),
        (at, PointerAction::Press(button)),
        (at, PointerAction::Release(button)),
    ];
    if jump {
        script.pointer.push_back(actions.to_vec());
    } else {
        script.pointer.extend(actions.map(|action| vec![action]));
    }
}

/// Ends the run with exit code 3 and one line saying what the script expected.
fn fail(exit: &mut MessageWriter<AppExit>, message: &str) {
    eprintln!("abakus: script check failed: {message}");
    exit.write(AppExit::from_code(3));
}
