//! The alerts' job every node runs (every `SHOP_ALERT_EVERY_MS`): reads the waiting alerts
//! whose variant is in stock, a page at a time (alerts joined with the variants' stock as it is
//! when it runs), prices their variants as the product page shows them (offer applied, with the
//! warranty: `service::shown_prices`), asks core's rule (`shop_core::alert::fire`) of each, and
//! sends each SMS after claiming it.
//!
//! - **Once, on several nodes.** The claim is one conditional UPDATE (`… WHERE id = ? AND
//!   state = 'waiting'`, autocommitted); only the node whose UPDATE changed the row sends.
//!   When the provider fails, the claim is undone and a later round retries.
//! - **No storm.** Nothing runs on a price change: the job reads the price when it runs, so a
//!   price that went down and back up between two rounds sends nothing, and a sent alert is
//!   never looked at again.
//! - **Budget.** Each SMS counts against the shop's hourly SMS budget (`auth::limits::
//!   SMS_BUDGET_KEY`, shared with the sign-in codes); alerts stop at [`ALERT_SHARE_PERCENT`] of
//!   it so codes can still be sent, and wait for the next hour.
//! - **Bounded.** At most [`BATCH`] alerts per round and node.

use std::time::Duration;

use sea_orm::sea_query::{Alias, Expr, ExprTrait, Order, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, QueryFilter};
use shop_core::alert::{fire::fires, AlertKind, VariantNow};

use super::entity::customer_alert::{self, SENT, WAITING};
use crate::auth::entity::user;
use crate::auth::limits::{self, SMS_BUDGET_KEY};
use crate::catalog::{product, variant};
use crate::state::AppState;

/// Alerts looked at per round and node.
pub const BATCH: u64 = 200;
/// The share of the hourly SMS budget alerts may use (the rest is kept for sign-in codes).
pub const ALERT_SHARE_PERCENT: i64 = 80;

/// One waiting alert whose variant may fire it, with what its SMS needs.
#[derive(Debug, FromQueryResult)]
struct Due {
    id: i64,
    kind: String,
    threshold: i64,
    variant_id: i64,
    stock: i64,
    product_name: String,
    product_uid: String,
    mobile: String,
}

/// What one round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    /// SMS this node sent.
    pub sent: usize,
    /// The round stopped at the alerts' share of the hour's SMS budget.
    pub budget_reached: bool,
}

/// The waiting alerts after alert `after` whose variant is in stock and published, with their
/// customer's mobile: one query over alerts, variants, products and customers, oldest alert
/// first, at most [`BATCH`]. Whether a price drop fires is decided on the price the shop shows
/// ([`super::service::shown_prices`]: an offer can lower it), not here.
async fn due<C: ConnectionTrait>(db: &C, after: i64) -> Result<Vec<Due>, DbErr> {
    let a = customer_alert::Entity;
    let v = variant::Entity;
    let p = product::Entity;
    let u = user::Entity;
    let q = Query::select()
        .columns([(a, customer_alert::Column::Id), (a, customer_alert::Column::Kind), (a, customer_alert::Column::Threshold)])
        .expr_as(Expr::col((v, variant::Column::Id)), Alias::new("variant_id"))
        .column((v, variant::Column::Stock))
        .expr_as(Expr::col((p, product::Column::Name)), Alias::new("product_name"))
        .expr_as(Expr::col((p, product::Column::Uid)), Alias::new("product_uid"))
        .column((u, user::Column::Mobile))
        .from(a)
        .inner_join(v, Expr::col((v, variant::Column::Id)).equals((a, customer_alert::Column::VariantId)))
        .inner_join(p, Expr::col((p, product::Column::Id)).equals((v, variant::Column::ProductId)))
        .inner_join(u, Expr::col((u, user::Column::Id)).equals((a, customer_alert::Column::UserId)))
        .and_where(Expr::col((a, customer_alert::Column::Id)).gt(after))
        .and_where(Expr::col((a, customer_alert::Column::State)).eq(WAITING))
        .and_where(Expr::col((v, variant::Column::Stock)).gt(0))
        .and_where(Expr::col((p, product::Column::Active)).eq(true))
        .and_where(Expr::col((u, user::Column::Block)).eq(false))
        .order_by((a, customer_alert::Column::Id), Order::Asc)
        .limit(BATCH)
        .to_owned();
    Due::find_by_statement(db.get_database_backend().build(&q)).all(db).await
}

