//! What each intent does to the match: the whole turn flow, one function per intent.

use super::{
    LogEntry, LoggedExample, Stage, Tentative, TilesChange, TilesIntent, TilesMatch, TilesNotice,
    first_reading,
};
use abakus_rules::abaku::{Cell, Laid, Move, Placement, PlayError, Square, Tile};

/// Applies one intent and says what changed. This is the whole turn flow.
pub fn apply(game: &mut TilesMatch, intent: TilesIntent) -> Vec<TilesChange> {
    match (game.stage, intent) {
        (_, TilesIntent::HideRack) => hide_rack(game),
        (Stage::Over, TilesIntent::Undo) => undo(game),
        (Stage::Over, _) => Vec::new(),
        (Stage::HandOver, TilesIntent::Reveal) => {
            game.stage = Stage::Turn;
            vec![TilesChange::Revealed]
        }
        (Stage::HandOver, TilesIntent::Undo) => undo(game),
        (Stage::HandOver, _) => Vec::new(),
        (Stage::ChallengeWindow, TilesIntent::Challenge(player)) => challenge(game, player),
        (Stage::ChallengeWindow, TilesIntent::Accept) => {
            game.stage = if game.setup.humans() >= 2
                && game.computer_to_move().is_none()
                && !game.phone_to_move()
            {
                Stage::HandOver
            } else {
                Stage::Turn
            };
            handed_over(game)
        }
        (Stage::ChallengeWindow, _) => Vec::new(),
        (Stage::JokerDigit { slot, cell }, TilesIntent::Declare(digit)) if digit <= 9 => {
            game.stage = Stage::Turn;
            game.tentative.retain(|t| t.cell != cell);
            game.tentative.push(Tentative {
                slot,
                cell,
                declared: Some(digit),
            });
            vec![TilesChange::Laid(cell)]
        }
        (Stage::JokerDigit { .. }, TilesIntent::CancelJoker) => {
            game.stage = Stage::Turn;
            Vec::new()
        }
        (Stage::JokerDigit { .. } | Stage::Turn, TilesIntent::TimeUp)
            if game.computer_to_move().is_none() =>
        {
            // The tiles laid go back to the rack and the turn is passed.
            let player = game.position.to_move();
            game.stage = Stage::Turn;
            game.clear_turn();
            let changes = play_turn(game, Move::Pass);
            game.notice = Some(TilesNotice::TimeRanOut { player });
            changes
        }
        (Stage::JokerDigit { .. }, _) => Vec::new(),
        (Stage::Turn, TilesIntent::Computer(mv)) if game.computer_to_move().is_some() => {
            game.clear_turn();
            let changes = play_turn(game, mv);
            if changes.first() == Some(&TilesChange::Refused) {
                // Never expected; but a computer stuck on a refused move would hold the table.
                return play_turn(game, Move::Pass);
            }
            changes
        }
        (Stage::Turn, TilesIntent::Undo) => turn(game, TilesIntent::Undo),
        // While the computer lays tiles, the board and buttons are not the people's.
        (Stage::Turn, _) if game.computer_to_move().is_some() => Vec::new(),
        (Stage::Turn, intent) => turn(game, intent),
    }
}

/// The tiles laid this turn stay where they were, and a joker still waiting for its digit goes
/// back to the rack.
fn hide_rack(game: &mut TilesMatch) -> Vec<TilesChange> {
    let rack_was_showing = matches!(game.stage, Stage::Turn | Stage::JokerDigit { .. })
        && game.computer_to_move().is_none()
        && !game.phone_to_move();
    if !rack_was_showing || game.setup.humans() < 2 {
        return Vec::new();
    }
    if let Stage::JokerDigit { cell, .. } = game.stage {
        game.tentative
            .retain(|tentative| tentative.cell != cell || tentative.declared.is_some());
    }
    game.held = None;
    game.stage = Stage::HandOver;
    Vec::new()
}

