//! When a delivery slot is offered.
//!
//! **What.** A slot closes at its same-day cut-off: `cutoff` minutes after the Tehran midnight
//! of its day (never later than the window's start). It is offered at `now` while it has not
//! closed (`now < closes_at`) and has capacity left (`reserved < capacity`).
//! **Why.** One rule for the customer's list, the staff form's "day in the past" check and the
//! registration's conditional reservation (`closes_at > now AND reserved < capacity`, the server
//! stores `closes_at`), so a slot the list shows is one registration takes.
//! **Example.**
//! ```
//! use shop_core::delivery_slot::{window::{closes_at, offered, SlotRefusal}, SlotTimes};
//! use shop_core::jalali::JalaliDate;
//! // 1 Farvardin 1403 starts at 1_710_880_200 (Tehran midnight); cut-off 08:00.
//! let t = SlotTimes { day: JalaliDate { year: 1403, month: 1, day: 1 }, start: 540, end: 720, cutoff: 480 };
//! let closes = closes_at(&t).unwrap();
//! assert_eq!(closes, 1_710_880_200 + 8 * 3600);
//! assert_eq!(offered(closes, 10, 9, closes - 1), Ok(()));
//! assert_eq!(offered(closes, 10, 10, closes - 1), Err(SlotRefusal::Full));
//! assert_eq!(offered(closes, 10, 0, closes), Err(SlotRefusal::Closed));
//! ```

use super::SlotTimes;
use crate::tehran::tehran_day_start;

/// A slot past its cut-off (or in the past).
pub const CLOSED: &str = "مهلت ثبت سفارش برای این بازهٔ ارسال گذشته است؛ لطفا بازهٔ دیگری انتخاب کنید";
/// A slot with no capacity left.
pub const FULL: &str = "ظرفیت این بازهٔ ارسال پر شده است؛ لطفا بازهٔ دیگری انتخاب کنید";
/// A staff slot whose cut-off has already passed when it is saved.
pub const PAST_DAY: &str = "این روز یا مهلت ثبت سفارش آن گذشته است";

/// Why a slot is not offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SlotRefusal {
    /// Past its same-day cut-off.
    #[error("{}", CLOSED)]
    Closed,
    /// No capacity left.
    #[error("{}", FULL)]
    Full,
}

/// The Unix second the slot stops being taken: the Tehran midnight of its day plus the
/// earlier of its cut-off and its start. `None` outside the calendar.
pub fn closes_at(t: &SlotTimes) -> Option<i64> {
    Some(tehran_day_start(&t.day)? + i64::from(t.cutoff.min(t.start)) * 60)
}

/// Whether a slot that closes at `closes_at`, holding `reserved` of `capacity`, is offered at
/// `now`. Closed is answered before full.
pub fn offered(closes_at: i64, capacity: i64, reserved: i64, now: i64) -> Result<(), SlotRefusal> {
    if now >= closes_at {
        Err(SlotRefusal::Closed)
    } else if reserved >= capacity {
        Err(SlotRefusal::Full)
    } else {
        Ok(())
    }
}

/// The staff form's check against the clock: a slot whose cut-off has passed at `now` cannot
/// be saved (field `day`, [`PAST_DAY`]).
pub fn check_not_past(t: &SlotTimes, now: i64) -> Result<i64, &'static str> {
    closes_at(t).filter(|c| *c > now).ok_or(PAST_DAY)
}

/// [`offered`]'s input as the vectors give it.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct OfferedInput {
    /// The slot's day and window.
    pub times: SlotTimes,
    /// Its places.
    pub capacity: i64,
    /// Places taken.
    pub reserved: i64,
    /// The moment asked (Unix seconds).
    pub now: i64,
}

/// [`offered`] for a slot given by its times: `Ok(closes_at)` or the refusal.
pub fn offered_at(i: &OfferedInput) -> Result<i64, String> {
    let closes = closes_at(&i.times).ok_or_else(|| crate::jalali::DATE_MESSAGE.to_owned())?;
    offered(closes, i.capacity, i.reserved, i.now).map(|()| closes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jalali::JalaliDate;

    const NOWRUZ: i64 = 1_710_880_200;

    fn times(start: u32, cutoff: u32) -> SlotTimes {
        SlotTimes { day: JalaliDate { year: 1403, month: 1, day: 1 }, start, end: start + 180, cutoff }
    }

    #[test]
    fn a_cut_off_after_the_start_closes_at_the_start() {
        assert_eq!(closes_at(&times(540, 600)), Some(NOWRUZ + 540 * 60));
    }

    #[test]
    fn the_day_before_is_offered_and_the_cut_off_minute_is_not() {
        let c = closes_at(&times(840, 600)).unwrap();
        assert_eq!(offered(c, 1, 0, NOWRUZ - 3600), Ok(()));
        assert_eq!(offered(c, 1, 0, c), Err(SlotRefusal::Closed));
        assert_eq!(offered(c, 1, 1, c), Err(SlotRefusal::Closed));
        assert_eq!(offered(c, 0, 0, c - 1), Err(SlotRefusal::Full));
    }

    #[test]
    fn staff_cannot_save_a_closed_slot() {
        assert_eq!(check_not_past(&times(540, 480), NOWRUZ + 480 * 60), Err(PAST_DAY));
        assert_eq!(check_not_past(&times(540, 480), NOWRUZ), Ok(NOWRUZ + 480 * 60));
    }
}
