//! At most `max` chars: the bound on free text the server stores (a ticket's subject and
//! message). Not a [`Rule`](super::Rule) of the spec's forms; the server checks it after
//! cleaning the text.
//!
//! **What:** counts chars (Unicode scalar values), as `MinLength` does.
//! **Why:** a Persian letter is two bytes; a byte bound would halve the allowed length.
//! **Example:**
//! ```
//! use shop_core::validation::{check_max_length, too_long_message};
//! assert!(check_max_length("موضوع", "سلام", 4).is_ok());
//! assert_eq!(check_max_length("موضوع", "سلام!", 4).unwrap_err(), "موضوع باید حداکثر ۴ کاراکتر باشد");
//! assert_eq!(too_long_message("متن پیام", 5000), "متن پیام باید حداکثر ۵۰۰۰ کاراکتر باشد");
//! ```

/// `{field} باید حداکثر {max} کاراکتر باشد`, `max` in Persian digits.
pub fn too_long_message(field: &str, max: usize) -> String {
    format!("{field} باید حداکثر {} کاراکتر باشد", crate::digits::to_persian_digits(&max.to_string()))
}

/// `Ok` when `value` has at most `max` chars, else [`too_long_message`].
pub fn check_max_length(field: &str, value: &str, max: usize) -> Result<(), String> {
    if value.chars().count() > max {
        Err(too_long_message(field, max))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_chars_not_bytes() {
        assert!(check_max_length("x", &"ب".repeat(10), 10).is_ok());
        assert!(check_max_length("x", &"ب".repeat(11), 10).is_err());
    }
}
