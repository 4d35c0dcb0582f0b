//! Games played on from a position: the tiles the mover cannot see dealt again, each move
//! played, then one level in every seat for some turns or to the end, on the same deals.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::leaves::{self, LeaveTable};
use super::{Level, choose_move};
use crate::abaku::moves::Move;
use crate::abaku::position::Position;

/// How far a game is played on after the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// This many turns after the move, then what the players' racks keep is counted by the
    /// leave table; once the bag is empty, on to the end, where the rules count what is left.
    Turns(u32),
    /// To the end of the game.
    End,
}

/// The score of `me` less the best other score.
#[must_use]
pub fn margin(position: &Position, me: usize) -> i64 {
    let scores: Vec<i64> = position.players().iter().map(|p| p.score).collect();
    let best_other = (0..scores.len())
        .filter(|&seat| seat != me)
        .map(|seat| scores[seat])
        .max()
        .unwrap_or(0);
    scores.get(me).copied().unwrap_or(0) - best_other
}

/// Where the mover stands once a game has been played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Their score less the best other score, in tenths of a point; short of the end, each
    /// with what its player's last move kept, by the leave table.
    pub tenths: i64,
    /// Whether the game reached its end.
    pub over: bool,
}

/// Where `me` stands in tenths of a point: their score less the best other's, each with what
/// its player's last move kept (`kept`, by seat, in tenths) short of the end (a game stops
/// short of it only while the bag still refills the racks).
fn standing(position: &Position, me: usize, kept: &[i64]) -> i64 {
    if position.is_over() {
        return margin(position, me) * 10;
    }
    let worth = |seat: usize| position.players()[seat].score * 10 + kept[seat];
    let best_other = (0..kept.len())
        .filter(|&seat| seat != me)
        .map(worth)
        .max()
        .unwrap_or(0);
    worth(me) - best_other
}

/// Plays `mv` in `position`, noting in `kept` what it leaves its player, where the bag
/// refills the rack after it.
fn play_noting(position: &mut Position, mv: &Move, kept: &mut [i64]) {
    let seat = position.to_move();
    let leave = leaves::kept_by(position, mv, LeaveTable::standard()).map_or(0, |(_, v)| v);
    position.play(mv).expect("a move the position takes");
    if let Some(slot) = kept.get_mut(seat) {
        *slot = leave;
    }
}

/// Game `deal` played on after every move in `moves`: the tiles the player to move cannot see
/// dealt again from the deal's seed, the move played, then `level` in every seat as far as
/// `reach`, with the same seeds whatever the move. The mover's standing after each, in tenths
/// of a point ([`Reach`] says what is counted).
#[must_use]
pub fn play_on(
    position: &Position,
    moves: &[Move],
    (level, reach): (Level, Reach),
    seed: u64,
    deal: usize,
) -> Vec<Standing> {
    let me = position.to_move();
    let deal_seed = seed.wrapping_mul(1_000_003).wrapping_add(deal as u64);
    let mut rng = ChaCha8Rng::seed_from_u64(deal_seed);
    let dealt = position.with_hidden_dealt_again(me, &mut rng);
    moves
        .iter()
        .map(|mv| {
            let mut position = dealt.clone();
            let mut kept = vec![0; position.players().len()];
            play_noting(&mut position, mv, &mut kept);
            let mut turn = 0u64;
            while !position.is_over() {
                if let Reach::Turns(turns) = reach
                    && turn >= u64::from(turns)
                    && !position.bag().is_empty()
                {
                    break;
                }
                let seed = deal_seed ^ turn.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let next = choose_move(&position, level, seed);
                play_noting(&mut position, &next, &mut kept);
                turn += 1;
            }
            Standing {
                tenths: standing(&position, me, &kept),
                over: position.is_over(),
            }
        })
        .collect()
}

