//! A write transaction on SQLite whose statements run in the calling thread.
//!
//! Through sqlx, every statement is a hand-off to the connection's own thread and back: two
//! task switches per statement, and a writer holds SQLite's one write lock for all of them
//! (bench/README.md "Writes, third step": a third of all CPU samples were the kernel switching
//! tasks). The hottest write, a cart edit, is a handful of short statements; run by rusqlite on
//! this process's own connection, they take microseconds each, so the lock is held for a
//! fraction of the time. The connection is used only while its user holds the process's write
//! turn ([`super::db::write_turn`]), so it queues with every other writer of this process.
//! PostgreSQL and in-memory databases have none: their callers take the sea-orm path.

use std::sync::Arc;

use rusqlite::{Connection, OpenFlags};
use sea_orm::{DatabaseConnection, DbErr};
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::db::{begin_write, sqlite_file, write_turn, WriteTxn};
use super::sqlite_txn::NarrowColumns;

/// This process's synchronous writer connection to its SQLite file, if it has one.
pub struct SqliteWriter {
    conn: Option<Arc<Mutex<Connection>>>,
    /// The `i32` columns, for the sea-orm transactions over this writer (`super::sqlite_txn`).
    narrow: Option<Arc<NarrowColumns>>,
}

impl SqliteWriter {
    /// The writer for `database_url`: none for PostgreSQL or an in-memory database, nor when the
    /// file cannot be opened (logged). `own_checkpoints` as for the pool
    /// (`super::db::connect_checkpointing`): its commits never checkpoint the WAL then.
    /// `narrow`: the entities' `i32` columns ([`super::sqlite_txn::i32_columns`]).
    pub fn open(database_url: &str, own_checkpoints: bool, narrow: NarrowColumns) -> Self {
        let Some(path) = sqlite_file(database_url) else {
            return Self::NONE;
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let opened = Connection::open_with_flags(&path, flags).and_then(|conn| {
            // No busy wait: the lock is free unless another process writes, and then the caller
            // waits on the sea-orm path instead of blocking this thread (see `begin`).
            conn.execute_batch(&format!(
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; \
                 PRAGMA busy_timeout=0; PRAGMA wal_autocheckpoint={};",
                if own_checkpoints { 0 } else { 1000 }
            ))?;
            conn.set_prepared_statement_cache_capacity(64);
            Ok(conn)
        });
        match opened {
            Ok(conn) => Self { conn: Some(Arc::new(Mutex::new(conn))), narrow: Some(Arc::new(narrow)) },
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "no synchronous SQLite writer: writes take the sea-orm path");
                Self::NONE
            }
        }
    }

    /// No writer: its callers take the sea-orm path (rare writes, and profiling sea-orm's
    /// statements).
    pub const NONE: SqliteWriter = SqliteWriter { conn: None, narrow: None };

    /// Takes the write turn of `db`'s file and begins `BEGIN IMMEDIATE` on this connection.
    /// `Ok(None)`: no writer here, or another process holds SQLite's write lock; the caller
    /// then writes through `db` (`super::db::begin_write`), which waits for it.
    pub async fn begin(&self, db: &DatabaseConnection) -> Result<Option<SqliteWrite>, DbErr> {
        let Some(conn) = &self.conn else { return Ok(None) };
        let turn = write_turn(db).await;
        let conn = conn.clone().lock_owned().await;
        match conn.execute_batch("BEGIN IMMEDIATE") {
            Ok(()) => Ok(Some(SqliteWrite { conn, _turn: turn, open: true })),
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::DatabaseBusy => Ok(None),
            Err(e) => Err(db_err(e)),
        }
    }
}

impl SqliteWriter {
    /// A sea-orm write transaction on `db`: over this writer, its statements run in the calling
    /// thread (`super::sqlite_txn`); without one (PostgreSQL, no writer, another process holds
    /// the lock), [`begin_write`]'s.
    pub async fn begin_txn(&self, db: &DatabaseConnection) -> Result<WriteTxn, DbErr> {
        match (self.begin(db).await?, &self.narrow) {
            (Some(write), Some(narrow)) => super::sqlite_txn::transaction(write, narrow.clone()).await,
            _ => begin_write(db).await,
        }
    }
}

/// An open write transaction from [`SqliteWriter::begin`]: rolled back unless committed, and
/// the write turn is held until it ends.
pub struct SqliteWrite {
    conn: OwnedMutexGuard<Connection>,
    _turn: Option<OwnedMutexGuard<()>>,
    open: bool,
}

impl SqliteWrite {
    /// The connection, inside the transaction.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Commits; on an error the transaction is rolled back and nothing was written.
    pub fn commit(mut self) -> Result<(), DbErr> {
        self.open = false;
        self.conn.execute_batch("COMMIT").map_err(|e| {
            let _ = self.conn.execute_batch("ROLLBACK");
            db_err(e)
        })
    }
}

impl Drop for SqliteWrite {
    fn drop(&mut self) {
        if self.open {
            if let Err(e) = self.conn.execute_batch("ROLLBACK") {
                tracing::warn!(error = %e, "rollback of a synchronous SQLite write failed");
            }
        }
    }
}

/// A rusqlite error as the server's database error.
pub fn db_err(e: rusqlite::Error) -> DbErr {
    DbErr::Custom(format!("sqlite: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sqlite_files_have_a_writer() {
        assert!(SqliteWriter::open("postgres://postgres@127.0.0.1/test", true, NarrowColumns::new()).conn.is_none());
        assert!(SqliteWriter::open("sqlite::memory:", true, NarrowColumns::new()).conn.is_none());
    }

    #[tokio::test]
    async fn a_write_commits_and_another_process_holding_the_lock_sends_the_caller_to_the_pool() {
        let file = super::super::db::TempSqlite::new("writer");
        let db = super::super::db::connect(&file.url, 2).await.unwrap();
        let other = Connection::open(&file.path).unwrap();
        other.execute_batch("CREATE TABLE t (x INTEGER);").unwrap();
        let writer = SqliteWriter::open(&file.url, false, NarrowColumns::new());

        let write = writer.begin(&db).await.unwrap().expect("a file database has a writer");
        write.conn().execute("INSERT INTO t VALUES (1)", []).unwrap();
        write.commit().unwrap();
        let dropped = writer.begin(&db).await.unwrap().unwrap();
        dropped.conn().execute("INSERT INTO t VALUES (2)", []).unwrap();
        drop(dropped);
        let rows: Vec<i64> = other.prepare("SELECT x FROM t").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
        assert_eq!(rows, vec![1], "committed kept, dropped rolled back");

        other.execute_batch("BEGIN IMMEDIATE").unwrap();
        assert!(writer.begin(&db).await.unwrap().is_none(), "another process writes: the caller takes the pool");
        other.execute_batch("ROLLBACK").unwrap();
        assert!(writer.begin(&db).await.unwrap().is_some());
    }
}
