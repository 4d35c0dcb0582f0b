//! Computer players for the hex game: Monte Carlo tree search on the fast random playouts
//! (with RAVE and a solver at the hard level), at three strengths, with a budget of playouts
//! or of thinking time.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::moves::Move;
use super::position::Position;
use search::{Proof, RootChild, Tree};

mod search;

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// Quick, and now and then plays a move a beginner might: a random one.
    Easy,
    /// A short search.
    Normal,
    /// A search with RAVE and the solver for as long as it is given, on every core.
    Hard,
    /// The hard level's search for three times as long, for strong players.
    Expert,
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
    /// The budget each level searches with, given the longest a hard move may think (the
    /// expert level thinks three times as long).
    #[must_use]
    pub fn budget(self, think: Duration) -> Budget {
        match self {
            Level::Easy => Budget::Playouts(300),
            Level::Normal => Budget::Playouts(3_000),
            Level::Hard => Budget::Time(think),
            Level::Expert => Budget::Time(think * 3),
        }
    }

    /// How the level searches: the easy and normal levels keep the plain search their
    /// strength was set with.
    fn tuning(self) -> Tuning {
        match self {
            Level::Easy | Level::Normal => Tuning::BASELINE,
            Level::Hard | Level::Expert => Tuning::HARD,
        }
    }

    /// Whether the level searches on from what it saw of its last move ([`Memory`]): the hard
    /// and expert levels, which think for a time; the easy and normal levels keep the plain
    /// search of a fixed size their strength was set with.
    fn remembers(self) -> bool {
        matches!(self, Level::Hard | Level::Expert)
    }

    /// How often the level plays a uniformly random move instead of its search's choice.
    fn blunder_rate(self) -> f64 {
        match self {
            Level::Easy => 0.25,
            Level::Normal | Level::Hard | Level::Expert => 0.0,
        }
    }
}

/// The knobs of the search: the hard level's ([`Tuning::HARD`], the default), or the plain
/// search of the easy and normal levels ([`Tuning::BASELINE`], also the hard level before
/// RAVE and the solver, which matches measure the hard level against).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// UCT's exploration constant.
    pub explore: f32,
    /// How many times as likely a slide is as a placement in the playouts (1: uniform).
    pub slide_weight: u32,
    /// Whether proven wins and losses are carried up the tree (MCTS-Solver).
    pub solver: bool,
    /// The part of a playout's value (0 to 1) given by its stone margin rather than by who won.
    pub margin: f32,
    /// RAVE's equivalence count: after about this many visits a move's own value weighs as
    /// much as its "all moves as first" value; 0 turns RAVE off.
    pub rave: f32,
}

impl Tuning {
    /// Plain UCT over uniform playouts: every level's search before RAVE and the solver.
    pub const BASELINE: Self = Self {
        explore: 1.0,
        slide_weight: 1,
        solver: false,
        margin: 0.0,
        rave: 0.0,
    };

    /// The hard level's: RAVE over uniform playouts with little UCT exploration, and the
    /// solver (the matches that chose it are in `docs/computer-players.md`).
    pub const HARD: Self = Self {
        explore: 0.1,
        slide_weight: 1,
        solver: true,
        margin: 0.0,
        rave: 300.0,
    };
}

impl Default for Tuning {
    fn default() -> Self {
        Self::HARD
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
    choose_move_remembering(
        position,
        level,
        budget,
        seed,
        threads,
        &mut Memory::default(),
    )
}

/// [`choose_move`] for a player who keeps its [`Memory`] from one move of a game to the
/// next: the hard and expert levels search on from the branch the game went down.
#[must_use]
pub fn choose_move_remembering(
    position: &Position,
    level: Level,
    budget: Budget,
    seed: u64,
    threads: usize,
    memory: &mut Memory,
) -> Option<Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let moves = position.legal_moves();
    if moves.len() > 1 && rng.random_bool(level.blunder_rate()) {
        return Some(moves[rng.random_range(0..moves.len())]);
    }
    let tuning = level.tuning();
    if level.remembers() {
        choose_tuned_remembering(position, budget, seed, threads, &tuning, memory)
    } else {
        choose_tuned(position, budget, seed, threads, &tuning)
    }
}

/// The move a search with this tuning plays, or `None` when the game is over: for matches
/// between tunings.
#[must_use]
pub fn choose_tuned(
    position: &Position,
    budget: Budget,
    seed: u64,
    threads: usize,
    tuning: &Tuning,
) -> Option<Move> {
    choose_tuned_remembering(
        position,
        budget,
        seed,
        threads,
        tuning,
        &mut Memory::default(),
    )
}

/// [`choose_tuned`] searching on from `memory`'s trees, which it leaves holding this search's.
#[must_use]
pub fn choose_tuned_remembering(
    position: &Position,
    budget: Budget,
    seed: u64,
    threads: usize,
    tuning: &Tuning,
    memory: &mut Memory,
) -> Option<Move> {
    let moves = position.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let seen = search_threads(position, budget, seed, threads, tuning, memory);
    Some(most_trusted(&moves, &seen, tuning.solver))
}

/// What a player's searches keep from one move of a game to the next: the tree of each
/// thread, whose branch through the moves played since is searched on instead of anew.
/// Built for one tuning; given another, it starts again.
#[derive(Default)]
pub struct Memory {
    trees: Vec<Tree>,
    tuning: Option<Tuning>,
    /// How many nodes the last search started with.
    kept: usize,
}

