//! Abaku subcommands: `examples`, `score` and self-play.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use serde_json::json;

use super::{AiKind, CliError, SelfplayArgs};
use crate::rules::abaku::examples::{self, OpSet, ReadRules};
use crate::rules::abaku::{Dir, Move, PlayError, Position, Scored, Setup};
use crate::rules::abaku::{notation, random};

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

pub fn score(args: &ScoreArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let name = args.position.display();
    let text = std::fs::read_to_string(&args.position)
        .map_err(|e| CliError(format!("cannot read {name}: {e}")))?;
    let position = Position::from_text(&text).map_err(|e| CliError(format!("{name}: {e}")))?;
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

pub fn selfplay(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.ai {
        AiKind::Random => {}
    }
    let started = Instant::now();
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(u64::from(g));
        let setup = Setup::new(usize::from(args.players), seed);
        let position =
            random::random_game(setup, seed ^ 0x5eed).map_err(|e| CliError(e.to_string()))?;
        let scores: Vec<i64> = position.players().iter().map(|p| p.score).collect();
        let end = match position.outcome() {
            None => "turn-limit".to_string(),
            outcome => notation::outcome_text(outcome),
        };
        write_json(
            out,
            &json!({
                "game": g + 1,
                "seed": seed,
                "scores": scores,
                "turns": position.turns(),
                "end": end,
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
