//! The checkout's sums beyond the cart: what an order costs with delivery and discount, and
//! the default time an unpaid order holds its stock.
//!
//! ```
//! use shop_core::checkout::payable;
//! assert_eq!(payable(75_700_000, 120_000, 0), 75_820_000);
//! assert_eq!(payable(100, 0, 500), 0);
//! ```

/// Minutes an unpaid registered order keeps its stock reserved, unless configured otherwise.
pub const DEFAULT_HOLD_MINUTES: i64 = 20;

/// What the customer pays: the lines' total (`cart::order_total`) plus delivery, less the
/// discount; saturating, never below zero. Negative inputs count as zero.
pub fn payable(items_total: i64, delivery_price: i64, discount: i64) -> i64 {
    items_total
        .max(0)
        .saturating_add(delivery_price.max(0))
        .saturating_sub(discount.max(0))
        .max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums() {
        assert_eq!(payable(0, 0, 0), 0);
        assert_eq!(payable(1_000, 250, 100), 1_150);
        assert_eq!(payable(i64::MAX, 10, 0), i64::MAX);
        assert_eq!(payable(-5, -5, -5), 0);
        assert_eq!(payable(10, 0, 11), 0);
    }
}
