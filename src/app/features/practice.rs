//! "Try again" from a review: the game set as it was before a marked move, for its player to
//! look for a better one, judged as the review judged the move played; shared, naming no game.
//!
//! The game's own match waits aside (each game's [`Reviewed`] keeps it and puts it back);
//! "Back to the review" brings it back with the review as it was.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::background::Background;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::games::GameId;
use crate::app::base::i18n::{Arg, Language, SHELL};
use crate::app::base::navigation::{Overlay, Screen, overlay_shown, show_overlay};
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::theme;
use crate::app::features::review::{Review, ReviewReport, ReviewState, ReviewWords, TryVerdict};
use crate::app::shell::widgets::{UiSounds, button_of_width};
use abakus_rules::review::Label;

/// The practice's work (for headless tests too).
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            begin_asked_practice,
            judge_the_move_tried.run_if(resource_exists::<Practice>),
            back_when_the_card_closes.run_if(resource_exists::<Practice>),
        )
            .chain()
            .after(AppSet::Rules),
    )
    .add_systems(
        Update,
        end_off_the_game_screen.run_if(resource_exists::<Practice>),
    );
    frames::draw_while(app, |practice: Option<Res<Practice>>| {
        practice.is_some_and(|practice| practice.judging.is_pending())
    });
}

/// The practice's banner and card.
pub(crate) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        practice_panels
            .run_if(resource_exists::<Practice>)
            .in_set(AppSet::Panels),
    );
}

/// A move being tried again. While it exists, the match on the screen is the practice's
/// ([`crate::app::features::ownership::MatchOwner::Practice`]): never saved, timed or counted.
#[derive(Resource)]
pub struct Practice {
    /// The game whose move is tried again.
    game: GameId,
    /// The move's place in the game.
    pub at: usize,
    reviewed: ReviewWords,
    /// The review's words, to put the card back as it was.
    report: Box<(Language, ReviewReport)>,
    judging: Background<TryVerdict>,
    /// The verdict on the move tried, once judged.
    pub verdict: Option<TryVerdict>,
    /// Whether the card over the board is up (judging, or the verdict).
    card: bool,
    /// A button pressed on the banner or the card, done in the next frame.
    asked: Option<Asked>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    Again,
    Back,
}

impl Practice {
    /// Sets the board up again for another try (the card's "Another try").
    pub fn try_once_more(&mut self) {
        self.asked = Some(Asked::Again);
    }

    /// Ends the practice and brings the review back (the "Back to the review" button).
    pub fn back_to_the_review(&mut self) {
        self.asked = Some(Asked::Back);
    }
}

/// "Try again" was pressed on the review's card: the game's board as it was before that move.
fn begin_asked_practice(world: &mut World) {
    let Some(at) = world
        .get_resource_mut::<Review>()
        .and_then(|mut review| review.try_again.take())
    else {
        return;
    };
    let Screen::Game(game) = *world.resource::<State<Screen>>().get() else {
        return;
    };
    let mut review = world.resource_mut::<Review>();
    if !matches!(review.state, ReviewState::Done(..)) {
        return;
    }
    let ReviewState::Done(reviewed, report) = std::mem::take(&mut review.state) else {
        return;
    };
    if world.contains_resource::<Practice>() || !reviewed.practise(world, at, true) {
        world.resource_mut::<Review>().state = ReviewState::Done(reviewed, report);
        return;
    }
    world.insert_resource(Practice {
        game,
        at,
        reviewed,
        report,
        judging: Background::Idle,
        verdict: None,
        card: false,
        asked: None,
    });
    show_overlay(world, Overlay::None);
}

/// Once the move is made, judges it beside the frames with the card up (the board waits under
/// it); then takes the verdict. Also does what the banner's and the card's buttons asked.
fn judge_the_move_tried(world: &mut World) {
    let asked = world.resource_mut::<Practice>().asked.take();
    match asked {
        Some(Asked::Back) => return back_to_the_review(world),
        Some(Asked::Again) => {
            let practice = world.resource::<Practice>();
            let (reviewed, at) = (practice.reviewed.clone(), practice.at);
            reviewed.practise(world, at, false);
            let mut practice = world.resource_mut::<Practice>();
            practice.judging = Background::Idle;
            practice.verdict = None;
            practice.card = false;
            show_overlay(world, Overlay::None);
            return;
        }
        None => {}
    }
    let practice = world.resource::<Practice>();
    if practice.verdict.is_none() && !practice.judging.is_pending() {
        let Some(job) = practice.reviewed.judge_try(world, practice.at) else {
            return;
        };
        let mut practice = world.resource_mut::<Practice>();
        practice.judging = Background::spawn(job);
        practice.card = true;
        show_overlay(world, Overlay::Practice);
        return;
    }
    let mut practice = world.resource_mut::<Practice>();
    if let Some(verdict) = practice.judging.take_finished() {
        practice.verdict = Some(verdict);
    }
}

/// The card closed another way (Esc), or Esc asked for the game's menu (whose new game or
/// restart would be no practice): back to the review, as its button does.
fn back_when_the_card_closes(world: &mut World) {
    let shown = overlay_shown(world);
    let card_gone = world.resource::<Practice>().card && shown != Overlay::Practice;
    if card_gone || shown == Overlay::GameMenu {
        back_to_the_review(world);
    }
}

