//! The alert SMS texts.
//!
//! **What.** A restock alert: «{name}» is back, at its price now. A price-drop alert: the
//! price of «{name}» went from the threshold (the price when the customer asked) to its price
//! now. Prices in Persian digits and Toman (`digits::format_price`), the product page's address
//! last (Latin, so the phone makes it a link).
//!
//! **Why.** The job sends these from the server; the texts are kept with the rules so every
//! SMS reads the same and its vectors pin the wording.
//!
//! **Example.**
//! ```
//! use shop_core::alert::{sms::alert_sms, AlertKind};
//! assert_eq!(
//!     alert_sms(AlertKind::Restock, "لپ‌تاپ ایسوس", 0, 41_500_000, "https://x/product/p1"),
//!     "«لپ‌تاپ ایسوس» موجود شد. قیمت: ۴۱٬۵۰۰٬۰۰۰ تومان. خرید: https://x/product/p1"
//! );
//! assert_eq!(
//!     alert_sms(AlertKind::PriceDrop, "لپ‌تاپ ایسوس", 41_500_000, 39_900_000, "https://x/product/p1"),
//!     "قیمت «لپ‌تاپ ایسوس» از ۴۱٬۵۰۰٬۰۰۰ تومان به ۳۹٬۹۰۰٬۰۰۰ تومان رسید. خرید: https://x/product/p1"
//! );
//! ```

use super::AlertKind;
use crate::digits::format_price;

/// The SMS of an alert of `kind` on product `name`, recorded at `threshold`, firing at `price`;
/// `url` is the product page.
pub fn alert_sms(kind: AlertKind, name: &str, threshold: i64, price: i64, url: &str) -> String {
    let name = name.trim();
    match kind {
        AlertKind::Restock => format!("«{name}» موجود شد. قیمت: {}. خرید: {url}", format_price(price)),
        AlertKind::PriceDrop => {
            format!("قیمت «{name}» از {} به {} رسید. خرید: {url}", format_price(threshold), format_price(price))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_prices_persian() {
        let s = alert_sms(AlertKind::Restock, "  ThinkPad X1 ", 0, 1000, "u");
        assert_eq!(s, "«ThinkPad X1» موجود شد. قیمت: ۱٬۰۰۰ تومان. خرید: u");
    }
}
