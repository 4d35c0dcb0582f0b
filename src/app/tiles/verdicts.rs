//! The tile game's review in words: the rules' review of the game on the screen, each turn with
//! its points beside the best move's, and the players' scores over the game as the graph.

use std::sync::Arc;

use bevy::prelude::*;

use super::game::TilesMatch;
use super::words::{format, text};
use crate::app::i18n::{Arg, Language};
use crate::app::review::{ReviewHooks, ReviewJob, ReviewReport, ReviewRow};
use abakus_rules::abaku::Position;
use abakus_rules::abaku::review::{self, ReviewSettings, TurnReview};
use abakus_rules::review::summarise;

pub(super) const HOOKS: ReviewHooks = ReviewHooks { job };

/// Only a finished game is reviewed: the review shows every rack's tiles.
fn job(world: &World) -> Option<ReviewJob> {
    let game = world.get_resource::<TilesMatch>()?;
    let position = game.position().clone();
    if position.history().is_empty() || !position.is_over() {
        return None;
    }
    let names: Vec<String> = game.setup().seats.iter().map(|s| s.name.clone()).collect();
    Some(Box::new(move |progress| {
        let reviews = review::review_game(&position, ReviewSettings::default(), progress)?;
        Ok(Arc::new(move |words| {
            report(&position, &reviews, names.clone(), words)
        }))
    }))
}

/// The review in the player's words.
#[must_use]
pub(super) fn report(
    game: &Position,
    reviews: &[TurnReview],
    players: Vec<String>,
    words: Language,
) -> ReviewReport {
    let rows = reviews
        .iter()
        .map(|review| {
            let verdict = review.verdict.as_ref();
            ReviewRow {
                player: review.player,
                played: review.played.to_string(),
                best: verdict
                    .filter(|v| {
                        review.loss() > 0.0 && v.best.to_string() != review.played.to_string()
                    })
                    .map(|v| v.best.to_string()),
                label: verdict.map(|v| v.label),
                note: match verdict {
                    Some(v) => format(
                        words,
                        "review-points",
                        &[
                            ("points", Arg::Number(review.points)),
                            ("best", Arg::Number(v.best_points)),
                            ("lost", Arg::Text(&format!("{:.1}", review.loss()))),
                        ],
                    ),
                    None => text(words, "review-not-judged").to_owned(),
                },
            }
        })
        .collect();
    let summaries = summarise(reviews, players.len());
    let lost = summaries
        .iter()
        .map(|summary| {
            format(
                words,
                "review-lost",
                &[("points", Arg::Text(&format!("{:.1}", summary.lost)))],
            )
        })
        .collect();
    let lines = score_race(game, &players);
    let range = score_range(&lines);
    ReviewReport {
        lines,
        range,
        players,
        rows,
        summaries,
        label_words: [
            "review-best",
            "review-small",
            "review-medium",
            "review-large",
        ]
        .map(|id| text(words, id).to_owned()),
        lost,
    }
}

/// Each player's score after every move of the game, in the order played; a move a challenge
/// took back shows the score it had until then.
fn score_race(game: &Position, players: &[String]) -> Vec<(String, Vec<f64>)> {
    let mut scores = vec![0_i64; players.len()];
    let mut lines: Vec<Vec<f64>> = vec![Vec::new(); players.len()];
    for record in game.history() {
        if record.withdrawn.is_some() {
            for (line, &score) in lines.iter_mut().zip(&scores) {
                line.push(score as f64);
            }
        }
        for (score, delta) in scores.iter_mut().zip(&record.deltas) {
            *score += delta;
        }
        for (line, &score) in lines.iter_mut().zip(&scores) {
            line.push(score as f64);
        }
    }
    players.iter().cloned().zip(lines).collect()
}

/// From the lowest score to the highest over the game, with 0 always in sight.
fn score_range(lines: &[(String, Vec<f64>)]) -> (f64, f64) {
    let values = || lines.iter().flat_map(|(_, values)| values.iter().copied());
    let low = values().fold(0.0, f64::min);
    let high = values().fold(low + 1.0, f64::max);
    (low, high * 1.05)
}
