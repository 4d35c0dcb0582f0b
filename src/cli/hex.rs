//! Abakus subcommands: `moves`, `perft`, self-play and tournaments between computer players.

use std::io::Write;
use std::time::{Duration, Instant};

use clap::Args;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{AiKind, CliError, SelfplayArgs};
use crate::rules::hex::ai::{self, Budget, Level};
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

/// A computer player for a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Player {
    /// Uniformly random legal moves.
    Random,
    Easy,
    Normal,
    Hard,
}

impl Player {
    fn level(self) -> Option<Level> {
        match self {
            Player::Random => None,
            Player::Easy => Some(Level::Easy),
            Player::Normal => Some(Level::Normal),
            Player::Hard => Some(Level::Hard),
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    /// The first player (Black in odd games, White in even ones).
    #[arg(long, value_enum)]
    pub first: Player,
    /// The second player.
    #[arg(long, value_enum)]
    pub second: Player,
    /// Board side (3 to 8).
    #[arg(long, default_value_t = 5)]
    pub size: u8,
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The hard level's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub think_ms: u64,
    /// Give the hard level this many playouts a move instead of a time: repeatable results.
    #[arg(long)]
    pub hard_playouts: Option<u32>,
    /// Threads each search runs on (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Plays a match between two computer players, alternating colours: one line per game, then
/// the score and the longest time a move took.
pub fn tournament(args: &TournamentArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start = Position::new(u32::from(args.size)).map_err(|e| CliError(e.to_string()))?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let think = Duration::from_millis(args.think_ms);
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut first_wins = 0u32;
    let mut slowest = Duration::ZERO;
    for game in 1..=args.games {
        // The first player takes Black in odd games.
        let first_is_black = game % 2 == 1;
        let mut position = start.clone();
        while !position.is_full() {
            let black_to_move = position.turn() == Color::Black;
            let player = if black_to_move == first_is_black {
                args.first
            } else {
                args.second
            };
            let began = Instant::now();
            let mv = match player.level() {
                None => position.random_move(&mut rng),
                Some(level) => {
                    let budget = match (level, args.hard_playouts) {
                        (Level::Hard, Some(playouts)) => Budget::Playouts(playouts),
                        _ => level.budget(think),
                    };
                    ai::choose_move(&position, level, budget, rng.random(), threads)
                }
            };
            slowest = slowest.max(began.elapsed());
            let Some(mv) = mv else { break };
            position
                .play(mv)
                .map_err(|e| CliError(format!("a computer move was refused: {e}")))?;
        }
        let outcome = position
            .outcome()
            .ok_or_else(|| CliError("a game stopped before the board was full".into()))?;
        let first_won = (outcome.winner == Color::Black) == first_is_black;
        first_wins += u32::from(first_won);
        writeln!(
            out,
            "game {game}: first player as {}, {} wins, black {} white {}",
            if first_is_black { "Black" } else { "White" },
            if first_won { "first" } else { "second" },
            outcome.black,
            outcome.white
        )?;
    }
    writeln!(
        out,
        "{:?} against {:?} on side {}: {first_wins} of {} games won by the first ({:.1}%), slowest move {} ms",
        args.first,
        args.second,
        args.size,
        args.games,
        100.0 * f64::from(first_wins) / f64::from(args.games.max(1)),
        slowest.as_millis()
    )?;
    Ok(())
}
