//! The games the app hosts, listed once, and what is gathered from all of them: sounds, words
//! and rules pages.

use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::prelude::App;

use crate::app::audio::{self, NamedSound};
use crate::app::base::{games, i18n};
use crate::app::features::script;
use crate::app::{hex, tiles};

/// What the app hosts of each game: the one list that names the games. Adding a game is one
/// more entry here.
pub(crate) struct HostedGame {
    pub(crate) id: games::GameId,
    pub(crate) plugin: fn(&mut App),
    /// The game's own sounds, beyond the shell's.
    pub(crate) sounds: fn() -> Vec<NamedSound>,
    pub(crate) words: fn() -> &'static i18n::Catalog,
    /// Its rules page in each language, in the order of [`i18n::Language::ALL`].
    pub(crate) rules: fn() -> [&'static str; 4],
    pub(crate) script: script::GameCommands,
}

pub(crate) const GAMES: [HostedGame; 2] = [
    HostedGame {
        id: hex::HEX,
        plugin: hex::plugin,
        sounds: hex::sounds::sounds,
        words: hex::words_catalog,
        rules: hex::rules_texts,
        script: hex::script_commands,
    },
    HostedGame {
        id: tiles::TILES,
        plugin: tiles::plugin,
        sounds: tiles::sounds::sounds,
        words: tiles::words_catalog,
        rules: tiles::rules_texts,
        script: tiles::script_commands,
    },
];

/// Every sound the app synthesises: the shell's, each game's own, then the music (ten minutes
/// of it, and a minute of each mood).
#[must_use]
pub fn every_sound() -> Vec<NamedSound> {
    let mut sounds = audio::shell_sounds();
    for game in &GAMES {
        sounds.extend((game.sounds)());
    }
    sounds.extend(audio::music_sounds());
    sounds
}

/// Every catalog of words (the shell's, each game's, and the rooms' start page's) by name, for
/// the tests that hold the languages to the same messages.
#[must_use]
pub fn catalogs() -> Vec<(&'static str, &'static i18n::Catalog)> {
    let mut catalogs = vec![("shell", &i18n::SHELL)];
    catalogs.extend(GAMES.iter().map(|game| (game.id.0, (game.words)())));
    catalogs.push(("rooms", abakus_words::rooms::catalog()));
    catalogs
}

/// Each game's rules page, in the order of [`i18n::Language::ALL`].
#[must_use]
pub fn rules_pages() -> Vec<(&'static str, [&'static str; 4])> {
    GAMES
        .iter()
        .map(|game| (game.id.0, (game.rules)()))
        .collect()
}

/// Why the sounds could not be written as files.
#[derive(Debug, thiserror::Error)]
pub enum WriteSoundsError {
    #[error("cannot make {}: {source}", .folder.display())]
    Folder {
        folder: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", .path.display())]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Writes every sound as a 16-bit mono WAV file in `folder` and lists them on `out`: name,
/// length and peak.
pub fn write_sounds(folder: &Path, out: &mut dyn Write) -> Result<(), WriteSoundsError> {
    std::fs::create_dir_all(folder).map_err(|source| WriteSoundsError::Folder {
        folder: folder.to_owned(),
        source,
    })?;
    for sound in every_sound() {
        let path = folder.join(format!("{}.wav", sound.name));
        let peak = sound.samples().iter().fold(0.0f32, |m, s| m.max(s.abs()));
        std::fs::write(&path, sound.wav())
            .and_then(|()| {
                writeln!(
                    out,
                    "{}\t{:.3} s\t{} Hz\tpeak {peak:.2}",
                    path.display(),
                    sound.seconds(),
                    sound.rate
                )
            })
            .map_err(|source| WriteSoundsError::File { path, source })?;
    }
    Ok(())
}
