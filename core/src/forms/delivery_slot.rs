//! The back office's delivery slot form (بازهٔ ارسال): a city, a day, a time window, a
//! same-day cut-off and a capacity.
//!
//! **What.** A city of the provinces list; a Jalali day (`۱۴۰۵/۰۹/۱۱`, any digits); the
//! window's start and end as `9`, `09:30` or `۹:۳۰` (end after start, at most `24`); a cut-off
//! time on the same day (empty: the window's start; never after it); a capacity of 1 to
//! [`MAX_CAPACITY`]. A day whose cut-off has passed is refused by
//! [`crate::delivery_slot::window::check_not_past`], which needs the clock.
//! **Why.** The web form (`checkForm`) and `admin_delivery_slot_save` read this one declaration.
//! **Example.**
//! ```
//! use shop_core::forms::{delivery_slot, Values};
//! let v = Values::from_pairs([("city", "تهران"), ("day", "۱۴۰۵/۹/۱۱"), ("start", "۹"), ("end", "12:30"), ("capacity", "۱۰")]);
//! let s = delivery_slot::parse(&v).unwrap();
//! assert_eq!((s.times.start, s.times.end, s.times.cutoff, s.capacity), (540, 750, 540, 10));
//! let e = delivery_slot::parse(&v.with("end", "8")).unwrap_err();
//! assert_eq!(e.get("end"), Some(delivery_slot::END_BEFORE_START));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::delivery_slot::SlotTimes;
use crate::jalali::JalaliDate;
use crate::validation::{FieldError, Rule, RuleKind};

/// A time that is not `H`, `HH`, `H:MM` within the day.
pub const TIME: &str = "ساعت را به شکل ۹ یا ۹:۳۰ (از ۰ تا ۲۴) وارد کنید";
/// The window ends at or before its start.
pub const END_BEFORE_START: &str = "پایان بازه باید بعد از شروع آن باشد";
/// The cut-off is after the window's start.
pub const CUTOFF_AFTER_START: &str = "مهلت ثبت سفارش نمی‌تواند بعد از شروع بازه باشد";
/// A capacity outside 1..=MAX_CAPACITY.
pub const CAPACITY: &str = "ظرفیت باید عددی از ۱ تا ۱۰۰۰۰ باشد";
/// The largest capacity of one slot.
pub const MAX_CAPACITY: i64 = 10_000;

/// A city not in the provinces list (the delivery option form's words).
pub use super::delivery_option::unknown_city;

/// The delivery slot form.
pub static FORM: Form = Form {
    name: "delivery_slot",
    fields: &[
        Field::new("city", "شهر", Clean::Line, &[Rule::Required, Rule::MaxLength { n: 100 }]),
        Field::new("day", "روز", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 20 }]),
        Field::new("start", "شروع بازه", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 5 }]),
        Field::new("end", "پایان بازه", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 5 }]),
        Field::new("cutoff", "مهلت ثبت سفارش در همان روز", Clean::Digits, &[Rule::MaxLength { n: 5 }]),
        Field::new("capacity", "ظرفیت", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 20 }]),
    ],
};

/// A slot as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliverySlot {
    /// A city of the provinces list, in its spelling.
    pub city: String,
    /// The day, window and cut-off.
    pub times: SlotTimes,
    /// 1..=MAX_CAPACITY.
    pub capacity: i64,
}

fn bad(message: &str) -> FieldError {
    FieldError { field: "", rule: RuleKind::Unknown, message: message.to_owned() }
}

/// `9`, `09`, `9:30`, `24` → minutes after midnight (0..=1440).
fn minutes(text: &str) -> Result<u32, FieldError> {
    let (h, m) = text.split_once(':').unwrap_or((text, "00"));
    let digits = |s: &[u8]| s.iter().try_fold(0u32, |n, b| b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0')));
    match (h.len(), m.len(), digits(h.as_bytes()), digits(m.as_bytes())) {
        (1..=2, 2, Some(h), Some(m)) if m < 60 && h * 60 + m <= 1440 => Ok(h * 60 + m),
        _ => Err(bad(TIME)),
    }
}

/// The typed slot, or every failing field's message.
pub fn parse(values: &Values) -> Result<DeliverySlot, FormProblems> {
    let mut c = FORM.check(values);
    let city = c.typed("city", |s| crate::provinces::city_name(s).map(str::to_owned).ok_or_else(|| bad(&unknown_city(s))));
    let day = c.typed("day", JalaliDate::parse);
    let start = c.typed("start", minutes);
    let end = c.typed("end", |s| {
        let end = minutes(s)?;
        match start {
            Some(start) if end <= start => Err(bad(END_BEFORE_START)),
            _ => Ok(end),
        }
    });
    let cutoff = c.typed("cutoff", |s| {
        let cutoff = minutes(s)?;
        match start {
            Some(start) if cutoff > start => Err(bad(CUTOFF_AFTER_START)),
            _ => Ok(cutoff),
        }
    });
    let capacity = c.typed("capacity", |s| s.parse::<i64>().ok().filter(|n| (1..=MAX_CAPACITY).contains(n)).ok_or(bad(CAPACITY)));
    c.done()?;
    match (city, day, start, end, capacity) {
        (Some(city), Some(day), Some(start), Some(end), Some(capacity)) => Ok(DeliverySlot {
            city,
            times: SlotTimes { day, start, end, cutoff: cutoff.unwrap_or(start) },
            capacity,
        }),
        // Unreachable: each is required and `done` found no problem.
        _ => Err(FormProblems(vec![("day".into(), crate::jalali::DATE_MESSAGE.to_owned())])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> Values {
        Values::from_pairs([("city", "تهران"), ("day", "1405/09/11"), ("start", "9"), ("end", "12"), ("cutoff", "8:30"), ("capacity", "10")])
    }

    #[test]
    fn persian_digits_and_a_cut_off_are_read() {
        let s = parse(&good().with("start", "۰۹:۰۰").with("capacity", "۱۰")).unwrap();
        assert_eq!((s.times.start, s.times.cutoff, s.capacity), (540, 510, 10));
    }

    #[test]
    fn capacity_zero_or_negative_is_refused() {
        for bad in ["0", "-1", "10001", "۰", "1.5"] {
            assert_eq!(parse(&good().with("capacity", bad)).unwrap_err().get("capacity"), Some(CAPACITY), "{bad}");
        }
    }

    #[test]
    fn bad_times_and_a_late_cut_off_are_refused() {
        assert_eq!(parse(&good().with("end", "9")).unwrap_err().get("end"), Some(END_BEFORE_START));
        assert_eq!(parse(&good().with("start", "25")).unwrap_err().get("start"), Some(TIME));
        assert_eq!(parse(&good().with("start", "9:7")).unwrap_err().get("start"), Some(TIME));
        assert_eq!(parse(&good().with("cutoff", "10")).unwrap_err().get("cutoff"), Some(CUTOFF_AFTER_START));
        assert_eq!(parse(&good().with("city", "آتلانتیس")).unwrap_err().get("city"), Some("شهر «آتلانتیس» در فهرست شهرها نیست"));
        assert_eq!(parse(&good().with("day", "1405/13/01")).unwrap_err().get("day"), Some(crate::jalali::DATE_MESSAGE));
    }
}
