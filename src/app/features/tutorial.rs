//! First-game lessons: a game walks a newcomer through a few prepared positions, checking
//! each step; the shell starts and ends a lesson and draws the card that says what to do.
//!
//! The shell names no game. A game registers [`LessonHooks`]: `begin` keeps the person's
//! match aside, puts the lesson's first position on the game's screen and inserts a
//! [`Lesson`]; `end` puts the person's match back. The game's own systems watch the moves,
//! then call [`Lesson::complete`] or [`Lesson::retry`], and set up each step's position when
//! [`Lesson::step`] moves on.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::board_room::RIGHT_PANEL_WIDTH;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::games::{GameHooks, GameId};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::{BoardInPlay, Screen};
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::theme;
use crate::app::features::attract::DemoShowing;
use crate::app::shell::widgets::{UiSounds, button_of_width};

/// The lesson's turn flow without any drawing, for headless tests as well as the window.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<StartLesson>().add_systems(
        Update,
        // Ending first: a lesson asked for during another begins once that one has ended.
        (end_lessons, start_lessons, move_on)
            .chain()
            .in_set(AppSet::Input),
    );
    frames::draw_while(app, |lesson: Option<Res<Lesson>>| {
        lesson.is_some_and(|lesson| lesson.is_moving_on())
    });
}

/// The card, in the window.
pub(crate) fn panels_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, lesson_card.in_set(AppSet::Panels));
}

/// What one game needs to teach itself.
#[derive(Debug, Clone, Copy)]
pub struct LessonHooks {
    /// Keeps the person's match aside, puts the first step's position in place and inserts
    /// the [`Lesson`].
    pub begin: fn(&mut World),
    /// Takes the lesson's match away and puts the person's back.
    pub end: fn(&mut World),
}

/// Asks for a game's lesson, from the title screen or a script.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartLesson(pub GameId);

/// One step of a lesson: what the card says, from the game's catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonStep {
    /// The message with what to do.
    pub id: &'static str,
    /// The message with its heading.
    pub title: &'static str,
    /// A step to read, moved on from with the Next button rather than by a move.
    pub reading: bool,
}

