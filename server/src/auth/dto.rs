//! Request and response bodies of the sign-in calls (spec section 7, field names as the
//! client sends and reads them).

use poem_openapi::types::MaybeUndefined;
use poem_openapi::Object;

use super::entity::user;
use super::service::Purpose;
use crate::platform::error::{ApiError, ApiResult};
use shop_core::forms::Values;

/// The spec's User entity (PascalCase fields).
#[derive(Debug, Clone, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename = "User")]
pub struct UserDto {
    #[oai(rename = "Id")]
    #[serde(rename = "Id")]
    pub id: i64,
    #[oai(rename = "Uid")]
    #[serde(rename = "Uid")]
    pub uid: String,
    #[oai(rename = "Name")]
    #[serde(rename = "Name")]
    pub name: String,
    #[oai(rename = "Lastname")]
    #[serde(rename = "Lastname")]
    pub lastname: String,
    #[oai(rename = "Mobile")]
    #[serde(rename = "Mobile")]
    pub mobile: String,
    #[oai(rename = "Email")]
    #[serde(rename = "Email")]
    pub email: String,
    #[oai(rename = "State")]
    #[serde(rename = "State")]
    pub state: String,
    #[oai(rename = "City")]
    #[serde(rename = "City")]
    pub city: String,
    #[oai(rename = "Profile")]
    #[serde(rename = "Profile")]
    pub profile: String,
    #[oai(rename = "Address1")]
    #[serde(rename = "Address1")]
    pub address1: String,
    #[oai(rename = "Address2")]
    #[serde(rename = "Address2")]
    pub address2: String,
    #[oai(rename = "PostalCode1")]
    #[serde(rename = "PostalCode1")]
    pub postal_code1: String,
    #[oai(rename = "PostalCode2")]
    #[serde(rename = "PostalCode2")]
    pub postal_code2: String,
    #[oai(rename = "Type")]
    #[serde(rename = "Type")]
    pub user_type: i32,
    #[oai(rename = "Phone")]
    #[serde(rename = "Phone")]
    pub phone: String,
    #[oai(rename = "Block")]
    #[serde(rename = "Block")]
    pub block: bool,
}

impl From<&user::Model> for UserDto {
    fn from(u: &user::Model) -> Self {
        Self {
            id: u.id,
            uid: u.uid.clone(),
            name: u.name.clone(),
            lastname: u.lastname.clone(),
            mobile: u.mobile.clone(),
            email: u.email.clone(),
            state: u.state.clone(),
            city: u.city.clone(),
            profile: u.profile.clone(),
            address1: u.address1.clone(),
            address2: u.address2.clone(),
            postal_code1: u.postal_code1.clone(),
            postal_code2: u.postal_code2.clone(),
            user_type: u.user_type.code(),
            phone: u.phone.clone(),
            block: u.block,
        }
    }
}

/// The answer of every sign-in call. Absent fields are left out.
///
/// - `status`: `ok`, `not`, `wrong` or `exist` (business outcome, always HTTP 200).
/// - `data`: the challenge `hash` after an OTP send; `ok`/`wrong` after a verify or submit.
/// - `token`, `reftoken`, `user`: after a successful sign-in.
/// - `mcode`: after a verified registration or recovery code.
#[derive(Debug, Clone, Default, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename = "AuthReply", skip_serializing_if_is_none)]
pub struct AuthReply {
    /// Business outcome.
    pub status: AuthStatus,
    /// Challenge hash, or `ok`/`wrong`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// A Persian message for the user.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Access token (15 minutes), sent back as `Authorization: Bearer`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// Refresh token (rotated on every use of `/user/token`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reftoken: Option<String>,
    /// Access token lifetime in seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_in: Option<i64>,
    /// The signed-in user.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<UserDto>,
    /// Mobile-verification code for the final registration or recovery submit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mcode: Option<String>,
    /// Seconds until a new code may be asked for (after an OTP send).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resend_in: Option<i64>,
    /// `account/mobile/otp` for an account without a password: the `hash` of the code sent
    /// to the current number (`data` is the new number's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_hash: Option<String>,
}

/// `status` of the sign-in calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, poem_openapi::Enum, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum AuthStatus {
    /// Done.
    #[default]
    Ok,
    /// Unknown number, or an expired, revoked or replayed session.
    Not,
    /// A bad number, code, password or captcha.
    Wrong,
    /// The number is already registered.
    Exist,
}

impl AuthReply {
    /// `{status, message}`.
    pub fn status(status: AuthStatus, message: impl Into<String>) -> Self {
        Self { status, message: Some(message.into()), ..Default::default() }
    }
    /// `{status: wrong, data: wrong, message}` (what the code dialog reads).
    pub fn wrong(message: impl Into<String>) -> Self {
        Self { status: AuthStatus::Wrong, data: Some("wrong".into()), message: Some(message.into()), ..Default::default() }
    }
}

