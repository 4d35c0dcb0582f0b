//! Abaku subcommands: `examples`, `score`, self-play and best moves.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use clap::Args;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::tally::{self, Tally};
use super::{BestmoveArgs, CliError, SelfplayArgs};
use abakus_rules::abaku::ai::{self, Level};
use abakus_rules::abaku::examples::{self, OpSet, ReadRules};
use abakus_rules::abaku::{Dir, Move, PlayError, Position, Scored, Setup};
use abakus_rules::abaku::{outcome_text, random};

#[derive(Debug, Args)]
pub struct ExamplesArgs {
    /// Which operations count.
    #[arg(long, default_value = "all", value_parser = ["all", "addsub", "muldiv", "basic"])]
    pub ops: String,
    /// Let results stand first as well (`r|a|b` and `r|a`).
    #[arg(long)]
    pub result_first: bool,
    pub digits: String,
}

#[derive(Debug, Args)]
pub struct ScoreArgs {
    #[arg(long)]
    pub position: std::path::PathBuf,
    #[arg(long = "move")]
    pub mv: String,
}

fn write_json(out: &mut dyn Write, value: &serde_json::Value) -> Result<(), CliError> {
    writeln!(out, "{value}")?;
    Ok(())
}

pub fn examples(args: &ExamplesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let digits = examples::parse_digits(&args.digits).map_err(|c| {
        CliError(format!(
            "`{}` is not a digit; give only the digits 0-9",
            c.escape_default()
        ))
    })?;
    if digits.is_empty() {
        return Err(CliError("give at least one digit".into()));
    }
    let ops = OpSet::from_name(&args.ops).unwrap_or_default();
    let pieces = examples::pieces(
        &digits,
        ReadRules {
            ops,
            result_first: args.result_first,
        },
    );
    let value = serde_json::to_value(&pieces).map_err(|e| CliError(e.to_string()))?;
    write_json(out, &value)
}

fn dir_name(dir: Dir) -> &'static str {
    match dir {
        Dir::Row => "row",
        Dir::Col => "column",
        Dir::Diag => "diagonal",
        Dir::Anti => "anti-diagonal",
    }
}

fn scored_json(position: &Position, scored: &Scored) -> serde_json::Value {
    let rules = position.variants().read_rules();
    let layout = position.layout();
    let examples: Vec<_> = scored
        .examples
        .iter()
        .map(|f| {
            json!({
                "start": f.start.to_string(),
                "dir": dir_name(f.dir),
                "cells": f.cells.iter().map(|&i| layout.cell(i).to_string()).collect::<Vec<_>>(),
                "digits": f.digits,
                "readings": f.readings(rules),
                "points": f.points,
            })
        })
        .collect();
    json!({ "legal": true, "error": "", "points": scored.points, "examples": examples })
}

/// Reads a saved position file; the error names the file and what is wrong with it.
fn load_position(path: &Path) -> Result<Position, CliError> {
    let name = path.display();
    let text =
        std::fs::read_to_string(path).map_err(|e| CliError(format!("cannot read {name}: {e}")))?;
    Position::from_text(&text).map_err(|e| CliError(format!("{name}: {e}")))
}

pub fn score(args: &ScoreArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let position = load_position(&args.position)?;
    let mv = position
        .parse_move(&args.mv)
        .map_err(|e| CliError(format!("bad move: {e}")))?;
    let result = match &mv {
        Move::Place(p) => position.evaluate(p),
        other => position.clone().play(other),
    };
    match result {
        Ok(scored) => write_json(out, &scored_json(&position, &scored)),
        Err(e @ (PlayError::NotOnRack(_) | PlayError::OffBoard(_))) => {
            Err(CliError(format!("bad move: {e}")))
        }
        Err(e) => write_json(
            out,
            &json!({ "legal": false, "error": e.to_string(), "points": 0, "examples": [] }),
        ),
    }
}

