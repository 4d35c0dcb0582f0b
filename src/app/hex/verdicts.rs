//! The hex game's review in words and pictures: the rules' review of the game on the screen,
//! each move with the chances of winning before and after it, Black's chance over the game as
//! the graph, and the board after any move with the better move drawn faintly.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use super::colours;
use super::game::HexMatch;
use super::layout::BoardLayout;
use super::words::{HexWords, format, text};
use crate::app::base::i18n::{Arg, Language};
use crate::app::base::palette;
use crate::app::base::storage::DataDir;
use crate::app::features::lifecycle::{self, ForPractice};
use crate::app::features::review::{
    ReviewHooks, ReviewJob, ReviewReport, ReviewRow, Reviewed, TryJob, TryVerdict,
    kept_or_worked_out,
};
use abakus_rules::hex::review::{self, MoveReview, ReviewSettings};
use abakus_rules::hex::{Cell, Color, Move, Position};
use abakus_rules::review::{Label, summarise};

pub(super) const HOOKS: ReviewHooks = ReviewHooks { job };

fn job(world: &World) -> Option<ReviewJob> {
    let played = world.get_resource::<HexMatch>()?;
    let names = played.names().clone();
    let game = played.position().clone();
    if game.history().is_empty() {
        return None;
    }
    let dir = world.get_resource::<DataDir>().cloned();
    Some(Box::new(move |progress| {
        let settings = ReviewSettings::default();
        let reviews = kept_or_worked_out(dir.as_ref(), ("abakus", &game), &settings, || {
            review::review_game(&game, settings, progress)
        })?;
        let after = positions_after(&game);
        Ok(Arc::new(HexReviewed {
            reviews,
            after,
            names,
        }))
    }))
}

/// Percent, rounded.
fn percent(chance: f64) -> i64 {
    (chance * 100.0).round() as i64
}

/// A move's chances of winning before and after, in words.
fn chances(review: &MoveReview, words: Language) -> String {
    format(
        words,
        "review-chances",
        &[
            ("before", Arg::Number(percent(review.chance_before))),
            ("after", Arg::Number(percent(review.chance_after))),
        ],
    )
}

/// The review in the player's words; each player by name and colour where named, else by
/// colour.
#[must_use]
pub(super) fn report(reviews: &[MoveReview], names: &[String; 2], words: Language) -> ReviewReport {
    let rows = reviews
        .iter()
        .map(|review| ReviewRow {
            player: review.mover.index(),
            played: review.played.to_string(),
            best: (review.best != review.played && !review.forced).then(|| review.best.to_string()),
            label: (!review.forced).then_some(review.label),
            note: if review.forced {
                text(words, "review-forced").to_owned()
            } else {
                chances(review, words)
            },
        })
        .collect();
    let summaries = summarise(reviews, 2);
    let lost = summaries
        .iter()
        .map(|summary| {
            format(
                words,
                "review-lost",
                &[(
                    "percent",
                    Arg::Number(percent(summary.lost / summary.judged.max(1) as f64)),
                )],
            )
        })
        .collect();
    let black: Vec<f64> = reviews.iter().map(MoveReview::black_chance_after).collect();
    ReviewReport {
        players: Color::BOTH
            .iter()
            .map(|&color| {
                let (name, colour) = (names[color.index()].trim(), words.color(color));
                if name.is_empty() {
                    colour.to_owned()
                } else {
                    format!("{name} ({colour})")
                }
            })
            .collect(),
        rows,
        summaries,
        label_words: [
            "review-best",
            "review-good",
            "review-inaccuracy",
            "review-mistake",
            "review-blunder",
        ]
        .map(|id| text(words, id).to_owned()),
        lost,
        lines: vec![(text(words, "review-graph").to_owned(), black)],
        faint_lines: None,
        range: (0.0, 1.0),
    }
}

/// A hex game's review, with the position after each move for its pictures.
struct HexReviewed {
    reviews: Vec<MoveReview>,
    after: Vec<Position>,
    /// The players' names, Black's first (empty where none was given).
    names: [String; 2],
}

impl Reviewed for HexReviewed {
    fn report(&self, words: Language) -> ReviewReport {
        report(&self.reviews, &self.names, words)
    }

    fn draw_board(&self, ui: &mut egui::Ui, after: usize, size: egui::Vec2) {
        if let (Some(position), Some(review)) = (self.after.get(after), self.reviews.get(after)) {
            draw_position(ui, position, review, size);
        }
    }

    fn practise(&self, world: &mut World, at: usize, first: bool) -> bool {
        let Some(before) = self.before(at) else {
            return false;
        };
        let names = world
            .get_resource::<HexMatch>()
            .map(|game| game.names().clone())
            .unwrap_or_default();
        let practice = HexMatch::from_position(before).named(names);
        if first {
            lifecycle::keep_aside::<HexMatch, ForPractice>(world, practice);
        } else {
            world.insert_resource(practice);
        }
        true
    }

