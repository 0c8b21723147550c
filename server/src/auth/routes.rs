//! Sign-in routes: every `/api/client/v1/user/*` call of spec section 7 (all POST).

use crate::auth::dto::AuthStatus;
use poem::web::Data;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::*;
use super::service::{self, Purpose};
use shop_core::types::Mobile;
use crate::platform::error::{ApiError, ApiResult};
use crate::auth::BearerUser;
use crate::platform::{client_ip, ApiTags};
use crate::state::AppState;

/// Sign-in routes under `/api/client/v1/user`.
pub struct AuthApi;

fn ip(req: &Request, st: &AppState) -> String {
    client_ip(req, &st.config.trusted_proxies)
}

fn need<'a>(v: &'a Option<String>, field: &str) -> ApiResult<&'a str> {
    v.as_deref().ok_or_else(|| ApiError::invalid(field, shop_core::validation::message(&shop_core::validation::Rule::Required, field)))
}

#[OpenApi(prefix_path = "/api/client/v1/user", tag = "ApiTags::Auth")]
impl AuthApi {
    /// Ask for a one-time code.
    ///
    /// `type` says which code: `login` or `register` (the web app always sends it). A body
    /// without `type` is the spec's wire format, read as the spec defines it: with
    /// `g-recaptcha-response` a login code, without it a registration code (docs/decisions.md
    /// "One schema per form"). Login: `ok` with the challenge `hash` in `data` and an SMS for
    /// a known number; `not` for an unknown number (no SMS); `wrong` for a malformed number or
    /// a failed captcha (a login without a token fails the captcha). Registration: `ok` with
    /// `data` and an SMS, or `exist` when the number is taken. Limits answer 429 with
    /// `Retry-After`: 59 s between codes for a number, 5 codes per number per hour, and a
    /// per-address limit.
    #[oai(path = "/otp", method = "post", operation_id = "user_otp")]
    async fn otp(&self, st: Data<&AppState>, req: &Request, body: Json<OtpRequest>) -> ApiResult<Json<AuthReply>> {
        let b = body.0;
        let purpose = b.purpose()?;
        let captcha = b.g_recaptcha_response.as_opt_ref().flatten().map(|s| s.as_str());
        let mobile = Mobile::try_from(b.mobile.as_str())?;
        let reply = service::send_otp(&st, purpose, &mobile, captcha, &ip(req, &st)).await?;
        Ok(Json(reply))
    }

    /// Ask for a password-recovery code: `ok` with `data` (hash) and an SMS, `not` for an
    /// unknown number, `wrong` for a malformed number or failed captcha. Same limits as `/otp`.
    #[oai(path = "/otp/forget", method = "post", operation_id = "user_otp_forget")]
    async fn otp_forget(
        &self,
        st: Data<&AppState>,
        req: &Request,
        body: Json<ForgetOtpRequest>,
    ) -> ApiResult<Json<AuthReply>> {
        let b = body.0;
        let mobile = Mobile::try_from(b.mobile.as_str())?;
        let reply =
            service::send_otp(&st, Purpose::Forget, &mobile, b.g_recaptcha_response.as_deref(), &ip(req, &st)).await?;
        Ok(Json(reply))
    }

    /// Sign in with `{mobile, code, hash}` or `{mobile, password}`: `ok` with `token`,
    /// `reftoken` and `user`, or `wrong` (`data: "wrong"`). A blocked account gets 403.
    #[oai(path = "/login", method = "post", operation_id = "user_login")]
    async fn login(&self, st: Data<&AppState>, req: &Request, body: Json<LoginRequest>) -> ApiResult<Json<AuthReply>> {
        let b = body.0;
        let mobile = Mobile::try_from(b.mobile.as_str())?;
        let reply = match (&b.code, &b.hash, &b.password) {
            (_, _, Some(pw)) if b.code.is_none() && b.hash.is_none() => {
                service::login_with_password(&st, &mobile, pw, &ip(req, &st)).await?
            }
            (Some(code), Some(hash), None) => service::login_with_code(&st, &mobile, code, hash, &ip(req, &st)).await?,
            (None, _, None) => return Err(ApiError::invalid("code", "لطفا کد تایید را وارد کنید")),
            (Some(_), None, None) => return Err(ApiError::invalid("hash", "لطفا hash را وارد کنید")),
            _ => return Err(ApiError::invalid("password", "یا گذرواژه یا کد تایید را بفرستید، نه هر دو")),
        };
        Ok(Json(reply))
    }

