//! Whether the tile review's "points lost" holds against whole games played out. Positions come
//! from two-player games of the normal level on seeds no test uses, at the opening, in the
//! middle and near the end. At each where the hard level's look-ahead finds a better move than
//! the one the normal level chose, the move is judged against that best by each measure named:
//! the review as it is (`review`), the look-ahead's own values (`lookahead`), or the two moves
//! played on for some turns on some deals (`TURNS:GAMES`, or `TURNS:GAMES:MOST` with more
//! deals where the first cannot tell the moves apart, as the review's settings say). The
//! move and the best are then played out to the end N times by the normal level in every
//! seat, on other redeals of the tiles the mover could not see.
//!
//! `cargo run -p abakus-rules --release --example abaku_calibrate -- [POSITIONS] [N] [SEED]
//! [MEASURE...]`, default 40 positions, 200 play-outs each, games from seed 9000 on, the
//! review and the look-ahead. Prints each position, then for each measure how often its loss
//! lies within the play-outs' 95% interval of their paired difference or within 3 points of
//! it, and how often it has the wrong sign where the play-outs' difference is beyond its
//! interval.

use abakus_rules::abaku::ai::appraisal::{Appraisal, appraise, same_move};
use abakus_rules::abaku::ai::playout::{Reach, mean_and_interval, play_on_many};
use abakus_rules::abaku::ai::{self, Budget, Level};
use abakus_rules::abaku::review::{PlayOn, ReviewSettings, TurnReview, play_on, verdict_on};
use abakus_rules::abaku::{Move, Position, Setup};

/// A way of counting the points a move loses against the best.
#[derive(Debug, Clone, Copy)]
enum Measure {
    /// The look-ahead's own values.
    Lookahead,
    /// The review at these settings.
    Review(PlayOn),
}

impl Measure {
    fn parse(text: &str) -> Measure {
        match text {
            "lookahead" => Measure::Lookahead,
            "review" => Measure::Review(PlayOn::default()),
            _ => {
                let numbers: Vec<u32> = text
                    .split(':')
                    .map(|n| n.parse().expect("review, lookahead, T:G or T:G:MOST"))
                    .collect();
                match numbers[..] {
                    [turns, games] => Measure::Review(PlayOn::fixed(turns, games)),
                    [turns, games, most_games] => Measure::Review(PlayOn {
                        turns,
                        games,
                        most_games,
                    }),
                    _ => panic!("review, lookahead, T:G or T:G:MOST"),
                }
            }
        }
    }
}

/// Where a position stands in its game.
fn phase(position: &Position) -> Option<&'static str> {
    let turns = position.turns();
    let bag = position.bag().len();
    match turns {
        0 => Some("opening"),
        9 => Some("middle"),
        _ if (1..=10).contains(&bag) => Some("end"),
        _ => None,
    }
}

/// One position judged by one measure against the play-outs.
struct Judged {
    /// The points lost as the review shows them (never below 0).
    loss: f64,
    /// The measure's own difference between the best and the move played, which may find the
    /// move played ahead.
    signed: f64,
    difference: f64,
    interval: f64,
}

impl Judged {
    fn agrees(&self) -> bool {
        (self.loss - self.difference).abs() <= self.interval.max(3.0)
    }

    fn agrees_signed(&self) -> bool {
        (self.signed - self.difference).abs() <= self.interval.max(3.0)
    }

    /// The review calls the move a loss where the play-outs find it clearly ahead.
    fn wrong_sign(&self) -> bool {
        self.loss > 0.0 && self.difference < -self.interval
    }

    fn verdict(&self) -> &'static str {
        if self.wrong_sign() {
            "wrong sign"
        } else if self.agrees() {
            "agrees"
        } else {
            "outside"
        }
    }
}

