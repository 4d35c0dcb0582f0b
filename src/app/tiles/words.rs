//! Every word of the tile game a player reads, in each language the app speaks.

use super::game::TilesNotice;
use crate::app::i18n::Language;
use crate::rules::abaku::{Bonus, EndReason, OpSet, PlayError, Scoring, Tile};

/// The tile game's fixed texts, looked up with [`TilesWords::tiles`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    Name,
    Play,
    About,
    NewGame,
    Players,
    Names,
    Board,
    BoardA,
    BoardAAbout,
    BoardB,
    BoardBAbout,
    Operations,
    OpsAll,
    OpsAddSub,
    OpsMulDiv,
    OpsBasic,
    OpsAbout,
    Diagonal,
    DiagonalAbout,
    ResultFirst,
    ResultFirstAbout,
    Scoring,
    ScoringBasic,
    ScoringValue,
    ScoringTileOp,
    ScoringOpsOnly,
    ScoringAbout,
    Challenge,
    ChallengeAbout,
    Spin,
    SpinAbout,
    SpinNeedsPairs,
    Submit,
    Recall,
    Shuffle,
    Exchange,
    Pass,
    Concede,
    ConcedeSure,
    TurnLog,
    NothingYet,
    JokerPrompt,
    JokerPromptAbout,
    Cancel,
    ShowMyTiles,
    Hint,
    Accept,
    PickToExchange,
    ExchangeThese,
    FinalScores,
    HowToPlay,
    RulesTitle,
    Rules,
    Legend,
}

/// The tile game's sentences, in the player's language.
pub trait TilesWords: Copy {
    fn tiles(self, text: Text) -> &'static str;
    fn bonus(self, bonus: Bonus) -> &'static str;
    fn ops(self, ops: OpSet) -> &'static str;
    fn scoring(self, scoring: Scoring) -> &'static str;
    fn to_play(self, name: &str) -> String;
    fn pass_to(self, name: &str) -> String;
    fn only_you_look(self, name: &str) -> String;
    fn is_move_right(self, name: &str) -> String;
    fn challenges(self, name: &str) -> String;
    fn bag_count(self, tiles: usize) -> String;
    fn points(self, points: i64) -> String;
    fn turn_total(self, points: i64) -> String;
    fn notice(self, notice: &TilesNotice, names: &[String]) -> String;
    fn refusal(self, error: &PlayError) -> String;
    fn ending(self, reason: EndReason, names: &[String]) -> String;
    fn winners(self, names: &[String]) -> String;
    fn tile(self, tile: Tile) -> String;
    fn continue_hint(self, players: usize, turns: usize) -> String;
    /// The attract mode's caption for a turn that laid tiles: its sums and its points.
    fn demo_turn(self, name: &str, sums: &[&str], points: i64) -> String;
}

