//! A variant's price history: what it cost, day by day, from the recorded price changes.
//!
//! **What.** The shop records every change of a price input as a [`PriceEvent`]: a variant's
//! own price (back office, bulk sheet, a new variant), or its product's special offer (price and
//! end). [`price_series`] replays a product's events in time order and gives, for one variant,
//! each moment its price to the customer changed: the offer rule of [`crate::quote::OfferTerms`]
//! applied to the state after each event, and again when an offer ran out (an end needs no
//! write, so it is found here, not recorded). Points before `from` fold into one point at
//! `from`: the price in effect when the window opens. [`lowest_since`] is the lowest price of
//! a series from a moment to now, and [`is_lowest_since`] says whether today's price is that
//! low while the window also holds a higher one (a price that never moved is not news).
//! [`daily_prices`] samples a series at each day's end, for a chart with one point a day.
//!
//! **Why.** Shoppers compare a laptop's price over time before they trust it. Recording the
//! inputs, not the computed price, keeps the offer rule in one place; replaying them gives the
//! chart and the "lowest in 30 days" line the same figures the cart charged at each moment.
//!
//! **Example.**
//! ```
//! use shop_core::price_history::{is_lowest_since, price_series, PriceEvent, PricePoint};
//! let events = [
//!     PriceEvent::variant(0, 7, 50_000_000),
//!     PriceEvent::variant(100, 7, 48_000_000),
//!     PriceEvent::offer(200, Some(45_000_000), Some(300)),
//! ];
//! let points = price_series(&events, 7, 0, 400);
//! assert_eq!(
//!     points,
//!     [
//!         PricePoint { at: 0, price: 50_000_000 },
//!         PricePoint { at: 100, price: 48_000_000 },
//!         PricePoint { at: 200, price: 45_000_000 },
//!         PricePoint { at: 300, price: 48_000_000 }, // the offer ran out
//!     ]
//! );
//! assert!(!is_lowest_since(&points, 0, 400));
//! assert!(is_lowest_since(&points, 0, 250));
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::quote::OfferTerms;

/// One recorded change of a price input of a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriceEvent {
    /// When (unix seconds).
    pub at: i64,
    /// The variant whose own price changed to `price`; `None` for a change of the product's offer.
    pub variant_id: Option<i64>,
    /// The variant's new price (Toman), with `variant_id`.
    pub price: Option<i64>,
    /// The product's offer price after the change (`product_info.special_price`).
    pub special_price: Option<i64>,
    /// The product's offer end after the change (`product_info.special_ends_at`).
    pub special_ends_at: Option<i64>,
}

impl PriceEvent {
    /// Variant `variant_id` now costs `price`.
    pub fn variant(at: i64, variant_id: i64, price: i64) -> Self {
        PriceEvent { at, variant_id: Some(variant_id), price: Some(price), special_price: None, special_ends_at: None }
    }

    /// The product's offer is now `special_price` until `special_ends_at` (both `None`: no offer).
    pub fn offer(at: i64, special_price: Option<i64>, special_ends_at: Option<i64>) -> Self {
        PriceEvent { at, variant_id: None, price: None, special_price, special_ends_at }
    }
}

/// The variant's price to the customer from `at` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PricePoint {
    /// Unix seconds.
    pub at: i64,
    /// Toman, the offer applied.
    pub price: i64,
}

/// What the product's prices and offer are after some events.
#[derive(Default)]
struct Replay {
    prices: BTreeMap<i64, i64>,
    special_price: Option<i64>,
    special_ends_at: Option<i64>,
}

impl Replay {
    fn apply(&mut self, e: &PriceEvent) {
        match (e.variant_id, e.price) {
            (Some(v), Some(p)) => {
                self.prices.insert(v, p);
            }
            _ => {
                self.special_price = e.special_price;
                self.special_ends_at = e.special_ends_at;
            }
        }
    }

    /// `variant`'s price at `now`, once it has one.
    fn price_of(&self, variant: i64, now: i64) -> Option<i64> {
        let own = *self.prices.get(&variant)?;
        let terms = OfferTerms {
            base_price: self.prices.values().copied().min().unwrap_or(own),
            special_price: self.special_price,
            special_ends_at: self.special_ends_at,
        };
        Some(terms.variant_price(own, now))
    }
}

