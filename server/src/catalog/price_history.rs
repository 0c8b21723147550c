//! A variant's price over the last days (issue 27 item 3): the recorded price inputs of its
//! product (`entity::price_event`, written by triggers) replayed by
//! `shop_core::price_history`, with each point's Jalali day for the chart's axis.

use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder};
use shop_core::price_history::{daily_prices, is_lowest_since, lowest_since, price_series, PriceEvent};

use super::dto::{PriceDay, PriceHistory, PriceHistoryPoint};
use super::entity::price_event;
use super::fmt;

/// The chart's span.
pub const HISTORY_DAYS: i64 = 90;
/// "The lowest price in 30 days".
pub const LOWEST_DAYS: i64 = 30;
const DAY: i64 = 86_400;

/// `variant` of `product`: its price from `now - HISTORY_DAYS` to `now`.
pub async fn price_history(db: &DatabaseConnection, product: i64, variant: i64, now: i64) -> Result<PriceHistory, DbErr> {
    let events: Vec<PriceEvent> = price_event::Entity::find()
        .filter(price_event::Column::ProductId.eq(product))
        .filter(price_event::Column::At.lte(now))
        .order_by_asc(price_event::Column::At)
        .order_by_asc(price_event::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(PriceEvent::from)
        .collect();
    let from = now - HISTORY_DAYS * DAY;
    let points = price_series(&events, variant, from, now);
    let since = now - LOWEST_DAYS * DAY;
    // One point a day, each day ending at this moment of the clock: the last one is now.
    let days = daily_prices(&points, from, HISTORY_DAYS as usize)
        .into_iter()
        .enumerate()
        .filter_map(|(d, price)| {
            let end = from + (d as i64 + 1) * DAY - 1;
            price.map(|price| PriceDay { date: fmt::jalali(end), price })
        })
        .collect();
    Ok(PriceHistory {
        days,
        variant_id: variant,
        lowest_30_days: lowest_since(&points, since, now),
        is_lowest_30_days: is_lowest_since(&points, since, now),
        points: points
            .into_iter()
            .map(|p| PriceHistoryPoint { at: p.at, date: fmt::jalali(p.at), price: p.price, price_text: fmt::toman(p.price) })
            .collect(),
    })
}
