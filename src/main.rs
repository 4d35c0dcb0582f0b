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
        let tile_seats = match tile_seats(&cli) {
            Ok(seats) => seats,
            Err(error) => {
                eprintln!("abakus: {error}");
                return ExitCode::from(2);
            }
        };
        return app::window::run(app::window::Options {
            fullscreen: cli.fullscreen,
            demo_after: cli.demo,
            kiosk: cli.kiosk,
            show_frame_time: cli.fps,
            script: cli.script,
            screenshots: cli.screenshots,
            phone_address: cli.phone_address,
            phone_port: cli.phone_port,
            phone_visitors: cli.phone_visitors,
            tile_seats,
            join: cli.join,
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

/// The seats of `--play abaku --seats ...`, each checked.
fn tile_seats(cli: &Cli) -> Result<Option<Vec<app::tiles::SeatKind>>, String> {
    let Some(cli::PlayGame::Abaku) = cli.play else {
        return Ok(None);
    };
    if !(1..=4).contains(&cli.seats.len()) {
        return Err(format!(
            "a tile game has 1 to 4 seats, not {}",
            cli.seats.len()
        ));
    }
    let seats = cli
        .seats
        .iter()
        .map(|word| app::tiles::SeatKind::from_word(word.trim()))
        .collect::<Result<_, _>>()?;
    Ok(Some(seats))
}
