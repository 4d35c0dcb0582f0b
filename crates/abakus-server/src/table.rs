//! A room's game, either one: its table as the store keeps it, its moves, its pages, and what
//! it does by itself (the computer's turn, the challenge window's answer, a turn out of time),
//! so the rooms run both games by one flow.

use std::time::Duration;

use abakus_match::hex::{self, HexIntent, HexMatch, HexSetup};
use abakus_match::room::Viewer;
use abakus_match::tiles::{
    SeatKind, Stage, TilesIntent, TilesMatch, TilesSave, TilesSetup, computers_answer,
};
use abakus_pages::{Host, PageFile};
use abakus_rules::abaku::ai::Level;
use abakus_rules::hex::ai::Level as HexLevel;
use abakus_words::Language;
use serde_json::{Value, json};

/// How long the hard and expert computers think at the hex game, as in the window.
const HEX_THINK: Duration = Duration::from_secs(1);
/// The stored line that starts a new game at the same table; for the tile game its new
/// deal's seed follows it.
const REMATCH: &str = "rematch";

/// A new room's table.
#[derive(Debug, Clone)]
pub enum Setup {
    Tiles(TilesSetup),
    Hex(HexSetup),
}

/// A room's game as it stands.
#[derive(Debug, Clone)]
pub enum Table {
    Tiles(TilesTable),
    Hex(HexMatch),
}

/// The stored line that says the people accepted the move in the challenge window.
const ACCEPT: &str = "accept";

/// A tile game and the moments its challenge window was closed by accepting the move: the
/// rules keep no move for that, and a room must, or a restart would open the window again.
#[derive(Debug, Clone)]
pub struct TilesTable {
    game: TilesMatch,
    /// For each acceptance, how many of the rules' moves came before it.
    accepts: Vec<usize>,
}

impl std::ops::Deref for TilesTable {
    type Target = TilesMatch;
    fn deref(&self) -> &TilesMatch {
        &self.game
    }
}

impl std::ops::DerefMut for TilesTable {
    fn deref_mut(&mut self) -> &mut TilesMatch {
        &mut self.game
    }
}

impl TilesTable {
    fn new(game: TilesMatch) -> Self {
        Self {
            game,
            accepts: Vec::new(),
        }
    }

    /// The stored lines: the rules' moves with an acceptance's line where it came.
    fn lines(&self) -> Vec<String> {
        let moves = self.game.moves();
        let mut lines = Vec::with_capacity(moves.len() + self.accepts.len());
        let mut accepts = self.accepts.iter().peekable();
        for (index, mv) in moves.iter().enumerate() {
            while accepts.next_if(|&&at| at == index).is_some() {
                lines.push(ACCEPT.to_owned());
            }
            lines.push(mv.clone());
        }
        lines.extend(accepts.map(|_| ACCEPT.to_owned()));
        lines
    }

    /// The game from its stored lines: the rules' moves replayed, and the challenge window
    /// closed again if it was when the last line was kept.
    fn replay(setup: TilesSetup, lines: Vec<String>) -> Result<Self, String> {
        let mut moves = Vec::with_capacity(lines.len());
        let mut accepts = Vec::new();
        for line in lines {
            if line == ACCEPT {
                accepts.push(moves.len());
            } else {
                moves.push(line);
            }
        }
        let kept = moves.len();
        let mut game = TilesMatch::replay(&TilesSave { setup, moves })
            .map_err(|why| format!("its moves do not replay: {why}"))?;
        if accepts.last() == Some(&kept) && game.stage() == Stage::ChallengeWindow {
            abakus_match::tiles::apply(&mut game, TilesIntent::Accept);
        }
        Ok(Self { game, accepts })
    }

    fn apply(&mut self, intent: TilesIntent) {
        let accepting = intent == TilesIntent::Accept;
        let before = self.game.stage();
        abakus_match::tiles::apply(&mut self.game, intent);
        if accepting && before == Stage::ChallengeWindow && self.game.stage() != before {
            self.accepts.push(self.game.moves().len());
        }
    }
}

/// What a player, the computer or the clock asks of a table.
#[derive(Debug, Clone)]
pub enum Intent {
    Tiles(TilesIntent),
    Hex(HexIntent),
}

/// A computer's search, to run away from the runtime's threads: the intent it ends in.
pub type Search = Box<dyn FnOnce() -> Option<Intent> + Send>;

