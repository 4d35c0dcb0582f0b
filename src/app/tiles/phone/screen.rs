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
use super::plugin::PhoneTable;
use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Arg, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::features::phones::address::LanAddress;
use crate::app::features::phones::listen::PhoneListen;
use crate::app::features::phones::qr::qr_image;
use crate::app::shell::widgets::{UiSounds, fitted_button};

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
#[derive(Clone, Copy, PartialEq, Eq)]
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
    game: Res<TilesMatch>,
    (settings, real, mut sfx): (Option<Res<Settings>>, Res<Time<Real>>, MessageWriter<Sfx>),
    (mut codes, mut confirming): (
        Local<HashMap<String, egui::TextureHandle>>,
        Local<Option<Asked>>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut sounds = UiSounds::default();
    let language = settings.map(|s| s.language).unwrap_or_default();
    let names = game.setup().names();
    let waiting: Vec<(usize, String)> = table
        .phone_seats()
        .into_iter()
        .filter(|&seat| !table.is_held(seat))
        .filter_map(|seat| Some((seat, table.seat_address(seat)?)))
        .collect();
    codes.retain(|address, _| waiting.iter().any(|(_, waiting)| waiting == address));
    let mut asked = None;
    let card = CodesCard {
        table: &table,
        gathering: game.gathering(),
        language,
        names: &names,
        waiting: &waiting,
    };
    card.show(ctx, &mut codes, &mut asked, &mut sounds);
    let away = table.away(real.elapsed_secs());
    // A seat taken from a phone that has come back in the meantime is asked about no more.
    if let Some(Asked::CodeAgain(seat) | Asked::AtTheScreen(seat)) = *confirming
        && !away.contains(&seat)
    {
        *confirming = None;
    }
    let notes = AwayNotes {
        away: &away,
        names: &names,
        language,
    };
    notes.show(ctx, &table, &game, &mut confirming, &mut asked, &mut sounds);
    sfx.write_batch(sounds.0);
    match asked {
        Some(Asked::CodeAgain(seat)) => table.reopen(seat),
        Some(Asked::AtTheScreen(seat)) => table.to_the_screen(seat),
        Some(Asked::Network(address)) => {
            // The table closes, and opens again on that address with new codes.
            listen.picked = Some(address);
            commands.remove_resource::<PhoneTable>();
        }
        Some(Asked::StartAnyway) => {
            for (seat, _) in &waiting {
                table.to_the_screen(*seat);
            }
        }
        None => {}
    }
    Ok(())
}

/// The codes of the seats still waiting for their phone, over the board.
struct CodesCard<'a> {
    table: &'a PhoneTable,
    /// The game waits for its phones before its first turn.
    gathering: bool,
    language: Language,
    names: &'a [String],
    /// Each waiting seat and its address.
    waiting: &'a [(usize, String)],
}

impl CodesCard<'_> {
    fn show(
        &self,
        ctx: &egui::Context,
        codes: &mut HashMap<String, egui::TextureHandle>,
        asked: &mut Option<Asked>,
        sounds: &mut UiSounds,
    ) {
        if self.waiting.is_empty() {
            return;
        }
        let table = self.table;
        egui::Area::new(egui::Id::new("tiles-phone-codes"))
            .order(egui::Order::Foreground)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.horizontal(|ui| {
                        for (seat, address) in self.waiting {
                            let texture = codes.entry(address.clone()).or_insert_with(|| {
                                let image = qr_image(address).unwrap_or_default();
                                ui.ctx()
                                    .load_texture(address, image, egui::TextureOptions::NEAREST)
                            });
                            let name = self.names.get(*seat).map_or("", String::as_str);
                            seat_code(
                                ui,
                                self.language,
                                (*seat, name, address),
                                texture,
                                asked,
                                sounds,
                            );
                        }
                    });
                    if !table.phone_seats().iter().any(|&seat| table.is_held(seat)) {
                        network_choice(ui, self.language, self.table, asked);
                    }
                    if self.gathering {
                        ui.vertical_centered(|ui| {
                            ui.label(
                                RichText::new(text(self.language, "phone-gathering")).size(16.0),
                            );
                            if pressed(ui, sounds, text(self.language, "phone-start-anyway")) {
                                *asked = Some(Asked::StartAnyway);
                            }
                        });
                    }
                    ui.label(
                        RichText::new(text(self.language, "phone-plain-network"))
                            .size(13.0)
                            .color(palette::TEXT_MUTED.to_egui()),
                    );
                });
            });
    }
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
    let current = table.address().ip();
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