/// A computer player of the tile game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TilePlayer {
    /// Any legal move, uniformly: the speed benchmark's player.
    Random,
    Ai(Level),
    /// The hard level as it was before the leave table, its look-ahead that stops when the
    /// best is clear and its endgame search: the yardstick of tournaments and benchmarks,
    /// which the window never offers.
    Baseline,
    /// The normal level as it was before the leave table, likewise.
    BaselineNormal,
}

/// The tile game's computer players by the names `--ai` and `--level` take; a new level in
/// `ai::Level` is one more line here.
const LEVELS: &[(&str, TilePlayer)] = &[
    ("random", TilePlayer::Random),
    ("easy", TilePlayer::Ai(Level::Easy)),
    ("normal", TilePlayer::Ai(Level::Normal)),
    ("hard", TilePlayer::Ai(Level::Hard)),
    ("expert", TilePlayer::Ai(Level::Expert)),
    ("baseline", TilePlayer::Baseline),
    ("baseline-normal", TilePlayer::BaselineNormal),
];

impl TilePlayer {
    /// The move this player makes; a random player draws from `rng` itself, a level takes its
    /// seed from it.
    fn choose(self, position: &Position, rng: &mut ChaCha8Rng, budget: ai::Budget) -> Move {
        match self {
            TilePlayer::Random => random::random_move(position, rng),
            TilePlayer::Ai(level) => ai::choose_move_within(position, level, rng.random(), budget),
            TilePlayer::Baseline => {
                // As the window played it: at most 16 guesses, within the same time.
                let budget = ai::Budget {
                    samples: budget.samples.min(ai::Budget::BASELINE_WINDOW.samples),
                    ..budget
                };
                ai::baseline::choose_move_within(position, rng.random(), budget)
            }
            TilePlayer::BaselineNormal => ai::baseline::choose_normal(position, rng.random()),
        }
    }
}

/// The hard level's look-ahead budget from the command line's thinking flags.
fn budget(thinking: &super::hex::ThinkingArgs) -> ai::Budget {
    ai::Budget {
        think: Duration::from_millis(thinking.think_ms),
        samples: thinking
            .hard_samples
            .unwrap_or(ai::Budget::default().samples),
    }
}

/// Self-play: one `random` level alone (without `--json`) is the speed benchmark, with a JSON
/// line per game; any other choice of levels plays a tournament with a summary per level.
pub fn selfplay(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let players = tally::levels_by_name(LEVELS, "abaku", &args.ai)?;
    if let [(_, TilePlayer::Random)] = players[..]
        && !args.json
    {
        return benchmark(args, out);
    }
    selfplay_tournament(args, &players, out)
}

/// Game `index` (from 0) of a self-play run: its setup seed and the seed of its players' choices.
fn game_seeds(first_seed: u64, index: u32) -> (u64, u64) {
    let seed = first_seed.wrapping_add(u64::from(index));
    (seed, seed ^ 0x5eed)
}

fn benchmark(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let started = Instant::now();
    for g in 0..args.games {
        let (seed, ai_seed) = game_seeds(args.seed, g);
        let setup = Setup::new(usize::from(args.players), seed);
        let position = random::random_game(setup, ai_seed).map_err(|e| CliError(e.to_string()))?;
        write_json(
            out,
            &json!({
                "game": g + 1,
                "seed": seed,
                "scores": position.players().iter().map(|p| p.score).collect::<Vec<_>>(),
                "turns": position.turns(),
                "end": end_text(&position),
                "winners": position.winners().iter().map(|w| w + 1).collect::<Vec<_>>(),
            }),
        )?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        f64::from(args.games) / seconds
    } else {
        0.0
    };
    write_json(
        out,
        &json!({ "games": args.games, "seconds": seconds, "games_per_second": rate }),
    )
}

/// How a game ended, or `turn-limit` for one cut off by the self-play turn limit.
fn end_text(position: &Position) -> String {
    match position.outcome() {
        None => "turn-limit".to_string(),
        outcome => outcome_text(outcome),
    }
}

