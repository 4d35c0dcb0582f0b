//! The hex game's review: every position of a game searched by the hard level, each move
//! labelled by the chance of winning it gave away.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::ai::{self, Budget, Evaluation};
use super::moves::{Color, Move};
use super::position::Position;
use crate::review::{Judged, Label, Progress, ReviewError, Thresholds};

/// The chance of winning lost (0 to 1) at which a move is good (a little behind the best), an
/// inaccuracy, a mistake and a blunder. A move labelled best shows no drop: below half a point
/// of percentage the card's rounded figures are the same.
pub const THRESHOLDS: Thresholds = Thresholds {
    good: 0.005,
    small: 0.10,
    medium: 0.20,
    large: 0.30,
};

/// How long the review searches each position, on how many threads, and from which seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewSettings {
    /// The hard level's budget for each position.
    pub budget: Budget,
    /// Searches side by side.
    pub threads: usize,
    /// Position `k` is searched from this seed plus `k`.
    pub seed: u64,
}

impl Default for ReviewSettings {
    /// 0.3 s a search on every core: a 75-move game, with a search more for each move that was
    /// not the best, in under a minute.
    fn default() -> Self {
        Self {
            budget: Budget::Time(Duration::from_millis(300)),
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            seed: 1,
        }
    }
}

/// One move of the game and what the review makes of it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// Who moved.
    pub mover: Color,
    /// The move played.
    pub played: Move,
    /// The move the hard level would have played.
    pub best: Move,
    /// The mover's chance of winning after the best move (0 to 1): their chance before the move.
    pub chance_before: f64,
    /// The mover's chance of winning after the move played.
    pub chance_after: f64,
    /// Whether it was the only legal move.
    pub forced: bool,
    /// The label the chance lost earns.
    pub label: Label,
}

impl MoveReview {
    /// The chance of winning lost against the best move, 0 for the best move itself.
    #[must_use]
    pub fn loss(&self) -> f64 {
        if self.played == self.best || self.forced {
            0.0
        } else {
            (self.chance_before - self.chance_after).max(0.0)
        }
    }

    /// Black's chance of winning after the move, for the graph over the game.
    #[must_use]
    pub fn black_chance_after(&self) -> f64 {
        match self.mover {
            Color::Black => self.chance_after,
            Color::White => 1.0 - self.chance_after,
        }
    }
}

impl Judged for MoveReview {
    fn player(&self) -> usize {
        self.mover.index()
    }
    fn label(&self) -> Option<Label> {
        (!self.forced).then_some(self.label)
    }
    fn loss(&self) -> f64 {
        MoveReview::loss(self)
    }
}

/// Reviews every move of `game` in the order played: each position from the start to the last
/// is searched once for the best move, and so is the position after the best move wherever
/// another was played; a move's chance after is the next position's, seen from its mover.
/// `progress` hears after each search and stops the review by answering `false`.
///
/// # Errors
/// [`ReviewError::Cancelled`] when `progress` stops it.
pub fn review_game(
    game: &Position,
    settings: ReviewSettings,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<Vec<MoveReview>, ReviewError> {
    let mut start = game.clone();
    let mut moves = Vec::new();
    while let Some(mv) = start.undo() {
        moves.push(mv);
    }
    moves.reverse();
    let mut positions = vec![start];
    for &mv in &moves {
        let mut next = positions[positions.len() - 1].clone();
        next.play(mv)
            .map_err(|why| ReviewError::Unreplayable(why.to_string()))?;
        positions.push(next);
    }
    let mut searched = Searches {
        settings,
        progress,
        done: 0,
        total: positions.iter().filter(|p| p.outcome().is_none()).count(),
    };
    let mut evaluations = Vec::with_capacity(positions.len());
    for (k, position) in positions.iter().enumerate() {
        evaluations.push(searched.evaluate(position, k)?);
    }
    // The positions after the best move where another was played, searched like those after
    // the moves played, so that both chances are measured alike.
    let after_best: Vec<Option<Position>> = (0..moves.len())
        .map(|k| {
            let best = evaluations[k].map(|e| e.best)?;
            let mut after = positions[k].clone();
            (best != moves[k] && after.play(best).is_ok()).then_some(after)
        })
        .collect();
    searched.total += after_best
        .iter()
        .flatten()
        .filter(|p| p.outcome().is_none())
        .count();
    let mut reviews = Vec::with_capacity(moves.len());
    for k in 0..moves.len() {
        let best = match &after_best[k] {
            Some(after) => Some((after, searched.evaluate(after, positions.len() + k)?)),
            None => None,
        };
        reviews.push(judge(
            &positions[k],
            moves[k],
            evaluations[k],
            (&positions[k + 1], evaluations[k + 1]),
            best,
        ));
    }
    Ok(reviews)
}

/// Another move tried in place of a reviewed one ("try again"): the position after `tried`
/// searched as the review searched the position after the move played (the same seed, so
/// the move played, tried again, gets the review's own verdict under a playout budget), and
/// judged against the review's best, whose chance is the review's own.
#[must_use]
pub fn judge_try(
    before: &Position,
    reviewed: &MoveReview,
    tried: Move,
    settings: ReviewSettings,
) -> MoveReview {
    let mut after = before.clone();
    if after.play(tried).is_err() {
        // Not a move here: judged as lost as it could be.
        return MoveReview {
            played: tried,
            chance_after: 0.0,
            label: Label::Large,
            ..*reviewed
        };
    }
    let seen_after = if after.outcome().is_some() {
        None
    } else {
        let seed = settings
            .seed
            .wrapping_add(before.history().len() as u64 + 1);
        ai::evaluate(&after, settings.budget, seed, settings.threads)
    };
    let chance_after = chance_for(reviewed.mover, &after, seen_after);
    let is_best = tried == reviewed.best || reviewed.forced;
    MoveReview {
        played: tried,
        chance_after,
        label: THRESHOLDS.label((reviewed.chance_before - chance_after).max(0.0), is_best),
        ..*reviewed
    }
}

/// The searches of one review, counted for its progress.
struct Searches<'a> {
    settings: ReviewSettings,
    progress: &'a mut dyn FnMut(Progress) -> bool,
    done: usize,
    total: usize,
}

