//! The tile game's review in words and pictures: the rules' review of the game on the screen,
//! each turn with its points beside the best move's, the players' scores over the game as the
//! graph, and the board after any turn with the better move's tiles drawn faintly.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use super::colours;
use super::game::{SeatKind, TilesMatch, TilesSave};
use super::words::{format, text};
use crate::app::base::i18n::{Arg, Language};
use crate::app::base::palette::{self, Colours};
use crate::app::base::storage::DataDir;
use crate::app::features::lifecycle::{self, ForPractice};
use crate::app::features::review::{
    ReviewHooks, ReviewJob, ReviewReport, ReviewRow, Reviewed, TryJob, TryVerdict,
    kept_or_worked_out,
};
use crate::app::shell::turn_clock::TurnLimit;
use abakus_rules::abaku::review::{self, ReviewSettings, TurnReview};
use abakus_rules::abaku::{Cell, Move, Position, Square};
use abakus_rules::review::{Label, summarise};

pub(super) const HOOKS: ReviewHooks = ReviewHooks { job };

/// Only a finished game is reviewed: the review shows every rack's tiles.
fn job(world: &World) -> Option<ReviewJob> {
    let game = world.get_resource::<TilesMatch>()?;
    let position = game.position().clone();
    if position.history().is_empty() || !position.is_over() {
        return None;
    }
    let names = game.setup().names();
    let dir = world.get_resource::<DataDir>().cloned();
    Some(Box::new(move |progress| {
        let settings = ReviewSettings::default();
        let reviews = kept_or_worked_out(dir.as_ref(), ("abaku", &position), &settings, || {
            review::review_game(&position, settings, progress)
        })?;
        let before = review::positions_before(&position)?
            .into_iter()
            .map(|(before, _)| before)
            .collect();
        Ok(Arc::new(TilesReviewed {
            game: position,
            reviews,
            players: names,
            before,
        }))
    }))
}

/// A turn's points beside the best move's, in words: what each scores and keeps on the rack,
/// and what the difference is measured in.
fn note(review: &TurnReview, words: Language) -> String {
    let Some(v) = &review.verdict else {
        return text(words, "review-not-judged").to_owned();
    };
    let lost = format!("{:.1}", review.loss());
    if let Some(on) = v.played_on {
        let points = [
            ("points", Arg::Number(review.points)),
            ("best", Arg::Number(v.best_points)),
            ("lost", Arg::Text(&lost)),
            ("games", Arg::Number(i64::from(on.games))),
        ];
        if let (false, Some(kept), Some(best_kept)) = (on.to_the_end, &v.kept, &v.best_kept) {
            let kept = kept_words(kept, words);
            let best_kept = kept_words(best_kept, words);
            let mut args = points.to_vec();
            args.extend([
                ("turns", Arg::Number(i64::from(on.turns))),
                ("kept", Arg::Text(&kept)),
                ("best_kept", Arg::Text(&best_kept)),
            ]);
            return format(words, "review-points-played-on", &args);
        }
        return format(words, "review-points-played-out", &points);
    }
    let (Some(kept), Some(best_kept)) = (&v.kept, &v.best_kept) else {
        // Near the end the values are final scores, with no tiles kept for later turns.
        let id = if v.exact {
            "review-points-exact"
        } else {
            "review-points"
        };
        return format(
            words,
            id,
            &[
                ("points", Arg::Number(review.points)),
                ("best", Arg::Number(v.best_points)),
                ("lost", Arg::Text(&lost)),
            ],
        );
    };
    format(
        words,
        "review-points-kept",
        &[
            ("points", Arg::Number(review.points)),
            ("kept", Arg::Text(&kept_words(kept, words))),
            ("best", Arg::Number(v.best_points)),
            ("best_kept", Arg::Text(&kept_words(best_kept, words))),
            ("lost", Arg::Text(&lost)),
        ],
    )
}

