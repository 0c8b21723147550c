//! Instalments: paying the next instalment, settling the gateway's answer, and what the finance
//! and success pages show. Choosing a plan at registration and the down payment are
//! `crate::plan::service` (below orders), named here as before.
//!
//! An instalment is marked paid only by a conditional update (`WHERE paid_at IS NULL`), so a
//! replayed callback, a second node or reconciliation can never record it twice; a payment
//! verified for an instalment that was paid meanwhile is flagged `refund_needed`.

use super::dto::InstalmentStatus;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder,
};
use shop_core::order_state::OrderStatus;

use crate::plan::entity::{instalment, order_plan};
use crate::order::entity::customer_order;
use crate::order::service::lifecycle::status_of;
use crate::payment::entity::payment;
use crate::payment::gateway::Verified;
use crate::payment::purpose::{Described, Outcome, Purpose, Settle, Settled};
use std::collections::{BTreeSet, HashMap};
use crate::state::AppState;

// Choosing and attaching a plan at registration, and the down payment, are the `plan` area's
// (below orders).
use crate::plan::service::{plan_of, today, InstalmentError};

/// The order's down payment has been made (the order is paid or further along).
pub fn is_active(order: &customer_order::Model) -> bool {
    LIVE.contains(&status_of(order))
}

/// The order states in which a plan runs: instalments are paid, reminded and listed overdue.
pub const LIVE: [OrderStatus; 4] = [OrderStatus::Paid, OrderStatus::Preparing, OrderStatus::Shipped, OrderStatus::Delivered];

/// Starts paying one of the caller's instalments: the next unpaid one of an order whose down
/// payment is made. Returns the gateway page and the attempt's authority.
pub async fn start_payment(
    state: &AppState,
    user_id: i64,
    mobile: &str,
    instalment_id: i64,
) -> Result<(String, String), InstalmentError> {
    let inst = instalment::Entity::find_by_id(instalment_id)
        .filter(instalment::Column::UserId.eq(user_id))
        .one(&state.db)
        .await?
        .ok_or(InstalmentError::NotFound)?;
    if inst.paid_at.is_some() {
        return Err(InstalmentError::AlreadyPaid);
    }
    let order = customer_order::Entity::find_by_id(inst.order_id)
        .one(&state.db)
        .await?
        .ok_or(InstalmentError::NotFound)?;
    if !is_active(&order) {
        return Err(InstalmentError::NotActive);
    }
    let first_unpaid = instalment::Entity::find()
        .filter(instalment::Column::OrderPlanId.eq(inst.order_plan_id))
        .filter(instalment::Column::PaidAt.is_null())
        .order_by_asc(instalment::Column::Number)
        .one(&state.db)
        .await?;
    if let Some(first) = first_unpaid.filter(|f| f.id != inst.id) {
        return Err(InstalmentError::NotNext(first.number));
    }
    // Reused while pending and limited like an order's payment (`payment::service::open_attempt`).
    let attempt = crate::payment::service::Attempt {
        order_id: order.id,
        instalment_id: Some(inst.id),
        user_id,
        amount: inst.amount,
        description: shop_core::instalment::instalment_payment_description(inst.number, &order.code),
        mobile,
    };
    let a = &attempt;
    let started = crate::payment::service::open_attempt(state, a, |started| async move {
        let row = crate::payment::service::new_row(a, state.payments.name(), &started, state.clock.unix());
        row.insert(&state.db).await?;
        Ok::<(), InstalmentError>(())
    })
    .await?;
    Ok((started.redirect_url, started.authority))
}

/// Where the customer lands after paying (or not paying) an instalment.
fn finance_url(instalment_id: i64, result: &str) -> String {
    format!("/profile/finance?instalment={instalment_id}&result={result}")
}

/// Instalment payments ([`Purpose::Instalment`]): payment settles them through this.
pub struct InstalmentPayments;

#[async_trait::async_trait]
impl Settle for InstalmentPayments {
    fn purpose(&self) -> Purpose {
        Purpose::Instalment
    }

    /// The instalment becomes paid; when another payment paid it first or staff cancelled the
    /// order meanwhile, this one is owed back.
    async fn on_verified(&self, txn: &DatabaseTransaction, p: &payment::Model, _v: &Verified, now: i64) -> Result<Settled, DbErr> {
        // The order must still be live, checked by touching its row: a staff cancel that
        // committed first wins (this payment is then owed back), and one that comes later
        // waits for this commit and flags this payment with the order's others.
        let live = customer_order::Entity::update_many()
            .col_expr(customer_order::Column::UpdatedAt, Expr::col(customer_order::Column::UpdatedAt).into())
            .filter(customer_order::Column::Id.eq(p.order_id))
            .filter(customer_order::Column::Status.is_in(LIVE.map(OrderStatus::as_str)))
            .exec(txn)
            .await?
            .rows_affected
            == 1;
        let paid = live
            && instalment::Entity::update_many()
                .col_expr(instalment::Column::PaidAt, Expr::value(now))
                .col_expr(instalment::Column::PaymentId, Expr::value(p.id))
                .filter(instalment::Column::Id.eq(p.instalment_id.unwrap_or_default()))
                .filter(instalment::Column::PaidAt.is_null())
                .exec(txn)
                .await?
                .rows_affected
                == 1;
        if paid {
            return Ok(Settled::Paid);
        }
        tracing::warn!(authority = %p.authority, live, "payment verified for an instalment already paid or of a cancelled order: refund needed");
        Ok(Settled::RefundNeeded)
    }

