//! Moving a registered order to its next state: the pure table
//! (`shop_core::order_state::transition`) decides, this module persists the result with its
//! stock effect and a timeline row.
//!
//! Every write is conditional on the state read (`WHERE status = <from>`), and the stock is
//! given back or sold only by the one update that moves `stock_state` away from `reserved`,
//! so two nodes (or a job and a callback) can never release or commit a reservation twice.
//! A paid order that staff cancel gives its sold stock back by the one update that moves
//! `stock_state` from `committed` to `released`, and its paid payments are flagged
//! `refund_needed`, in the same transaction as the move.
//!
//! Each timeline row says who moved the order ([`EventActor`]): the customer, the system
//! (gateway, jobs) or a staff member.

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

/// Who moved an order (stored on its timeline row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventActor {
    /// The customer (registration, payment start, their own cancellation).
    Customer,
    /// The payment gateway's answer or a job (expiry).
    System,
    /// A staff member: their user id and mobile number.
    Staff { id: i64, mobile: String },
}

impl EventActor {
    /// Who moves an order on `event` when no staff member does.
    pub fn of(event: &OrderEvent) -> Self {
        match event {
            OrderEvent::StartPayment | OrderEvent::Cancel | OrderEvent::CustomerCancelPaid => Self::Customer,
            _ => Self::System,
        }
    }

    /// The stored word.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Customer => "customer",
            Self::System => "system",
            Self::Staff { .. } => "staff",
        }
    }
}

/// The order's state as the enum (an unknown stored name reads as cancelled: it holds nothing).
pub fn status_of(order: &customer_order::Model) -> OrderStatus {
    OrderStatus::parse(&order.status).unwrap_or(OrderStatus::Cancelled)
}

/// Appends a timeline row of the customer's (registration).
pub async fn record<C: ConnectionTrait>(
    db: &C,
    order_id: i64,
    status: OrderStatus,
    note: &str,
    now: i64,
) -> Result<(), DbErr> {
    record_by(db, order_id, status, note, &EventActor::Customer, now).await
}

