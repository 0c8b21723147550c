//! The sign-in rules (design.md section 4), independent of HTTP.
//!
//! Every limit lives in the database, so any number of server nodes enforce them together:
//! - a code is 5 digits from the OS CSPRNG, stored only as HMAC(secret, handle, mobile, code);
//! - it expires after `otp_ttl_secs` (120), allows `otp_max_wrong` (5) wrong tries, and is
//!   consumed by a conditional UPDATE (`used_at IS NULL`): of two concurrent verifies exactly
//!   one gets `rows_affected == 1`;
//! - a new code for the same number and purpose waits `resend_secs` (59), at most
//!   `sends_per_number_hour` (5) codes per number per sliding hour, and
//!   `sends_per_ip_hour` code requests per client address per hour;
//! - refresh tokens are random, stored as HMACs, rotated on use; presenting a used one
//!   revokes its whole family.

use crate::auth::dto::AuthStatus;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::dto::{AuthReply, UserDto};
use super::entity::{otp_challenge, refresh_token, session_end, user};
use super::limits;
use super::password::{self, PasswordCost};
use super::token::{ct_eq, random_code, random_token, AccessClaims};
use crate::captcha::CaptchaOutcome;
use shop_core::forms::registration::Registration;
use shop_core::types::Mobile;
use crate::platform::error::{msg, ApiError, ApiResult};
use crate::state::AppState;
use crate::sms::SmsError;

/// Persian messages of the sign-in flows.
pub mod text {
    /// Code sent.
    pub const CODE_SENT: &str = "کد تایید به شماره موبایل شما ارسال شد.";
    /// Unknown number on login or recovery (spec: "not registered yet, please register").
    pub const NOT_REGISTERED: &str = "این شماره هنوز ثبت‌نام نکرده است. لطفا ثبت‌نام کنید.";
    /// Number taken on registration (spec: "already registered, please log in").
    pub const ALREADY_REGISTERED: &str = "این شماره قبلا ثبت‌نام کرده است. لطفا وارد شوید.";
    /// Wrong code (spec section 8, exact text).
    pub const WRONG_CODE: &str = "کد وارد شده اشتباه است";
    /// Code expired or used up.
    pub const CODE_EXPIRED: &str = "کد تایید منقضی شده است. لطفا دوباره کد دریافت کنید.";
    /// Captcha refused.
    pub const CAPTCHA_FAILED: &str = "تایید امنیتی (کپچا) انجام نشد. لطفا دوباره تلاش کنید.";
    /// Captcha service down.
    pub const CAPTCHA_UNAVAILABLE: &str = "سرویس تایید امنیتی در دسترس نیست. لطفا کمی بعد دوباره تلاش کنید.";
    /// Wrong mobile or password (spec section 8).
    pub const WRONG_PASSWORD: &str = "شماره موبایل یا گذرواژه اشتباه است.";
    /// Sent code mismatch (register, forget: spec section 8).
    pub const MCODE_MISMATCH: &str = "کد ارسال‌شده مطابقت ندارد. لطفا دوباره کد دریافت کنید.";
    /// Signed in.
    pub const SIGNED_IN: &str = "با موفقیت وارد شدید.";
    /// Registered.
    pub const REGISTERED: &str = "ثبت‌نام با موفقیت انجام شد.";
    /// Password changed (spec section 8).
    pub const PASSWORD_CHANGED: &str = "گذرواژه با موفقیت تغییر کرد.";
    /// Refresh refused (spec section 8: access period expired).
    pub const SESSION_EXPIRED: &str = shop_core::session::SESSION_EXPIRED;
    /// Verified code.
    pub const CODE_VERIFIED: &str = "شماره موبایل تایید شد.";
    /// Signed out.
    pub const SIGNED_OUT: &str = "از حساب کاربری خارج شدید.";
    /// SMS to the owner when code sign-in is locked for their number.
    pub const CODE_LOCKED_SMS: &str = "به دلیل کدهای اشتباه پرشمار، ورود با کد برای شماره شما تا ۲۴ ساعت بسته شد. با گذرواژه وارد شوید؛ اگر شما نبودید، نگران نباشید.";
}

/// What a code is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Sign in an existing number.
    Login,
    /// Register a new number.
    Register,
    /// Password recovery.
    Forget,
    /// A signed-in customer's new mobile number (the code goes to the new number), asked for
    /// with the account's password.
    ChangeMobile,
    /// The same for an account without a password: confirmed only together with a
    /// [`Purpose::ChangeMobileCurrent`] code, whatever the account has become meanwhile.
    ChangeMobileUnconfirmed,
    /// A code to the account's current number, proving its owner asks for the change.
    ChangeMobileCurrent,
}

impl Purpose {
    /// Stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Login => "login",
            Self::Register => "register",
            Self::Forget => "forget",
            Self::ChangeMobile => "change_mobile",
            Self::ChangeMobileUnconfirmed => "change_mobile_unconfirmed",
            Self::ChangeMobileCurrent => "change_mobile_current",
        }
    }
}


/// The account of a mobile number.
pub async fn find_user_by_mobile(db: &DatabaseConnection, mobile: &Mobile) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find().filter(user::Column::Mobile.eq(mobile.as_str())).one(db).await
}

