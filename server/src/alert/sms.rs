//! The alert SMS: core's text (`shop_core::alert::sms`) with the product page's address.

use shop_core::alert::{sms::alert_sms, AlertKind};

/// The SMS of an alert of `kind` on product `name` (`uid`), recorded at `threshold`, firing at
/// `price`; `public_url` is the shop's (`SHOP_PUBLIC_URL`).
pub fn text(kind: AlertKind, name: &str, uid: &str, threshold: i64, price: i64, public_url: &str) -> String {
    let url = format!("{}/product/{}", public_url.trim_end_matches('/'), uid);
    alert_sms(kind, name, threshold, price, &url)
}
