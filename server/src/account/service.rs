//! The account rules, on checked values: the caller is always the bearer (`me`), and every
//! write is keyed by `me.id`, so no call can reach another customer's account.

use crate::auth::dto::AuthStatus;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set, SqlErr};
use shop_core::types::Mobile;

use super::dto::{NewPassword, ProfileChange};
use crate::auth::dto::{AuthReply, UserDto};
use crate::auth::entity::{otp_challenge, user};
use crate::auth::limits;
use crate::auth::service::{self as auth, Purpose, Verified};
use crate::platform::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Mobile-change codes sent for one customer per sliding hour (on top of the per-number and
/// per-address limits of every code): a signed-in account must not become an SMS pump.
pub const CHANGE_CODES_PER_HOUR: i64 = 5;

/// Persian messages of the account calls.
pub mod text {
    /// Profile saved.
    pub const SAVED: &str = "اطلاعات حساب کاربری ذخیره شد.";
    /// Mobile changed.
    pub const MOBILE_CHANGED: &str = "شماره موبایل شما تغییر کرد.";
    /// Codes sent to the new and the current number (an account without a password).
    pub const CODES_SENT: &str = "کد تایید به شماره جدید و کد دیگری به شماره فعلی شما ارسال شد.";
    /// SMS to the old number after a change.
    pub const MOBILE_CHANGED_SMS: &str = "شماره موبایل حساب کاربری شما در فروشگاه تغییر کرد. اگر شما این کار را نکرده‌اید، با پشتیبانی تماس بگیرید.";
}

/// Why an account call was refused.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// The new number belongs to another account.
    #[error("این شماره موبایل متعلق به حساب کاربری دیگری است.")]
    MobileTaken,
    /// The new number is the one the account already has.
    #[error("این شماره همین حالا شماره موبایل شماست.")]
    SameMobile,
    /// The current password was required and missing or wrong.
    #[error("گذرواژه فعلی اشتباه است.")]
    WrongCurrentPassword,
    /// A mobile change: the account's password was wrong.
    #[error("گذرواژه اشتباه است.")]
    WrongPassword,
    /// A mobile change without a password: the current number's code is missing.
    #[error("لطفا کد ارسال‌شده به شماره فعلی را وارد کنید")]
    NoCurrentCode,
    /// A mobile change without a password: the current number's code is wrong.
    #[error("کد ارسال‌شده به شماره فعلی اشتباه است.")]
    WrongCurrentCode,
    /// A mobile change without a password: the current number's code expired or is used up.
    #[error("کد ارسال‌شده به شماره فعلی منقضی شده است. لطفا دوباره کد دریافت کنید.")]
    CurrentCodeExpired,
}

impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        let field = match e {
            AccountError::MobileTaken | AccountError::SameMobile => "mobile",
            AccountError::WrongCurrentPassword => "currentPassword",
            AccountError::WrongPassword => "password",
            AccountError::NoCurrentCode | AccountError::WrongCurrentCode | AccountError::CurrentCodeExpired => "currentCode",
        };
        ApiError::invalid(field, e.to_string())
    }
}

/// `{status: ok, data: ok, user, message}`.
fn user_reply(u: &user::Model, message: &str) -> AuthReply {
    AuthReply {
        status: AuthStatus::Ok,
        data: Some("ok".into()),
        user: Some(UserDto::from(u)),
        message: Some(message.into()),
        ..Default::default()
    }
}

/// `account/edit`: store the checked fields on the caller's own row.
pub async fn update_profile(st: &AppState, me: &user::Model, p: ProfileChange) -> ApiResult<AuthReply> {
    let am = user::ActiveModel {
        id: sea_orm::ActiveValue::Unchanged(me.id),
        name: Set(p.name),
        lastname: Set(p.lastname),
        email: Set(p.email.map(String::from).unwrap_or_default()),
        state: Set(p.place.province().to_string()),
        city: Set(p.place.city().to_string()),
        phone: Set(p.phone.unwrap_or_default()),
        address1: Set(p.address1),
        postal_code1: Set(p.postal_code1.map(String::from).unwrap_or_default()),
        updated_at: Set(st.clock.unix()),
        ..Default::default()
    };
    let u = am.update(&st.db).await?;
    st.users.forget(me.id);
    Ok(user_reply(&u, text::SAVED))
}

