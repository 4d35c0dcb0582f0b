//! A room's link being joined, for either game: the socket opened, what the room says kept
//! until its first picture tells which game it is, that game's seat handed the socket, and
//! the connection's line at the foot of the screen.

use std::sync::Arc;

use abakus_server::remote::{Ending, Heard, Invite, RemoteSeat};
use abakus_server::rooms::Waker;
use abakus_words::{Arg, Language, SHELL};
use bevy::ecs::component::Mutable;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::games::GameId;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::base::storage::{DataDir, Saver};
use crate::app::features::online::{self, JoinRoom, OnlineSeats, TakenSeat};
use crate::app::shell::widgets::{UiSounds, fitted_button};

/// Joining rooms, and the seats the window keeps in them.
pub fn plugin(app: &mut App) {
    app.add_plugins(online::plugin).add_systems(
        Update,
        (join_rooms, hear_the_join)
            .chain()
            .in_set(AppSet::Input)
            .in_set(JoinSystems),
    );
}

/// The joining's line, over the title or the Play online screen.
pub fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        joining_card
            .run_if(resource_exists::<Joining>)
            .in_set(AppSet::Panels),
    );
}

/// Where a link is joined and heard until its game is known: a game's seat takes it after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct JoinSystems;

/// What wakes the window's frame loop for each word of a room: between inputs the window
/// sleeps, and a move made elsewhere must show at once, as a click at the screen does.
#[must_use]
pub fn waker(window_loop: Option<&EventLoopProxyWrapper>) -> Waker {
    match window_loop {
        Some(window_loop) => {
            let proxy = (**window_loop).clone();
            Arc::new(move || {
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            })
        }
        None => Arc::new(|| {}),
    }
}

/// The connection as the screen tells of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connection {
    /// The room's socket is being opened the first time.
    Opening,
    /// At the seat.
    Seated,
    /// The socket dropped and is being opened again.
    Reconnecting { attempt: u32 },
    /// The room will not have this window again.
    Ended(Ending),
}

impl Connection {
    /// Follows what the room said of the socket (its pictures change nothing of it).
    pub fn follow(&mut self, heard: &Heard) {
        match heard {
            Heard::Seated { .. } => *self = Connection::Seated,
            Heard::Reconnecting { attempt, why } => {
                info!("the room's connection dropped ({why}); trying again");
                *self = Connection::Reconnecting { attempt: *attempt };
            }
            Heard::Ended(ending) => {
                warn!("the room has ended this seat: {ending}");
                *self = Connection::Ended(ending.clone());
            }
            Heard::Picture(_) | Heard::NotTaken(_) => {}
        }
    }
}

/// A link being joined, before the room's first picture says which game it is.
#[derive(Resource)]
pub struct Joining {
    remote: Option<RemoteSeat>,
    invite: Invite,
    /// What the room said so far, for the game's seat to hear first.
    heard: Vec<Heard>,
    connection: Connection,
    /// The game of the room's first picture, as the room names it.
    game: Option<String>,
    /// The room, as its first picture names it.
    room: Option<String>,
    /// Opened while the window was in a room: it may be another seat of that room, for
    /// another person at the screen, and is not let go while that room's game is shown.
    adding: bool,
}

impl Joining {
    #[must_use]
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// The socket and what the room said, for the seat of `game` (as the room names it:
    /// `tiles`, `hex`) once its first picture has come and is of that game.
    pub fn take_for(&mut self, game: &str) -> Option<(RemoteSeat, Vec<Heard>)> {
        if self.game.as_deref() != Some(game) {
            return None;
        }
        Some((self.remote.take()?, std::mem::take(&mut self.heard)))
    }
}

/// The room whose seat the window plays now, as that game's seat keeps it: a link joined
/// again brings its game back instead of opening the seat twice.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct InRoom {
    /// The link the window joined the room by.
    pub invite: Invite,
    /// The links of the room's other seats played at this window, joined after it.
    pub more: Vec<Invite>,
    /// The room, as its pictures name it.
    pub room: Option<String>,
    pub game: GameId,
    /// Whether its game has come onto the screen.
    pub on_screen: bool,
    /// Whether the room is still waiting for some of its people.
    pub gathering: bool,
}

