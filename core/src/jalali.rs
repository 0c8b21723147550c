//! The Persian (Jalali, Solar Hijri) calendar: conversion and display.
//!
//! The arithmetic is the well-known one of `jalaali-js` (Borkowski's break years with the
//! 2820-year-free 33-year cycles), exact for Jalali years 1..=3177 (Gregorian 622..=3799);
//! dates outside that range or that do not exist give `None`.
//!
//! ```
//! use shop_core::jalali::{format_jalali, gregorian_to_jalali};
//! let nowruz = gregorian_to_jalali(2025, 3, 21).unwrap();
//! assert_eq!(format_jalali(&nowruz), "۱ فروردین ۱۴۰۴");
//! ```

use crate::digits::{to_persian_digits, to_western_digits};
use crate::text::is_invisible_or_space;
use crate::validation::{FieldError, RuleKind};
use serde::{Deserialize, Serialize};

/// The error for a date that does not exist: the spec's "not valid" wording for `تاریخ`.
///
/// ```
/// assert_eq!(shop_core::jalali::DATE_MESSAGE, "تاریخ وارد شده معتبر نیست!");
/// ```
pub const DATE_MESSAGE: &str = "تاریخ وارد شده معتبر نیست!";

/// A date in the Jalali calendar (months 1..=12: فروردین … اسفند).
///
/// ```
/// use shop_core::jalali::JalaliDate;
/// let nowruz = JalaliDate { year: 1403, month: 1, day: 1 };
/// assert_eq!(serde_json::to_string(&nowruz).unwrap(), r#"{"year":1403,"month":1,"day":1}"#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct JalaliDate {
    /// Jalali year, e.g. 1403.
    pub year: i32,
    /// Month 1..=12.
    pub month: u32,
    /// Day of month 1..=31.
    pub day: u32,
}

impl JalaliDate {
    /// The request field a date comes in.
    pub const FIELD: &'static str = "date";

    /// Parses `year/month/day` (or with `-`), in any digit set, and checks that the date
    /// exists; month and day may have one or two digits.
    ///
    /// ```
    /// use shop_core::jalali::JalaliDate;
    /// assert_eq!(JalaliDate::parse("۱۴۰۳/۱۲/۳۰"), Ok(JalaliDate { year: 1403, month: 12, day: 30 }));
    /// assert_eq!(JalaliDate::parse("1402-12-30").unwrap_err().to_string(), "تاریخ وارد شده معتبر نیست!");
    /// ```
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let western = to_western_digits(input.trim_matches(is_invisible_or_space));
        let mut parts = western.split(['/', '-']);
        let mut next = |max_len: usize| {
            parts
                .next()
                .filter(|p| (1..=max_len).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|p| p.parse::<u32>().ok())
        };
        let date = match (next(4), next(2), next(2), parts.next()) {
            (Some(year), Some(month), Some(day), None) => JalaliDate {
                year: year as i32,
                month,
                day,
            },
            _ => return Err(Self::error()),
        };
        if is_valid_jalali(&date) {
            Ok(date)
        } else {
            Err(Self::error())
        }
    }

    fn error() -> FieldError {
        FieldError {
            field: Self::FIELD,
            rule: RuleKind::Date,
            message: DATE_MESSAGE.to_owned(),
        }
    }
}

impl TryFrom<&str> for JalaliDate {
    type Error = FieldError;
    fn try_from(s: &str) -> Result<Self, FieldError> {
        Self::parse(s)
    }
}

/// Persian month names, فروردین first.
///
/// ```
/// assert_eq!(shop_core::jalali::MONTH_NAMES[11], "اسفند");
/// ```
pub const MONTH_NAMES: [&str; 12] = [
    "فروردین",
    "اردیبهشت",
    "خرداد",
    "تیر",
    "مرداد",
    "شهریور",
    "مهر",
    "آبان",
    "آذر",
    "دی",
    "بهمن",
    "اسفند",
];

