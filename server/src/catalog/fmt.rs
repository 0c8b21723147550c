//! Display helpers shared by the catalogue, content and SEO modules (formatting rules come
//! from `shop_core`).

use chrono::{DateTime, Utc};

/// Unix seconds as RFC 3339 UTC (`2026-11-21T10:00:00Z`).
pub fn iso(ts: i64) -> String {
    DateTime::<Utc>::from_timestamp(ts, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Unix seconds as a Persian (Jalali) date on Tehran's calendar, e.g. `۳۰ آبان ۱۴۰۵`.
pub fn jalali(ts: i64) -> String {
    shop_core::tehran::format_tehran_date(ts, false)
}

/// Price in Toman with Persian digits (`۱۲٬۵۰۰٬۰۰۰ تومان`).
pub fn toman(amount: i64) -> String {
    shop_core::digits::format_price(amount)
}

/// Whether `s` is a plausible URL slug: 1..=120 ASCII lowercase letters, digits and dashes.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty() && s.len() <= 120 && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(iso(0), "1970-01-01T00:00:00Z");
        assert_eq!(jalali(1_710_892_800), "۱ فروردین ۱۴۰۳");
        assert!(is_slug("asus-zenbook-14"));
        assert!(!is_slug("a b") && !is_slug("لپتاپ") && !is_slug(""));
    }
}
