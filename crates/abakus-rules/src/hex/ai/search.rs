//! One Monte Carlo tree search from one position: UCT over random playouts, with RAVE and
//! with proven wins and losses carried up the tree (MCTS-Solver) when the tuning asks.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Budget, Tuning};
use crate::hex::board::Board;
use crate::hex::moves::{Color, Move};
use crate::hex::playout::Trace;
use crate::hex::position::Position;

/// What is known for certain of a node, for the player who made the move into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Proof {
    /// Not settled yet: the playouts' average is all there is.
    Open,
    /// The mover wins however the other side answers.
    Win,
    /// The mover loses however it goes on.
    Loss,
}

/// A move from the root as one search saw it.
#[derive(Debug, Clone, Copy)]
pub(super) struct RootChild {
    pub mv: Move,
    pub visits: u32,
    /// The sum of the simulations' values for the player who made the move (a win is 1).
    pub value: f32,
    pub proof: Proof,
}

/// One node of the search tree: the move that led here, and how it fared for the player who
/// made it.
struct Node {
    mv: Option<Move>,
    /// The move's place in its parent's `moves`.
    slot: Option<u16>,
    parent: usize,
    children: Vec<usize>,
    /// Whether `moves` is filled in yet.
    listed: bool,
    /// Every legal move here, in the order the position lists them.
    moves: Vec<Move>,
    /// Which of `moves` have no child yet, by their place in `moves`.
    untried: Vec<u16>,
    /// Per move of `moves`, its "all moves as first" count and value (RAVE), for the player to
    /// move here: how the simulations fared in which that player made the move later on.
    amaf: Vec<(u32, f32)>,
    visits: u32,
    value: f32,
    /// Who made the move into this node.
    mover: Color,
    proof: Proof,
}

impl Node {
    /// A node whose moves are listed only when the search comes back to it: most nodes are
    /// leaves visited once, and their lists would be most of the tree's memory.
    fn new(
        (mv, slot): (Option<Move>, Option<u16>),
        parent: usize,
        position: &Position,
        mover: Color,
    ) -> Self {
        let proof = match position.outcome() {
            Some(outcome) if outcome.winner == mover => Proof::Win,
            Some(_) => Proof::Loss,
            None => Proof::Open,
        };
        Self {
            mv,
            slot,
            parent,
            children: Vec::new(),
            listed: false,
            moves: Vec::new(),
            untried: Vec::new(),
            amaf: Vec::new(),
            visits: 0,
            value: 0.0,
            mover,
            proof,
        }
    }

    /// A placeholder for a node moved elsewhere.
    fn vacant() -> Self {
        Self {
            mv: None,
            slot: None,
            parent: usize::MAX,
            children: Vec::new(),
            listed: false,
            moves: Vec::new(),
            untried: Vec::new(),
            amaf: Vec::new(),
            visits: 0,
            value: 0.0,
            mover: Color::Black,
            proof: Proof::Open,
        }
    }

    /// Lists the moves of `position`, which is this node's.
    fn list_moves(&mut self, position: &Position, rave: bool) {
        self.listed = true;
        self.moves = position.legal_moves();
        self.untried = (0..self.moves.len() as u16).collect();
        if rave {
            self.amaf = vec![(0, 0.0); self.moves.len()];
        }
    }
}

const ROOT: usize = 0;

/// A search tree and the position at its root, kept from one move to the next so that the
/// branch the game went down is searched on instead of anew.
pub(super) struct Tree {
    root: Position,
    nodes: Vec<Node>,
}

impl Tree {
    /// A tree of the root alone.
    pub(super) fn new(root: &Position) -> Self {
        Self {
            root: root.clone(),
            nodes: vec![Node::new(
                (None, None),
                usize::MAX,
                root,
                root.turn().opponent(),
            )],
        }
    }

    /// The tree for `position`: this tree's branch through the moves played since its root
    /// when it has one, with everything learned below it, else a new tree.
    pub(super) fn moved_on(self, position: &Position) -> Self {
        let Some(played) = position.moves_since(&self.root) else {
            return Self::new(position);
        };
        let mut node = ROOT;
        for &mv in played {
            let next = self.nodes[node]
                .children
                .iter()
                .copied()
                .find(|&child| self.nodes[child].mv == Some(mv));
            match next {
                Some(child) => node = child,
                None => return Self::new(position),
            }
        }
        Self {
            root: position.clone(),
            nodes: branch(self.nodes, node),
        }
    }

