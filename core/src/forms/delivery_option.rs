//! The back office's delivery option form (روش ارسال): its name, text, price, priority,
//! delivery time and cities.
//!
//! **What.** A name (one line, 1–100 characters), a description (several lines, at most
//! 1 000), a delivery time (one line, at most 100), a price in Toman (0 to [`Toman::MAX`]), a
//! priority (0 to 1 000, lower first) and the cities, one a line: cities of the provinces list
//! (in its spelling, repeats dropped) or [`ALL_CITIES`] alone.
//! **Why.** The web form and `admin_delivery_save` read this one declaration: before it the page
//! checked only "required" and a number, and its city and bound messages came from the server.
//! **Example.**
//! ```
//! use shop_core::forms::{delivery_option, Values};
//! let v = Values::from_pairs([("name", " پست پیشتاز "), ("price", "۳۵۰۰۰"), ("priority", "1"), ("cities", "تهران\nکرج\nتهران")]);
//! let o = delivery_option::parse(&v).unwrap();
//! assert_eq!((o.name.as_str(), o.price, o.cities.len()), ("پست پیشتاز", 35_000, 2));
//! let e = delivery_option::parse(&v.with("cities", "همه\nکرج")).unwrap_err();
//! assert_eq!(e.get("cities"), Some(delivery_option::ALL_ALONE));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::delivery::ALL_CITIES;
use crate::search::fold;
use crate::types::Toman;
use crate::validation::{FieldError, Rule, RuleKind};

/// A price below 0 or above [`Toman::MAX`].
pub const PRICE: &str = "هزینهٔ ارسال نمی‌تواند منفی باشد";
/// A priority outside 0..=1000.
pub const PRIORITY: &str = "اولویت باید عددی از ۰ تا ۱۰۰۰ باشد";
/// No city at all.
pub const NO_CITY: &str = "دست‌کم یک شهر یا «همه» را انتخاب کنید";
/// Every city and some cities at once.
pub const ALL_ALONE: &str = "«همه» با شهرهای دیگر انتخاب نمی‌شود";
/// The highest priority number.
pub const MAX_PRIORITY: i64 = 1000;

/// A city not in the provinces list.
pub fn unknown_city(name: &str) -> String {
    format!("شهر «{name}» در فهرست شهرها نیست")
}

/// The delivery option form (`cities`: one city a line).
pub static FORM: Form = Form {
    name: "delivery_option",
    fields: &[
        Field::new("name", "نام روش ارسال", Clean::Line, &[Rule::Required, Rule::MaxLength { n: 100 }]),
        Field::new("description", "توضیح", Clean::Block, &[Rule::MaxLength { n: 1000 }]),
        Field::new("price", "هزینهٔ ارسال", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 20 }]),
        Field::new("priority", "اولویت", Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 20 }]),
        Field::new("cities", "شهرها", Clean::Block, &[Rule::MaxLength { n: 100_000 }]),
        Field::new("estimate", "زمان تحویل", Clean::Line, &[Rule::MaxLength { n: 100 }]),
    ],
};

/// A delivery option as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryOption {
    /// The name, one trimmed line.
    pub name: String,
    /// The description, trimmed.
    pub description: String,
    /// Toman.
    pub price: i64,
    /// 0..=1000.
    pub priority: i64,
    /// `["همه"]`, or cities of the provinces list in its spelling, without repeats.
    pub cities: Vec<String>,
    /// The delivery time, one trimmed line.
    pub estimate: String,
}

fn within(min: i64, max: i64, message: &'static str) -> impl Fn(&str) -> Result<i64, FieldError> {
    move |s: &str| {
        s.parse::<i64>().ok().filter(|n| (min..=max).contains(n)).ok_or(FieldError {
            field: "",
            rule: RuleKind::MinValue,
            message: message.to_owned(),
        })
    }
}

fn cities(text: &str) -> Result<Vec<String>, FieldError> {
    let bad = |message: String| FieldError { field: "", rule: RuleKind::Select, message };
    let mut list: Vec<String> = Vec::new();
    let mut all = false;
    for typed in text.lines() {
        let name = Clean::Line.apply(typed);
        if name.is_empty() {
            continue;
        }
        if fold(&name) == ALL_CITIES {
            all = true;
            continue;
        }
        let city = crate::provinces::city_name(&name).ok_or_else(|| bad(unknown_city(&name)))?;
        if !list.iter().any(|c| c == city) {
            list.push(city.to_owned());
        }
    }
    match (all, list.is_empty()) {
        (true, true) => Ok(vec![ALL_CITIES.to_owned()]),
        (true, false) => Err(bad(ALL_ALONE.to_owned())),
        (false, true) => Err(bad(NO_CITY.to_owned())),
        (false, false) => Ok(list),
    }
}

/// The typed option, or every failing field's message.
pub fn parse(values: &Values) -> Result<DeliveryOption, FormProblems> {
    let mut c = FORM.check(values);
    let price = c.typed("price", within(0, Toman::MAX, PRICE));
    let priority = c.typed("priority", within(0, MAX_PRIORITY, PRIORITY));
    let list = if c.text("cities").is_empty() {
        c.fail("cities", NO_CITY.to_owned());
        None
    } else {
        c.typed("cities", cities)
    };
    c.done()?;
    match (price, priority, list) {
        (Some(price), Some(priority), Some(cities)) => Ok(DeliveryOption {
            name: c.text("name"),
            description: c.text("description"),
            price,
            priority,
            cities,
            estimate: c.text("estimate"),
        }),
        // Unreachable: each is required and `done` found no problem.
        _ => Err(FormProblems(vec![("cities".into(), NO_CITY.to_owned())])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> Values {
        Values::from_pairs([("name", "پیک"), ("price", "0"), ("priority", "1000"), ("cities", " همه ")])
    }

    #[test]
    fn every_city_alone_or_listed_cities() {
        assert_eq!(parse(&good()).unwrap().cities, [ALL_CITIES]);
        assert_eq!(parse(&good().with("cities", "")).unwrap_err().get("cities"), Some(NO_CITY));
        assert_eq!(parse(&good().with("cities", "آتلانتیس")).unwrap_err().get("cities"), Some("شهر «آتلانتیس» در فهرست شهرها نیست"));
    }

    #[test]
    fn price_and_priority_keep_the_servers_messages() {
        assert_eq!(parse(&good().with("price", "-1")).unwrap_err().get("price"), Some(PRICE));
        assert_eq!(parse(&good().with("priority", "1001")).unwrap_err().get("priority"), Some(PRIORITY));
        assert_eq!(parse(&good().with("priority", "1.5")).unwrap_err().get("priority"), Some(PRIORITY));
        let e = parse(&Values::default()).unwrap_err();
        assert_eq!(e.get("name"), Some("لطفا نام روش ارسال را وارد کنید"));
        assert_eq!(e.get("price"), Some("لطفا هزینهٔ ارسال را وارد کنید"));
    }
}
