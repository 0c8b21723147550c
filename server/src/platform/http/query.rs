//! Query-parameter parsing shared by the areas' list endpoints.

use shop_core::validation::{validate, Rule};

use crate::platform::error::ApiError;

/// Largest page size.
pub const MAX_PAGE_SIZE: u64 = 60;

/// Validate `page` (from 1) and `size` (1..; capped at [`MAX_PAGE_SIZE`]). 400 naming the
/// field otherwise, with core's message.
pub fn page_and_size(page: Option<i64>, size: Option<i64>, default_size: u64) -> Result<(u64, u64), ApiError> {
    let page = page.unwrap_or(1);
    if let Err(m) = validate(&Rule::MinValue { n: 0 }, "شماره صفحه", &page.to_string()) {
        return Err(ApiError::bad_field("page", m));
    }
    let size = size.unwrap_or(default_size as i64);
    if let Err(m) = validate(&Rule::MinValue { n: 0 }, "تعداد در صفحه", &size.to_string()) {
        return Err(ApiError::bad_field("size", m));
    }
    Ok((page as u64, (size as u64).min(MAX_PAGE_SIZE)))
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_start_at_one_and_sizes_are_capped() {
        assert_eq!(page_and_size(None, None, 24).unwrap(), (1, 24));
        assert_eq!(page_and_size(Some(3), Some(1000), 24).unwrap(), (3, 60));
        assert_eq!(page_and_size(Some(0), None, 24).unwrap_err().body().field.as_deref(), Some("page"));
        assert_eq!(page_and_size(None, Some(0), 24).unwrap_err().body().field.as_deref(), Some("size"));
    }

    #[test]
    fn lists_and_flags() {
        assert_eq!(comma_list(&Some(" Asus, ,HP ".into())), vec!["asus", "hp"]);
        assert!(comma_list(&None).is_empty());
        assert!(flag(&Some("1".into())) && flag(&Some(" on ".into())));
        assert!(!flag(&Some("0".into())) && !flag(&None));
    }
}
