//! Play online: a game in a room elsewhere joined by the link a person was sent, the games
//! this window has a seat in still going, and how to host one from here.

use abakus_server::remote::{Invite, InviteError};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::Settings;
use crate::app::features::online::{JoinRoom, OnlineSeats};
use crate::app::shell::widgets::{UiSounds, centred_card, menu_button};

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

/// What the person has typed or pasted, and why it is not a link yet.
#[derive(Resource, Debug, Default)]
struct LinkField {
    text: String,
    wrong: Option<Key>,
}

fn clear_field(mut field: ResMut<LinkField>) {
    *field = LinkField::default();
}

fn online_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut field: ResMut<LinkField>,
    seats: Res<OnlineSeats>,
    mut join: MessageWriter<JoinRoom>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    let width = (ctx.content_rect().width() - 40.0).min(760.0);
    centred_card(
        ctx,
        "online",
        width,
        words.text(Key::PlayOnline),
        false,
        |ui| {
            if let Some(invite) = join_form(ui, words, &mut field, &mut sounds) {
                join.write(JoinRoom(invite));
            }
            going_games(ui, words, &seats, &mut join, &mut sounds);
            ui.add_space(14.0);
            ui.label(RichText::new(words.text(Key::OnlineHostHeading)).size(22.0));
            ui.label(RichText::new(words.text(Key::OnlineHostHow)).size(16.0));
            ui.add_space(16.0);
            if menu_button(ui, words.text(Key::Back), true, &mut sounds).clicked() {
                next.set(Screen::Title);
            }
        },
    );
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The link's field and Join; the link, once it reads as a seat's.
fn join_form(
    ui: &mut Ui,
    words: Language,
    field: &mut LinkField,
    sounds: &mut UiSounds,
) -> Option<Invite> {
    ui.label(RichText::new(words.text(Key::OnlineJoinHeading)).size(22.0));
    let edit = egui::TextEdit::singleline(&mut field.text)
        .hint_text(words.text(Key::OnlineJoinHint))
        .font(egui::TextStyle::Heading)
        .desired_width(ui.available_width());
    let response = ui.add(edit);
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
    match Invite::parse(&field.text) {
        Ok(invite) if invite.watching => {
            field.wrong = Some(Key::OnlineWatchInBrowser);
            None
        }
        Ok(invite) => Some(invite),
        Err(InviteError::NotALink | InviteError::NoSeat) => {
            field.wrong = Some(Key::OnlineNotALink);
            None
        }
    }
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
    let going: Vec<_> = seats.going().collect();
    if going.is_empty() {
        return;
    }
    ui.label(RichText::new(words.text(Key::OnlineYourGames)).size(22.0));
    for (seat, invite) in going {
        let label = format!("{} · {}", seat.names.join(", "), invite.host());
        if menu_button(ui, &label, true, sounds).clicked() {
            join.write(JoinRoom(invite));
        }
    }
}
