//! When a unit's warranty ends, and whether a claim may still be opened.
//!
//! **What.** [`warranty_end`] is the Jalali day `months` months after `start` (the same day
//! of the month, or the month's last day when it is shorter: `instalment::add_months`).
//! `start` is the day the order was delivered, or the day it shipped while no delivery is
//! recorded (docs/decisions.md "Warranty and official invoices"). The end day is still
//! covered: [`check_claim_window`] accepts a claim on any day up to and including it, and
//! refuses one after it (or for a unit sold without a warranty, `months == 0`) with a
//! Persian message naming the day.
//! **Why.** The customer's order page shows the end date and the server refuses a late
//! claim: both must count months the same way, over Esfand's 29 or 30 days.
//! **Example.**
//! ```
//! use shop_core::warranty::end::{check_claim_window, warranty_end, ClaimWindowInput};
//! use shop_core::jalali::JalaliDate;
//! let d = |year, month, day| JalaliDate { year, month, day };
//! assert_eq!(warranty_end(d(1405, 9, 6), 12), Some(d(1406, 9, 6)));
//! let w = ClaimWindowInput { today: d(1406, 9, 7), start: d(1405, 9, 6), months: 12 };
//! assert_eq!(check_claim_window(&w).unwrap_err(),
//!     "گارانتی این کالا در ۶ آذر ۱۴۰۶ به پایان رسیده است؛ ثبت درخواست گارانتی ممکن نیست");
//! ```

use crate::jalali::{format_jalali, JalaliDate};
use serde::{Deserialize, Serialize};

/// The longest warranty a shop sells, in months (a bound for crafted input).
pub const MAX_MONTHS: u32 = 120;
/// The answer to a claim for a unit sold without a warranty.
pub const NO_WARRANTY_MESSAGE: &str = "این کالا بدون گارانتی فروخته شده است؛ ثبت درخواست گارانتی ممکن نیست";

/// The last day the warranty covers: `months` after `start`; `None` for a date that does not
/// exist or more than [`MAX_MONTHS`].
pub fn warranty_end(start: JalaliDate, months: u32) -> Option<JalaliDate> {
    if months > MAX_MONTHS {
        return None;
    }
    crate::instalment::add_months(start, months)
}

/// The answer to a claim made after `end`.
pub fn expired_message(end: &JalaliDate) -> String {
    format!("گارانتی این کالا در {} به پایان رسیده است؛ ثبت درخواست گارانتی ممکن نیست", format_jalali(end))
}

/// A claim's day, and the unit's warranty start and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimWindowInput {
    /// The day the claim is made (Tehran).
    pub today: JalaliDate,
    /// The day the warranty started (delivery, else shipping).
    pub start: JalaliDate,
    /// The warranty's months; 0 for none.
    pub months: u32,
}

/// The warranty's end day when a claim may be opened on `today`, or why not (Persian).
pub fn check_claim_window(w: &ClaimWindowInput) -> Result<JalaliDate, String> {
    if w.months == 0 {
        return Err(NO_WARRANTY_MESSAGE.to_owned());
    }
    let end = warranty_end(w.start, w.months).ok_or_else(|| crate::jalali::DATE_MESSAGE.to_owned())?;
    if !crate::jalali::is_valid_jalali(&w.today) {
        return Err(crate::jalali::DATE_MESSAGE.to_owned());
    }
    if w.today > end {
        return Err(expired_message(&end));
    }
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(year: i32, month: u32, day: u32) -> JalaliDate {
        JalaliDate { year, month, day }
    }

    #[test]
    fn months_are_added_on_the_jalali_calendar() {
        assert_eq!(warranty_end(d(1405, 1, 31), 6), Some(d(1405, 7, 30)));
        assert_eq!(warranty_end(d(1402, 6, 31), 18), Some(d(1403, 12, 30))); // 1403 is leap
        assert_eq!(warranty_end(d(1403, 6, 31), 18), Some(d(1404, 12, 29)));
        assert_eq!(warranty_end(d(1405, 9, 6), 0), Some(d(1405, 9, 6)));
        assert_eq!(warranty_end(d(1405, 9, 6), MAX_MONTHS + 1), None);
        assert_eq!(warranty_end(d(1405, 13, 1), 6), None);
    }

    #[test]
    fn the_end_day_is_covered_and_the_next_is_not() {
        let on_end = ClaimWindowInput { today: d(1406, 3, 6), start: d(1405, 9, 6), months: 6 };
        assert_eq!(check_claim_window(&on_end), Ok(d(1406, 3, 6)));
        let after = ClaimWindowInput { today: d(1406, 3, 7), ..on_end };
        assert_eq!(check_claim_window(&after), Err(expired_message(&d(1406, 3, 6))));
        let none = ClaimWindowInput { months: 0, ..on_end };
        assert_eq!(check_claim_window(&none), Err(NO_WARRANTY_MESSAGE.to_owned()));
    }
}
