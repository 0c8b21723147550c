//! Jalali working days.
//!
//! **What.** A day is a working day when it is not a Friday (جمعه) and not one of the official
//! holidays the caller passes in. [`add_working_days`] gives the `n`-th working day after a
//! date (the date itself is not counted).
//!
//! **Why.** Iran's E-Commerce Law counts the buyer's return window in working days; Fridays are
//! the weekly rest day and the official holidays (solar and lunar) change every year, so the
//! holiday list is data (the server's `holiday` table, edited by staff) and this rule takes it
//! as input instead of holding a calendar of its own.
//!
//! **Example.**
//! ```
//! use shop_core::jalali::JalaliDate;
//! use shop_core::returns::working_days::{add_working_days, is_friday, is_working_day};
//! let d = |day| JalaliDate { year: 1405, month: 1, day };
//! assert!(is_friday(&d(7)));                    // 27 March 2026
//! assert!(!is_working_day(&d(1), &[d(1)]));     // Nowruz, when listed
//! // From Saturday 1405/01/08: Sun..Thu are 1..5, Friday skipped, Sat 6, Sun 7.
//! assert_eq!(add_working_days(d(8), 7, &[]), Some(d(16)));
//! ```

use crate::jalali::{from_julian_day, to_julian_day, JalaliDate};

/// Whether `date` is a Friday (`false` for a date that does not exist).
pub fn is_friday(date: &JalaliDate) -> bool {
    // The Julian day number counts from a Monday: 0 Monday … 4 Friday.
    to_julian_day(date).is_some_and(|jdn| jdn.rem_euclid(7) == 4)
}

/// Whether `date` is a working day: not a Friday and not in `holidays`.
pub fn is_working_day(date: &JalaliDate, holidays: &[JalaliDate]) -> bool {
    !is_friday(date) && !holidays.contains(date)
}

/// The `n`-th working day after `from` (`from` itself is not counted; `n = 0` gives `from`).
/// `None` when `from` does not exist or the count runs past the calendar.
pub fn add_working_days(from: JalaliDate, n: u32, holidays: &[JalaliDate]) -> Option<JalaliDate> {
    let mut jdn = to_julian_day(&from)?;
    let mut left = n;
    let mut date = from;
    // A year has far fewer holidays than days: bound the walk all the same.
    let mut steps = 0u32;
    while left > 0 {
        jdn += 1;
        steps += 1;
        if steps > n.saturating_mul(2).saturating_add(400) {
            return None;
        }
        date = from_julian_day(jdn)?;
        if is_working_day(&date, holidays) {
            left -= 1;
        }
    }
    Some(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(month: u32, day: u32) -> JalaliDate {
        JalaliDate { year: 1405, month, day }
    }

    #[test]
    fn fridays_of_1405_fall_where_the_gregorian_calendar_says() {
        // 1405/01/01 is Saturday 21 March 2026; 1405/01/07 is Friday 27 March.
        assert!(!is_friday(&d(1, 1)));
        assert!(is_friday(&d(1, 7)));
        assert!(is_friday(&d(1, 14)));
        // 22 Bahman 1405 = 11 February 2027, a Thursday.
        assert!(!is_friday(&d(11, 22)));
        assert!(is_friday(&d(11, 23)));
    }

    #[test]
    fn a_holiday_inside_the_count_pushes_the_end_by_a_day() {
        assert_eq!(add_working_days(d(1, 8), 7, &[]), Some(d(1, 16)));
        assert_eq!(add_working_days(d(1, 8), 7, &[d(1, 12)]), Some(d(1, 17)));
    }

    #[test]
    fn zero_days_is_the_day_itself_and_a_bad_date_is_none() {
        assert_eq!(add_working_days(d(1, 8), 0, &[]), Some(d(1, 8)));
        assert_eq!(add_working_days(JalaliDate { year: 1405, month: 13, day: 1 }, 7, &[]), None);
    }
}
