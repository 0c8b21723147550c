//! Database connection: SQLite (WAL) by default, PostgreSQL when the URL says so.
//! Migrations run at start ([`connect_and_migrate`]).

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sea_orm::sea_query::LikeExpr;
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, ExecResult,
    QueryResult, SqliteTransactionMode, Statement, TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;

use crate::migration::Migrator;

/// Open a pool for `url`. SQLite files get WAL, `synchronous=NORMAL`, a busy timeout and
/// foreign keys; their parent folder is created when missing.
pub async fn connect(url: &str, max_connections: u32) -> Result<DatabaseConnection, DbErr> {
    connect_checkpointing(url, max_connections, false).await
}

/// [`connect`] for a serving node. With `own_checkpoints`, SQLite's automatic checkpoints are
/// off on its connections (`wal_autocheckpoint=0`) and [`spawn_checkpoints`] must run: an
/// automatic checkpoint runs inside the commit of whichever writer filled the WAL past 1,000
/// pages, and every writer queued behind it waits for the copy (bench/README.md "Writes, fourth
/// step": registrations per second rose in every paired run; the p99 moved within the noise).
pub async fn connect_checkpointing(url: &str, max_connections: u32, own_checkpoints: bool) -> Result<DatabaseConnection, DbErr> {
    let mut opts = ConnectOptions::new(url.to_string());
    opts.max_connections(max_connections.max(1))
        .min_connections(1)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(30))
        // A ping on every checkout doubled the round trips of each request; only
        // connections idle long enough to have been dropped are checked.
        .test_before_acquire_if_idle_for(Duration::from_secs(30))
        .sqlx_logging(false);
    if url.starts_with("sqlite:") {
        ensure_sqlite_dir(url);
        opts.map_sqlx_sqlite_opts(move |o| {
            use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
                .pragma("wal_autocheckpoint", if own_checkpoints { "0" } else { "1000" })
        });
    }
    Database::connect(opts).await
}

/// Checkpoints the SQLite WAL of `db` every `every`, `PASSIVE`: it copies what it can without
/// waiting for readers or writers and never holds the write lock, so no request waits for it
/// (a reader still using old pages only leaves them for the next round). Nothing for
/// PostgreSQL or when `every` is zero (SQLite then checkpoints by itself).
pub fn spawn_checkpoints(db: DatabaseConnection, every: Duration) -> Option<tokio::task::JoinHandle<()>> {
    if db.get_database_backend() != DbBackend::Sqlite || every.is_zero() {
        return None;
    }
    Some(super::jobs::spawn_every("sqlite_checkpoint", every, move || {
        let db = db.clone();
        async move {
            if let Err(e) = db.execute_unprepared("PRAGMA wal_checkpoint(PASSIVE)").await {
                tracing::warn!(error = %e, "WAL checkpoint failed; the next round tries again");
            }
        }
    }))
}

/// Connect and apply every pending migration (under the [`StartLock`]).
pub async fn connect_and_migrate(url: &str, max_connections: u32) -> Result<DatabaseConnection, DbErr> {
    let start = StartLock::take(url).await?;
    let db = connect(url, max_connections).await?;
    migrate(&db).await?;
    start.release().await?;
    Ok(db)
}

/// Held while a node migrates the database and loads the demo into an empty one. Nodes started
/// together on a new PostgreSQL database would otherwise all create the same tables (all but
/// one then fail to start) or load the demo twice. On PostgreSQL it is a transaction-scoped
/// advisory lock on a connection of its own: the next node waits, then finds the migrations
/// applied and the catalogue loaded. A node that dies holding it loses its connection, which
/// ends the lock. SQLite: nothing (one file is one node's, and its write lock serialises the rest).
pub struct StartLock(Option<(DatabaseConnection, WriteTxn)>);

impl StartLock {
    /// Any fixed number; every node uses the same one ("shopstrt").
    const KEY: i64 = 0x7368_6f70_7374_7274;

    /// Waits until no other node holds the lock, then holds it.
    pub async fn take(url: &str) -> Result<Self, DbErr> {
        if !url.starts_with("postgres") {
            return Ok(Self(None));
        }
        let conn = connect(url, 1).await?;
        let txn = begin_write(&conn).await?;
        txn.execute_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT pg_advisory_xact_lock($1)",
            [Self::KEY.into()],
        ))
        .await?;
        Ok(Self(Some((conn, txn))))
    }

    /// Lets the next node start.
    pub async fn release(self) -> Result<(), DbErr> {
        if let Some((conn, txn)) = self.0 {
            txn.commit().await?;
            conn.close().await?;
        }
        Ok(())
    }
}

/// Apply every pending migration.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    Migrator::up(db, None).await
}

