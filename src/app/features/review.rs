//! A finished game's review: the computer's verdict on every move, worked out beside the frame
//! loop with a progress bar that can be cancelled, then a card with the moves, a graph and each
//! player's summary; shared, naming no game.
//!
//! Each game registers [`ReviewHooks`]: how the game on its screen becomes a [`ReviewJob`], a
//! piece of work that runs on its own thread and hands back the review, which the card puts
//! in the player's words ([`ReviewReport`]).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::games::GameHooks;
use crate::app::base::i18n::{Arg, Key, Language, SHELL};
use crate::app::base::navigation::{Overlay, Overlays, Screen, show_overlay};
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::storage::{self, DataDir};
use crate::app::base::theme;
use crate::app::shell::widgets::{UiSounds, button_of_width};
use abakus_rules::review::{Label, Progress, ReviewError, Summary};

/// The review's work and its state, without the card (for headless tests too).
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Review>().add_systems(
        Update,
        (
            start_asked_review.run_if(|review: Res<Review>| review.asked),
            collect_review,
            close_off_the_game_screen,
            close_with_the_overlay,
        )
            .chain(),
    );
    frames::draw_while(app, progress_moved);
}

/// The review's card.
pub(crate) fn panels_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, review_card.in_set(AppSet::Panels));
}

/// How one game is reviewed.
#[derive(Debug, Clone, Copy)]
pub struct ReviewHooks {
    /// The game on the screen as a review to work out; `None` when there is no game or no
    /// move to review.
    pub job: fn(&World) -> Option<ReviewJob>,
}

/// A review's work: run on its own thread, telling its progress to the callback (which answers
/// `false` to stop it), and handing back the review, to be put in words in any language.
pub type ReviewJob =
    Box<dyn FnOnce(&mut dyn FnMut(Progress) -> bool) -> Result<ReviewWords, ReviewError> + Send>;

/// Part of a kept review's name: bumped whenever the verdicts a review gives change, so that
/// files written before are worked out again instead of read.
const KEPT_REVIEWS_VERSION: u32 = 1;

/// The review of `game` with `settings`: read from the data folder (`reviews/`) where the same
/// game was reviewed with the same settings before, else worked out by `work` and kept there,
/// so opening a review again costs nothing. Where there is no data folder, always worked out.
pub fn kept_or_worked_out<G, R>(
    dir: Option<&DataDir>,
    (kind, game): (&str, &G),
    settings: &impl std::fmt::Debug,
    work: impl FnOnce() -> Result<R, ReviewError>,
) -> Result<R, ReviewError>
where
    G: serde::Serialize,
    R: serde::Serialize + serde::de::DeserializeOwned,
{
    let key = serde_json::to_string(game).ok().map(|text| {
        let key = format!("{KEPT_REVIEWS_VERSION} {settings:?} {text}");
        format!(
            "reviews/{kind}-{:016x}.json",
            storage::fnv1a(key.as_bytes())
        )
    });
    let (Some(dir), Some(name)) = (dir, key) else {
        return work();
    };
    if let Some(kept) = storage::load_kept(dir, &name) {
        return Ok(kept);
    }
    let reviewed = work()?;
    storage::keep(dir, &name, &reviewed);
    Ok(reviewed)
}

/// A finished review, as its game keeps it.
pub trait Reviewed: Send + Sync {
    /// The review in words, in this language.
    fn report(&self, words: Language) -> ReviewReport;
    /// The board as it was after move `after` (counted from 0), that move marked and the better
    /// move, where there was one, drawn faintly, in at most `size`.
    fn draw_board(&self, ui: &mut Ui, after: usize, size: egui::Vec2);
    /// Puts the game as it was before move `at` on the screen for its player to try another
    /// move ("Try again"), every seat a person's and no clock: the first time keeping the
    /// game's own match aside, after that setting the practice up again. `false`, changing
    /// nothing, where it cannot.
    fn practise(&self, world: &mut World, at: usize, first: bool) -> bool;
    /// Puts the game's own match back after practice.
    fn end_practice(&self, world: &mut World);
    /// Once the player has made their move in the practice on the screen: the work that judges
    /// it as the review judged move `at`; `None` before.
    fn judge_try(&self, world: &World, at: usize) -> Option<TryJob>;
}