/// The tiles a move keeps and their worth, in words ("keeps 1 ?, worth 9.8").
fn kept_words(kept: &review::Kept, words: Language) -> String {
    if kept.tiles == "-" {
        return text(words, "review-kept-nothing").to_owned();
    }
    let tiles: Vec<String> = kept.tiles.chars().map(String::from).collect();
    format(
        words,
        "review-kept",
        &[
            ("tiles", Arg::Text(&tiles.join(" "))),
            ("worth", Arg::Text(&format!("{:.1}", kept.worth))),
        ],
    )
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
                // A loss means another move was better (the same move loses nothing).
                best: verdict
                    .filter(|_| review.loss() > 0.0)
                    .map(|v| v.best.to_string()),
                label: verdict.map(|v| v.label),
                note: note(review, words),
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
    let best = best_race(&lines, reviews);
    let range = score_range(lines.iter().map(|(_, v)| v).chain(&best));
    ReviewReport {
        lines,
        faint_lines: Some((text(words, "review-best-line").to_owned(), best)),
        range,
        players,
        rows,
        summaries,
        label_words: [
            "review-best",
            "review-good",
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

/// Each player's score after every move had each of their judged turns scored what the best
/// move would have: their line of the race with the points they left behind added up. A turn
/// that scored more than the best move (a gamble that paid) counts as it was.
fn best_race(lines: &[(String, Vec<f64>)], reviews: &[TurnReview]) -> Vec<Vec<f64>> {
    let mut missed = vec![0_i64; lines.len()];
    let mut best: Vec<Vec<f64>> = vec![Vec::new(); lines.len()];
    for (k, review) in reviews.iter().enumerate() {
        if let (Some(verdict), Some(lost)) = (&review.verdict, missed.get_mut(review.player)) {
            *lost += (verdict.best_points - review.points).max(0);
        }
        for ((line, (_, race)), &lost) in best.iter_mut().zip(lines).zip(&missed) {
            if let Some(&score) = race.get(k) {
                line.push(score + lost as f64);
            }
        }
    }
    best
}

/// From the lowest value to the highest over the game, with 0 always in sight.
fn score_range<'a>(lines: impl Iterator<Item = &'a Vec<f64>> + Clone) -> (f64, f64) {
    let values = || lines.clone().flat_map(|values| values.iter().copied());
    let low = values().fold(0.0, f64::min);
    let high = values().fold(low + 1.0, f64::max);
    (low, high * 1.05)
}

/// A tile game's review, with the positions before and after each move for its pictures.
struct TilesReviewed {
    game: Position,
    reviews: Vec<TurnReview>,
    players: Vec<String>,
    /// The position before each move; the game itself follows the last.
    before: Vec<Position>,
}

impl Reviewed for TilesReviewed {
    fn report(&self, words: Language) -> ReviewReport {
        report(&self.game, &self.reviews, self.players.clone(), words)
    }

    fn draw_board(&self, ui: &mut egui::Ui, after: usize, size: egui::Vec2) {
        let (Some(before), Some(review)) = (self.before.get(after), self.reviews.get(after)) else {
            return;
        };
        let now = self.before.get(after + 1).unwrap_or(&self.game);
        draw_turn(ui, (before, now), review, size);
    }

    fn practise(&self, world: &mut World, at: usize, first: bool) -> bool {
        let Some(game) = world.get_resource::<TilesMatch>() else {
            return false;
        };
        let (Some(before), Some(moves)) = (self.before.get(at), game.moves().get(..at)) else {
            return false;
        };
        // Every seat a person's, so that nobody answers the move tried, and no clock.
        let mut setup = game.setup().clone();
        for seat in &mut setup.seats {
            seat.kind = SeatKind::Human;
        }
        setup.turn_limit = TurnLimit::Off;
        let save = TilesSave {
            setup,
            moves: moves.to_vec(),
        };
        let Ok(practice) = TilesMatch::replay(&save) else {
            return false;
        };
        if practice.position() != before {
            return false;
        }
        let practice = practice.rack_showing();
        if first {
            lifecycle::keep_aside::<TilesMatch, ForPractice>(world, practice);
        } else {
            world.insert_resource(practice);
        }
        true
    }

    fn end_practice(&self, world: &mut World) {
        lifecycle::bring_back::<TilesMatch, ForPractice>(world);
    }

    fn judge_try(&self, world: &World, at: usize) -> Option<TryJob> {
        // Asked every frame while the person looks for a move: the position is copied only
        // once the practice holds exactly one move more than it.
        let before = self.before.get(at)?;
        let now = world.get_resource::<TilesMatch>()?.position().history();
        let earlier = before.history();
        if now.len() != earlier.len() + 1 || now[..earlier.len()] != *earlier {
            return None;
        }
        let tried = now.last()?.action.clone();
        let best = self.reviews.get(at)?.verdict.as_ref()?.best.to_string();
        let before = before.clone();
        // Judged as the review judged the move played: the same guesses, the same time.
        let settings = ReviewSettings::default();
        let seed = settings.seed.wrapping_add(at as u64);
        Some(Box::new(move || {
            let judged = review::review_turn(&before, tried, seed, settings);
            TryVerdict {
                tried: judged.played.to_string(),
                label: judged.verdict.as_ref().map_or(Label::Best, |v| v.label),
                notes: Language::ALL.map(|words| note(&judged, words)).to_vec(),
                best,
            }
        }))
    }
}

/// The board after a turn: its new tiles outlined, and the better move's tiles, where there
/// was one, as faint tiles on the squares it would have filled.
fn draw_turn(
    ui: &mut egui::Ui,
    (before, after): (&Position, &Position),
    review: &TurnReview,
    room: egui::Vec2,
) {
    let layout = after.layout();
    let (columns, rows) = (layout.width(), layout.height());
    let square = (room.x / columns as f32).min(room.y / rows as f32).floor();
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(square * columns as f32, square * rows as f32),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let colour_set = Colours::of(ui.ctx());
    let better: Vec<(Cell, u8)> = review
        .verdict
        .as_ref()
        .filter(|verdict| verdict.label != Label::Best)
        .and_then(|verdict| match &verdict.best {
            Move::Place(placement) => Some(placement.new_tiles().collect()),
            _ => None,
        })
        .unwrap_or_default();
    for row in 0..rows {
        for column in 0..columns {
            let cell = Cell::new(column as u8, row as u8);
            let place = egui::Rect::from_min_size(
                rect.min + egui::vec2(column as f32 * square, row as f32 * square),
                egui::vec2(square, square),
            )
            .shrink(0.5);
            let fill = colours::bonus_fill(layout.bonus(cell), colour_set);
            painter.rect_filled(place, 1.5, fill.to_egui());
            let tile = |digit: Option<u8>, alpha: u8| {
                painter.rect_filled(
                    place.shrink(1.0),
                    2.0,
                    colours::TILE_WOOD.with_alpha(alpha).to_egui(),
                );
                if let Some(digit) = digit {
                    painter.text(
                        place.center(),
                        egui::Align2::CENTER_CENTER,
                        digit.to_string(),
                        egui::FontId::proportional(square * 0.7),
                        colours::TILE_INK.with_alpha(alpha).to_egui(),
                    );
                }
            };
            match after.square(cell) {
                Square::Digit(digit) => tile(Some(digit), 255),
                Square::Joker => tile(None, 255),
                Square::Empty => {}
            }
            let new = after.square(cell) != Square::Empty && before.square(cell) == Square::Empty;
            if new {
                painter.rect_stroke(
                    place,
                    2.0,
                    egui::Stroke::new(2.0, palette::LAST_MOVE.to_egui()),
                    egui::StrokeKind::Inside,
                );
            }
            if let Some(&(_, digit)) = better.iter().find(|(at, _)| *at == cell) {
                if after.square(cell) == Square::Empty {
                    tile(Some(digit), 120);
                }
                painter.rect_stroke(
                    place,
                    2.0,
                    egui::Stroke::new(1.5, palette::SUCCESS.to_egui()),
                    egui::StrokeKind::Inside,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abakus_rules::abaku::Move;
    use abakus_rules::review::Label;

    fn turn(player: usize, points: i64, best_points: Option<i64>) -> TurnReview {
        TurnReview {
            player,
            played: Move::Pass,
            points,
            verdict: best_points.map(|best_points| review::Verdict {
                best: Move::Pass,
                best_points,
                best_value: best_points as f64,
                played_value: points as f64,
                label: Label::Best,
                exact: false,
                kept: None,
                best_kept: None,
                played_on: None,
            }),
        }
    }

    /// A verdict from games played on says so, with what each move keeps short of the end,
    /// and names the end of the game where every game reached it.
    #[test]
    fn a_played_on_verdict_names_its_games_and_what_each_move_keeps() {
        let kept = |tiles: &str, worth: f64| review::Kept {
            tiles: tiles.to_owned(),
            worth,
        };
        let mut review = turn(0, 9, Some(37));
        let verdict = review.verdict.as_mut().unwrap();
        verdict.kept = Some(kept("?", 7.0));
        verdict.best_kept = Some(kept("-", 0.4));
        verdict.played_on = Some(review::PlayedOn {
            turns: 4,
            games: 64,
            to_the_end: false,
        });
        let short = note(&review, Language::English);
        assert!(short.contains("keeps ?, worth 7.0"), "{short}");
        assert!(short.contains("keeps nothing"), "{short}");
        assert!(short.contains("from 64 games played on 4 turns"), "{short}");
        let verdict = review.verdict.as_mut().unwrap();
        verdict.played_on = Some(review::PlayedOn {
            turns: 4,
            games: 64,
            to_the_end: true,
        });
        let ended = note(&review, Language::English);
        assert!(
            ended.contains("at the end of the game, from 64 games played out"),
            "{ended}"
        );
        assert!(!ended.contains("keeps"), "{ended}");
        for words in Language::ALL {
            assert!(!note(&review, words).contains("review-"), "{words:?}");
        }
    }

    #[test]
    fn the_best_line_adds_up_the_points_each_player_left_behind() {
        let lines = vec![
            ("Ann".to_owned(), vec![10.0, 10.0, 14.0, 14.0]),
            ("Bob".to_owned(), vec![0.0, 7.0, 7.0, 7.0]),
        ];
        let reviews = [
            // Ann scored 10 where 30 were on offer; Bob found the best; Ann's 4 beat the
            // best's 3 (counted as it was); Bob's last turn had no choice.
            turn(0, 10, Some(30)),
            turn(1, 7, Some(7)),
            turn(0, 4, Some(3)),
            turn(1, 0, None),
        ];
        assert_eq!(
            best_race(&lines, &reviews),
            vec![vec![30.0, 30.0, 34.0, 34.0], vec![0.0, 7.0, 7.0, 7.0]]
        );
        let best = best_race(&lines, &reviews);
        let (low, high) = score_range(lines.iter().map(|(_, v)| v).chain(&best));
        assert_eq!(low, 0.0);
        assert!(high >= 34.0, "the best line stays on the graph: {high}");
    }
}
