//! The customer's registered orders and one order's invoice. Owner only: another customer's
//! order code reads exactly like an unknown one (404).

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use shop_core::order_state::OrderEvent;

use super::lifecycle::{apply, Applied};
use super::OrderError;
use crate::auth::limits::{self, Rate};
use crate::platform::db::begin_write;
use crate::order::entity::{customer_order, customer_order_line, order_event};
use crate::payment::entity::payment;

/// One order with everything its invoice shows.
#[derive(Clone, Debug)]
pub struct Invoice {
    pub order: customer_order::Model,
    pub lines: Vec<customer_order_line::Model>,
    pub timeline: Vec<order_event::Model>,
    pub payments: Vec<payment::Model>,
}

/// The invoice's amounts from the pricing rule book (`shop_core::quote`): the frozen lines at
/// the prices they were registered with, the order's delivery and discount. The order's own
/// `items_total` and `payable` were computed by the same function at registration.
pub fn amounts(i: &Invoice) -> shop_core::quote::Quote {
    use shop_core::quote::{quote, LineInput, QuoteInput, Stored};
    let lines = i
        .lines
        .iter()
        .map(|l| LineInput {
            num: l.num,
            stored: Some(Stored { price: l.unit_price, warranty_price: l.warranty_price, ins_payment: false }),
            live: None,
        })
        .collect();
    // Without a plan the quote cannot fail.
    quote(&QuoteInput { lines, now: 0, delivery_price: i.order.delivery_price, discount: i.order.discount, plan: None })
        .unwrap_or_default()
}

/// The caller's registered orders, newest first.
pub async fn list<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<(customer_order::Model, i64)>, DbErr> {
    let orders = customer_order::Entity::find()
        .filter(customer_order::Column::UserId.eq(user_id))
        .order_by_desc(customer_order::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i64> = orders.iter().map(|o| o.id).collect();
    let lines = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.is_in(ids))
        .all(db)
        .await?;
    Ok(orders
        .into_iter()
        .map(|o| {
            let count = lines.iter().filter(|l| l.order_id == o.id).map(|l| l.num).sum();
            (o, count)
        })
        .collect())
}

/// One of the caller's orders by code; `OrderNotFound` for an unknown code or someone else's.
pub async fn own_by_code<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    code: &str,
) -> Result<customer_order::Model, OrderError> {
    customer_order::Entity::find()
        .filter(customer_order::Column::Code.eq(code.trim()))
        .filter(customer_order::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or(OrderError::OrderNotFound)
}

/// A registered order's lines, timeline and payments, each in the order they were written: what
/// the customer's invoice and the staff's order page both show.
pub async fn order_records<C: ConnectionTrait>(
    db: &C,
    order_id: i64,
) -> Result<(Vec<customer_order_line::Model>, Vec<order_event::Model>, Vec<payment::Model>), sea_orm::DbErr> {
    let lines = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.eq(order_id))
        .order_by_asc(customer_order_line::Column::Id)
        .all(db)
        .await?;
    let timeline = order_event::Entity::find()
        .filter(order_event::Column::OrderId.eq(order_id))
        .order_by_asc(order_event::Column::Id)
        .all(db)
        .await?;
    let payments = payment::Entity::find()
        .filter(payment::Column::OrderId.eq(order_id))
        .order_by_asc(payment::Column::Id)
        .all(db)
        .await?;
    Ok((lines, timeline, payments))
}

/// The invoice of one of the caller's orders.
pub async fn invoice<C: ConnectionTrait>(db: &C, user_id: i64, code: &str) -> Result<Invoice, OrderError> {
    let order = own_by_code(db, user_id, code).await?;
    let (lines, timeline, payments) = order_records(db, order.id).await?;
    Ok(Invoice {
        order,
        lines,
        timeline,
        payments,
    })
}

/// The customer cancels one of their unpaid orders; its stock is released. At most
/// `per_hour` cancellations per customer in any hour (issue 22: cancel-then-register renewed a
/// hold in 16 ms); only a cancellation that happens is counted.
pub async fn cancel(
    db: &sea_orm::DatabaseConnection,
    user_id: i64,
    code: &str,
    per_hour: i64,
    now: i64,
) -> Result<Applied, OrderError> {
    let rate = Rate::per_hour(per_hour);
    let txn = begin_write(db).await?;
    let order = own_by_code(&txn, user_id, code).await?;
    let applied = apply(&txn, &order, &OrderEvent::Cancel, "لغو به درخواست مشتری", now).await?;
    if applied != Applied::Moved(shop_core::order_state::OrderStatus::Cancelled) {
        txn.rollback().await?;
        return Ok(applied);
    }
    if let Err(retry_after) = limits::reserve(&txn, &format!("order-cancel:{user_id}"), now, rate).await? {
        txn.rollback().await?;
        return Err(OrderError::TooManyCancellations { limit: rate.limit, retry_after });
    }
    txn.commit().await?;
    Ok(applied)
}
