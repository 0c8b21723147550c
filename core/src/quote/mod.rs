//! The one pricing rule book: a cart in, every amount the customer sees out.
//!
//! **What.** [`quote`] takes the cart's lines (each with what the cart stored and the live
//! catalogue's values: list price, the product's offer, the chosen warranty, stock), the
//! chosen delivery's price, the discount the code takes off and, when the customer pays in
//! instalments, the plan; it gives each line priced ([`price_line`]: unit price with the offer
//! applied, warranty, line total, price changed, available) and the sums:
//!
//! | amount | rule |
//! |---|---|
//! | `items_total` (`OrderTotalPrice`) | Σ `line_total` (saturating) |
//! | `warranty_total` | Σ `num × warranty_price` |
//! | `count` | Σ positive `num` |
//! | `final_price` (`FinalPrice`) | `items_total − discount`, at least 0 ([`final_price`]) |
//! | `payable` | `items_total + delivery_price − discount`, at least 0 (`checkout::payable`) |
//! | `instalment_eligible` | non-empty and every line allows it |
//! | `schedule` | the plan's schedule of `payable` (only when eligible) |
//! | `pay_now` | the schedule's down payment, else `payable` ([`pay_now`]) |
//!
//! Negative delivery prices and discounts count as 0.
//!
//! **Why.** The server priced a cart line in three code paths (the cart read, the cart edit,
//! the checkout), defined `FinalPrice` three times, and the browser added `Price +
//! PriceGaranti` itself. Every amount now comes from here: the server's cart read, edit,
//! summary, registration and invoice, and the web (through WASM, for display only: money is
//! computed on the server).
//!
//! **Example.**
//! ```
//! use shop_core::quote::{quote, LineInput, Live, QuoteInput, OfferTerms};
//! let line = LineInput { num: 2, stored: None, live: Some(Live { price: 1_000, warranty_price: 100, ins_payment: true, offer: OfferTerms::default(), stock: None }) };
//! let q = quote(&QuoteInput { lines: vec![line], now: 0, delivery_price: 50, discount: 200, plan: None }).unwrap();
//! assert_eq!((q.items_total, q.final_price, q.payable, q.pay_now), (2_200, 2_000, 2_050, 2_050));
//! ```

mod line;
mod offer;
mod quantity;

pub use line::{price_line, LineInput, Live, QuotedLine, Stored};
pub use offer::OfferTerms;
pub use quantity::{check_quantity, in_stock, QuantityError, MAX_QUANTITY, QUANTITY_MESSAGE};

use serde::{Deserialize, Serialize};

use crate::cart::{self, CartLine};
use crate::instalment::{instalment_schedule, InstalmentTerms, Schedule, ScheduleError, ScheduleInput};
use crate::jalali::JalaliDate;

/// An instalment plan asked for: its terms and the day the schedule starts (Tehran's today).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanInput {
    /// The plan's terms.
    pub terms: InstalmentTerms,
    /// The first day of the schedule.
    pub start: JalaliDate,
}

/// Everything a cart's price depends on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuoteInput {
    /// The lines, in the cart's order.
    pub lines: Vec<LineInput>,
    /// The time offers are judged at (unix seconds).
    #[serde(default)]
    pub now: i64,
    /// The chosen delivery option's price (0: none chosen, or free).
    #[serde(default)]
    pub delivery_price: i64,
    /// What the discount code takes off (`discount::discount_amount`).
    #[serde(default)]
    pub discount: i64,
    /// The instalment plan, when the customer pays in instalments.
    #[serde(default)]
    pub plan: Option<PlanInput>,
}

