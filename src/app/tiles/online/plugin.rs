//! The tile game at a seat of a room elsewhere, on the screen: a link joined, the room's words
//! played on the screen's game with their animation and sound, the connection's state told
//! calmly, and the seat kept so the window comes back to it after a restart.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::super::game::TilesMatch;
use super::super::id::TILES;
use super::super::phone::plugin::FromRoom;
use super::seat::{OnlineSeat, Shown};
use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::Screen;
use crate::app::base::settings::Settings;
use crate::app::features::attract::Idle;
use crate::app::features::joining::{
    InRoom, JoinSystems, SeatMaking, connection_line, show_connection_line, take_the_join,
};
use crate::app::features::joining::{KeptOnlineSeats, SeatNow};
use crate::app::features::online::{JoinRoom, OnlineSeats};
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::shell::widgets::UiSounds;

pub(in super::super) fn plugin(app: &mut App) {
    app.add_message::<JoinRoom>()
        .init_resource::<OnlineSeats>()
        .add_systems(
            Update,
            (
                take_the_join(SeatMaking {
                    named: "tiles",
                    game: TILES,
                    first: OnlineSeat::new,
                    another: Some(OnlineSeat::add),
                }),
                hear_the_room,
            )
                .chain()
                .in_set(AppSet::Input)
                .after(JoinSystems),
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
    (mut kept, mut in_room): (KeptOnlineSeats, Option<ResMut<InRoom>>),
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
    let ours = in_room
        .as_deref()
        .is_some_and(|in_room| in_room.invite == *online.invite());
    if replaced || walked_away || !ours {
        commands.remove_resource::<OnlineSeat>();
        if ours {
            commands.remove_resource::<InRoom>();
        }
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
    if let Some(in_room) = in_room.as_deref_mut() {
        in_room.on_screen = online.is_on_screen();
        in_room.gathering = game.as_deref().is_none_or(|game| game.gathering());
    }
    for link in online.links() {
        kept.keep(SeatNow {
            invite: link.invite(),
            connection: link.connection(),
            secret: link.secret(),
            names: link.names(),
            over: link.is_over(),
            room: link.room(),
            seat: link.seat(),
        });
    }
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
    let on_the_board = *screen.get() == Screen::Game(TILES);
    let elsewhere = game
        .as_deref()
        .filter(|game| on_the_board && online.shows(game) && game.phone_to_move())
        .and_then(|game| game.setup().seats.get(game.position().to_move()))
        .map(|seat| seat.name.clone());
    let server = online.invite().host();
    let Some((line, ended)) =
        connection_line(language, online.connection(), server, elsewhere.as_deref())
    else {
        return Ok(());
    };
    let mut sounds = UiSounds::default();
    let way_out = ended || !on_the_board;
    let ctx = contexts.ctx_mut()?;
    if show_connection_line(ctx, "online-seat", &line, way_out, language, &mut sounds) {
        commands.remove_resource::<OnlineSeat>();
        commands.remove_resource::<InRoom>();
        next.set(Screen::Title);
    }
    sfx.write_batch(sounds.0);
    Ok(())
}
