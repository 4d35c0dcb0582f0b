//! The tile game's script commands and steps, and the places it names: squares and rack tiles.

use bevy::prelude::*;

use super::TILES;
use super::board::TileWatch;
use super::game::{
    Seat, SeatKind, Stage, TilesIntent, TilesMatch, TilesSetup, apply, lay_intents, random_turn,
};
use super::layout::TilesLayout;
use super::motion::Glide;
use super::phone::plugin::PhoneTable;
use super::phone::visitor::VisitorDeal;
use super::sprites::RackTile;
use super::words::with_local_names;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::features::script::{
    GameStep, PersonAction, Script, ScriptPlaces, ScriptStep, Spot, Step, StepOutcome, number,
};
use crate::app::shell::turn_clock::TurnLimit;
use crate::app::table::camera::TableEye;
use crate::app::table::pieces::{Shows, TableLooks};
use abakus_rules::abaku::{Cell, Laid, OpSet, Scoring, Tile, Variants};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        publish_places
            .in_set(crate::app::base::frame_order::AppSet::Present)
            .run_if(in_state(Screen::Game(TILES)).and_then(resource_exists::<ScriptPlaces>)),
    )
    .add_systems(OnExit(Screen::Game(TILES)), forget_places);
}

/// A step only the tile game understands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum TilesStep {
    NewGame(TilesSetup),
    /// Lays rack tiles by digit (`None` for the joker, with the digit it declares).
    Lay(Vec<(Cell, Option<u8>, u8)>),
    Do(TilesIntent),
    /// Exchanges rack tiles by digit (`None` for the joker).
    Exchange(Vec<Option<u8>>),
    /// Lays the best-scoring legal placement of the rack tentatively, as a player would.
    LayBest,
    /// Plays this many turns of a random player straight through the turn flow.
    PlayRandom {
        turns: u32,
        seed: u64,
    },
    Score {
        player: usize,
        expected: i64,
        wait: bool,
    },
    Stage {
        expected: &'static str,
        wait: bool,
    },
    Moves {
        expected: String,
        wait: bool,
    },
    /// At least this many turns are played (a computer's or a demo's are not known ahead).
    Turns(u32),
    /// Waits until a seat played at this screen may lay tiles, or the game is over: in a
    /// game whose other seats play elsewhere, the screen's turn comes when it comes.
    MyTurn,
    /// The screen's seat plays its best laying, or passes with none; nothing once the game
    /// is over.
    PlayMyTurn,
    /// The same by a person's hand: each tile of the best laying without a joker dragged
    /// from the rack to its square with the real pointer, then Enter; a pass (by its intent)
    /// when there is none; nothing once the game is over. Each move of the hand is one of its
    /// `tries`; after it the step waits (`laid`: with that many tiles laid) until the move
    /// shows, then looks again.
    PersonPlaysMyTurn {
        tries: u32,
        laid: Option<(usize, std::time::Instant)>,
    },
    /// How many tiles are laid tentatively this turn, and on which squares if named.
    Laid {
        expected: usize,
        at: Vec<Cell>,
        wait: bool,
    },
    /// The rack of the player to move, left to right as arranged (`?` for the joker).
    Rack {
        expected: String,
        wait: bool,
    },
    /// Checks the drawn tiles against the match after every frame from now on.
    WatchTiles,
    /// The next visitor's game at a booth is dealt from this seed.
    VisitorDeal(u64),
    /// How many phone seats have their phone connected, and how many the screen calls away;
    /// with `none_away_meanwhile`, a phone called away while it waits fails it at once.
    Phones {
        here: usize,
        away: usize,
        wait: bool,
        none_away_meanwhile: bool,
    },
    /// Every frame watched drew the match's tiles, and all 101 tiles are still in the game.
    TilesDrawn,
}

