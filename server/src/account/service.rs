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
}

impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        let field = match e {
            AccountError::MobileTaken | AccountError::SameMobile => "mobile",
            AccountError::WrongCurrentPassword => "currentPassword",
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
pub async fn send_mobile_code(st: &AppState, me: &user::Model, mobile: &Mobile, ip: &str) -> ApiResult<AuthReply> {
    if mobile.as_str() == me.mobile {
        return Err(AccountError::SameMobile.into());
    }
    auth::count_code_request(st, ip).await?;
    if auth::find_user_by_mobile(&st.db, mobile.as_str()).await?.is_some() {
        return Err(AccountError::MobileTaken.into());
    }
    // Reserved before the send, given back when no code went out (resend wait, SMS failure).
    let (key, rate) = (format!("otp-change-user:{}", me.id), limits::Rate::per_hour(CHANGE_CODES_PER_HOUR));
    if let Err(retry) = limits::reserve(&st.db, &key, st.clock.unix(), rate).await? {
        return Err(ApiError::too_many(retry));
    }
    let sent = auth::issue_code(st, Purpose::ChangeMobile, mobile.as_str(), Some(me.id), ip).await;
    if sent.is_err() {
        limits::refund(&st.db, &key, rate).await?;
    }
    sent
}

/// `account/mobile/verify`: with the right code, the caller's number becomes `mobile`.
///
/// A code sent for another customer is answered `wrong` without using one of its tries. The
/// unique index on `users.mobile` settles a race with a registration of the same number.
pub async fn verify_mobile_code(
    st: &AppState,
    me: &user::Model,
    mobile: &Mobile,
    code: &str,
    hash: &str,
    ip: &str,
) -> ApiResult<AuthReply> {
    if mobile.as_str() == me.mobile {
        return Err(AccountError::SameMobile.into());
    }
    if hash.is_empty() || hash.len() > 128 {
        return Ok(AuthReply::wrong(auth::text::WRONG_CODE));
    }
    let mine = otp_challenge::Entity::find()
        .filter(otp_challenge::Column::Handle.eq(hash))
        .one(&st.db)
        .await?
        .is_some_and(|ch| ch.user_id == Some(me.id));
    if !mine {
        return Ok(AuthReply::wrong(auth::text::WRONG_CODE));
    }
    match auth::verify_code(st, Purpose::ChangeMobile, mobile, code, hash, ip).await? {
        Verified::Wrong(m) => return Ok(AuthReply::wrong(m)),
        Verified::Ok(_) => {}
    }
    let changed = user::Entity::update_many()
        .col_expr(user::Column::Mobile, Expr::value(mobile.as_str()))
        .col_expr(user::Column::UpdatedAt, Expr::value(st.clock.unix()))
        .filter(user::Column::Id.eq(me.id))
        .exec(&st.db)
        .await;
    st.users.forget(me.id);
    match changed {
        Ok(_) => {}
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            return Err(AccountError::MobileTaken.into());
        }
        Err(e) => return Err(e.into()),
    }
    // The old number hears of it: a stolen session cannot move the account away silently.
    if let Err(e) = st.sms.send_notice(&me.mobile, text::MOBILE_CHANGED_SMS).await {
        tracing::error!(target: "shop::auth", user_id = me.id, error = %e, "telling the old number failed");
    }
    let u = user::Entity::find_by_id(me.id).one(&st.db).await?.ok_or_else(ApiError::unauthorized)?;
    Ok(user_reply(&u, text::MOBILE_CHANGED))
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
        let current = current.unwrap_or_default();
        if current.is_empty() {
            let m = shop_core::validation::message(&shop_core::validation::Rule::Required, super::dto::label::CURRENT_PASSWORD);
            return Err(ApiError::invalid("currentPassword", m));
        }
        match auth::check_password(st, &me.mobile, current, ip).await? {
            Some(u) if u.id == me.id => {}
            _ => return Err(AccountError::WrongCurrentPassword.into()),
        }
    }
    let phc = auth::hash_password(st, new.as_str()).await?;
    auth::replace_password(st, me, phc).await
}
