//! Every word of the hex game a player reads, from its Fluent catalog under `assets/i18n/`.

use crate::{Arg, Catalog, Language};
use abakus_rules::hex::{Cell, Color, Move, PlayError};

/// The hex game's messages in every language.
static WORDS: Catalog = Catalog::new([
    include_str!("../../../assets/i18n/en/abakus.ftl"),
    include_str!("../../../assets/i18n/de/abakus.ftl"),
    include_str!("../../../assets/i18n/fr/abakus.ftl"),
    include_str!("../../../assets/i18n/ru/abakus.ftl"),
]);

/// The rules page in every language, as plain paragraphs.
const RULES: [&str; 4] = [
    include_str!("../../../assets/i18n/en/abakus-rules.txt"),
    include_str!("../../../assets/i18n/de/abakus-rules.txt"),
    include_str!("../../../assets/i18n/fr/abakus-rules.txt"),
    include_str!("../../../assets/i18n/ru/abakus-rules.txt"),
];

/// The catalog, for the tests that compare the languages.
#[must_use]
pub fn catalog() -> &'static Catalog {
    &WORDS
}

/// A message without arguments, by id: a lesson's step, a score sheet's heading.
pub fn text(language: Language, id: &'static str) -> &'static str {
    WORDS.text(language, id)
}

/// A message with arguments, by id: a review's figures.
pub fn format(language: Language, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    WORDS.format(language, id, args)
}

/// The rules texts, for the tests that compare the languages.
#[must_use]
pub fn rules_texts() -> [&'static str; 4] {
    RULES
}

/// The hex game's fixed texts, looked up with [`HexWords::hex`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    Name,
    Hint,
    Play,
    About,
    NewGame,
    BoardSize,
    EmptyCells,
    Moves,
    NoMovesYet,
    FewerStonesWin,
    HowToPlace,
    HowToPlay,
    RulesTitle,
    Rules,
    TimeOutLabel,
    TimeOutRandom,
    TimeOutLoses,
    SeatPhone,
    DeviceGathering,
    DeviceAtTheScreen,
}

impl Text {
    fn id(self) -> &'static str {
        match self {
            Text::Name => "name",
            Text::Hint => "hint",
            Text::Play => "play",
            Text::About => "about",
            Text::NewGame => "new-game",
            Text::BoardSize => "board-size",
            Text::EmptyCells => "empty-cells",
            Text::Moves => "moves",
            Text::NoMovesYet => "no-moves-yet",
            Text::FewerStonesWin => "fewer-stones-win",
            Text::HowToPlace => "how-to-place",
            Text::HowToPlay => "how-to-play",
            Text::RulesTitle => "rules-title",
            Text::Rules => "rules",
            Text::TimeOutLabel => "time-out-label",
            Text::TimeOutRandom => "time-out-random",
            Text::TimeOutLoses => "time-out-loses",
            Text::SeatPhone => "seat-phone",
            Text::DeviceGathering => "device-gathering",
            Text::DeviceAtTheScreen => "device-at-the-screen",
        }
    }
}

/// The hex game's sentences, in the player's language.
pub trait HexWords: Copy {
    fn hex(self, text: Text) -> &'static str;
    fn color(self, color: Color) -> &'static str;
    fn to_move(self, color: Color) -> String;
    fn wins(self, color: Color) -> String;
    fn final_counts(self, black: u32, white: u32) -> String;
    fn cells_on_board(self, cells: usize) -> String;
    /// The rules page's diagram: its heading and what its marks mean.
    fn diagram_heading(self) -> &'static str;
    fn diagram_targets(self) -> &'static str;
    fn diagram_open(self) -> &'static str;
    /// "12 stones", as a player's count.
    fn stone_count(self, stones: u32) -> String;
    fn continue_hint(self, side: u8, moves: usize) -> String;
    /// What the player learns on selecting a stone.
    fn selected(self, group: usize, targets: usize) -> String;
    fn not_yours(self, owner: Color) -> String;
    fn suggested(self, mv: Move) -> String;
    /// A move played for a person whose time ran out.
    fn time_ran_out(self, mv: Move) -> String;
    /// A player whose time ran out at a table where that loses.
    fn lost_on_time(self, loser: Color) -> String;
    /// A player who left the game, which lost it for them.
    fn left_game(self, loser: Color) -> String;
    /// A refused move, said as a friendly question and reason.
    fn refusal(self, error: &PlayError) -> String;
    /// The attract mode's caption for a placement; `group` counts the new stone.
    fn demo_place(self, mover: Color, cell: Cell, group: usize) -> String;
    /// The attract mode's caption for a slide out of a group of `left` into one of `joined`.
    fn demo_slide(self, mover: Color, mv: Move, left: usize, joined: usize) -> String;
}

