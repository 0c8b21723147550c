//! Rate limits kept in the database (`rate_limits`), so that every server node sees the same
//! counts. Three shapes:
//! - fixed-window counters ([`hit`]): one row per subject and window, incremented atomically;
//! - sliding windows ([`reserve`]): one row per subject holding the time at which its window
//!   is empty again (GCRA: each event pushes it forward by window/limit, and an event that
//!   would push it past now + window is refused). The reservation is one conditional
//!   UPDATE, so of any number of concurrent callers at most `limit` get through, and it
//!   happens *before* the expensive work it guards;
//! - cool-downs ([`claim_cooldown`]): one row per subject whose `until` is pushed forward by
//!   a conditional UPDATE, so two concurrent claims cannot both win.

use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};

use super::entity::rate_limit;

/// The shop-wide hourly SMS counter: sign-in codes and the alerts' SMS (`alert::jobs`) count
/// against the one budget (`SHOP_SMS_HOURLY_BUDGET`).
pub const SMS_BUDGET_KEY: &str = "sms-budget";

/// Seconds to wait when a limit is reached.
pub type RetryAfter = i64;

fn window_key(prefix: &str, now: i64, window_secs: i64) -> (String, i64) {
    let w = now.div_euclid(window_secs);
    (format!("{prefix}:{w}"), (w + 1) * window_secs)
}

/// Count one event for `prefix` in the current window; `Err(retry_after)` when the count is
/// now over `limit`.
pub async fn hit<C: ConnectionTrait>(
    db: &C,
    prefix: &str,
    now: i64,
    window_secs: i64,
    limit: i64,
) -> Result<Result<i64, RetryAfter>, DbErr> {
    let (key, until) = window_key(prefix, now, window_secs);
    rate_limit::Entity::insert(rate_limit::ActiveModel { key: Set(key.clone()), count: Set(1), until: Set(until) })
        .on_conflict(
            OnConflict::column(rate_limit::Column::Key)
                .value(rate_limit::Column::Count, Expr::col((rate_limit::Entity, rate_limit::Column::Count)).add(1))
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    let count = current(db, &key).await?;
    if count > limit {
        Ok(Err(until - now))
    } else {
        Ok(Ok(count))
    }
}

/// The count in the current window without counting; `Err(retry_after)` when at or over `limit`.
pub async fn check<C: ConnectionTrait>(
    db: &C,
    prefix: &str,
    now: i64,
    window_secs: i64,
    limit: i64,
) -> Result<Result<i64, RetryAfter>, DbErr> {
    let (key, until) = window_key(prefix, now, window_secs);
    let count = current(db, &key).await?;
    if count >= limit {
        Ok(Err(until - now))
    } else {
        Ok(Ok(count))
    }
}

/// Creates the key's row with a count of 1 unless it exists; whether it did.
async fn insert_first<C: ConnectionTrait>(db: &C, key: &str, until: i64) -> Result<bool, DbErr> {
    let inserted = rate_limit::Entity::insert(rate_limit::ActiveModel {
        key: Set(key.to_string()),
        count: Set(1),
        until: Set(until),
    })
    .on_conflict(OnConflict::column(rate_limit::Column::Key).do_nothing().to_owned())
    .exec_without_returning(db)
    .await?;
    Ok(inserted == 1)
}

async fn current<C: ConnectionTrait>(db: &C, key: &str) -> Result<i64, DbErr> {
    Ok(rate_limit::Entity::find_by_id(key.to_string()).one(db).await?.map(|r| r.count).unwrap_or(0))
}

/// Start a cool-down of `secs` for `key` unless one is running; `Err(retry_after)` when one is.
pub async fn claim_cooldown<C: ConnectionTrait>(
    db: &C,
    key: &str,
    now: i64,
    secs: i64,
) -> Result<Result<(), RetryAfter>, DbErr> {
    let updated = rate_limit::Entity::update_many()
        .col_expr(rate_limit::Column::Until, Expr::value(now + secs))
        .col_expr(rate_limit::Column::Count, Expr::col(rate_limit::Column::Count).add(1))
        .filter(rate_limit::Column::Key.eq(key))
        .filter(rate_limit::Column::Until.lte(now))
        .exec(db)
        .await?;
    if updated.rows_affected == 1 {
        return Ok(Ok(()));
    }
    if insert_first(db, key, now + secs).await? {
        return Ok(Ok(()));
    }
    let until = rate_limit::Entity::find_by_id(key.to_string()).one(db).await?.map(|r| r.until).unwrap_or(now);
    Ok(Err(std::cmp::max(until - now, 1)))
}

/// End a cool-down early (after a failed SMS send).
pub async fn release_cooldown<C: ConnectionTrait>(db: &C, key: &str, now: i64) -> Result<(), DbErr> {
    rate_limit::Entity::update_many()
        .col_expr(rate_limit::Column::Until, Expr::value(now))
        .filter(rate_limit::Column::Key.eq(key))
        .exec(db)
        .await?;
    Ok(())
}

/// Delete counters whose window or cool-down ended more than an hour ago.
pub async fn purge<C: ConnectionTrait>(db: &C, now: i64) -> Result<u64, DbErr> {
    Ok(rate_limit::Entity::delete_many().filter(rate_limit::Column::Until.lt(now - 3600)).exec(db).await?.rows_affected)
}

/// A sliding-window limit: at most `limit` events in any `window_secs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// Events allowed in a window.
    pub limit: i64,
    /// The window.
    pub window_secs: i64,
}