/// The judging of a move tried in practice, run beside the frames.
pub type TryJob = Box<dyn FnOnce() -> TryVerdict + Send>;

/// What the review makes of a move tried in practice, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct TryVerdict {
    /// The move tried.
    pub tried: String,
    /// Its label: [`Label::Best`] when it is as good as the computer's move.
    pub label: Label,
    /// The figures behind the label, as the review's note gives them, in every language in
    /// the order of [`Language::ALL`] (the language may change while the card is up).
    pub notes: Vec<String>,
    /// The computer's move.
    pub best: String,
}

impl TryVerdict {
    /// The figures behind the label in `words`.
    #[must_use]
    pub fn note(&self, words: Language) -> &str {
        Language::ALL
            .iter()
            .position(|&language| language == words)
            .and_then(|at| self.notes.get(at))
            .map_or("", String::as_str)
    }
}

/// A finished review, shared between the card and its words.
pub type ReviewWords = Arc<dyn Reviewed>;

/// A review in words, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewReport {
    /// The players' names, by seat.
    pub players: Vec<String>,
    /// Every move, in the order played.
    pub rows: Vec<ReviewRow>,
    /// Each player's summary, by seat.
    pub summaries: Vec<Summary>,
    /// What the game calls each label, in the order of [`Label::ALL`].
    pub label_words: [String; 4],
    /// What each player lost in all, in the game's unit ("31% of a win", "12.5 points").
    pub lost: Vec<String>,
    /// The graph's lines, each a value after every move, with its name.
    pub lines: Vec<(String, Vec<f64>)>,
    /// Faint lines beside them, in the same colours, and what they show: in the tile game each
    /// player's score had every judged turn been the best move; none in the hex game.
    pub faint_lines: Option<(String, Vec<Vec<f64>>)>,
    /// The values at the graph's bottom and top.
    pub range: (f64, f64),
}

/// One move in words.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewRow {
    pub player: usize,
    pub played: String,
    /// The better move, where the computer found one.
    pub best: Option<String>,
    /// `None` for a move that was not judged (forced, a challenge).
    pub label: Option<Label>,
    /// The figures behind the verdict: the chances before and after, or the points.
    pub note: String,
}

/// The review on the screen, if any, and the move looked at.
#[derive(Resource, Default)]
pub struct Review {
    /// Someone asked for a review of the game on the screen.
    pub asked: bool,
    pub state: ReviewState,
    /// The move looked at, by its place in the game.
    pub selected: usize,
    /// Someone asked to try the move at this place again ([`crate::app::features::practice`]).
    pub try_again: Option<usize>,
}

impl Review {
    /// Whether the review's card is up (working or done).
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.asked || !matches!(self.state, ReviewState::Closed)
    }

    /// Stops any work and takes the card down.
    pub fn close(&mut self) {
        if let ReviewState::Working(working) = &self.state {
            working.cancel.store(true, Ordering::Relaxed);
        }
        self.state = ReviewState::Closed;
        self.asked = false;
    }
}

#[derive(Default)]
pub enum ReviewState {
    #[default]
    Closed,
    Working(Working),
    /// The review, and its words in the language they were last put in.
    Done(ReviewWords, Box<(Language, ReviewReport)>),
    /// Why the review could not be made.
    Failed(String),
}

impl std::fmt::Debug for ReviewState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReviewState::Closed => f.write_str("Closed"),
            ReviewState::Working(_) => f.write_str("Working"),
            ReviewState::Done(_, report) => write!(f, "Done({} moves)", report.1.rows.len()),
            ReviewState::Failed(why) => write!(f, "Failed({why})"),
        }
    }
}

/// A review at work on its own thread.
pub struct Working {
    progress: Arc<Mutex<Progress>>,
    /// The positions done when the last frame was asked for.
    drawn: AtomicUsize,
    cancel: Arc<AtomicBool>,
    result: Arc<Mutex<Option<Result<ReviewWords, ReviewError>>>>,
}

