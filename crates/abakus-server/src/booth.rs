//! A booth's day: the deal every visitor of one day at one booth is dealt, so that their scores
//! compare, and the day's table of results, kept in a SQLite file of its own in the data folder
//! with every entry synced before it is shown, so a power cut loses at most a game in progress.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

/// The table's file in the data folder.
pub const FILE: &str = "booth-day.sqlite3";

/// The most entries a day keeps for one challenge: a day at a booth has some hundreds of
/// visitors; past this the lowest-placed entry makes way.
pub const ENTRIES_A_DAY: usize = 1000;

/// The deal of `day` (`YYYY-MM-DD`) at the booth named `booth`: the same on every machine and
/// in every version, so two booths of one event given one name run the same challenge.
#[must_use]
pub fn day_seed(day: &str, booth: &str) -> u64 {
    // FNV-1a over the words, then SplitMix64's finish so that near days deal far apart.
    let mut hash: u64 = 0xCBF2_9CE4_8422_2325;
    for byte in format!("abakus booth day|{day}|{}", booth.trim()).bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    let mut z = hash.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// How a challenge's results are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranking {
    /// The tile game: more points first, then the larger lead over the computer.
    Points,
    /// The hex game, where only wins are entered: fewer moves first.
    Moves,
}

impl Ranking {
    fn order(self) -> &'static str {
        match self {
            Ranking::Points => "score DESC, score - against DESC, at ASC, id ASC",
            Ranking::Moves => "moves ASC, at ASC, id ASC",
        }
    }
}

/// A challenge played, to enter on the day's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The day, `YYYY-MM-DD`.
    pub day: String,
    /// Which challenge it was played in (its game, level and short form in a few words), so
    /// that a day whose challenge the organiser changed keeps each one's table apart.
    pub challenge: String,
    pub name: String,
    /// The visitor's points (the tile game) or 0.
    pub score: i64,
    /// The computer's points (the tile game) or 0.
    pub against: i64,
    /// The moves the visitor made.
    pub moves: u32,
    /// When it was entered, in seconds since 1970.
    pub at: i64,
}

/// A challenge played as the table keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: i64,
    pub played: Played,
}

