//! Prices: the discount shown beside a reduced price.
//!
//! **Decision:** the percentage is rounded *down* to a whole percent (never overstating the
//! offer: 12.7% off shows ۱۲٪), and any real reduction shows at least 1%. No reduction, an
//! old price of 0 or below, or a new price above the old one: 0. A negative new price counts
//! as free (100%). The card, the product page and the server-rendered hero all use this.
//!
//! ```
//! use shop_core::price::discount_percent;
//! assert_eq!(discount_percent(1_000, 873).get(), 12); // 12.7% rounds down
//! assert_eq!(discount_percent(1_000, 999).get(), 1);  // 0.1%: at least 1
//! assert_eq!(discount_percent(1_000, 1_000).get(), 0);
//! ```

use crate::types::DiscountPercent;

/// The whole percent off when a price drops from `old` to `new` (Toman).
///
/// ```
/// use shop_core::price::discount_percent;
/// assert_eq!(discount_percent(13_000_000, 11_500_000).get(), 11); // 11.54%
/// assert_eq!(discount_percent(0, 0).get(), 0);
/// ```
pub fn discount_percent(old: i64, new: i64) -> DiscountPercent {
    if old <= 0 || new >= old {
        return DiscountPercent::NONE;
    }
    let off = (i128::from(old) - i128::from(new.max(0))) * 100 / i128::from(old);
    DiscountPercent::try_from(off.clamp(1, 100) as i64).unwrap_or(DiscountPercent::NONE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_down_to_a_whole_percent() {
        assert_eq!(discount_percent(100, 90).get(), 10);
        assert_eq!(discount_percent(1_000, 873).get(), 12);
        assert_eq!(discount_percent(3, 1).get(), 66);
    }

    #[test]
    fn any_reduction_shows_at_least_one_percent() {
        assert_eq!(discount_percent(1_000_000, 999_999).get(), 1);
    }

    #[test]
    fn no_reduction_or_a_bad_old_price_is_zero() {
        assert_eq!(discount_percent(100, 100).get(), 0);
        assert_eq!(discount_percent(100, 150).get(), 0);
        assert_eq!(discount_percent(0, -5).get(), 0);
        assert_eq!(discount_percent(-100, -200).get(), 0);
    }

    #[test]
    fn free_or_negative_new_price_is_a_hundred_percent() {
        assert_eq!(discount_percent(100, 0).get(), 100);
        assert_eq!(discount_percent(100, -50).get(), 100);
        assert_eq!(discount_percent(i64::MAX, i64::MIN).get(), 100);
    }
}
