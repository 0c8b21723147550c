//! Query-parameter parsing shared by the areas' list endpoints.

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
    fn lists_and_flags() {
        assert_eq!(comma_list(&Some(" Asus, ,HP ".into())), vec!["asus", "hp"]);
        assert!(comma_list(&None).is_empty());
        assert!(flag(&Some("1".into())) && flag(&Some(" on ".into())));
        assert!(!flag(&Some("0".into())) && !flag(&None));
    }
}
