//! An exact search of the two-player endgame, once the bag is empty and nothing is hidden.
//!
//! With two players and an empty bag the tiles a player cannot see are exactly the other rack,
//! so searching with both racks reads nothing a person in the seat could not work out. The
//! search is negamax with alpha-beta on the points still to come, deepened one ply at a time
//! until it reaches the end of every line or the time runs out.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::rc::Rc;
use std::time::Instant;

use crate::abaku::moves::Move;
use crate::abaku::position::Position;

/// What the endgame search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The move to play: the best of the deepest search that completed.
    pub best: Move,
    /// The final score difference, the mover's points less the other player's, end-of-game
    /// adjustments included, when both play on as the search expects; with no search completed,
    /// the difference now.
    pub value: i64,
    /// Whether the search reached the end of the game in every line it had to look at, so that
    /// `value` is what best play on both sides gives.
    pub proven: bool,
    /// Positions visited, over every depth.
    pub nodes: u64,
    /// Plies (moves and passes) of the deepest search that completed; 0 when none did.
    pub depth: u32,
}

/// When the search must stop: at the deadline or after so many positions, whichever is first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The time to stop searching at.
    pub deadline: Instant,
    /// The most positions to visit.
    pub nodes: u64,
}

/// Searches the endgame until `deadline`. `None` unless two players are left to play with the
/// bag empty and the challenge variant off.
#[must_use]
pub fn solve(position: &Position, deadline: Instant) -> Option<Solved> {
    solve_within(
        position,
        Limits {
            deadline,
            nodes: u64::MAX,
        },
    )
}

/// Searches the endgame within `limits`; `None` where [`solve`] gives none.
#[must_use]
pub fn solve_within(position: &Position, limits: Limits) -> Option<Solved> {
    if !applies(position) {
        return None;
    }
    let mut board = position.clone();
    // The search plays and takes back its own moves only; the game's record is not needed.
    board.history.clear();
    let mut search = Search {
        table: HashMap::new(),
        lists: HashMap::new(),
        listed: 0,
        nodes: 0,
        limits,
    };
    let now = difference(&board, board.to_move());
    let root = key(&board);
    let mut found = None;
    let mut proven = false;
    let mut depth = 0;
    while !proven {
        match search.negamax(&mut board, depth + 1, -INFINITY, INFINITY) {
            Ok(outcome) => {
                depth += 1;
                proven = outcome.resolved;
                if let Some(best) = search.table.get(&root).and_then(|entry| entry.best.clone()) {
                    found = Some((best, now + outcome.value));
                }
            }
            Err(Stopped) => break,
        }
    }
    let (best, value) = found.unwrap_or_else(|| (first_choice(&board), now));
    Some(Solved {
        best,
        value,
        proven,
        nodes: search.nodes,
        depth,
    })
}

/// Whether the endgame is one the search can solve exactly: two players, the bag empty (so
/// nothing is hidden), no challenges (whose lost turns the search does not play) and the game
/// still on.
fn applies(position: &Position) -> bool {
    position.players().len() == 2
        && position.bag().is_empty()
        && !position.variants().challenge
        && position.pending().is_none()
        && !position.is_over()
}

/// Beyond any score difference a game can reach.
const INFINITY: i64 = 1 << 40;

/// Entries the table holds at most before it starts again empty, to bound its memory.
const TABLE_LIMIT: usize = 1 << 20;

/// Moves the lists hold at most before they start again empty, to bound their memory.
const LIST_LIMIT: usize = 1 << 21;

/// The search ran out of time or positions.
#[derive(Debug)]
struct Stopped;

/// How a stored value bounds the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

/// What the table keeps about a position.
#[derive(Debug, Clone)]
struct Entry {
    /// Plies searched below it.
    depth: u32,
    value: i64,
    bound: Bound,
    /// Every line below it reached the end of the game: the value holds at any depth.
    resolved: bool,
    best: Option<Move>,
}

/// A searched value (the points still to come, the mover's less the other player's) and
/// whether it is exact, every line below it having reached the end of the game.
#[derive(Debug, Clone, Copy)]
struct Outcome {
    value: i64,
    resolved: bool,
}

