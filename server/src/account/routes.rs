//! `POST /api/client/v1/account/*`: the signed-in customer's own account (bearer token).

use poem::web::Data;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::types::Mobile;

use super::dto::{MobileChangeRequest, MobileVerifyRequest, NewPassword, PasswordChangeRequest, ProfileEditRequest};
use super::service;
use crate::auth::dto::AuthReply;
use crate::auth::BearerUser;
use crate::platform::error::ApiResult;
use crate::platform::{client_ip, ApiTags};
use crate::state::AppState;

/// The account routes.
pub struct AccountApi;

#[OpenApi(prefix_path = "/api/client/v1/account", tag = "ApiTags::Auth")]
impl AccountApi {
    /// Save the profile
    ///
    /// Name and last name (required), email (email rule), province and a city of it (from
    /// `contract/provinces.json`), phone (digits), home address and its 10-digit postal code.
    /// Answers `ok` with the saved `user`; a broken rule is 422 naming the field with the
    /// rule's Persian message.
    #[oai(path = "/edit", method = "post", operation_id = "account_edit")]
    async fn edit(&self, st: Data<&AppState>, auth: BearerUser, body: Json<ProfileEditRequest>) -> ApiResult<Json<AuthReply>> {
        let change = shop_core::forms::profile::parse(&body.0.values())?;
        Ok(Json(service::update_profile(&st, &auth.0, change).await?))
    }

    /// Send a code to a new mobile number
    ///
    /// The access token alone does not change the number (a stolen one would take the account
    /// over). An account with a password sends `password` with `mobile`: missing or wrong is
    /// 422 `field: password` and nothing is sent; each try counts against the password limits
    /// of sign-in (10 per number and address an hour, then 429). Then `ok` with the code's
    /// `hash` in `data` and an SMS to the new number. An account without a password sends
    /// `mobile` only and gets two codes: `data` is the new number's `hash`, `current_hash` the
    /// `hash` of a second code sent to the current number; `account/mobile/verify` needs both
    /// codes. The caller's own number, or a number of another account, is 422
    /// (`field: mobile`) and nothing is sent. Limits as for sign-in codes (429 with
    /// `Retry-After`), plus 5 per account per hour.
    #[oai(path = "/mobile/otp", method = "post", operation_id = "account_mobile_otp")]
    async fn mobile_otp(
        &self,
        st: Data<&AppState>,
        req: &Request,
        auth: BearerUser,
        body: Json<MobileChangeRequest>,
    ) -> ApiResult<Json<AuthReply>> {
        let mobile = Mobile::try_from(&body.0)?;
        let ip = client_ip(req, &st.config.trusted_proxies);
        Ok(Json(service::send_mobile_code(&st, &auth.0, &mobile, body.0.password.as_deref(), &ip).await?))
    }

    /// Confirm the new mobile number
    ///
    /// `mobile`, `code` and `hash` of the new number; when `account/mobile/otp` answered a
    /// `current_hash`, also `currentCode` (the code sent to the current number) and
    /// `currentHash`: missing, wrong or expired is 422 `field: currentCode` (a wrong one uses
    /// one of its 5 tries; the new number's code stays usable). With the right code(s) the
    /// number changes and every session of the account ends: the answer is a new sign-in for
    /// this client (`token`, `reftoken`, `user` with the new number). A wrong, expired or
    /// foreign code of the new number answers `wrong` (`data: "wrong"`); the number taken
    /// meanwhile is 422 `field: mobile`.
    #[oai(path = "/mobile/verify", method = "post", operation_id = "account_mobile_verify")]
    async fn mobile_verify(
        &self,
        st: Data<&AppState>,
        req: &Request,
        auth: BearerUser,
        body: Json<MobileVerifyRequest>,
    ) -> ApiResult<Json<AuthReply>> {
        let b = body.0;
        let mobile = Mobile::try_from(b.mobile.as_str())?;
        let ip = client_ip(req, &st.config.trusted_proxies);
        let current = b.current_code.as_deref().zip(b.current_hash.as_deref());
        Ok(Json(service::verify_mobile_code(&st, &auth.0, &mobile, &b.code, &b.hash, current, &ip).await?))
    }

    /// Set or change the password
    ///
    /// `password` (complex-password rule) and `passwordConfirmation`; `currentPassword` too
    /// when the account has a password. Every session of the account ends; the answer is a
    /// new sign-in (`token`, `reftoken`, `user`).
    #[oai(path = "/password", method = "post", operation_id = "account_password")]
    async fn password(
        &self,
        st: Data<&AppState>,
        req: &Request,
        auth: BearerUser,
        body: Json<PasswordChangeRequest>,
    ) -> ApiResult<Json<AuthReply>> {
        let new = NewPassword::try_from(&body.0)?;
        let ip = client_ip(req, &st.config.trusted_proxies);
        Ok(Json(service::change_password(&st, auth.0, new, body.0.current_password.as_deref(), &ip).await?))
    }
}
