//! Reading a script: one step per line, each command parsed by the group it belongs to.

use std::collections::VecDeque;

use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::person::person;
use super::shell::{
    ColourBlindStep, DemoStep, LessonStep, ReviewStep, SavedGamesStep, StatisticsStep,
    TryJudgedStep, UiScaleStep,
};
use super::step::{Condition, GameStep, ScreenPattern, ScriptGames, Spot, Step};
use crate::app::base::games::GameId;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::{Overlay, Screen};
use crate::app::base::settings::UiScale;

/// A script file that cannot be run: which line and why.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error("cannot read the script {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("script line {line}: {message}")]
    Line { line: usize, message: String },
}

/// Parses the script text: one step per line, `#` starts a comment.
pub(super) fn parse(text: &str, games: ScriptGames<'_>) -> Result<VecDeque<Step>, ScriptError> {
    let mut steps = VecDeque::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let parsed =
            parse_line(words[0], &words[1..], games).map_err(|message| ScriptError::Line {
                line: index + 1,
                message,
            })?;
        steps.extend(parsed);
    }
    Ok(steps)
}

/// A whole number from a script word.
pub fn number(word: Option<&&str>, what: &str) -> Result<u32, String> {
    word.and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("{what} needs a whole number"))
}

/// One group of the shell's commands: its steps, or `None` when the command is not the
/// group's.
type Group = fn(&str, &[&str], ScriptGames<'_>) -> Result<Option<Vec<Step>>, String>;

const GROUPS: [Group; 4] = [screens, input, checks, settings];

fn parse_line(command: &str, rest: &[&str], games: ScriptGames<'_>) -> Result<Vec<Step>, String> {
    for group in GROUPS {
        if let Some(steps) = group(command, rest, games)? {
            return Ok(steps);
        }
    }
    // The shell's commands come first, so a game cannot take one of their names.
    for commands in games.commands {
        if let Some(steps) = commands(command, rest) {
            return steps;
        }
    }
    Err(format!("unknown command \"{command}\""))
}

/// `screen`, `screenshot`, `rules`, `attract`, `lesson` and `exit`.
fn screens(
    command: &str,
    rest: &[&str],
    games: ScriptGames<'_>,
) -> Result<Option<Vec<Step>>, String> {
    let step = match command {
        "screen" => match screen_named(rest, games)? {
            ScreenPattern::Exactly(screen) => Step::Screen(screen),
            ScreenPattern::AnyGame => return Err("screen game needs the game's name".into()),
        },
        "screenshot" => {
            let name = rest
                .first()
                .filter(|n| {
                    n.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                })
                .ok_or("screenshot needs a plain name such as title")?;
            Step::Screenshot((*name).to_owned())
        }
        "rules" => rules(rest, games)?,
        "attract" => Step::Attract(match rest.first() {
            None => None,
            Some(name) => {
                Some(game_named(name, games)?.ok_or(format!("attract: no game is called {name}"))?)
            }
        }),
        "lesson" => {
            let id = game_named(rest.first().unwrap_or(&""), games)?
                .ok_or("lesson needs a game's name")?;
            Step::Game(GameStep::new(LessonStep::Start(id)))
        }
        "booth-controls" => Step::BoothControls,
        "exit" => Step::Exit,
        _ => return Ok(None),
    };
    Ok(Some(vec![step]))
}

/// `rules GAME [text|examples]`.
fn rules(rest: &[&str], games: ScriptGames<'_>) -> Result<Step, String> {
    let game =
        game_named(rest.first().unwrap_or(&""), games)?.ok_or("rules needs a game's name")?;
    let examples = match rest.get(1).copied() {
        None | Some("text") => false,
        Some("examples") => true,
        Some(other) => return Err(format!("rules: text or examples, not {other}")),
    };
    Ok(Step::Rules { game, examples })
}

/// Keys, taps, resizes and a person's hand: `key`, `touch`, `resize`, `tap`, `jump-tap`,
/// `tap-cell`, `jump-tap-cell`, `person` and `random-inputs`.
fn input(command: &str, rest: &[&str], _: ScriptGames<'_>) -> Result<Option<Vec<Step>>, String> {
    let step = match command {
        "key" => Step::Key(key_named(rest.first().copied())?),
        "touch" => Step::Touch,
        "resize" => {
            let size = point(command, rest)?;
            Step::Resize(size.x, size.y)
        }
        "tap" | "jump-tap" => Step::Tap {
            spot: Spot::At(point(command, rest)?),
            jump: command == "jump-tap",
        },
        "tap-cell" | "jump-tap-cell" => {
            let name = rest.first().ok_or(format!("{command} needs a cell"))?;
            Step::Tap {
                spot: Spot::Place((*name).to_owned()),
                jump: command == "jump-tap-cell",
            }
        }
        "person" => Step::Person(person(rest)?),
        "random-inputs" => {
            let count = number(rest.first(), command)?;
            let seed = number(rest.get(1), command)?;
            return Ok(Some(random_inputs(count, u64::from(seed))));
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![step]))
}

/// Waits and checks: `wait`, `expect-` and `await-screen`, `await-window`, `expect-` and
/// `await-overlay`, `-demo`, `-saved-games` and `-statistics`, `await-lesson`, `await-file`, and
/// the review
/// (`review`, which asks for it, `await-review`, `await-review-move`, `review-mistake`, which
/// looks at the first mistake, `try-again` and `await-try`).
fn checks(
    command: &str,
    rest: &[&str],
    games: ScriptGames<'_>,
) -> Result<Option<Vec<Step>>, String> {
    let step = match command {
        "wait" => Step::Wait(number(rest.first(), command)?),
        "expect-screen" => Step::Expect(Condition::Screen(screen_named(rest, games)?)),
        "await-screen" => Step::Await(Condition::Screen(screen_named(rest, games)?)),
        "await-window" => {
            let width = number(rest.first(), command)?;
            let height = number(rest.get(1), command)?;
            Step::Await(Condition::WindowSize(width, height))
        }
        "expect-view" | "await-view" => {
            let on_table = match rest.first() {
                Some(&"table") => true,
                Some(&"flat") => false,
                _ => return Err(format!("{command} needs table or flat")),
            };
            let condition = Condition::OnTable(on_table);
            if command == "await-view" {
                Step::Await(condition)
            } else {
                Step::Expect(condition)
            }
        }
        "expect-overlay" => Step::Expect(Condition::Overlay(overlay_named(rest.first())?)),
        "await-overlay" => Step::Await(Condition::Overlay(overlay_named(rest.first())?)),
        "await-file" => {
            let name = rest
                .first()
                .filter(|n| {
                    n.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
                        && !n.starts_with('.')
                })
                .ok_or("await-file needs a plain file name such as phones-done")?;
            Step::AwaitFile((*name).to_owned())
        }
        "expect-demo" | "await-demo" => Step::Game(GameStep::new(DemoStep {
            wait: command == "await-demo",
        })),
        "expect-saved-games" | "await-saved-games" => {
            let count = number(rest.first(), command)? as usize;
            Step::Game(GameStep::new(SavedGamesStep {
                count,
                wait: command == "await-saved-games",
            }))
        }
        "expect-statistics" | "await-statistics" => {
            let players = number(rest.first(), command)? as usize;
            Step::Game(GameStep::new(StatisticsStep {
                players,
                wait: command == "await-statistics",
            }))
        }
        "await-lesson" => {
            let step = number(rest.first(), command)?;
            Step::Game(GameStep::new(LessonStep::Reach(step.max(1) as usize - 1)))
        }
        "review" => Step::Game(GameStep::new(ReviewStep::Ask)),
        "await-review" => Step::Game(GameStep::new(ReviewStep::Done)),
        "await-review-move" => {
            let at = number(rest.first(), command)?;
            Step::Game(GameStep::new(ReviewStep::LookingAt(at.max(1) as usize - 1)))
        }
        "review-mistake" => Step::Game(GameStep::new(ReviewStep::FirstMistake)),
        "try-again" => Step::Game(GameStep::new(ReviewStep::TryAgain)),
        "await-try" => Step::Game(GameStep::new(TryJudgedStep)),
        _ => return Ok(None),
    };
    Ok(Some(vec![step]))
}

/// What the settings screen would change: `colour-blind`, `ui-scale` and `language`.
fn settings(command: &str, rest: &[&str], _: ScriptGames<'_>) -> Result<Option<Vec<Step>>, String> {
    let step = match command {
        "colour-blind" => Step::Game(GameStep::new(ColourBlindStep(match rest.first() {
            Some(&"on") => true,
            Some(&"off") => false,
            _ => return Err("colour-blind needs on or off".into()),
        }))),
        "ui-scale" => Step::Game(GameStep::new(UiScaleStep(
            UiScale::ALL
                .into_iter()
                .find(|scale| rest.first() == Some(&scale.label().trim_end_matches(" %")))
                .ok_or("ui-scale needs 100, 125 or 150")?,
        ))),
        "language" => Step::Language(
            Language::ALL
                .into_iter()
                .find(|language| rest.first() == Some(&language.code()))
                .ok_or("language needs en, de, fr or ru")?,
        ),
        _ => return Ok(None),
    };
    Ok(Some(vec![step]))
}

/// `X Y` in window pixels.
fn point(command: &str, rest: &[&str]) -> Result<Vec2, String> {
    let x = number(rest.first(), command)? as f32;
    let y = number(rest.get(1), command)? as f32;
    Ok(Vec2::new(x, y))
}

fn overlay_named(word: Option<&&str>) -> Result<Overlay, String> {
    Ok(match word.copied() {
        Some("none") => Overlay::None,
        Some("help") => Overlay::Help,
        Some("menu") => Overlay::GameMenu,
        Some("save") => Overlay::SaveGame,
        Some("review") => Overlay::Review,
        Some("practice") => Overlay::Practice,
        other => return Err(format!("unknown overlay {other:?}")),
    })
}

fn key_named(word: Option<&str>) -> Result<KeyCode, String> {
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    Ok(match word {
        Some("U") => KeyCode::KeyU,
        Some("R") => KeyCode::KeyR,
        Some("H") => KeyCode::KeyH,
        Some("M") => KeyCode::KeyM,
        Some("V") => KeyCode::KeyV,
        Some("J") => KeyCode::KeyJ,
        Some("Escape") => KeyCode::Escape,
        Some("Enter") => KeyCode::Enter,
        Some("Space") => KeyCode::Space,
        Some("Backspace") => KeyCode::Backspace,
        Some("Left") => KeyCode::ArrowLeft,
        Some("Right") => KeyCode::ArrowRight,
        Some("Up") => KeyCode::ArrowUp,
        Some("Down") => KeyCode::ArrowDown,
        Some(digit) if digit.len() == 1 && digit.as_bytes()[0].is_ascii_digit() => {
            DIGITS[usize::from(digit.as_bytes()[0] - b'0')]
        }
        other => return Err(format!("unknown key {other:?}")),
    })
}

/// `title`, `settings`, `rules`, `saved-games`, `statistics`, `setup GAME`, `game GAME`, or `game`
/// for any game's.
fn screen_named(words: &[&str], games: ScriptGames<'_>) -> Result<ScreenPattern, String> {
    let game = |name: Option<&&str>| -> Result<Option<GameId>, String> {
        let Some(name) = name else { return Ok(None) };
        games
            .ids
            .iter()
            .find(|id| id.0 == *name)
            .copied()
            .map(Some)
            .ok_or_else(|| format!("no game is called {name}"))
    };
    Ok(match (words.first().copied(), game(words.get(1))?) {
        (Some("title"), None) => ScreenPattern::Exactly(Screen::Title),
        (Some("settings"), None) => ScreenPattern::Exactly(Screen::Settings),
        (Some("rules"), None) => ScreenPattern::Exactly(Screen::Rules),
        (Some("saved-games"), None) => ScreenPattern::Exactly(Screen::SavedGames),
        (Some("statistics"), None) => ScreenPattern::Exactly(Screen::Statistics),
        (Some("online"), None) => ScreenPattern::Exactly(Screen::Online),
        (Some("setup"), Some(id)) => ScreenPattern::Exactly(Screen::Setup(id)),
        (Some("game"), Some(id)) => ScreenPattern::Exactly(Screen::Game(id)),
        (Some("game"), None) => ScreenPattern::AnyGame,
        _ => return Err(format!("unknown screen {:?}", words.join(" "))),
    })
}

/// The game called `name`, read as the screen `game NAME` is (an unknown name is an error).
fn game_named(name: &str, games: ScriptGames<'_>) -> Result<Option<GameId>, String> {
    Ok(match screen_named(&["game", name], games)? {
        ScreenPattern::Exactly(Screen::Game(id)) => Some(id),
        _ => None,
    })
}

/// Random taps over the board, keys and window sizes, as a stranger at a booth might give.
/// Windows stay at least 1100×600 and taps stay between the side panels, so the run stays on
/// the game screen (a tap on Quit would end it).
fn random_inputs(count: u32, seed: u64) -> Vec<Step> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let keys = [KeyCode::KeyU, KeyCode::KeyR, KeyCode::KeyH, KeyCode::KeyM];
    (0..count)
        .map(|_| match rng.random_range(0..20) {
            0..=14 => Step::Tap {
                spot: Spot::At(Vec2::new(
                    rng.random_range(272.0..860.0),
                    rng.random_range(10.0..590.0),
                )),
                jump: rng.random_bool(0.3),
            },
            15..=18 => Step::Key(keys[rng.random_range(0..keys.len())]),
            _ => Step::Resize(
                rng.random_range(1100.0..1600.0_f32).round(),
                rng.random_range(600.0..900.0_f32).round(),
            ),
        })
        .collect()
}