/// A number as stored on an account row (written only from a parsed [`Mobile`]); a row that
/// is not one is a broken invariant, not bad input.
pub fn stored_mobile(stored: &str) -> ApiResult<Mobile> {
    Mobile::parse(stored).map_err(|_| ApiError::internal("an account's stored mobile is not a mobile number"))
}

/// Send a one-time code (`/user/otp`, `/user/otp/forget`).
pub async fn send_otp(
    st: &AppState,
    purpose: Purpose,
    mobile: &Mobile,
    captcha: Option<&str>,
    ip: &str,
) -> ApiResult<AuthReply> {
    let now = st.clock.unix();
    count_code_request(st, ip).await?;

    // Registration codes go without a captcha (the spec's client sends none) until this
    // address, or the shop as a whole, sends unusually many; then a token is demanded.
    let captcha_needed = match purpose {
        Purpose::Login | Purpose::Forget => true,
        Purpose::ChangeMobile | Purpose::ChangeMobileUnconfirmed | Purpose::ChangeMobileCurrent => true,
        Purpose::Register => {
            captcha.is_some() || registration_needs_captcha(st, ip, now).await?
        }
    };
    if captcha_needed {
        match st.captcha.verify(captcha, ip).await {
            CaptchaOutcome::Pass => {}
            CaptchaOutcome::Fail => return Ok(AuthReply::status(AuthStatus::Wrong, text::CAPTCHA_FAILED)),
            CaptchaOutcome::Unavailable => return Err(ApiError::unavailable(text::CAPTCHA_UNAVAILABLE)),
        }
    }

    let existing = find_user_by_mobile(&st.db, mobile).await?;
    match (purpose, &existing) {
        (Purpose::Login | Purpose::Forget, None) => return Ok(AuthReply::status(AuthStatus::Not, text::NOT_REGISTERED)),
        (Purpose::Login | Purpose::Forget, Some(u)) if u.block => return Err(ApiError::forbidden_msg(msg::BLOCKED)),
        (Purpose::Register, Some(_)) => return Ok(AuthReply::status(AuthStatus::Exist, text::ALREADY_REGISTERED)),
        _ => {}
    }
    issue_code(st, purpose, mobile, None, ip).await
}

/// Counts one code request of the client address `ip` (`sends_per_ip_hour`): every request
/// counts, whatever its outcome, which also slows down probing which numbers are registered.
pub async fn count_code_request(st: &AppState, ip: &str) -> ApiResult<()> {
    let now = st.clock.unix();
    if let Err(retry) = limits::hit(&st.db, &format!("otp-ip:{ip}"), now, 3600, st.config.limits.sends_per_ip_hour).await? {
        return Err(ApiError::too_many(retry));
    }
    Ok(())
}

/// Creates a code for `mobile` and sends it, within the per-number, shop-wide and resend
/// limits; `user_id` binds a `change_mobile` code to the customer who asked for it. The
/// caller has already checked who may ask (captcha, registered or not).
pub async fn issue_code(st: &AppState, purpose: Purpose, mobile: &Mobile, user_id: Option<i64>, ip: &str) -> ApiResult<AuthReply> {
    let now = st.clock.unix();
    let lim = &st.config.limits;

    // Per-number limit over a sliding hour, counted from the challenges themselves.
    let hour_ago = now - 3600;
    let recent = otp_challenge::Entity::find()
        .filter(otp_challenge::Column::Mobile.eq(mobile.as_str()))
        .filter(otp_challenge::Column::CreatedAt.gt(hour_ago))
        .order_by_asc(otp_challenge::Column::CreatedAt)
        .all(&st.db)
        .await?;
    if recent.len() as i64 >= lim.sends_per_number_hour {
        let oldest = recent[recent.len() - lim.sends_per_number_hour as usize].created_at;
        return Err(ApiError::too_many(oldest + 3600 - now));
    }

    // The shop-wide hourly SMS budget: a ceiling on SMS pumping whatever the addresses.
    match limits::hit(&st.db, SMS_BUDGET_KEY, now, 3600, lim.sms_hourly_budget).await? {
        Ok(n) if n == lim.sms_hourly_budget * 8 / 10 => {
            tracing::warn!(target: "shop::alert", sent = n, budget = lim.sms_hourly_budget, "SMS budget 80% used this hour");
        }
        Ok(_) => {}
        Err(retry) => {
            tracing::error!(target: "shop::alert", budget = lim.sms_hourly_budget, "SMS budget for this hour used up: no more codes are sent");
            return Err(ApiError::too_many(retry));
        }
    }

    // Resend wait per number and purpose (atomic claim: concurrent sends cannot both pass).
    let wait_key = format!("otp-wait:{mobile}:{}", purpose.as_str());
    if let Err(retry) = limits::claim_cooldown(&st.db, &wait_key, now, lim.resend_secs).await? {
        return Err(ApiError::too_many(retry));
    }

    // A new code supersedes the earlier open ones for this number and purpose.
    otp_challenge::Entity::update_many()
        .col_expr(otp_challenge::Column::Attempts, Expr::value(lim.otp_max_wrong))
        .filter(otp_challenge::Column::Mobile.eq(mobile.as_str()))
        .filter(otp_challenge::Column::Purpose.eq(purpose.as_str()))
        .filter(otp_challenge::Column::UsedAt.is_null())
        .filter(otp_challenge::Column::ExpiresAt.gt(now))
        .exec(&st.db)
        .await?;

    let handle = random_token(24);
    let code = random_code(shop_core::otp::CODE_LENGTH);
    let challenge = otp_challenge::ActiveModel {
        handle: Set(handle.clone()),
        mobile: Set(mobile.as_str().to_owned()),
        purpose: Set(purpose.as_str().into()),
        code_hash: Set(st.keys.hash_code(&handle, mobile.as_str(), &code)),
        ip: Set(ip.chars().take(64).collect()),
        created_at: Set(now),
        expires_at: Set(now + lim.otp_ttl_secs),
        attempts: Set(0),
        used_at: Set(None),
        mcode_hash: Set(None),
        mcode_expires_at: Set(None),
        mcode_used_at: Set(None),
        user_id: Set(user_id),
        ..Default::default()
    }
    .insert(&st.db)
    .await?;

    let sent = st.sms.send_code(mobile.as_str(), &code).await;
    let outcome = if sent.is_ok() { "sent" } else { "failed" };
    metrics::counter!(crate::platform::metrics::OTP_SENDS, "outcome" => outcome).increment(1);
    if let Err(e) = sent {
        // The code never reached the user: forget the challenge and let them retry at once.
        tracing::error!(target: "shop::auth", %mobile, error = %e, "sending the code failed");
        otp_challenge::Entity::delete_by_id(challenge.id).exec(&st.db).await?;
        limits::release_cooldown(&st.db, &wait_key, now).await?;
        return Err(match e {
            SmsError::Transport(_) | SmsError::Provider { .. } => ApiError::unavailable(msg::SMS_FAILED),
        });
    }

    Ok(AuthReply {
        status: AuthStatus::Ok,
        data: Some(handle),
        message: Some(text::CODE_SENT.into()),
        resend_in: Some(lim.resend_secs),
        ..Default::default()
    })
}

