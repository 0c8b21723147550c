//! The return window: until which day a delivered line may be asked back.
//!
//! **What.** For a new or open-box laptop the window is [`LEGAL_WORKING_DAYS`] (7) working
//! days after the delivery day ([`super::working_days`]: no Fridays, no official holidays);
//! for a used one it is the product's test period, in calendar days after delivery (without
//! one, the legal 7 working days). [`last_return_day`] gives the last day; [`check_window`]
//! accepts a request made on `today` up to and including that day, and refuses it after with
//! [`ReturnWindowError::Closed`], whose Persian message names the last day. A day after the
//! last working day (a Friday, a holiday) is past the window: only working days *inside* it
//! move its end.
//!
//! **Why.** Iran's E-Commerce Law gives a distance buyer 7 working days to return goods;
//! used-laptop shops give a test period instead (15 days in the demo). One rule, so the order
//! page says the same last day the server enforces.
//!
//! **Example.**
//! ```
//! use shop_core::jalali::JalaliDate;
//! use shop_core::returns::window::{check_window, Condition, WindowInput};
//! let d = |month, day| JalaliDate { year: 1405, month, day };
//! let input = |today| WindowInput { condition: Condition::New, test_days: None, delivered: d(1, 8), today, holidays: vec![] };
//! assert_eq!(check_window(&input(d(1, 16))), Ok(d(1, 16)));          // the 7th working day
//! assert_eq!(
//!     check_window(&input(d(1, 17))).unwrap_err().to_string(),      // the 8th
//!     "مهلت بازگرداندن این کالا ۱۶ فروردین ۱۴۰۵ به پایان رسیده است"
//! );
//! ```

use serde::{Deserialize, Serialize};

use crate::instalment::add_days;
use crate::jalali::{format_jalali, JalaliDate, DATE_MESSAGE};

use super::working_days::add_working_days;

/// The legal window of a new or open-box laptop, in working days after delivery.
pub const LEGAL_WORKING_DAYS: u32 = 7;

/// The longest test period the rule accepts, in days (a typo of 1500 is not a window).
pub const MAX_TEST_DAYS: u32 = 365;

/// A product's condition as the catalogue stores it (`new`, `used`, `open-box`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    /// New: the legal window.
    #[serde(rename = "new")]
    New,
    /// Used: the product's test period.
    #[serde(rename = "used")]
    Used,
    /// Open-box: the legal window.
    #[serde(rename = "open-box")]
    OpenBox,
}

impl Condition {
    /// The catalogue's word; an unknown one reads as new (the legal window).
    pub fn parse(s: &str) -> Self {
        match s {
            "used" => Self::Used,
            "open-box" => Self::OpenBox,
            _ => Self::New,
        }
    }
}

/// What the rule needs: the line's condition and test period, the Tehran day it was delivered,
/// the day the return is asked, and the official holidays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowInput {
    /// The product's condition.
    pub condition: Condition,
    /// The product's test period in days (used laptops).
    #[serde(default)]
    pub test_days: Option<u32>,
    /// The Tehran day the order was delivered.
    pub delivered: JalaliDate,
    /// The Tehran day of the request.
    pub today: JalaliDate,
    /// The official holidays.
    #[serde(default)]
    pub holidays: Vec<JalaliDate>,
}

/// Why a return cannot be asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReturnWindowError {
    /// The window ended on this day.
    Closed(JalaliDate),
    /// A date that does not exist.
    BadDate,
}

impl std::fmt::Display for ReturnWindowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Closed(last) => write!(f, "مهلت بازگرداندن این کالا {} به پایان رسیده است", format_jalali(last)),
            Self::BadDate => f.write_str(DATE_MESSAGE),
        }
    }
}

impl std::error::Error for ReturnWindowError {}

/// The last day a line of this condition, delivered on `delivered`, may be asked back.
pub fn last_return_day(
    condition: Condition,
    test_days: Option<u32>,
    delivered: JalaliDate,
    holidays: &[JalaliDate],
) -> Option<JalaliDate> {
    match (condition, test_days.filter(|d| *d > 0)) {
        (Condition::Used, Some(days)) => add_days(delivered, i64::from(days.min(MAX_TEST_DAYS))),
        _ => add_working_days(delivered, LEGAL_WORKING_DAYS, holidays),
    }
}

/// The last day when a request on `input.today` is inside the window, or why not.
pub fn check_window(input: &WindowInput) -> Result<JalaliDate, ReturnWindowError> {
    if !crate::jalali::is_valid_jalali(&input.today) {
        return Err(ReturnWindowError::BadDate);
    }
    let last = last_return_day(input.condition, input.test_days, input.delivered, &input.holidays)
        .ok_or(ReturnWindowError::BadDate)?;
    if input.today > last {
        return Err(ReturnWindowError::Closed(last));
    }
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(month: u32, day: u32) -> JalaliDate {
        JalaliDate { year: 1405, month, day }
    }

    fn input(condition: Condition, test_days: Option<u32>, delivered: JalaliDate, today: JalaliDate) -> WindowInput {
        WindowInput { condition, test_days, delivered, today, holidays: vec![] }
    }

    #[test]
    fn day_seven_is_inside_and_day_eight_outside() {
        // Delivered Saturday 1405/01/22: Sun 23 … Thu 27 are 1..5, Fri 28 skipped, Sat 29, Sun 30.
        assert_eq!(check_window(&input(Condition::New, None, d(1, 22), d(1, 30))), Ok(d(1, 30)));
        assert_eq!(check_window(&input(Condition::New, None, d(1, 22), d(1, 31))), Err(ReturnWindowError::Closed(d(1, 30))));
    }

    #[test]
    fn a_friday_after_the_last_working_day_is_outside() {
        // Delivered Wednesday 1405/01/19: Thu 20, Sat 22 … Thu 27 → the 7th is Thursday 27; Friday 28 is out.
        assert_eq!(check_window(&input(Condition::OpenBox, None, d(1, 19), d(1, 27))), Ok(d(1, 27)));
        assert_eq!(check_window(&input(Condition::OpenBox, None, d(1, 19), d(1, 28))), Err(ReturnWindowError::Closed(d(1, 27))));
    }

    #[test]
    fn a_holiday_inside_the_window_moves_its_end() {
        let mut i = input(Condition::New, None, d(3, 10), d(3, 19));
        assert!(check_window(&i).is_err());
        // 14 and 15 Khordad are official holidays.
        i.holidays = vec![d(3, 14), d(3, 15)];
        assert!(check_window(&i).is_ok());
    }

    #[test]
    fn a_used_laptop_has_its_test_period_in_calendar_days() {
        assert_eq!(check_window(&input(Condition::Used, Some(15), d(1, 10), d(1, 25))), Ok(d(1, 25)));
        assert_eq!(check_window(&input(Condition::Used, Some(15), d(1, 10), d(1, 26))), Err(ReturnWindowError::Closed(d(1, 25))));
        // Without a test period, the legal window.
        assert_eq!(last_return_day(Condition::Used, None, d(1, 22), &[]), Some(d(1, 30)));
    }

    #[test]
    fn the_delivery_day_itself_is_inside() {
        assert!(check_window(&input(Condition::New, None, d(1, 22), d(1, 22))).is_ok());
    }

    #[test]
    fn a_date_that_does_not_exist_is_refused_with_the_date_message() {
        let e = check_window(&input(Condition::New, None, d(1, 22), JalaliDate { year: 1405, month: 1, day: 32 })).unwrap_err();
        assert_eq!(e.to_string(), DATE_MESSAGE);
    }
}
