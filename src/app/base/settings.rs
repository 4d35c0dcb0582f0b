//! Player settings shared by every game (volumes, board labels, language), kept between runs.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::base::i18n::Language;
use crate::app::base::palette::Colours;
use crate::app::base::statistics::ComputerLevel;
use crate::app::base::storage::{self, ConfigDir, DataDir, Saver};

const FILE: &str = "settings.json";

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<DataDir>()
        .init_resource::<ConfigDir>()
        .init_resource::<Settings>()
        .add_systems(PreStartup, load_settings)
        .init_resource::<UiZoom>()
        .add_systems(PreUpdate, follow_ui_scale)
        .add_systems(Update, save_settings);
}

/// The layout of the settings file this build writes; a file from a newer build is kept
/// aside rather than misread.
const VERSION: u32 = 1;

/// A change is written once it has rested this long, so a slider's drag is one write.
const SETTLE_SECONDS: f32 = 0.5;

/// What the player chose in the settings screen.
#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The file layout's version (0 in files from before it was written).
    pub version: u32,
    pub language: Language,
    /// 0 to 1 each; the effective level of a sound is master × its own.
    pub master_volume: f32,
    pub effects_volume: f32,
    pub music_volume: f32,
    pub muted: bool,
    pub show_coordinates: bool,
    /// How long a computer player's move waits before it lands, so a person can follow it.
    pub computer_pace: ComputerPace,
    /// Seconds without input before computer games show themselves; `None` keeps the screen
    /// as it is.
    pub demo_after_seconds: Option<u32>,
    /// How fast stones and tiles move, land and flip.
    pub animation_speed: AnimationSpeed,
    /// Borderless fullscreen (F11 switches it too).
    pub fullscreen: bool,
    /// The colours that carry meaning from the set for colour-blind players, and Spin Abaku's
    /// red tiles marked with a bar as well as their colour.
    pub colour_blind: bool,
    /// How large the panels, menus and their words are drawn.
    pub ui_scale: UiScale,
    /// The tile game's count of the tiles the player to move has not seen; off for players
    /// who keep count by hand.
    pub show_unseen_tiles: bool,
    /// The boards flat or on a 3D table; `None` leaves it to the machine (the table on a real
    /// graphics device, flat on a software renderer).
    pub table_view: Option<TableView>,
    /// The port the window's server for phones listens on, for a venue's firewall that lets
    /// only some through; `None` takes any free one (`--phone-port` overrides it).
    pub phone_port: Option<u16>,
    /// The game server a game set up at the window may be hosted on (a club's, a school's),
    /// as typed on the Play online screen.
    pub room_server: Option<String>,
    /// That server's key for making rooms, where it asks for one.
    pub room_key: Option<String>,
    /// The game servers rooms were made on, newest first, offered again on Play online.
    pub room_servers: Vec<String>,
    /// The booth's name and its visitors' challenge, as the organiser sets them.
    pub booth: BoothDay,
}

/// What a booth's organiser sets for the day: the booth's name, which with the date picks the
/// challenge's deal, and the challenge itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoothDay {
    /// Two booths of one event given the same name deal their visitors alike.
    pub name: String,
    /// The computer the visitors play.
    pub level: ComputerLevel,
    /// The challenge's short form, in turns each; `None` plays the whole game.
    pub turns_each: Option<u8>,
    /// The organiser's page (the game's page, a shop, the rules) offered on each visitor's
    /// phone at the end; empty for none.
    pub link: String,
    /// The digits that open the organiser's controls; empty for none.
    pub pin: String,
    /// No visitor joins meanwhile: the demo shows no code.
    pub paused: bool,
}

/// The short form a booth's challenge is played in unless the organiser chooses otherwise:
/// about five minutes against the computer.
pub const BOOTH_TURNS_EACH: u8 = 6;

/// The longest PIN of the organiser's controls.
pub const BOOTH_PIN_DIGITS: usize = 8;

