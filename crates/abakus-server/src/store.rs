//! Every room kept in one SQLite file in the data folder: its table and language, its seats'
//! keys, and each accepted move, committed before anyone is told of it.
//!
//! The writes of every room go to one writer thread, which commits all that have come
//! while the last commit was being synced in one transaction (a group commit): each move is
//! on the disk before its room goes on, and a thousand rooms' moves cost one sync, not a
//! thousand.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use rusqlite::{Connection, OptionalExtension, params};

/// The store's file in the data folder.
pub const FILE: &str = "abakus-server.sqlite3";

/// What the store could not do.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the store {path}: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("the store: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A write the writer could not commit, or a writer that has stopped.
    #[error("the store: {0}")]
    Write(String),
}

/// A room as it was created: what the store keeps besides its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomRecord {
    pub id: String,
    /// Which game: `tiles` or `hex`.
    pub game: String,
    /// The game's table as JSON (`TilesSetup` or `HexSetup`).
    pub setup: String,
    /// The language the room's pages speak (`en`, `de`, `fr`, `ru`).
    pub language: String,
    /// The watch link's key, as hex.
    pub watch: String,
    /// Each person's seat: its number, its link's token and the secret of the device that
    /// took it, if one has.
    pub seats: Vec<SeatRecord>,
    /// Seconds since 1970 when it was made.
    pub created: i64,
    /// How long a person may be away on their turn before the others may hand their seat to
    /// the computer or end the game, in seconds; `None` waits for ever.
    pub patience: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRecord {
    pub seat: usize,
    pub token: String,
    pub holder: Option<String>,
    /// The computer's level playing the seat while its person is away.
    pub stand_in: Option<String>,
}

/// A room read back: its record and its moves in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRoom {
    pub record: RoomRecord,
    pub moves: Vec<String>,
}

/// The data folder's database: a connection for reading, and the writer thread's for writing.
pub struct Store {
    connection: Mutex<Connection>,
    /// The writer thread's queue; its thread ends when the store is dropped.
    writes: Mutex<Sender<Write>>,
    /// What it has done since the server started, for the operator's metrics.
    pub counts: Arc<Counts>,
}

/// What one write does in the writer's transaction.
type Work = Box<dyn FnOnce(&Connection) -> rusqlite::Result<()> + Send>;

/// One room's write: its work in the writer's transaction, and where to say how it went.
struct Write {
    work: Work,
    done: SyncSender<Result<(), String>>,
}

/// The most writes one commit takes: a commit stays short however long the queue.
const BATCH_MOST: usize = 1024;

/// The store's work since the server started.
#[derive(Debug, Default)]
pub struct Counts {
    pub rooms_made: AtomicU64,
    pub moves_kept: AtomicU64,
    pub commits: AtomicU64,
    /// The time the moves' commits took, in microseconds, all told.
    pub commit_micros: AtomicU64,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL DEFAULT 'tiles',
    setup TEXT NOT NULL,
    language TEXT NOT NULL,
    watch TEXT NOT NULL,
    created INTEGER NOT NULL,
    finished INTEGER,
    set_aside TEXT,
    patience INTEGER
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    holder TEXT,
    stand_in TEXT,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (room, number)
);
";

/// The columns added since the first store, with their definitions: a store from before them
/// gets them when it is opened (a tile game's room, no patience, no stand-in).
const ADDED_COLUMNS: [(&str, &str, &str); 3] = [
    ("rooms", "game", "TEXT NOT NULL DEFAULT 'tiles'"),
    ("rooms", "patience", "INTEGER"),
    ("seats", "stand_in", "TEXT"),
];

