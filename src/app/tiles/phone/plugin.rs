//! The tile game's seats on other devices, on the screen's side: the window's own server and
//! the game's room open while a person's game with such seats is on the screen, the room's
//! news played on the screen's copy of the game, and the screen's intents sent to the room.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;

use abakus_server::hosting::Hosting;
use abakus_server::rooms::{SeatNews, TableAct, TableLink, TableNews};
use abakus_server::table::{Intent, Setup, Table};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;

use super::super::game::{TilesChange, TilesIntent, TilesMatch, TilesSetup};
use super::super::id::TILES;
use super::super::motion::Cascade;
use super::super::online::seat::OnlineSeat;
use super::kept::KeptSeats;
use super::visitor::VisitorDoor;
use crate::app::base::frame_order::AppSet;
use crate::app::base::frames;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::base::storage::DataDir;
use crate::app::features::attract::Idle;
use crate::app::features::joining::waker;
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::features::phones::address::LanAddress;
use crate::app::features::phones::listen::{PhoneListen, ScratchTable, table_folder};

/// What the room did, for the screen's copy of the game, in the order the room did it.
#[derive(Message, Debug, Clone)]
pub enum FromRoom {
    /// An intent the room applied: the copy plays it too, with its animation and sound.
    Intent(TilesIntent),
    /// The game as the room has it after those: the copy then is it.
    Now(Box<TilesMatch>),
    /// A move played in a room elsewhere: the game after it, and what it did, shown and heard
    /// as if it had been played at the screen.
    Moved(Box<TilesMatch>, Vec<TilesChange>),
}

/// The room of the game on the screen, in the window's own server.
#[derive(Resource)]
pub struct PhoneTable {
    hosting: Hosting,
    link: TableLink,
    /// The phone seats it was opened for: a game with others opens another.
    seats: Vec<usize>,
    /// The game as the room's news last left the screen's copy: a game on the screen that is
    /// not it is one the screen began.
    copy: (TilesSetup, usize),
    /// The first game at the table whose news counts: news of an earlier one is old.
    first_round: usize,
    /// The game at the table the latest news was of.
    last_round: usize,
    /// What the room last said of each seat on a device.
    devices: Vec<SeatNews>,
    /// The news not yet played on the screen: a computer's move waits for the last turn's sums.
    waiting: VecDeque<TableNews>,
    /// The language the room's pages were last asked to speak.
    language: Option<Language>,
    /// The computer's pace the room was last given, in seconds.
    pace: Option<f32>,
    /// The room has been told the game is on the screen.
    begun: bool,
    /// When each seat's phone was last connected (the app's real seconds), or the table
    /// opened: a phone is called away only after [`AWAY_GRACE_SECONDS`] without it.
    last_there: HashMap<usize, f32>,
    /// The machine's local networks, when the address was not given: the organiser picks
    /// another on the card while no phone has come.
    networks: Vec<LanAddress>,
    /// When the last news was played, in the app's seconds: a computer's move comes no sooner
    /// than its pace after the turn before.
    last_played: f32,
}

/// How long a phone may be gone before the screen calls it away: time for a page to come back
/// after the game was set aside (it tries again every few seconds), a phone to be unlocked or
/// a tab to be brought forward.
pub const AWAY_GRACE_SECONDS: f32 = 15.0;

impl PhoneTable {
    fn new(
        hosting: Hosting,
        link: TableLink,
        game: &TilesMatch,
        networks: Vec<LanAddress>,
    ) -> Self {
        PhoneTable {
            hosting,
            link,
            seats: game.setup().phone_seats(),
            copy: (game.setup().clone(), game.moves().len()),
            first_round: 0,
            last_round: 0,
            devices: Vec::new(),
            waiting: VecDeque::new(),
            language: None,
            pace: None,
            begun: false,
            last_there: HashMap::new(),
            networks,
            last_played: f32::NEG_INFINITY,
        }
    }