/// The game's own match back, and the review's card as it was, at the move tried.
fn back_to_the_review(world: &mut World) {
    let Some(practice) = world.remove_resource::<Practice>() else {
        return;
    };
    practice.reviewed.end_practice(world);
    let mut review = world.resource_mut::<Review>();
    review.state = ReviewState::Done(practice.reviewed, practice.report);
    review.selected = practice.at;
    review.asked = false;
    show_overlay(world, Overlay::Review);
}

/// Leaving the game's screen ends the practice: the game's own match comes back first.
fn end_off_the_game_screen(world: &mut World) {
    let game = world.resource::<Practice>().game;
    if *world.resource::<State<Screen>>().get() != Screen::Game(game)
        && let Some(practice) = world.remove_resource::<Practice>()
    {
        practice.reviewed.end_practice(world);
    }
}

/// The banner while the player looks for a move, and the card with the verdict once they
/// made one.
fn practice_panels(
    mut contexts: EguiContexts,
    mut practice: ResMut<Practice>,
    settings: Res<Settings>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let practice: &mut Practice = &mut practice;
    // A language chosen since puts the moves and names in its words.
    if practice.report.0 != words {
        *practice.report = (words, practice.reviewed.report(words));
    }
    if practice.card {
        verdict_card(ctx, words, practice, &mut sounds);
    } else {
        banner(ctx, words, practice, &mut sounds);
    }
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The banner's width: about the side panels'.
const BANNER_WIDTH: f32 = 210.0;

/// What to do: the move to beat, and the way back.
fn banner(ctx: &egui::Context, words: Language, practice: &mut Practice, sounds: &mut UiSounds) {
    let report = &practice.report.1;
    let Some(row) = report.rows.get(practice.at) else {
        return;
    };
    let name = report.players.get(row.player).map_or("", String::as_str);
    let task = SHELL.format(
        words,
        "practice-task",
        &[
            ("n", Arg::Number(practice.at as i64 + 1)),
            ("name", Arg::Text(name)),
            ("move", Arg::Text(&row.played)),
        ],
    );
    let mut back = false;
    // Over the top of the right-hand panel, off the board, where it hides only what the panel
    // says of the turn; it can be dragged elsewhere.
    let corner = ctx.content_rect().right_top() + egui::vec2(-8.0, 8.0);
    egui::Area::new(egui::Id::new("practice-banner"))
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(corner)
        .movable(true)
        .constrain(true)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let frame = theme::panel_frame().fill(palette::PANEL.with_alpha(255).to_egui());
            frame.show(ui, |ui| {
                ui.set_width(BANNER_WIDTH);
                ui.label(
                    RichText::new(SHELL.text(words, "practice-heading"))
                        .size(20.0)
                        .color(palette::ACCENT.to_egui()),
                );
                ui.label(task);
                ui.add_space(6.0);
                let label = SHELL.text(words, "practice-back");
                back = button_of_width(ui, label, true, BANNER_WIDTH, sounds).clicked();
            });
        });
    if back {
        practice.back_to_the_review();
    }
}

/// The move tried, judged: as good as the computer's, or what it lost and the computer's move.
fn verdict_card(
    ctx: &egui::Context,
    words: Language,
    practice: &mut Practice,
    sounds: &mut UiSounds,
) {
    egui::Area::new(egui::Id::new("practice-card"))
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .order(egui::Order::Tooltip)
        .show(ctx, |ui| {
            let frame = theme::panel_frame().fill(palette::PANEL.with_alpha(255).to_egui());
            frame.show(ui, |ui| {
                ui.set_width(440.0);
                ui.label(
                    RichText::new(SHELL.text(words, "practice-heading"))
                        .size(24.0)
                        .color(palette::ACCENT.to_egui()),
                );
                match &practice.verdict {
                    None => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(SHELL.text(words, "practice-judging"));
                        });
                    }
                    Some(verdict) => verdict_lines(ui, words, verdict),
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    let judged = practice.verdict.is_some();
                    let again = SHELL.text(words, "practice-again");
                    if button_of_width(ui, again, judged, 180.0, sounds).clicked() {
                        practice.try_once_more();
                    }
                    let back = SHELL.text(words, "practice-back");
                    if button_of_width(ui, back, true, 180.0, sounds).clicked() {
                        practice.back_to_the_review();
                    }
                });
            });
        });
}

fn verdict_lines(ui: &mut egui::Ui, words: Language, verdict: &TryVerdict) {
    let found = verdict.label == Label::Best;
    let (id, colour) = if found {
        ("practice-found", palette::SUCCESS)
    } else {
        ("practice-not-yet", palette::WARNING)
    };
    ui.label(
        RichText::new(SHELL.format(words, id, &[("move", Arg::Text(&verdict.tried))]))
            .size(20.0)
            .strong()
            .color(colour.to_egui()),
    );
    ui.label(RichText::new(verdict.note(words)).color(palette::TEXT_MUTED.to_egui()));
    if !found {
        ui.label(SHELL.format(
            words,
            "practice-computer",
            &[("move", Arg::Text(&verdict.best))],
        ));
    }
}