struct Search {
    table: HashMap<u64, Entry>,
    /// Each board and rack's moves in order, kept because passes and the deeper searches come
    /// back to them: listing placements is most of a position's cost.
    lists: HashMap<u64, Rc<[Move]>>,
    /// Moves kept in `lists`.
    listed: usize,
    nodes: u64,
    limits: Limits,
}

impl Search {
    /// The points still to come for the player to move in `board`, searched `depth` plies
    /// deep within the window `alpha..beta` (fail-soft).
    fn negamax(
        &mut self,
        board: &mut Position,
        depth: u32,
        mut alpha: i64,
        beta: i64,
    ) -> Result<Outcome, Stopped> {
        self.nodes += 1;
        if self.nodes > self.limits.nodes || Instant::now() >= self.limits.deadline {
            return Err(Stopped);
        }
        if board.is_over() {
            return Ok(Outcome {
                value: 0,
                resolved: true,
            });
        }
        if depth == 0 {
            return Ok(Outcome {
                value: blocked_now(board),
                resolved: false,
            });
        }
        let key = key(board);
        let mut hint = None;
        if let Some(entry) = self.table.get(&key) {
            if entry.resolved || entry.depth >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.value >= beta,
                    Bound::Upper => entry.value <= alpha,
                };
                if cut {
                    return Ok(Outcome {
                        value: entry.value,
                        resolved: entry.resolved,
                    });
                }
            }
            hint = entry.best.clone();
        }
        let start = alpha;
        let me = board.to_move();
        let mut best: Option<(i64, Move)> = None;
        let mut resolved = true;
        let list = self.moves(board);
        let rest = list.iter().filter(|mv| Some(*mv) != hint.as_ref()).cloned();
        for mv in hint.clone().into_iter().chain(rest) {
            let before = difference(board, me);
            if board.play(&mv).is_err() {
                continue;
            }
            // Points this move scores (end-of-game adjustments included) against the other's.
            let gain = difference(board, me) - before;
            let child = self.negamax(board, depth - 1, gain - beta, gain - alpha);
            let _ = board.undo();
            let child = child?;
            let value = gain - child.value;
            resolved &= child.resolved;
            if best.as_ref().is_none_or(|(v, _)| value > *v) {
                best = Some((value, mv));
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        // A pass is always legal, so some move was searched.
        let (value, mv) = best.unwrap_or((0, Move::Pass));
        let bound = if value <= start {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                value,
                bound,
                resolved,
                best: Some(mv),
            },
        );
        Ok(Outcome { value, resolved })
    }
}

impl Search {
    /// The moves of the player to move, in order, listed once per board and rack.
    fn moves(&mut self, board: &Position) -> Rc<[Move]> {
        let mut hasher = DefaultHasher::new();
        board.squares.hash(&mut hasher);
        let mut rack = board.rack(board.to_move()).to_vec();
        rack.sort_unstable();
        rack.hash(&mut hasher);
        let key = hasher.finish();
        if let Some(list) = self.lists.get(&key) {
            return Rc::clone(list);
        }
        let list: Rc<[Move]> = ordered(board).into();
        if self.listed + list.len() > LIST_LIMIT {
            self.lists.clear();
            self.listed = 0;
        }
        self.listed += list.len();
        self.lists.insert(key, Rc::clone(&list));
        list
    }
}

/// The player's score less the other player's.
fn difference(board: &Position, me: usize) -> i64 {
    let players = board.players();
    players[me].score - players[1 - me].score
}

/// At the search's horizon: the points still to come if both passed until the game ends
/// blocked now (each rack's penalty, and in Spin Abaku the colours' difference), which is what
/// the mover can count on holding whatever is played later.
fn blocked_now(board: &mut Position) -> i64 {
    let me = board.to_move();
    let before = difference(board, me);
    let mut passes = 0;
    while !board.is_over() && board.play(&Move::Pass).is_ok() {
        passes += 1;
    }
    let value = difference(board, me) - before;
    for _ in 0..passes {
        let _ = board.undo();
    }
    value
}

/// The moves from `board` in the order to search them: placements by points (more tiles
/// first among equals), the pass last.
fn ordered(board: &Position) -> Vec<Move> {
    let mut scored: Vec<(i64, usize, Move)> = board
        .legal_placements()
        .into_iter()
        .filter_map(|placement| {
            let points = board.evaluate(&placement).ok()?.points;
            Some((points, placement.len(), Move::Place(placement)))
        })
        .collect();
    scored.sort_by_key(|(points, tiles, _)| std::cmp::Reverse((*points, *tiles)));
    let mut moves: Vec<Move> = scored.into_iter().map(|(_, _, mv)| mv).collect();
    moves.push(Move::Pass);
    moves
}