/// Jalali years the arithmetic covers.
///
/// ```
/// assert!(shop_core::jalali::JALALI_YEARS.contains(&1403));
/// ```
pub const JALALI_YEARS: std::ops::RangeInclusive<i32> = 1..=3177;

const BREAKS: [i64; 20] = [
    -61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324,
    2394, 2456, 3178,
];

/// The jalaali-js `jalCal` result: leap (0 = this year is leap), Gregorian year, March day of Nowruz.
struct JalCal {
    leap: i64,
    gy: i64,
    march: i64,
}

/// Borkowski's computation for Jalali year `jy` (caller guarantees `jy` in -61..3178).
fn jal_cal(jy: i64) -> JalCal {
    let gy = jy + 621;
    let mut leap_j = -14;
    let mut jp = BREAKS[0];
    let mut jump = 0;
    for &jm in &BREAKS[1..] {
        jump = jm - jp;
        if jy < jm {
            break;
        }
        leap_j += jump / 33 * 8 + (jump % 33) / 4;
        jp = jm;
    }
    let mut n = jy - jp;
    leap_j += n / 33 * 8 + (n % 33 + 3) / 4;
    if jump % 33 == 4 && jump - n == 4 {
        leap_j += 1;
    }
    let leap_g = gy / 4 - (gy / 100 + 1) * 3 / 4 - 150;
    let march = 20 + leap_j - leap_g;
    if jump - n < 6 {
        n = n - jump + (jump + 4) / 33 * 33;
    }
    let leap = match ((n + 1) % 33 - 1) % 4 {
        -1 => 4,
        l => l,
    };
    JalCal { leap, gy, march }
}

/// Julian day number of a Gregorian date.
fn g2d(gy: i64, gm: i64, gd: i64) -> i64 {
    let d = (gy + (gm - 8) / 6 + 100_100) * 1461 / 4 + (153 * ((gm + 9) % 12) + 2) / 5 + gd
        - 34_840_408;
    d - (gy + 100_100 + (gm - 8) / 6) / 100 * 3 / 4 + 752
}

/// Gregorian date of a Julian day number.
fn d2g(jdn: i64) -> (i64, i64, i64) {
    let mut j = 4 * jdn + 139_361_631;
    j += (4 * jdn + 183_187_720) / 146_097 * 3 / 4 * 4 - 3908;
    let i = (j % 1461) / 4 * 5 + 308;
    let gd = (i % 153) / 5 + 1;
    let gm = (i / 153) % 12 + 1;
    let gy = j / 1461 - 100_100 + (8 - gm) / 6;
    (gy, gm, gd)
}

/// Julian day number of a Jalali date (year in range).
fn j2d(jy: i64, jm: i64, jd: i64) -> i64 {
    let r = jal_cal(jy);
    g2d(r.gy, 3, r.march) + (jm - 1) * 31 - jm / 7 * (jm - 7) + jd - 1
}

/// Jalali date of a Julian day number (its Gregorian year in 622..=3798).
fn d2j(jdn: i64) -> (i64, i64, i64) {
    let gy = d2g(jdn).0;
    let mut jy = gy - 621;
    let r = jal_cal(jy);
    let mut k = jdn - g2d(gy, 3, r.march);
    if k >= 0 {
        if k <= 185 {
            return (jy, 1 + k / 31, k % 31 + 1);
        }
        k -= 186;
    } else {
        jy -= 1;
        k += 179;
        if r.leap == 1 {
            k += 1;
        }
    }
    (jy, 7 + k / 30, k % 30 + 1)
}

/// The Jalali date of a Julian day number; `None` outside the covered range.
pub(crate) fn from_julian_day(jdn: i64) -> Option<JalaliDate> {
    // Guards d2g against overflow; the range check below is the real one.
    if !(0..=10_000_000).contains(&jdn) {
        return None;
    }
    let (gy, gm, gd) = d2g(jdn);
    gregorian_to_jalali(
        i32::try_from(gy).ok()?,
        u32::try_from(gm).ok()?,
        u32::try_from(gd).ok()?,
    )
}

