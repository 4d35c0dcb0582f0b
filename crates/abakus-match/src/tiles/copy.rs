//! A tile game as one seat may know it, for a window that plays that seat in a room elsewhere:
//! the moves everyone sees played on a copy whose hidden tiles (the other racks and the bag) are
//! a guess, set right before each move with what the seat learns, so that the copy's picture for
//! that seat is the room's and no tile it holds for another is ever theirs.

use abakus_rules::abaku::{Laid, Move, Tile};
use serde::{Deserialize, Serialize};

use super::turn::{challenge, play_turn};
use super::{Stage, TilesChange, TilesIntent, TilesMatch, TilesSave, TilesSetup};

/// A move as every seat learns of it: a laying, a pass, a concession or a challenge in the
/// game's notation; an exchange by how many tiles went back; the challenge window closed by
/// accepting the move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeenMove {
    Line(String),
    Exchange(usize),
    Accept,
}

impl SeenMove {
    /// A kept line of a game as every seat may learn it: an exchange's tiles left out.
    #[must_use]
    pub fn of_line(line: &str) -> SeenMove {
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["accept"] => SeenMove::Accept,
            ["exchange", tiles @ ..] => SeenMove::Exchange(tiles.len()),
            _ => SeenMove::Line(line.to_owned()),
        }
    }
}

/// What a window playing one seat elsewhere is told of the game so far: enough to make its
/// copy from the start, and nothing that seat has not seen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The table, its deal left out (the seed is 0).
    pub table: TilesSetup,
    /// Who moved first.
    pub first: usize,
    /// The seat's first rack, as its tiles' characters.
    pub rack: String,
    /// Each move as every seat saw it, with the seat's rack after it.
    pub seen: Vec<(SeenMove, String)>,
    /// The whole game, deal and all, once it is over: then every rack may be seen.
    pub record: Option<TilesSave>,
}

/// `seat`'s record of the game played at `setup` by the kept `lines` (the rules' moves, with
/// `accept` where the challenge window was closed by accepting).
///
/// # Errors
/// A line the rules refuse.
pub fn seat_record(
    setup: &TilesSetup,
    lines: &[String],
    seat: usize,
) -> Result<SeatRecord, String> {
    record_for(setup, lines, Some(seat))
}

/// A watcher's record of the game played at `setup` by the kept `lines`: a seat's with no
/// rack at all, the whole game only once it is over.
///
/// # Errors
/// A line the rules refuse.
pub fn watcher_record(setup: &TilesSetup, lines: &[String]) -> Result<SeatRecord, String> {
    record_for(setup, lines, None)
}

fn record_for(
    setup: &TilesSetup,
    lines: &[String],
    seat: Option<usize>,
) -> Result<SeatRecord, String> {
    let mut game = TilesMatch::new(setup.clone()).map_err(|why| why.to_string())?;
    let rack_of = |game: &TilesMatch| -> String {
        let Some(seat) = seat else {
            return String::new();
        };
        game.position()
            .rack(seat)
            .iter()
            .map(|tile| tile.to_char())
            .collect()
    };
    let first = game.position().to_move();
    let rack = rack_of(&game);
    let mut seen = Vec::with_capacity(lines.len());
    for line in lines {
        let changes = if line == "accept" {
            super::apply(&mut game, TilesIntent::Accept)
        } else {
            match game
                .position()
                .parse_move(line)
                .map_err(|why| why.to_string())?
            {
                Move::Challenge(challenger) => challenge(&mut game, challenger),
                mv => play_turn(&mut game, mv),
            }
        };
        if changes.first() == Some(&TilesChange::Refused) {
            return Err(format!("the rules refuse the kept line {line:?}"));
        }
        seen.push((SeenMove::of_line(line), rack_of(&game)));
    }
    let record = game.position().is_over().then(|| game.save());
    Ok(SeatRecord {
        table: TilesSetup {
            seed: 0,
            ..setup.clone()
        },
        first,
        rack,
        seen,
        record,
    })
}

/// Tiles written as their characters, read back; `None` for a character that is no tile.
#[must_use]
pub fn tiles_of(text: &str) -> Option<Vec<Tile>> {
    text.chars().map(Tile::from_char).collect()
}

impl SeatCopy {
    /// A copy made from a seat's record, from a guess's `seed`.
    ///
    /// # Errors
    /// The record does not make a game.
    pub fn from_record(record: &SeatRecord, seat: usize, seed: u64) -> Result<SeatCopy, String> {
        SeatCopy::from_record_for(record, Some(seat), seed)
    }

    /// A watcher's copy made from a watcher's record, from a guess's `seed`: every rack a
    /// guess, none of them anyone's.
    ///
    /// # Errors
    /// The record does not make a game.
    pub fn watching(record: &SeatRecord, seed: u64) -> Result<SeatCopy, String> {
        SeatCopy::from_record_for(record, None, seed)
    }

