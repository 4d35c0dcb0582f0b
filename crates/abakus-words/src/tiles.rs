//! Every word of the tile game a player reads, from its Fluent catalog under `assets/i18n/`.

use crate::{Arg, Catalog, Key, Language};
use abakus_match::tiles::{LogEntry, TilesNotice, TilesSetup};
use abakus_rules::abaku::Move;
use abakus_rules::abaku::ai::Level;
use abakus_rules::abaku::{Bonus, EndReason, OpSet, PlayError, Position, Scoring, Side, Tile};

/// The tile game's messages in every language.
static WORDS: Catalog = Catalog::new([
    include_str!("../../../assets/i18n/en/abaku.ftl"),
    include_str!("../../../assets/i18n/de/abaku.ftl"),
    include_str!("../../../assets/i18n/fr/abaku.ftl"),
    include_str!("../../../assets/i18n/ru/abaku.ftl"),
]);

/// The rules page in every language, as plain paragraphs.
const RULES: [&str; 4] = [
    include_str!("../../../assets/i18n/en/abaku-rules.txt"),
    include_str!("../../../assets/i18n/de/abaku-rules.txt"),
    include_str!("../../../assets/i18n/fr/abaku-rules.txt"),
    include_str!("../../../assets/i18n/ru/abaku-rules.txt"),
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
    Length,
    LengthAbout,
    LengthWhole,
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

impl Text {
    fn id(self) -> &'static str {
        match self {
            Text::Name => "name",
            Text::Play => "play",
            Text::About => "about",
            Text::NewGame => "new-game",
            Text::Players => "players",
            Text::Names => "names",
            Text::Board => "board",
            Text::BoardA => "board-a",
            Text::BoardAAbout => "board-a-about",
            Text::BoardB => "board-b",
            Text::BoardBAbout => "board-b-about",
            Text::Operations => "operations",
            Text::OpsAll => "ops-all",
            Text::OpsAddSub => "ops-add-sub",
            Text::OpsMulDiv => "ops-mul-div",
            Text::OpsBasic => "ops-basic",
            Text::OpsAbout => "ops-about",
            Text::Diagonal => "diagonal",
            Text::DiagonalAbout => "diagonal-about",
            Text::ResultFirst => "result-first",
            Text::ResultFirstAbout => "result-first-about",
            Text::Scoring => "scoring",
            Text::ScoringBasic => "scoring-basic",
            Text::ScoringValue => "scoring-value",
            Text::ScoringTileOp => "scoring-tile-op",
            Text::ScoringOpsOnly => "scoring-ops-only",
            Text::ScoringAbout => "scoring-about",
            Text::Challenge => "challenge",
            Text::ChallengeAbout => "challenge-about",
            Text::Spin => "spin",
            Text::SpinAbout => "spin-about",
            Text::SpinNeedsPairs => "spin-needs-pairs",
            Text::Length => "length",
            Text::LengthAbout => "length-about",
            Text::LengthWhole => "length-whole",
            Text::Submit => "submit",
            Text::Recall => "recall",
            Text::Shuffle => "shuffle",
            Text::Exchange => "exchange",
            Text::Pass => "pass",
            Text::Concede => "concede",
            Text::ConcedeSure => "concede-sure",
            Text::TurnLog => "turn-log",
            Text::NothingYet => "nothing-yet",
            Text::JokerPrompt => "joker-prompt",
            Text::JokerPromptAbout => "joker-prompt-about",
            Text::Cancel => "cancel",
            Text::ShowMyTiles => "show-my-tiles",
            Text::Hint => "hint",
            Text::Accept => "accept",
            Text::PickToExchange => "pick-to-exchange",
            Text::ExchangeThese => "exchange-these",
            Text::FinalScores => "final-scores",
            Text::HowToPlay => "how-to-play",
            Text::RulesTitle => "rules-title",
            Text::Legend => "legend",
            Text::Rules => "rules",
        }
    }
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
    /// A short form's length: "6 turns each".
    fn turns_each(self, turns: u8) -> String;
    /// Where a short form stands: "Short game: round 3 of 6".
    fn short_form_round(self, round: u32, turns: u8) -> String;
    /// Who won the finished game in `position`: one player, partners, or a tie.
    fn winners(self, position: &Position, names: &[String]) -> String;
    fn tile(self, tile: Tile) -> String;
    fn continue_hint(self, players: usize, turns: usize) -> String;
    /// The attract mode's caption for a turn that laid tiles: its sums and its points.
    fn demo_turn(self, name: &str, sums: &[&str], points: i64) -> String;
    /// The name a seat (counted from 0) has until someone types one: "Player 1".
    fn default_name(self, seat: usize) -> String;
    /// The rules page's examples: their heading, a row that is no sum, the joker's digit.
    fn diagram_heading(self) -> &'static str;
    fn diagram_no_sum(self) -> &'static str;
    fn diagram_joker(self, digit: u8) -> String;
    /// The rule book's 23-point turn: its heading, and where the new tiles lie.
    fn diagram_bonus_heading(self) -> &'static str;
    fn diagram_bonus_laid(self, sum_bonus: &str, tile_bonus: &str) -> String;
    /// A word printed on the board's bonus squares (`board-tile`, `board-sum`, `board-start`).
    fn board_word(self, id: &'static str) -> &'static str;
}

/// The table with every seat nobody named called by its default name in `language`.
#[must_use]
pub fn with_local_names(mut setup: TilesSetup, language: Language) -> TilesSetup {
    for (index, seat) in setup.seats.iter_mut().enumerate() {
        if is_default_name(&seat.name, index) {
            seat.name = language.default_name(index);
        }
    }
    setup
}

/// The computer at `level` as the screen names it: "Computer: normal".
#[must_use]
pub fn computer_name(language: Language, level: Level) -> &'static str {
    language.text(match level {
        Level::Easy => Key::ComputerEasy,
        Level::Normal => Key::ComputerNormal,
        Level::Hard => Key::ComputerHard,
        Level::Expert => Key::ComputerExpert,
    })
}

