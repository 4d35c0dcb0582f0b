//! Where the app keeps its files (settings, the game to continue), and safe reading and writing.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::log::warn;
use bevy::prelude::Resource;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The folder for the app's files; `None` keeps nothing (headless tests).
#[derive(Resource, Debug, Clone, Default)]
pub struct DataDir(pub Option<PathBuf>);

impl DataDir {
    /// `$ABAKUS_DATA_DIR`, else `$XDG_DATA_HOME/abakus`, else `~/.local/share/abakus`.
    #[must_use]
    pub fn from_env() -> Self {
        if let Some(dir) = std::env::var_os("ABAKUS_DATA_DIR") {
            return Self(Some(PathBuf::from(dir)));
        }
        if let Some(dir) = std::env::var_os("XDG_DATA_HOME") {
            return Self(Some(PathBuf::from(dir).join("abakus")));
        }
        Self(std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share/abakus")))
    }
}

/// Reads a JSON file. A file that exists but cannot be read is moved aside as `NAME.bad`
/// (so nothing is lost) and `None` is returned, with one warning in the log.
pub fn load<T: DeserializeOwned>(dir: &DataDir, name: &str) -> Option<T> {
    let path = dir.0.as_ref()?.join(name);
    let text = fs::read_to_string(&path).ok()?;
    match serde_json::from_str(&text) {
        Ok(value) => Some(value),
        Err(error) => {
            let aside = path.with_extension("json.bad");
            warn!(
                "{} could not be read ({error}); kept it as {}",
                path.display(),
                aside.display()
            );
            let _ = fs::rename(&path, &aside);
            None
        }
    }
}

/// Writes a JSON file atomically (write then rename), logging instead of failing.
pub fn save<T: Serialize>(dir: &DataDir, name: &str, value: &T) {
    let Some(dir) = &dir.0 else {
        return;
    };
    if let Err(error) = write_atomically(dir, name, value) {
        warn!("could not save {}: {error}", dir.join(name).display());
    }
}

/// Deletes a file if it is there.
pub fn remove(dir: &DataDir, name: &str) {
    if let Some(dir) = &dir.0 {
        let _ = fs::remove_file(dir.join(name));
    }
}

fn write_atomically<T: Serialize>(dir: &Path, name: &str, value: &T) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let text = serde_json::to_string_pretty(value).map_err(std::io::Error::other)?;
    let temporary = dir.join(format!("{name}.tmp"));
    fs::write(&temporary, text)?;
    fs::rename(temporary, dir.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> DataDir {
        let dir =
            std::env::temp_dir().join(format!("abakus-storage-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        DataDir(Some(dir))
    }

    #[test]
    fn saved_values_come_back() {
        let dir = scratch("round-trip");
        save(&dir, "numbers.json", &vec![1, 2, 3]);
        assert_eq!(load::<Vec<i32>>(&dir, "numbers.json"), Some(vec![1, 2, 3]));
        remove(&dir, "numbers.json");
        assert_eq!(load::<Vec<i32>>(&dir, "numbers.json"), None);
    }

    #[test]
    fn a_broken_file_is_kept_aside_not_lost() {
        let dir = scratch("broken");
        let folder = dir.0.clone().unwrap();
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join("settings.json"), "{ not json").unwrap();
        assert_eq!(load::<Vec<i32>>(&dir, "settings.json"), None);
        assert_eq!(
            fs::read_to_string(folder.join("settings.json.bad")).unwrap(),
            "{ not json"
        );
        let _ = fs::remove_dir_all(folder);
    }

    #[test]
    fn no_folder_keeps_nothing() {
        let dir = DataDir(None);
        save(&dir, "x.json", &1);
        assert_eq!(load::<i32>(&dir, "x.json"), None);
    }
}
