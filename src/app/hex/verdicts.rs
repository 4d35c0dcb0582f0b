//! The hex game's review in words: the rules' review of the game on the screen, each move with
//! the chances of winning before and after it, and Black's chance over the game as the graph.

use std::sync::Arc;

use bevy::prelude::*;

use super::game::HexMatch;
use super::words::{HexWords, format, text};
use crate::app::i18n::{Arg, Language};
use crate::app::review::{ReviewHooks, ReviewJob, ReviewReport, ReviewRow};
use abakus_rules::hex::Color;
use abakus_rules::hex::review::{self, MoveReview, ReviewSettings};
use abakus_rules::review::summarise;

pub(super) const HOOKS: ReviewHooks = ReviewHooks { job };

fn job(world: &World) -> Option<ReviewJob> {
    let game = world.get_resource::<HexMatch>()?.position().clone();
    if game.history().is_empty() {
        return None;
    }
    Some(Box::new(move |progress| {
        let reviews = review::review_game(&game, ReviewSettings::default(), progress)?;
        Ok(Arc::new(move |words| report(&reviews, words)))
    }))
}

/// Percent, rounded.
fn percent(chance: f64) -> i64 {
    (chance * 100.0).round() as i64
}

/// The review in the player's words.
#[must_use]
pub(super) fn report(reviews: &[MoveReview], words: Language) -> ReviewReport {
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
                format(
                    words,
                    "review-chances",
                    &[
                        ("before", Arg::Number(percent(review.chance_before))),
                        ("after", Arg::Number(percent(review.chance_after))),
                    ],
                )
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
            .map(|&c| words.color(c).to_owned())
            .collect(),
        rows,
        summaries,
        label_words: [
            "review-best",
            "review-inaccuracy",
            "review-mistake",
            "review-blunder",
        ]
        .map(|id| text(words, id).to_owned()),
        lost,
        lines: vec![(text(words, "review-graph").to_owned(), black)],
        range: (0.0, 1.0),
    }
}
