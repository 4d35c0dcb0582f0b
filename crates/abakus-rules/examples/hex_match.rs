//! Two tunings of the hex game's search against each other: colours alternating, one game on
//! each core at a time and one thread a search, with the result and how sure it is.
//!
//! `cargo run -p abakus-rules --release --example hex_match -- FIRST SECOND [GAMES] [SEED]
//! [THINK_MS] [SIDE] [PLAYOUTS]`, each player `hard` (the hard level, searching on from its
//! last move's tree), `expert` (the same for three times the time or playouts), `hard-fresh`
//! (the hard level with a new tree each move), `baseline` (the hard level before RAVE and the
//! solver) or a tuning such as
//! `tuned:explore=0.3,rave=300,solver=1,reuse=1` (unnamed knobs as the baseline's, a new tree
//! each move unless `reuse=1`); defaults 100 games, seed 1, 200 ms a move, side 5. With
//! PLAYOUTS the searches count playouts instead of time, and the games repeat.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use abakus_rules::hex::ai::{self, Budget, Memory, Tuning};
use abakus_rules::hex::{Color, Position};

/// A player: how it searches, whether it searches on from its last move's tree, and how many
/// times the match's time or playouts it searches for.
struct Player {
    tuning: Tuning,
    reuses: bool,
    times: u32,
}

impl Player {
    fn budget(&self, budget: Budget) -> Budget {
        match budget {
            Budget::Playouts(playouts) => Budget::Playouts(playouts.saturating_mul(self.times)),
            Budget::Time(think) => Budget::Time(think * self.times),
        }
    }
}

fn player(name: &str) -> Player {
    match name {
        "hard" => Player {
            tuning: Tuning::HARD,
            reuses: true,
            times: 1,
        },
        "expert" => Player {
            tuning: Tuning::HARD,
            reuses: true,
            times: 3,
        },
        "hard-fresh" => Player {
            tuning: Tuning::HARD,
            reuses: false,
            times: 1,
        },
        "baseline" => Player {
            tuning: Tuning::BASELINE,
            reuses: false,
            times: 1,
        },
        other => {
            let knobs = other.strip_prefix("tuned:").unwrap_or_else(|| {
                panic!("no player {other:?}: hard, expert, hard-fresh, baseline, tuned:KNOBS")
            });
            let mut tuning = Tuning::BASELINE;
            let mut reuses = false;
            for knob in knobs.split(',').filter(|knob| !knob.is_empty()) {
                let (key, value) = knob.split_once('=').expect("knobs as key=value");
                match key {
                    "reuse" => reuses = value != "0",
                    "explore" => tuning.explore = value.parse().expect("a number"),
                    "slide" => tuning.slide_weight = value.parse().expect("a whole number"),
                    "solver" => tuning.solver = value != "0",
                    "margin" => tuning.margin = value.parse().expect("a number"),
                    "rave" => tuning.rave = value.parse().expect("a number"),
                    other => {
                        panic!("no knob {other:?}: explore, slide, solver, margin, rave, reuse")
                    }
                }
            }
            Player {
                tuning,
                reuses,
                times: 1,
            }
        }
    }
}

/// One game; says whether the first player won, by how many stones, its and the second's
/// slowest move, how many moves it took, and how many nodes the searches that reuse a tree
/// kept of their last one, of how many.
fn play(
    players: [&Player; 2],
    first_is_black: bool,
    side: u32,
    budget: Budget,
    seed: u64,
) -> (bool, i64, [Duration; 2], u64, [usize; 2]) {
    let mut position = Position::new(side).expect("a side from 3 to 8");
    let mut slowest = [Duration::ZERO; 2];
    let mut ply = 0u64;
    let mut memories = [Memory::default(), Memory::default()];
    let mut kept = [0, 0];
    while !position.is_full() {
        let first_to_move = (position.turn() == Color::Black) == first_is_black;
        let seat = usize::from(!first_to_move);
        let began = Instant::now();
        let seed = seed * 1_000 + ply;
        let player = players[seat];
        let budget = player.budget(budget);
        let mv = if player.reuses {
            let memory = &mut memories[seat];
            let before = memory.nodes();
            let mv =
                ai::choose_tuned_remembering(&position, budget, seed, 1, &player.tuning, memory);
            kept[0] += memory.kept_nodes();
            kept[1] += before;
            mv
        } else {
            ai::choose_tuned(&position, budget, seed, 1, &player.tuning)
        }
        .expect("a move while the board has room");
        slowest[seat] = slowest[seat].max(began.elapsed());
        position.play(mv).expect("every chosen move is legal");
        ply += 1;
    }
    let outcome = position.outcome().expect("a full board");
    let first = if first_is_black {
        Color::Black
    } else {
        Color::White
    };
    let count = |color| match color {
        Color::Black => i64::from(outcome.black),
        Color::White => i64::from(outcome.white),
    };
    (
        outcome.winner == first,
        count(first.opponent()) - count(first),
        slowest,
        ply,
        kept,
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let names = [arg(0, "hard"), arg(1, "baseline")];
    let players = [player(&names[0]), player(&names[1])];
    let games: u32 = arg(2, "100").parse().expect("GAMES");
    let seed: u64 = arg(3, "1").parse().expect("SEED");
    let think: u64 = arg(4, "200").parse().expect("THINK_MS");
    let side: u32 = arg(5, "5").parse().expect("SIDE");
    let budget = match args.get(6) {
        Some(playouts) => Budget::Playouts(playouts.parse().expect("PLAYOUTS")),
        None => Budget::Time(Duration::from_millis(think)),
    };
    let next = AtomicU32::new(0);
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..cores {
            scope.spawn(|| {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= games {
                        break;
                    }
                    let result = play(
                        [&players[0], &players[1]],
                        game.is_multiple_of(2),
                        side,
                        budget,
                        seed * 100_000 + u64::from(game),
                    );
                    println!(
                        "game {}: {} {} by {} in {} moves",
                        game + 1,
                        names[0],
                        if result.0 { "won" } else { "lost" },
                        result.1.abs(),
                        result.3
                    );
                    results.lock().expect("no game panics").push(result);
                }
            });
        }
    });
    let results = results.into_inner().expect("no game panics");
    let n = f64::from(games);
    let wins = results.iter().filter(|r| r.0).count() as f64;
    let share = wins / n;
    let error = 2.0 * (share * (1.0 - share) / n).sqrt();
    let margin = results.iter().map(|r| r.1).sum::<i64>() as f64 / n;
    let slowest = |seat: usize| results.iter().map(|r| r.2[seat]).max().unwrap_or_default();
    let (kept, of) = results
        .iter()
        .fold((0, 0), |(kept, of), r| (kept + r.4[0], of + r.4[1]));
    if of > 0 {
        println!(
            "searches on an earlier tree began with {:.1}% of its nodes",
            100.0 * kept as f64 / of as f64
        );
    }
    println!(
        "{} against {} on side {side}, {budget:?} a move: {wins} of {games} won ({:.1}% ± {:.1}), \
         {margin:+.1} stones a game; slowest moves {} ms and {} ms; {:.0} s",
        names[0],
        names[1],
        100.0 * share,
        100.0 * error,
        slowest(0).as_millis(),
        slowest(1).as_millis(),
        started.elapsed().as_secs_f64()
    );
}
