//! What a tile-game move is worth at the end of the game: each candidate move played, then the
//! game played out to its end many times, the same deals for every candidate.
//!
//! `cargo run -p abakus-rules --release --example abaku_rollout -- POSITION-FILE N "MOVE"
//! "MOVE" ... [--level LEVEL] [--seed SEED]`, the position in the rules crate's text format,
//! the moves in the game's notation (`H8=8 I8=8 J8=1`, `exchange 3 8 8`, `pass`), the level
//! that plays every seat afterwards `normal` by default (`easy`, `normal`, `hard`, `expert`),
//! seed 1. Each of the N play-outs first deals again every tile the player to move cannot see
//! (the other racks and the bag), so a play-out knows no more than that player did; every
//! candidate is played out on the same N deals with the same seeds, so their difference
//! holds less luck than either figure. Prints each move's mean final margin (the mover's final
//! score less the best other score) with its 95% interval, then each move's paired difference
//! against the first.

use std::process::ExitCode;

use abakus_rules::abaku::ai::{self, Level};
use abakus_rules::abaku::{Move, Position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

struct Args {
    position: Position,
    playouts: usize,
    moves: Vec<(String, Move)>,
    level: Level,
    seed: u64,
}

fn level(name: &str) -> Result<Level, String> {
    Ok(match name {
        "easy" => Level::Easy,
        "normal" => Level::Normal,
        "hard" => Level::Hard,
        "expert" => Level::Expert,
        other => {
            return Err(format!(
                "{other} is not a level: easy, normal, hard or expert"
            ));
        }
    })
}

fn read_args() -> Result<Args, String> {
    let mut words = std::env::args().skip(1);
    let (mut level_name, mut seed) = ("normal".to_owned(), 1);
    let mut free = Vec::new();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--level" => level_name = words.next().ok_or("--level needs a level")?,
            "--seed" => {
                seed = words
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--seed needs a number")?;
            }
            _ => free.push(word),
        }
    }
    let [file, playouts, moves @ ..] = free.as_slice() else {
        return Err(
            "usage: abaku_rollout POSITION-FILE N \"MOVE\" \"MOVE\" ... \
                    [--level LEVEL] [--seed SEED]"
                .to_owned(),
        );
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let position = Position::from_text(&text).map_err(|e| format!("{file}: {e}"))?;
    if position.is_over() {
        return Err(format!("{file}: the game is over"));
    }
    let playouts: usize = playouts
        .parse()
        .ok()
        .filter(|&n| n >= 2)
        .ok_or("N is a number of play-outs, at least 2")?;
    if moves.is_empty() {
        return Err("name at least one move".to_owned());
    }
    let moves = moves
        .iter()
        .map(|text| {
            let mv = Move::parse(text, position.layout()).map_err(|e| format!("{text}: {e}"))?;
            position
                .clone()
                .play(&mv)
                .map_err(|e| format!("{text}: {e}"))?;
            Ok((text.clone(), mv))
        })
        .collect::<Result<_, String>>()?;
    Ok(Args {
        position,
        playouts,
        moves,
        level: level(&level_name)?,
        seed,
    })
}

/// The mover's final score less the best other score.
fn margin(position: &Position, me: usize) -> i64 {
    let scores: Vec<i64> = position.players().iter().map(|p| p.score).collect();
    let best_other = (0..scores.len())
        .filter(|&seat| seat != me)
        .map(|seat| scores[seat])
        .max()
        .unwrap_or(0);
    scores[me] - best_other
}

/// Play-out `deal` of every move: the hidden tiles dealt again from that deal's seed, the move
/// played, then the level in every seat to the end, the same seeds for every move.
fn playout(args: &Args, deal: usize) -> Vec<i64> {
    let me = args.position.to_move();
    let deal_seed = args.seed.wrapping_mul(1_000_003).wrapping_add(deal as u64);
    let mut rng = ChaCha8Rng::seed_from_u64(deal_seed);
    let dealt = args.position.with_hidden_dealt_again(me, &mut rng);
    args.moves
        .iter()
        .map(|(_, mv)| {
            let mut position = dealt.clone();
            position.play(mv).expect("checked on the position");
            let mut turn = 0u64;
            while !position.is_over() {
                let seed = deal_seed ^ turn.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let next = ai::choose_move(&position, args.level, seed);
                position
                    .play(&next)
                    .expect("the computer plays legal moves");
                turn += 1;
            }
            margin(&position, me)
        })
        .collect()
}

/// The mean and the half-width of its 95% interval (normal approximation).
fn mean_and_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

fn main() -> ExitCode {
    let args = match read_args() {
        Ok(args) => args,
        Err(error) => {
            eprintln!("abaku_rollout: {error}");
            return ExitCode::from(2);
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, Vec<i64>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let deal = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if deal >= args.playouts {
                            return mine;
                        }
                        mine.push((deal, playout(&args, deal)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a play-out thread"))
            .collect()
    });
    results.sort_by_key(|(deal, _)| *deal);
    println!(
        "player {} to move; {} play-outs of each move by the {:?} level in every seat, \
         the same deals for every move (seed {})",
        args.position.to_move() + 1,
        args.playouts,
        args.level,
        args.seed
    );
    let width = args
        .moves
        .iter()
        .map(|(text, _)| text.len())
        .max()
        .unwrap_or(4);
    let column = |index: usize| -> Vec<f64> {
        results
            .iter()
            .map(|(_, margins)| margins[index] as f64)
            .collect()
    };
    for (index, (text, _)) in args.moves.iter().enumerate() {
        let (mean, interval) = mean_and_interval(&column(index));
        println!("{text:width$}  final margin {mean:+.1} ± {interval:.1}");
    }
    let first = column(0);
    for (index, (text, _)) in args.moves.iter().enumerate().skip(1) {
        let differences: Vec<f64> = column(index)
            .iter()
            .zip(&first)
            .map(|(this, first)| this - first)
            .collect();
        let (mean, interval) = mean_and_interval(&differences);
        println!(
            "{text:width$}  against {}: {mean:+.1} ± {interval:.1}",
            args.moves[0].0
        );
    }
    ExitCode::SUCCESS
}
