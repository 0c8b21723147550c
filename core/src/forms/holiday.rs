//! The back office's official holiday form (`holiday`): a Jalali day the return window skips and
//! its name.
//!
//! **What.** The day as `1405/01/13` (Persian digits and `-` read; a day the calendar has) and
//! its name (one line, 1–[`MAX_NAME_CHARS`] characters).
//! **Why.** `admin_returns_holidays_save` checked both in its service with its own messages and
//! the page checked nothing; both read this declaration now.
//! **Example.**
//! ```
//! use shop_core::forms::{holiday, Values};
//! let h = holiday::parse(&Values::from_pairs([("date", "۱۴۰۵/۰۱/۱۳"), ("name", "روز طبیعت")])).unwrap();
//! assert_eq!((h.day.month, h.day.day, h.name.as_str()), (1, 13, "روز طبیعت"));
//! assert!(holiday::parse(&Values::from_pairs([("date", "1405/12/31"), ("name", "x")])).unwrap_err().get("date").is_some());
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::jalali::JalaliDate;
use crate::validation::Rule;

/// The longest name.
pub const MAX_NAME_CHARS: u32 = 100;

/// The holiday form.
pub static FORM: Form = Form {
    name: "holiday",
    fields: &[
        Field::new("date", "تاریخ", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 20 }]),
        Field::new("name", "نام مناسبت", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_NAME_CHARS }]),
    ],
};

/// A holiday as the form accepts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holiday {
    /// The day.
    pub day: JalaliDate,
    /// Its name, one trimmed line.
    pub name: String,
}

/// The typed holiday, or every failing field's message.
pub fn parse(values: &Values) -> Result<Holiday, FormProblems> {
    let mut c = FORM.check(values);
    let day = c.typed("date", JalaliDate::parse);
    c.done()?;
    match day {
        Some(day) => Ok(Holiday { day, name: c.text("name") }),
        // Unreachable: the day is required and `done` found no problem.
        None => Err(FormProblems(vec![("date".into(), crate::jalali::DATE_MESSAGE.into())])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_required_and_bounded() {
        let v = Values::from_pairs([("date", "1405/1/1")]);
        assert_eq!(parse(&v).unwrap_err().get("name"), Some("لطفا نام مناسبت را وارد کنید"));
        let e = parse(&v.with("name", &"ع".repeat(101))).unwrap_err();
        assert_eq!(e.get("name"), Some("نام مناسبت باید حداکثر ۱۰۰ کاراکتر باشد"));
    }

    #[test]
    fn days_the_calendar_lacks_and_words_are_refused() {
        for bad in ["1405/13/01", "1405/07/31", "فردا", "1405/1"] {
            let e = parse(&Values::from_pairs([("date", bad), ("name", "x")])).unwrap_err();
            assert!(e.get("date").is_some(), "{bad}");
        }
    }
}
