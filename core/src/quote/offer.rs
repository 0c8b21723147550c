//! The special-offer rule: what a variant costs while its product's offer runs.
//!
//! **What.** `product_info.special_price` is the offer price of the product's cheapest variant;
//! while `special_ends_at` (unix seconds) is in the future, every variant of the product gets
//! the same absolute discount (`base_price - special_price`), never below 0. An offer that is
//! not below the cheapest variant's price, not positive, or already over is no offer.
//!
//! **Why.** The product page, the card, the cart, the checkout and a prepared order all show
//! or charge a variant's price; it is computed here once so the cart charges what the product
//! page shows.
//!
//! **Example.**
//! ```
//! use shop_core::quote::OfferTerms;
//! let t = OfferTerms { base_price: 100, special_price: Some(80), special_ends_at: Some(50) };
//! assert_eq!(t.offer(49), Some((80, 50)));
//! assert_eq!(t.offer(50), None);
//! assert_eq!(t.variant_price(130, 10), 110);
//! assert_eq!(t.variant_price(130, 60), 130);
//! ```

use serde::{Deserialize, Serialize};

/// A product's offer fields and the price of its cheapest variant (before any offer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferTerms {
    /// Price of the product's cheapest variant (all variants, in stock or not).
    #[serde(default)]
    pub base_price: i64,
    /// `product_info.special_price`.
    #[serde(default)]
    pub special_price: Option<i64>,
    /// `product_info.special_ends_at` (unix seconds, UTC).
    #[serde(default)]
    pub special_ends_at: Option<i64>,
}

impl OfferTerms {
    /// The offer when active at `now`: (offer price of the cheapest variant, end).
    pub fn offer(&self, now: i64) -> Option<(i64, i64)> {
        match (self.special_price, self.special_ends_at) {
            (Some(p), Some(end)) if end > now && p > 0 && p < self.base_price => Some((p, end)),
            _ => None,
        }
    }

    /// What a variant priced `variant_price` costs at `now` (saturating, never below 0 while
    /// an offer runs).
    pub fn variant_price(&self, variant_price: i64, now: i64) -> i64 {
        match self.offer(now) {
            Some((p, _)) => variant_price.saturating_sub(self.base_price.saturating_sub(p)).max(0),
            None => variant_price,
        }
    }

    /// The product's displayed price at `now`: the cheapest variant's, after any offer.
    pub fn product_price(&self, now: i64) -> i64 {
        self.offer(now).map_or(self.base_price, |o| o.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_offer_fields_no_offer() {
        let t = OfferTerms { base_price: 100, ..Default::default() };
        assert_eq!(t.offer(0), None);
        assert_eq!(t.variant_price(120, 0), 120);
        assert_eq!(t.product_price(0), 100);
    }

    #[test]
    fn offer_not_below_base_is_ignored() {
        let t = OfferTerms { base_price: 100, special_price: Some(100), special_ends_at: Some(i64::MAX) };
        assert_eq!(t.variant_price(150, 0), 150);
        let t = OfferTerms { base_price: 100, special_price: Some(0), special_ends_at: Some(i64::MAX) };
        assert_eq!(t.variant_price(150, 0), 150);
    }

    #[test]
    fn discount_never_goes_below_zero() {
        let t = OfferTerms { base_price: 100, special_price: Some(10), special_ends_at: Some(10) };
        assert_eq!(t.variant_price(100, 0), 10);
        assert_eq!(t.variant_price(50, 0), 0);
        assert_eq!(t.product_price(0), 10);
    }

    #[test]
    fn extreme_values_do_not_overflow() {
        let t = OfferTerms { base_price: i64::MAX, special_price: Some(1), special_ends_at: Some(i64::MAX) };
        assert_eq!(t.variant_price(i64::MIN, 0), 0);
        assert_eq!(t.variant_price(i64::MAX, 0), 1);
    }
}