/// `account/mobile/otp`: send a code to the caller's new number, unless it is theirs already
/// or another account's (then nothing is sent).
///
/// The access token alone is not enough (a stolen one would take the account over): an
/// account with a password gives it (`password`, within the password-try limits of sign-in);
/// an account without one gets a second code on its current number, which
/// [`verify_mobile_code`] demands (`current_hash` in the answer).
pub async fn send_mobile_code(
    st: &AppState,
    me: &user::Model,
    mobile: &Mobile,
    password: Option<&str>,
    ip: &str,
) -> ApiResult<AuthReply> {
    if mobile.as_str() == me.mobile {
        return Err(AccountError::SameMobile.into());
    }
    // Before anything else: a token alone learns nothing, not even whether a number is taken.
    let has_password = me.password_hash.is_some();
    if has_password {
        require_password(st, me, password, "password", super::dto::label::PASSWORD, AccountError::WrongPassword, ip).await?;
    }
    auth::count_code_request(st, ip).await?;
    if auth::find_user_by_mobile(&st.db, mobile).await?.is_some() {
        return Err(AccountError::MobileTaken.into());
    }
    // Reserved before the send, given back when no code went out (resend wait, SMS failure).
    let (key, rate) = (format!("otp-change-user:{}", me.id), limits::Rate::per_hour(CHANGE_CODES_PER_HOUR));
    if let Err(retry) = limits::reserve(&st.db, &key, st.clock.unix(), rate).await? {
        return Err(ApiError::too_many(retry));
    }
    let sent = if has_password {
        auth::issue_code(st, Purpose::ChangeMobile, mobile, Some(me.id), ip).await
    } else {
        send_both_codes(st, me, mobile, ip).await
    };
    if sent.is_err() {
        limits::refund(&st.db, &key, rate).await?;
    }
    sent
}

/// The new number's code (`data`) and the current number's (`current_hash`).
async fn send_both_codes(st: &AppState, me: &user::Model, mobile: &Mobile, ip: &str) -> ApiResult<AuthReply> {
    let mut reply = auth::issue_code(st, Purpose::ChangeMobileUnconfirmed, mobile, Some(me.id), ip).await?;
    let current = auth::issue_code(st, Purpose::ChangeMobileCurrent, &auth::stored_mobile(&me.mobile)?, Some(me.id), ip).await?;
    reply.current_hash = current.data;
    reply.message = Some(text::CODES_SENT.into());
    Ok(reply)
}

/// 422 on `field` unless `given` is the account's password; every try counts against the
/// password limits of sign-in (reserved before argon2 runs).
async fn require_password(
    st: &AppState,
    me: &user::Model,
    given: Option<&str>,
    field: &'static str,
    label: &str,
    wrong: AccountError,
    ip: &str,
) -> ApiResult<()> {
    let given = given.unwrap_or_default();
    if given.is_empty() {
        let m = shop_core::validation::message(&shop_core::validation::Rule::Required, label);
        return Err(ApiError::invalid(field, m));
    }
    match auth::check_password(st, &auth::stored_mobile(&me.mobile)?, given, ip).await? {
        Some(u) if u.id == me.id => Ok(()),
        _ => Err(wrong.into()),
    }
}

/// A challenge of the caller's with one of `purposes`, by its hash.
async fn own_challenge(st: &AppState, me: &user::Model, hash: &str, purposes: &[Purpose]) -> ApiResult<Option<otp_challenge::Model>> {
    if hash.is_empty() || hash.len() > 128 {
        return Ok(None);
    }
    let ch = otp_challenge::Entity::find().filter(otp_challenge::Column::Handle.eq(hash)).one(&st.db).await?;
    Ok(ch.filter(|c| c.user_id == Some(me.id) && purposes.iter().any(|p| p.as_str() == c.purpose)))
}

/// The code sent to the current number, checked (a try used) but not yet consumed.
async fn check_current_code(st: &AppState, me: &user::Model, current: Option<(&str, &str)>, ip: &str) -> ApiResult<otp_challenge::Model> {
    let Some((code, hash)) = current.filter(|(c, h)| !c.trim().is_empty() && !h.is_empty()) else {
        return Err(AccountError::NoCurrentCode.into());
    };
    if own_challenge(st, me, hash, &[Purpose::ChangeMobileCurrent]).await?.is_none() {
        return Err(AccountError::WrongCurrentCode.into());
    }
    let current_mobile = Mobile::parse(&me.mobile)?;
    match auth::try_code(st, Purpose::ChangeMobileCurrent, &current_mobile, code, hash, ip).await? {
        Verified::Ok(ch) => Ok(*ch),
        Verified::Wrong(m) if m == auth::text::CODE_EXPIRED => Err(AccountError::CurrentCodeExpired.into()),
        Verified::Wrong(_) => Err(AccountError::WrongCurrentCode.into()),
    }
}