/// The lesson in progress.
#[derive(Resource, Debug, Clone)]
pub struct Lesson {
    pub game: GameId,
    pub steps: &'static [LessonStep],
    /// The game's catalog, for the steps' words.
    pub words: fn(Language, &'static str) -> &'static str,
    step: usize,
    /// A word of praise for the step just done, shown until the next step begins.
    praise: Option<&'static str>,
    /// Why the last try did not count, and what to try instead.
    retry: Option<&'static str>,
    /// Seconds left before the next step begins, once this one is done.
    moving_on_in: Option<f32>,
}

/// How long the praise for a step shows over the finished move before the next step's
/// position replaces it.
pub const PRAISE_SECONDS: f32 = 1.4;

impl Lesson {
    #[must_use]
    pub fn new(
        game: GameId,
        steps: &'static [LessonStep],
        words: fn(Language, &'static str) -> &'static str,
    ) -> Self {
        Self {
            game,
            steps,
            words,
            step: 0,
            praise: None,
            retry: None,
            moving_on_in: None,
        }
    }

    /// The step being taught, counted from 0.
    #[must_use]
    pub fn step(&self) -> usize {
        self.step
    }

    #[must_use]
    pub fn current(&self) -> Option<LessonStep> {
        self.steps.get(self.step).copied()
    }

    /// Whether the current step is done and the lesson is about to move on: the game lets
    /// the board rest meanwhile.
    #[must_use]
    pub fn is_moving_on(&self) -> bool {
        self.moving_on_in.is_some()
    }

    #[must_use]
    pub fn is_last_step(&self) -> bool {
        self.step + 1 >= self.steps.len()
    }

    /// The step is done: `praise` shows at once, and the next step begins shortly.
    pub fn complete(&mut self, praise: &'static str) {
        if self.moving_on_in.is_none() {
            self.praise = Some(praise);
            self.retry = None;
            self.moving_on_in = Some(PRAISE_SECONDS);
        }
    }

    /// The try did not do what the step asks: says why; the game puts the step back.
    pub fn retry(&mut self, why: &'static str) {
        self.retry = Some(why);
    }

    /// The sentence under the step's text, if any: praise or a reason to try again.
    #[must_use]
    pub fn feedback(&self) -> Option<(&'static str, bool)> {
        self.retry
            .map(|why| (why, false))
            .or(self.praise.map(|praise| (praise, true)))
    }

    /// Goes on to the next step now (the Next button, or the end of the praise).
    pub fn next_step(&mut self) {
        if !self.is_last_step() {
            self.step += 1;
            self.praise = None;
            self.retry = None;
            self.moving_on_in = None;
        }
    }
}

/// Calls the game's `begin` and opens its screen. Asked from a game's screen, it goes by the
/// title first, so the game on the screen is put away (and its lesson ended) before the new
/// lesson's board is laid out.
fn start_lessons(
    mut asked: MessageReader<StartLesson>,
    mut waiting: Local<Option<GameId>>,
    lessons: Option<Res<GameHooks<LessonHooks>>>,
    screen: Res<State<Screen>>,
    lesson: Option<Res<Lesson>>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(StartLesson(game)) = asked.read().last().copied() {
        *waiting = Some(game);
    }
    let Some(game) = *waiting else {
        return;
    };
    // A game's screen keeps its match in use: it is left first.
    if matches!(screen.get(), Screen::Game(_)) {
        NextState::set_if_neq(&mut next, Screen::Title);
        return;
    }
    *waiting = None;
    let Some(hooks) = lessons.and_then(|lessons| lessons.get(game)) else {
        return;
    };
    let running = lesson.map(|lesson| lesson.game);
    commands.queue(move |world: &mut World| {
        if let Some(running) = running {
            end_lesson(world, running);
        }
        (hooks.begin)(world);
    });
    next.set(Screen::Game(game));
}

/// A lesson ends when its player goes to the title or to a setup: the person's match comes
/// back. The rules and settings screens, opened from the game's menu, keep it.
fn end_lessons(
    mut transitions: MessageReader<StateTransitionEvent<Screen>>,
    lesson: Option<Res<Lesson>>,
    demo: Option<Res<DemoShowing>>,
    mut commands: Commands,
) {
    let left = transitions
        .read()
        .any(|change| matches!(change.entered, Some(Screen::Title | Screen::Setup(_))));
    let Some(lesson) = lesson else {
        return;
    };
    if left && demo.is_none() {
        let game = lesson.game;
        commands.queue(move |world: &mut World| end_lesson(world, game));
    }
}

fn end_lesson(world: &mut World, game: GameId) {
    world.remove_resource::<Lesson>();
    let hooks = world
        .get_resource::<GameHooks<LessonHooks>>()
        .and_then(|lessons| lessons.get(game));
    if let Some(hooks) = hooks {
        (hooks.end)(world);
    }
}

/// Counts down the praise of a finished step, then moves on.
fn move_on(lesson: Option<ResMut<Lesson>>, demo: Option<Res<DemoShowing>>, time: Res<Time>) {
    let Some(mut lesson) = lesson else {
        return;
    };
    if demo.is_some() {
        return;
    }
    let Some(left) = lesson.moving_on_in else {
        return;
    };
    let left = left - time.delta_secs();
    if left > 0.0 {
        lesson.moving_on_in = Some(left);
    } else if lesson.is_last_step() {
        lesson.moving_on_in = None;
    } else {
        lesson.next_step();
    }
}

/// Whether the lesson's card may show: over its own game's screen, with nothing on top.
#[derive(SystemParam)]
struct CardRoom<'w> {
    board: Option<Res<'w, State<BoardInPlay>>>,
    demo: Option<Res<'w, DemoShowing>>,
}

impl CardRoom<'_> {
    fn free_over(&self, game: GameId) -> bool {
        let in_play = self.board.as_ref().map(|board| *board.get());
        self.demo.is_none() && in_play == Some(BoardInPlay(game))
    }
}

