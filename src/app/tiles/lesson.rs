//! The tile game's first lesson: lay a sum, read the four operations, score across and down,
//! lay the joker and cover a bonus square, each on a prepared board with a prepared rack.

use bevy::prelude::*;

use super::TILES;
use super::game::{Seat, SeatKind, TilesChange, TilesMatch, TilesSetup};
use super::input::BoardCursor;
use super::words::{self, TilesWords};
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::features::attract::demo_showing;
use crate::app::features::lifecycle::{self, ForLesson};
use crate::app::features::tutorial::{Lesson, LessonHooks, LessonStep};
use crate::app::shell::turn_clock::TurnLimit;
use abakus_rules::abaku::{Bonus, Cell, Position, Square, Tile, Variants};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (watch_the_turns, set_up_steps)
            .chain()
            .in_set(AppSet::Present)
            .run_if(
                in_state(Screen::Game(TILES))
                    .and_then(resource_exists::<TilesLesson>)
                    .and_then(not(demo_showing)),
            ),
    );
    frames::draw_while(app, |state: Option<Res<TilesLesson>>| {
        state.is_some_and(|state| state.reset_in.is_some())
    });
}

pub(super) const HOOKS: LessonHooks = LessonHooks { begin, end };

/// The lesson's steps, by their messages in the game's catalog.
const STEPS: &[LessonStep] = &[
    LessonStep {
        id: "lesson-lay",
        title: "lesson-lay-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-read",
        title: "lesson-read-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-cross",
        title: "lesson-cross-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-joker",
        title: "lesson-joker-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-bonus",
        title: "lesson-bonus-title",
        reading: false,
    },
    LessonStep {
        id: "lesson-end",
        title: "lesson-end-title",
        reading: true,
    },
];

const LAY: usize = 0;
const READ: usize = 1;
const CROSS: usize = 2;
const JOKER: usize = 3;
const BONUS: usize = 4;

/// A turn that did not do what the step asks stays in view this long before the step's board
/// comes back.
const RESET_SECONDS: f32 = 1.6;

/// The bag's order after the prepared racks; any will do, one keeps the lesson the same.
const LESSON_SEED: u64 = 2024;

/// The lesson's own state beside the shell's [`Lesson`].
#[derive(Resource, Debug, Default)]
struct TilesLesson {
    /// The step whose board is on the screen, and that board as it began.
    prepared: Option<(usize, Position)>,
    /// A turn that missed the step: seconds before the step's board comes back.
    reset_in: Option<f32>,
    /// The player's name at this table.
    name: String,
}

fn begin(world: &mut World) {
    let name = world
        .get_resource::<Settings>()
        .map_or_else(String::new, |settings| settings.language.default_name(0));
    let Some(first) = lesson_match(LAY, &name) else {
        return;
    };
    lifecycle::keep_aside::<TilesMatch, ForLesson>(world, first);
    // The first step is set up again on the game screen, where the board's cursor lives.
    world.insert_resource(TilesLesson {
        prepared: None,
        reset_in: None,
        name,
    });
    world.insert_resource(Lesson::new(TILES, STEPS, words::text));
}

fn end(world: &mut World) {
    world.remove_resource::<TilesLesson>();
    lifecycle::bring_back::<TilesMatch, ForLesson>(world);
}

/// A step's board: its old tiles and the player's rack.
fn step_board(step: usize) -> (&'static [(&'static str, u8)], [Tile; 5]) {
    use Tile::{Digit, Joker};
    match step {
        // 2 3 _ : 2 + 3 = 5 on the start square.
        LAY => (
            &[("F8", 2), ("G8", 3)],
            [Digit(5), Digit(1), Digit(4), Digit(7), Digit(9)],
        ),
        // 4 3 _ _ : 4 × 3 = 12 (4 - 3 = 1 is a one-tile way out).
        READ => (
            &[("F8", 4), ("G8", 3)],
            [Digit(1), Digit(2), Digit(6), Digit(8), Digit(9)],
        ),
        // 1 2 _ across and 9 6 _ down meet on H8: one 3 finishes both.
        CROSS => (
            &[("F8", 1), ("G8", 2), ("H6", 9), ("H7", 6)],
            [Digit(3), Digit(5), Digit(7), Digit(8), Digit(4)],
        ),
        // 6 2 ★ : the joker as 8, 4 or 3.
        JOKER => (
            &[("F8", 6), ("G8", 2)],
            [Joker, Digit(1), Digit(5), Digit(7), Digit(9)],
        ),
        // 4 2 down from D3, with D5, a sum ×2 square, below.
        BONUS => (
            &[("D3", 4), ("D4", 2)],
            [Digit(6), Digit(8), Digit(1), Digit(3), Digit(5)],
        ),
        _ => (&[], [Digit(1), Digit(2), Digit(3), Digit(4), Digit(5)]),
    }
}

