//! The hex game's script commands and steps, and the board cells it names for taps and clicks.

use bevy::prelude::*;

use super::HEX;
use super::game::{HexIntent, HexMatch, Notice, Seat};
use super::layout::BoardLayout;
use crate::app::base::navigation::Screen;
use crate::app::features::script::{
    GameStep, PersonAction, Script, ScriptPlaces, ScriptStep, Spot, Step, StepOutcome, number,
};
use crate::app::shell::turn_clock::TurnLimit;
use crate::app::table::camera::TableEye;
use abakus_rules::hex::ai::Level;
use abakus_rules::hex::{Cell, MAX_SIDE, MIN_SIDE, Move};

/// Names every cell of the board on screen by its window position while a script runs.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        publish_cell_places
            .in_set(crate::app::base::frame_order::AppSet::Present)
            .run_if(in_state(Screen::Game(HEX)).and_then(resource_exists::<ScriptPlaces>)),
    )
    .add_systems(OnExit(Screen::Game(HEX)), forget_cell_places);
}

/// A step only the hex game understands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum HexStep {
    NewGame(u8, [Seat; 2]),
    /// Clicks on cells as intents, as a move or a selection would.
    Click(Vec<Cell>),
    Record {
        expected: String,
        wait: bool,
    },
    Selected {
        expected: Option<Cell>,
        wait: bool,
    },
    /// Waits until this many moves are played (a computer's reply is not known in advance).
    Plies(usize),
    /// Sets the turn timer of the game on the board.
    TurnTimer(TurnLimit),
    /// Asks for a hint, as the panel's Hint button does.
    Hint,
    /// Waits until the hint's move is shown.
    AwaitHint,
    /// Waits until a colour played at this screen may move, or the game is over.
    MyMove,
    /// Plays a move of the screen's colour by the script's clicks (a random legal one).
    PlayMyMove,
    /// A person's hand plays a move of the screen's colour with the real pointer: a click on
    /// the cell, or on the stone and then where it slides, each waited for until it shows
    /// (`tries` on, the last click made when the game was as `clicked` says).
    PersonPlaysMyMove {
        tries: u32,
        clicked: Option<(Clicked, std::time::Instant)>,
    },
    /// Prints the game's record as `record: MOVES`, for a test to compare with another
    /// window's.
    SayRecord,
    /// Waits until the game is over.
    Over,
}

/// The game as a hand's click left it: how many moves, and the stone picked up.
type Clicked = (usize, Option<Cell>);

/// The hex game's script commands: `new-game SIDE [BLACK WHITE]` (each `human`, `phone`,
/// `easy`, `normal`, `hard` or `expert`), `click CELL`, `play MOVES`, `await-plies N`, `hint`, `await-hint`,
/// `turn-timer SECONDS|off`, `await-my-move`, `play-my-move`, `person-plays-my-move`,
/// `say-record`, `await-over`,
/// `expect-record MOVES`, `await-record MOVES`, `expect-selected CELL|none` and
/// `await-selected CELL|none`.
pub fn commands(command: &str, words: &[&str]) -> Option<Result<Vec<Step>, String>> {
    let step = |step: HexStep| Ok(vec![Step::Game(GameStep::new(step))]);
    Some(match command {
        "new-game" => new_game(words).and_then(step),
        "turn-timer" => match words.first().copied() {
            Some("off") => step(HexStep::TurnTimer(TurnLimit::Off)),
            _ => number(words.first(), command)
                .and_then(|s| step(HexStep::TurnTimer(TurnLimit::Seconds(s.max(1))))),
        },
        "hint" => step(HexStep::Hint),
        "await-my-move" => step(HexStep::MyMove),
        "play-my-move" => step(HexStep::PlayMyMove),
        "person-plays-my-move" => step(HexStep::PersonPlaysMyMove {
            tries: 0,
            clicked: None,
        }),
        "say-record" => step(HexStep::SayRecord),
        "await-over" => step(HexStep::Over),
        "await-hint" => step(HexStep::AwaitHint),
        "await-plies" => {
            number(words.first(), command).and_then(|n| step(HexStep::Plies(n as usize)))
        }
        "click" => match words.first().map(|name| name.parse::<Cell>()) {
            Some(Ok(cell)) => step(HexStep::Click(vec![cell])),
            Some(Err(error)) => Err(error.to_string()),
            None => Err("click needs a cell".into()),
        },
        "play" if words.is_empty() => Err("play needs moves".into()),
        "play" => words
            .iter()
            .map(|text| {
                let mv: Move = text.parse().map_err(|e| format!("{e}"))?;
                let cells = match mv {
                    Move::Place(cell) => vec![cell],
                    Move::Slide { from, to } => vec![from, to],
                };
                Ok(Step::Game(GameStep::new(HexStep::Click(cells))))
            })
            .collect(),
        "expect-record" | "await-record" => step(HexStep::Record {
            expected: words.join(" "),
            wait: command == "await-record",
        }),
        "expect-selected" | "await-selected" => selected(command, words).and_then(step),
        _ => return None,
    })
}