impl Setup {
    /// The store's name for the game.
    pub fn game(&self) -> &'static str {
        match self {
            Setup::Tiles(_) => "tiles",
            Setup::Hex(_) => "hex",
        }
    }

    /// The table as the store keeps it.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        match self {
            Setup::Tiles(setup) => serde_json::to_string(setup),
            Setup::Hex(setup) => serde_json::to_string(setup),
        }
    }

    /// The seats people play by link.
    pub fn people(&self) -> Vec<usize> {
        match self {
            Setup::Tiles(setup) => setup.phone_seats(),
            Setup::Hex(setup) => hex_people(&setup.seats),
        }
    }

    /// The seats' names, in seat order.
    pub fn names(&self) -> Vec<String> {
        match self {
            Setup::Tiles(setup) => setup.names(),
            Setup::Hex(setup) => setup.names.to_vec(),
        }
    }
}

impl Table {
    /// A new game at `setup`.
    ///
    /// # Errors
    /// A table the rules refuse.
    pub fn new(setup: &Setup) -> Result<Table, String> {
        match setup {
            Setup::Tiles(setup) => TilesMatch::new(setup.clone())
                .map(|game| Table::Tiles(TilesTable::new(game)))
                .map_err(|why| why.to_string()),
            Setup::Hex(setup) => {
                let game = HexMatch::from_setup(setup);
                if game.position().side() == setup.side {
                    Ok(Table::Hex(game))
                } else {
                    Err(format!(
                        "a board of side {} is not one of the game's",
                        setup.side
                    ))
                }
            }
        }
    }

    /// The game the store kept: `game`'s table as JSON, and its lines: the moves of each game
    /// played there, a rematch's line between two. The last game's moves are replayed by the
    /// rules; with it, how many lines come before them.
    ///
    /// # Errors
    /// A game, table or move the store holds that does not read back.
    pub fn replay(
        game: &str,
        setup: &str,
        mut lines: Vec<String>,
    ) -> Result<(Table, usize), String> {
        let rematch = lines.iter().rposition(|line| line.starts_with(REMATCH));
        let start = rematch.map_or(0, |at| at + 1);
        let seed = match rematch.map(|at| lines[at].trim_start_matches(REMATCH).trim()) {
            None | Some("") => None,
            Some(seed) => Some(
                seed.parse::<u64>()
                    .map_err(|_| format!("a rematch's seed that is not one: {seed:?}"))?,
            ),
        };
        let moves = lines.split_off(start);
        let table = match game {
            "tiles" => {
                let mut setup: TilesSetup =
                    serde_json::from_str(setup).map_err(|why| format!("its table: {why}"))?;
                if let Some(seed) = seed {
                    setup.seed = seed;
                }
                TilesTable::replay(setup, moves).map(Table::Tiles)
            }
            "hex" => {
                let setup: HexSetup =
                    serde_json::from_str(setup).map_err(|why| format!("its table: {why}"))?;
                HexMatch::replay(&setup, &moves)
                    .map(Table::Hex)
                    .map_err(|why| format!("its moves do not replay: {why}"))
            }
            other => Err(format!("a game the server does not know: {other:?}")),
        }?;
        Ok((table, start))
    }

    /// A new game at the same table, with the line the store keeps for it: the same seats,
    /// names, board, variants and clock; the tile game on a new deal.
    pub fn rematch(&self) -> Result<(Table, String), String> {
        match self {
            Table::Tiles(game) => {
                let seed: u64 = rand::random();
                let setup = TilesSetup {
                    seed,
                    ..game.setup().clone()
                };
                let game = TilesMatch::new(setup).map_err(|why| why.to_string())?;
                Ok((
                    Table::Tiles(TilesTable::new(game)),
                    format!("{REMATCH} {seed}"),
                ))
            }
            Table::Hex(game) => Ok((
                Table::Hex(HexMatch::from_setup(&hex_setup(game))),
                REMATCH.to_owned(),
            )),
        }
    }

    /// The seat the game waits for now: the player to move, while the game is on.
    pub fn mover(&self) -> Option<usize> {
        if self.is_over() || self.gathering() {
            return None;
        }
        match self {
            Table::Tiles(game) => matches!(game.stage(), Stage::Turn | Stage::JokerDigit { .. })
                .then(|| game.position().to_move()),
            Table::Hex(game) => Some(game.position().turn().index()),
        }
    }

