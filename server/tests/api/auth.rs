//! Sign-in flows and their limits (design.md section 4), black-box against the real
//! server on both databases.

use crate::helpers::{mobile, on_both_dbs, spawn_app, spawn_app_with, TestApp, TestDb};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

on_both_dbs!(
    registration_then_login_by_code_and_password,
    password_recovery,
    bad_codes_and_hashes,
    malformed_numbers_get_one_answer_and_change_nothing,
    resend_wait_and_hourly_limit_per_number,
    per_address_limit,
    password_guessing_is_limited,
    refresh_tokens_rotate_and_replay_revokes_the_family,
    concurrent_verifies_let_exactly_one_through,
    blocked_users_cannot_sign_in,
    dev_outbox_lists_messages_newest_first,
    a_block_reaches_bearer_calls_within_the_user_cache_ttl,
    without_the_user_cache_a_block_is_immediate,
);

const OTP: &str = "/api/client/v1/user/otp";
const LOGIN: &str = "/api/client/v1/user/login";
const REGISTER: &str = "/api/client/v1/user/register";
const OTP_FORGET: &str = "/api/client/v1/user/otp/forget";
const VERIFY_FORGET: &str = "/api/client/v1/user/verify/forget";
const FORGET: &str = "/api/client/v1/user/forget";
const TOKEN: &str = "/api/client/v1/user/token";
const INFO: &str = "/api/client/v1/user/info";
const PASSWORD: &str = "Abc@1234";

fn login_otp_body(m: &str) -> Value {
    json!({ "mobile": m, "g-recaptcha-response": "token" })
}

async fn exec(s: &TestApp, sql: &str) {
    let b = s.db.get_database_backend();
    s.db.execute_raw(Statement::from_string(b, sql.to_string())).await.expect(sql);
}

fn assert_user_shape(user: &Value, mobile: &str) {
    for k in [
        "Id", "Uid", "Name", "Lastname", "Mobile", "Email", "State", "City", "Profile", "Address1", "Address2",
        "PostalCode1", "PostalCode2", "Type", "Phone", "Block",
    ] {
        assert!(user.get(k).is_some(), "user has {k}: {user}");
    }
    assert_eq!(user["Mobile"], mobile);
    assert_eq!(user["Block"], false);
}

