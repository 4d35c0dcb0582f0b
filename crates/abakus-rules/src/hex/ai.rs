//! Computer players for the hex game: Monte Carlo tree search on the fast random playouts,
//! at three strengths, with a budget of playouts or of thinking time.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::moves::{Color, Move};
use super::position::Position;

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// Quick, and now and then plays a move a beginner might: a random one.
    Easy,
    /// A short search.
    Normal,
    /// A full search for as long as it is given, on every core.
    Hard,
}

/// How long a search may run: a number of playouts (the same answer every time for one seed)
/// or a time on the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// This many playouts from the root.
    Playouts(u32),
    /// Playouts for as long as this.
    Time(Duration),
}

impl Level {
    /// The budget each level searches with, given the longest a hard move may think.
    #[must_use]
    pub fn budget(self, think: Duration) -> Budget {
        match self {
            Level::Easy => Budget::Playouts(300),
            Level::Normal => Budget::Playouts(3_000),
            Level::Hard => Budget::Time(think),
        }
    }

    /// How often the level plays a uniformly random move instead of its search's choice.
    fn blunder_rate(self) -> f64 {
        match self {
            Level::Easy => 0.25,
            Level::Normal | Level::Hard => 0.0,
        }
    }
}

/// The move this level would play, or `None` when the game is over.
///
/// `seed` makes the choice repeatable under a playout budget; `threads` searches run side by
/// side from different seeds and their counts are added (root parallelism).
#[must_use]
pub fn choose_move(
    position: &Position,
    level: Level,
    budget: Budget,
    seed: u64,
    threads: usize,
) -> Option<Move> {
    // The time limit covers the whole choice: a margin is kept back for listing the moves,
    // gathering the threads' counts and freeing the trees, so the move comes within the cap.
    let budget = match budget {
        Budget::Time(limit) => Budget::Time(limit.saturating_sub((limit / 20).min(TIME_MARGIN))),
        playouts => playouts,
    };
    let moves = position.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if rng.random_bool(level.blunder_rate()) {
        return Some(moves[rng.random_range(0..moves.len())]);
    }
    let threads = threads.max(1);
    let share = match budget {
        Budget::Playouts(total) => Budget::Playouts(total.div_ceil(threads as u32)),
        time => time,
    };
    let visits: Vec<Vec<(Move, u32)>> = if threads == 1 {
        vec![search(position, share, seed).root_visits()]
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let seed = seed.wrapping_add(0x9e37_79b9 * (t as u64 + 1));
                    scope.spawn(move || search(position, share, seed).root_visits())
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().unwrap_or_default())
                .collect()
        })
    };
    // The most visited move is the most trusted; ties go to the first listed.
    moves.into_iter().max_by_key(|mv| {
        visits
            .iter()
            .flatten()
            .filter(|(m, _)| m == mv)
            .map(|&(_, n)| u64::from(n))
            .sum::<u64>()
    })
}

/// One node of the search tree: the move that led here, and how it fared for the player who
/// made it.
struct Node {
    mv: Option<Move>,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<Move>,
    visits: u32,
    wins: f32,
    /// Who made the move into this node.
    mover: Color,
}

struct Tree {
    nodes: Vec<Node>,
}

/// The most kept back from a time limit for the work around the search.
const TIME_MARGIN: Duration = Duration::from_millis(40);

/// The exploration constant of UCT: a little below √2, as playouts here are noisy.
const EXPLORE: f32 = 1.0;

fn search(root: &Position, budget: Budget, seed: u64) -> Tree {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = root.clone();
    let mut tree = Tree {
        nodes: vec![Node {
            mv: None,
            parent: usize::MAX,
            children: Vec::new(),
            untried: root.legal_moves(),
            visits: 0,
            wins: 0.0,
            mover: root.turn().opponent(),
        }],
    };
    let started = Instant::now();
    let mut playouts = 0u32;
    loop {
        match budget {
            Budget::Playouts(limit) if playouts >= limit => break,
            // The clock is read every 16 playouts: cheap, and well under a millisecond late.
            Budget::Time(limit) if playouts.is_multiple_of(16) && started.elapsed() >= limit => {
                break;
            }
            _ => {}
        }
        playouts += 1;
        // Selection: down through fully expanded nodes by UCT.
        let mut node = 0;
        let mut depth = 0;
        while tree.nodes[node].untried.is_empty() && !tree.nodes[node].children.is_empty() {
            node = tree.best_child(node);
            if let Some(mv) = tree.nodes[node].mv {
                position.play_unchecked(mv);
                depth += 1;
            }
        }
        // Expansion: one untried move, drawn at random.
        if !tree.nodes[node].untried.is_empty() {
            let untried = &mut tree.nodes[node].untried;
            let mv = untried.swap_remove(rng.random_range(0..untried.len()));
            let mover = position.turn();
            position.play_unchecked(mv);
            depth += 1;
            let child = tree.nodes.len();
            tree.nodes.push(Node {
                mv: Some(mv),
                parent: node,
                children: Vec::new(),
                untried: position.legal_moves(),
                visits: 0,
                wins: 0.0,
                mover,
            });
            tree.nodes[node].children.push(child);
            node = child;
        }
        // Simulation on the fast playout copy, then back up the result.
        let winner = match position.outcome() {
            Some(outcome) => outcome.winner,
            None => position.random_playout(&mut rng).0.winner,
        };
        while node != usize::MAX {
            let entry = &mut tree.nodes[node];
            entry.visits += 1;
            if entry.mover == winner {
                entry.wins += 1.0;
            }
            node = entry.parent;
        }
        for _ in 0..depth {
            position.undo();
        }
    }
    tree
}

impl Tree {
    fn best_child(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let log_parent = (parent.visits.max(1) as f32).ln();
        let score = |&child: &usize| {
            let entry = &self.nodes[child];
            let visits = entry.visits.max(1) as f32;
            entry.wins / visits + EXPLORE * (log_parent / visits).sqrt()
        };
        parent
            .children
            .iter()
            .copied()
            .max_by(|a, b| score(a).total_cmp(&score(b)))
            .unwrap_or(node)
    }

    fn root_visits(&self) -> Vec<(Move, u32)> {
        self.nodes[0]
            .children
            .iter()
            .filter_map(|&child| {
                let entry = &self.nodes[child];
                entry.mv.map(|mv| (mv, entry.visits))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_with_a_playout_budget_is_repeatable_and_legal() {
        let mut position = Position::new(4).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..12 {
            let mv = position.random_move(&mut rng).unwrap();
            position.play_unchecked(mv);
        }
        let budget = Budget::Playouts(400);
        let first = choose_move(&position, Level::Hard, budget, 9, 1).unwrap();
        assert!(position.is_legal(first));
        assert_eq!(
            choose_move(&position, Level::Hard, budget, 9, 1),
            Some(first)
        );
        assert!(position.is_legal(choose_move(&position, Level::Hard, budget, 9, 2).unwrap()));
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let mut position = Position::new(3).unwrap();
        position.play_randomly_to_end(&mut ChaCha8Rng::seed_from_u64(1));
        assert_eq!(
            choose_move(&position, Level::Hard, Budget::Playouts(10), 1, 1),
            None
        );
    }
}