    /// Whether the computer moves now (at its own seat, or standing in for a person).
    pub fn computer_to_move(&self) -> bool {
        match self {
            Table::Tiles(game) => game.computer_to_move().is_some(),
            Table::Hex(game) => game.computer_to_move().is_some(),
        }
    }

    /// The level of the computer standing in at a person's `seat`.
    pub fn stand_in(&self, seat: usize) -> Option<Level> {
        if !self.is_persons(seat) {
            return None;
        }
        match self {
            Table::Tiles(game) => game.computer_at(seat),
            Table::Hex(game) => {
                let color = *abakus_rules::hex::Color::BOTH.get(seat)?;
                game.computer_at(color).map(|level| match level {
                    HexLevel::Easy => Level::Easy,
                    HexLevel::Normal => Level::Normal,
                    HexLevel::Hard => Level::Hard,
                    HexLevel::Expert => Level::Expert,
                })
            }
        }
    }

    /// Lets the computer at `level` play a person's `seat` while they are away, or gives the
    /// seat back.
    pub fn set_stand_in(&mut self, seat: usize, level: Option<Level>) {
        if !self.is_persons(seat) {
            return;
        }
        match self {
            Table::Tiles(game) => game.set_stand_in(seat, level),
            Table::Hex(game) => {
                let Some(&color) = abakus_rules::hex::Color::BOTH.get(seat) else {
                    return;
                };
                game.set_stand_in(color, level.map(hex_level));
            }
        }
    }

    /// The intents that end the game for the player to move, who has gone: the tile game's
    /// concession (a joker left waiting for its digit put back first), the hex game's leaving.
    pub fn end_for_mover(&self) -> Vec<Intent> {
        match self {
            Table::Tiles(game) => {
                let mut intents = Vec::new();
                if matches!(game.stage(), Stage::JokerDigit { .. }) {
                    intents.push(Intent::Tiles(TilesIntent::CancelJoker));
                }
                intents.push(Intent::Tiles(TilesIntent::Concede));
                intents
            }
            Table::Hex(_) => vec![Intent::Hex(HexIntent::Leave)],
        }
    }

    /// The people the game waits for now: the player to move, or in the challenge window
    /// everyone who may answer the move (any one of them may); none once the computer plays.
    pub fn awaited(&self) -> Vec<usize> {
        if let Table::Tiles(game) = self
            && game.stage() == Stage::ChallengeWindow
            && let Some(pending) = game.position().pending()
        {
            return (0..self.seat_count())
                .filter(|&seat| seat != pending.player && game.computer_at(seat).is_none())
                .collect();
        }
        self.mover()
            .filter(|_| !self.computer_to_move())
            .into_iter()
            .collect()
    }

    /// The seats people play by link.
    pub fn people(&self) -> Vec<usize> {
        (0..self.seat_count())
            .filter(|&seat| self.is_persons(seat))
            .collect()
    }

    /// Names the game after its room and the place of the game there (the hex game's serial),
    /// the same whenever the room is loaded again: a window that saw it before a restart knows
    /// it for the same game after, and counts it once.
    pub fn name_after(&mut self, room: &str, round: usize) {
        if let Table::Hex(game) = self {
            // FNV-1a: the same number on any machine, for the same room and game.
            let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
            for byte in room.bytes().chain(round.to_le_bytes()) {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
            }
            game.set_serial(hash);
        }
    }

    /// Names a seat anew, as its person chose.
    pub fn rename(&mut self, seat: usize, name: String) {
        match self {
            Table::Tiles(game) => game.rename(seat, name),
            Table::Hex(game) => {
                if let Some(&color) = abakus_rules::hex::Color::BOTH.get(seat) {
                    game.rename(color, name);
                }
            }
        }
    }

    /// The table as the store keeps it, with the names as they are now.
    pub fn setup_json(&self) -> Result<String, serde_json::Error> {
        match self {
            Table::Tiles(game) => serde_json::to_string(game.setup()),
            Table::Hex(game) => serde_json::to_string(&hex_setup(game)),
        }
    }

    /// Whether `seat` is a person's.
    pub fn is_persons(&self, seat: usize) -> bool {
        match self {
            Table::Tiles(game) => game
                .setup()
                .seats
                .get(seat)
                .is_some_and(|s| s.kind == SeatKind::Phone),
            Table::Hex(game) => hex_people(&game.seats()).contains(&seat),
        }
    }

