//! The tile game's phone seats on the screen's side: the server open while a person's game
//! with phone seats is on the screen, the phones' intents taken, and each phone kept up to
//! date with what its seat may see.

use std::collections::HashMap;
use std::net::SocketAddr;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;
use serde_json::json;

use super::super::game::wire::read_intent;
use super::super::game::{TilesIntent, TilesMatch};
use super::super::id::TILES;
use super::listen::{PhoneListen, wake_the_window};
use super::view::seat_view;
use super::visitor::VisitorDoor;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::features::attract::Idle;
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::features::phones::address::LanAddress;
use crate::app::features::phones::{LinkEvent, PhoneServer};
use crate::app::shell::turn_clock::TurnClock;
use abakus_match::room::Seats;
use abakus_pages::tiles as page;

/// An intent from the phone of a seat, already checked to be that seat's to make.
#[derive(Message, Debug, Clone)]
pub struct FromPhone(pub TilesIntent);

/// The phone server of the game on the screen, and what each phone was last sent.
#[derive(Resource)]
pub struct PhoneTable {
    server: PhoneServer,
    /// The seats it was opened for: a game with other phone seats opens another.
    seats: Vec<usize>,
    /// The number of each seat's last message taken.
    taken: HashMap<usize, u64>,
    /// The view each phone was last sent, so that only a change goes out.
    sent: HashMap<usize, String>,
    /// The language and the seats' names the server's page was last given its words in.
    page_language: Option<Language>,
    page_names: Vec<String>,
    /// When each seat's phone was last connected (the app's real seconds), or the table
    /// opened: a phone is called away only after [`AWAY_GRACE_SECONDS`] without it.
    last_there: HashMap<usize, f32>,
    /// The machine's local networks, when the address was not given: the organiser picks
    /// another on the card while no phone has come.
    networks: Vec<LanAddress>,
}

/// How long a phone may be gone before the screen calls it away: time for a page to come back
/// after the game was set aside (it tries again every few seconds), a phone to be unlocked or
/// a tab to be brought forward.
pub const AWAY_GRACE_SECONDS: f32 = 15.0;

impl PhoneTable {
    /// The seats whose phone held them and has been gone longer than the grace, at `now`.
    #[must_use]
    pub fn away(&self, now: f32) -> Vec<usize> {
        self.seats
            .iter()
            .copied()
            .filter(|&seat| self.server.is_held(seat) && !self.server.is_connected(seat))
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
            if self.server.is_connected(seat) || !self.last_there.contains_key(&seat) {
                self.last_there.insert(seat, now);
            }
        }
    }

    /// The server, for its seats' addresses and whether their phones are there.
    #[must_use]
    pub fn server(&self) -> &PhoneServer {
        &self.server
    }

    /// The local networks the server may listen on instead, when there is a choice.
    #[must_use]
    pub fn networks(&self) -> &[LanAddress] {
        &self.networks
    }
}

pub(in super::super) fn plugin(app: &mut App) {
    app.add_message::<FromPhone>()
        .init_resource::<PhoneListen>()
        .add_systems(
            Update,
            (
                keep_phone_table,
                wake_the_window_for_phones.run_if(resource_added::<PhoneTable>),
                hold_until_phones_come,
                take_phone_messages,
            )
                .chain()
                .in_set(AppSet::Input),
        )
        .add_systems(Update, send_phone_views.in_set(AppSet::Present));
}

/// A game's phone seats while the game is off the screen (its settings or rules looked at, a
/// demo over it): their codes and the secrets of the phones that hold them, so that the
/// server listens again as it was when the game comes back and the phones rejoin by themselves.
#[derive(Resource)]
struct KeptSeats {
    /// The game's deal, which names it.
    seed: u64,
    seats: Vec<usize>,
    keys: Seats,
    address: SocketAddr,
    taken: HashMap<usize, u64>,
}

/// Where and how a table opens: the address and port asked, a visitor's server to take over,
/// or a game's seats kept while it was off the screen.
#[derive(SystemParam)]
struct Opening<'w> {
    listen: Res<'w, PhoneListen>,
    settings: Option<Res<'w, Settings>>,
    door: Option<ResMut<'w, VisitorDoor>>,
    kept: Option<Res<'w, KeptSeats>>,
}

