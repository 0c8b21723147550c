//! The back office's discount code form (کد تخفیف): a new code (`discount`) or a code's terms
//! (`discount_edit`, the same form without the code, which cannot change).
//!
//! **What.** The code ([`DiscountCode`]: 3–32 letters, digits, `-` or `_`, new codes only); the
//! kind ([`KINDS`]); the value, the smallest total and the optional cap and limits (whole
//! numbers, Persian digits accepted); the first (optional: today) and last valid Jalali day,
//! both included, in Tehran; a description of at most [`MAX_DESCRIPTION_CHARS`] characters
//! (several lines). The numbers then pass core's creation rule, [`DiscountTerms::check`], its
//! message on the field it names (the end day for `ends_at`).
//! **Why.** The web form and `admin_discount_save` read this one declaration: before it the
//! page checked only "required" and the server named `ends_at`, a field the form does not have.
//! The "not before today" part of the end stays with the server (it needs the clock).
//! **Example.**
//! ```
//! use shop_core::forms::{discount, Values};
//! let v = Values::from_pairs([("code", "yalda-1405"), ("kind", "percent"), ("value", "۱۰"), ("ends_day", "1405/10/01")]);
//! let d = discount::parse(&v).unwrap();
//! assert_eq!((d.code.unwrap().as_str(), d.value, d.starts_at), ("YALDA-1405", 10, None));
//! let e = discount::parse(&v.with("value", "120")).unwrap_err();
//! assert_eq!(e.get("value"), Some("درصد تخفیف باید عددی بین ۰ و ۱۰۰ باشد"));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::discount::{DiscountCode, DiscountKind, DiscountTerms};
use crate::jalali::{JalaliDate, DATE_MESSAGE};
use crate::tehran::tehran_day_start;
use crate::validation::{message, FieldError, Rule, RuleKind};

/// The kinds of code: a percentage or a fixed amount (Toman).
pub const KINDS: &[&str] = &["percent", "fixed"];
/// The longest description (the server's bound before this form).
pub const MAX_DESCRIPTION_CHARS: u32 = 300;
/// The longest number typed (an `i64` has 19 digits, a sign one more).
pub const MAX_NUMBER_CHARS: u32 = 20;

const NUMBER: &[Rule] = &[Rule::MaxLength { n: MAX_NUMBER_CHARS }, Rule::Numeric];
const DAY: &[Rule] = &[Rule::MaxLength { n: 20 }];

const FIELDS: &[Field] = &[
    Field::new("code", "کد تخفیف", Clean::Line, &[Rule::Required, Rule::MaxLength { n: 40 }]),
    Field::new("kind", "نوع تخفیف", Clean::Line, &[Rule::Select]).options(KINDS),
    Field::new("value", "مقدار تخفیف", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: MAX_NUMBER_CHARS }, Rule::Numeric]),
    Field::new("min_total", "حداقل خرید", Clean::Digits, NUMBER),
    Field::new("max_discount", "سقف تخفیف", Clean::Digits, NUMBER),
    Field::new("starts_day", "شروع اعتبار", Clean::Digits, DAY),
    Field::new("ends_day", "پایان اعتبار", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 20 }]),
    Field::new("usage_limit", "سقف استفاده", Clean::Digits, NUMBER),
    Field::new("per_customer_limit", "سقف استفادهٔ هر مشتری", Clean::Digits, NUMBER),
    Field::new("description", "توضیح", Clean::Block, &[Rule::MaxLength { n: MAX_DESCRIPTION_CHARS }]),
];

/// A new code's form.
pub static FORM: Form = Form { name: "discount", fields: FIELDS };

/// A code's terms (the code itself is not sent: it cannot change).
pub static EDIT_FORM: Form = Form {
    name: "discount_edit",
    fields: match FIELDS.split_first() {
        Some((_, rest)) => rest,
        None => &[],
    },
};

/// A discount form as its rules accept it (times are Unix seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discount {
    /// The code (`None` on the edit form).
    pub code: Option<DiscountCode>,
    /// Percentage or fixed.
    pub kind: DiscountKind,
    /// Percent or Toman.
    pub value: i64,
    /// The smallest items total (0 when empty).
    pub min_total: i64,
    /// The cap.
    pub max_discount: Option<i64>,
    /// The first second of the first day; `None`: from now.
    pub starts_at: Option<i64>,
    /// The first second after the last day.
    pub ends_at: i64,
    /// Uses over all customers.
    pub usage_limit: Option<i64>,
    /// Uses per customer.
    pub per_customer_limit: Option<i64>,
    /// The description, trimmed.
    pub description: String,
}

impl Discount {
    /// These terms over `base` (its lists, owner and first-purchase flag kept), from `now`
    /// when no first day was given.
    pub fn terms(&self, now: i64, base: DiscountTerms) -> DiscountTerms {
        DiscountTerms {
            kind: self.kind,
            value: self.value,
            min_total: self.min_total,
            max_discount: self.max_discount,
            starts_at: self.starts_at.unwrap_or(now),
            ends_at: self.ends_at,
            usage_limit: self.usage_limit,
            per_customer_limit: self.per_customer_limit,
            ..base
        }
    }
}