/// `LIKE '%text%'` with `%`, `_` and the escape character itself taken literally (SQLite has no
/// default escape character, hence the explicit `ESCAPE '\\'`).
pub fn like_contains(text: &str) -> LikeExpr {
    let mut p = String::from("%");
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    LikeExpr::new(p).escape('\\')
}

/// Starts a transaction that will write. On SQLite it is `BEGIN IMMEDIATE`: the write lock is
/// taken up front and waits out the busy timeout. A deferred transaction that reads and then
/// writes cannot wait (SQLite answers `SQLITE_BUSY` at once to avoid a deadlock), which was
/// the 500 "database is locked" under parallel writes. On PostgreSQL it is a plain
/// `BEGIN`. Every write transaction in the server starts here; `db.begin()` is for reads only
/// (`server/tests/api/platform.rs` fails on any other `begin()` in `server/src`).
///
/// SQLite has one writer at a time. Writers of this process first take their turn in
/// [`WriteTurns`] (first come, first served, woken the moment the writer before them ends), and
/// only then ask SQLite for the lock, which is then free unless another process (the `shop`
/// CLI, a second server) holds it. Without the turn, every waiting connection polled the lock
/// in SQLite's busy handler, sleeping 1, 2, 5, 10, … up to 100 ms between tries: the lock sat
/// free while they slept, and an unlucky writer waited hundreds of milliseconds (issue 25: the
/// p99 of 452 ms of a registration, bench/README.md "Writes"). The turn is taken before a
/// connection, so waiting writers do not hold connections readers need.
pub async fn begin_write(db: &DatabaseConnection) -> Result<WriteTxn, DbErr> {
    let turn = write_turn(db).await;
    let txn = db
        .begin_with_options(TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..Default::default()
        })
        .await?;
    Ok(WriteTxn { txn, _turn: turn, flush_after: None, in_thread: None })
}

/// The write turn alone (see [`begin_write`]), for one write statement run outside a
/// transaction (SQLite wraps it in its own): on SQLite, held until dropped, so that the
/// statement waits in line rather than in SQLite's busy handler; `None` on PostgreSQL. Never
/// while the same task holds a [`WriteTxn`] (it would wait for itself). A group of writes left
/// open on the SQLite writer (`super::sqlite_writer`, group commit) is committed first, so the
/// lock is free for the holder.
pub async fn write_turn(db: &DatabaseConnection) -> Option<WriteTurn> {
    let mut turn = take_turn(WriteTurns::of(db)?).await?;
    super::sqlite_writer::settle_group(&mut turn).await;
    Some(turn)
}

/// The write turn to join the group of writes the SQLite writer left open, if any
/// (`super::sqlite_writer`); `None` on PostgreSQL.
pub(super) async fn write_turn_to_join(db: &DatabaseConnection) -> Option<WriteTurn> {
    take_turn(WriteTurns::of(db)?).await
}

/// One SQLite file's write turn, held: what the writer before left open comes with it.
pub struct WriteTurn {
    turn: tokio::sync::OwnedMutexGuard<Turn>,
    queue: Arc<TurnQueue>,
}

impl WriteTurn {
    /// Whether other writers of this process wait for the turn now.
    pub(super) fn others_waiting(&self) -> bool {
        self.queue.waiting.load(std::sync::atomic::Ordering::Acquire) > 0
    }

    /// The queue of this turn, to wait for it again.
    pub(super) fn queue(&self) -> TurnWaiter {
        TurnWaiter(self.queue.clone())
    }

    /// The writes committed into the writer's open transaction and waiting for its commit
    /// (`super::sqlite_writer::Group`).
    pub(super) fn group(&mut self) -> &mut Option<super::sqlite_writer::Group> {
        &mut self.turn.group
    }
}

/// A file's turn queue, to wait in.
pub(super) struct TurnWaiter(Arc<TurnQueue>);

impl TurnWaiter {
    pub(super) async fn take(self) -> Option<WriteTurn> {
        take_turn(self.0).await
    }
}

/// What passes with the turn from one writer to the next.
#[derive(Default)]
pub(super) struct Turn {
    group: Option<super::sqlite_writer::Group>,
}

/// One file's turn and how many wait for it.
#[derive(Default)]
struct TurnQueue {
    turn: Arc<tokio::sync::Mutex<Turn>>,
    waiting: std::sync::atomic::AtomicUsize,
}

/// The write turns of one SQLite file in this process (see [`begin_write`]).
struct WriteTurns;