/// Starts the review of the game on the screen on its own thread.
fn start_asked_review(world: &mut World) {
    let words = world.resource::<Settings>().language;
    let job = match world.resource::<State<Screen>>().get() {
        Screen::Game(game) => world
            .get_resource::<GameHooks<ReviewHooks>>()
            .and_then(|hooks| hooks.get(*game))
            .and_then(|hooks| (hooks.job)(world)),
        _ => None,
    };
    // A card over the screen: the game's keys and clicks wait, and Esc closes it.
    show_overlay(world, Overlay::Review);
    let mut review = world.resource_mut::<Review>();
    review.asked = false;
    review.selected = 0;
    review.try_again = None;
    let Some(job) = job else {
        review.state = ReviewState::Failed(SHELL.text(words, "review-nothing").to_owned());
        return;
    };
    let working = Working {
        progress: Arc::new(Mutex::new(Progress { done: 0, total: 1 })),
        drawn: AtomicUsize::new(0),
        cancel: Arc::new(AtomicBool::new(false)),
        result: Arc::new(Mutex::new(None)),
    };
    let (progress, cancel, result) = (
        working.progress.clone(),
        working.cancel.clone(),
        working.result.clone(),
    );
    std::thread::spawn(move || {
        let done = job(&mut |now| {
            if let Ok(mut shown) = progress.lock() {
                *shown = now;
            }
            !cancel.load(Ordering::Relaxed)
        });
        if let Ok(mut slot) = result.lock() {
            *slot = Some(done);
        }
    });
    review.state = ReviewState::Working(working);
}

/// A frame when a review is asked for or has got further, and every frame once it is
/// finishing, so that the card shows its progress without drawing for nothing while both
/// cores work on it.
fn progress_moved(review: Res<Review>) -> bool {
    if review.asked {
        return true;
    }
    let ReviewState::Working(working) = &review.state else {
        return false;
    };
    let now = working
        .progress
        .lock()
        .map_or(Progress { done: 0, total: 1 }, |p| *p);
    working.drawn.swap(now.done, Ordering::Relaxed) != now.done || now.done >= now.total
}

/// Takes the finished review from its thread.
fn collect_review(mut review: ResMut<Review>, settings: Res<Settings>) {
    let ReviewState::Working(working) = &review.state else {
        return;
    };
    let Some(done) = working.result.lock().ok().and_then(|mut slot| slot.take()) else {
        return;
    };
    let words = settings.language;
    review.state = match done {
        Ok(reviewed) => {
            let shown = reviewed.report(words);
            ReviewState::Done(reviewed, Box::new((words, shown)))
        }
        Err(ReviewError::Cancelled) => ReviewState::Closed,
        Err(why) => ReviewState::Failed(format_failure(words, &why)),
    };
}

fn format_failure(words: Language, why: &ReviewError) -> String {
    let why = why.to_string();
    SHELL.format(words, "review-failed", &[("why", Arg::Text(&why))])
}

/// Esc, or another card, closes the review's card: the review goes with it.
fn close_with_the_overlay(mut review: ResMut<Review>, overlays: Overlays) {
    if review.is_open() && !review.asked && overlays.shown() != Overlay::Review {
        review.close();
    }
}

/// A review belongs to the game on the screen: leaving it takes the card down.
fn close_off_the_game_screen(mut review: ResMut<Review>, screen: Res<State<Screen>>) {
    if review.is_open() && !matches!(screen.get(), Screen::Game(_)) {
        review.close();
    }
}

