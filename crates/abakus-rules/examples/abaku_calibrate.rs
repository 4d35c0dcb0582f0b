//! Whether the tile review's "points lost" holds against whole games played out. Positions come
//! from two-player games of the normal level on seeds no test uses, at the opening, in the
//! middle and near the end. At each, the move the normal level chose is judged by the review
//! against the review's best. Both moves are then played out to the end N times by the normal
//! level in every seat, on the same redeals of the tiles the mover could not see.
//!
//! `cargo run -p abakus-rules --release --example abaku_calibrate -- [POSITIONS] [N] [SEED]`,
//! default 40 positions, 200 play-outs each, games from seed 9000 on. Prints a line a position,
//! then how often the review's loss lies within the play-outs' 95% interval of their paired
//! difference or within 3 points of it, and how often it has the wrong sign where the
//! play-outs' difference is beyond its interval.

use abakus_rules::abaku::ai::appraisal::same_move;
use abakus_rules::abaku::ai::{self, Level};
use abakus_rules::abaku::review::{ReviewSettings, review_turn};
use abakus_rules::abaku::{Position, Setup};

#[path = "common/playouts.rs"]
mod playouts;

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

/// One judged position.
struct Judged {
    loss: f64,
    difference: f64,
    interval: f64,
}

impl Judged {
    fn agrees(&self) -> bool {
        (self.loss - self.difference).abs() <= self.interval.max(3.0)
    }

    /// The review calls the move a loss where the play-outs find it clearly ahead.
    fn wrong_sign(&self) -> bool {
        self.loss > 0.0 && self.difference < -self.interval
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: POSITIONS N SEED"))
        .collect();
    let wanted = args.first().copied().unwrap_or(40) as usize;
    let n = args.get(1).copied().unwrap_or(200).max(2) as usize;
    let first_seed = args.get(2).copied().unwrap_or(9_000);
    let budget = ReviewSettings::default().budget;
    println!(
        "{wanted} positions from games of seed {first_seed} on; {n} play-outs a move by the normal level"
    );
    println!("seed turn phase   bag  played | best  review loss  play-outs' difference");
    let mut judged: Vec<Judged> = Vec::new();
    let mut seed = first_seed;
    while judged.len() < wanted {
        let mut position = Position::new(Setup::new(2, seed)).expect("a table");
        let mut end_seen = false;
        while !position.is_over() && judged.len() < wanted {
            let turn = u64::from(position.turns());
            let played = ai::choose_move(&position, Level::Normal, seed * 1_000 + turn);
            let here = phase(&position).filter(|&p| p != "end" || !end_seen);
            if let Some(here) = here {
                end_seen |= here == "end";
                let review = review_turn(&position, played.clone(), seed + turn, budget);
                if let Some(verdict) = review
                    .verdict
                    .as_ref()
                    .filter(|v| !same_move(&v.best, &played))
                {
                    let moves = [played.clone(), verdict.best.clone()];
                    let margins = playouts::playouts(&position, &moves, Level::Normal, seed, n);
                    let differences: Vec<f64> =
                        margins.iter().map(|m| (m[1] - m[0]) as f64).collect();
                    let (difference, interval) = playouts::mean_and_interval(&differences);
                    let row = Judged {
                        loss: review.loss(),
                        difference,
                        interval,
                    };
                    println!(
                        "{seed} {turn:>4} {here:<7} {:>3}  {played} | {}  {:>5.1}  {difference:+.1} ± {interval:.1}{}",
                        position.bag().len(),
                        verdict.best,
                        row.loss,
                        if row.wrong_sign() {
                            "  wrong sign"
                        } else if row.agrees() {
                            ""
                        } else {
                            "  outside"
                        }
                    );
                    judged.push(row);
                }
            }
            position
                .play(&played)
                .expect("the normal level plays legal moves");
        }
        seed += 1;
    }
    let agree = judged.iter().filter(|j| j.agrees()).count();
    let wrong = judged.iter().filter(|j| j.wrong_sign()).count();
    let mean = |f: fn(&Judged) -> f64| judged.iter().map(f).sum::<f64>() / judged.len() as f64;
    println!(
        "agree {agree} of {} ({:.0}%), wrong sign {wrong}; mean review loss {:.1}, mean play-out difference {:+.1}",
        judged.len(),
        100.0 * agree as f64 / judged.len() as f64,
        mean(|j| j.loss),
        mean(|j| j.difference)
    );
}
