//! A review's rating.
//!
//! **What.** A whole number of stars from 1 to 5, typed in any digit set (`۵` is 5).
//! **Why.** The summary counts each star; a 0 or a 6 would break its shares, and a typed
//! value means the server never stores one.
//! **Example.**
//! ```
//! use shop_core::review::rating::Rating;
//! assert_eq!(Rating::parse("۴").unwrap().get(), 4);
//! assert_eq!(Rating::parse("6").unwrap_err().message, "امتیاز باید عددی از ۱ تا ۵ باشد");
//! ```

use crate::digits::to_western_digits;
use crate::validation::{FieldError, RuleKind};

fn refused() -> FieldError {
    FieldError { field: "rating", rule: RuleKind::Numeric, message: MESSAGE.to_owned() }
}

/// 1 to 5 stars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rating(u8);

/// The rating's Persian name.
pub const LABEL: &str = "امتیاز";
/// The message of a rating outside 1–5.
pub const MESSAGE: &str = "امتیاز باید عددی از ۱ تا ۵ باشد";

impl Rating {
    /// The fewest stars.
    pub const MIN: u8 = 1;
    /// The most stars.
    pub const MAX: u8 = 5;

    /// A rating from text (digits in any set, trimmed), or why not.
    pub fn parse(s: &str) -> Result<Self, FieldError> {
        let t = to_western_digits(s.trim());
        match t.parse::<u8>() {
            Ok(n) => Self::new(n),
            Err(_) => Err(refused()),
        }
    }

    /// A rating from a number, or why not.
    pub fn new(n: u8) -> Result<Self, FieldError> {
        if (Self::MIN..=Self::MAX).contains(&n) {
            Ok(Self(n))
        } else {
            Err(refused())
        }
    }

    /// The stars.
    pub fn get(self) -> u8 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_six_and_words_are_refused() {
        for bad in ["0", "6", "", "five", "-1", "4.5", "۰", "256"] {
            assert_eq!(Rating::parse(bad).unwrap_err().message, MESSAGE, "{bad}");
        }
        assert_eq!(Rating::parse(" ٣ ").unwrap().get(), 3);
        assert_eq!(Rating::new(1).unwrap().get(), 1);
    }
}
