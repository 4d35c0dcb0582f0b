//! The big screen's side of the phone seats: a QR code and the address written under it for
//! each seat still waiting for its phone, with the network to pick and Start now; the player on
//! a phone named where their rack would be; and the organiser's ways out when a phone is lost
//! (its code again, or the screen).

use std::collections::HashMap;
use std::net::IpAddr;

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::super::game::TilesMatch;
use super::super::id::TILES;
use super::super::words::{format, text};
use super::listen::PhoneListen;
use super::plugin::PhoneTable;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Arg, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::features::phones::address::LanAddress;
use crate::app::features::phones::qr::qr_image;

pub(in super::super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        phone_card
            .run_if(in_state(Screen::Game(TILES)))
            .run_if(resource_exists::<PhoneTable>)
            .in_set(AppSet::Panels),
    );
}

/// What the organiser asked of a seat on the card.
enum Asked {
    CodeAgain(usize),
    AtTheScreen(usize),
    /// The game begins now: every seat still waiting for its phone plays at the screen.
    StartAnyway,
    /// The server listens on this network instead, with new codes.
    Network(IpAddr),
}

fn phone_card(
    mut commands: Commands,
    mut contexts: EguiContexts,
    table: Res<PhoneTable>,
    mut listen: ResMut<PhoneListen>,
    mut game: ResMut<TilesMatch>,
    settings: Option<Res<Settings>>,
    mut codes: Local<HashMap<String, egui::TextureHandle>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let language = settings.map(|s| s.language).unwrap_or_default();
    let server = table.server();
    let names: Vec<String> = game.setup().seats.iter().map(|s| s.name.clone()).collect();
    let waiting: Vec<(usize, String)> = server
        .phone_seats()
        .into_iter()
        .filter(|&seat| !server.is_held(seat))
        .filter_map(|seat| Some((seat, server.seat_address(seat)?)))
        .collect();
    codes.retain(|address, _| waiting.iter().any(|(_, waiting)| waiting == address));
    let mut asked = None;
    if !waiting.is_empty() {
        egui::Area::new(egui::Id::new("tiles-phone-codes"))
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
                            let name = names.get(*seat).map_or("", String::as_str);
                            seat_code(ui, language, name, address, texture, *seat, &mut asked);
                        }
                    });
                    if !server
                        .phone_seats()
                        .iter()
                        .any(|&seat| server.is_held(seat))
                    {
                        network_choice(ui, language, &table, &mut asked);
                    }
                    if game.gathering() {
                        ui.vertical_centered(|ui| {
                            ui.label(RichText::new(text(language, "phone-gathering")).size(16.0));
                            if ui.button(text(language, "phone-start-anyway")).clicked() {
                                asked = Some(Asked::StartAnyway);
                            }
                        });
                    }
                    ui.label(
                        RichText::new(text(language, "phone-plain-network"))
                            .size(13.0)
                            .color(palette::TEXT_MUTED.to_egui()),
                    );
                });
            });
    }
    away_notes(ctx, &table, &game, language, &names, &mut asked);
    match asked {
        Some(Asked::CodeAgain(seat)) => {
            server.reopen(seat);
        }
        Some(Asked::AtTheScreen(seat)) => game.seat_to_the_screen(seat),
        Some(Asked::Network(address)) => {
            // The table closes, and opens again on that address with new codes.
            listen.picked = Some(address);
            commands.remove_resource::<PhoneTable>();
        }
        Some(Asked::StartAnyway) => {
            for (seat, _) in &waiting {
                game.seat_to_the_screen(*seat);
            }
        }
        None => {}
    }
    Ok(())
}

/// Where the machine has several local networks, the one the phones are on, picked by the
/// organiser: each named by its address and its interface.
fn network_choice(
    ui: &mut egui::Ui,
    language: Language,
    table: &PhoneTable,
    asked: &mut Option<Asked>,
) {
    let networks = table.networks();
    if networks.len() < 2 {
        return;
    }
    let current = table.server().address().ip();
    let name = |lan: &LanAddress| format!("{} ({})", lan.address, lan.interface);
    let shown = networks
        .iter()
        .find(|lan| lan.address == current)
        .map_or_else(|| current.to_string(), name);
    ui.horizontal(|ui| {
        ui.label(RichText::new(text(language, "phone-network")).size(14.0));
        egui::ComboBox::from_id_salt("tiles-phone-network")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for lan in networks {
                    if ui
                        .selectable_label(lan.address == current, name(lan))
                        .clicked()
                        && lan.address != current
                    {
                        *asked = Some(Asked::Network(lan.address));
                    }
                }
            });
    });
}

fn seat_code(
    ui: &mut egui::Ui,
    language: Language,
    name: &str,
    address: &str,
    texture: &egui::TextureHandle,
    seat: usize,
    asked: &mut Option<Asked>,
) {
    ui.vertical_centered(|ui| {
        ui.set_width(260.0);
        ui.label(
            RichText::new(format(language, "phone-scan", &[("name", Arg::Text(name))]))
                .size(16.0)
                .strong(),
        );
        ui.image((texture.id(), egui::vec2(220.0, 220.0)));
        ui.label(RichText::new(address).size(12.0).monospace());
        if ui.button(text(language, "phone-play-at-screen")).clicked() {
            *asked = Some(Asked::AtTheScreen(seat));
        }
    });
}

/// Under the board: the player to move on their phone, and any phone seat whose phone went
/// away, with its code again or the seat back to the screen.
fn away_notes(
    ctx: &egui::Context,
    table: &PhoneTable,
    game: &TilesMatch,
    language: Language,
    names: &[String],
    asked: &mut Option<Asked>,
) {
    let server = table.server();
    // Once the game is over a phone gone away holds nothing up.
    let away: Vec<usize> = server
        .phone_seats()
        .into_iter()
        .filter(|&seat| server.is_held(seat) && !server.is_connected(seat))
        .filter(|_| !game.position().is_over())
        .collect();
    let mover = game.position().to_move();
    let on_phone = game.phone_to_move() && server.is_connected(mover);
    if away.is_empty() && !on_phone {
        return;
    }
    egui::Area::new(egui::Id::new("tiles-phone-notes"))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                let name = |seat: usize| Arg::Text(names.get(seat).map_or("", String::as_str));
                if on_phone {
                    let line = format(language, "phone-playing-on-phone", &[("name", name(mover))]);
                    ui.label(RichText::new(line).size(18.0));
                }
                for seat in away {
                    ui.horizontal(|ui| {
                        let line = format(language, "phone-away", &[("name", name(seat))]);
                        ui.label(RichText::new(line).size(16.0));
                        if ui.button(text(language, "phone-show-code")).clicked() {
                            *asked = Some(Asked::CodeAgain(seat));
                        }
                        if ui.button(text(language, "phone-play-at-screen")).clicked() {
                            *asked = Some(Asked::AtTheScreen(seat));
                        }
                    });
                }
            });
        });
}