impl TilesWords for Language {
    fn tiles(self, text: Text) -> &'static str {
        match self {
            Language::English => english(text),
        }
    }

    fn bonus(self, bonus: Bonus) -> &'static str {
        match (self, bonus) {
            (Language::English, Bonus::Plain) => "",
            (Language::English, Bonus::TileX2) => "tile ×2",
            (Language::English, Bonus::TileX3) => "tile ×3",
            (Language::English, Bonus::ExampleX2) => "sum ×2",
            (Language::English, Bonus::ExampleX3) => "sum ×3",
            (Language::English, Bonus::Start) => "start ×2",
        }
    }

    fn ops(self, ops: OpSet) -> &'static str {
        self.tiles(match ops {
            OpSet::All => Text::OpsAll,
            OpSet::AddSub => Text::OpsAddSub,
            OpSet::MulDiv => Text::OpsMulDiv,
            OpSet::Basic => Text::OpsBasic,
        })
    }

    fn scoring(self, scoring: Scoring) -> &'static str {
        self.tiles(match scoring {
            Scoring::Basic => Text::ScoringBasic,
            Scoring::Value => Text::ScoringValue,
            Scoring::TileOp => Text::ScoringTileOp,
            Scoring::OpsOnly => Text::ScoringOpsOnly,
        })
    }

    fn to_play(self, name: &str) -> String {
        match self {
            Language::English => format!("{name} to play"),
        }
    }

    fn pass_to(self, name: &str) -> String {
        match self {
            Language::English => format!("Pass the screen to {name}"),
        }
    }

    fn is_move_right(self, name: &str) -> String {
        match self {
            Language::English => format!("Is {name}'s move right?"),
        }
    }

    fn challenges(self, name: &str) -> String {
        match self {
            Language::English => format!("{name} challenges"),
        }
    }

    fn only_you_look(self, name: &str) -> String {
        match self {
            Language::English => format!(
                "Only {name} should look now. The tiles appear when you press the button \
                 (or Space)."
            ),
        }
    }

    fn bag_count(self, tiles: usize) -> String {
        match (self, tiles) {
            (Language::English, 1) => "1 tile in the bag".to_owned(),
            (Language::English, n) => format!("{n} tiles in the bag"),
        }
    }

    fn points(self, points: i64) -> String {
        match (self, points) {
            (Language::English, 1 | -1) => format!("{points} point"),
            (Language::English, _) => format!("{points} points"),
        }
    }

    fn turn_total(self, points: i64) -> String {
        match self {
            Language::English => format!("This turn: {}", self.points(points)),
        }
    }

    fn notice(self, notice: &TilesNotice, names: &[String]) -> String {
        let name = |p: &usize| names.get(*p).map_or("?", String::as_str);
        match (self, notice) {
            (_, TilesNotice::Refused(error)) => self.refusal(error),
            (Language::English, TilesNotice::JokerUndeclared) => {
                "Choose the joker's digit first.".to_owned()
            }
            (Language::English, TilesNotice::NotYourTurn) => "It is not your turn.".to_owned(),
            (Language::English, TilesNotice::TimeRanOut { player }) => {
                format!(
                    "Time ran out: {}'s tiles went back and the turn passed.",
                    name(player)
                )
            }
            (Language::English, TilesNotice::NothingToLay) => {
                "No tiles of yours fit anywhere: exchange some, or pass.".to_owned()
            }
            (Language::English, TilesNotice::Scored { player, points }) => {
                format!("{} scored {}.", name(player), self.points(*points))
            }
            (Language::English, TilesNotice::Exchanged { player, tiles }) => {
                format!("{} exchanged {tiles} tiles.", name(player))
            }
            (Language::English, TilesNotice::ExchangeAdvised { tiles }) => {
                format!("Hint: these tiles lay poorly here; exchange {tiles} of them.")
            }
            (Language::English, TilesNotice::Passed { player }) => {
                format!("{} passed.", name(player))
            }
            (Language::English, TilesNotice::Challenged { challenger, upheld }) => {
                if *upheld {
                    format!(
                        "{} was right: the move goes back, a point off for each tile.",
                        name(challenger)
                    )
                } else {
                    format!(
                        "The move was correct: {} loses their next turn.",
                        name(challenger)
                    )
                }
            }
        }
    }

    fn refusal(self, error: &PlayError) -> String {
        match self {
            Language::English => english_refusal(error),
        }
    }

    fn ending(self, reason: EndReason, names: &[String]) -> String {
        let name = |p: usize| names.get(p).map_or("?", String::as_str);
        match (self, reason) {
            (Language::English, EndReason::RackEmptied(p)) => format!(
                "{} laid their last tile with the bag empty: they gain a point for every tile \
                 left on the other racks, which cost their holders a point each (a joker 10).",
                name(p)
            ),
            (Language::English, EndReason::Blocked) => {
                "Everyone passed twice: each tile left on a rack costs a point (a joker 10)."
                    .to_owned()
            }
            (Language::English, EndReason::Conceded(p)) => {
                format!("{} conceded the game.", name(p))
            }
            (Language::English, EndReason::PassedThrice(p)) => format!(
                "{} passed three times in a row while others played, and so loses.",
                name(p)
            ),
        }
    }

    fn winners(self, names: &[String]) -> String {
        match (self, names) {
            (Language::English, []) => "Nobody wins.".to_owned(),
            (Language::English, [one]) => format!("{one} wins!"),
            (Language::English, [first, second]) => format!("{first} and {second} win!"),
            (Language::English, many) => format!("{} win!", many.join(", ")),
        }
    }

    fn tile(self, tile: Tile) -> String {
        match (self, tile) {
            (_, Tile::Digit(d)) => d.to_string(),
            (Language::English, Tile::Joker) => "joker".to_owned(),
        }
    }

    fn continue_hint(self, players: usize, turns: usize) -> String {
        match self {
            Language::English => format!("{players} players, {turns} turns played"),
        }
    }

    fn demo_turn(self, name: &str, sums: &[&str], points: i64) -> String {
        match (self, sums) {
            (Language::English, []) => format!("{name} scores {}.", self.points(points)),
            (Language::English, [one]) => format!("{name} lays {one} for {}.", self.points(points)),
            (Language::English, [first @ .., last]) => format!(
                "{name} lays {} and {last} for {}.",
                first.join(", "),
                self.points(points)
            ),
        }
    }
}