/// Whether `name` is the untyped name of `seat` in any language.
#[must_use]
pub fn is_default_name(name: &str, seat: usize) -> bool {
    Language::is_default_player(name, seat)
}

fn number(n: impl TryInto<i64>) -> Arg<'static> {
    Arg::Number(n.try_into().unwrap_or(i64::MAX))
}

/// Names joined as the language lists them: "Ann", "Ann and Bo", "Ann, Bo and Cy".
#[must_use]
pub fn join_names(language: Language, names: &[String]) -> String {
    list(
        language,
        &names.iter().map(String::as_str).collect::<Vec<_>>(),
    )
}

/// Items joined as the language lists them.
fn list(language: Language, items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [first @ .., last] => WORDS.format(
            language,
            "list-and",
            &[
                ("first", Arg::Text(&first.join(", "))),
                ("last", Arg::Text(last)),
            ],
        ),
    }
}

impl TilesWords for Language {
    fn tiles(self, text: Text) -> &'static str {
        match text {
            Text::Rules => self.pick(RULES),
            text => WORDS.text(self, text.id()),
        }
    }

    fn bonus(self, bonus: Bonus) -> &'static str {
        match bonus {
            Bonus::Plain => "",
            Bonus::TileX2 => WORDS.text(self, "bonus-tile-x2"),
            Bonus::TileX3 => WORDS.text(self, "bonus-tile-x3"),
            Bonus::ExampleX2 => WORDS.text(self, "bonus-sum-x2"),
            Bonus::ExampleX3 => WORDS.text(self, "bonus-sum-x3"),
            Bonus::Start => WORDS.text(self, "bonus-start"),
        }
    }

    fn turns_each(self, turns: u8) -> String {
        WORDS.format(self, "length-turns", &[("turns", number(turns))])
    }

    fn short_form_round(self, round: u32, turns: u8) -> String {
        WORDS.format(
            self,
            "short-form-round",
            &[("round", number(round)), ("turns", number(turns))],
        )
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
        WORDS.format(self, "to-play", &[("name", Arg::Text(name))])
    }

    fn pass_to(self, name: &str) -> String {
        WORDS.format(self, "pass-to", &[("name", Arg::Text(name))])
    }

    fn is_move_right(self, name: &str) -> String {
        WORDS.format(self, "is-move-right", &[("name", Arg::Text(name))])
    }

    fn challenges(self, name: &str) -> String {
        WORDS.format(self, "challenges", &[("name", Arg::Text(name))])
    }

    fn only_you_look(self, name: &str) -> String {
        WORDS.format(self, "only-you-look", &[("name", Arg::Text(name))])
    }

    fn bag_count(self, tiles: usize) -> String {
        WORDS.format(self, "bag-count", &[("tiles", number(tiles))])
    }

    fn points(self, points: i64) -> String {
        WORDS.format(self, "points", &[("points", number(points))])
    }

    fn turn_total(self, points: i64) -> String {
        WORDS.format(self, "turn-total", &[("points", number(points))])
    }

    fn notice(self, notice: &TilesNotice, names: &[String]) -> String {
        let name = |p: &usize| Arg::Text(names.get(*p).map_or("?", String::as_str));
        let (id, args): (&str, Vec<(&str, Arg<'_>)>) = match notice {
            TilesNotice::Refused(error) => return self.refusal(error),
            TilesNotice::JokerUndeclared => ("notice-joker-undeclared", vec![]),
            TilesNotice::NotYourTurn => ("notice-not-your-turn", vec![]),
            TilesNotice::TimeRanOut { player } => {
                ("notice-time-ran-out", vec![("name", name(player))])
            }
            TilesNotice::NothingToLay => ("notice-nothing-to-lay", vec![]),
            TilesNotice::Scored { player, points } => (
                "notice-scored",
                vec![("name", name(player)), ("points", number(*points))],
            ),
            TilesNotice::Exchanged { player, tiles } => (
                "notice-exchanged",
                vec![("name", name(player)), ("tiles", number(*tiles))],
            ),
            TilesNotice::ExchangeAdvised { tiles } => {
                ("notice-exchange-advised", vec![("tiles", number(*tiles))])
            }
            TilesNotice::Passed { player } => ("notice-passed", vec![("name", name(player))]),
            TilesNotice::Challenged { challenger, upheld } => (
                if *upheld {
                    "notice-challenge-upheld"
                } else {
                    "notice-challenge-failed"
                },
                vec![("name", name(challenger))],
            ),
        };
        WORDS.format(self, id, &args)
    }

    fn refusal(self, error: &PlayError) -> String {
        let mut texts: Vec<String> = Vec::new();
        let (id, args): (&str, Vec<(&str, usize)>) = match error {
            PlayError::GameOver => ("refused-game-over", vec![]),
            PlayError::NothingPlaced => ("refused-nothing-placed", vec![]),
            PlayError::NotOnRack(tile) => {
                texts = vec![self.tile(*tile)];
                ("refused-not-on-rack", vec![("tile", 0)])
            }
            PlayError::OffBoard(cell) => {
                texts = vec![cell.to_string()];
                ("refused-off-board", vec![("cell", 0)])
            }
            PlayError::Occupied(cell) => {
                texts = vec![cell.to_string()];
                ("refused-occupied", vec![("cell", 0)])
            }
            PlayError::JokerDigit(cell, digit) => {
                texts = vec![cell.to_string(), digit.to_string()];
                ("refused-joker-digit", vec![("cell", 0), ("digit", 1)])
            }
            PlayError::TwiceNamed(cell) => {
                texts = vec![cell.to_string()];
                ("refused-twice-named", vec![("cell", 0)])
            }
            PlayError::NoJokerThere(cell) => {
                texts = vec![cell.to_string()];
                ("refused-no-joker-there", vec![("cell", 0)])
            }
            PlayError::NotInLine(a, b) => {
                texts = vec![a.to_string(), b.to_string()];
                ("refused-not-in-line", vec![("a", 0), ("b", 1)])
            }
            PlayError::MissesStart(cell) => {
                texts = vec![cell.to_string()];
                ("refused-misses-start", vec![("cell", 0)])
            }
            PlayError::Unconnected => ("refused-unconnected", vec![]),
            PlayError::Gap(cell) => {
                texts = vec![cell.to_string()];
                ("refused-gap", vec![("cell", 0)])
            }
            PlayError::BlankInLine(cell) => {
                texts = vec![cell.to_string()];
                ("refused-blank-in-line", vec![("cell", 0)])
            }
            PlayError::NoExample(text) => {
                texts = vec![text.to_string()];
                ("refused-no-example", vec![("text", 0)])
            }
            PlayError::Lonely {
                cell,
                digit,
                other,
                other_digit,
            } => {
                texts = vec![
                    cell.to_string(),
                    digit.to_string(),
                    other.to_string(),
                    other_digit.to_string(),
                ];
                (
                    "refused-lonely",
                    vec![("cell", 0), ("digit", 1), ("other", 2), ("other-digit", 3)],
                )
            }
            PlayError::TouchesBlank { cell, joker } => {
                texts = vec![cell.to_string(), joker.to_string()];
                ("refused-touches-blank", vec![("cell", 0), ("joker", 1)])
            }
            PlayError::ZerosUnlinked(cells) => {
                let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                texts = vec![list(self, &names)];
                ("refused-zeros-unlinked", vec![("cells", 0)])
            }
            PlayError::ExchangeCount => ("refused-exchange-count", vec![]),
            PlayError::BagTooSmall { wanted, left } => {
                texts = vec![wanted.to_string(), left.to_string()];
                ("refused-bag-too-small", vec![("wanted", 0), ("left", 1)])
            }
            PlayError::NothingToChallenge => ("refused-nothing-to-challenge", vec![]),
            PlayError::BadChallenger(_) => ("refused-bad-challenger", vec![]),
            PlayError::NothingToUndo => ("refused-nothing-to-undo", vec![]),
        };
        let args: Vec<(&str, Arg<'_>)> = args
            .into_iter()
            .map(|(name, index)| (name, Arg::Text(texts[index].as_str())))
            .collect();
        WORDS.format(self, id, &args)
    }

    fn ending(self, reason: EndReason, names: &[String]) -> String {
        let name = |p: usize| Arg::Text(names.get(p).map_or("?", String::as_str));
        let (id, args) = match reason {
            EndReason::RackEmptied(p) => ("ending-rack-emptied", vec![("name", name(p))]),
            EndReason::Blocked => ("ending-blocked", vec![]),
            EndReason::TurnsPlayed => ("ending-turns-played", vec![]),
            EndReason::Conceded(p) => ("ending-conceded", vec![("name", name(p))]),
            EndReason::PassedThrice(p) => ("ending-passed-thrice", vec![("name", name(p))]),
        };
        WORDS.format(self, id, &args)
    }

    fn winners(self, position: &Position, names: &[String]) -> String {
        let seats = position.winners();
        let winners: Vec<&str> = seats
            .iter()
            .filter_map(|&seat| names.get(seat).map(String::as_str))
            .collect();
        // Partners win together; players who are not partners and share the best score tie.
        let partners = position.plays_in_pairs()
            && seats
                .windows(2)
                .all(|pair| Side::of_player(pair[0]) == Side::of_player(pair[1]));
        match winners.as_slice() {
            [] => WORDS.format(self, "winners-none", &[]),
            [one] => WORDS.format(self, "winners-one", &[("name", Arg::Text(one))]),
            many => {
                let names = list(self, many);
                let id = if partners {
                    "winners-many"
                } else {
                    "winners-tie"
                };
                WORDS.format(self, id, &[("names", Arg::Text(&names))])
            }
        }
    }

    fn tile(self, tile: Tile) -> String {
        match tile {
            Tile::Digit(d) => d.to_string(),
            Tile::Joker => WORDS.text(self, "joker").to_owned(),
        }
    }

    fn continue_hint(self, players: usize, turns: usize) -> String {
        WORDS.format(
            self,
            "continue-hint",
            &[("players", number(players)), ("turns", number(turns))],
        )
    }

    fn diagram_heading(self) -> &'static str {
        WORDS.text(self, "diagram-heading")
    }

    fn diagram_no_sum(self) -> &'static str {
        WORDS.text(self, "diagram-no-sum")
    }

    fn diagram_joker(self, digit: u8) -> String {
        WORDS.format(self, "diagram-joker", &[("digit", number(digit))])
    }

    fn diagram_bonus_heading(self) -> &'static str {
        WORDS.text(self, "diagram-bonus-heading")
    }

    fn diagram_bonus_laid(self, sum_bonus: &str, tile_bonus: &str) -> String {
        WORDS.format(
            self,
            "diagram-bonus-laid",
            &[
                ("sum", Arg::Text(sum_bonus)),
                ("tile", Arg::Text(tile_bonus)),
            ],
        )
    }

    fn board_word(self, id: &'static str) -> &'static str {
        WORDS.text(self, id)
    }

    fn default_name(self, seat: usize) -> String {
        self.default_player(seat)
    }

    fn demo_turn(self, name: &str, sums: &[&str], points: i64) -> String {
        if sums.is_empty() {
            return WORDS.format(
                self,
                "demo-turn-no-sums",
                &[("name", Arg::Text(name)), ("points", number(points))],
            );
        }
        let sums = list(self, sums);
        WORDS.format(
            self,
            "demo-turn",
            &[
                ("name", Arg::Text(name)),
                ("sums", Arg::Text(&sums)),
                ("points", number(points)),
            ],
        )
    }
}

