//! A deliberately plain second implementation of the hex game's rules, for cross-checks.
//!
//! It follows the rule text word by word with hash maps and breadth-first searches, shares no
//! code with the fast rules core, and is only ever used to confirm what the core says.

use std::collections::{HashMap, HashSet, VecDeque};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Stone {
    Black,
    White,
}

#[derive(Clone, Debug)]
pub struct SimpleGame {
    side: i32,
    stones: HashMap<(i32, i32), Stone>,
    to_move: Stone,
}

/// A move as (from, to) cells; `from == None` is a placement.
pub type SimpleMove = (Option<(i32, i32)>, (i32, i32));

const STEPS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)];

impl SimpleGame {
    pub fn new(side: i32) -> Self {
        Self {
            side,
            stones: HashMap::new(),
            to_move: Stone::Black,
        }
    }

    pub fn on_board(&self, (c, r): (i32, i32)) -> bool {
        let n = self.side;
        (0..2 * n - 1).contains(&c) && (0..2 * n - 1).contains(&r) && (c - r).abs() < n
    }

    pub fn all_cells(&self) -> Vec<(i32, i32)> {
        let d = 2 * self.side - 1;
        let mut cells = Vec::new();
        for c in 0..d {
            for r in 0..d {
                if self.on_board((c, r)) {
                    cells.push((c, r));
                }
            }
        }
        cells
    }

    fn group_size(stones: &HashMap<(i32, i32), Stone>, start: (i32, i32)) -> usize {
        let colour = stones[&start];
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some((c, r)) = queue.pop_front() {
            for (dc, dr) in STEPS {
                let next = (c + dc, r + dr);
                if stones.get(&next) == Some(&colour) && seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        seen.len()
    }

    pub fn is_full(&self) -> bool {
        self.stones.len() == self.all_cells().len()
    }

    pub fn moves(&self) -> Vec<SimpleMove> {
        let mut moves = Vec::new();
        for cell in self.all_cells() {
            if !self.stones.contains_key(&cell) {
                moves.push((None, cell));
            }
        }
        for (&from, &colour) in &self.stones {
            if colour != self.to_move {
                continue;
            }
            let before = Self::group_size(&self.stones, from);
            for (dc, dr) in STEPS {
                let mut to = from;
                loop {
                    to = (to.0 + dc, to.1 + dr);
                    if !self.on_board(to) || self.stones.contains_key(&to) {
                        break;
                    }
                    let mut after = self.stones.clone();
                    after.remove(&from);
                    after.insert(to, colour);
                    let formed = Self::group_size(&after, to);
                    if formed >= 2 && formed < before {
                        moves.push((Some(from), to));
                    }
                }
            }
        }
        moves
    }

    pub fn play(&mut self, (from, to): SimpleMove) {
        if let Some(from) = from {
            self.stones.remove(&from);
        }
        self.stones.insert(to, self.to_move);
        self.to_move = match self.to_move {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        };
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.is_full() {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play(mv);
                next.perft(depth - 1)
            })
            .sum()
    }
}

/// Reads `C4` or `C4-A2` into the simple form; the test data is trusted.
pub fn parse_simple_move(text: &str) -> SimpleMove {
    let cell = |t: &str| {
        let col = i32::from(t.as_bytes()[0] - b'A');
        let row: i32 = t[1..].parse().expect("row number");
        (col, row - 1)
    };
    match text.split_once('-') {
        Some((from, to)) => (Some(cell(from)), cell(to)),
        None => (None, cell(text)),
    }
}

/// Writes a simple move in the game's notation.
pub fn format_simple_move((from, to): SimpleMove) -> String {
    let cell = |(c, r): (i32, i32)| format!("{}{}", (b'A' + c as u8) as char, r + 1);
    match from {
        Some(from) => format!("{}-{}", cell(from), cell(to)),
        None => cell(to),
    }
}
