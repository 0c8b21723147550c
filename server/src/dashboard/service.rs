//! The dashboard's figures, counted in the database at the moment asked.
//!
//! **A sale** is an order whose payment was verified (paid, preparing, shipped or delivered),
//! counted on the Tehran day it was registered; its revenue is its payable (for an order bought
//! in instalments, the whole price, not only the down payment). Cancelled, expired and unpaid
//! orders are not sales. Days are Tehran calendar days (`shop_core::tehran`), summer time and
//! all, so "today" starts at Tehran's midnight.

use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use shop_core::jalali::JalaliDate;
use shop_core::order_state::OrderStatus;
use shop_core::ticket_state::TicketStatus;

use crate::catalog::entity::{product, variant};
use crate::chat::entity::{chat_conversation as conv, chat_message as msg};
use crate::order::entity::customer_order;
use crate::payment::entity::payment;
use crate::ticket::entity::ticket;

/// Days in the chart (today included).
pub const DAYS: usize = 30;
/// Low stock: variants with at most this many units, when the request names no threshold.
pub const LOW_STOCK: i64 = 3;
/// Most low-stock variants listed.
pub const LOW_STOCK_ROWS: u64 = 50;

/// The states whose orders count as sales.
pub const SOLD: [OrderStatus; 4] = [OrderStatus::Paid, OrderStatus::Preparing, OrderStatus::Shipped, OrderStatus::Delivered];
/// The states in which an order waits for someone (the customer's payment or staff's work).
pub const WAITING: [OrderStatus; 5] =
    [OrderStatus::Registered, OrderStatus::AwaitingPayment, OrderStatus::Paid, OrderStatus::Preparing, OrderStatus::Shipped];

/// One Tehran day of sales.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Day {
    pub date: JalaliDate,
    /// First second of the day (unix).
    pub start: i64,
    pub orders: u64,
    pub revenue: i64,
}

/// The last [`DAYS`] Tehran days, oldest first, ending with the day of `now`, each with its
/// first second. `None` outside the calendar's range.
pub fn last_days(now: i64) -> Option<Vec<(JalaliDate, i64)>> {
    let mut date = shop_core::tehran::tehran_date(now)?;
    let mut start = shop_core::tehran::tehran_day_start(&date)?;
    let mut out = vec![(date, start)];
    while out.len() < DAYS {
        date = shop_core::tehran::tehran_date(start - 1)?;
        start = shop_core::tehran::tehran_day_start(&date)?;
        out.push((date, start));
    }
    out.reverse();
    Some(out)
}

/// Sales per day of [`last_days`] (the last entry is today, the one before it yesterday).
pub async fn sales<C: ConnectionTrait>(db: &C, now: i64) -> Result<Vec<Day>, DbErr> {
    let Some(days) = last_days(now) else {
        return Ok(vec![]);
    };
    let from = days[0].1;
    let rows: Vec<(i64, i64)> = customer_order::Entity::find()
        .select_only()
        .column(customer_order::Column::CreatedAt)
        .column(customer_order::Column::Payable)
        .filter(customer_order::Column::CreatedAt.gte(from))
        .filter(customer_order::Column::Status.is_in(SOLD.map(OrderStatus::as_str)))
        .into_tuple()
        .all(db)
        .await?;
    let mut out: Vec<Day> = days.into_iter().map(|(date, start)| Day { date, start, orders: 0, revenue: 0 }).collect();
    for (at, payable) in rows {
        // The last day whose start is at or before `at`.
        if let Some(d) = out.iter_mut().rev().find(|d| d.start <= at) {
            d.orders += 1;
            d.revenue = d.revenue.saturating_add(payable);
        }
    }
    Ok(out)
}

/// How many orders are in each of the [`WAITING`] states.
pub async fn waiting<C: ConnectionTrait>(db: &C) -> Result<Vec<(OrderStatus, u64)>, DbErr> {
    let mut out = Vec::with_capacity(WAITING.len());
    for s in WAITING {
        let n = customer_order::Entity::find().filter(customer_order::Column::Status.eq(s.as_str())).count(db).await?;
        out.push((s, n));
    }
    Ok(out)
}

/// Payments flagged `refund_needed` (the refunds queue).
pub async fn refunds<C: ConnectionTrait>(db: &C) -> Result<u64, DbErr> {
    payment::Entity::find().filter(payment::Column::RefundNeeded.eq(true)).count(db).await
}

/// Tickets waiting for staff's answer (state `open`).
pub async fn open_tickets<C: ConnectionTrait>(db: &C) -> Result<u64, DbErr> {
    ticket::Entity::find().filter(ticket::Column::StatusName.eq(TicketStatus::Open.as_str())).count(db).await
}

/// Conversations whose last message is the customer's (nobody from the shop answered yet).
pub async fn unanswered_chats<C: ConnectionTrait>(db: &C) -> Result<u64, DbErr> {
    msg::Entity::find()
        .filter(msg::Column::FromStaff.eq(false))
        .filter(msg::Column::Id.in_subquery(Query::select().column(conv::Column::LastMessageId).from(conv::Entity).to_owned()))
        .count(db)
        .await
}

/// Variants of active products with at most `threshold` units, fewest first, with their
/// product.
pub async fn low_stock<C: ConnectionTrait>(db: &C, threshold: i64) -> Result<Vec<(variant::Model, product::Model)>, DbErr> {
    let active: Vec<product::Model> = product::Entity::find().filter(product::Column::Active.eq(true)).all(db).await?;
    let by_id: std::collections::HashMap<i64, product::Model> = active.into_iter().map(|p| (p.id, p)).collect();
    let rows = variant::Entity::find()
        .filter(variant::Column::Stock.lte(threshold))
        .order_by_asc(variant::Column::Stock)
        .order_by_asc(variant::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|v| by_id.get(&v.product_id).cloned().map(|p| (v, p)))
        .take(LOW_STOCK_ROWS as usize)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_days_are_consecutive_tehran_days_ending_today() {
        // 1405/01/01 00:30 Tehran (no summer time since 2022: UTC+3:30) = 2026-03-20 21:00 UTC.
        let now = 1_774_040_400;
        let days = last_days(now).unwrap();
        assert_eq!(days.len(), DAYS);
        assert_eq!(days[DAYS - 1].0, JalaliDate { year: 1405, month: 1, day: 1 });
        assert_eq!(days[DAYS - 2].0, JalaliDate { year: 1404, month: 12, day: 29 });
        assert_eq!(days[0].0, JalaliDate { year: 1404, month: 12, day: 1 });
        assert!(days.windows(2).all(|w| w[1].1 - w[0].1 == 86_400));
        assert!(days[DAYS - 1].1 <= now && now < days[DAYS - 1].1 + 86_400);
    }
}
