//! Instalment plans: the schedule of a purchase paid in monthly instalments.
//!
//! **What.** [`instalment_schedule`] turns a plan's terms, an order total and the order's
//! Jalali date into the down payment, the credit charge and the monthly instalments with
//! their due dates and reminder dates. The server stores what it computes at registration;
//! the calculators on the product and order pages call the same function through WASM.
//!
//! **Why one function.** The customer must see exactly the amounts and dates they will be
//! charged: the same rule on both sides, so the page can never promise another schedule.
//!
//! **Decisions** (docs/decisions.md, "Instalments"):
//! - down payment = `total × percent / 100`, rounded **down** to a whole Toman (never more than
//!   the stated percent); the principal is the rest;
//! - the charge is simple (flat) interest on the principal: `principal × rate × months`, with
//!   the monthly rate in basis points (250 = 2.5% a month), rounded **down**;
//! - the financed amount (principal + charge) is split into equal whole-Toman instalments; the
//!   remainder of the division goes into the **last** one, so they add up to it exactly;
//! - instalment *k* is due *k* months after the order, on the order's day of the month; a day
//!   the month lacks (31 in months 7–12, 30 Esfand in a common year) is **clamped** to the
//!   month's last day; each date is computed from the order's day, not the previous due date,
//!   so a 31st returns to the 31st in the first half of the year;
//! - the reminder SMS goes [`REMINDER_DAYS_BEFORE`] days before each due date, and on the day.
//!
//! ```
//! use shop_core::instalment::{instalment_schedule, InstalmentTerms, ScheduleInput};
//! use shop_core::jalali::JalaliDate;
//! let terms = InstalmentTerms { down_payment_percent: 30, months: 6, monthly_rate_bp: 200,
//!     min_total: 5_000_000, max_total: 200_000_000 };
//! let s = instalment_schedule(&ScheduleInput {
//!     terms, total: 10_000_001, start: JalaliDate { year: 1403, month: 6, day: 31 } }).unwrap();
//! assert_eq!(s.down_payment, 3_000_000);
//! assert_eq!(s.principal, 7_000_001);
//! assert_eq!(s.charge, 840_000); // 7,000,001 × 2% × 6, rounded down
//! assert_eq!(s.instalments.iter().map(|i| i.amount).sum::<i64>(), s.financed);
//! assert_eq!(s.instalments[0].due, JalaliDate { year: 1403, month: 7, day: 30 }); // clamped
//! ```

use crate::digits::{format_price, to_persian_digits};
use crate::jalali::{format_jalali, from_julian_day, is_valid_jalali, jalali_month_length, to_julian_day, JalaliDate, DATE_MESSAGE};
use serde::{Deserialize, Serialize};

/// Days before a due date the first reminder goes out (a second one on the day).
pub const REMINDER_DAYS_BEFORE: i64 = 3;

/// The longest plan, in months.
pub const MAX_MONTHS: i64 = 60;

/// The highest monthly rate, in basis points (20% a month).
pub const MAX_MONTHLY_RATE_BP: i64 = 2_000;

/// The largest order total a plan may allow (the `Toman` bound).
pub const MAX_TOTAL: i64 = 1_000_000_000_000_000;

/// A plan's terms.
///
/// ```
/// use shop_core::instalment::InstalmentTerms;
/// let t: InstalmentTerms = serde_json::from_str(r#"{"down_payment_percent":25,"months":12,
///     "monthly_rate_bp":150,"min_total":1000000,"max_total":90000000}"#).unwrap();
/// assert!(t.check().is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstalmentTerms {
    /// Paid at once through the gateway: 1..=99 percent of the order total.
    pub down_payment_percent: i64,
    /// Number of monthly instalments, 1..=[`MAX_MONTHS`].
    pub months: i64,
    /// Monthly flat rate in basis points, 0..=[`MAX_MONTHLY_RATE_BP`].
    pub monthly_rate_bp: i64,
    /// The smallest order total the plan accepts (Toman, at least 1).
    pub min_total: i64,
    /// The largest order total the plan accepts (Toman, at least `min_total`).
    pub max_total: i64,
}