impl BoothDay {
    /// The organiser's link, where it is a web address: `https://…` or `http://…`.
    #[must_use]
    pub fn web_link(&self) -> Option<&str> {
        let link = self.link.trim();
        let rest = link
            .strip_prefix("https://")
            .or_else(|| link.strip_prefix("http://"))?;
        let fits = !rest.is_empty() && link.len() <= 300 && !link.chars().any(char::is_whitespace);
        fits.then_some(link)
    }

    /// The host the organiser's link goes to, as its button names it.
    #[must_use]
    pub fn link_host(&self) -> Option<&str> {
        let rest = self.web_link()?.split_once("://")?.1;
        rest.split(['/', '?', '#'])
            .next()
            .filter(|host| !host.is_empty())
    }
}

impl Default for BoothDay {
    fn default() -> Self {
        BoothDay {
            name: String::new(),
            level: ComputerLevel::Normal,
            turns_each: Some(BOOTH_TURNS_EACH),
            link: String::new(),
            pin: String::new(),
            paused: false,
        }
    }
}

/// How many game servers the settings remember.
const SERVERS_KEPT: usize = 5;

impl Settings {
    /// Remembers a game server a room was made on, newest first.
    pub fn used_server(&mut self, server: &str) {
        self.room_servers.retain(|kept| kept != server);
        self.room_servers.insert(0, server.to_owned());
        self.room_servers.truncate(SERVERS_KEPT);
    }
}

/// The size of everything egui draws (panels, menus, words), chosen in settings; the boards
/// take the room the panels leave.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum UiScale {
    #[default]
    Normal,
    Large,
    Larger,
}

impl UiScale {
    pub const ALL: [UiScale; 3] = [UiScale::Normal, UiScale::Large, UiScale::Larger];

    /// Window pixels per point of the panels.
    #[must_use]
    pub fn factor(self) -> f32 {
        match self {
            UiScale::Normal => 1.0,
            UiScale::Large => 1.25,
            UiScale::Larger => 1.5,
        }
    }

    /// "125 %", as the settings show it.
    #[must_use]
    pub fn label(self) -> String {
        format!("{} %", (self.factor() * 100.0).round())
    }
}

/// The panels' scale as it is drawn now: the boards fit into the room it leaves them.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct UiZoom(pub f32);

impl Default for UiZoom {
    fn default() -> Self {
        Self(1.0)
    }
}

/// How a board is drawn: today's flat board, or pieces on a table seen in perspective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableView {
    Flat,
    Table,
}

impl TableView {
    #[must_use]
    pub fn other(self) -> Self {
        match self {
            TableView::Flat => TableView::Table,
            TableView::Table => TableView::Flat,
        }
    }
}

/// How fast the boards' animations run, chosen in settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimationSpeed {
    Calm,
    #[default]
    Normal,
    Brisk,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 3] = [
        AnimationSpeed::Calm,
        AnimationSpeed::Normal,
        AnimationSpeed::Brisk,
    ];

    /// How many seconds of animation pass in a second.
    #[must_use]
    pub fn factor(self) -> f32 {
        match self {
            AnimationSpeed::Calm => 0.6,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Brisk => 1.7,
        }
    }
}

/// How quickly computer players move, chosen in settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ComputerPace {
    Quick,
    #[default]
    Steady,
    Slow,
}

impl ComputerPace {
    pub const ALL: [ComputerPace; 3] = [
        ComputerPace::Quick,
        ComputerPace::Steady,
        ComputerPace::Slow,
    ];

    /// The least time in seconds between the move before and a computer's move, however fast
    /// it found it; also how long a computer reads a move before judging it.
    #[must_use]
    pub fn least_wait(self) -> f32 {
        match self {
            ComputerPace::Quick => 0.3,
            ComputerPace::Steady => 0.8,
            ComputerPace::Slow => 1.8,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            version: VERSION,
            language: Language::English,
            master_volume: 0.5,
            effects_volume: 0.8,
            music_volume: 0.4,
            muted: false,
            show_coordinates: true,
            computer_pace: ComputerPace::default(),
            demo_after_seconds: None,
            animation_speed: AnimationSpeed::default(),
            fullscreen: false,
            colour_blind: false,
            ui_scale: UiScale::Normal,
            show_unseen_tiles: true,
            table_view: None,
            phone_port: None,
            room_server: None,
            room_key: None,
            room_servers: Vec::new(),
            booth: BoothDay::default(),
        }
    }
}