/// `new-game SIDE [BLACK WHITE]`.
fn new_game(words: &[&str]) -> Result<HexStep, String> {
    let side = number(words.first(), "new-game")?;
    let side = u8::try_from(side)
        .ok()
        .filter(|side| (MIN_SIDE..=MAX_SIDE).contains(side))
        .ok_or_else(|| format!("board side {side} is not from {MIN_SIDE} to {MAX_SIDE}"))?;
    let seat = |word: Option<&&str>| match word.copied() {
        None | Some("human") => Ok(Seat::Human),
        Some("easy") => Ok(Seat::Computer(Level::Easy)),
        Some("normal") => Ok(Seat::Computer(Level::Normal)),
        Some("hard") => Ok(Seat::Computer(Level::Hard)),
        Some("expert") => Ok(Seat::Computer(Level::Expert)),
        Some("phone") => Ok(Seat::Elsewhere),
        Some(other) => Err(format!(
            "{other} is not a player: human, phone, easy, normal, hard or expert"
        )),
    };
    Ok(HexStep::NewGame(
        side,
        [seat(words.get(1))?, seat(words.get(2))?],
    ))
}

/// `expect-selected` or `await-selected` with `CELL` or `none`.
fn selected(command: &str, words: &[&str]) -> Result<HexStep, String> {
    let expected = match words.first().copied() {
        Some("none") => None,
        Some(name) => Some(name.parse::<Cell>().map_err(|error| format!("{error}"))?),
        None => return Err(format!("{command} needs a cell or none")),
    };
    Ok(HexStep::Selected {
        expected,
        wait: command == "await-selected",
    })
}

impl ScriptStep for HexStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        let check = |holds: bool, wait: bool, why: String| match (holds, wait) {
            (true, _) => StepOutcome::Done,
            (false, true) => StepOutcome::Retry(why),
            (false, false) => StepOutcome::Fail(why),
        };
        match self {
            HexStep::NewGame(side, seats) => {
                world.insert_resource(HexMatch::with_seats(*side, *seats));
                world
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::Game(HEX));
                StepOutcome::Wait(2)
            }
            HexStep::Click(cells) => {
                for &cell in cells {
                    world.write_message(HexIntent::Click(cell));
                }
                StepOutcome::Done
            }
            HexStep::Record { expected, wait } => {
                let record = world
                    .get_resource::<HexMatch>()
                    .map(|game| game.position().record())
                    .unwrap_or_default();
                let why = format!("expected the record \"{expected}\", found \"{record}\"");
                check(record == *expected, *wait, why)
            }
            HexStep::Plies(expected) => {
                let played = world
                    .get_resource::<HexMatch>()
                    .map_or(0, |game| game.position().history().len());
                let why = format!("expected {expected} moves played, found {played}");
                check(played >= *expected, true, why)
            }
            HexStep::TurnTimer(limit) => {
                if let Some(mut game) = world.get_resource_mut::<HexMatch>() {
                    // The table's clock is changed, not the game: the position stays as it is.
                    let on_time_out = game.on_time_out();
                    *game = game.clone().timed(*limit, on_time_out);
                }
                StepOutcome::Done
            }
            HexStep::Hint => {
                world.write_message(HexIntent::Hint);
                StepOutcome::Done
            }
            HexStep::AwaitHint => {
                let shown = world
                    .get_resource::<HexMatch>()
                    .is_some_and(|game| matches!(game.notice(), Some(Notice::Suggested(_))));
                check(shown, true, "waited for the hint's move".into())
            }
            HexStep::MyMove
            | HexStep::PlayMyMove
            | HexStep::PersonPlaysMyMove { .. }
            | HexStep::Over
            | HexStep::SayRecord => self.play_along(world),
            HexStep::Selected { expected, wait } => {
                let selected = world
                    .get_resource::<HexMatch>()
                    .and_then(|game| game.selection().as_ref().map(|s| s.from));
                let why = format!("expected {expected:?} picked up, found {selected:?}");
                check(selected == *expected, *wait, why)
            }
        }
    }
}

impl HexStep {
    /// The steps of a game played with people elsewhere: a move of the screen's awaited and
    /// made, the end awaited, the record said.
    fn play_along(&self, world: &mut World) -> StepOutcome {
        let game = world.get_resource::<HexMatch>();
        let over = game.is_some_and(|game| game.outcome().is_some());
        match self {
            HexStep::MyMove if over || game.is_some_and(screens_move) => StepOutcome::Done,
            HexStep::MyMove => StepOutcome::Retry("waiting for a move of the screen's".into()),
            HexStep::PlayMyMove => {
                let Some(game) = game else {
                    return StepOutcome::Fail("no hex game".into());
                };
                if screens_move(game) {
                    for cell in clicks_of(planned_move(game)) {
                        world.write_message(HexIntent::Click(cell));
                    }
                }
                StepOutcome::Done
            }
            HexStep::PersonPlaysMyMove { tries, clicked } => by_hand(world, *tries, *clicked),
            HexStep::Over if over => StepOutcome::Done,
            HexStep::Over => StepOutcome::Retry("waiting for the end of the game".into()),
            HexStep::SayRecord => {
                let record = game.map(|game| game.position().record());
                println!("record: {}", record.unwrap_or_default());
                StepOutcome::Done
            }
            _ => StepOutcome::Fail(format!("{self:?} is not a step of a game played along")),
        }
    }
}

