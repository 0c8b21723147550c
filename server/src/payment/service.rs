//! Payments, whatever they pay for ([`super::purpose`]): opening an attempt at the gateway (a
//! pending attempt is answered again, new ones are limited; the areas that take payments
//! start them), the callback (only what the gateway verifies, with the amount stored here,
//! settles anything, through the payment's purpose), and reconciliation.
//!
//! A payment moves from `pending` only by a conditional update, so a replayed callback, a
//! second node or the reconciliation job can never settle it twice.

use sea_orm::sea_query::Expr;
use std::future::Future;
use std::time::Duration;

use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder};

use super::entity::payment;
use super::gateway::{GatewayError, PayRequest, Started, Verified};
use crate::auth::limits::{self, Rate};
use super::purpose::{Described, Outcome, Purpose, Purposes, Settled};
use crate::platform::db::begin_write;
use crate::state::AppState;

/// Why a payment could not start.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("database: {0}")]
    Db(#[from] DbErr),
    /// The gateway did not open the payment (503).
    #[error("درگاه پرداخت در دسترس نیست؛ لطفا چند دقیقه دیگر دوباره تلاش کنید")]
    Gateway(GatewayError),
    /// Too many new attempts for the order or the customer (429 with `Retry-After` seconds).
    #[error("برای این پرداخت بیش از حد مجاز تلاش شده است؛ لطفا {} ثانیه دیگر دوباره تلاش کنید", shop_core::digits::to_persian_digits(&.0.to_string()))]
    Limited(i64),
    /// Another start of the same order is still waiting for the gateway (503 with `Retry-After`).
    #[error("پرداخت این سفارش در حال آغاز است؛ لطفا چند ثانیه دیگر دوباره تلاش کنید")]
    Busy(i64),
}

/// Where to send the customer after the gateway.
pub fn success_url(code: &str) -> String {
    format!("/success-payment?code={code}")
}

/// Where to send the customer after a failed or unknown payment.
pub fn error_url(code: Option<&str>) -> String {
    match code {
        Some(code) => format!("/error-payment?code={code}"),
        None => "/error-payment".to_string(),
    }
}

/// What a new attempt at the gateway is for.
#[derive(Clone, Debug)]
pub struct Attempt<'a> {
    pub order_id: i64,
    /// The instalment it pays; None for the order's own payment.
    pub instalment_id: Option<i64>,
    pub user_id: i64,
    /// Toman, from our database.
    pub amount: i64,
    pub description: String,
    pub mobile: &'a str,
}

/// The pending row of a new attempt.
pub fn new_row(a: &Attempt<'_>, gateway: &str, started: &Started, now: i64) -> payment::ActiveModel {
    payment::ActiveModel {
        order_id: Set(a.order_id),
        user_id: Set(a.user_id),
        gateway: Set(gateway.to_string()),
        authority: Set(started.authority.clone()),
        amount: Set(a.amount),
        status: Set(payment::PENDING),
        ref_id: Set(None),
        card_pan: Set(None),
        refund_needed: Set(false),
        created_at: Set(now),
        verified_at: Set(None),
        instalment_id: Set(a.instalment_id),
        ..Default::default()
    }
}

