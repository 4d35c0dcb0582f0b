//! The hex game's first lesson: place, make a group, slide, see a slide refused, and win the
//! last cell by sliding, each on a prepared side-5 board with the player as Black.

use bevy::prelude::*;

use super::HEX;
use super::game::{HexChange, HexIntent, HexMatch, HexPhase, Notice};
use super::words;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::navigation::Screen;
use crate::app::features::attract::demo_showing;
use crate::app::features::lifecycle::{self, ForLesson};
use crate::app::features::tutorial::{Lesson, LessonHooks, LessonStep};
use abakus_rules::hex::{Cell, Color, DIRECTIONS, Move, Position};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (watch_the_moves, act_when_due, set_up_steps)
            .chain()
            .in_set(AppSet::Present)
            .run_if(
                in_state(Screen::Game(HEX))
                    .and_then(resource_exists::<HexLesson>)
                    .and_then(not(demo_showing)),
            ),
    );
    frames::draw_while(app, |state: Option<Res<HexLesson>>| {
        state.is_some_and(|state| state.take_back_in.is_some() || state.reply.is_some())
    });
}

pub(super) const HOOKS: LessonHooks = LessonHooks { begin, end };

/// The lesson's steps, by their messages in the game's catalog.
const STEPS: &[LessonStep] = &[
    LessonStep {
        id: "lesson-place",
        title: "lesson-place-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-group",
        title: "lesson-group-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-slide",
        title: "lesson-slide-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-refused",
        title: "lesson-refused-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-last-cell",
        title: "lesson-last-cell-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-end",
        title: "lesson-end-title",
        reading: true,
    },
];

const PLACE: usize = 0;
const GROUP: usize = 1;
const SLIDE: usize = 2;
const REFUSED: usize = 3;
const LAST_CELL: usize = 4;

/// The board every step is played on: the recommended side.
const SIDE: u32 = 5;

/// A wrong move stays on the board this long, so the player sees what they did, before it is
/// taken back.
const TAKE_BACK_SECONDS: f32 = 1.2;

/// White's forced reply in the last step comes after this pause, as a person's would.
const REPLY_SECONDS: f32 = 0.7;

/// The lesson's own state beside the shell's [`Lesson`].
#[derive(Resource, Debug, Default)]
struct HexLesson {
    /// The step whose position is on the board.
    prepared: Option<usize>,
    /// The board after the first step's stone, which the second step goes on from.
    first_stone: Option<Position>,
    /// A wrong move to take back, and when.
    take_back_in: Option<f32>,
    /// White's reply to play, and when.
    reply: Option<(Move, f32)>,
}

fn begin(world: &mut World) {
    lifecycle::keep_aside::<HexMatch, ForLesson>(world, lesson_match(step_position(PLACE, None)));
    world.insert_resource(HexLesson {
        prepared: Some(PLACE),
        ..HexLesson::default()
    });
    world.insert_resource(Lesson::new(HEX, STEPS, words::text));
}

fn end(world: &mut World) {
    world.remove_resource::<HexLesson>();
    lifecycle::bring_back::<HexMatch, ForLesson>(world);
}

/// Two people's seats, no clock: the player moves Black, and White's few moves are the
/// lesson's.
fn lesson_match(position: Position) -> HexMatch {
    HexMatch::for_lesson(position)
}

fn cells(names: &str) -> Vec<Cell> {
    names
        .split_whitespace()
        .filter_map(|name| name.parse().ok())
        .collect()
}

/// The rule text's example: C4 in a group of three with B4 and C5, a black pair D2 D3, a
/// single black stone on G4 and, in the step about refusals, a white stone on E4 in the way.
fn rule_text_position(white_on_e4: bool) -> Position {
    let white = if white_on_e4 { "E4 H8 B1" } else { "H8 B1" };
    Position::setup(
        SIDE,
        &cells("C4 B4 C5 D2 D3 G4"),
        &cells(white),
        Color::Black,
    )
    .unwrap_or_else(|_| empty_board())
}

/// One cell left, 30 stones each, Black to move: placing would make 31 black stones and lose,
/// while the slide E6-E7 leaves White only a placement on E6, and White's 31st stone loses.
fn last_cell_position() -> Position {
    let black = "A1 A3 A5 B2 B3 B5 C1 C3 C5 C7 D2 D7 D8 E1 E3 E4 E5 E6 F3 F5 F9 G4 G5 G6 G7 \
                 G9 H4 H5 H7 I8";
    let white = "A2 A4 B1 B4 B6 C2 C4 C6 D1 D3 D4 D5 D6 E2 E8 E9 F2 F4 F6 F7 F8 G3 G8 H6 H8 \
                 H9 I5 I6 I7 I9";
    Position::setup(SIDE, &cells(black), &cells(white), Color::Black)
        .unwrap_or_else(|_| empty_board())
}

fn empty_board() -> Position {
    Position::new(SIDE).expect("side 5 is a board")
}

