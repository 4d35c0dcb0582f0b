//! `abakus review`: every move of a saved game (or a hex record) judged by the hard level, as
//! text or as one JSON object a move.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{CliError, GameKind};
use abakus_rules::abaku::{self, Layout, Variants};
use abakus_rules::hex;
use abakus_rules::review::{Label, Summary, summarise};

#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// A game saved from the window (`NAME.abakus.json` or `NAME.abaku.json` in the data
    /// folder's `games/`).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Review a hex record instead of a file: `--game abakus --size N --moves RECORD`.
    #[arg(long, value_enum)]
    pub game: Option<GameKind>,
    /// Abakus: board side, 3 to 8, with `--moves`.
    #[arg(long, default_value_t = 5)]
    pub size: u32,
    /// Abakus: the game's moves, separated by spaces, with `--game abakus`.
    #[arg(long)]
    pub moves: Option<String>,
    /// Thinking time for each position (Abakus) or turn (Abaku), in milliseconds (default:
    /// 300 for Abakus, 900 for Abaku).
    #[arg(long)]
    pub think_ms: Option<u64>,
    /// Abakus: this many playouts a position instead of a time: the same verdicts every run.
    #[arg(long)]
    pub playouts: Option<u32>,
    /// Abaku: guessed deals a turn (default 64): with time enough for them all, the same
    /// verdicts every run.
    #[arg(long)]
    pub samples: Option<u32>,
    /// Abaku: deals the move played and the best are played on, to count the points lost;
    /// up to four times as many where those cannot tell the two moves apart (default 64).
    #[arg(long)]
    pub games: Option<u32>,
    /// Threads each search (Abakus) or the games played on (Abaku) run on (default: every
    /// core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seeds the searches.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// One JSON object a move, in the order played, then one with each player's summary.
    #[arg(long)]
    pub json: bool,
}

/// The parts of a saved hex game the review reads (the window's file holds more).
#[derive(Deserialize)]
struct HexFile {
    position: hex::Position,
}

/// The parts of a saved tile game the review reads.
#[derive(Deserialize)]
struct TilesFile {
    setup: TableFile,
    moves: Vec<String>,
}

#[derive(Deserialize)]
struct TableFile {
    seats: Vec<SeatFile>,
    variants: Variants,
    board_b: bool,
    seed: u64,
}

#[derive(Deserialize)]
struct SeatFile {
    name: String,
}

/// A game to review, read from a file or a record.
enum Reviewed {
    Hex(hex::Position),
    Tiles {
        game: abaku::Position,
        names: Vec<String>,
    },
}

pub fn review(args: &ReviewArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match read(args)? {
        Reviewed::Hex(game) => review_hex(args, &game, out),
        Reviewed::Tiles { game, names } => review_tiles(args, &game, &names, out),
    }
}

fn read(args: &ReviewArgs) -> Result<Reviewed, CliError> {
    match (&args.file, args.game, &args.moves) {
        (Some(path), None, None) => read_file(path),
        (None, Some(GameKind::Abakus), Some(record)) => {
            hex::Position::from_record(args.size, record)
                .map(Reviewed::Hex)
                .map_err(|why| CliError(format!("--moves: {why}")))
        }
        (None, Some(GameKind::Abaku), _) => Err(CliError(
            "a tile game is reviewed from its saved file: abakus review FILE".into(),
        )),
        _ => Err(CliError(
            "give a saved game's file, or --game abakus --size N --moves RECORD".into(),
        )),
    }
}