impl InstalmentTerms {
    /// Whether the terms make a plan: every field in its range.
    ///
    /// ```
    /// use shop_core::instalment::{InstalmentTerms, ScheduleError};
    /// let t = InstalmentTerms { down_payment_percent: 0, months: 6, monthly_rate_bp: 0,
    ///     min_total: 1, max_total: 10 };
    /// assert_eq!(t.check(), Err(ScheduleError::InvalidTerms));
    /// ```
    pub fn check(&self) -> Result<(), ScheduleError> {
        let ok = (1..=99).contains(&self.down_payment_percent)
            && (1..=MAX_MONTHS).contains(&self.months)
            && (0..=MAX_MONTHLY_RATE_BP).contains(&self.monthly_rate_bp)
            && self.min_total >= 1
            && self.min_total <= self.max_total
            && self.max_total <= MAX_TOTAL;
        if ok {
            Ok(())
        } else {
            Err(ScheduleError::InvalidTerms)
        }
    }
}

/// What the schedule is computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduleInput {
    /// The plan's terms.
    pub terms: InstalmentTerms,
    /// The order's payable total, Toman.
    pub total: i64,
    /// The order's date (Tehran calendar day).
    pub start: JalaliDate,
}

/// One monthly instalment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instalment {
    /// 1 for the first.
    pub number: u32,
    /// Toman.
    pub amount: i64,
    /// The day it is due.
    pub due: JalaliDate,
    /// The day of the first reminder ([`REMINDER_DAYS_BEFORE`] days before `due`).
    pub remind: JalaliDate,
}

/// A whole schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// The order total it was computed for.
    pub total: i64,
    /// Paid at once.
    pub down_payment: i64,
    /// `total - down_payment`.
    pub principal: i64,
    /// The credit charge on the principal.
    pub charge: i64,
    /// `principal + charge`: what the instalments add up to.
    pub financed: i64,
    /// In due order.
    pub instalments: Vec<Instalment>,
}

/// Why there is no schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    /// The plan's terms are out of range.
    #[error("شرایط طرح اقساطی معتبر نیست")]
    InvalidTerms,
    /// The total is below the plan's minimum.
    #[error("مبلغ سفارش برای این طرح اقساطی باید دست‌کم {} باشد", format_price(*.0))]
    BelowMinimum(i64),
    /// The total is above the plan's maximum.
    #[error("مبلغ سفارش برای این طرح اقساطی باید حداکثر {} باشد", format_price(*.0))]
    AboveMaximum(i64),
    /// The start date does not exist, or a due date falls past the calendar's range.
    #[error("{}", DATE_MESSAGE)]
    InvalidDate,
}

/// The date `months` months after `start`, on `start`'s day clamped to the month's length.
///
/// ```
/// use shop_core::instalment::add_months;
/// use shop_core::jalali::JalaliDate;
/// let d = |year, month, day| JalaliDate { year, month, day };
/// assert_eq!(add_months(d(1403, 6, 31), 1), Some(d(1403, 7, 30)));
/// assert_eq!(add_months(d(1403, 6, 31), 7), Some(d(1404, 1, 31)));
/// assert_eq!(add_months(d(1402, 11, 30), 1), Some(d(1402, 12, 29))); // common year
/// assert_eq!(add_months(d(1403, 11, 30), 1), Some(d(1403, 12, 30))); // leap year
/// ```
pub fn add_months(start: JalaliDate, months: u32) -> Option<JalaliDate> {
    if !is_valid_jalali(&start) {
        return None;
    }
    let index = i64::from(start.month - 1) + i64::from(months);
    let year = i32::try_from(i64::from(start.year) + index / 12).ok()?;
    let month = u32::try_from(index % 12 + 1).ok()?;
    let day = start.day.min(jalali_month_length(year, month));
    let date = JalaliDate { year, month, day };
    is_valid_jalali(&date).then_some(date)
}

/// The date `days` days after (or, negative, before) `date`.
///
/// ```
/// use shop_core::instalment::add_days;
/// use shop_core::jalali::JalaliDate;
/// let d = |year, month, day| JalaliDate { year, month, day };
/// assert_eq!(add_days(d(1404, 1, 2), -3), Some(d(1403, 12, 29)));
/// ```
pub fn add_days(date: JalaliDate, days: i64) -> Option<JalaliDate> {
    from_julian_day(to_julian_day(&date)?.checked_add(days)?)
}

