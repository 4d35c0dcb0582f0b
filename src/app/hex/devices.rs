//! The hex game's seats on other devices, on the screen's side: the window's own server and
//! the game's room open while a person's game with such seats is on the screen, each seat's
//! code until its phone has come, the room's moves played on the screen's game with their
//! animation and sound, and the screen's own sent to the room.

use std::collections::HashMap;
use std::net::SocketAddr;

use abakus_server::hosting::Hosting;
use abakus_server::rooms::{SeatNews, TableAct, TableLink};
use abakus_server::table::{Intent, Setup, Table};
use abakus_words::Arg;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::HEX;
use super::game::{HexIntent, HexMatch, HexPhase, HexSetup, Seat, TurnSystems};
use super::online::plugin::land;
use super::online::seat::{Shown, what_changed};
use super::words::{HexWords, Text};
use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::base::storage::DataDir;
use crate::app::features::attract::Idle;
use crate::app::features::joining::{InRoom, waker};
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::features::phones::listen::{PhoneListen, ScratchTable, table_folder};
use crate::app::features::phones::qr::qr_image;
use crate::app::shell::widgets::{UiSounds, fitted_button};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PhoneListen>()
        .init_resource::<ScratchTable>()
        .add_systems(
            Update,
            (keep_device_table, take_device_news)
                .chain()
                .in_set(AppSet::Input),
        )
        .add_systems(
            Update,
            send_screen_moves
                .after(TurnSystems)
                .run_if(resource_exists::<DeviceTable>),
        );
}

/// The codes over the board while a seat waits for its phone.
pub(super) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        device_card
            .run_if(in_state(Screen::Game(HEX)))
            .run_if(resource_exists::<DeviceTable>)
            .in_set(AppSet::Panels),
    );
}

/// The room of the hex game on the screen, in the window's own server.
#[derive(Resource)]
pub struct DeviceTable {
    hosting: Hosting,
    link: TableLink,
    /// The game at the table now (the next one's once the room has begun it).
    serial: u64,
    /// Whether that game has ended, as the room last said.
    over: bool,
    /// The screen's loss on time has been told to the room.
    told_the_loss: bool,
    /// What the room last said of each seat on a device.
    devices: Vec<SeatNews>,
    /// How many of the screen's moves the room has, or has been sent.
    sent: usize,
    /// The room has been told the game is on the screen.
    begun: bool,
    /// The language the pages were last asked to speak.
    language: Option<Language>,
    /// The computer's pace the room was last given, in seconds.
    pace: Option<f32>,
}

impl DeviceTable {
    /// The address and port the window's server listens on.
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        self.hosting.address()
    }

    /// The address a seat's phone opens, while no phone has taken the seat.
    #[must_use]
    pub fn seat_address(&self, seat: usize) -> Option<String> {
        let device = self.devices.iter().find(|device| device.seat == seat)?;
        Some(self.hosting.seat_address(&device.token?))
    }

    /// Whether the seat's phone has come and is connected now.
    #[must_use]
    pub fn is_connected(&self, seat: usize) -> bool {
        self.devices
            .iter()
            .any(|device| device.seat == seat && device.held && device.connected)
    }
}

/// A game's room kept while the game is off the screen (its settings or rules looked at), to
/// listen again where it listened and have its phones back by themselves.
#[derive(Resource)]
struct KeptTable {
    serial: u64,
    room: String,
    address: SocketAddr,
}

/// Where and how a table opens.
#[derive(SystemParam)]
struct Opening<'w> {
    listen: Res<'w, PhoneListen>,
    settings: Option<Res<'w, Settings>>,
    dir: Option<Res<'w, DataDir>>,
    scratch: Res<'w, ScratchTable>,
    kept: Option<Res<'w, KeptTable>>,
    window_loop: Option<Res<'w, EventLoopProxyWrapper>>,
    /// The game on the screen is a seat's of a room elsewhere: no table opens for it here.
    in_room: Option<Res<'w, InRoom>>,
}

