//! The payments staff must give back (`refund_needed`): captured after their order expired or
//! was cancelled, or a second payment of an order or instalment already paid. The back
//! office's refunds queue and `shop payments refunds` both read [`needed`]; staff record what
//! they gave back with [`record`] (partial refunds add up; a payment given back in full leaves
//! the queue).
//!
//! A refund is checked (`shop_core::refund::check_refund`) and written in one write
//! transaction that first locks the payment's row (`SELECT … FOR UPDATE` on PostgreSQL;
//! SQLite's write transactions are serial), so two staff recording at once can never give
//! back more than was paid. Its audit record is written in the same transaction.

use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait,
    QueryFilter, QueryOrder, Statement,
};
use serde::Serialize;
use shop_core::order_state::OrderStatus;
use shop_core::refund::{check_refund, remaining, BankReference, RefundRefusal};

use super::entity::{payment, refund};
use crate::audit::service::{record as audit, Change};
use crate::auth::staff::Actor;
use crate::auth::entity::user;
use super::purpose::{Described, Purpose, Purposes};
use crate::platform::db::begin_write;

/// One payment to give back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refund {
    pub order_code: String,
    pub order_id: i64,
    pub payment_id: i64,
    /// Toman paid.
    pub amount: i64,
    /// Toman given back so far.
    pub refunded: i64,
    /// The bank's reference id.
    pub ref_id: Option<String>,
    pub gateway: String,
    /// When the gateway verified it (unix seconds).
    pub at: i64,
    /// Why it cannot be kept (English, for the command line).
    pub reason: &'static str,
    /// The same in Persian, for staff.
    pub reason_label: &'static str,
    /// The customer who paid.
    pub user_id: i64,
    pub customer_name: String,
    pub customer_mobile: String,
}

impl Refund {
    /// Toman still to give back.
    pub fn remaining(&self) -> i64 {
        remaining(self.amount, self.refunded)
    }
}

/// Toman given back per payment, for `payment_ids`.
async fn refunded_by_payment<C: ConnectionTrait>(db: &C, payment_ids: &[i64]) -> Result<HashMap<i64, i64>, DbErr> {
    let mut out = HashMap::new();
    if payment_ids.is_empty() {
        return Ok(out);
    }
    for r in refund::Entity::find()
        .filter(refund::Column::PaymentId.is_in(payment_ids.to_vec()))
        .all(db)
        .await?
    {
        let sum: &mut i64 = out.entry(r.payment_id).or_default();
        *sum = sum.saturating_add(r.amount);
    }
    Ok(out)
}