    fn from_record_for(
        record: &SeatRecord,
        seat: Option<usize>,
        seed: u64,
    ) -> Result<SeatCopy, String> {
        let unreadable = || "a rack that is not tiles".to_owned();
        let rack = tiles_of(&record.rack).ok_or_else(unreadable)?;
        let table = TilesSetup {
            seed,
            ..record.table.clone()
        };
        let mut copy = SeatCopy::for_viewer(table, seat, &rack, record.first)?;
        for (seen, rack) in &record.seen {
            let rack = tiles_of(rack).ok_or_else(unreadable)?;
            copy.play(seen, &rack).map_err(|why| why.to_string())?;
        }
        Ok(copy)
    }
}

/// Why a seen move does not fit the copy: the room and the copy disagree, and the copy is
/// to be made again from the start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the move {0:?} does not fit the seat's copy of the game")]
pub struct CopyError(pub SeenMove);

/// One seat's copy of a game played elsewhere (or a watcher's, who has no seat).
#[derive(Debug, Clone)]
pub struct SeatCopy {
    game: TilesMatch,
    seat: Option<usize>,
}

impl SeatCopy {
    /// A copy of the game at `setup` (whose seed is a guess's, any but the room's), for
    /// `seat`, whose first rack is `rack`, with `first` the first to move.
    ///
    /// # Errors
    /// The table is refused by the rules, or the rack is not one the set can deal.
    pub fn new(
        setup: TilesSetup,
        seat: usize,
        rack: &[Tile],
        first: usize,
    ) -> Result<SeatCopy, String> {
        SeatCopy::for_viewer(setup, Some(seat), rack, first)
    }

    fn for_viewer(
        setup: TilesSetup,
        seat: Option<usize>,
        rack: &[Tile],
        first: usize,
    ) -> Result<SeatCopy, String> {
        // The deal decides who moves first: a guess is looked for that agrees.
        let guesses = (0..4096u64).map(|k| TilesSetup {
            seed: setup.seed.wrapping_add(k),
            ..setup.clone()
        });
        let mut game = None;
        for guess in guesses {
            let tried = TilesMatch::new(guess).map_err(|why| why.to_string())?;
            if tried.position().to_move() == first {
                game = Some(tried);
                break;
            }
        }
        let game = game.ok_or("no deal lets that seat move first")?;
        let mut copy = SeatCopy { game, seat };
        if !copy.hold_own(rack) {
            return Err("the seat's rack is not one the set can deal".to_owned());
        }
        Ok(copy)
    }

    /// The copy as it stands, for the screen to draw.
    #[must_use]
    pub fn game(&self) -> &TilesMatch {
        &self.game
    }

    /// The seat this copy is kept for; `None` for a watcher's.
    #[must_use]
    pub fn seat(&self) -> Option<usize> {
        self.seat
    }

    /// The gathering of the room: nobody plays before every seat is taken.
    pub fn set_gathering(&mut self, gathering: bool) {
        self.game.set_gathering(gathering);
    }

    /// Plays the next move every seat saw, then sets the seat's own rack to `rack` (the tiles
    /// it holds after it, in any order); the changes are the screen's to show.
    ///
    /// # Errors
    /// The move does not fit the copy: the copy is as it was.
    pub fn play(&mut self, seen: &SeenMove, rack: &[Tile]) -> Result<Vec<TilesChange>, CopyError> {
        let before = self.game.clone();
        let refused = || CopyError(seen.clone());
        let changes = match seen {
            SeenMove::Accept if self.game.stage() == Stage::ChallengeWindow => {
                super::apply(&mut self.game, TilesIntent::Accept)
            }
            SeenMove::Accept => return Err(refused()),
            SeenMove::Exchange(count) => {
                let mover = self.game.position().to_move();
                let rack = self.game.position().rack(mover);
                let given: Vec<Tile> = rack.iter().take(*count).copied().collect();
                if given.len() != *count {
                    return Err(refused());
                }
                self.play_move(Move::Exchange(given))
            }
            SeenMove::Line(line) => {
                let mv = self
                    .game
                    .position()
                    .parse_move(line)
                    .map_err(|_| refused())?;
                if let Move::Challenge(challenger) = mv {
                    challenge(&mut self.game, challenger)
                } else {
                    let mover = self.game.position().to_move();
                    if !self.hold(mover, &from_the_rack(&mv)) {
                        return Err(refused());
                    }
                    self.play_move(mv)
                }
            }
        };
        let refused_by_rules = changes.first() == Some(&TilesChange::Refused);
        if refused_by_rules || !self.hold_own(rack) {
            self.game = before;
            return Err(refused());
        }
        Ok(changes)
    }

