//! Where the app keeps its files (settings, the game to continue), and safe reading and writing.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};

use bevy::log::warn;
use bevy::prelude::Resource;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The folder for the app's files (none keeps nothing: headless tests), and the files set aside
/// in it since the title screen last looked, a list every copy of it shares.
#[derive(Resource, Debug, Clone, Default)]
pub struct DataDir {
    folder: Option<PathBuf>,
    set_aside: Arc<Mutex<Vec<SetAside>>>,
}

impl DataDir {
    /// The app's files in this folder.
    #[must_use]
    pub fn at(folder: impl Into<PathBuf>) -> Self {
        Self::of(Some(folder.into()))
    }

    /// Nowhere: nothing is read or kept.
    #[must_use]
    pub fn nowhere() -> Self {
        Self::of(None)
    }

    fn of(folder: Option<PathBuf>) -> Self {
        Self {
            folder,
            set_aside: Arc::default(),
        }
    }

    #[must_use]
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// Notes a file that was set aside here by other means than [`set_aside`] (a store that
    /// checks itself), for the title screen to tell.
    pub fn note_set_aside(&self, file: &str, kept_as: &str) {
        if let Ok(mut list) = self.set_aside.lock() {
            list.push(SetAside {
                file: file.to_owned(),
                kept_as: kept_as.to_owned(),
            });
        }
    }

    /// The files set aside here since the last call.
    #[must_use]
    pub fn take_set_aside(&self) -> Vec<SetAside> {
        self.set_aside
            .lock()
            .map(|mut list| std::mem::take(&mut *list))
            .unwrap_or_default()
    }

    /// `$ABAKUS_DATA_DIR`, else the platform's data folder for the app (on Linux
    /// `$XDG_DATA_HOME/abakus` or `~/.local/share/abakus`, on macOS
    /// `~/Library/Application Support/abakus`, on Windows `%APPDATA%\abakus\data`).
    #[must_use]
    pub fn from_env() -> Self {
        if let Some(dir) = std::env::var_os("ABAKUS_DATA_DIR") {
            return Self::at(dir);
        }
        Self::of(project_dirs().map(|dirs| dirs.data_dir().to_path_buf()))
    }
}

/// Where the settings are kept: a folder of their own on every platform.
#[derive(Resource, Debug, Clone, Default)]
pub struct ConfigDir(pub DataDir);

impl ConfigDir {
    /// `$ABAKUS_CONFIG_DIR`; else, when `$ABAKUS_DATA_DIR` is set, that same folder (so a
    /// test or a portable install that names one folder keeps everything in it); else the
    /// platform's config folder for the app (on Linux `$XDG_CONFIG_HOME/abakus` or
    /// `~/.config/abakus`, on macOS `~/Library/Application Support/abakus`, on Windows
    /// `%APPDATA%\abakus\config`).
    #[must_use]
    pub fn from_env() -> Self {
        let folder = std::env::var_os("ABAKUS_CONFIG_DIR")
            .or_else(|| std::env::var_os("ABAKUS_DATA_DIR"))
            .map(PathBuf::from)
            .or_else(|| project_dirs().map(|dirs| dirs.config_dir().to_path_buf()));
        Self(DataDir::of(folder))
    }
}

/// The app's folders as the platform names them; `None` where there is no home folder.
fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "abakus")
}

/// Reads a JSON file. A file that exists but cannot be read (broken, cut short, from another
/// program or a newer version) is set aside (see [`set_aside`]) and `None` is returned.
pub fn load<T: DeserializeOwned>(dir: &DataDir, name: &str) -> Option<T> {
    let path = dir.folder()?.join(name);
    let bytes = fs::read(&path).ok()?;
    let parsed = std::str::from_utf8(&bytes)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(text).map_err(|e| e.to_string()));
    match parsed {
        Ok(value) => Some(value),
        Err(why) => {
            set_aside(dir, name, &why);
            None
        }
    }
}

/// A file that could not be used this run and was kept beside under another name, for the
/// title screen to tell the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    pub file: String,
    pub kept_as: String,
}

/// Moves a file that cannot be used to `NAME.bad` (never overwriting it later, never losing
/// it), with one warning in the log and a line for the title screen.
pub fn set_aside(dir: &DataDir, name: &str, why: &str) {
    let Some(folder) = dir.folder() else {
        return;
    };
    let path = folder.join(name);
    let kept_as = format!("{name}.bad");
    warn!(
        "{} could not be used ({why}); kept it as {kept_as}",
        path.display()
    );
    if fs::rename(&path, folder.join(&kept_as)).is_ok()
        && let Ok(mut list) = dir.set_aside.lock()
    {
        list.push(SetAside {
            file: name.to_owned(),
            kept_as,
        });
    }
}

/// Writes and deletes files on a background thread, in the order asked, so that saving the
/// game after a move never stalls a frame (a write takes up to a few milliseconds).
#[derive(Resource, Debug, Clone)]
pub struct Saver(Sender<Job>);

#[derive(Debug)]
pub enum Job {
    Write {
        dir: DataDir,
        name: String,
        text: String,
    },
    Remove {
        dir: DataDir,
        name: String,
    },
    /// Answers once every job sent before it is done.
    Flush(Sender<()>),
}

