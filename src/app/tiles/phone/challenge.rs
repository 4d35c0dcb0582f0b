//! A booth's visitor's challenge on the big screen and at its end: the queue's code to watch
//! it, its result entered on the day's table, the card the visitor's phone shows of it (the
//! score, the place, a line to share), and the day's podium.

use abakus_rules::abaku::{EndReason, Move};
use abakus_server::booth::{Entry, Played};
use abakus_server::rooms::TableAct;
use abakus_words::tiles::format;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::super::game::TilesMatch;
use super::super::id::TILES;
use super::super::words::text;
use super::plugin::PhoneTable;
use super::visitor::{ChallengeOn, VISITOR_SEAT, corner_card, give_the_panel_its_foot_back};
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Arg, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::{BoothDay, Settings};
use crate::app::features::booth_day::{DayBoard, Entered};
use crate::app::features::phones::qr::qr_image;
use crate::app::features::records;
use crate::app::shell::game_screen::keep_right_foot_free;

pub(in super::super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        enter_the_challenge
            .run_if(resource_exists::<ChallengeOn>)
            .in_set(AppSet::Present),
    );
}

/// The queue's corner over the big screen's right panel.
pub(in super::super) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            queue_corner.run_if(resource_exists::<ChallengeOn>),
            give_the_panel_its_foot_back.run_if(resource_removed::<ChallengeOn>),
        )
            .in_set(AppSet::Panels),
    );
}

/// While a visitor plays, a code in the corner lets the queue watch on their phones (the
/// watchers' page shows no rack); at the end, the day's podium with the visitor's place.
fn queue_corner(
    mut contexts: EguiContexts,
    on: Res<ChallengeOn>,
    game: Option<Res<TilesMatch>>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    mut code: Local<Option<(String, egui::TextureHandle)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let going = game.as_ref().is_some_and(|game| !game.position().is_over());
    if *screen.get() != Screen::Game(TILES) || game.is_none() {
        keep_right_foot_free(ctx, None);
        return Ok(());
    }
    if code.as_ref().is_none_or(|(shown, _)| *shown != on.watch) {
        let image = qr_image(&on.watch).unwrap_or_default();
        let texture = ctx.load_texture("tiles-watch-code", image, egui::TextureOptions::NEAREST);
        *code = Some((on.watch.clone(), texture));
    }
    let language = settings.language;
    corner_card(ctx, "tiles-queue-corner", |ui| {
        match on.entered.as_ref().filter(|_| !going) {
            Some(entered) => podium(ui, language, entered),
            None => {
                let texture = code.as_ref().map(|(_, texture)| texture.id());
                watch_code(ui, language, texture);
            }
        }
    });
    Ok(())
}

fn watch_code(ui: &mut egui::Ui, language: Language, texture: Option<egui::TextureId>) {
    ui.label(
        RichText::new(text(language, "booth-watch-title"))
            .size(22.0)
            .color(palette::ACCENT.to_egui()),
    );
    if let Some(texture) = texture {
        ui.image((texture, egui::vec2(150.0, 150.0)));
    }
    ui.label(
        RichText::new(text(language, "booth-watch-line"))
            .size(14.0)
            .color(palette::TEXT.to_egui()),
    );
}

/// The best three of the visitor's table, and the visitor's place where it is below them.
fn podium(ui: &mut egui::Ui, language: Language, entered: &Entered) {
    ui.label(
        RichText::new(text(language, "booth-podium-title"))
            .size(22.0)
            .color(palette::ACCENT.to_egui()),
    );
    let line = |ui: &mut egui::Ui, at: usize, entry: &Entry| {
        let visitor = entry.id == entered.entry.id;
        let colour = if visitor {
            palette::ACCENT
        } else {
            palette::TEXT
        };
        let played = &entry.played;
        ui.label(
            RichText::new(format!("{at}. {}  {}", played.name, played.score))
                .size(17.0)
                .color(colour.to_egui()),
        );
    };
    for (at, entry) in entered.podium.iter().enumerate() {
        line(ui, at + 1, entry);
    }
    if entered.place > entered.podium.len() {
        ui.label(
            RichText::new("…")
                .size(17.0)
                .color(palette::TEXT_MUTED.to_egui()),
        );
        line(ui, entered.place, &entered.entry);
    }
    let count = Arg::Number(i64::try_from(entered.count).unwrap_or(i64::MAX));
    ui.label(
        RichText::new(format(language, "booth-podium-count", &[("count", count)]))
            .size(13.0)
            .color(palette::TEXT_MUTED.to_egui()),
    );
}

