//! Database connection: SQLite (WAL) by default, PostgreSQL when the URL says so.
//! Migrations run at start ([`connect_and_migrate`]).

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use sea_orm::sea_query::LikeExpr;
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    SqliteTransactionMode, Statement, TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;

use crate::migration::Migrator;

/// Open a pool for `url`. SQLite files get WAL, `synchronous=NORMAL`, a busy timeout and
/// foreign keys; their parent folder is created when missing.
pub async fn connect(url: &str, max_connections: u32) -> Result<DatabaseConnection, DbErr> {
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
        opts.map_sqlx_sqlite_opts(|o| {
            use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
        });
    }
    Database::connect(opts).await
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
pub struct StartLock(Option<(DatabaseConnection, DatabaseTransaction)>);

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
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..Default::default()
    })
    .await
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