/// Why the day's table cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum BoothError {
    #[error("the day's table at {}: {source}", .path.display())]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("a broken day's table at {} could not be set aside: {source}", .path.display())]
    SetAside {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the day's table's folder {}: {source}", .path.display())]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the day's table: {0}")]
    Sql(#[from] rusqlite::Error),
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    day TEXT NOT NULL,
    challenge TEXT NOT NULL,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    against INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS results_by_day ON results (day, challenge);
";

/// The day's table, open.
pub struct DayTable {
    connection: Connection,
}

/// The day's table as opened, and where a broken one was set aside.
pub struct Opened {
    pub table: DayTable,
    pub set_aside: Option<PathBuf>,
}

impl DayTable {
    /// Opens (or makes) the table in `folder`. A file that is not a whole table (cut short,
    /// overwritten) is renamed beside itself with `.broken` and the time, and a new table
    /// started, as a broken settings file is.
    ///
    /// # Errors
    /// The folder or the file cannot be made, read or set aside.
    pub fn open(folder: &Path) -> Result<Opened, BoothError> {
        std::fs::create_dir_all(folder).map_err(|source| BoothError::Folder {
            path: folder.to_owned(),
            source,
        })?;
        let path = folder.join(FILE);
        match Self::connect(&path) {
            Ok(table) => Ok(Opened {
                table,
                set_aside: None,
            }),
            // Only a file that is not a whole table is set aside: one that is busy (another
            // booth open on it) or cannot be read is an error to say, and stays as it is.
            Err(source) if is_broken(&source) && path.exists() => {
                let aside = set_aside(&path)?;
                let table = Self::connect(&path).map_err(|source| BoothError::Open {
                    path: path.clone(),
                    source,
                })?;
                Ok(Opened {
                    table,
                    set_aside: Some(aside),
                })
            }
            Err(source) => Err(BoothError::Open { path, source }),
        }
    }

    fn connect(path: &Path) -> rusqlite::Result<DayTable> {
        let connection = Connection::open(path)?;
        // A moment's lock by another connection is waited out, not taken for a broken file.
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        // Whether the file is a table at all, before anything is written to it.
        let check: String = connection.query_row("PRAGMA quick_check", [], |row| row.get(0))?;
        if check != "ok" {
            return Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
                Some(check),
            ));
        }
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "FULL")?;
        connection.execute_batch(SCHEMA)?;
        Ok(DayTable { connection })
    }

    /// Enters `played`, synced to the disk before this returns, and gives its entry and its
    /// place that day (from 1). Past [`ENTRIES_A_DAY`], the day's lowest-placed entry makes
    /// way (which may be this one).
    ///
    /// # Errors
    /// The write failed; nothing was entered.
    pub fn enter(
        &mut self,
        played: &Played,
        ranking: Ranking,
    ) -> Result<(Entry, usize), BoothError> {
        let transaction = self.connection.transaction()?;
        transaction.execute(
            "INSERT INTO results (day, challenge, name, score, against, moves, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                played.day,
                played.challenge,
                played.name,
                played.score,
                played.against,
                played.moves,
                played.at
            ],
        )?;
        let id = transaction.last_insert_rowid();
        let cap = i64::try_from(ENTRIES_A_DAY).unwrap_or(i64::MAX);
        transaction.execute(
            &format!(
                "DELETE FROM results WHERE id IN (
                     SELECT id FROM results WHERE day = ?1 AND challenge = ?2
                     ORDER BY {} LIMIT -1 OFFSET ?3)",
                ranking.order()
            ),
            params![played.day, played.challenge, cap],
        )?;
        transaction.commit()?;
        let entry = Entry {
            id,
            played: played.clone(),
        };
        let place = self.place(&entry, ranking)?;
        Ok((entry, place))
    }

    /// Where `entry` stands on its day's table, from 1 (past the last place if it made way).
    ///
    /// # Errors
    /// The table cannot be read.
    pub fn place(&self, entry: &Entry, ranking: Ranking) -> Result<usize, BoothError> {
        let day = self.best(
            &entry.played.day,
            &entry.played.challenge,
            ranking,
            usize::MAX,
        )?;
        Ok(day
            .iter()
            .position(|kept| kept.id == entry.id)
            .map_or(day.len() + 1, |at| at + 1))
    }

    /// The best `count` entries of `day` in `challenge`, best first.
    ///
    /// # Errors
    /// The table cannot be read.
    pub fn best(
        &self,
        day: &str,
        challenge: &str,
        ranking: Ranking,
        count: usize,
    ) -> Result<Vec<Entry>, BoothError> {
        let limit = i64::try_from(count).unwrap_or(i64::MAX);
        let mut statement = self.connection.prepare(&format!(
            "SELECT id, day, challenge, name, score, against, moves, at FROM results
             WHERE day = ?1 AND challenge = ?2 ORDER BY {} LIMIT ?3",
            ranking.order()
        ))?;
        let rows = statement.query_map(params![day, challenge, limit], entry_of_row)?;
        Ok(rows.collect::<rusqlite::Result<Vec<Entry>>>()?)
    }

    /// How many entries `day` keeps in `challenge`.
    ///
    /// # Errors
    /// The table cannot be read.
    pub fn count(&self, day: &str, challenge: &str) -> Result<usize, BoothError> {
        let count: i64 = self.connection.query_row(
            "SELECT COUNT(*) FROM results WHERE day = ?1 AND challenge = ?2",
            params![day, challenge],
            |row| row.get(0),
        )?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    /// The best entry of `challenge` over every day kept: the event's best so far.
    ///
    /// # Errors
    /// The table cannot be read.
    pub fn best_ever(
        &self,
        challenge: &str,
        ranking: Ranking,
    ) -> Result<Option<Entry>, BoothError> {
        Ok(self
            .connection
            .query_row(
                &format!(
                    "SELECT id, day, challenge, name, score, against, moves, at FROM results
                     WHERE challenge = ?1 ORDER BY {} LIMIT 1",
                    ranking.order()
                ),
                params![challenge],
                entry_of_row,
            )
            .optional()?)
    }

    /// Clears `day`'s table, every challenge's: the organiser's fresh start.
    ///
    /// # Errors
    /// The write failed; nothing was cleared.
    pub fn clear_day(&self, day: &str) -> Result<usize, BoothError> {
        Ok(self
            .connection
            .execute("DELETE FROM results WHERE day = ?1", params![day])?)
    }
}

