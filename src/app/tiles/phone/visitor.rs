//! A booth's offer during the demo: a code in the corner that seats a visitor at today's
//! challenge, a tile game against the computer, their rack on their own phone.

use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use abakus_server::hosting::Hosting;
use abakus_server::rooms::{TableAct, TableLink};
use abakus_server::table::Setup;

use super::super::game::{SeatKind, TilesMatch, TilesSetup};
use super::super::id::TILES;
use super::super::setup::{TilesChoices, fresh_seed};
use super::super::words::{computer_name, text};
use super::kept::KeptSeats;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Arg, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::base::statistics::ComputerLevel;
use crate::app::base::storage::DataDir;
use crate::app::features::attract::{Attract, Booth, DemoShowing};
use crate::app::features::booth_day::{Challenge, ChallengeGame, Entered, today};
use crate::app::features::joining::waker;
use crate::app::features::phones::listen::{PhoneListen, ScratchTable, table_folder};
use crate::app::features::phones::qr::qr_image;
use crate::app::shell::game_screen::keep_right_foot_free;
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::Level;
use abakus_server::booth::day_seed;
use abakus_words::names;
use abakus_words::tiles::format;

/// The visitor's seat: they move first or second as the deal decides, like any seat.
pub const VISITOR_SEAT: usize = 0;

/// A visitor's challenge on the screen, until its result is on the day's table.
#[derive(Resource, Debug, Clone)]
pub struct ChallengeOn {
    /// The deal, which tells the challenge's game from any other.
    pub(super) seed: u64,
    /// The day it began: a game over midnight counts for that day.
    pub(super) day: String,
    pub(super) challenge: Challenge,
    /// Where it stands on its table, once entered.
    pub entered: Option<Entered>,
    /// The address the queue's phones watch it at.
    pub watch: String,
}

impl ChallengeOn {
    /// Its place on its table, once entered.
    #[must_use]
    pub fn place(&self) -> Option<usize> {
        self.entered.as_ref().map(|entered| entered.place)
    }

    /// The challenge of the game dealt with `seed`, begun on `day`, watched at `watch`.
    #[must_use]
    pub fn new(seed: u64, day: String, challenge: Challenge, watch: String) -> ChallengeOn {
        ChallengeOn {
            seed,
            day,
            challenge,
            entered: None,
            watch,
        }
    }
}

/// The tile game's computer at a booth's level.
fn abaku_level(level: ComputerLevel) -> Level {
    match level {
        ComputerLevel::Easy => Level::Easy,
        ComputerLevel::Normal => Level::Normal,
        ComputerLevel::Hard => Level::Hard,
        ComputerLevel::Expert => Level::Expert,
    }
}

/// The tile game's challenge in one line: its computer, its length, and what wins.
fn rules_line(language: Language, challenge: &Challenge) -> String {
    let level = Arg::Text(language.text(challenge.level.key()));
    match challenge.turns_each {
        Some(turns) => format(
            language,
            "booth-rules-short",
            &[("level", level), ("turns", Arg::Number(i64::from(turns)))],
        ),
        None => format(language, "booth-rules-full", &[("level", level)]),
    }
}

/// The deal of the next visitor's game, where a script has fixed it; otherwise each visitor
/// gets a new deal.
#[derive(Resource, Debug, Clone, Copy)]
pub struct VisitorDeal(pub u64);

/// The demo's door for visitors: a room with one seat for a phone, the visitor's game against
/// the computer dealt already, open while a demo shows at a booth that offers it, and handed
/// on to the visitor's game once a phone has come through it, so the phone keeps its seat.
#[derive(Resource)]
pub struct VisitorDoor {
    room: Option<(Hosting, TableLink)>,
    /// The visitor's game, as the room was made for it.
    setup: TilesSetup,
    /// The address the seat's phone opens.
    address: String,
    /// The address the watchers' phones open.
    watch: String,
    /// The day whose deal the visitor's game is, `YYYY-MM-DD`.
    day: String,
    /// The challenge it is, as the booth's settings were when the door opened.
    challenge: Challenge,
    /// A phone has taken the seat: the demo is ending and the visitor's game about to begin.
    coming: bool,
    /// The visitor's game has been started; the game's phone table takes the room next.
    seated: bool,
}