/// Every amount of a cart the customer sees.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quote {
    /// The lines priced, in input order.
    pub lines: Vec<QuotedLine>,
    /// Units in the cart.
    pub count: i64,
    /// Σ line totals (`OrderTotalPrice`).
    pub items_total: i64,
    /// Σ `num × warranty_price` (part of `items_total`).
    pub warranty_total: i64,
    /// The delivery's price (never negative).
    pub delivery_price: i64,
    /// The discount (never negative).
    pub discount: i64,
    /// `items_total − discount`, at least 0 (`FinalPrice`).
    pub final_price: i64,
    /// What the order costs: `items_total + delivery_price − discount`, at least 0.
    pub payable: i64,
    /// Instalments are offered (non-empty, every line allows them).
    pub instalment_eligible: bool,
    /// A line's price moved since it was put in the cart.
    pub price_changed: bool,
    /// Every line can be bought.
    pub available: bool,
    /// The plan's schedule of `payable` (only with a plan, on an eligible cart).
    pub schedule: Option<Schedule>,
    /// What is paid now: the schedule's down payment, else `payable`.
    pub pay_now: i64,
}

/// `FinalPrice`: the lines' total less the discount, never below 0.
///
/// ```
/// assert_eq!(shop_core::quote::final_price(100, 30), 70);
/// assert_eq!(shop_core::quote::final_price(100, 300), 0);
/// ```
pub fn final_price(items_total: i64, discount: i64) -> i64 {
    items_total.max(0).saturating_sub(discount.max(0)).max(0)
}

/// What is paid now: the schedule's down payment when paying in instalments, else `payable`.
///
/// ```
/// assert_eq!(shop_core::quote::pay_now(1_000, None), 1_000);
/// ```
pub fn pay_now(payable: i64, schedule: Option<&Schedule>) -> i64 {
    schedule.map_or(payable, |s| s.down_payment)
}

/// Σ `num × warranty_price` over priced lines (saturating; `num ≤ 0` adds nothing).
pub fn warranty_total(lines: &[QuotedLine]) -> i64 {
    lines
        .iter()
        .map(|l| l.num.max(0).saturating_mul(l.warranty_price))
        .fold(0i64, i64::saturating_add)
}

/// Prices a cart: see the module doc. `Err` only when a plan is asked for an eligible cart and
/// its schedule does not apply (the plan's limits, a bad start date).
pub fn quote(input: &QuoteInput) -> Result<Quote, ScheduleError> {
    let lines: Vec<QuotedLine> = input.lines.iter().map(|l| price_line(l, input.now)).collect();
    Ok(totals(lines, input.delivery_price, input.discount, input.plan.as_ref())?)
}