fn review_card(
    mut contexts: EguiContexts,
    mut review: ResMut<Review>,
    settings: Res<Settings>,
    keys: Res<ButtonInput<KeyCode>>,
    mut overlays: Overlays,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    if !review.is_open() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let review: &mut Review = &mut review;
    // A language chosen since puts the review in its words.
    if let ReviewState::Done(reviewed, shown) = &mut review.state
        && shown.0 != words
    {
        **shown = (words, reviewed.report(words));
    }
    let screen = ctx.content_rect();
    let width = (screen.width() - 40.0).clamp(320.0, 1100.0);
    let mut close = false;
    egui::Area::new(egui::Id::new("review"))
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .order(egui::Order::Tooltip)
        .show(ctx, |ui| {
            // Opaque: the board under it would make the list hard to read.
            let frame = theme::panel_frame().fill(palette::PANEL.with_alpha(255).to_egui());
            frame.show(ui, |ui| {
                ui.set_width(width);
                ui.label(
                    RichText::new(SHELL.text(words, "review-heading"))
                        .size(28.0)
                        .color(palette::ACCENT.to_egui()),
                );
                match &review.state {
                    ReviewState::Closed => {}
                    ReviewState::Working(working) => {
                        let progress = working
                            .progress
                            .lock()
                            .map(|p| *p)
                            .unwrap_or(Progress { done: 0, total: 1 });
                        working_part(ui, words, progress);
                    }
                    ReviewState::Failed(why) => {
                        ui.label(RichText::new(why).color(palette::WARNING.to_egui()));
                    }
                    ReviewState::Done(reviewed, shown) => {
                        let report = &shown.1;
                        // What the window's height leaves for the list of moves.
                        let list = (screen.height() - 360.0).clamp(110.0, 300.0);
                        step_by_keys(&keys, &mut review.selected, report.rows.len());
                        let looking = (
                            reviewed.as_ref(),
                            &mut review.selected,
                            &mut review.try_again,
                            list,
                        );
                        report_part(ui, words, report, looking, &mut sounds);
                    }
                }
                ui.add_space(6.0);
                let working = matches!(review.state, ReviewState::Working(_));
                let mut steps = None;
                ui.horizontal(|ui| {
                    let leave = if working {
                        SHELL.text(words, "review-cancel")
                    } else {
                        words.text(Key::Close)
                    };
                    close = button_of_width(ui, leave, true, 140.0, &mut sounds).clicked();
                    if let ReviewState::Done(_, shown) = &review.state {
                        let report = &shown.1;
                        steps = step_buttons(
                            ui,
                            words,
                            review.selected,
                            report.rows.len(),
                            &mut sounds,
                        );
                    }
                });
                if let Some(to) = steps {
                    review.selected = to;
                }
            });
        });
    if close {
        review.close();
        overlays.close();
    }
    sfx.write_batch(sounds.0);
    Ok(())
}

/// First, back, forward and last; the move to look at, if one was pressed.
fn step_buttons(
    ui: &mut Ui,
    words: Language,
    selected: usize,
    moves: usize,
    sounds: &mut UiSounds,
) -> Option<usize> {
    let last = moves.saturating_sub(1);
    let mut to = None;
    for (key, target) in [
        ("review-first", 0),
        ("review-back", selected.saturating_sub(1)),
        ("review-forward", (selected + 1).min(last)),
        ("review-last", last),
    ] {
        if button_of_width(ui, SHELL.text(words, key), true, 100.0, sounds).clicked() {
            to = Some(target);
        }
    }
    to
}

/// The progress bar of a review at work.
fn working_part(ui: &mut Ui, words: Language, progress: Progress) {
    let share = progress.done as f32 / progress.total.max(1) as f32;
    ui.label(SHELL.format(
        words,
        "review-working",
        &[
            ("done", Arg::Number(progress.done as i64)),
            ("total", Arg::Number(progress.total as i64)),
        ],
    ));
    ui.add(egui::ProgressBar::new(share).show_percentage());
}

/// A finished review: the graph, the moves, the board after the move looked at, that move's
/// verdict (with "Try again" for a mistake) and each player's summary.
fn report_part(
    ui: &mut Ui,
    words: Language,
    report: &ReviewReport,
    (reviewed, selected, try_again, list_height): Looking,
    sounds: &mut UiSounds,
) {
    graph(ui, report, selected);
    ui.add_space(6.0);
    ui.columns(3, |columns| {
        move_list(&mut columns[0], report, selected, list_height);
        if !report.rows.is_empty() {
            let room = egui::vec2(columns[1].available_width(), list_height);
            let board = columns[1].scope(|ui| reviewed.draw_board(ui, *selected, room));
            // The wheel over the board steps through the moves: up goes back, down forward.
            if board.response.contains_pointer() {
                let wheel: f32 = columns[1].input(|input| {
                    input
                        .raw
                        .events
                        .iter()
                        .filter_map(|event| match event {
                            egui::Event::MouseWheel { delta, .. } => Some(delta.y),
                            _ => None,
                        })
                        .sum()
                });
                let last = report.rows.len() - 1;
                if wheel > 0.0 {
                    *selected = selected.saturating_sub(1);
                } else if wheel < 0.0 {
                    *selected = (*selected + 1).min(last);
                }
            }
        }
        egui::ScrollArea::vertical()
            .id_salt("review-summaries")
            .max_height(list_height)
            .auto_shrink([false, false])
            .show(&mut columns[2], |ui| {
                if looked_at(ui, words, report, *selected, sounds) {
                    *try_again = Some(*selected);
                }
                ui.add_space(8.0);
                summaries(ui, words, report, selected, sounds);
            });
    });
}