/// The tile game's script commands:
/// `new-tiles-game PLAYERS SEED [spin|challenge|diagonal|result-first|board-b|value|tile-op|ops-only|addsub|muldiv|basic-ops|seatN=human|phone|easy|normal|hard|expert|timer=SECONDS]...`,
/// `lay H8=1 H9=?6 ...`, `lay-best`, `visitor-deal SEED` (the next booth visitor's deal), `play-random TURNS SEED`, `declare DIGIT`, `submit`, `pass`, `reveal`, `recall`, `accept`, `concede`,
/// `challenge PLAYER`, `undo`, `exchange DIGITS...` (`?` for the joker),
/// `expect-score PLAYER N`, `await-score PLAYER N`, `expect-stage NAME`, `await-stage NAME`
/// (hand-over, turn, joker, challenge, over), `expect-laid N`, `await-laid N` (tiles laid this
/// turn), `expect-moves MOVES` (`;` between turns), `await-turns N` (at least N turns played),
/// `expect-rack`/`await-rack TILES` (the
/// rack of the player to move as arranged, `?` for the joker), `watch-tiles` (compare the drawn tiles
/// with the match after every frame), `expect-tiles-drawn` (they always agreed, and all
/// 101 tiles are in the game), `expect-phones`/`await-phones HERE AWAY` (phone seats with
/// their phone connected, and called away) and `await-phones-back HERE` (as many connected,
/// none called away meanwhile).
pub fn commands(command: &str, words: &[&str]) -> Option<Result<Vec<Step>, String>> {
    let step = play_command(command, words).or_else(|| check_command(command, words))?;
    Some(step.map(|step| vec![Step::Game(GameStep::new(step))]))
}

/// The commands that play: new games, tiles laid, turn actions and random play.
fn play_command(command: &str, words: &[&str]) -> Option<Result<TilesStep, String>> {
    let simple = |intent: TilesIntent| Ok(TilesStep::Do(intent));
    Some(match command {
        "new-tiles-game" => new_game(words).map(TilesStep::NewGame),
        "lay" if words.is_empty() => Err("lay needs tiles such as H8=1".into()),
        "lay" => words
            .iter()
            .map(|word| laid_tile(word))
            .collect::<Result<Vec<_>, String>>()
            .map(TilesStep::Lay),
        "lay-best" => Ok(TilesStep::LayBest),
        "play-my-turn" => Ok(TilesStep::PlayMyTurn),
        "person-plays-my-turn" => Ok(TilesStep::PersonPlaysMyTurn {
            tries: 0,
            laid: None,
        }),
        "visitor-deal" => {
            number(words.first(), command).map(|seed| TilesStep::VisitorDeal(u64::from(seed)))
        }
        "play-random" => number(words.first(), command).and_then(|turns| {
            let seed = u64::from(number(words.get(1), command)?);
            Ok(TilesStep::PlayRandom { turns, seed })
        }),
        "declare" => number(words.first(), command).and_then(|digit| {
            u8::try_from(digit)
                .ok()
                .filter(|d| *d <= 9)
                .ok_or_else(|| format!("declare needs a digit 0 to 9, not {digit}"))
                .and_then(|d| simple(TilesIntent::Declare(d)))
        }),
        "submit" => simple(TilesIntent::Submit),
        "pass" => simple(TilesIntent::Pass),
        "reveal" => simple(TilesIntent::Reveal),
        "recall" => simple(TilesIntent::RecallAll),
        "accept" => simple(TilesIntent::Accept),
        "concede" => simple(TilesIntent::Concede),
        "undo" => simple(TilesIntent::Undo),
        "challenge" => number(words.first(), command)
            .and_then(|p| player_index(p).and_then(|p| simple(TilesIntent::Challenge(p)))),
        "exchange" => words
            .iter()
            .map(|word| match *word {
                "?" => Ok(None),
                digit => digit
                    .parse::<u8>()
                    .ok()
                    .filter(|d| *d <= 9)
                    .map(Some)
                    .ok_or_else(|| format!("{digit} is not a tile")),
            })
            .collect::<Result<Vec<_>, String>>()
            .map(TilesStep::Exchange),
        _ => return None,
    })
}

