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
use bevy_egui::egui::{self, Ui};

use crate::app::base::frames;
use crate::app::base::games::GameHooks;
use crate::app::base::i18n::{Arg, Language, SHELL};
use crate::app::base::navigation::{Overlay, Overlays, Screen, show_overlay};
use crate::app::base::settings::Settings;
use crate::app::base::storage::{self, DataDir};
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
const KEPT_REVIEWS_VERSION: u32 = 3;

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
    pub label_words: [String; 5],
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
    pub(super) progress: Arc<Mutex<Progress>>,
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
