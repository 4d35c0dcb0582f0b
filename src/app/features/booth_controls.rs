//! The organiser's controls of a booth's day, behind the PIN the settings keep: the booth's
//! name, the challenge's computer and length, the organiser's link, joining paused or open,
//! and today's table cleared.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::i18n::{Arg, Key, Language, SHELL};
use crate::app::base::navigation::{Overlay, Overlays};
use crate::app::base::palette;
use crate::app::base::settings::{BOOTH_PIN_DIGITS as PIN_DIGITS, BoothDay, Settings};
use crate::app::base::statistics::ComputerLevel;
use crate::app::features::attract::{Attract, Booth};
use crate::app::features::booth_day::DayBoard;
use crate::app::shell::widgets::{
    UiSounds, choice, menu_button, menu_button_of_width, overlay_card, shared_width,
};

/// The lengths the organiser may choose for the challenge: the whole game, or turns each.
const LENGTHS: [Option<u8>; 4] = [None, Some(4), Some(6), Some(8)];

/// Wrong PINs in a row before the controls make the next try wait.
const TRIES_BEFORE_A_WAIT: u32 = 3;

/// How long a run of wrong PINs waits, doubled with each further run.
const FIRST_WAIT_SECONDS: f32 = 30.0;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BoothControls>()
        .add_systems(Update, open_with_the_keys.in_set(AppSet::Input));
}

/// The controls' card, over whatever the screen shows.
pub(crate) fn panels_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        booth_controls_card
            .run_if(in_state(Overlay::Booth))
            .in_set(AppSet::Panels),
    );
}

/// What the PIN's keypad answers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PinAnswer {
    Open,
    Wrong,
    /// Too many wrong tries: the next may come after these seconds.
    Wait(f32),
}

/// The lock before the controls: the digits typed, and the wrong tries that make the next
/// wait, so that a visitor at the keyboard cannot try every PIN.
#[derive(Debug, Clone, Default)]
pub struct PinLock {
    typed: String,
    wrong: u32,
    waits: u32,
    wait_until: f32,
}

impl PinLock {
    /// A digit typed, while the PIN is shorter than the longest.
    pub fn press(&mut self, digit: char) {
        if digit.is_ascii_digit() && self.typed.len() < PIN_DIGITS {
            self.typed.push(digit);
        }
    }

    /// The last digit taken back.
    pub fn back(&mut self) {
        self.typed.pop();
    }

    /// How many digits are typed.
    #[must_use]
    pub fn typed(&self) -> usize {
        self.typed.len()
    }

    /// The typed digits tried against `pin` at `now` (seconds); the typed digits are cleared.
    pub fn try_open(&mut self, pin: &str, now: f32) -> PinAnswer {
        let typed = std::mem::take(&mut self.typed);
        if now < self.wait_until {
            return PinAnswer::Wait(self.wait_until - now);
        }
        if typed == pin {
            self.wrong = 0;
            self.waits = 0;
            return PinAnswer::Open;
        }
        self.wrong += 1;
        if self.wrong >= TRIES_BEFORE_A_WAIT {
            self.wrong = 0;
            let wait =
                FIRST_WAIT_SECONDS * 2f32.powi(i32::try_from(self.waits).unwrap_or(8).min(8));
            self.waits += 1;
            self.wait_until = now + wait;
            return PinAnswer::Wait(wait);
        }
        PinAnswer::Wrong
    }
}

/// The controls' state while their overlay shows: unlocked or not, and what the keypad last
/// answered. As an overlay they keep every key and click from the game under them.
#[derive(Resource, Debug, Default)]
pub struct BoothControls {
    unlocked: bool,
    lock: PinLock,
    answer: Option<PinAnswer>,
    /// Clearing today's table was asked and waits for its confirmation.
    clearing: bool,
}

