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
use std::time::{Duration, Instant};

use tokio::sync::{oneshot, Mutex, OwnedMutexGuard};

use super::db::{begin_write, sqlite_file, write_turn_to_join, WriteTurn, WriteTxn};
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

    /// Takes the write turn of `db`'s file and opens a write on this connection: a savepoint in
    /// the transaction the writers before left open for a group commit, or in a new `BEGIN
    /// IMMEDIATE`. `Ok(None)`: no writer here, or another process holds SQLite's write lock;
    /// the caller then writes through `db` (`super::db::begin_write`), which waits for it.
    pub async fn begin(&self, db: &DatabaseConnection) -> Result<Option<SqliteWrite>, DbErr> {
        let Some(conn) = &self.conn else { return Ok(None) };
        let mut turn = write_turn_to_join(db).await;
        // A group open on another connection to the file (another node in this process) is
        // committed first: its transaction holds SQLite's lock.
        if let Some(t) = turn.as_mut() {
            if t.group().as_ref().is_some_and(|g| !Arc::ptr_eq(&g.conn, conn)) {
                settle_group(t).await;
            }
        }
        let conn = conn.clone().lock_owned().await;
        let joins = match turn.as_mut().map(|t| t.group()) {
            Some(group @ Some(_)) if conn.is_autocommit() => {
                // A statement's error made SQLite roll the whole transaction back.
                if let Some(lost) = group.take() {
                    lost.lost();
                }
                false
            }
            Some(Some(_)) => true,
            _ => false,
        };
        if !joins {
            match conn.execute_batch("BEGIN IMMEDIATE") {
                Ok(()) => {}
                Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::DatabaseBusy => return Ok(None),
                Err(e) => return Err(db_err(e)),
            }
        }
        if let Err(e) = conn.execute_batch("SAVEPOINT write") {
            let e = db_err(e).to_string();
            let _ = SqliteWrite { conn, turn, open: false }.end_group(Err(e.clone()));
            return Err(DbErr::Custom(e));
        }
        Ok(Some(SqliteWrite { conn, turn, open: true }))
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

/// Writes in a row share one commit (a group commit): a write that ends while other writers
/// wait for the turn leaves the transaction open for them and waits for its commit, which the
/// last of them makes (or the next writer that does not join: [`settle_group`]). Each write is
/// a savepoint, so one rolled back leaves the others' changes. A write is answered only once
/// the commit has happened. Why: a commit writes every page it changed to the WAL (a cart
/// edit's three or four pages, 4 KiB each) and takes and gives back SQLite's file locks; with
/// 64 customers editing, the pages are mostly the same ones, written once per group.
pub(super) struct Group {
    conn: Arc<Mutex<Connection>>,
    /// When the first write of the group was committed into it.
    started: Instant,
    /// The writes waiting for the group's commit.
    acks: Vec<oneshot::Sender<Result<(), String>>>,
}

/// Writes in one group at most, and how long after its first one another may still join: the
/// first waits for the rest, and under a steady stream of writes the group would never end.
const MAX_GROUP: usize = 64;
const MAX_GROUP_AGE: Duration = Duration::from_millis(5);
/// How long a write of a group waits for its commit before making it itself: the writer due to
/// make it was cancelled while waiting for the turn (its caller went away).
const GROUP_WAIT: Duration = Duration::from_millis(20);

impl Group {
    /// Tells every write of the group that its transaction was rolled back.
    fn lost(self) {
        self.answer(Err("sqlite: the group's transaction was rolled back by an error".into()));
    }

    fn answer(self, result: Result<(), String>) {
        for ack in self.acks {
            let _ = ack.send(result.clone());
        }
    }
}

/// Commits the group of writes left open, if any, before the turn's holder writes otherwise.
pub(super) async fn settle_group(turn: &mut WriteTurn) {
    let Some(group) = turn.group().take() else { return };
    let conn = group.conn.clone().lock_owned().await;
    let result = if conn.is_autocommit() { Err("sqlite: the group's transaction was rolled back".into()) } else { commit(&conn) };
    group.answer(result);
}

/// `COMMIT`; on an error, the transaction is rolled back and nothing of it was written.
fn commit(conn: &Connection) -> Result<(), String> {
    conn.execute_batch("COMMIT").map_err(|e| {
        let _ = conn.execute_batch("ROLLBACK");
        db_err(e).to_string()
    })
}

/// An open write from [`SqliteWriter::begin`]: rolled back unless committed, and the write turn
/// is held until it ends.
pub struct SqliteWrite {
    conn: OwnedMutexGuard<Connection>,
    turn: Option<WriteTurn>,
    open: bool,
}

impl SqliteWrite {
    /// The connection, inside the transaction.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Commits: returns once the transaction holding this write has committed, alone or with
    /// its group; on an error nothing of it was written.
    pub async fn commit(mut self) -> Result<(), DbErr> {
        self.open = false;
        if let Err(e) = self.conn.execute_batch("RELEASE write") {
            let e = db_err(e);
            self.open = true;
            drop(self);
            return Err(e);
        }
        let joins_group = self.turn.as_mut().is_some_and(|t| {
            t.others_waiting()
                && t.group().as_ref().is_none_or(|g| g.acks.len() < MAX_GROUP - 1 && g.started.elapsed() < MAX_GROUP_AGE)
        });
        if !joins_group {
            return self.end_group(Ok(())).map_err(DbErr::Custom);
        }
        let (ack, mut committed) = oneshot::channel();
        let conn = OwnedMutexGuard::mutex(&self.conn).clone();
        let turn = self.turn.as_mut().expect("a write joining a group holds the turn");
        turn.group().get_or_insert_with(|| Group { conn, started: Instant::now(), acks: Vec::new() }).acks.push(ack);
        let queue = turn.queue();
        drop(self);
        let unanswered = |_| Err("sqlite: the group ended unanswered".to_string());
        let answer = match tokio::time::timeout(GROUP_WAIT, &mut committed).await {
            Ok(answer) => answer.unwrap_or_else(unanswered),
            Err(_) => {
                // The writer due to commit went away: commit the group from here.
                if let Some(mut turn) = queue.take().await {
                    settle_group(&mut turn).await;
                }
                committed.await.unwrap_or_else(unanswered)
            }
        };
        answer.map_err(DbErr::Custom)
    }

    /// Ends the transaction with `result` of this write: commits it (this write and the group
    /// before it) when `Ok`, else rolls it back; the group is told either way.
    fn end_group(mut self, result: Result<(), String>) -> Result<(), String> {
        self.open = false;
        let group = self.turn.as_mut().and_then(|t| t.group().take());
        let result = match result {
            Ok(()) => commit(&self.conn),
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                Err(e)
            }
        };
        if let Some(group) = group {
            group.answer(result.clone());
        }
        result
    }
}

