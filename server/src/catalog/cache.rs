//! The catalogue cache: the current [`Snapshot`], rebuilt when `catalog_meta.version`
//! (bumped by database triggers on every catalogue write, from any node) has moved.
//! A read looks at the version (one primary-key lookup) when the last look is older than
//! `Config::catalog_recheck_ms`, or when the cache was marked stale since; a rebuild happens
//! once per change.
//!
//! On PostgreSQL an update of `catalog_meta` sends a note on [`CHANNEL`] when it commits (a
//! trigger, migration m20261128_000500), and every node marks its cache stale when it hears
//! it ([`CatalogCache::follow`]), so the next read on any node rebuilds: tens of milliseconds
//! instead of a poll. The poll stays behind it, at 1 s there (a listening connection that
//! hangs hears nothing), 200 ms on SQLite, where nothing else tells a process that another
//! one wrote.
//!
//! One instance per server (`AppState::catalog`), handed to handlers as request data
//! (`Data<&CatalogCache>`). Its time comes from the server's [`Clock`], so tests move it
//! instead of sleeping.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use sea_orm::{ConnectionTrait, DbErr, Statement};
use tokio::sync::mpsc::UnboundedReceiver;

use super::holders::Holders;
use super::snapshot::Snapshot;
use crate::platform::notify::Heard;
use crate::platform::Clock;

/// The NOTIFY channel of catalogue changes (the trigger of migration m20261128_000500 names it).
pub const CHANNEL: &str = "shop_catalog";

/// Shared handle (cheap to clone).
#[derive(Clone)]
pub struct CatalogCache {
    inner: Arc<Inner>,
}

struct Inner {
    current: RwLock<Option<Arc<Snapshot>>>,
    build: tokio::sync::Mutex<()>,
    clock: Arc<dyn Clock>,
    /// What the areas above hold of the catalogue (the best sellers' sold lines; a variant's holders).
    holders: Arc<dyn Holders>,
    /// How long a version read is trusted (milliseconds).
    recheck_ms: i64,
    /// When the version was last read (Unix milliseconds; 0: never).
    last_check_ms: AtomicI64,
    /// How many times the cache was marked stale.
    marks: AtomicU64,
    /// [`Inner::marks`] as it was just before the version was last read: while it has not
    /// moved since, no note came after that read.
    checked_marks: AtomicU64,
}

/// The poll on SQLite (`Config::catalog_recheck_ms` there): how long a read version is
/// trusted before the next `catalog_meta` read.
pub const RECHECK_MS: i64 = crate::platform::config::CATALOG_RECHECK_MS;

/// The current catalogue version (`catalog_meta.version`).
pub async fn version<C: ConnectionTrait>(db: &C) -> Result<i64, DbErr> {
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), "SELECT version FROM catalog_meta WHERE id = 1"))
        .await?;
    Ok(match row {
        Some(r) => r.try_get_by_index::<i64>(0)?,
        None => 0,
    })
}

impl CatalogCache {
    /// A new, empty cache on `clock` that trusts a version read for `recheck_ms`.
    pub fn new(clock: Arc<dyn Clock>, recheck_ms: i64, holders: Arc<dyn Holders>) -> Self {
        Self {
            inner: Arc::new(Inner {
                current: RwLock::new(None),
                build: tokio::sync::Mutex::new(()),
                clock,
                holders,
                recheck_ms,
                last_check_ms: AtomicI64::new(0),
                marks: AtomicU64::new(0),
                checked_marks: AtomicU64::new(0),
            }),
        }
    }

    /// What the areas above hold of the catalogue (asked before a variant goes).
    pub fn holders(&self) -> &dyn Holders {
        self.inner.holders.as_ref()
    }

    /// The catalogue may have changed: the next read looks at the version.
    pub fn mark_stale(&self) {
        self.inner.marks.fetch_add(1, Ordering::SeqCst);
    }

