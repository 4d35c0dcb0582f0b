//! Play online: a game in a room elsewhere joined (or watched) by the link a person was sent,
//! the games this window has a seat in still going, and how to host one, here or on a game
//! server.

use abakus_match::room::read_code;
use abakus_server::making::ServerAddress;
use abakus_server::remote::Invite;
use abakus_words::{Arg, SHELL};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::games::{GameId, GameRegistry};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::features::host_online::{HostingAt, JoinByCode, Making};
use crate::app::features::online::{JoinRoom, OnlineSeats};
use crate::app::shell::widgets::{
    UiSounds, centred_card, fitted_button, menu_button, remember_field,
};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LinkField>()
        .add_systems(OnEnter(Screen::Online), clear_field)
        .add_systems(
            EguiPrimaryContextPass,
            online_screen
                .run_if(in_state(Screen::Online))
                .in_set(AppSet::Panels),
        );
}

/// What the person has typed or pasted, and why it is not a link yet; the game server's
/// address and key as typed (the settings keep them trimmed), and why the address is not one.
#[derive(Resource, Debug, Default)]
struct LinkField {
    text: String,
    wrong: Option<Key>,
    server: ServerFields,
    wrong_server: bool,
}

/// The link's field empty, the server's as the settings keep them.
fn clear_field(mut field: ResMut<LinkField>, settings: Res<Settings>) {
    *field = LinkField {
        server: ServerFields {
            address: settings.room_server.clone().unwrap_or_default(),
            key: settings.room_key.clone().unwrap_or_default(),
        },
        ..LinkField::default()
    };
}

fn online_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut field: ResMut<LinkField>,
    (seats, registry, making): (Res<OnlineSeats>, Res<GameRegistry>, Option<Res<Making>>),
    (mut hosting_at, mut join, mut by_code): (
        ResMut<HostingAt>,
        MessageWriter<JoinRoom>,
        MessageWriter<JoinByCode>,
    ),
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    if making.is_some() {
        // The making's card alone: nothing under it to press meanwhile.
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let mut server = std::mem::take(&mut field.server);
    let used = settings.room_servers.clone();
    let width = (ctx.content_rect().width() - 40.0).min(760.0);
    centred_card(
        ctx,
        "online",
        width,
        words.text(Key::PlayOnline),
        false,
        |ui| {
            match join_form(ui, words, &mut field, &server.address, &mut sounds) {
                Some(Typed::Link(invite)) => {
                    join.write(JoinRoom(invite));
                }
                Some(Typed::Code(server, code)) => {
                    by_code.write(JoinByCode { server, code });
                }
                None => {}
            }
            going_games(ui, words, &seats, &mut join, &mut sounds);
            ui.add_space(14.0);
            ui.label(RichText::new(words.text(Key::OnlineHostHeading)).size(22.0));
            ui.label(RichText::new(words.text(Key::OnlineHostHow)).size(16.0));
            let games = registry.entries().iter().filter(|game| game.playable);
            let games: Vec<_> = games.map(|game| (game.id, (game.name)(words))).collect();
            if let Some((address, game)) = host_on_a_server(
                ui,
                words,
                (&mut server, &used),
                &mut field.wrong_server,
                &games,
                &mut sounds,
            ) {
                hosting_at.0 = Some(address);
                next.set(Screen::Setup(game));
            }
            ui.add_space(16.0);
            if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                next.set(Screen::Title);
            }
        },
    );
    let typed = |text: &str| Some(text.trim().to_owned()).filter(|text| !text.is_empty());
    let (address, key) = (typed(&server.address), typed(&server.key));
    if settings.room_server != address || settings.room_key != key {
        settings.room_server = address;
        settings.room_key = key;
    }
    field.server = server;
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The game server's address and key as typed; kept in the settings.
#[derive(Debug, Default)]
struct ServerFields {
    address: String,
    key: String,
}

