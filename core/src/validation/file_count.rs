//! At most `max` files in one upload (a ticket message's attachments).
//!
//! **What:** the message for more files than allowed, the number in Persian digits.
//! **Why:** each file is checked by [`validate_upload`](super::validate_upload); the count is
//! checked before any of them, so the customer hears about the count first.
//! **Example:**
//! ```
//! use shop_core::validation::too_many_files_message;
//! assert_eq!(too_many_files_message(3), "حداکثر ۳ فایل می‌توانید پیوست کنید");
//! ```

use crate::digits::to_persian_digits;

/// Files one ticket message may carry.
pub const MAX_FILES: usize = 3;

/// `حداکثر {max} فایل می‌توانید پیوست کنید`, `max` in Persian digits.
pub fn too_many_files_message(max: usize) -> String {
    format!("حداکثر {} فایل می‌توانید پیوست کنید", to_persian_digits(&max.to_string()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_the_limit() {
        assert!(super::too_many_files_message(12).contains("۱۲"));
    }
}
