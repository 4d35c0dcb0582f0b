//! A room made on a game server elsewhere for a game set up at the window: the request on a
//! thread of its own, the window's seats joined once the room is made, and the other people's
//! links, each with its QR code and short code, shown for the host to send. A short code typed
//! with its server's address is asked of that server the same way, and its link joined.

use std::collections::HashMap;
use std::sync::{Mutex, mpsc};

use abakus_server::making::{
    MadeRoom, MakeError, ServerAddress, find_code, make_room, table_request,
};
use abakus_server::remote::Invite;
use abakus_server::table::Setup;
use abakus_words::{Arg, Language, SHELL};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::board_room::LEFT_PANEL_WIDTH;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::Key;
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::storage::{DataDir, Saver};
use crate::app::features::attract::Booth;
use crate::app::features::joining::{InRoom, JoinSystems};
use crate::app::features::online::{HostedRoom, JoinRoom, OnlineSeats, SentLink};
use crate::app::features::phones::qr::qr_image;
use crate::app::shell::widgets::{UiSounds, centred_card, fitted_button, menu_button};

/// Making rooms on a server elsewhere.
pub fn plugin(app: &mut App) {
    app.init_resource::<HostingAt>()
        .add_message::<HostOnline>()
        .add_message::<JoinByCode>()
        .add_systems(OnEnter(Screen::Title), forget_the_server)
        // A room still being made when the person leaves is let go: its answer is not waited
        // for, and no game comes onto a screen nobody asked it for.
        .add_systems(OnExit(Screen::Online), give_up_making)
        .add_systems(
            Update,
            (make_rooms, find_codes, hear_the_making, hear_the_finding)
                .chain()
                .in_set(AppSet::Input)
                .before(JoinSystems),
        );
}

/// The making's card, and the links to send over the game.
pub fn panels_plugin(app: &mut App) {
    app.init_resource::<LinksShown>().add_systems(
        EguiPrimaryContextPass,
        (
            making_card.run_if(resource_exists::<Making>),
            links_card.run_if(resource_exists::<InRoom>),
        )
            .in_set(AppSet::Panels),
    );
}

/// The server the next game set up is hosted on, chosen on the Play online screen; a game
/// set up from the title is played at the window.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct HostingAt(pub Option<ServerAddress>);

/// A game set up at the window, to be played in a room made on the chosen server: the window
/// takes `own_seats` (one for each person at the screen), and every other person's seat gets
/// a link.
#[derive(Message, Debug, Clone)]
pub struct HostOnline {
    pub setup: Setup,
    pub own_seats: Vec<usize>,
}

/// A short code typed to join a game, with the server that gave it (as
/// [`abakus_match::room::read_code`] writes it).
#[derive(Message, Debug, Clone)]
pub struct JoinByCode {
    pub server: ServerAddress,
    pub code: String,
}

/// A room being made or a code's link being asked for, or why it was not had.
#[derive(Resource)]
pub enum Making {
    Asking {
        server: ServerAddress,
        own_seats: Vec<usize>,
        answer: Mutex<mpsc::Receiver<Result<MadeRoom, MakeError>>>,
    },
    Failed(String),
    Finding {
        server: ServerAddress,
        answer: Mutex<mpsc::Receiver<Result<Invite, MakeError>>>,
    },
    NotFound(String),
}

impl Making {
    fn is_asking(&self) -> bool {
        matches!(self, Making::Asking { .. } | Making::Finding { .. })
    }
}

fn forget_the_server(mut at: ResMut<HostingAt>) {
    at.0 = None;
}

fn give_up_making(mut commands: Commands) {
    commands.remove_resource::<Making>();
}

