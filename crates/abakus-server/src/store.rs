//! Every room kept in one SQLite file in the data folder: its table and language, its seats'
//! keys, and each accepted move, committed before anyone is told of it.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

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
}

/// A room as it was created: what the store keeps besides its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomRecord {
    pub id: String,
    /// The game's table as JSON (`TilesSetup`).
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
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRecord {
    pub seat: usize,
    pub token: String,
    pub holder: Option<String>,
}

/// A room read back: its record and its moves in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRoom {
    pub record: RoomRecord,
    pub moves: Vec<String>,
}

/// The data folder's database: one connection, each write its own transaction.
pub struct Store {
    connection: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    language TEXT NOT NULL,
    watch TEXT NOT NULL,
    created INTEGER NOT NULL,
    finished INTEGER,
    set_aside TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    holder TEXT,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (room, number)
);
";

impl Store {
    /// Opens (or makes) the store in `folder`, in write-ahead mode with every commit synced
    /// to the disk, so that a move acknowledged survives the process being killed and the
    /// machine losing power.
    ///
    /// # Errors
    /// The folder or the file cannot be made or read.
    pub fn open(folder: &Path) -> Result<Store, StoreError> {
        let path = folder.join(FILE);
        let open = |source| StoreError::Open {
            path: path.clone(),
            source,
        };
        let connection = Connection::open(&path).map_err(open)?;
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
        Ok(Store {
            connection: Mutex::new(connection),
        })
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
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        transaction.execute(
            "INSERT INTO rooms (id, setup, language, watch, created) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![room.id, room.setup, room.language, room.watch, room.created],
        )?;
        for seat in &room.seats {
            transaction.execute(
                "INSERT INTO seats (room, seat, token, holder) VALUES (?1, ?2, ?3, ?4)",
                params![room.id, seat.seat as i64, seat.token, seat.holder],
            )?;
        }
        transaction.commit()?;
        Ok(())
    }

    /// Keeps the moves numbered from `first` on (the room's earlier moves are kept already).
    ///
    /// # Errors
    /// The write failed; none of these moves is kept.
    pub fn add_moves(&self, room: &str, first: usize, moves: &[String]) -> Result<(), StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        for (offset, text) in moves.iter().enumerate() {
            transaction.execute(
                "INSERT INTO moves (room, number, text) VALUES (?1, ?2, ?3)",
                params![room, (first + offset) as i64, text],
            )?;
        }
        transaction.commit()?;
        Ok(())
    }

    /// Keeps the secret of the device that took a seat.
    ///
    /// # Errors
    /// The write failed.
    pub fn set_holder(&self, room: &str, seat: usize, holder: &str) -> Result<(), StoreError> {
        self.connection().execute(
            "UPDATE seats SET holder = ?3 WHERE room = ?1 AND seat = ?2",
            params![room, seat as i64, holder],
        )?;
        Ok(())
    }

    /// Notes when a room's game ended.
    ///
    /// # Errors
    /// The write failed.
    pub fn finish(&self, room: &str, at: i64) -> Result<(), StoreError> {
        self.connection().execute(
            "UPDATE rooms SET finished = ?2 WHERE id = ?1 AND finished IS NULL",
            params![room, at],
        )?;
        Ok(())
    }

    /// Sets a room aside that cannot be read back: kept with the reason, never deleted, and
    /// no longer loaded.
    ///
    /// # Errors
    /// The write failed.
    pub fn set_aside(&self, room: &str, why: &str) -> Result<(), StoreError> {
        self.connection().execute(
            "UPDATE rooms SET set_aside = ?2 WHERE id = ?1",
            params![room, why],
        )?;
        Ok(())
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
            "SELECT id, setup, language, watch, created FROM rooms \
             WHERE set_aside IS NULL ORDER BY created, id",
        )?;
        let mut seats = connection
            .prepare("SELECT seat, token, holder FROM seats WHERE room = ?1 ORDER BY seat")?;
        let mut moves =
            connection.prepare("SELECT text FROM moves WHERE room = ?1 ORDER BY number")?;
        let records: Vec<RoomRecord> = rooms
            .query_map([], |row| {
                Ok(RoomRecord {
                    id: row.get(0)?,
                    setup: row.get(1)?,
                    language: row.get(2)?,
                    watch: row.get(3)?,
                    seats: Vec::new(),
                    created: row.get(4)?,
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