/// Opens the server when a person's game with phone seats comes to the screen, and closes it
/// when the game leaves it (or a game with other phone seats takes its place). A game that
/// comes back finds its codes and its phones as they were.
fn keep_phone_table(
    mut commands: Commands,
    mut table: Option<ResMut<PhoneTable>>,
    game: Option<Res<TilesMatch>>,
    screen: Res<State<Screen>>,
    owner: Owner,
    mut opening: Opening,
    mut refused: Local<Option<Vec<usize>>>,
) {
    let wanted = match &game {
        Some(game) if *screen.get() == Screen::Game(TILES) && owner.get() == MatchOwner::Person => {
            game.setup().phone_seats()
        }
        _ => Vec::new(),
    };
    // A game still going that leaves the screen keeps its seats; a finished one lets go.
    let seed = game
        .as_ref()
        .filter(|game| !game.position().is_over())
        .map(|game| game.setup().seed);
    if let Some(table) = table.as_mut() {
        if table.seats == wanted {
            return;
        }
        // A seat gone back to the screen: the other phones keep their seats.
        if !wanted.is_empty() && wanted.iter().all(|seat| table.seats.contains(seat)) {
            for seat in table.seats.iter().filter(|seat| !wanted.contains(seat)) {
                table.server.release(*seat);
            }
            table.seats = wanted;
            return;
        }
        if wanted.is_empty()
            && let Some(seed) = seed
        {
            table.server.set_aside();
            commands.insert_resource(KeptSeats {
                seed,
                seats: table.seats.clone(),
                keys: table.server.keys(),
                address: table.server.address(),
                taken: table.taken.clone(),
            });
        }
        commands.remove_resource::<PhoneTable>();
    }
    if wanted.is_empty() || refused.as_ref() == Some(&wanted) {
        return;
    }
    let table_of = |server, taken, networks| PhoneTable {
        server,
        seats: wanted.clone(),
        taken,
        sent: HashMap::new(),
        page_language: None,
        page_names: Vec::new(),
        last_there: HashMap::new(),
        networks,
    };
    // A visitor's game from the demo's code: its phone is already in.
    let door = opening.door.as_mut();
    if let Some(server) = door.and_then(|door| door.hand_to_the_game(&wanted)) {
        commands.remove_resource::<VisitorDoor>();
        commands.insert_resource(table_of(server, HashMap::new(), Vec::new()));
        return;
    }
    // This game back on the screen: the same codes on the same address, where it is free.
    if let Some(kept) = opening.kept.as_ref() {
        let same = Some(kept.seed) == seed && kept.seats == wanted;
        let again = same.then(|| {
            let (address, port) = (kept.address.ip(), kept.address.port());
            let files = page::files(
                language_of(opening.settings.as_deref()),
                &[],
                abakus_pages::Host::Table,
            );
            PhoneServer::start_with(address, port, kept.keys.clone(), files).ok()
        });
        commands.remove_resource::<KeptSeats>();
        if let Some(server) = again.flatten() {
            commands.insert_resource(table_of(server, kept.taken.clone(), Vec::new()));
            return;
        }
    }
    match open_fresh(game.as_deref(), &wanted, &opening) {
        Ok((server, networks)) => {
            *refused = None;
            commands.insert_resource(table_of(server, HashMap::new(), networks));
        }
        Err(error) => {
            // Once per game: the seats then play at the screen (the hand-over curtain).
            error!("{error}");
            *refused = Some(wanted);
        }
    }
}

/// A new server with new codes for these seats, each seat's address printed; with the local
/// networks the organiser may pick from instead.
fn open_fresh(
    game: Option<&TilesMatch>,
    wanted: &[usize],
    opening: &Opening,
) -> Result<(PhoneServer, Vec<LanAddress>), String> {
    let (server, networks) = opening.listen.start(wanted, opening.settings.as_deref())?;
    let names = game.map(|game| &game.setup().seats);
    for &seat in wanted {
        let name = names
            .and_then(|seats| seats.get(seat))
            .map_or("", |seat| seat.name.as_str());
        if let Some(url) = server.seat_address(seat) {
            // For an organiser at a terminal, and for scripts.
            println!("seat {} ({name}): {url}", seat + 1);
        }
    }
    Ok((server, networks))
}

/// Has a new table's server wake the window for each phone's message.
fn wake_the_window_for_phones(
    table: Res<PhoneTable>,
    window_loop: Option<Res<EventLoopProxyWrapper>>,
) {
    wake_the_window(&table.server, window_loop.as_deref());
}

/// Holds the first turn until every phone seat's phone has come: the game begins with
/// everyone at the table, or once the organiser sends the missing seats to the screen.
fn hold_until_phones_come(table: Option<Res<PhoneTable>>, game: Option<ResMut<TilesMatch>>) {
    let Some(mut game) = game else {
        return;
    };
    let waiting =
        table.is_some_and(|table| table.seats.iter().any(|&seat| !table.server.is_held(seat)));
    if game.gathering() != (waiting && game.moves().is_empty()) {
        game.set_gathering(waiting);
    }
}

/// The screen's language, English until the settings are read.
fn language_of(settings: Option<&Settings>) -> Language {
    settings
        .map(|settings| settings.language)
        .unwrap_or_default()
}