fn turn(game: &mut TilesMatch, intent: TilesIntent) -> Vec<TilesChange> {
    match intent {
        TilesIntent::Hold(slot) => hold(game, slot),
        TilesIntent::Lay { slot, cell } => lay(game, slot, cell),
        TilesIntent::TapSquare(cell) => match game.held {
            Some(slot) => lay(game, slot, cell),
            None if game.tentative.iter().any(|t| t.cell == cell)
                || game.replacing.is_some_and(|(at, _)| at == cell) =>
            {
                take_back(game, cell)
            }
            None => Vec::new(),
        },
        TilesIntent::Shift { from, to } => shift(game, from, to),
        TilesIntent::TakeBack(cell) => take_back(game, cell),
        TilesIntent::RecallAll => {
            let cells: Vec<Cell> = game.tentative.iter().map(|t| t.cell).collect();
            let order = std::mem::take(&mut game.rack_order);
            game.clear_turn();
            game.rack_order = order;
            cells.into_iter().map(TilesChange::TakenBack).collect()
        }
        TilesIntent::Shuffle(seed) => shuffle(game, seed),
        TilesIntent::Reorder { slot, before } => reorder(game, slot, before),
        TilesIntent::Submit => submit(game),
        TilesIntent::Pass => play_turn(game, Move::Pass),
        TilesIntent::Exchange(slots) => exchange(game, &slots),
        TilesIntent::Concede => {
            game.clear_turn();
            play_turn(game, Move::Concede)
        }
        TilesIntent::Undo => {
            if game.tentative.is_empty() && game.replacing.is_none() {
                undo(game)
            } else {
                apply(game, TilesIntent::RecallAll)
            }
        }
        TilesIntent::Hint => vec![TilesChange::HintAsked],
        TilesIntent::AdviseExchange(tiles) => {
            game.notice = Some(TilesNotice::ExchangeAdvised { tiles });
            Vec::new()
        }
        TilesIntent::NothingToLay => {
            game.notice = Some(TilesNotice::NothingToLay);
            Vec::new()
        }
        TilesIntent::Declare(_)
        | TilesIntent::CancelJoker
        | TilesIntent::Challenge(_)
        | TilesIntent::Accept
        | TilesIntent::Reveal
        | TilesIntent::TimeUp
        | TilesIntent::HideRack
        | TilesIntent::Computer(_) => Vec::new(),
    }
}

/// Picks a rack tile up, or puts the held one down.
fn hold(game: &mut TilesMatch, slot: usize) -> Vec<TilesChange> {
    if !game.free_slots().contains(&slot) {
        return Vec::new();
    }
    game.held = if game.held == Some(slot) {
        None
    } else {
        Some(slot)
    };
    vec![TilesChange::Held(game.held)]
}

/// Moves a tile laid this turn to another square.
fn shift(game: &mut TilesMatch, from: Cell, to: Cell) -> Vec<TilesChange> {
    let Some(moved) = game.tentative.iter().find(|t| t.cell == from).copied() else {
        return Vec::new();
    };
    if from == to {
        return Vec::new();
    }
    take_back(game, from);
    lay(game, moved.slot, to)
}

