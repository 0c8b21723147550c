//! How many units one cart line may hold, and whether the stock covers them.
//!
//! **What.** A line's quantity is 1 to [`MAX_QUANTITY`] ([`check_quantity`], message
//! [`QUANTITY_MESSAGE`]); `stock` units cover a line of `num` when `num <= stock`
//! ([`in_stock`]; stock released by the cart's earlier registration is added by the caller).
//!
//! **Why.** The cart edit, a prepared order, the checkout and the browser's own cart each
//! applied the limit and the stock comparison, spelled differently; here they are said once.
//!
//! **Example.**
//! ```
//! use shop_core::quote::{check_quantity, in_stock, MAX_QUANTITY};
//! assert!(check_quantity(1).is_ok() && check_quantity(MAX_QUANTITY).is_ok());
//! assert_eq!(check_quantity(101).unwrap_err().to_string(), "تعداد باید عددی بین ۱ و ۱۰۰ باشد");
//! assert!(in_stock(3, 3) && !in_stock(2, 3));
//! ```

/// The largest quantity one cart line may hold.
pub const MAX_QUANTITY: i64 = 100;

/// The quantity rule's message (1 to [`MAX_QUANTITY`], in Persian digits).
pub const QUANTITY_MESSAGE: &str = "تعداد باید عددی بین ۱ و ۱۰۰ باشد";

/// A quantity outside 1..=[`MAX_QUANTITY`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", QUANTITY_MESSAGE)]
pub struct QuantityError;

/// `Ok` when a line may hold `num` units.
pub fn check_quantity(num: i64) -> Result<i64, QuantityError> {
    if (1..=MAX_QUANTITY).contains(&num) {
        Ok(num)
    } else {
        Err(QuantityError)
    }
}

/// Whether `stock` units cover a line of `num`.
pub fn in_stock(stock: i64, num: i64) -> bool {
    num <= stock
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_are_inclusive() {
        assert_eq!(check_quantity(0), Err(QuantityError));
        assert_eq!(check_quantity(-1), Err(QuantityError));
        assert_eq!(check_quantity(100), Ok(100));
        assert_eq!(check_quantity(i64::MAX), Err(QuantityError));
    }

    #[test]
    fn the_message_names_the_limit() {
        assert!(QUANTITY_MESSAGE.contains(&crate::digits::to_persian_digits(&MAX_QUANTITY.to_string())));
    }

    #[test]
    fn stock_covers_equal_quantities() {
        assert!(in_stock(0, 0));
        assert!(!in_stock(0, 1));
        assert!(in_stock(i64::MAX, 100));
    }
}
