//! `MinValue { n }`: a number strictly greater than `n`.
//!
//! **What:** a `Numeric` value compared with `n` exactly (no floating point), so
//! `5.0000000000000000001 > 5` holds; empty passes.
//! **Why:** quantities and page numbers must be positive; a float compare would round.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::MinValue { n: 0 }, "تعداد", "0").unwrap_err().message(), "تعداد باید بزرگتر از ۰ باشد");
//! assert!(validate(&Rule::MinValue { n: 0 }, "تعداد", "۱").is_ok());
//! ```

use super::numeric::parse_decimal;
use std::cmp::Ordering;

pub(super) const MESSAGE: &str = "{field} باید بزرگتر از N باشد";

pub(super) fn passes(value: &str, n: i64) -> bool {
    parse_decimal(value).is_some_and(|d| d.cmp_int(n) == Ordering::Greater)
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn min_value_is_strictly_greater() {
        assert_eq!(err(Rule::MinValue { n: 5 }, "5"), Some("فیلد باید بزرگتر از ۵ باشد".into()));
        assert_eq!(err(Rule::MinValue { n: 5 }, "5.0000000000000000001"), None);
        assert_eq!(err(Rule::MinValue { n: 5 }, "۶"), None);
        assert!(err(Rule::MinValue { n: -2 }, "-2").is_some());
        assert_eq!(err(Rule::MinValue { n: -2 }, "-1.5"), None);
        assert!(err(Rule::MinValue { n: 0 }, "-0").is_some());
        assert!(err(Rule::MinValue { n: 0 }, "abc").is_some());
    }

    #[test]
    fn min_value_handles_extreme_bounds_and_huge_values() {
        assert_eq!(err(Rule::MinValue { n: i64::MAX }, &"9".repeat(10_000)), None);
        assert_eq!(err(Rule::MinValue { n: i64::MIN }, "-9223372036854775807"), None);
        assert!(err(Rule::MinValue { n: i64::MIN }, "-9223372036854775809").is_some());
    }
}