    pub fn seat_count(&self) -> usize {
        match self {
            Table::Tiles(game) => game.setup().seats.len(),
            Table::Hex(_) => 2,
        }
    }

    pub fn names(&self) -> Vec<String> {
        match self {
            Table::Tiles(game) => game.setup().names(),
            Table::Hex(game) => game.names().to_vec(),
        }
    }

    /// Every move that made the game, as the store keeps them.
    pub fn moves(&self) -> Vec<String> {
        match self {
            Table::Tiles(game) => game.lines(),
            Table::Hex(game) => game.moves(),
        }
    }

    pub fn move_count(&self) -> usize {
        match self {
            Table::Tiles(game) => game.moves().len() + game.accepts.len(),
            Table::Hex(game) => game.move_count(),
        }
    }

    pub fn is_over(&self) -> bool {
        match self {
            Table::Tiles(game) => game.position().is_over(),
            Table::Hex(game) => game.outcome().is_some(),
        }
    }

    pub fn gathering(&self) -> bool {
        match self {
            Table::Tiles(game) => game.gathering(),
            Table::Hex(game) => game.gathering(),
        }
    }

    pub fn set_gathering(&mut self, gathering: bool) {
        match self {
            Table::Tiles(game) => game.set_gathering(gathering),
            Table::Hex(game) => game.set_gathering(gathering),
        }
    }

    pub fn apply(&mut self, intent: Intent) {
        match (self, intent) {
            (Table::Tiles(game), Intent::Tiles(intent)) => game.apply(intent),
            (Table::Hex(game), Intent::Hex(intent)) => {
                hex::apply(game, intent);
            }
            // An intent of the other game is nobody's: nothing sends one.
            _ => {}
        }
    }

    /// The computer's search for its turn, if it is the computer's turn to move.
    pub fn computer_search(&self, seed: u64) -> Option<Search> {
        match self {
            Table::Tiles(game) => {
                let level = game
                    .computer_to_move()
                    .filter(|_| game.stage() == Stage::Turn)?;
                let position = game.position().clone();
                Some(Box::new(move || {
                    let chosen = abakus_rules::abaku::ai::choose_move(&position, level, seed);
                    Some(Intent::Tiles(TilesIntent::Computer(chosen)))
                }))
            }
            Table::Hex(game) => {
                let level = game.computer_to_move()?;
                let position = game.position().clone();
                Some(Box::new(move || {
                    let budget = level.budget(HEX_THINK);
                    abakus_rules::hex::ai::choose_move(&position, level, budget, seed, 1)
                        .map(|mv| Intent::Hex(HexIntent::Play(mv)))
                }))
            }
        }
    }

    /// Whether the people are given a moment to challenge the move just played.
    pub fn challenge_window(&self) -> bool {
        matches!(self, Table::Tiles(game) if game.stage() == Stage::ChallengeWindow)
    }

    /// The computers' answer in the challenge window, when they have the last word.
    pub fn computers_answer(&self, entropy: u64) -> Option<Intent> {
        match self {
            Table::Tiles(game) => computers_answer(game, entropy).map(Intent::Tiles),
            Table::Hex(_) => None,
        }
    }

    /// A person's seconds for a turn, at a table with a clock.
    pub fn turn_seconds(&self) -> Option<f32> {
        match self {
            Table::Tiles(game) => game.setup().turn_limit.seconds(),
            Table::Hex(game) => game.turn_limit().seconds(),
        }
    }

    /// Whether a person is to move now, with the turn's clock running.
    pub fn persons_turn(&self) -> bool {
        match self {
            Table::Tiles(game) => {
                game.computer_to_move().is_none()
                    && matches!(game.stage(), Stage::Turn | Stage::JokerDigit { .. })
            }
            Table::Hex(game) => game.computer_to_move().is_none() && game.outcome().is_none(),
        }
    }

    /// What a person's time running out does, as the window does it.
    pub fn time_up(&self, entropy: u64) -> Vec<Intent> {
        match self {
            Table::Tiles(_) => vec![Intent::Tiles(TilesIntent::TimeUp)],
            Table::Hex(game) => hex::time_up(game, entropy)
                .into_iter()
                .map(Intent::Hex)
                .collect(),
        }
    }