impl Settings {
    /// The set of colours that carry meaning, as the colour-blind setting chooses.
    #[must_use]
    pub fn colours(&self) -> Colours {
        Colours::chosen(self.colour_blind)
    }

    /// Clamps values a hand-edited file may have put out of range.
    #[must_use]
    pub fn sanitized(mut self) -> Self {
        let unit = |v: f32| {
            if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.5
            }
        };
        self.master_volume = unit(self.master_volume);
        self.effects_volume = unit(self.effects_volume);
        self.music_volume = unit(self.music_volume);
        // Port 0 means any free one, which `None` already says.
        self.phone_port = self.phone_port.filter(|port| *port != 0);
        self.room_servers.truncate(SERVERS_KEPT);
        // A short form of no turns would end before it began.
        self.booth.turns_each = self.booth.turns_each.filter(|turns| *turns > 0);
        // A PIN is digits only, as its keypad types them.
        self.booth.pin.retain(|c| c.is_ascii_digit());
        self.booth.pin.truncate(BOOTH_PIN_DIGITS);
        self
    }
}

fn load_settings(dir: Res<ConfigDir>, mut settings: ResMut<Settings>) {
    match Settings::load(&dir.0) {
        Some(saved) => *settings = saved,
        // A first run speaks the system's language, when the app knows it.
        None => settings.language = Language::from_system(),
    }
}

impl Settings {
    /// The settings kept in `dir`, put right where a hand-edited file went out of range.
    #[must_use]
    pub fn load(dir: &DataDir) -> Option<Self> {
        let saved = storage::load::<Settings>(dir, FILE)?;
        if saved.version > VERSION {
            storage::set_aside(dir, FILE, "written by a newer version of the game");
            return None;
        }
        Some(Settings {
            version: VERSION,
            ..saved.sanitized()
        })
    }
}

/// Writes the settings once a change has settled (or at once when the app is closing).
fn save_settings(
    dir: Res<ConfigDir>,
    saver: Option<Res<Saver>>,
    settings: Res<Settings>,
    // Real time: an idle window draws a frame only now and then.
    time: Res<Time<Real>>,
    mut exit: MessageReader<AppExit>,
    mut changed_at: Local<Option<f32>>,
) {
    let Some(saver) = saver else {
        return;
    };
    if settings.is_changed() && !settings.is_added() {
        *changed_at = Some(time.elapsed_secs());
    }
    let closing = exit.read().count() > 0;
    if let Some(at) = *changed_at
        && (closing || time.elapsed_secs() - at >= SETTLE_SECONDS)
    {
        saver.save(&dir.0, FILE, &*settings);
        *changed_at = None;
    }
}

/// The smallest room, in points, the panels and boards are laid out for: a larger scale than
/// the window allows for this is drawn at the largest that still leaves it.
pub const LEAST_POINTS: (f32, f32) = (1024.0, 640.0);

/// The scale drawn for the chosen one in a window of this size (logical pixels): the choice,
/// unless the window is too small for it, and never below 100 %.
#[must_use]
pub fn effective_zoom(scale: UiScale, window: (f32, f32)) -> f32 {
    let room = (window.0 / LEAST_POINTS.0).min(window.1 / LEAST_POINTS.1);
    scale.factor().min(room).max(1.0)
}

