//! Shortcuts that work on every screen (help, mute, fullscreen, the board's view) and the help
//! overlay.

use bevy::prelude::*;
use bevy::window::{
    Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowMode, WindowPosition,
};
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::audio::Sfx;
use crate::app::base::frame_order::AppSet;
use crate::app::base::games::{GameId, GameRegistry, RulesPage};
use crate::app::base::i18n::{Key, Language};
use crate::app::base::navigation::{Overlay, Overlays, ReturnTo, Screen};
use crate::app::base::settings::Settings;
use crate::app::features::attract::Booth;
use crate::app::shell::widgets::{UiSounds, menu_button, overlay_card};
use crate::app::table::view::ShownView;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Typing>()
        .add_systems(
            Update,
            (global_shortcuts, apply_fullscreen)
                .chain()
                .in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                help_overlay.in_set(AppSet::Panels),
                notice_typing.after(AppSet::Panels),
            ),
        );
}

/// Whether a text field has the keyboard (a name being typed): letters are then words, not
/// shortcuts.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Typing(pub bool);

fn notice_typing(mut contexts: EguiContexts, mut typing: ResMut<Typing>) -> Result {
    let wants = contexts.ctx_mut()?.egui_wants_keyboard_input();
    typing.set_if_neq(Typing(wants));
    Ok(())
}

#[expect(
    clippy::too_many_arguments,
    reason = "the shortcuts reach every screen"
)]
fn global_shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    mut overlays: Overlays,
    mut settings: ResMut<Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    screen: Option<Res<State<Screen>>>,
    back: Option<Res<ReturnTo>>,
    mut next: ResMut<NextState<Screen>>,
    booth: Res<Booth>,
    (typing, shown): (Option<Res<Typing>>, Option<Res<ShownView>>),
) {
    // Esc closes the help, or goes back from a menu screen; a game screen has its own Esc.
    let here = screen.map(|s| *s.get());
    if keys.just_pressed(KeyCode::Escape) && !matches!(here, Some(Screen::Game(_))) {
        if overlays.shown() == Overlay::Help {
            overlays.close();
        } else {
            match here {
                Some(Screen::Setup(_)) => next.set(Screen::Title),
                Some(Screen::SavedGames | Screen::Statistics | Screen::Online) => {
                    next.set(Screen::Title);
                }
                Some(Screen::Settings | Screen::Rules) => {
                    next.set(back.as_ref().map_or(Screen::Title, |b| b.0));
                }
                _ => {}
            }
        }
    }
    // Letters typed into a name are the name's.
    if typing.is_some_and(|typing| typing.0) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyH) || keys.just_pressed(KeyCode::Slash) {
        overlays.toggle(Overlay::Help);
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
    }
    // The board flat or on the table, wherever a board shows: the match is not touched.
    if keys.just_pressed(KeyCode::KeyV)
        && matches!(here, Some(Screen::Game(_)))
        && let Some(shown) = shown
    {
        settings.table_view = Some(shown.view.other());
    }
    // A kiosk stays fullscreen: a visitor's F11 would uncover the desktop.
    if keys.just_pressed(KeyCode::F11) && !booth.kiosk {
        let windowed = windows
            .iter()
            .next()
            .is_some_and(|window| window.mode == WindowMode::Windowed);
        settings.fullscreen = windowed;
    }
}

/// The command line asked for fullscreen from the start (`--fullscreen`), whatever the
/// settings say.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct FullscreenAtStart(pub bool);

/// The window's size when it leaves fullscreen.
const WINDOWED_SIZE: UVec2 = UVec2::new(1280, 720);