/// Opens an attempt at the gateway, or answers the pending one again while it is younger than
/// `SHOP_PAYMENT_REUSE_MINUTES` (same authority and page, no gateway request). One start per
/// order at a time (a claim in `rate_limits`, so on every node): parallel starts wait for the
/// first one's attempt instead of each asking the gateway. New attempts are limited per order
/// and per customer (sliding hour). `record` stores the new attempt before the claim ends.
pub async fn open_attempt<F, Fut, E>(state: &AppState, a: &Attempt<'_>, record: F) -> Result<Started, E>
where
    F: FnOnce(Started) -> Fut,
    Fut: Future<Output = Result<(), E>>,
    E: From<PaymentError>,
{
    let claim = format!("payment-start:{}", a.order_id);
    // Outlives the gateway call, so a crashed node's claim ends by itself.
    let hold = i64::try_from(state.config.payment_timeout_ms / 1000).unwrap_or(60) + 5;
    let patience = Duration::from_millis(state.config.payment_timeout_ms) + Duration::from_secs(5);
    let since = tokio::time::Instant::now();
    loop {
        let now = state.clock.unix();
        if let Some(started) = pending_attempt(state, a, now).await.map_err(PaymentError::from)? {
            return Ok(started);
        }
        match limits::claim_cooldown(&state.db, &claim, now, hold).await.map_err(PaymentError::from)? {
            Ok(()) => break,
            Err(retry) if since.elapsed() >= patience => return Err(PaymentError::Busy(retry).into()),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    let opened = open_claimed(state, a, record).await;
    if let Err(e) = limits::release_cooldown(&state.db, &claim, state.clock.unix()).await {
        tracing::warn!(error = %e, "payment start claim not released: it ends by itself");
    }
    opened
}

/// The claimed part of [`open_attempt`].
async fn open_claimed<F, Fut, E>(state: &AppState, a: &Attempt<'_>, record: F) -> Result<Started, E>
where
    F: FnOnce(Started) -> Fut,
    Fut: Future<Output = Result<(), E>>,
    E: From<PaymentError>,
{
    // Another start may have stored its attempt between our look and our claim.
    let pending = pending_attempt(state, a, state.clock.unix()).await.map_err(PaymentError::from)?;
    if let Some(started) = pending {
        return Ok(started);
    }
    let started = ask_gateway(state, a).await?;
    record(started.clone()).await?;
    Ok(started)
}

/// The unrecorded part of [`open_claimed`]: a new attempt from the gateway, within the limits.
async fn ask_gateway(state: &AppState, a: &Attempt<'_>) -> Result<Started, PaymentError> {
    let now = state.clock.unix();
    let caps = state.config.payment_starts;
    let customer_key = format!("payment-customer:{}", a.user_id);
    let customer_rate = Rate::per_hour(caps.per_customer_hour);
    if let Err(retry) = limits::reserve(&state.db, &customer_key, now, customer_rate).await? {
        return Err(PaymentError::Limited(retry));
    }
    if let Err(retry) = limits::reserve(&state.db, &format!("payment-order:{}", a.order_id), now, Rate::per_hour(caps.per_order_hour)).await? {
        limits::refund(&state.db, &customer_key, customer_rate).await?;
        return Err(PaymentError::Limited(retry));
    }
    let started = state
        .payments
        .request(&PayRequest {
            amount: a.amount,
            description: a.description.clone(),
            callback_url: format!("{}/api/client/v1/payment/callback", state.config.public_url.trim_end_matches('/')),
            mobile: a.mobile.to_string(),
        })
        .await
        .map_err(PaymentError::Gateway)?;
    Ok(started)
}

/// The attempt to answer again: pending, of this order (and instalment), customer, gateway and
/// amount, and young enough that the gateway still takes it.
async fn pending_attempt(state: &AppState, a: &Attempt<'_>, now: i64) -> Result<Option<Started>, DbErr> {
    let q = payment::Entity::find()
        .filter(payment::Column::OrderId.eq(a.order_id))
        .filter(payment::Column::UserId.eq(a.user_id))
        .filter(payment::Column::Status.eq(payment::PENDING))
        .filter(payment::Column::Gateway.eq(state.payments.name()))
        .filter(payment::Column::Amount.eq(a.amount))
        .filter(payment::Column::CreatedAt.gt(now - state.config.payment_starts.reuse_secs));
    let q = match a.instalment_id {
        Some(id) => q.filter(payment::Column::InstalmentId.eq(id)),
        None => q.filter(payment::Column::InstalmentId.is_null()),
    };
    let found = q.order_by_desc(payment::Column::Id).one(&state.db).await?;
    Ok(found.map(|p| Started { redirect_url: state.payments.pay_url(&p.authority), authority: p.authority }))
}

/// The gateway sent the customer back. Returns the page to redirect to, which the payment's
/// purpose chooses ([`Settle::landing`]).
pub async fn callback(state: &AppState, authority: &str, status_ok: bool) -> Result<String, DbErr> {
    let Some(p) = payment::Entity::find()
        .filter(payment::Column::Authority.eq(authority))
        .one(&state.db)
        .await?
    else {
        return Ok(error_url(None));
    };
    let purpose = state.purposes.of(Purpose::of(&p))?;
    let land = |outcome| purpose.landing(&state.db, &p, outcome);
    // A blocked customer pays nothing more: the attempt is closed without asking the bank to
    // verify it, so the bank returns the money (docs/decisions.md "Blocking a customer").
    if p.status == payment::PENDING && crate::auth::service::is_blocked(&state.db, p.user_id).await? {
        close_attempt(state, &p).await?;
        return land(Outcome::Blocked).await;
    }
    match p.status {
        // A replayed callback: the first one settled it.
        payment::PAID if !p.refund_needed => return land(Outcome::Paid).await,
        payment::PENDING => {}
        _ => return land(Outcome::Failed).await,
    }
    // The callback is unauthenticated: anyone who knows an authority can send it. A «NOK»
    // closes that attempt only; what it pays for keeps its hold until it expires or its
    // owner cancels, and the owner can start another attempt.
    if !status_ok {
        close_attempt(state, &p).await?;
        count_outcome("cancelled");
        return land(Outcome::Failed).await;
    }
    match state.payments.verify(&p.authority, p.amount).await {
        Ok(v) => match settle(state, &p, &v).await? {
            true => {
                count_outcome("paid");
                land(Outcome::Paid).await
            }
            false => {
                count_outcome("refund_needed");
                land(Outcome::Failed).await
            }
        },
        // Not confirmed (e.g. «OK» sent before paying): nothing is settled and the attempt
        // stays open, since the customer may still pay on the bank's page; reconciliation,
        // a «NOK», or the order's expiry ends it.
        Err(GatewayError::Refused { code: c, message }) => {
            tracing::info!(authority, code = c, %message, purpose = ?Purpose::of(&p), "payment not verified");
            count_outcome("refused");
            land(Outcome::Failed).await
        }
        // Unknown fate: the payment stays pending for reconciliation.
        Err(GatewayError::Unreachable(e)) => {
            tracing::warn!(authority, error = %e, purpose = ?Purpose::of(&p), "payment verify unreachable");
            count_outcome("unreachable");
            land(Outcome::Pending).await
        }
    }
}

/// Counts a customer's return from the bank by its outcome (`/api/metrics`).
pub fn count_outcome(outcome: &'static str) {
    metrics::counter!(crate::platform::metrics::PAYMENTS, "outcome" => outcome).increment(1);
}

/// Marks a pending attempt failed (its order is untouched); once.
async fn close_attempt(state: &AppState, p: &payment::Model) -> Result<(), DbErr> {
    payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(payment::FAILED))
        .col_expr(payment::Column::VerifiedAt, Expr::value(state.clock.unix()))
        .filter(payment::Column::Id.eq(p.id))
        .filter(payment::Column::Status.eq(payment::PENDING))
        .exec(&state.db)
        .await?;
    Ok(())
}

/// Moves a pending payment to paid with the bank's reference, in `txn`. False when it was no
/// longer pending (another request or the reconciler settled it first).
pub async fn claim_paid<C: ConnectionTrait>(txn: &C, p: &payment::Model, v: &Verified, now: i64) -> Result<bool, DbErr> {
    let moved = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(payment::PAID))
        .col_expr(payment::Column::RefId, Expr::value(v.ref_id.clone()))
        .col_expr(payment::Column::CardPan, Expr::value(v.card_pan.clone()))
        .col_expr(payment::Column::VerifiedAt, Expr::value(now))
        .filter(payment::Column::Id.eq(p.id))
        .filter(payment::Column::Status.eq(payment::PENDING))
        .exec(txn)
        .await?;
    Ok(moved.rows_affected > 0)
}

/// Whether payment `id` is paid and needs no refund: the answer for a settlement that found
/// the payment already settled.
pub async fn paid_without_refund<C: ConnectionTrait>(db: &C, id: i64) -> Result<bool, DbErr> {
    let row = payment::Entity::find_by_id(id).one(db).await?;
    Ok(row.is_some_and(|r| r.status == payment::PAID && !r.refund_needed))
}

/// Records a verified payment: claims it (pending → paid) and settles it in what it pays for
/// ([`Settle::on_verified`]), in one transaction; when that cannot take it, the payment is
/// flagged for a refund. Returns true when it paid what it was for.
pub async fn settle(state: &AppState, p: &payment::Model, v: &Verified) -> Result<bool, DbErr> {
    let purpose = state.purposes.of(Purpose::of(p))?;
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    if !claim_paid(&txn, p, v, now).await? {
        txn.rollback().await?;
        return paid_without_refund(&state.db, p.id).await;
    }
    let settled = purpose.on_verified(&txn, p, v, now).await?;
    if settled == Settled::RefundNeeded {
        payment::Entity::update_many()
            .col_expr(payment::Column::RefundNeeded, Expr::value(true))
            .filter(payment::Column::Id.eq(p.id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(settled == Settled::Paid)
}

/// Verifies the payments the gateway reports as paid but unverified (their callback never
/// arrived). Returns how many it settled. What it found is kept on each pending payment
/// ([`payment::CheckResult`]) for the back office's list of payments never verified.
pub async fn reconcile(state: &AppState) -> Result<usize, DbErr> {
    let now = state.clock.unix();
    let authorities = match state.payments.unverified().await {
        Ok(a) => a,
        Err(e) => {
            tracing::debug!(error = %e, "unverified list unavailable");
            note_round(&state.db, &[], &payment::CheckResult::ListUnavailable, now).await?;
            return Ok(0);
        }
    };
    let mut settled = 0;
    let mut looked_at = Vec::new();
    for authority in authorities {
        let Some(p) = payment::Entity::find()
            .filter(payment::Column::Authority.eq(authority.as_str()))
            .filter(payment::Column::Status.eq(payment::PENDING))
            .one(&state.db)
            .await?
        else {
            continue;
        };
        looked_at.push(p.id);
        // Never verified for a blocked customer (as in the callback): the bank returns it.
        if crate::auth::service::is_blocked(&state.db, p.user_id).await? {
            close_attempt(state, &p).await?;
            continue;
        }
        let result = match state.payments.verify(&p.authority, p.amount).await {
            Ok(v) => {
                settle(state, &p, &v).await?;
                settled += 1;
                payment::CheckResult::Settled
            }
            Err(GatewayError::Refused { code, .. }) => payment::CheckResult::Refused(code),
            Err(GatewayError::Unreachable(_)) => payment::CheckResult::Unreachable,
        };
        note_check(&state.db, &[p.id], &result, now).await?;
    }
    note_round(&state.db, &looked_at, &payment::CheckResult::NotReported, now).await?;
    Ok(settled)
}

/// How far back a round notes its result on pending payments: older attempts keep the last
/// result they got (the gateway's list covers recent payments only).
pub const CHECK_WINDOW_SECS: i64 = 86_400;
/// A payment's unchanged result is noted again at most this often (a round runs every
/// `SHOP_JOB_INTERVAL_MS`; this keeps it from writing every pending row every round).
pub const CHECK_REFRESH_SECS: i64 = 300;

/// Notes `result` on the pending payments of the last [`CHECK_WINDOW_SECS`] other than
/// `except` whose noted result differs or is older than [`CHECK_REFRESH_SECS`]. Reads first
/// and writes only when a row needs it.
async fn note_round<C: ConnectionTrait>(db: &C, except: &[i64], result: &payment::CheckResult, now: i64) -> Result<(), DbErr> {
    use sea_orm::{Condition, QuerySelect};
    let word = result.to_word();
    let due: Vec<i64> = payment::Entity::find()
        .select_only()
        .column(payment::Column::Id)
        .filter(payment::Column::Status.eq(payment::PENDING))
        .filter(payment::Column::CreatedAt.gte(now - CHECK_WINDOW_SECS))
        .filter(payment::Column::Id.is_not_in(except.to_vec()))
        .filter(
            Condition::any()
                .add(payment::Column::CheckResult.is_null())
                .add(payment::Column::CheckResult.ne(word.as_str()))
                .add(payment::Column::CheckedAt.lt(now - CHECK_REFRESH_SECS)),
        )
        .into_tuple()
        .all(db)
        .await?;
    if due.is_empty() {
        return Ok(());
    }
    note_check(db, &due, result, now).await
}

/// Notes `result` at `now` on payments `ids` that are still pending (or were settled by it).
async fn note_check<C: ConnectionTrait>(db: &C, ids: &[i64], result: &payment::CheckResult, now: i64) -> Result<(), DbErr> {
    payment::Entity::update_many()
        .col_expr(payment::Column::CheckedAt, Expr::value(now))
        .col_expr(payment::Column::CheckResult, Expr::value(result.to_word()))
        .filter(payment::Column::Id.is_in(ids.to_vec()))
        .exec(db)
        .await?;
    Ok(())
}

/// A payment never verified, with what it pays for and its customer.
#[derive(Clone, Debug)]
pub struct Unverified {
    pub payment: payment::Model,
    /// None when what it pays for is gone.
    pub subject: Option<Described>,
    pub customer: Option<crate::auth::entity::user::Model>,
}

/// One page of the payments still pending (started, never verified), newest first, and how
/// many there are.
pub async fn never_verified(db: &DatabaseConnection, purposes: &Purposes, page: u64, per_page: u64) -> Result<(Vec<Unverified>, u64), DbErr> {
    use crate::auth::entity::user;
    use sea_orm::{PaginatorTrait, QuerySelect};
    let q = payment::Entity::find().filter(payment::Column::Status.eq(payment::PENDING));
    let total = q.clone().count(db).await?;
    let rows = q
        .order_by_desc(payment::Column::CreatedAt)
        .order_by_desc(payment::Column::Id)
        .offset(page.saturating_sub(1) * per_page)
        .limit(per_page)
        .all(db)
        .await?;
    let by_id = |ids: Vec<i64>| ids.into_iter().collect::<std::collections::HashSet<i64>>().into_iter().collect::<Vec<_>>();
    let mut subjects = std::collections::HashMap::new();
    for purpose in [Purpose::Order, Purpose::Instalment] {
        let of: Vec<payment::Model> = rows.iter().filter(|p| Purpose::of(p) == purpose).cloned().collect();
        if !of.is_empty() {
            subjects.extend(purposes.of(purpose)?.describe(db, &of).await?);
        }
    }
    let users: std::collections::HashMap<i64, user::Model> = user::Entity::find()
        .filter(user::Column::Id.is_in(by_id(rows.iter().map(|p| p.user_id).collect())))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    Ok((
        rows.into_iter()
            .map(|p| Unverified {
                subject: subjects.remove(&p.id),
                customer: users.get(&p.user_id).cloned(),
                payment: p,
            })
            .collect(),
        total,
    ))
}
