//! Moving a registered order to its next state: the pure table
//! (`shop_core::order_state::transition`) decides, this module persists the result with its
//! stock effect and a timeline row.
//!
//! Every write is conditional on the state read (`WHERE status = <from>`), and the stock is
//! given back or sold only by the one update that moves `stock_state` away from `reserved`,
//! so two nodes (or a job and a callback) can never release or commit a reservation twice.

use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
};
use shop_core::order_state::{transition, OrderEvent, OrderStatus, TransitionError};

use crate::catalog::variant;
use crate::order::entity::{customer_order, customer_order_line, order_event};

/// What happened when an event was applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied {
    /// The order moved to this state.
    Moved(OrderStatus),
    /// The table refuses the event in the order's current state.
    Refused(TransitionError),
    /// Another writer changed the order first; nothing was written.
    Lost,
}

/// The order's state as the enum (an unknown stored name reads as cancelled: it holds nothing).
pub fn status_of(order: &customer_order::Model) -> OrderStatus {
    OrderStatus::parse(&order.status).unwrap_or(OrderStatus::Cancelled)
}

/// Appends a timeline row.
pub async fn record<C: ConnectionTrait>(
    db: &C,
    order_id: i64,
    status: OrderStatus,
    note: &str,
    now: i64,
) -> Result<(), DbErr> {
    order_event::ActiveModel {
        order_id: Set(order_id),
        status: Set(status.as_str().to_string()),
        note: Set(note.to_string()),
        at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Applies `event` to `order` (as read by the caller, inside the caller's transaction).
pub async fn apply<C: ConnectionTrait>(
    db: &C,
    order: &customer_order::Model,
    event: &OrderEvent,
    note: &str,
    now: i64,
) -> Result<Applied, DbErr> {
    let from = status_of(order);
    let to = match transition(from, event) {
        Ok(to) => to,
        Err(e) => return Ok(Applied::Refused(e)),
    };
    let mut update = customer_order::Entity::update_many()
        .col_expr(customer_order::Column::Status, Expr::value(to.as_str()))
        .col_expr(customer_order::Column::UpdatedAt, Expr::value(now))
        .filter(customer_order::Column::Id.eq(order.id))
        .filter(customer_order::Column::Status.eq(from.as_str()));
    if let OrderEvent::Ship { tracking_code } = event {
        update = update.col_expr(customer_order::Column::TrackingCode, Expr::value(tracking_code.trim()));
    }
    if update.exec(db).await?.rows_affected == 0 {
        return Ok(Applied::Lost);
    }
    match to {
        OrderStatus::Cancelled | OrderStatus::Expired => {
            release_stock(db, order.id).await?;
            crate::discount::service::release(db, order.id).await?;
        }
        OrderStatus::Paid => {
            settle_stock(db, order.id, customer_order::STOCK_COMMITTED).await?;
        }
        _ => {}
    }
    if from != to {
        record(db, order.id, to, note, now).await?;
    }
    Ok(Applied::Moved(to))
}

/// Moves `stock_state` from `reserved` to `to`; true when this call did it.
async fn settle_stock<C: ConnectionTrait>(db: &C, order_id: i64, to: customer_order::StockState) -> Result<bool, DbErr> {
    let r = customer_order::Entity::update_many()
        .col_expr(customer_order::Column::StockState, Expr::value(to))
        .filter(customer_order::Column::Id.eq(order_id))
        .filter(customer_order::Column::StockState.eq(customer_order::STOCK_RESERVED))
        .exec(db)
        .await?;
    Ok(r.rows_affected == 1)
}

/// Gives the order's reserved quantities back to the catalogue, once.
async fn release_stock<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<(), DbErr> {
    if !settle_stock(db, order_id, customer_order::STOCK_RELEASED).await? {
        return Ok(());
    }
    let lines = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.eq(order_id))
        .order_by_asc(customer_order_line::Column::VariantId)
        .all(db)
        .await?;
    for l in lines {
        variant::Entity::update_many()
            .col_expr(variant::Column::Stock, Expr::col(variant::Column::Stock).add(l.num))
            .filter(variant::Column::Id.eq(l.variant_id))
            .exec(db)
            .await?;
    }
    Ok(())
}
