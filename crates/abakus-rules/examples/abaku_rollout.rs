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

use abakus_rules::abaku::ai::Level;
use abakus_rules::abaku::ai::playout::{Reach, mean_and_interval, play_on_many};
use abakus_rules::abaku::{Move, Position};

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

fn main() -> ExitCode {
    let args = match read_args() {
        Ok(args) => args,
        Err(error) => {
            eprintln!("abaku_rollout: {error}");
            return ExitCode::from(2);
        }
    };
    let moves: Vec<Move> = args.moves.iter().map(|(_, mv)| mv.clone()).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let how = (args.level, Reach::End);
    let results = play_on_many(
        &args.position,
        &moves,
        how,
        args.seed,
        0..args.playouts,
        threads,
    );
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
            .map(|standings| standings[index].tenths as f64 / 10.0)
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
