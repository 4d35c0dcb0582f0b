//! The parser's tests: whole scripts read into steps, and bad lines named.

use bevy::prelude::*;

use super::parse::parse;
use super::step::{
    Condition, GameStep, PersonAction, ScreenPattern, ScriptGames, ScriptStep, Spot, Step,
    StepOutcome,
};
use crate::app::base::games::GameId;
use crate::app::base::navigation::Screen;

/// The step's word is only compared through `Debug`, as scripts compare game steps.
#[derive(Debug)]
struct Moved(#[allow(dead_code)] String);

impl ScriptStep for Moved {
    fn run(&self, _: &mut World) -> StepOutcome {
        StepOutcome::Done
    }
}

/// A stand-in game with one command, `move WORD`.
fn moves(command: &str, words: &[&str]) -> Option<Result<Vec<Step>, String>> {
    (command == "move").then(|| match words {
        [word] => Ok(vec![Step::Game(GameStep::new(Moved((*word).to_owned())))]),
        _ => Err("move needs one word".into()),
    })
}

const GAMES: ScriptGames<'static> = ScriptGames {
    ids: &[GameId("demo")],
    commands: &[moves],
};

#[test]
fn scripts_parse_and_bad_lines_are_named() {
    let steps = parse(
        "# demo\nscreen setup demo\nmove E5\nwait 10 # settle\nscreenshot mid-game\nkey U\nexit\n",
        GAMES,
    )
    .unwrap();
    assert_eq!(steps.len(), 6);
    assert_eq!(steps[0], Step::Screen(Screen::Setup(GameId("demo"))));
    assert_eq!(steps[1], Step::Game(GameStep::new(Moved("E5".into()))));
    let error = parse("wait 3\nmove\n", GAMES).unwrap_err();
    assert!(error.to_string().starts_with("script line 2:"), "{error}");
    assert!(parse("screenshot ../escape", GAMES).is_err());
    assert!(parse("screen setup nosuchgame", GAMES).is_err());
    assert!(parse("screen game", GAMES).is_err(), "which game?");
    assert!(parse("dance", GAMES).is_err());
    let checks = parse(
        "tap 320 650\njump-tap-cell E5\nawait-screen game\nexpect-overlay none\n",
        GAMES,
    )
    .unwrap();
    assert_eq!(
        checks[0],
        Step::Tap {
            spot: Spot::At(Vec2::new(320.0, 650.0)),
            jump: false
        }
    );
    assert_eq!(
        checks[1],
        Step::Tap {
            spot: Spot::Place("E5".into()),
            jump: true
        }
    );
    assert_eq!(
        checks[2],
        Step::Await(Condition::Screen(ScreenPattern::AnyGame))
    );
    assert!(parse("tap 5", GAMES).is_err());
}

#[test]
fn a_person_is_asked_for_buttons_cells_points_and_keys() {
    let steps = parse(
        "person click button Play Abakus\nperson jump-click cell E5\nperson right-click at 3 4\nperson key Escape\n",
        GAMES,
    )
    .unwrap();
    assert_eq!(
        steps[0],
        Step::Person(PersonAction::Click {
            how: "click",
            spot: Spot::Button("Play Abakus".into())
        })
    );
    assert_eq!(
        steps[1],
        Step::Person(PersonAction::Click {
            how: "jump-click",
            spot: Spot::Place("E5".into())
        })
    );
    assert_eq!(steps[3], Step::Person(PersonAction::Key("Escape".into())));
    let drag = parse("person drag cell rack-1 at 10 20\n", GAMES).unwrap();
    assert_eq!(
        drag[0],
        Step::Person(PersonAction::Drag {
            from: Spot::Place("rack-1".into()),
            to: Spot::At(Vec2::new(10.0, 20.0))
        })
    );
    assert!(parse("person drag cell rack-1\n", GAMES).is_err());
    assert_eq!(
        parse("person fidget 500 7\n", GAMES).unwrap()[0],
        Step::Person(PersonAction::Fidget {
            actions: 500,
            seed: 7
        })
    );
    assert!(parse("person fidget 500\n", GAMES).is_err());
    assert!(parse("person wave", GAMES).is_err());
    assert!(parse("person click cell", GAMES).is_err());
}