    /// How many nodes the tree holds.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Searches on from the root within `budget`, counted from `started`, and returns how
    /// each of the root's moves fared, counting what earlier searches saw of them.
    pub(super) fn search(
        &mut self,
        budget: Budget,
        started: Instant,
        seed: u64,
        tuning: &Tuning,
    ) -> Vec<RootChild> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut position = self.root.clone();
        let rave = tuning.rave > 0.0;
        let nodes = &mut self.nodes;
        let mut playouts = 0u32;
        loop {
            match budget {
                Budget::Playouts(limit) if playouts >= limit => break,
                // The clock is read every 16 playouts: cheap, and well under a millisecond late.
                Budget::Time(limit)
                    if playouts.is_multiple_of(16) && started.elapsed() >= limit =>
                {
                    break;
                }
                _ => {}
            }
            // A proven root: every move is settled, more playouts change nothing.
            if nodes[ROOT].proof != Proof::Open {
                break;
            }
            playouts += 1;
            let (leaf, depth) = descend(nodes, &mut position, &mut rng, tuning);
            let mut trace = Trace::default();
            let (winner, margin) = match (nodes[leaf].proof, position.outcome()) {
                (_, Some(outcome)) => (outcome.winner, outcome.black.abs_diff(outcome.white)),
                (Proof::Open, None) => {
                    let outcome = if rave {
                        position.traced_playout(tuning.slide_weight, &mut rng, &mut trace)
                    } else {
                        position.weighted_playout(tuning.slide_weight, &mut rng).0
                    };
                    (outcome.winner, outcome.black.abs_diff(outcome.white))
                }
                // Settled by the solver: no playout needed, the winner is known.
                (Proof::Win, None) => (nodes[leaf].mover, 1),
                (Proof::Loss, None) => (nodes[leaf].mover.opponent(), 1),
            };
            let result = Simulated::new(winner, margin, tuning);
            back_up(nodes, leaf, result);
            if rave {
                back_up_amaf(nodes, leaf, position.board(), trace, result);
            }
            if tuning.solver {
                prove_upwards(nodes, leaf);
            }
            for _ in 0..depth {
                position.undo();
            }
        }
        self.root_children()
    }

    fn root_children(&self) -> Vec<RootChild> {
        self.nodes[ROOT]
            .children
            .iter()
            .filter_map(|&child| {
                let node = &self.nodes[child];
                node.mv.map(|mv| RootChild {
                    mv,
                    visits: node.visits,
                    value: node.value,
                    proof: node.proof,
                })
            })
            .collect()
    }
}

/// The nodes under `top` (itself the new root) in a tree of their own, in breadth-first
/// order, each node's children in the order they had; the rest are dropped.
fn branch(mut nodes: Vec<Node>, top: usize) -> Vec<Node> {
    let mut kept: Vec<Node> = Vec::new();
    let mut queue = std::collections::VecDeque::from([(top, usize::MAX)]);
    while let Some((old, parent)) = queue.pop_front() {
        let mut node = std::mem::replace(&mut nodes[old], Node::vacant());
        let place = kept.len();
        for child in std::mem::take(&mut node.children) {
            queue.push_back((child, place));
        }
        node.parent = parent;
        if parent == usize::MAX {
            // The root: no move leads into it within this tree.
            (node.mv, node.slot) = (None, None);
        } else {
            kept[parent].children.push(place);
        }
        kept.push(node);
    }
    kept
}

/// Searches `root` within `budget` in a new tree and returns how each of its moves fared.
#[cfg(test)]
fn search(root: &Position, budget: Budget, seed: u64, tuning: &Tuning) -> Vec<RootChild> {
    Tree::new(root).search(budget, Instant::now(), seed, tuning)
}

/// Selection down through the tree, then the expansion of one untried move; plays the moves
/// on `position` and returns the leaf and its depth. Without RAVE, selection follows UCT
/// through fully expanded nodes and the move expanded is drawn at random; with it, an untried
/// move competes with the children on its RAVE value alone.
fn descend(
    nodes: &mut Vec<Node>,
    position: &mut Position,
    rng: &mut ChaCha8Rng,
    tuning: &Tuning,
) -> (usize, usize) {
    let mut node = ROOT;
    let mut depth = 0;
    let expand = loop {
        if nodes[node].proof != Proof::Open {
            break None;
        }
        if !nodes[node].listed {
            nodes[node].list_moves(position, tuning.rave > 0.0);
        }
        let entry = &nodes[node];
        let next = if tuning.rave > 0.0 {
            rave_choice(entry, nodes, tuning)
        } else if entry.untried.is_empty() {
            entry
                .children
                .last()
                .map(|_| Step::Child(best_child(nodes, node, tuning)))
        } else {
            Some(Step::Untried(rng.random_range(0..entry.untried.len())))
        };
        match next {
            None => break None,
            Some(Step::Untried(slot)) => break Some(slot),
            Some(Step::Child(child)) => {
                node = child;
                if let Some(mv) = nodes[node].mv {
                    position.play_unchecked(mv);
                    depth += 1;
                }
            }
        }
    };
    if let Some(slot) = expand {
        let slot = nodes[node].untried.swap_remove(slot);
        let mv = nodes[node].moves[usize::from(slot)];
        let mover = position.turn();
        position.play_unchecked(mv);
        depth += 1;
        let child = nodes.len();
        nodes.push(Node::new((Some(mv), Some(slot)), node, position, mover));
        nodes[node].children.push(child);
        node = child;
    }
    (node, depth)
}

