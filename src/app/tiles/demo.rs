//! The tile game in the attract mode: two to four computers at a table, each turn's sums in a
//! caption; an interrupted game comes back behind the hand-over curtain.

use bevy::prelude::*;

use super::TILES;
use super::game::{Seat, SeatKind, TilesChange, TilesIntent, TilesMatch, TilesSetup, apply};
use super::words::TilesWords;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::features::attract::{DemoCaption, DemoHooks, DemoShowing, demo_showing};
use crate::app::features::lifecycle::{self, ForDemo};
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::Level;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DemoCaption>().add_systems(
        Update,
        caption_turns
            .in_set(crate::app::base::frame_order::AppSet::Present)
            .run_if(in_state(Screen::Game(TILES)).and_then(demo_showing)),
    );
}

/// What the shell calls to show the game to passers-by.
pub(super) const HOOKS: DemoHooks = DemoHooks {
    begin,
    end,
    finished,
};

/// The demo's players, named after mathematicians: Lovelace, Pascal, Gauss and Noether.
const NAMES: [&str; 4] = ["Ada", "Blaise", "Carl", "Emmy"];

/// The table of the `round`-th demo game: two, three or four players in turn, some with the
/// diagonal or Spin variant, so a booth shows more than one way to play.
fn demo_table(round: u32, quick: bool, seed: u64) -> TilesSetup {
    let (players, variants) = match (round / 2) % 4 {
        0 => (2, Variants::default()),
        1 => (
            3,
            Variants {
                diagonal: true,
                ..Variants::default()
            },
        ),
        2 => (4, Variants::default()),
        _ => (
            2,
            Variants {
                spin: true,
                ..Variants::default()
            },
        ),
    };
    let level = if quick { Level::Easy } else { Level::Normal };
    TilesSetup {
        seats: NAMES[..players]
            .iter()
            .map(|name| Seat {
                name: (*name).to_owned(),
                kind: SeatKind::Computer(level),
            })
            .collect(),
        variants,
        board_b: false,
        seed,
        turn_limit: Default::default(),
    }
}

fn begin(world: &mut World) {
    let showing = world.get_resource::<DemoShowing>().copied();
    let (round, quick) = showing.map_or((0, false), |s| (s.round, s.quick));
    let seed = world
        .get_resource::<Time<Real>>()
        .map_or(0, |time| time.elapsed().as_nanos() as u64)
        ^ u64::from(round).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let Ok(demo) = TilesMatch::new(demo_table(round, quick, seed)) else {
        return;
    };
    lifecycle::keep_aside::<TilesMatch, ForDemo>(world, demo);
}

fn end(world: &mut World) {
    if let Some(Some(mut person)) = lifecycle::take_back::<TilesMatch, ForDemo>(world) {
        // Whoever touches the screen after a demo may not be the player whose rack was showing.
        apply(&mut person, TilesIntent::HideRack);
        world.insert_resource(person);
    }
}

fn finished(world: &World) -> bool {
    world
        .get_resource::<TilesMatch>()
        .is_some_and(|game| game.position().is_over())
}

/// A sentence for each turn (who laid which sums for how many points) and for the end.
fn caption_turns(
    mut changes: MessageReader<TilesChange>,
    game: Res<TilesMatch>,
    settings: Res<Settings>,
    mut captions: MessageWriter<DemoCaption>,
) {
    let words = settings.language;
    let names = game.setup().names();
    for change in changes.read() {
        let text = match change {
            TilesChange::Submitted { .. } => game.log().last().map(|turn| {
                let sums: Vec<&str> = turn
                    .examples
                    .iter()
                    .map(|example| example.reading.as_str())
                    .collect();
                let name = names.get(turn.player).map_or("?", String::as_str);
                words.demo_turn(name, &sums, turn.points)
            }),
            TilesChange::Exchanged | TilesChange::Passed | TilesChange::Challenged { .. } => game
                .notice()
                .as_ref()
                .map(|notice| words.notice(notice, &names)),
            TilesChange::Finished(_) => Some(words.winners(game.position(), &names)),
            _ => None,
        };
        if let Some(text) = text {
            captions.write(DemoCaption(text));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::base::i18n::Language;
    use crate::app::tiles::game::Stage;

    #[test]
    fn demo_tables_vary_and_seat_only_computers() {
        let tables: Vec<TilesSetup> = (0..8).map(|round| demo_table(round, false, 7)).collect();
        let players: Vec<usize> = tables.iter().map(|t| t.seats.len()).collect();
        assert_eq!(players, [2, 2, 3, 3, 4, 4, 2, 2]);
        assert!(tables[2].variants.diagonal && tables[6].variants.spin);
        for table in &tables {
            assert_eq!(table.humans(), 0);
            assert!(TilesMatch::new(table.clone()).is_ok());
        }
        assert!(
            demo_table(0, true, 7)
                .seats
                .iter()
                .all(|seat| seat.kind == SeatKind::Computer(Level::Easy))
        );
    }

    fn two_people() -> TilesMatch {
        table([SeatKind::Human, SeatKind::Human])
    }

    fn table(kinds: [SeatKind; 2]) -> TilesMatch {
        let seats = ["Ann", "Bo"]
            .iter()
            .zip(kinds)
            .map(|(name, kind)| Seat {
                name: (*name).to_owned(),
                kind,
            })
            .collect();
        TilesMatch::new(TilesSetup {
            seats,
            variants: Variants::default(),
            board_b: false,
            seed: 11,
            turn_limit: Default::default(),
        })
        .expect("a valid table")
    }

    #[test]
    fn an_interrupted_hot_seat_turn_comes_back_hidden_with_its_tiles_in_place() {
        let mut game = two_people();
        apply(&mut game, TilesIntent::Reveal);
        assert_eq!(game.stage(), Stage::Turn);
        let start = game.position().layout().start();
        let laid = apply(
            &mut game,
            TilesIntent::Lay {
                slot: 0,
                cell: start,
            },
        );
        assert!(!laid.is_empty(), "the first tile goes on the start square");
        let tentative = game.tentative().to_vec();
        apply(&mut game, TilesIntent::HideRack);
        assert_eq!(game.stage(), Stage::HandOver);
        assert!(!game.rack_visible());
        assert_eq!(game.tentative(), tentative);
        apply(&mut game, TilesIntent::Reveal);
        assert_eq!(game.stage(), Stage::Turn);
        assert_eq!(game.tentative(), tentative);
    }

    #[test]
    fn a_solo_turn_comes_back_as_it_was() {
        let mut game = table([SeatKind::Human, SeatKind::Computer(Level::Easy)]);
        assert_eq!(game.stage(), Stage::Turn);
        apply(&mut game, TilesIntent::HideRack);
        assert_eq!(game.stage(), Stage::Turn);
    }

    #[test]
    fn a_turn_is_told_with_its_sums_and_points() {
        assert_eq!(
            Language::English.demo_turn("Ada", &["8+4=12", "3×4=12"], 17),
            "Ada lays 8+4=12 and 3×4=12 for 17 points."
        );
        assert_eq!(
            Language::English.demo_turn("Emmy", &["2²=4"], 1),
            "Emmy lays 2²=4 for 1 point."
        );
    }
}