/// `CELL=DIGIT`, or `CELL=?DIGIT` for the joker and the digit it declares.
fn laid_tile(word: &str) -> Result<(Cell, Option<u8>, u8), String> {
    let (cell, tile) = word
        .split_once('=')
        .ok_or_else(|| format!("{word} is not CELL=DIGIT"))?;
    let cell = Cell::parse(cell).ok_or_else(|| format!("{cell} is not a square of the board"))?;
    let digit = |text: &str| {
        text.parse::<u8>()
            .ok()
            .filter(|d| *d <= 9)
            .ok_or_else(|| format!("{word} needs a digit 0 to 9"))
    };
    Ok(match tile.strip_prefix('?') {
        Some(declared) => (cell, None, digit(declared)?),
        None => {
            let d = digit(tile)?;
            (cell, Some(d), d)
        }
    })
}

/// The commands that check the match or the tiles drawn.
fn check_command(command: &str, words: &[&str]) -> Option<Result<TilesStep, String>> {
    Some(match command {
        "expect-score" | "await-score" => {
            let player = number(words.first(), command).and_then(player_index);
            let expected = words
                .get(1)
                .and_then(|w| w.parse::<i64>().ok())
                .ok_or_else(|| format!("{command} needs a player and a score"));
            player.and_then(|player| {
                expected.map(|expected| TilesStep::Score {
                    player,
                    expected,
                    wait: command == "await-score",
                })
            })
        }
        "expect-stage" | "await-stage" => {
            let names = ["hand-over", "turn", "joker", "challenge", "over"];
            match names.iter().find(|n| Some(**n) == words.first().copied()) {
                Some(expected) => Ok(TilesStep::Stage {
                    expected,
                    wait: command == "await-stage",
                }),
                None => Err(format!("{command} needs one of {}", names.join(", "))),
            }
        }
        "expect-laid" | "await-laid" => number(words.first(), command).and_then(|n| {
            let at = words[1..]
                .iter()
                .map(|word| Cell::parse(word).ok_or_else(|| format!("{word} is not a square")))
                .collect::<Result<Vec<Cell>, String>>()?;
            Ok(TilesStep::Laid {
                expected: n as usize,
                at,
                wait: command == "await-laid",
            })
        }),
        "expect-rack" | "await-rack" => Ok(TilesStep::Rack {
            expected: words.join(" "),
            wait: command == "await-rack",
        }),
        "watch-tiles" => Ok(TilesStep::WatchTiles),
        "expect-tiles-drawn" => Ok(TilesStep::TilesDrawn),
        "await-turns" => number(words.first(), command).map(TilesStep::Turns),
        "await-my-turn" => Ok(TilesStep::MyTurn),
        "expect-moves" => Ok(TilesStep::Moves {
            expected: words.join(" "),
            wait: false,
        }),
        "expect-phones" | "await-phones" => number(words.first(), command).and_then(|here| {
            let away = number(words.get(1), command)?;
            Ok(TilesStep::Phones {
                here: here as usize,
                away: away as usize,
                wait: command == "await-phones",
                none_away_meanwhile: false,
            })
        }),
        "await-phones-back" => number(words.first(), command).map(|here| TilesStep::Phones {
            here: here as usize,
            away: 0,
            wait: true,
            none_away_meanwhile: true,
        }),
        _ => return None,
    })
}

fn player_index(number: u32) -> Result<usize, String> {
    (1..=4)
        .contains(&number)
        .then(|| number as usize - 1)
        .ok_or_else(|| format!("player {number} is not 1 to 4"))
}