/// Asks the chosen server for the room of a game set up, on a thread of its own: the window
/// goes on drawing the card that says so.
fn make_rooms(
    mut commands: Commands,
    mut asked: MessageReader<HostOnline>,
    at: Res<HostingAt>,
    (settings, making): (Option<Res<Settings>>, Option<Res<Making>>),
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(HostOnline { setup, own_seats }) = asked.read().last() else {
        return;
    };
    if making.is_some_and(|making| making.is_asking()) {
        // One room at a time: a Start pressed twice makes one.
        return;
    }
    let Some(server) = at.0.clone() else {
        return;
    };
    let language = settings.as_deref().map(|s| s.language).unwrap_or_default();
    let key = settings.as_deref().and_then(|s| s.room_key.clone());
    let table = table_request(setup, language, key.as_deref());
    let (tell, answer) = mpsc::channel();
    let asking = server.clone();
    let spawned = std::thread::Builder::new()
        .name("abakus-room-making".into())
        .spawn(move || {
            let _ = tell.send(make_room(&asking, &table));
        });
    let making = match spawned {
        Ok(_) => Making::Asking {
            server,
            own_seats: own_seats.clone(),
            answer: Mutex::new(answer),
        },
        Err(why) => Making::Failed(why.to_string()),
    };
    commands.insert_resource(making);
    // The joining's line shows there, and its way back leads to the title.
    next.set(Screen::Online);
}

/// Asks the code's server for the link it opens, on a thread of its own.
fn find_codes(
    mut commands: Commands,
    mut asked: MessageReader<JoinByCode>,
    making: Option<Res<Making>>,
) {
    let Some(JoinByCode { server, code }) = asked.read().last() else {
        return;
    };
    if making.is_some_and(|making| making.is_asking()) {
        return;
    }
    let (tell, answer) = mpsc::channel();
    let (asking, code) = (server.clone(), code.clone());
    let spawned = std::thread::Builder::new()
        .name("abakus-code-finding".into())
        .spawn(move || {
            let _ = tell.send(find_code(&asking, &code));
        });
    commands.insert_resource(match spawned {
        Ok(_) => Making::Finding {
            server: server.clone(),
            answer: Mutex::new(answer),
        },
        Err(why) => Making::NotFound(why.to_string()),
    });
}

/// Once the room is made: its links kept, and the window's seats joined by their own.
fn hear_the_making(
    mut commands: Commands,
    making: Option<ResMut<Making>>,
    mut settings: Option<ResMut<Settings>>,
    mut seats: ResMut<OnlineSeats>,
    storage: Option<(Res<DataDir>, Res<Saver>)>,
    mut join: MessageWriter<JoinRoom>,
) {
    let Some(mut making) = making else {
        return;
    };
    let Making::Asking {
        server,
        own_seats,
        answer,
    } = &*making
    else {
        return;
    };
    let language = settings.as_deref().map(|s| s.language).unwrap_or_default();
    let Ok(answer) = answer.lock() else {
        return;
    };
    let made = match answer.try_recv() {
        Err(mpsc::TryRecvError::Empty) => return,
        Err(mpsc::TryRecvError::Disconnected) => Err(MakeError::NotAServer(String::new())),
        Ok(made) => made,
    };
    drop(answer);
    let made = made.and_then(|made| {
        let own: Vec<Invite> = made
            .seats
            .iter()
            .filter(|(seat, _, _)| own_seats.contains(seat))
            .map(|(_, _, invite)| invite.clone())
            .collect();
        if own.is_empty() || own.len() != own_seats.len() {
            return Err(MakeError::Refused {
                code: String::new(),
                why: "the room has no seat for this window".into(),
            });
        }
        Ok((made, own))
    });
    match made {
        Ok((made, own)) => {
            info!("a room made at {}: {}", server.host(), made.room);
            if let Some(settings) = settings.as_deref_mut() {
                settings.used_server(&server.base);
            }
            for (seat, name, invite) in &made.seats {
                // For a host at a terminal, and for scripts.
                println!("seat {} ({name}): {}", seat + 1, invite.link());
            }
            seats.host(HostedRoom {
                own: own[0].link(),
                others: made
                    .seats
                    .iter()
                    .zip(&made.codes)
                    .filter(|((seat, _, _), _)| !own_seats.contains(seat))
                    .map(|((_, name, invite), code)| SentLink {
                        name: name.clone(),
                        link: invite.link(),
                        code: code.clone(),
                    })
                    .collect(),
                watch: made.watch.link(),
                watch_code: made.watch_code.clone(),
            });
            if let Some((dir, saver)) = &storage {
                seats.save(dir, saver);
            }
            commands.remove_resource::<Making>();
            // One after the other: the first person's seat first, the room then known.
            join.write_batch(own.into_iter().map(JoinRoom));
        }
        Err(why) => {
            warn!("no room made at {}: {why}", server.host());
            *making = Making::Failed(failure_words(language, server, &why));
        }
    }
}