/// The sums of lines already priced ([`price_line`]): the second half of [`quote`], for a
/// caller that prices the lines first (the discount reads their totals).
pub fn totals(
    lines: Vec<QuotedLine>,
    delivery_price: i64,
    discount: i64,
    plan: Option<&PlanInput>,
) -> Result<Quote, ScheduleError> {
    let core: Vec<CartLine> = lines.iter().map(QuotedLine::cart_line).collect();
    let items_total = cart::order_total(&core);
    let delivery_price = delivery_price.max(0);
    let discount = discount.max(0);
    let payable = crate::checkout::payable(items_total, delivery_price, discount);
    let instalment_eligible = cart::instalment_eligible(&core);
    let schedule = match plan {
        Some(p) if instalment_eligible => {
            Some(instalment_schedule(&ScheduleInput { terms: p.terms, total: payable, start: p.start })?)
        }
        _ => None,
    };
    Ok(Quote {
        count: cart::cart_count(&core),
        items_total,
        warranty_total: warranty_total(&lines),
        delivery_price,
        discount,
        final_price: final_price(items_total, discount),
        payable,
        instalment_eligible,
        price_changed: lines.iter().any(|l| l.price_changed),
        available: lines.iter().all(|l| l.available),
        pay_now: pay_now(payable, schedule.as_ref()),
        schedule,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn live(price: i64, warranty_price: i64) -> Live {
        Live { price, warranty_price, ins_payment: true, offer: OfferTerms::default(), stock: None }
    }

    #[test]
    fn an_empty_cart_costs_its_delivery() {
        let q = quote(&QuoteInput { delivery_price: 70, ..Default::default() }).unwrap();
        assert_eq!((q.items_total, q.payable, q.count, q.instalment_eligible, q.available), (0, 70, 0, false, true));
    }

    #[test]
    fn a_plan_sets_what_is_paid_now() {
        let terms = InstalmentTerms { down_payment_percent: 30, months: 6, monthly_rate_bp: 0, min_total: 1, max_total: 1_000_000_000 };
        let start = JalaliDate { year: 1403, month: 1, day: 1 };
        let line = LineInput { num: 1, stored: None, live: Some(live(1_000_000, 0)) };
        let q = quote(&QuoteInput { lines: vec![line], plan: Some(PlanInput { terms, start }), ..Default::default() }).unwrap();
        let s = q.schedule.clone().unwrap();
        assert_eq!(q.pay_now, s.down_payment);
        assert!(q.pay_now < q.payable);
    }

    #[test]
    fn a_plan_on_a_cart_without_instalments_is_ignored() {
        let terms = InstalmentTerms { down_payment_percent: 30, months: 6, monthly_rate_bp: 0, min_total: 1, max_total: 1_000_000_000 };
        let mut l = live(1_000, 0);
        l.ins_payment = false;
        let input = QuoteInput {
            lines: vec![LineInput { num: 1, stored: None, live: Some(l) }],
            plan: Some(PlanInput { terms, start: JalaliDate { year: 1403, month: 1, day: 1 } }),
            ..Default::default()
        };
        let q = quote(&input).unwrap();
        assert_eq!((q.schedule, q.pay_now), (None, 1_000));
    }

    fn any_line() -> impl Strategy<Value = LineInput> {
        (
            -2i64..=MAX_QUANTITY + 2,
            proptest::option::of((0i64..1_000_000_000, 0i64..50_000_000, any::<bool>())),
            proptest::option::of((0i64..1_000_000_000, 0i64..50_000_000, any::<bool>(), 0i64..1_000_000_000, proptest::option::of(0i64..1_000_000_000), proptest::option::of(-100i64..100), proptest::option::of(-5i64..200))),
        )
            .prop_map(|(num, stored, live)| LineInput {
                num,
                stored: stored.map(|(price, warranty_price, ins_payment)| Stored { price, warranty_price, ins_payment }),
                live: live.map(|(price, warranty_price, ins_payment, base_price, special_price, ends, stock)| Live {
                    price,
                    warranty_price,
                    ins_payment,
                    offer: OfferTerms { base_price, special_price, special_ends_at: ends },
                    stock,
                }),
            })
    }

    proptest! {
        /// The parts add up: the lines to the items total, the items total, delivery and
        /// discount to the payable, and nothing is ever negative.
        #[test]
        fn the_parts_add_up(lines in proptest::collection::vec(any_line(), 0..8), delivery in -10i64..5_000_000, discount in -10i64..3_000_000_000) {
            let q = quote(&QuoteInput { lines, now: 0, delivery_price: delivery, discount, plan: None }).unwrap();
            let sum: i64 = q.lines.iter().map(|l| l.line_total).sum();
            prop_assert_eq!(q.items_total, sum);
            for l in &q.lines {
                prop_assert_eq!(l.unit_total, l.unit_price + l.warranty_price);
                prop_assert_eq!(l.line_total, l.num.max(0) * l.unit_total);
                prop_assert!(l.unit_price >= 0);
            }
            prop_assert!(q.warranty_total <= q.items_total);
            prop_assert_eq!(q.final_price, (q.items_total - q.discount).max(0));
            prop_assert_eq!(q.payable, (q.items_total + q.delivery_price - q.discount).max(0));
            prop_assert_eq!(q.payable, q.final_price + q.delivery_price - (q.discount - q.items_total).max(0).min(q.delivery_price));
            prop_assert_eq!(q.pay_now, q.payable);
            prop_assert!(q.delivery_price >= 0 && q.discount >= 0);
        }
    }
}