/// The seats the window keeps, and where it keeps them.
#[derive(SystemParam)]
pub struct KeptOnlineSeats<'w> {
    seats: ResMut<'w, OnlineSeats>,
    storage: Option<(Res<'w, DataDir>, Res<'w, Saver>)>,
}

/// A seat as its game tells of it, to be kept.
pub struct SeatNow<'a> {
    pub invite: &'a Invite,
    pub connection: &'a Connection,
    /// The secret the room gave, once it has.
    pub secret: Option<&'a str>,
    pub names: Vec<String>,
    pub over: bool,
    /// The room, once its pictures have named it.
    pub room: Option<&'a str>,
    /// The seat, once the room has said (none, watching).
    pub seat: Option<usize>,
}

impl KeptOnlineSeats<'_> {
    /// Keeps the seat's link, secret, names and end as they now are; lets the secret go once
    /// the room will not have the seat again (a server out of reach or a certificate that
    /// does not check out leaves it, to try later).
    pub fn keep(&mut self, now: SeatNow) {
        let changed = match (now.connection, now.secret) {
            (Connection::Ended(ending), _) => {
                let kept = self.seats.secret_for(now.invite).is_some();
                if kept && ending.is_the_rooms() {
                    self.seats.forget(now.invite);
                }
                kept && ending.is_the_rooms()
            }
            (_, Some(secret)) => {
                let seat = TakenSeat {
                    link: now.invite.link(),
                    secret: secret.to_owned(),
                    names: now.names,
                    over: now.over,
                    room: now.room.map(str::to_owned),
                    seat: now.seat,
                };
                let known = self.seats.seats.contains(&seat);
                if !known {
                    self.seats.remember(seat);
                }
                !known
            }
            (_, None) => false,
        };
        if changed && let Some((dir, saver)) = &self.storage {
            self.seats.save(dir, saver);
        }
    }
}

impl InRoom {
    /// Whether the window plays the seat (or watches by the link) `invite` opens.
    #[must_use]
    pub fn joined(&self, invite: &Invite) -> bool {
        self.invite == *invite || self.more.contains(invite)
    }

    /// Whether `game`'s match on the screen is a room's elsewhere: its moves are the room's
    /// to make and to keep, not the window's computer's nor its Continue file's.
    #[must_use]
    pub fn plays(in_room: Option<&InRoom>, game: GameId) -> bool {
        in_room.is_some_and(|in_room| in_room.game == game)
    }
}

/// A run condition: `game`'s match on the screen is a room's elsewhere.
pub fn in_a_room(game: GameId) -> impl Fn(Option<Res<InRoom>>) -> bool + Clone {
    move |in_room| InRoom::plays(in_room.as_deref(), game)
}

/// What taking a joined link reads: the join, the room the window is in, the game's seats
/// there, and the screen to bring their game back to.
#[derive(SystemParam)]
pub struct TheJoin<'w, S: Resource<Mutability = Mutable>> {
    joining: Option<ResMut<'w, Joining>>,
    in_room: Option<ResMut<'w, InRoom>>,
    seats: Option<ResMut<'w, S>>,
    screen: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Screen>>,
}

/// How a game's seats in a room take a link joined: a new room's first seat made, or another
/// seat of the room the window is in added beside the ones it plays (`None` where one person
/// at the window plays all of the game's people).
pub struct SeatMaking<S> {
    pub named: &'static str,
    pub game: GameId,
    pub first: fn(RemoteSeat, Vec<Heard>) -> S,
    pub another: Option<fn(&mut S, RemoteSeat, Vec<Heard>)>,
}