fn new_game(words: &[&str]) -> Result<TilesSetup, String> {
    let players = number(words.first(), "new-tiles-game")? as usize;
    if !(1..=4).contains(&players) {
        return Err(format!("a game has 1 to 4 players, not {players}"));
    }
    let seed = u64::from(number(words.get(1), "new-tiles-game")?);
    let mut variants = Variants::default();
    let mut board_b = players == 1;
    let mut kinds = vec![SeatKind::Human; players];
    let mut turn_limit = TurnLimit::Off;
    for word in &words[2.min(words.len())..] {
        if let Some(seconds) = word.strip_prefix("timer=") {
            turn_limit = TurnLimit::Seconds(
                seconds
                    .parse::<u32>()
                    .ok()
                    .filter(|&s| s > 0)
                    .ok_or_else(|| format!("{word}: a timer is a whole number of seconds"))?,
            );
        } else if let Some((seat, kind)) = word.strip_prefix("seat").and_then(|w| w.split_once('='))
        {
            let seat = seat
                .parse::<usize>()
                .ok()
                .filter(|s| (1..=players).contains(s))
                .ok_or_else(|| format!("{word}: no seat {seat} at this table"))?;
            kinds[seat - 1] = SeatKind::from_word(kind)?;
        } else {
            variant(word, &mut variants, &mut board_b)?;
        }
    }
    Ok(TilesSetup {
        seats: kinds
            .into_iter()
            .enumerate()
            .map(|(index, kind)| Seat {
                name: format!("Player {}", index + 1),
                kind,
            })
            .collect(),
        variants,
        board_b,
        turn_limit,
        seed,
    })
}

/// One of the words after the seed that choose the rules and the board.
fn variant(word: &str, variants: &mut Variants, board_b: &mut bool) -> Result<(), String> {
    match word {
        "spin" => variants.spin = true,
        "challenge" => variants.challenge = true,
        "diagonal" => variants.diagonal = true,
        "result-first" => variants.result_first = true,
        "board-b" => *board_b = true,
        "board-a" => *board_b = false,
        "value" => variants.scoring = Scoring::Value,
        "tile-op" => variants.scoring = Scoring::TileOp,
        "ops-only" => variants.scoring = Scoring::OpsOnly,
        "addsub" => variants.ops = OpSet::AddSub,
        "muldiv" => variants.ops = OpSet::MulDiv,
        "basic-ops" => variants.ops = OpSet::Basic,
        other => return Err(format!("unknown variant {other}")),
    }
    Ok(())
}

impl TilesStep {
    /// Whether the step waits for what it checks, rather than failing at once.
    fn waits(&self) -> bool {
        match self {
            TilesStep::Turns(_) | TilesStep::MyTurn => true,
            TilesStep::Phones { wait, .. }
            | TilesStep::Score { wait, .. }
            | TilesStep::Stage { wait, .. }
            | TilesStep::Laid { wait, .. }
            | TilesStep::Moves { wait, .. }
            | TilesStep::Rack { wait, .. } => *wait,
            _ => false,
        }
    }
}

