//! Sign-in: mobile number + one-time code, password, registration, password recovery and
//! session refresh (spec section 7, design.md section 4).
//!
//! # Calls (all POST under `/api/client/v1/user`, answers 200 with `status`/`data`)
//!
//! | call | body | answers |
//! |---|---|---|
//! | `/otp` | `{mobile, g-recaptcha-response}` (login) | `ok` + `data` (hash) + SMS; `not` (unknown number, no SMS); `wrong` (bad number or captcha) |
//! | `/otp` | `{mobile}` (registration) | `ok` + `data`; `exist` (number taken); `wrong` |
//! | `/login` | `{mobile, code, hash}` or `{mobile, password}` | `ok` + `token`, `reftoken`, `user`; `wrong` (`data: "wrong"`) |
//! | `/register` | `{mobile, code, hash}` | `ok` + `token`, `reftoken`, `user`, `mcode` (account created); `data: "wrong"` |
//! | `/register` | profile payload + `mcode` | `data: "ok"` + `token`, `reftoken`, `user`; `data: "wrong"` (bad mcode); 422 (rule broken, `field` named) |
//! | `/otp/forget` | `{mobile, g-recaptcha-response}` | `ok` + `data`; `not`; `wrong` |
//! | `/verify/forget` | `{mobile, code, hash}` | `data: "ok"` + `mcode`; `data: "wrong"` |
//! | `/forget` | `{password, mobile, mcode}` | `data: "ok"` + `token`, `reftoken`, `user` (other sessions signed out); `wrong`; 422 weak password |
//! | `/token` | `{reftoken}` | `ok` + new `token`, new `reftoken`, `user`; `not` (unknown, expired, revoked, replayed) |
//! | `/logout` | `{reftoken}` | `ok` (the sign-in's refresh tokens are revoked) |
//! | `/info` | bearer token | `ok` + `user` |
//!
//! A blocked account (`Block`) gets 403 on every sign-in path and on bearer-authenticated calls.
//!
//! # Decisions
//! - **Access token**: `v1.<base64url claims>.<base64url HMAC-SHA256>`, claims `sub` (user id),
//!   `uid`, `iat`, `exp` (15 minutes). Keys are derived from `SHOP_SECRET` per use (access
//!   token, OTP hash, refresh hash, mcode hash), so no value made for one use passes another.
//! - **Refresh token**: 32 random bytes (base64url), returned in the JSON body as `reftoken`
//!   by every successful sign-in (`/login`, both `/register` steps, `/forget`, `/token`); the
//!   client stores it beside `token`. Stored only as an HMAC; 30-day lifetime; each use
//!   rotates it within its *family* (one sign-in); presenting a spent token revokes the
//!   whole family; a password reset revokes all of the user's families.
//! - **Codes**: 5 digits from the OS CSPRNG; stored as HMAC(handle, mobile, code); 120 s;
//!   5 wrong tries per challenge; consumed by `UPDATE … WHERE used_at IS NULL` (exactly one
//!   of concurrent verifies wins); a new code for the same number and purpose kills the
//!   earlier open one. Malformed codes (4 or 6 digits, letters) and foreign hashes are
//!   answered `wrong` without using a try. Persian/Arabic digits are accepted (core's
//!   `normalize_code`).
//! - **Limits** (429 + `Retry-After` + Persian message), all in the database: 59 s between
//!   codes per number and purpose (atomic claim in `rate_limits`); 5 codes per number per
//!   sliding hour (counted from `otp_challenges`, all purposes); 30 code requests per client
//!   address per hour (`SHOP_OTP_IP_LIMIT`; every request counts, so probing which numbers
//!   are registered is limited too); 10 failed password sign-ins per number per hour and 40
//!   per address.
//! - **mcode**: 24 random bytes, returned after a verified registration or recovery code,
//!   stored as an HMAC on the challenge, valid 15 minutes, single use.
//! - **Passwords**: argon2id (19 MiB, t=2), hashed on the blocking pool.
//! - **Captcha**: reCAPTCHA v3 on login and recovery code requests when
//!   `SHOP_CAPTCHA_SECRET` is set: `success`, action `login`, score ≥ 0.5
//!   (`SHOP_CAPTCHA_MIN_SCORE`); refused → `wrong`; service down → 503.
//! - **SMS failure**: 503 with a Persian message; the challenge is deleted and the resend
//!   wait released, so the user can retry at once.

pub mod bearer;
pub mod dto;
pub mod entity;
pub mod limits;
pub mod password;
pub mod routes;
pub mod service;
pub mod staff;
pub mod token;
pub mod user_cache;

pub use bearer::BearerUser;
pub use staff::{AdminStaff, AnyStaff, CatalogueStaff, OrdersStaff, StaffUser, SupportStaff};
pub use service::seed_demo_user;