/// A system handing the link being joined to `game`'s seats once the room's first picture
/// is of that game (`named` as the room names it: `tiles`, `hex`): another seat of the room
/// the window is in is added to the seats it plays, its game brought back onto the board;
/// another room's is made, the window marked as in that room, and a seat of the room before
/// let go by the mark.
pub fn take_the_join<S: Resource<Mutability = Mutable>>(
    making: SeatMaking<S>,
) -> impl FnMut(Commands, TheJoin<S>) {
    move |mut commands, mut the| {
        let Some(mut joining) = the.joining else {
            return;
        };
        let (room, adding) = (joining.room.clone(), joining.adding);
        let Some((remote, earlier)) = joining.take_for(making.named) else {
            return;
        };
        let invite = remote.invite().clone();
        let same_room = the.in_room.as_deref().is_some_and(|in_room| {
            in_room.game == making.game
                && room.is_some()
                && in_room.room == room
                && !in_room.invite.watching
                && !invite.watching
        });
        if same_room
            && let (Some(mut in_room), Some(mut seats), Some(another)) =
                (the.in_room, the.seats, making.another)
        {
            another(&mut *seats, remote, earlier);
            in_room.more.push(invite);
            if in_room.on_screen {
                the.next.set(Screen::Game(making.game));
            }
            return;
        }
        if adding && matches!(the.screen.get(), Screen::Game(_)) {
            // Asked while in a room, it is no seat of it, and the person is back at that
            // room's game: it is let go rather than put in the game's place.
            info!("a link of another room let go: the window is at its game");
            return;
        }
        commands.insert_resource(InRoom {
            invite: invite.clone(),
            more: Vec::new(),
            room,
            game: making.game,
            on_screen: false,
            gathering: true,
        });
        commands.insert_resource((making.first)(remote, earlier));
    }
}

/// Opens the rooms a person asked to join, by the seat's secret where the window has taken it
/// before; a seat played now, asked again, brings its game back onto the board. Links asked
/// together (a hosted room's seats for several people at the window, a game of several seats
/// under Your games) are joined one after the other; a link asked later takes the place of
/// any not yet joined.
#[expect(
    clippy::too_many_arguments,
    reason = "the links asked, the kept secrets, the room the window is in and the join open now"
)]
fn join_rooms(
    mut commands: Commands,
    mut asked: MessageReader<JoinRoom>,
    mut queued: Local<Vec<Invite>>,
    seats: Res<OnlineSeats>,
    in_room: Option<Res<InRoom>>,
    joining: Option<Res<Joining>>,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    window_loop: Option<Res<EventLoopProxyWrapper>>,
) {
    if !matches!(
        screen.get(),
        Screen::Title | Screen::Online | Screen::Game(_)
    ) {
        // The person walked away: the links not yet joined are not opened behind their back
        // (a link opens its seat once).
        queued.clear();
    }
    // A join still opening; one handed over to its game, or ended, holds nothing up.
    let opening = joining
        .as_deref()
        .filter(|joining| {
            joining.remote.is_some() && !matches!(joining.connection, Connection::Ended(_))
        })
        .map(|joining| &joining.invite);
    let mut asked_now: Vec<Invite> = Vec::new();
    for JoinRoom(invite) in asked.read() {
        if let Some(in_room) = in_room.as_deref().filter(|in_room| in_room.joined(invite)) {
            if in_room.on_screen {
                next.set(Screen::Game(in_room.game));
            }
        } else if !asked_now.contains(invite) {
            asked_now.push(invite.clone());
        }
    }
    if !asked_now.is_empty() {
        if asked_now.first() == opening {
            // Joined again while it opens: it goes on opening.
            asked_now.remove(0);
            *queued = asked_now;
            return;
        }
        *queued = asked_now;
    } else if opening.is_some() || queued.is_empty() {
        return;
    }
    let invite = queued.remove(0);
    let secret = seats.secret_for(&invite).map(str::to_owned);
    let wake = waker(window_loop.as_deref());
    match RemoteSeat::open(invite.clone(), secret, wake) {
        Ok(remote) => commands.insert_resource(Joining {
            remote: Some(remote),
            invite,
            heard: Vec::new(),
            connection: Connection::Opening,
            game: None,
            room: None,
            adding: in_room.is_some(),
        }),
        Err(why) => error!("cannot open the room's connection: {why}"),
    }
}

