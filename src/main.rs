//! Entry point: a subcommand runs the command line, no subcommand opens the game window.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use abakus::app;
use abakus::cli::{self, Cli, CliError, Command};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { 2 } else { 0 };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    let Some(command) = &cli.command else {
        return app::window::run(app::window::Options {
            fullscreen: cli.fullscreen,
            demo_after: cli.demo,
            kiosk: cli.kiosk,
            show_frame_time: cli.fps,
            script: cli.script,
            screenshots: cli.screenshots,
            phone_address: cli.phone_address,
        });
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = match command {
        Command::Rules(command) => cli::run(command, &mut out),
        Command::Sounds(args) => app::hosted_games::write_sounds(&args.out, &mut out)
            .map_err(|error| CliError(error.to_string())),
        Command::Icon(args) => {
            app::icon::write_icons(&args.out, &mut out).map_err(|error| CliError(error.to_string()))
        }
    };
    match result.and_then(|()| Ok(out.flush()?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("abakus: {error}");
            ExitCode::from(2)
        }
    }
}