/// Each moment from `from` to `now` at which `variant`'s price changed, first point at `from`
/// (or at its first recorded price, if later). `events` are one product's, in any order; events
/// after `now` are left out.
pub fn price_series(events: &[PriceEvent], variant: i64, from: i64, now: i64) -> Vec<PricePoint> {
    let mut sorted: Vec<&PriceEvent> = events.iter().filter(|e| e.at <= now).collect();
    sorted.sort_by_key(|e| e.at);
    let mut state = Replay::default();
    let mut points: Vec<PricePoint> = Vec::new();
    let push = |points: &mut Vec<PricePoint>, at: i64, price: Option<i64>| {
        let Some(price) = price else { return };
        let at = at.max(from);
        match points.last_mut() {
            Some(last) if last.price == price => {}
            // Changes before the window opens collapse into its first point.
            Some(last) if last.at == at => last.price = price,
            _ => points.push(PricePoint { at, price }),
        }
    };
    let mut i = 0;
    while i < sorted.len() {
        let at = sorted[i].at;
        // Every event of the same moment first, then the price they leave.
        while i < sorted.len() && sorted[i].at == at {
            state.apply(sorted[i]);
            i += 1;
        }
        push(&mut points, at, state.price_of(variant, at));
        // An offer that runs out before the next change (or before now) changes the price too.
        let next = sorted.get(i).map_or(now.saturating_add(1), |e| e.at);
        if let Some(end) = state.special_ends_at {
            if end > at && end < next && end <= now {
                push(&mut points, end, state.price_of(variant, end));
            }
        }
    }
    points
}

/// The lowest price of `points` in effect at any moment from `since` to `now`.
pub fn lowest_since(points: &[PricePoint], since: i64, now: i64) -> Option<i64> {
    // The point in effect at `since` counts too, though it began before.
    let start = points.iter().rposition(|p| p.at <= since).unwrap_or(0);
    points[start..].iter().filter(|p| p.at <= now).map(|p| p.price).min()
}

/// Whether the price at `now` is the lowest since `since`, and some price in that span was
/// higher: "the lowest price in 30 days" is said only of a price that fell.
pub fn is_lowest_since(points: &[PricePoint], since: i64, now: i64) -> bool {
    let start = points.iter().rposition(|p| p.at <= since).unwrap_or(0);
    let Some(window) = points.get(start..) else { return false };
    let window: Vec<i64> = window.iter().filter(|p| p.at <= now).map(|p| p.price).collect();
    match (window.last(), window.iter().max()) {
        (Some(&today), Some(&highest)) => today < highest && window.iter().all(|&p| today <= p),
        _ => false,
    }
}