/// A seat's code for its phone: who it is for, the code, its address, and the seat back to
/// the screen instead.
fn seat_code(
    ui: &mut egui::Ui,
    language: Language,
    (seat, name, address): (usize, &str, &str),
    texture: &egui::TextureHandle,
    asked: &mut Option<Asked>,
    sounds: &mut UiSounds,
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
        if pressed(ui, sounds, text(language, "phone-play-at-screen")) {
            *asked = Some(Asked::AtTheScreen(seat));
        }
    });
}

/// What the note under the board says of the phones.
struct AwayNotes<'a> {
    /// The seats whose phone has been gone longer than the grace.
    away: &'a [usize],
    names: &'a [String],
    language: Language,
}

impl AwayNotes<'_> {
    /// Under the board: the player to move on their phone, and any phone seat whose phone
    /// went away, with its code again or the seat back to the screen; either asks first, as
    /// the phone may be on its way back.
    fn show(
        &self,
        ctx: &egui::Context,
        table: &PhoneTable,
        game: &TilesMatch,
        confirming: &mut Option<Asked>,
        asked: &mut Option<Asked>,
        sounds: &mut UiSounds,
    ) {
        // Once the game is over a phone gone away holds nothing up.
        let over = game.position().is_over();
        let away: &[usize] = if over { &[] } else { self.away };
        let mover = game.position().to_move();
        let on_phone = game.phone_to_move() && table.is_connected(mover);
        if away.is_empty() && !on_phone {
            return;
        }
        let language = self.language;
        egui::Area::new(egui::Id::new("tiles-phone-notes"))
            .order(egui::Order::Foreground)
            .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -16.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    let name =
                        |seat: usize| Arg::Text(self.names.get(seat).map_or("", String::as_str));
                    if on_phone {
                        let line =
                            format(language, "phone-playing-on-phone", &[("name", name(mover))]);
                        ui.label(RichText::new(line).size(18.0));
                    }
                    for &seat in away {
                        let pending = confirming.filter(|pending| {
                            matches!(pending, Asked::CodeAgain(s) | Asked::AtTheScreen(s) if *s == seat)
                        });
                        if let Some(pending) = pending {
                            let line =
                                format(language, "phone-away-confirm", &[("name", name(seat))]);
                            ui.label(RichText::new(line).size(16.0));
                            ui.horizontal(|ui| {
                                if pressed(ui, sounds, text(language, "phone-away-yes")) {
                                    *asked = Some(pending);
                                    *confirming = None;
                                }
                                if pressed(ui, sounds, text(language, "phone-cancel")) {
                                    *confirming = None;
                                }
                            });
                            continue;
                        }
                        ui.horizontal(|ui| {
                            let line = format(language, "phone-away", &[("name", name(seat))]);
                            ui.label(RichText::new(line).size(16.0));
                            if pressed(ui, sounds, text(language, "phone-show-code")) {
                                *confirming = Some(Asked::CodeAgain(seat));
                            }
                            if pressed(ui, sounds, text(language, "phone-play-at-screen")) {
                                *confirming = Some(Asked::AtTheScreen(seat));
                            }
                        });
                    }
                });
            });
    }
}

/// A button of the organiser's, with its click's sound; scripts find it by its words.
fn pressed(ui: &mut egui::Ui, sounds: &mut UiSounds, words: &str) -> bool {
    fitted_button(ui, words, true, sounds).clicked()
}