/// Every payment flagged for a refund and not yet given back in full, oldest first; what each
/// paid for is asked of `purposes` (payment names no area it is paid for).
pub async fn needed(db: &DatabaseConnection, purposes: &Purposes) -> Result<Vec<Refund>, DbErr> {
    let rows = payment::Entity::find()
        .filter(payment::Column::RefundNeeded.eq(true))
        .order_by_asc(payment::Column::VerifiedAt)
        .order_by_asc(payment::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i64> = rows.iter().map(|p| p.id).collect();
    let refunded = refunded_by_payment(db, &ids).await?;
    let rows: Vec<payment::Model> = rows
        .into_iter()
        .filter(|p| remaining(p.amount, refunded.get(&p.id).copied().unwrap_or(0)) > 0)
        .collect();
    describe(db, purposes, rows, &refunded).await
}

/// The queue's view of `rows` (what they paid for, by purpose, and their customers).
async fn describe(
    db: &DatabaseConnection,
    purposes: &Purposes,
    rows: Vec<payment::Model>,
    refunded: &HashMap<i64, i64>,
) -> Result<Vec<Refund>, DbErr> {
    let mut subjects: HashMap<i64, Described> = HashMap::new();
    for purpose in [Purpose::Order, Purpose::Instalment] {
        let of: Vec<payment::Model> = rows.iter().filter(|p| Purpose::of(p) == purpose).cloned().collect();
        if !of.is_empty() {
            subjects.extend(purposes.of(purpose)?.describe(db, &of).await?);
        }
    }
    let user_ids: Vec<i64> = rows.iter().map(|p| p.user_id).collect();
    let users: HashMap<i64, user::Model> = user::Entity::find()
        .filter(user::Column::Id.is_in(user_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    Ok(rows
        .into_iter()
        .map(|p| {
            let subject = subjects.get(&p.id);
            let customer = users.get(&p.user_id);
            let (reason, reason_label) = reason(&p, subject.and_then(|s| s.order_status));
            Refund {
                order_code: subject.map_or_else(|| format!("#{}", p.order_id), |s| s.order_code.clone()),
                order_id: p.order_id,
                payment_id: p.id,
                amount: p.amount,
                refunded: refunded.get(&p.id).copied().unwrap_or(0),
                gateway: p.gateway.clone(),
                reason,
                reason_label,
                at: p.verified_at.unwrap_or(p.created_at),
                ref_id: p.ref_id,
                user_id: p.user_id,
                customer_name: customer.map(|u| format!("{} {}", u.name, u.lastname).trim().to_string()).unwrap_or_default(),
                customer_mobile: customer.map(|u| u.mobile.clone()).unwrap_or_default(),
            }
        })
        .collect())
}

/// Why a verified payment was not taken, from what it paid and its order's state (English for
/// the command line, Persian for staff).
fn reason(p: &payment::Model, order: Option<OrderStatus>) -> (&'static str, &'static str) {
    if p.instalment_id.is_some() {
        return ("instalment already paid by another payment", "قسط پیش‌تر با پرداخت دیگری پرداخت شده بود");
    }
    match order {
        Some(OrderStatus::Expired) => ("paid after the order expired", "پس از پایان مهلت سفارش پرداخت شد"),
        Some(OrderStatus::Cancelled) => ("paid after the order was cancelled", "سفارش لغو شده است"),
        Some(_) => ("order already paid by another payment", "سفارش پیش‌تر با پرداخت دیگری پرداخت شده بود"),
        None => ("order not found", "سفارش پیدا نشد"),
    }
}

/// Why a refund was not recorded.
#[derive(Debug, thiserror::Error)]
pub enum RefundError {
    /// No such payment (404, field `payment_id`).
    #[error("پرداخت مورد نظر پیدا نشد")]
    NotFound,
    /// The payment is not flagged for a refund (422, field `payment_id`).
    #[error("این پرداخت در صف بازپرداخت نیست")]
    NotQueued,
    /// The amount (422, field `amount`).
    #[error("{0}")]
    Refused(RefundRefusal),
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// A refund to record, already parsed at the edge.
#[derive(Clone, Debug)]
pub struct NewRefund {
    pub payment_id: i64,
    /// Toman.
    pub amount: i64,
    pub reference: BankReference,
    pub note: String,
}

/// What the audit log keeps of a payment's refunds.
#[derive(Serialize)]
struct RefundState<'a> {
    paid: i64,
    refunded: i64,
    remaining: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    amount: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

/// Records a refund by `actor`: checked against what is left of the payment with its row
/// locked, written with its audit record in one transaction. Returns the refund and what is
/// still to give back.
pub async fn record(db: &DatabaseConnection, actor: &Actor, r: &NewRefund, now: i64) -> Result<(refund::Model, i64), RefundError> {
    let txn = begin_write(db).await?;
    if txn.get_database_backend() == DbBackend::Postgres {
        txn.execute_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT id FROM payment WHERE id = $1 FOR UPDATE",
            [r.payment_id.into()],
        ))
        .await?;
    }
    let p = payment::Entity::find_by_id(r.payment_id).one(&txn).await?.ok_or(RefundError::NotFound)?;
    if !(p.refund_needed && p.status == payment::PAID) {
        return Err(RefundError::NotQueued);
    }
    let before = refunded_by_payment(&txn, &[p.id]).await?.get(&p.id).copied().unwrap_or(0);
    let left = check_refund(r.amount, p.amount, before).map_err(RefundError::Refused)?;
    let row = refund::ActiveModel {
        payment_id: Set(p.id),
        order_id: Set(p.order_id),
        amount: Set(r.amount),
        reference: Set(r.reference.as_str().to_string()),
        note: Set(r.note.clone()),
        staff_id: Set(actor.staff_id),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let was = RefundState { paid: p.amount, refunded: before, remaining: remaining(p.amount, before), amount: None, reference: None, note: None };
    let is = RefundState {
        paid: p.amount,
        refunded: before + r.amount,
        remaining: left,
        amount: Some(r.amount),
        reference: Some(r.reference.as_str()),
        note: Some(&r.note),
    };
    audit(&txn, actor, Change::of("payment.refund", "payment", p.id, Some(&was), Some(&is)), now).await?;
    txn.commit().await?;
    Ok((row, left))
}