/// Games `deals` of [`play_on`] for every move, `threads` at a time; each game's standings,
/// in the deals' order.
#[must_use]
pub fn play_on_many(
    position: &Position,
    moves: &[Move],
    how: (Level, Reach),
    seed: u64,
    deals: std::ops::Range<usize>,
    threads: usize,
) -> Vec<Vec<Standing>> {
    let next = std::sync::atomic::AtomicUsize::new(deals.start);
    let mut results: Vec<(usize, Vec<Standing>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let deal = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if deal >= deals.end {
                            return mine;
                        }
                        mine.push((deal, play_on(position, moves, how, seed, deal)));
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
    results
        .into_iter()
        .map(|(_, standings)| standings)
        .collect()
}

/// The mean of `values` and the half-width of its 95% interval (normal approximation).
#[must_use]
pub fn mean_and_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, f64::INFINITY);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abaku::position::Setup;

    /// A two-player game of the normal level after `turns` turns.
    fn after_turns(seed: u64, turns: u32) -> Position {
        let mut position = Position::new(Setup::new(2, seed)).unwrap();
        while position.turns() < turns && !position.is_over() {
            let mv = choose_move(&position, Level::Normal, seed + u64::from(position.turns()));
            position.play(&mv).unwrap();
        }
        position
    }

    const HOW: (Level, Reach) = (Level::Normal, Reach::Turns(3));

    #[test]
    fn every_move_is_played_on_the_same_deal() {
        let position = after_turns(3, 4);
        let moves: Vec<Move> = position
            .legal_placements()
            .into_iter()
            .take(3)
            .map(Move::Place)
            .collect();
        assert!(moves.len() >= 2);
        for deal in 0..4 {
            let all = play_on(&position, &moves, HOW, 7, deal);
            // A move's game is the same whichever moves are played beside it.
            for (k, mv) in moves.iter().enumerate() {
                let alone = play_on(&position, std::slice::from_ref(mv), HOW, 7, deal);
                assert_eq!(alone[0], all[k]);
            }
        }
        let twice = play_on(&position, &[moves[0].clone(), moves[0].clone()], HOW, 7, 0);
        assert_eq!(twice[0], twice[1]);
    }

    /// The games depend on what the mover can see alone: the same position with the other
    /// rack and the bag dealt otherwise plays on to the same standings.
    #[test]
    fn a_deal_never_reads_another_rack_or_the_bag() {
        for seed in 0..3 {
            let position = after_turns(seed, 6);
            let me = position.to_move();
            let moves: Vec<Move> = position
                .legal_placements()
                .into_iter()
                .take(2)
                .map(Move::Place)
                .chain([Move::Pass])
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed + 100);
            let otherwise = position.with_hidden_dealt_again(me, &mut rng);
            assert_ne!(otherwise, position, "the hidden tiles were dealt otherwise");
            let how = (Level::Normal, Reach::Turns(6));
            assert_eq!(
                play_on_many(&position, &moves, how, seed, 0..4, 2),
                play_on_many(&otherwise, &moves, how, seed, 0..4, 2)
            );
        }
    }

    /// With the bag empty a game's last move ends it: the standing is the final margin as the
    /// rules count it, the tiles left on the other rack taken off their holder.
    #[test]
    fn a_finished_game_stands_at_its_final_margin() {
        let mut checked = 0;
        for seed in 0..30 {
            let mut position = Position::new(Setup::new(2, seed)).unwrap();
            while !position.is_over() && !position.bag().is_empty() {
                let mv = choose_move(&position, Level::Normal, seed);
                position.play(&mv).unwrap();
            }
            if position.is_over() {
                continue;
            }
            let me = position.to_move();
            let rack = position.rack(me).len();
            let Some(out) = position
                .legal_placements()
                .into_iter()
                .find(|p| p.puts.len() == rack)
            else {
                continue;
            };
            let out = Move::Place(out);
            let mut ended = position.clone();
            ended.play(&out).unwrap();
            assert!(
                ended.is_over(),
                "seed {seed}: laying the whole rack ends the game"
            );
            let scores: Vec<i64> = ended.players().iter().map(|p| p.score).collect();
            for reach in [Reach::Turns(0), Reach::Turns(2), Reach::End] {
                let how = (Level::Normal, reach);
                let standing = play_on(&position, std::slice::from_ref(&out), how, 1, 0);
                let tenths = (scores[me] - scores[1 - me]) * 10;
                assert_eq!(
                    standing,
                    vec![Standing { tenths, over: true }],
                    "seed {seed}"
                );
            }
            checked += 1;
        }
        assert!(
            checked >= 3,
            "only {checked} games ended with a rack laid whole"
        );
    }

    /// Short of the end, the standing counts the points and what each player's last move kept.
    #[test]
    fn a_standing_short_of_the_end_counts_what_each_move_kept() {
        let position = after_turns(5, 3);
        let me = position.to_move();
        let rack = position.rack(me).to_vec();
        let exchange = Move::Exchange(rack[..2].to_vec());
        let table = LeaveTable::standard();
        let (_, kept) = leaves::kept_by(&position, &exchange, table).unwrap();
        let how = (Level::Normal, Reach::Turns(0));
        let standing = play_on(&position, std::slice::from_ref(&exchange), how, 1, 0);
        let tenths = margin(&position, me) * 10 + kept;
        assert_eq!(
            standing,
            vec![Standing {
                tenths,
                over: false
            }]
        );
    }

    #[test]
    fn the_interval_narrows_with_more_values() {
        let few: Vec<f64> = (0..10).map(|k| f64::from(k % 5)).collect();
        let many: Vec<f64> = (0..1000).map(|k| f64::from(k % 5)).collect();
        let (mean, narrow) = mean_and_interval(&many);
        assert!((mean - 2.0).abs() < 1e-9);
        assert!(narrow < mean_and_interval(&few).1 / 5.0);
        assert!(mean_and_interval(&[3.0]).1.is_infinite());
    }
}
