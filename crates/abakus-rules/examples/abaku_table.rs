//! Three or four of the tile game's computer players at one table: games on board A, each deal
//! played once with every rotation of the seats, on every core, with each player's share of
//! the wins and points.
//!
//! `cargo run -p abakus-rules --release --example abaku_table -- PLAYERS [GAMES] [SEED]
//! [SAMPLES] [THINK_MS] [pairs]`, PLAYERS three or four names joined by commas (the players
//! of `abaku_match`), defaults 60 games, seed 1, 8 guesses and no time limit; `pairs` plays
//! four-player Spin Abaku, the first and third seats against the second and fourth.

use std::time::{Duration, Instant};

use abakus_rules::abaku::ai::Budget;
use abakus_rules::abaku::{Position, Setup, Variants};

#[path = "common/players.rs"]
mod players;
use players::{Player, player};

/// One game's result, by player (not by seat).
struct Game {
    /// The share of the win: one split between the winners.
    won: Vec<f64>,
    points: Vec<i64>,
    slowest: Vec<Duration>,
}

fn play(players: &[Player], rotation: usize, seed: u64, budget: Budget, pairs: bool) -> Game {
    let n = players.len();
    let setup = Setup {
        variants: Variants {
            spin: pairs,
            ..Variants::default()
        },
        ..Setup::new(n, seed)
    };
    let mut position = Position::new(setup).expect("a table set up");
    // Player k sits in seat (k + rotation) % n.
    let who = |seat: usize| (seat + n - rotation % n) % n;
    let mut slowest = vec![Duration::ZERO; n];
    while !position.is_over() {
        let k = who(position.to_move());
        let began = Instant::now();
        let move_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(position.turns());
        let mv = players[k].choose(&position, move_seed, budget);
        slowest[k] = slowest[k].max(began.elapsed());
        position.play(&mv).expect("every player's move is legal");
    }
    let winners = position.winners();
    let mut won = vec![0.0; n];
    for &seat in &winners {
        won[who(seat)] += 1.0 / winners.len() as f64;
    }
    let mut points = vec![0; n];
    for (seat, scores) in position.players().iter().enumerate() {
        points[who(seat)] = scores.score;
    }
    Game {
        won,
        points,
        slowest,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize, default: u64| {
        args.get(k).map_or(default, |a| {
            a.parse()
                .expect("GAMES, SEED, SAMPLES and THINK_MS are numbers")
        })
    };
    let names = args.first().map_or("hard,normal,easy", String::as_str);
    let players: Vec<Player> = names.split(',').map(player).collect();
    assert!(
        (3..=4).contains(&players.len()),
        "three or four players, joined by commas"
    );
    let games = number(1, 60);
    let seed = number(2, 1);
    let budget = Budget {
        samples: u32::try_from(number(3, 8)).expect("samples fit 32 bits"),
        think: Duration::from_millis(number(4, 3_600_000)),
    };
    let pairs = args.get(5).is_some_and(|a| a == "pairs");
    assert!(!pairs || players.len() == 4, "pairs are four players");
    let n = players.len() as u64;
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get()) as u64;
    let started = Instant::now();
    let results: Vec<Game> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..cores)
            .map(|core| {
                let players = &players;
                scope.spawn(move || {
                    (0..games)
                        .filter(|game| game % cores == core)
                        .map(|game| {
                            play(players, (game % n) as usize, seed + game / n, budget, pairs)
                        })
                        .collect::<Vec<Game>>()
                })
            })
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().expect("a table thread"))
            .collect()
    });
    let played = results.len() as f64;
    println!(
        "{names}, {} games from seed {seed}, seats rotated{}, {} guesses, think {} ms, {:.0} s on {cores} cores",
        results.len(),
        if pairs { ", in pairs" } else { "" },
        budget.samples,
        budget.think.as_millis(),
        started.elapsed().as_secs_f64()
    );
    for (k, who) in players.iter().enumerate() {
        let won: f64 = results.iter().map(|g| g.won[k]).sum();
        let points: i64 = results.iter().map(|g| g.points[k]).sum();
        let slowest = results
            .iter()
            .map(|g| g.slowest[k])
            .max()
            .unwrap_or_default();
        println!(
            "{:>16}: won {won:.1} ({:.1}%), {:.1} points a game, slowest move {} ms",
            who.name(),
            100.0 * won / played,
            points as f64 / played,
            slowest.as_millis()
        );
    }
}
