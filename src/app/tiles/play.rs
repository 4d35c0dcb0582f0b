//! The tile game's turn flow in the app: intents from every input applied in order, their
//! sounds, and what the shared match lifecycle needs of a tile game.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::TILES;
use super::game::{SeatKind, Stage, TilesChange, TilesIntent, TilesMatch, TilesSave, apply};
use super::online::seat::OnlineSeat;
use super::phone::plugin::{FromRoom, PhoneTable};
use super::sounds::TilesSounds;
use super::words::TilesWords;
use crate::app::audio::PlaySound;
use crate::app::base::frame_order::AppSet;
use crate::app::base::games::GameId;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::Screen;
use crate::app::base::statistics::{BestTurn, ComputerLevel, Finished, SeatResult};
use crate::app::base::storage::{self, DataDir, Saver};
use crate::app::features::lifecycle::{self, GameMatch, TurnClockSystems, TurnTimedOut};
use crate::app::features::ownership::Owner;
use crate::app::features::tutorial::Lesson;
use crate::app::shell::turn_clock::TurnLimit;

/// The file the unfinished tile game is kept in.
pub const AUTOSAVE: &str = "tiles-game.json";

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TilesIntent>()
        .add_message::<FromRoom>()
        .add_message::<TilesChange>()
        .add_message::<PlaySound>()
        .add_plugins(lifecycle::plugin::<TilesMatch>)
        .add_systems(
            Update,
            (
                run_out_of_time
                    .in_set(AppSet::Input)
                    .after(TurnClockSystems),
                apply_intents.in_set(AppSet::Rules),
            )
                .run_if(in_state(Screen::Game(TILES))),
        );
}

/// When a person's time runs out, their tiles go back and they pass.
fn run_out_of_time(
    mut timed_out: MessageReader<TurnTimedOut>,
    mut intents: MessageWriter<TilesIntent>,
) {
    if timed_out.read().any(|timed_out| timed_out.game == TILES) {
        intents.write(TilesIntent::TimeUp);
    }
}

/// The unfinished game kept in `dir`, replayed through the rules; a save that does not replay
/// is set aside rather than trusted.
#[must_use]
pub fn load_match(dir: &DataDir) -> Option<TilesMatch> {
    let save = storage::load::<TilesSave>(dir, AUTOSAVE)?;
    match TilesMatch::replay(&save) {
        Ok(game) => Some(game),
        Err(why) => {
            storage::set_aside(dir, AUTOSAVE, &format!("its moves do not replay: {why}"));
            None
        }
    }
}

impl GameMatch for TilesMatch {
    const GAME: GameId = TILES;
    const AUTOSAVE: &'static str = AUTOSAVE;

    fn load(dir: &DataDir) -> Option<Self> {
        load_match(dir)
    }

    fn autosave(&self, dir: &DataDir, saver: &Saver) {
        saver.save(dir, AUTOSAVE, &self.save());
    }

    fn is_over(&self) -> bool {
        self.position().is_over()
    }

    fn summary(&self, words: Language) -> String {
        words.continue_hint(self.setup().seats.len(), self.moves().len())
    }

    fn turn_limit(&self) -> TurnLimit {
        self.setup().turn_limit
    }

    /// A person's turn is timed while their rack is shown: not between turns, not while the
    /// computer plays.
    fn timed_turn(&self) -> Option<u64> {
        (matches!(self.stage(), Stage::Turn | Stage::JokerDigit { .. })
            && self.computer_to_move().is_none()
            && !self.gathering())
        .then_some(self.moves().len() as u64)
    }

    fn turn_played_elsewhere(&self) -> bool {
        self.phone_to_move()
    }

    /// Each seat's result; a table is told apart by its setup, whose deal is new each game.
    fn finished(&self) -> Option<Finished> {
        let position = self.position();
        if !position.is_over() {
            return None;
        }
        let winners = position.winners();
        let seats = self
            .setup()
            .seats
            .iter()
            .enumerate()
            .map(|(seat, at)| {
                let turns = self.log().iter().filter(|entry| entry.player == seat);
                let best = turns.clone().max_by_key(|entry| entry.points);
                SeatResult {
                    name: at.name.clone(),
                    computer: match at.kind {
                        SeatKind::Human | SeatKind::Phone => None,
                        SeatKind::Computer(level) => Some(computer_level(level)),
                    },
                    won: winners.contains(&seat),
                    turns: turns.clone().count() as u32,
                    points: turns.map(|entry| entry.points).sum(),
                    best_turn: best.filter(|entry| entry.points > 0).map(|entry| BestTurn {
                        points: entry.points,
                        sums: entry.examples.iter().map(|e| e.reading.clone()).collect(),
                    }),
                    margin: lead(position, seat),
                }
            })
            .collect();
        let table = serde_json::to_string(self.setup()).unwrap_or_default();
        Some(Finished {
            game: TILES,
            id: storage::fnv1a(table.as_bytes()),
            seats,
        })
    }
}