impl ScriptStep for TilesStep {
    fn run(&self, world: &mut World) -> StepOutcome {
        match self {
            TilesStep::NewGame(setup) => return start(world, setup),
            TilesStep::WatchTiles => {
                world.insert_resource(TileWatch::default());
                return StepOutcome::Done;
            }
            TilesStep::VisitorDeal(seed) => {
                world.insert_resource(VisitorDeal(*seed));
                return StepOutcome::Done;
            }
            _ => {}
        }
        let Some(game) = world.get_resource::<TilesMatch>() else {
            // An await may wait for a tile game to come (a booth's visitor, say).
            let why = "no tile game is being played".to_owned();
            return check(false, self.waits(), why);
        };
        // Each arm reads the match first and acts on the world after.
        match self {
            TilesStep::NewGame(_) | TilesStep::WatchTiles | TilesStep::VisitorDeal(_) => {
                StepOutcome::Done
            }
            TilesStep::Lay(tiles) => {
                let intents = lay(game, tiles);
                send(world, intents)
            }
            TilesStep::LayBest => {
                let intents = lay_best(game);
                send(world, intents)
            }
            TilesStep::PlayMyTurn if game.position().is_over() => StepOutcome::Done,
            TilesStep::PlayMyTurn => {
                let intents = play_my_turn(game);
                send(world, Ok(intents))
            }
            TilesStep::MyTurn => my_turn(game),
            TilesStep::PersonPlaysMyTurn { tries, laid } => {
                let hand = by_hand(game, *tries, *laid);
                follow_the_hand(world, hand)
            }
            TilesStep::Exchange(tiles) => {
                let intents = exchange(game, tiles);
                send(world, intents)
            }
            TilesStep::Do(intent) => send(world, Ok(vec![intent.clone()])),
            TilesStep::PlayRandom { turns, seed } => {
                let played = play_random(game.clone(), *turns, *seed);
                world.insert_resource(played);
                StepOutcome::Wait(2)
            }
            TilesStep::TilesDrawn => tiles_drawn(game, world.get_resource::<TileWatch>()),
            TilesStep::Rack { expected, wait } => rack(game, expected, *wait),
            TilesStep::Score {
                player,
                expected,
                wait,
            } => score(game, *player, *expected, *wait),
            TilesStep::Stage { expected, wait } => {
                let found = game.stage().name();
                let why = format!("expected the {expected} stage, found {found}");
                check(found == *expected, *wait, why)
            }
            TilesStep::Laid { expected, at, wait } => {
                let laid: Vec<Cell> = game.tentative().iter().map(|laid| laid.cell).collect();
                let placed = at.iter().all(|cell| laid.contains(cell));
                let why = format!("expected {expected} tiles laid on {at:?}, found {laid:?}");
                check(laid.len() == *expected && placed, *wait, why)
            }
            TilesStep::Moves { expected, wait } => {
                let found = game.moves().join("; ");
                let why = format!("expected the moves \"{expected}\", found \"{found}\"");
                check(found == *expected, *wait, why)
            }
            TilesStep::Phones {
                here,
                away,
                wait,
                none_away_meanwhile,
            } => {
                let found = phones(world);
                let why = format!(
                    "expected {here} phones here and {away} away, found {} and {}",
                    found.0, found.1
                );
                let called_away = *none_away_meanwhile && found.1 > 0;
                check(found == (*here, *away), *wait && !called_away, why)
            }
            TilesStep::Turns(expected) => {
                let played = game.position().turns();
                let why = format!("expected {expected} turns played, found {played}");
                check(played >= *expected, true, why)
            }
        }
    }
}

/// How many phone seats have their phone connected, and how many the screen calls away.
fn phones(world: &World) -> (usize, usize) {
    let Some(table) = world.get_resource::<PhoneTable>() else {
        return (0, 0);
    };
    let here = table
        .phone_seats()
        .into_iter()
        .filter(|&seat| table.is_connected(seat))
        .count();
    let now = world.resource::<Time<Real>>().elapsed_secs();
    (here, table.away(now).len())
}

/// A check's outcome: done when it holds, else retried while `wait`, or failed.
fn check(holds: bool, wait: bool, why: String) -> StepOutcome {
    match (holds, wait) {
        (true, _) => StepOutcome::Done,
        (false, true) => StepOutcome::Retry(why),
        (false, false) => StepOutcome::Fail(why),
    }
}

/// Sends the intents as a player's input would, or fails with the reason there are none.
fn send(world: &mut World, intents: Result<Vec<TilesIntent>, String>) -> StepOutcome {
    match intents {
        Ok(intents) => {
            for intent in intents {
                world.write_message(intent);
            }
            StepOutcome::Done
        }
        Err(why) => StepOutcome::Fail(why),
    }
}

fn start(world: &mut World, setup: &TilesSetup) -> StepOutcome {
    let language = world
        .get_resource::<Settings>()
        .map_or(Language::English, |settings| settings.language);
    match TilesMatch::new(with_local_names(setup.clone(), language)) {
        Ok(game) => {
            world.insert_resource(game);
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Game(TILES));
            StepOutcome::Wait(2)
        }
        Err(error) => StepOutcome::Fail(error.to_string()),
    }
}

