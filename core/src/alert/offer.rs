//! Which alert a variant accepts now, and what the subscription records.
//!
//! **What.** An out-of-stock variant (stock 0 or less) accepts a restock alert only; an
//! in-stock variant accepts a price-drop alert only, whose threshold is today's price (it fires
//! when the price falls below it). [`check`] answers a subscription with its threshold or the
//! Persian refusal; [`offered`] lists what the product page offers.
//!
//! **Why.** A restock alert on a variant that can be bought now would never be useful, and a
//! price drop on one that cannot be bought would tell the customer of a price they cannot pay.
//! The product page (WASM `alert_kinds`) and the server's subscribe call decide by this one
//! rule, so the button the page shows is the one the server accepts.
//!
//! **Example.**
//! ```
//! use shop_core::alert::{offer::{check, offered, AlertRefusal}, AlertKind, VariantNow};
//! let v = VariantNow { stock: 2, price: 41_000_000 };
//! assert_eq!(offered(v), vec![AlertKind::PriceDrop]);
//! assert_eq!(check(AlertKind::PriceDrop, v), Ok(41_000_000));
//! assert_eq!(check(AlertKind::Restock, v), Err(AlertRefusal::InStock));
//! ```

use super::{AlertKind, VariantNow};

/// Why a subscription is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlertRefusal {
    /// A restock alert for a variant in stock.
    #[error("این کالا هم‌اکنون موجود است و می‌توانید آن را بخرید؛ خبر موجود شدن برای کالای ناموجود است")]
    InStock,
    /// A price-drop alert for a variant out of stock.
    #[error("این کالا ناموجود است؛ برای آن «موجود شد خبرم کن» را بزنید")]
    OutOfStock,
}

/// The kinds the variant accepts now, in the page's order.
pub fn offered(v: VariantNow) -> Vec<AlertKind> {
    AlertKind::ALL.into_iter().filter(|k| check(*k, v).is_ok()).collect()
}

/// A subscription of `kind` to the variant as it is now: the threshold to record (today's
/// price), or why it is refused.
pub fn check(kind: AlertKind, v: VariantNow) -> Result<i64, AlertRefusal> {
    match kind {
        AlertKind::Restock if v.in_stock() => Err(AlertRefusal::InStock),
        AlertKind::PriceDrop if !v.in_stock() => Err(AlertRefusal::OutOfStock),
        _ => Ok(v.price),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_stock_accepts_restock_only() {
        for stock in [0, -3, i64::MIN] {
            let v = VariantNow { stock, price: 10 };
            assert_eq!(offered(v), vec![AlertKind::Restock]);
            assert_eq!(check(AlertKind::PriceDrop, v), Err(AlertRefusal::OutOfStock));
        }
    }

    #[test]
    fn in_stock_accepts_price_drop_at_todays_price() {
        let v = VariantNow { stock: 1, price: 99 };
        assert_eq!(offered(v), vec![AlertKind::PriceDrop]);
        assert_eq!(check(AlertKind::PriceDrop, v), Ok(99));
        assert_eq!(check(AlertKind::Restock, v), Err(AlertRefusal::InStock));
    }
}