/// What the visitor's phone shows at the end: the score against the computer's, the place on
/// today's table, a line to share (the day, the score, the place: nobody's link), and the
/// organiser's link where the settings give one.
fn result_card(
    language: Language,
    booth: &BoothDay,
    played: &Played,
    place: usize,
    count: usize,
) -> serde_json::Value {
    let number = |n: usize| Arg::Number(i64::try_from(n).unwrap_or(i64::MAX));
    let score = [
        ("score", Arg::Number(played.score)),
        ("against", Arg::Number(played.against)),
    ];
    let standing = [("place", number(place)), ("count", number(count))];
    let mut share_args = vec![("day", Arg::Text(&played.day))];
    share_args.extend(score);
    share_args.extend(standing);
    let booth_name = booth.name.trim();
    let share = if booth_name.is_empty() {
        format(language, "booth-share", &share_args)
    } else {
        share_args.push(("booth", Arg::Text(booth_name)));
        format(language, "booth-share-at", &share_args)
    };
    let link = booth.web_link().zip(booth.link_host()).map(|(url, host)| {
        serde_json::json!({
            "url": url,
            "label": format(language, "booth-link-button", &[("host", Arg::Text(host))]),
        })
    });
    serde_json::json!({
        "name": played.name,
        "score": format(language, "booth-result-score", &score),
        "place": format(language, "booth-result-place", &standing),
        "first": place == 1,
        "share": share,
        "link": link,
        "picture": format!("abaku-{}.png", played.day),
    })
}

/// A finished challenge goes on the day's table, once: the visitor's points, the computer's
/// and the visitor's moves. A game the visitor conceded is not entered; a game that is no
/// longer on the screen is forgotten.
fn enter_the_challenge(
    mut commands: Commands,
    mut on: ResMut<ChallengeOn>,
    game: Option<Res<TilesMatch>>,
    board: Option<ResMut<DayBoard>>,
    (table, settings): (Option<Res<PhoneTable>>, Option<Res<Settings>>),
) {
    let Some(game) = game.filter(|game| game.setup().seed == on.seed) else {
        commands.remove_resource::<ChallengeOn>();
        return;
    };
    if on.entered.is_some() || !game.position().is_over() {
        return;
    }
    let position = game.position();
    if position.outcome() == Some(EndReason::Conceded(VISITOR_SEAT)) {
        commands.remove_resource::<ChallengeOn>();
        return;
    }
    let Some(mut board) = board else {
        return;
    };
    let moves = position
        .history()
        .iter()
        .filter(|record| {
            record.player == VISITOR_SEAT && !matches!(record.action, Move::Challenge(_))
        })
        .count();
    let score = |seat: usize| {
        position
            .players()
            .get(seat)
            .map_or(0, |player| player.score)
    };
    let played = Played {
        day: on.day.clone(),
        challenge: on.challenge.key(),
        name: game.setup().seats[VISITOR_SEAT].name.clone(),
        score: score(VISITOR_SEAT),
        against: score(1),
        moves: u32::try_from(moves).unwrap_or(u32::MAX),
        at: i64::try_from(records::now()).unwrap_or(i64::MAX),
    };
    match board.enter(&played) {
        Ok(entered) => {
            let (place, count) = (entered.place, entered.count);
            info!("{} entered the day's table at place {place}", played.name);
            on.entered = Some(entered);
            if let Some(table) = table {
                let settings = settings
                    .map(|settings| settings.clone())
                    .unwrap_or_default();
                let card = result_card(settings.language, &settings.booth, &played, place, count);
                table.ask_the_room(TableAct::BoothResult {
                    seat: VISITOR_SEAT,
                    card,
                });
            }
        }
        Err(error) => {
            error!("the visitor's result could not be kept: {error}");
            commands.remove_resource::<ChallengeOn>();
        }
    }
}