/// Each tile is the first free one of its digit on the rack, laid in turn.
fn lay(game: &TilesMatch, tiles: &[(Cell, Option<u8>, u8)]) -> Result<Vec<TilesIntent>, String> {
    let rack = game.turn_rack();
    let mut free = game.rack_in_order();
    let mut intents = Vec::new();
    for &(cell, digit, declared) in tiles {
        let wanted = digit.map_or(Tile::Joker, Tile::Digit);
        let Some(index) = free.iter().position(|&slot| rack[slot] == wanted) else {
            return Err(format!("the rack has no {wanted} for {cell}"));
        };
        let slot = free.remove(index);
        intents.push(TilesIntent::Lay { slot, cell });
        if digit.is_none() {
            intents.push(TilesIntent::Declare(declared));
        }
    }
    Ok(intents)
}

/// The best laying and its submission, or a pass when the rack has none.
fn play_my_turn(game: &TilesMatch) -> Vec<TilesIntent> {
    let mut intents = lay_best(game).unwrap_or_default();
    intents.push(if intents.is_empty() {
        TilesIntent::Pass
    } else {
        TilesIntent::Submit
    });
    intents
}

/// A person's next move of the hand in the screen's turn, toward the best laying without a
/// joker (a joker's digit is asked on a keypad): the next tile dragged from its place in the
/// rack to its square, or Enter once all are laid, each followed by a look again (`tries`
/// on). `Ok(None)` once the turn is no longer the screen's (or the game is over); the intent
/// to send instead when the hand has nothing to lay (a pass) or laid elsewhere (a recall); or
/// why to wait, while the hand's last move (made with `laid` tiles laid) has not shown yet.
fn by_hand(
    game: &TilesMatch,
    tries: u32,
    laid: Option<(usize, std::time::Instant)>,
) -> Result<Option<Vec<Step>>, Result<TilesIntent, String>> {
    const HAND_TRIES: u32 = 40;
    let mover = game.position().to_move();
    let mine = game.setup().seats.get(mover).map(|seat| &seat.kind) == Some(&SeatKind::Human)
        && game.stage() == Stage::Turn
        && !game.gathering();
    if game.position().is_over() || !mine || tries > HAND_TRIES {
        return Ok(None);
    }
    // Waited for a few seconds at most: a move the window missed (or whose tiles a new
    // picture of the room took away) is made again.
    let waiting = laid.is_some_and(|(count, since)| {
        count == game.tentative().len() && since.elapsed() < std::time::Duration::from_secs(8)
    });
    if waiting {
        return Err(Err(format!("the hand's move {tries} has not shown")));
    }
    let position = game.position();
    let best = position
        .legal_placements()
        .into_iter()
        .filter(|p| p.replace.is_none())
        .filter(|p| p.puts.iter().all(|put| matches!(put.laid, Laid::Digit(_))))
        .filter_map(|p| position.evaluate(&p).ok().map(|s| (s.points, p)))
        .max_by_key(|(points, _)| *points);
    let Some((_, best)) = best else {
        // Said for the test that reads the window's output: a deal may leave no laying.
        println!("the hand has no laying without a joker and passes");
        return Err(Ok(TilesIntent::Pass));
    };
    let planned: Vec<(Cell, Tile)> = best
        .puts
        .iter()
        .filter_map(|put| match put.laid {
            Laid::Digit(digit) => Some((put.cell, Tile::Digit(digit))),
            Laid::Joker(_) => None,
        })
        .collect();
    let rack = game.turn_rack();
    let laid: Vec<(Cell, Tile)> = game
        .tentative()
        .iter()
        .filter_map(|t| Some((t.cell, *rack.get(t.slot)?)))
        .collect();
    if laid.iter().any(|tile| !planned.contains(tile)) {
        return Err(Ok(TilesIntent::RecallAll));
    }
    let again = Step::Game(GameStep(std::sync::Arc::new(
        TilesStep::PersonPlaysMyTurn {
            tries: tries + 1,
            laid: Some((laid.len(), std::time::Instant::now())),
        },
    )));
    let Some(&(cell, tile)) = planned.iter().find(|tile| !laid.contains(tile)) else {
        // All laid: Enter submits, and the step waits for the room to play the turn.
        return Ok(Some(vec![
            Step::Person(PersonAction::Key("Return".into())),
            again,
        ]));
    };
    // The tile's place in the rack as the screen shows it, from the left.
    let index = game
        .rack_in_order()
        .iter()
        .position(|&slot| rack.get(slot) == Some(&tile))
        .ok_or(Ok(TilesIntent::RecallAll))?;
    Ok(Some(vec![
        Step::Person(PersonAction::Drag {
            from: Spot::Place(format!("rack-{}", index + 1)),
            to: Spot::Place(cell.to_string()),
        }),
        again,
    ]))
}

