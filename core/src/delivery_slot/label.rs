//! A delivery slot's Persian label.
//!
//! **What.** The weekday, the Jalali day and month, and the window in hours, Persian digits:
//! «سه‌شنبه ۱۱ آذر، ساعت ۹ تا ۱۲»; minutes only when not whole («ساعت ۹:۳۰ تا ۱۲»).
//! **Why.** The checkout's radio group, the invoice and the tracking page show one wording;
//! the order keeps the label it was registered with (frozen).
//! **Example.**
//! ```
//! use shop_core::delivery_slot::{label::slot_label, SlotTimes};
//! use shop_core::jalali::JalaliDate;
//! let t = SlotTimes { day: JalaliDate { year: 1403, month: 1, day: 1 }, start: 540, end: 750, cutoff: 0 };
//! assert_eq!(slot_label(&t).unwrap(), "چهارشنبه ۱ فروردین، ساعت ۹ تا ۱۲:۳۰");
//! ```

use super::SlotTimes;
use crate::digits::to_persian_digits;
use crate::jalali::{to_julian_day, MONTH_NAMES};

/// Persian weekday names, Sunday first (`(julian day + 1) % 7`).
const WEEKDAYS: [&str; 7] = ["یکشنبه", "دوشنبه", "سه‌شنبه", "چهارشنبه", "پنجشنبه", "جمعه", "شنبه"];

/// `9`, `9:30`, `24` for minutes after midnight.
fn clock(minutes: u32) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    if m == 0 { h.to_string() } else { format!("{h}:{m:02}") }
}

/// The weekday of a Jalali day, e.g. «شنبه»; `None` outside the calendar.
pub fn weekday(day: &crate::jalali::JalaliDate) -> Option<&'static str> {
    let jdn = to_julian_day(day)?;
    WEEKDAYS.get(usize::try_from((jdn + 1).rem_euclid(7)).ok()?).copied()
}

/// The slot's label; `None` for a day outside the calendar.
pub fn slot_label(t: &SlotTimes) -> Option<String> {
    let month = MONTH_NAMES.get(usize::try_from(t.day.month).ok()?.checked_sub(1)?)?;
    Some(to_persian_digits(&format!(
        "{} {} {month}، ساعت {} تا {}",
        weekday(&t.day)?,
        t.day.day,
        clock(t.start),
        clock(t.end)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jalali::JalaliDate;

    #[test]
    fn weekdays_follow_the_calendar() {
        // 1 Farvardin 1404 was a Friday.
        assert_eq!(weekday(&JalaliDate { year: 1404, month: 1, day: 1 }), Some("جمعه"));
        assert_eq!(weekday(&JalaliDate { year: 1404, month: 1, day: 2 }), Some("شنبه"));
    }

    #[test]
    fn whole_hours_have_no_minutes() {
        let t = SlotTimes { day: JalaliDate { year: 1404, month: 1, day: 2 }, start: 0, end: 1440, cutoff: 0 };
        assert_eq!(slot_label(&t).unwrap(), "شنبه ۲ فروردین، ساعت ۰ تا ۲۴");
    }
}