/// `account/mobile/verify`: with the right code (and, when the codes were sent without a
/// password, the right code of the current number), the caller's number becomes `mobile`.
/// Every session of the account then ends and this client gets a new one.
///
/// A code sent for another customer is answered `wrong` without using one of its tries. The
/// unique index on `users.mobile` settles a race with a registration of the same number.
pub async fn verify_mobile_code(
    st: &AppState,
    me: &user::Model,
    mobile: &Mobile,
    code: &str,
    hash: &str,
    current: Option<(&str, &str)>,
    ip: &str,
) -> ApiResult<AuthReply> {
    if mobile.as_str() == me.mobile {
        return Err(AccountError::SameMobile.into());
    }
    let new_purposes = [Purpose::ChangeMobile, Purpose::ChangeMobileUnconfirmed];
    let Some(ch) = own_challenge(st, me, hash, &new_purposes).await? else {
        return Ok(AuthReply::wrong(auth::text::WRONG_CODE));
    };
    // What the challenge was sent with decides, not what the account is now: setting a
    // password in between does not lift the need for the current number's code.
    let purpose = if ch.purpose == Purpose::ChangeMobile.as_str() { Purpose::ChangeMobile } else { Purpose::ChangeMobileUnconfirmed };
    let owner = match purpose {
        Purpose::ChangeMobileUnconfirmed => Some(check_current_code(st, me, current, ip).await?),
        _ => None,
    };
    let new_code = match auth::try_code(st, purpose, mobile, code, hash, ip).await? {
        Verified::Wrong(m) => return Ok(AuthReply::wrong(m)),
        Verified::Ok(ch) => ch,
    };
    // Both right: consume both (a wrong one above left the other usable for the next try).
    if let Some(o) = &owner {
        if !auth::consume_code(st, o).await? {
            return Err(AccountError::CurrentCodeExpired.into());
        }
    }
    if !auth::consume_code(st, &new_code).await? {
        return Ok(AuthReply::wrong(auth::text::CODE_EXPIRED));
    }
    let now = st.clock.unix();
    // The number and the end of every other session together, or neither.
    let txn = crate::platform::db::begin_write(&st.db).await?;
    let changed = user::Entity::update_many()
        .col_expr(user::Column::Mobile, Expr::value(mobile.as_str()))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(me.id))
        .exec(&txn)
        .await;
    match changed {
        Ok(_) => {}
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            return Err(AccountError::MobileTaken.into());
        }
        Err(e) => return Err(e.into()),
    }
    auth::end_sessions(&txn, me.id, now).await?;
    txn.commit().await?;
    auth::announce_sessions_ended(st, me.id).await?;
    // The old number hears of it: a stolen session cannot move the account away silently.
    if let Err(e) = st.sms.send_notice(&me.mobile, text::MOBILE_CHANGED_SMS).await {
        tracing::error!(target: "shop::auth", user_id = me.id, error = %e, "telling the old number failed");
    }
    let u = user::Entity::find_by_id(me.id).one(&st.db).await?.ok_or_else(ApiError::unauthorized)?;
    let mut reply = auth::issue_session(st, &u, None).await?;
    reply.message = Some(text::MOBILE_CHANGED.into());
    Ok(reply)
}

/// `account/password`: set the first password, or change it with the current one; every
/// session of the account ends and this client gets a new one (as after a recovery).
pub async fn change_password(
    st: &AppState,
    me: user::Model,
    new: NewPassword,
    current: Option<&str>,
    ip: &str,
) -> ApiResult<AuthReply> {
    if me.password_hash.is_some() {
        let label = super::dto::label::CURRENT_PASSWORD;
        require_password(st, &me, current, "currentPassword", label, AccountError::WrongCurrentPassword, ip).await?;
    }
    let phc = auth::hash_password(st, new.as_str()).await?;
    auth::replace_password(st, me, phc).await
}