    /// `/profile/finance?instalment=…&result=paid|failed|pending`; a blocked customer's
    /// closed attempt goes to `/error-payment?code=…` as an order's does.
    async fn landing(&self, db: &DatabaseConnection, p: &payment::Model, outcome: Outcome) -> Result<String, DbErr> {
        let id = p.instalment_id.unwrap_or_default();
        Ok(match outcome {
            Outcome::Paid => finance_url(id, "paid"),
            Outcome::Failed => finance_url(id, "failed"),
            Outcome::Pending => finance_url(id, "pending"),
            Outcome::Blocked => {
                let code = customer_order::Entity::find_by_id(p.order_id).one(db).await?.map(|o| o.code);
                crate::payment::service::error_url(code.as_deref())
            }
        })
    }

    async fn describe(&self, db: &DatabaseConnection, payments: &[payment::Model]) -> Result<HashMap<i64, Described>, DbErr> {
        let order_ids: BTreeSet<i64> = payments.iter().map(|p| p.order_id).collect();
        let orders: HashMap<i64, customer_order::Model> = customer_order::Entity::find()
            .filter(customer_order::Column::Id.is_in(order_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|o| (o.id, o))
            .collect();
        let ids: BTreeSet<i64> = payments.iter().filter_map(|p| p.instalment_id).collect();
        let numbers: HashMap<i64, i64> = instalment::Entity::find()
            .filter(instalment::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|i| (i.id, i.number))
            .collect();
        Ok(payments
            .iter()
            .filter_map(|p| {
                let order = orders.get(&p.order_id)?;
                let instalment_number = p.instalment_id.and_then(|i| numbers.get(&i).copied());
                Some((p.id, Described { order_code: order.code.clone(), instalment_number, order_status: Some(status_of(order)) }))
            })
            .collect())
    }
}

/// One instalment as the pages show it.
#[derive(Clone, Debug)]
pub struct InstalmentState {
    pub row: instalment::Model,
    pub state: InstalmentStatus,
}

/// An order's plan with its instalments.
#[derive(Clone, Debug)]
pub struct PlanState {
    pub plan: order_plan::Model,
    pub order: customer_order::Model,
    pub instalments: Vec<InstalmentState>,
}

impl PlanState {
    /// The first unpaid instalment (the one «پرداخت قسط» pays), while the plan is active.
    pub fn next(&self) -> Option<&InstalmentState> {
        if !is_active(&self.order) {
            return None;
        }
        self.instalments.iter().find(|i| i.row.paid_at.is_none())
    }
}

fn classify(row: &instalment::Model, today: &str) -> InstalmentStatus {
    match row.paid_at {
        Some(_) => InstalmentStatus::Paid,
        None if row.due_on.as_str() < today => InstalmentStatus::Overdue,
        None if row.due_on == today => InstalmentStatus::Due,
        None => InstalmentStatus::Upcoming,
    }
}

async fn plan_state<C: ConnectionTrait>(
    db: &C,
    plan: order_plan::Model,
    order: customer_order::Model,
    today: &str,
) -> Result<PlanState, DbErr> {
    let rows = instalment::Entity::find()
        .filter(instalment::Column::OrderPlanId.eq(plan.id))
        .order_by_asc(instalment::Column::Number)
        .all(db)
        .await?;
    let instalments = rows
        .into_iter()
        .map(|row| InstalmentState { state: classify(&row, today), row })
        .collect();
    Ok(PlanState { plan, order, instalments })
}

/// The caller's plans whose down payment is made, newest first.
pub async fn active_plans<C: ConnectionTrait>(db: &C, user_id: i64, now: i64) -> Result<Vec<PlanState>, DbErr> {
    let today = today(now);
    let plans = order_plan::Entity::find()
        .filter(order_plan::Column::UserId.eq(user_id))
        .order_by_desc(order_plan::Column::Id)
        .all(db)
        .await?;
    let mut out = Vec::new();
    for plan in plans {
        let Some(order) = customer_order::Entity::find_by_id(plan.order_id).one(db).await? else {
            continue;
        };
        if is_active(&order) {
            out.push(plan_state(db, plan, order, &today).await?);
        }
    }
    Ok(out)
}

/// One of the caller's orders bought in instalments, by code (owner only: `None` otherwise).
pub async fn order_plan<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    code: &str,
    now: i64,
) -> Result<Option<PlanState>, DbErr> {
    let Some(order) = customer_order::Entity::find()
        .filter(customer_order::Column::Code.eq(code.trim().to_uppercase()))
        .filter(customer_order::Column::UserId.eq(user_id))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let Some(plan) = plan_of(db, order.id).await? else {
        return Ok(None);
    };
    Ok(Some(plan_state(db, plan, order, &today(now)).await?))
}

/// Every payment attempt of the caller that went through, newest first, with its order's code
/// and, for instalment payments, the instalment's number.
pub async fn payments<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
) -> Result<Vec<(payment::Model, customer_order::Model, Option<i64>)>, DbErr> {
    let rows = payment::Entity::find()
        .filter(payment::Column::UserId.eq(user_id))
        .filter(payment::Column::Status.eq(payment::PAID))
        .order_by_desc(payment::Column::Id)
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for p in rows {
        let Some(order) = customer_order::Entity::find_by_id(p.order_id).one(db).await? else {
            continue;
        };
        let number = match p.instalment_id {
            Some(id) => instalment::Entity::find_by_id(id).one(db).await?.map(|i| i.number),
            None => None,
        };
        out.push((p, order, number));
    }
    Ok(out)
}
