//! "This instant as a Tehran calendar day": the Jalali date on the wall calendar in Tehran.
//!
//! Iran's offset has changed over time (IANA tz `Asia/Tehran`): local mean time +3:25:44 until
//! 1935, then +3:30, +4:00 from late 1977 to 1978, and daylight saving time (+4:30, +5:00 in
//! 1978) in most summers until Iran abolished it in 2022. A fixed +3:30 puts instants late in
//! the evening of those summers on the wrong day. [`TRANSITIONS`] is the tz database's table
//! (tzdata 2025, from 1935 on); after its last entry the offset is +3:30 for good.
//!
//! ```
//! use shop_core::tehran::{tehran_date, format_tehran_date};
//! // 2010-07-01 19:45 UTC was 00:15 on 2 July in Tehran (+4:30 summer time).
//! let d = tehran_date(1_278_013_500).unwrap();
//! assert_eq!((d.year, d.month, d.day), (1389, 4, 11));
//! assert_eq!(format_tehran_date(1_710_892_800, false), "۱ فروردین ۱۴۰۳");
//! ```

use crate::jalali::{format_jalali, format_jalali_numeric, from_julian_day, JalaliDate};

/// Tehran's offset from UTC, in seconds, since Iran dropped daylight saving time (2022).
///
/// ```
/// assert_eq!(shop_core::tehran::STANDARD_OFFSET, 3 * 3600 + 1800);
/// ```
pub const STANDARD_OFFSET: i32 = 12_600;

/// Offset before the first transition: Tehran mean time, +3:25:44.
const MEAN_TIME_OFFSET: i32 = 12_344;

/// `(UTC instant of the change in Unix seconds, offset from then on in seconds)`, ascending.
///
/// ```
/// use shop_core::tehran::TRANSITIONS;
/// assert!(TRANSITIONS.windows(2).all(|w| w[0].0 < w[1].0));
/// assert_eq!(TRANSITIONS.last(), Some(&(1_663_788_600, 12_600))); // 2022-09-21, DST ends for good
/// ```
pub const TRANSITIONS: [(i64, i32); 70] = [
    (-1090466744, 12600),
    (227820600, 16200),
    (246223800, 14400),
    (259617600, 18000),
    (271108800, 14400),
    (279576000, 12600),
    (296598600, 16200),
    (306531000, 12600),
    (322432200, 16200),
    (338499000, 12600),
    (673216200, 16200),
    (685481400, 12600),
    (701209800, 16200),
    (717103800, 12600),
    (732745800, 16200),
    (748639800, 12600),
    (764281800, 16200),
    (780175800, 12600),
    (795817800, 16200),
    (811711800, 12600),
    (827353800, 16200),
    (843247800, 12600),
    (858976200, 16200),
    (874870200, 12600),
    (890512200, 16200),
    (906406200, 12600),
    (922048200, 16200),
    (937942200, 12600),
    (953584200, 16200),
    (969478200, 12600),
    (985206600, 16200),
    (1001100600, 12600),
    (1016742600, 16200),
    (1032636600, 12600),
    (1048278600, 16200),
    (1064172600, 12600),
    (1079814600, 16200),
    (1095708600, 12600),
    (1111437000, 16200),
    (1127331000, 12600),
    (1206045000, 16200),
    (1221939000, 12600),
    (1237667400, 16200),
    (1253561400, 12600),
    (1269203400, 16200),
    (1285097400, 12600),
    (1300739400, 16200),
    (1316633400, 12600),
    (1332275400, 16200),
    (1348169400, 12600),
    (1363897800, 16200),
    (1379791800, 12600),
    (1395433800, 16200),
    (1411327800, 12600),
    (1426969800, 16200),
    (1442863800, 12600),
    (1458505800, 16200),
    (1474399800, 12600),
    (1490128200, 16200),
    (1506022200, 12600),
    (1521664200, 16200),
    (1537558200, 12600),
    (1553200200, 16200),
    (1569094200, 12600),
    (1584736200, 16200),
    (1600630200, 12600),
    (1616358600, 16200),
    (1632252600, 12600),
    (1647894600, 16200),
    (1663788600, 12600),
];

/// Tehran's offset from UTC at Unix second `at`.
///
/// ```
/// use shop_core::tehran::tehran_offset;
/// assert_eq!(tehran_offset(1_278_013_500), 16_200); // summer 2010: +4:30
/// assert_eq!(tehran_offset(1_700_000_000), 12_600); // 2023: +3:30
/// ```
pub fn tehran_offset(at: i64) -> i32 {
    match TRANSITIONS.partition_point(|&(start, _)| start <= at) {
        0 => MEAN_TIME_OFFSET,
        i => TRANSITIONS[i - 1].1,
    }
}

/// Julian day number of 1970-01-01.
const UNIX_EPOCH_JDN: i64 = 2_440_588;

/// The Jalali date in Tehran at Unix second `at`; `None` outside the calendar's range.
///
/// ```
/// use shop_core::tehran::tehran_date;
/// let d = tehran_date(1_710_880_200).unwrap(); // 2024-03-19 20:30 UTC = 00:00 Nowruz in Tehran
/// assert_eq!((d.year, d.month, d.day), (1403, 1, 1));
/// assert_eq!(tehran_date(i64::MAX), None);
/// ```
pub fn tehran_date(at: i64) -> Option<JalaliDate> {
    let local = at.checked_add(i64::from(tehran_offset(at)))?;
    from_julian_day(local.div_euclid(86_400).checked_add(UNIX_EPOCH_JDN)?)
}