/// Sends a phone the page's words in `language`, its view to follow.
fn send_words(table: &mut PhoneTable, game: &TilesMatch, language: Language, seat: usize) {
    table.sent.remove(&seat);
    let words = page::words(language, &game.setup().names(), abakus_pages::Host::Table);
    table.server.send(seat, words.to_string());
}

/// Reads what the phones sent: a phone that joins gets the page's words and then its view; an
/// intent the seat may make goes to the turn flow, anything else back as an error frame. When
/// the screen's language changes, every phone gets the words again and speaks it too. While a
/// phone is at the table of a game still going, people are playing: no demo starts over their
/// game and a kiosk does not send it back to the title, though nobody touches the screen.
fn take_phone_messages(
    table: Option<ResMut<PhoneTable>>,
    game: Option<Res<TilesMatch>>,
    settings: Option<Res<Settings>>,
    mut intents: MessageWriter<FromPhone>,
    mut spoken: Local<Option<Language>>,
    idle: Option<ResMut<Idle>>,
    real: Res<Time<Real>>,
) {
    let (Some(mut table), Some(game)) = (table, game) else {
        return;
    };
    table.note_who_is_there(real.elapsed_secs());
    let someone_at_a_phone = !game.position().is_over()
        && table
            .seats
            .iter()
            .any(|&seat| table.server.is_connected(seat));
    if let Some(mut idle) = idle.filter(|_| someone_at_a_phone) {
        idle.seconds = 0.0;
    }
    let language = language_of(settings.as_deref());
    let same_names = table
        .page_names
        .iter()
        .eq(game.setup().seats.iter().map(|seat| &seat.name));
    if table.page_language != Some(language) || !same_names {
        // A page opened from now on has its words (and the seats' names) before its first
        // frame, in the screen's language; a rematch may have named the seats anew in it,
        // which the phones at the table are told.
        let renamed = table.page_language.is_some() && !same_names;
        let names = game.setup().names();
        table.page_language = Some(language);
        table
            .server
            .set_files(page::files(language, &names, abakus_pages::Host::Table));
        table.page_names = names;
        if renamed {
            for seat in table.seats.clone() {
                if table.server.is_connected(seat) {
                    send_words(&mut table, &game, language, seat);
                }
            }
        }
    }
    if spoken
        .replace(language)
        .is_some_and(|before| before != language)
    {
        for seat in table.seats.clone() {
            if table.server.is_connected(seat) {
                send_words(&mut table, &game, language, seat);
            }
        }
    }
    for event in table.server.events() {
        match event {
            LinkEvent::Joined { seat } => send_words(&mut table, &game, language, seat),
            LinkEvent::Left { seat } => {
                table.sent.remove(&seat);
            }
            LinkEvent::Message { seat, text } => {
                let last = table.taken.get(&seat).copied().unwrap_or(0);
                match read_intent(&game, seat, last, &text) {
                    Ok((number, intent)) => {
                        table.taken.insert(seat, number);
                        intents.write(FromPhone(intent));
                    }
                    Err(error) => {
                        let frame = json!({"type": "error", "code": error.code()});
                        table.server.send(seat, frame.to_string());
                    }
                }
            }
        }
    }
}

/// Sends each connected phone its view when it has changed: after a move, a tile laid, a
/// second of the turn clock, or when the phone has just come.
fn send_phone_views(
    table: Option<ResMut<PhoneTable>>,
    game: Option<Res<TilesMatch>>,
    settings: Option<Res<Settings>>,
    clock: Option<Res<TurnClock>>,
    mut last_seconds: Local<Option<u32>>,
) {
    let (Some(mut table), Some(game)) = (table, game) else {
        return;
    };
    let language = settings
        .map(|settings| settings.language)
        .unwrap_or_default();
    let seconds = clock
        .and_then(|clock| clock.left())
        .map(|(left, _)| left.ceil() as u32);
    let table = &mut *table;
    let newcomer = table
        .seats
        .iter()
        .any(|seat| table.server.is_connected(*seat) && !table.sent.contains_key(seat));
    if !game.is_changed() && *last_seconds == seconds && !newcomer {
        return;
    }
    *last_seconds = seconds;
    for &seat in &table.seats {
        if !table.server.is_connected(seat) {
            continue;
        }
        let mut view = seat_view(&game, seat, language, seconds);
        // The page numbers its messages on from here, after a reload too.
        view["taken"] = json!(table.taken.get(&seat).copied().unwrap_or(0));
        let text = view.to_string();
        if table.sent.get(&seat) != Some(&text) && table.server.send(seat, text.clone()) {
            table.sent.insert(seat, text);
        }
    }
}
