//! A page's message read as its player's move: allowed only for the page's own colour at its
//! own turn, and checked by the rules before the match sees it, so a refusal goes back to the
//! one page that asked and the table's picture stays as it was.

use serde::Deserialize;

use super::view::seat_color;
use super::{HexIntent, HexMatch};
use crate::room::MessageError;
use abakus_rules::hex::{Move, PlayError};

/// What a page sends: `{"type": "move", "n": 7, "move": "E5-G5"}`. `n` counts up with each
/// message of the page, so a message sent twice is refused the second time.
#[derive(Debug, Deserialize)]
struct Envelope {
    n: u64,
    #[serde(rename = "type")]
    kind: String,
    #[serde(rename = "move")]
    mv: String,
}

/// Why a page's message changes nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HexMessageError {
    Message(MessageError),
    /// A move the rules refuse, with their reason for the player.
    Refused(PlayError),
}

impl From<MessageError> for HexMessageError {
    fn from(error: MessageError) -> Self {
        HexMessageError::Message(error)
    }
}

/// Reads seat `seat`'s message against the game as it stands and the number of the last
/// message taken from that seat; on success the number to remember and the intent to apply.
///
/// # Errors
/// The message is unreadable, replayed or out of turn, or the rules refuse its move.
pub fn read_intent(
    game: &HexMatch,
    seat: usize,
    last: u64,
    text: &str,
) -> Result<(u64, HexIntent), HexMessageError> {
    let envelope: Envelope = serde_json::from_str(text).map_err(|_| MessageError::Unreadable)?;
    if envelope.kind != "move" {
        return Err(MessageError::Unreadable.into());
    }
    if envelope.n <= last {
        return Err(MessageError::Replayed.into());
    }
    let movers = seat_color(seat) == Some(game.position().turn())
        && game.outcome().is_none()
        && !game.gathering()
        && game.computer_to_move().is_none();
    if !movers {
        return Err(MessageError::NotYourTurn.into());
    }
    let mv: Move = envelope.mv.parse().map_err(|_| MessageError::Unreadable)?;
    game.position()
        .check(mv)
        .map_err(HexMessageError::Refused)?;
    Ok((envelope.n, HexIntent::Play(mv)))
}

/// The message a page sends for `mv`, numbered `n`: what [`read_intent`] reads back.
#[must_use]
pub fn message(n: u64, mv: Move) -> String {
    serde_json::json!({"type": "move", "n": n, "move": mv.to_string()}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{HexSetup, Seat, apply};
    use abakus_rules::hex::ai::Level;

    fn game() -> HexMatch {
        HexMatch::from_setup(&HexSetup {
            side: 3,
            ..HexSetup::default()
        })
    }

    #[test]
    fn a_move_is_taken_only_from_its_colour_at_its_turn_and_only_once() {
        let mut game = game();
        let first = message(1, "A1".parse().unwrap());
        assert_eq!(
            read_intent(&game, 1, 0, &first),
            Err(MessageError::NotYourTurn.into())
        );
        let (number, intent) = read_intent(&game, 0, 0, &first).unwrap();
        assert_eq!(
            (number, intent),
            (1, HexIntent::Play("A1".parse().unwrap()))
        );
        assert_eq!(
            read_intent(&game, 0, 1, &first),
            Err(MessageError::Replayed.into())
        );
        apply(&mut game, intent);
        assert_eq!(
            read_intent(&game, 0, 1, &message(2, "B1".parse().unwrap())),
            Err(MessageError::NotYourTurn.into())
        );
        assert_eq!(
            read_intent(&game, 2, 0, &message(2, "B1".parse().unwrap())),
            Err(MessageError::NotYourTurn.into()),
            "no third seat"
        );
        game.set_gathering(true);
        assert_eq!(
            read_intent(&game, 1, 0, &message(1, "B1".parse().unwrap())),
            Err(MessageError::NotYourTurn.into()),
            "nobody moves before everyone has come"
        );
    }

    #[test]
    fn the_rules_refusal_comes_back_and_nonsense_is_unreadable() {
        let mut game = game();
        apply(&mut game, HexIntent::Play("A1".parse().unwrap()));
        let taken = read_intent(&game, 1, 0, &message(1, "A1".parse().unwrap()));
        assert!(matches!(
            taken,
            Err(HexMessageError::Refused(PlayError::Occupied { .. }))
        ));
        let off = read_intent(&game, 1, 0, r#"{"type":"move","n":1,"move":"Z9"}"#);
        assert!(matches!(
            off,
            Err(HexMessageError::Refused(PlayError::OffBoard { .. }))
        ));
        for nonsense in [
            "",
            "{}",
            r#"{"type":"move","n":1}"#,
            r#"{"type":"move","n":1,"move":"hello"}"#,
            r#"{"type":"resign","n":1,"move":"B1"}"#,
            r#"{"type":"move","n":-1,"move":"B1"}"#,
        ] {
            assert_eq!(
                read_intent(&game, 1, 0, nonsense),
                Err(MessageError::Unreadable.into()),
                "{nonsense}"
            );
        }
        // The computer's seat takes no page's move.
        let game = game.seated([Seat::Human, Seat::Computer(Level::Easy)]);
        assert_eq!(
            read_intent(&game, 1, 0, &message(1, "B1".parse().unwrap())),
            Err(MessageError::NotYourTurn.into())
        );
    }
}