/// Shuffles the rack's order on screen (the rack itself is a set).
fn shuffle(game: &mut TilesMatch, mut seed: u64) -> Vec<TilesChange> {
    let mut order = game.rack_in_order();
    // A small Fisher-Yates with a xorshift: no need for more randomness than that.
    for i in (1..order.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        order.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    game.rack_order = order;
    vec![TilesChange::Held(game.held)]
}

/// Moves a rack tile to just before another on screen (or to the end).
fn reorder(game: &mut TilesMatch, slot: usize, before: usize) -> Vec<TilesChange> {
    let mut order = game.rack_in_order();
    let Some(from) = order.iter().position(|&s| s == slot) else {
        return Vec::new();
    };
    order.remove(from);
    let to = order
        .iter()
        .position(|&s| s == before)
        .unwrap_or(order.len());
    order.insert(to, slot);
    game.rack_order = order;
    vec![TilesChange::Held(game.held)]
}

/// Swaps the rack tiles in these slots for tiles from the bag.
fn exchange(game: &mut TilesMatch, slots: &[usize]) -> Vec<TilesChange> {
    let rack = game.position.rack(game.position.to_move()).to_vec();
    let mut tiles = Vec::new();
    for &slot in slots {
        match rack.get(slot) {
            Some(tile) => tiles.push(*tile),
            None => return Vec::new(),
        }
    }
    game.clear_turn();
    play_turn(game, Move::Exchange(tiles))
}

fn lay(game: &mut TilesMatch, slot: usize, cell: Cell) -> Vec<TilesChange> {
    game.held = None;
    let rack = game.turn_rack();
    let Some(&tile) = rack.get(slot) else {
        return Vec::new();
    };
    if !game.position.layout().contains(cell) {
        return Vec::new();
    }
    // A slot already on the board moves to the new square.
    if let Some(index) = game.tentative.iter().position(|t| t.slot == slot) {
        game.tentative.remove(index);
    }
    match game.position.square(cell) {
        // A rack digit dropped on the blank joker replaces it; the joker comes to the rack.
        Square::Joker if game.replacing.is_none() => {
            let Tile::Digit(_) = tile else {
                game.notice = Some(TilesNotice::Refused(PlayError::Occupied(cell)));
                return vec![TilesChange::Refused];
            };
            // Slots are of the turn's rack; replacing changes that rack, so only a rack with
            // nothing laid yet may replace (the usual order: swap first, then lay).
            if !game.tentative.is_empty() {
                game.notice = Some(TilesNotice::Refused(PlayError::Occupied(cell)));
                return vec![TilesChange::Refused];
            }
            game.replacing = Some((cell, slot));
            vec![TilesChange::Laid(cell)]
        }
        Square::Empty => {
            if game.tentative.iter().any(|t| t.cell == cell) {
                game.notice = Some(TilesNotice::Refused(PlayError::Occupied(cell)));
                return vec![TilesChange::Refused];
            }
            match tile {
                Tile::Joker => {
                    game.stage = Stage::JokerDigit { slot, cell };
                    vec![TilesChange::JokerAsked(cell)]
                }
                Tile::Digit(_) => {
                    game.tentative.push(Tentative {
                        slot,
                        cell,
                        declared: None,
                    });
                    game.notice = None;
                    vec![TilesChange::Laid(cell)]
                }
            }
        }
        _ => {
            game.notice = Some(TilesNotice::Refused(PlayError::Occupied(cell)));
            vec![TilesChange::Refused]
        }
    }
}

fn take_back(game: &mut TilesMatch, cell: Cell) -> Vec<TilesChange> {
    if game.replacing.is_some_and(|(at, _)| at == cell) {
        // Undoing the swap takes back the freed joker too, wherever it was laid.
        game.clear_turn();
        return vec![TilesChange::TakenBack(cell)];
    }
    let before = game.tentative.len();
    game.tentative.retain(|t| t.cell != cell);
    if game.tentative.len() == before {
        return Vec::new();
    }
    vec![TilesChange::TakenBack(cell)]
}

fn submit(game: &mut TilesMatch) -> Vec<TilesChange> {
    let Some(placement) = game.placement() else {
        game.notice = Some(if game.tentative.iter().any(|t| t.declared.is_none()) {
            TilesNotice::JokerUndeclared
        } else {
            TilesNotice::Refused(PlayError::NothingPlaced)
        });
        return vec![TilesChange::Refused];
    };
    play_turn(game, Move::Place(placement))
}

/// Plays a whole turn through the rules core and moves the table on.
pub(super) fn play_turn(game: &mut TilesMatch, mv: Move) -> Vec<TilesChange> {
    let player = game.position.to_move();
    let preview = match &mv {
        Move::Place(placement) => game.position.evaluate(placement).ok(),
        _ => None,
    };
    let text = mv.to_string();
    match game.position.play(&mv) {
        Ok(scored) => {
            game.moves.push(text.clone());
            game.clear_turn();
            let rules = game.position.variants().read_rules();
            let examples = preview
                .unwrap_or(scored.clone())
                .examples
                .iter()
                .map(|formed| LoggedExample {
                    reading: first_reading(formed, rules),
                    points: formed.points,
                    cells: formed
                        .cells
                        .iter()
                        .map(|&index| game.position.layout().cell(index))
                        .collect(),
                })
                .collect();
            game.log.push(LogEntry {
                player,
                text,
                action: mv.clone(),
                points: scored.points,
                examples,
            });
            let mut changes = vec![match mv {
                Move::Place(_) => {
                    game.notice = Some(TilesNotice::Scored {
                        player,
                        points: scored.points,
                    });
                    TilesChange::Submitted {
                        player,
                        points: scored.points,
                    }
                }
                Move::Exchange(tiles) => {
                    game.notice = Some(TilesNotice::Exchanged {
                        player,
                        tiles: tiles.len(),
                    });
                    TilesChange::Exchanged
                }
                Move::Pass => {
                    game.notice = Some(TilesNotice::Passed { player });
                    TilesChange::Passed
                }
                Move::Concede => TilesChange::Conceded,
                Move::Challenge(_) => TilesChange::Challenged { upheld: false },
            }];
            game.stage = game.stage_between_turns();
            changes.extend(handed_over(game));
            changes
        }
        Err(error) => {
            game.notice = Some(TilesNotice::Refused(error));
            vec![TilesChange::Refused]
        }
    }
}

/// What follows a finished turn: the end, or the hand-over to the next player.
fn handed_over(game: &TilesMatch) -> Vec<TilesChange> {
    match (game.stage, game.position.outcome()) {
        (Stage::Over, Some(reason)) => vec![TilesChange::Finished(reason)],
        (Stage::HandOver, _) => vec![TilesChange::HandedOver {
            to: game.position.to_move(),
        }],
        _ => Vec::new(),
    }
}

pub(super) fn challenge(game: &mut TilesMatch, challenger: usize) -> Vec<TilesChange> {
    let Some(pending) = game.position.pending() else {
        return Vec::new();
    };
    let before = game.position.players()[pending.player].score;
    match game.position.play(&Move::Challenge(challenger)) {
        Ok(_) => {
            game.moves.push(Move::Challenge(challenger).to_string());
            // A wrong move is taken back and costs its player; a right one costs the
            // challenger their next turn.
            let upheld = game.position.players()[pending.player].score < before;
            game.notice = Some(TilesNotice::Challenged { challenger, upheld });
            game.stage = game.stage_between_turns();
            let mut changes = vec![TilesChange::Challenged { upheld }];
            changes.extend(handed_over(game));
            changes
        }
        Err(error) => {
            game.notice = Some(TilesNotice::Refused(error));
            vec![TilesChange::Refused]
        }
    }
}

/// Takes the last turn back: always in solo play; with several people only the turn just
/// submitted, before the next player has seen their rack (the drawn tiles go back unseen).
fn undo(game: &mut TilesMatch) -> Vec<TilesChange> {
    let allowed = match game.stage {
        Stage::HandOver | Stage::Over => true,
        Stage::Turn => game.setup.humans() < 2,
        _ => false,
    };
    if !allowed || game.position.undo().is_err() {
        return Vec::new();
    }
    game.moves.pop();
    game.log.pop();
    // Against the computer, its turn goes back too: the person is to move again.
    while game.setup.humans() > 0
        && game.computer_to_move().is_some()
        && game.position.undo().is_ok()
    {
        game.moves.pop();
        game.log.pop();
    }
    game.clear_turn();
    game.notice = None;
    game.stage = Stage::Turn;
    vec![TilesChange::Undone]
}

/// The intents that lay a placement tile by tile from the rack of the player to move; `game`
/// follows along so that each tile takes a slot not yet used.
pub fn lay_intents(game: &mut TilesMatch, placement: &Placement) -> Vec<TilesIntent> {
    let mut intents = Vec::new();
    let mut step = |game: &mut TilesMatch, intent: TilesIntent| {
        apply(game, intent.clone());
        intents.push(intent);
    };
    if let Some((cell, digit)) = placement.replace {
        let rack = game.turn_rack();
        if let Some(slot) = game
            .free_slots()
            .into_iter()
            .find(|&slot| rack[slot] == Tile::Digit(digit))
        {
            step(game, TilesIntent::Lay { slot, cell });
        }
    }
    for put in &placement.puts {
        let rack = game.turn_rack();
        let wanted = put.laid.tile();
        let Some(slot) = game
            .free_slots()
            .into_iter()
            .find(|&slot| rack[slot] == wanted)
        else {
            continue;
        };
        step(
            game,
            TilesIntent::Lay {
                slot,
                cell: put.cell,
            },
        );
        if let Laid::Joker(digit) = put.laid {
            step(game, TilesIntent::Declare(digit));
        }
    }
    intents
}

/// One random move of the player to move, as the intents a player would give: for scripts'
/// random play, and for tests that play whole games through a turn flow.
pub fn random_turn(game: &TilesMatch, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<TilesIntent> {
    let mv = abakus_rules::abaku::random::random_move(game.position(), rng);
    let rack = game.position().rack(game.position().to_move()).to_vec();
    match mv {
        Move::Place(placement) => {
            let mut intents = lay_intents(&mut game.clone(), &placement);
            intents.push(TilesIntent::Submit);
            intents
        }
        Move::Exchange(tiles) => {
            let mut slots: Vec<usize> = Vec::new();
            for tile in tiles {
                if let Some(slot) =
                    (0..rack.len()).find(|&s| rack[s] == tile && !slots.contains(&s))
                {
                    slots.push(slot);
                }
            }
            vec![TilesIntent::Exchange(slots)]
        }
        _ => vec![TilesIntent::Pass],
    }
}

/// In challenge mode, what the computer seats answer the move waiting in the challenge window:
/// a computer that finds it breaks the rules challenges it; when nobody but computers could
/// challenge, they accept it; otherwise the people at the table answer. Asked once per move,
/// after a moment for the people to read it.
#[must_use]
pub fn computers_answer(game: &TilesMatch, seed: u64) -> Option<TilesIntent> {
    use abakus_rules::abaku::ai;

    let pending = game.position().pending()?;
    if game.stage() != Stage::ChallengeWindow {
        return None;
    }
    let seats = game.setup().seats.len();
    let challenger = (0..seats).find(|&index| {
        index != pending.player
            && game
                .computer_at(index)
                .is_some_and(|level| ai::challenges(game.position(), index, level, seed))
    });
    if let Some(index) = challenger {
        return Some(TilesIntent::Challenge(index));
    }
    let only_computers =
        (0..seats).all(|index| index == pending.player || game.computer_at(index).is_some());
    only_computers.then_some(TilesIntent::Accept)
}
