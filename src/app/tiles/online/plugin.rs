//! The tile game at a seat of a room elsewhere, on the screen: a link joined, the room's words
//! played on the screen's game with their animation and sound, the connection's state told
//! calmly, and the seat kept so the window comes back to it after a restart.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::super::game::TilesMatch;
use super::super::id::TILES;
use super::super::phone::listen::waker;
use super::super::phone::plugin::FromRoom;
use super::super::words::{format, text};
use super::seat::{Connection, OnlineSeat, Shown};
use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Arg, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::base::storage::{DataDir, Saver};
use crate::app::features::attract::Idle;
use crate::app::features::online::{JoinRoom, OnlineSeats, TakenSeat};
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::shell::widgets::{UiSounds, fitted_button};
use abakus_server::remote::{Ending, RemoteSeat};

pub(in super::super) fn plugin(app: &mut App) {
    app.add_message::<JoinRoom>()
        .init_resource::<OnlineSeats>()
        .add_systems(
            Update,
            (join_rooms, hear_the_room).chain().in_set(AppSet::Input),
        );
}

/// The connection's card, over the board or the title.
pub(in super::super) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        connection_card
            .run_if(resource_exists::<OnlineSeat>)
            .in_set(AppSet::Panels),
    );
}

/// Opens the room a person asked to join, by the seat's secret where the window has taken it
/// before; a seat already open brings its game back onto the board.
fn join_rooms(
    mut commands: Commands,
    mut asked: MessageReader<JoinRoom>,
    seats: Res<OnlineSeats>,
    online: Option<Res<OnlineSeat>>,
    mut next: ResMut<NextState<Screen>>,
    window_loop: Option<Res<EventLoopProxyWrapper>>,
) {
    let Some(JoinRoom(invite)) = asked.read().last() else {
        return;
    };
    if let Some(online) = online.filter(|online| online.invite() == invite) {
        if online.is_on_screen() {
            next.set(Screen::Game(TILES));
        }
        return;
    }
    let secret = seats.secret_for(invite).map(str::to_owned);
    let wake = waker(window_loop.as_deref());
    match RemoteSeat::open(invite.clone(), secret, wake) {
        Ok(remote) => commands.insert_resource(OnlineSeat::new(remote)),
        Err(why) => error!("cannot open the room's connection: {why}"),
    }
}

/// The seats the window keeps, and where it keeps them.
#[derive(SystemParam)]
struct Kept<'w> {
    seats: ResMut<'w, OnlineSeats>,
    storage: Option<(Res<'w, DataDir>, Res<'w, Saver>)>,
}

