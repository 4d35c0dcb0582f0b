//! A person's steps: read from the script, and printed for a real hand once their target is drawn.

use bevy::prelude::*;

use super::step::{PersonAction, Spot};
use crate::app::base::board_room::{LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH};

const USAGE: &str = "person needs click, jump-click or right-click with button TEXT, cell NAME, \
                     stone NAME or at X Y, drag with two cells or points, key NAME, type TEXT, or \
                     fidget or visitor ACTIONS SEED";

/// Parses `person click|jump-click|right-click (button TEXT | cell NAME | stone NAME | at X Y)`,
/// `person drag (cell NAME | at X Y) (cell NAME | at X Y)`, `person key NAME`,
/// `person type TEXT` (typed into the field that has the keyboard), `person fidget ACTIONS
/// SEED` and `person visitor ACTIONS SEED`.
pub(super) fn person(words: &[&str]) -> Result<PersonAction, String> {
    match words.first().copied() {
        Some(kind @ ("fidget" | "visitor")) => random_hand(kind, &words[1..]),
        Some("drag") => drag(&words[1..]),
        Some("key") => {
            let key = words
                .get(1)
                .filter(|k| k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
            key.map(|k| PersonAction::Key((*k).to_owned()))
                .ok_or_else(usage)
        }
        Some("type") if words.len() > 1 => Ok(PersonAction::Type(words[1..].join(" "))),
        Some("click") => click("click", &words[1..]),
        Some("jump-click") => click("jump-click", &words[1..]),
        Some("right-click") => click("right-click", &words[1..]),
        _ => Err(usage()),
    }
}

fn usage() -> String {
    USAGE.to_owned()
}

/// `fidget` or `visitor` with `ACTIONS SEED`.
fn random_hand(kind: &str, words: &[&str]) -> Result<PersonAction, String> {
    let [actions, seed] = words else {
        return Err(usage());
    };
    match (actions.parse(), seed.parse()) {
        (Ok(actions), Ok(seed)) if kind == "fidget" => Ok(PersonAction::Fidget { actions, seed }),
        (Ok(actions), Ok(seed)) => Ok(PersonAction::Visitor { actions, seed }),
        _ => Err(usage()),
    }
}

/// Two spots of `cell NAME` or `at X Y`, one after the other, and nothing after them.
fn drag(words: &[&str]) -> Result<PersonAction, String> {
    let spot = |words: &[&str]| -> Result<(Spot, usize), String> {
        match words {
            ["cell", name, ..] => Ok((Spot::Place((*name).to_owned()), 2)),
            ["at", x, y, ..] => Ok((Spot::At(window_point(x, y)?), 3)),
            _ => Err(usage()),
        }
    };
    let (from, used) = spot(words)?;
    let (to, rest) = spot(&words[used..])?;
    if words.len() != used + rest {
        return Err(usage());
    }
    Ok(PersonAction::Drag { from, to })
}

/// `button TEXT`, `cell NAME`, `stone NAME` (the top of the stone on that cell, where a board
/// shows its stones standing) or `at X Y` after the kind of click.
fn click(how: &'static str, words: &[&str]) -> Result<PersonAction, String> {
    let spot = match (words.first().copied(), &words[1.min(words.len())..]) {
        (Some("button"), text) if !text.is_empty() => Spot::Button(text.join(" ")),
        (Some("cell"), [name]) => Spot::Place((*name).to_owned()),
        (Some("stone"), [name]) => Spot::Place(format!("stone {name}")),
        (Some("at"), [x, y]) => Spot::At(window_point(x, y)?),
        _ => return Err(usage()),
    };
    Ok(PersonAction::Click { how, spot })
}

fn window_point(x: &str, y: &str) -> Result<Vec2, String> {
    let x: u32 = x.parse().map_err(|_| usage())?;
    let y: u32 = y.parse().map_err(|_| usage())?;
    Ok(Vec2::new(x as f32, y as f32))
}

/// The line that asks the person to act, or `None` while a spot it names is not drawn.
/// `zoom` is the scale the side panels are drawn at, which a fidgeting hand keeps clear of.
pub(super) fn line(
    action: &PersonAction,
    zoom: f32,
    mut locate: impl FnMut(&Spot) -> Option<Vec2>,
) -> Option<String> {
    match action {
        PersonAction::Key(name) => Some(format!("person: key {name}")),
        PersonAction::Type(text) => Some(format!("person: type {text}")),
        PersonAction::Fidget { actions, seed } => Some(format!(
            "person: fidget {actions} {seed} {} {}",
            LEFT_PANEL_WIDTH * zoom,
            RIGHT_PANEL_WIDTH * zoom
        )),
        PersonAction::Visitor { actions, seed } => {
            Some(format!("person: visitor {actions} {seed}"))
        }
        PersonAction::Click { how, spot } => {
            locate(spot).map(|at| format!("person: {how} {} {}", at.x.round(), at.y.round()))
        }
        PersonAction::Drag { from, to } => locate(from).zip(locate(to)).map(|(a, b)| {
            format!(
                "person: drag {} {} {} {}",
                a.x.round(),
                a.y.round(),
                b.x.round(),
                b.y.round()
            )
        }),
    }
}