/// Once a code's link is known, it is joined; else why not is said.
fn hear_the_finding(
    mut commands: Commands,
    making: Option<ResMut<Making>>,
    mut settings: Option<ResMut<Settings>>,
    mut join: MessageWriter<JoinRoom>,
) {
    let Some(mut making) = making else {
        return;
    };
    let Making::Finding { server, answer } = &*making else {
        return;
    };
    let found = match answer.lock().map(|answer| answer.try_recv()) {
        Err(_) | Ok(Err(mpsc::TryRecvError::Empty)) => return,
        Ok(Err(mpsc::TryRecvError::Disconnected)) => Err(MakeError::NotAServer(String::new())),
        Ok(Ok(found)) => found,
    };
    match found {
        Ok(invite) => {
            if let Some(settings) = settings.as_deref_mut() {
                settings.used_server(&server.base);
            }
            commands.remove_resource::<Making>();
            join.write(JoinRoom(invite));
        }
        Err(why) => {
            let language = settings.as_deref().map(|s| s.language).unwrap_or_default();
            warn!("no game found by its code at {}: {why}", server.host());
            *making = Making::NotFound(code_failure_words(language, server, &why));
        }
    }
}

/// Why no room was made, in the player's words.
fn failure_words(language: Language, server: &ServerAddress, why: &MakeError) -> String {
    let server = Arg::Text(server.host());
    match why {
        MakeError::Certificate(_) => SHELL.text(language, "online-ended-certificate").to_owned(),
        MakeError::WrongName => {
            SHELL.format(language, "online-not-this-name", &[("server", server)])
        }
        MakeError::NotAServer(_) => {
            SHELL.format(language, "online-no-server-at", &[("server", server)])
        }
        MakeError::Refused { code, why } => match code.as_str() {
            "key" => SHELL.text(language, "online-refused-key").to_owned(),
            "busy" => SHELL.text(language, "online-refused-busy").to_owned(),
            "too-many" => SHELL.text(language, "online-refused-too-many").to_owned(),
            _ => SHELL.format(language, "online-refused", &[("why", Arg::Text(why))]),
        },
    }
}

/// Why a code opened no game, in the player's words.
fn code_failure_words(language: Language, server: &ServerAddress, why: &MakeError) -> String {
    let host = Arg::Text(server.host());
    match why.refusal() {
        Some("no-such-code") => SHELL.format(language, "online-code-unknown", &[("server", host)]),
        Some("too-many-codes") => SHELL.text(language, "online-code-too-many").to_owned(),
        _ => failure_words(language, server, why),
    }
}

/// While the room is made: a calm line; if it is not, why, and the way back.
fn making_card(
    mut contexts: EguiContexts,
    mut commands: Commands,
    making: Res<Making>,
    settings: Option<Res<Settings>>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let language = settings.as_deref().map(|s| s.language).unwrap_or_default();
    let mut sounds = UiSounds::default();
    let at = |server: &ServerAddress, words| {
        SHELL.format(language, words, &[("server", Arg::Text(server.host()))])
    };
    let (line, failed) = match &*making {
        Making::Asking { server, .. } => (at(server, "online-making"), false),
        Making::Finding { server, .. } => (at(server, "online-code-finding"), false),
        Making::Failed(why) | Making::NotFound(why) => (why.clone(), true),
    };
    let heading = match &*making {
        Making::Asking { .. } | Making::Failed(_) => language.text(Key::OnlineHostHeading),
        Making::Finding { .. } | Making::NotFound(_) => language.text(Key::OnlineJoinHeading),
    };
    centred_card(ctx, "online-making", 560.0, heading, true, |ui| {
        let colour = if failed {
            palette::WARNING.to_egui()
        } else {
            palette::TEXT.to_egui()
        };
        ui.label(RichText::new(line).size(19.0).color(colour));
        ui.add_space(10.0);
        // While the room is made, the way out lets it go: its answer is not waited for.
        let leave = if failed { Key::Back } else { Key::Cancel };
        if menu_button(ui, language.text(leave), true, &mut sounds).clicked() {
            commands.remove_resource::<Making>();
        }
    });
    sfx.write_batch(sounds.0);
    Ok(())
}

