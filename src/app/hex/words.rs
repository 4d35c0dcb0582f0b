//! Every word of the hex game a player reads, in each language the app speaks.

use crate::app::i18n::Language;
use crate::rules::hex::{Cell, Color, Move, PlayError};

/// The hex game's fixed texts, looked up with [`HexWords::hex`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    Name,
    Hint,
    Play,
    About,
    NewGame,
    BoardSize,
    Stones,
    EmptyCells,
    Moves,
    NoMovesYet,
    FewerStonesWin,
    HowToPlace,
    HowToPlay,
    RulesTitle,
    Rules,
}

/// The hex game's sentences, in the player's language.
pub trait HexWords: Copy {
    fn hex(self, text: Text) -> &'static str;
    fn color(self, color: Color) -> &'static str;
    fn to_move(self, color: Color) -> String;
    fn wins(self, color: Color) -> String;
    fn final_counts(self, black: u32, white: u32) -> String;
    fn cells_on_board(self, cells: usize) -> String;
    fn continue_hint(self, side: u8, moves: usize) -> String;
    /// What the player learns on selecting a stone.
    fn selected(self, group: usize, targets: usize) -> String;
    fn not_yours(self, owner: Color) -> String;
    fn suggested(self, mv: Move) -> String;
    /// A move played for a person whose time ran out.
    fn time_ran_out(self, mv: Move) -> String;
    /// A refused move, said as a friendly question and reason.
    fn refusal(self, error: &PlayError) -> String;
    /// The attract mode's caption for a placement; `group` counts the new stone.
    fn demo_place(self, mover: Color, cell: Cell, group: usize) -> String;
    /// The attract mode's caption for a slide out of a group of `left` into one of `joined`.
    fn demo_slide(self, mover: Color, mv: Move, left: usize, joined: usize) -> String;
}

impl HexWords for Language {
    fn hex(self, text: Text) -> &'static str {
        match self {
            Language::English => english(text),
        }
    }

    fn color(self, color: Color) -> &'static str {
        match (self, color) {
            (Language::English, Color::Black) => "Black",
            (Language::English, Color::White) => "White",
        }
    }

    fn to_move(self, color: Color) -> String {
        match self {
            Language::English => format!("{} to move", self.color(color)),
        }
    }

    fn wins(self, color: Color) -> String {
        match self {
            Language::English => format!("{} wins!", self.color(color)),
        }
    }

    fn final_counts(self, black: u32, white: u32) -> String {
        match self {
            Language::English => {
                format!("Black {black} stones, White {white}: fewer stones wins")
            }
        }
    }

    fn cells_on_board(self, cells: usize) -> String {
        match self {
            Language::English => format!("{cells} cells"),
        }
    }

    fn continue_hint(self, side: u8, moves: usize) -> String {
        match self {
            Language::English => format!("Side {side}, {moves} moves played"),
        }
    }

    fn selected(self, group: usize, targets: usize) -> String {
        match self {
            Language::English => match (group, targets) {
                (g, 0) if g < 3 => format!(
                    "Group of {g}: only a stone of a group of 3 or more can slide. Click it again to cancel."
                ),
                (g, 0) => format!(
                    "Group of {g}: this stone has nowhere to slide. Click it again to cancel."
                ),
                (g, 1) => format!("Group of {g}: 1 place to slide to (marked)."),
                (g, t) => format!("Group of {g}: {t} places to slide to (marked)."),
            },
        }
    }

    fn not_yours(self, owner: Color) -> String {
        match self {
            Language::English => format!("That stone is {}'s.", self.color(owner)),
        }
    }

    fn time_ran_out(self, mv: Move) -> String {
        match self {
            Language::English => format!("Time ran out: a random move was played, {mv}."),
        }
    }

    fn suggested(self, mv: Move) -> String {
        match (self, mv) {
            (Language::English, Move::Place(cell)) => {
                format!("Hint: the computer would place a stone on {cell}.")
            }
            (Language::English, Move::Slide { from, to }) => {
                format!("Hint: the computer would slide {from} to {to} ({from}-{to}).")
            }
        }
    }

    fn refusal(self, error: &PlayError) -> String {
        match self {
            Language::English => english_refusal(error),
        }
    }

    fn demo_place(self, mover: Color, cell: Cell, group: usize) -> String {
        let who = self.color(mover);
        match (self, group) {
            (Language::English, 0 | 1) => format!("{who} places a stone on {cell}."),
            (Language::English, g) => {
                format!("{who} places a stone on {cell}, making a group of {g}.")
            }
        }
    }

    fn demo_slide(self, mover: Color, mv: Move, left: usize, joined: usize) -> String {
        let who = self.color(mover);
        match self {
            Language::English => {
                format!("{who} slides {mv}: out of a group of {left} into a group of {joined}.")
            }
        }
    }
}