    /// Reads seat `seat`'s message as its intent; the error frame to send back if it is none.
    pub fn read(
        &self,
        seat: usize,
        last: u64,
        text: &str,
        language: Language,
    ) -> Result<(u64, Intent), Value> {
        match self {
            Table::Tiles(game) => abakus_match::tiles::wire::read_intent(game, seat, last, text)
                .map(|(n, intent)| (n, Intent::Tiles(intent)))
                .map_err(|why| error(why.code())),
            Table::Hex(game) => hex::wire::read_intent(game, seat, last, text)
                .map(|(n, intent)| (n, Intent::Hex(intent)))
                .map_err(|why| match why {
                    hex::wire::HexMessageError::Message(why) => error(why.code()),
                    hex::wire::HexMessageError::Refused(why) => {
                        abakus_pages::hex::refusal(language, &why)
                    }
                }),
        }
    }

    /// The page's files for a link of this room, speaking of where it is hosted.
    pub fn files(&self, language: Language, host: Host) -> Vec<PageFile> {
        match self {
            Table::Tiles(_) => abakus_pages::tiles::files(language, &self.names(), host),
            Table::Hex(_) => abakus_pages::hex::files(language, &self.names()),
        }
    }

    /// The words message a page is sent when it connects.
    pub fn words(&self, language: Language, host: Host) -> Value {
        match self {
            Table::Tiles(_) => abakus_pages::tiles::words(language, &self.names(), host),
            Table::Hex(_) => abakus_pages::hex::words(language, &self.names()),
        }
    }

    /// What a game window playing `seat` (watching, `None`) is told of the game, for its
    /// copy: the tile game's seat's record, or a watcher's with no rack; the hex game whole,
    /// whose every move all may see.
    pub fn seat_record(&self, seat: Option<usize>) -> Value {
        use abakus_match::tiles::copy::{seat_record, watcher_record};
        match self {
            Table::Tiles(game) => {
                let lines = game.lines();
                match seat {
                    Some(seat) => seat_record(game.setup(), &lines, seat),
                    None => watcher_record(game.setup(), &lines),
                }
                .ok()
                .and_then(|record| serde_json::to_value(record).ok())
                .unwrap_or(Value::Null)
            }
            // Nothing of the hex game is hidden: the seat's record is the game as it is kept.
            Table::Hex(game) => serde_json::to_value(game).unwrap_or(Value::Null),
        }
    }