/// Carries out the hand's next move: its steps next in the script, an intent sent, or a wait
/// while its last move is still on its way (the real pointer takes its time).
fn follow_the_hand(
    world: &mut World,
    hand: Result<Option<Vec<Step>>, Result<TilesIntent, String>>,
) -> StepOutcome {
    match hand {
        Ok(Some(steps)) => {
            world.resource_mut::<Script>().then(steps);
            StepOutcome::Done
        }
        Ok(None) => StepOutcome::Done,
        Err(Ok(intent)) => send(world, Ok(vec![intent])),
        Err(Err(waiting)) => StepOutcome::Retry(waiting),
    }
}

/// Done once a seat played at this screen may lay tiles, or the game is over.
fn my_turn(game: &TilesMatch) -> StepOutcome {
    let mover = game.position().to_move();
    let at_the_screen = game
        .setup()
        .seats
        .get(mover)
        .is_some_and(|seat| seat.kind == SeatKind::Human);
    let mine = at_the_screen
        && game.stage() == Stage::Turn
        && !game.gathering()
        && game.tentative().is_empty();
    let why = format!("waiting for a turn of the screen's; seat {mover} is to move");
    check(mine || game.position().is_over(), true, why)
}

fn lay_best(game: &TilesMatch) -> Result<Vec<TilesIntent>, String> {
    let best = game
        .position()
        .legal_placements()
        .into_iter()
        .filter(|p| p.replace.is_none())
        .filter_map(|p| game.position().evaluate(&p).ok().map(|s| (s.points, p)))
        .max_by_key(|(points, _)| *points);
    let Some((_, placement)) = best else {
        return Err("the rack has no legal placement".into());
    };
    Ok(lay_intents(&mut game.clone(), &placement))
}

fn exchange(game: &TilesMatch, tiles: &[Option<u8>]) -> Result<Vec<TilesIntent>, String> {
    let rack = game.position().rack(game.position().to_move()).to_vec();
    let mut slots: Vec<usize> = Vec::new();
    for digit in tiles {
        let wanted = digit.map_or(Tile::Joker, Tile::Digit);
        match (0..rack.len()).find(|&s| rack[s] == wanted && !slots.contains(&s)) {
            Some(slot) => slots.push(slot),
            None => return Err(format!("the rack has no {wanted}")),
        }
    }
    Ok(vec![TilesIntent::Exchange(slots)])
}

/// The match after `turns` turns of a random player, straight through the turn flow.
fn play_random(mut game: TilesMatch, turns: u32, seed: u64) -> TilesMatch {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    for _ in 0..turns {
        if game.stage() == Stage::Over {
            break;
        }
        if game.stage() == Stage::HandOver {
            apply(&mut game, TilesIntent::Reveal);
        }
        if game.stage() == Stage::ChallengeWindow {
            apply(&mut game, TilesIntent::Accept);
            continue;
        }
        for intent in random_turn(&game, &mut rng) {
            apply(&mut game, intent);
        }
    }
    game
}