fn read_file(path: &Path) -> Result<Reviewed, CliError> {
    let fail = |why: String| CliError(format!("{}: {why}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|why| fail(why.to_string()))?;
    let value: Value =
        serde_json::from_str(&text).map_err(|why| fail(format!("not a saved game: {why}")))?;
    if value.get("position").is_some() {
        let file: HexFile = serde_json::from_value(value).map_err(|why| fail(why.to_string()))?;
        return Ok(Reviewed::Hex(file.position));
    }
    if value.get("setup").is_some() {
        let file: TilesFile = serde_json::from_value(value).map_err(|why| fail(why.to_string()))?;
        return tiles_game(file).map_err(fail);
    }
    Err(fail("not a saved game of either kind".into()))
}

/// The saved tile game dealt again from its setup and its moves replayed.
fn tiles_game(file: TilesFile) -> Result<Reviewed, String> {
    let table = file.setup;
    let setup = abaku::Setup {
        players: table.seats.len(),
        variants: table.variants,
        seed: table.seed,
        layout: Some(if table.board_b {
            Layout::board_b()
        } else {
            Layout::board_a()
        }),
    };
    let mut game = abaku::Position::new(setup).map_err(|why| why.to_string())?;
    for (turn, text) in file.moves.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .map_err(|why| format!("turn {}: {text}: {why}", turn + 1))?;
        game.play(&mv)
            .map_err(|why| format!("turn {}: {text}: {why}", turn + 1))?;
    }
    let names = table.seats.into_iter().map(|seat| seat.name).collect();
    Ok(Reviewed::Tiles { game, names })
}

/// How far the review has got, on stderr: the review of a long game takes a while.
fn progress_on_stderr(progress: abakus_rules::review::Progress) -> bool {
    eprint!("\rreviewing: {} of {}", progress.done, progress.total);
    if progress.done == progress.total {
        eprintln!();
    }
    true
}

fn review_hex(
    args: &ReviewArgs,
    game: &hex::Position,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let defaults = hex::review::ReviewSettings::default();
    let settings = hex::review::ReviewSettings {
        budget: match (args.playouts, args.think_ms) {
            (Some(playouts), _) => hex::ai::Budget::Playouts(playouts),
            (None, Some(ms)) => hex::ai::Budget::Time(Duration::from_millis(ms)),
            (None, None) => defaults.budget,
        },
        threads: args.threads.unwrap_or(defaults.threads),
        seed: args.seed,
    };
    let reviews = hex::review::review_game(game, settings, &mut progress_on_stderr)
        .map_err(|why| CliError(why.to_string()))?;
    let summaries = summarise(&reviews, 2);
    let name = |seat: usize| hex::Color::BOTH[seat].to_string();
    if args.json {
        for (k, review) in reviews.iter().enumerate() {
            let line = json!({
                "move": k + 1,
                "player": review.mover.to_string(),
                "played": review.played.to_string(),
                "label": hex_label(review),
                "best": review.best.to_string(),
                "before": review.chance_before,
                "after": review.chance_after,
                "loss": review.loss(),
            });
            writeln!(out, "{line}")?;
        }
        return write_json_summaries(&summaries, &name, out);
    }
    writeln!(out, "Abakus, side {}, {} moves", game.side(), reviews.len())?;
    for (k, review) in reviews.iter().enumerate() {
        writeln!(
            out,
            "{:>3}. {:<5}  {:<8}  {:>3.0}% -> {:>3.0}%  {:<11}  best {}",
            k + 1,
            review.mover.to_string(),
            review.played.to_string(),
            review.chance_before * 100.0,
            review.chance_after * 100.0,
            hex_label(review),
            review.best
        )?;
    }
    write_summaries(
        &summaries,
        &name,
        |label| HEX_WORDS[label.index()],
        |loss| format!("{:.0}% of a win", loss * 100.0),
        out,
    )
}

const HEX_WORDS: [&str; 5] = ["best", "good", "inaccuracy", "mistake", "blunder"];
const TILE_WORDS: [&str; 5] = [
    "best",
    "good",
    "small mistake",
    "medium mistake",
    "large mistake",
];

fn hex_label(review: &hex::review::MoveReview) -> &'static str {
    if review.forced {
        "forced"
    } else {
        HEX_WORDS[review.label.index()]
    }
}

