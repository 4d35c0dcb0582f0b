//! The hex game in the attract mode: two computers on side 5, each move told in a caption.

use bevy::prelude::*;

use super::HEX;
use super::game::{HexChange, HexMatch, Seat};
use super::words::HexWords;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::features::attract::{DemoCaption, DemoHooks, DemoShowing, demo_showing};
use crate::app::features::lifecycle::{self, ForDemo};
use abakus_rules::hex::ai::Level;
use abakus_rules::hex::{Move, Position};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DemoCaption>().add_systems(
        Update,
        caption_moves
            .in_set(crate::app::base::frame_order::AppSet::Present)
            .run_if(in_state(Screen::Game(HEX)).and_then(demo_showing)),
    );
}

/// What the shell calls to show the game to passers-by.
pub(super) const HOOKS: DemoHooks = DemoHooks {
    begin,
    end,
    finished,
};

/// The board a demo game is played on: the recommended one.
const DEMO_SIDE: u8 = 5;

fn begin(world: &mut World) {
    let showing = world.get_resource::<DemoShowing>().copied();
    let seats = match showing {
        Some(showing) if showing.quick => [Seat::Computer(Level::Easy); 2],
        // The hard level takes each colour in turn, so the watchers see it win both ways.
        Some(showing) if showing.round % 4 < 2 => {
            [Seat::Computer(Level::Hard), Seat::Computer(Level::Normal)]
        }
        _ => [Seat::Computer(Level::Normal), Seat::Computer(Level::Hard)],
    };
    lifecycle::keep_aside::<HexMatch, ForDemo>(world, HexMatch::with_seats(DEMO_SIDE, seats));
}

fn end(world: &mut World) {
    lifecycle::bring_back::<HexMatch, ForDemo>(world);
}

fn finished(world: &World) -> bool {
    world
        .get_resource::<HexMatch>()
        .is_some_and(|game| game.outcome().is_some())
}

/// A sentence for each move and for the end, about the groups that decide this game.
fn caption_moves(
    mut changes: MessageReader<HexChange>,
    game: Res<HexMatch>,
    settings: Res<Settings>,
    mut captions: MessageWriter<DemoCaption>,
) {
    let words = settings.language;
    for change in changes.read() {
        let text = match change {
            HexChange::Played(mv) => move_caption(words, game.position(), *mv),
            HexChange::Finished(outcome) => Some(format!(
                "{} {}",
                words.wins(outcome.winner),
                words.final_counts(outcome.black, outcome.white)
            )),
            _ => None,
        };
        if let Some(text) = text {
            captions.write(DemoCaption(text));
        }
    }
}

/// The caption for `mv`, the last move played in `after`.
fn move_caption(words: impl HexWords, after: &Position, mv: Move) -> Option<String> {
    let mut before = after.clone();
    before.undo()?;
    Some(caption_for(words, &before, mv))
}

/// The caption for playing `mv` in `before`: who moved, and the groups a slide left and joined.
fn caption_for(words: impl HexWords, before: &Position, mv: Move) -> String {
    let mover = before.turn();
    let mut after = before.clone();
    after.play_unchecked(mv);
    match mv {
        Move::Place(cell) => words.demo_place(mover, cell, after.group_of(cell).len()),
        Move::Slide { from, to } => words.demo_slide(
            mover,
            mv,
            before.group_of(from).len(),
            after.group_of(to).len().saturating_sub(1),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::base::i18n::Language;
    use abakus_rules::hex::{Cell, Color};

    fn cells(names: &str) -> Vec<Cell> {
        names
            .split_whitespace()
            .map(|name| name.parse().expect("a cell name"))
            .collect()
    }

    #[test]
    fn a_slide_is_told_by_the_group_it_leaves_and_the_group_it_joins() {
        // Black's column of four, E5 to E8, and a pair at H5 I5: E5 may slide to G5.
        let before = Position::setup(5, &cells("E5 E6 E7 E8 H5 I5"), &cells("E4"), Color::Black)
            .expect("a legal setup");
        let slide = Move::Slide {
            from: cells("E5")[0],
            to: cells("G5")[0],
        };
        assert!(before.is_legal(slide));
        assert_eq!(
            caption_for(Language::English, &before, slide),
            "Black slides E5-G5: out of a group of 4 into a group of 2."
        );
    }

    #[test]
    fn a_placement_says_whether_it_stands_alone_or_grows_a_group() {
        let before =
            Position::setup(5, &cells("E5 E6"), &cells("A1"), Color::White).expect("a legal setup");
        let alone = Move::Place(cells("I9")[0]);
        let beside = Move::Place(cells("A2")[0]);
        assert_eq!(
            caption_for(Language::English, &before, alone),
            "White places a stone on I9."
        );
        assert_eq!(
            caption_for(Language::English, &before, beside),
            "White places a stone on A2, making a group of 2."
        );
        // The last move of a game's record is the one told.
        let played = Position::from_record(5, "E5 A1").expect("a legal record");
        assert_eq!(
            move_caption(Language::English, &played, Move::Place(cells("A1")[0])).as_deref(),
            Some("White places a stone on A1.")
        );
        assert_eq!(
            move_caption(Language::English, &Position::new(5).expect("side 5"), alone),
            None
        );
    }
}
