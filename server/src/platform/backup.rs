//! `shop backup FILE` and `shop restore FILE` for a shop on SQLite.
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction copies a consistent snapshot of the
//! whole database into a new file while the shop goes on serving (writers are not blocked in WAL
//! mode; what they commit after the snapshot began is simply not in it). A restore checks that
//! the file is a whole, sound shop database (`integrity_check`, the migrations table) and copies
//! it over the configured database with SQLite's online backup API, page by page under the
//! database's locks, so a half-copied file is never what the shop opens. Stop the shop before a
//! restore: a running node would keep serving its in-memory caches of the old data.
//!
//! PostgreSQL has its own tools for this (`pg_dump -Fc`, `pg_restore`): see docs/operations.md.

use std::path::{Path, PathBuf};

use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement};

use super::db::sqlite_file;

/// Why a backup or restore did not happen.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The shop runs on PostgreSQL.
    #[error("the shop's database is PostgreSQL: use pg_dump -Fc and pg_restore (docs/operations.md)")]
    NotSqlite,
    /// The target file is already there.
    #[error("{0} already exists: a backup never overwrites a file")]
    Exists(PathBuf),
    /// The file to restore is missing, damaged, or not a shop database.
    #[error("{0} is not a sound shop database: {1}")]
    NotAShopDatabase(PathBuf, String),
    #[error("database: {0}")]
    Db(#[from] sea_orm::DbErr),
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
}

/// Copies the running shop's database into the new file `to`; its size in bytes.
pub async fn backup(db: &DatabaseConnection, to: &Path) -> Result<u64, BackupError> {
    if db.get_database_backend() != DbBackend::Sqlite {
        return Err(BackupError::NotSqlite);
    }
    if to.exists() {
        return Err(BackupError::Exists(to.to_path_buf()));
    }
    if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| BackupError::NotAShopDatabase(to.to_path_buf(), e.to_string()))?;
    }
    // A string literal, its quotes doubled: VACUUM INTO takes no bound parameter on every version.
    let target = to.to_string_lossy().replace('\'', "''");
    db.execute_raw(Statement::from_string(DbBackend::Sqlite, format!("VACUUM INTO '{target}'"))).await?;
    Ok(std::fs::metadata(to).map(|m| m.len()).unwrap_or(0))
}

/// Checks that `file` is a whole shop database.
fn check(file: &Path) -> Result<(), BackupError> {
    let bad = |why: String| BackupError::NotAShopDatabase(file.to_path_buf(), why);
    if !file.is_file() {
        return Err(bad("no such file".into()));
    }
    let conn = rusqlite::Connection::open_with_flags(file, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(|e| bad(e.to_string()))?;
    let verdict: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).map_err(|e| bad(e.to_string()))?;
    if verdict != "ok" {
        return Err(bad(verdict));
    }
    let migrations: i64 = conn
        .query_row("SELECT count(*) FROM seaql_migrations", [], |r| r.get(0))
        .map_err(|_| bad("it has no migrations table".into()))?;
    if migrations == 0 {
        return Err(bad("it has no migrations applied".into()));
    }
    Ok(())
}

/// Replaces the database at `database_url` with the backup `from` (checked first; nothing is
/// touched when it is refused). Returns the number of pages copied.
pub fn restore(database_url: &str, from: &Path) -> Result<i32, BackupError> {
    let target = sqlite_file(database_url).ok_or(BackupError::NotSqlite)?;
    check(from)?;
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| BackupError::NotAShopDatabase(target.clone(), e.to_string()))?;
    }
    let source = rusqlite::Connection::open_with_flags(from, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let mut dest = rusqlite::Connection::open(&target)?;
    // A busy database (a node still running) waits a little, then fails rather than mixing.
    dest.busy_timeout(std::time::Duration::from_secs(5))?;
    let copy = rusqlite::backup::Backup::new(&source, &mut dest)?;
    copy.run_to_completion(4096, std::time::Duration::ZERO, None)?;
    Ok(copy.progress().pagecount)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_a_shop_database_is_refused_and_nothing_is_written() {
        let dir = std::env::temp_dir().join(format!("shop-restore-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let junk = dir.join("junk.db");
        std::fs::write(&junk, b"not a database at all").unwrap();
        let target = dir.join("shop.db");
        let url = format!("sqlite://{}?mode=rwc", target.display());
        assert!(matches!(restore(&url, &junk), Err(BackupError::NotAShopDatabase(..))));
        assert!(matches!(restore(&url, &dir.join("missing.db")), Err(BackupError::NotAShopDatabase(..))));
        assert!(!target.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