impl VisitorDoor {
    /// The address of the seat, while the door is open.
    #[must_use]
    pub fn seat_address(&self) -> Option<&str> {
        self.room.as_ref().map(|_| self.address.as_str())
    }

    /// The server and room for the visitor's game, dealt as `setup`: the phone already in
    /// keeps its seat.
    pub(super) fn hand_to_the_game(&mut self, setup: &TilesSetup) -> Option<(Hosting, TableLink)> {
        if self.seated && *setup == self.setup {
            self.room.take()
        } else {
            None
        }
    }
}

pub(in super::super) fn plugin(app: &mut App) {
    // The booth's challenge is the tile game's.
    app.insert_resource(ChallengeGame {
        game: TILES,
        rules: rules_line,
    });
    app.add_systems(
        Update,
        (
            keep_visitor_door,
            (let_the_visitor_in, seat_the_visitor).run_if(resource_exists::<VisitorDoor>),
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

/// Where the visitor's game comes from: the setup screen's last choices, the deal a script
/// fixed, the screen's language and where the server listens.
#[derive(bevy::ecs::system::SystemParam)]
struct Visit<'w> {
    choices: Option<Res<'w, TilesChoices>>,
    deal: Option<Res<'w, VisitorDeal>>,
    settings: Option<Res<'w, Settings>>,
    listen: Res<'w, PhoneListen>,
    dir: Option<Res<'w, DataDir>>,
    scratch: Res<'w, ScratchTable>,
    /// A game set aside while the demo plays over it: its room stays.
    kept: Option<Res<'w, KeptSeats>>,
    window_loop: Option<Res<'w, EventLoopProxyWrapper>>,
}

impl Visit<'_> {
    /// The visitor's game: today's challenge (the day's deal, the organiser's computer and
    /// short form, board A and the basic rules, the same for every visitor of the day), with
    /// the turn timer as last chosen on the setup screen; the visitor named by one of the
    /// friendly names, the computer by its level, in the screen's language.
    fn table(&self, day: &str, names_seed: u64) -> TilesSetup {
        let booth = self
            .settings
            .as_ref()
            .map(|settings| settings.booth.clone())
            .unwrap_or_default();
        let mut chosen = self.choices.as_deref().cloned().unwrap_or_default();
        chosen.players = 2;
        chosen.kinds = vec![
            SeatKind::Phone,
            SeatKind::Computer(abaku_level(booth.level)),
        ];
        chosen.variants = Variants {
            turns_each: booth.turns_each,
            ..Variants::default()
        };
        chosen.board_b = false;
        let language = self.language();
        let seed = self
            .deal
            .as_ref()
            .map_or_else(|| day_seed(day, &booth.name), |deal| deal.0);
        let mut setup = chosen.table(seed);
        // The first of the names the phone will offer, until the visitor picks one.
        setup.seats[VISITOR_SEAT].name = names::offer(language, names_seed, 0)[0].clone();
        setup.seats[1].name = computer_name(language, abaku_level(booth.level)).to_owned();
        setup
    }

    fn language(&self) -> Language {
        self.settings
            .as_ref()
            .map(|settings| settings.language)
            .unwrap_or_default()
    }

    /// A server and a room for the visitor's game, waiting for their phone.
    fn open(&self) -> Result<VisitorDoor, String> {
        // The names the visitor's phone is offered, new for each visitor.
        let names_seed = fresh_seed();
        let day = today();
        let setup = self.table(&day, names_seed);
        let (hosting, _) = self.listen.start(
            self.settings.as_deref(),
            table_folder(self.dir.as_deref(), &self.scratch),
            self.kept.as_deref().map(KeptSeats::room),
        )?;
        let wake = waker(self.window_loop.as_deref());
        let (link, created) =
            hosting.open_table(Setup::Tiles(setup.clone()), &[], self.language(), wake)?;
        link.ask(TableAct::OfferNames {
            seat: VISITOR_SEAT,
            seed: names_seed,
        });
        let address = created
            .seats
            .first()
            .map(|(_, _, token)| hosting.seat_address(token))
            .ok_or("the visitor's seat has no link")?;
        let watch = hosting.watch_address(&created.watch);
        let challenge = Challenge::of(
            TILES,
            &self.settings.as_deref().cloned().unwrap_or_default().booth,
        );
        Ok(VisitorDoor {
            day,
            challenge,
            room: Some((hosting, link)),
            setup,
            address,
            watch,
            coming: false,
            seated: false,
        })
    }
}

/// Opens the door while a demo shows at a booth that offers it, and closes it when the demo
/// ends without a visitor's phone.
fn keep_visitor_door(
    mut commands: Commands,
    door: Option<Res<VisitorDoor>>,
    booth: Option<Res<Booth>>,
    showing: Option<Res<DemoShowing>>,
    visit: Visit,
    (mut refused, mut looked_at_the_day): (Local<bool>, Local<f32>),
    time: Res<Time<Real>>,
) {
    // The organiser may pause joining: the demo then shows no code.
    let paused = visit
        .settings
        .as_ref()
        .is_some_and(|settings| settings.booth.paused);
    let wanted = booth.is_some_and(|booth| booth.phone_visitors) && showing.is_some() && !paused;
    // A door opened before midnight deals yesterday's game: past it, the door is made anew
    // with the new day's deal (looked at twice a minute).
    let now = time.elapsed_secs();
    let stale = door.as_ref().is_some_and(|door| {
        let look = now - *looked_at_the_day >= 30.0 && !door.coming;
        if look {
            *looked_at_the_day = now;
        }
        look && door.day != today()
    });
    match door {
        Some(door) if (!wanted || stale) && !door.coming => {
            commands.remove_resource::<VisitorDoor>();
        }
        None if wanted && !*refused => match visit.open() {
            Ok(door) => {
                // For an organiser at a terminal, and for scripts.
                println!("a visitor's seat: {}", door.address);
                commands.insert_resource(door);
            }
            Err(error) => {
                // Once: the demo goes on without its code.
                error!("the visitors' door stays shut: {error}");
                *refused = true;
            }
        },
        _ => {}
    }
}

/// A phone has taken the seat: the demo ends on the title. The room keeps the visitor's game
/// waiting for the screen.
fn let_the_visitor_in(mut door: ResMut<VisitorDoor>, mut attract: ResMut<Attract>) {
    if door.coming {
        return;
    }
    let Some((_, link)) = door.room.as_ref() else {
        return;
    };
    let held = link.news().iter().any(|news| {
        news.seats
            .iter()
            .any(|seat| seat.seat == VISITOR_SEAT && seat.held)
    });
    if held {
        door.coming = true;
        attract.end_for_visitor();
    }
}

/// Once the demo has gone and the title shows, the visitor's game begins on the screen, as
/// the room dealt it.
fn seat_the_visitor(
    mut commands: Commands,
    mut door: ResMut<VisitorDoor>,
    attract: Res<Attract>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let demo_gone = attract.showing().is_none();
    if !door.coming || door.seated || !demo_gone || *screen.get() != Screen::Title {
        return;
    }
    door.seated = true;
    match TilesMatch::new(door.setup.clone()) {
        Ok(game) => {
            commands.insert_resource(ChallengeOn::new(
                door.setup.seed,
                door.day.clone(),
                door.challenge.clone(),
                door.watch.clone(),
            ));
            commands.insert_resource(game);
            next.set(Screen::Game(TILES));
        }
        Err(error) => warn!("cannot start the visitor's game: {error}"),
    }
}

/// A corner's card has gone (the door closed, the challenge left the screen): the right-hand
/// panel has its whole height again.
pub(super) fn give_the_panel_its_foot_back(mut contexts: EguiContexts) -> Result {
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
        .seat_address()
        .filter(|_| !door.coming && attract.showing().is_some())
        .map(str::to_owned);
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
    corner_card(ctx, "tiles-visitor-corner", |ui| {
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
    Ok(())
}

/// A card in the big screen's bottom right corner, over the right-hand panel, whose list
/// then ends above it with 14 points of air under it.
pub(super) fn corner_card(ctx: &egui::Context, id: &str, add_contents: impl FnOnce(&mut egui::Ui)) {
    let card = egui::Area::new(egui::Id::new(id))
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
                    ui.vertical_centered(add_contents);
                });
        });
    keep_right_foot_free(ctx, Some(card.response.rect.height() + 14.0 + 8.0));
}