/// White's answer to the first stone: a corner cell that touches no black stone, so the
/// second step's group is Black's own to make.
fn white_reply(after_first: &Position) -> Option<Cell> {
    let board = after_first.board();
    cells("B2 H8 B6 H4 E9 E1 A1 I9").into_iter().find(|&cell| {
        after_first.stone_at(cell).is_none()
            && DIRECTIONS.iter().all(|&step| {
                board
                    .step(cell, step)
                    .is_none_or(|next| after_first.stone_at(next) != Some(Color::Black))
            })
    })
}

/// The position a step begins from.
fn step_position(step: usize, first_stone: Option<&Position>) -> Position {
    match step {
        GROUP => {
            let Some(after) = first_stone else {
                return empty_board();
            };
            let mut white = after.stones(Color::White);
            white.extend(white_reply(after));
            Position::setup(SIDE, &after.stones(Color::Black), &white, Color::Black)
                .unwrap_or_else(|_| empty_board())
        }
        SLIDE => rule_text_position(false),
        REFUSED => rule_text_position(true),
        LAST_CELL => last_cell_position(),
        _ => empty_board(),
    }
}

/// What a move by Black means for the step: done, wrong (taken back with a reason), or, in the
/// last step, a slide that White must now answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Done(&'static str),
    Wrong(&'static str),
    AwaitReply(Move),
    Nothing,
}

/// Judges Black's move `mv`, just played, reaching `after`.
fn judge_move(step: usize, after: &Position, mv: Move) -> Verdict {
    match (step, mv) {
        (PLACE, Move::Place(_)) => Verdict::Done("lesson-place-done"),
        (GROUP, Move::Place(cell)) if after.group_of(cell).len() >= 2 => {
            Verdict::Done("lesson-group-done")
        }
        (GROUP, _) => Verdict::Wrong("lesson-group-retry"),
        (SLIDE, Move::Slide { .. }) => Verdict::Done("lesson-slide-done"),
        (SLIDE, Move::Place(_)) => Verdict::Wrong("lesson-slide-retry"),
        (REFUSED, _) => Verdict::Wrong("lesson-refused-retry"),
        (LAST_CELL, Move::Place(_)) => Verdict::Wrong("lesson-last-cell-retry"),
        (LAST_CELL, Move::Slide { from, .. }) => match white_forced_reply(after, from) {
            Some(reply) => Verdict::AwaitReply(reply),
            None => Verdict::Nothing,
        },
        _ => Verdict::Nothing,
    }
}

/// After Black's slide out of `from`, White's one move: a stone on the cell Black left.
fn white_forced_reply(after: &Position, from: Cell) -> Option<Move> {
    let reply = Move::Place(from);
    after.is_legal(reply).then_some(reply)
}

/// Reads what happened on the board and judges it against the step.
fn watch_the_moves(
    mut changes: MessageReader<HexChange>,
    game: Res<HexMatch>,
    mut lesson: ResMut<Lesson>,
    mut state: ResMut<HexLesson>,
) {
    let step = lesson.step();
    for change in changes.read() {
        if lesson.is_moving_on() {
            continue;
        }
        match change {
            HexChange::Played(mv) | HexChange::Redone(mv)
                if game.position().turn() == Color::White =>
            {
                match judge_move(step, game.position(), *mv) {
                    Verdict::Done(praise) => {
                        if step == PLACE {
                            state.first_stone = Some(game.position().clone());
                        }
                        lesson.complete(praise);
                    }
                    Verdict::Wrong(why) => {
                        lesson.retry(why);
                        state.take_back_in = Some(TAKE_BACK_SECONDS);
                    }
                    Verdict::AwaitReply(reply) => state.reply = Some((reply, REPLY_SECONDS)),
                    Verdict::Nothing => {}
                }
            }
            HexChange::Refused { .. }
                if step == REFUSED && matches!(game.notice(), Some(Notice::Refused(_))) =>
            {
                lesson.complete("lesson-refused-done");
            }
            HexChange::Finished(outcome) if step == LAST_CELL && outcome.winner == Color::Black => {
                lesson.complete("lesson-last-cell-done");
            }
            // Restart puts the step's own position back rather than an empty board.
            HexChange::Restarted => state.prepared = None,
            _ => {}
        }
    }
}

/// Takes a wrong move back, or plays White's reply, when its moment comes.
fn act_when_due(
    mut state: ResMut<HexLesson>,
    mut intents: MessageWriter<HexIntent>,
    time: Res<Time>,
) {
    let dt = time.delta_secs();
    if let Some(left) = state.take_back_in {
        if left > dt {
            state.take_back_in = Some(left - dt);
        } else {
            state.take_back_in = None;
            intents.write(HexIntent::Undo);
        }
    }
    if let Some((reply, left)) = state.reply {
        if left > dt {
            state.reply = Some((reply, left - dt));
        } else {
            state.reply = None;
            intents.write(HexIntent::Play(reply));
        }
    }
}