impl BoothControls {
    /// Opens the controls over the screen, locked again where a PIN is set, with nothing
    /// typed on their keypad.
    pub fn show(&mut self, overlays: &mut Overlays) {
        self.unlocked = false;
        self.answer = None;
        self.clearing = false;
        self.lock.typed.clear();
        overlays.show(Overlay::Booth);
    }

    fn close(&mut self, overlays: &mut Overlays) {
        self.unlocked = false;
        self.clearing = false;
        self.lock.typed.clear();
        overlays.close();
    }
}

/// Ctrl+Alt+B opens the controls at a booth, over any screen but a demo's, as Ctrl+Alt+S
/// opens the settings.
fn open_with_the_keys(
    keys: Res<ButtonInput<KeyCode>>,
    booth: Option<Res<Booth>>,
    attract: Option<Res<Attract>>,
    mut controls: ResMut<BoothControls>,
    mut overlays: Overlays,
) {
    let at_a_booth = booth.is_some_and(|booth| booth.kiosk || booth.phone_visitors);
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let alt = keys.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]);
    let demo = attract.is_some_and(|attract| attract.showing().is_some());
    let open = overlays.shown() == Overlay::Booth;
    if at_a_booth && ctrl && alt && keys.just_pressed(KeyCode::KeyB) && !demo && !open {
        controls.show(&mut overlays);
    }
}

fn booth_controls_card(
    mut contexts: EguiContexts,
    mut controls: ResMut<BoothControls>,
    mut settings: ResMut<Settings>,
    board: Option<ResMut<DayBoard>>,
    (time, mut overlays): (Res<Time<Real>>, Overlays),
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let language = settings.language;
    let mut sounds = UiSounds::default();
    let mut booth = settings.booth.clone();
    let title = SHELL.text(language, "booth-controls-title");
    // The screen under the controls is dimmed, so that no card beneath reads through them,
    // and takes the clicks beside the card, so that none reaches a button under it.
    let screen = ctx.content_rect();
    egui::Area::new(egui::Id::new("booth-controls-backdrop"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            ui.allocate_rect(screen, egui::Sense::click());
            ui.painter()
                .rect_filled(screen, 0.0, egui::Color32::from_black_alpha(200));
        });
    overlay_card(ctx, "booth-controls", 820.0, title, |ui| {
        if booth.pin.is_empty() || controls.unlocked {
            controls.unlocked = true;
            the_controls(ui, language, &mut booth, &mut controls, board, &mut sounds);
        } else {
            keypad(
                ui,
                language,
                &booth.pin,
                &mut controls,
                time.elapsed_secs(),
                &mut sounds,
            );
        }
        ui.add_space(12.0);
        if menu_button(ui, language.text(Key::Back), true, &mut sounds).clicked() {
            controls.close(&mut overlays);
        }
    });
    if booth != settings.booth {
        settings.booth = booth;
    }
    sfx.write_batch(sounds.0);
    Ok(())
}

