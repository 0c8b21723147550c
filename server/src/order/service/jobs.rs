//! Background work every node runs: releasing the stock of orders not paid in time, and
//! reconciling payments whose callback never arrived. Each order is claimed by a conditional
//! update (see `lifecycle`), so several nodes never do the same work twice.

use std::time::Duration;

use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use shop_core::order_state::{OrderEvent, OrderStatus};

use crate::platform::db::begin_write;
use super::lifecycle::{apply, Applied};
use crate::order::entity::customer_order;
use crate::state::AppState;

/// Orders handled per round.
const BATCH: u64 = 200;

/// Expires every reserved order whose window has passed at `now`; returns how many it expired.
pub async fn expire_due(db: &sea_orm::DatabaseConnection, now: i64) -> Result<usize, DbErr> {
    let due = customer_order::Entity::find()
        .filter(customer_order::Column::StockState.eq(customer_order::STOCK_RESERVED))
        .filter(customer_order::Column::ExpiresAt.lte(now))
        .filter(
            customer_order::Column::Status
                .is_in([OrderStatus::Registered.as_str(), OrderStatus::AwaitingPayment.as_str()]),
        )
        .order_by_asc(customer_order::Column::ExpiresAt)
        .limit(BATCH)
        .all(db)
        .await?;
    let mut expired = 0;
    for order in due {
        let txn = begin_write(db).await?;
        if let Applied::Moved(_) = apply(&txn, &order, &OrderEvent::Expire, "پایان مهلت پرداخت", now).await?
        {
            expired += 1;
        }
        txn.commit().await?;
    }
    Ok(expired)
}

/// One round of every job: reconcile payments first (a payment that did arrive saves its
/// order from expiring), then expire.
pub async fn run_once(state: &AppState) {
    if let Err(e) = crate::payment::service::reconcile(state).await {
        tracing::warn!(error = %e, "payment reconciliation failed");
    }
    if let Err(e) = expire_due(&state.db, state.clock.unix()).await {
        tracing::warn!(error = %e, "order expiry failed");
    }
}

/// Runs the jobs every `SHOP_JOB_INTERVAL_MS` until the task is aborted.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    let every = Duration::from_millis(state.config.job_interval_ms);
    crate::platform::jobs::spawn_every("order_expiry_and_payment_reconciliation", every, move || {
        let state = state.clone();
        async move { run_once(&state).await }
    })
}