fn day(s: &str) -> Result<i64, FieldError> {
    let d = JalaliDate::parse(s)?;
    tehran_day_start(&d).ok_or(FieldError { field: "", rule: RuleKind::Date, message: DATE_MESSAGE.to_owned() })
}

/// A new code (the code required), or every failing field's message.
pub fn parse(values: &Values) -> Result<Discount, FormProblems> {
    parse_form(&FORM, values)
}

/// A code's new terms (no code), or every failing field's message.
pub fn parse_edit(values: &Values) -> Result<Discount, FormProblems> {
    parse_form(&EDIT_FORM, values)
}

fn parse_form(form: &'static Form, values: &Values) -> Result<Discount, FormProblems> {
    let mut c = form.check(values);
    let code = if form.field("code").is_some() { c.typed("code", DiscountCode::parse) } else { None };
    let kind = c.choice("kind").and_then(DiscountKind::parse);
    let number = |c: &mut super::Checked, name: &str| {
        let label = form.field(name).map_or("", |f| f.label);
        c.typed(name, super::whole_number(label))
    };
    let value = number(&mut c, "value");
    let min_total = number(&mut c, "min_total");
    let max_discount = number(&mut c, "max_discount");
    let usage_limit = number(&mut c, "usage_limit");
    let per_customer_limit = number(&mut c, "per_customer_limit");
    let starts_at = c.typed("starts_day", day);
    let ends_at = c.typed("ends_day", day).map(|s| s + 86_400);
    if let (Some(kind), Some(value), Some(ends_at)) = (kind, value, ends_at) {
        // Without a first day the server starts at "now": the order of days is its check then.
        let terms = DiscountTerms {
            kind,
            value,
            min_total: min_total.unwrap_or(0),
            max_discount,
            usage_limit,
            per_customer_limit,
            ..DiscountTerms::open(starts_at.unwrap_or(i64::MIN), ends_at)
        };
        if let Err(e) = terms.check() {
            let at = match e.field {
                "ends_at" => "ends_day",
                f => f,
            };
            c.fail(at, e.message);
        }
    }
    c.done()?;
    match (kind, value, ends_at) {
        (Some(kind), Some(value), Some(ends_at)) => Ok(Discount {
            code,
            kind,
            value,
            min_total: min_total.unwrap_or(0),
            max_discount,
            starts_at,
            ends_at,
            usage_limit,
            per_customer_limit,
            description: c.text("description"),
        }),
        // Unreachable: each is required and `done` found no problem.
        _ => Err(FormProblems(vec![("kind".into(), message(&Rule::Select, "نوع تخفیف"))])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new() -> Values {
        Values::from_pairs([("code", " off-10 "), ("kind", "percent"), ("value", "10"), ("starts_day", "۱۴۰۵/۰۹/۰۱"), ("ends_day", "1405/09/30")])
    }

    #[test]
    fn a_new_code_reads_its_days_as_whole_tehran_days() {
        let d = parse(&new()).unwrap();
        assert_eq!(d.code.as_ref().map(DiscountCode::as_str), Some("OFF-10"));
        assert_eq!((d.ends_at - d.starts_at.unwrap()) % 86_400, 0);
        assert_eq!(d.terms(0, DiscountTerms::open(0, 0)).starts_at, d.starts_at.unwrap());
        assert_eq!(parse(&new().with("starts_day", "")).unwrap().starts_at, None);
    }

    #[test]
    fn the_creation_rule_speaks_on_the_form_fields() {
        let e = parse(&new().with("ends_day", "1405/08/01")).unwrap_err();
        assert_eq!(e.get("ends_day"), Some("پایان اعتبار کد باید بعد از شروع آن باشد"));
        let e = parse(&new().with("kind", "fixed").with("value", "-1")).unwrap_err();
        assert_eq!(e.get("value"), Some(crate::discount::AMOUNT_MESSAGE));
        let e = parse(&new().with("usage_limit", "0")).unwrap_err();
        assert_eq!(e.get("usage_limit"), Some("سقف استفاده باید دست‌کم ۱ باشد"));
        let e = parse(&new().with("min_total", "1.5")).unwrap_err();
        assert_eq!(e.get("min_total"), Some("حداقل خرید باید عدد صحیح باشد"));
        let e = parse(&new().with("ends_day", "1405/13/01")).unwrap_err();
        assert!(e.get("ends_day").is_some());
    }

    #[test]
    fn an_edit_has_no_code_and_a_new_code_needs_one() {
        assert_eq!(parse_edit(&new().with("code", "")).unwrap().code, None);
        assert_eq!(parse(&new().with("code", "")).unwrap_err().get("code"), Some("لطفا کد تخفیف را وارد کنید"));
        assert!(parse(&new().with("code", "a b")).unwrap_err().get("code").is_some());
        let e = parse_edit(&Values::default()).unwrap_err();
        assert_eq!(e.get("kind"), Some("لطفا نوع تخفیف را انتخاب کنید"));
        assert_eq!(e.get("ends_day"), Some("لطفا پایان اعتبار را وارد کنید"));
    }
}