/// The review looked at: the game's review, the move looked at, the move asked to be tried
/// again, and the height the lists may take.
type Looking<'a> = (&'a dyn Reviewed, &'a mut usize, &'a mut Option<usize>, f32);

/// The arrow keys step through the moves, Home and End jump to the first and the last.
fn step_by_keys(keys: &ButtonInput<KeyCode>, selected: &mut usize, moves: usize) {
    let last = moves.saturating_sub(1);
    if keys.any_just_pressed([KeyCode::ArrowLeft, KeyCode::ArrowUp]) {
        *selected = selected.saturating_sub(1);
    }
    if keys.any_just_pressed([KeyCode::ArrowRight, KeyCode::ArrowDown]) {
        *selected = (*selected + 1).min(last);
    }
    if keys.just_pressed(KeyCode::Home) {
        *selected = 0;
    }
    if keys.just_pressed(KeyCode::End) {
        *selected = last;
    }
}

/// The colour a label is shown in.
fn label_colour(label: Option<Label>) -> egui::Color32 {
    match label {
        Some(Label::Best) => palette::SUCCESS.to_egui(),
        Some(Label::Small) => palette::TEXT.to_egui(),
        Some(Label::Medium) => palette::ACCENT.to_egui(),
        Some(Label::Large) => palette::WARNING.to_egui(),
        None => palette::TEXT_MUTED.to_egui(),
    }
}

/// The lines over the game with the move looked at marked; a click picks the nearest move.
fn graph(ui: &mut Ui, report: &ReviewReport, selected: &mut usize) {
    let moves = report.rows.len();
    let colours = [
        palette::ACCENT,
        palette::TEXT,
        palette::SUCCESS,
        palette::WARNING,
    ];
    ui.horizontal_wrapped(|ui| {
        for (index, (name, _)) in report.lines.iter().enumerate() {
            let colour = colours[index % colours.len()].to_egui();
            ui.label(RichText::new(format!("— {name}")).size(14.0).color(colour));
        }
        if let Some((name, _)) = &report.faint_lines {
            let colour = palette::TEXT_MUTED.to_egui();
            ui.label(
                RichText::new(format!("- - {name}"))
                    .size(14.0)
                    .color(colour),
            );
        }
    });
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), 120.0),
        egui::Sense::click(),
    );
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, palette::TABLE.to_egui());
    let (low, high) = report.range;
    let span = (high - low).max(1e-9);
    let x_of = |k: usize| rect.left() + rect.width() * (k as f32 + 0.5) / moves.max(1) as f32;
    let y_of = |value: f64| {
        rect.bottom() - rect.height() * (((value - low) / span).clamp(0.0, 1.0) as f32)
    };
    let middle = y_of((low + high) / 2.0);
    painter.line_segment(
        [
            egui::pos2(rect.left(), middle),
            egui::pos2(rect.right(), middle),
        ],
        egui::Stroke::new(1.0, palette::PANEL_STROKE.to_egui()),
    );
    let colours = [
        palette::ACCENT,
        palette::TEXT,
        palette::SUCCESS,
        palette::WARNING,
    ];
    let path = |values: &[f64]| -> Vec<egui::Pos2> {
        values
            .iter()
            .enumerate()
            .map(|(k, &value)| egui::pos2(x_of(k), y_of(value)))
            .collect()
    };
    // The faint lines go under the lines of the game as played.
    if let Some((_, faint)) = &report.faint_lines {
        for (index, values) in faint.iter().enumerate() {
            let colour = colours[index % colours.len()]
                .to_egui()
                .gamma_multiply(0.55);
            painter.extend(egui::Shape::dashed_line(
                &path(values),
                egui::Stroke::new(1.5, colour),
                6.0,
                4.0,
            ));
        }
    }
    for (index, (_, values)) in report.lines.iter().enumerate() {
        let colour = colours[index % colours.len()].to_egui();
        painter.add(egui::Shape::line(
            path(values),
            egui::Stroke::new(2.0, colour),
        ));
    }
    if moves > 0 {
        let x = x_of(*selected);
        painter.line_segment(
            [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
            egui::Stroke::new(1.5, palette::LAST_MOVE.to_egui()),
        );
    }
    if response.clicked()
        && let Some(at) = response.interact_pointer_pos()
    {
        let share = ((at.x - rect.left()) / rect.width()).clamp(0.0, 0.999);
        *selected = (share * moves as f32) as usize;
    }
}