impl Searches<'_> {
    /// The hard level's evaluation of `position` from seed `k`, `None` when the game is over.
    fn evaluate(
        &mut self,
        position: &Position,
        k: usize,
    ) -> Result<Option<Evaluation>, ReviewError> {
        if position.outcome().is_some() {
            return Ok(None);
        }
        let seed = self.settings.seed.wrapping_add(k as u64);
        let seen = ai::evaluate(position, self.settings.budget, seed, self.settings.threads);
        self.done += 1;
        let progress = Progress {
            done: self.done,
            total: self.total.max(self.done),
        };
        if (self.progress)(progress) {
            Ok(seen)
        } else {
            Err(ReviewError::Cancelled)
        }
    }
}

/// The mover's chance of winning in `after` (a position after their move), by its search.
fn chance_for(mover: Color, after: &Position, seen: Option<Evaluation>) -> f64 {
    match (after.outcome(), seen) {
        (Some(outcome), _) => f64::from(u8::from(outcome.winner == mover)),
        (None, Some(seen)) if after.turn() == mover => seen.chance,
        (None, Some(seen)) => 1.0 - seen.chance,
        (None, None) => 0.5,
    }
}

/// One move's review from the searches of the position before it, the position after it and,
/// where another move was best, the position after that one. The chance before is the chance
/// after the best move: both chances come from searches of the position that follows, so a
/// search's leaning towards the side to move cancels out.
fn judge(
    before: &Position,
    played: Move,
    seen_before: Option<Evaluation>,
    (after, seen_after): (&Position, Option<Evaluation>),
    after_best: Option<(&Position, Option<Evaluation>)>,
) -> MoveReview {
    let mover = before.turn();
    let chance_after = chance_for(mover, after, seen_after);
    let best = seen_before.map_or(played, |seen| seen.best);
    let chance_before = after_best.map_or(chance_after, |(position, seen)| {
        chance_for(mover, position, seen)
    });
    let forced = before.legal_moves().len() == 1;
    let is_best = played == best || forced;
    MoveReview {
        mover,
        played,
        best,
        chance_before,
        chance_after,
        forced,
        label: THRESHOLDS.label((chance_before - chance_after).max(0.0), is_best),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::summarise;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    const QUICK: ReviewSettings = ReviewSettings {
        budget: Budget::Playouts(2_000),
        threads: 1,
        seed: 5,
    };

    #[test]
    fn a_move_tried_again_is_judged_against_the_reviews_best() {
        let mut game = Position::new(3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..10 {
            let mv = game.random_move(&mut rng).unwrap();
            game.play_unchecked(mv);
        }
        let reviews = review_game(&game, QUICK, &mut |_| true).unwrap();
        let mut before = Position::new(3).unwrap();
        let (mut tried_best, mut judged) = (0, 0);
        for (at, reviewed) in reviews.iter().enumerate() {
            // The review's best, tried again, is the best; the move played, tried again, gets
            // the review's own verdict.
            let again = judge_try(&before, reviewed, reviewed.best, QUICK);
            assert_eq!(again.label, Label::Best);
            tried_best += 1;
            if !reviewed.forced {
                let played = judge_try(&before, reviewed, reviewed.played, QUICK);
                assert_eq!(played, *reviewed, "move {}", at + 1);
                judged += 1;
            }
            before.play(reviewed.played).unwrap();
        }
        assert!(tried_best == reviews.len() && judged > 5);
        // A move that is not legal there is a blunder, never a crash.
        let start = Position::new(3).unwrap();
        let occupied = reviews[0].played;
        let mut after_first = start.clone();
        after_first.play(occupied).unwrap();
        let refused = judge_try(&after_first, &reviews[1], occupied, QUICK);
        assert_eq!(refused.label, Label::Large);
    }

    #[test]
    fn every_move_is_reviewed_in_order_and_the_game_is_left_as_it_was() {
        let mut game = Position::new(3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..8 {
            let mv = game.random_move(&mut rng).unwrap();
            game.play_unchecked(mv);
        }
        let kept = game.record();
        let mut heard = Vec::new();
        let reviews = review_game(&game, QUICK, &mut |p| {
            heard.push(p);
            true
        })
        .unwrap();
        assert_eq!(game.record(), kept);
        assert_eq!(reviews.len(), 8);
        // Nine positions, and one more for each move that was not the best.
        let not_best = reviews.iter().filter(|r| r.played != r.best).count();
        assert_eq!(heard.len(), 9 + not_best);
        let last = heard.last().unwrap();
        assert_eq!((last.done, last.total), (heard.len(), heard.len()));
        for (review, played) in reviews.iter().zip(game.history()) {
            assert_eq!(review.played, *played);
            assert!((0.0..=1.0).contains(&review.chance_before));
            assert!((0.0..=1.0).contains(&review.chance_after));
            if review.played == review.best {
                assert_eq!(review.chance_before, review.chance_after);
            }
        }
        assert_eq!(reviews[0].mover, Color::Black);
        assert_eq!(reviews[1].mover, Color::White);
        let summary = summarise(&reviews, 2);
        assert_eq!(
            summary.iter().map(|s| s.judged).sum::<usize>(),
            8 - forced(&reviews)
        );
    }

    /// The best move keeps the chance it had before, so a move labelled best never shows a
    /// drop; a move a little behind it is good, not best.
    #[test]
    fn the_best_move_never_shows_a_drop() {
        let (mut kept, mut behind) = (0, 0);
        for seed in 0..4 {
            let mut game = Position::new(3).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..12 {
                let mv = game.random_move(&mut rng).unwrap();
                game.play_unchecked(mv);
            }
            for review in review_game(&game, QUICK, &mut |_| true).unwrap() {
                let loss = review.chance_before - review.chance_after;
                if review.played == review.best || review.forced {
                    assert_eq!(review.chance_after, review.chance_before, "{review:?}");
                    kept += 1;
                }
                match review.label {
                    Label::Best => assert!(loss < THRESHOLDS.good, "{review:?}"),
                    Label::Good => {
                        assert!((THRESHOLDS.good..THRESHOLDS.small).contains(&loss));
                        behind += 1;
                    }
                    _ => assert!(loss >= THRESHOLDS.small, "{review:?}"),
                }
            }
        }
        assert!(kept > 0 && behind + kept > 4, "{kept} best, {behind} good");
    }

    fn forced(reviews: &[MoveReview]) -> usize {
        reviews.iter().filter(|r| r.forced).count()
    }

    #[test]
    fn the_same_settings_give_the_same_review() {
        let game = Position::from_record(3, "B2 C3 B3 A1").unwrap();
        let first = review_game(&game, QUICK, &mut |_| true).unwrap();
        assert_eq!(first, review_game(&game, QUICK, &mut |_| true).unwrap());
    }

    #[test]
    fn a_review_stops_when_asked() {
        let game = Position::from_record(3, "B2 C3 B3 A1").unwrap();
        assert_eq!(
            review_game(&game, QUICK, &mut |p| p.done < 2),
            Err(ReviewError::Cancelled)
        );
    }

    /// Near the end of a game on side 3, a move that hands over a won ending is a blunder:
    /// positions where the solver proves the mover wins and some move loses outright.
    #[test]
    fn handing_over_a_won_ending_is_a_blunder() {
        let mut found = 0;
        for seed in 0..200 {
            let mut game = Position::new(3).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while game.empty_count() > 5 {
                let mv = game.random_move(&mut rng).unwrap();
                game.play_unchecked(mv);
            }
            let Some(seen) = ai::evaluate(&game, QUICK.budget, 1, 1) else {
                continue;
            };
            if seen.chance < 1.0 {
                continue;
            }
            // A move after which the other side is proved to win.
            let losing = game.legal_moves().into_iter().find(|&mv| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                after.outcome().is_some_and(|o| o.winner != game.turn())
                    || ai::evaluate(&after, QUICK.budget, 1, 1).is_some_and(|e| e.chance >= 1.0)
            });
            let Some(losing) = losing else {
                continue;
            };
            let mut played = game.clone();
            played.play_unchecked(losing);
            let reviews = review_game(&played, QUICK, &mut |_| true).unwrap();
            let last = reviews.last().unwrap();
            assert_eq!(last.played, losing);
            assert_eq!(last.label, Label::Large, "seed {seed}: {last:?}");
            assert!((last.chance_before - 1.0).abs() < 1e-9);
            assert!(last.chance_after < 1e-9);
            found += 1;
            if found == 3 {
                break;
            }
        }
        assert!(found > 0, "no won ending with a losing move was found");
    }
}
