//! Entry point: a subcommand runs the command line, no subcommand opens the game window.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use abakus::cli::{self, Cli};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { 2 } else { 0 };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    match &cli.command {
        Some(command) => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let result = cli::run(command, &mut out).and_then(|()| Ok(out.flush()?));
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("abakus: {error}");
                    ExitCode::from(2)
                }
            }
        }
        None => open_window(&cli),
    }
}

#[cfg(feature = "app")]
fn open_window(cli: &Cli) -> ExitCode {
    abakus::app::run(cli)
}

#[cfg(not(feature = "app"))]
fn open_window(_cli: &Cli) -> ExitCode {
    eprintln!(
        "abakus: this build has no window; rebuild with the `app` feature or use a subcommand"
    );
    ExitCode::from(2)
}
