//! The delivery address form (checkout and the profile's address book).
//!
//! **What.** Receiver's name 3–100 characters; the receiver's mobile (the mobile rule); a
//! province and one of its cities from the provinces list; the street address 10–500
//! characters; a ten-digit postal code (any digit set, spaces or a dash between the groups);
//! optional plaque and unit, at most 20 characters each (digits as ASCII).
//! **Why.** The web form asked for 3 letters in the name and the server for one: now both read
//! [`FORM`]. A one-letter "name" is not someone a courier can ask for.
//! **Example.**
//! ```
//! use shop_core::forms::{address, Values};
//! let v = Values::from_pairs([("name", "   "), ("mobile", "0912"), ("address", "<b>کوتاه</b>")]);
//! let e = address::parse(&v).unwrap_err();
//! assert_eq!(e.get("name"), Some("لطفا نام گیرنده را وارد کنید"));
//! assert_eq!(e.get("mobile"), Some("شماره موبایل وارد شده معتبر نیست!"));
//! assert_eq!(e.get("state"), Some("لطفا استان را انتخاب کنید"));
//! assert_eq!(e.get("postalcode"), Some("لطفا کد پستی را وارد کنید"));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::provinces::Place;
use crate::types::{Mobile, PostalCode};
use crate::validation::Rule;

/// The address form.
pub static FORM: Form = Form {
    name: "address",
    fields: &[
        Field::new("name", "نام گیرنده", Clean::Line, &[Rule::Required, Rule::MinLength { n: 3 }, Rule::MaxLength { n: 100 }]),
        Field::new("mobile", "شماره موبایل گیرنده", Clean::Line, &[Rule::Required, Rule::Mobile]),
        Field::new("state", "استان", Clean::Line, &[Rule::Select, Rule::MaxLength { n: 100 }]),
        Field::new("city", "شهر", Clean::Line, &[Rule::Select, Rule::MaxLength { n: 100 }]),
        Field::new("address", "نشانی", Clean::Line, &[Rule::Required, Rule::MinLength { n: 10 }, Rule::MaxLength { n: 500 }]),
        Field::new("postalcode", PostalCode::LABEL, Clean::Code, &[Rule::Required, Rule::Digits { n: PostalCode::DIGITS }]),
        Field::new("plaque", "پلاک", Clean::Digits, &[Rule::MaxLength { n: 20 }]),
        Field::new("unit", "واحد", Clean::Digits, &[Rule::MaxLength { n: 20 }]),
    ],
};

/// An address as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// Receiver's name, trimmed.
    pub name: String,
    /// Receiver's mobile.
    pub mobile: Mobile,
    /// Province and city.
    pub place: Place,
    /// Street address, trimmed.
    pub line: String,
    /// Postal code.
    pub postal_code: PostalCode,
    /// Plaque, ASCII digits; empty when not given.
    pub plaque: String,
    /// Unit, ASCII digits; empty when not given.
    pub unit: String,
}

/// The typed address, or every failing field's message.
pub fn parse(values: &Values) -> Result<Address, FormProblems> {
    let mut c = FORM.check(values);
    let mobile = c.typed("mobile", Mobile::parse);
    let postal_code = c.typed("postalcode", PostalCode::parse);
    let place = c.place("state", "city");
    c.done()?;
    match (mobile, postal_code, place) {
        (Some(mobile), Some(postal_code), Some(place)) => Ok(Address {
            name: c.text("name"),
            mobile,
            place,
            line: c.text("address"),
            postal_code,
            plaque: c.text("plaque"),
            unit: c.text("unit"),
        }),
        // Unreachable: the three are required and `done` found no problem.
        _ => Err(FormProblems(vec![("mobile".into(), crate::validation::message(&Rule::Required, "شماره موبایل گیرنده"))])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> Values {
        Values::from_pairs([
            ("name", "مریم احمدی"),
            ("mobile", "+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹"),
            ("state", "تهران"),
            ("city", "تهران"),
            ("address", "خیابان آزادی، کوچه ۱۲، پلاک ۴"),
            ("postalcode", "۱۲۳۴۵ ۶۷۸۹۰"),
            ("plaque", "۴"),
        ])
    }

    #[test]
    fn a_good_address_parses_to_typed_values() {
        let a = parse(&good()).unwrap();
        assert_eq!((a.mobile.as_str(), a.postal_code.as_str(), a.plaque.as_str()), ("09123456789", "1234567890", "4"));
        assert_eq!((a.place.province(), a.place.city()), ("تهران", "تهران"));
    }

    #[test]
    fn a_name_under_three_letters_is_refused_as_on_the_web() {
        assert_eq!(parse(&good().with("name", " عل ")).unwrap_err().get("name"), Some("نام گیرنده باید حداقل ۳ کاراکتر باشد"));
    }

    #[test]
    fn too_long_fields_get_the_max_length_message() {
        let e = parse(&good().with("name", &"ب".repeat(101)).with("unit", &"1".repeat(21))).unwrap_err();
        assert_eq!(e.get("name"), Some("نام گیرنده باید حداکثر ۱۰۰ کاراکتر باشد"));
        assert_eq!(e.get("unit"), Some("واحد باید حداکثر ۲۰ کاراکتر باشد"));
    }

    #[test]
    fn a_city_of_another_province_is_refused() {
        assert_eq!(parse(&good().with("city", "شیراز")).unwrap_err().get("city"), Some("لطفا شهر را انتخاب کنید"));
    }

    #[test]
    fn markup_is_text() {
        assert_eq!(parse(&good().with("name", "<b>مریم</b>")).unwrap().name, "<b>مریم</b>");
    }
}