fn review_tiles(
    args: &ReviewArgs,
    game: &abaku::Position,
    names: &[String],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let defaults = abaku::review::ReviewSettings::default();
    let settings = abaku::review::ReviewSettings {
        budget: abaku::ai::Budget {
            think: args
                .think_ms
                .map_or(defaults.budget.think, Duration::from_millis),
            samples: args.samples.unwrap_or(defaults.budget.samples),
        },
        play_on: args.games.map_or(defaults.play_on, |games| {
            abaku::review::PlayOn::starting_with(defaults.play_on.turns, games)
        }),
        threads: args.threads.unwrap_or(defaults.threads).max(1),
        seed: args.seed,
    };
    let reviews = abaku::review::review_game(game, settings, &mut progress_on_stderr)
        .map_err(|why| CliError(why.to_string()))?;
    let summaries = summarise(&reviews, names.len());
    let name = |seat: usize| {
        names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", seat + 1))
    };
    if args.json {
        for (k, review) in reviews.iter().enumerate() {
            let verdict = review.verdict.as_ref();
            let line = json!({
                "move": k + 1,
                "player": name(review.player),
                "played": review.played.to_string(),
                "points": review.points,
                "label": verdict.map(|v| TILE_WORDS[v.label.index()]),
                "best": verdict.map(|v| v.best.to_string()),
                "best_points": verdict.map(|v| v.best_points),
                "before": verdict.map(|v| v.best_value),
                "after": verdict.map(|v| v.played_value),
                "loss": review.loss(),
                "exact": verdict.is_some_and(|v| v.exact),
                "kept": verdict.and_then(|v| v.kept.as_ref()),
                "best_kept": verdict.and_then(|v| v.best_kept.as_ref()),
                "played_on": verdict.and_then(|v| v.played_on),
            });
            writeln!(out, "{line}")?;
        }
        return write_json_summaries(&summaries, &name, out);
    }
    writeln!(
        out,
        "Abaku, {} players, {} turns",
        names.len(),
        reviews.len()
    )?;
    for (k, review) in reviews.iter().enumerate() {
        let judged = review.verdict.as_ref().map_or_else(String::new, |verdict| {
            format!(
                "{:<14}  best {} ({} points), lost {:.1}",
                TILE_WORDS[verdict.label.index()],
                verdict.best,
                verdict.best_points,
                review.loss()
            )
        });
        let line = format!(
            "{:>3}. {:<10}  {:<22} {:>3}  {judged}",
            k + 1,
            name(review.player),
            review.played.to_string(),
            review.points
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    write_summaries(
        &summaries,
        &name,
        |label| TILE_WORDS[label.index()],
        |loss| format!("{loss:.1} points"),
        out,
    )
}

/// Each player's summary as a line of text.
fn write_summaries(
    summaries: &[Summary],
    name: &dyn Fn(usize) -> String,
    word: impl Fn(Label) -> &'static str,
    amount: impl Fn(f64) -> String,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    writeln!(out)?;
    for summary in summaries {
        let counts: Vec<String> = Label::ALL[1..]
            .iter()
            .map(|&label| format!("{} {}", summary.labels[label.index()], word(label)))
            .collect();
        let miss = summary
            .biggest_miss
            .map_or_else(String::new, |at| format!("; biggest miss: move {}", at + 1));
        writeln!(
            out,
            "{}: accuracy {:.0}% ({} of {} best or good), {}; lost {}{miss}",
            name(summary.player),
            summary.accuracy * 100.0,
            summary.labels[Label::Best.index()] + summary.labels[Label::Good.index()],
            summary.judged,
            counts.join(", "),
            amount(summary.lost)
        )?;
    }
    Ok(())
}

/// The summaries as one JSON object on the last line.
fn write_json_summaries(
    summaries: &[Summary],
    name: &dyn Fn(usize) -> String,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let players: Vec<Value> = summaries
        .iter()
        .map(|summary| {
            json!({
                "player": name(summary.player),
                "judged": summary.judged,
                "labels": summary.labels,
                "accuracy": summary.accuracy,
                "lost": summary.lost,
                "best_turn": summary.best_turn.map(|at| at + 1),
                "biggest_miss": summary.biggest_miss.map(|at| at + 1),
            })
        })
        .collect();
    writeln!(out, "{}", json!({ "summary": players }))?;
    Ok(())
}
