//! The registration form (`/user/register` with the profile payload and `mcode`).
//!
//! **What.** First and last name required (at most 100 characters); a password (the
//! complex-password rule) and its confirmation; an optional e-mail; a province and one of its
//! cities; optional home address (500), postal code (10 digits), landline (digits, 20) and a
//! note (`info`, 2 000 characters, several lines).
//! **Why.** The web form asked for a province and a city, the server never did; the server
//! bounded the names, the web form did not. Both now read [`FORM`]. The spec's payload carries
//! one password: the server reads the confirmation as the password itself (the web form checks
//! the confirmation the customer typed).
//! **Example.**
//! ```
//! use shop_core::forms::{registration, Values};
//! let v = Values::from_pairs([("name", "علی"), ("lastname", "رضایی"), ("password", "Abc123!x"),
//!     ("passwordConfirmation", "Abc123!y"), ("state", "تهران"), ("city", "تهران")]);
//! let e = registration::parse(&v).unwrap_err();
//! assert_eq!(e.0, [("passwordConfirmation".to_owned(), "عدم تطابق گذرواژه".to_owned())]);
//! ```

use super::profile::{self, Profile};
use super::{Clean, Field, Form, FormProblems, Values};
use crate::validation::Rule;

/// The registration form: the profile's fields (`profile::NAME`, …) and its own.
pub static FORM: Form = Form {
    name: "registration",
    fields: &[
        profile::NAME,
        profile::LASTNAME,
        profile::EMAIL,
        Field::new("password", "گذرواژه", Clean::Exact, &[Rule::Required, Rule::ComplexPassword]),
        Field::new("passwordConfirmation", "تکرار گذرواژه", Clean::Exact, &[Rule::Required]).same_as("password"),
        profile::STATE,
        profile::CITY,
        profile::ADDRESS1,
        profile::POSTAL_CODE1,
        Field::new("phone", "تلفن", Clean::Digits, &[Rule::MaxLength { n: 20 }, Rule::Numeric]),
        Field::new("info", "توضیحات", Clean::Block, &[Rule::MaxLength { n: 2000 }]),
    ],
};

/// A registration as the form's rules accept it: the profile's fields and its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    /// Names, e-mail, place, landline, home address and postal code, read as the profile
    /// form reads them.
    pub profile: Profile,
    /// The password as typed (it passed the complex-password rule).
    pub password: String,
    /// The customer's note (may be empty).
    pub info: String,
}

/// The typed registration, or every failing field's message.
pub fn parse(values: &Values) -> Result<Registration, FormProblems> {
    let (profile, c) = profile::read(FORM.check(values))?;
    Ok(Registration { profile, password: c.text("password"), info: c.text("info") })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> Values {
        Values::from_pairs([
            ("name", "علی"),
            ("lastname", "رضایی"),
            ("password", "Abc123!x"),
            ("passwordConfirmation", "Abc123!x"),
            ("state", "تهران"),
            ("city", "تهران"),
        ])
    }

    #[test]
    fn a_good_registration_parses() {
        let r = parse(&good().with("info", " خط ۱\r\nخط ۲ ")).unwrap();
        assert_eq!((r.password.as_str(), r.info.as_str()), ("Abc123!x", "خط ۱\nخط ۲"));
    }

    #[test]
    fn a_province_is_required_as_on_the_web() {
        let e = parse(&good().with("state", "").with("city", "")).unwrap_err();
        assert_eq!(e.get("state"), Some("لطفا استان را انتخاب کنید"));
        assert_eq!(e.get("city"), Some("لطفا شهر را انتخاب کنید"));
    }

    #[test]
    fn a_weak_password_is_refused() {
        let e = parse(&good().with("password", "123456").with("passwordConfirmation", "123456")).unwrap_err();
        assert!(e.get("password").is_some());
    }
}
