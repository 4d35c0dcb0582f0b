//! A page's message read as what its player asks for: the same intents a click at the screen
//! makes, allowed only for the page's own seat and at its own turn; the rules decide the rest.

use rand::Rng;
use serde::Deserialize;

use super::view::cell_on_board;
use super::{Stage, TilesIntent, TilesMatch};

pub use crate::room::MessageError;

/// What a page may ask, as it sends it: `{"n": 7, "intent": "lay", "slot": 2,
/// "cell": "H8"}`. `n` counts up with each message of the page, so a message sent twice is
/// refused the second time.
#[derive(Debug, Deserialize)]
struct Envelope {
    n: u64,
    #[serde(flatten)]
    intent: PageIntent,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "intent", rename_all = "kebab-case")]
enum PageIntent {
    Hold { slot: usize },
    Lay { slot: usize, cell: String },
    TapSquare { cell: String },
    Shift { from: String, to: String },
    TakeBack { cell: String },
    Recall,
    Shuffle,
    Reorder { slot: usize, before: usize },
    Declare { digit: u8 },
    CancelJoker,
    Submit,
    Pass,
    Exchange { slots: Vec<usize> },
    Concede,
    Challenge,
    Accept,
}

/// Reads seat `seat`'s message against the game as it stands and the number of the last
/// message taken from that seat; on success the number to remember and the intent to apply.
pub fn read_intent(
    game: &TilesMatch,
    seat: usize,
    last: u64,
    text: &str,
) -> Result<(u64, TilesIntent), MessageError> {
    let envelope: Envelope = serde_json::from_str(text).map_err(|_| MessageError::Unreadable)?;
    if envelope.n <= last {
        return Err(MessageError::Replayed);
    }
    let position = game.position();
    let cell = |text: &str| cell_on_board(position, text).ok_or(MessageError::NoSuchSquare);
    let over = position.is_over();
    let laying = !over
        && !game.gathering()
        && position.to_move() == seat
        && matches!(game.stage(), Stage::Turn | Stage::JokerDigit { .. });
    // In the challenge window the others answer the move just played, not its player.
    let answering = !over
        && game.stage() == Stage::ChallengeWindow
        && position
            .pending()
            .is_some_and(|pending| pending.player != seat);
    let turn = |intent: TilesIntent| {
        if laying {
            Ok(intent)
        } else {
            Err(MessageError::NotYourTurn)
        }
    };
    let intent = match envelope.intent {
        PageIntent::Hold { slot } => turn(TilesIntent::Hold(slot)),
        PageIntent::Lay { slot, cell: square } => turn(TilesIntent::Lay {
            slot,
            cell: cell(&square)?,
        }),
        PageIntent::TapSquare { cell: square } => turn(TilesIntent::TapSquare(cell(&square)?)),
        PageIntent::Shift { from, to } => turn(TilesIntent::Shift {
            from: cell(&from)?,
            to: cell(&to)?,
        }),
        PageIntent::TakeBack { cell: square } => turn(TilesIntent::TakeBack(cell(&square)?)),
        PageIntent::Recall => turn(TilesIntent::RecallAll),
        PageIntent::Shuffle => turn(TilesIntent::Shuffle(rand::rng().random())),
        PageIntent::Reorder { slot, before } => turn(TilesIntent::Reorder { slot, before }),
        PageIntent::Declare { digit } => turn(TilesIntent::Declare(digit)),
        PageIntent::CancelJoker => turn(TilesIntent::CancelJoker),
        PageIntent::Submit => turn(TilesIntent::Submit),
        PageIntent::Pass => turn(TilesIntent::Pass),
        PageIntent::Exchange { slots } => turn(TilesIntent::Exchange(slots)),
        PageIntent::Concede => turn(TilesIntent::Concede),
        PageIntent::Challenge if answering => Ok(TilesIntent::Challenge(seat)),
        PageIntent::Accept if answering => Ok(TilesIntent::Accept),
        PageIntent::Challenge | PageIntent::Accept => Err(MessageError::NotYourTurn),
    }?;
    Ok((envelope.n, intent))
}

/// The message a page sends for `intent`, numbered `n`: what [`read_intent`] reads back. `None`
/// for an intent no page sends (the computer's turn, a hint, the screen's own).
#[must_use]
pub fn message(n: u64, intent: &TilesIntent) -> Option<String> {
    use serde_json::json;
    let mut body = match intent {
        TilesIntent::Hold(slot) => json!({"intent": "hold", "slot": slot}),
        TilesIntent::Lay { slot, cell } => {
            json!({"intent": "lay", "slot": slot, "cell": cell.to_string()})
        }
        TilesIntent::TapSquare(cell) => json!({"intent": "tap-square", "cell": cell.to_string()}),
        TilesIntent::Shift { from, to } => {
            json!({"intent": "shift", "from": from.to_string(), "to": to.to_string()})
        }
        TilesIntent::TakeBack(cell) => json!({"intent": "take-back", "cell": cell.to_string()}),
        TilesIntent::RecallAll => json!({"intent": "recall"}),
        TilesIntent::Shuffle(_) => json!({"intent": "shuffle"}),
        TilesIntent::Reorder { slot, before } => {
            json!({"intent": "reorder", "slot": slot, "before": before})
        }
        TilesIntent::Declare(digit) => json!({"intent": "declare", "digit": digit}),
        TilesIntent::CancelJoker => json!({"intent": "cancel-joker"}),
        TilesIntent::Submit => json!({"intent": "submit"}),
        TilesIntent::Pass => json!({"intent": "pass"}),
        TilesIntent::Exchange(slots) => json!({"intent": "exchange", "slots": slots}),
        TilesIntent::Concede => json!({"intent": "concede"}),
        TilesIntent::Challenge(_) => json!({"intent": "challenge"}),
        TilesIntent::Accept => json!({"intent": "accept"}),
        _ => return None,
    };
    body["n"] = json!(n);
    Some(body.to_string())
}