fn computer_level(level: abakus_rules::abaku::ai::Level) -> ComputerLevel {
    use abakus_rules::abaku::ai::Level;
    match level {
        Level::Easy => ComputerLevel::Easy,
        Level::Normal => ComputerLevel::Normal,
        Level::Hard => ComputerLevel::Hard,
        Level::Expert => ComputerLevel::Expert,
    }
}

/// The points by which `seat` (or its side, in a game of pairs) leads the best of the others.
fn lead(position: &abakus_rules::abaku::Position, seat: usize) -> i64 {
    use abakus_rules::abaku::Side;
    if position.plays_in_pairs() {
        let own = Side::of_player(seat);
        let other = if own == Side::Black {
            Side::Red
        } else {
            Side::Black
        };
        return position.side_score(own) - position.side_score(other);
    }
    let scores = position.players();
    let best_other = (0..scores.len())
        .filter(|&other| other != seat)
        .map(|other| scores[other].score)
        .max();
    scores[seat].score - best_other.unwrap_or(0)
}

/// The frame's intents: the screen's, and what the room of a game with phone seats did.
#[derive(SystemParam)]
struct Intents<'w, 's> {
    screen: MessageReader<'w, 's, TilesIntent>,
    room: MessageReader<'w, 's, FromRoom>,
    table: Option<Res<'w, PhoneTable>>,
    online: Option<ResMut<'w, OnlineSeat>>,
}

/// What an intent sounds like and shows, and whether it ended the turn.
struct Played<'w, 's, 'a> {
    changes: &'a mut MessageWriter<'w, TilesChange>,
    play: &'a mut MessageWriter<'s, PlaySound>,
    sounds: Option<&'a TilesSounds>,
    turn_ended: bool,
}

impl Played<'_, '_, '_> {
    fn apply(&mut self, game: &mut TilesMatch, intent: TilesIntent) {
        for change in apply(game, intent) {
            self.show(change);
        }
    }

    /// A change shown and heard, as the intent that made it was applied.
    fn show(&mut self, change: TilesChange) {
        self.turn_ended |= matches!(
            change,
            TilesChange::Submitted { .. }
                | TilesChange::Exchanged
                | TilesChange::Passed
                | TilesChange::Conceded
                | TilesChange::Challenged { .. }
                | TilesChange::Undone
        );
        if let Some(sound) = self.sounds.and_then(|sounds| sounds.of(&change)) {
            self.play.write(sound);
        }
        self.changes.write(change);
    }
}

