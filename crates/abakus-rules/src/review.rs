//! A review's shared words: how far a move fell short of the best the computer found, the label
//! that earns, and each player's summary, the same for both games.
//!
//! Each game reviews its own moves ([`crate::hex::review`], [`crate::abaku::review`]) and
//! measures the loss in its own unit: the hex game in chance of winning, the tile game in
//! points. The labels and the summary are counted here once.

use serde::{Deserialize, Serialize};

/// How bad a move was, by what it lost against the best move found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Label {
    /// The best move, or one worth as much.
    Best,
    /// A little behind the best: a good move, not a mistake.
    Good,
    /// A small loss: an inaccuracy in the hex game, a small mistake in the tile game.
    Small,
    /// A mistake (a medium mistake in the tile game).
    Medium,
    /// A blunder (a large mistake in the tile game).
    Large,
}

impl Label {
    /// Every label, best first.
    pub const ALL: [Label; 5] = [
        Label::Best,
        Label::Good,
        Label::Small,
        Label::Medium,
        Label::Large,
    ];

    /// Whether the label names a mistake of any size.
    #[must_use]
    pub fn is_mistake(self) -> bool {
        self >= Label::Small
    }

    /// The label's place in [`Label::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The losses at which a move earns each label: below `good` the move is worth as much as the
/// best, at least `good` is [`Label::Good`], at least `small` is [`Label::Small`], at least
/// `medium` is [`Label::Medium`], at least `large` is [`Label::Large`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// The least loss that is behind the best: below it a move is worth as much.
    pub good: f64,
    /// The least loss that is a small mistake.
    pub small: f64,
    /// The least loss that is a mistake.
    pub medium: f64,
    /// The least loss that is a blunder.
    pub large: f64,
}

impl Thresholds {
    /// The label a move of this loss earns; the move the computer itself would play is always
    /// best.
    #[must_use]
    pub fn label(&self, loss: f64, is_best: bool) -> Label {
        if is_best || loss < self.good {
            Label::Best
        } else if loss < self.small {
            Label::Good
        } else if loss < self.medium {
            Label::Small
        } else if loss < self.large {
            Label::Medium
        } else {
            Label::Large
        }
    }
}

/// What the summary needs of one reviewed move.
pub trait Judged {
    /// The seat of the player who made it.
    fn player(&self) -> usize;
    /// Its label, or `None` for a move that was not judged (a challenge, a turn with no choice).
    fn label(&self) -> Option<Label>;
    /// What it lost against the best move, in the game's unit (0 for the best move).
    fn loss(&self) -> f64;
    /// How good it was on its own, for the player's best turn: the tile game's points; `None`
    /// where a game names no best turn.
    fn worth(&self) -> Option<f64> {
        None
    }
}

/// One player's review in a few figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// The player's seat.
    pub player: usize,
    /// Moves judged.
    pub judged: usize,
    /// How many moves earned each label, in the order of [`Label::ALL`].
    pub labels: [usize; 5],
    /// The share of judged moves that were no mistake (best or good), 0 to 1 (1 with none
    /// judged).
    pub accuracy: f64,
    /// The sum of the losses.
    pub lost: f64,
    /// The move of the highest worth, by its place in the game.
    pub best_turn: Option<usize>,
    /// The mistake that lost the most, by its place in the game, if there was one.
    pub biggest_miss: Option<usize>,
}

/// Each player's summary, for the seats `0..players`, from the moves in the order played.
#[must_use]
pub fn summarise<J: Judged>(moves: &[J], players: usize) -> Vec<Summary> {
    (0..players)
        .map(|player| {
            let mine = || {
                moves
                    .iter()
                    .enumerate()
                    .filter(move |(_, judged)| judged.player() == player)
            };
            let mut labels = [0; 5];
            for (_, judged) in mine() {
                if let Some(label) = judged.label() {
                    labels[label.index()] += 1;
                }
            }
            let judged: usize = labels.iter().sum();
            let lost: f64 = mine()
                .filter(|(_, j)| j.label().is_some())
                .map(|(_, j)| j.loss())
                .sum();
            let best_turn = mine()
                .filter_map(|(at, j)| j.worth().map(|worth| (at, worth)))
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
                .map(|(at, _)| at);
            let biggest_miss = mine()
                .filter(|(_, j)| j.label().is_some_and(Label::is_mistake))
                .max_by(|a, b| a.1.loss().total_cmp(&b.1.loss()).then(b.0.cmp(&a.0)))
                .map(|(at, _)| at);
            Summary {
                player,
                judged,
                labels,
                accuracy: if judged == 0 {
                    1.0
                } else {
                    (labels[Label::Best.index()] + labels[Label::Good.index()]) as f64
                        / judged as f64
                },
                lost,
                best_turn,
                biggest_miss,
            }
        })
        .collect()
}