impl WriteTurns {
    /// The turn queue of `db`'s file; `None` on PostgreSQL, whose writers lock rows, not the
    /// database.
    fn of(db: &DatabaseConnection) -> Option<Arc<TurnQueue>> {
        use std::collections::HashMap;
        use std::sync::{LazyLock, Mutex};
        static QUEUES: LazyLock<Mutex<HashMap<PathBuf, Arc<TurnQueue>>>> = LazyLock::new(Default::default);
        if db.get_database_backend() != DbBackend::Sqlite {
            return None;
        }
        let options = db.get_sqlite_connection_pool().connect_options();
        let file = options.get_filename();
        let mut queues = QUEUES.lock().unwrap_or_else(|e| e.into_inner());
        Some(queues.entry(file.to_path_buf()).or_default().clone())
    }
}

/// How long a writer waits for its turn before asking SQLite directly (whose busy timeout then
/// applies, as before turns existed). Only a write transaction opened while the same task
/// already holds one would wait this long; SQLite itself would refuse that one after its busy
/// timeout.
const TURN_WAIT: Duration = Duration::from_secs(10);

/// Waits for the turn (see [`TURN_WAIT`]), counted among the waiting meanwhile.
async fn take_turn(queue: Arc<TurnQueue>) -> Option<WriteTurn> {
    struct Waiting<'a>(&'a std::sync::atomic::AtomicUsize);
    impl Drop for Waiting<'_> {
        fn drop(&mut self) {
            self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
        }
    }
    queue.waiting.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
    let waiting = Waiting(&queue.waiting);
    let taken = tokio::time::timeout(TURN_WAIT, queue.turn.clone().lock_owned()).await;
    drop(waiting);
    match taken {
        Ok(turn) => Some(WriteTurn { turn, queue }),
        Err(_) => {
            tracing::warn!("no write turn after 10 s: asking SQLite for its lock directly");
            None
        }
    }
}

/// A write transaction from [`begin_write`]: a [`DatabaseTransaction`] that, on SQLite, holds
/// the process's write turn until it is committed, rolled back or dropped.
pub struct WriteTxn {
    txn: DatabaseTransaction,
    _turn: Option<WriteTurn>,
    /// Set by [`WriteTxn::unlock_before_flush`]: the pool that waits for the flush after the commit.
    flush_after: Option<DatabaseConnection>,
    /// The transaction runs on the SQLite writer in the calling thread (`super::sqlite_txn`),
    /// which holds the write turn: it commits and rolls back there.
    in_thread: Option<super::sqlite_txn::Open>,
}

impl WriteTxn {
    /// A transaction over the SQLite writer (`super::sqlite_txn::transaction`).
    pub(super) fn in_thread(txn: DatabaseTransaction, open: super::sqlite_txn::Open) -> Self {
        Self { txn, _turn: None, flush_after: None, in_thread: Some(open) }
    }

    /// PostgreSQL: the commit releases this transaction's row locks as soon as its commit record
    /// is written, without waiting for the disk (`SET LOCAL synchronous_commit = off`), and
    /// [`WriteTxn::commit`] then waits for the disk itself, so the caller still answers only
    /// once the transaction is durable. For a transaction that other writers queue behind (an
    /// order registration holds its laptops' stock rows and, at commit, `catalog_meta`'s): with
    /// the flush inside the locks, 16 registrations of the same laptops waited for 16 flushes in
    /// a row; now their flushes overlap (bench/README.md "Writes, seventh step"). Other
    /// transactions may read the changes before they are on disk; if PostgreSQL itself crashes
    /// then, the transaction is lost, but it was never acknowledged, and whatever committed
    /// after it and was acknowledged is later in the WAL, so on disk only with it. SQLite:
    /// nothing (`synchronous=NORMAL` in WAL mode does not sync at commit).
    pub async fn unlock_before_flush(&mut self, db: &DatabaseConnection) -> Result<(), DbErr> {
        if self.txn.get_database_backend() == DbBackend::Postgres {
            self.txn.execute_unprepared("SET LOCAL synchronous_commit = off").await?;
            self.flush_after = Some(db.clone());
        }
        Ok(())
    }

    /// Commits, then gives the turn to the next writer. After [`WriteTxn::unlock_before_flush`],
    /// returns only once the commit is on disk: a transactional WAL message commits
    /// synchronously, and the flush of the WAL up to it covers the commit before it. An error
    /// there leaves the transaction committed, and the caller answers an error (a retry with
    /// the same Idempotency-Key finds what was committed).
    pub async fn commit(self) -> Result<(), DbErr> {
        if let Some(open) = &self.in_thread {
            return super::sqlite_txn::commit(open).await;
        }
        self.txn.commit().await?;
        if let Some(db) = self.flush_after {
            wait_durable(&db).await?;
        }
        Ok(())
    }

    /// Rolls back, then gives the turn to the next writer.
    pub async fn rollback(self) -> Result<(), DbErr> {
        if let Some(open) = &self.in_thread {
            super::sqlite_txn::roll_back(open);
            return Ok(());
        }
        self.txn.rollback().await
    }
}