    fn end_practice(&self, world: &mut World) {
        lifecycle::bring_back::<HexMatch, ForPractice>(world);
    }

    fn judge_try(&self, world: &World, at: usize) -> Option<TryJob> {
        // Asked every frame while the person looks for a move: the position is copied only
        // once the practice holds one move more than the position after move `at` had before it.
        let now = world.get_resource::<HexMatch>()?.position();
        if now.history().len() != self.after.get(at)?.history().len() {
            return None;
        }
        let before = self.before(at)?;
        let reviewed = *self.reviews.get(at)?;
        let &[tried] = now.moves_since(&before)? else {
            return None;
        };
        Some(Box::new(move || {
            let judged = review::judge_try(&before, &reviewed, tried, ReviewSettings::default());
            TryVerdict {
                tried: tried.to_string(),
                label: judged.label,
                notes: Language::ALL.map(|words| chances(&judged, words)).to_vec(),
                best: reviewed.best.to_string(),
            }
        }))
    }
}

impl HexReviewed {
    /// The position before move `at`.
    fn before(&self, at: usize) -> Option<Position> {
        let mut before = self.after.get(at)?.clone();
        before.undo()?;
        Some(before)
    }
}

/// The positions after each move of `game`, from its start.
fn positions_after(game: &Position) -> Vec<Position> {
    let mut start = game.clone();
    let mut moves = Vec::new();
    while let Some(mv) = start.undo() {
        moves.push(mv);
    }
    let mut after = Vec::with_capacity(moves.len());
    for mv in moves.into_iter().rev() {
        start.play_unchecked(mv);
        after.push(start.clone());
    }
    after
}

/// The board after a move: the move played ringed, the better move, where there was one, as a
/// faint stone (with its path for a slide).
fn draw_position(ui: &mut egui::Ui, position: &Position, review: &MoveReview, room: egui::Vec2) {
    let side = f32::from(position.side());
    let hex_size = (room.x / (3.0 * side + 0.5)).min(room.y / ((2.0 * side - 1.0) * 1.75 + 0.5));
    let layout = BoardLayout {
        side: position.side(),
        hex_size,
        centre: Vec2::ZERO,
        window: Vec2::ZERO,
    };
    let size = egui::vec2(
        hex_size * (3.0 * side + 0.5),
        hex_size * ((2.0 * side - 1.0) * 1.75 + 0.5),
    );
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let at = |cell: Cell| {
        let p = layout.world(cell);
        rect.center() + egui::vec2(p.x, -p.y)
    };
    for &cell in position.board().cells() {
        let centre = at(cell);
        let corners: Vec<egui::Pos2> = (0..6)
            .map(|k| {
                let angle = std::f32::consts::FRAC_PI_3 * k as f32;
                centre + egui::vec2(angle.cos(), angle.sin()) * hex_size * 0.94
            })
            .collect();
        painter.add(egui::Shape::convex_polygon(
            corners,
            colours::CELL.to_egui(),
            egui::Stroke::new(1.0, colours::CELL_DARK.to_egui()),
        ));
    }
    let stone = |color: Color, alpha: u8| match color {
        Color::Black => (
            colours::STONE_BLACK.with_alpha(alpha),
            colours::STONE_BLACK_SHINE,
        ),
        Color::White => (
            colours::STONE_WHITE.with_alpha(alpha),
            colours::STONE_WHITE_SHADE,
        ),
    };
    for color in Color::BOTH {
        let (fill, edge) = stone(color, 255);
        for cell in position.stones(color) {
            painter.circle(
                at(cell),
                hex_size * 0.62,
                fill.to_egui(),
                egui::Stroke::new(1.0, edge.to_egui()),
            );
        }
    }
    let mark = egui::Stroke::new(2.5, palette::LAST_MOVE.to_egui());
    let (landed, from) = landing(review.played);
    if let Some(from) = from {
        painter.line_segment([at(from), at(landed)], mark);
    }
    painter.circle_stroke(at(landed), hex_size * 0.78, mark);
    if review.label != Label::Best && !review.forced {
        let (fill, edge) = stone(review.mover, 110);
        let (to, from) = landing(review.best);
        let faint = egui::Stroke::new(2.0, palette::SUCCESS.to_egui());
        if let Some(from) = from {
            painter.line_segment([at(from), at(to)], faint);
        }
        painter.circle(
            at(to),
            hex_size * 0.62,
            fill.to_egui(),
            egui::Stroke::new(1.0, edge.to_egui()),
        );
        painter.circle_stroke(at(to), hex_size * 0.78, faint);
    }
}

/// Where a move lands, and where a slide starts.
fn landing(mv: Move) -> (Cell, Option<Cell>) {
    match mv {
        Move::Place(cell) => (cell, None),
        Move::Slide { from, to } => (to, Some(from)),
    }
}
