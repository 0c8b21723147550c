//! Rate limits kept in the database (`rate_limits`), so that every server node sees the same
//! counts. Two shapes:
//! - fixed-window counters ([`hit`]): one row per subject and window, incremented atomically;
//! - cool-downs ([`claim_cooldown`]): one row per subject whose `until` is pushed forward by
//!   a conditional UPDATE, so two concurrent claims cannot both win.

use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};

use super::entity::rate_limit;

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
    let inserted = rate_limit::Entity::insert(rate_limit::ActiveModel {
        key: Set(key.to_string()),
        count: Set(1),
        until: Set(now + secs),
    })
    .on_conflict(OnConflict::column(rate_limit::Column::Key).do_nothing().to_owned())
    .exec_without_returning(db)
    .await?;
    if inserted == 1 {
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
