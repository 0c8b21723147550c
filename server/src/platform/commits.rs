//! "Has anything been committed since?" for a SQLite database, answered in the asking thread.
//!
//! A read that reuses an answer it made before must know that nothing the answer depends on has
//! changed. Asking the database through sqlx costs a hand-off to the connection's own thread
//! and back, two context switches that are most of a cheap read's cost (bench/README.md, the
//! cart read). SQLite can say it locally: `PRAGMA data_version` on a connection that never
//! writes changes whenever any other connection commits, in this process or in another one
//! (a second `shop serve`, the `shop` CLI). PostgreSQL has no such local signal (its commits
//! come from other hosts); there [`CommitWatch::mark`] is `None` and callers read the database.

use std::sync::Mutex;

use rusqlite::{Connection, OpenFlags};

use super::db::sqlite_file;

/// A point in the database's commit history: two equal marks mean that nothing was committed
/// between them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CommitMark(i64);

/// A read-only connection of its own to the SQLite file, asked only for `data_version`.
pub struct CommitWatch {
    conn: Option<Mutex<Connection>>,
}

impl CommitWatch {
    /// The watch for `database_url`: none for PostgreSQL or an in-memory database (no other
    /// connection can see that one), nor when the file cannot be opened (logged once).
    pub fn open(database_url: &str) -> Self {
        let Some(path) = sqlite_file(database_url) else {
            return Self::none();
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        match Connection::open_with_flags(&path, flags) {
            Ok(conn) => Self { conn: Some(Mutex::new(conn)) },
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "no commit watch: cached reads ask the database");
                Self::none()
            }
        }
    }

    /// No watch: every [`CommitWatch::mark`] is `None`.
    pub fn none() -> Self {
        Self { conn: None }
    }

    /// The current mark, or `None` without a watch or when SQLite answers with an error (the
    /// caller then reads the database). Take it *before* reading what a cached answer is made
    /// of: a commit in between then only makes the next mark differ.
    pub fn mark(&self) -> Option<CommitMark> {
        let conn = self.conn.as_ref()?.lock().ok()?;
        let mut statement = conn.prepare_cached("PRAGMA data_version").ok()?;
        statement.query_row([], |row| row.get(0)).ok().map(CommitMark)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sqlite_files_are_watched() {
        assert_eq!(sqlite_file("postgres://postgres@127.0.0.1/test"), None);
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("sqlite://data/shop.db?mode=rwc"), Some(std::path::PathBuf::from("data/shop.db")));
        assert!(CommitWatch::open("sqlite::memory:").mark().is_none());
    }

    #[test]
    fn a_commit_by_another_connection_moves_the_mark_and_reads_do_not() {
        let file = crate::platform::db::TempSqlite::new("commits");
        let writer = Connection::open(&file.path).unwrap();
        writer.execute_batch("PRAGMA journal_mode=WAL; CREATE TABLE t (x INTEGER);").unwrap();
        let watch = CommitWatch::open(&file.url);
        let before = watch.mark().expect("a file database is watched");
        let _: i64 = writer.query_row("SELECT count(*) FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(watch.mark(), Some(before), "a read is not a commit");
        writer.execute("INSERT INTO t VALUES (1)", []).unwrap();
        let after = watch.mark().unwrap();
        assert_ne!(after, before);
        assert_eq!(watch.mark(), Some(after));
    }
}