/// Puts each step's position on the board as the lesson reaches it.
fn set_up_steps(
    lesson: Res<Lesson>,
    mut state: ResMut<HexLesson>,
    mut game: ResMut<HexMatch>,
    mut phase: ResMut<NextState<HexPhase>>,
) {
    let step = lesson.step();
    if state.prepared == Some(step) {
        return;
    }
    state.prepared = Some(step);
    state.take_back_in = None;
    state.reply = None;
    // The last step is read over the won game; every other begins from its own position.
    if lesson.current().is_some_and(|current| current.reading) {
        return;
    }
    *game = lesson_match(step_position(step, state.first_stone.as_ref()));
    phase.set(HexPhase::Playing);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().expect("a cell name")
    }

    #[test]
    fn the_first_steps_take_any_stone_then_one_beside_your_own() {
        let mut board = step_position(PLACE, None);
        board.play(Move::Place(cell("E5"))).expect("an empty cell");
        assert_eq!(
            judge_move(PLACE, &board, Move::Place(cell("E5"))),
            Verdict::Done("lesson-place-done")
        );
        let second = step_position(GROUP, Some(&board));
        assert_eq!(second.turn(), Color::Black);
        assert_eq!(second.count(Color::Black), 1);
        assert_eq!(second.count(Color::White), 1, "White has answered");
        let white = second.stones(Color::White)[0];
        assert!(second.group_of(white).len() == 1);
        let mut beside = second.clone();
        beside.play(Move::Place(cell("E6"))).expect("empty");
        assert_eq!(
            judge_move(GROUP, &beside, Move::Place(cell("E6"))),
            Verdict::Done("lesson-group-done")
        );
        let mut apart = second.clone();
        apart.play(Move::Place(cell("A5"))).expect("empty");
        assert_eq!(
            judge_move(GROUP, &apart, Move::Place(cell("A5"))),
            Verdict::Wrong("lesson-group-retry")
        );
    }

    #[test]
    fn white_answers_the_first_stone_wherever_it_is() {
        for &first in Position::new(SIDE).expect("side 5").board().cells() {
            let mut board = empty_board();
            board.play(Move::Place(first)).expect("an empty cell");
            let reply = white_reply(&board).expect("a free corner");
            assert_ne!(reply, first);
            let second = step_position(GROUP, Some(&board));
            assert_eq!(second.stone_at(reply), Some(Color::White));
            assert_eq!(second.stone_at(first), Some(Color::Black));
        }
    }

    #[test]
    fn the_slide_steps_show_the_rule_texts_cases() {
        let open = step_position(SLIDE, None);
        let targets = open.slide_targets(cell("C4"));
        assert!(targets.contains(&cell("F4")), "{targets:?}");
        let blocked = step_position(REFUSED, None);
        for (slide, refused) in [("C4-A2", true), ("C4-C2", true), ("C4-F4", true)] {
            let mv: Move = slide.parse().expect("a slide");
            assert_eq!(blocked.check(mv).is_err(), refused, "{slide}");
        }
        // Some slide is open in the refusal step too, and playing it is not the step.
        let allowed = blocked
            .legal_moves()
            .into_iter()
            .find(|mv| matches!(mv, Move::Slide { .. }))
            .expect("a legal slide");
        assert_eq!(
            judge_move(REFUSED, &blocked, allowed),
            Verdict::Wrong("lesson-refused-retry")
        );
    }

    #[test]
    fn the_last_cell_is_won_by_sliding_and_lost_by_placing() {
        let board = step_position(LAST_CELL, None);
        assert_eq!(board.empty_count(), 1);
        assert_eq!(board.count(Color::Black), board.count(Color::White));
        let mut placed = board.clone();
        placed.play(Move::Place(cell("E7"))).expect("the last cell");
        assert_eq!(placed.outcome().map(|o| o.winner), Some(Color::White));
        assert_eq!(
            judge_move(LAST_CELL, &placed, Move::Place(cell("E7"))),
            Verdict::Wrong("lesson-last-cell-retry")
        );
        let slides: Vec<Move> = board
            .legal_moves()
            .into_iter()
            .filter(|mv| matches!(mv, Move::Slide { .. }))
            .collect();
        assert!(!slides.is_empty());
        for slide in slides {
            let mut slid = board.clone();
            slid.play(slide).expect("legal");
            let Move::Slide { from, .. } = slide else {
                unreachable!()
            };
            let Verdict::AwaitReply(reply) = judge_move(LAST_CELL, &slid, slide) else {
                panic!("{slide} should wait for White");
            };
            // White's only move is that placement, and it loses.
            assert_eq!(slid.legal_moves(), vec![reply]);
            assert_eq!(reply, Move::Place(from));
            slid.play(reply).expect("legal");
            assert_eq!(slid.outcome().map(|o| o.winner), Some(Color::Black));
        }
    }
}
