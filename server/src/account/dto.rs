//! Request bodies of the account calls and their parse into checked values (answers are the
//! sign-in calls' `AuthReply`, so the client keeps one shape for "here is the user").

use poem_openapi::types::Example;
use poem_openapi::Object;
use shop_core::forms::Values;
use shop_core::types::{FieldError, Mobile};
use shop_core::validation::{validate, Rule};

/// `account/edit`: the customer's own fields (spec section 3's User, names as the
/// registration payload sends them).
#[derive(Debug, Object)]
#[oai(example, rename = "ProfileEditRequest")]
pub struct ProfileEditRequest {
    /// First name (required, at most 100 characters; `shop_core::forms::profile`).
    pub name: String,
    /// Last name (required, at most 100 characters).
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

/// A checked profile: `core`'s profile form (`shop_core::forms::profile`), the one the web
/// app checks with.
pub use shop_core::forms::profile::Profile as ProfileChange;

/// Persian labels used in the password rules' messages.
pub mod label {
    pub const PASSWORD: &str = "گذرواژه";
    pub const PASSWORD_CONFIRMATION: &str = "تکرار گذرواژه";
    pub const CURRENT_PASSWORD: &str = "گذرواژه فعلی";
}

fn rule(rule: Rule, field: &'static str, label: &str, value: &str) -> Result<(), FieldError> {
    validate(&rule, label, value).map_err(|e| FieldError { field, rule: e.rule, message: e.message })
}

impl ProfileEditRequest {
    /// The fields by the names of `core`'s profile form.
    pub fn values(&self) -> Values {
        Values::from_pairs([
            ("name", self.name.as_str()),
            ("lastname", &self.lastname),
            ("email", &self.email),
            ("state", &self.state),
            ("city", &self.city),
            ("phone", &self.phone),
            ("address1", &self.address1),
            ("postalCode1", &self.postal_code1),
        ])
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