/// The PIN's keypad: the digits typed as dots, the buttons, and what the last try answered.
fn keypad(
    ui: &mut Ui,
    language: Language,
    pin: &str,
    controls: &mut BoothControls,
    now: f32,
    sounds: &mut UiSounds,
) {
    ui.label(RichText::new(SHELL.text(language, "booth-pin-ask")).size(20.0));
    ui.label(
        RichText::new(
            "●".repeat(controls.lock.typed())
                + &"○".repeat(PIN_DIGITS.saturating_sub(controls.lock.typed()).min(4)),
        )
        .size(28.0)
        .color(palette::ACCENT.to_egui()),
    );
    // Digits from a keyboard too.
    let typed: Vec<char> = ui.input(|input| {
        input
            .events
            .iter()
            .filter_map(|event| match event {
                egui::Event::Text(text) => Some(text.chars().collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect()
    });
    for digit in typed {
        controls.lock.press(digit);
    }
    let mut try_now = ui.input(|input| input.key_pressed(egui::Key::Enter));
    if ui.input(|input| input.key_pressed(egui::Key::Backspace)) {
        controls.lock.back();
    }
    egui::Grid::new("booth-pin-keys")
        .spacing([10.0, 10.0])
        .show(ui, |ui| {
            for row in ["123", "456", "789", "<0>"] {
                for key in row.chars() {
                    let label = match key {
                        '<' => "⌫".to_owned(),
                        '>' => "OK".to_owned(),
                        digit => digit.to_string(),
                    };
                    if choice(ui, &label, false, true, sounds).clicked() {
                        match key {
                            '<' => controls.lock.back(),
                            '>' => try_now = true,
                            digit => controls.lock.press(digit),
                        }
                    }
                }
                ui.end_row();
            }
        });
    if try_now {
        controls.answer = Some(controls.lock.try_open(pin, now));
        if controls.answer == Some(PinAnswer::Open) {
            controls.unlocked = true;
        }
    }
    let refusal = match controls.answer {
        Some(PinAnswer::Wrong) => Some(SHELL.text(language, "booth-pin-wrong").to_owned()),
        Some(PinAnswer::Wait(seconds)) => Some(SHELL.format(
            language,
            "booth-pin-wait",
            &[("seconds", Arg::Number(seconds.ceil() as i64))],
        )),
        _ => None,
    };
    if let Some(refusal) = refusal {
        ui.label(RichText::new(refusal).color(palette::WARNING.to_egui()));
    }
}

/// The booth's settings, joining, and today's table: what is typed on the left, what is
/// chosen on the right, each under its name, so that every language's words have room.
fn the_controls(
    ui: &mut Ui,
    language: Language,
    booth: &mut BoothDay,
    controls: &mut BoothControls,
    board: Option<ResMut<DayBoard>>,
    sounds: &mut UiSounds,
) {
    if booth.pin.is_empty() {
        ui.label(
            RichText::new(SHELL.text(language, "booth-no-pin"))
                .color(palette::TEXT_MUTED.to_egui()),
        );
        ui.add_space(6.0);
    }
    ui.columns(2, |columns| {
        let left = &mut columns[0];
        field(
            left,
            SHELL.text(language, "booth-name"),
            &mut booth.name,
            40,
        );
        field(
            left,
            SHELL.text(language, "booth-link"),
            &mut booth.link,
            300,
        );
        if !booth.link.trim().is_empty() && booth.web_link().is_none() {
            left.label(
                RichText::new(SHELL.text(language, "booth-link-bad"))
                    .color(palette::WARNING.to_egui()),
            );
        }
        // The PIN shows as dots: the big screen is in view of the visitors.
        left.label(SHELL.text(language, "booth-pin"));
        left.add(
            egui::TextEdit::singleline(&mut booth.pin)
                .char_limit(PIN_DIGITS)
                .password(true)
                .desired_width(f32::INFINITY)
                .font(egui::TextStyle::Button),
        );
        booth.pin.retain(|c| c.is_ascii_digit());
        let right = &mut columns[1];
        choices(right, language, booth, sounds);
    });
    if let Some(board) = board {
        ui.add_space(10.0);
        todays_table(ui, language, board, controls, sounds);
    }
}

/// The challenge's computer and length, and whether visitors may join.
fn choices(ui: &mut Ui, language: Language, booth: &mut BoothDay, sounds: &mut UiSounds) {
    ui.label(SHELL.text(language, "booth-computer"));
    ui.horizontal_wrapped(|ui| {
        for level in ComputerLevel::ALL {
            let chosen = booth.level == level;
            if choice(ui, language.text(level.key()), chosen, true, sounds).clicked() {
                booth.level = level;
            }
        }
    });
    ui.add_space(6.0);
    ui.label(SHELL.text(language, "booth-length"));
    ui.horizontal_wrapped(|ui| {
        for length in LENGTHS {
            let label = match length {
                None => SHELL.text(language, "booth-length-whole").to_owned(),
                Some(turns) => SHELL.format(
                    language,
                    "booth-length-turns",
                    &[("turns", Arg::Number(i64::from(turns)))],
                ),
            };
            if choice(ui, &label, booth.turns_each == length, true, sounds).clicked() {
                booth.turns_each = length;
            }
        }
    });
    ui.add_space(6.0);
    ui.label(SHELL.text(language, "booth-joining"));
    ui.horizontal_wrapped(|ui| {
        for (paused, id) in [
            (false, "booth-joining-open"),
            (true, "booth-joining-paused"),
        ] {
            let chosen = booth.paused == paused;
            if choice(ui, SHELL.text(language, id), chosen, true, sounds).clicked() {
                booth.paused = paused;
            }
        }
    });
}

/// A line to type in, under its name.
fn field(ui: &mut Ui, name: &str, value: &mut String, longest: usize) {
    ui.label(name);
    ui.add(
        egui::TextEdit::singleline(value)
            .char_limit(longest)
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Button),
    );
    ui.add_space(6.0);
}

/// How many entries today's table holds, and clearing it, asked first.
fn todays_table(
    ui: &mut Ui,
    language: Language,
    mut board: ResMut<DayBoard>,
    controls: &mut BoothControls,
    sounds: &mut UiSounds,
) {
    let count = Arg::Number(i64::try_from(board.count_today()).unwrap_or(i64::MAX));
    ui.label(SHELL.format(language, "booth-table-count", &[("count", count)]));
    if !controls.clearing {
        if menu_button(
            ui,
            SHELL.text(language, "booth-clear"),
            board.count_today() > 0,
            sounds,
        )
        .clicked()
        {
            controls.clearing = true;
        }
        return;
    }
    ui.label(
        RichText::new(SHELL.format(language, "booth-clear-sure", &[("count", count)]))
            .color(palette::WARNING.to_egui()),
    );
    let width = shared_width(ui, 2);
    ui.horizontal(|ui| {
        if menu_button_of_width(
            ui,
            SHELL.text(language, "booth-clear-yes"),
            true,
            width,
            sounds,
        )
        .clicked()
        {
            if let Err(error) = board.clear_today() {
                error!("today's table could not be cleared: {error}");
            }
            controls.clearing = false;
        }
        if menu_button_of_width(ui, SHELL.text(language, "booth-keep"), true, width, sounds)
            .clicked()
        {
            controls.clearing = false;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pin_opens_and_wrong_tries_make_the_next_wait_longer_each_time() {
        let mut lock = PinLock::default();
        for digit in "2468".chars() {
            lock.press(digit);
        }
        lock.press('x');
        assert_eq!(lock.typed(), 4, "only digits are typed");
        assert_eq!(lock.try_open("2468", 0.0), PinAnswer::Open);
        assert_eq!(lock.typed(), 0, "a try clears what was typed");
        lock.press('1');
        assert_eq!(lock.try_open("2468", 1.0), PinAnswer::Wrong);
        assert_eq!(lock.try_open("2468", 2.0), PinAnswer::Wrong);
        assert_eq!(lock.try_open("2468", 3.0), PinAnswer::Wait(30.0));
        // Even the right PIN waits.
        for digit in "2468".chars() {
            lock.press(digit);
        }
        assert_eq!(lock.try_open("2468", 10.0), PinAnswer::Wait(23.0));
        for _ in 0..2 {
            assert_eq!(lock.try_open("2468", 40.0), PinAnswer::Wrong);
        }
        assert_eq!(lock.try_open("2468", 41.0), PinAnswer::Wait(60.0));
        for digit in "2468".chars() {
            lock.press(digit);
        }
        assert_eq!(lock.try_open("2468", 101.0), PinAnswer::Open);
        for _ in 0..20 {
            lock.press('9');
        }
        assert_eq!(lock.typed(), PIN_DIGITS);
    }
}