/// The price in effect at the end of each of `days` days from `start` (seconds; a day is
/// 86,400 s from `start`), `None` before the first point: the chart's daily series.
pub fn daily_prices(points: &[PricePoint], start: i64, days: usize) -> Vec<Option<i64>> {
    (1..=days as i64)
        .map(|d| {
            let end = start.saturating_add(d * 86_400 - 1);
            points.iter().rev().find(|p| p.at <= end).map(|p| p.price)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_day_shows_the_price_in_effect_at_its_end() {
        let p = [PricePoint { at: 86_400 + 10, price: 9 }, PricePoint { at: 3 * 86_400, price: 7 }];
        assert_eq!(daily_prices(&p, 0, 4), [None, Some(9), Some(9), Some(7)]);
        assert!(daily_prices(&p, 0, 0).is_empty());
    }

    #[test]
    fn no_events_make_no_points() {
        assert!(price_series(&[], 1, 0, 100).is_empty());
        assert_eq!(lowest_since(&[], 0, 100), None);
        assert!(!is_lowest_since(&[], 0, 100));
    }

    #[test]
    fn a_price_set_again_to_the_same_amount_is_not_a_change() {
        let e = [PriceEvent::variant(0, 1, 10), PriceEvent::variant(5, 1, 10), PriceEvent::variant(9, 1, 12)];
        assert_eq!(price_series(&e, 1, 0, 20), [PricePoint { at: 0, price: 10 }, PricePoint { at: 9, price: 12 }]);
    }

    #[test]
    fn changes_before_the_window_fold_into_its_first_point() {
        let e = [PriceEvent::variant(0, 1, 10), PriceEvent::variant(5, 1, 11), PriceEvent::variant(50, 1, 9)];
        assert_eq!(price_series(&e, 1, 20, 60), [PricePoint { at: 20, price: 11 }, PricePoint { at: 50, price: 9 }]);
    }

    #[test]
    fn another_variant_of_the_product_moves_the_offer_base() {
        // The offer takes 20 off the cheapest variant (100 → 80): every variant gets 20 off.
        let e = [
            PriceEvent::variant(0, 1, 100),
            PriceEvent::variant(0, 2, 150),
            PriceEvent::offer(10, Some(80), Some(1_000)),
            // The cheapest variant now costs 90: the offer takes only 10 off.
            PriceEvent::variant(20, 1, 90),
        ];
        let v2 = price_series(&e, 2, 0, 30);
        assert_eq!(v2, [PricePoint { at: 0, price: 150 }, PricePoint { at: 10, price: 130 }, PricePoint { at: 20, price: 140 }]);
    }

    #[test]
    fn an_offer_that_ends_in_the_future_has_no_end_point_yet() {
        let e = [PriceEvent::variant(0, 1, 100), PriceEvent::offer(10, Some(80), Some(500))];
        assert_eq!(price_series(&e, 1, 0, 400), [PricePoint { at: 0, price: 100 }, PricePoint { at: 10, price: 80 }]);
    }

    #[test]
    fn an_offer_taken_off_by_staff_ends_at_that_moment() {
        let e = [PriceEvent::variant(0, 1, 100), PriceEvent::offer(10, Some(80), Some(500)), PriceEvent::offer(20, None, None)];
        assert_eq!(
            price_series(&e, 1, 0, 400),
            [PricePoint { at: 0, price: 100 }, PricePoint { at: 10, price: 80 }, PricePoint { at: 20, price: 100 }]
        );
    }

    #[test]
    fn events_after_now_and_out_of_order_are_handled() {
        let e = [PriceEvent::variant(30, 1, 7), PriceEvent::variant(0, 1, 9), PriceEvent::variant(99, 1, 1)];
        assert_eq!(price_series(&e, 1, 0, 50), [PricePoint { at: 0, price: 9 }, PricePoint { at: 30, price: 7 }]);
    }

    #[test]
    fn the_lowest_counts_the_price_in_effect_when_the_window_opens() {
        let p = [PricePoint { at: 0, price: 5 }, PricePoint { at: 100, price: 8 }];
        assert_eq!(lowest_since(&p, 50, 200), Some(5));
        assert_eq!(lowest_since(&p, 150, 200), Some(8));
    }

    #[test]
    fn lowest_in_the_window_is_said_only_of_a_price_that_fell() {
        let fell = [PricePoint { at: 0, price: 10 }, PricePoint { at: 100, price: 8 }];
        assert!(is_lowest_since(&fell, 50, 200));
        let flat = [PricePoint { at: 0, price: 10 }];
        assert!(!is_lowest_since(&flat, 50, 200));
        let rose = [PricePoint { at: 0, price: 8 }, PricePoint { at: 100, price: 10 }];
        assert!(!is_lowest_since(&rose, 50, 200));
        // Lower earlier in the window than today: not the lowest.
        let dipped = [PricePoint { at: 0, price: 10 }, PricePoint { at: 60, price: 7 }, PricePoint { at: 90, price: 8 }];
        assert!(!is_lowest_since(&dipped, 50, 200));
        // The dip ended before the window opened: today's 8 is the lowest of the 10 and the 8.
        assert!(is_lowest_since(&[PricePoint { at: 0, price: 7 }, PricePoint { at: 40, price: 10 }, PricePoint { at: 90, price: 8 }], 50, 200));
    }
}
