//! Two of the tile game's computer players against each other: two-player games on board A,
//! each deal played twice with the seats swapped, on every core, with the result and how sure
//! it is.
//!
//! `cargo run -p abakus-rules --release --example abaku_match -- FIRST SECOND [GAMES] [SEED]
//! [SAMPLES] [THINK_MS] [SCORING]`, the players among `easy`, `normal`, `hard`, `expert`,
//! `baseline-normal` and `baseline` (the normal and hard levels before the leave table) and
//! `normal-with=FILE` (the normal level with the leave table in FILE) and `sighted` (the hard
//! level's look-ahead reading the other rack: a measure of luck, not a fair player) and
//! `kept-sighted` (the same knowing only the tiles the other player kept at their last turn),
//! defaults 200 games, seed 1, 8 guesses, no time limit (so the games repeat) and the basic
//! scoring (`value`, `tile-op` and `ops-only` are the others). The baseline takes at most 16
//! guesses, as the window gave it.

use std::time::{Duration, Instant};

use abakus_rules::abaku::ai::Budget;
use abakus_rules::abaku::{Position, Scoring, Setup, Variants};

#[path = "common/players.rs"]
mod players;
use players::{Player, player};

fn scoring(name: &str) -> Scoring {
    match name {
        "basic" => Scoring::Basic,
        "value" => Scoring::Value,
        "tile-op" => Scoring::TileOp,
        "ops-only" => Scoring::OpsOnly,
        other => panic!("no scoring {other:?}: basic, value, tile-op, ops-only"),
    }
}

/// One game's result from the first player's side.
struct Game {
    margin: i64,
    points: [i64; 2],
    slowest: [Duration; 2],
    moves: [u64; 2],
}

fn play(
    players: [Player; 2],
    first_seat: usize,
    seed: u64,
    budget: Budget,
    scoring: Scoring,
) -> Game {
    let setup = Setup {
        variants: Variants {
            scoring,
            ..Variants::default()
        },
        ..Setup::new(2, seed)
    };
    let mut position = Position::new(setup).expect("two players set up");
    let mut slowest = [Duration::ZERO; 2];
    let mut moves = [0; 2];
    while !position.is_over() {
        let seat = position.to_move();
        // Which of the two players sits here: the first sits at `first_seat`.
        let who = usize::from(seat != first_seat);
        let began = Instant::now();
        let move_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(position.turns());
        let mv = players[who].choose(&position, move_seed, budget);
        slowest[who] = slowest[who].max(began.elapsed());
        moves[who] += 1;
        position.play(&mv).expect("every player's move is legal");
    }
    let scores = position.players();
    let points = [scores[first_seat].score, scores[1 - first_seat].score];
    Game {
        margin: points[0] - points[1],
        points,
        slowest,
        moves,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = |k: usize, default: &str| args.get(k).cloned().unwrap_or(default.to_string());
    let number = |k: usize, default: u64| {
        args.get(k).map_or(default, |a| {
            a.parse()
                .expect("GAMES, SEED, SAMPLES and THINK_MS are numbers")
        })
    };
    let players = [player(&text(0, "hard")), player(&text(1, "normal"))];
    let games = number(2, 200);
    let seed = number(3, 1);
    let budget = Budget {
        samples: u32::try_from(number(4, 8)).expect("samples fit 32 bits"),
        think: Duration::from_millis(number(5, 3_600_000)),
    };
    let scoring = scoring(&text(6, "basic"));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let started = Instant::now();
    let results: Vec<Game> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..cores)
            .map(|core| {
                scope.spawn(move || {
                    (0..games)
                        .filter(|game| game % cores == core)
                        .map(|game| {
                            play(players, (game % 2) as usize, seed + game, budget, scoring)
                        })
                        .collect::<Vec<Game>>()
                })
            })
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().expect("a match thread"))
            .collect()
    });
    let n = results.len() as f64;
    let wins = results.iter().filter(|g| g.margin > 0).count();
    let draws = results.iter().filter(|g| g.margin == 0).count();
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    // The normal approximation's 95% interval of the share won.
    let error = 1.96 * (score * (1.0 - score) / n).sqrt();
    let average = |f: &dyn Fn(&Game) -> i64| results.iter().map(f).sum::<i64>() as f64 / n;
    let slowest = |k: usize| {
        results
            .iter()
            .map(|g| g.slowest[k])
            .max()
            .unwrap_or_default()
    };
    println!(
        "{} against {}, {} games from seed {seed}, {scoring:?} scoring, {} guesses, think {} ms",
        players[0].name(),
        players[1].name(),
        results.len(),
        budget.samples,
        budget.think.as_millis()
    );
    println!(
        "first won {wins}, drew {draws}, lost {}: {:.1}% ± {:.1}; margin {:+.1} a game; points {:.1} against {:.1}",
        results.len() - wins - draws,
        100.0 * score,
        100.0 * error,
        average(&|g| g.margin),
        average(&|g| g.points[0]),
        average(&|g| g.points[1]),
    );
    let moves = |k: usize| results.iter().map(|g| g.moves[k]).sum::<u64>();
    println!(
        "slowest move: first {} ms of {} moves, second {} ms of {}; {:.0} s on {cores} cores",
        slowest(0).as_millis(),
        moves(0),
        slowest(1).as_millis(),
        moves(1),
        started.elapsed().as_secs_f64()
    );
}