/// The schedule for `input` (see the module documentation for every rounding rule).
///
/// ```
/// use shop_core::instalment::{instalment_schedule, InstalmentTerms, ScheduleError, ScheduleInput};
/// use shop_core::jalali::JalaliDate;
/// let terms = InstalmentTerms { down_payment_percent: 20, months: 3, monthly_rate_bp: 0,
///     min_total: 1_000, max_total: 1_000_000 };
/// let start = JalaliDate { year: 1403, month: 1, day: 1 };
/// let s = instalment_schedule(&ScheduleInput { terms, total: 1_000, start }).unwrap();
/// assert_eq!(s.instalments.iter().map(|i| i.amount).collect::<Vec<_>>(), [266, 266, 268]);
/// let e = instalment_schedule(&ScheduleInput { terms, total: 999, start }).unwrap_err();
/// assert_eq!(e, ScheduleError::BelowMinimum(1_000));
/// assert_eq!(e.to_string(), "مبلغ سفارش برای این طرح اقساطی باید دست‌کم ۱٬۰۰۰ تومان باشد");
/// ```
pub fn instalment_schedule(input: &ScheduleInput) -> Result<Schedule, ScheduleError> {
    let t = input.terms;
    t.check()?;
    if input.total < t.min_total {
        return Err(ScheduleError::BelowMinimum(t.min_total));
    }
    if input.total > t.max_total {
        return Err(ScheduleError::AboveMaximum(t.max_total));
    }
    if !is_valid_jalali(&input.start) {
        return Err(ScheduleError::InvalidDate);
    }
    // The bounds above keep every product below 10^15 × 2000 × 60 < i128::MAX, and every result
    // below 3 × 10^15 < i64::MAX.
    let total = i128::from(input.total);
    let down = total * i128::from(t.down_payment_percent) / 100;
    let principal = total - down;
    let charge = principal * i128::from(t.monthly_rate_bp) * i128::from(t.months) / 10_000;
    let financed = principal + charge;
    let months = i128::from(t.months);
    let each = financed / months;
    let last = financed - each * (months - 1);
    let narrow = |v: i128| i64::try_from(v).map_err(|_| ScheduleError::InvalidTerms);
    let mut instalments = Vec::with_capacity(t.months as usize);
    for k in 1..=t.months as u32 {
        let due = add_months(input.start, k).ok_or(ScheduleError::InvalidDate)?;
        let remind = add_days(due, -REMINDER_DAYS_BEFORE).ok_or(ScheduleError::InvalidDate)?;
        let amount = if i64::from(k) == t.months { last } else { each };
        instalments.push(Instalment {
            number: k,
            amount: narrow(amount)?,
            due,
            remind,
        });
    }
    Ok(Schedule {
        total: input.total,
        down_payment: narrow(down)?,
        principal: narrow(principal)?,
        charge: narrow(charge)?,
        financed: narrow(financed)?,
        instalments,
    })
}

/// The reminder SMS for instalment `number` of order `order_code`: on the day it falls due
/// (`due_today`) or [`REMINDER_DAYS_BEFORE`] days before. Amount as [`format_price`], the date
/// as `format_jalali` (left out when unknown), then where to pay.
///
/// ```
/// use shop_core::instalment::reminder_message;
/// use shop_core::jalali::JalaliDate;
/// let due = Some(JalaliDate { year: 1404, month: 9, day: 3 });
/// assert_eq!(reminder_message(true, 2, "K7Q2M9XD", 1_500_000, due, "https://x/profile/finance"),
///     "امروز ۳ آذر ۱۴۰۴ سررسید قسط ۲ سفارش K7Q2M9XD به مبلغ ۱٬۵۰۰٬۰۰۰ تومان است. پرداخت: https://x/profile/finance");
/// assert_eq!(reminder_message(false, 2, "K7Q2M9XD", 1_500_000, due, "https://x/profile/finance"),
///     "یادآوری: قسط ۲ سفارش K7Q2M9XD به مبلغ ۱٬۵۰۰٬۰۰۰ تومان در تاریخ ۳ آذر ۱۴۰۴ سررسید می‌شود. پرداخت: https://x/profile/finance");
/// ```
pub fn reminder_message(due_today: bool, number: i64, order_code: &str, amount: i64, due_on: Option<JalaliDate>, pay_url: &str) -> String {
    let date = due_on.map(|d| format_jalali(&d)).unwrap_or_default();
    let n = to_persian_digits(&number.to_string());
    let price = format_price(amount);
    if due_today {
        format!("امروز {date} سررسید قسط {n} سفارش {order_code} به مبلغ {price} است. پرداخت: {pay_url}")
    } else {
        format!("یادآوری: قسط {n} سفارش {order_code} به مبلغ {price} در تاریخ {date} سررسید می‌شود. پرداخت: {pay_url}")
    }
}