/// Appends a timeline row naming who moved the order.
pub async fn record_by<C: ConnectionTrait>(
    db: &C,
    order_id: i64,
    status: OrderStatus,
    note: &str,
    actor: &EventActor,
    now: i64,
) -> Result<(), DbErr> {
    let (staff_id, mobile) = match actor {
        EventActor::Staff { id, mobile } => (Some(*id), mobile.clone()),
        _ => (None, String::new()),
    };
    order_event::ActiveModel {
        order_id: Set(order_id),
        status: Set(status.as_str().to_string()),
        note: Set(note.to_string()),
        at: Set(now),
        actor: Set(actor.kind().to_string()),
        actor_staff_id: Set(staff_id),
        actor_mobile: Set(mobile),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Applies `event` to `order` (as read by the caller, inside the caller's transaction), by
/// the customer or the system ([`EventActor::of`]).
pub async fn apply<C: ConnectionTrait>(
    db: &C,
    order: &customer_order::Model,
    event: &OrderEvent,
    note: &str,
    now: i64,
) -> Result<Applied, DbErr> {
    apply_by(db, order, event, note, &EventActor::of(event), now).await
}

/// Applies `event` to `order` by `actor`: see the module documentation.
pub async fn apply_by<C: ConnectionTrait>(
    db: &C,
    order: &customer_order::Model,
    event: &OrderEvent,
    note: &str,
    actor: &EventActor,
    now: i64,
) -> Result<Applied, DbErr> {
    let from = status_of(order);
    let to = match transition(from, event) {
        Ok(to) => to,
        Err(e) => return Ok(Applied::Refused(e)),
    };
    if !set_status(db, order, from, to, event, now).await? {
        return Ok(Applied::Lost);
    }
    match to {
        OrderStatus::Cancelled if matches!(event, OrderEvent::StaffCancel | OrderEvent::CustomerCancelPaid) => {
            // Sold stock comes back and the money is owed back; each once, by the one move.
            release_stock_from(db, order, customer_order::STOCK_COMMITTED).await?;
            crate::discount::service::release(db, order.id).await?;
            flag_refunds(db, order.id).await?;
        }
        OrderStatus::Cancelled | OrderStatus::Expired => {
            release_stock(db, order).await?;
            crate::discount::service::release(db, order.id).await?;
        }
        OrderStatus::Paid => {
            settle_stock(db, order.id, customer_order::STOCK_COMMITTED).await?;
        }
        _ => {}
    }
    if from != to {
        record_by(db, order.id, to, note, actor, now).await?;
    }
    Ok(Applied::Moved(to))
}

/// Moves the order from `from` to `to` (with the shipment of a `Ship`), only if it is still in
/// `from`; true when this call moved it.
async fn set_status<C: ConnectionTrait>(
    db: &C,
    order: &customer_order::Model,
    from: OrderStatus,
    to: OrderStatus,
    event: &OrderEvent,
    now: i64,
) -> Result<bool, DbErr> {
    let mut update = customer_order::Entity::update_many()
        .col_expr(customer_order::Column::Status, Expr::value(to.as_str()))
        .col_expr(customer_order::Column::UpdatedAt, Expr::value(now))
        .filter(customer_order::Column::Id.eq(order.id))
        .filter(customer_order::Column::Status.eq(from.as_str()));
    if let OrderEvent::Ship { carrier, tracking_code } = event {
        update = update
            .col_expr(customer_order::Column::TrackingCode, Expr::value(tracking_code.trim()))
            .col_expr(customer_order::Column::Carrier, Expr::value(carrier.trim()));
    }
    Ok(update.exec(db).await?.rows_affected == 1)
}

/// Cancels a registered order that a new registration of its cart replaces, and hands the stock
/// it holds to that registration instead of giving it back to the variants: the registration
/// nets it against what the new order takes in one statement (`checkout::reserve_stock`), so each
/// variant's row is written once, last. `Moved(Cancelled)` only when this call moved the order
/// and, if it held stock, that stock; otherwise the caller rolls back.
pub async fn replace<C: ConnectionTrait>(db: &C, order: &customer_order::Model, note: &str, now: i64) -> Result<Applied, DbErr> {
    let event = OrderEvent::Cancel;
    let from = status_of(order);
    let to = match transition(from, &event) {
        Ok(to) => to,
        Err(e) => return Ok(Applied::Refused(e)),
    };
    if !set_status(db, order, from, to, &event, now).await? {
        return Ok(Applied::Lost);
    }
    if order.stock_state == customer_order::STOCK_RESERVED
        && !move_stock_state(db, order.id, customer_order::STOCK_RESERVED, customer_order::STOCK_RELEASED).await?
    {
        return Ok(Applied::Lost);
    }
    if let Some(slot) = order.delivery_slot_id.filter(|_| order.stock_state == customer_order::STOCK_RESERVED) {
        crate::delivery::slots::give_back(db, slot).await?;
    }
    crate::discount::service::release(db, order.id).await?;
    record_by(db, order.id, to, note, &EventActor::of(&event), now).await?;
    Ok(Applied::Moved(to))
}

/// Moves `stock_state` from `reserved` to `to`; true when this call did it.
async fn settle_stock<C: ConnectionTrait>(db: &C, order_id: i64, to: customer_order::StockState) -> Result<bool, DbErr> {
    move_stock_state(db, order_id, customer_order::STOCK_RESERVED, to).await
}

/// Moves `stock_state` from `from` to `to`; true when this call did it.
async fn move_stock_state<C: ConnectionTrait>(
    db: &C,
    order_id: i64,
    from: customer_order::StockState,
    to: customer_order::StockState,
) -> Result<bool, DbErr> {
    let r = customer_order::Entity::update_many()
        .col_expr(customer_order::Column::StockState, Expr::value(to))
        .filter(customer_order::Column::Id.eq(order_id))
        .filter(customer_order::Column::StockState.eq(from))
        .exec(db)
        .await?;
    Ok(r.rows_affected == 1)
}

/// Flags every verified payment of the order (its own and its instalments') for a refund.
async fn flag_refunds<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<(), DbErr> {
    use crate::payment::entity::payment;
    payment::Entity::update_many()
        .col_expr(payment::Column::RefundNeeded, Expr::value(true))
        .filter(payment::Column::OrderId.eq(order_id))
        .filter(payment::Column::Status.eq(payment::PAID))
        .exec(db)
        .await?;
    Ok(())
}

/// Gives the order's reserved quantities back to the catalogue, once.
async fn release_stock<C: ConnectionTrait>(db: &C, order: &customer_order::Model) -> Result<(), DbErr> {
    release_stock_from(db, order, customer_order::STOCK_RESERVED).await
}

/// Gives the order's quantities (held in `from`: reserved or sold) back to the catalogue, and
/// its delivery slot's place, once: only the call that moves `stock_state` to `released` does.
/// The slot's row is written before the variants', the order registration takes them in.
async fn release_stock_from<C: ConnectionTrait>(db: &C, order: &customer_order::Model, from: customer_order::StockState) -> Result<(), DbErr> {
    let order_id = order.id;
    if !move_stock_state(db, order_id, from, customer_order::STOCK_RELEASED).await? {
        return Ok(());
    }
    if let Some(slot) = order.delivery_slot_id {
        crate::delivery::slots::give_back(db, slot).await?;
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