/// Claims alert `id` for this node: true when this UPDATE moved it from waiting to sent.
async fn claim<C: ConnectionTrait>(db: &C, id: i64, price: i64, now: i64) -> Result<bool, DbErr> {
    let r = customer_alert::Entity::update_many()
        .col_expr(customer_alert::Column::State, Expr::value(SENT))
        .col_expr(customer_alert::Column::SentAt, Expr::value(now))
        .col_expr(customer_alert::Column::SentPrice, Expr::value(price))
        .filter(customer_alert::Column::Id.eq(id))
        .filter(customer_alert::Column::State.eq(WAITING))
        .exec(db)
        .await?;
    Ok(r.rows_affected == 1)
}

/// Gives a claimed alert back (its SMS did not go). When the customer has asked for the same
/// alert again meanwhile (the partial unique index refuses a second waiting row), the new one
/// stands and this one is removed.
async fn unclaim<C: ConnectionTrait>(db: &C, id: i64) -> Result<(), DbErr> {
    let back = customer_alert::Entity::update_many()
        .col_expr(customer_alert::Column::State, Expr::value(WAITING))
        .col_expr(customer_alert::Column::SentAt, Expr::value(Option::<i64>::None))
        .col_expr(customer_alert::Column::SentPrice, Expr::value(Option::<i64>::None))
        .filter(customer_alert::Column::Id.eq(id))
        .filter(customer_alert::Column::State.eq(SENT))
        .exec(db)
        .await;
    if back.is_err() {
        customer_alert::Entity::delete_by_id(id).exec(db).await?;
    }
    Ok(())
}

/// Sends the alerts due at `now` (one round, at most [`BATCH`]); what this node did.
pub async fn send_due(state: &AppState, now: i64) -> Result<Round, DbErr> {
    let db = &state.db;
    let budget = state.config.limits.sms_hourly_budget;
    let share = budget * ALERT_SHARE_PERCENT / 100;
    let mut round = Round::default();
    // Page by page through every waiting alert in stock (a price drop that has not come yet
    // must not hold the ones behind it back), until BATCH have gone or the budget stops it.
    let mut after = 0;
    'pages: while (round.sent as u64) < BATCH {
        let rows = due(db, after).await?;
        let Some(last) = rows.last() else { break };
        after = last.id;
        let ids: Vec<i64> = rows.iter().map(|r| r.variant_id).collect();
        let prices = super::service::shown_prices(db, &ids, now).await?;
        for row in rows {
            let (Some(kind), Some(&price)) = (AlertKind::parse(&row.kind), prices.get(&row.variant_id)) else { continue };
            if !fires(kind, row.threshold, VariantNow { stock: row.stock, price }) {
                continue;
            }
            if limits::check(db, SMS_BUDGET_KEY, now, 3600, share).await?.is_err() {
                round.budget_reached = true;
                break 'pages;
            }
            if !claim(db, row.id, price, now).await? {
                continue; // another node claimed it
            }
            if limits::hit(db, SMS_BUDGET_KEY, now, 3600, budget).await?.is_err() {
                unclaim(db, row.id).await?;
                round.budget_reached = true;
                break 'pages;
            }
            let text = super::sms::text(kind, &row.product_name, &row.product_uid, row.threshold, price, &state.config.public_url);
            match state.sms.send_notice(&row.mobile, &text).await {
                Ok(()) => round.sent += 1,
                Err(e) => {
                    tracing::warn!(error = %e, alert = row.id, "alert SMS failed; retried next round");
                    unclaim(db, row.id).await?;
                }
            }
            if round.sent as u64 >= BATCH {
                break 'pages;
            }
        }
    }
    if round.budget_reached {
        tracing::warn!(target: "shop::alert", budget, "alerts reached their share of this hour's SMS budget; the rest wait");
    }
    Ok(round)
}

/// Runs the alerts every `SHOP_ALERT_EVERY_MS` until the task is aborted.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    let every = Duration::from_millis(state.config.alert_every_ms);
    crate::platform::jobs::spawn_every("alerts", every, move || {
        let state = state.clone();
        async move {
            if let Err(e) = send_due(&state, state.clock.unix()).await {
                tracing::warn!(error = %e, "alerts job failed");
            }
        }
    })
}