/// The game server's address and key, and a button for each game to set up there; the
/// server and the game, once one is pressed with an address that reads as one.
fn host_on_a_server(
    ui: &mut Ui,
    words: Language,
    (server, used): (&mut ServerFields, &[String]),
    wrong_server: &mut bool,
    games: &[(GameId, &str)],
    sounds: &mut UiSounds,
) -> Option<(ServerAddress, GameId)> {
    ui.add_space(8.0);
    ui.label(RichText::new(SHELL.text(words, "online-host-server-heading")).size(18.0));
    let hint = SHELL.text(words, "online-server-hint");
    let address = egui::TextEdit::singleline(&mut server.address)
        .hint_text(hint)
        .desired_width(ui.available_width());
    let typed = ui.add(address);
    remember_field(ui, hint, &typed);
    if typed.changed() {
        *wrong_server = false;
    }
    // The servers rooms were made on before, to take again with a click.
    let typed = ServerAddress::parse(&server.address)
        .ok()
        .map(|address| address.base);
    let before: Vec<&String> = used
        .iter()
        .filter(|used| typed.as_ref() != Some(*used))
        .collect();
    if !before.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(SHELL.text(words, "online-servers-used"));
            for used in before {
                let shown = ServerAddress::parse(used)
                    .map_or_else(|_| used.clone(), |address| address.host().to_owned());
                if fitted_button(ui, &shown, true, sounds).clicked() {
                    server.address.clone_from(used);
                    *wrong_server = false;
                }
            }
        });
    }
    let hint = SHELL.text(words, "online-key-hint");
    let key = egui::TextEdit::singleline(&mut server.key)
        .hint_text(hint)
        .password(true)
        .desired_width(ui.available_width());
    let typed = ui.add(key);
    remember_field(ui, hint, &typed);
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for &(game, name) in games {
            let words = SHELL.format(words, "online-host-there", &[("game", Arg::Text(name))]);
            let typed = !server.address.trim().is_empty();
            if fitted_button(ui, &words, typed, sounds).clicked() {
                chosen = Some(game);
            }
        }
    });
    if *wrong_server {
        let wrong = SHELL.text(words, "online-not-a-server-address");
        ui.label(RichText::new(wrong).color(palette::WARNING.to_egui()));
    }
    let game = chosen?;
    match ServerAddress::parse(&server.address) {
        Ok(address) => Some((address, game)),
        Err(_) => {
            *wrong_server = true;
            None
        }
    }
}

/// What was typed to join a game: a link, or a short code with its server.
#[derive(Debug, PartialEq, Eq)]
enum Typed {
    Link(Invite),
    Code(ServerAddress, String),
}

/// The link's field and Join; the link, once it reads as a seat's or a watcher's, or a short
/// code with its server's address before it or in the server's field (`server_typed`).
fn join_form(
    ui: &mut Ui,
    words: Language,
    field: &mut LinkField,
    server_typed: &str,
    sounds: &mut UiSounds,
) -> Option<Typed> {
    ui.label(RichText::new(words.text(Key::OnlineJoinHeading)).size(22.0));
    let hint = words.text(Key::OnlineJoinHint);
    let edit = egui::TextEdit::singleline(&mut field.text)
        .hint_text(hint)
        .font(egui::TextStyle::Heading)
        .desired_width(ui.available_width());
    let response = ui.add(edit);
    remember_field(ui, hint, &response);
    if response.changed() {
        field.wrong = None;
    }
    let entered = response.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
    let pressed = menu_button(ui, words.text(Key::OnlineJoin), true, sounds).clicked();
    if let Some(wrong) = field.wrong {
        ui.label(RichText::new(words.text(wrong)).color(palette::WARNING.to_egui()));
    }
    ui.add_space(10.0);
    if !(entered || pressed) || field.text.trim().is_empty() {
        return None;
    }
    match read_typed(&field.text, server_typed) {
        Ok(typed) => Some(typed),
        Err(wrong) => {
            field.wrong = Some(wrong);
            None
        }
    }
}

