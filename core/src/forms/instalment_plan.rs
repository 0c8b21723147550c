//! The back office's instalment plan form (طرح اقساطی): its name, its terms and its place.
//!
//! **What.** A name (one line, 1–100 characters); the down payment, 1 to 99 percent; the number
//! of monthly instalments, 1 to [`MAX_MONTHS`]; the monthly rate in hundredths of a percent
//! (basis points, 0 to [`MAX_MONTHLY_RATE_BP`]; empty is 0); the smallest and largest order
//! total in Toman (at least 1, the largest not below the smallest nor above [`MAX_TOTAL`]); the
//! place in the list, 0 to 10,000 (empty is 0). Each number is whole; Persian digits are read.
//! Every bound speaks on its own field, so a plan that passes is one
//! [`InstalmentTerms::check`] accepts.
//! **Why.** The web form checked only "a number" and the server answered every out-of-range
//! term with one message on a field called `terms`, which the form does not have: staff saw
//! «شرایط طرح اقساطی معتبر نیست» at the top and had to guess which number was wrong.
//! **Example.**
//! ```
//! use shop_core::forms::{instalment_plan, Values};
//! let v = Values::from_pairs([("name", "۶ ماهه"), ("down_payment_percent", "۳۰"), ("months", "6"),
//!     ("monthly_rate_bp", "200"), ("min_total", "5000000"), ("max_total", "200000000")]);
//! let p = instalment_plan::parse(&v).unwrap();
//! assert_eq!((p.terms.down_payment_percent, p.position), (30, 0));
//! let e = instalment_plan::parse(&v.with("months", "72")).unwrap_err();
//! assert_eq!(e.get("months"), Some(instalment_plan::MONTHS_MESSAGE));
//! ```

use super::faq::{MAX_POSITION, POSITION_MESSAGE};
use super::{whole_number, Clean, Field, Form, FormProblems, Values};
use crate::instalment::{InstalmentTerms, MAX_MONTHLY_RATE_BP, MAX_MONTHS, MAX_TOTAL};
use crate::validation::Rule;

/// The longest name.
pub const MAX_NAME_CHARS: u32 = 100;
/// A down payment outside 1..=99 percent.
pub const DOWN_PAYMENT_MESSAGE: &str = "پیش‌پرداخت باید درصدی از ۱ تا ۹۹ باشد";
/// A count outside 1..=[`MAX_MONTHS`].
pub const MONTHS_MESSAGE: &str = "تعداد اقساط باید عددی از ۱ تا ۶۰ باشد";
/// A rate outside 0..=[`MAX_MONTHLY_RATE_BP`].
pub const RATE_MESSAGE: &str = "کارمزد ماهانه باید عددی از ۰ تا ۲۰۰۰ (صدم درصد) باشد";
/// A smallest total below 1 Toman or beyond [`MAX_TOTAL`].
pub const MIN_TOTAL_MESSAGE: &str = "حداقل مبلغ سفارش باید دست‌کم ۱ تومان باشد";
/// A largest total below the smallest or beyond [`MAX_TOTAL`].
pub const MAX_TOTAL_MESSAGE: &str = "حداکثر مبلغ سفارش نباید از حداقل آن کمتر باشد";

const NUMBER: &[Rule] = &[Rule::Required, Rule::MaxLength { n: super::discount::MAX_NUMBER_CHARS }];
const OPTIONAL_NUMBER: &[Rule] = &[Rule::MaxLength { n: super::discount::MAX_NUMBER_CHARS }];

/// The plan form.
pub static FORM: Form = Form {
    name: "instalment_plan",
    fields: &[
        Field::new("name", "نام طرح", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_NAME_CHARS }]),
        Field::new("down_payment_percent", "درصد پیش‌پرداخت", Clean::Digits, NUMBER),
        Field::new("months", "تعداد اقساط", Clean::Digits, NUMBER),
        Field::new("monthly_rate_bp", "کارمزد ماهانه", Clean::Digits, OPTIONAL_NUMBER),
        Field::new("min_total", "حداقل مبلغ سفارش", Clean::Digits, NUMBER),
        Field::new("max_total", "حداکثر مبلغ سفارش", Clean::Digits, NUMBER),
        Field::new("position", "ترتیب", Clean::Digits, OPTIONAL_NUMBER),
    ],
};

/// A plan as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstalmentPlan {
    /// The name, one trimmed line.
    pub name: String,
    /// Terms [`InstalmentTerms::check`] accepts.
    pub terms: InstalmentTerms,
    /// Its place in the list, 0 to 10,000.
    pub position: i64,
}

