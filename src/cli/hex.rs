//! Abakus subcommands: `moves`, `perft`, self-play, tournaments and best moves of the computer players.

use std::io::Write;
use std::time::{Duration, Instant};

use clap::Args;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::tally::{self, Tally};
use super::{BestmoveArgs, CliError, SelfplayArgs};
use abakus_rules::hex::ai::{self, Budget, Level, Memory, Tuning};
use abakus_rules::hex::{Color, Move, Outcome, Position, format_record};

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

/// Self-play: one `random` level alone (without `--json`) is the speed benchmark; any other
/// choice of levels plays a tournament.
pub fn selfplay(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let players = tally::levels_by_name(LEVELS, "abakus", &args.ai)?;
    if let [(_, Player::Random)] = players[..]
        && !args.json
    {
        return benchmark(args, out);
    }
    selfplay_tournament(args, &players, out)
}

/// Plays games of uniformly random legal moves on the fast playout copy: one line per game,
/// then the speed.
fn benchmark(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
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

/// A tournament between the listed levels, colours alternating: one line per game, then the
/// summary per level (and with `--json` the summary as JSON). Random seats draw from the same
/// generator as the benchmark, so `--ai random --json` plays the benchmark's games.
fn selfplay_tournament(
    args: &SelfplayArgs,
    players: &[(&'static str, Player)],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let start = Position::new(u32::from(args.size)).map_err(|e| CliError(e.to_string()))?;
    let thinking = args.thinking.thinking();
    let names: Vec<&'static str> = players.iter().map(|&(name, _)| name).collect();
    let mut tally = Tally::new(&names);
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    for game in 1..=args.games {
        let seats = tally::lineup(game - 1, 2, players.len());
        let seated = [players[seats[0]], players[seats[1]]];
        let (outcome, plies) = play_game(
            &start,
            seated.map(|(_, player)| player),
            &thinking,
            &mut rng,
            |color, took| tally.count_move(seated[color.index()].0, took),
        )?;
        for color in [Color::Black, Color::White] {
            // Fewer stones wins, so a seat's margin is how many more stones its opponent has.
            let margin = i64::from(outcome_count(&outcome, color.opponent()))
                - i64::from(outcome_count(&outcome, color));
            tally.count_seat(seated[color.index()].0, margin);
        }
        let winner = outcome.winner;
        tally.count_game(Some(seated[winner.index()].0));
        writeln!(
            out,
            "game {game}: {winner} ({}) beats {} ({}), black {} white {}, {plies} plies",
            seated[winner.index()].0,
            winner.opponent(),
            seated[winner.opponent().index()].0,
            outcome.black,
            outcome.white,
        )?;
        // A line per game as it ends: long matches show their progress.
        out.flush()?;
    }
    tally.write_summary(out, "average stone margin", true)?;
    if args.json {
        writeln!(out, "{}", tally.to_json("abakus"))?;
    }
    Ok(())
}

fn outcome_count(outcome: &Outcome, color: Color) -> u32 {
    match color {
        Color::Black => outcome.black,
        Color::White => outcome.white,
    }
}

/// A computer player of the hex game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Player {
    /// Uniformly random legal moves.
    Random,
    Easy,
    Normal,
    Hard,
    Expert,
    /// The hard level before the solver and RAVE, with the hard level's budget: a yardstick
    /// for matches, never offered in the window.
    Baseline,
}

/// The hex game's computer players by the names `--ai` and `--level` take.
const LEVELS: &[(&str, Player)] = &[
    ("random", Player::Random),
    ("easy", Player::Easy),
    ("normal", Player::Normal),
    ("hard", Player::Hard),
    ("expert", Player::Expert),
    ("baseline", Player::Baseline),
];

impl Player {
    fn level(self) -> Option<Level> {
        match self {
            Player::Random => None,
            Player::Easy => Some(Level::Easy),
            Player::Normal => Some(Level::Normal),
            Player::Hard | Player::Baseline => Some(Level::Hard),
            Player::Expert => Some(Level::Expert),
        }
    }
}

/// How long the computer players may think, shared by `selfplay`, `tournament` and `bestmove`.
#[derive(Debug, Clone, clap::Args)]
pub struct ThinkingArgs {
    /// Abakus: the hard level's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub think_ms: u64,
    /// Abakus: give the hard level this many playouts a move instead of a time: repeatable
    /// results.
    #[arg(long)]
    pub hard_playouts: Option<u32>,
    /// Abakus: threads each search runs on (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Abaku: the hard level's guessed deals per candidate (default 64), and near the end the
    /// most racks of the next player it lists instead; repeatable results when `--think-ms`
    /// leaves time for them all.
    #[arg(long)]
    pub hard_samples: Option<u32>,
}

/// The budgets and threads the computer players search with.
#[derive(Debug, Clone, Copy)]
struct Thinking {
    think: Duration,
    hard_playouts: Option<u32>,
    threads: usize,
}

impl ThinkingArgs {
    fn thinking(&self) -> Thinking {
        Thinking {
            think: Duration::from_millis(self.think_ms),
            hard_playouts: self.hard_playouts,
            threads: self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
        }
    }
}

impl Thinking {
    /// The move `player` makes, or `None` on a full board. A random player draws from `rng`
    /// itself; a searching level takes its seed from it, and the hard and expert levels search
    /// on from their last move's trees in `memory`.
    fn choose(
        &self,
        position: &Position,
        player: Player,
        rng: &mut ChaCha8Rng,
        memory: &mut Memory,
    ) -> Option<Move> {
        match player.level() {
            None => position.random_move(rng),
            Some(level) => {
                let budget = match (level, self.hard_playouts) {
                    (Level::Hard, Some(playouts)) => Budget::Playouts(playouts),
                    (Level::Expert, Some(playouts)) => Budget::Playouts(playouts.saturating_mul(3)),
                    _ => level.budget(self.think),
                };
                let seed = rng.random();
                if player == Player::Baseline {
                    ai::choose_tuned(position, budget, seed, self.threads, &Tuning::BASELINE)
                } else {
                    ai::choose_move_remembering(position, level, budget, seed, self.threads, memory)
                }
            }
        }
    }
}

/// Plays one game from `start` until the board is full, `players` by colour (Black first),
/// telling `timed` how long each move took; returns the outcome and the number of moves.
fn play_game(
    start: &Position,
    players: [Player; 2],
    thinking: &Thinking,
    rng: &mut ChaCha8Rng,
    mut timed: impl FnMut(Color, Duration),
) -> Result<(Outcome, u32), CliError> {
    let mut position = start.clone();
    let mut plies = 0;
    let mut memories = [Memory::default(), Memory::default()];
    while !position.is_full() {
        let mover = position.turn();
        let began = Instant::now();
        let memory = &mut memories[mover.index()];
        let mv = thinking.choose(&position, players[mover.index()], rng, memory);
        timed(mover, began.elapsed());
        let Some(mv) = mv else { break };
        position
            .play(mv)
            .map_err(|e| CliError(format!("a computer move was refused: {e}")))?;
        plies += 1;
    }
    let outcome = position
        .outcome()
        .ok_or_else(|| CliError("a game stopped before the board was full".into()))?;
    Ok((outcome, plies))
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
    #[command(flatten)]
    pub thinking: ThinkingArgs,
}

/// Plays a match between two computer players, alternating colours: one line per game, then
/// the score and the longest time a move took.
pub fn tournament(args: &TournamentArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start = Position::new(u32::from(args.size)).map_err(|e| CliError(e.to_string()))?;
    let thinking = args.thinking.thinking();
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut first_wins = 0u32;
    let mut slowest = Duration::ZERO;
    for game in 1..=args.games {
        // The first player takes Black in odd games.
        let first_is_black = game % 2 == 1;
        let players = if first_is_black {
            [args.first, args.second]
        } else {
            [args.second, args.first]
        };
        let (outcome, _) = play_game(&start, players, &thinking, &mut rng, |_, took| {
            slowest = slowest.max(took);
        })?;
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
        out.flush()?;
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

/// Prints the move the chosen level (by default the Hint's hard level) would play next after
/// the record, in the notation `moves` uses.
pub fn bestmove(args: &BestmoveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(path) = &args.position {
        return Err(CliError(format!(
            "--position {} is for the tile game: give an Abakus game as --moves \"RECORD\"",
            path.display()
        )));
    }
    let (_, player) =
        tally::level_by_name(LEVELS, "abakus", args.level.as_deref().unwrap_or("hard"))?;
    let position = replay(args.size, &args.moves)?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mv = args
        .thinking
        .thinking()
        .choose(&position, player, &mut rng, &mut Memory::default())
        .ok_or_else(|| {
            CliError(format!(
                "the game is over: the board is full (black {} white {})",
                position.count(Color::Black),
                position.count(Color::White)
            ))
        })?;
    writeln!(out, "{mv}")?;
    Ok(())
}