async fn registration_then_login_by_code_and_password(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    // Unknown number on login: `not`, no SMS.
    let r = s.post(OTP, login_otp_body(&m)).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "not"), "{}", r.text);
    assert_eq!(s.sms_count(&m).await, 0);

    // Registration: code, verify (account + mcode + token), profile.
    let r = s.post(OTP, json!({ "mobile": m })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let hash = r.s("data");
    assert!(hash.len() >= 20);
    let code = s.last_code(&m).await.unwrap();
    assert_eq!(code.len(), 5);
    // Wrong code first: data 'wrong'.
    let wrong = if code == "00000" { "11111" } else { "00000" };
    let r = s.post(REGISTER, json!({ "mobile": m, "code": wrong, "hash": hash })).await;
    assert_eq!((r.status, r.s("data").as_str()), (200, "wrong"), "{}", r.text);
    assert_eq!(r.s("message"), "کد وارد شده اشتباه است");
    let r = s.post(REGISTER, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    assert!(!r.s("token").is_empty() && !r.s("reftoken").is_empty() && !r.s("mcode").is_empty());
    assert_user_shape(&r.body["user"], &m);
    let mcode = r.s("mcode");
    // A number already taken gets `exist`.
    let r = s.post(OTP, json!({ "mobile": m })).await;
    assert_eq!(r.s("status"), "exist", "{}", r.text);

    // Profile with a weak password: 422 naming the field, mcode not spent.
    let profile = |pw: &str, mc: &str| {
        json!({ "name": "سارا", "lastname": "احمدی", "password": pw, "mobile": m, "email": "sara@example.com",
                "city": "شیراز", "state": "فارس", "address1": "خیابان زند", "postalCode1": "۷۱۳۴۵۶۷۸۹۰",
                "phone": "07112345678", "info": "", "device": "web", "mcode": mc })
    };
    let r = s.post(REGISTER, profile("weak", &mcode)).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "password");
    assert_eq!(r.body["message"], "گذرواژه وارد شده ضعیف است");
    let r = s.post(REGISTER, profile(PASSWORD, "not-the-mcode")).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    let r = s.post(REGISTER, profile(PASSWORD, &mcode)).await;
    assert_eq!(r.s("data"), "ok", "{}", r.text);
    assert_eq!(r.body["user"]["Name"], "سارا");
    assert_eq!(r.body["user"]["City"], "شیراز");
    assert_eq!(r.body["user"]["PostalCode1"], "7134567890");
    assert!(!r.s("token").is_empty() && !r.s("reftoken").is_empty());
    // The mcode is single-use.
    let r = s.post(REGISTER, profile(PASSWORD, &mcode)).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    let hashes = s.rows("users").await;
    let stored = hashes.iter().find(|u| u["mobile"] == m.as_str()).unwrap();
    assert!(stored["password_hash"].as_str().unwrap().starts_with("$argon2id$"), "argon2 hash stored");

    // Login by code.
    s.clock.advance(60);
    let r = s.post(OTP, login_otp_body(&m)).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    assert_user_shape(&r.body["user"], &m);
    let token = r.s("token");
    let r = s.post_auth(INFO, &token, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["user"]["Mobile"], m.as_str());

    // Password login, with Persian digits and +98 in the number.
    let intl = format!("+98{}", &m[1..]).replace('1', "۱");
    let r = s.post(LOGIN, json!({ "mobile": intl, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let r = s.post(LOGIN, json!({ "mobile": m, "password": "Wrong@123" })).await;
    assert_eq!((r.s("status").as_str(), r.s("data").as_str()), ("wrong", "wrong"), "{}", r.text);
    let r = s.post(LOGIN, json!({ "mobile": mobile(), "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "wrong");
    s.stop().await;
}

async fn password_recovery(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let r = s.post(OTP_FORGET, json!({ "mobile": m, "g-recaptcha-response": "t" })).await;
    assert_eq!(r.s("status"), "not", "{}", r.text);
    let r = s.post(OTP_FORGET, json!({ "mobile": "0912", "g-recaptcha-response": "t" })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile", "{}", r.text);
    let reg = s.register(&m, PASSWORD).await;
    let old_ref = reg.s("reftoken");

    s.clock.advance(60);
    let r = s.post(OTP_FORGET, json!({ "mobile": m, "g-recaptcha-response": "t" })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    // A login challenge cannot be used for recovery and vice versa.
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "wrong");
    let r = s.post(VERIFY_FORGET, json!({ "mobile": m, "code": "1234", "hash": hash })).await;
    assert_eq!(r.s("data"), "wrong");
    let r = s.post(VERIFY_FORGET, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!((r.s("status").as_str(), r.s("data").as_str()), ("ok", "ok"), "{}", r.text);
    let mcode = r.s("mcode");
    assert!(!mcode.is_empty());
    assert!(r.body.get("token").is_none(), "no session before the new password");

    let new_pw = "Xyz#9876";
    let r = s.post(FORGET, json!({ "password": "short", "mobile": m, "mcode": mcode })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "password");
    let r = s.post(FORGET, json!({ "password": new_pw, "mobile": mobile(), "mcode": mcode })).await;
    assert_eq!(r.s("data"), "wrong", "mcode of another number: {}", r.text);
    let r = s.post(FORGET, json!({ "password": new_pw, "mobile": m, "mcode": mcode })).await;
    assert_eq!(r.s("data"), "ok", "{}", r.text);
    assert!(!r.s("token").is_empty());
    assert_user_shape(&r.body["user"], &m);
    let r = s.post(FORGET, json!({ "password": new_pw, "mobile": m, "mcode": mcode })).await;
    assert_eq!(r.s("data"), "wrong", "mcode is single-use");

    // Old sessions are signed out; the new password works, the old one not.
    let r = s.post(TOKEN, json!({ "reftoken": old_ref })).await;
    assert_eq!(r.s("status"), "not");
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "wrong");
    let r = s.post(LOGIN, json!({ "mobile": m, "password": new_pw })).await;
    assert_eq!(r.s("status"), "ok");
    s.stop().await;
}

async fn bad_codes_and_hashes(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let other = mobile();
    s.register(&m, PASSWORD).await;
    s.register(&other, PASSWORD).await;
    s.clock.advance(60);

    let r = s.post(OTP, login_otp_body(&m)).await;
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    let persian: String = code.chars().map(|c| char::from_u32(c as u32 - '0' as u32 + 0x06F0).unwrap()).collect();

    // Malformed codes: wrong, and they do not use up a try.
    for bad in ["1234", "123456", "12a45", "", "     ", "١٢٣٤٥٦", "' OR 1=1 --"] {
        let r = s.post(LOGIN, json!({ "mobile": m, "code": bad, "hash": hash })).await;
        assert_eq!((r.status, r.s("data").as_str()), (200, "wrong"), "{bad}: {}", r.text);
    }
    // Unknown hash, and the hash with another number.
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": "no-such-hash" })).await;
    assert_eq!(r.s("status"), "wrong");
    let r = s.post(LOGIN, json!({ "mobile": other, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "wrong", "hash issued for another number");
    let r = s.post(REGISTER, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("data"), "wrong", "login hash on the registration call");
    let attempts = s.rows("otp_challenges").await.iter().find(|c| c["handle"] == hash.as_str()).unwrap()["attempts"].clone();
    assert_eq!(attempts, 0, "malformed codes and foreign hashes use no tries");

    // Persian digits are accepted.
    let r = s.post(LOGIN, json!({ "mobile": m, "code": persian, "hash": hash })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    // Reused hash.
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "wrong", "reused: {}", r.text);

    // Expired hash (2 minutes).
    s.clock.advance(60);
    let r = s.post(OTP, login_otp_body(&m)).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    s.clock.advance(121);
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "wrong", "expired: {}", r.text);

    // Five wrong tries kill the challenge: the right code fails afterwards.
    let r = s.post(OTP, login_otp_body(&m)).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    let wrong = if code == "99999" { "88888" } else { "99999" };
    for _ in 0..5 {
        let r = s.post(LOGIN, json!({ "mobile": m, "code": wrong, "hash": hash })).await;
        assert_eq!(r.s("status"), "wrong");
    }
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "wrong", "dead after 5 wrong tries");

    // A newer code supersedes the older one (a new hour: 5 codes were sent in this one).
    s.clock.advance(3600);
    let first = s.post(OTP, login_otp_body(&m)).await.s("data");
    let first_code = s.last_code(&m).await.unwrap();
    s.clock.advance(60);
    let second = s.post(OTP, login_otp_body(&m)).await.s("data");
    let r = s.post(LOGIN, json!({ "mobile": m, "code": first_code, "hash": first })).await;
    assert_eq!(r.s("status"), "wrong", "superseded");
    let code = s.last_code(&m).await.unwrap();
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": second })).await;
    assert_eq!(r.s("status"), "ok");

    // Codes are stored only as keyed hashes.
    for c in s.rows("otp_challenges").await {
        let h = c["code_hash"].as_str().unwrap();
        assert_eq!(h.len(), 64);
        assert!(!h.contains(&code));
    }
    s.stop().await;
}

async fn malformed_numbers_get_one_answer_and_change_nothing(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    let before = s.auth_snapshot().await;
    for bad in [
        "0912abc4567",
        "09123",
        "9123456789",
        "+9809123456789",
        "'; DROP TABLE users; --",
        "09120000000' OR '1'='1",
        "0912 345 67 89 0",
        "０９１２３４５６７８９",
        "",
    ] {
        // Every entry point gives the rule's message naming the field, and nothing else.
        for (path, body) in [
            (OTP, login_otp_body(bad)),
            (OTP, json!({ "mobile": bad })),
            (OTP_FORGET, json!({ "mobile": bad, "g-recaptcha-response": "t" })),
            (LOGIN, json!({ "mobile": bad, "password": PASSWORD })),
            (LOGIN, json!({ "mobile": bad, "code": "12345", "hash": "x" })),
            (REGISTER, json!({ "mobile": bad, "code": "12345", "hash": "x" })),
            (VERIFY_FORGET, json!({ "mobile": bad, "code": "12345", "hash": "x" })),
            (FORGET, json!({ "mobile": bad, "password": PASSWORD, "mcode": "x" })),
        ] {
            let r = s.post(path, body).await;
            r.assert_error(422);
            assert_eq!((r.s("message").as_str(), &r.body["field"]), ("شماره موبایل وارد شده معتبر نیست!", &json!("mobile")), "{path} {bad}: {}", r.text);
        }
    }
    // Malformed requests of every call.
    for path in [OTP, LOGIN, REGISTER, OTP_FORGET, VERIFY_FORGET, FORGET, TOKEN] {
        s.post_raw(path, "application/json", "{\"mobile\":").await.assert_error(400);
        let r = s.post(path, json!({ "unexpected": true })).await;
        r.assert_error(422);
        assert!(r.body["field"].is_string(), "{path}: {}", r.text);
    }
    let r = s.post(LOGIN, json!({ "mobile": m })).await;
    r.assert_error(422);
    let r = s.post(REGISTER, json!({ "mobile": m, "code": "12345" })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "hash");
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD, "code": "12345", "hash": "x" })).await;
    r.assert_error(422);
    // The tables are untouched (only rate-limit counters move).
    assert_eq!(s.auth_snapshot().await, before);
    assert_eq!(s.count("users").await, 1);
    s.stop().await;
}

async fn resend_wait_and_hourly_limit_per_number(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await; // 1 code (register)

    // 200 login sends for one number from one address: one code, then 429 with Retry-After.
    let mut ok = 0;
    for i in 0..200 {
        let r = s.post(OTP, login_otp_body(&m)).await;
        if i == 0 {
            assert_eq!(r.s("status"), "ok", "{}", r.text);
            ok += 1;
            continue;
        }
        r.assert_error(429);
        let retry: i64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=59).contains(&retry), "retry-after {retry}");
    }
    assert_eq!(ok, 1);
    assert_eq!(s.sms_count(&m).await, 2, "register + one login code");

    // After 59 s another code is allowed; the 6th code within an hour is refused.
    for _ in 0..3 {
        s.clock.advance(60);
        let r = s.post(OTP, login_otp_body(&m)).await;
        assert_eq!(r.s("status"), "ok", "{}", r.text);
    }
    assert_eq!(s.sms_count(&m).await, 5);
    s.clock.advance(60);
    let r = s.post(OTP, login_otp_body(&m)).await;
    r.assert_error(429);
    let retry: i64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry > 59 && retry <= 3600, "hourly retry-after {retry}");
    // Recovery codes share the hourly budget.
    let r = s.post(OTP_FORGET, json!({ "mobile": m, "g-recaptcha-response": "t" })).await;
    r.assert_error(429);
    assert_eq!(s.sms_count(&m).await, 5);
    // Once the hour has passed, codes flow again.
    s.clock.advance(retry);
    let r = s.post(OTP, login_otp_body(&m)).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    s.stop().await;
}

async fn per_address_limit(db: TestDb) {
    let limit = shop_server::platform::config::AuthLimits::default().sends_per_ip_hour;
    let s = spawn_app_with(db, move |c| {
        c.trusted_proxies = shop_server::platform::config::parse_proxies("127.0.0.1").unwrap();
        c.limits.sends_per_ip_hour = limit;
    })
    .await;
    for i in 0..limit {
        let r = s.post_from(OTP, "203.0.113.7", json!({ "mobile": mobile() })).await;
        assert_eq!(r.s("status"), "ok", "send {i}: {}", r.text);
    }
    let r = s.post_from(OTP, "203.0.113.7", json!({ "mobile": mobile() })).await;
    r.assert_error(429);
    assert!(r.headers.contains_key("retry-after"));
    // Unknown-number probes count too.
    let r = s.post_from(OTP, "203.0.113.7", login_otp_body(&mobile())).await;
    r.assert_error(429);
    // Another address is not affected.
    let r = s.post_from(OTP, "198.51.100.1", json!({ "mobile": mobile() })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    s.clock.advance(3600);
    let r = s.post_from(OTP, "203.0.113.7", json!({ "mobile": mobile() })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    s.stop().await;
}

async fn password_guessing_is_limited(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    let tries = s.state.config.limits.password_tries_hour;
    for _ in 0..tries {
        let r = s.post(LOGIN, json!({ "mobile": m, "password": "Nope@123" })).await;
        assert_eq!(r.s("status"), "wrong");
    }
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    r.assert_error(429);
    assert!(r.headers.contains_key("retry-after"));
    s.clock.advance(3600);
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    s.stop().await;
}

async fn refresh_tokens_rotate_and_replay_revokes_the_family(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let reg = s.register(&m, PASSWORD).await;
    let t0 = reg.s("reftoken");
    let r = s.post(TOKEN, json!({ "reftoken": t0 })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    assert_user_shape(&r.body["user"], &m);
    let t1 = r.s("reftoken");
    let access = r.s("token");
    assert_ne!(t0, t1);
    assert_eq!(s.post_auth(INFO, &access, json!({})).await.status, 200);
    let r = s.post(TOKEN, json!({ "reftoken": t1 })).await;
    assert_eq!(r.s("status"), "ok");
    let t2 = r.s("reftoken");

    // Replaying t0: refused, and the live t2 dies with it.
    let r = s.post(TOKEN, json!({ "reftoken": t0 })).await;
    assert_eq!(r.s("status"), "not", "{}", r.text);
    assert!(!r.s("message").is_empty());
    let r = s.post(TOKEN, json!({ "reftoken": t2 })).await;
    assert_eq!(r.s("status"), "not", "family revoked");
    // Refresh tokens are stored as hashes only.
    for row in s.rows("refresh_tokens").await {
        let h = row["token_hash"].as_str().unwrap();
        assert_ne!(h, t0);
        assert_eq!(h.len(), 64);
    }
    // Unknown and malformed tokens.
    for bad in ["", "nope", &"x".repeat(300)] {
        let r = s.post(TOKEN, json!({ "reftoken": bad })).await;
        assert_eq!(r.s("status"), "not");
    }
    // Other sign-ins are not affected by that revocation; logout revokes.
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    let other = r.s("reftoken");
    let r = s.post("/api/client/v1/user/logout", json!({ "reftoken": other })).await;
    assert_eq!(r.s("status"), "ok");
    assert_eq!(s.post(TOKEN, json!({ "reftoken": other })).await.s("status"), "not");

    // Access tokens expire after 15 minutes; refresh tokens after 30 days.
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    let access = r.s("token");
    let rt = r.s("reftoken");
    s.clock.advance(15 * 60 + 1);
    let r = s.post_auth(INFO, &access, json!({})).await;
    r.assert_error(401);
    let r = s.post(TOKEN, json!({ "reftoken": rt })).await;
    assert_eq!(r.s("status"), "ok", "refresh still valid: {}", r.text);
    let rt = r.s("reftoken");
    s.clock.advance(31 * 86400);
    assert_eq!(s.post(TOKEN, json!({ "reftoken": rt })).await.s("status"), "not");

    // Missing, garbage and forged bearer tokens: 401 with the JSON body.
    let r = s.post(INFO, json!({})).await;
    r.assert_error(401);
    s.post_auth(INFO, "garbage", json!({})).await.assert_error(401);
    let forged = access.replace("v1.", "v1.x");
    s.post_auth(INFO, &forged, json!({})).await.assert_error(401);
    s.stop().await;
}

async fn concurrent_verifies_let_exactly_one_through(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    s.clock.advance(60);
    let r = s.post(OTP, login_otp_body(&m)).await;
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    let s = std::sync::Arc::new(s);
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let s = s.clone();
        let (m, code, hash) = (m.clone(), code.clone(), hash.clone());
        tasks.push(tokio::spawn(async move {
            s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await.s("status")
        }));
    }
    let mut oks = 0;
    for t in tasks {
        let st = t.await.unwrap();
        assert!(st == "ok" || st == "wrong", "{st}");
        oks += usize::from(st == "ok");
    }
    assert_eq!(oks, 1, "exactly one verify succeeds");

    // A refresh token used several times at once (tabs sharing one sign-in): each gets a
    // pair in the same family within the grace window, and none revokes the others.
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    let rt = r.s("reftoken");
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let s = s.clone();
        let rt = rt.clone();
        tasks.push(tokio::spawn(async move { s.post(TOKEN, json!({ "reftoken": rt })).await.s("status") }));
    }
    let mut oks = 0;
    for t in tasks {
        oks += usize::from(t.await.unwrap() == "ok");
    }
    assert_eq!(oks, 6, "tabs refreshing at once all stay signed in");

    // Concurrent sends for one number: exactly one code.
    let n = mobile();
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let s = s.clone();
        let n = n.clone();
        tasks.push(tokio::spawn(async move { s.post(OTP, json!({ "mobile": n })).await.status }));
    }
    let mut codes = 0;
    for t in tasks {
        let st = t.await.unwrap();
        assert!(st == 200 || st == 429, "{st}");
        codes += usize::from(st == 200);
    }
    assert_eq!(codes, 1);
    assert_eq!(s.sms_count(&n).await, 1);
}

async fn blocked_users_cannot_sign_in(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let reg = s.register(&m, PASSWORD).await;
    let access = reg.s("token");
    let rt = reg.s("reftoken");
    s.clock.advance(60);
    let r = s.post(OTP, login_otp_body(&m)).await;
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    exec(&s, &format!("UPDATE users SET block = TRUE WHERE mobile = '{m}'")).await;

    s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await.assert_error(403);
    s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await.assert_error(403);
    s.clock.advance(60);
    s.post(OTP, login_otp_body(&m)).await.assert_error(403);
    s.post(OTP_FORGET, json!({ "mobile": m, "g-recaptcha-response": "t" })).await.assert_error(403);
    s.post_auth(INFO, &access, json!({})).await.assert_error(403);
    s.post(TOKEN, json!({ "reftoken": rt })).await.assert_error(403);
    let r = s.post(OTP, json!({ "mobile": m })).await;
    assert_eq!(r.s("status"), "exist");
    // Unblocked: the refresh family was revoked, but a new sign-in works.
    exec(&s, &format!("UPDATE users SET block = FALSE WHERE mobile = '{m}'")).await;
    assert_eq!(s.post(TOKEN, json!({ "reftoken": rt })).await.s("status"), "not");
    assert_eq!(s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await.s("status"), "ok");
    s.stop().await;
}

async fn dev_outbox_lists_messages_newest_first(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.post(OTP, json!({ "mobile": m })).await;
    let r = s.get(&format!("/api/dev/sms?mobile={m}")).await;
    assert_eq!(r.status, 200);
    let msgs = r.body["messages"].as_array().unwrap();
    assert_eq!(msgs.len(), 1);
    for k in ["mobile", "code", "text", "at"] {
        assert!(msgs[0].get(k).is_some(), "{k}");
    }
    assert!(msgs[0]["text"].as_str().unwrap().contains(msgs[0]["code"].as_str().unwrap()));
    s.get("/api/dev/sms?mobile=abc").await.assert_error(422);
    s.get("/api/dev/sms").await.assert_error(422);
    s.stop().await;
}

/// The bearer extractor reuses a user's row for `SHOP_USER_CACHE_MS` (3 s; a per-node cache, the
/// database stays the truth): a `Block` reaches access-token calls within that time, while
/// refresh-token rotation sees it at once.
async fn a_block_reaches_bearer_calls_within_the_user_cache_ttl(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let reg = s.register(&m, PASSWORD).await;
    let access = reg.s("token");
    let rt = reg.s("reftoken");
    assert_eq!(s.post_auth(INFO, &access, json!({})).await.status, 200);
    exec(&s, &format!("UPDATE users SET block = TRUE WHERE mobile = '{m}'")).await;
    // The refresh token path reads the database: refused at once.
    s.post(TOKEN, json!({ "reftoken": rt })).await.assert_error(403);
    // Bearer calls: the cached row for at most the TTL, then the database's.
    let ttl = shop_server::auth::user_cache::DEFAULT_TTL_MS;
    assert!(ttl <= 5_000, "a short TTL");
    s.clock.advance(ttl / 1000 + 1);
    s.post_auth(INFO, &access, json!({})).await.assert_error(403);
    s.stop().await;
}

/// `SHOP_USER_CACHE_MS=0` turns the cache off: a block is seen by the very next call.
async fn without_the_user_cache_a_block_is_immediate(db: TestDb) {
    let s = spawn_app_with(db, |c| c.user_cache_ms = 0).await;
    let m = mobile();
    let reg = s.register(&m, PASSWORD).await;
    let access = reg.s("token");
    assert_eq!(s.post_auth(INFO, &access, json!({})).await.status, 200);
    exec(&s, &format!("UPDATE users SET block = TRUE WHERE mobile = '{m}'")).await;
    s.post_auth(INFO, &access, json!({})).await.assert_error(403);
    s.stop().await;
}