/// Puts the window in the mode the settings ask for: at start only to go fullscreen (the
/// command line's `--fullscreen` is not undone), afterwards whenever the setting changes. A
/// kiosk is fullscreen whatever the settings say.
fn apply_fullscreen(
    settings: Res<Settings>,
    booth: Res<Booth>,
    at_start: Option<Res<FullscreenAtStart>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    monitors: Query<(&Monitor, Has<PrimaryMonitor>)>,
    mut applied: Local<Applied>,
) {
    let setting_moved = applied.mode.is_some() && settings.fullscreen != applied.setting;
    applied.setting = settings.fullscreen;
    let wanted = match applied.mode {
        _ if booth.kiosk => true,
        None => settings.fullscreen || at_start.is_some_and(|start| start.0),
        Some(_) if setting_moved => settings.fullscreen,
        Some(mode) => mode,
    };
    if applied.mode == Some(wanted) {
        return;
    }
    if applied.mode.is_none() && !wanted {
        // The window opens windowed.
        applied.mode = Some(false);
        return;
    }
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    if wanted {
        // A window manager makes a fullscreen window cover its monitor; a kiosk's bare X
        // session has none, so the window is sized and placed over the monitor itself first.
        if let Some(monitor) = largest_monitor(&monitors) {
            window
                .resolution
                .set_physical_resolution(monitor.physical_width, monitor.physical_height);
            window.position = WindowPosition::At(monitor.physical_position);
        }
        window.mode = WindowMode::BorderlessFullscreen(MonitorSelection::Current);
    } else {
        window.mode = WindowMode::Windowed;
        let scale = window.resolution.scale_factor();
        window.resolution.set(
            WINDOWED_SIZE.x as f32 / scale,
            WINDOWED_SIZE.y as f32 / scale,
        );
        window.position = WindowPosition::Centered(MonitorSelection::Current);
    }
    applied.mode = Some(wanted);
}

/// The mode the window was put in, and the setting it followed.
#[derive(Default)]
struct Applied {
    mode: Option<bool>,
    setting: bool,
}

/// The primary monitor, or the largest where none is marked primary.
fn largest_monitor<'a>(
    monitors: &'a Query<(&Monitor, Has<PrimaryMonitor>)>,
) -> Option<&'a Monitor> {
    monitors
        .iter()
        .filter(|(monitor, _)| monitor.physical_width > 0 && monitor.physical_height > 0)
        .max_by_key(|(monitor, primary)| {
            (*primary, monitor.physical_width * monitor.physical_height)
        })
        .map(|(monitor, _)| monitor)
}

fn help_overlay(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    registry: Res<GameRegistry>,
    screen: Option<Res<State<Screen>>>,
    mut overlays: Overlays,
    mut sfx: MessageWriter<Sfx>,
) -> Result {
    if overlays.shown() != Overlay::Help {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = settings.language;
    let mut sounds = UiSounds::default();
    overlay_card(ctx, "help", 420.0, words.text(Key::Shortcuts), |ui| {
        ui.label(
            RichText::new(words.text(Key::ShortcutList))
                .monospace()
                .size(20.0),
        );
        // Over a game's screens, how to play that game as well.
        let game = screen.as_ref().and_then(|s| s.get().game());
        if let Some(entry) = game.and_then(|game| registry.get(game)) {
            ui.add_space(6.0);
            ui.label((entry.help)(words));
        }
        ui.add_space(10.0);
        if menu_button(ui, words.text(Key::Close), true, &mut sounds).clicked() {
            overlays.close();
        }
    });
    sfx.write_batch(sounds.0);
    Ok(())
}

/// What the game menu asks of the game screen beneath it.
pub struct GameMenu<'a, 'w, 's> {
    pub game: GameId,
    /// Kiosk mode: the settings are for the organiser, not in the menu.
    pub settings_locked: bool,
    pub overlays: &'a mut Overlays<'w>,
    pub commands: &'a mut Commands<'w, 's>,
    pub next: &'a mut NextState<Screen>,
}