/// Shows `12-4=8` as `12 − 4 = 8`.
pub fn equation(reading: &str) -> String {
    let mut out = String::with_capacity(reading.len() * 2);
    for c in reading.chars() {
        match c {
            '+' | '×' | '÷' | '=' => {
                out.push(' ');
                out.push(c);
                out.push(' ');
            }
            '-' => out.push_str(" − "),
            _ => out.push(c),
        }
    }
    out
}

/// A turn of the log on one line, in the words the screen's log uses: "Ada: 12 − 4 = 8 (3),
/// 4 + 4 = 8 (3) · 6 points", or "Ada passed.", for the phones' list of turns.
pub fn log_line(words: Language, entry: &LogEntry, names: &[String]) -> String {
    if entry.examples.is_empty() {
        return quiet_turn(words, entry, names);
    }
    let name = names.get(entry.player).map_or("?", String::as_str);
    let sums: Vec<String> = entry
        .examples
        .iter()
        .map(|example| format!("{} ({})", equation(&example.reading), example.points))
        .collect();
    format!(
        "{name}: {} · {}",
        sums.join(", "),
        words.points(entry.points)
    )
}

/// What a turn that laid no tiles was, in words: "Ada passed.", "Ada exchanged 2 tiles.";
/// an exchange says how many tiles went back, never which, as the rule book's exchange keeps
/// them hidden.
pub fn quiet_turn(words: Language, entry: &LogEntry, names: &[String]) -> String {
    let player = entry.player;
    let notice = match &entry.action {
        Move::Pass => TilesNotice::Passed { player },
        Move::Exchange(tiles) => TilesNotice::Exchanged {
            player,
            tiles: tiles.len(),
        },
        _ => return entry.text.clone(),
    };
    words.notice(&notice, names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use abakus_rules::abaku::Tile;

    #[test]
    fn an_exchange_tells_the_table_how_many_tiles_not_which() {
        let names = vec!["Ada".to_owned(), "Bo".to_owned()];
        let exchange = LogEntry {
            player: 0,
            text: "exchange 7 9".to_owned(),
            action: Move::Exchange(vec![Tile::Digit(7), Tile::Digit(9)]),
            points: 0,
            examples: Vec::new(),
        };
        let told = quiet_turn(Language::English, &exchange, &names);
        assert!(told.contains("Ada") && told.contains('2'), "{told}");
        assert!(!told.contains('7') && !told.contains('9'), "{told}");
    }
}
