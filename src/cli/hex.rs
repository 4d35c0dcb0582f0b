//! Abakus subcommands: `moves`, `perft` and self-play.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{AiKind, CliError, SelfplayArgs};
use crate::rules::hex::{Color, Position, format_record};

#[derive(Debug, Args)]
pub struct MovesArgs {
    /// Board side, 3 to 8.
    #[arg(long, default_value_t = 5)]
    pub size: u32,
    /// The game so far, moves separated by spaces (e.g. "E5 D4 C4-A2").
    #[arg(long, default_value = "")]
    pub moves: String,
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Board side, 3 to 8.
    #[arg(long, default_value_t = 5)]
    pub size: u32,
    /// The game so far, moves separated by spaces.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Length of the move sequences to count.
    #[arg(long)]
    pub depth: u32,
}

fn replay(size: u32, record: &str) -> Result<Position, CliError> {
    Position::from_record(size, record).map_err(|error| CliError(error.to_string()))
}

/// Prints the legal moves of the position the record reaches, on one line.
pub fn moves(args: &MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let position = replay(args.size, &args.moves)?;
    writeln!(out, "{}", format_record(&position.legal_moves()))?;
    Ok(())
}

/// Prints the perft count as the last line.
pub fn perft(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut position = replay(args.size, &args.moves)?;
    let started = Instant::now();
    let nodes = position.perft(args.depth);
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "# depth {} in {seconds:.3} s ({:.0} leaves/s)",
        args.depth,
        nodes as f64 / seconds.max(1e-9)
    )?;
    writeln!(out, "{nodes}")?;
    Ok(())
}

/// Plays games of uniformly random legal moves: one line per game, then the speed.
pub fn selfplay(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let AiKind::Random = args.ai;
    let start = Position::new(u32::from(args.size)).map_err(|e| CliError(e.to_string()))?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let started = Instant::now();
    let mut wins = [0u32; 2];
    for game in 1..=args.games {
        let (outcome, plies) = start.random_playout(&mut rng);
        wins[outcome.winner.index()] += 1;
        writeln!(
            out,
            "game {game}: {} wins, black {} white {}, {plies} plies",
            outcome.winner, outcome.black, outcome.white,
        )?;
    }
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "{} games, Black won {}, White won {}, {:.0} playouts/s",
        args.games,
        wins[Color::Black.index()],
        wins[Color::White.index()],
        f64::from(args.games) / seconds.max(1e-9)
    )?;
    Ok(())
}
