//! The special-offer price rule, in one place: the catalogue (`snapshot::Item`) and the cart
//! (`order::service`) both price through [`OfferTerms`], so the cart charges what the product
//! page shows.
//!
//! `product_info.special_price` is the offer price of the product's cheapest variant; while
//! `special_ends_at` (unix seconds) is in the future, every variant gets the same absolute
//! discount (`base_price - special_price`), never below 0. An offer that is not below the
//! cheapest variant's price, not positive, or already over is no offer.

/// A product's offer fields and the price of its cheapest variant (before any offer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OfferTerms {
    /// Price of the product's cheapest variant (all variants, in stock or not).
    pub base_price: i64,
    /// `product_info.special_price`.
    pub special_price: Option<i64>,
    /// `product_info.special_ends_at` (unix seconds, UTC).
    pub special_ends_at: Option<i64>,
}

impl OfferTerms {
    /// The offer when active at `now`: (offer price of the cheapest variant, end).
    ///
    /// ```
    /// use shop_server::catalog::offer::OfferTerms;
    /// let t = OfferTerms { base_price: 100, special_price: Some(80), special_ends_at: Some(50) };
    /// assert_eq!(t.offer(49), Some((80, 50)));
    /// assert_eq!(t.offer(50), None);
    /// ```
    pub fn offer(&self, now: i64) -> Option<(i64, i64)> {
        match (self.special_price, self.special_ends_at) {
            (Some(p), Some(end)) if end > now && p > 0 && p < self.base_price => Some((p, end)),
            _ => None,
        }
    }

    /// What a variant priced `variant_price` costs at `now`.
    ///
    /// ```
    /// use shop_server::catalog::offer::OfferTerms;
    /// let t = OfferTerms { base_price: 100, special_price: Some(80), special_ends_at: Some(50) };
    /// assert_eq!(t.variant_price(130, 10), 110);
    /// assert_eq!(t.variant_price(130, 60), 130);
    /// ```
    pub fn variant_price(&self, variant_price: i64, now: i64) -> i64 {
        match self.offer(now) {
            Some((p, _)) => (variant_price - (self.base_price - p)).max(0),
            None => variant_price,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_offer_fields_no_offer() {
        let t = OfferTerms {
            base_price: 100,
            ..Default::default()
        };
        assert_eq!(t.offer(0), None);
        assert_eq!(t.variant_price(120, 0), 120);
    }

    #[test]
    fn offer_not_below_base_is_ignored() {
        let t = OfferTerms {
            base_price: 100,
            special_price: Some(100),
            special_ends_at: Some(i64::MAX),
        };
        assert_eq!(t.variant_price(150, 0), 150);
        let t = OfferTerms {
            base_price: 100,
            special_price: Some(0),
            special_ends_at: Some(i64::MAX),
        };
        assert_eq!(t.variant_price(150, 0), 150);
    }

    #[test]
    fn discount_never_goes_below_zero() {
        let t = OfferTerms {
            base_price: 100,
            special_price: Some(10),
            special_ends_at: Some(10),
        };
        assert_eq!(t.variant_price(100, 0), 10);
        assert_eq!(t.variant_price(50, 0), 0);
    }
}
