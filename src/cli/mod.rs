//! The command line: rules queries, perft, self-play, best moves and the flags that start the window.

pub mod abaku;
pub mod hex;
pub mod review;
pub mod tally;

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
    /// Attract mode: after this many seconds without input (60 when no number is given),
    /// computer games play on the screen until someone touches it.
    #[arg(long, value_name = "SECONDS", num_args = 0..=1, default_missing_value = "60")]
    pub demo: Option<u32>,
    /// Kiosk mode for a booth: fullscreen, no way out for visitors, settings behind
    /// Ctrl+Alt+S, and a game left alone for five minutes goes back to the title.
    #[arg(long)]
    pub kiosk: bool,
    /// Show the time the last frames took, in the window's top corner.
    #[arg(long)]
    pub fps: bool,
    /// Run a script of moves, clicks and screenshots in the window, then exit.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Where a script's screenshots and frame-time figures go.
    #[arg(long, value_name = "DIR", default_value = "screenshots")]
    pub screenshots: PathBuf,
    /// The address the window's server for phones listens on, alone, while a tile game has
    /// seats played on phones (127.0.0.1 for phones on this machine only); the local network's
    /// otherwise.
    #[arg(long, value_name = "ADDR")]
    pub phone_address: Option<std::net::IpAddr>,
    /// The port the window's server for phones listens on (one a venue's firewall lets
    /// through); any free one when not given.
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    pub phone_port: u16,
    /// At a booth (with `--demo`), a code in the demo's corner: a visitor who scans it plays
    /// the tile game against the computer on their phone.
    #[arg(long)]
    pub phone_visitors: bool,
    /// Start straight into a game instead of the title: `abaku`, the tile game, with the
    /// seats of `--seats`.
    #[arg(long, value_name = "GAME", requires = "seats")]
    pub play: Option<PlayGame>,
    /// The seats of the game `--play` starts, 1 to 4 separated by commas, each `human`,
    /// `phone` (its rack on a phone), `easy`, `normal`, `hard` or `expert`
    /// (`--seats phone,phone,hard`).
    #[arg(long, value_name = "SEATS", value_delimiter = ',', requires = "play")]
    pub seats: Vec<String>,
    /// Join the game a room's link leads to, straight past the title
    /// (`--join https://games.example.org/seat/KEY/`); the window comes back to its seat by
    /// the same link after a restart.
    #[arg(long, value_name = "LINK", value_parser = parse_invite, conflicts_with = "play")]
    pub join: Option<abakus_server::remote::Invite>,
}

/// A seat's link, or why the text is not one.
fn parse_invite(text: &str) -> Result<abakus_server::remote::Invite, String> {
    let invite = abakus_server::remote::Invite::parse(text).map_err(|why| why.to_string())?;
    if invite.watching {
        return Err("that link is for watching: open it in a browser".into());
    }
    Ok(invite)
}

/// A game the window can start straight into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayGame {
    /// The arithmetic tile game.
    Abaku,
}

/// A subcommand: the rules' own, which need no window, or the app's.
#[derive(Debug, Subcommand)]
pub enum Command {
    #[command(flatten)]
    Rules(RulesCommand),
    /// Write every synthesised sound as a WAV file, to hear and look at without a sound device.
    Sounds(SoundsArgs),
    /// Write the application icon as PNG files at every size an icon theme uses.
    Icon(IconArgs),
}

/// The subcommands answered by the rules alone.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Abakus: list the legal moves of the position a record reaches.
    Moves(hex::MovesArgs),
    /// Abakus: count the move sequences of a given length.
    Perft(hex::PerftArgs),
    /// Play games between computer players: one `random` alone reports the speed, other
    /// levels play a tournament with a summary per level.
    Selfplay(SelfplayArgs),
    /// Abakus: a match between two computer players, colours alternating, with the score.
    Tournament(hex::TournamentArgs),
    /// Abaku: list every example (true sum) in a digit run, as JSON.
    Examples(abaku::ExamplesArgs),
    /// Abaku: check and score one move on a saved position, as JSON.
    Score(abaku::ScoreArgs),
    /// The move a computer level would play in a position, in the game's notation.
    Bestmove(BestmoveArgs),
    /// Every move of a saved game judged by the hard level: the best move, what the move
    /// played lost and its label, then each player's summary.
    Review(review::ReviewArgs),
}

#[derive(Debug, Args)]
pub struct SoundsArgs {
    /// The folder to write into (made if missing); each sound is NAME.wav.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
pub struct IconArgs {
    /// The folder to write into, laid out as an icon theme: NxN/apps/abakus.png.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    /// The hex stone game.
    Abakus,
    /// The arithmetic tile game.
    Abaku,
}

#[derive(Debug, Args)]
pub struct SelfplayArgs {
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// Board side for Abakus (3 to 8).
    #[arg(long, default_value_t = 5)]
    pub size: u8,
    /// Number of players for Abaku (1 to 4); the seats rotate through the levels.
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The computer levels, comma separated: random, easy, normal, hard, expert, and the
    /// yardsticks of docs/computer-players.md, baseline (both games) and baseline-normal
    /// (Abaku). `random` alone is the speed benchmark.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "random",
        value_name = "LEVEL[,LEVEL...]"
    )]
    pub ai: Vec<String>,
    #[command(flatten)]
    pub thinking: hex::ThinkingArgs,
    /// End with the summary as one JSON object on the last line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct BestmoveArgs {
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// Abakus: board side, 3 to 8.
    #[arg(long, default_value_t = 5)]
    pub size: u32,
    /// Abakus: the game so far, moves separated by spaces (e.g. "E5 D4 C4-A2").
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Abaku: a saved position file, as `score` reads it.
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
    /// The computer level: random, easy, normal, hard, expert, or a yardstick of
    /// docs/computer-players.md, baseline (both games) and baseline-normal (Abaku). Default:
    /// the level of the game window's Hint (hard).
    #[arg(long)]
    pub level: Option<String>,
    /// Seeds the level's random choices: the same seed gives the same move under a playout budget.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub thinking: hex::ThinkingArgs,
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

/// Runs one of the rules' subcommands, writing its answer to `out`.
pub fn run(command: &RulesCommand, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        RulesCommand::Moves(args) => hex::moves(args, out),
        RulesCommand::Perft(args) => hex::perft(args, out),
        RulesCommand::Selfplay(args) => match args.game {
            GameKind::Abakus => hex::selfplay(args, out),
            GameKind::Abaku => abaku::selfplay(args, out),
        },
        RulesCommand::Tournament(args) => hex::tournament(args, out),
        RulesCommand::Examples(args) => abaku::examples(args, out),
        RulesCommand::Score(args) => abaku::score(args, out),
        RulesCommand::Bestmove(args) => match args.game {
            GameKind::Abakus => hex::bestmove(args, out),
            GameKind::Abaku => abaku::bestmove(args, out),
        },
        RulesCommand::Review(args) => review::review(args, out),
    }
}
