//! Time source. Production uses the system clock; tests inject an [`OffsetClock`]
//! they can move forward instead of sleeping (OTP expiry, resend waits, token expiry).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};

/// Where "now" comes from.
pub trait Clock: Send + Sync + 'static {
    /// The current instant in UTC.
    fn now(&self) -> DateTime<Utc>;

    /// The current instant as whole Unix seconds.
    fn unix(&self) -> i64 {
        self.now().timestamp()
    }
}

/// The real clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// System time plus an adjustable offset (seconds). Tests call [`OffsetClock::advance`].
#[derive(Debug, Default)]
pub struct OffsetClock {
    offset: AtomicI64,
}

impl OffsetClock {
    /// A clock at the system time.
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// Move the clock forward by `secs` seconds.
    pub fn advance(&self, secs: i64) {
        self.offset.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for OffsetClock {
    fn now(&self) -> DateTime<Utc> {
        let off = self.offset.load(Ordering::SeqCst);
        Utc::now() + chrono::Duration::seconds(off)
    }
}

/// Unix seconds to a UTC date-time (out-of-range values clamp to the epoch).
pub fn from_unix(secs: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(secs, 0).single().unwrap_or_default()
}