/// Whether the links card is open, for the room it was last shown for: it is open while the
/// room waits for its people, unless the host has folded it away or opened it again.
#[derive(Resource, Debug, Default)]
struct LinksShown {
    room: String,
    /// The host's own choice, once made: open or folded.
    chosen: Option<bool>,
}

/// Over the game of a room this window made: each other person's link with its code, and the
/// watchers' link, each to copy, while the room waits for them; after, or at the host's word,
/// a button that brings them back.
fn links_card(
    mut contexts: EguiContexts,
    (in_room, screen): (Res<InRoom>, Res<State<Screen>>),
    seats: Res<OnlineSeats>,
    mut shown: ResMut<LinksShown>,
    settings: Option<Res<Settings>>,
    mut sfx: MessageWriter<Sfx>,
    mut codes: Local<HashMap<String, egui::TextureHandle>>,
) -> Result {
    if !in_room.on_screen || *screen.get() != Screen::Game(in_room.game) {
        return Ok(());
    }
    // Whichever of the window's seats was joined first, the room it made is found.
    let mut own_links = std::iter::once(&in_room.invite).chain(&in_room.more);
    let Some(hosted) = own_links.find_map(|invite| seats.hosted_by(&invite.link())) else {
        return Ok(());
    };
    let own = hosted.own.clone();
    if shown.room != own {
        *shown = LinksShown {
            room: own,
            chosen: None,
        };
        codes.clear();
    }
    let ctx = contexts.ctx_mut()?;
    let language = settings.as_deref().map(|s| s.language).unwrap_or_default();
    let mut sounds = UiSounds::default();
    if !shown.chosen.unwrap_or(in_room.gathering) {
        // Beside the board's foot, clear of the panels and of the connection's line.
        egui::Area::new(egui::Id::new("online-links-folded"))
            .order(egui::Order::Foreground)
            .anchor(
                egui::Align2::LEFT_BOTTOM,
                egui::vec2(LEFT_PANEL_WIDTH + 12.0, -16.0),
            )
            .show(ctx, |ui| {
                let words = SHELL.text(language, "online-links-show");
                if fitted_button(ui, words, true, &mut sounds).clicked() {
                    shown.chosen = Some(true);
                }
            });
        sfx.write_batch(sounds.0);
        return Ok(());
    }
    let heading = SHELL.text(language, "online-links-heading");
    let width = (hosted.others.len().max(1) as f32 * 250.0).clamp(400.0, 760.0);
    centred_card(ctx, "online-links", width, heading, true, |ui| {
        if !hosted.watch_code.is_empty() {
            let server = Arg::Text(in_room.invite.host());
            let how = SHELL.format(language, "online-link-code", &[("server", server)]);
            ui.label(RichText::new(how).size(15.0));
            ui.add_space(6.0);
        }
        ui.horizontal_top(|ui| {
            for sent in &hosted.others {
                let texture = codes.entry(sent.link.clone()).or_insert_with(|| {
                    let image = qr_image(&sent.link).unwrap_or_default();
                    ui.ctx()
                        .load_texture(&sent.link, image, egui::TextureOptions::NEAREST)
                });
                ui.vertical(|ui| {
                    ui.set_width(236.0);
                    let whose = SHELL.format(
                        language,
                        "online-link-for",
                        &[("name", Arg::Text(&sent.name))],
                    );
                    ui.label(RichText::new(whose).size(18.0));
                    ui.image((texture.id(), texture.size_vec2() * 0.7));
                    link_to_copy(ui, language, (&sent.link, &sent.code), &mut sounds);
                });
            }
        });
        ui.add_space(10.0);
        ui.label(RichText::new(SHELL.text(language, "online-watch-link")).size(18.0));
        let watch = (hosted.watch.as_str(), hosted.watch_code.as_str());
        link_to_copy(ui, language, watch, &mut sounds);
        ui.add_space(10.0);
        let words = SHELL.text(language, "online-links-hide");
        if menu_button(ui, words, true, &mut sounds).clicked() {
            shown.chosen = Some(false);
        }
    });
    sfx.write_batch(sounds.0);
    Ok(())
}