impl Store {
    /// Opens (or makes) the store in `folder`, in write-ahead mode with every commit synced
    /// to the disk, so that a move acknowledged survives the process being killed and the
    /// machine losing power.
    ///
    /// # Errors
    /// The folder or the file cannot be made or read.
    pub fn open(folder: &Path) -> Result<Store, StoreError> {
        let path = folder.join(FILE);
        let connection = Self::connect(&path)?;
        let writer = Self::connect(&path)?;
        let counts = Arc::new(Counts::default());
        let (writes, queue) = std::sync::mpsc::channel();
        let writer_counts = Arc::clone(&counts);
        std::thread::Builder::new()
            .name("store-writer".to_owned())
            .spawn(move || write_in_groups(&writer, &queue, &writer_counts))
            .map_err(|why| StoreError::Write(format!("no writer thread: {why}")))?;
        Ok(Store {
            connection: Mutex::new(connection),
            writes: Mutex::new(writes),
            counts,
        })
    }

    /// A connection to the store's file, made and brought up to date if need be.
    fn connect(path: &Path) -> Result<Connection, StoreError> {
        let open = |source| StoreError::Open {
            path: path.to_owned(),
            source,
        };
        let connection = Connection::open(path).map_err(open)?;
        connection
            .pragma_update(None, "journal_mode", "WAL")
            .map_err(open)?;
        connection
            .pragma_update(None, "synchronous", "FULL")
            .map_err(open)?;
        connection
            .pragma_update(None, "foreign_keys", "ON")
            .map_err(open)?;
        connection
            .busy_timeout(std::time::Duration::from_secs(5))
            .map_err(open)?;
        connection.execute_batch(SCHEMA).map_err(open)?;
        // A store made before a column was added gets it, as a room of then has it.
        for (table, column, definition) in ADDED_COLUMNS {
            let has: i64 = connection
                .query_row(
                    &format!("SELECT COUNT(*) FROM pragma_table_info('{table}') WHERE name = ?1"),
                    [column],
                    |row| row.get(0),
                )
                .map_err(open)?;
            if has == 0 {
                connection
                    .execute_batch(&format!(
                        "ALTER TABLE {table} ADD COLUMN {column} {definition}"
                    ))
                    .map_err(open)?;
            }
        }
        Ok(connection)
    }

