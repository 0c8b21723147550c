//! Query-parameter parsing shared by the areas' list endpoints.

use shop_core::jalali::JalaliDate;

use crate::platform::error::{ApiError, ApiResult};

/// A comma-separated parameter as trimmed, lower-case, non-empty values.
pub fn comma_list(v: &Option<String>) -> Vec<String> {
    v.as_deref()
        .unwrap_or("")
        .split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A yes/no parameter: `1`, `true`, `yes` or `on` is yes; anything else (or none) is no.
pub fn flag(v: &Option<String>) -> bool {
    matches!(v.as_deref().map(str::trim), Some("1" | "true" | "yes" | "on"))
}

/// A range of Jalali days typed by staff in a list's `from` and `to` fields (both included,
/// Tehran time), as Unix seconds: `from` is the first second of the first day, `until` the
/// first second after the last day. An empty field leaves that end open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DayRange {
    pub from: Option<i64>,
    pub until: Option<i64>,
}

impl DayRange {
    /// Parses the `from` and `to` fields; a bad day is refused in Persian, naming its field.
    pub fn parse(from: &str, to: &str) -> ApiResult<Self> {
        Self::parse_fields(("from", from), ("to", to))
    }

    /// [`DayRange::parse`] for fields of other names (`(name, text)`: first and last day).
    pub fn parse_fields(first: (&'static str, &str), last: (&'static str, &str)) -> ApiResult<Self> {
        Ok(DayRange { from: day_start(first.0, first.1, 0)?, until: day_start(last.0, last.1, 86_400)? })
    }
}

fn day_start(field: &'static str, text: &str, plus: i64) -> ApiResult<Option<i64>> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let day = JalaliDate::parse(text).map_err(|e| ApiError::invalid(field, e.message))?;
    let start = shop_core::tehran::tehran_day_start(&day).ok_or_else(|| ApiError::invalid(field, shop_core::jalali::DATE_MESSAGE))?;
    Ok(Some(start + plus))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_flags() {
        assert_eq!(comma_list(&Some(" Asus, ,HP ".into())), vec!["asus", "hp"]);
        assert!(comma_list(&None).is_empty());
        assert!(flag(&Some("1".into())) && flag(&Some(" on ".into())));
        assert!(!flag(&Some("0".into())) && !flag(&None));
    }

    #[test]
    fn a_day_range_covers_whole_tehran_days_and_names_a_bad_field() {
        let r = DayRange::parse("۱۴۰۵/۰۹/۰۱", "1405/09/01").unwrap();
        assert_eq!(r.until.unwrap() - r.from.unwrap(), 86_400);
        assert_eq!(DayRange::parse("", " ").unwrap(), DayRange::default());
        assert!(DayRange::parse("", "1405/13/40").is_err());
    }
}