/// Where selection goes next: into a child, or to expand the untried move at this place in
/// the node's untried list.
enum Step {
    Child(usize),
    Untried(usize),
}

/// The child UCT picks; with the solver, a child already lost for the player choosing is
/// never picked while another is open.
fn best_child(nodes: &[Node], node: usize, tuning: &Tuning) -> usize {
    let parent = &nodes[node];
    let log_parent = (parent.visits.max(1) as f32).ln();
    let score = |child: usize| {
        let entry = &nodes[child];
        if entry.proof == Proof::Loss && tuning.solver {
            return f32::NEG_INFINITY;
        }
        let visits = entry.visits.max(1) as f32;
        entry.value / visits + tuning.explore * (log_parent / visits).sqrt()
    };
    // The last of equal scores, as `Iterator::max_by` picks.
    let mut best = (node, f32::NEG_INFINITY);
    for &child in &parent.children {
        let value = score(child);
        if value >= best.1 {
            best = (child, value);
        }
    }
    best.0
}

/// The best step by RAVE: each child's value blended with its move's RAVE value, the more
/// RAVE the fewer visits the child has (β = √(k / (3n + k))), plus UCT's exploration; an
/// untried move scores its RAVE value alone, or an even chance before any is known.
fn rave_choice(entry: &Node, nodes: &[Node], tuning: &Tuning) -> Option<Step> {
    let log_parent = (entry.visits.max(1) as f32).ln();
    let amaf = |slot: usize| {
        let (count, value) = entry.amaf[slot];
        (count > 0).then(|| value / count as f32)
    };
    let mut best: Option<(Step, f32)> = None;
    let mut consider = |step: Step, score: f32| {
        if best.as_ref().is_none_or(|(_, top)| score >= *top) {
            best = Some((step, score));
        }
    };
    for (place, &slot) in entry.untried.iter().enumerate() {
        let score = amaf(usize::from(slot)).unwrap_or(0.5) + tuning.explore * log_parent.sqrt();
        consider(Step::Untried(place), score);
    }
    for &child in &entry.children {
        let node = &nodes[child];
        if node.proof == Proof::Loss && tuning.solver {
            continue;
        }
        let visits = node.visits.max(1) as f32;
        let own = node.value / visits;
        let blended = match node.slot.and_then(|slot| amaf(usize::from(slot))) {
            Some(rave) => {
                let beta = (tuning.rave / (3.0 * visits + tuning.rave)).sqrt();
                (1.0 - beta) * own + beta * rave
            }
            None => own,
        };
        consider(
            Step::Child(child),
            blended + tuning.explore * (log_parent / visits).sqrt(),
        );
    }
    best.map(|(step, _)| step)
}

/// A simulation's result: its winner, and what it is worth to the winner and to the loser.
/// A win is worth 1 and a loss 0, nudged by the margin when the tuning weighs it.
#[derive(Clone, Copy)]
struct Simulated {
    winner: Color,
    won: f32,
    lost: f32,
}

impl Simulated {
    fn new(winner: Color, margin: u32, tuning: &Tuning) -> Self {
        // The margin's part: a won game is worth a little more the more stones it is won by.
        let by_margin = tuning.margin * (margin as f32 / MARGIN_SCALE).tanh();
        Self {
            winner,
            won: (1.0 - tuning.margin) + by_margin,
            lost: tuning.margin - by_margin,
        }
    }

    fn for_player(self, player: Color) -> f32 {
        if player == self.winner {
            self.won
        } else {
            self.lost
        }
    }
}

/// Adds the simulation's result to every node from `leaf` to the root.
fn back_up(nodes: &mut [Node], leaf: usize, result: Simulated) {
    let mut node = leaf;
    while node != usize::MAX {
        let entry = &mut nodes[node];
        entry.visits += 1;
        entry.value += result.for_player(entry.mover);
        node = entry.parent;
    }
}