/// The first Unix second of Jalali day `date` in Tehran (its local midnight); `None` for a
/// date outside the calendar. The start of a day range that staff pick in Jalali dates.
///
/// ```
/// use shop_core::jalali::JalaliDate;
/// use shop_core::tehran::{tehran_date, tehran_day_start};
/// let nowruz = JalaliDate { year: 1403, month: 1, day: 1 };
/// assert_eq!(tehran_day_start(&nowruz), Some(1_710_880_200));
/// assert_eq!(tehran_date(1_710_880_200 - 1).map(|d| d.day), Some(29));
/// ```
pub fn tehran_day_start(date: &JalaliDate) -> Option<i64> {
    let days = crate::jalali::to_julian_day(date)?.checked_sub(UNIX_EPOCH_JDN)?;
    let local_midnight = days.checked_mul(86_400)?;
    // The offset in force at that instant; a midnight that falls in a summer-time jump is
    // answered by the offset before it, which is what the day's first order would see.
    let guess = local_midnight - i64::from(tehran_offset(local_midnight - i64::from(STANDARD_OFFSET)));
    Some(local_midnight - i64::from(tehran_offset(guess)))
}

/// [`tehran_date`] for display: `۱ فروردین ۱۴۰۳`, or with `numeric` `۱۴۰۳/۰۱/۰۱`; empty
/// outside the calendar's range.
///
/// ```
/// use shop_core::tehran::format_tehran_date;
/// assert_eq!(format_tehran_date(1_710_880_200, true), "۱۴۰۳/۰۱/۰۱");
/// ```
pub fn format_tehran_date(at: i64, numeric: bool) -> String {
    match tehran_date(at) {
        Some(d) if numeric => format_jalali_numeric(&d),
        Some(d) => format_jalali(&d),
        None => String::new(),
    }
}

/// A Unix second as Tehran's Jalali day and wall-clock time: `۱۴۰۵/۰۹/۰۲ ۱۴:۳۰` (the
/// staff lists and the order timeline).
///
/// ```
/// use shop_core::tehran::format_tehran_datetime;
/// assert_eq!(format_tehran_datetime(1_710_880_200 + 3_660), "۱۴۰۳/۰۱/۰۱ ۰۱:۰۱");
/// ```
pub fn format_tehran_datetime(at: i64) -> String {
    let date = format_tehran_date(at, true);
    let local = at.saturating_add(i64::from(tehran_offset(at)));
    let minutes = local.rem_euclid(86_400) / 60;
    crate::digits::to_persian_digits(&format!("{date} {:02}:{:02}", minutes / 60, minutes % 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_starts_at_tehran_midnight_in_winter_and_in_old_summers() {
        for at in [1_710_880_200_i64, 1_278_013_500, 1_700_000_000, 1_800_000_000] {
            let day = tehran_date(at).unwrap();
            let start = tehran_day_start(&day).unwrap();
            assert!(start <= at && at < start + 86_400 + 3_600, "{at}");
            assert_eq!(tehran_date(start), Some(day));
            assert_ne!(tehran_date(start - 1), Some(day));
        }
    }

    fn ymd(at: i64) -> Option<(i32, u32, u32)> {
        tehran_date(at).map(|d| (d.year, d.month, d.day))
    }

    // Expected offsets and local days below were read from `zdump -v Asia/Tehran` (IANA).
    #[test]
    fn summer_time_moves_late_evenings_to_the_next_day() {
        // 1977-03-21 20:00 UTC: +4:30 from 19:30 UTC, so 00:30 on 22 March (2 Farvardin 1356).
        assert_eq!(ymd(227_822_400), Some((1356, 1, 2)));
        // 1978-06-01 19:30 UTC: +5:00 that summer, so 00:30 on 2 June (12 Khordad 1357).
        assert_eq!(ymd(265_577_400), Some((1357, 3, 12)));
    }

    #[test]
    fn the_last_summer_time_ends_on_21_september_2022() {
        assert_eq!(tehran_offset(1_663_788_599), 16_200);
        assert_eq!(tehran_offset(1_663_788_600), 12_600);
        assert_eq!(ymd(1_663_788_599), Some((1401, 6, 30))); // 23:59:59 local
    }

    #[test]
    fn after_2022_the_offset_is_three_and_a_half_hours() {
        assert_eq!(ymd(1_685_651_399), Some((1402, 3, 11))); // 2023-06-01 20:29:59 UTC = 23:59:59
        assert_eq!(ymd(1_685_651_400), Some((1402, 3, 12))); // 2023-06-01 20:30:00 UTC = 00:00
    }

    #[test]
    fn before_1935_tehran_mean_time_applies() {
        assert_eq!(tehran_offset(-2_000_000_000), 12_344);
    }

    #[test]
    fn extreme_instants_give_none() {
        assert_eq!(tehran_date(i64::MIN), None);
        assert_eq!(tehran_date(i64::MAX), None);
        assert_eq!(format_tehran_date(i64::MAX, true), "");
    }
}
