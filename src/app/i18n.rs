//! Every word a player reads, in one place, so each language is one more arm per message.

use serde::{Deserialize, Serialize};

use crate::rules::hex::{Color, Move, PlayError};

/// The languages the app can speak. English is complete; others are added as arms below.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
}

/// Fixed texts, looked up with [`Language::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    AppName,
    Tagline,
    PlayHex,
    PlayHexHint,
    PlayTiles,
    PlayTilesHint,
    Continue,
    Settings,
    Rules,
    Quit,
    Back,
    NewHexGame,
    BoardSize,
    Recommended,
    Human,
    ComputerLater,
    Start,
    Stones,
    EmptyCells,
    Undo,
    Redo,
    Restart,
    Menu,
    Moves,
    NoMovesYet,
    PlayAgain,
    ToTitle,
    Resume,
    Help,
    Shortcuts,
    MasterVolume,
    EffectsVolume,
    MusicVolume,
    Mute,
    ShowCoordinates,
    FewerStonesWin,
    HowToPlace,
    HowToSlide,
    RulesTitle,
    RulesText,
    ShortcutList,
    Close,
    On,
    Off,
}

impl Language {
    #[must_use]
    pub fn text(self, key: Key) -> &'static str {
        match self {
            Language::English => english(key),
        }
    }

    #[must_use]
    pub fn color(self, color: Color) -> &'static str {
        match (self, color) {
            (Language::English, Color::Black) => "Black",
            (Language::English, Color::White) => "White",
        }
    }

    #[must_use]
    pub fn to_move(self, color: Color) -> String {
        match self {
            Language::English => format!("{} to move", self.color(color)),
        }
    }

    #[must_use]
    pub fn wins(self, color: Color) -> String {
        match self {
            Language::English => format!("{} wins!", self.color(color)),
        }
    }

    #[must_use]
    pub fn final_counts(self, black: u32, white: u32) -> String {
        match self {
            Language::English => {
                format!("Black {black} stones, White {white}: fewer stones wins")
            }
        }
    }

    #[must_use]
    pub fn cells_on_board(self, cells: usize) -> String {
        match self {
            Language::English => format!("{cells} cells"),
        }
    }

    #[must_use]
    pub fn continue_hint(self, side: u8, moves: usize) -> String {
        match self {
            Language::English => format!("Side {side}, {moves} moves played"),
        }
    }

    /// What the player learns on selecting a stone.
    #[must_use]
    pub fn selected(self, group: usize, targets: usize) -> String {
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

    #[must_use]
    pub fn not_yours(self, owner: Color) -> String {
        match self {
            Language::English => format!("That stone is {}'s.", self.color(owner)),
        }
    }

    /// A refused move, said as a friendly question and reason.
    #[must_use]
    pub fn refusal(self, error: &PlayError) -> String {
        match self {
            Language::English => english_refusal(error),
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

fn english(key: Key) -> &'static str {
    match key {
        Key::AppName => "Abakus",
        Key::Tagline => "Two games for one table",
        Key::PlayHex => "Play Abakus",
        Key::PlayHexHint => "Hex stones for two. Fill the board; fewer stones wins.",
        Key::PlayTiles => "Abaku",
        Key::PlayTilesHint => "Number tiles for 1 to 4 players: coming in a later version.",
        Key::Continue => "Continue",
        Key::Settings => "Settings",
        Key::Rules => "Rules",
        Key::Quit => "Quit",
        Key::Back => "Back",
        Key::NewHexGame => "New game of Abakus",
        Key::BoardSize => "Board size",
        Key::Recommended => "recommended",
        Key::Human => "Human",
        Key::ComputerLater => "Computer (coming later)",
        Key::Start => "Start",
        Key::Stones => "stones",
        Key::EmptyCells => "Empty cells",
        Key::Undo => "Undo",
        Key::Redo => "Redo",
        Key::Restart => "Restart",
        Key::Menu => "Menu",
        Key::Moves => "Moves",
        Key::NoMovesYet => "No moves yet. Black begins.",
        Key::PlayAgain => "Play again",
        Key::ToTitle => "Title screen",
        Key::Resume => "Resume",
        Key::Help => "Help",
        Key::Shortcuts => "Keyboard shortcuts",
        Key::MasterVolume => "Volume",
        Key::EffectsVolume => "Effects",
        Key::MusicVolume => "Music",
        Key::Mute => "Mute",
        Key::ShowCoordinates => "Show cell names",
        Key::FewerStonesWin => "Fewer stones wins",
        Key::HowToPlace => "Click an empty cell to place a stone.",
        Key::HowToSlide => "Click your stone to slide it out of a big group.",
        Key::RulesTitle => "How to play Abakus",
        Key::RulesText => ENGLISH_RULES,
        Key::ShortcutList => {
            "U  undo\nR  redo\nEsc  menu, or back\nH or ?  this help\nM  mute\nF11  fullscreen"
        }
        Key::Close => "Close",
        Key::On => "On",
        Key::Off => "Off",
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