/// How far a review has got: positions looked at, of how many. Returning `false` from the
/// callback a review is given stops it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Positions looked at so far.
    pub done: usize,
    /// Positions the review looks at in all.
    pub total: usize,
}

/// Why a review did not finish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// The progress callback asked it to stop.
    #[error("the review was cancelled")]
    Cancelled,
    /// The game's moves could not be played again from its start.
    #[error("the game does not replay from its start: {0}")]
    Unreplayable(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Seen(usize, Option<Label>, f64, Option<f64>);

    impl Judged for Seen {
        fn player(&self) -> usize {
            self.0
        }
        fn label(&self) -> Option<Label> {
            self.1
        }
        fn loss(&self) -> f64 {
            self.2
        }
        fn worth(&self) -> Option<f64> {
            self.3
        }
    }

    #[test]
    fn labels_follow_the_thresholds_and_the_best_move_is_always_best() {
        let steps = Thresholds {
            good: 0.5,
            small: 1.0,
            medium: 5.0,
            large: 12.0,
        };
        assert_eq!(steps.label(0.4, false), Label::Best);
        assert_eq!(steps.label(0.5, false), Label::Good);
        assert_eq!(steps.label(0.9, false), Label::Good);
        assert_eq!(steps.label(1.0, false), Label::Small);
        assert_eq!(steps.label(4.9, false), Label::Small);
        assert_eq!(steps.label(5.0, false), Label::Medium);
        assert_eq!(steps.label(12.0, false), Label::Large);
        assert_eq!(steps.label(40.0, true), Label::Best);
    }

    #[test]
    fn a_summary_counts_each_players_own_moves() {
        let moves = [
            Seen(0, Some(Label::Best), 0.0, Some(10.0)),
            Seen(1, Some(Label::Large), 27.0, Some(3.0)),
            Seen(0, Some(Label::Small), 2.0, Some(30.0)),
            Seen(1, None, 0.0, None),
            Seen(0, Some(Label::Medium), 8.0, Some(5.0)),
            Seen(1, Some(Label::Best), 0.0, Some(12.0)),
            Seen(0, Some(Label::Good), 1.5, Some(4.0)),
        ];
        let summaries = summarise(&moves, 2);
        assert_eq!(summaries[0].judged, 4);
        assert_eq!(summaries[0].labels, [1, 1, 1, 1, 0]);
        // Best and good moves are the accurate ones.
        assert!((summaries[0].accuracy - 2.0 / 4.0).abs() < 1e-9);
        assert!((summaries[0].lost - 11.5).abs() < 1e-9);
        assert_eq!(summaries[0].best_turn, Some(2));
        assert_eq!(summaries[0].biggest_miss, Some(4));
        assert_eq!(summaries[1].judged, 2);
        assert_eq!(summaries[1].labels, [1, 0, 0, 0, 1]);
        assert_eq!(summaries[1].best_turn, Some(5));
        assert_eq!(summaries[1].biggest_miss, Some(1));
    }

    #[test]
    fn a_player_without_mistakes_has_no_biggest_miss() {
        let moves = [
            Seen(0, Some(Label::Best), 0.0, None),
            Seen(0, Some(Label::Good), 0.5, None),
        ];
        let summary = &summarise(&moves, 1)[0];
        assert_eq!(summary.biggest_miss, None);
        assert_eq!(summary.best_turn, None);
        assert!((summary.accuracy - 1.0).abs() < 1e-9);
    }
}
