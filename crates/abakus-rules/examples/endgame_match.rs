//! The tile game's endgame search against the baseline, two players on board A.
//!
//! The search plays only once the bag is empty, so each deal is played once by the baseline in
//! both seats up to that turn (with time for every guess, so the deals repeat), and then three
//! ways to the end: the hard level's endgame search in seat 1, in seat 2, and neither (the
//! baseline against itself, which shows what the endgame search changed). Each deal thus gives
//! two games of the search against the baseline, seats alternating.
//!
//! `cargo run -p abakus-rules --release --example endgame_match -- [DEALS] [SEED] [THINK_MS]
//! [SAMPLES]` (defaults 50, 1, 900 and 8) prints a line per deal and a summary.

use std::time::{Duration, Instant};

use abakus_rules::abaku::ai::{self, Budget, baseline, endgame};
use abakus_rules::abaku::{Move, Position, Setup};

/// Who plays a seat from the turn the bag is empty.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Player {
    Hard,
    Baseline,
}

/// One endgame search the hard level made.
struct Solve {
    took: Duration,
    nodes: u64,
    proven: bool,
    depth: u32,
}

/// Settings read from the command line.
struct Args {
    deals: u64,
    seed: u64,
    think: Duration,
    samples: u32,
}

fn args() -> Args {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("numbers only: DEALS SEED THINK_MS SAMPLES")
        })
        .collect();
    let at = |k: usize, default: u64| numbers.get(k).copied().unwrap_or(default);
    Args {
        deals: at(0, 50),
        seed: at(1, 1),
        think: Duration::from_millis(at(2, 900)),
        samples: u32::try_from(at(3, 8)).expect("samples fit 32 bits"),
    }
}

/// The seed of a move: the same for the same deal and turn, whoever plays it.
fn move_seed(deal_seed: u64, turn: u32) -> u64 {
    deal_seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(turn)
}

/// The deal played by the baseline in both seats up to the turn the bag is empty (or the end).
fn opening(deal_seed: u64, samples: u32) -> Position {
    let mut position = Position::new(Setup::new(2, deal_seed)).expect("two players set up");
    let repeatable = Budget {
        think: Duration::from_secs(3600),
        samples,
    };
    while !position.is_over() && !position.bag().is_empty() {
        let mv = baseline::choose_move_within(
            &position,
            move_seed(deal_seed, position.turns()),
            repeatable,
        );
        position.play(&mv).expect("the baseline's move is legal");
    }
    position
}

/// Plays `position` to the end with these players, the hard level's searches noted in `solves`.
fn finish(
    mut position: Position,
    seats: [Player; 2],
    deal_seed: u64,
    budget: Budget,
    solves: &mut Vec<Solve>,
) -> Position {
    while !position.is_over() {
        let seed = move_seed(deal_seed, position.turns());
        let mv: Move = match seats[position.to_move()] {
            Player::Baseline => baseline::choose_move_within(&position, seed, budget),
            Player::Hard => {
                // What the hard level does with two players and the bag empty, timed here.
                let began = Instant::now();
                match endgame::solve(&position, began + budget.think) {
                    Some(solved) => {
                        solves.push(Solve {
                            took: began.elapsed(),
                            nodes: solved.nodes,
                            proven: solved.proven,
                            depth: solved.depth,
                        });
                        solved.best
                    }
                    None => ai::choose_move_within(&position, ai::Level::Hard, seed, budget),
                }
            }
        };
        position.play(&mv).expect("the move is legal");
    }
    position
}

/// The points of `seat` less the other's.
fn margin(position: &Position, seat: usize) -> i64 {
    let players = position.players();
    players[seat].score - players[1 - seat].score
}

/// Wins, draws and losses of the hard level, and its margins.
#[derive(Default)]
struct Tally {
    won: u32,
    drawn: u32,
    lost: u32,
    margins: Vec<i64>,
}