    /// Mark the cache stale at each note on [`CHANNEL`] and each time the node's listener is
    /// (again) listening, since notes sent while it was away are lost (`heard`: what
    /// `platform::notify::Listener::subscribe` gave). Runs until the listener stops.
    pub fn follow(&self, mut heard: UnboundedReceiver<Heard>) -> tokio::task::JoinHandle<()> {
        let cache = self.clone();
        tokio::spawn(async move {
            while heard.recv().await.is_some() {
                cache.mark_stale();
            }
        })
    }

    /// The snapshot built last, without asking the database whether it is still current.
    pub fn current(&self) -> Option<Arc<Snapshot>> {
        self.inner.current.read().ok().and_then(|g| g.clone())
    }

    /// The up-to-date snapshot: the version was read after the last mark and at most the
    /// recheck time ago.
    pub async fn get<C: ConnectionTrait>(&self, db: &C) -> Result<Arc<Snapshot>, DbErr> {
        let now_ms = self.inner.clock.now().timestamp_millis();
        // Taken before the version is read: a note heard during the read moves it, and the
        // next request looks again instead of trusting what this read saw.
        let marks = self.inner.marks.load(Ordering::SeqCst);
        let last = self.inner.last_check_ms.load(Ordering::SeqCst);
        let fresh = last != 0
            && self.inner.checked_marks.load(Ordering::SeqCst) == marks
            && (0..self.inner.recheck_ms).contains(&now_ms.saturating_sub(last));
        if fresh {
            if let Some(s) = self.current() {
                return Ok(s);
            }
        }
        let v = version(db).await?;
        self.inner.last_check_ms.store(now_ms, Ordering::SeqCst);
        self.inner.checked_marks.store(marks, Ordering::SeqCst);
        if let Some(s) = self.current() {
            if s.version == v {
                return Ok(s);
            }
        }
        // While another request rebuilds, serve the previous snapshot instead of waiting.
        let _guard = match self.inner.build.try_lock() {
            Ok(g) => g,
            Err(_) => match self.current() {
                Some(s) => return Ok(s),
                None => self.inner.build.lock().await,
            },
        };
        if let Some(s) = self.current() {
            if s.version == v {
                return Ok(s);
            }
        }
        let started = std::time::Instant::now();
        let previous = self.current();
        let snap = Arc::new(Snapshot::load(db, self.inner.holders.as_ref(), v, previous.as_deref(), self.inner.clock.now().timestamp()).await?);
        let reused = previous.is_some_and(|p| Arc::ptr_eq(&p.index, &snap.index));
        tracing::info!(
            version = v,
            products = snap.items.len(),
            terms = snap.index.vocabulary(),
            ms = started.elapsed().as_millis() as u64,
            index_reused = reused,
            "catalogue snapshot built"
        );
        if let Ok(mut g) = self.inner.current.write() {
            *g = Some(snap.clone());
        }
        Ok(snap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::{db, SystemClock};
    use sea_orm::ConnectionTrait;

    /// With the poll an hour long, only a mark makes the cache look again: a note, or the
    /// listener (again) listening after notes may have been lost.
    #[tokio::test]
    async fn a_mark_makes_the_next_read_look_at_the_version() {
        let conn = db::connect_and_migrate("sqlite::memory:", 1).await.unwrap();
        let cache = CatalogCache::new(Arc::new(SystemClock), 3_600_000, Arc::new(crate::catalog::holders::NoHolders));
        let first = cache.get(&conn).await.unwrap().version;
        conn.execute_unprepared("UPDATE catalog_meta SET version = version + 1 WHERE id = 1").await.unwrap();
        assert_eq!(cache.get(&conn).await.unwrap().version, first, "trusted for the hour");

        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let following = cache.follow(rx);
        tx.send(Heard::Listening).unwrap();
        let mut seen = first;
        for _ in 0..100 {
            seen = cache.get(&conn).await.unwrap().version;
            if seen != first {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert_eq!(seen, first + 1, "a reconnection marks it stale");

        conn.execute_unprepared("UPDATE catalog_meta SET version = version + 1 WHERE id = 1").await.unwrap();
        assert_eq!(cache.get(&conn).await.unwrap().version, first + 1);
        cache.mark_stale();
        assert_eq!(cache.get(&conn).await.unwrap().version, first + 2, "a note marks it stale");
        drop(tx);
        following.await.unwrap();
    }
}