/// A link as text that may be selected, a button that copies it, and beside the button its
/// short code (if the server gave one), in letters that cannot be misread.
fn link_to_copy(
    ui: &mut egui::Ui,
    language: Language,
    (link, code): (&str, &str),
    sounds: &mut UiSounds,
) {
    ui.add(egui::Label::new(RichText::new(link).monospace().size(12.0)).wrap());
    ui.horizontal(|ui| {
        if fitted_button(ui, SHELL.text(language, "online-copy"), true, sounds).clicked() {
            ui.ctx().copy_text(link.to_owned());
        }
        if !code.is_empty() {
            ui.add_space(10.0);
            ui.label(RichText::new(code).monospace().strong().size(20.0));
        }
    });
}

/// What a game's setup needs to host its game on the chosen server.
#[derive(SystemParam)]
pub struct SetupHosting<'w> {
    at: ResMut<'w, HostingAt>,
    host: MessageWriter<'w, HostOnline>,
    booth: Option<Res<'w, Booth>>,
}

impl SetupHosting<'_> {
    /// Whether the game set up is to be hosted on a server.
    #[must_use]
    pub fn elsewhere(&self) -> bool {
        self.at.0.is_some()
    }

    /// The setup's line while its game is to be hosted on a server: where, and a word when
    /// the seats leave nobody at the window, or more people than `most_here`; whether the
    /// game may start (always, when it is played at the window).
    pub fn line(
        &self,
        ui: &mut egui::Ui,
        language: Language,
        people_here: usize,
        most_here: usize,
    ) -> bool {
        let Some(server) = &self.at.0 else {
            return true;
        };
        let line = SHELL.format(
            language,
            "online-host-at",
            &[("server", Arg::Text(server.host()))],
        );
        ui.label(RichText::new(line).size(16.0));
        let fits = (1..=most_here).contains(&people_here);
        if !fits {
            let words = match most_here {
                1 => "online-host-one-here",
                _ => "online-host-someone-here",
            };
            let words = SHELL.text(language, words);
            ui.label(RichText::new(words).color(palette::WARNING.to_egui()));
        }
        fits
    }

    /// Beside Start: while the game is to be hosted on a server, the way to play it at the
    /// window instead; else the way to Play online, to host it on a server or join a game.
    pub fn where_to_play(
        &mut self,
        ui: &mut egui::Ui,
        language: Language,
        sounds: &mut UiSounds,
        next: &mut NextState<Screen>,
    ) {
        if self.at.0.is_none() {
            // A booth's kiosk stays at its own table.
            let kiosk = self.booth.as_deref().is_some_and(|booth| booth.kiosk);
            if !kiosk && menu_button(ui, language.text(Key::PlayOnline), true, sounds).clicked() {
                next.set(Screen::Online);
            }
            return;
        }
        let words = SHELL.text(language, "online-host-here-instead");
        if menu_button(ui, words, true, sounds).clicked() {
            self.at.0 = None;
        }
    }

    /// Hosts the game on the chosen server, the window at `own_seats`; false when it is
    /// played at the window instead.
    pub fn host(&mut self, setup: impl FnOnce() -> Setup, own_seats: &[usize]) -> bool {
        if self.at.0.is_none() || own_seats.is_empty() {
            return false;
        }
        self.host.write(HostOnline {
            setup: setup(),
            own_seats: own_seats.to_vec(),
        });
        true
    }
}
