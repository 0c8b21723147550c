//! Request bodies of the account calls and their parse into checked values (answers are the
//! sign-in calls' `AuthReply`, so the client keeps one shape for "here is the user").

use poem_openapi::types::Example;
use poem_openapi::Object;
use shop_core::provinces::Place;
use shop_core::types::{Email, FieldError, Mobile, PostalCode};
use shop_core::validation::{message, validate, Rule, RuleKind};

/// `account/edit`: the customer's own fields (spec section 3's User, names as the
/// registration payload sends them).
#[derive(Debug, Object)]
#[oai(example, rename = "ProfileEditRequest")]
pub struct ProfileEditRequest {
    /// First name (required).
    pub name: String,
    /// Last name (required).
    pub lastname: String,
    /// Optional; must pass the email rule.
    #[oai(default)]
    pub email: String,
    /// Province, one of `contract/provinces.json`.
    pub state: String,
    /// A city of that province.
    pub city: String,
    /// Optional landline, digits only (Persian digits accepted).
    #[oai(default)]
    pub phone: String,
    /// Optional home address.
    #[oai(default)]
    pub address1: String,
    /// Optional ten-digit postal code of that address.
    #[oai(default, rename = "postalCode1")]
    pub postal_code1: String,
}

impl Example for ProfileEditRequest {
    fn example() -> Self {
        Self {
            name: "مریم".into(),
            lastname: "احمدی".into(),
            email: "maryam@example.com".into(),
            state: "فارس".into(),
            city: "شیراز".into(),
            phone: "07112345678".into(),
            address1: "خیابان زند، کوچه ۵".into(),
            postal_code1: "7134567890".into(),
        }
    }
}

/// A checked profile: trimmed text, canonical place, Western digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileChange {
    pub name: String,
    pub lastname: String,
    pub email: Option<Email>,
    pub place: Place,
    pub phone: Option<String>,
    pub address1: String,
    pub postal_code1: Option<PostalCode>,
}

/// Longest accepted text per field (characters).
pub mod max {
    pub const NAME: usize = 100;
    pub const EMAIL: usize = 200;
    pub const PHONE: usize = 20;
    pub const ADDRESS: usize = 500;
}

/// Persian labels used in the rules' messages.
pub mod label {
    pub const NAME: &str = "نام";
    pub const LASTNAME: &str = "نام خانوادگی";
    pub const PHONE: &str = "تلفن ثابت";
    pub const ADDRESS: &str = "نشانی";
    pub const PASSWORD: &str = "گذرواژه";
    pub const PASSWORD_CONFIRMATION: &str = "تکرار گذرواژه";
    pub const CURRENT_PASSWORD: &str = "گذرواژه فعلی";
}

fn rule(rule: Rule, field: &'static str, label: &str, value: &str) -> Result<(), FieldError> {
    validate(&rule, label, value).map_err(|e| FieldError { field, rule: e.rule, message: e.message })
}

/// Too long for its column: the rules' "not valid" message (no core rule has a maximum).
fn at_most(field: &'static str, label: &str, value: &str, max: usize) -> Result<(), FieldError> {
    if value.chars().count() > max {
        return Err(FieldError { field, rule: RuleKind::Unknown, message: message(&Rule::Url, label) });
    }
    Ok(())
}

fn required_text(field: &'static str, label: &str, value: &str, max: usize) -> Result<String, FieldError> {
    let v = value.trim();
    rule(Rule::Required, field, label, v)?;
    at_most(field, label, v, max)?;
    Ok(v.to_string())
}

impl TryFrom<&ProfileEditRequest> for ProfileChange {
    type Error = FieldError;

