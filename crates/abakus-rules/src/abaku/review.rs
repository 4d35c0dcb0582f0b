//! The tile game's review: every turn of a game appraised by the hard level from what its
//! player could know, the move played and the best played on, and labelled by the points lost.

use serde::{Deserialize, Serialize};

use super::ai::appraisal::{self, Appraisal, same_move};
use super::ai::leaves::{self, LeaveTable};
use super::ai::playout::{self, Reach, Standing};
use super::ai::{Budget, Level};
use super::moves::Move;
use super::position::{Position, Setup};
use crate::review::{Judged, Label, Progress, ReviewError, Thresholds};

/// The points lost at which a turn is good (behind the best at all: values are counted in
/// tenths of a point, so a move labelled best shows no loss), a small, a medium and a large
/// mistake.
pub const THRESHOLDS: Thresholds = Thresholds {
    good: 0.05,
    small: 2.0,
    medium: 6.0,
    large: 12.0,
};

/// How long the review thinks about each turn, how far it plays the moves on, and the seed
/// of its guesses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewSettings {
    /// The hard level's budget for finding each turn's best move.
    pub budget: Budget,
    /// How the move played and the best are played on to count the points lost.
    pub play_on: PlayOn,
    /// Games played on side by side.
    pub threads: usize,
    /// The seed the guesses of turn `k` are drawn from is this plus `k`.
    pub seed: u64,
}

/// How the review counts the points a move loses against the best: both played on by the
/// normal level in every seat for `turns` turns (to the end once the bag is empty), on
/// `games` deals of the tiles the mover could not see, the same deals for both, then what
/// each player keeps counted by the leave table. Where those games cannot yet tell which
/// move is the better (their difference lies within its 95% interval), `games` more deals
/// are played, up to `most_games`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayOn {
    /// Turns played after the move, every player's counted.
    pub turns: u32,
    /// Deals played on first, and added each time the moves are not yet told apart.
    pub games: u32,
    /// Deals played on at most.
    pub most_games: u32,
}

impl PlayOn {
    /// `turns` turns on `games` deals, and no more.
    #[must_use]
    pub fn fixed(turns: u32, games: u32) -> Self {
        Self {
            turns,
            games,
            most_games: games,
        }
    }

    /// `turns` turns on `games` deals, and up to four times as many where the moves are
    /// close.
    #[must_use]
    pub fn starting_with(turns: u32, games: u32) -> Self {
        Self {
            turns,
            games,
            most_games: games.saturating_mul(4),
        }
    }
}

impl Default for PlayOn {
    /// Four turns on 64 deals, up to 256 where the moves are close: within the 95% interval
    /// of whole games played out (or 3 points of it) in 82% and 90% of two sets of 40
    /// positions, never of the wrong sign (`docs/computer-players.md`); about 2 s a judged
    /// turn on two cores.
    fn default() -> Self {
        Self::starting_with(4, 64)
    }
}

impl Default for ReviewSettings {
    /// The hard level's own budget and four turns played on: a 30-turn game in about 45 s on
    /// two cores.
    fn default() -> Self {
        Self {
            budget: Budget::default(),
            play_on: PlayOn::default(),
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            seed: 1,
        }
    }
}

/// One turn of the game and what the review makes of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnReview {
    /// Who moved (for a challenge, the challenger).
    pub player: usize,
    /// What they did.
    pub played: Move,
    /// The points the move scored when laid (0 for an exchange, a pass or a false sum).
    pub points: i64,
    /// The hard level's verdict, or `None` for a turn without a choice (a challenge, a pass
    /// with nothing to lay and no exchange, a concession).
    pub verdict: Option<Verdict>,
}

/// The best move beside the one played, valued alike.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// The best move the hard level finds from the player's rack and what they could know, or
    /// the move played where playing both on finds it worth as much.
    pub best: Move,
    /// The points the best move scores when laid.
    pub best_points: i64,
    /// What the best move is worth in points: the mover's lead over the best other player
    /// once played on ([`PlayOn`]), with what each player keeps; where the endgame was searched
    /// to its end, the final score difference; for the best move played, the hard level's
    /// own value (its points and leave less the next player's reply).
    pub best_value: f64,
    /// What the move played is worth on the same scale.
    pub played_value: f64,
    /// The label the points lost earn.
    pub label: Label,
    /// Whether the values are exact (the endgame searched to its end).
    pub exact: bool,
    /// What the move played keeps on the rack, where the values count it (not when exact).
    pub kept: Option<Kept>,
    /// What the best move keeps on the rack, likewise.
    pub best_kept: Option<Kept>,
    /// How the two moves were played on, where the values come from that.
    #[serde(default)]
    pub played_on: Option<PlayedOn>,
}

