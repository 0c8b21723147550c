//! Paying an order: start (ask the gateway, store a pending payment, order → awaiting
//! payment), the callback (verify with the amount stored here, then paid or cancelled), the
//! result the payment pages read, and reconciliation.
//!
//! A payment moves from `pending` only by a conditional update, so a replayed callback, a
//! second node or the reconciliation job can never settle it twice.

use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use shop_core::order_state::{OrderEvent, OrderStatus};

use super::entity::payment;
use super::gateway::{GatewayError, PayRequest, Verified};
use crate::order::entity::customer_order;
use crate::order::service::checkout::clear_bought_lines;
use crate::order::service::invoice::own_by_code;
use crate::order::service::lifecycle::{apply, status_of, Applied};
use crate::order::service::OrderError;
use crate::platform::db::begin_write;
use crate::state::AppState;

/// Why a payment could not start.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error(transparent)]
    Order(#[from] OrderError),
    /// The order is paid, cancelled or expired (422, field `code`).
    #[error("{}", shop_core::order_state::not_payable_message(.0))]
    NotPayable(&'static str),
    /// The reservation window has passed (422, field `code`).
    #[error("مهلت پرداخت این سفارش به پایان رسیده است؛ لطفا دوباره سفارش را ثبت کنید")]
    WindowPassed,
    /// The gateway did not open the payment (503).
    #[error("درگاه پرداخت در دسترس نیست؛ لطفا چند دقیقه دیگر دوباره تلاش کنید")]
    Gateway(GatewayError),
}

impl From<DbErr> for PaymentError {
    fn from(e: DbErr) -> Self {
        Self::Order(OrderError::Db(e))
    }
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

/// Starts paying one of the caller's orders: returns the gateway page to send the customer to.
pub async fn start(state: &AppState, user_id: i64, mobile: &str, code: &str) -> Result<(String, String), PaymentError> {
    let now = state.clock.unix();
    let order = own_by_code(&state.db, user_id, code).await?;
    let status = status_of(&order);
    if !status.holds_reservation() {
        return Err(PaymentError::NotPayable(status.label()));
    }
    if now >= order.expires_at {
        return Err(PaymentError::WindowPassed);
    }
    // An order bought in instalments charges its down payment here.
    let amount = crate::instalment::service::charge_now(&state.db, &order).await?;
    let gateway = &state.payments;
    let started = gateway
        .request(&PayRequest {
            amount,
            description: shop_core::order_state::payment_description(&order.code),
            callback_url: format!(
                "{}/api/client/v1/payment/callback",
                state.config.public_url.trim_end_matches('/')
            ),
            mobile: mobile.to_string(),
        })
        .await
        .map_err(PaymentError::Gateway)?;
    let txn = begin_write(&state.db).await?;
    payment::ActiveModel {
        order_id: Set(order.id),
        user_id: Set(user_id),
        gateway: Set(gateway.name().to_string()),
        authority: Set(started.authority.clone()),
        amount: Set(amount),
        status: Set(payment::PENDING),
        ref_id: Set(None),
        card_pan: Set(None),
        refund_needed: Set(false),
        created_at: Set(now),
        verified_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    // Re-read inside the transaction: the order may have expired meanwhile.
    let order = customer_order::Entity::find_by_id(order.id)
        .one(&txn)
        .await?
        .ok_or(OrderError::OrderNotFound)?;
    match apply(&txn, &order, &OrderEvent::StartPayment, "", now).await? {
        Applied::Moved(_) => {}
        Applied::Refused(_) | Applied::Lost => return Err(PaymentError::NotPayable(status_of(&order).label())),
    }
    txn.commit().await?;
    Ok((started.redirect_url, started.authority))
}

/// The gateway sent the customer back. Returns the page to redirect to.
pub async fn callback(state: &AppState, authority: &str, status_ok: bool) -> Result<String, DbErr> {
    let Some(p) = payment::Entity::find()
        .filter(payment::Column::Authority.eq(authority))
        .one(&state.db)
        .await?
    else {
        return Ok(error_url(None));
    };
    if p.instalment_id.is_some() {
        return crate::instalment::service::callback(state, &p, status_ok).await;
    }
    let order = customer_order::Entity::find_by_id(p.order_id).one(&state.db).await?;
    let code = order.as_ref().map(|o| o.code.clone());
    let code = code.as_deref();
    let in_instalments = order.as_ref().is_some_and(|o| o.payment_method == crate::instalment::service::METHOD);
    let success_url = |code: &str| {
        if in_instalments {
            crate::instalment::service::success_url(code)
        } else {
            success_url(code)
        }
    };
    match p.status {
        // A replayed callback: the first one settled it.
        payment::PAID if !p.refund_needed => return Ok(success_url(code.unwrap_or_default())),
        payment::PENDING => {}
        _ => return Ok(error_url(code)),
    }
    if !status_ok {
        fail(state, &p, "انصراف از پرداخت").await?;
        return Ok(error_url(code));
    }
    match state.payments.verify(&p.authority, p.amount).await {
        Ok(v) => match settle_paid(state, &p, &v).await? {
            true => Ok(success_url(code.unwrap_or_default())),
            false => Ok(error_url(code)),
        },
        Err(GatewayError::Refused { code: c, message }) => {
            tracing::info!(authority, code = c, %message, "payment not verified");
            fail(state, &p, "پرداخت تایید نشد").await?;
            Ok(error_url(code))
        }
        // Unknown fate: the payment stays pending for reconciliation.
        Err(GatewayError::Unreachable(e)) => {
            tracing::warn!(authority, error = %e, "payment verify unreachable");
            Ok(error_url(code))
        }
    }
}

/// Marks a pending payment failed and cancels its order (stock released); once.
async fn fail(state: &AppState, p: &payment::Model, note: &str) -> Result<(), DbErr> {
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    let moved = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(payment::FAILED))
        .col_expr(payment::Column::VerifiedAt, Expr::value(now))
        .filter(payment::Column::Id.eq(p.id))
        .filter(payment::Column::Status.eq(payment::PENDING))
        .exec(&txn)
        .await?;
    if moved.rows_affected == 1 {
        if let Some(order) = customer_order::Entity::find_by_id(p.order_id).one(&txn).await? {
            apply(&txn, &order, &OrderEvent::PaymentFailed, note, now).await?;
        }
    }
    txn.commit().await
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

/// Records a verified payment: the order becomes paid (stock committed, cart lines bought
/// removed), or, when the order had already expired or been cancelled, the payment is
/// flagged for a refund. Returns true when the order is paid by it.
async fn settle_paid(state: &AppState, p: &payment::Model, v: &Verified) -> Result<bool, DbErr> {
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    if !claim_paid(&txn, p, v, now).await? {
        txn.rollback().await?;
        return paid_without_refund(&state.db, p.id).await;
    }
    let Some(order) = customer_order::Entity::find_by_id(p.order_id).one(&txn).await? else {
        txn.commit().await?;
        return Ok(false);
    };
    let paid = match apply(
        &txn,
        &order,
        &OrderEvent::PaymentVerified,
        &shop_core::order_state::payment_verified_note(&v.ref_id),
        now,
    )
    .await?
    {
        Applied::Moved(OrderStatus::Paid) => {
            let order = customer_order::Entity::find_by_id(order.id)
                .one(&txn)
                .await?
                .unwrap_or(order);
            clear_bought_lines(&txn, &order).await?;
            true
        }
        _ => {
            // Expired, cancelled, or paid by another attempt: the money must go back.
            payment::Entity::update_many()
                .col_expr(payment::Column::RefundNeeded, Expr::value(true))
                .filter(payment::Column::Id.eq(p.id))
                .exec(&txn)
                .await?;
            tracing::warn!(order = %order.code, authority = %p.authority, "payment verified for an order that cannot take it: refund needed");
            false
        }
    };
    txn.commit().await?;
    Ok(paid)
}

/// Verifies the payments the gateway reports as paid but unverified (their callback never
/// arrived). Returns how many it settled.
pub async fn reconcile(state: &AppState) -> Result<usize, DbErr> {
    let authorities = match state.payments.unverified().await {
        Ok(a) => a,
        Err(e) => {
            tracing::debug!(error = %e, "unverified list unavailable");
            return Ok(0);
        }
    };
    let mut settled = 0;
    for authority in authorities {
        let Some(p) = payment::Entity::find()
            .filter(payment::Column::Authority.eq(authority.as_str()))
            .filter(payment::Column::Status.eq(payment::PENDING))
            .one(&state.db)
            .await?
        else {
            continue;
        };
        if let Ok(v) = state.payments.verify(&p.authority, p.amount).await {
            if p.instalment_id.is_some() {
                crate::instalment::service::settle(state, &p, &v).await?;
            } else {
                settle_paid(state, &p, &v).await?;
            }
            settled += 1;
        }
    }
    Ok(settled)
}

/// What the payment pages show for one of the caller's orders.
#[derive(Clone, Debug)]
pub struct PaymentResult {
    pub order: customer_order::Model,
    /// The latest payment attempt, if any.
    pub payment: Option<payment::Model>,
}

/// The result of one of the caller's orders (owner only, 404 otherwise).
pub async fn result<C: ConnectionTrait>(db: &C, user_id: i64, code: &str) -> Result<PaymentResult, OrderError> {
    let order = own_by_code(db, user_id, code).await?;
    let payments = payment::Entity::find()
        .filter(payment::Column::OrderId.eq(order.id))
        .filter(payment::Column::InstalmentId.is_null())
        .all(db)
        .await?;
    // The paid attempt when there is one, else the latest.
    let payment = payments
        .iter()
        .find(|p| p.status == payment::PAID)
        .or_else(|| payments.iter().max_by_key(|p| p.id))
        .cloned();
    Ok(PaymentResult { order, payment })
}