/// Plays one game from `setup` with a player per seat until it ends or reaches the turn limit,
/// telling `timed` which seat moved and how long it thought. All-random seats play exactly
/// the benchmark's game for the same seeds.
fn play_game(
    setup: Setup,
    players: &[TilePlayer],
    ai_seed: u64,
    budget: ai::Budget,
    mut timed: impl FnMut(usize, Duration),
) -> Result<Position, CliError> {
    let mut position = Position::new(setup).map_err(|e| CliError(e.to_string()))?;
    let mut rng = ChaCha8Rng::seed_from_u64(ai_seed);
    while !position.is_over() && position.turns() < random::MAX_TURNS {
        let seat = position.to_move();
        let began = Instant::now();
        let mv = players[seat].choose(&position, &mut rng, budget);
        timed(seat, began.elapsed());
        position
            .play(&mv)
            .map_err(|e| CliError(format!("a computer move ({mv}) was refused: {e}")))?;
    }
    Ok(position)
}

/// A tournament between the listed levels, the seats rotating through them: one line per game,
/// then each level's wins, average final score and think times (and with `--json` the same as
/// JSON). Solo (`--players 1`) gives each level's average final score.
fn selfplay_tournament(
    args: &SelfplayArgs,
    players: &[(&'static str, TilePlayer)],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let seats = usize::from(args.players);
    let names: Vec<&'static str> = players.iter().map(|&(name, _)| name).collect();
    let mut tally = Tally::new(&names);
    for g in 0..args.games {
        let (seed, ai_seed) = game_seeds(args.seed, g);
        let seated: Vec<(&'static str, TilePlayer)> = tally::lineup(g, seats, players.len())
            .into_iter()
            .map(|level| players[level])
            .collect();
        let kinds: Vec<TilePlayer> = seated.iter().map(|&(_, player)| player).collect();
        let position = play_game(
            Setup::new(seats, seed),
            &kinds,
            ai_seed,
            budget(&args.thinking),
            |seat, took| {
                tally.count_move(seated[seat].0, took);
            },
        )?;
        let scores: Vec<String> = position
            .players()
            .iter()
            .zip(&seated)
            .map(|(player, (name, _))| {
                tally.count_seat(name, player.score);
                format!("{name} {}", player.score)
            })
            .collect();
        // A game is a level's win when every winning seat is that level; a tie between
        // levels, or no winner at all, is a draw.
        let winners = position.winners();
        let winner = match winners.split_first() {
            Some((&first, rest)) if rest.iter().all(|&w| seated[w].0 == seated[first].0) => {
                Some(seated[first].0)
            }
            _ => None,
        };
        tally.count_game(winner);
        let verdict = match (seats, winner) {
            (1, _) => String::new(),
            (_, Some(name)) => format!("; {name} wins"),
            (_, None) => "; drawn".to_string(),
        };
        writeln!(
            out,
            "game {} (seed {seed}): {} after {} turns, {}{verdict}",
            g + 1,
            scores.join(", "),
            position.turns(),
            end_text(&position),
        )?;
        // A line per game as it ends: long matches show their progress.
        out.flush()?;
    }
    tally.write_summary(out, "average score", false)?;
    if args.json {
        writeln!(out, "{}", tally.to_json("abaku"))?;
    }
    Ok(())
}

/// Prints the move the chosen level (by default the Hint's hard level) would make for the
/// player to move in a saved position, in the notation `score --move` reads.
pub fn bestmove(args: &BestmoveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let path = args.position.as_deref().ok_or_else(|| {
        CliError("give the tile game's position file with --position FILE".into())
    })?;
    let (_, player) =
        tally::level_by_name(LEVELS, "abaku", args.level.as_deref().unwrap_or("hard"))?;
    let position = load_position(path)?;
    if position.is_over() {
        return Err(CliError(format!(
            "{}: the game is over ({})",
            path.display(),
            end_text(&position)
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    writeln!(
        out,
        "{}",
        player.choose(&position, &mut rng, budget(&args.thinking))
    )?;
    Ok(())
}