    /// The address and port the window's server listens on.
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        self.hosting.address()
    }

    /// The address a seat's phone opens, while no phone has taken the seat.
    #[must_use]
    pub fn seat_address(&self, seat: usize) -> Option<String> {
        let token = self.device(seat)?.token?;
        Some(self.hosting.seat_address(&token))
    }

    fn device(&self, seat: usize) -> Option<&SeatNews> {
        self.devices.iter().find(|device| device.seat == seat)
    }

    /// Whether a phone has taken the seat.
    #[must_use]
    pub fn is_held(&self, seat: usize) -> bool {
        self.device(seat).is_some_and(|device| device.held)
    }

    /// Whether the seat's phone is connected now.
    #[must_use]
    pub fn is_connected(&self, seat: usize) -> bool {
        self.device(seat).is_some_and(|device| device.connected)
    }

    /// The seats still played on a phone.
    #[must_use]
    pub fn phone_seats(&self) -> Vec<usize> {
        self.devices.iter().map(|device| device.seat).collect()
    }

    /// A new address for the seat, for another phone; the phone that held it is sent away.
    pub fn reopen(&self, seat: usize) {
        self.link.ask(TableAct::Reopen(seat));
    }

    /// The seat is played at the screen from now on; its phone is sent away.
    pub fn to_the_screen(&self, seat: usize) {
        self.link.ask(TableAct::ToTheScreen(seat));
    }

    /// The people at the screen ask; the room decides, and its news says.
    pub fn ask(&self, intent: TilesIntent) {
        self.link.ask(TableAct::Intent(Intent::Tiles(intent)));
    }

    /// The seats whose phone held them and has been gone longer than the grace, at `now`.
    #[must_use]
    pub fn away(&self, now: f32) -> Vec<usize> {
        self.seats
            .iter()
            .copied()
            .filter(|&seat| self.is_held(seat) && !self.is_connected(seat))
            .filter(|seat| {
                self.last_there
                    .get(seat)
                    .is_none_or(|&there| now - there > AWAY_GRACE_SECONDS)
            })
            .collect()
    }

    /// Notes which phones are there at `now`; a table just opened counts each as there.
    fn note_who_is_there(&mut self, now: f32) {
        for &seat in &self.seats {
            if self.is_connected(seat) || !self.last_there.contains_key(&seat) {
                self.last_there.insert(seat, now);
            }
        }
    }

    /// The local networks the server may listen on instead, when there is a choice.
    #[must_use]
    pub fn networks(&self) -> &[LanAddress] {
        &self.networks
    }

    /// The room's id, which names it in the window's store.
    fn room(&self) -> &str {
        self.link.id()
    }

    /// Asks the game's room for more than an intent.
    pub fn ask_the_room(&self, act: TableAct) {
        self.link.ask(act);
    }
}

pub(in super::super) fn plugin(app: &mut App) {
    app.add_message::<FromRoom>()
        .init_resource::<PhoneListen>()
        .init_resource::<ScratchTable>()
        .add_systems(
            Update,
            (keep_phone_table, take_room_news)
                .chain()
                .in_set(AppSet::Input),
        );
    // News held back for the last turn's sums is played as soon as they have lit up.
    frames::draw_while(app, |table: Option<Res<PhoneTable>>| {
        table.is_some_and(|table| !table.waiting.is_empty())
    });
}

/// Where and how a table opens: the address and port asked, a visitor's room to take over,
/// or a game's room kept while it was off the screen.
#[derive(SystemParam)]
struct Opening<'w> {
    listen: Res<'w, PhoneListen>,
    settings: Option<Res<'w, Settings>>,
    dir: Option<Res<'w, DataDir>>,
    scratch: Res<'w, ScratchTable>,
    door: Option<ResMut<'w, VisitorDoor>>,
    kept: Option<Res<'w, KeptSeats>>,
    window_loop: Option<Res<'w, EventLoopProxyWrapper>>,
    /// The game on the screen is a seat's of a room elsewhere: no table opens for it here.
    online: Option<Res<'w, OnlineSeat>>,
}

