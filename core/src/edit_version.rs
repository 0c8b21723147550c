//! Two staff, one record: a back-office save made against an old version.
//!
//! **What.** Every record staff edit (a product, a variant, a delivery option, a discount code,
//! an instalment plan, a page) carries a `version`, bumped by each save. A save names the
//! version it was made from; [`check`] refuses it when the record has moved on since, with a
//! [`StaleEdit`] whose message names, in Persian, what the other save changed.
//!
//! **Why.** Without it the second of two staff saving the same product silently overwrites the
//! first one's price. The message names the fields so the second person knows what to look at
//! before saving again, instead of a bare "conflict".
//!
//! **Example.**
//! ```
//! use shop_core::edit_version::{check, StaleEdit};
//! assert!(check(3, 3, || vec![]).is_ok());
//! let stale = check(3, 4, || vec!["قیمت".into(), "موجودی".into()]).unwrap_err();
//! assert_eq!(stale.to_string(),
//!     "همکار دیگری پس از باز شدن این فرم این‌ها را تغییر داده است: قیمت، موجودی. فرم را دوباره باز کنید و تغییر خود را دوباره ثبت کنید.");
//! ```

/// The start of the message (then the changed fields, joined with «، »).
pub const STALE_PREFIX: &str = "همکار دیگری پس از باز شدن این فرم این‌ها را تغییر داده است: ";
/// The end of the message.
pub const STALE_SUFFIX: &str = ". فرم را دوباره باز کنید و تغییر خود را دوباره ثبت کنید.";
/// The message when what changed is not known (for example, the record was removed and made again).
pub const STALE_UNKNOWN_MESSAGE: &str =
    "همکار دیگری پس از باز شدن این فرم آن را تغییر داده است. فرم را دوباره باز کنید و تغییر خود را دوباره ثبت کنید.";

/// A refused save: the Persian names of the fields changed since the version it was made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaleEdit {
    /// The changed fields' Persian names, in the order first changed, without repeats.
    pub changed: Vec<String>,
}

impl std::fmt::Display for StaleEdit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.changed.is_empty() {
            return f.write_str(STALE_UNKNOWN_MESSAGE);
        }
        write!(f, "{STALE_PREFIX}{}{STALE_SUFFIX}", self.changed.join("، "))
    }
}

impl std::error::Error for StaleEdit {}

/// Refuses a save made from version `expected` when the record is at `current`; `changed` is
/// asked (only then) for the Persian names of what changed in between.
pub fn check(expected: i64, current: i64, changed: impl FnOnce() -> Vec<String>) -> Result<(), StaleEdit> {
    if expected == current {
        return Ok(());
    }
    let mut seen: Vec<String> = Vec::new();
    for name in changed() {
        if !seen.contains(&name) {
            seen.push(name);
        }
    }
    Err(StaleEdit { changed: seen })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_version_saves() {
        assert_eq!(check(0, 0, || panic!("not asked")), Ok(()));
    }

    #[test]
    fn an_old_version_names_each_changed_field_once() {
        let e = check(1, 3, || vec!["قیمت".into(), "موجودی".into(), "قیمت".into()]).unwrap_err();
        assert_eq!(e.changed, vec!["قیمت".to_string(), "موجودی".to_string()]);
        assert!(e.to_string().contains("قیمت، موجودی"));
    }

    #[test]
    fn a_newer_version_than_stored_is_refused_too() {
        // A forged or mistyped version must not pass either.
        assert_eq!(check(9, 3, Vec::new).unwrap_err().to_string(), STALE_UNKNOWN_MESSAGE);
    }
}
