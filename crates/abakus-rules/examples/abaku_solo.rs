//! Solo tile games on board B: one computer player alone, on every core, with its average final
//! score.
//!
//! `cargo run -p abakus-rules --release --example abaku_solo -- LEVEL [GAMES] [SEED] [SAMPLES]
//! [THINK_MS]`, the level among `easy`, `normal`, `hard`, `expert`, `baseline-normal` and
//! `baseline` (the normal and hard levels before the leave table), defaults 40 games from seed
//! 1, 64 guesses and 0.9 s a move, as the window plays.

use std::time::{Duration, Instant};

use abakus_rules::abaku::ai::{self, Budget, Level, baseline};
use abakus_rules::abaku::{Move, Position, Setup};

fn choose(level: &str, position: &Position, seed: u64, budget: Budget) -> Move {
    let level = match level {
        "easy" => Level::Easy,
        "normal" => Level::Normal,
        "hard" => Level::Hard,
        "expert" => Level::Expert,
        "baseline-normal" => return baseline::choose_normal(position, seed),
        "baseline" => return baseline::choose_move_within(position, seed, budget),
        other => {
            panic!("no level {other:?}: easy, normal, hard, expert, baseline-normal, baseline")
        }
    };
    ai::choose_move_within(position, level, seed, budget)
}

/// One solo game's final score and its slowest move.
fn play(level: &str, seed: u64, budget: Budget) -> (i64, Duration) {
    let mut position = Position::new(Setup::new(1, seed)).expect("one player set up");
    let mut slowest = Duration::ZERO;
    while !position.is_over() {
        let began = Instant::now();
        let move_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(position.turns());
        let mv = choose(level, &position, move_seed, budget);
        slowest = slowest.max(began.elapsed());
        position.play(&mv).expect("every move is legal");
    }
    (position.players()[0].score, slowest)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = args.first().cloned().unwrap_or_else(|| "hard".into());
    let number = |k: usize, default: u64| {
        args.get(k).map_or(default, |a| {
            a.parse()
                .expect("GAMES, SEED, SAMPLES and THINK_MS are numbers")
        })
    };
    let games = number(1, 40);
    let seed = number(2, 1);
    let budget = Budget {
        samples: u32::try_from(number(3, 64)).expect("samples fit 32 bits"),
        think: Duration::from_millis(number(4, 900)),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let started = Instant::now();
    let results: Vec<(i64, Duration)> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..cores)
            .map(|core| {
                let level = level.as_str();
                scope.spawn(move || {
                    (0..games)
                        .filter(|game| game % cores == core)
                        .map(|game| play(level, seed + game, budget))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().expect("a game thread"))
            .collect()
    });
    let n = results.len() as f64;
    let average = results.iter().map(|(score, _)| *score).sum::<i64>() as f64 / n;
    let slowest = results.iter().map(|(_, t)| *t).max().unwrap_or_default();
    println!(
        "{level} alone on board B, {} games from seed {seed}: {average:.1} points a game; slowest move {} ms; {:.0} s on {cores} cores",
        results.len(),
        slowest.as_millis(),
        started.elapsed().as_secs_f64()
    );
}