/// The Julian day number of a date that exists; `None` otherwise.
pub(crate) fn to_julian_day(date: &JalaliDate) -> Option<i64> {
    is_valid_jalali(date).then(|| j2d(date.year.into(), date.month.into(), date.day.into()))
}

/// Whether Jalali year `year` has 366 days (اسفند has 30 days). `false` outside the range.
///
/// ```
/// use shop_core::jalali::is_leap_jalali_year;
/// assert!(is_leap_jalali_year(1399) && is_leap_jalali_year(1403));
/// assert!(!is_leap_jalali_year(1402));
/// ```
pub fn is_leap_jalali_year(year: i32) -> bool {
    JALALI_YEARS.contains(&year) && jal_cal(i64::from(year)).leap == 0
}

/// Days in a Jalali month: 31 for 1..=6, 30 for 7..=11, 29 or 30 for 12; 0 for no such month.
///
/// ```
/// use shop_core::jalali::jalali_month_length;
/// assert_eq!(jalali_month_length(1403, 12), 30);
/// assert_eq!(jalali_month_length(1402, 12), 29);
/// ```
pub fn jalali_month_length(year: i32, month: u32) -> u32 {
    match month {
        1..=6 => 31,
        7..=11 => 30,
        12 if is_leap_jalali_year(year) => 30,
        12 => 29,
        _ => 0,
    }
}

/// Whether the date exists (and its year is in [`JALALI_YEARS`]).
///
/// ```
/// use shop_core::jalali::{is_valid_jalali, JalaliDate};
/// assert!(is_valid_jalali(&JalaliDate { year: 1403, month: 12, day: 30 }));
/// assert!(!is_valid_jalali(&JalaliDate { year: 1402, month: 12, day: 30 }));
/// ```
pub fn is_valid_jalali(date: &JalaliDate) -> bool {
    JALALI_YEARS.contains(&date.year)
        && (1..=jalali_month_length(date.year, date.month)).contains(&date.day)
}

/// Days in a Gregorian month; 0 for no such month.
fn gregorian_month_length(year: i32, month: u32) -> u32 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    }
}

/// The Jalali date of a Gregorian date; `None` when the date does not exist or lies outside
/// the covered range.
///
/// ```
/// use shop_core::jalali::{gregorian_to_jalali, JalaliDate};
/// assert_eq!(gregorian_to_jalali(2024, 3, 20), Some(JalaliDate { year: 1403, month: 1, day: 1 }));
/// assert_eq!(gregorian_to_jalali(2023, 2, 29), None);
/// ```
pub fn gregorian_to_jalali(year: i32, month: u32, day: u32) -> Option<JalaliDate> {
    // 3799: Jalali 3177 ends on 3799-03-20 (the year's own range check below drops the rest).
    let exists =
        (622..=3799).contains(&year) && (1..=gregorian_month_length(year, month)).contains(&day);
    if !exists {
        return None;
    }
    let (jy, jm, jd) = d2j(g2d(year.into(), month.into(), day.into()));
    let date = JalaliDate {
        year: i32::try_from(jy).ok()?,
        month: u32::try_from(jm).ok()?,
        day: u32::try_from(jd).ok()?,
    };
    is_valid_jalali(&date).then_some(date)
}

/// The Gregorian date `(year, month, day)` of a Jalali date; `None` when it does not exist.
///
/// ```
/// use shop_core::jalali::jalali_to_gregorian;
/// assert_eq!(jalali_to_gregorian(1403, 12, 30), Some((2025, 3, 20)));
/// assert_eq!(jalali_to_gregorian(1402, 12, 30), None);
/// ```
pub fn jalali_to_gregorian(year: i32, month: u32, day: u32) -> Option<(i32, u32, u32)> {
    if !is_valid_jalali(&JalaliDate { year, month, day }) {
        return None;
    }
    let (gy, gm, gd) = d2g(j2d(year.into(), month.into(), day.into()));
    Some((
        i32::try_from(gy).ok()?,
        u32::try_from(gm).ok()?,
        u32::try_from(gd).ok()?,
    ))
}