/// Whether SQLite said the file is no whole table: overwritten, cut short, or damaged.
fn is_broken(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    )
}

/// Renames a broken table beside itself with `.broken` and the time, its journal with it (it
/// may hold entries worth reading by hand), and gives the new name.
fn set_aside(path: &Path) -> Result<PathBuf, BoothError> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    // A second broken file within the second does not take the first one's place.
    let aside = (0..)
        .map(|k| match k {
            0 => path.with_extension(format!("sqlite3.broken-{seconds}")),
            k => path.with_extension(format!("sqlite3.broken-{seconds}-{k}")),
        })
        .find(|aside| !aside.exists())
        .unwrap_or_else(|| path.with_extension("sqlite3.broken"));
    std::fs::rename(path, &aside).map_err(|source| BoothError::SetAside {
        path: path.to_owned(),
        source,
    })?;
    for tail in ["-wal", "-shm"] {
        let mut journal = path.as_os_str().to_owned();
        journal.push(tail);
        let mut beside = aside.as_os_str().to_owned();
        beside.push(tail);
        let _ = std::fs::rename(&journal, &beside);
    }
    Ok(aside)
}

fn entry_of_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Entry> {
    Ok(Entry {
        id: row.get(0)?,
        played: Played {
            day: row.get(1)?,
            challenge: row.get(2)?,
            name: row.get(3)?,
            score: row.get(4)?,
            against: row.get(5)?,
            moves: row.get(6)?,
            at: row.get(7)?,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of the test's own, removed after it.
    struct Folder(PathBuf);

    impl Folder {
        fn new() -> Folder {
            static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let path =
                std::env::temp_dir().join(format!("abakus-booth-{}-{k}", std::process::id()));
            let _ = std::fs::remove_dir_all(&path);
            Folder(path)
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn played(name: &str, score: i64, against: i64, at: i64) -> Played {
        Played {
            day: "2026-12-07".to_owned(),
            challenge: "tiles normal".to_owned(),
            name: name.to_owned(),
            score,
            against,
            moves: 8,
            at,
        }
    }

    #[test]
    fn the_same_day_and_booth_deal_alike_and_others_not() {
        let seed = day_seed("2026-12-07", "Spiel Essen");
        assert_eq!(seed, day_seed("2026-12-07", " Spiel Essen "));
        assert_ne!(seed, day_seed("2026-12-08", "Spiel Essen"));
        assert_ne!(seed, day_seed("2026-12-07", "Spiel Essen hall 3"));
        // Worked out apart (FNV-1a, then SplitMix64's finish, by hand in another language):
        // the deal may not change with a later version or another machine.
        assert_eq!(day_seed("2026-12-07", "booth"), 0x2F18_1F34_2C05_12A4);
    }

    #[test]
    fn entries_are_placed_by_points_then_lead_then_time() {
        let folder = Folder::new();
        let mut table = DayTable::open(&folder.0).unwrap().table;
        let (_, first) = table
            .enter(&played("Brave Otter", 30, 40, 1), Ranking::Points)
            .unwrap();
        assert_eq!(first, 1);
        let (_, place) = table
            .enter(&played("Kind Owl", 30, 20, 2), Ranking::Points)
            .unwrap();
        assert_eq!(place, 1, "the same points with a larger lead stand higher");
        let (late, place) = table
            .enter(&played("Wise Seal", 30, 20, 3), Ranking::Points)
            .unwrap();
        assert_eq!(place, 2, "a tie stands below whoever came first");
        let (_, place) = table
            .enter(&played("Quick Fox", 12, 50, 4), Ranking::Points)
            .unwrap();
        assert_eq!(place, 4);
        let names: Vec<String> = table
            .best("2026-12-07", "tiles normal", Ranking::Points, 10)
            .unwrap()
            .into_iter()
            .map(|entry| entry.played.name)
            .collect();
        assert_eq!(names, ["Kind Owl", "Wise Seal", "Brave Otter", "Quick Fox"]);
        assert_eq!(table.place(&late, Ranking::Points).unwrap(), 2);
        assert_eq!(table.count("2026-12-07", "tiles normal").unwrap(), 4);
        // Another challenge's table and another day's are apart.
        let other = Played {
            challenge: "tiles hard".to_owned(),
            ..played("Lucky Wren", 99, 0, 5)
        };
        assert_eq!(table.enter(&other, Ranking::Points).unwrap().1, 1);
        let tomorrow = Played {
            day: "2026-12-08".to_owned(),
            ..played("Calm Lynx", 5, 0, 6)
        };
        assert_eq!(table.enter(&tomorrow, Ranking::Points).unwrap().1, 1);
        let best = table.best_ever("tiles normal", Ranking::Points).unwrap();
        assert_eq!(
            best.map(|entry| entry.played.name).as_deref(),
            Some("Kind Owl")
        );
        assert_eq!(table.clear_day("2026-12-07").unwrap(), 5);
        assert!(
            table
                .best("2026-12-07", "tiles normal", Ranking::Points, 10)
                .unwrap()
                .is_empty()
        );
        let best = table.best_ever("tiles normal", Ranking::Points).unwrap();
        assert_eq!(
            best.map(|entry| entry.played.name).as_deref(),
            Some("Calm Lynx")
        );
    }

    #[test]
    fn fewer_moves_stand_higher_in_the_hex_game() {
        let folder = Folder::new();
        let mut table = DayTable::open(&folder.0).unwrap().table;
        let win = |name: &str, moves: u32, at: i64| Played {
            challenge: "hex hard".to_owned(),
            moves,
            ..played(name, 0, 0, at)
        };
        table
            .enter(&win("Brave Otter", 20, 1), Ranking::Moves)
            .unwrap();
        let (_, place) = table
            .enter(&win("Kind Owl", 14, 2), Ranking::Moves)
            .unwrap();
        assert_eq!(place, 1);
    }

    #[test]
    fn a_day_keeps_its_best_entries_up_to_its_cap() {
        let folder = Folder::new();
        let mut table = DayTable::open(&folder.0).unwrap().table;
        for k in 0..ENTRIES_A_DAY {
            let score = i64::try_from(k).unwrap() % 50 + 10;
            table
                .enter(&played("Merry Puffin", score, 0, 1), Ranking::Points)
                .unwrap();
        }
        let (_, place) = table
            .enter(&played("Sunny Swan", 1, 0, 2), Ranking::Points)
            .unwrap();
        assert_eq!(place, ENTRIES_A_DAY + 1, "the lowest made way at once");
        let (_, place) = table
            .enter(&played("Swift Tiger", 100, 0, 3), Ranking::Points)
            .unwrap();
        assert_eq!(place, 1);
        let kept = table
            .best("2026-12-07", "tiles normal", Ranking::Points, usize::MAX)
            .unwrap();
        assert_eq!(kept.len(), ENTRIES_A_DAY);
        assert!(kept.iter().all(|entry| entry.played.score >= 10));
    }

    #[test]
    fn the_table_survives_closing_and_a_broken_file_is_set_aside() {
        let folder = Folder::new();
        {
            let mut table = DayTable::open(&folder.0).unwrap().table;
            table
                .enter(&played("Brave Otter", 30, 40, 1), Ranking::Points)
                .unwrap();
        }
        let opened = DayTable::open(&folder.0).unwrap();
        assert!(opened.set_aside.is_none());
        let kept = opened
            .table
            .best("2026-12-07", "tiles normal", Ranking::Points, 10)
            .unwrap();
        assert_eq!(kept.len(), 1);
        drop(opened);
        // Cut short: the first half of the file alone.
        let path = &folder.0.join(FILE);
        let whole = std::fs::read(path.as_path()).unwrap();
        for broken in [
            whole[..whole.len() / 2].to_vec(),
            b"not a table at all".to_vec(),
        ] {
            std::fs::write(path.as_path(), &broken).unwrap();
            let opened = DayTable::open(&folder.0).unwrap();
            let aside = opened.set_aside.clone().expect("the broken file set aside");
            assert_eq!(std::fs::read(&aside).unwrap(), broken);
            let mut table = opened.table;
            assert!(
                table
                    .best("2026-12-07", "tiles normal", Ranking::Points, 10)
                    .unwrap()
                    .is_empty()
            );
            assert_eq!(
                table
                    .enter(&played("Kind Owl", 3, 4, 2), Ranking::Points)
                    .unwrap()
                    .1,
                1
            );
        }
    }
}