/// Result of checking a code.
pub enum Verified {
    /// The code was right and is now consumed.
    Ok(Box<otp_challenge::Model>),
    /// Anything else, with the message to show.
    Wrong(&'static str),
}

/// Check and consume a code for `purpose`.
///
/// Every try is reserved before the code is compared: a try of the challenge (one
/// conditional UPDATE, so parallel guesses cannot share a try), a code check of the address
/// (`verifies_per_ip_hour`) and a failure of the number for the day (`otp_failures_day`,
/// given back when the code is right). Past the daily cap, code sign-in is locked for the
/// number and its owner is told by SMS.
pub async fn verify_code(
    st: &AppState,
    purpose: Purpose,
    mobile: &Mobile,
    code_raw: &str,
    handle: &str,
    ip: &str,
) -> ApiResult<Verified> {
    match try_code(st, purpose, mobile, code_raw, handle, ip).await? {
        Verified::Ok(ch) if consume_code(st, &ch).await? => Ok(Verified::Ok(Box::new(otp_challenge::Model { used_at: Some(st.clock.unix()), ..*ch }))),
        Verified::Ok(_) => Ok(Verified::Wrong(text::CODE_EXPIRED)),
        wrong => Ok(wrong),
    }
}

/// [`verify_code`] without consuming a right code (`Ok` means right, not yet used): a call
/// that needs two codes consumes them only when both are right ([`consume_code`]).
pub async fn try_code(
    st: &AppState,
    purpose: Purpose,
    mobile: &Mobile,
    code_raw: &str,
    handle: &str,
    ip: &str,
) -> ApiResult<Verified> {
    let now = st.clock.unix();
    let lim = &st.config.limits;
    let max_wrong = lim.otp_max_wrong;
    // A malformed code (4 or 6 digits, letters) is not a guess: it does not use up a try.
    let Ok(code) = shop_core::otp::normalize_code(code_raw) else {
        return Ok(Verified::Wrong(text::WRONG_CODE));
    };
    if handle.is_empty() || handle.len() > 128 {
        return Ok(Verified::Wrong(text::WRONG_CODE));
    }
    if let Err(retry) = limits::reserve(&st.db, &format!("otp-verify-ip:{ip}"), now, limits::Rate::per_hour(lim.verifies_per_ip_hour)).await? {
        return Err(ApiError::too_many(retry));
    }
    let Some(ch) = otp_challenge::Entity::find()
        .filter(otp_challenge::Column::Handle.eq(handle))
        .one(&st.db)
        .await?
    else {
        return Ok(Verified::Wrong(text::WRONG_CODE));
    };
    // A hash issued for another number or purpose is simply wrong (no try is used: the
    // caller does not own that challenge).
    if !ct_eq(&ch.mobile, mobile.as_str()) || ch.purpose != purpose.as_str() {
        return Ok(Verified::Wrong(text::WRONG_CODE));
    }
    let fail_key = format!("otp-fail:{mobile}");
    let fail_rate = limits::Rate::per_day(lim.otp_failures_day);
    if let Err(retry) = limits::reserve(&st.db, &fail_key, now, fail_rate).await? {
        tell_owner_code_locked(st, mobile, now).await?;
        return Err(ApiError::too_many(retry));
    }
    // Reserve a try of this challenge: only `max_wrong` tries in all, however many arrive at once.
    let tried = otp_challenge::Entity::update_many()
        .col_expr(otp_challenge::Column::Attempts, Expr::col(otp_challenge::Column::Attempts).add(1))
        .filter(otp_challenge::Column::Id.eq(ch.id))
        .filter(otp_challenge::Column::Attempts.lt(max_wrong))
        .filter(otp_challenge::Column::UsedAt.is_null())
        .filter(otp_challenge::Column::ExpiresAt.gt(now))
        .exec(&st.db)
        .await?;
    if tried.rows_affected != 1 {
        limits::refund(&st.db, &fail_key, fail_rate).await?;
        return Ok(Verified::Wrong(text::CODE_EXPIRED));
    }
    let expected = st.keys.hash_code(&ch.handle, mobile.as_str(), &code);
    if !ct_eq(&expected, &ch.code_hash) {
        return Ok(Verified::Wrong(text::WRONG_CODE));
    }
    limits::refund(&st.db, &fail_key, fail_rate).await?;
    Ok(Verified::Ok(Box::new(ch)))
}

/// Consumes a right code of [`try_code`]; false when it expired or another request used it
/// first (only one concurrent caller can flip `used_at`).
pub async fn consume_code(st: &AppState, ch: &otp_challenge::Model) -> ApiResult<bool> {
    let now = st.clock.unix();
    let res = otp_challenge::Entity::update_many()
        .col_expr(otp_challenge::Column::UsedAt, Expr::value(now))
        .filter(otp_challenge::Column::Id.eq(ch.id))
        .filter(otp_challenge::Column::UsedAt.is_null())
        .filter(otp_challenge::Column::ExpiresAt.gt(now))
        .exec(&st.db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Once a day at most, tell the owner of `mobile` that code sign-in is locked for their
/// number (someone may be guessing their codes).
async fn tell_owner_code_locked(st: &AppState, mobile: &Mobile, now: i64) -> ApiResult<()> {
    let first = limits::claim_cooldown(&st.db, &format!("otp-lock-sms:{mobile}"), now, 86_400).await?;
    if first.is_ok() {
        tracing::warn!(target: "shop::alert", %mobile, "too many wrong codes: code sign-in locked for a day");
        if let Err(e) = st.sms.send_notice(mobile.as_str(), text::CODE_LOCKED_SMS).await {
            tracing::error!(target: "shop::auth", %mobile, error = %e, "sending the lock notice failed");
        }
    }
    Ok(())
}

/// True when registration codes from `ip` must carry a captcha: the address sent more than
/// `register_free_per_ip_hour` this hour, or the shop used half its hourly SMS budget.
async fn registration_needs_captcha(st: &AppState, ip: &str, now: i64) -> ApiResult<bool> {
    let lim = &st.config.limits;
    let free = limits::hit(&st.db, &format!("otp-register-ip:{ip}"), now, 3600, lim.register_free_per_ip_hour).await?;
    let budget_used = limits::check(&st.db, SMS_BUDGET_KEY, now, 3600, lim.sms_hourly_budget / 2).await?;
    Ok(free.is_err() || budget_used.is_err())
}

use super::limits::SMS_BUDGET_KEY;

/// Issue an access token and a refresh token (new family unless `family` is given).
pub async fn issue_session(st: &AppState, u: &user::Model, family: Option<String>) -> ApiResult<AuthReply> {
    let now = st.clock.unix();
    let lim = &st.config.limits;
    let token = st.keys.sign_access(&AccessClaims {
        sub: u.id,
        uid: u.uid.clone(),
        iat: now,
        exp: now + lim.access_ttl_secs,
        ep: u.session_epoch,
    });
    let reftoken = random_token(32);
    refresh_token::ActiveModel {
        user_id: Set(u.id),
        family: Set(family.unwrap_or_else(|| random_token(16))),
        token_hash: Set(st.keys.hash_refresh(&reftoken)),
        created_at: Set(now),
        expires_at: Set(now + lim.refresh_ttl_secs),
        used_at: Set(None),
        revoked_at: Set(None),
        ..Default::default()
    }
    .insert(&st.db)
    .await?;
    Ok(AuthReply {
        status: AuthStatus::Ok,
        data: Some("ok".into()),
        token: Some(token),
        reftoken: Some(reftoken),
        expires_in: Some(lim.access_ttl_secs),
        user: Some(UserDto::from(u)),
        ..Default::default()
    })
}

/// `/user/login` with a code.
pub async fn login_with_code(st: &AppState, mobile: &Mobile, code: &str, hash: &str, ip: &str) -> ApiResult<AuthReply> {
    match verify_code(st, Purpose::Login, mobile, code, hash, ip).await? {
        Verified::Wrong(m) => Ok(AuthReply::wrong(m)),
        // The challenge matched `mobile` (try_code compares them): the typed number goes on.
        Verified::Ok(_) => {
            let Some(u) = find_user_by_mobile(&st.db, mobile).await? else {
                return Ok(AuthReply::wrong(text::NOT_REGISTERED));
            };
            if u.block {
                return Err(ApiError::forbidden_msg(msg::BLOCKED));
            }
            let mut reply = issue_session(st, &u, None).await?;
            reply.message = Some(text::SIGNED_IN.into());
            Ok(reply)
        }
    }
}

/// `/user/login` with a password.
///
/// Attempts are reserved before argon2 runs, so parallel guesses cannot outrun the limits:
/// per (number, address) pair `password_tries_hour`, per address `password_tries_ip_hour`,
/// and per number `password_tries_number_hour`, kept higher than the pair's so that one
/// address cannot lock a customer out who signs in from their own. Unknown numbers run
/// argon2 against a dummy hash; a blocked account is refused before its password is checked.
pub async fn login_with_password(st: &AppState, mobile: &Mobile, password_raw: &str, ip: &str) -> ApiResult<AuthReply> {
    let Some(u) = check_password(st, mobile, password_raw, ip).await? else {
        return Ok(AuthReply::wrong(text::WRONG_PASSWORD));
    };
    let mut reply = issue_session(st, &u, None).await?;
    reply.message = Some(text::SIGNED_IN.into());
    Ok(reply)
}

/// The account of `mobile` when `password_raw` is its password, within the password-try
/// limits of [`login_with_password`] (reserved before argon2 runs); `None` when the number is
/// unknown, has no password or the password is wrong. A blocked account is refused (403).
pub async fn check_password(st: &AppState, mobile: &Mobile, password_raw: &str, ip: &str) -> ApiResult<Option<user::Model>> {
    let now = st.clock.unix();
    let lim = &st.config.limits;
    for (key, rate) in [
        (format!("pw-pair:{mobile}:{ip}"), limits::Rate::per_hour(lim.password_tries_hour)),
        (format!("pw-ip:{ip}"), limits::Rate::per_hour(lim.password_tries_ip_hour)),
        (format!("pw-number:{mobile}"), limits::Rate::per_hour(lim.password_tries_number_hour)),
    ] {
        if let Err(retry) = limits::reserve(&st.db, &key, now, rate).await? {
            return Err(ApiError::too_many(retry));
        }
    }
    let found = find_user_by_mobile(&st.db, mobile).await?;
    if found.as_ref().is_some_and(|u| u.block) {
        return Err(ApiError::forbidden_msg(msg::BLOCKED));
    }
    let phc = found.as_ref().and_then(|u| u.password_hash.clone());
    let plausible = !password_raw.is_empty() && password_raw.len() <= 256;
    let ok = password::verify_in_slot(&st.argon2, password_raw.chars().take(256).collect(), phc, st.config.password_cost)
        .await
        .map_err(|_| ApiError::busy(1))?;
    let (true, true, Some(u)) = (ok, plausible, found) else {
        return Ok(None);
    };
    Ok(Some(u))
}

/// Create a mobile-verification code on a consumed register/forget challenge.
async fn issue_mcode(st: &AppState, ch: &otp_challenge::Model) -> ApiResult<String> {
    let now = st.clock.unix();
    let mcode = random_token(24);
    otp_challenge::Entity::update_many()
        .col_expr(otp_challenge::Column::McodeHash, Expr::value(st.keys.hash_mcode(&mcode)))
        .col_expr(otp_challenge::Column::McodeExpiresAt, Expr::value(now + st.config.limits.mcode_ttl_secs))
        .filter(otp_challenge::Column::Id.eq(ch.id))
        .exec(&st.db)
        .await?;
    Ok(mcode)
}

/// Check an mcode for `purpose` and `mobile` without consuming it.
async fn find_mcode(
    st: &AppState,
    purpose: Purpose,
    mobile: &Mobile,
    mcode: &str,
) -> ApiResult<Option<otp_challenge::Model>> {
    let now = st.clock.unix();
    if mcode.is_empty() || mcode.len() > 128 {
        return Ok(None);
    }
    let hash = st.keys.hash_mcode(mcode);
    let ch = otp_challenge::Entity::find().filter(otp_challenge::Column::McodeHash.eq(&hash)).one(&st.db).await?;
    Ok(ch.filter(|c| {
        ct_eq(&c.mobile, mobile.as_str())
            && c.purpose == purpose.as_str()
            && c.mcode_used_at.is_none()
            && c.mcode_expires_at.is_some_and(|e| e > now)
    }))
}

/// Consume an mcode (conditional UPDATE); false when another request consumed it first.
async fn consume_mcode(st: &AppState, ch: &otp_challenge::Model) -> ApiResult<bool> {
    let now = st.clock.unix();
    let res = otp_challenge::Entity::update_many()
        .col_expr(otp_challenge::Column::McodeUsedAt, Expr::value(now))
        .filter(otp_challenge::Column::Id.eq(ch.id))
        .filter(otp_challenge::Column::McodeUsedAt.is_null())
        .exec(&st.db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// `/user/register` with `{mobile, code, hash}`: creates the account for the number.
pub async fn register_verify(st: &AppState, mobile: &Mobile, code: &str, hash: &str, ip: &str) -> ApiResult<AuthReply> {
    let ch = match verify_code(st, Purpose::Register, mobile, code, hash, ip).await? {
        Verified::Wrong(m) => return Ok(AuthReply::wrong(m)),
        Verified::Ok(ch) => ch,
    };
    let now = st.clock.unix();
    user::Entity::insert(user::new_customer(mobile.as_str(), now))
    .on_conflict(OnConflict::column(user::Column::Mobile).do_nothing().to_owned())
    .exec_without_returning(&st.db)
    .await?;
    let Some(u) = find_user_by_mobile(&st.db, mobile).await? else {
        return Err(ApiError::internal("user missing right after insert"));
    };
    if u.block {
        return Err(ApiError::forbidden_msg(msg::BLOCKED));
    }
    let mcode = issue_mcode(st, &ch).await?;
    let mut reply = issue_session(st, &u, None).await?;
    reply.mcode = Some(mcode);
    reply.message = Some(text::CODE_VERIFIED.into());
    Ok(reply)
}

/// The password label of the recovery form's message.
const PASSWORD_LABEL: &str = "گذرواژه";

/// Validate the password with the spec's complex-password rule.
pub fn validate_password(field: &str, password: &str) -> ApiResult<()> {
    shop_core::validation::validate(&shop_core::validation::Rule::ComplexPassword, PASSWORD_LABEL, password)
        .map_err(|m| ApiError::invalid(field, m))
}

fn password_cost(st: &AppState) -> PasswordCost {
    st.config.password_cost
}

/// `/user/register` with the profile payload and `mcode`.
///
/// `p` is `core`'s registration form, parsed at the edge (`shop_core::forms::registration`).
pub async fn register_profile(st: &AppState, mobile: &Mobile, mcode: &str, p: Registration) -> ApiResult<AuthReply> {
    let Some(ch) = find_mcode(st, Purpose::Register, mobile, mcode).await? else {
        return Ok(AuthReply::wrong(text::MCODE_MISMATCH));
    };
    let Some(u) = find_user_by_mobile(&st.db, mobile).await? else {
        return Ok(AuthReply::wrong(text::MCODE_MISMATCH));
    };
    if u.block {
        return Err(ApiError::forbidden_msg(msg::BLOCKED));
    }
    let phc = hash_password(st, &p.password).await?;
    if !consume_mcode(st, &ch).await? {
        return Ok(AuthReply::wrong(text::MCODE_MISMATCH));
    }
    let now = st.clock.unix();
    let mut am: user::ActiveModel = u.into();
    let (profile, info) = (p.profile, p.info);
    am.name = Set(profile.name);
    am.lastname = Set(profile.lastname);
    am.email = Set(profile.email.map(String::from).unwrap_or_default());
    am.city = Set(profile.place.city().to_owned());
    am.state = Set(profile.place.province().to_owned());
    am.address1 = Set(profile.address1);
    am.postal_code1 = Set(profile.postal_code1.map(String::from).unwrap_or_default());
    am.phone = Set(profile.phone.unwrap_or_default());
    am.info = Set(info);
    am.password_hash = Set(Some(phc));
    am.updated_at = Set(now);
    let u = am.update(&st.db).await?;
    st.users.forget(u.id);
    let mut reply = issue_session(st, &u, None).await?;
    reply.message = Some(text::REGISTERED.into());
    Ok(reply)
}

/// `/user/verify/forget`.
pub async fn forget_verify(st: &AppState, mobile: &Mobile, code: &str, hash: &str, ip: &str) -> ApiResult<AuthReply> {
    match verify_code(st, Purpose::Forget, mobile, code, hash, ip).await? {
        Verified::Wrong(m) => Ok(AuthReply::wrong(m)),
        Verified::Ok(ch) => {
            let mcode = issue_mcode(st, &ch).await?;
            Ok(AuthReply {
                status: AuthStatus::Ok,
                data: Some("ok".into()),
                mcode: Some(mcode),
                message: Some(text::CODE_VERIFIED.into()),
                ..Default::default()
            })
        }
    }
}

/// `/user/forget`: set a new password, sign out every other session, sign in.
pub async fn forget_submit(st: &AppState, mobile: &Mobile, new_password: &str, mcode: &str) -> ApiResult<AuthReply> {
    let Some(ch) = find_mcode(st, Purpose::Forget, mobile, mcode).await? else {
        return Ok(AuthReply::wrong(text::MCODE_MISMATCH));
    };
    validate_password("password", new_password)?;
    let Some(u) = find_user_by_mobile(&st.db, mobile).await? else {
        return Ok(AuthReply::wrong(text::MCODE_MISMATCH));
    };
    if u.block {
        return Err(ApiError::forbidden_msg(msg::BLOCKED));
    }
    let phc = hash_password(st, new_password).await?;
    if !consume_mcode(st, &ch).await? {
        return Ok(AuthReply::wrong(text::MCODE_MISMATCH));
    }
    replace_password(st, u, phc).await
}

/// Hashes `password` (argon2id, on the blocking pool) for [`replace_password`].
pub async fn hash_password(st: &AppState, password: &str) -> ApiResult<String> {
    password::hash_in_slot(&st.argon2, password.to_string(), password_cost(st))
        .await
        .map_err(|_| ApiError::busy(1))?
        .map_err(ApiError::internal)
}

/// Stores the new password hash `phc` of `u`, signs out every session of the account
/// (refresh tokens revoked, access tokens ended) and signs this client in afresh.
pub async fn replace_password(st: &AppState, u: user::Model, phc: String) -> ApiResult<AuthReply> {
    let now = st.clock.unix();
    let user_id = u.id;
    let mut am: user::ActiveModel = u.into();
    am.password_hash = Set(Some(phc));
    am.updated_at = Set(now);
    let u = am.update(&st.db).await?;
    end_sessions(&st.db, user_id, now).await?;
    announce_sessions_ended(st, user_id).await?;
    let u = user::Entity::find_by_id(u.id).one(&st.db).await?.unwrap_or(u);
    let mut reply = issue_session(st, &u, None).await?;
    reply.message = Some(text::PASSWORD_CHANGED.into());
    Ok(reply)
}

/// Whether user `id` is blocked (read from the database, not the cache): payments of a
/// blocked customer are not verified.
pub async fn is_blocked<C: sea_orm::ConnectionTrait>(db: &C, id: i64) -> Result<bool, DbErr> {
    let row: Option<bool> = user::Entity::find_by_id(id)
        .select_only()
        .column(user::Column::Block)
        .into_tuple()
        .one(db)
        .await?;
    Ok(row.unwrap_or(false))
}

/// Ends every session of `user_id` (refresh tokens revoked, access tokens past their epoch),
/// in the caller's transaction if it has one; once that is committed the caller calls
/// [`announce_sessions_ended`] and signs its own client in afresh.
pub async fn end_sessions<C: sea_orm::ConnectionTrait>(db: &C, user_id: i64, now: i64) -> Result<(), DbErr> {
    refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RevokedAt, Expr::value(now))
        .filter(refresh_token::Column::UserId.eq(user_id))
        .filter(refresh_token::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    user::Entity::update_many()
        .col_expr(user::Column::SessionEpoch, Expr::col(user::Column::SessionEpoch).add(1))
        .filter(user::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// End every access token of `user_id` now (they carry an older epoch from here on).
async fn end_access_tokens(st: &AppState, user_id: i64) -> Result<(), DbErr> {
    user::Entity::update_many()
        .col_expr(user::Column::SessionEpoch, Expr::col(user::Column::SessionEpoch).add(1))
        .filter(user::Column::Id.eq(user_id))
        .exec(&st.db)
        .await?;
    announce_sessions_ended(st, user_id).await
}

/// Tells every node that the sessions of `user_id` ended (committed already: signed out, a
/// replayed refresh token, a new password or number, staff roles taken away): a
/// `session_ends` row and the chat bus's note, as a block does. Each node then forgets its
/// cached row of the user at once, so their old access tokens are refused everywhere now
/// rather than within `SHOP_USER_CACHE_MS`, and drops their chat sockets (which reconnect
/// with a fresh token). Should the note be lost, the cache's time to live still bounds it.
pub async fn announce_sessions_ended(st: &AppState, user_id: i64) -> Result<(), DbErr> {
    let row = session_end::ActiveModel { user_id: Set(user_id), created_at: Set(st.clock.unix()), ..Default::default() }
        .insert(&st.db)
        .await?;
    st.chat.sessions_ended(&st.db, &row).await;
    Ok(())
}

async fn revoke_family(st: &AppState, family: &str, now: i64) -> Result<u64, DbErr> {
    Ok(refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RevokedAt, Expr::value(now))
        .filter(refresh_token::Column::Family.eq(family))
        .filter(refresh_token::Column::RevokedAt.is_null())
        .exec(&st.db)
        .await?
        .rows_affected)
}

/// `/user/token`: exchange a refresh token for a new access token and a new refresh token.
pub async fn refresh(st: &AppState, reftoken: &str) -> ApiResult<AuthReply> {
    let now = st.clock.unix();
    let not = || AuthReply::status(AuthStatus::Not, text::SESSION_EXPIRED);
    if reftoken.is_empty() || reftoken.len() > 256 {
        return Ok(not());
    }
    let hash = st.keys.hash_refresh(reftoken);
    let Some(row) = refresh_token::Entity::find().filter(refresh_token::Column::TokenHash.eq(&hash)).one(&st.db).await?
    else {
        return Ok(not());
    };
    if row.revoked_at.is_some() {
        return Ok(not());
    }
    if row.used_at.is_some_and(|used| now - used <= REFRESH_GRACE_SECS) && !successor_used(st, &row).await? {
        return refresh_in_grace(st, row).await;
    }
    if row.used_at.is_some() {
        let n = revoke_family(st, &row.family, now).await?;
        end_access_tokens(st, row.user_id).await?;
        tracing::warn!(target: "shop::auth", user_id = row.user_id, revoked = n, "refresh token replayed: family revoked");
        return Ok(not());
    }
    if row.expires_at <= now {
        return Ok(not());
    }
    let res = refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::UsedAt, Expr::value(now))
        .filter(refresh_token::Column::Id.eq(row.id))
        .filter(refresh_token::Column::UsedAt.is_null())
        .filter(refresh_token::Column::RevokedAt.is_null())
        .exec(&st.db)
        .await?;
    if res.rows_affected != 1 {
        // Another tab of this sign-in used it a moment ago.
        return refresh_in_grace(st, row).await;
    }
    let Some(u) = user::Entity::find_by_id(row.user_id).one(&st.db).await? else {
        return Ok(not());
    };
    if u.block {
        revoke_family(st, &row.family, now).await?;
        return Err(ApiError::forbidden_msg(msg::BLOCKED));
    }
    issue_session(st, &u, Some(row.family)).await
}

/// How long a just-rotated refresh token still refreshes: two tabs of one sign-in share the
/// stored token and may both refresh at once; the later one must not look like a thief.
pub const REFRESH_GRACE_SECS: i64 = 10;

/// True when a newer token of `row`'s family has been used already: then `row` is no longer
/// the one just rotated, and presenting it is a replay.
async fn successor_used(st: &AppState, row: &refresh_token::Model) -> Result<bool, DbErr> {
    Ok(refresh_token::Entity::find()
        .filter(refresh_token::Column::Family.eq(&row.family))
        .filter(refresh_token::Column::Id.gt(row.id))
        .filter(refresh_token::Column::UsedAt.is_not_null())
        .count(&st.db)
        .await?
        > 0)
}

/// A second refresh with the token rotated a moment ago: a new pair in the same family.
async fn refresh_in_grace(st: &AppState, row: refresh_token::Model) -> ApiResult<AuthReply> {
    let now = st.clock.unix();
    if row.revoked_at.is_some() || row.expires_at <= now {
        return Ok(AuthReply::status(AuthStatus::Not, text::SESSION_EXPIRED));
    }
    let Some(u) = user::Entity::find_by_id(row.user_id).one(&st.db).await? else {
        return Ok(AuthReply::status(AuthStatus::Not, text::SESSION_EXPIRED));
    };
    if u.block {
        revoke_family(st, &row.family, now).await?;
        return Err(ApiError::forbidden_msg(msg::BLOCKED));
    }
    issue_session(st, &u, Some(row.family)).await
}

/// `/user/logout`: revoke the refresh token's family. Always `ok`.
pub async fn logout(st: &AppState, reftoken: &str) -> ApiResult<AuthReply> {
    let now = st.clock.unix();
    if !reftoken.is_empty() && reftoken.len() <= 256 {
        let hash = st.keys.hash_refresh(reftoken);
        if let Some(row) =
            refresh_token::Entity::find().filter(refresh_token::Column::TokenHash.eq(&hash)).one(&st.db).await?
        {
            revoke_family(st, &row.family, now).await?;
            end_access_tokens(st, row.user_id).await?;
        }
    }
    Ok(AuthReply::status(AuthStatus::Ok, text::SIGNED_OUT))
}

/// Create the demo customer (for `shop seed --demo`). Returns true when it was created.
pub async fn seed_demo_user(
    db: &DatabaseConnection,
    mobile: &str,
    name: &str,
    city: &str,
    password_plain: &str,
) -> Result<bool, DbErr> {
    let mobile = shop_core::mobile::normalize_mobile(mobile).map_err(|e| DbErr::Custom(e.to_string()))?;
    if user::Entity::find().filter(user::Column::Mobile.eq(&mobile)).count(db).await? > 0 {
        return Ok(false);
    }
    let phc = password::hash(password_plain.to_string(), PasswordCost::PRODUCTION).await.map_err(DbErr::Custom)?;
    let now = chrono::Utc::now().timestamp();
    let inserted = user::Entity::insert(user::ActiveModel {
        name: Set(name.to_string()),
        state: Set(city.to_string()),
        city: Set(city.to_string()),
        password_hash: Set(Some(phc)),
        ..user::new_customer(&mobile, now)
    }
    .with_search_name()?)
    .on_conflict(OnConflict::column(user::Column::Mobile).do_nothing().to_owned())
    .exec_without_returning(db)
    .await?;
    Ok(inserted == 1)
}

/// Delete old challenges, spent refresh tokens, old session-end notes and finished counters
/// (run periodically).
pub async fn purge_expired(db: &DatabaseConnection, now: i64) -> Result<(), DbErr> {
    otp_challenge::Entity::delete_many()
        .filter(otp_challenge::Column::CreatedAt.lt(now - 2 * 86400))
        .exec(db)
        .await?;
    refresh_token::Entity::delete_many().filter(refresh_token::Column::ExpiresAt.lt(now - 86400)).exec(db).await?;
    // A session-end note matters while a node may still hold the user's row (seconds). The
    // newest row stays, so its id is never handed out again (nodes wait for ids above it).
    let newest: Option<i64> = session_end::Entity::find()
        .select_only()
        .column(session_end::Column::Id)
        .order_by_desc(session_end::Column::Id)
        .limit(1)
        .into_tuple()
        .one(db)
        .await?;
    if let Some(newest) = newest {
        session_end::Entity::delete_many()
            .filter(session_end::Column::CreatedAt.lt(now - 86400))
            .filter(session_end::Column::Id.lt(newest))
            .exec(db)
            .await?;
    }
    limits::purge(db, now).await?;
    Ok(())
}