/// The date in words with Persian digits: `۱ فروردین ۱۴۰۳`. A month outside 1..=12 is shown
/// as its number (the function never fails; check [`is_valid_jalali`] first when it matters).
///
/// ```
/// use shop_core::jalali::{format_jalali, JalaliDate};
/// assert_eq!(format_jalali(&JalaliDate { year: 1403, month: 1, day: 1 }), "۱ فروردین ۱۴۰۳");
/// assert_eq!(format_jalali(&JalaliDate { year: 1402, month: 10, day: 21 }), "۲۱ دی ۱۴۰۲");
/// ```
pub fn format_jalali(date: &JalaliDate) -> String {
    let month = date
        .month
        .checked_sub(1)
        .and_then(|i| MONTH_NAMES.get(i as usize))
        .map_or_else(|| date.month.to_string(), |name| (*name).to_owned());
    to_persian_digits(&format!("{} {month} {}", date.day, date.year))
}

/// The date as `۱۴۰۳/۰۱/۰۱` (Persian digits, two-digit month and day).
///
/// ```
/// use shop_core::jalali::{format_jalali_numeric, JalaliDate};
/// assert_eq!(format_jalali_numeric(&JalaliDate { year: 1403, month: 1, day: 1 }), "۱۴۰۳/۰۱/۰۱");
/// ```
pub fn format_jalali_numeric(date: &JalaliDate) -> String {
    to_persian_digits(&format!("{}/{:02}/{:02}", date.year, date.month, date.day))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn j(year: i32, month: u32, day: u32) -> Option<JalaliDate> {
        Some(JalaliDate { year, month, day })
    }

    #[test]
    fn nowruz_dates_match_known_years() {
        assert_eq!(gregorian_to_jalali(2024, 3, 20), j(1403, 1, 1));
        assert_eq!(gregorian_to_jalali(2025, 3, 21), j(1404, 1, 1));
        assert_eq!(gregorian_to_jalali(2023, 3, 21), j(1402, 1, 1));
        assert_eq!(gregorian_to_jalali(2017, 3, 21), j(1396, 1, 1));
        assert_eq!(gregorian_to_jalali(2020, 3, 20), j(1399, 1, 1));
    }

    #[test]
    fn last_day_of_leap_years_exists() {
        assert_eq!(jalali_to_gregorian(1403, 12, 30), Some((2025, 3, 20)));
        assert_eq!(jalali_to_gregorian(1399, 12, 30), Some((2021, 3, 20)));
        assert_eq!(gregorian_to_jalali(2025, 3, 20), j(1403, 12, 30));
    }

    #[test]
    fn leap_years_are_known() {
        for y in [1391, 1395, 1399, 1403, 1408] {
            assert!(is_leap_jalali_year(y), "{y}");
        }
        for y in [1400, 1401, 1402, 1404] {
            assert!(!is_leap_jalali_year(y), "{y}");
        }
    }

    #[test]
    fn invalid_dates_give_none() {
        assert_eq!(jalali_to_gregorian(1402, 12, 30), None);
        assert_eq!(jalali_to_gregorian(1403, 13, 1), None);
        assert_eq!(jalali_to_gregorian(1403, 7, 31), None);
        assert_eq!(jalali_to_gregorian(1403, 0, 1), None);
        assert_eq!(jalali_to_gregorian(1403, 1, 0), None);
        assert_eq!(gregorian_to_jalali(2023, 2, 29), None);
        assert_eq!(gregorian_to_jalali(2024, 4, 31), None);
        assert_eq!(gregorian_to_jalali(2024, 0, 1), None);
    }

    #[test]
    fn extreme_years_give_none() {
        assert_eq!(gregorian_to_jalali(i32::MAX, 1, 1), None);
        assert_eq!(gregorian_to_jalali(i32::MIN, 1, 1), None);
        assert_eq!(jalali_to_gregorian(i32::MAX, 1, 1), None);
        assert_eq!(jalali_to_gregorian(0, 1, 1), None);
        assert_eq!(gregorian_to_jalali(622, 3, 21), None); // day before 1/1/1
        assert_eq!(gregorian_to_jalali(622, 3, 22), j(1, 1, 1));
    }

    #[test]
    fn gregorian_leap_day_converts() {
        assert_eq!(gregorian_to_jalali(2024, 2, 29), j(1402, 12, 10));
    }

    #[test]
    fn mid_year_dates_convert() {
        assert_eq!(gregorian_to_jalali(2024, 9, 22), j(1403, 7, 1));
        assert_eq!(gregorian_to_jalali(2024, 12, 31), j(1403, 10, 11));
        assert_eq!(gregorian_to_jalali(1979, 2, 11), j(1357, 11, 22));
    }

    #[test]
    fn parse_reads_slashes_dashes_and_persian_digits() {
        assert_eq!(JalaliDate::parse("1403/1/1").ok(), j(1403, 1, 1));
        assert_eq!(JalaliDate::parse(" ۱۴۰۲-۱۰-۲۱\u{200F}").ok(), j(1402, 10, 21));
    }

    #[test]
    fn parse_refuses_malformed_and_missing_dates() {
        for bad in ["", "1403", "1403/01", "1403/01/01/01", "1403/13/01", "1403/07/31", "14030/01/01", "1403/001/01", "a/b/c", "1403//01"] {
            let e = JalaliDate::parse(bad).unwrap_err();
            assert_eq!((e.field, e.rule, e.message()), ("date", RuleKind::Date, DATE_MESSAGE), "{bad}");
        }
    }

    #[test]
    fn format_with_invalid_month_shows_its_number() {
        assert_eq!(
            format_jalali(&JalaliDate {
                year: 1403,
                month: 13,
                day: 1
            }),
            "۱ ۱۳ ۱۴۰۳"
        );
    }

    #[test]
    fn the_last_covered_year_round_trips_to_its_last_day() {
        // Jalali 3177's last months fall in Gregorian 3799 (found by the round-trip proptest).
        assert_eq!(jalali_to_gregorian(3177, 10, 12), Some((3799, 1, 1)));
        assert_eq!(gregorian_to_jalali(3799, 1, 1), j(3177, 10, 12));
        let last = jalali_month_length(3177, 12);
        let (gy, gm, gd) = jalali_to_gregorian(3177, 12, last).unwrap();
        assert_eq!(gregorian_to_jalali(gy, gm, gd), j(3177, 12, last));
        for d in 1..=31 {
            let _ = gregorian_to_jalali(3799, 12, d);
        }
        assert_eq!(gregorian_to_jalali(3799, 12, 31), None, "Jalali 3178 is outside the covered years");
    }

    proptest! {
        #[test]
        fn round_trip_through_gregorian(y in 1i32..=3177, m in 1u32..=12, d in 1u32..=31) {
            if let Some((gy, gm, gd)) = jalali_to_gregorian(y, m, d) {
                prop_assert_eq!(gregorian_to_jalali(gy, gm, gd), j(y, m, d));
            } else {
                prop_assert!(d > jalali_month_length(y, m));
            }
        }

        #[test]
        fn consecutive_days_are_consecutive(jdn in 2_000_000i64..2_500_000) {
            let (a, b) = (d2g(jdn), d2g(jdn + 1));
            let (ga, gb) = (
                gregorian_to_jalali(a.0 as i32, a.1 as u32, a.2 as u32),
                gregorian_to_jalali(b.0 as i32, b.1 as u32, b.2 as u32),
            );
            if let (Some(x), Some(y)) = (ga, gb) {
                let next = if x.day < jalali_month_length(x.year, x.month) {
                    JalaliDate { day: x.day + 1, ..x }
                } else if x.month < 12 {
                    JalaliDate { month: x.month + 1, day: 1, ..x }
                } else {
                    JalaliDate { year: x.year + 1, month: 1, day: 1 }
                };
                prop_assert_eq!(y, next);
            }
        }

        #[test]
        fn conversion_never_panics(y: i32, m: u32, d: u32) {
            let _ = (gregorian_to_jalali(y, m, d), jalali_to_gregorian(y, m, d));
        }
    }
}