fn tiles_drawn(game: &TilesMatch, watch: Option<&TileWatch>) -> StepOutcome {
    let tiles = game.position().tile_count();
    let Some(watch) = watch else {
        return StepOutcome::Fail("expect-tiles-drawn needs watch-tiles first".into());
    };
    match &watch.first_mismatch {
        Some(mismatch) => StepOutcome::Fail(mismatch.clone()),
        None if tiles != 101 => StepOutcome::Fail(format!("{tiles} tiles in the game, not 101")),
        None if watch.frames == 0 => StepOutcome::Fail("no frame was watched".into()),
        None => {
            println!("tiles drawn right in {} frames", watch.frames);
            StepOutcome::Done
        }
    }
}

/// The rack of the player to move as arranged, `?` for the joker; a hidden rack never matches.
fn rack(game: &TilesMatch, expected: &str, wait: bool) -> StepOutcome {
    let tiles = game.turn_rack();
    let shown: Vec<String> = game
        .rack_in_order()
        .into_iter()
        .map(|slot| match tiles[slot] {
            Tile::Digit(d) => d.to_string(),
            Tile::Joker => "?".to_owned(),
        })
        .collect();
    let shown = shown.join(" ");
    check(
        game.rack_visible() && shown == expected,
        wait,
        format!("expected the rack {expected}, found {shown}"),
    )
}

fn score(game: &TilesMatch, player: usize, expected: i64, wait: bool) -> StepOutcome {
    let score = game.position().players().get(player).map(|p| p.score);
    let why = format!(
        "expected player {} at {expected}, found {score:?}",
        player + 1
    );
    check(score == Some(expected), wait, why)
}

/// Names every square by its window position, and the rack's tiles as `rack-1` to `rack-6`
/// from the left.
fn publish_places(
    layout: Option<Res<TilesLayout>>,
    game: Res<TilesMatch>,
    mut places: ResMut<ScriptPlaces>,
    rack: Query<(&RackTile, &Transform, Has<Glide>, Option<&TableLooks>)>,
    (table, blocks): (TableEye, Query<&GlobalTransform, With<Shows>>),
) {
    let Some(layout) = layout else { return };
    let seen = |world: Vec3| {
        if table.on_table() {
            table.window_point(world)
        } else {
            Some(Vec2::new(
                world.x + layout.window.x / 2.0,
                layout.window.y / 2.0 - world.y,
            ))
        }
    };
    // On the table the camera moves (it drifts in the attract mode): the places are found
    // anew every frame there.
    let moved = layout.is_changed() || game.is_changed() || table.switched();
    if moved || places.0.is_empty() || table.on_table() {
        places.0.clear();
        let board = game.position().layout();
        for index in 0..board.len() {
            let cell = board.cell(index);
            if let Some(at) = seen(layout.world(cell).extend(0.0)) {
                places.0.insert(cell.to_string(), at);
            }
        }
    }
    // A rack tile is where it is drawn, and only once it is at rest: a person waits for the
    // tiles to come out of the bag before reaching for one.
    places.0.retain(|name, _| !name.starts_with("rack-"));
    if !game.rack_visible() || rack.iter().any(|(_, _, moving, _)| moving) {
        return;
    }
    for (index, slot) in game.rack_in_order().into_iter().enumerate() {
        let Some((_, transform, _, looks)) = rack.iter().find(|(tile, ..)| tile.0 == slot) else {
            continue;
        };
        // On the table, the middle of the face of the block that shows it.
        let block = looks.and_then(|looks| blocks.get(looks.iter().next()?).ok());
        let at = match block {
            Some(block) if table.on_table() => {
                table.window_point(block.transform_point(Vec3::Z * super::sprites::TILE_DEPTH))
            }
            _ => seen(transform.translation),
        };
        if let Some(at) = at {
            places.0.insert(format!("rack-{}", index + 1), at);
        }
    }
}

fn forget_places(places: Option<ResMut<ScriptPlaces>>) {
    if let Some(mut places) = places {
        places.0.clear();
    }
}
