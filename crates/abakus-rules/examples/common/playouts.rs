//! Tile-game play-outs for the examples that measure a move's worth at the end of the game:
//! the hidden tiles dealt again, each move played, then one level in every seat to the end.

use abakus_rules::abaku::ai::{self, Level};
use abakus_rules::abaku::{Move, Position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The mover's final score less the best other score.
pub fn margin(position: &Position, me: usize) -> i64 {
    let scores: Vec<i64> = position.players().iter().map(|p| p.score).collect();
    let best_other = (0..scores.len())
        .filter(|&seat| seat != me)
        .map(|seat| scores[seat])
        .max()
        .unwrap_or(0);
    scores[me] - best_other
}

/// Play-out `deal` of every move in `moves`: the tiles the player to move cannot see dealt
/// again from the deal's seed, the move played, then `level` in every seat to the end, with the
/// same seeds for every move; the mover's final margin after each.
pub fn playout(
    position: &Position,
    moves: &[Move],
    level: Level,
    seed: u64,
    deal: usize,
) -> Vec<i64> {
    let me = position.to_move();
    let deal_seed = seed.wrapping_mul(1_000_003).wrapping_add(deal as u64);
    let mut rng = ChaCha8Rng::seed_from_u64(deal_seed);
    let dealt = position.with_hidden_dealt_again(me, &mut rng);
    moves
        .iter()
        .map(|mv| {
            let mut position = dealt.clone();
            position.play(mv).expect("a move the position takes");
            let mut turn = 0u64;
            while !position.is_over() {
                let seed = deal_seed ^ turn.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let next = ai::choose_move(&position, level, seed);
                position
                    .play(&next)
                    .expect("the computer plays legal moves");
                turn += 1;
            }
            margin(&position, me)
        })
        .collect()
}

/// `playouts` play-outs of every move, on every core; each play-out's margins, by deal.
pub fn playouts(
    position: &Position,
    moves: &[Move],
    level: Level,
    seed: u64,
    playouts: usize,
) -> Vec<Vec<i64>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, Vec<i64>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let deal = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if deal >= playouts {
                            return mine;
                        }
                        mine.push((deal, playout(position, moves, level, seed, deal)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a play-out thread"))
            .collect()
    });
    results.sort_by_key(|(deal, _)| *deal);
    results.into_iter().map(|(_, margins)| margins).collect()
}

/// The mean and the half-width of its 95% interval (normal approximation).
pub fn mean_and_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}