/// How far the review played a move and the best on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedOn {
    /// Turns after the move, before what is kept is counted.
    pub turns: u32,
    /// Deals played on.
    pub games: u32,
    /// Whether every game reached its end (the bag ran empty within the turns): the values
    /// are then final score differences.
    pub to_the_end: bool,
}

/// The tiles a move keeps on its player's rack and what they are worth to the next turns: the
/// part of a move's value beside its points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    /// The tiles, smallest first and the joker last (`-` for none).
    pub tiles: String,
    /// What the hard level's table of leaves says they are worth, in points.
    pub worth: f64,
}

impl Kept {
    /// What `mv` keeps in `position`, where the bag refills the rack after it.
    fn by(position: &Position, mv: &Move) -> Option<Kept> {
        leaves::kept_by(position, mv, LeaveTable::standard()).map(|(leave, tenths)| Kept {
            tiles: leaves::leave_text(&leave),
            worth: tenths as f64 / 10.0,
        })
    }
}

impl TurnReview {
    /// The points of value lost against the best move, 0 for the best.
    #[must_use]
    pub fn loss(&self) -> f64 {
        self.verdict.as_ref().map_or(0.0, |verdict| {
            if same_move(&verdict.best, &self.played) {
                0.0
            } else {
                (verdict.best_value - verdict.played_value).max(0.0)
            }
        })
    }
}

impl Judged for TurnReview {
    fn player(&self) -> usize {
        self.player
    }
    fn label(&self) -> Option<Label> {
        self.verdict.as_ref().map(|verdict| verdict.label)
    }
    fn loss(&self) -> f64 {
        TurnReview::loss(self)
    }
    fn worth(&self) -> Option<f64> {
        matches!(self.played, Move::Place(_)).then_some(self.points as f64)
    }
}

/// Every move of `game` as played, from its deal: a move a successful challenge took back
/// comes before the challenge.
fn moves_played(game: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    for record in game.history() {
        if let Some(withdrawn) = &record.withdrawn {
            moves.push(withdrawn.action.clone());
        }
        moves.push(record.action.clone());
    }
    moves
}

/// The game's position before each of its moves, with the move, from a fresh deal of its setup;
/// refused when replaying the moves does not reach the game as it stands (an arranged position,
/// a record that does not replay).
///
/// # Errors
/// [`ReviewError::Unreplayable`] then.
pub fn positions_before(game: &Position) -> Result<Vec<(Position, Move)>, ReviewError> {
    let setup = Setup {
        players: game.players().len(),
        variants: *game.variants(),
        seed: game.seed(),
        layout: Some(game.layout().clone()),
    };
    let mut position =
        Position::new(setup).map_err(|why| ReviewError::Unreplayable(why.to_string()))?;
    let mut before = Vec::new();
    for (turn, mv) in moves_played(game).into_iter().enumerate() {
        let here = position.clone();
        position
            .play(&mv)
            .map_err(|why| ReviewError::Unreplayable(format!("turn {}: {why}", turn + 1)))?;
        before.push((here, mv));
    }
    if position != *game {
        return Err(ReviewError::Unreplayable(
            "its moves from the deal lead elsewhere".to_owned(),
        ));
    }
    Ok(before)
}