/// The menu over a game: resume, the game's own entries (such as Restart), its rules,
/// settings and the title screen. `own` draws the game's entries and says whether one of
/// them closes the menu.
pub fn game_menu(
    ctx: &egui::Context,
    words: Language,
    menu: GameMenu<'_, '_, '_>,
    sounds: &mut UiSounds,
    own: impl FnOnce(&mut egui::Ui, &mut UiSounds) -> bool,
) {
    let GameMenu {
        game,
        settings_locked,
        overlays,
        commands,
        next,
    } = menu;
    overlay_card(ctx, "game-menu", 360.0, words.text(Key::Menu), |ui| {
        if menu_button(ui, words.text(Key::Resume), true, sounds).clicked() {
            overlays.close();
        }
        if own(ui, sounds) {
            overlays.close();
        }
        // A booth keeps no files of its visitors.
        if !settings_locked && menu_button(ui, words.text(Key::SaveGame), true, sounds).clicked() {
            overlays.show(Overlay::SaveGame);
        }
        if menu_button(ui, words.text(Key::Rules), true, sounds).clicked() {
            commands.insert_resource(ReturnTo(Screen::Game(game)));
            commands.insert_resource(RulesPage(Some(game)));
            next.set(Screen::Rules);
        }
        if !settings_locked && menu_button(ui, words.text(Key::Settings), true, sounds).clicked() {
            commands.insert_resource(ReturnTo(Screen::Game(game)));
            next.set(Screen::Settings);
        }
        if menu_button(ui, words.text(Key::ToTitle), true, sounds).clicked() {
            next.set(Screen::Title);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;

    fn app(kiosk: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .init_state::<Screen>()
            .init_state::<Overlay>()
            .init_resource::<Settings>()
            .init_resource::<ButtonInput<KeyCode>>()
            .insert_resource(Booth {
                kiosk,
                ..Booth::default()
            })
            .add_systems(Update, (global_shortcuts, apply_fullscreen).chain());
        app.world_mut().spawn((Window::default(), PrimaryWindow));
        app.update();
        app
    }

    fn mode(app: &mut App) -> WindowMode {
        app.world_mut()
            .query_filtered::<&Window, With<PrimaryWindow>>()
            .single(app.world())
            .expect("one window")
            .mode
    }

    fn f11(app: &mut App) {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::F11);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::F11);
        keys.clear();
        app.update();
    }

    #[test]
    fn f11_and_the_setting_switch_fullscreen_and_the_setting_remembers() {
        let mut app = app(false);
        assert_eq!(mode(&mut app), WindowMode::Windowed);
        f11(&mut app);
        assert!(matches!(
            mode(&mut app),
            WindowMode::BorderlessFullscreen(_)
        ));
        assert!(app.world().resource::<Settings>().fullscreen);
        f11(&mut app);
        assert_eq!(mode(&mut app), WindowMode::Windowed);
        app.world_mut().resource_mut::<Settings>().fullscreen = true;
        app.update();
        assert!(matches!(
            mode(&mut app),
            WindowMode::BorderlessFullscreen(_)
        ));
    }

    #[test]
    fn a_kiosk_is_fullscreen_and_ignores_f11() {
        let mut app = app(true);
        assert!(matches!(
            mode(&mut app),
            WindowMode::BorderlessFullscreen(_)
        ));
        f11(&mut app);
        assert!(matches!(
            mode(&mut app),
            WindowMode::BorderlessFullscreen(_)
        ));
        assert!(!app.world().resource::<Settings>().fullscreen);
    }

    #[test]
    fn fullscreen_covers_the_monitor_without_a_window_manager() {
        let mut app = app(false);
        app.world_mut().spawn((
            Monitor {
                name: None,
                physical_height: 1080,
                physical_width: 1920,
                physical_position: IVec2::new(0, 0),
                refresh_rate_millihertz: None,
                scale_factor: 1.0,
                video_modes: Vec::new(),
            },
            PrimaryMonitor,
        ));
        f11(&mut app);
        let window = app
            .world_mut()
            .query_filtered::<&Window, With<PrimaryWindow>>()
            .single(app.world())
            .expect("one window")
            .clone();
        assert_eq!(window.physical_size(), UVec2::new(1920, 1080));
        assert_eq!(window.position, WindowPosition::At(IVec2::ZERO));
        f11(&mut app);
        assert_eq!(mode(&mut app), WindowMode::Windowed);
    }
}
