//! The review's card: the moves, the graph of each player's chances, each player's summary,
//! and the buttons that step through the game, drawn from the review's state.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::review::{Review, ReviewReport, ReviewState, Reviewed};
use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Arg, Key, Language, SHELL};
use crate::app::base::navigation::Overlays;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::theme;
use crate::app::shell::widgets::{UiSounds, button_of_width};
use abakus_rules::review::{Label, Progress};

/// The review's card.
pub(crate) fn panels_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, review_card.in_set(AppSet::Panels));
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
        Some(Label::Best | Label::Good) => palette::SUCCESS.to_egui(),
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
    let behind_the_best = row.label.is_some_and(|label| label != Label::Best);
    behind_the_best
        && button_of_width(ui, SHELL.text(words, "review-try"), true, 160.0, sounds).clicked()
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
