//! Abaku subcommands: `examples`, `score` and self-play.

use std::io::Write;

use clap::Args;

use super::{CliError, SelfplayArgs};

#[derive(Debug, Args)]
pub struct ExamplesArgs {
    pub digits: String,
}

#[derive(Debug, Args)]
pub struct ScoreArgs {
    #[arg(long)]
    pub position: std::path::PathBuf,
    #[arg(long = "move")]
    pub mv: String,
}

pub fn examples(_args: &ExamplesArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(CliError("the tile game's rules are not built yet".into()))
}

pub fn score(_args: &ScoreArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(CliError("the tile game's rules are not built yet".into()))
}

pub fn selfplay(_args: &SelfplayArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(CliError("the tile game's rules are not built yet".into()))
}
