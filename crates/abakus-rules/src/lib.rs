//! The rules of two board games in plain Rust, with no engine underneath: the single source of
//! truth for the Abakus game window, and a base for bots, tools and other front ends.
//!
//! - [`hex`]: **Abakus** (the designer's English name is *Abacus*, Corey L. Clark, 2025), a
//!   hex-board stone game for two. Place a stone, or slide one out of a big group into a
//!   smaller one; when the board is full, the player with fewer stones wins.
//! - [`abaku`]: **Abaku**, a crossword of arithmetic for one to four players. Lay digit tiles so
//!   that rows and columns read as true sums (`8412` reads 8+4=12), with bonus squares, a joker
//!   and many variants.
//!
//! Every position checks the moves it is given and says in words why it refuses one; each
//! game has a notation, move generation and computer players at several levels.
//!
//! # The hex game
//!
//! ```
//! use abakus_rules::hex::{Color, Move, PlayError, Position};
//!
//! // Side 3 has 19 cells; Black moves first.
//! let mut game = Position::new(3)?;
//! game.play_record("B2 C3 B3")?;
//! assert_eq!(game.turn(), Color::White);
//!
//! // A refused move leaves the position as it was and says why.
//! let slide: Move = "B3-B2".parse()?;
//! let refusal = game.play(slide).unwrap_err();
//! assert!(matches!(refusal, PlayError::NotYourStone { .. }));
//! assert_eq!(refusal.to_string(), "B3-B2: the stone on B3 is Black's, and White is to move");
//!
//! // Random play to the end: the player with fewer stones wins, never a draw.
//! use rand::SeedableRng;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let outcome = game.play_randomly_to_end(&mut rng);
//! assert_ne!(game.count(Color::Black), game.count(Color::White));
//! assert_eq!(outcome.winner, if game.count(Color::Black) < game.count(Color::White) {
//!     Color::Black
//! } else {
//!     Color::White
//! });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The computer players search the position with Monte Carlo tree search:
//!
//! ```
//! use abakus_rules::hex::Position;
//! use abakus_rules::hex::ai::{self, Budget, Level};
//!
//! let game = Position::from_record(4, "D4 C3")?;
//! let reply = ai::choose_move(&game, Level::Normal, Budget::Playouts(200), 1, 1)
//!     .expect("the board is not full");
//! assert!(game.is_legal(reply));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The tile game
//!
//! ```
//! use abakus_rules::abaku::{Move, Position, Setup, ai};
//! use abakus_rules::abaku::examples::{self, ReadRules};
//!
//! // How a run of digits reads: 8412 is 8 + 4 = 12.
//! let readings = examples::readings(&[8, 4, 1, 2], ReadRules::default());
//! assert!(!readings.is_empty());
//!
//! // Two players, dealt from a seed; the computer picks a legal move for the one to start.
//! let mut game = Position::new(Setup::new(2, 42))?;
//! let first = game.to_move();
//! let choice = ai::choose_move(&game, ai::Level::Normal, 1);
//! if let Move::Place(placement) = &choice {
//!     let scored = game.accepts(placement)?;
//!     assert!(scored.points > 0);
//! }
//! game.play(&choice)?;
//! assert_eq!(game.to_move(), 1 - first);
//! assert_eq!(game.history().len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod abaku;
pub mod hex;
pub mod review;

/// The threads a computer player may think on beside a window: every core but one, which stays
/// free for the frame loop so the window never stutters while it thinks; at least one.
#[must_use]
pub fn cores_beside_the_window() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().saturating_sub(1).max(1))
}