/// Adds the simulation's result to the RAVE counts of every node from `leaf` to the root:
/// at each node, to every move its player to move made later in the simulation (a
/// placement on the same cell, or a slide to the same cell).
fn back_up_amaf(
    nodes: &mut [Node],
    leaf: usize,
    board: &Board,
    mut later: Trace,
    result: Simulated,
) {
    let mut node = leaf;
    while node != usize::MAX {
        let entry = &mut nodes[node];
        let player = entry.mover.opponent();
        let side = player.index();
        let value = result.for_player(player);
        for (slot, mv) in entry.moves.iter().enumerate() {
            let played = match *mv {
                Move::Place(cell) => later.placed[side].contains(board.index(cell)),
                Move::Slide { to, .. } => later.slid_to[side].contains(board.index(to)),
            };
            if played {
                let (count, total) = &mut entry.amaf[slot];
                *count += 1;
                *total += value;
            }
        }
        if let Some(mv) = entry.mv {
            let side = entry.mover.index();
            match mv {
                Move::Place(cell) => later.placed[side].insert(board.index(cell)),
                Move::Slide { to, .. } => later.slid_to[side].insert(board.index(to)),
            }
        }
        node = entry.parent;
    }
}

/// Stones of margin at which the margin's part of a value is about three quarters used.
const MARGIN_SCALE: f32 = 6.0;