fn english_refusal(error: &PlayError) -> String {
    match error {
        PlayError::GameOver => "The game is over.".to_owned(),
        PlayError::NothingPlaced => "Lay a tile from your rack first.".to_owned(),
        PlayError::NotOnRack(tile) => {
            format!("Your rack has no {}.", Language::English.tile(*tile))
        }
        PlayError::OffBoard(cell) => format!("{cell} is not on the board."),
        PlayError::Occupied(cell) => format!("{cell} is already taken."),
        PlayError::JokerDigit(cell, digit) => {
            format!("The joker on {cell} stands for one digit, 0 to 9, not {digit}.")
        }
        PlayError::TwiceNamed(cell) => format!("{cell} is used twice."),
        PlayError::NoJokerThere(cell) => format!("There is no joker on {cell} to replace."),
        PlayError::NotInLine(a, b) => {
            format!("{a} and {b} are not in one row or column: lay your tiles in one line.")
        }
        PlayError::MissesStart(cell) => {
            format!("The first example must cover the start square {cell}.")
        }
        PlayError::Unconnected => "Your tiles must touch a tile already on the board.".to_owned(),
        PlayError::Gap(cell) => format!("{cell} is empty, so your tiles are not one line."),
        PlayError::BlankInLine(cell) => {
            format!("The joker on {cell} is a blank now and breaks the line.")
        }
        PlayError::NoExample(text) => format!("{text} is not a true sum."),
        PlayError::Lonely {
            cell,
            digit,
            other,
            other_digit,
        } => format!(
            "The {digit} on {cell} makes no true sum with the {other_digit} on {other} beside it."
        ),
        PlayError::ExchangeCount => "Choose 1 to 5 tiles to exchange.".to_owned(),
        PlayError::BagTooSmall { wanted, left } => {
            format!("The bag holds only {left} tiles, too few to exchange {wanted}.")
        }
        PlayError::NothingToChallenge => "There is no move to challenge.".to_owned(),
        PlayError::BadChallenger(_) => "That player cannot challenge this move.".to_owned(),
        PlayError::NothingToUndo => "There is no turn to take back.".to_owned(),
    }
}

