//! Whether the tile review's "points lost" holds against whole games played out. Positions come
//! from two-player games of the normal level on seeds no test uses, at the opening, in the
//! middle and near the end. At each, the move the normal level chose is judged by each
//! look-ahead measured (the review's, and one whose horizon ends on the mover's next turn)
//! against that look-ahead's best. The move and the bests are then played out to the end N
//! times by the normal level in every seat, on the same redeals of the tiles the mover could
//! not see.
//!
//! `cargo run -p abakus-rules --release --example abaku_calibrate -- [POSITIONS] [N] [SEED]`,
//! default 40 positions, 200 play-outs each, games from seed 9000 on. Prints each position,
//! then for each look-ahead how often its loss lies within the play-outs' 95% interval of
//! their paired difference or within 3 points of it, and how often it has the wrong sign
//! where the play-outs' difference is beyond its interval.

use abakus_rules::abaku::ai::appraisal::{appraise_to, same_move};
use abakus_rules::abaku::ai::lookahead::Horizon;
use abakus_rules::abaku::ai::{self, Level};
use abakus_rules::abaku::review::ReviewSettings;
use abakus_rules::abaku::{Move, Position, Setup};

#[path = "common/playouts.rs"]
mod playouts;

/// The look-aheads measured: the review's today, and one whose horizon ends on the mover's side.
const HORIZONS: [Horizon; 2] = [Horizon::Reply, Horizon::MyNextTurn];

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

/// One position judged by one look-ahead against the play-outs.
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

/// Every look-ahead's best move beside `played` and the points it says `played` loses.
fn appraisals(position: &Position, played: &Move, seed: u64) -> Vec<Option<(Move, f64)>> {
    let budget = ReviewSettings::default().budget;
    HORIZONS
        .iter()
        .map(|&horizon| {
            let seen = appraise_to(position, played, seed, budget, horizon)?;
            let loss = (seen.best_value - seen.played_value).max(0) as f64 / 10.0;
            (!same_move(&seen.best, played)).then_some((seen.best, loss))
        })
        .collect()
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: POSITIONS N SEED"))
        .collect();
    let wanted = args.first().copied().unwrap_or(40) as usize;
    let n = args.get(1).copied().unwrap_or(200).max(2) as usize;
    let first_seed = args.get(2).copied().unwrap_or(9_000);
    println!(
        "{wanted} positions from games of seed {first_seed} on; {n} play-outs a move by the \
         normal level; look-aheads {HORIZONS:?}"
    );
    let mut judged: Vec<Vec<Judged>> = HORIZONS.iter().map(|_| Vec::new()).collect();
    let mut positions = 0;
    let mut seed = first_seed;
    while positions < wanted {
        let mut position = Position::new(Setup::new(2, seed)).expect("a table");
        let mut end_seen = false;
        while !position.is_over() && positions < wanted {
            let turn = u64::from(position.turns());
            let played = ai::choose_move(&position, Level::Normal, seed * 1_000 + turn);
            let here = phase(&position).filter(|&p| p != "end" || !end_seen);
            if let Some(here) = here {
                end_seen |= here == "end";
                let appraised = appraisals(&position, &played, seed + turn);
                if appraised.iter().any(Option::is_some) {
                    positions += 1;
                    let mut moves = vec![played.clone()];
                    moves.extend(appraised.iter().flatten().map(|(best, _)| best.clone()));
                    let margins = playouts::playouts(&position, &moves, Level::Normal, seed, n);
                    println!(
                        "{seed} turn {turn} {here}, bag {}: played {played}",
                        position.bag().len()
                    );
                    for (k, (horizon, seen)) in HORIZONS.iter().zip(&appraised).enumerate() {
                        let Some((best, loss)) = seen else {
                            println!("  {horizon:?}: the move played is the best");
                            continue;
                        };
                        // The play-outs' column of this look-ahead's best.
                        let column = 1 + appraised[..k].iter().flatten().count();
                        let differences: Vec<f64> =
                            margins.iter().map(|m| (m[column] - m[0]) as f64).collect();
                        let (difference, interval) = playouts::mean_and_interval(&differences);
                        let row = Judged {
                            loss: *loss,
                            difference,
                            interval,
                        };
                        println!(
                            "  {horizon:?}: best {best}, loss {loss:.1}; play-outs {difference:+.1} ± {interval:.1}: {}",
                            row.verdict()
                        );
                        judged[k].push(row);
                    }
                }
            }
            position
                .play(&played)
                .expect("the normal level plays legal moves");
        }
        seed += 1;
    }
    for (horizon, rows) in HORIZONS.iter().zip(&judged) {
        let agree = rows.iter().filter(|j| j.agrees()).count();
        let wrong = rows.iter().filter(|j| j.wrong_sign()).count();
        let count = rows.len().max(1) as f64;
        let mean = |f: fn(&Judged) -> f64| rows.iter().map(f).sum::<f64>() / count;
        println!(
            "{horizon:?}: agrees in {agree} of {} ({:.0}%), wrong sign {wrong}; mean loss {:.1}, mean play-out difference {:+.1}",
            rows.len(),
            100.0 * agree as f64 / count,
            mean(|j| j.loss),
            mean(|j| j.difference)
        );
    }
}