/// Carries a settled leaf up: a move that wins settles its parent as lost for the parent's
/// mover, and a node whose every move loses is won for its mover.
fn prove_upwards(nodes: &mut [Node], leaf: usize) {
    let mut node = leaf;
    while node != ROOT {
        let parent = nodes[node].parent;
        if nodes[parent].proof != Proof::Open {
            return;
        }
        match nodes[node].proof {
            Proof::Open => return,
            Proof::Win => nodes[parent].proof = Proof::Loss,
            Proof::Loss => {
                let all_lost = nodes[parent].listed
                    && nodes[parent].untried.is_empty()
                    && nodes[parent]
                        .children
                        .iter()
                        .all(|&child| nodes[child].proof == Proof::Loss);
                if !all_lost {
                    return;
                }
                nodes[parent].proof = Proof::Win;
            }
        }
        node = parent;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the player to move wins with best play, by trying every line to the full board.
    fn mover_wins(position: &mut Position) -> bool {
        if let Some(outcome) = position.outcome() {
            return outcome.winner == position.turn();
        }
        for mv in position.legal_moves() {
            position.play_unchecked(mv);
            let answered = mover_wins(position);
            position.undo();
            if !answered {
                return true;
            }
        }
        false
    }

    /// Random endings of side 3 with at most `empty` cells left.
    fn endings(count: usize, empty: u32, seed: u64) -> Vec<Position> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..count)
            .map(|_| {
                let mut position = Position::new(3).unwrap();
                while position.empty_count() > empty || position.legal_moves().len() < 2 {
                    if position.is_full() {
                        position = Position::new(3).unwrap();
                    }
                    let mv = position.random_move(&mut rng).unwrap();
                    position.play_unchecked(mv);
                }
                position
            })
            .collect()
    }

    const SOLVER: Tuning = Tuning {
        solver: true,
        ..Tuning::BASELINE
    };

    #[test]
    fn every_proof_agrees_with_an_exhaustive_search() {
        let (mut proofs, mut won) = (0, 0);
        for mut position in endings(40, 4, 5) {
            for child in search(&position, Budget::Playouts(3_000), 1, &SOLVER) {
                if child.proof == Proof::Open {
                    continue;
                }
                position.play_unchecked(child.mv);
                let mover_won = !mover_wins(&mut position);
                position.undo();
                assert_eq!(
                    child.proof == Proof::Win,
                    mover_won,
                    "{} then {}: proved {:?}",
                    position.record(),
                    child.mv,
                    child.proof
                );
                proofs += 1;
                won += usize::from(mover_won);
            }
        }
        // Both kinds of proof were made and checked.
        assert!(proofs > 40 && won > 5, "{proofs} proofs, {won} wins");
    }

    /// Checks that every node's links and move lists agree with the positions they stand for.
    fn assert_well_formed(tree: &Tree) {
        let mut position = tree.root.clone();
        let mut stack = vec![(ROOT, 0usize)];
        let mut seen = 0;
        // Depth-first, playing each node's move on the way down and taking it back on the way up.
        let mut path: Vec<usize> = Vec::new();
        while let Some((node, depth)) = stack.pop() {
            while path.len() > depth {
                path.pop();
                position.undo();
            }
            let entry = &tree.nodes[node];
            if node != ROOT {
                let parent = &tree.nodes[entry.parent];
                let slot = usize::from(entry.slot.expect("a child knows its place"));
                assert_eq!(Some(parent.moves[slot]), entry.mv);
                assert!(parent.children.contains(&node));
                position
                    .play(entry.mv.unwrap())
                    .expect("a child's move is legal");
                assert_eq!(entry.mover, position.turn().opponent());
                path.push(node);
            }
            if entry.listed {
                assert_eq!(entry.moves, position.legal_moves());
            }
            seen += 1;
            for &child in &entry.children {
                assert_eq!(tree.nodes[child].parent, node);
                stack.push((child, path.len()));
            }
        }
        assert_eq!(seen, tree.nodes.len(), "every node hangs from the root");
    }

    #[test]
    fn a_tree_moved_on_keeps_the_branch_the_game_went_down() {
        let hard = Tuning::HARD;
        let mut position = Position::new(4).unwrap();
        let mut tree = Tree::new(&position);
        let mut reused = 0;
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        for ply in 0..30u64 {
            tree.search(Budget::Playouts(2_000), Instant::now(), ply, &hard);
            assert_well_formed(&tree);
            // The most visited move, or now and then another, as a real game goes.
            let children = tree.root_children();
            let mv = if rng.random_bool(0.8) {
                children.iter().max_by_key(|child| child.visits).unwrap().mv
            } else {
                position.random_move(&mut rng).unwrap()
            };
            let expected = children
                .iter()
                .find(|child| child.mv == mv)
                .map(|child| (child.visits, child.value));
            position.play(mv).unwrap();
            tree = tree.moved_on(&position);
            let root = &tree.nodes[ROOT];
            match expected {
                Some((visits, value)) => {
                    assert_eq!((root.visits, root.value), (visits, value));
                    reused += 1;
                }
                None => assert_eq!(tree.nodes.len(), 1, "a move never searched starts anew"),
            }
            assert_eq!((root.mv, root.slot, root.parent), (None, None, usize::MAX));
            assert_well_formed(&tree);
        }
        assert!(reused > 20, "only {reused} moves found in the tree");
        // A position the tree's root does not lead to (the game begun again, another board)
        // starts anew.
        for other in [Position::new(4).unwrap(), Position::new(5).unwrap()] {
            let mut kept = Tree::new(&position);
            kept.search(Budget::Playouts(200), Instant::now(), 1, &hard);
            assert_eq!(kept.moved_on(&other).nodes.len(), 1);
        }
    }

    #[test]
    fn proofs_stay_true_in_a_tree_moved_on() {
        let (mut proofs, mut moved_on) = (0, 0);
        for (index, mut ending) in endings(30, 4, 21).into_iter().enumerate() {
            let mut earlier = ending.clone();
            let (Some(_), Some(_)) = (earlier.undo(), earlier.undo()) else {
                continue;
            };
            let mut tree = Tree::new(&earlier);
            tree.search(
                Budget::Playouts(4_000),
                Instant::now(),
                index as u64,
                &SOLVER,
            );
            let mut tree = tree.moved_on(&ending);
            moved_on += usize::from(tree.nodes.len() > 1);
            let seen = tree.search(Budget::Playouts(500), Instant::now(), 1, &SOLVER);
            for child in seen.iter().filter(|child| child.proof != Proof::Open) {
                ending.play_unchecked(child.mv);
                let mover_won = !mover_wins(&mut ending);
                ending.undo();
                assert_eq!(child.proof == Proof::Win, mover_won, "{}", ending.record());
                proofs += 1;
            }
        }
        assert!(
            moved_on > 20 && proofs > 30,
            "{moved_on} trees moved on, {proofs} proofs"
        );
    }

    #[test]
    fn the_hard_level_proves_a_won_ending_and_plays_the_win() {
        let hard = Tuning::HARD;
        assert!(hard.solver);
        let mut winnable = 0;
        for (index, mut position) in endings(60, 6, 11).into_iter().enumerate() {
            if !mover_wins(&mut position) {
                continue;
            }
            winnable += 1;
            let budget = Budget::Playouts(100_000);
            let seen = search(&position, budget, index as u64, &hard);
            assert!(
                seen.iter().any(|child| child.proof == Proof::Win),
                "{}: no win proved",
                position.record()
            );
            let mv = super::super::choose_tuned(&position, budget, index as u64, 1, &hard).unwrap();
            position.play_unchecked(mv);
            assert!(
                !mover_wins(&mut position),
                "{} let go with {mv}",
                position.record()
            );
            position.undo();
        }
        assert!(winnable >= 15, "only {winnable} winnable endings");
    }
}
