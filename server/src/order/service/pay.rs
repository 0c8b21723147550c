//! Paying a registered order: starting its payment (the order's payable, or its down payment
//! when bought in instalments; order → awaiting payment), settling a verified payment
//! ([`OrderPayments`], payment's [`Settle`] for [`Purpose::Order`]: order → paid, the lines
//! bought leave the cart), and the result the payment pages read. The gateway, the attempts
//! and the callback are `payment`'s; it reaches the order only through [`Settle`].

use std::collections::HashMap;

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, QueryFilter};
use shop_core::order_state::{OrderEvent, OrderStatus};

use super::checkout::clear_bought_lines;
use super::invoice::own_by_code;
use super::lifecycle::{apply, status_of, Applied};
use crate::order::entity::customer_order;
use super::OrderError;
use crate::payment::entity::payment;
use crate::payment::gateway::{Started, Verified};
use crate::payment::purpose::{Described, Outcome, Purpose, Settle, Settled};
use crate::payment::service::{error_url, new_row, open_attempt, success_url, Attempt};
use crate::platform::db::begin_write;
use crate::state::AppState;

/// Starts paying one of the caller's orders: returns the gateway page to send the customer to
/// and the attempt's authority.
pub async fn start(state: &AppState, user_id: i64, mobile: &str, code: &str) -> Result<(String, String), OrderError> {
    let now = state.clock.unix();
    let order = own_by_code(&state.db, user_id, code).await?;
    let status = status_of(&order);
    if !status.holds_reservation() {
        return Err(OrderError::NotPayable(status.label()));
    }
    if now >= order.expires_at {
        return Err(OrderError::WindowPassed);
    }
    // An order bought in instalments charges its down payment here.
    let amount = crate::plan::service::charge_now(&state.db, crate::plan::service::OrderRef { id: order.id, user_id: order.user_id }, &order.payment_method, order.payable).await?;
    let attempt = Attempt {
        order_id: order.id,
        instalment_id: None,
        user_id,
        amount,
        description: shop_core::order_state::payment_description(&order.code),
        mobile,
    };
    let started = open_attempt(state, &attempt, |started| record_attempt(state, &attempt, started)).await?;
    Ok((started.redirect_url, started.authority))
}

/// Stores a new attempt of an order and moves the order to awaiting payment, in one
/// transaction: an order that expired meanwhile gets no attempt.
async fn record_attempt(state: &AppState, a: &Attempt<'_>, started: Started) -> Result<(), OrderError> {
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    new_row(a, state.payments.name(), &started, now).insert(&txn).await?;
    let order = customer_order::Entity::find_by_id(a.order_id)
        .one(&txn)
        .await?
        .ok_or(OrderError::OrderNotFound)?;
    match apply(&txn, &order, &OrderEvent::StartPayment, "", now).await? {
        Applied::Moved(_) => {}
        Applied::Refused(_) | Applied::Lost => return Err(OrderError::NotPayable(status_of(&order).label())),
    }
    txn.commit().await?;
    Ok(())
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

/// An order's own payments ([`Purpose::Order`]).
pub struct OrderPayments;

#[async_trait::async_trait]
impl Settle for OrderPayments {
    fn purpose(&self) -> Purpose {
        Purpose::Order
    }

    /// The order becomes paid (stock committed, cart lines bought removed); an order that
    /// expired, was cancelled or was paid by another attempt cannot take it: refund needed.
    async fn on_verified(&self, txn: &DatabaseTransaction, p: &payment::Model, v: &Verified, now: i64) -> Result<Settled, DbErr> {
        let Some(order) = customer_order::Entity::find_by_id(p.order_id).one(txn).await? else {
            return Ok(Settled::Nothing);
        };
        let note = shop_core::order_state::payment_verified_note(&v.ref_id);
        match apply(txn, &order, &OrderEvent::PaymentVerified, &note, now).await? {
            Applied::Moved(OrderStatus::Paid) => {
                let order = customer_order::Entity::find_by_id(order.id).one(txn).await?.unwrap_or(order);
                clear_bought_lines(txn, &order).await?;
                Ok(Settled::Paid)
            }
            _ => {
                tracing::warn!(order = %order.code, authority = %p.authority, "payment verified for an order that cannot take it: refund needed");
                Ok(Settled::RefundNeeded)
            }
        }
    }

    /// `/success-payment?code=…` (`/success-inspayment` for a down payment), else
    /// `/error-payment?code=…`.
    async fn landing(&self, db: &DatabaseConnection, p: &payment::Model, outcome: Outcome) -> Result<String, DbErr> {
        let order = customer_order::Entity::find_by_id(p.order_id).one(db).await?;
        let code = order.as_ref().map(|o| o.code.as_str());
        Ok(match (outcome, &order) {
            (Outcome::Paid, Some(o)) if o.payment_method == crate::plan::service::METHOD => {
                crate::plan::service::success_url(&o.code)
            }
            (Outcome::Paid, _) => success_url(code.unwrap_or_default()),
            (Outcome::Failed | Outcome::Pending | Outcome::Blocked, _) => error_url(code),
        })
    }

    async fn describe(&self, db: &DatabaseConnection, payments: &[payment::Model]) -> Result<HashMap<i64, Described>, DbErr> {
        let ids: std::collections::BTreeSet<i64> = payments.iter().map(|p| p.order_id).collect();
        let orders: HashMap<i64, customer_order::Model> =
            customer_order::Entity::find().filter(customer_order::Column::Id.is_in(ids)).all(db).await?.into_iter().map(|o| (o.id, o)).collect();
        Ok(payments
            .iter()
            .filter_map(|p| {
                orders.get(&p.order_id).map(|o| {
                    let d = Described { order_code: o.code.clone(), instalment_number: None, order_status: Some(super::lifecycle::status_of(o)) };
                    (p.id, d)
                })
            })
            .collect())
    }
}