    /// Fields are checked in the form's order; the first broken rule is the answer.
    fn try_from(r: &ProfileEditRequest) -> Result<Self, FieldError> {
        let name = required_text("name", label::NAME, &r.name, max::NAME)?;
        let lastname = required_text("lastname", label::LASTNAME, &r.lastname, max::NAME)?;
        at_most(Email::FIELD, Email::LABEL, &r.email, max::EMAIL)?;
        let email = match r.email.trim() {
            "" => None,
            e => Some(Email::parse(e)?),
        };
        rule(Rule::Select, Place::PROVINCE_FIELD, "استان", r.state.trim())?;
        rule(Rule::Select, Place::CITY_FIELD, "شهر", r.city.trim())?;
        let place = Place::parse(&r.state, &r.city)?;
        at_most("phone", label::PHONE, &r.phone, max::PHONE)?;
        let phone = shop_core::digits::to_western_digits(r.phone.trim());
        rule(Rule::Numeric, "phone", label::PHONE, &phone)?;
        let address1 = r.address1.trim();
        at_most("address1", label::ADDRESS, address1, max::ADDRESS)?;
        let postal_code1 = match r.postal_code1.trim() {
            "" => None,
            p => Some(PostalCode::parse(p).map_err(|e| FieldError { field: "postalCode1", ..e })?),
        };
        Ok(Self {
            name,
            lastname,
            email,
            place,
            phone: (!phone.is_empty()).then_some(phone),
            address1: address1.to_string(),
            postal_code1,
        })
    }
}

/// `account/mobile/otp`: the new number to send a code to.
#[derive(Debug, Object)]
#[oai(rename = "MobileChangeRequest")]
pub struct MobileChangeRequest {
    /// The new mobile number (mobile rule; Persian digits allowed).
    pub mobile: String,
    /// The account's password: required when the account has one (422 `password` when
    /// missing or wrong); not read for an account without one.
    pub password: Option<String>,
}

/// `account/mobile/verify`: the code sent to the new number.
#[derive(Debug, Object)]
#[oai(rename = "MobileVerifyRequest")]
pub struct MobileVerifyRequest {
    /// The new mobile number the code was sent to.
    pub mobile: String,
    /// The 5-digit code (Persian digits allowed).
    pub code: String,
    /// The `hash` of `account/mobile/otp` (its `data`).
    pub hash: String,
    /// The code sent to the current number: required when `account/mobile/otp` answered a
    /// `current_hash` (an account without a password).
    #[oai(rename = "currentCode")]
    pub current_code: Option<String>,
    /// That answer's `current_hash`.
    #[oai(rename = "currentHash")]
    pub current_hash: Option<String>,
}

/// A checked new number.
impl TryFrom<&MobileChangeRequest> for Mobile {
    type Error = FieldError;
    fn try_from(r: &MobileChangeRequest) -> Result<Self, FieldError> {
        rule(Rule::Required, Mobile::FIELD, "شماره موبایل", r.mobile.trim())?;
        Mobile::parse(&r.mobile)
    }
}

/// `account/password`: set a first password or change it.
#[derive(Debug, Object)]
#[oai(rename = "PasswordChangeRequest")]
pub struct PasswordChangeRequest {
    /// The new password (complex-password rule).
    pub password: String,
    /// The same password again.
    #[oai(rename = "passwordConfirmation")]
    pub password_confirmation: String,
    /// The password in use, required when the account has one.
    #[oai(rename = "currentPassword")]
    pub current_password: Option<String>,
}

/// A new password that passed the complex-password and confirmed rules.
#[derive(Debug, Clone)]
pub struct NewPassword(String);

impl NewPassword {
    /// The password text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<&PasswordChangeRequest> for NewPassword {
    type Error = FieldError;
    fn try_from(r: &PasswordChangeRequest) -> Result<Self, FieldError> {
        rule(Rule::Required, "password", label::PASSWORD, &r.password)?;
        rule(Rule::ComplexPassword, "password", label::PASSWORD, &r.password)?;
        rule(
            Rule::Confirmed { other: r.password.clone() },
            "passwordConfirmation",
            label::PASSWORD_CONFIRMATION,
            &r.password_confirmation,
        )?;
        Ok(Self(r.password.clone()))
    }
}
