//! The tile game's panels and cards: scores and buttons on the left, the live preview, the
//! legend and the turn log on the right; the joker prompt, the exchange and concede dialogs,
//! the hand-over card, the challenge window, the end of the game and the menu.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::TILES;
use super::challenge::challenge_window;
use super::dialogs::{Dialog, concede_dialog, exchange_dialog};
use super::game::{Stage, TilesIntent, TilesMatch};
use super::game_over::game_over;
use super::hand_over::hand_over;
use super::joker_prompt::joker_prompt;
use super::motion::{Cascade, ScoreSpots};
use super::online::seat::OnlineSeat;
use super::status_panel::status_panel;
use super::turn_panel::turn_panel;
use crate::app::audio::Sfx;
use crate::app::base::i18n::Language;
use crate::app::base::navigation::{Overlay, Overlays, Screen};
use crate::app::base::pointer::EguiCover;
use crate::app::base::settings::Settings;
use crate::app::features::attract::Booth;
use crate::app::features::ownership::{MatchOwner, Owner};
use crate::app::features::review::Review;
use crate::app::features::screens::{GameMenu, game_menu};
use crate::app::shell::game_screen::side_panels;
use crate::app::shell::turn_clock::TurnClock;
use crate::app::shell::widgets::UiSounds;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dialog>()
        .add_systems(OnEnter(Screen::Game(TILES)), close_dialogs)
        .add_systems(
            EguiPrimaryContextPass,
            game_panels
                .run_if(in_state(Screen::Game(TILES)))
                .in_set(crate::app::base::frame_order::AppSet::Panels),
        );
}

fn close_dialogs(mut dialog: ResMut<Dialog>) {
    *dialog = Dialog::None;
}

/// What the panels and cards read and act on.
#[derive(SystemParam)]
struct Panels<'w, 's> {
    game: Res<'w, TilesMatch>,
    settings: Res<'w, Settings>,
    overlays: Overlays<'w>,
    dialog: ResMut<'w, Dialog>,
    next: ResMut<'w, NextState<Screen>>,
    commands: Commands<'w, 's>,
    cover: ResMut<'w, EguiCover>,
    cascade: Res<'w, Cascade>,
    spots: ResMut<'w, ScoreSpots>,
    clock: Res<'w, TurnClock>,
    booth: Res<'w, Booth>,
    owner: Owner<'w>,
    review: ResMut<'w, Review>,
    online: Option<ResMut<'w, OnlineSeat>>,
}

fn game_panels(
    mut contexts: EguiContexts,
    mut panels: Panels,
    mut intents: MessageWriter<TilesIntent>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = panels.settings.language;
    let mut sounds = UiSounds::default();
    let mut asked: Vec<TilesIntent> = Vec::new();
    let names = panels.game.setup().names();
    side_panels(
        ctx,
        "tiles",
        &mut panels.cover,
        |ui| {
            status_panel(
                ui,
                &panels.game,
                &panels.settings,
                &names,
                &mut asked,
                &mut panels.overlays,
                &mut panels.dialog,
                &mut sounds,
                &mut panels.spots,
                &panels.clock,
            );
        },
        |ui| {
            // In a lesson the card below says how to play; the panel keeps to this turn.
            let brief = panels.owner.get() == MatchOwner::Lesson;
            turn_panel(ui, &panels.game, words, &names, brief);
        },
    );

    stage_card(ctx, &mut panels, words, &names, &mut asked, &mut sounds);

    if panels.overlays.shown() == Overlay::GameMenu {
        let menu = GameMenu {
            game: TILES,
            settings_locked: panels.booth.kiosk,
            overlays: &mut panels.overlays,
            commands: &mut panels.commands,
            next: &mut panels.next,
        };
        game_menu(ctx, words, menu, &mut sounds, |_, _| false);
    }
    intents.write_batch(asked);
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The card over the board that the turn's stage, or the dialog opened, calls for.
fn stage_card(
    ctx: &egui::Context,
    panels: &mut Panels,
    words: Language,
    names: &[String],
    asked: &mut Vec<TilesIntent>,
    sounds: &mut UiSounds,
) {
    let game = &panels.game;
    // In practice one move is tried, then the practice's card takes over: no hand-over, no end.
    let practising = panels.owner.get() == MatchOwner::Practice;
    if practising && matches!(game.stage(), Stage::HandOver | Stage::Over) {
        return;
    }
    match game.stage() {
        Stage::JokerDigit { .. } => joker_prompt(ctx, words, asked, sounds),
        // The turn's examples light up on the board before the curtain comes down.
        Stage::HandOver if panels.cascade.busy() => {}
        Stage::HandOver => hand_over(ctx, game, words, names, asked, sounds),
        Stage::ChallengeWindow => challenge_window(ctx, game, words, names, asked, sounds),
        Stage::Over => game_over(
            ctx,
            game,
            words,
            names,
            (&mut panels.next, &mut panels.review, &mut panels.commands),
            panels.online.as_deref_mut(),
            sounds,
        ),
        Stage::Turn => match panels.dialog.clone() {
            Dialog::Exchange(chosen) => {
                exchange_dialog(ctx, game, words, chosen, &mut panels.dialog, asked, sounds);
            }
            Dialog::ConfirmConcede => concede_dialog(ctx, words, &mut panels.dialog, asked, sounds),
            Dialog::None => {}
        },
    }
}
