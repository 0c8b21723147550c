//! One cart line priced: its unit price, warranty, total, whether its price moved and whether
//! it can still be bought.
//!
//! **What.** A line holds what the cart stored when it was last written ([`Stored`]) and, when
//! its variant is still for sale, the live catalogue's values ([`Live`]). The line is priced
//! from the live values (the offer rule of [`super::offer`] on the variant's price, plus the
//! chosen warranty); a line whose variant is gone keeps its stored prices. Its price *changed*
//! when the live unit or warranty price differs from the stored one. It is *available* when
//! the variant is for sale and, when a stock is given, the stock covers the quantity.
//! `line_total` is `num × (unit + warranty)` (`cart::line_total`: saturating, 0 for `num ≤ 0`).
//!
//! **Why.** The cart read, the cart edit, the checkout's summary and registration each priced a
//! line with their own code; they now all call [`price_line`].
//!
//! **Example.**
//! ```
//! use shop_core::quote::{price_line, Live, LineInput, OfferTerms, Stored};
//! let line = LineInput {
//!     num: 2,
//!     stored: Some(Stored { price: 100, warranty_price: 10, ins_payment: true }),
//!     live: Some(Live { price: 120, warranty_price: 10, ins_payment: true, offer: OfferTerms::default(), stock: Some(5) }),
//! };
//! let q = price_line(&line, 0);
//! assert_eq!((q.unit_price, q.unit_total, q.line_total), (120, 130, 260));
//! assert!(q.price_changed && q.available);
//! ```

use serde::{Deserialize, Serialize};

use super::offer::OfferTerms;
use super::quantity::in_stock;
use crate::cart::{self, CartLine};

/// What the cart stored for a line when it was last written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    /// Unit price (offers applied) at the time.
    pub price: i64,
    /// The chosen warranty's unit price at the time.
    #[serde(default)]
    pub warranty_price: i64,
    /// Whether the line allowed instalments at the time.
    #[serde(default)]
    pub ins_payment: bool,
}

/// The live catalogue's values of a line's variant (absent: the variant is no longer for sale).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Live {
    /// The variant's list price (before any offer).
    pub price: i64,
    /// The chosen warranty's unit price.
    #[serde(default)]
    pub warranty_price: i64,
    /// Whether the variant may be paid in instalments.
    #[serde(default)]
    pub ins_payment: bool,
    /// The product's offer terms.
    #[serde(default)]
    pub offer: OfferTerms,
    /// Units that may be taken (stock, plus what the cart's earlier registration holds);
    /// `None`: not checked (the cart read).
    #[serde(default)]
    pub stock: Option<i64>,
}

impl Live {
    /// The variant's unit price at `now` (offer applied).
    pub fn unit_price(&self, now: i64) -> i64 {
        self.offer.variant_price(self.price, now)
    }
}

/// One line to price.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineInput {
    /// Quantity.
    pub num: i64,
    /// The cart's stored values (absent: a line not written yet).
    #[serde(default)]
    pub stored: Option<Stored>,
    /// The live catalogue's values (absent: the variant is no longer for sale).
    #[serde(default)]
    pub live: Option<Live>,
}

/// One line priced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotedLine {
    /// Quantity.
    pub num: i64,
    /// Unit price (offer applied).
    pub unit_price: i64,
    /// The chosen warranty's unit price.
    pub warranty_price: i64,
    /// `unit_price + warranty_price`: one unit as the cart charges it.
    pub unit_total: i64,
    /// `num × unit_total`.
    pub line_total: i64,
    /// The stored unit price (the live one for a new line).
    pub old_unit_price: i64,
    /// The stored warranty price (the live one for a new line).
    pub old_warranty_price: i64,
    /// `old_unit_price + old_warranty_price`: one unit as the cart showed it.
    pub old_unit_total: i64,
    /// A price moved since the line was written.
    pub price_changed: bool,
    /// The variant is for sale and the stock (when given) covers the quantity.
    pub available: bool,
    /// The line may be paid in instalments.
    pub ins_payment: bool,
}

impl QuotedLine {
    /// The line as the cart's sums read it.
    pub fn cart_line(&self) -> CartLine {
        CartLine { num: self.num, price: self.unit_price, price_garanti: self.warranty_price, ins_payment: self.ins_payment }
    }
}

/// Prices one line at `now`.
pub fn price_line(line: &LineInput, now: i64) -> QuotedLine {
    let (unit_price, warranty_price, ins_payment) = match (&line.live, &line.stored) {
        (Some(l), _) => (l.unit_price(now), l.warranty_price, l.ins_payment),
        (None, Some(s)) => (s.price, s.warranty_price, s.ins_payment),
        (None, None) => (0, 0, false),
    };
    let (old_unit_price, old_warranty_price) =
        line.stored.map_or((unit_price, warranty_price), |s| (s.price, s.warranty_price));
    let mut q = QuotedLine {
        num: line.num,
        unit_price,
        warranty_price,
        unit_total: unit_price.saturating_add(warranty_price),
        line_total: 0,
        old_unit_price,
        old_warranty_price,
        old_unit_total: old_unit_price.saturating_add(old_warranty_price),
        price_changed: unit_price != old_unit_price || warranty_price != old_warranty_price,
        available: line.live.is_some_and(|l| l.stock.is_none_or(|s| in_stock(s, line.num))),
        ins_payment,
    };
    q.line_total = cart::line_total(&q.cart_line());
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live(price: i64, stock: Option<i64>) -> Live {
        Live { price, warranty_price: 5, ins_payment: true, offer: OfferTerms::default(), stock }
    }

    #[test]
    fn a_gone_variant_keeps_its_stored_prices_and_is_unavailable() {
        let q = price_line(&LineInput { num: 1, stored: Some(Stored { price: 50, warranty_price: 5, ins_payment: true }), live: None }, 0);
        assert_eq!((q.unit_price, q.line_total, q.price_changed, q.available), (50, 55, false, false));
    }

    #[test]
    fn a_running_offer_prices_the_line() {
        let mut l = live(130, None);
        l.offer = OfferTerms { base_price: 100, special_price: Some(80), special_ends_at: Some(50) };
        let q = price_line(&LineInput { num: 1, stored: Some(Stored { price: 110, warranty_price: 5, ins_payment: true }), live: Some(l) }, 10);
        assert_eq!((q.unit_price, q.price_changed, q.available), (110, false, true));
        let q = price_line(&LineInput { num: 1, stored: Some(Stored { price: 110, warranty_price: 5, ins_payment: true }), live: Some(l) }, 50);
        assert_eq!((q.unit_price, q.price_changed), (130, true));
    }

    #[test]
    fn stock_short_of_the_quantity_is_unavailable() {
        let q = price_line(&LineInput { num: 3, stored: None, live: Some(live(10, Some(2))) }, 0);
        assert!(!q.available);
        assert!(!q.price_changed, "a new line has nothing to change from");
    }
}