/// What a payment of instalment `number` is called: in the customer's payments list.
///
/// ```
/// assert_eq!(shop_core::instalment::instalment_label(3), "قسط ۳");
/// ```
pub fn instalment_label(number: i64) -> String {
    format!("قسط {}", to_persian_digits(&number.to_string()))
}

/// The description the payment gateway shows for instalment `number` of order `order_code`.
///
/// ```
/// assert_eq!(shop_core::instalment::instalment_payment_description(3, "K7Q2M9XD"), "قسط 3 سفارش K7Q2M9XD");
/// ```
pub fn instalment_payment_description(number: i64, order_code: &str) -> String {
    format!("قسط {number} سفارش {order_code}")
}

/// Instalments are paid in order: instalment `first_unpaid` comes first.
///
/// ```
/// assert_eq!(shop_core::instalment::not_next_message(2), "ابتدا قسط شمارهٔ ۲ را پرداخت کنید");
/// ```
pub fn not_next_message(first_unpaid: i64) -> String {
    format!("ابتدا قسط شمارهٔ {} را پرداخت کنید", to_persian_digits(&first_unpaid.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jalali::jalali_to_gregorian;
    use proptest::prelude::*;

    fn d(year: i32, month: u32, day: u32) -> JalaliDate {
        JalaliDate { year, month, day }
    }

    fn terms(down: i64, months: i64, rate: i64) -> InstalmentTerms {
        InstalmentTerms {
            down_payment_percent: down,
            months,
            monthly_rate_bp: rate,
            min_total: 1,
            max_total: MAX_TOTAL,
        }
    }

    #[test]
    fn a_typical_laptop_plan() {
        let s = instalment_schedule(&ScheduleInput {
            terms: terms(30, 12, 250),
            total: 75_820_000,
            start: d(1403, 8, 15),
        })
        .unwrap();
        assert_eq!(s.down_payment, 22_746_000);
        assert_eq!(s.principal, 53_074_000);
        assert_eq!(s.charge, 15_922_200);
        assert_eq!(s.financed, 68_996_200);
        assert_eq!(s.instalments[0].amount, 5_749_683);
        assert_eq!(s.instalments[11].amount, 68_996_200 - 5_749_683 * 11);
        assert_eq!(s.instalments[0].due, d(1403, 9, 15));
        assert_eq!(s.instalments[11].due, d(1404, 8, 15));
        assert_eq!(s.instalments[0].remind, d(1403, 9, 12));
    }

    #[test]
    fn esfand_thirtieth_only_in_leap_years() {
        // 1403 is leap, 1404 is not.
        let s = instalment_schedule(&ScheduleInput {
            terms: terms(10, 13, 0),
            total: 1_000_000,
            start: d(1402, 12, 29),
        })
        .unwrap();
        assert_eq!(s.instalments[11].due, d(1403, 12, 29));
        let s = instalment_schedule(&ScheduleInput {
            terms: terms(10, 13, 0),
            total: 1_000_000,
            start: d(1403, 11, 30),
        })
        .unwrap();
        assert_eq!(s.instalments[0].due, d(1403, 12, 30));
        assert_eq!(s.instalments[12].due, d(1404, 12, 29));
    }

    #[test]
    fn reminders_cross_month_and_year_ends() {
        assert_eq!(add_days(d(1403, 7, 2), -3), Some(d(1403, 6, 30)));
        assert_eq!(add_days(d(1403, 1, 1), -3), Some(d(1402, 12, 27)));
        assert_eq!(add_days(d(1402, 12, 30), 1), None);
    }

    #[test]
    fn bad_terms_totals_and_dates_are_refused() {
        let ok = terms(30, 6, 200);
        let start = d(1403, 1, 1);
        for bad in [
            terms(0, 6, 0),
            terms(100, 6, 0),
            terms(30, 0, 0),
            terms(30, 61, 0),
            terms(30, 6, -1),
            terms(30, 6, 2_001),
            InstalmentTerms { min_total: 0, ..ok },
            InstalmentTerms { min_total: 10, max_total: 9, ..ok },
            InstalmentTerms { max_total: MAX_TOTAL + 1, ..ok },
        ] {
            let e = instalment_schedule(&ScheduleInput { terms: bad, total: 1_000, start });
            assert_eq!(e, Err(ScheduleError::InvalidTerms), "{bad:?}");
        }
        let bounded = InstalmentTerms { min_total: 1_000, max_total: 2_000, ..ok };
        let at = |total| instalment_schedule(&ScheduleInput { terms: bounded, total, start });
        assert_eq!(at(999), Err(ScheduleError::BelowMinimum(1_000)));
        assert_eq!(at(-5), Err(ScheduleError::BelowMinimum(1_000)));
        assert_eq!(at(2_001), Err(ScheduleError::AboveMaximum(2_000)));
        assert!(at(1_000).is_ok() && at(2_000).is_ok());
        assert_eq!(
            instalment_schedule(&ScheduleInput { terms: ok, total: 1_000, start: d(1402, 12, 30) }),
            Err(ScheduleError::InvalidDate)
        );
        assert_eq!(
            instalment_schedule(&ScheduleInput { terms: ok, total: 1_000, start: d(3177, 10, 1) }),
            Err(ScheduleError::InvalidDate)
        );
    }

    #[test]
    fn largest_values_do_not_overflow() {
        let s = instalment_schedule(&ScheduleInput {
            terms: InstalmentTerms { monthly_rate_bp: MAX_MONTHLY_RATE_BP, ..terms(1, MAX_MONTHS, 0) },
            total: MAX_TOTAL,
            start: d(1403, 1, 1),
        })
        .unwrap();
        assert_eq!(s.instalments.iter().map(|i| i.amount).sum::<i64>(), s.financed);
    }

    proptest! {
        #[test]
        fn instalments_add_up_to_the_financed_amount(
            total in 1i64..=MAX_TOTAL,
            down in 1i64..=99,
            months in 1i64..=MAX_MONTHS,
            rate in 0i64..=MAX_MONTHLY_RATE_BP,
            y in 1300i32..=1500, m in 1u32..=12, day in 1u32..=31,
        ) {
            let start = d(y, m, day.min(jalali_month_length(y, m)));
            let s = instalment_schedule(&ScheduleInput { terms: terms(down, months, rate), total, start }).unwrap();
            prop_assert_eq!(s.instalments.iter().map(|i| i.amount).sum::<i64>(), s.financed);
            prop_assert_eq!(s.down_payment + s.principal, total);
            prop_assert_eq!(s.principal + s.charge, s.financed);
            prop_assert_eq!(s.instalments.len() as i64, months);
            let first = s.instalments[0].amount;
            for i in &s.instalments[..s.instalments.len() - 1] {
                prop_assert_eq!(i.amount, first);
            }
            let last = s.instalments[s.instalments.len() - 1].amount;
            prop_assert!(last >= first && last - first < months);
        }

        #[test]
        fn every_due_date_exists_and_keeps_the_day_when_it_can(
            months in 1i64..=MAX_MONTHS,
            y in 1300i32..=1500, m in 1u32..=12, day in 1u32..=31,
        ) {
            let start = d(y, m, day.min(jalali_month_length(y, m)));
            let s = instalment_schedule(&ScheduleInput { terms: terms(10, months, 100), total: 1_000_000, start }).unwrap();
            let mut previous = start;
            for (k, i) in s.instalments.iter().enumerate() {
                prop_assert!(is_valid_jalali(&i.due), "{:?}", i.due);
                prop_assert!(jalali_to_gregorian(i.due.year, i.due.month, i.due.day).is_some());
                prop_assert!(is_valid_jalali(&i.remind));
                prop_assert!(i.due > previous);
                prop_assert_eq!(i.number as usize, k + 1);
                prop_assert_eq!(i.due.day, start.day.min(jalali_month_length(i.due.year, i.due.month)));
                prop_assert_eq!(add_days(i.remind, REMINDER_DAYS_BEFORE), Some(i.due));
                previous = i.due;
            }
        }
    }
}