fn english(text: Text) -> &'static str {
    match text {
        Text::Name => "Abaku",
        Text::Play => "Play Abaku",
        Text::About => "Number tiles for 1 to 4 players: lay digits that read as true sums.",
        Text::NewGame => "New game of Abaku",
        Text::Players => "Players",
        Text::Names => "Who plays",
        Text::Board => "Board",
        Text::BoardA => "Board A",
        Text::BoardAAbout => "Bonus squares all over: the usual board for 2 to 4.",
        Text::BoardB => "Board B",
        Text::BoardBAbout => "Only the start square: for playing alone.",
        Text::Operations => "Operations",
        Text::OpsAll => "All",
        Text::OpsAddSub => "+ and −",
        Text::OpsMulDiv => "× and ÷",
        Text::OpsBasic => "No powers or roots",
        Text::OpsAbout => "Which kinds of sum count.",
        Text::Diagonal => "Diagonal sums",
        Text::DiagonalAbout => "Sums may also run along a diagonal.",
        Text::ResultFirst => "Result first",
        Text::ResultFirstAbout => "Sums may also read with the result first: 17 = 23 − 6.",
        Text::Scoring => "Scoring",
        Text::ScoringBasic => "Basic",
        Text::ScoringValue => "Value",
        Text::ScoringTileOp => "Tile and sum",
        Text::ScoringOpsOnly => "Sums only",
        Text::ScoringAbout => {
            "Basic: a point a tile. Value: the digits. Tile and sum: a point a tile, 2 a sum. \
             Sums only: a point a sum."
        }
        Text::Challenge => "Challenge mode",
        Text::ChallengeAbout => {
            "Moves are not checked: the others may challenge a wrong one, or lose a turn."
        }
        Text::Spin => "Spin Abaku",
        Text::SpinAbout => "Black against red: a sum you use turns its tiles your colour.",
        Text::SpinNeedsPairs => "Spin Abaku is for 2 players, or 4 in pairs.",
        Text::Submit => "Submit",
        Text::Recall => "Take back",
        Text::Shuffle => "Shuffle",
        Text::Exchange => "Exchange",
        Text::Pass => "Pass",
        Text::Concede => "Concede",
        Text::ConcedeSure => "Concede the game? You cannot win it then.",
        Text::TurnLog => "Turns",
        Text::NothingYet => "No turns yet.",
        Text::JokerPrompt => "The joker stands for…",
        Text::JokerPromptAbout => "Choose its digit (or press 0-9). Esc puts it back.",
        Text::Cancel => "Cancel",
        Text::ShowMyTiles => "Show my tiles",
        Text::Hint => "Hint",
        Text::Accept => "Accept the move",
        Text::PickToExchange => "Choose the tiles to put back in the bag:",
        Text::ExchangeThese => "Exchange these",
        Text::FinalScores => "Final scores",
        Text::HowToPlay => {
            "Drag a tile from your rack onto a square, or tap the tile, then the square.\n\
             Lay tiles in one line so that every row and column reads as a true sum: 8412 is \
             8 + 4 = 12.\n\
             Keys: the arrows move a cursor, a digit lays that tile there (J the joker), \
             Enter submits."
        }
        Text::RulesTitle => "How to play Abaku",
        Text::Rules => ENGLISH_RULES,
        Text::Legend => "Bonus squares",
    }
}

const ENGLISH_RULES: &str = "\
Abaku is played by 1 to 4 players on a board of 15 × 15 squares. Each player holds five digit \
tiles in secret; the bag holds the rest, with one joker.

On your turn, lay 1 to 5 tiles in one row or one column so that the digits read as true sums, \
left to right or top to bottom, with the result last and the operation only implied: 8412 is \
8 + 4 = 12, 248 is 2 × 4 = 8, 24 is 2² = 4, 93 is √9 = 3. Each sum has exactly one operation; \
0 is never a number on its own and never a result. The first sum covers the start square; every \
later turn touches tiles already on the board, and every new tile must make a true sum with the \
tiles it touches (a new 0 may be excused when another new tile touches the board).

Every tile of every sum you formed scores a point. A tile bonus multiplies its tile, an example \
bonus the whole sum; they count only on the turn they are covered. Then draw back up to five.

The joker stands for the digit you declare. Later it is a blank, until someone swaps it for a \
real tile from their rack; that player may lay the joker again at once.

Instead of laying tiles you may exchange 1 to 5 of them, or pass. Passing three times in a row \
while others play loses the game.

The game ends when the bag is empty and someone lays their last tile (they gain a point for \
every tile left on the other racks; those cost their holders a point each, a joker 10), when \
everyone has passed twice, or when a player concedes. The highest total wins.";