/// Opens the room when a person's game still going with seats on other devices comes to the
/// screen, and closes it when another of the person's games takes its place or its game has
/// ended off the screen; a game still going that leaves the screen (a demo over it, its rules
/// looked at) keeps its room, and finds it, its codes and its phones again when it comes back.
fn keep_device_table(
    mut commands: Commands,
    table: Option<ResMut<DeviceTable>>,
    mut on_the_board: Option<ResMut<HexMatch>>,
    screen: Res<State<Screen>>,
    owner: Owner,
    opening: Opening,
    mut refused: Local<Option<u64>>,
) {
    let on_screen = *screen.get() == Screen::Game(HEX) && owner.get() == MatchOwner::Person;
    let in_a_room = InRoom::plays(opening.in_room.as_deref(), HEX);
    let wanted = on_the_board
        .as_deref()
        .filter(|game| game.has_players_elsewhere() && !in_a_room);
    if let Some(table) = table {
        let same = wanted.is_some_and(|game| game.serial() == table.serial);
        if same && on_screen {
            return;
        }
        // A demo or a lesson borrows the screen with a game of its own: the person's is aside.
        let replaced = owner.get() == MatchOwner::Person && !same;
        if replaced || table.over {
            table.hosting.close_pages();
        } else {
            table.hosting.set_aside();
            commands.insert_resource(KeptTable {
                serial: table.serial,
                room: table.link.id().to_owned(),
                address: table.address(),
            });
        }
        commands.remove_resource::<DeviceTable>();
        return;
    }
    let Some(game) = wanted
        .filter(|game| on_screen && game.outcome().is_none() && *refused != Some(game.serial()))
    else {
        return;
    };
    let wake = waker(opening.window_loop.as_deref());
    // A store of its own: the tile game's keeps only its own room when it starts.
    let folder = table_folder(opening.dir.as_deref(), &opening.scratch).join("hex");
    // This game back on the screen: its room on the same address, where it is free.
    if let Some(kept) = opening.kept.as_deref() {
        let again = (kept.serial == game.serial()).then(|| {
            let (address, port) = (kept.address.ip(), kept.address.port());
            let hosting = Hosting::start(address, port, folder.clone(), Some(&kept.room)).ok()?;
            let link = hosting.table(&kept.room, wake.clone())?;
            Some((hosting, link))
        });
        commands.remove_resource::<KeptTable>();
        if let Some((hosting, link)) = again.flatten() {
            commands.insert_resource(DeviceTable::new(hosting, link, game));
            return;
        }
    }
    let opened = opening
        .listen
        .start(opening.settings.as_deref(), folder, None)
        .and_then(|(hosting, _)| {
            let language = opening.settings.as_deref().map(|s| s.language);
            let language = language.unwrap_or_default();
            let (link, created) = hosting.open_table(
                Setup::Hex(table_of(game, language)),
                &game.moves(),
                language,
                wake,
            )?;
            for (seat, name, token) in &created.seats {
                // For an organiser at a terminal, and for scripts.
                println!(
                    "seat {} ({name}): {}",
                    seat + 1,
                    hosting.seat_address(token)
                );
            }
            Ok(DeviceTable::new(hosting, link, game))
        });
    match opened {
        Ok(table) => {
            *refused = None;
            commands.insert_resource(table);
        }
        Err(error) => {
            // Once per game: it goes on at the screen, every seat played there.
            error!("{error}; the seats on phones are played at the screen");
            *refused = Some(game.serial());
            if let Some(game) = on_the_board.as_deref_mut() {
                let seats = game.seats().map(|seat| match seat {
                    Seat::Elsewhere => Seat::Human,
                    other => other,
                });
                *game = game.clone().seated(seats);
            }
        }
    }
}

impl DeviceTable {
    fn new(hosting: Hosting, link: TableLink, game: &HexMatch) -> Self {
        DeviceTable {
            hosting,
            link,
            serial: game.serial(),
            over: game.outcome().is_some(),
            told_the_loss: game.lost_on_time().is_some(),
            devices: Vec::new(),
            sent: game.position().history().len(),
            begun: false,
            language: None,
            pace: None,
        }
    }
}