/// The move played when no search completed: the placement scoring most, or a pass.
fn first_choice(board: &Position) -> Move {
    ordered(board).swap_remove(0)
}

/// What decides how the game goes on from here: the board (and its colours in Spin Abaku),
/// both racks as sets, the player to move and the passes in a row. The scores are left out,
/// because the search values the points still to come, which do not depend on those already
/// scored; each player's own passes are left out, because with the bag empty no one can lose
/// by passing three times.
fn key(board: &Position) -> u64 {
    let mut hasher = DefaultHasher::new();
    board.squares.hash(&mut hasher);
    if board.variants.spin {
        board.colours.hash(&mut hasher);
    }
    for player in board.players() {
        let mut rack = player.rack.clone();
        rack.sort_unstable();
        rack.hash(&mut hasher);
    }
    board.to_move().hash(&mut hasher);
    board.live.passes_in_row.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::{Arc, Mutex, OnceLock};
    use std::time::Duration;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::abaku::ai::{Budget, Level, choose_move_within};
    use crate::abaku::position::Setup;
    use crate::abaku::random::random_move;

    /// No deadline a test could reach.
    fn far() -> Instant {
        Instant::now() + Duration::from_secs(3600)
    }

    /// A two-player game between normal players up to the turn the bag is empty; `None` if it
    /// ended before. Each seed's game is played once for all the tests here.
    fn bag_emptied(seed: u64) -> Option<Position> {
        type Played = BTreeMap<u64, Arc<OnceLock<Option<Position>>>>;
        static PLAYED: Mutex<Played> = Mutex::new(BTreeMap::new());
        let game = Arc::clone(PLAYED.lock().unwrap().entry(seed).or_default());
        game.get_or_init(|| play_until_the_bag_is_empty(seed))
            .clone()
    }

    fn play_until_the_bag_is_empty(seed: u64) -> Option<Position> {
        let mut position = Position::new(Setup::new(2, seed)).ok()?;
        let budget = Budget::default();
        let mut turn = 0;
        while !position.bag().is_empty() {
            let mv = choose_move_within(&position, Level::Normal, seed * 1000 + turn, budget);
            position.play(&mv).ok()?;
            turn += 1;
            if position.is_over() {
                return None;
            }
        }
        Some(position)
    }

    /// Small endings on a crowded board: from the turn the bag is empty, random placements
    /// (and passes where there is none) until the racks hold at most `most` tiles together
    /// and three each; `tries` different ways on from each game.
    fn endings(games: u64, tries: u64, most: usize) -> Vec<Position> {
        let mut out = Vec::new();
        for seed in 0..games {
            let Some(start) = bag_emptied(seed + 1) else {
                continue;
            };
            for k in 0..tries {
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 100 + k);
                let mut position = start.clone();
                let large = |position: &Position| {
                    let racks = position.players().iter().map(|p| p.rack.len());
                    racks.clone().sum::<usize>() > most || racks.max() > Some(3)
                };
                while !position.is_over() && large(&position) {
                    let mv = random_move(&position, &mut rng);
                    position.play(&mv).unwrap();
                }
                if !position.is_over() {
                    out.push(position);
                }
            }
        }
        out
    }

    /// Plain minimax over every placement and the pass, no pruning and no table of values:
    /// the points still to come for the player to move, or `None` past `nodes_left` positions
    /// (a few endings of many placements would take it minutes). Only the lists of placements
    /// are kept, by board and rack, since passes bring the same ones back again and again.
    fn minimax(
        board: &mut Position,
        lists: &mut HashMap<u64, Vec<Move>>,
        nodes_left: &mut u64,
    ) -> Option<i64> {
        if board.is_over() {
            return Some(0);
        }
        *nodes_left = nodes_left.checked_sub(1)?;
        let me = board.to_move();
        let mut hasher = DefaultHasher::new();
        board.squares.hash(&mut hasher);
        board.rack(me).hash(&mut hasher);
        let moves = lists
            .entry(hasher.finish())
            .or_insert_with(|| {
                let mut moves: Vec<Move> = board
                    .legal_placements()
                    .into_iter()
                    .map(Move::Place)
                    .collect();
                moves.push(Move::Pass);
                moves
            })
            .clone();
        let mut best = i64::MIN;
        for mv in moves {
            let before = difference(board, me);
            board.play(&mv).unwrap();
            let gain = difference(board, me) - before;
            let rest = minimax(board, lists, nodes_left);
            board.undo().unwrap();
            best = best.max(gain - rest?);
        }
        Some(best)
    }

    /// The positions plain minimax may visit in one ending of the cross-check.
    const MINIMAX_NODES: u64 = 20_000;

    /// The rack sizes of an ending, smaller first.
    fn sizes(position: &Position) -> (usize, usize) {
        let (a, b) = (position.rack(0).len(), position.rack(1).len());
        (a.min(b), a.max(b))
    }

    #[test]
    fn the_search_agrees_with_plain_minimax() {
        let small = endings(60, 10, 3);
        // One rack of three against a single tile: plain minimax takes under a second on most
        // of these, and minutes on a few, which it leaves out.
        let larger: Vec<Position> = endings(10, 4, 4)
            .into_iter()
            .filter(|position| sizes(position) == (1, 3))
            .take(10)
            .collect();
        assert!(larger.len() >= 4, "{} larger endings", larger.len());
        let (mut compared, mut larger_compared, mut too_large) = (0, 0, 0);
        for position in small.iter().chain(&larger) {
            let mut board = position.clone();
            let mover = difference(&board, board.to_move());
            let mut nodes_left = MINIMAX_NODES;
            let Some(rest) = minimax(&mut board, &mut HashMap::new(), &mut nodes_left) else {
                too_large += 1;
                continue;
            };
            let solved = solve(position, far()).unwrap();
            assert!(solved.proven);
            assert_eq!(solved.value, mover + rest, "{}", position.to_text());
            assert!(position.clone().play(&solved.best).is_ok());
            compared += 1;
            larger_compared += usize::from(sizes(position) == (1, 3));
        }
        assert!(compared >= 250, "{compared} endings compared");
        assert!(
            larger_compared >= 4,
            "{larger_compared} larger endings compared"
        );
        assert!(
            too_large * 20 <= compared,
            "{too_large} endings too large for plain minimax, {compared} compared"
        );
    }

    /// Played on by the search for both sides, a proven ending finishes with the value it was
    /// proven to have.
    #[test]
    fn a_proven_value_is_what_the_game_gives() {
        for position in endings(6, 3, 4) {
            let me = position.to_move();
            let solved = solve(&position, far()).unwrap();
            assert!(solved.proven);
            let mut board = position.clone();
            while let Some(next) = solve(&board, far()) {
                board.play(&next.best).unwrap();
            }
            assert!(board.is_over());
            assert_eq!(difference(&board, me), solved.value);
        }
    }

    /// Stopped early, the search still gives a legal move, says it proved nothing and stays
    /// within its count of positions.
    #[test]
    fn a_stopped_search_gives_a_legal_move_unproven() {
        let mut stopped = 0;
        for seed in 1..12 {
            let Some(position) = bag_emptied(seed) else {
                continue;
            };
            for nodes in [1, 40, 400] {
                let limits = Limits {
                    deadline: far(),
                    nodes,
                };
                let solved = solve_within(&position, limits).unwrap();
                assert!(solved.nodes <= nodes + 1, "{} nodes", solved.nodes);
                assert!(position.clone().play(&solved.best).is_ok());
                if !solved.proven {
                    stopped += 1;
                }
                if nodes == 1 {
                    assert_eq!(solved.depth, 0);
                }
            }
        }
        assert!(stopped >= 20, "{stopped} stopped searches");
    }

    /// Only with two players and the bag empty: anything else has hidden tiles.
    #[test]
    fn nothing_while_tiles_are_hidden() {
        let fresh = Position::new(Setup::new(2, 3)).unwrap();
        assert!(solve(&fresh, far()).is_none());
        let three = Position::new(Setup::new(3, 3)).unwrap();
        assert!(solve(&three, far()).is_none());
        let emptied = bag_emptied(2).unwrap();
        let limits = Limits {
            deadline: far(),
            nodes: 10,
        };
        assert!(solve_within(&emptied, limits).is_some());
    }
}
