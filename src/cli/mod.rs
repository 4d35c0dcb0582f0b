//! The command line: rules queries, perft, self-play and the flags that start the window.

pub mod abaku;
pub mod hex;

use std::fmt;
use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// `abakus` with no subcommand opens the game window; every subcommand works without one.
#[derive(Debug, Parser)]
#[command(
    name = "abakus",
    version = env!("ABAKUS_BUILD"),
    about = "Two board games on one table: Abakus and Abaku"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Start in borderless fullscreen.
    #[arg(long)]
    pub fullscreen: bool,
    /// Run a script of moves, clicks and screenshots in the window, then exit.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Where a script's screenshots and frame-time figures go.
    #[arg(long, value_name = "DIR", default_value = "screenshots")]
    pub screenshots: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Abakus: list the legal moves of the position a record reaches.
    Moves(hex::MovesArgs),
    /// Abakus: count the move sequences of a given length.
    Perft(hex::PerftArgs),
    /// Play games between computer players and report the speed.
    Selfplay(SelfplayArgs),
    /// Abakus: a match between two computer players, colours alternating, with the score.
    Tournament(hex::TournamentArgs),
    /// Abaku: list every example (true sum) in a digit run, as JSON.
    Examples(abaku::ExamplesArgs),
    /// Abaku: check and score one move on a saved position, as JSON.
    Score(abaku::ScoreArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    /// The hex stone game.
    Abakus,
    /// The arithmetic tile game.
    Abaku,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AiKind {
    /// Uniformly random legal moves.
    Random,
}

#[derive(Debug, Args)]
pub struct SelfplayArgs {
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// Board side for Abakus (3 to 8).
    #[arg(long, default_value_t = 5)]
    pub size: u8,
    /// Number of players for Abaku (1 to 4).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[arg(long, value_enum, default_value_t = AiKind::Random)]
    pub ai: AiKind,
}

/// A user-facing failure: printed as one line on stderr, exit code 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl From<std::io::Error> for CliError {
    fn from(error: std::io::Error) -> Self {
        CliError(format!("cannot write output: {error}"))
    }
}

/// Runs one subcommand, writing its answer to `out`.
pub fn run(command: &Command, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Moves(args) => hex::moves(args, out),
        Command::Perft(args) => hex::perft(args, out),
        Command::Selfplay(args) => match args.game {
            GameKind::Abakus => hex::selfplay(args, out),
            GameKind::Abaku => abaku::selfplay(args, out),
        },
        Command::Tournament(args) => hex::tournament(args, out),
        Command::Examples(args) => abaku::examples(args, out),
        Command::Score(args) => abaku::score(args, out),
    }
}