/// The typed plan, or every failing field's message.
pub fn parse(values: &Values) -> Result<InstalmentPlan, FormProblems> {
    let mut c = FORM.check(values);
    let mut number = |name: &str, range: std::ops::RangeInclusive<i64>, message: &str| {
        let label = FORM.field(name).map_or("", |f| f.label);
        c.typed(name, |s| {
            let n = whole_number(label)(s)?;
            if range.contains(&n) { Ok(n) } else { Err(super::field_error(message)) }
        })
    };
    let down = number("down_payment_percent", 1..=99, DOWN_PAYMENT_MESSAGE);
    let months = number("months", 1..=MAX_MONTHS, MONTHS_MESSAGE);
    let rate = number("monthly_rate_bp", 0..=MAX_MONTHLY_RATE_BP, RATE_MESSAGE);
    let min_total = number("min_total", 1..=MAX_TOTAL, MIN_TOTAL_MESSAGE);
    let max_total = number("max_total", min_total.unwrap_or(1)..=MAX_TOTAL, MAX_TOTAL_MESSAGE);
    let position = number("position", 0..=i64::from(MAX_POSITION), POSITION_MESSAGE);
    c.done()?;
    match (down, months, min_total, max_total) {
        (Some(down_payment_percent), Some(months), Some(min_total), Some(max_total)) => Ok(InstalmentPlan {
            name: c.text("name"),
            terms: InstalmentTerms { down_payment_percent, months, monthly_rate_bp: rate.unwrap_or(0), min_total, max_total },
            position: position.unwrap_or(0),
        }),
        // Unreachable: each is required and `done` found no problem.
        _ => Err(FormProblems(vec![("months".into(), MONTHS_MESSAGE.into())])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn plan() -> Values {
        Values::from_pairs([("name", " سه ماهه "), ("down_payment_percent", "25"), ("months", "۳"), ("min_total", "1000000"), ("max_total", "90000000")])
    }

    #[test]
    fn empty_rate_and_position_are_0() {
        let p = parse(&plan()).unwrap();
        assert_eq!((p.name.as_str(), p.terms.months, p.terms.monthly_rate_bp, p.position), ("سه ماهه", 3, 0, 0));
    }

    #[test]
    fn each_bound_speaks_on_its_own_field() {
        let cases = [
            ("down_payment_percent", "0", DOWN_PAYMENT_MESSAGE),
            ("down_payment_percent", "100", DOWN_PAYMENT_MESSAGE),
            ("months", "0", MONTHS_MESSAGE),
            ("months", "61", MONTHS_MESSAGE),
            ("monthly_rate_bp", "2001", RATE_MESSAGE),
            ("monthly_rate_bp", "-1", RATE_MESSAGE),
            ("min_total", "0", MIN_TOTAL_MESSAGE),
            ("max_total", "999999", MAX_TOTAL_MESSAGE),
            ("max_total", "1000000000000000001", MAX_TOTAL_MESSAGE),
            ("position", "10001", POSITION_MESSAGE),
        ];
        for (field, value, message) in cases {
            let e = parse(&plan().with(field, value)).unwrap_err();
            assert_eq!(e.0, [(field.to_owned(), message.to_owned())], "{field}={value}");
        }
    }

    #[test]
    fn fractions_words_and_missing_numbers_are_refused() {
        let e = parse(&plan().with("months", "1.5").with("min_total", "یک")).unwrap_err();
        assert_eq!(e.get("months"), Some("تعداد اقساط باید عدد صحیح باشد"));
        assert_eq!(e.get("min_total"), Some("حداقل مبلغ سفارش باید عدد صحیح باشد"));
        let e = parse(&Values::default()).unwrap_err();
        assert_eq!(e.get("name"), Some("لطفا نام طرح را وارد کنید"));
        assert_eq!(e.get("down_payment_percent"), Some("لطفا درصد پیش‌پرداخت را وارد کنید"));
        assert_eq!(e.get("monthly_rate_bp"), None);
    }

    proptest! {
        #[test]
        fn a_plan_the_form_accepts_passes_the_terms_check(
            down in -5i64..105, months in -2i64..70, rate in -10i64..2_100, min in -5i64..50, max in -5i64..60,
        ) {
            let v = plan().with("down_payment_percent", &down.to_string()).with("months", &months.to_string())
                .with("monthly_rate_bp", &rate.to_string()).with("min_total", &min.to_string()).with("max_total", &max.to_string());
            let terms = InstalmentTerms { down_payment_percent: down, months, monthly_rate_bp: rate, min_total: min, max_total: max };
            prop_assert_eq!(parse(&v).map(|p| p.terms).ok(), terms.check().ok().map(|()| terms));
        }
    }
}