impl Drop for SqliteWrite {
    /// A write not committed: its savepoint is rolled back. The group before it commits now,
    /// unless others wait to join it; with no group, the transaction is rolled back.
    fn drop(&mut self) {
        if !self.open {
            return;
        }
        self.open = false;
        if self.conn.is_autocommit() {
            // SQLite rolled the whole transaction back (an I/O or full-disk error).
            if let Some(group) = self.turn.as_mut().and_then(|t| t.group().take()) {
                group.lost();
            }
            return;
        }
        if let Err(e) = self.conn.execute_batch("ROLLBACK TO write; RELEASE write") {
            tracing::warn!(error = %e, "rollback of a synchronous SQLite write failed");
        }
        let others_waiting = self.turn.as_ref().is_some_and(|t| t.others_waiting());
        match (self.turn.as_mut().and_then(|t| t.group().take()), others_waiting) {
            // The writes before this one wait for a commit that the next writer makes.
            (Some(group), true) => *self.turn.as_mut().expect("a group comes with the turn").group() = Some(group),
            (Some(group), false) => group.answer(commit(&self.conn)),
            (None, _) => {
                if let Err(e) = self.conn.execute_batch("ROLLBACK") {
                    tracing::warn!(error = %e, "rollback of a synchronous SQLite write failed");
                }
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
    use sea_orm::ConnectionTrait;

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
        write.commit().await.unwrap();
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

    /// A shop file with table `t`, its pool and its writer.
    async fn shop_with_table(name: &str) -> (super::super::db::TempSqlite, DatabaseConnection, Arc<SqliteWriter>, Connection) {
        let file = super::super::db::TempSqlite::new(name);
        let db = super::super::db::connect(&file.url, 2).await.unwrap();
        let other = Connection::open(&file.path).unwrap();
        other.execute_batch("CREATE TABLE t (x INTEGER);").unwrap();
        let writer = Arc::new(SqliteWriter::open(&file.url, false, NarrowColumns::new()));
        (file, db, writer, other)
    }

    fn rows(conn: &Connection) -> Vec<i64> {
        conn.prepare("SELECT x FROM t ORDER BY x").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
    }

    /// Lets the spawned tasks run until each waits.
    async fn settle() {
        tokio::time::sleep(Duration::from_millis(30)).await;
    }

    #[tokio::test]
    async fn writes_waiting_for_the_turn_share_one_commit_and_one_rolled_back_leaves_the_others() {
        let (_file, db, writer, other) = shop_with_table("group").await;
        let a = writer.begin(&db).await.unwrap().unwrap();
        a.conn().execute("INSERT INTO t VALUES (1)", []).unwrap();
        let (w, d) = (writer.clone(), db.clone());
        let b = tokio::spawn(async move {
            let b = w.begin(&d).await.unwrap().unwrap();
            b.conn().execute("INSERT INTO t VALUES (2)", []).unwrap();
            b.commit().await
        });
        let (release_c, c_released) = oneshot::channel::<()>();
        let (w, d) = (writer.clone(), db.clone());
        let c = tokio::spawn(async move {
            let c = w.begin(&d).await.unwrap().unwrap();
            c.conn().execute("INSERT INTO t VALUES (3)", []).unwrap();
            let _ = c_released.await;
            drop(c);
        });
        settle().await;
        let a = tokio::spawn(a.commit());
        settle().await;
        assert!(!a.is_finished() && !b.is_finished(), "the first two wait for the group's commit");
        assert_eq!(rows(&other), Vec::<i64>::new(), "nothing is committed while the group is open");
        release_c.send(()).unwrap();
        c.await.unwrap();
        a.await.unwrap().unwrap();
        b.await.unwrap().unwrap();
        assert_eq!(rows(&other), vec![1, 2], "the group committed; the write rolled back left nothing");
    }

    #[tokio::test]
    async fn a_writer_outside_the_group_commits_it_before_writing() {
        let (_file, db, writer, other) = shop_with_table("group-pool").await;
        let a = writer.begin(&db).await.unwrap().unwrap();
        a.conn().execute("INSERT INTO t VALUES (1)", []).unwrap();
        let d = db.clone();
        let pool_write = tokio::spawn(async move {
            let txn = super::super::db::begin_write(&d).await?;
            txn.execute_unprepared("INSERT INTO t VALUES (2)").await?;
            txn.commit().await
        });
        settle().await;
        a.commit().await.unwrap();
        pool_write.await.unwrap().unwrap();
        assert_eq!(rows(&other), vec![1, 2]);
    }

    #[tokio::test]
    async fn a_group_whose_next_writer_went_away_is_committed_by_its_waiting_write() {
        let (_file, db, writer, other) = shop_with_table("group-gone").await;
        let a = writer.begin(&db).await.unwrap().unwrap();
        a.conn().execute("INSERT INTO t VALUES (1)", []).unwrap();
        let (release, released) = oneshot::channel::<()>();
        let d = db.clone();
        // Takes the turn as a joining writer would, then goes away without writing.
        let gone = tokio::spawn(async move {
            let turn = super::super::db::write_turn_to_join(&d).await;
            let _ = released.await;
            drop(turn);
        });
        settle().await;
        let a = tokio::spawn(a.commit());
        settle().await;
        assert!(!a.is_finished(), "the write waits for the group's commit");
        release.send(()).unwrap();
        gone.await.unwrap();
        tokio::time::timeout(Duration::from_secs(2), a).await.expect("committed from the waiting write").unwrap().unwrap();
        assert_eq!(rows(&other), vec![1]);
    }

    #[tokio::test]
    async fn a_writer_on_another_connection_to_the_file_commits_the_group_before_writing() {
        let (file, db, writer, other) = shop_with_table("group-node").await;
        let second_node = Arc::new(SqliteWriter::open(&file.url, false, NarrowColumns::new()));
        let a = writer.begin(&db).await.unwrap().unwrap();
        a.conn().execute("INSERT INTO t VALUES (1)", []).unwrap();
        let d = db.clone();
        let b = tokio::spawn(async move {
            let b = second_node.begin(&d).await.unwrap().expect("the lock is free for the second node's writer");
            b.conn().execute("INSERT INTO t VALUES (2)", []).unwrap();
            b.commit().await
        });
        settle().await;
        tokio::time::timeout(Duration::from_secs(2), a.commit()).await.unwrap().unwrap();
        tokio::time::timeout(Duration::from_secs(2), b).await.unwrap().unwrap().unwrap();
        assert_eq!(rows(&other), vec![1, 2]);
    }
}
