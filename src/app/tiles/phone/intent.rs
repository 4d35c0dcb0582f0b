//! A phone's message read as what its player asks for: the same intents a click at the screen
//! makes, allowed only for the phone's own seat and at its own turn; the rules decide the rest.

use rand::Rng;
use serde::Deserialize;

use super::super::game::{Stage, TilesIntent, TilesMatch};
use super::view::cell_on_board;

/// What a phone may ask, as its page sends it: `{"n": 7, "intent": "lay", "slot": 2,
/// "cell": "H8"}`. `n` counts up with each message of the page, so a message sent twice is
/// refused the second time.
#[derive(Debug, Deserialize)]
struct Envelope {
    n: u64,
    #[serde(flatten)]
    intent: PhoneIntent,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "intent", rename_all = "kebab-case")]
enum PhoneIntent {
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

/// Why a phone's message changes nothing; the phone is told with this code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhoneError {
    /// Not a message of the page: broken JSON, an unknown intent, a missing field.
    Unreadable,
    /// A message numbered no higher than one already taken.
    Replayed,
    /// Another seat's turn, or a moment of the game that takes no such intent.
    NotYourTurn,
    /// A square that is not on this board.
    NoSuchSquare,
}

impl PhoneError {
    /// The word the page reads to say why.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            PhoneError::Unreadable => "unreadable",
            PhoneError::Replayed => "replayed",
            PhoneError::NotYourTurn => "not-your-turn",
            PhoneError::NoSuchSquare => "no-such-square",
        }
    }
}

/// Reads seat `seat`'s message against the game as it stands and the number of the last
/// message taken from that seat; on success the number to remember and the intent to apply.
pub fn read_intent(
    game: &TilesMatch,
    seat: usize,
    last: u64,
    text: &str,
) -> Result<(u64, TilesIntent), PhoneError> {
    let envelope: Envelope = serde_json::from_str(text).map_err(|_| PhoneError::Unreadable)?;
    if envelope.n <= last {
        return Err(PhoneError::Replayed);
    }
    let position = game.position();
    let cell = |text: &str| cell_on_board(position, text).ok_or(PhoneError::NoSuchSquare);
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
            Err(PhoneError::NotYourTurn)
        }
    };
    let intent = match envelope.intent {
        PhoneIntent::Hold { slot } => turn(TilesIntent::Hold(slot)),
        PhoneIntent::Lay { slot, cell: square } => turn(TilesIntent::Lay {
            slot,
            cell: cell(&square)?,
        }),
        PhoneIntent::TapSquare { cell: square } => turn(TilesIntent::TapSquare(cell(&square)?)),
        PhoneIntent::Shift { from, to } => turn(TilesIntent::Shift {
            from: cell(&from)?,
            to: cell(&to)?,
        }),
        PhoneIntent::TakeBack { cell: square } => turn(TilesIntent::TakeBack(cell(&square)?)),
        PhoneIntent::Recall => turn(TilesIntent::RecallAll),
        PhoneIntent::Shuffle => turn(TilesIntent::Shuffle(rand::rng().random())),
        PhoneIntent::Reorder { slot, before } => turn(TilesIntent::Reorder { slot, before }),
        PhoneIntent::Declare { digit } => turn(TilesIntent::Declare(digit)),
        PhoneIntent::CancelJoker => turn(TilesIntent::CancelJoker),
        PhoneIntent::Submit => turn(TilesIntent::Submit),
        PhoneIntent::Pass => turn(TilesIntent::Pass),
        PhoneIntent::Exchange { slots } => turn(TilesIntent::Exchange(slots)),
        PhoneIntent::Concede => turn(TilesIntent::Concede),
        PhoneIntent::Challenge if answering => Ok(TilesIntent::Challenge(seat)),
        PhoneIntent::Accept if answering => Ok(TilesIntent::Accept),
        PhoneIntent::Challenge | PhoneIntent::Accept => Err(PhoneError::NotYourTurn),
    }?;
    Ok((envelope.n, intent))
}