/// The square a step's text points at, marked with the keyboard's cursor so the eye finds it
/// (and a digit key lays the tile there); the crossing step leaves the finding to the player.
fn focus(step: usize) -> Option<Cell> {
    let square = match step {
        LAY | READ | JOKER => "H8",
        BONUS => "D5",
        _ => return None,
    };
    Cell::parse(square)
}

/// One person at board A with the step's tiles and rack, no clock.
fn lesson_match(step: usize, name: &str) -> Option<TilesMatch> {
    let setup = TilesSetup {
        seats: vec![Seat {
            name: name.to_owned(),
            kind: SeatKind::Human,
        }],
        variants: Variants::default(),
        board_b: false,
        seed: LESSON_SEED,
        turn_limit: TurnLimit::Off,
    };
    let (old, rack) = step_board(step);
    let board: Vec<(Cell, Square)> = old
        .iter()
        .map(|&(cell, digit)| Some((Cell::parse(cell)?, Square::Digit(digit))))
        .collect::<Option<_>>()?;
    TilesMatch::arranged(setup, &board, &[rack.to_vec()], 0).ok()
}

/// What a turn that laid tiles means for the step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Done(&'static str),
    Wrong(&'static str),
}

/// Judges the turn that led from `start` (the step's board) to `after`, scoring `examples`.
fn judge_turn(step: usize, start: &Position, after: &Position, examples: usize) -> Verdict {
    let layout = start.layout();
    let laid: Vec<Cell> = (0..layout.len())
        .map(|index| layout.cell(index))
        .filter(|&cell| start.square(cell) == Square::Empty && after.square(cell) != Square::Empty)
        .collect();
    match step {
        READ if laid.len() < 2 => Verdict::Wrong("lesson-read-retry"),
        CROSS if examples < 2 => Verdict::Wrong("lesson-cross-retry"),
        JOKER if !laid.iter().any(|&cell| after.square(cell) == Square::Joker) => {
            Verdict::Wrong("lesson-joker-retry")
        }
        BONUS if laid.iter().all(|&cell| layout.bonus(cell) == Bonus::Plain) => {
            Verdict::Wrong("lesson-bonus-retry")
        }
        LAY => Verdict::Done("lesson-lay-done"),
        READ => Verdict::Done("lesson-read-done"),
        CROSS => Verdict::Done("lesson-cross-done"),
        JOKER => Verdict::Done("lesson-joker-done"),
        _ => Verdict::Done("lesson-bonus-done"),
    }
}

/// Judges each finished turn against the step.
fn watch_the_turns(
    mut changes: MessageReader<TilesChange>,
    game: Res<TilesMatch>,
    mut lesson: ResMut<Lesson>,
    mut state: ResMut<TilesLesson>,
) {
    for change in changes.read() {
        if lesson.is_moving_on() {
            continue;
        }
        let Some((step, start)) = state.prepared.as_ref() else {
            continue;
        };
        let verdict = match change {
            TilesChange::Submitted { .. } => {
                let examples = game.log().last().map_or(0, |turn| turn.examples.len());
                judge_turn(*step, start, game.position(), examples)
            }
            TilesChange::Exchanged
            | TilesChange::Passed
            | TilesChange::Conceded
            | TilesChange::Finished(_) => Verdict::Wrong("lesson-lay-tiles"),
            _ => continue,
        };
        match verdict {
            Verdict::Done(praise) => lesson.complete(praise),
            Verdict::Wrong(why) => {
                lesson.retry(why);
                state.reset_in = Some(RESET_SECONDS);
            }
        }
    }
}