impl Memory {
    /// How many nodes its trees hold.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.trees.iter().map(Tree::len).sum()
    }

    /// How many of them the last search started with: what it kept of the one before.
    #[must_use]
    pub fn kept_nodes(&self) -> usize {
        self.kept
    }

    /// Each thread's tree for `position`, moved on from the last search's where it can be.
    fn trees_for(&mut self, position: &Position, threads: usize, tuning: &Tuning) -> Vec<Tree> {
        if self.tuning != Some(*tuning) {
            self.trees.clear();
            self.tuning = Some(*tuning);
        }
        let mut kept = std::mem::take(&mut self.trees).into_iter();
        let trees: Vec<Tree> = (0..threads)
            .map(|_| match kept.next() {
                Some(tree) => tree.moved_on(position),
                None => Tree::new(position),
            })
            .collect();
        self.kept = trees.iter().map(Tree::len).sum();
        trees
    }
}

/// What the hard level's search makes of a position: the move it would play and the chance it
/// gives the player to move of winning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    /// The move the hard level plays here.
    pub best: Move,
    /// The player to move's chance of winning, 0 to 1: 1 when the search proved a win, 0 when
    /// it proved every move lost, else the share of its simulations through `best` that won.
    pub chance: f64,
}

/// The hard level's move in `position` and the chance of winning it sees, or `None` when the
/// game is over. Unlike [`choose_move`], a position with one legal move is searched too, for
/// its chance.
#[must_use]
pub fn evaluate(
    position: &Position,
    budget: Budget,
    seed: u64,
    threads: usize,
) -> Option<Evaluation> {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let seen = search_threads(
        position,
        budget,
        seed,
        threads,
        &Tuning::HARD,
        &mut Memory::default(),
    );
    let best = most_trusted(&moves, &seen, true);
    let through_best = || seen.iter().flatten().filter(|child| child.mv == best);
    let chance = if through_best().any(|child| child.proof == Proof::Win) {
        1.0
    } else if moves.iter().all(|&mv| {
        seen.iter()
            .flatten()
            .any(|child| child.mv == mv && child.proof == Proof::Loss)
    }) {
        0.0
    } else {
        let (wins, visits) = through_best().fold((0.0_f64, 0_u64), |(wins, visits), child| {
            (
                wins + f64::from(child.value),
                visits + u64::from(child.visits),
            )
        });
        if visits == 0 {
            0.5
        } else {
            (wins / visits as f64).clamp(0.0, 1.0)
        }
    };
    Some(Evaluation { best, chance })
}

/// `threads` searches side by side from different seeds, each on its tree from `memory`, the
/// time limit shortened by the margin kept for the work around them; what each saw of the
/// root's moves. `memory` keeps the trees for the next move.
fn search_threads(
    position: &Position,
    budget: Budget,
    seed: u64,
    threads: usize,
    tuning: &Tuning,
    memory: &mut Memory,
) -> Vec<Vec<RootChild>> {
    // The clock covers the whole choice, moving the trees on included: a margin is kept back
    // for listing the moves and gathering the threads' counts, so the move comes within the cap.
    let started = Instant::now();
    let budget = match budget {
        Budget::Time(limit) => Budget::Time(limit.saturating_sub((limit / 20).min(TIME_MARGIN))),
        playouts => playouts,
    };
    let threads = threads.max(1);
    let share = match budget {
        Budget::Playouts(total) => Budget::Playouts(total.div_ceil(threads as u32)),
        time => time,
    };
    let mut trees = memory.trees_for(position, threads, tuning);
    let seen = if threads == 1 {
        vec![trees[0].search(share, started, seed, tuning)]
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = trees
                .iter_mut()
                .enumerate()
                .map(|(t, tree)| {
                    let seed = seed.wrapping_add(0x9e37_79b9 * (t as u64 + 1));
                    scope.spawn(move || tree.search(share, started, seed, tuning))
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().unwrap_or_default())
                .collect()
        })
    };
    memory.trees = trees;
    seen
}

/// The move to play from what the threads saw: with the solver, one any thread proved a win,
/// else the most visited of those no thread proved lost (ties go to the last listed); when
/// every move is lost, the most visited, which held out longest in the search.
fn most_trusted(moves: &[Move], seen: &[Vec<RootChild>], solver: bool) -> Move {
    let children = || seen.iter().flatten();
    let proof = |child: &RootChild| if solver { child.proof } else { Proof::Open };
    if let Some(won) = children().find(|child| proof(child) == Proof::Win) {
        return won.mv;
    }
    let visits = |mv: &Move| {
        children()
            .filter(|child| child.mv == *mv)
            .map(|child| u64::from(child.visits))
            .sum::<u64>()
    };
    let lost = |mv: &Move| children().any(|child| child.mv == *mv && proof(child) == Proof::Loss);
    let open: Vec<Move> = moves.iter().copied().filter(|mv| !lost(mv)).collect();
    let candidates = if open.is_empty() { moves } else { &open };
    candidates
        .iter()
        .copied()
        .max_by_key(|mv| visits(mv))
        .unwrap_or(moves[0])
}

/// The most kept back from a time limit for the work around the search.
const TIME_MARGIN: Duration = Duration::from_millis(40);

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
