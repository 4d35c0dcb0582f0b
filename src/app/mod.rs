//! The game window: screens, boards, input, animation and sound, built on Bevy.

use std::process::ExitCode;

use crate::cli::Cli;

pub fn run(_cli: &Cli) -> ExitCode {
    ExitCode::SUCCESS
}
