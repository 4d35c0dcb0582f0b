//! The hex game's computer players: strong enough to beat random play every time, and every
//! move they choose legal.

use abakus_rules::hex::ai::{self, Budget, Level, Memory, Tuning};
use abakus_rules::hex::{Color, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a game between the search (with this budget) and uniformly random moves; says
/// whether the search won.
fn search_beats_random(side: u32, search_is_black: bool, budget: Budget, seed: u64) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::new(side).unwrap();
    while !position.is_full() {
        let searching = (position.turn() == Color::Black) == search_is_black;
        let mv = if searching {
            ai::choose_move(&position, Level::Hard, budget, rng.random(), 1)
        } else {
            position.random_move(&mut rng)
        }
        .expect("a move while the board has room");
        position.play(mv).expect("every chosen move is legal");
    }
    let winner = position.outcome().unwrap().winner;
    (winner == Color::Black) == search_is_black
}

#[test]
fn the_search_beats_random_play_with_either_colour() {
    let budget = Budget::Playouts(1_500);
    for seed in 0..6 {
        let black = seed % 2 == 0;
        assert!(
            search_beats_random(4, black, budget, seed),
            "seed {seed}: the search lost as {}",
            if black { "Black" } else { "White" }
        );
    }
}

#[test]
fn every_level_plays_a_legal_move_on_two_threads() {
    let position = Position::new(5).unwrap();
    let think = std::time::Duration::from_millis(30);
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let mv = ai::choose_move(&position, level, level.budget(think), 1, 2);
        assert!(mv.is_some_and(|mv| position.is_legal(mv)), "{level:?}");
    }
}

/// A whole game of the hard level against itself, each side searching on from its own last
/// trees on two threads; its record.
fn remembering_game(seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::new(4).unwrap();
    let mut memories = [Memory::default(), Memory::default()];
    let mut kept = 0;
    while !position.is_full() {
        let memory = &mut memories[position.turn().index()];
        let budget = Budget::Playouts(600);
        let mv =
            ai::choose_move_remembering(&position, Level::Hard, budget, rng.random(), 2, memory)
                .expect("a move while the board has room");
        kept += memory.kept_nodes();
        position.play(mv).expect("every chosen move is legal");
    }
    assert!(kept > 1_000, "the searches kept only {kept} nodes in all");
    position.record()
}

#[test]
fn a_remembering_search_plays_legal_moves_and_repeats_under_a_playout_budget() {
    assert_eq!(remembering_game(5), remembering_game(5));
    // A memory met with another tuning starts again instead of mixing two kinds of tree.
    let mut memory = Memory::default();
    let mut position = Position::new(4).unwrap();
    for tuning in [Tuning::HARD, Tuning::BASELINE, Tuning::HARD] {
        let budget = Budget::Playouts(300);
        let mv = ai::choose_tuned_remembering(&position, budget, 1, 1, &tuning, &mut memory);
        position.play(mv.unwrap()).unwrap();
    }
}

/// Plays one game between two levels, each with its own budget; says whether `first` won.
fn first_level_wins(
    (first, first_budget): (Level, Budget),
    (second, second_budget): (Level, Budget),
    first_is_black: bool,
    seed: u64,
) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::new(4).unwrap();
    while !position.is_full() {
        let first_to_move = (position.turn() == Color::Black) == first_is_black;
        let (level, budget) = if first_to_move {
            (first, first_budget)
        } else {
            (second, second_budget)
        };
        let mv = ai::choose_move(&position, level, budget, rng.random(), 1)
            .expect("a move while the board has room");
        position.play(mv).expect("every chosen move is legal");
    }
    (position.outcome().unwrap().winner == Color::Black) == first_is_black
}

/// Six games on side 4, colours alternating: `upper` wins at least five. (The README's
/// 200-game tournaments on side 5 measure by how much.)
fn assert_beats(upper: (Level, Budget), lower: (Level, Budget)) {
    let wins = (0..6)
        .filter(|&seed| first_level_wins(upper, lower, seed % 2 == 0, seed))
        .count();
    println!("{:?} over {:?}: {wins} of 6", upper.0, lower.0);
    assert!(wins >= 5, "{:?} over {:?}: {wins} of 6", upper.0, lower.0);
}

#[test]
fn normal_beats_easy() {
    let think = std::time::Duration::from_secs(1);
    assert_beats(
        (Level::Normal, Level::Normal.budget(think)),
        (Level::Easy, Level::Easy.budget(think)),
    );
}

#[test]
fn hard_beats_normal() {
    // The hard level searches for a time; a playout count keeps the test repeatable.
    let think = std::time::Duration::from_secs(1);
    assert_beats(
        (Level::Hard, Budget::Playouts(6_000)),
        (Level::Normal, Level::Normal.budget(think)),
    );
}

/// Plays one game on side 4 between the hard level's tuning and the baseline's, each with
/// the same number of playouts; says whether the hard level won.
fn hard_beats_baseline(hard_is_black: bool, playouts: u32, seed: u64) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::new(4).unwrap();
    let budget = Budget::Playouts(playouts);
    while !position.is_full() {
        let tuning = if (position.turn() == Color::Black) == hard_is_black {
            Tuning::HARD
        } else {
            Tuning::BASELINE
        };
        let mv = ai::choose_tuned(&position, budget, rng.random(), 1, &tuning)
            .expect("a move while the board has room");
        position.play(mv).expect("every chosen move is legal");
    }
    (position.outcome().unwrap().winner == Color::Black) == hard_is_black
}

#[test]
fn hard_beats_the_baseline_at_the_same_playouts() {
    let wins = (0..6)
        .filter(|&seed| hard_beats_baseline(seed % 2 == 0, 1_500, seed))
        .count();
    println!("hard over the baseline: {wins} of 6");
    assert!(wins >= 5, "hard over the baseline: {wins} of 6");
}