/// The screen's game as a room's table, each player named (a page says who is playing).
fn table_of(game: &HexMatch, language: Language) -> HexSetup {
    let names = std::array::from_fn(|seat| {
        let name = game.names()[seat].trim();
        if name.is_empty() {
            language.default_player(seat)
        } else {
            name.to_owned()
        }
    });
    HexSetup {
        side: game.position().side(),
        seats: game.seats(),
        names,
        turn_limit: game.turn_limit(),
        on_time_out: game.on_time_out(),
    }
}

/// Plays the room's news on the screen: the moves of the phones and of the room's computer
/// with their animation and sound, the game put right where it differs. The pages speak the
/// screen's language; while a phone is at a game still going, no demo starts over it.
fn take_device_news(
    table: Option<ResMut<DeviceTable>>,
    mut game: Option<ResMut<HexMatch>>,
    mut phase: Option<ResMut<NextState<HexPhase>>>,
    settings: Option<Res<Settings>>,
    mut intents: MessageWriter<HexIntent>,
    idle: Option<ResMut<Idle>>,
) {
    let (Some(mut table), Some(game)) = (table, game.as_deref_mut()) else {
        return;
    };
    let language = settings.as_deref().map(|s| s.language).unwrap_or_default();
    if table.language != Some(language) {
        table.language = Some(language);
        table.link.ask(TableAct::Language(language));
    }
    let pace = settings
        .as_deref()
        .map_or(0.0, |s| s.computer_pace.least_wait());
    if table.pace != Some(pace) {
        // The room's computer plays the computer's seats, at the screen's pace.
        table.pace = Some(pace);
        let pace = std::time::Duration::from_secs_f32(pace);
        table.link.ask(TableAct::Pace(pace));
    }
    if !table.begun {
        // The game is on the screen: its first move may come once every phone has come, as
        // the room will say; until then the board takes no click.
        table.begun = true;
        table.link.ask(TableAct::Begin);
        game.set_gathering(true);
    }
    // The screen's game as the news so far leaves it, its moves still to be shown queued.
    let mut screen = game.clone();
    let mut queued = Vec::new();
    for news in table.link.news() {
        table.devices = news.seats;
        let Table::Hex(room) = news.table else {
            continue;
        };
        let played = room.position().history().len();
        if room.serial() != table.serial {
            table.told_the_loss = false;
        }
        // A loss the room has needs no telling.
        table.told_the_loss |= room.lost_on_time().is_some();
        table.serial = room.serial();
        table.over = room.outcome().is_some();
        table.sent = table.sent.max(played);
        let Some(shown) = what_changed(Some(&screen), &room) else {
            continue;
        };
        if let Shown::Moved(moves) = &shown {
            for &intent in moves {
                super::game::apply(&mut screen, intent);
            }
        } else {
            // The screen's game is the room's: nothing of it is to be sent.
            table.sent = played;
            screen = room.clone();
        }
        land(game, shown, true, &mut queued, phase.as_deref_mut());
    }
    intents.write_batch(queued);
    let going = game.outcome().is_none();
    let someone_at_a_phone = going && table.devices.iter().any(|device| device.connected);
    if let Some(mut idle) = idle.filter(|_| someone_at_a_phone) {
        idle.seconds = 0.0;
    }
}

/// Sends the room the moves made at the screen as they land there, and asks it for the next
/// game when Play again is pressed after the end.
fn send_screen_moves(
    mut table: ResMut<DeviceTable>,
    game: Option<Res<HexMatch>>,
    mut asked: MessageReader<HexIntent>,
) {
    let again = asked
        .read()
        .any(|intent| matches!(intent, HexIntent::Restart));
    let Some(game) = game.filter(|game| game.serial() == table.serial) else {
        return;
    };
    if again && game.outcome().is_some() {
        table.link.ask(TableAct::Again);
    }
    // A loss on time at the screen's own turn (the table chose so): the room times only the
    // phones' turns.
    if game.lost_on_time().is_some() && !table.told_the_loss {
        table.told_the_loss = true;
        table
            .link
            .ask(TableAct::Intent(Intent::Hex(HexIntent::LoseOnTime)));
    }
    let history = game.position().history();
    for &mv in history.iter().skip(table.sent) {
        table
            .link
            .ask(TableAct::Intent(Intent::Hex(HexIntent::Play(mv))));
    }
    table.sent = table.sent.max(history.len());
}