/// Whether a colour played at this screen may move now.
fn screens_move(game: &HexMatch) -> bool {
    let turn = game.position().turn();
    game.outcome().is_none() && !game.gathering() && game.seats()[turn.index()] == Seat::Human
}

/// How long the hand waits for its click to show before it clicks again: a window on a
/// software renderer, beside other windows and a browser on two cores, may take seconds to
/// draw a frame, and a click made again on a stone it has just picked up puts it down.
const HAND_PATIENCE: std::time::Duration = std::time::Duration::from_secs(20);

/// The move a script or a hand plays here: a random legal one, the same however often it is
/// asked for in the same position, so a hand's clicks spread over frames aim at one move.
fn planned_move(game: &HexMatch) -> Move {
    use rand::SeedableRng;
    let position = game.position();
    let seed = position.history().len() as u64 ^ game.serial();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    position
        .random_move(&mut rng)
        .expect("a game not over has a legal move")
}

/// The cells a person clicks for a move: the cell, or the stone and where it slides.
fn clicks_of(mv: Move) -> Vec<Cell> {
    match mv {
        Move::Place(cell) => vec![cell],
        Move::Slide { from, to } => vec![from, to],
    }
}

/// The hand's next click toward the planned move, then a look again; waits while its last
/// click has not shown (at most `HAND_PATIENCE`: a click the window missed is made again).
fn by_hand(
    world: &mut World,
    tries: u32,
    clicked: Option<(Clicked, std::time::Instant)>,
) -> StepOutcome {
    const HAND_TRIES: u32 = 40;
    let Some(game) = world.get_resource::<HexMatch>() else {
        return StepOutcome::Fail("no hex game".into());
    };
    if !screens_move(game) || tries > HAND_TRIES {
        return StepOutcome::Done;
    }
    let picked = game.selection().as_ref().map(|selection| selection.from);
    let now: Clicked = (game.move_count(), picked);
    let waiting =
        clicked.is_some_and(|(then, since)| then == now && since.elapsed() < HAND_PATIENCE);
    if waiting {
        return StepOutcome::Retry(format!("the hand's click {tries} has not shown"));
    }
    let (spot, how) = match (planned_move(game), picked) {
        (Move::Slide { from, to }, Some(picked)) if picked == from => (to.to_string(), "click"),
        // Another stone picked up: a click on it puts it down.
        (_, Some(picked)) => (format!("stone {picked}"), "click"),
        (Move::Slide { from, .. }, None) => (format!("stone {from}"), "click"),
        (Move::Place(cell), None) => (cell.to_string(), "click"),
    };
    let again = Step::Game(GameStep::new(HexStep::PersonPlaysMyMove {
        tries: tries + 1,
        clicked: Some((now, std::time::Instant::now())),
    }));
    world.resource_mut::<Script>().then(vec![
        Step::Person(PersonAction::Click {
            how,
            spot: Spot::Place(spot),
        }),
        again,
    ]);
    StepOutcome::Done
}

/// Where each cell is in the window, and the top of each stone as `stone NAME`; on the table,
/// where its camera sees them, every frame since the camera moves.
fn publish_cell_places(
    layout: Res<BoardLayout>,
    game: Res<HexMatch>,
    table: TableEye,
    mut places: ResMut<ScriptPlaces>,
) {
    let size = layout.window;
    let moved = layout.is_changed() || game.is_changed() || table.switched();
    if !moved && !places.0.is_empty() && !table.on_table() {
        return;
    }
    places.0.clear();
    let position = game.position();
    let seen = |world: Vec3| {
        if table.on_table() {
            table.window_point(world)
        } else {
            Some(Vec2::new(world.x + size.x / 2.0, size.y / 2.0 - world.y))
        }
    };
    for &cell in position.board().cells() {
        let world = layout.world(cell);
        if let Some(at) = seen(world.extend(0.0)) {
            places.0.insert(cell.to_string(), at);
        }
        if position.stone_at(cell).is_some()
            && let Some(at) = seen(world.extend(layout.stone_height() * 0.95))
        {
            places.0.insert(format!("stone {cell}"), at);
        }
    }
}

fn forget_cell_places(places: Option<ResMut<ScriptPlaces>>) {
    if let Some(mut places) = places {
        places.0.clear();
    }
}
