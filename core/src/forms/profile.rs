//! The profile form (`account/edit`): the customer's own fields.
//!
//! **What.** First and last name required, at most 100 characters each; an optional e-mail
//! (the email rule, at most 200 characters); a province and one of its cities; an optional
//! landline (digits, at most 20); an optional home address (at most 500 characters) and its
//! optional ten-digit postal code.
//! **Why.** The server bounded the names and the address with "not valid" and the web form did
//! not bound them at all; both now read [`FORM`] and say "at most N characters".
//! **Example.**
//! ```
//! use shop_core::forms::{profile, Values};
//! let v = Values::from_pairs([("name", "مریم"), ("lastname", "احمدی"), ("state", "فارس"),
//!     ("city", "شیراز"), ("phone", "۰۷۱۱۲۳۴۵۶۷۸"), ("postalCode1", "71345 67890")]);
//! let p = profile::parse(&v).unwrap();
//! assert_eq!((p.phone.as_deref(), p.postal_code1.unwrap().as_str()), (Some("07112345678"), "7134567890"));
//! ```

use super::{Checked, Clean, Field, Form, FormProblems, Values};
use crate::provinces::Place;
use crate::types::{Email, PostalCode};
use crate::validation::Rule;

/// The longest name.
pub const MAX_NAME: u32 = 100;

// The fields the registration form shares with this one (`registration::FORM`).
pub(super) const NAME: Field = Field::new("name", "نام", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_NAME }]);
pub(super) const LASTNAME: Field =
    Field::new("lastname", "نام خانوادگی", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_NAME }]);
pub(super) const EMAIL: Field = Field::new("email", Email::LABEL, Clean::Line, &[Rule::MaxLength { n: 200 }, Rule::Email]);
pub(super) const STATE: Field = Field::new("state", "استان", Clean::Line, &[Rule::Select, Rule::MaxLength { n: 100 }]);
pub(super) const CITY: Field = Field::new("city", "شهر", Clean::Line, &[Rule::Select, Rule::MaxLength { n: 100 }]);
pub(super) const ADDRESS1: Field = Field::new("address1", "نشانی", Clean::Line, &[Rule::MaxLength { n: 500 }]);
pub(super) const POSTAL_CODE1: Field =
    Field::new("postalCode1", PostalCode::LABEL, Clean::Code, &[Rule::Digits { n: PostalCode::DIGITS }]);

/// The profile form.
pub static FORM: Form = Form {
    name: "profile",
    fields: &[
        NAME,
        LASTNAME,
        EMAIL,
        STATE,
        CITY,
        Field::new("phone", "تلفن ثابت", Clean::Digits, &[Rule::MaxLength { n: 20 }, Rule::Numeric]),
        ADDRESS1,
        POSTAL_CODE1,
    ],
};

/// A profile as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// First name, trimmed.
    pub name: String,
    /// Last name, trimmed.
    pub lastname: String,
    /// The e-mail address, when given.
    pub email: Option<Email>,
    /// Province and city.
    pub place: Place,
    /// Landline, ASCII digits, when given.
    pub phone: Option<String>,
    /// Home address, trimmed (may be empty).
    pub address1: String,
    /// Its postal code, when given.
    pub postal_code1: Option<PostalCode>,
}

/// The typed profile, or every failing field's message.
pub fn parse(values: &Values) -> Result<Profile, FormProblems> {
    read(FORM.check(values)).map(|(p, _)| p)
}

/// The profile's fields read from a checked form that has them (this one, or the
/// registration form, which is a profile plus its own fields); the form is given back for
/// those fields.
pub(super) fn read(mut c: Checked) -> Result<(Profile, Checked), FormProblems> {
    let email = c.typed("email", Email::parse);
    let postal_code1 = c.typed("postalCode1", PostalCode::parse);
    let place = c.place("state", "city");
    c.done()?;
    let place = place.ok_or_else(|| FormProblems(vec![("state".into(), crate::validation::message(&Rule::Select, "استان"))]))?;
    let phone = c.text("phone");
    let profile = Profile {
        name: c.text("name"),
        lastname: c.text("lastname"),
        email,
        place,
        phone: (!phone.is_empty()).then_some(phone),
        address1: c.text("address1"),
        postal_code1,
    };
    Ok((profile, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> Values {
        Values::from_pairs([("name", "مریم"), ("lastname", "احمدی"), ("state", "فارس"), ("city", "شیراز")])
    }

    #[test]
    fn optional_fields_may_be_empty() {
        let p = parse(&good()).unwrap();
        assert_eq!((p.email, p.phone, p.postal_code1), (None, None, None));
    }

    #[test]
    fn whitespace_only_names_are_empty() {
        let e = parse(&good().with("name", " \u{200f}\t ")).unwrap_err();
        assert_eq!(e.get("name"), Some("لطفا نام را وارد کنید"));
    }

    #[test]
    fn bounds_and_rules_name_their_field() {
        let e = parse(&good().with("lastname", &"x".repeat(101)).with("phone", "۰۲۱-abc").with("email", "a@b")).unwrap_err();
        assert_eq!(e.get("lastname"), Some("نام خانوادگی باید حداکثر ۱۰۰ کاراکتر باشد"));
        assert_eq!(e.get("phone"), Some("تلفن ثابت باید مقدار عددی باشد"));
        assert_eq!(e.get("email"), Some("ایمیل وارد شده معتبر نیست!"));
    }
}