/// The points `measure` says `played` loses against the look-ahead's best in `seen`, as the
/// review shows them, and the measure's own difference between the two.
fn loss_by(
    measure: Measure,
    position: &Position,
    played: &Move,
    seen: &Appraisal,
    seed: u64,
) -> (f64, f64) {
    let lookahead = (seen.best_value - seen.played_value) as f64 / 10.0;
    match measure {
        Measure::Lookahead => (lookahead.max(0.0), lookahead),
        Measure::Review(play_on_as) => {
            let settings = ReviewSettings {
                play_on: play_on_as,
                ..ReviewSettings::default()
            };
            let verdict = verdict_on(position, played, seen.clone(), seed, settings);
            let signed = if verdict.played_on.is_some() {
                let ([played_value, best_value], _) =
                    play_on(position, [played, &seen.best], seed, settings);
                best_value - played_value
            } else {
                lookahead
            };
            let shown = TurnReview {
                player: position.to_move(),
                played: played.clone(),
                points: 0,
                verdict: Some(verdict),
            }
            .loss();
            (shown, signed)
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize, default: u64| {
        args.get(k)
            .map_or(default, |a| a.parse().expect("numbers: POSITIONS N SEED"))
    };
    let wanted = number(0, 40) as usize;
    let n = number(1, 200).max(2) as usize;
    let first_seed = number(2, 9_000);
    let mut measures: Vec<Measure> = args.iter().skip(3).map(|a| Measure::parse(a)).collect();
    if measures.is_empty() {
        measures = vec![Measure::parse("review"), Measure::Lookahead];
    }
    println!(
        "{wanted} positions from games of seed {first_seed} on; {n} play-outs a move by the \
         normal level; measures {measures:?}"
    );
    // Every guess weighed whatever else runs: the same positions and bests on any machine.
    let budget = Budget {
        think: std::time::Duration::from_secs(600),
        ..ReviewSettings::default().budget
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut judged: Vec<Vec<Judged>> = measures.iter().map(|_| Vec::new()).collect();
    let mut positions = 0;
    let mut seed = first_seed;
    while positions < wanted {
        let mut position = Position::new(Setup::new(2, seed)).expect("a table");
        let mut end_seen = false;
        while !position.is_over() && positions < wanted {
            let turn = u64::from(position.turns());
            let played = ai::choose_move(&position, Level::Normal, seed * 1_000 + turn);
            let here = phase(&position).filter(|&p| p != "end" || !end_seen);
            let seen = here.and_then(|_| appraise(&position, &played, seed + turn, budget));
            if let (Some(here), Some(seen)) = (here, seen)
                && !same_move(&seen.best, &played)
            {
                end_seen |= here == "end";
                positions += 1;
                let moves = [played.clone(), seen.best.clone()];
                // Deals of their own: the review's games are dealt from the turn's seed.
                let standings = play_on_many(
                    &position,
                    &moves,
                    (Level::Normal, Reach::End),
                    seed ^ 0xca11_b8a7,
                    0..n,
                    threads,
                );
                let differences: Vec<f64> = standings
                    .iter()
                    .map(|s| (s[1].tenths - s[0].tenths) as f64 / 10.0)
                    .collect();
                let (difference, interval) = mean_and_interval(&differences);
                println!(
                    "{seed} turn {turn} {here}, bag {}: played {played}; best {}{}; play-outs {difference:+.1} ± {interval:.1}",
                    position.bag().len(),
                    seen.best,
                    if seen.exact { " (exact)" } else { "" }
                );
                for (k, &measure) in measures.iter().enumerate() {
                    let started = std::time::Instant::now();
                    let (loss, signed) = loss_by(measure, &position, &played, &seen, seed + turn);
                    let row = Judged {
                        loss,
                        signed,
                        difference,
                        interval,
                    };
                    println!(
                        "  {measure:?}: loss {loss:.1} ({signed:+.1}) ({:.2} s): {}",
                        started.elapsed().as_secs_f64(),
                        row.verdict()
                    );
                    judged[k].push(row);
                }
            }
            position
                .play(&played)
                .expect("the normal level plays legal moves");
        }
        seed += 1;
    }
    for (measure, rows) in measures.iter().zip(&judged) {
        let agree = rows.iter().filter(|j| j.agrees()).count();
        let signed = rows.iter().filter(|j| j.agrees_signed()).count();
        let wrong = rows.iter().filter(|j| j.wrong_sign()).count();
        let count = rows.len().max(1) as f64;
        let mean = |f: fn(&Judged) -> f64| rows.iter().map(f).sum::<f64>() / count;
        println!(
            "{measure:?}: agrees in {agree} of {} ({:.0}%), wrong sign {wrong}; its own difference, \
             which may find the move played ahead, agrees in {signed} ({:.0}%); mean loss {:.1}, \
             mean play-out difference {:+.1}",
            rows.len(),
            100.0 * agree as f64 / count,
            100.0 * signed as f64 / count,
            mean(|j| j.loss),
            mean(|j| j.difference)
        );
    }
}