/// Reviews every turn of `game` in the order played. `progress` hears after each turn and
/// stops the review by answering `false`.
///
/// # Errors
/// [`ReviewError::Unreplayable`] when the game is not its moves played from its deal;
/// [`ReviewError::Cancelled`] when `progress` stops it.
pub fn review_game(
    game: &Position,
    settings: ReviewSettings,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<Vec<TurnReview>, ReviewError> {
    let turns = positions_before(game)?;
    let total = turns.len();
    let mut reviews = Vec::with_capacity(total);
    for (turn, (before, played)) in turns.into_iter().enumerate() {
        let seed = settings.seed.wrapping_add(turn as u64);
        reviews.push(review_turn(&before, played, seed, settings));
        if !progress(Progress {
            done: turn + 1,
            total,
        }) {
            return Err(ReviewError::Cancelled);
        }
    }
    Ok(reviews)
}

/// One turn's review: the move, its points, and the verdict on it against the hard level's
/// best, both played on as `settings` say unless the endgame was searched to its end.
#[must_use]
pub fn review_turn(
    before: &Position,
    played: Move,
    seed: u64,
    settings: ReviewSettings,
) -> TurnReview {
    let player = match played {
        Move::Challenge(by) => by,
        _ => before.to_move(),
    };
    let verdict = appraisal::appraise(before, &played, seed, settings.budget)
        .map(|seen| verdict_on(before, &played, seen, seed, settings));
    TurnReview {
        player,
        points: points_of(before, &played),
        played,
        verdict,
    }
}

/// The verdict on `played` from the hard level's appraisal `seen`: unless the endgame was
/// searched to its end or the move played is the best, both are played on as `settings` say
/// (the deals from `seed`) and their values, and so the points lost, come from that.
#[must_use]
pub fn verdict_on(
    before: &Position,
    played: &Move,
    seen: Appraisal,
    seed: u64,
    settings: ReviewSettings,
) -> Verdict {
    let mut best = seen.best;
    let mut best_value = seen.best_value as f64 / 10.0;
    let mut played_value = seen.played_value as f64 / 10.0;
    let mut played_on = None;
    if !seen.exact && !same_move(&best, played) {
        let (values, on) = play_on(before, [played, &best], seed, settings);
        played_value = values[0];
        best_value = values[1];
        played_on = Some(on);
        // Played on, the move played may turn out worth as much: it is then the best.
        if played_value >= best_value {
            best = played.clone();
            best_value = played_value;
        }
    }
    let is_best = same_move(&best, played);
    let loss = (best_value - played_value).max(0.0);
    // Values at the end of the game count no tiles kept for later turns.
    let to_the_end = seen.exact || played_on.is_some_and(|on| on.to_the_end);
    let kept = |mv: &Move| {
        if to_the_end {
            None
        } else {
            Kept::by(before, mv)
        }
    };
    Verdict {
        kept: kept(played),
        best_kept: kept(&best),
        best_points: points_of(before, &best),
        best_value,
        played_value,
        label: THRESHOLDS.label(loss, is_best),
        exact: seen.exact,
        played_on,
        best,
    }
}

/// The points `mv` scores when laid in `before` (0 for an exchange, a pass or a false sum).
fn points_of(before: &Position, mv: &Move) -> i64 {
    match mv {
        Move::Place(placement) => before.evaluate(placement).map_or(0, |scored| scored.points),
        _ => 0,
    }
}

/// Each move's mean standing, in points, once played on as `settings` say on the same deals
/// from `seed`, and how they were played on.
#[must_use]
pub fn play_on(
    before: &Position,
    moves: [&Move; 2],
    seed: u64,
    settings: ReviewSettings,
) -> ([f64; 2], PlayedOn) {
    let PlayOn {
        turns,
        games,
        most_games,
    } = settings.play_on;
    let batch = games.max(1) as usize;
    let most = (most_games as usize).max(batch);
    let moves = moves.map(Move::clone);
    let how = (Level::Normal, Reach::Turns(turns));
    let mut standings = Vec::new();
    while standings.len() < most && (standings.is_empty() || !told_apart(&standings)) {
        let deals = standings.len()..most.min(standings.len() + batch);
        let more = playout::play_on_many(before, &moves, how, seed, deals, settings.threads);
        standings.extend(more);
    }
    let played = standings.len();
    let mean = |k: usize| {
        let total: i64 = standings.iter().map(|s| s[k].tenths).sum();
        total as f64 / (10.0 * played as f64)
    };
    let to_the_end = standings.iter().flatten().all(|s| s.over);
    let on = PlayedOn {
        turns,
        games: u32::try_from(played).unwrap_or(u32::MAX),
        to_the_end,
    };
    ([mean(0), mean(1)], on)
}

/// Whether games played on tell the two moves apart: the mean of their differences lies
/// outside its own 95% interval.
fn told_apart(standings: &[Vec<Standing>]) -> bool {
    let differences: Vec<f64> = standings
        .iter()
        .map(|pair| (pair[0].tenths - pair[1].tenths) as f64)
        .collect();
    let (mean, half_width) = playout::mean_and_interval(&differences);
    mean.abs() > half_width
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abaku::ai::leaves::{LeaveTable, normal_move};
    use crate::abaku::ai::{self, Level};
    use crate::review::summarise;
    use std::time::Duration;

    const QUICK: ReviewSettings = ReviewSettings {
        budget: Budget {
            think: Duration::from_secs(60),
            samples: 2,
        },
        play_on: PlayOn {
            turns: 4,
            games: 8,
            most_games: 16,
        },
        threads: 2,
        seed: 3,
    };

    /// A game of two normal players for `turns` turns, or to its end.
    fn normal_game(seed: u64, turns: usize) -> Position {
        let mut game = Position::new(Setup::new(2, seed)).unwrap();
        for _ in 0..turns {
            if game.is_over() {
                break;
            }
            let mv = normal_move(&game, LeaveTable::standard(), seed);
            game.play(&mv).unwrap();
        }
        game
    }

    #[test]
    fn a_review_has_a_verdict_for_every_turn_in_order_and_changes_nothing() {
        let game = normal_game(4, 8);
        let kept = game.clone();
        let mut heard = Vec::new();
        let reviews = review_game(&game, QUICK, &mut |p| {
            heard.push(p);
            true
        })
        .unwrap();
        assert_eq!(game, kept);
        assert_eq!(reviews.len(), game.history().len());
        assert_eq!(heard.last(), Some(&Progress { done: 8, total: 8 }));
        for (review, record) in reviews.iter().zip(game.history()) {
            assert_eq!(review.player, record.player);
            assert!(same_move(&review.played, &record.action));
            let verdict = review
                .verdict
                .as_ref()
                .expect("a choice on every early turn");
            assert!(review.loss() >= 0.0);
            assert_eq!(
                verdict.label,
                THRESHOLDS.label(review.loss(), same_move(&verdict.best, &review.played))
            );
        }
    }

    /// The verdict names what each move keeps and its worth: an exchange keeps the rack less
    /// the tiles given back, worth what the table says.
    #[test]
    fn a_verdict_names_the_tiles_each_move_keeps() {
        let game = normal_game(5, 2);
        let rack = game.rack(game.to_move()).to_vec();
        let given = rack[..3].to_vec();
        let review = review_turn(&game, Move::Exchange(given), 7, QUICK);
        let verdict = review.verdict.as_ref().expect("a choice");
        let kept = verdict.kept.as_ref().expect("the bag refills the rack");
        let table = LeaveTable::standard();
        let leave = leaves::count(&rack[3..]);
        assert_eq!(kept.tiles, leaves::leave_text(&leave));
        assert_eq!(kept.tiles.chars().count(), rack.len() - 3);
        assert!(
            (kept.worth - leaves::kept_value(&game, &rack[3..], table) as f64 / 10.0).abs() < 1e-9
        );
        let best_kept = verdict
            .best_kept
            .as_ref()
            .expect("the best keeps tiles too");
        assert!(best_kept.tiles.chars().count() <= rack.len());
        // A placement keeps the rest of the rack while the bag refills it.
        let placement = Move::Place(game.legal_placements().remove(0));
        let laid = review_turn(&game, placement, 7, QUICK);
        assert!(laid.verdict.unwrap().kept.is_some());
    }

    /// Another move than the best is played on with it, on the games asked for, and its loss
    /// is the difference of their values; a move the games find worth as much is the best.
    #[test]
    fn the_move_played_and_the_best_are_played_on_to_count_the_loss() {
        let game = normal_game(6, 3);
        let mut played_on = 0;
        for placement in game.legal_placements().into_iter().step_by(7).take(12) {
            let review = review_turn(&game, Move::Place(placement), 5, QUICK);
            let verdict = review.verdict.as_ref().expect("a choice");
            let is_best = same_move(&verdict.best, &review.played);
            let Some(on) = verdict.played_on else {
                assert!(is_best, "{review:?}");
                continue;
            };
            played_on += 1;
            assert_eq!(on.turns, 4);
            assert!([8, 16].contains(&on.games), "{on:?}");
            assert!(!on.to_the_end, "the bag lasts longer than four turns");
            assert!(verdict.kept.is_some() && verdict.best_kept.is_some());
            let loss = review.loss();
            assert!((loss - (verdict.best_value - verdict.played_value)).abs() < 1e-9);
            if is_best {
                assert_eq!(loss, 0.0);
            } else {
                assert!(verdict.best_value > verdict.played_value, "{review:?}");
            }
        }
        assert!(played_on >= 6, "{played_on} moves played on");
    }

    /// Moves the first games cannot tell apart are played on further, a batch of deals at a
    /// time, until the games tell them apart or the most are played; the values are the
    /// means of every game played.
    #[test]
    fn close_moves_are_played_on_until_the_games_tell_them_apart() {
        let game = normal_game(6, 3);
        let settings = ReviewSettings {
            play_on: PlayOn {
                turns: 2,
                games: 8,
                most_games: 32,
            },
            ..QUICK
        };
        let how = (Level::Normal, Reach::Turns(2));
        let placements: Vec<Move> = game
            .legal_placements()
            .into_iter()
            .map(Move::Place)
            .collect();
        let (mut at_once, mut further) = (0, 0);
        for (k, other) in placements.iter().step_by(5).take(16).enumerate() {
            let moves = [&placements[0], other];
            let seed = k as u64;
            let (values, on) = play_on(&game, moves, seed, settings);
            let games = on.games as usize;
            let pair = moves.map(Move::clone);
            let standings = playout::play_on_many(&game, &pair, how, seed, 0..games, 2);
            assert!(told_apart(&standings) || games == 32, "{games} games");
            if games > 8 {
                assert!(!told_apart(&standings[..games - 8]), "{games} games");
                further += 1;
            } else {
                at_once += 1;
            }
            for (k, value) in values.iter().enumerate() {
                let total: i64 = standings.iter().map(|s| s[k].tenths).sum();
                assert!((value - total as f64 / (10.0 * games as f64)).abs() < 1e-9);
            }
        }
        assert!(
            at_once > 0 && further > 0,
            "{at_once} at once, {further} further"
        );
    }

    #[test]
    fn the_same_settings_give_the_same_review() {
        let game = normal_game(9, 5);
        let first = review_game(&game, QUICK, &mut |_| true).unwrap();
        let again = review_game(&game, QUICK, &mut |_| true).unwrap();
        assert_eq!(first, again);
    }

    #[test]
    fn a_review_stops_when_asked() {
        let game = normal_game(2, 6);
        let mut seen = 0;
        let stopped = review_game(&game, QUICK, &mut |_| {
            seen += 1;
            seen < 2
        });
        assert_eq!(stopped, Err(ReviewError::Cancelled));
        assert_eq!(seen, 2);
    }

    #[test]
    fn an_arranged_position_is_refused() {
        let mut game = normal_game(3, 2);
        game.live.players[0].score += 5;
        assert!(matches!(
            review_game(&game, QUICK, &mut |_| true),
            Err(ReviewError::Unreplayable(_))
        ));
    }

    /// A turn that passes up a rich placement for a poor one is a large mistake; the rich one
    /// is named as the best.
    #[test]
    fn missing_a_rich_move_for_a_poor_one_is_a_large_mistake() {
        let mut found = 0;
        for seed in 0..40 {
            let game = normal_game(seed, 4);
            let mut placements: Vec<_> = game
                .legal_placements()
                .into_iter()
                .filter_map(|p| Some((game.evaluate(&p).ok()?.points, p)))
                .collect();
            placements.sort_by_key(|(points, _)| *points);
            let (Some((poor, worst)), Some((rich, _))) = (placements.first(), placements.last())
            else {
                continue;
            };
            if *rich < 30 || *poor > 3 {
                continue;
            }
            // As many games as the review plays on: on 8 the figure is too rough for a label.
            let settings = ReviewSettings {
                play_on: PlayOn::default(),
                ..QUICK
            };
            let review = review_turn(&game, Move::Place(worst.clone()), seed, settings);
            let verdict = review.verdict.as_ref().unwrap();
            assert_eq!(verdict.label, Label::Large, "seed {seed}: {review:?}");
            assert!(verdict.best_points > *poor + 12, "seed {seed}: {review:?}");
            assert!(review.loss() >= THRESHOLDS.large);
            found += 1;
            if found == 3 {
                return;
            }
        }
        panic!("only {found} positions offered 30 points beside 3");
    }

    #[test]
    fn the_hard_levels_own_moves_are_mostly_best() {
        let mut game = Position::new(Setup::new(2, 11)).unwrap();
        for turn in 0..10 {
            let mv = ai::choose_move_within(&game, Level::Hard, turn, QUICK.budget);
            game.play(&mv).unwrap();
        }
        let reviews = review_game(&game, QUICK, &mut |_| true).unwrap();
        let summary = summarise(&reviews, 2);
        let best: usize = summary.iter().map(|s| s.labels[Label::Best.index()]).sum();
        let large: usize = summary.iter().map(|s| s.labels[Label::Large.index()]).sum();
        assert!(best >= 6, "{summary:?}");
        assert_eq!(large, 0, "{summary:?}");
    }
}
