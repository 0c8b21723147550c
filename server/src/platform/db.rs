//! Database connection: SQLite (WAL) by default, PostgreSQL when the URL says so.
//! Migrations run at start ([`connect_and_migrate`]).

use std::time::Duration;

use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbErr};
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

/// Connect and apply every pending migration.
pub async fn connect_and_migrate(url: &str, max_connections: u32) -> Result<DatabaseConnection, DbErr> {
    let db = connect(url, max_connections).await?;
    migrate(&db).await?;
    Ok(db)
}

/// Apply every pending migration.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    Migrator::up(db, None).await
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