    /// Registration. Step 1 `{mobile, code, hash}`: checks the registration code, creates the
    /// account and answers `ok` with `token`, `reftoken`, `user` and `mcode` (or `data:
    /// "wrong"`). Step 2, the profile payload with `mcode`: saves the profile and password
    /// (complex-password rule) and answers `data: "ok"` with `token`, `reftoken`, `user`.
    #[oai(path = "/register", method = "post", operation_id = "user_register")]
    async fn register(&self, st: Data<&AppState>, req: &Request, body: Json<RegisterRequest>) -> ApiResult<Json<AuthReply>> {
        let b = body.0;
        let mobile = Mobile::try_from(b.mobile.as_str())?;
        if let Some(mcode) = &b.mcode {
            let p = shop_core::forms::registration::parse(&b.registration_values())?;
            if b.device.as_deref().is_some_and(|d| d.len() > 32) {
                return Err(ApiError::invalid("device", "device وارد شده معتبر نیست!"));
            }
            return Ok(Json(service::register_profile(&st, &mobile, mcode, p).await?));
        }
        let code = need(&b.code, "code")?;
        let hash = need(&b.hash, "hash")?;
        Ok(Json(service::register_verify(&st, &mobile, code, hash, &ip(req, &st)).await?))
    }

    /// Check a password-recovery code: `ok` with `mcode`, or `wrong`.
    #[oai(path = "/verify/forget", method = "post", operation_id = "user_verify_forget")]
    async fn verify_forget(&self, st: Data<&AppState>, req: &Request, body: Json<VerifyRequest>) -> ApiResult<Json<AuthReply>> {
        let b = body.0;
        let mobile = Mobile::try_from(b.mobile.as_str())?;
        Ok(Json(service::forget_verify(&st, &mobile, &b.code, &b.hash, &ip(req, &st)).await?))
    }

    /// Set a new password with the `mcode` from `/verify/forget`: `data: "ok"` with `token`,
    /// `reftoken` and `user` (other sessions are signed out), or `wrong`. A weak password
    /// gets 422 with `field: "password"`.
    #[oai(path = "/forget", method = "post", operation_id = "user_forget")]
    async fn forget(&self, st: Data<&AppState>, body: Json<ForgetRequest>) -> ApiResult<Json<AuthReply>> {
        let b = body.0;
        let mobile = Mobile::try_from(b.mobile.as_str())?;
        Ok(Json(service::forget_submit(&st, &mobile, &b.password, &b.mcode).await?))
    }

    /// Exchange a refresh token: `ok` with a new `token`, a new `reftoken` (the old one is
    /// spent) and `user`; `not` when the refresh token is unknown, expired, revoked or
    /// replayed (a replay also revokes every token of that sign-in).
    #[oai(path = "/token", method = "post", operation_id = "user_token")]
    async fn token(&self, st: Data<&AppState>, body: Json<RefreshRequest>) -> ApiResult<Json<AuthReply>> {
        Ok(Json(service::refresh(&st, &body.0.reftoken).await?))
    }

    /// The signed-in user (bearer token): `ok` with `user`. 401 without a valid token.
    #[oai(path = "/info", method = "post", operation_id = "user_info")]
    async fn info(&self, auth: BearerUser) -> ApiResult<Json<AuthReply>> {
        Ok(Json(AuthReply { status: AuthStatus::Ok, user: Some(UserDto::from(&auth.0)), ..Default::default() }))
    }

    /// Sign out: revokes the refresh token's sign-in (always `ok`).
    #[oai(path = "/logout", method = "post", operation_id = "user_logout")]
    async fn logout(&self, st: Data<&AppState>, body: Json<RefreshRequest>) -> ApiResult<Json<AuthReply>> {
        Ok(Json(service::logout(&st, &body.0.reftoken).await?))
    }
}
