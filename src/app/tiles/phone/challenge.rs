//! A booth's visitor's challenge at its end: its result entered on the day's table, and the
//! card the visitor's phone shows of it (the score, the place, a line to share).

use abakus_rules::abaku::{EndReason, Move};
use abakus_server::booth::Played;
use abakus_server::rooms::TableAct;
use abakus_words::tiles::format;
use bevy::prelude::*;

use super::super::game::TilesMatch;
use super::plugin::PhoneTable;
use super::visitor::{ChallengeOn, VISITOR_SEAT};
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Arg, Language};
use crate::app::base::settings::{BoothDay, Settings};
use crate::app::features::booth_day::DayBoard;
use crate::app::features::records;

pub(in super::super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        enter_the_challenge
            .run_if(resource_exists::<ChallengeOn>)
            .in_set(AppSet::Present),
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
    share_args.extend(score.iter().cloned());
    share_args.extend(standing.iter().cloned());
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
            "label": format(language, "booth-link", &[("host", Arg::Text(host))]),
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
    if on.place.is_some() || !game.position().is_over() {
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
        Ok((place, count)) => {
            info!("{} entered the day's table at place {place}", played.name);
            on.place = Some(place);
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