impl Tally {
    fn count(&mut self, position: &Position, seat: usize) {
        let winners = position.winners();
        match (winners.contains(&seat), winners.len()) {
            (true, 1) => self.won += 1,
            (true, _) => self.drawn += 1,
            (false, _) => self.lost += 1,
        }
        self.margins.push(margin(position, seat));
    }

    fn line(&self, name: &str) {
        let games = self.margins.len().max(1) as f64;
        let average = self.margins.iter().sum::<i64>() as f64 / games;
        println!(
            "{name}: {} games, hard won {}, drawn {}, lost {}, average margin {average:+.2}",
            self.margins.len(),
            self.won,
            self.drawn,
            self.lost
        );
    }
}

fn main() {
    let args = args();
    let budget = Budget {
        think: args.think,
        samples: args.samples,
    };
    let mut all = Tally::default();
    let mut endgames = Tally::default();
    let mut gains = Vec::new();
    let mut changed = 0;
    let mut solves = Vec::new();
    for deal in 0..args.deals {
        let deal_seed = args.seed.wrapping_add(deal);
        let start = opening(deal_seed, args.samples);
        if start.is_over() {
            // Nothing differs: the two games are this one, once from each seat.
            all.count(&start, 0);
            all.count(&start, 1);
            println!("deal {deal_seed}: over before the bag emptied");
            continue;
        }
        let reference = finish(
            start.clone(),
            [Player::Baseline; 2],
            deal_seed,
            budget,
            &mut solves,
        );
        let mut line = format!("deal {deal_seed}:");
        for seat in 0..2 {
            let mut seats = [Player::Baseline; 2];
            seats[seat] = Player::Hard;
            let game = finish(start.clone(), seats, deal_seed, budget, &mut solves);
            all.count(&game, seat);
            endgames.count(&game, seat);
            let gain = margin(&game, seat) - margin(&reference, seat);
            changed += u32::from(gain != 0);
            gains.push(gain);
            line += &format!(
                " hard in seat {}: margin {:+} (baseline {:+})",
                seat + 1,
                margin(&game, seat),
                margin(&reference, seat)
            );
        }
        println!("{line}");
    }
    summary(&all, &endgames, &gains, changed, &solves, args.think);
}

fn summary(
    all: &Tally,
    endgames: &Tally,
    gains: &[i64],
    changed: u32,
    solves: &[Solve],
    think: Duration,
) {
    all.line("every game");
    endgames.line("games that reached an empty bag");
    let average = gains.iter().sum::<i64>() as f64 / gains.len().max(1) as f64;
    println!(
        "the search's gain over the baseline's endgame: {average:+.2} points a game, \
         different in {changed} of {} games, better {} worse {}",
        gains.len(),
        gains.iter().filter(|&&g| g > 0).count(),
        gains.iter().filter(|&&g| g < 0).count()
    );
    let proven: Vec<&Solve> = solves.iter().filter(|s| s.proven).collect();
    let open: Vec<&Solve> = solves.iter().filter(|s| !s.proven).collect();
    println!(
        "searches within {} ms: {} in all, {} proven",
        think.as_millis(),
        solves.len(),
        proven.len()
    );
    for (name, group) in [
        ("all", solves.iter().collect()),
        ("proven", proven),
        ("not proven", open),
    ] {
        spread(name, group);
    }
}

/// The median and the largest time, positions and depth of some searches.
fn spread(name: &str, group: Vec<&Solve>) {
    if group.is_empty() {
        return;
    }
    let median_max = |mut values: Vec<u128>| {
        values.sort_unstable();
        (values[values.len() / 2], values[values.len() - 1])
    };
    let took = median_max(group.iter().map(|s| s.took.as_millis()).collect());
    let nodes = median_max(group.iter().map(|s| u128::from(s.nodes)).collect());
    let depth = median_max(group.iter().map(|s| u128::from(s.depth)).collect());
    println!(
        "  {name} ({}): time median {} ms, max {} ms; positions median {}, max {}; \
         depth median {}, max {}",
        group.len(),
        took.0,
        took.1,
        nodes.0,
        nodes.1,
        depth.0,
        depth.1
    );
}