impl Saver {
    /// Starts the writing thread; it ends when the app drops its last `Saver`.
    #[must_use]
    pub fn spawn() -> Self {
        let (sender, jobs) = channel::<Job>();
        let spawned = std::thread::Builder::new()
            .name("abakus-saver".into())
            .spawn(move || {
                for job in jobs {
                    match job {
                        Job::Write { dir, name, text } => {
                            if let Some(folder) = dir.folder()
                                && let Err(error) = write_text(folder, &name, &text)
                            {
                                warn!("could not save {}: {error}", folder.join(&name).display());
                            }
                        }
                        Job::Remove { dir, name } => remove(&dir, &name),
                        Job::Flush(done) => {
                            let _ = done.send(());
                        }
                    }
                }
            });
        if let Err(error) = spawned {
            warn!("no thread for saving ({error}); the game will not be kept between runs");
        }
        Self(sender)
    }

    /// Serialises now (cheap) and writes later.
    pub fn save<T: Serialize>(&self, dir: &DataDir, name: &str, value: &T) {
        if dir.folder.is_none() {
            return;
        }
        match serde_json::to_string_pretty(value) {
            Ok(text) => {
                let _ = self.0.send(Job::Write {
                    dir: dir.clone(),
                    name: name.to_owned(),
                    text,
                });
            }
            Err(error) => warn!("could not save {name}: {error}"),
        }
    }

    pub fn remove(&self, dir: &DataDir, name: &str) {
        let _ = self.0.send(Job::Remove {
            dir: dir.clone(),
            name: name.to_owned(),
        });
    }

    /// Waits until every write and removal asked for so far is done: the last move's autosave
    /// is on disk when the window closes.
    pub fn flush(&self) {
        let (done, finished) = channel();
        if self.0.send(Job::Flush(done)).is_ok() {
            let _ = finished.recv();
        }
    }
}

/// What is worked out again at will (a review): read from the data folder, nothing when the
/// file is missing or cannot be used, which is then simply written anew.
pub fn load_kept<T: DeserializeOwned>(dir: &DataDir, name: &str) -> Option<T> {
    let text = fs::read_to_string(dir.folder()?.join(name)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Writes what is worked out again at will now, on the calling thread; a failure is only
/// logged, since the work can be done again.
pub fn keep<T: Serialize>(dir: &DataDir, name: &str, value: &T) {
    let Some(folder) = dir.folder() else {
        return;
    };
    let written = serde_json::to_string(value)
        .map_err(std::io::Error::other)
        .and_then(|text| write_text(folder, name, &text));
    if let Err(error) = written {
        warn!("could not keep {}: {error}", folder.join(name).display());
    }
}

/// Deletes a file if it is there.
pub fn remove(dir: &DataDir, name: &str) {
    if let Some(dir) = dir.folder() {
        let _ = fs::remove_file(dir.join(name));
    }
}

/// Writes to a temporary file, then renames it over the old one, so a file is never half new;
/// `name` may lie in a subfolder, which is made if need be.
fn write_text(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    fs::create_dir_all(dir.join(name).parent().unwrap_or(dir))?;
    let temporary = dir.join(format!("{name}.tmp"));
    fs::write(&temporary, text)?;
    fs::rename(temporary, dir.join(name))
}

/// A 64-bit FNV-1a hash: the same on every machine and build, unlike the standard library's.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> DataDir {
        let dir =
            std::env::temp_dir().join(format!("abakus-storage-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        DataDir::at(dir)
    }

    #[test]
    fn saved_values_come_back() {
        let dir = scratch("round-trip");
        write_text(dir.folder().unwrap(), "numbers.json", "[1, 2, 3]").unwrap();
        assert_eq!(load::<Vec<i32>>(&dir, "numbers.json"), Some(vec![1, 2, 3]));
        remove(&dir, "numbers.json");
        assert_eq!(load::<Vec<i32>>(&dir, "numbers.json"), None);
        let _ = fs::remove_dir_all(dir.folder().unwrap());
    }

    #[test]
    fn a_broken_file_is_kept_aside_not_lost() {
        let dir = scratch("broken");
        let folder = dir.folder().unwrap().to_path_buf();
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join("settings.json"), "{ not json").unwrap();
        assert_eq!(load::<Vec<i32>>(&dir, "settings.json"), None);
        assert_eq!(
            fs::read_to_string(folder.join("settings.json.bad")).unwrap(),
            "{ not json"
        );
        assert!(
            dir.take_set_aside()
                .iter()
                .any(|aside| aside.kept_as == "settings.json.bad")
        );
        let _ = fs::remove_dir_all(folder);
    }

    #[test]
    fn the_saver_writes_in_order_in_the_background() {
        let dir = scratch("saver");
        let saver = Saver::spawn();
        for value in 0..50 {
            saver.save(&dir, "count.json", &value);
        }
        saver.flush();
        assert_eq!(load::<i32>(&dir, "count.json"), Some(49));
        let _ = fs::remove_dir_all(dir.folder().unwrap());
    }

    #[test]
    fn no_folder_keeps_nothing() {
        let dir = DataDir::nowhere();
        Saver::spawn().save(&dir, "x.json", &1);
        assert_eq!(load::<i32>(&dir, "x.json"), None);
    }
}
