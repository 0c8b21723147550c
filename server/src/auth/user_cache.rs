//! A tiny per-node cache of `users` rows for the bearer extractor, keyed by user id, with a
//! short time to live (`SHOP_USER_CACHE_MS`, 3 s by default; 0 turns it off).
//!
//! Every bearer-authenticated call needs the caller's row (its `Uid`, city, `Block` flag); on
//! SQLite that lookup was half the database work of a pre-order list. The database remains the
//! truth; this is only a cache:
//!
//! - **`Block` takes effect within the TTL** on every node: a node that cached the row before the
//!   block keeps answering the user's access-token calls for at most that long (then 403).
//!   Refresh-token rotation (`/user/token`) and every sign-in path read the database directly,
//!   so blocking and refresh-token revocation are not delayed by this cache at all.
//! - Writes to a user through this node's auth service drop the entry at once ([`UserCache::forget`]);
//!   other nodes see them within the TTL (nodes share nothing but the database), except an end
//!   of sessions (a block, a sign-out, a replayed refresh token, a new password or number,
//!   staff roles taken away): that is a `session_ends` note every node hears through the chat
//!   bus, which drops the entry there at once too (`auth::service::announce_sessions_ended`).
//! - Time comes from the server's injectable clock, so tests move past the TTL without sleeping.
//! - Bounded: at most [`MAX_ENTRIES`] users; when full, the cache is emptied.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use super::entity::user;
use crate::platform::Clock;

/// Default time to live of an entry, milliseconds.
pub const DEFAULT_TTL_MS: i64 = crate::platform::config::DEFAULT_USER_CACHE_MS;
/// Most users held at once.
pub const MAX_ENTRIES: usize = 50_000;

/// `users` rows by id, each with the instant (ms) it was read from the database.
pub struct UserCache {
    ttl_ms: i64,
    clock: Arc<dyn Clock>,
    map: RwLock<HashMap<i64, (i64, Arc<user::Model>)>>,
}

impl UserCache {
    /// A cache whose entries live `ttl_ms` milliseconds by `clock` (0 or less: never cached).
    pub fn new(ttl_ms: i64, clock: Arc<dyn Clock>) -> Self {
        Self {
            ttl_ms,
            clock,
            map: RwLock::new(HashMap::new()),
        }
    }

    fn now_ms(&self) -> i64 {
        self.clock.now().timestamp_millis()
    }

    /// The row of user `id` when read less than the TTL ago.
    pub fn get(&self, id: i64) -> Option<Arc<user::Model>> {
        if self.ttl_ms <= 0 {
            return None;
        }
        let now = self.now_ms();
        let map = self.map.read().ok()?;
        match map.get(&id) {
            // `at <= now` too: a clock moved backwards must not extend an entry's life.
            Some((at, row)) if *at <= now && now - *at < self.ttl_ms => Some(row.clone()),
            _ => None,
        }
    }

    /// Remembers a row just read from the database.
    pub fn put(&self, row: Arc<user::Model>) {
        if self.ttl_ms <= 0 {
            return;
        }
        let now = self.now_ms();
        if let Ok(mut map) = self.map.write() {
            if map.len() >= MAX_ENTRIES && !map.contains_key(&row.id) {
                map.clear();
            }
            map.insert(row.id, (now, row));
        }
    }

    /// Drops user `id` (after this node changed the row).
    pub fn forget(&self, id: i64) {
        if let Ok(mut map) = self.map.write() {
            map.remove(&id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::clock::OffsetClock;

    fn row(id: i64, block: bool) -> Arc<user::Model> {
        Arc::new(user::Model {
            id,
            uid: format!("u{id}"),
            mobile: String::new(),
            name: String::new(),
            lastname: String::new(),
            search_name: String::new(),
            email: String::new(),
            state: String::new(),
            city: String::new(),
            profile: String::new(),
            address1: String::new(),
            address2: String::new(),
            postal_code1: String::new(),
            postal_code2: String::new(),
            phone: String::new(),
            info: String::new(),
            user_type: crate::auth::entity::user::UserType::Customer,
            block,
            block_reason: String::new(),
            staff_roles: 0,
            password_hash: None,
            session_epoch: 0,
            created_at: 0,
            updated_at: 0,
        })
    }

    #[test]
    fn entries_expire_after_the_ttl() {
        let clock = OffsetClock::new();
        let c = UserCache::new(3_000, clock.clone());
        c.put(row(1, false));
        assert_eq!(c.get(1).unwrap().uid, "u1");
        assert!(c.get(2).is_none());
        clock.advance(3);
        assert!(c.get(1).is_none());
    }

    #[test]
    fn forget_and_zero_ttl() {
        let clock = OffsetClock::new();
        let c = UserCache::new(3_000, clock.clone());
        c.put(row(1, false));
        c.forget(1);
        assert!(c.get(1).is_none());
        let off = UserCache::new(0, clock);
        off.put(row(1, false));
        assert!(off.get(1).is_none());
    }
}
