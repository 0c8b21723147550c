//! The catalogue cache: the current [`Snapshot`], rebuilt when `catalog_meta.version`
//! (bumped by database triggers on every catalogue write, from any node) has moved.
//! Each read costs one primary-key lookup; a rebuild happens once per change.
//!
//! One instance per server, handed to handlers as request data (`Data<&CatalogCache>`).
//! Its time comes from the server's [`Clock`], so tests move it instead of sleeping.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, RwLock};

use sea_orm::{ConnectionTrait, DbErr, Statement};

use super::snapshot::Snapshot;
use crate::platform::Clock;

/// Shared handle (cheap to clone).
#[derive(Clone)]
pub struct CatalogCache {
    inner: Arc<Inner>,
}

struct Inner {
    current: RwLock<Option<Arc<Snapshot>>>,
    build: tokio::sync::Mutex<()>,
    clock: Arc<dyn Clock>,
    /// When the version was last read (Unix milliseconds; 0: never).
    last_check_ms: AtomicI64,
}

/// How long a read version is trusted before the next `catalog_meta` read: a change made on
/// any node is seen by every node within this time.
pub const RECHECK_MS: i64 = 200;

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
    /// A new, empty cache on `clock`.
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self {
            inner: Arc::new(Inner {
                current: RwLock::new(None),
                build: tokio::sync::Mutex::new(()),
                clock,
                last_check_ms: AtomicI64::new(0),
            }),
        }
    }

    /// The snapshot built last, without asking the database whether it is still current.
    pub fn current(&self) -> Option<Arc<Snapshot>> {
        self.inner.current.read().ok().and_then(|g| g.clone())
    }

    /// The up-to-date snapshot (at most [`RECHECK_MS`] old).
    pub async fn get<C: ConnectionTrait>(&self, db: &C) -> Result<Arc<Snapshot>, DbErr> {
        let now_ms = self.inner.clock.now().timestamp_millis();
        let last = self.inner.last_check_ms.load(Ordering::Relaxed);
        if last != 0 && (0..RECHECK_MS).contains(&now_ms.saturating_sub(last)) {
            if let Some(s) = self.current() {
                return Ok(s);
            }
        }
        let v = version(db).await?;
        self.inner.last_check_ms.store(now_ms, Ordering::Relaxed);
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
        let snap = Arc::new(Snapshot::load(db, v, previous.as_deref()).await?);
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