/// The card over the lower part of the right panel: the step, what to do, and a word on the
/// last try; Next on a step to read, and a way out at any time.
fn lesson_card(
    mut contexts: EguiContexts,
    lesson: Option<ResMut<Lesson>>,
    settings: Res<Settings>,
    room: CardRoom,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let Some(mut lesson) = lesson else {
        return Ok(());
    };
    if !room.free_over(lesson.game) {
        return Ok(());
    }
    let Some(step) = lesson.current() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let mut go_on = false;
    egui::Area::new(egui::Id::new("lesson-card"))
        .order(egui::Order::Middle)
        .anchor(Align2::RIGHT_BOTTOM, egui::vec2(-10.0, -10.0))
        .show(ctx, |ui| {
            theme::panel_frame()
                .fill(palette::PANEL.with_alpha(255).to_egui())
                .stroke(egui::Stroke::new(2.0, palette::ACCENT.to_egui()))
                .show(ui, |ui| {
                    ui.set_width(RIGHT_PANEL_WIDTH - 20.0 - 36.0);
                    step_text(ui, words, &lesson, step);
                    ui.add_space(10.0);
                    go_on = step_buttons(ui, words, &lesson, step, &mut next, &mut sounds);
                });
        });
    if go_on {
        lesson.next_step();
    }
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The step's number, heading and text, with praise above the text or a reason to try
/// again below it.
fn step_text(ui: &mut egui::Ui, words: Language, lesson: &Lesson, step: LessonStep) {
    let text = |id: &'static str| (lesson.words)(words, id);
    let feedback = lesson.feedback().map(|(id, good)| (text(id), good));
    ui.label(
        RichText::new(words.lesson_step(lesson.step(), lesson.steps.len()))
            .size(15.0)
            .color(palette::TEXT_MUTED.to_egui()),
    );
    ui.label(
        RichText::new(text(step.title))
            .size(23.0)
            .color(palette::ACCENT.to_egui()),
    );
    ui.add_space(4.0);
    if let Some((said, good)) = feedback.filter(|(_, good)| *good) {
        feedback_label(ui, said, good);
    }
    ui.label(RichText::new(text(step.id)).size(17.0));
    if let Some((said, good)) = feedback.filter(|(_, good)| !*good) {
        feedback_label(ui, said, good);
    }
}

/// Next on a step to read, and a way out; at the end, a game of one's own or the title.
/// Whether Next was clicked.
fn step_buttons(
    ui: &mut egui::Ui,
    words: Language,
    lesson: &Lesson,
    step: LessonStep,
    next: &mut NextState<Screen>,
    sounds: &mut UiSounds,
) -> bool {
    let width = ui.available_width();
    let mut go_on = false;
    if step.reading && lesson.is_last_step() {
        if button_of_width(ui, words.text(Key::LessonPlay), true, width, sounds).clicked() {
            next.set(Screen::Setup(lesson.game));
        }
        if button_of_width(ui, words.text(Key::ToTitle), true, width, sounds).clicked() {
            next.set(Screen::Title);
        }
    } else {
        if step.reading
            && button_of_width(ui, words.text(Key::LessonNext), true, width, sounds).clicked()
        {
            go_on = true;
        }
        if button_of_width(ui, words.text(Key::LessonLeave), true, width, sounds).clicked() {
            next.set(Screen::Title);
        }
    }
    go_on
}

fn feedback_label(ui: &mut egui::Ui, said: &str, good: bool) {
    let (mark, colour) = if good {
        ("✓", palette::Colours::of(ui.ctx()).success())
    } else {
        ("↺", palette::WARNING)
    };
    ui.label(
        RichText::new(format!("{mark} {said}"))
            .size(17.0)
            .color(colour.to_egui()),
    );
    ui.add_space(4.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEPS: &[LessonStep] = &[
        LessonStep {
            id: "one",
            title: "one-title",
            reading: false,
        },
        LessonStep {
            id: "two",
            title: "two-title",
            reading: true,
        },
    ];

    #[test]
    fn a_done_step_praises_then_moves_on_and_a_retry_says_why() {
        let mut lesson = Lesson::new(GameId("test"), STEPS, |_, id| id);
        lesson.retry("again");
        assert_eq!(lesson.feedback(), Some(("again", false)));
        lesson.complete("well");
        assert_eq!(lesson.feedback(), Some(("well", true)));
        assert!(lesson.is_moving_on());
        // A second completion while moving on changes nothing.
        lesson.complete("other");
        assert_eq!(lesson.feedback(), Some(("well", true)));
        lesson.next_step();
        assert_eq!(lesson.step(), 1);
        assert!(!lesson.is_moving_on());
        assert!(lesson.is_last_step());
        // The next step begins afresh.
        assert_eq!(lesson.feedback(), None);
        lesson.next_step();
        assert_eq!(lesson.step(), 1, "the last step is where a lesson stays");
    }
}