impl Rate {
    /// `limit` events per sliding hour.
    pub const fn per_hour(limit: i64) -> Self {
        Self { limit, window_secs: 3600 }
    }
    /// `limit` events per sliding day.
    pub const fn per_day(limit: i64) -> Self {
        Self { limit, window_secs: 86_400 }
    }
    /// Seconds one event occupies in the window.
    fn step(self) -> i64 {
        std::cmp::max(self.window_secs / std::cmp::max(self.limit, 1), 1)
    }
}

/// The window's "empty again" time, never in the past: `max(until, now)` in SQL.
fn empty_at(now: i64) -> Expr {
    Expr::case(Expr::col(rate_limit::Column::Until).gt(now), Expr::col(rate_limit::Column::Until)).finally(now).into()
}

/// Reserve one event for `key` under `rate`, atomically; `Err(retry_after)` when the window
/// is full (nothing is counted then).
pub async fn reserve<C: ConnectionTrait>(
    db: &C,
    key: &str,
    now: i64,
    rate: Rate,
) -> Result<Result<(), RetryAfter>, DbErr> {
    if rate.limit <= 0 {
        return Ok(Err(rate.window_secs));
    }
    let step = rate.step();
    let updated = rate_limit::Entity::update_many()
        .col_expr(rate_limit::Column::Until, empty_at(now).add(step))
        .col_expr(rate_limit::Column::Count, Expr::col(rate_limit::Column::Count).add(1))
        .filter(rate_limit::Column::Key.eq(key))
        .filter(empty_at(now).add(step).lte(now + rate.window_secs))
        .exec(db)
        .await?;
    if updated.rows_affected == 1 {
        return Ok(Ok(()));
    }
    if insert_first(db, key, now + step).await? {
        return Ok(Ok(()));
    }
    // The row exists (perhaps inserted a moment ago by a concurrent caller): one more try.
    let updated = rate_limit::Entity::update_many()
        .col_expr(rate_limit::Column::Until, empty_at(now).add(step))
        .col_expr(rate_limit::Column::Count, Expr::col(rate_limit::Column::Count).add(1))
        .filter(rate_limit::Column::Key.eq(key))
        .filter(empty_at(now).add(step).lte(now + rate.window_secs))
        .exec(db)
        .await?;
    if updated.rows_affected == 1 {
        return Ok(Ok(()));
    }
    Ok(Err(full_for(db, key, now, rate).await?.unwrap_or(1)))
}

/// Give back one reservation of `key` (the event turned out not to count, e.g. a right code).
pub async fn refund<C: ConnectionTrait>(db: &C, key: &str, rate: Rate) -> Result<(), DbErr> {
    rate_limit::Entity::update_many()
        .col_expr(rate_limit::Column::Until, Expr::col(rate_limit::Column::Until).sub(rate.step()))
        .filter(rate_limit::Column::Key.eq(key))
        .exec(db)
        .await?;
    Ok(())
}

/// `Some(retry_after)` when a reservation for `key` would be refused now (nothing is counted).
pub async fn full_for<C: ConnectionTrait>(db: &C, key: &str, now: i64, rate: Rate) -> Result<Option<RetryAfter>, DbErr> {
    let until = rate_limit::Entity::find_by_id(key.to_string()).one(db).await?.map(|r| r.until).unwrap_or(now);
    let next = std::cmp::max(until, now) + rate.step();
    Ok((next > now + rate.window_secs).then(|| std::cmp::max(next - rate.window_secs - now, 1)))
}