/// Opens the room when a person's game with phone seats comes to the screen, and closes it
/// when the game leaves it (or a game with other phone seats takes its place). The next game
/// at the same table is dealt in the same room; a game that comes back finds its room, its
/// codes and its phones as they were.
fn keep_phone_table(
    mut commands: Commands,
    table: Option<ResMut<PhoneTable>>,
    game: Option<Res<TilesMatch>>,
    screen: Res<State<Screen>>,
    owner: Owner,
    mut opening: Opening,
    mut refused: Local<Option<Vec<usize>>>,
) {
    let on_screen = *screen.get() == Screen::Game(TILES) && owner.get() == MatchOwner::Person;
    // A game at a seat of a room elsewhere has its other people there, not on this server.
    let wanted = match &game {
        Some(game) if on_screen && opening.online.is_none() => game.setup().phone_seats(),
        _ => Vec::new(),
    };
    if let Some(mut table) = table {
        if let Some(game) = game.as_deref().filter(|_| !wanted.is_empty()) {
            // The room's game, a seat maybe gone back to the screen: the other phones keep
            // their seats.
            let (setup, moves) = &table.copy;
            if game.setup() == setup && game.moves().len() == *moves {
                table.seats = wanted;
                return;
            }
            // The next game at the same table, begun on the screen: the phones stay, dealt anew.
            if wanted == table.seats && game.moves().is_empty() {
                table.link.ask(TableAct::Rematch(game.setup().clone()));
                table.copy = (game.setup().clone(), 0);
                table.first_round = table.last_round + 1;
                table.waiting.clear();
                return;
            }
        }
        // A game still going that leaves the screen keeps its room; a finished one, or one
        // whose phone seats all went to the screen, lets go.
        match game.as_deref().filter(|game| !game.position().is_over()) {
            Some(game) if wanted.is_empty() && !on_screen => {
                table.hosting.set_aside();
                commands.insert_resource(KeptSeats {
                    seed: game.setup().seed,
                    seats: table.seats.clone(),
                    room: table.room().to_owned(),
                    address: table.address(),
                });
            }
            _ => table.hosting.close_pages(),
        }
        commands.remove_resource::<PhoneTable>();
    }
    let Some(game) = game.filter(|_| !wanted.is_empty() && refused.as_ref() != Some(&wanted))
    else {
        return;
    };
    let wake = waker(opening.window_loop.as_deref());
    // A visitor's game from the demo's code: its phone is already in.
    if let Some((hosting, link)) = opening
        .door
        .as_mut()
        .and_then(|door| door.hand_to_the_game(game.setup()))
    {
        commands.remove_resource::<VisitorDoor>();
        commands.insert_resource(PhoneTable::new(hosting, link, &game, Vec::new()));
        return;
    }
    // This game back on the screen: its room on the same address, where it is free.
    if let Some(kept) = opening.kept.as_deref() {
        let same = kept.seed == game.setup().seed && kept.seats == wanted;
        let again = same.then(|| {
            let (address, port) = (kept.address.ip(), kept.address.port());
            let folder = table_folder(opening.dir.as_deref(), &opening.scratch);
            let hosting = Hosting::start(address, port, folder, Some(&kept.room)).ok()?;
            let link = hosting.table(&kept.room, wake.clone())?;
            Some((hosting, link))
        });
        commands.remove_resource::<KeptSeats>();
        if let Some((hosting, link)) = again.flatten() {
            commands.insert_resource(PhoneTable::new(hosting, link, &game, Vec::new()));
            return;
        }
    }
    match open_fresh(&game, &opening, wake) {
        Ok(table) => {
            *refused = None;
            commands.insert_resource(table);
        }
        Err(error) => {
            // Once per game: its seats wait on the screen for the organiser to send them there.
            error!("{error}");
            *refused = Some(wanted);
        }
    }
}