/// Keeps what the room says until its first picture names the game; a join the person
/// walked away from (to another screen) is let go, but for another seat of the room whose
/// game is on the board.
fn hear_the_join(
    mut commands: Commands,
    joining: Option<ResMut<Joining>>,
    screen: Res<State<Screen>>,
) {
    let Some(mut joining) = joining else {
        return;
    };
    let handed_over = joining.remote.is_none();
    let on_a_game = matches!(screen.get(), Screen::Game(_));
    let stays = match screen.get() {
        Screen::Title | Screen::Online => true,
        Screen::Game(_) => joining.adding,
        _ => false,
    };
    // Another seat of the room whose game is on the board, refused: said in the log, while
    // the board goes on.
    let refused = on_a_game && matches!(joining.connection, Connection::Ended(_));
    if refused {
        warn!(
            "another seat at this window was refused: {:?}",
            joining.connection
        );
    }
    if handed_over || !stays || refused {
        commands.remove_resource::<Joining>();
        return;
    }
    let Some(remote) = joining.remote.as_mut() else {
        return;
    };
    let heard = remote.heard();
    for heard in heard {
        joining.connection.follow(&heard);
        if let Heard::Picture(picture) = &heard
            && joining.game.is_none()
        {
            let game = picture["game"].as_str().unwrap_or("tiles");
            joining.game = Some(game.to_owned());
            joining.room = picture["room"].as_str().map(str::to_owned);
        }
        joining.heard.push(heard);
    }
}

/// The line a room's seat shows at the foot of the screen: `elsewhere` is the name of the
/// player elsewhere who is to move, when the window is at its seat.
#[must_use]
pub fn connection_line(
    language: Language,
    connection: &Connection,
    server: &str,
    elsewhere: Option<&str>,
) -> Option<(String, bool)> {
    let server = Arg::Text(server);
    let line = match connection {
        Connection::Seated => {
            let name = Arg::Text(elsewhere?);
            SHELL.format(language, "online-playing-elsewhere", &[("name", name)])
        }
        Connection::Opening => SHELL.format(language, "online-joining", &[("server", server)]),
        Connection::Reconnecting { .. } => {
            SHELL.format(language, "online-reconnecting", &[("server", server)])
        }
        Connection::Ended(ending) => {
            return Some((SHELL.text(language, ending_words(ending)).to_owned(), true));
        }
    };
    Some((line, false))
}

/// Shows a connection's line at the foot of the screen (`id` its own: a seat's and a join's
/// may show at once), with the way back to the title when `way_out`; says whether it was
/// taken.
pub fn show_connection_line(
    ctx: &egui::Context,
    id: &str,
    line: &str,
    way_out: bool,
    language: Language,
    sounds: &mut UiSounds,
) -> bool {
    let mut leave = false;
    egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(line).size(17.0));
                if way_out {
                    let words = SHELL.text(language, "online-leave");
                    leave = fitted_button(ui, words, true, sounds).clicked();
                }
            });
        });
    leave
}

/// While a link is joined: a calm line as the socket opens, or why the room would not have
/// the window, with the way back to the title.
fn joining_card(
    mut contexts: EguiContexts,
    (joining, screen): (Res<Joining>, Res<State<Screen>>),
    settings: Option<Res<Settings>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    if matches!(screen.get(), Screen::Game(_)) {
        // Another seat joined over its room's game: the game's own line tells of the room.
        return Ok(());
    }
    let language = settings.map_or_else(Language::default, |settings| settings.language);
    let server = joining.invite.host();
    let Some((line, _)) = connection_line(language, &joining.connection, server, None) else {
        return Ok(());
    };
    let mut sounds = UiSounds::default();
    let ctx = contexts.ctx_mut()?;
    if show_connection_line(ctx, "online-joining", &line, true, language, &mut sounds) {
        commands.remove_resource::<Joining>();
        next.set(Screen::Title);
    }
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The words for why the room ended the window's seat.
fn ending_words(ending: &Ending) -> &'static str {
    match ending {
        Ending::Unknown => "online-ended-unknown",
        Ending::Taken => "online-ended-taken",
        Ending::Replaced => "online-ended-replaced",
        Ending::Reopened | Ending::Released => "online-ended-reopened",
        Ending::Closed => "online-ended-closed",
        Ending::Certificate(_) => "online-ended-certificate",
        Ending::NotAServer(_) => "online-ended-not-a-server",
    }
}