/// Every move with its label, the one looked at highlighted and kept in sight.
fn move_list(ui: &mut Ui, report: &ReviewReport, selected: &mut usize, height: f32) {
    // The list follows the move looked at when it changes, and is left where the wheel put it
    // otherwise; at once, since an animation would need frames the window does not draw.
    let followed = egui::Id::new("review-list-followed");
    let follow = ui.ctx().data(|data| data.get_temp::<usize>(followed)) != Some(*selected);
    ui.ctx()
        .data_mut(|data| data.insert_temp(followed, *selected));
    egui::ScrollArea::vertical()
        .max_height(height)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (k, row) in report.rows.iter().enumerate() {
                let name = report.players.get(row.player).map_or("", String::as_str);
                let word = row
                    .label
                    .map_or("", |label| report.label_words[label.index()].as_str());
                let text = RichText::new(format!("{:>3}. {name}  {}  {word}", k + 1, row.played))
                    .color(label_colour(row.label));
                let line = ui.selectable_label(k == *selected, text);
                if line.clicked() {
                    *selected = k;
                }
                if k == *selected && follow {
                    line.scroll_to_me_animation(
                        Some(egui::Align::Center),
                        egui::style::ScrollAnimation::none(),
                    );
                }
            }
        });
}

/// The move looked at: what was played, what was better, and the figures; a mistake offers
/// "Try again", and this says whether it was pressed.
fn looked_at(
    ui: &mut Ui,
    words: Language,
    report: &ReviewReport,
    selected: usize,
    sounds: &mut UiSounds,
) -> bool {
    let Some(row) = report.rows.get(selected) else {
        return false;
    };
    let name = report.players.get(row.player).map_or("", String::as_str);
    ui.label(
        RichText::new(format!("{}. {name}: {}", selected + 1, row.played))
            .size(20.0)
            .strong(),
    );
    if let Some(label) = row.label {
        ui.label(
            RichText::new(&report.label_words[label.index()])
                .size(18.0)
                .color(label_colour(row.label)),
        );
    }
    if let Some(best) = row.best.as_ref().filter(|_| row.label != Some(Label::Best)) {
        ui.label(SHELL.format(words, "review-better", &[("move", Arg::Text(best))]));
    }
    ui.label(RichText::new(&row.note).color(palette::TEXT_MUTED.to_egui()));
    let mistake = row.label.is_some_and(|label| label != Label::Best);
    mistake && button_of_width(ui, SHELL.text(words, "review-try"), true, 160.0, sounds).clicked()
}

/// Each player's accuracy, labels, best turn (where the game names one) and biggest miss,
/// each a link to its move.
fn summaries(
    ui: &mut Ui,
    words: Language,
    report: &ReviewReport,
    selected: &mut usize,
    sounds: &mut UiSounds,
) {
    for summary in &report.summaries {
        let name = report
            .players
            .get(summary.player)
            .map_or("", String::as_str);
        let percent = (summary.accuracy * 100.0).round() as i64;
        ui.label(
            RichText::new(SHELL.format(
                words,
                "review-accuracy",
                &[("name", Arg::Text(name)), ("percent", Arg::Number(percent))],
            ))
            .strong(),
        );
        let counts: Vec<String> = Label::ALL[1..]
            .iter()
            .map(|&label| {
                format!(
                    "{} {}",
                    report.label_words[label.index()],
                    summary.labels[label.index()]
                )
            })
            .collect();
        let lost = report.lost.get(summary.player).map_or("", String::as_str);
        ui.label(
            RichText::new(format!("{} · {lost}", counts.join(" · ")))
                .color(palette::TEXT_MUTED.to_egui()),
        );
        for (id, at) in [
            ("review-best-turn", summary.best_turn),
            ("review-biggest-miss", summary.biggest_miss),
        ] {
            let Some(at) = at else {
                continue;
            };
            let text = SHELL.format(words, id, &[("n", Arg::Number(at as i64 + 1))]);
            let link = ui.link(RichText::new(text).color(palette::ACCENT.to_egui()));
            sounds.of(&link);
            if link.clicked() {
                *selected = at;
            }
        }
        ui.add_space(4.0);
    }
}