impl Kept<'_> {
    /// Keeps the seat's link, secret, names and end as they now are; lets the secret go once
    /// the room will not have the seat again (a server out of reach or a certificate that
    /// does not check out leaves it, to try later).
    fn keep(&mut self, online: &OnlineSeat) {
        let invite = online.invite();
        let changed = match (online.connection(), online.secret()) {
            (Connection::Ended(ending), _) => {
                let kept = self.seats.secret_for(invite).is_some();
                if kept && ending.is_the_rooms() {
                    self.seats.forget(invite);
                }
                kept && ending.is_the_rooms()
            }
            (_, Some(secret)) => {
                let seat = TakenSeat {
                    link: invite.link(),
                    secret: secret.to_owned(),
                    names: online.names(),
                    over: online.is_over(),
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

/// Plays what the room said on the screen's game: its first picture puts the game on the
/// screen; a move elsewhere lands with its animation and sound, and while the board is not
/// shown (its settings or rules open) the game is kept up to date without a show. Another
/// game put on the screen lets the seat go (it is kept, to come back to), as does a join
/// the person walked away from before the room answered. While a demo or a lesson borrows
/// the screen, the room's words wait. While the seat is in a game still going, no demo
/// starts over it.
#[expect(
    clippy::too_many_arguments,
    reason = "the room's words reach the game, the screen, the kept seats and the demo's clock"
)]
fn hear_the_room(
    mut commands: Commands,
    online: Option<ResMut<OnlineSeat>>,
    mut game: Option<ResMut<TilesMatch>>,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    mut from_room: MessageWriter<FromRoom>,
    mut kept: Kept,
    idle: Option<ResMut<Idle>>,
    owner: Owner,
) {
    let Some(mut online) = online else {
        return;
    };
    if owner.get() != MatchOwner::Person {
        return;
    }
    let here = *screen.get();
    let replaced = online.is_on_screen() && game.as_deref().is_some_and(|g| !online.shows(g));
    let walked_away = !online.is_on_screen() && !matches!(here, Screen::Title | Screen::Online);
    if replaced || walked_away {
        commands.remove_resource::<OnlineSeat>();
        return;
    }
    let on_the_board = here == Screen::Game(TILES);
    let mut arriving: Option<TilesMatch> = None;
    for shown in online.hear() {
        match shown {
            // The first picture brings the game onto the screen; what follows in the same
            // frame is played on it before it lands.
            Shown::Now(now) | Shown::Moved(now, _)
                if !online.is_on_screen() || arriving.is_some() =>
            {
                arriving = Some(*now);
            }
            Shown::Now(now) | Shown::Moved(now, _) if !on_the_board => {
                if let Some(game) = game.as_deref_mut() {
                    *game = *now;
                }
            }
            Shown::Now(now) => {
                from_room.write(FromRoom::Now(now));
            }
            Shown::Moved(now, changes) => {
                from_room.write(FromRoom::Moved(now, changes));
            }
        }
        if arriving.is_some() {
            online.put_on_screen();
        }
    }
    if let Some(arriving) = arriving {
        commands.insert_resource(arriving);
        next.set(Screen::Game(TILES));
    }
    kept.keep(&online);
    let playing = !online.is_over() && online.is_on_screen();
    if let Some(mut idle) = idle.filter(|_| playing) {
        idle.seconds = 0.0;
    }
}

/// A line at the foot of the screen: who is playing elsewhere now; while the window is not at
/// its seat, a calm word as the socket is opened again, or why the room has ended the seat
/// with the way back to the title.
#[expect(
    clippy::too_many_arguments,
    reason = "the card reads the seat, the game, the screen and the language, and leads away"
)]
fn connection_card(
    mut contexts: EguiContexts,
    online: Res<OnlineSeat>,
    game: Option<Res<TilesMatch>>,
    screen: Res<State<Screen>>,
    settings: Option<Res<Settings>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let language = settings.map_or_else(Language::default, |settings| settings.language);
    let server = Arg::Text(online.invite().host());
    let on_the_board = *screen.get() == Screen::Game(TILES);
    let elsewhere = game
        .as_deref()
        .filter(|game| on_the_board && online.shows(game) && game.phone_to_move())
        .and_then(|game| game.setup().seats.get(game.position().to_move()))
        .map(|seat| seat.name.clone());
    let (line, ended) = match online.connection() {
        Connection::Seated => match elsewhere {
            Some(name) => (
                format(
                    language,
                    "online-playing-elsewhere",
                    &[("name", Arg::Text(&name))],
                ),
                false,
            ),
            None => return Ok(()),
        },
        Connection::Opening => (
            format(language, "online-joining", &[("server", server)]),
            false,
        ),
        Connection::Reconnecting { .. } => (
            format(language, "online-reconnecting", &[("server", server)]),
            false,
        ),
        Connection::Ended(ending) => (text(language, ending_words(ending)).to_owned(), true),
    };
    let ctx = contexts.ctx_mut()?;
    let mut sounds = UiSounds::default();
    egui::Area::new(egui::Id::new("tiles-online-connection"))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(&line).size(17.0));
                if ended || !on_the_board {
                    let words = text(language, "online-leave");
                    if fitted_button(ui, words, true, &mut sounds).clicked() {
                        commands.remove_resource::<OnlineSeat>();
                        next.set(Screen::Title);
                    }
                }
            });
        });
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