    /// Runs `work` in the writer's next commit and waits until that commit is on the disk;
    /// its answer then. A failing `work` changes nothing and fails no other room's write.
    fn write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let answer = Arc::new(Mutex::new(None));
        let answered = Arc::clone(&answer);
        let (done, finished) = std::sync::mpsc::sync_channel(1);
        let write = Write {
            work: Box::new(move |connection| {
                let value = work(connection)?;
                *answered.lock().unwrap_or_else(PoisonError::into_inner) = Some(value);
                Ok(())
            }),
            done,
        };
        let sent = self
            .writes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(write);
        if sent.is_err() {
            return Err(StoreError::Write("the writer has stopped".to_owned()));
        }
        let wait = || finished.recv();
        // On the server's runtime the thread is handed over while it waits, so the other
        // rooms' writes queue up beside this one and share its commit.
        let outcome = match tokio::runtime::Handle::try_current() {
            Ok(runtime)
                if runtime.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread =>
            {
                tokio::task::block_in_place(wait)
            }
            _ => wait(),
        };
        match outcome {
            Ok(Ok(())) => answer
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take()
                .ok_or_else(|| StoreError::Write("a write without its answer".to_owned())),
            Ok(Err(why)) => Err(StoreError::Write(why)),
            Err(_) => Err(StoreError::Write("the writer has stopped".to_owned())),
        }
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        // A panic while the lock was held leaves SQLite's own state whole: its transactions
        // are atomic.
        self.connection
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps a new room and its seats.
    ///
    /// # Errors
    /// The write failed; nothing of the room is kept.
    pub fn create(&self, room: &RoomRecord) -> Result<(), StoreError> {
        let room = room.clone();
        self.write(move |connection| {
            connection.execute(
                "INSERT INTO rooms (id, game, setup, language, watch, created, patience) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    room.id,
                    room.game,
                    room.setup,
                    room.language,
                    room.watch,
                    room.created,
                    room.patience
                ],
            )?;
            for seat in &room.seats {
                connection.execute(
                    "INSERT INTO seats (room, seat, token, holder, stand_in) \
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        room.id,
                        seat.seat as i64,
                        seat.token,
                        seat.holder,
                        seat.stand_in
                    ],
                )?;
            }
            Ok(())
        })?;
        self.counts.rooms_made.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Keeps the moves numbered from `first` on (the room's earlier moves are kept already).
    ///
    /// # Errors
    /// The write failed; none of these moves is kept.
    pub fn add_moves(&self, room: &str, first: usize, moves: &[String]) -> Result<(), StoreError> {
        let (room, moves) = (room.to_owned(), moves.to_vec());
        let count = moves.len() as u64;
        self.write(move |connection| {
            for (offset, text) in moves.iter().enumerate() {
                connection.execute(
                    "INSERT INTO moves (room, number, text) VALUES (?1, ?2, ?3)",
                    params![room, (first + offset) as i64, text],
                )?;
            }
            Ok(())
        })?;
        self.counts.moves_kept.fetch_add(count, Ordering::Relaxed);
        Ok(())
    }

    /// Removes the rooms whose game ended before `before` (seconds since 1970), with their
    /// seats and moves; a room set aside is kept whatever its age. The rooms removed.
    ///
    /// # Errors
    /// The write failed; nothing is removed.
    pub fn remove_finished(&self, before: i64) -> Result<Vec<String>, StoreError> {
        self.write(move |connection| {
            let gone: Vec<String> = {
                let mut statement = connection.prepare(
                    "SELECT id FROM rooms WHERE finished IS NOT NULL AND finished < ?1 \
                     AND set_aside IS NULL",
                )?;
                let rows = statement.query_map([before], |row| row.get(0))?;
                rows.collect::<Result<_, _>>()?
            };
            for room in &gone {
                connection.execute("DELETE FROM moves WHERE room = ?1", [room])?;
                connection.execute("DELETE FROM seats WHERE room = ?1", [room])?;
                connection.execute("DELETE FROM rooms WHERE id = ?1", [room])?;
            }
            Ok(gone)
        })
    }

    /// Writes a copy of the whole store to `file`, consistent as of one moment, while the
    /// server goes on (SQLite's `VACUUM INTO`). The file must not exist yet.
    ///
    /// # Errors
    /// The file exists, or cannot be written.
    pub fn backup(&self, file: &Path) -> Result<(), StoreError> {
        let path = file.to_string_lossy();
        self.connection()
            .execute("VACUUM INTO ?1", [path.as_ref()])?;
        Ok(())
    }

    /// Keeps the secret of the device that took a seat.
    ///
    /// # Errors
    /// The write failed.
    pub fn set_holder(&self, room: &str, seat: usize, holder: &str) -> Result<(), StoreError> {
        let (room, holder) = (room.to_owned(), holder.to_owned());
        self.write(move |connection| {
            connection.execute(
                "UPDATE seats SET holder = ?3 WHERE room = ?1 AND seat = ?2",
                params![room, seat as i64, holder],
            )?;
            Ok(())
        })
    }

    /// Lets the computer at `level` play a seat while its person is away, or (`None`) gives
    /// it back.
    ///
    /// # Errors
    /// The write failed.
    pub fn set_stand_in(
        &self,
        room: &str,
        seat: usize,
        level: Option<&str>,
    ) -> Result<(), StoreError> {
        let (room, level) = (room.to_owned(), level.map(str::to_owned));
        self.write(move |connection| {
            connection.execute(
                "UPDATE seats SET stand_in = ?3 WHERE room = ?1 AND seat = ?2",
                params![room, seat as i64, level],
            )?;
            Ok(())
        })
    }

    /// Keeps the line that starts a new game in a room (`number` after its last), which is
    /// no longer finished.
    ///
    /// # Errors
    /// The write failed; nothing is kept.
    pub fn rematch(&self, room: &str, number: usize, line: &str) -> Result<(), StoreError> {
        let (room, line) = (room.to_owned(), line.to_owned());
        self.write(move |connection| {
            connection.execute(
                "INSERT INTO moves (room, number, text) VALUES (?1, ?2, ?3)",
                params![room, number as i64, line],
            )?;
            connection.execute("UPDATE rooms SET finished = NULL WHERE id = ?1", [&room])?;
            Ok(())
        })
    }

    /// Keeps a room's table anew (its seats' names chosen by their people).
    ///
    /// # Errors
    /// The write failed.
    pub fn set_setup(&self, room: &str, setup: &str) -> Result<(), StoreError> {
        let (room, setup) = (room.to_owned(), setup.to_owned());
        self.write(move |connection| {
            connection.execute(
                "UPDATE rooms SET setup = ?2 WHERE id = ?1",
                params![room, setup],
            )?;
            Ok(())
        })
    }

    /// A seat played at a window's big screen from now on: it has no link any more, and its
    /// table (`setup`) says so.
    ///
    /// # Errors
    /// The write failed; nothing is changed.
    pub fn seat_to_the_screen(
        &self,
        room: &str,
        seat: usize,
        setup: &str,
    ) -> Result<(), StoreError> {
        let (room, setup) = (room.to_owned(), setup.to_owned());
        self.write(move |connection| {
            connection.execute(
                "DELETE FROM seats WHERE room = ?1 AND seat = ?2",
                params![room, seat as i64],
            )?;
            connection.execute(
                "UPDATE rooms SET setup = ?2 WHERE id = ?1",
                params![room, setup],
            )?;
            Ok(())
        })
    }

    /// A seat's new link, for another device: the one that held it is let in no more.
    ///
    /// # Errors
    /// The write failed.
    pub fn set_token(&self, room: &str, seat: usize, token: &str) -> Result<(), StoreError> {
        let (room, token) = (room.to_owned(), token.to_owned());
        self.write(move |connection| {
            connection.execute(
                "UPDATE seats SET token = ?3, holder = NULL WHERE room = ?1 AND seat = ?2",
                params![room, seat as i64, token],
            )?;
            Ok(())
        })
    }

    /// The language a room's pages speak from now on.
    ///
    /// # Errors
    /// The write failed.
    pub fn set_language(&self, room: &str, language: &str) -> Result<(), StoreError> {
        let (room, language) = (room.to_owned(), language.to_owned());
        self.write(move |connection| {
            connection.execute(
                "UPDATE rooms SET language = ?2 WHERE id = ?1",
                params![room, language],
            )?;
            Ok(())
        })
    }

    /// Removes every room but `keep`: a window's store holds the game on its screen alone.
    ///
    /// # Errors
    /// The write failed; nothing is removed.
    pub fn remove_all_but(&self, keep: Option<&str>) -> Result<(), StoreError> {
        let keep = keep.unwrap_or_default().to_owned();
        self.write(move |connection| {
            for table in ["moves", "seats"] {
                connection.execute(&format!("DELETE FROM {table} WHERE room != ?1"), [&keep])?;
            }
            connection.execute("DELETE FROM rooms WHERE id != ?1", [&keep])?;
            Ok(())
        })
    }

    /// Notes when a room's game ended.
    ///
    /// # Errors
    /// The write failed.
    pub fn finish(&self, room: &str, at: i64) -> Result<(), StoreError> {
        let room = room.to_owned();
        self.write(move |connection| {
            connection.execute(
                "UPDATE rooms SET finished = ?2 WHERE id = ?1 AND finished IS NULL",
                params![room, at],
            )?;
            Ok(())
        })
    }

    /// Sets a room aside that cannot be read back: kept with the reason, never deleted, and
    /// no longer loaded.
    ///
    /// # Errors
    /// The write failed.
    pub fn set_aside(&self, room: &str, why: &str) -> Result<(), StoreError> {
        let (room, why) = (room.to_owned(), why.to_owned());
        self.write(move |connection| {
            connection.execute(
                "UPDATE rooms SET set_aside = ?2 WHERE id = ?1",
                params![room, why],
            )?;
            Ok(())
        })
    }

    /// The rooms set aside, with why.
    ///
    /// # Errors
    /// The read failed.
    pub fn set_aside_rooms(&self) -> Result<Vec<(String, String)>, StoreError> {
        let connection = self.connection();
        let mut statement = connection
            .prepare("SELECT id, set_aside FROM rooms WHERE set_aside IS NOT NULL ORDER BY id")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every room not set aside, with its seats and moves, to be played on.
    ///
    /// # Errors
    /// The read failed.
    pub fn rooms(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let connection = self.connection();
        let mut rooms = connection.prepare(
            "SELECT id, game, setup, language, watch, created, patience FROM rooms \
             WHERE set_aside IS NULL ORDER BY created, id",
        )?;
        let mut seats = connection.prepare(
            "SELECT seat, token, holder, stand_in FROM seats WHERE room = ?1 ORDER BY seat",
        )?;
        let mut moves =
            connection.prepare("SELECT text FROM moves WHERE room = ?1 ORDER BY number")?;
        let records: Vec<RoomRecord> = rooms
            .query_map([], |row| {
                Ok(RoomRecord {
                    id: row.get(0)?,
                    game: row.get(1)?,
                    setup: row.get(2)?,
                    language: row.get(3)?,
                    watch: row.get(4)?,
                    seats: Vec::new(),
                    created: row.get(5)?,
                    patience: row.get(6)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        let mut stored = Vec::with_capacity(records.len());
        for mut record in records {
            record.seats = seats
                .query_map([&record.id], |row| {
                    Ok(SeatRecord {
                        seat: usize::try_from(row.get::<_, i64>(0)?).unwrap_or(usize::MAX),
                        token: row.get(1)?,
                        holder: row.get(2)?,
                        stand_in: row.get(3)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            let moves = moves
                .query_map([&record.id], |row| row.get(0))?
                .collect::<Result<_, _>>()?;
            stored.push(StoredRoom { record, moves });
        }
        Ok(stored)
    }

    /// How many moves a room has kept, for tests and the operator.
    ///
    /// # Errors
    /// The read failed.
    pub fn move_count(&self, room: &str) -> Result<usize, StoreError> {
        let count: Option<i64> = self
            .connection()
            .query_row(
                "SELECT COUNT(*) FROM moves WHERE room = ?1",
                [room],
                |row| row.get(0),
            )
            .optional()?;
        Ok(usize::try_from(count.unwrap_or(0)).unwrap_or(0))
    }
}

/// The writer thread: takes the writes that have come, runs each in a savepoint of its own
/// within one transaction, commits them with one sync to the disk, and tells each how it went;
/// until the store is dropped.
fn write_in_groups(connection: &Connection, queue: &Receiver<Write>, counts: &Counts) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH_MOST {
            match queue.try_recv() {
                Ok(write) => batch.push(write),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
        let started = Instant::now();
        let outcomes = commit(connection, &mut batch);
        let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        counts.commits.fetch_add(1, Ordering::Relaxed);
        counts.commit_micros.fetch_add(micros, Ordering::Relaxed);
        for (write, outcome) in batch.into_iter().zip(outcomes) {
            let _ = write.done.send(outcome);
        }
    }
}

/// Runs a batch of writes in one transaction, each in a savepoint of its own so that one that
/// fails is undone alone; what became of each.
fn commit(connection: &Connection, batch: &mut [Write]) -> Vec<Result<(), String>> {
    if let Err(why) = connection.execute_batch("BEGIN IMMEDIATE") {
        return batch.iter().map(|_| Err(why.to_string())).collect();
    }
    let mut outcomes = Vec::with_capacity(batch.len());
    for write in batch.iter_mut() {
        let work = std::mem::replace(&mut write.work, Box::new(|_| Ok(())));
        let outcome = connection
            .execute_batch("SAVEPOINT one")
            .and_then(|()| work(connection));
        let outcome = match outcome {
            Ok(()) => connection.execute_batch("RELEASE one"),
            Err(why) => {
                let _ = connection.execute_batch("ROLLBACK TO one; RELEASE one");
                Err(why)
            }
        };
        outcomes.push(outcome.map_err(|why| why.to_string()));
        // Some errors (a full disk, a failing disk) end the whole transaction at once: then
        // nothing of the batch is kept, and every write is told so.
        if connection.is_autocommit() {
            return batch
                .iter()
                .map(|_| Err("the store's transaction was rolled back".to_owned()))
                .collect();
        }
    }
    if let Err(why) = connection.execute_batch("COMMIT") {
        let _ = connection.execute_batch("ROLLBACK");
        return batch.iter().map(|_| Err(why.to_string())).collect();
    }
    outcomes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_from_before_the_added_columns_reads_its_rooms_as_they_were() {
        let folder = std::env::temp_dir().join(format!("abakus-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        {
            let old = Connection::open(folder.join(FILE)).unwrap();
            let first = SCHEMA
                .replace("    game TEXT NOT NULL DEFAULT 'tiles',\n", "")
                .replace(
                    "    set_aside TEXT,\n    patience INTEGER\n",
                    "    set_aside TEXT\n",
                )
                .replace("    stand_in TEXT,\n", "");
            assert!(!first.contains("patience") && !first.contains("stand_in"));
            old.execute_batch(&first).unwrap();
            old.execute(
                "INSERT INTO rooms (id, setup, language, watch, created) \
                 VALUES ('r', '{}', 'en', 'w', 1)",
                [],
            )
            .unwrap();
            old.execute(
                "INSERT INTO moves (room, number, text) VALUES ('r', 0, 'pass')",
                [],
            )
            .unwrap();
        }
        let store = Store::open(&folder).unwrap();
        let rooms = store.rooms().unwrap();
        assert_eq!(rooms.len(), 1);
        assert_eq!(rooms[0].record.game, "tiles");
        assert_eq!(rooms[0].record.patience, None);
        assert_eq!(rooms[0].moves, ["pass"]);
        drop(store);
        // Opened again, it is not changed twice.
        assert_eq!(Store::open(&folder).unwrap().rooms().unwrap().len(), 1);
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn many_rooms_write_at_once_and_a_failing_write_fails_alone() {
        let folder = std::env::temp_dir().join(format!("abakus-writes-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        let store = Arc::new(Store::open(&folder).unwrap());
        let rooms: Vec<String> = (0..8).map(|n| format!("room-{n}")).collect();
        for room in &rooms {
            let record = RoomRecord {
                id: room.clone(),
                game: "tiles".to_owned(),
                setup: "{}".to_owned(),
                language: "en".to_owned(),
                watch: format!("watch-{room}"),
                seats: Vec::new(),
                created: 1,
                patience: None,
            };
            store.create(&record).unwrap();
        }
        let writers: Vec<_> = rooms
            .iter()
            .cloned()
            .map(|room| {
                let store = Arc::clone(&store);
                std::thread::spawn(move || {
                    for number in 0..40 {
                        store
                            .add_moves(&room, number, &["pass".to_owned()])
                            .unwrap();
                        // A move numbered as one kept already: refused, and alone.
                        if number % 10 == 5 {
                            assert!(store.add_moves(&room, number, &["x".to_owned()]).is_err());
                        }
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        for room in &rooms {
            assert_eq!(store.move_count(room).unwrap(), 40, "{room}");
        }
        assert_eq!(store.counts.moves_kept.load(Ordering::Relaxed), 8 * 40);
        drop(store);
        let _ = std::fs::remove_dir_all(&folder);
    }
}