/// A new server and a room for the game as it stands, each seat's address printed; with the
/// local networks the organiser may pick from instead.
fn open_fresh(
    game: &TilesMatch,
    opening: &Opening,
    wake: abakus_server::rooms::Waker,
) -> Result<PhoneTable, String> {
    let folder = table_folder(opening.dir.as_deref(), &opening.scratch);
    let (hosting, networks) = opening
        .listen
        .start(opening.settings.as_deref(), folder, None)?;
    let language = language_of(opening.settings.as_deref());
    let (link, created) = hosting.open_table(
        Setup::Tiles(game.setup().clone()),
        game.moves(),
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
    Ok(PhoneTable::new(hosting, link, game, networks))
}

/// The screen's language, English until the settings are read.
fn language_of(settings: Option<&Settings>) -> Language {
    settings
        .map(|settings| settings.language)
        .unwrap_or_default()
}

/// Plays the room's news on the screen, in order: what each news applied, then the game as
/// the room has it. A computer's move waits until the last turn's sums have lit up and the
/// computer's pace has passed, as at the screen. While a phone is at the table of a game still
/// going, people are playing: no demo starts over their game and a kiosk does not send it
/// back to the title, though nobody touches the screen. The pages speak the screen's language.
fn take_room_news(
    table: Option<ResMut<PhoneTable>>,
    game: Option<Res<TilesMatch>>,
    settings: Option<Res<Settings>>,
    cascade: Option<Res<Cascade>>,
    mut from_room: MessageWriter<FromRoom>,
    idle: Option<ResMut<Idle>>,
    (real, time): (Res<Time<Real>>, Res<Time>),
) {
    let Some(mut table) = table else {
        return;
    };
    let table = &mut *table;
    let language = language_of(settings.as_deref());
    if table.language != Some(language) {
        table.language = Some(language);
        table.link.ask(TableAct::Language(language));
    }
    for news in table.link.news() {
        table.last_round = news.round;
        table.waiting.push_back(news);
    }
    if let Some(latest) = table.waiting.back() {
        table.devices.clone_from(&latest.seats);
    }
    let pace = settings.map_or(0.0, |settings| settings.computer_pace.least_wait());
    if table.pace != Some(pace) {
        table.pace = Some(pace);
        table
            .link
            .ask(TableAct::Pace(std::time::Duration::from_secs_f32(pace)));
    }
    if !table.begun {
        // The game is on the screen, its room speaking its language and playing at its pace:
        // the first turn may begin once every phone has come.
        table.begun = true;
        table.link.ask(TableAct::Begin);
    }
    while let Some(news) = table.waiting.front() {
        if news.round < table.first_round || !matches!(news.table, Table::Tiles(_)) {
            // An earlier game's news, from before the next one began.
            table.waiting.pop_front();
            continue;
        }
        let computers = news
            .applied
            .iter()
            .any(|intent| matches!(intent, Intent::Tiles(TilesIntent::Computer(_))));
        let busy = cascade.as_ref().is_some_and(|cascade| cascade.busy());
        if busy || (computers && time.elapsed_secs() - table.last_played < pace) {
            break;
        }
        let Some(news) = table.waiting.pop_front() else {
            break;
        };
        if !news.applied.is_empty() {
            table.last_played = time.elapsed_secs();
        }
        for intent in news.applied {
            if let Intent::Tiles(intent) = intent {
                from_room.write(FromRoom::Intent(intent));
            }
        }
        if let Table::Tiles(now) = news.table {
            table.copy = (now.setup().clone(), now.moves().len());
            from_room.write(FromRoom::Now(Box::new((*now).clone())));
        }
    }
    table.note_who_is_there(real.elapsed_secs());
    let going = game.is_some_and(|game| !game.position().is_over());
    let someone_at_a_phone = going && table.seats.iter().any(|&seat| table.is_connected(seat));
    if let Some(mut idle) = idle.filter(|_| someone_at_a_phone) {
        idle.seconds = 0.0;
    }
}
