//! A booth's offer during the demo: a code in the corner that seats a visitor at a tile game
//! against the computer, their rack on their own phone.

use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::super::game::SeatKind;
use super::super::setup::{TilesChoices, fresh_seed, start_game};
use super::super::words::{computer_name, text};
use super::listen::{PhoneListen, wake_the_window};
use crate::app::base::frame_order::AppSet;
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::features::attract::{Attract, Booth, DemoShowing};
use crate::app::features::phones::PhoneServer;
use crate::app::features::phones::qr::qr_image;
use crate::app::shell::game_screen::keep_right_foot_free;
use abakus_rules::abaku::ai::Level;

/// The visitor's seat: they move first or second as the deal decides, like any seat.
const VISITOR_SEAT: usize = 0;
/// The visitor's opponent: a fair game for someone who has just learnt the rules.
const OPPONENT: Level = Level::Normal;

/// The deal of the next visitor's game, where a script has fixed it; otherwise each visitor
/// gets a new deal.
#[derive(Resource, Debug, Clone, Copy)]
pub struct VisitorDeal(pub u64);

/// The demo's door for visitors: a phone server with one seat, open while a demo shows at a
/// booth that offers it, and handed on to the visitor's game once a phone has come through it,
/// so the phone keeps its seat.
#[derive(Resource)]
pub struct VisitorDoor {
    server: Option<PhoneServer>,
    /// A phone has taken the seat: the demo is ending and the visitor's game about to begin.
    coming: bool,
    /// The visitor's game has been started; the game's phone table takes the server next.
    seated: bool,
}

impl VisitorDoor {
    /// The server while the door is open, for its seat's address.
    #[must_use]
    pub fn server(&self) -> Option<&PhoneServer> {
        self.server.as_ref()
    }

    /// The server for the visitor's game, whose phone seats are `seats`: the phone already
    /// in keeps its seat.
    pub(super) fn hand_to_the_game(&mut self, seats: &[usize]) -> Option<PhoneServer> {
        if self.seated && seats == [VISITOR_SEAT] {
            self.server.take()
        } else {
            None
        }
    }
}

pub(in super::super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            keep_visitor_door,
            (
                wake_the_window_for_visitors.run_if(resource_added::<VisitorDoor>),
                let_the_visitor_in,
                seat_the_visitor,
            )
                .run_if(resource_exists::<VisitorDoor>),
        )
            .chain()
            .in_set(AppSet::Input),
    );
}

/// The corner's code, drawn over the demo.
pub(in super::super) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            visitor_corner.run_if(resource_exists::<VisitorDoor>),
            give_the_panel_its_foot_back.run_if(resource_removed::<VisitorDoor>),
        )
            .in_set(AppSet::Panels),
    );
}

/// Opens the door while a demo shows at a booth that offers it, and closes it when the demo
/// ends without a visitor's phone.
fn keep_visitor_door(
    mut commands: Commands,
    door: Option<Res<VisitorDoor>>,
    booth: Option<Res<Booth>>,
    showing: Option<Res<DemoShowing>>,
    listen: Res<PhoneListen>,
    settings: Option<Res<Settings>>,
    mut refused: Local<bool>,
) {
    let wanted = booth.is_some_and(|booth| booth.phone_visitors) && showing.is_some();
    match door {
        Some(door) if !wanted && !door.coming => commands.remove_resource::<VisitorDoor>(),
        None if wanted && !*refused => {
            match listen.start(&[VISITOR_SEAT], settings.as_deref()) {
                Ok((server, _)) => {
                    if let Some(url) = server.seat_address(VISITOR_SEAT) {
                        // For an organiser at a terminal, and for scripts.
                        println!("a visitor's seat: {url}");
                    }
                    commands.insert_resource(VisitorDoor {
                        server: Some(server),
                        coming: false,
                        seated: false,
                    });
                }
                Err(error) => {
                    // Once: the demo goes on without its code.
                    error!("the visitors' door stays shut: {error}");
                    *refused = true;
                }
            }
        }
        _ => {}
    }
}

/// A visitor's tap must show at once, though the window sleeps between inputs.
fn wake_the_window_for_visitors(
    door: Res<VisitorDoor>,
    window_loop: Option<Res<EventLoopProxyWrapper>>,
) {
    if let Some(server) = door.server() {
        wake_the_window(server, window_loop.as_deref());
    }
}