fn color_arg(color: Color) -> Arg<'static> {
    Arg::Text(match color {
        Color::Black => "black",
        Color::White => "white",
    })
}

fn number(n: impl TryInto<i64>) -> Arg<'static> {
    Arg::Number(n.try_into().unwrap_or(i64::MAX))
}

impl HexWords for Language {
    fn hex(self, text: Text) -> &'static str {
        match text {
            Text::Rules => self.pick(RULES),
            text => WORDS.text(self, text.id()),
        }
    }

    fn color(self, color: Color) -> &'static str {
        match color {
            Color::Black => WORDS.text(self, "color-black"),
            Color::White => WORDS.text(self, "color-white"),
        }
    }

    fn to_move(self, color: Color) -> String {
        WORDS.format(self, "to-move", &[("color", color_arg(color))])
    }

    fn wins(self, color: Color) -> String {
        WORDS.format(self, "wins", &[("color", color_arg(color))])
    }

    fn final_counts(self, black: u32, white: u32) -> String {
        WORDS.format(
            self,
            "final-counts",
            &[("black", number(black)), ("white", number(white))],
        )
    }

    fn diagram_heading(self) -> &'static str {
        WORDS.text(self, "diagram-heading")
    }

    fn diagram_targets(self) -> &'static str {
        WORDS.text(self, "diagram-targets")
    }

    fn diagram_open(self) -> &'static str {
        WORDS.text(self, "diagram-open")
    }

    fn stone_count(self, stones: u32) -> String {
        WORDS.format(self, "stone-count", &[("count", number(stones))])
    }

    fn cells_on_board(self, cells: usize) -> String {
        WORDS.format(self, "cells-on-board", &[("cells", number(cells))])
    }

    fn continue_hint(self, side: u8, moves: usize) -> String {
        WORDS.format(
            self,
            "continue-hint",
            &[("side", number(side)), ("moves", number(moves))],
        )
    }

    fn selected(self, group: usize, targets: usize) -> String {
        let id = match (group, targets) {
            (g, 0) if g < 3 => "selected-too-small",
            (_, 0) => "selected-stuck",
            _ => "selected",
        };
        WORDS.format(
            self,
            id,
            &[("group", number(group)), ("targets", number(targets))],
        )
    }

    fn not_yours(self, owner: Color) -> String {
        WORDS.format(self, "not-yours", &[("color", color_arg(owner))])
    }

    fn time_ran_out(self, mv: Move) -> String {
        let mv = mv.to_string();
        WORDS.format(self, "time-ran-out", &[("move", Arg::Text(&mv))])
    }

    fn lost_on_time(self, loser: Color) -> String {
        WORDS.format(self, "lost-on-time", &[("color", color_arg(loser))])
    }

    fn left_game(self, loser: Color) -> String {
        WORDS.format(self, "left-game", &[("color", color_arg(loser))])
    }

    fn suggested(self, mv: Move) -> String {
        match mv {
            Move::Place(cell) => {
                let cell = cell.to_string();
                WORDS.format(self, "suggested-place", &[("cell", Arg::Text(&cell))])
            }
            Move::Slide { from, to } => {
                let (from, to) = (from.to_string(), to.to_string());
                WORDS.format(
                    self,
                    "suggested-slide",
                    &[("from", Arg::Text(&from)), ("to", Arg::Text(&to))],
                )
            }
        }
    }

    fn refusal(self, error: &PlayError) -> String {
        let ask = match error.mv() {
            Move::Place(cell) => {
                let cell = cell.to_string();
                WORDS.format(self, "ask-place", &[("cell", Arg::Text(&cell))])
            }
            Move::Slide { from, to } => {
                let (from, to) = (from.to_string(), to.to_string());
                WORDS.format(
                    self,
                    "ask-slide",
                    &[("from", Arg::Text(&from)), ("to", Arg::Text(&to))],
                )
            }
        };
        let ask = Arg::Text(&ask);
        let cell_text;
        let (id, extra): (&str, Vec<(&str, Arg<'_>)>) = match *error {
            PlayError::GameOver { .. } => ("refused-game-over", vec![]),
            PlayError::OffBoard { cell, .. } => {
                cell_text = cell.to_string();
                ("refused-off-board", vec![("cell", Arg::Text(&cell_text))])
            }
            PlayError::Occupied { cell, .. } => {
                cell_text = cell.to_string();
                ("refused-occupied", vec![("cell", Arg::Text(&cell_text))])
            }
            PlayError::NoStone { from, .. } => {
                cell_text = from.to_string();
                ("refused-no-stone", vec![("from", Arg::Text(&cell_text))])
            }
            PlayError::NotYourStone { owner, .. } => {
                ("refused-not-your-stone", vec![("color", color_arg(owner))])
            }
            PlayError::Stationary { .. } => ("refused-stationary", vec![]),
            PlayError::NotInLine { .. } => ("refused-not-in-line", vec![]),
            PlayError::Blocked { blocker, .. } => {
                cell_text = blocker.to_string();
                ("refused-blocked", vec![("blocker", Arg::Text(&cell_text))])
            }
            PlayError::Alone { .. } => ("refused-alone", vec![]),
            PlayError::NotSmaller {
                formed, original, ..
            } => (
                "refused-not-smaller",
                vec![("formed", number(formed)), ("original", number(original))],
            ),
        };
        let mut args = vec![("ask", ask)];
        args.extend(extra);
        WORDS.format(self, id, &args)
    }

    fn demo_place(self, mover: Color, cell: Cell, group: usize) -> String {
        let cell = cell.to_string();
        let id = if group > 1 {
            "demo-place-group"
        } else {
            "demo-place"
        };
        WORDS.format(
            self,
            id,
            &[
                ("color", color_arg(mover)),
                ("cell", Arg::Text(&cell)),
                ("group", number(group)),
            ],
        )
    }

    fn demo_slide(self, mover: Color, mv: Move, left: usize, joined: usize) -> String {
        let mv = mv.to_string();
        WORDS.format(
            self,
            "demo-slide",
            &[
                ("color", color_arg(mover)),
                ("move", Arg::Text(&mv)),
                ("left", number(left)),
                ("joined", number(joined)),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_the_look_and_feel_asks() {
        let error = PlayError::NotSmaller {
            mv: "C4-A2".parse().unwrap(),
            formed: 3,
            original: 3,
        };
        assert_eq!(
            Language::English.refusal(&error),
            "Slide C4 to A2? It would make a group of 3 — it must be smaller than 3."
        );
        let theirs = PlayError::NotYourStone {
            mv: "C4-A2".parse().unwrap(),
            from: "C4".parse().unwrap(),
            owner: Color::White,
            mover: Color::Black,
        };
        assert_eq!(
            Language::English.refusal(&theirs),
            "Slide C4 to A2? That stone is White's."
        );
    }

    #[test]
    fn counts_take_their_plural_forms() {
        assert_eq!(
            Language::English.continue_hint(5, 1),
            "Side 5, 1 move played"
        );
        assert_eq!(
            Language::English.continue_hint(5, 12),
            "Side 5, 12 moves played"
        );
    }
}
