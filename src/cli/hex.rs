//! Abakus subcommands: `moves`, `perft` and self-play.

use std::io::Write;

use clap::Args;

use super::{CliError, SelfplayArgs};

#[derive(Debug, Args)]
pub struct MovesArgs {
    #[arg(long, default_value_t = 5)]
    pub size: u8,
    #[arg(long, default_value = "")]
    pub moves: String,
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    #[arg(long, default_value_t = 5)]
    pub size: u8,
    #[arg(long, default_value = "")]
    pub moves: String,
    #[arg(long)]
    pub depth: u32,
}

pub fn moves(_args: &MovesArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(CliError("not built yet".into()))
}

pub fn perft(_args: &PerftArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(CliError("not built yet".into()))
}

pub fn selfplay(_args: &SelfplayArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(CliError("not built yet".into()))
}