fn describe(mv: Move) -> String {
    match mv {
        Move::Place(cell) => format!("Place on {cell}?"),
        Move::Slide { from, to } => format!("Slide {from} to {to}?"),
    }
}

fn english_refusal(error: &PlayError) -> String {
    let ask = describe(error.mv());
    match *error {
        PlayError::GameOver { .. } => "The game is over: the board is full.".to_owned(),
        PlayError::OffBoard { cell, .. } => format!("{ask} {cell} is not on this board."),
        PlayError::Occupied { cell, .. } => format!("{ask} {cell} is already taken."),
        PlayError::NoStone { from, .. } => format!("{ask} There is no stone on {from}."),
        PlayError::NotYourStone { owner, .. } => {
            format!("{ask} That stone is {owner}'s.")
        }
        PlayError::Stationary { .. } => format!("{ask} The stone has to move."),
        PlayError::NotInLine { .. } => {
            format!("{ask} Stones slide only in a straight line.")
        }
        PlayError::Blocked { blocker, .. } => {
            format!("{ask} The stone on {blocker} is in the way — stones cannot jump.")
        }
        PlayError::Alone { .. } => {
            format!("{ask} The stone would stand alone — it must join at least one of its colour.")
        }
        PlayError::NotSmaller {
            formed, original, ..
        } => {
            format!("{ask} It would make a group of {formed} — it must be smaller than {original}.")
        }
    }
}

fn english(text: Text) -> &'static str {
    match text {
        Text::Name => "Abakus",
        Text::Play => "Play Abakus",
        Text::About => "Hex stones for two. Fill the board; fewer stones wins.",
        Text::NewGame => "New game of Abakus",
        Text::BoardSize => "Board size",
        Text::Stones => "stones",
        Text::EmptyCells => "Empty cells",
        Text::Moves => "Moves",
        Text::Hint => "Hint",
        Text::NoMovesYet => "No moves yet. Black begins.",
        Text::FewerStonesWin => "Fewer stones wins",
        Text::HowToPlace => "Click an empty cell to place a stone.",
        Text::HowToPlay => {
            "Click an empty cell to place a stone.\nClick your stone to slide it out of a big group."
        }
        Text::RulesTitle => "How to play Abakus",
        Text::Rules => ENGLISH_RULES,
    }
}

const ENGLISH_RULES: &str = "\
Abakus is played by two, Black and White, on a hexagonal board. Black begins; then you take turns.

On your turn, do one of two things:

• Place a stone of your colour on any empty cell.

• Slide one of your stones in a straight line, over empty cells only, onto an empty cell. \
The stone must leave its group (stones of one colour that touch) and land in a group that is \
smaller than the group it left, and that has at least two stones: it may not end up alone. \
Stones never jump.

When the board is full, the game ends. The player with fewer stones wins. The board has an odd \
number of cells, so there is never a draw.

Tip: sliding is how you keep your count down. Build a big group, then slide stones out of it \
into smaller ones while your opponent has to keep placing.";

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
    }
}
