//! What a customer's return request must hold.
//!
//! **What.** [`check_request`] takes the lines asked back (order line id and quantity), the
//! reason's code (one of [`REASONS`]), the description and the number of photos, beside what
//! the order holds per line (quantity bought, quantity already in a return that is open or
//! refunded). It accepts at least one line, each with a quantity of 1 or more within what is
//! left of it; a reason from the list; a description of at most [`DESCRIPTION_MAX`]
//! characters; at most [`crate::validation::MAX_FILES`] photos (each photo is checked by
//! [`crate::validation::validate_upload`]). Otherwise the Persian message of the first
//! problem.
//!
//! **Why.** A line already returned (or with a return under way) must not be refunded twice,
//! and the reasons are a list so that staff can count them. The web form shows the same
//! messages before the request leaves.
//!
//! **Example.**
//! ```
//! use shop_core::returns::request::{check_request, Asked, Held, RequestError};
//! let held = [Held { line_id: 7, bought: 2, taken: 1 }];
//! assert!(check_request(&[Asked { line_id: 7, num: 1 }], "defective", "", 0, &held).is_ok());
//! assert_eq!(
//!     check_request(&[Asked { line_id: 7, num: 2 }], "defective", "", 0, &held).unwrap_err().to_string(),
//!     "برای این کالا حداکثر ۱ عدد را می‌توانید بازگردانید"
//! );
//! ```

use serde::{Deserialize, Serialize};

use crate::digits::to_persian_digits;
use crate::validation::{too_many_files_message, MAX_FILES};

/// The reasons a customer may give: (stored code, Persian label).
pub const REASONS: [(&str, &str); 5] = [
    ("defective", "ایراد فنی یا خرابی"),
    ("not_as_described", "مغایرت با مشخصات"),
    ("damaged_in_transit", "آسیب‌دیدگی در حمل"),
    ("wrong_item", "ارسال کالای اشتباه"),
    ("changed_mind", "انصراف از خرید"),
];

/// The longest description, in characters.
pub const DESCRIPTION_MAX: usize = 1000;

/// The Persian label of a reason code (`None` for a code not in [`REASONS`]).
pub fn reason_label(code: &str) -> Option<&'static str> {
    REASONS.iter().find(|(c, _)| *c == code).map(|(_, l)| *l)
}

/// A line asked back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Asked {
    /// The order line's id.
    pub line_id: i64,
    /// Units asked back.
    pub num: i64,
}

/// What the order holds of a line: `bought`, and `taken` by returns that are open or refunded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// The order line's id.
    pub line_id: i64,
    /// Units bought.
    pub bought: i64,
    /// Units held by returns that are open or refunded.
    pub taken: i64,
}

/// Why a request was refused; `Display` is the Persian message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// No line asked.
    NoLines,
    /// A line that is not in the order.
    UnknownLine,
    /// A line asked twice in one request.
    LineTwice,
    /// A quantity below 1.
    Quantity,
    /// The line was returned already (or has a return under way).
    AlreadyReturned,
    /// More than what is left of the line (what is left).
    AboveLeft(i64),
    /// A reason not in the list.
    Reason,
    /// A description over the limit.
    DescriptionLong,
    /// More photos than allowed.
    TooManyPhotos,
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoLines => f.write_str("کالایی را برای بازگرداندن انتخاب کنید"),
            Self::UnknownLine => f.write_str("این کالا در سفارش شما نیست"),
            Self::LineTwice => f.write_str("هر کالا را یک بار در درخواست بیاورید"),
            Self::Quantity => f.write_str("تعداد بازگشتی باید دست‌کم ۱ باشد"),
            Self::AlreadyReturned => f.write_str("این کالا پیش‌تر مرجوع شده یا درخواست مرجوعی باز دارد"),
            Self::AboveLeft(left) => {
                write!(f, "برای این کالا حداکثر {} عدد را می‌توانید بازگردانید", to_persian_digits(&left.to_string()))
            }
            Self::Reason => f.write_str("دلیل مرجوعی را از فهرست انتخاب کنید"),
            Self::DescriptionLong => f.write_str("توضیحات باید حداکثر ۱۰۰۰ کاراکتر باشد"),
            Self::TooManyPhotos => f.write_str(&too_many_files_message(MAX_FILES)),
        }
    }
}

impl std::error::Error for RequestError {}

/// Checks a request (see the module documentation); the first problem wins, in the order:
/// photos, reason, description, lines.
pub fn check_request(asked: &[Asked], reason: &str, description: &str, photos: usize, held: &[Held]) -> Result<(), RequestError> {
    if photos > MAX_FILES {
        return Err(RequestError::TooManyPhotos);
    }
    if reason_label(reason.trim()).is_none() {
        return Err(RequestError::Reason);
    }
    if description.trim().chars().count() > DESCRIPTION_MAX {
        return Err(RequestError::DescriptionLong);
    }
    if asked.is_empty() {
        return Err(RequestError::NoLines);
    }
    for (i, a) in asked.iter().enumerate() {
        if asked[..i].iter().any(|b| b.line_id == a.line_id) {
            return Err(RequestError::LineTwice);
        }
        let h = held.iter().find(|h| h.line_id == a.line_id).ok_or(RequestError::UnknownLine)?;
        if a.num < 1 {
            return Err(RequestError::Quantity);
        }
        let left = h.bought.saturating_sub(h.taken).max(0);
        if left == 0 {
            return Err(RequestError::AlreadyReturned);
        }
        if a.num > left {
            return Err(RequestError::AboveLeft(left));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HELD: [Held; 2] = [Held { line_id: 1, bought: 1, taken: 0 }, Held { line_id: 2, bought: 1, taken: 1 }];

    fn check(asked: &[Asked]) -> Result<(), RequestError> {
        check_request(asked, "defective", "صفحه نمایش خط دارد", 1, &HELD)
    }

    #[test]
    fn a_line_already_returned_cannot_be_asked_again() {
        assert_eq!(check(&[Asked { line_id: 2, num: 1 }]), Err(RequestError::AlreadyReturned));
    }

    #[test]
    fn lines_must_be_the_orders_once_each_with_a_quantity() {
        assert_eq!(check(&[]), Err(RequestError::NoLines));
        assert_eq!(check(&[Asked { line_id: 9, num: 1 }]), Err(RequestError::UnknownLine));
        assert_eq!(check(&[Asked { line_id: 1, num: 0 }]), Err(RequestError::Quantity));
        assert_eq!(check(&[Asked { line_id: 1, num: 1 }, Asked { line_id: 1, num: 1 }]), Err(RequestError::LineTwice));
        assert_eq!(check(&[Asked { line_id: 1, num: 1 }]), Ok(()));
    }

    #[test]
    fn reason_description_and_photos_are_checked() {
        let one = [Asked { line_id: 1, num: 1 }];
        assert_eq!(check_request(&one, "bored", "", 0, &HELD), Err(RequestError::Reason));
        assert_eq!(check_request(&one, "defective", &"ب".repeat(1001), 0, &HELD), Err(RequestError::DescriptionLong));
        assert!(check_request(&one, "defective", &"ب".repeat(1000), 3, &HELD).is_ok());
        let e = check_request(&one, "defective", "", 4, &HELD).unwrap_err();
        assert_eq!(e.to_string(), "حداکثر ۳ فایل می‌توانید پیوست کنید");
    }
}