/// Applies the frame's intents. A game with phone seats is played in its room: the screen's
/// intents go there like any seat's, and the screen's copy plays what the room did.
fn apply_intents(
    mut intents: Intents,
    mut game: ResMut<TilesMatch>,
    mut changes: MessageWriter<TilesChange>,
    sounds: Option<Res<TilesSounds>>,
    mut play: MessageWriter<PlaySound>,
    storage: Option<(Res<DataDir>, Res<Saver>)>,
    owner: Owner,
) {
    // The board rests while a lesson's praise shows; the next step's board is on its way.
    if owner.lesson().is_some_and(Lesson::is_moving_on) {
        intents.screen.clear();
        intents.room.clear();
        return;
    }
    let mut played = Played {
        changes: &mut changes,
        play: &mut play,
        sounds: sounds.as_deref(),
        turn_ended: false,
    };
    if let Some(online) = intents.online.as_deref_mut() {
        // At a seat elsewhere: the turn's laying shows at once and goes to the room; what
        // ends a turn is played when the room says it was.
        for intent in intents.screen.read() {
            if let Some(here) = online.ask(&game, intent.clone()) {
                played.apply(&mut game, here);
            }
        }
        for from_room in intents.room.read() {
            match from_room {
                FromRoom::Moved(now, changes) => {
                    *game = (**now).clone();
                    for change in changes {
                        played.show(change.clone());
                    }
                }
                FromRoom::Now(now) => *game = (**now).clone(),
                FromRoom::Intent(_) => {}
            }
        }
        // The room keeps the game; the copy here is not a game to continue on its own.
        return;
    }
    if let Some(table) = intents.table.as_deref() {
        for intent in intents.screen.read() {
            table.ask(intent.clone());
        }
        for from_room in intents.room.read() {
            match from_room {
                FromRoom::Intent(intent) => played.apply(&mut game, intent.clone()),
                FromRoom::Moved(now, changes) => {
                    *game = (**now).clone();
                    for change in changes {
                        played.show(change.clone());
                    }
                }
                FromRoom::Now(now) => {
                    // Gathering, a seat sent to the screen or the next deal: the room's alone.
                    if format!("{:?}", **now) != format!("{:?}", *game) {
                        *game = (**now).clone();
                    }
                }
            }
        }
    } else {
        intents.room.clear();
        for intent in intents.screen.read() {
            // A phone's seat plays its turn on its phone alone, never from the screen, and
            // nobody at the screen takes back its tiles or the turns before it meanwhile (an
            // Undo would do both); nobody plays before every phone has come.
            let screen_undo = matches!(intent, TilesIntent::Undo);
            if (game.phone_to_move() || game.gathering()) && (intent.is_the_movers() || screen_undo)
            {
                continue;
            }
            played.apply(&mut game, intent.clone());
        }
    }
    if played.turn_ended {
        lifecycle::autosave(
            &*game,
            owner.get(),
            storage.as_ref().map(|(dir, saver)| (&**dir, &**saver)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tiles::game::{Seat, TilesSetup, lay_intents};
    use abakus_rules::abaku::ai::{self, Level};
    use abakus_rules::abaku::{Move, Variants};

    /// Ann (a person, playing the normal level's moves by hand) against the easy computer,
    /// played to the end.
    fn played_out(seed: u64) -> TilesMatch {
        let seats = vec![
            Seat {
                name: "Ann".into(),
                kind: SeatKind::Human,
            },
            Seat {
                name: "Computer".into(),
                kind: SeatKind::Computer(Level::Easy),
            },
        ];
        let setup = TilesSetup {
            seats,
            variants: Variants::default(),
            board_b: false,
            seed,
            turn_limit: TurnLimit::Off,
        };
        let mut game = TilesMatch::new(setup).unwrap();
        for turn in 0..500 {
            if game.position().is_over() {
                return game;
            }
            if game.stage() == Stage::HandOver {
                apply(&mut game, TilesIntent::Reveal);
            }
            let mv = ai::choose_move(game.position(), Level::Normal, turn);
            if game.computer_to_move().is_some() {
                apply(&mut game, TilesIntent::Computer(mv));
                continue;
            }
            match mv {
                Move::Place(placement) => {
                    lay_intents(&mut game, &placement);
                    apply(&mut game, TilesIntent::Submit);
                }
                _ => {
                    apply(&mut game, TilesIntent::Pass);
                }
            }
        }
        panic!("the game did not end");
    }

    #[test]
    fn a_finished_table_says_how_each_seat_did() {
        let game = played_out(5);
        let finished = game.finished().expect("over");
        assert_eq!(finished.game, TILES);
        let [ann, computer] = &finished.seats[..] else {
            panic!("two seats");
        };
        assert_eq!((ann.name.as_str(), ann.computer), ("Ann", None));
        assert_eq!(computer.computer, Some(ComputerLevel::Easy));
        let scores = game.position().players();
        assert_eq!(ann.won, scores[0].score > scores[1].score);
        assert_eq!(ann.margin, scores[0].score - scores[1].score);
        assert_eq!(ann.margin, -computer.margin);
        let ann_turns: Vec<_> = game.log().iter().filter(|e| e.player == 0).collect();
        assert_eq!(ann.turns as usize, ann_turns.len());
        assert_eq!(ann.points, ann_turns.iter().map(|e| e.points).sum::<i64>());
        let best = ann.best_turn.as_ref().expect("Ann scored");
        assert_eq!(
            best.points,
            ann_turns.iter().map(|e| e.points).max().unwrap()
        );
        assert!(!best.sums.is_empty());
        assert_eq!(
            finished.id,
            played_out(5).finished().unwrap().id,
            "the same table"
        );
        assert_ne!(finished.id, played_out(6).finished().unwrap().id);
    }
}