impl std::ops::Deref for WriteTxn {
    type Target = DatabaseTransaction;
    fn deref(&self) -> &DatabaseTransaction {
        &self.txn
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for WriteTxn {
    fn get_database_backend(&self) -> DbBackend {
        self.txn.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.txn.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.txn.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.txn.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.txn.query_all_raw(stmt).await
    }

    fn support_returning(&self) -> bool {
        self.txn.support_returning()
    }

    fn is_mock_connection(&self) -> bool {
        self.txn.is_mock_connection()
    }
}

/// Returns once every transaction committed before the call is on disk. PostgreSQL: a
/// transactional WAL message (any role may write one) is committed synchronously, and the WAL
/// is flushed up to it, which covers every commit before it, including those of
/// [`WriteTxn::unlock_before_flush`]. For a caller about to answer with what such a
/// transaction wrote, read rather than written by itself (an Idempotency-Key's stored answer).
/// SQLite: nothing to wait for.
pub async fn wait_durable(db: &DatabaseConnection) -> Result<(), DbErr> {
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_unprepared("SELECT pg_logical_emit_message(true, 'shop', 'durable')").await?;
    }
    Ok(())
}

/// True when PostgreSQL rolled the transaction back to break a deadlock (SQLSTATE 40P01) or
/// a serialisation failure (40001): nothing of it was written, and running it again is safe.
pub fn is_retryable(e: &DbErr) -> bool {
    use sea_orm::RuntimeErr;
    let (DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e))) = e else {
        return false;
    };
    e.as_database_error().and_then(|d| d.code()).is_some_and(|c| c == "40P01" || c == "40001")
}

/// How many times a write transaction PostgreSQL rolled back to break a deadlock is run again.
pub const RETRIES: u32 = 4;

/// Serialises the writes of one owner (a customer) inside a write transaction, so that a cap
/// checked by counting ("at most 20 addresses") holds under any number of parallel requests.
/// PostgreSQL: the owner's `users` row is locked (`FOR UPDATE`) until the transaction ends, so
/// a second request's count waits for the first one's insert. SQLite: nothing to do, the
/// transaction from [`begin_write`] already holds the database's one write lock.
pub async fn lock_owner<C: ConnectionTrait>(txn: &C, user_id: i64) -> Result<(), DbErr> {
    if txn.get_database_backend() == DbBackend::Postgres {
        txn.execute_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT id FROM users WHERE id = $1 FOR UPDATE",
            [user_id.into()],
        ))
        .await?;
    }
    Ok(())
}

/// The file of a `sqlite:` URL, or `None` for another database or an in-memory one.
pub fn sqlite_file(database_url: &str) -> Option<PathBuf> {
    if !database_url.starts_with("sqlite:") || database_url.contains(":memory:") || database_url.contains("mode=memory") {
        return None;
    }
    let options = sea_orm::sqlx::sqlite::SqliteConnectOptions::from_str(database_url).ok()?;
    Some(options.get_filename().to_path_buf())
}

fn ensure_sqlite_dir(url: &str) {
    let rest = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let path = rest.split('?').next().unwrap_or("");
    if path.is_empty() || path == ":memory:" {
        return;
    }
    if let Some(parent) = std::path::Path::new(path).parent() {
        if !parent.as_os_str().is_empty() {
            let _ = std::fs::create_dir_all(parent);
        }
    }
}

/// A SQLite file of a test's own in the temporary directory (`shop-{name}-{pid}/shop.db`,
/// fresh), removed with its directory when dropped.
#[cfg(test)]
pub struct TempSqlite {
    dir: PathBuf,
    pub path: PathBuf,
    /// Its URL, creating the file on first connect.
    pub url: String,
}

#[cfg(test)]
impl TempSqlite {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("shop-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("shop.db");
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite://{}?mode=rwc", path.display());
        Self { dir, path, url }
    }
}

#[cfg(test)]
impl Drop for TempSqlite {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    /// Every write transaction in `server/src` starts with [`super::begin_write`]: a plain
    /// `.begin()` is a deferred transaction, which SQLite cannot make wait for its write lock.
    #[test]
    fn no_write_transaction_starts_deferred() {
        // Spelled in two parts so that this test does not find itself.
        let deferred = [".begin", "()"].concat();
        fn walk(dir: &std::path::Path, deferred: &str, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, deferred, found);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for (n, line) in text.lines().enumerate() {
                        if line.contains(deferred) && !line.trim_start().starts_with("//") {
                            found.push(format!("{}:{}", path.display(), n + 1));
                        }
                    }
                }
            }
        }
        let mut found = Vec::new();
        walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &deferred, &mut found);
        assert!(found.is_empty(), "use platform::db::begin_write instead of a deferred begin: {found:?}");
    }
}
