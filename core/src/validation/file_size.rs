//! `FileSize { max_bytes }`: an upload of at most `max_bytes`.
//!
//! **What:** the value is the size in bytes as a decimal string (any digit set), inclusive;
//! the message prints the limit in megabytes (`1`, `1.5`).
//! **Why:** uploads (ID scans, pictures) above the limit are refused before they are sent.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule, MAX_FILE_BYTES};
//! let rule = Rule::FileSize { max_bytes: MAX_FILE_BYTES };
//! assert_eq!(validate(&rule, "تصویر", "1048577").unwrap_err().message(), "تصویر باید حداکثر ۱ مگابایت باشد");
//! ```

use crate::digits::to_western_digits;

pub(super) const MESSAGE: &str = "{field} باید حداکثر N مگابایت باشد";

/// The upload limit the spec's message names: 1 MB = 1 048 576 bytes (inclusive).
///
/// ```
/// assert_eq!(shop_core::validation::MAX_FILE_BYTES, 1_048_576);
/// ```
pub const MAX_FILE_BYTES: u64 = 1_048_576;

pub(super) fn passes(value: &str, max_bytes: u64) -> bool {
    to_western_digits(value)
        .parse::<u64>()
        .is_ok_and(|size| size <= max_bytes)
}

/// Bytes as megabytes: whole numbers plainly, otherwise up to two decimals (`1.5`).
pub(super) fn megabytes(bytes: u64) -> String {
    let whole = bytes / MAX_FILE_BYTES;
    let hundredths = (bytes % MAX_FILE_BYTES) * 100 / MAX_FILE_BYTES;
    match hundredths {
        0 => whole.to_string(),
        h if h % 10 == 0 => format!("{whole}.{}", h / 10),
        h => format!("{whole}.{h:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{message, tests::err, validate_file, Rule};
    use super::*;

    #[test]
    fn file_size_is_inclusive_at_one_megabyte() {
        assert_eq!(validate_file("فایل", MAX_FILE_BYTES, "a.png"), Ok(()));
        assert_eq!(
            validate_file("فایل", MAX_FILE_BYTES + 1, "a.png").map_err(String::from),
            Err("فایل باید حداکثر ۱ مگابایت باشد".into())
        );
        assert_eq!(
            err(Rule::FileSize { max_bytes: MAX_FILE_BYTES }, "1048577"),
            Some("فیلد باید حداکثر ۱ مگابایت باشد".into())
        );
    }

    #[test]
    fn file_size_message_prints_fractional_megabytes() {
        assert_eq!(message(&Rule::FileSize { max_bytes: 1_572_864 }, "x"), "x باید حداکثر ۱٫۵ مگابایت باشد");
        assert_eq!(message(&Rule::FileSize { max_bytes: 2 * MAX_FILE_BYTES }, "x"), "x باید حداکثر ۲ مگابایت باشد");
    }
}
