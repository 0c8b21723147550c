//! Delivery slots (issue 27 item 5): a day, a time window in Tehran and a capacity, per city,
//! that a customer picks at checkout. One rule per file:
//!
//! - [`window`]: when a slot stops being offered (its same-day cut-off, at the latest its
//!   start) and whether it is offered at a moment (not closed, capacity left);
//! - [`label`]: the slot's Persian label, «سه‌شنبه ۱۲ آذر، ساعت ۹ تا ۱۲»;
//! - the staff form is [`crate::forms::delivery_slot`].

pub mod label;
pub mod window;

use serde::{Deserialize, Serialize};

use crate::jalali::JalaliDate;

/// A slot's day and window, minutes after the Tehran midnight of `day`.
///
/// ```
/// use shop_core::delivery_slot::SlotTimes;
/// use shop_core::jalali::JalaliDate;
/// let t = SlotTimes { day: JalaliDate { year: 1405, month: 9, day: 11 }, start: 540, end: 720, cutoff: 480 };
/// assert_eq!(t.start / 60, 9);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotTimes {
    /// The Jalali day (Tehran).
    pub day: JalaliDate,
    /// Minutes after midnight the window opens (0..1440).
    pub start: u32,
    /// Minutes after midnight the window closes (start < end ≤ 1440).
    pub end: u32,
    /// Minutes after midnight of the same day the slot stops being taken (≤ start).
    pub cutoff: u32,
}