    /// Makes the seat's own rack `rack`; a watcher has none to hold.
    fn hold_own(&mut self, rack: &[Tile]) -> bool {
        match self.seat {
            Some(seat) => self.hold(seat, rack),
            None => true,
        }
    }

    fn play_move(&mut self, mv: Move) -> Vec<TilesChange> {
        self.game.clear_turn();
        play_turn(&mut self.game, mv)
    }

    /// Makes `player`'s rack hold `tiles`, trading with what the seat cannot see; false when
    /// the hidden tiles do not hold them.
    fn hold(&mut self, player: usize, tiles: &[Tile]) -> bool {
        // A watcher sees no rack: every one may trade with the others.
        let viewer = self.seat.unwrap_or(usize::MAX);
        match self.game.position.with_rack_holding(viewer, player, tiles) {
            Some(position) => {
                self.game.position = position;
                true
            }
            None => false,
        }
    }
}

/// The tiles a move takes from its player's rack: those laid, a digit that frees the board's
/// joker (which then comes from the board, not the rack), the tiles exchanged.
fn from_the_rack(mv: &Move) -> Vec<Tile> {
    match mv {
        Move::Place(placement) => {
            let mut tiles: Vec<Tile> = placement
                .replace
                .iter()
                .map(|&(_, digit)| Tile::Digit(digit))
                .collect();
            let mut freed = placement.replace.is_some();
            for put in &placement.puts {
                match put.laid {
                    Laid::Digit(digit) => tiles.push(Tile::Digit(digit)),
                    Laid::Joker(_) if freed => freed = false,
                    Laid::Joker(_) => tiles.push(Tile::Joker),
                }
            }
            tiles
        }
        Move::Exchange(tiles) => tiles.clone(),
        Move::Pass | Move::Concede | Move::Challenge(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TurnLimit;
    use crate::tiles::view::{Viewer, view};
    use crate::tiles::{Seat, SeatKind, apply, random_turn};
    use abakus_rules::abaku::Variants;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn table(players: usize, seed: u64, challenge: bool) -> TilesSetup {
        table_on(players, seed, challenge, seed.is_multiple_of(3))
    }

    fn table_on(players: usize, seed: u64, challenge: bool, board_b: bool) -> TilesSetup {
        TilesSetup {
            seats: (0..players)
                .map(|seat| Seat {
                    name: format!("P{seat}"),
                    kind: SeatKind::Phone,
                })
                .collect(),
            variants: Variants {
                challenge,
                ..Variants::default()
            },
            board_b,
            seed,
            turn_limit: TurnLimit::Off,
        }
    }

    /// The seat's picture of the real game and of its copy: the same, its rack in the same
    /// order, which the seat's moves name its tiles by.
    fn same_picture(real: &TilesMatch, copy: &TilesMatch, seat: usize, when: &str) {
        let real_view = view(real, Viewer::Seat(seat));
        let copy_view = view(copy, Viewer::Seat(seat));
        assert_eq!(real_view, copy_view, "seat {seat}'s picture {when}");
    }

    /// Hundreds of random games of 2 to 4 seats, with and without challenges: each seat's copy,
    /// told only the moves everyone sees and its own rack, shows that seat exactly what the
    /// real game shows it after every move, up to the end (whose racks the room reveals); a
    /// watcher's copy, told no rack, shows a watcher what the real game shows one.
    #[test]
    fn each_seats_copy_shows_it_what_the_game_shows_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(52);
        let mut moves_checked = 0;
        for game_number in 0..300u64 {
            let players = 2 + (game_number % 3) as usize;
            let challenge = game_number % 4 == 1;
            let mut real = TilesMatch::new(table(players, game_number, challenge)).unwrap();
            let first = real.position().to_move();
            let mut copies: Vec<SeatCopy> = (0..players)
                .map(|seat| {
                    let guess = TilesSetup {
                        seed: rng.random(),
                        ..real.setup().clone()
                    };
                    SeatCopy::new(guess, seat, real.position().rack(seat), first).unwrap()
                })
                .collect();
            let guess = TilesSetup {
                seed: rng.random(),
                ..real.setup().clone()
            };
            let mut watcher = SeatCopy::for_viewer(guess, None, &[], first).unwrap();
            let mut lines = 0;
            for _ in 0..300 {
                if real.position().is_over() {
                    break;
                }
                let intents = if real.stage() == Stage::ChallengeWindow {
                    let pending = real.position().pending().unwrap().player;
                    let other = (pending + 1) % players;
                    if rng.random_bool(0.3) {
                        vec![TilesIntent::Challenge(other)]
                    } else {
                        vec![TilesIntent::Accept]
                    }
                } else {
                    random_turn(&real, &mut rng)
                };
                let was_window = real.stage() == Stage::ChallengeWindow;
                for intent in intents {
                    apply(&mut real, intent);
                }
                let mut seen: Vec<SeenMove> = real.moves()[lines..]
                    .iter()
                    .map(|line| SeenMove::of_line(line))
                    .collect();
                lines = real.moves().len();
                if was_window && seen.is_empty() && real.stage() != Stage::ChallengeWindow {
                    seen.push(SeenMove::Accept);
                }
                for mv in &seen {
                    watcher
                        .play(mv, &[])
                        .unwrap_or_else(|why| panic!("game {game_number}, watching: {why}"));
                }
                if !real.position().is_over() {
                    let (real_view, copy_view) = (
                        view(&real, Viewer::Watcher),
                        view(watcher.game(), Viewer::Watcher),
                    );
                    assert_eq!(real_view, copy_view, "the watcher's picture");
                }
                for (seat, copy) in copies.iter_mut().enumerate() {
                    for mv in &seen {
                        let rack = real.position().rack(seat).to_vec();
                        copy.play(mv, &rack)
                            .unwrap_or_else(|why| panic!("game {game_number}, seat {seat}: {why}"));
                    }
                    if !real.position().is_over() {
                        same_picture(&real, copy.game(), seat, &format!("in game {game_number}"));
                        assert_eq!(
                            real.position().rack(seat),
                            copy.game().position().rack(seat)
                        );
                    }
                }
                moves_checked += seen.len();
            }
            assert!(real.position().is_over(), "game {game_number} ends");
        }
        assert!(moves_checked > 10_000, "{moves_checked} moves checked");
    }

    /// A seat's record, sent as JSON and read back, makes a copy with the seat's picture; the
    /// whole game comes only once it is over.
    #[test]
    fn a_seats_record_makes_its_copy_and_reveals_the_deal_only_at_the_end() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut real = TilesMatch::new(table(3, 31, false)).unwrap();
        let mut checked = 0;
        while !real.position().is_over() {
            for intent in random_turn(&real, &mut rng) {
                apply(&mut real, intent);
            }
            for seat in 0..3 {
                let record = seat_record(real.setup(), real.moves(), seat).unwrap();
                let text = serde_json::to_string(&record).unwrap();
                let record: SeatRecord = serde_json::from_str(&text).unwrap();
                let copy = SeatCopy::from_record(&record, seat, rng.random()).unwrap();
                let watching = watcher_record(real.setup(), real.moves()).unwrap();
                assert!(
                    watching.rack.is_empty() && watching.seen.iter().all(|(_, r)| r.is_empty()),
                    "a watcher is told no rack"
                );
                let watcher = SeatCopy::watching(&watching, rng.random()).unwrap();
                assert_eq!(
                    view(&real, Viewer::Watcher),
                    view(watcher.game(), Viewer::Watcher),
                    "a watcher's picture from its record"
                );
                if real.position().is_over() {
                    let whole = record.record.expect("the whole game at the end");
                    assert_eq!(whole, real.save());
                } else {
                    assert!(!text.contains("\"seed\":31"), "the deal is not told");
                    assert!(record.record.is_none());
                    same_picture(&real, copy.game(), seat, "from its record");
                    checked += 1;
                }
            }
        }
        assert!(checked > 30, "{checked} pictures checked");
    }

    #[test]
    fn an_exchange_is_seen_by_its_count_and_a_move_that_does_not_fit_changes_nothing() {
        assert_eq!(SeenMove::of_line("exchange 3 5 ?"), SeenMove::Exchange(3));
        assert_eq!(SeenMove::of_line("accept"), SeenMove::Accept);
        assert_eq!(SeenMove::of_line("pass"), SeenMove::Line("pass".into()));
        let real = TilesMatch::new(table(2, 7, false)).unwrap();
        let first = real.position().to_move();
        let guess = table_on(2, 8, false, real.setup().board_b);
        let mut copy = SeatCopy::new(guess, 0, real.position().rack(0), first).unwrap();
        let before = format!("{:?}", copy.game());
        let rack = real.position().rack(0).to_vec();
        for nonsense in ["H8 = 9", "place nothing", "challenge 7"] {
            let seen = SeenMove::Line(nonsense.into());
            assert_eq!(copy.play(&seen, &rack), Err(CopyError(seen.clone())));
        }
        assert_eq!(
            copy.play(&SeenMove::Accept, &rack),
            Err(CopyError(SeenMove::Accept))
        );
        // Two tiles of a kind the set holds only so many of: no hidden tiles hold them.
        let seen = SeenMove::Line("pass".into());
        assert!(copy.play(&seen, &[Tile::Joker; 5]).is_err());
        assert_eq!(
            format!("{:?}", copy.game()),
            before,
            "the copy is as it was"
        );
    }
}