/// Keeps [`UiZoom`] at the scale drawn, for the boards' layouts and egui's zoom.
fn follow_ui_scale(
    settings: Res<Settings>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut zoom: ResMut<UiZoom>,
) {
    let window = windows
        .iter()
        .next()
        .map_or((1280.0, 720.0), |window| (window.width(), window.height()));
    zoom.set_if_neq(UiZoom(effective_zoom(settings.ui_scale, window)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_organisers_link_is_a_web_address_or_none() {
        let booth = |link: &str| BoothDay {
            link: link.to_owned(),
            ..BoothDay::default()
        };
        let shop = booth(" https://shop.example.org/abaku?from=booth ");
        assert_eq!(
            shop.web_link(),
            Some("https://shop.example.org/abaku?from=booth")
        );
        assert_eq!(shop.link_host(), Some("shop.example.org"));
        assert_eq!(booth("http://example.org").link_host(), Some("example.org"));
        for not_a_page in [
            "",
            "example.org",
            "javascript:alert(1)",
            "https://",
            "https://a b",
            "ftp://x",
        ] {
            assert_eq!(booth(not_a_page).web_link(), None, "{not_a_page}");
        }
    }

    fn scratch(name: &str) -> DataDir {
        let dir =
            std::env::temp_dir().join(format!("abakus-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        DataDir::at(dir)
    }

    #[test]
    fn a_scale_the_window_has_no_room_for_is_drawn_as_large_as_fits() {
        assert_eq!(effective_zoom(UiScale::Normal, (1280.0, 720.0)), 1.0);
        assert_eq!(effective_zoom(UiScale::Large, (1280.0, 720.0)), 1.125);
        assert_eq!(effective_zoom(UiScale::Larger, (1280.0, 720.0)), 1.125);
        assert_eq!(effective_zoom(UiScale::Large, (1920.0, 1080.0)), 1.25);
        assert_eq!(effective_zoom(UiScale::Larger, (1920.0, 1080.0)), 1.5);
        // A small window never shrinks the panels below their own size.
        assert_eq!(effective_zoom(UiScale::Normal, (320.0, 200.0)), 1.0);
        assert_eq!(effective_zoom(UiScale::Larger, (320.0, 200.0)), 1.0);
    }

    #[test]
    fn a_file_from_a_newer_version_is_kept_aside_not_misread() {
        let dir = scratch("newer");
        let folder = dir.folder().unwrap().to_path_buf();
        let newer = r#"{"version": 2, "master_volume": 0.2, "muted": true}"#;
        std::fs::write(folder.join(FILE), newer).unwrap();
        assert_eq!(Settings::load(&dir), None);
        assert_eq!(
            std::fs::read_to_string(folder.join("settings.json.bad")).unwrap(),
            newer
        );
        // An older file, without the version, is read and brought up to date.
        std::fs::write(folder.join(FILE), r#"{"master_volume": 0.2}"#).unwrap();
        let older = Settings::load(&dir).unwrap();
        assert_eq!((older.version, older.master_volume), (VERSION, 0.2));
        let _ = std::fs::remove_dir_all(folder);
    }

    #[test]
    fn a_slider_drag_is_written_once_it_settles() {
        let dir = scratch("settle");
        let file = dir.folder().unwrap().to_path_buf().join(FILE);
        let mut app = App::new();
        let saver = Saver::spawn();
        app.add_plugins(MinimalPlugins)
            .insert_resource(ConfigDir(dir.clone()))
            .insert_resource(saver.clone())
            .init_resource::<Settings>()
            .add_systems(Update, save_settings)
            .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_millis(50),
            ));
        app.update();
        // A drag: a new value every frame for half a second.
        for step in 0..10 {
            app.world_mut().resource_mut::<Settings>().master_volume = step as f32 / 10.0;
            app.update();
            saver.flush();
            assert!(!file.exists(), "written mid-drag at step {step}");
        }
        for _ in 0..15 {
            app.update();
        }
        saver.flush();
        let written = Settings::load(&dir);
        assert_eq!(written.map(|s| s.master_volume), Some(0.9));
        let _ = std::fs::remove_dir_all(dir.folder().unwrap());
    }
}
