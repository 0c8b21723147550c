//! The payments staff must give back (`refund_needed`): captured after their order expired or
//! was cancelled, or a second payment of an order or instalment already paid. Until the back
//! office shows them, `shop payments refunds` lists them.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use shop_core::order_state::OrderStatus;

use super::entity::payment;
use crate::order::entity::customer_order;
use crate::order::service::lifecycle::status_of;

/// One payment to give back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refund {
    pub order_code: String,
    pub payment_id: i64,
    /// Toman.
    pub amount: i64,
    /// The bank's reference id.
    pub ref_id: Option<String>,
    /// When the gateway verified it (unix seconds).
    pub at: i64,
    /// Why it cannot be kept.
    pub reason: &'static str,
}

/// Every payment flagged for a refund, oldest first.
pub async fn needed<C: ConnectionTrait>(db: &C) -> Result<Vec<Refund>, DbErr> {
    let rows = payment::Entity::find()
        .filter(payment::Column::RefundNeeded.eq(true))
        .order_by_asc(payment::Column::VerifiedAt)
        .order_by_asc(payment::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i64> = rows.iter().map(|p| p.order_id).collect();
    let orders: HashMap<i64, customer_order::Model> = customer_order::Entity::find()
        .filter(customer_order::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.id, o))
        .collect();
    Ok(rows
        .into_iter()
        .map(|p| {
            let order = orders.get(&p.order_id);
            Refund {
                order_code: order.map_or_else(|| format!("#{}", p.order_id), |o| o.code.clone()),
                payment_id: p.id,
                amount: p.amount,
                reason: reason(&p, order),
                at: p.verified_at.unwrap_or(p.created_at),
                ref_id: p.ref_id,
            }
        })
        .collect())
}

/// Why a verified payment was not taken, from what it paid and its order's state.
fn reason(p: &payment::Model, order: Option<&customer_order::Model>) -> &'static str {
    if p.instalment_id.is_some() {
        return "instalment already paid by another payment";
    }
    match order.map(status_of) {
        Some(OrderStatus::Expired) => "paid after the order expired",
        Some(OrderStatus::Cancelled) => "paid after the order was cancelled",
        Some(_) => "order already paid by another payment",
        None => "order not found",
    }
}