/// Puts each step's board on the screen as the lesson reaches it, and a missed step's board
/// back after a moment.
fn set_up_steps(
    lesson: Res<Lesson>,
    mut state: ResMut<TilesLesson>,
    mut game: ResMut<TilesMatch>,
    mut cursor: ResMut<BoardCursor>,
    time: Res<Time>,
) {
    let step = lesson.step();
    if let Some(left) = state.reset_in {
        let left = left - time.delta_secs();
        if left > 0.0 {
            state.reset_in = Some(left);
        } else {
            state.reset_in = None;
            state.prepared = None;
        }
    }
    if state
        .prepared
        .as_ref()
        .is_some_and(|(ready, _)| *ready == step)
    {
        return;
    }
    state.reset_in = None;
    // The last step is read over the board as the player left it.
    if lesson.current().is_some_and(|current| current.reading) {
        state.prepared = Some((step, game.position().clone()));
        return;
    }
    if let Some(fresh) = lesson_match(step, &state.name) {
        state.prepared = Some((step, fresh.position().clone()));
        *game = fresh;
        *cursor = BoardCursor {
            cell: focus(step),
            down: false,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tiles::game::Stage;
    use abakus_rules::abaku::{Laid, Move, Placement, Put};

    fn cell(name: &str) -> Cell {
        Cell::parse(name).expect("a cell name")
    }

    /// A step, the tiles a turn lays there (square, digit, joker?) and what the lesson says.
    type Case = (usize, &'static [(&'static str, u8, bool)], &'static str);

    /// Plays `puts` (square, digit, joker?) from the step's board; returns the board after and
    /// the number of sums the turn scored.
    fn play(step: usize, puts: &[(&str, u8, bool)]) -> (Position, Position, usize) {
        let game = lesson_match(step, "Ada").expect("the step's board");
        let start = game.position().clone();
        let mut after = start.clone();
        let placement = Placement {
            replace: None,
            puts: puts
                .iter()
                .map(|&(name, digit, joker)| Put {
                    cell: cell(name),
                    laid: if joker {
                        Laid::Joker(digit)
                    } else {
                        Laid::Digit(digit)
                    },
                })
                .collect(),
        };
        let scored = after
            .play(&Move::Place(placement))
            .expect("the step's move is legal");
        (start, after, scored.examples.len())
    }

    #[test]
    fn each_step_is_done_by_the_move_its_text_asks_for() {
        let cases: [Case; 5] = [
            (LAY, &[("H8", 5, false)], "lesson-lay-done"),
            (
                READ,
                &[("H8", 1, false), ("I8", 2, false)],
                "lesson-read-done",
            ),
            (CROSS, &[("H8", 3, false)], "lesson-cross-done"),
            (JOKER, &[("H8", 8, true)], "lesson-joker-done"),
            (BONUS, &[("D5", 6, false)], "lesson-bonus-done"),
        ];
        for (step, puts, praise) in cases {
            let (start, after, examples) = play(step, puts);
            assert_eq!(
                judge_turn(step, &start, &after, examples),
                Verdict::Done(praise),
                "step {step}"
            );
        }
    }

    #[test]
    fn a_true_sum_that_misses_the_step_says_what_to_try() {
        let cases: [Case; 3] = [
            // 4 - 3 = 1: one tile, where the step asks for two.
            (READ, &[("H8", 1, false)], "lesson-read-retry"),
            // 3 1 2 across: 3 - 1 = 2, a single sum.
            (CROSS, &[("E8", 3, false)], "lesson-cross-retry"),
            // 8 4 2 down from D2: 8 ÷ 4 = 2, on a plain square.
            (BONUS, &[("D2", 8, false)], "lesson-bonus-retry"),
        ];
        for (step, puts, why) in cases {
            let (start, after, examples) = play(step, puts);
            assert_eq!(
                judge_turn(step, &start, &after, examples),
                Verdict::Wrong(why),
                "step {step}"
            );
        }
    }

    #[test]
    fn the_boards_are_as_the_texts_say() {
        let layout = lesson_match(BONUS, "Ada")
            .expect("a board")
            .position()
            .layout()
            .clone();
        assert_eq!(layout.bonus(cell("D5")), Bonus::ExampleX2);
        assert_eq!(layout.bonus(cell("D2")), Bonus::Plain);
        let joker = lesson_match(JOKER, "Ada").expect("a board");
        assert!(joker.position().rack(0).contains(&Tile::Joker));
        for step in [LAY, READ, CROSS, JOKER, BONUS] {
            let game = lesson_match(step, "Ada").expect("a board");
            assert_eq!(game.position().tile_count(), 101, "step {step}");
            assert_eq!(game.stage(), Stage::Turn);
            assert_eq!(game.position().rack(0).len(), 5);
        }
    }
}
