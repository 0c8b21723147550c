//! Whether a waiting alert fires now.
//!
//! **What.** A restock alert fires when the variant has a unit in stock. A price-drop alert
//! fires when the variant is in stock and its price is below the threshold recorded at
//! subscription (today's price then). Nothing else: not the way the price got there.
//!
//! **Why.** The job asks this with the stock and price it reads when it runs, so a price that
//! went down and back up within a minute fires nothing ("no alert storm"), and an alert, once
//! sent, is never asked again: each fires once.
//!
//! **Example.**
//! ```
//! use shop_core::alert::{fire::fires, AlertKind, VariantNow};
//! assert!(fires(AlertKind::PriceDrop, 100, VariantNow { stock: 1, price: 99 }));
//! assert!(!fires(AlertKind::PriceDrop, 100, VariantNow { stock: 1, price: 100 }));
//! assert!(!fires(AlertKind::PriceDrop, 100, VariantNow { stock: 0, price: 50 }));
//! assert!(!fires(AlertKind::Restock, 100, VariantNow { stock: 0, price: 50 }));
//! ```

use super::{AlertKind, VariantNow};

/// Whether an alert of `kind` recorded with `threshold` fires for the variant as it is `now`.
pub fn fires(kind: AlertKind, threshold: i64, now: VariantNow) -> bool {
    match kind {
        AlertKind::Restock => now.in_stock(),
        AlertKind::PriceDrop => now.in_stock() && now.price < threshold,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restock_ignores_the_price() {
        assert!(fires(AlertKind::Restock, 10, VariantNow { stock: 1, price: 1_000 }));
        assert!(!fires(AlertKind::Restock, 10, VariantNow { stock: -1, price: 1 }));
    }

    #[test]
    fn price_drop_is_strictly_below() {
        let at = |price| VariantNow { stock: 5, price };
        assert!(!fires(AlertKind::PriceDrop, 100, at(101)));
        assert!(!fires(AlertKind::PriceDrop, 100, at(100)));
        assert!(fires(AlertKind::PriceDrop, 100, at(99)));
        assert!(fires(AlertKind::PriceDrop, i64::MAX, at(i64::MIN)));
    }
}