/// `/user/otp`: a login or a registration code, as `type` says (the spec's bodies without
/// `type` keep their meaning: see [`OtpRequest::purpose`]).
#[derive(Debug, Object)]
#[oai(rename = "OtpRequest")]
pub struct OtpRequest {
    /// Mobile number (09…, +989…, 00989…, Persian digits allowed).
    pub mobile: String,
    /// reCAPTCHA v3 token (action `login`): required for a login code, checked for a
    /// registration code only when the shop asks for one (many codes from one address).
    #[oai(rename = "g-recaptcha-response")]
    pub g_recaptcha_response: MaybeUndefined<String>,
    /// Which code: `login` or `register`. The web app always sends it. Absent: the spec's wire
    /// format (`{mobile, g-recaptcha-response}` a login code, `{mobile}` a registration code).
    #[oai(rename = "type")]
    pub kind: Option<String>,
}

impl OtpRequest {
    /// What the code is for, read from the request at the edge: `type` when given; without it
    /// the spec's two bodies, told apart as the spec defines them. A login stays a login
    /// whatever its captcha field holds (a missing token fails the captcha rather than turning
    /// the call into a registration).
    pub fn purpose(&self) -> ApiResult<Purpose> {
        match self.kind.as_deref().map(str::trim) {
            Some("login") => Ok(Purpose::Login),
            Some("register") => Ok(Purpose::Register),
            Some(_) => Err(ApiError::invalid("type", "نوع درخواست باید login یا register باشد")),
            None if self.g_recaptcha_response.is_undefined() => Ok(Purpose::Register),
            None => Ok(Purpose::Login),
        }
    }
}

/// `/user/otp/forget`.
#[derive(Debug, Object)]
#[oai(rename = "ForgetOtpRequest")]
pub struct ForgetOtpRequest {
    /// Mobile number.
    pub mobile: String,
    /// reCAPTCHA v3 token (action `login`).
    #[oai(rename = "g-recaptcha-response")]
    pub g_recaptcha_response: Option<String>,
}

/// `/user/login`: `{mobile, code, hash}` or `{mobile, password}`.
#[derive(Debug, Object)]
#[oai(rename = "LoginRequest")]
pub struct LoginRequest {
    /// Mobile number.
    pub mobile: String,
    /// The 5-digit code (Persian digits allowed).
    pub code: Option<String>,
    /// The challenge hash from `/user/otp`.
    pub hash: Option<String>,
    /// Password (password sign-in).
    pub password: Option<String>,
}

/// `/user/register`: `{mobile, code, hash}` (verify the code) or the profile payload with `mcode`.
#[derive(Debug, Object)]
#[oai(rename = "RegisterRequest")]
pub struct RegisterRequest {
    /// Mobile number.
    pub mobile: String,
    /// The 5-digit code (first step).
    pub code: Option<String>,
    /// The challenge hash (first step).
    pub hash: Option<String>,
    /// Mobile-verification code from the first step (second step).
    pub mcode: Option<String>,
    pub name: Option<String>,
    pub lastname: Option<String>,
    /// Must pass the complex-password rule.
    pub password: Option<String>,
    pub email: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub address1: Option<String>,
    #[oai(rename = "postalCode1")]
    pub postal_code1: Option<String>,
    pub phone: Option<String>,
    pub info: Option<String>,
    /// Always `web` from the web app.
    pub device: Option<String>,
}

impl RegisterRequest {
    /// The profile payload by the names of `core`'s registration form
    /// (`shop_core::forms::registration`). The spec's payload has one password: the form's
    /// confirmation is the password itself here (the web form checks the one the customer typed).
    pub fn registration_values(&self) -> Values {
        let v = |x: &Option<String>| x.as_deref().unwrap_or_default().to_owned();
        let password = v(&self.password);
        Values::from_pairs([
            ("name", v(&self.name).as_str()),
            ("lastname", &v(&self.lastname)),
            ("email", &v(&self.email)),
            ("password", &password),
            ("passwordConfirmation", &password),
            ("state", &v(&self.state)),
            ("city", &v(&self.city)),
            ("address1", &v(&self.address1)),
            ("postalCode1", &v(&self.postal_code1)),
            ("phone", &v(&self.phone)),
            ("info", &v(&self.info)),
        ])
    }
}

/// `/user/verify/forget`.
#[derive(Debug, Object)]
#[oai(rename = "VerifyRequest")]
pub struct VerifyRequest {
    /// Mobile number.
    pub mobile: String,
    /// The 5-digit code.
    pub code: String,
    /// The challenge hash.
    pub hash: String,
}

/// `/user/forget`.
#[derive(Debug, Object)]
#[oai(rename = "ForgetRequest")]
pub struct ForgetRequest {
    /// Mobile number.
    pub mobile: String,
    /// New password (complex-password rule).
    pub password: String,
    /// Mobile-verification code from `/user/verify/forget`.
    pub mcode: String,
}

/// `/user/token` and `/user/logout`.
#[derive(Debug, Object)]
#[oai(rename = "RefreshRequest")]
pub struct RefreshRequest {
    /// The refresh token.
    pub reftoken: String,
}