    /// Whether the people at the big screen of a window's table may make `intent` now.
    pub fn screen_may(&self, intent: &Intent) -> bool {
        match (self, intent) {
            (Table::Tiles(game), Intent::Tiles(intent)) => game.screen_may(intent),
            // A whole move of a colour played at the big screen, on its turn, or that colour's
            // loss on time where the table chose so (the screen times its own turns).
            (Table::Hex(game), Intent::Hex(intent)) => {
                let turn = game.position().turn().index();
                let screens_turn = game.has_players_elsewhere()
                    && game.seats()[turn] == hex::Seat::Human
                    && game.computer_to_move().is_none()
                    && !game.gathering()
                    && game.outcome().is_none();
                match intent {
                    HexIntent::Play(_) => screens_turn,
                    HexIntent::LoseOnTime => {
                        screens_turn
                            && game.on_time_out() == hex::TimeOut::Loses
                            && game.turn_limit().seconds().is_some()
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// A person's seat is played at the big screen from now on, its device sent away.
    pub fn seat_to_the_screen(&mut self, seat: usize) {
        match self {
            Table::Tiles(game) => game.seat_to_the_screen(seat),
            Table::Hex(game) => {
                let mut seats = game.seats();
                if let Some(at) = seats.get_mut(seat) {
                    *at = hex::Seat::Human;
                }
                *game = game.clone().seated(seats);
            }
        }
    }

    /// A new game of the tile game at this table as the window set it (its new deal, and
    /// names the screen's language may have changed), with the line the store keeps for it.
    pub fn rematch_with(&self, setup: TilesSetup) -> Result<(Table, String), String> {
        let seed = setup.seed;
        let game = TilesMatch::new(setup).map_err(|why| why.to_string())?;
        Ok((
            Table::Tiles(TilesTable::new(game)),
            format!("{REMATCH} {seed}"),
        ))
    }

    /// What `viewer`'s page shows, with the turn clock's seconds left.
    pub fn view(&self, viewer: Viewer, language: Language, seconds_left: Option<u32>) -> Value {
        match self {
            Table::Tiles(game) => {
                abakus_pages::tiles::view_message(game, viewer, language, seconds_left)
            }
            Table::Hex(game) => {
                abakus_pages::hex::view_message(game, viewer, language, seconds_left)
            }
        }
    }
}

/// The seats of a hex table played by link: those on other devices at a window's table
/// (`Elsewhere`, its `Human` seats played at its screen); every person's in a room of the
/// server's, where nobody plays at a screen.
fn hex_people(seats: &[hex::Seat; 2]) -> Vec<usize> {
    let at_a_window = seats.contains(&hex::Seat::Elsewhere);
    (0..2)
        .filter(|&seat| match seats[seat] {
            hex::Seat::Elsewhere => true,
            hex::Seat::Human => !at_a_window,
            hex::Seat::Computer(_) => false,
        })
        .collect()
}

/// A hex game's table as the store keeps it, with the names as they are now.
fn hex_setup(game: &HexMatch) -> HexSetup {
    HexSetup {
        side: game.position().side(),
        seats: game.seats(),
        names: game.names().clone(),
        turn_limit: game.turn_limit(),
        on_time_out: game.on_time_out(),
    }
}

/// The hex game's level named as the tile game's is.
pub fn hex_level(level: Level) -> HexLevel {
    match level {
        Level::Easy => HexLevel::Easy,
        Level::Normal => HexLevel::Normal,
        Level::Hard => HexLevel::Hard,
        Level::Expert => HexLevel::Expert,
    }
}

/// A level's name, as the store and the pages say it.
pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Normal => "normal",
        Level::Hard => "hard",
        Level::Expert => "expert",
    }
}

/// The level of a name from [`level_name`].
pub fn level_named(name: &str) -> Option<Level> {
    match name {
        "easy" => Some(Level::Easy),
        "normal" => Some(Level::Normal),
        "hard" => Some(Level::Hard),
        "expert" => Some(Level::Expert),
        _ => None,
    }
}

/// The most characters of a name.
pub const NAME_LIMIT: usize = 24;

/// A name as typed, made fit to show: no control characters, at most [`NAME_LIMIT`]
/// characters, trimmed.
pub fn clean_name(typed: &str) -> String {
    let kept: String = typed
        .chars()
        .filter(|c| !c.is_control())
        .take(NAME_LIMIT)
        .collect();
    kept.trim().to_owned()
}

/// An error frame for a page.
pub fn error(code: &str) -> Value {
    json!({"type": "error", "code": code})
}

#[cfg(test)]
mod tests {
    use super::*;
    use abakus_match::tiles::{Seat, random_turn};
    use abakus_rules::abaku::Variants;
    use rand::SeedableRng;

    #[test]
    fn a_move_accepted_in_the_challenge_window_stays_accepted_after_a_restart() {
        let person = |name: &str| Seat {
            name: name.to_owned(),
            kind: SeatKind::Phone,
        };
        let setup = TilesSetup {
            seats: vec![person("Ann"), person("Bo")],
            variants: Variants {
                challenge: true,
                ..Variants::default()
            },
            board_b: false,
            seed: 11,
            turn_limit: abakus_match::clock::TurnLimit::Off,
        };
        let mut table = Table::new(&Setup::Tiles(setup.clone())).expect("a table");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        // Turns until one is laid and waits in the challenge window.
        while !table.challenge_window() {
            let Table::Tiles(game) = &table else {
                unreachable!()
            };
            for intent in random_turn(game, &mut rng) {
                table.apply(Intent::Tiles(intent));
            }
        }
        let waiting = table.moves();
        let replayed = |table: &Table| {
            let json = serde_json::to_string(&setup).expect("JSON");
            Table::replay("tiles", &json, table.moves())
                .expect("replays")
                .0
        };
        assert!(replayed(&table).challenge_window(), "still open, as it was");
        table.apply(Intent::Tiles(TilesIntent::Accept));
        assert!(!table.challenge_window());
        assert_eq!(table.moves().len(), waiting.len() + 1);
        assert_eq!(table.moves().last().map(String::as_str), Some(ACCEPT));
        assert_eq!(table.move_count(), table.moves().len());
        let again = replayed(&table);
        assert!(
            !again.challenge_window(),
            "accepted is accepted after a restart"
        );
        assert_eq!(again.moves(), table.moves());
        // The next turn goes on after the acceptance's line, and replays too.
        let Table::Tiles(game) = &table else {
            unreachable!()
        };
        for intent in random_turn(game, &mut rng) {
            table.apply(Intent::Tiles(intent));
        }
        assert_eq!(replayed(&table).moves(), table.moves());
    }
}