/// What a person typed to join: a link, a short code after its server's address, or a code
/// alone with the address in the server's field (`server_typed`); else why it is neither.
fn read_typed(text: &str, server_typed: &str) -> Result<Typed, Key> {
    let text = text.trim();
    if let Ok(invite) = Invite::parse(text) {
        return Ok(Typed::Link(invite));
    }
    let server_before = text
        .split_once(char::is_whitespace)
        .and_then(|(server, code)| Some((ServerAddress::parse(server).ok()?, read_code(code)?)));
    if let Some((server, code)) = server_before {
        return Ok(Typed::Code(server, code));
    }
    let code = read_code(text).ok_or(Key::OnlineNotALink)?;
    let server = ServerAddress::parse(server_typed).map_err(|_| Key::OnlineCodeNeedsServer)?;
    Ok(Typed::Code(server, code))
}

/// A button for each game this window has a seat in that is still going: its players and
/// its server.
fn going_games(
    ui: &mut Ui,
    words: Language,
    seats: &OnlineSeats,
    join: &mut MessageWriter<JoinRoom>,
    sounds: &mut UiSounds,
) {
    let going = seats.going();
    if going.is_empty() {
        return;
    }
    ui.label(RichText::new(words.text(Key::OnlineYourGames)).size(22.0));
    for game in going {
        let (first, invite) = &game[0];
        let mut label = format!("{} · {}", first.names.join(", "), invite.host());
        if invite.watching {
            label = format!("{label} · {}", SHELL.text(words, "online-watching-mark"));
        }
        let played: Vec<&str> = game
            .iter()
            .filter_map(|(seat, _)| first.names.get(seat.seat?).map(String::as_str))
            .collect();
        if !played.is_empty() {
            let names = Arg::Text(&played.join(", "));
            let playing = SHELL.format(words, "online-playing-as", &[("names", names)]);
            label = format!("{label} · {playing}");
        }
        if menu_button(ui, &label, true, sounds).clicked() {
            // Every seat the window took in the room: the people at the screen come back
            // together.
            join.write_batch(game.into_iter().map(|(_, invite)| JoinRoom(invite)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_or_a_code_with_its_server_is_read_as_a_person_types_it() {
        let server = |text| ServerAddress::parse(text).expect("an address");
        let key = "0123456789abcdef0123456789abcdef";
        let link = format!("https://games.example.org/seat/{key}/");
        assert_eq!(
            read_typed(&format!("  {link} "), "elsewhere.example.org"),
            Ok(Typed::Link(Invite::parse(&link).expect("a link")))
        );
        // A code after its server's address, in any case and with a space for the dash.
        assert_eq!(
            read_typed("games.example.org k7qm 2pxr", ""),
            Ok(Typed::Code(server("games.example.org"), "K7QM-2PXR".into()))
        );
        assert_eq!(
            read_typed("http://127.0.0.1:8480 K7QM-2PXR", "games.example.org"),
            Ok(Typed::Code(
                server("http://127.0.0.1:8480"),
                "K7QM-2PXR".into()
            ))
        );
        // A code alone takes the server's field.
        assert_eq!(
            read_typed("K7QM-2PXL", "games.example.org"),
            Ok(Typed::Code(server("games.example.org"), "K7QM-2PX1".into()))
        );
        assert_eq!(read_typed("K7QM-2PXR", ""), Err(Key::OnlineCodeNeedsServer));
        assert_eq!(
            read_typed("K7QM-2PXR", "not an address"),
            Err(Key::OnlineCodeNeedsServer)
        );
        for neither in [
            "hello",
            "games.example.org",
            "games.example.org K7QM",
            "K7QM-2PXU",
        ] {
            assert_eq!(
                read_typed(neither, "games.example.org"),
                Err(Key::OnlineNotALink)
            );
        }
    }
}