/// A phone has taken the seat: the demo ends on the title. The phone's messages stay in the
/// server for the visitor's game to read.
fn let_the_visitor_in(mut door: ResMut<VisitorDoor>, mut attract: ResMut<Attract>) {
    if door.coming || !door.server().is_some_and(|s| s.is_held(VISITOR_SEAT)) {
        return;
    }
    door.coming = true;
    attract.end_for_visitor();
}

/// Once the demo has gone and the title shows, the visitor's game begins: the board,
/// variants and turn timer as last chosen on the setup screen, the visitor's phone against
/// the computer.
fn seat_the_visitor(
    mut commands: Commands,
    mut door: ResMut<VisitorDoor>,
    attract: Res<Attract>,
    screen: Res<State<Screen>>,
    (choices, deal): (Option<Res<TilesChoices>>, Option<Res<VisitorDeal>>),
    settings: Option<Res<Settings>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let demo_gone = attract.showing().is_none();
    if !door.coming || door.seated || !demo_gone || *screen.get() != Screen::Title {
        return;
    }
    door.seated = true;
    let mut chosen = choices.map(|choices| choices.clone()).unwrap_or_default();
    chosen.players = 2;
    chosen.kinds = vec![SeatKind::Phone, SeatKind::Computer(OPPONENT)];
    let language = settings.map(|s| s.language).unwrap_or_default();
    // The visitor plays the computer, and both screens say so by name.
    chosen
        .names
        .resize(2.max(chosen.names.len()), String::new());
    chosen.names[VISITOR_SEAT] = language.default_player(VISITOR_SEAT);
    chosen.names[1] = computer_name(language, OPPONENT).to_owned();
    let seed = deal.map_or_else(fresh_seed, |deal| deal.0);
    start_game(&mut commands, &mut next, &chosen, language, seed);
}

/// The door has closed: its card no longer stands over the right-hand panel.
fn give_the_panel_its_foot_back(mut contexts: EguiContexts) -> Result {
    keep_right_foot_free(contexts.ctx_mut()?, None);
    Ok(())
}

/// The code in the demo's bottom right corner, over the right-hand panel, with what it offers.
fn visitor_corner(
    mut contexts: EguiContexts,
    door: Res<VisitorDoor>,
    attract: Res<Attract>,
    settings: Res<Settings>,
    mut code: Local<Option<(String, egui::TextureHandle)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Drawn while the demo plays, and gone as soon as a visitor's phone has come.
    let address = door
        .server()
        .filter(|_| !door.coming && attract.showing().is_some())
        .and_then(|server| server.seat_address(VISITOR_SEAT));
    let Some(address) = address else {
        keep_right_foot_free(ctx, None);
        return Ok(());
    };
    if code.as_ref().is_none_or(|(shown, _)| *shown != address) {
        let image = qr_image(&address).unwrap_or_default();
        let texture = ctx.load_texture("tiles-visitor-code", image, egui::TextureOptions::NEAREST);
        *code = Some((address.clone(), texture));
    }
    let Some((_, texture)) = code.as_ref() else {
        return Ok(());
    };
    let language = settings.language;
    let card = egui::Area::new(egui::Id::new("tiles-visitor-corner"))
        .order(egui::Order::Tooltip)
        .anchor(Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -14.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette::PANEL.with_alpha(255).to_egui())
                .stroke(egui::Stroke::new(2.0, palette::ACCENT.to_egui()))
                .corner_radius(16.0)
                .inner_margin(egui::Margin::same(14))
                .show(ui, |ui| {
                    ui.set_width(200.0);
                    ui.vertical_centered(|ui| {
                        ui.label(
                            RichText::new(text(language, "phone-visitor-title"))
                                .size(22.0)
                                .color(palette::ACCENT.to_egui()),
                        );
                        ui.image((texture.id(), egui::vec2(170.0, 170.0)));
                        ui.label(
                            RichText::new(text(language, "phone-visitor-line"))
                                .size(14.0)
                                .color(palette::TEXT.to_egui()),
                        );
                        ui.label(
                            RichText::new(&address)
                                .size(10.0)
                                .monospace()
                                .color(palette::TEXT_MUTED.to_egui()),
                        );
                    });
                });
        });
    // The panel's list ends above the card, and 14 points of air under it.
    keep_right_foot_free(ctx, Some(card.response.rect.height() + 14.0 + 8.0));
    Ok(())
}
