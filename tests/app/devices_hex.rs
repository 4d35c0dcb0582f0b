//! The hex game at the window's own table with a seat on another device, headless: the
//! window's server opens the game's room on loopback, a device takes Bo's seat by its link
//! and plays White by a page's messages, Ann plays Black by clicks on the screen; each move
//! lands on the other side, the game ends the same on both, is counted once, and Play again
//! begins the next game at the same table for both.

use std::time::{Duration, Instant};

use abakus::app::base::statistics::Statistics;
use abakus::app::hex::devices::DeviceTable;
use abakus::app::hex::{HEX, HexIntent, HexMatch, Seat};
use abakus::app::testing::hex_app_with_devices;
use abakus_match::hex::wire;
use abakus_rules::hex::{Color, Move};
use abakus_server::remote::{Heard, Invite, RemoteSeat};
use bevy::prelude::*;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

fn game(app: &App) -> &HexMatch {
    app.world().resource::<HexMatch>()
}

/// A device at a seat: its socket, and the game as its last picture showed it.
struct Device {
    remote: RemoteSeat,
    seen: Option<HexMatch>,
    number: u64,
}

impl Device {
    /// Reads what the room said; the game of its last picture is kept.
    fn hear(&mut self) {
        for heard in self.remote.heard() {
            match heard {
                Heard::Picture(picture) => {
                    self.number = self.number.max(picture["taken"].as_u64().unwrap_or(0));
                    let mut seen: HexMatch =
                        serde_json::from_value(picture["record"].clone()).expect("the game");
                    seen.set_gathering(picture["gathering"].as_bool().unwrap_or(false));
                    self.seen = Some(seen);
                }
                Heard::Ended(ending) => panic!("the device's seat ended: {ending}"),
                _ => {}
            }
        }
    }

    /// Whether White, the device's colour, is to move in its last picture.
    fn to_move(&self) -> bool {
        self.seen.as_ref().is_some_and(|seen| {
            seen.outcome().is_none() && !seen.gathering() && seen.position().turn() == Color::White
        })
    }

    fn play(&mut self, mv: Move) {
        self.number += 1;
        self.remote.send(wire::message(self.number, mv));
    }
}

/// Runs the app's frames and hears the device until `test` holds.
fn until(app: &mut App, device: &mut Device, what: &str, test: impl Fn(&App, &Device) -> bool) {
    let started = Instant::now();
    while !test(app, device) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "waited too long for {what}: the screen at {:?}, the device at {:?}",
            game(app).position().record(),
            device.seen.as_ref().map(|seen| seen.position().record())
        );
        app.update();
        device.hear();
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn ann_to_move(app: &App) -> bool {
    let game = game(app);
    game.outcome().is_none() && !game.gathering() && game.position().turn() == Color::Black
}

#[test]
fn a_device_plays_a_hex_seat_at_the_windows_table_to_the_end_and_again() {
    let table =
        HexMatch::with_seats(3, [Seat::Human, Seat::Elsewhere]).named(["Ann".into(), "Bo".into()]);
    let mut app = hex_app_with_devices(table);
    let started = Instant::now();
    let link = loop {
        app.update();
        let address = app
            .world()
            .get_resource::<DeviceTable>()
            .and_then(|table| table.seat_address(1));
        if let Some(address) = address {
            break address;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the table opens"
        );
    };
    assert!(
        app.world()
            .resource::<DeviceTable>()
            .seat_address(0)
            .is_none(),
        "Ann plays at the screen: her seat has no link"
    );
    // Until Bo's device has come, the board waits.
    assert!(game(&app).gathering(), "the game waits for the device");
    let invite = Invite::parse(&link).expect("the seat's link");
    let remote = RemoteSeat::open(invite, None, std::sync::Arc::new(|| {})).expect("a socket");
    let mut bo = Device {
        remote,
        seen: None,
        number: 0,
    };
    until(&mut app, &mut bo, "Ann's first move", |app, _| {
        ann_to_move(app)
    });
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut moves = 0;
    let serial = game(&app).serial();
    while game(&app).outcome().is_none() {
        until(&mut app, &mut bo, "a move to make", |app, bo| {
            ann_to_move(app) || bo.to_move() || game(app).outcome().is_some()
        });
        let before = game(&app).move_count();
        if ann_to_move(&app) {
            let legal = game(&app).position().legal_moves();
            let mv = *legal.choose(&mut rng).expect("a legal move");
            let clicks = match mv {
                Move::Place(cell) => vec![cell],
                Move::Slide { from, to } => vec![from, to],
            };
            for cell in clicks {
                app.world_mut().write_message(HexIntent::Click(cell));
                app.update();
            }
            until(&mut app, &mut bo, "Ann's move on the device", |_, bo| {
                bo.seen
                    .as_ref()
                    .is_some_and(|seen| seen.move_count() > before)
            });
        } else if bo.to_move() {
            let seen = bo.seen.as_ref().expect("a picture");
            let legal = seen.position().legal_moves();
            let mv = *legal.choose(&mut rng).expect("a legal move");
            bo.play(mv);
            until(&mut app, &mut bo, "Bo's move on the screen", |app, _| {
                game(app).move_count() > before
            });
            assert_eq!(game(&app).position().last_move(), Some(mv));
        }
        moves += 1;
        assert!(moves < 400, "the game ends");
    }
    until(&mut app, &mut bo, "the end on the device", |_, bo| {
        bo.seen
            .as_ref()
            .is_some_and(|seen| seen.outcome().is_some())
    });
    let seen = bo.seen.as_ref().expect("a picture");
    assert_eq!(seen.position().record(), game(&app).position().record());
    assert_eq!(seen.serial(), serial, "one game, the table's");
    let statistics = app.world().resource::<Statistics>();
    let played: Vec<(&str, u32)> = statistics
        .of_game(HEX)
        .map(|(name, record)| (name, record.played))
        .collect();
    assert_eq!(played, [("Ann", 1), ("Bo", 1)]);
    // Play again at the screen: the next game at the same table, for the device too.
    app.world_mut().write_message(HexIntent::Restart);
    until(&mut app, &mut bo, "the next game on both", |app, bo| {
        let next = |game: &HexMatch| game.serial() != serial && game.move_count() == 0;
        next(game(app)) && bo.seen.as_ref().is_some_and(next)
    });
    assert_eq!(
        bo.seen.as_ref().map(HexMatch::serial),
        Some(game(&app).serial())
    );
}
