//! The hex game at a seat of a room elsewhere, on the screen: the room's moves played on the
//! screen's game with their animation and sound, the window's own sent to the room, the
//! connection told calmly at the foot of the screen, and the seat kept for a restart.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::super::game::{HexIntent, HexMatch, HexPhase, TurnSystems};
use super::super::id::HEX;
use super::seat::{HexOnlineSeat, Shown};
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
use crate::app::features::online::OnlineSeats;
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::shell::widgets::UiSounds;

pub(in super::super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineSeats>()
        .add_systems(
            Update,
            (
                take_the_join(SeatMaking {
                    named: "hex",
                    game: HEX,
                    first: HexOnlineSeat::new,
                    // Both players at one window play a game of their own there.
                    another: None,
                }),
                hear_the_room,
            )
                .chain()
                .in_set(AppSet::Input)
                .after(JoinSystems),
        )
        .add_systems(
            Update,
            send_the_moves
                .after(TurnSystems)
                .run_if(resource_exists::<HexOnlineSeat>),
        );
}

/// The connection's line, over the board or the title.
pub(in super::super) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        connection_card
            .run_if(resource_exists::<HexOnlineSeat>)
            .in_set(AppSet::Panels),
    );
}

/// Plays what a room showed on the screen's game: a whole game put in place at once (its
/// phase with it), dropping the moves queued before it in the frame; moves queued as intents
/// for their show while the board is in sight (`show`), else played at once.
pub(in crate::app::hex) fn land(
    game: &mut HexMatch,
    shown: Shown,
    show: bool,
    queued: &mut Vec<HexIntent>,
    phase: Option<&mut NextState<HexPhase>>,
) {
    match shown {
        Shown::Now(now) => {
            queued.clear();
            *game = *now;
            if let Some(phase) = phase {
                phase.set(if game.outcome().is_some() {
                    HexPhase::Over
                } else {
                    HexPhase::Playing
                });
            }
        }
        Shown::Moved(moves) if show => queued.extend(moves),
        Shown::Moved(moves) => {
            for intent in moves {
                super::super::game::apply(game, intent);
            }
        }
    }
}

/// Plays what the room said on the screen's game: its first picture puts the game on the
/// screen, a move elsewhere lands with its animation and sound, and while the board is not
/// shown the game is kept up to date without a show. Another game put on the screen lets the
/// seat go (it is kept, to come back to), as does a join walked away from, or a seat of
/// another room taken since. While a demo or a lesson borrows the screen, the room's words
/// wait; while the game goes on, no demo starts over it.
#[expect(
    clippy::too_many_arguments,
    reason = "the room's words reach the game, its phase, the screen, the kept seats and the demo's clock"
)]
fn hear_the_room(
    mut commands: Commands,
    online: Option<ResMut<HexOnlineSeat>>,
    mut game: Option<ResMut<HexMatch>>,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    mut phase: Option<ResMut<NextState<HexPhase>>>,
    mut intents: MessageWriter<HexIntent>,
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
        commands.remove_resource::<HexOnlineSeat>();
        if ours {
            commands.remove_resource::<InRoom>();
        }
        return;
    }
    let on_the_board = here == Screen::Game(HEX);
    let mut arriving: Option<HexMatch> = None;
    let mut queued = Vec::new();
    for shown in online.hear(game.as_deref()) {
        match shown {
            // The first picture brings the game onto the screen; what follows in the same
            // frame is played on it before it lands.
            Shown::Now(now) if !online.is_on_screen() || arriving.is_some() => {
                arriving = Some(*now);
            }
            Shown::Moved(moves) if arriving.is_some() => {
                if let Some(arriving) = arriving.as_mut() {
                    for intent in moves {
                        super::super::game::apply(arriving, intent);
                    }
                }
            }
            shown => {
                if let Some(game) = game.as_deref_mut() {
                    land(game, shown, on_the_board, &mut queued, phase.as_deref_mut());
                }
            }
        }
        if arriving.is_some() {
            online.put_on_screen();
        }
    }
    intents.write_batch(queued);
    if let Some(arriving) = arriving {
        commands.insert_resource(arriving);
        next.set(Screen::Game(HEX));
    }
    if let Some(in_room) = in_room.as_deref_mut() {
        in_room.on_screen = online.is_on_screen();
        in_room.gathering = game.as_deref().is_none_or(|game| game.gathering());
    }
    kept.keep(SeatNow {
        invite: online.invite(),
        connection: online.connection(),
        secret: online.secret(),
        names: online.names(),
        over: online.is_over(),
        room: online.room(),
        seat: online.seat(),
    });
    let playing = !online.is_over() && online.is_on_screen();
    if let Some(mut idle) = idle.filter(|_| playing) {
        idle.seconds = 0.0;
    }
}

/// Sends the room the window's moves as they are played on the screen (and those a dropped
/// socket kept back, once the room is there again), and asks it for the next game when Play
/// again is pressed after the end.
fn send_the_moves(
    mut online: ResMut<HexOnlineSeat>,
    game: Option<Res<HexMatch>>,
    mut asked: MessageReader<HexIntent>,
) {
    let again = asked
        .read()
        .any(|intent| matches!(intent, HexIntent::Restart));
    let Some(game) = game.filter(|_| online.is_on_screen()) else {
        return;
    };
    if again && online.shows(&game) {
        online.play_again();
    }
    online.send_new_moves(&game);
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
    online: Res<HexOnlineSeat>,
    game: Option<Res<HexMatch>>,
    screen: Res<State<Screen>>,
    settings: Option<Res<Settings>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let language = settings.map_or_else(Language::default, |settings| settings.language);
    let on_the_board = *screen.get() == Screen::Game(HEX);
    let elsewhere = game
        .as_deref()
        .filter(|game| on_the_board && online.shows(game) && game.elsewhere_to_move())
        .map(|game| {
            let turn = game.position().turn().index();
            let name = game.names()[turn].trim();
            if name.is_empty() {
                language.default_player(turn)
            } else {
                name.to_owned()
            }
        });
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
        commands.remove_resource::<HexOnlineSeat>();
        commands.remove_resource::<InRoom>();
        next.set(Screen::Title);
    }
    sfx.write_batch(sounds.0);
    Ok(())
}