/// Over the board: each seat still waiting for its phone with its code and address, and the
/// way to play it at the screen instead; under it, a phone that has gone away.
fn device_card(
    mut contexts: EguiContexts,
    table: Res<DeviceTable>,
    game: Res<HexMatch>,
    settings: Option<Res<Settings>>,
    mut sfx: MessageWriter<Sfx>,
    mut codes: Local<HashMap<String, egui::TextureHandle>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let language = settings.map(|s| s.language).unwrap_or_default();
    let name = |seat: usize| {
        let name = game.names()[seat].trim();
        if name.is_empty() {
            language.default_player(seat)
        } else {
            name.to_owned()
        }
    };
    let waiting: Vec<(usize, String)> = (0..2)
        .filter_map(|seat| Some((seat, table.seat_address(seat)?)))
        .collect();
    codes.retain(|address, _| waiting.iter().any(|(_, waiting)| waiting == address));
    let mut sounds = UiSounds::default();
    if !waiting.is_empty() {
        egui::Area::new(egui::Id::new("hex-device-codes"))
            .order(egui::Order::Foreground)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.horizontal(|ui| {
                        for (seat, address) in &waiting {
                            let texture = codes.entry(address.clone()).or_insert_with(|| {
                                let image = qr_image(address).unwrap_or_default();
                                ui.ctx()
                                    .load_texture(address, image, egui::TextureOptions::NEAREST)
                            });
                            let at_screen = seat_code(
                                ui,
                                language,
                                (*seat, &name(*seat), address),
                                texture,
                                &mut sounds,
                            );
                            if at_screen {
                                table.link.ask(TableAct::ToTheScreen(*seat));
                            }
                        }
                    });
                    ui.vertical_centered(|ui| {
                        ui.label(RichText::new(language.hex(Text::DeviceGathering)).size(16.0));
                    });
                });
            });
    }
    away_line(ctx, &table, &game, language, name);
    sfx.write_batch(sounds.0);
    Ok(())
}

/// A seat's code for its phone: whose it is, the code, its address, and the seat played at
/// the screen instead; says whether that was asked.
fn seat_code(
    ui: &mut egui::Ui,
    language: Language,
    (seat, name, address): (usize, &str, &str),
    texture: &egui::TextureHandle,
    sounds: &mut UiSounds,
) -> bool {
    let mut at_screen = false;
    ui.vertical_centered(|ui| {
        ui.set_width(260.0);
        let colour = abakus_rules::hex::Color::BOTH[seat];
        let line = abakus_words::hex::format(
            language,
            "device-scan",
            &[
                ("name", Arg::Text(name)),
                ("colour", Arg::Text(language.color(colour))),
            ],
        );
        ui.label(RichText::new(line).size(17.0));
        ui.image((texture.id(), texture.size_vec2()));
        ui.label(RichText::new(address).monospace().size(13.0));
        let words = language.hex(Text::DeviceAtTheScreen);
        at_screen = fitted_button(ui, words, true, sounds).clicked();
    });
    at_screen
}

/// A line under the board while the phone of the seat to move has gone away.
fn away_line(
    ctx: &egui::Context,
    table: &DeviceTable,
    game: &HexMatch,
    language: Language,
    name: impl Fn(usize) -> String,
) {
    let seat = game.position().turn().index();
    let held = table
        .devices
        .iter()
        .any(|device| device.seat == seat && device.held);
    if !game.elsewhere_to_move() || !held || table.is_connected(seat) {
        return;
    }
    let line =
        abakus_words::hex::format(language, "device-away", &[("name", Arg::Text(&name(seat)))]);
    egui::Area::new(egui::Id::new("hex-device-away"))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(line).size(17.0));
            });
        });
}
