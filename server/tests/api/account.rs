//! The customer's own account: profile fields checked with core's rules, a new
//! mobile number confirmed by a code sent to it, and the password; black-box on both
//! databases. Every call acts on the bearer's account only.

use crate::helpers::{mobile, on_both_dbs, spawn_app, TestApp, TestDb};
use serde_json::{json, Value};

on_both_dbs!(
    profile_edit_saves_checked_values,
    bad_profile_inputs_get_the_rules_message_and_change_nothing,
    calls_act_on_the_callers_account_only,
    mobile_changes_only_with_the_code_sent_to_the_new_number,
    a_number_of_another_account_is_refused_and_nothing_changes,
    wrong_and_expired_codes_do_not_change_the_number,
    mobile_change_codes_are_limited_per_account,
    password_set_and_change_end_the_other_sessions,
    bad_passwords_are_refused_with_the_rules_message,
    a_stolen_token_alone_cannot_change_the_number,
    a_wrong_password_is_refused_and_counts_against_the_limits,
    a_number_change_ends_the_other_sessions_and_this_one_goes_on,
);

const EDIT: &str = "/api/client/v1/account/edit";
const MOBILE_OTP: &str = "/api/client/v1/account/mobile/otp";
const MOBILE_VERIFY: &str = "/api/client/v1/account/mobile/verify";
const PASSWORD_CALL: &str = "/api/client/v1/account/password";
const INFO: &str = "/api/client/v1/user/info";
const LOGIN: &str = "/api/client/v1/user/login";
const OTP: &str = "/api/client/v1/user/otp";
const TOKEN: &str = "/api/client/v1/user/token";
const PASSWORD: &str = "Abc@1234";

fn profile() -> Value {
    json!({
        "name": "مریم", "lastname": "احمدی", "email": "maryam@example.com",
        "state": "فارس", "city": "شیراز", "phone": "07112345678",
        "address1": "خیابان زند، کوچه ۵", "postalCode1": "7134567890"
    })
}

fn with(mut body: Value, key: &str, value: Value) -> Value {
    body[key] = value;
    body
}

async fn info(s: &TestApp, token: &str) -> Value {
    let r = s.post_auth(INFO, token, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["user"].clone()
}

/// A registered customer: `(mobile, access token, refresh token)`.
async fn customer(s: &TestApp) -> (String, String, String) {
    let m = mobile();
    let r = s.register(&m, PASSWORD).await;
    (m, r.s("token"), r.s("reftoken"))
}

fn other_code(code: &str) -> &'static str {
    if code == "00000" {
        "11111"
    } else {
        "00000"
    }
}

async fn profile_edit_saves_checked_values(db: TestDb) {
    let s = spawn_app(db).await;
    let (m, token, _) = customer(&s).await;
    let r = s.post_auth(EDIT, &token, profile()).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    let u = &r.body["user"];
    assert_eq!(
        (u["Name"].as_str(), u["Lastname"].as_str(), u["Email"].as_str(), u["State"].as_str(), u["City"].as_str()),
        (Some("مریم"), Some("احمدی"), Some("maryam@example.com"), Some("فارس"), Some("شیراز"))
    );
    assert_eq!(u["Mobile"], m.as_str(), "the number is not changed by the edit");
    assert_eq!(&info(&s, &token).await, u, "the saved user is what the account reads back");

    // Persian digits are normalised; Arabic spellings of a place become the list's; text is trimmed.
    let body = json!({
        "name": "  علی  ", "lastname": "رضایی", "email": " ali@example.ir ",
        "state": "خراسان رضوي", "city": "مشهد", "phone": "۰۵۱۳۸۷۶۵۴۳۲",
        "address1": "", "postalCode1": "۹۱۳۷۶-۵۴۳۲۱"
    });
    let r = s.post_auth(EDIT, &token, body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let u = info(&s, &token).await;
    assert_eq!(u["Name"], "علی");
    assert_eq!(u["Email"], "ali@example.ir");
    assert_eq!(u["State"], "خراسان رضوی");
    assert_eq!(u["Phone"], "05138765432");
    assert_eq!(u["PostalCode1"], "9137654321");

    // Optional fields may be emptied (or left out).
    let r = s
        .post_auth(EDIT, &token, json!({ "name": "علی", "lastname": "رضایی", "state": "تهران", "city": "تهران" }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let u = info(&s, &token).await;
    assert_eq!((u["Email"].as_str(), u["Phone"].as_str(), u["PostalCode1"].as_str()), (Some(""), Some(""), Some("")));

    // `<script>` in a name is kept as text (the page renders it as text, never as markup).
    let r = s.post_auth(EDIT, &token, with(profile(), "name", json!("<script>alert(1)</script>"))).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(info(&s, &token).await["Name"], "<script>alert(1)</script>");

    // Without a token: 401, nothing read or written.
    s.post(EDIT, profile()).await.assert_error(401);
    s.stop().await;
}

async fn bad_profile_inputs_get_the_rules_message_and_change_nothing(db: TestDb) {
    let s = spawn_app(db).await;
    let (_, token, _) = customer(&s).await;
    assert_eq!(s.post_auth(EDIT, &token, profile()).await.status, 200);
    let before = info(&s, &token).await;
    let long = "ا".repeat(10 * 1024);
    let cases: Vec<(Value, &str, String)> = vec![
        (with(profile(), "email", json!("ali@")), "email", "ایمیل وارد شده معتبر نیست!".into()),
        (with(profile(), "email", json!("ali@example")), "email", "ایمیل وارد شده معتبر نیست!".into()),
        (with(profile(), "email", json!("ali.example.com")), "email", "ایمیل وارد شده معتبر نیست!".into()),
        (with(profile(), "name", json!("   ")), "name", "لطفا نام را وارد کنید".into()),
        (with(profile(), "lastname", json!("")), "lastname", "لطفا نام خانوادگی را وارد کنید".into()),
        (with(profile(), "name", json!(long)), "name", "نام باید حداکثر ۱۰۰ کاراکتر باشد".into()),
        (with(profile(), "address1", json!(long)), "address1", "نشانی باید حداکثر ۵۰۰ کاراکتر باشد".into()),
        (with(profile(), "email", json!(format!("{long}@example.com"))), "email", "ایمیل باید حداکثر ۲۰۰ کاراکتر باشد".into()),
        (with(profile(), "city", json!("تبریز")), "city", "لطفا شهر را انتخاب کنید".into()),
        (with(profile(), "city", json!("")), "city", "لطفا شهر را انتخاب کنید".into()),
        (with(profile(), "state", json!("کالیفرنیا")), "state", "لطفا استان را انتخاب کنید".into()),
        (with(profile(), "state", json!("")), "state", "لطفا استان را انتخاب کنید".into()),
        (with(profile(), "phone", json!("021-ab")), "phone", "تلفن ثابت باید مقدار عددی باشد".into()),
        (with(profile(), "postalCode1", json!("123456789")), "postalCode1", "کد پستی باید ۱۰ رقم باشد".into()),
        (with(profile(), "postalCode1", json!("12345abcde")), "postalCode1", "کد پستی باید ۱۰ رقم باشد".into()),
    ];
    for (body, field, message) in cases {
        let r = s.post_auth(EDIT, &token, body.clone()).await;
        r.assert_error(422);
        assert_eq!((r.body["field"].as_str(), r.s("message")), (Some(field), message), "{body}");
    }
    // Wrong types and broken JSON: an error body, never a 500.
    for wrong in [json!({ "a": 1 }), json!(["علی"]), json!(null)] {
        let (status, body) = s.call(EDIT, Some(&token), with(profile(), "name", wrong.clone())).await;
        assert!((400..500).contains(&status), "{wrong}: {status} {body}");
    }
    let (status, _) = s.call_raw(EDIT, Some(&token), "{\"name\":").await;
    assert!((400..500).contains(&status), "{status}");
    assert_eq!(info(&s, &token).await, before, "no refused edit changed the account");
    s.stop().await;
}

async fn calls_act_on_the_callers_account_only(db: TestDb) {
    let s = spawn_app(db).await;
    let (_, a_token, _) = customer(&s).await;
    let (b_mobile, b_token, _) = customer(&s).await;
    let b_before = info(&s, &b_token).await;
    // Ids, uids and numbers of someone else in the body are not read: A's row changes, B's not.
    let mut body = profile();
    body["Id"] = b_before["Id"].clone();
    body["id"] = b_before["Id"].clone();
    body["Uid"] = b_before["Uid"].clone();
    body["mobile"] = json!(b_mobile);
    let r = s.post_auth(EDIT, &a_token, body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_ne!(r.body["user"]["Id"], b_before["Id"]);
    assert_eq!(info(&s, &b_token).await, b_before);

    // A code A asked for cannot be used by B (answered `wrong`, and no try of A's is used).
    let n = mobile();
    let r = s.post_auth(MOBILE_OTP, &a_token, json!({ "mobile": n, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let hash = r.s("data");
    let code = s.last_code(&n).await.unwrap();
    let r = s.post_auth(MOBILE_VERIFY, &b_token, json!({ "mobile": n, "code": code, "hash": hash })).await;
    assert_eq!((r.status, r.s("data").as_str()), (200, "wrong"), "{}", r.text);
    assert_eq!(info(&s, &b_token).await, b_before);
    let r = s.post_auth(MOBILE_VERIFY, &a_token, json!({ "mobile": n, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "ok", "A's own code still works: {}", r.text);
    assert_eq!(info(&s, &r.s("token")).await["Mobile"], n.as_str());
    for call in [EDIT, MOBILE_OTP, MOBILE_VERIFY, PASSWORD_CALL] {
        s.post(call, json!({})).await.assert_error(401);
    }
    s.stop().await;
}

async fn mobile_changes_only_with_the_code_sent_to_the_new_number(db: TestDb) {
    let s = spawn_app(db).await;
    let (old, token, reftoken) = customer(&s).await;
    let new = mobile();
    // Persian digits are accepted for the new number.
    let persian: String = new.chars().map(|c| char::from_u32(c as u32 - '0' as u32 + 0x06F0).unwrap()).collect();
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": persian, "password": PASSWORD })).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    let hash = r.s("data");
    assert_eq!(s.sms_count(&new).await, 1, "the code goes to the new number");
    let code = s.last_code(&new).await.unwrap();
    // Until the code is confirmed the account keeps its number.
    assert_eq!(info(&s, &token).await["Mobile"], old.as_str());
    // The code is for a change of number: it does not sign anyone in.
    let r = s.post(LOGIN, json!({ "mobile": new, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "wrong", "{}", r.text);

    let r = s.post_auth(MOBILE_VERIFY, &token, json!({ "mobile": new, "code": code, "hash": hash })).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    assert_eq!(r.body["user"]["Mobile"], new.as_str());
    // This client goes on with the new sign-in of the answer (every older session ended).
    let (token, new_reftoken) = (r.s("token"), r.s("reftoken"));
    assert_eq!(info(&s, &token).await["Mobile"], new.as_str(), "this session goes on with the new number");
    // The old number is told; it no longer signs in, the new one does (with the same password).
    let outbox = s.get(&format!("/api/dev/sms?mobile={old}")).await;
    assert!(outbox.body["messages"][0]["text"].as_str().unwrap().contains("تغییر کرد"), "{}", outbox.text);
    let r = s.post(OTP, json!({ "mobile": old, "g-recaptcha-response": "t" })).await;
    assert_eq!(r.s("status"), "not", "{}", r.text);
    let r = s.post(LOGIN, json!({ "mobile": new, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let r = s.post(TOKEN, json!({ "reftoken": reftoken })).await;
    assert_eq!(r.s("status"), "not", "the sign-in before the change ended: {}", r.text);
    let r = s.post(TOKEN, json!({ "reftoken": new_reftoken })).await;
    assert_eq!(r.s("status"), "ok", "the new one is kept: {}", r.text);
    // The code is single-use.
    let r = s.post_auth(MOBILE_VERIFY, &token, json!({ "mobile": new, "code": code, "hash": hash })).await;
    assert!(r.status == 422 || r.s("data") == "wrong", "{}", r.text);

    // The caller's own number, or a malformed one: 422 naming the field, no SMS.
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": PASSWORD })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile");
    for bad in ["0912", "", "not a number", "+980912345678"] {
        let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": bad, "password": PASSWORD })).await;
        r.assert_error(422);
        assert_eq!(r.body["field"], "mobile", "{bad}");
    }
    assert_eq!(s.sms_count(&new).await, 1);
    s.stop().await;
}

async fn a_number_of_another_account_is_refused_and_nothing_changes(db: TestDb) {
    let s = spawn_app(db).await;
    let (a_mobile, a_token, _) = customer(&s).await;
    let (b_mobile, b_token, _) = customer(&s).await;
    let b_sms = s.sms_count(&b_mobile).await;
    let r = s.post_auth(MOBILE_OTP, &a_token, json!({ "mobile": b_mobile, "password": PASSWORD })).await;
    r.assert_error(422);
    assert_eq!(
        (r.body["field"].as_str(), r.s("message")),
        (Some("mobile"), "این شماره موبایل متعلق به حساب کاربری دیگری است.".to_string())
    );
    assert_eq!(s.sms_count(&b_mobile).await, b_sms, "no code is sent to the other account's number");
    assert_eq!(info(&s, &a_token).await["Mobile"], a_mobile.as_str());

    // The number is registered by someone else after the code was sent: the change is refused.
    let n = mobile();
    let r = s.post_auth(MOBILE_OTP, &a_token, json!({ "mobile": n, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let hash = r.s("data");
    let code = s.last_code(&n).await.unwrap();
    s.register(&n, PASSWORD).await;
    let r = s.post_auth(MOBILE_VERIFY, &a_token, json!({ "mobile": n, "code": code, "hash": hash })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile", "{}", r.text);
    assert_eq!(info(&s, &a_token).await["Mobile"], a_mobile.as_str());
    assert_eq!(info(&s, &b_token).await["Mobile"], b_mobile.as_str());
    s.stop().await;
}

async fn wrong_and_expired_codes_do_not_change_the_number(db: TestDb) {
    let s = spawn_app(db).await;
    let (old, token, _) = customer(&s).await;
    let new = mobile();
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": PASSWORD })).await;
    let hash = r.s("data");
    let code = s.last_code(&new).await.unwrap();
    let verify = |code: String, hash: String| json!({ "mobile": new, "code": code, "hash": hash });
    // Wrong code, malformed code, unknown hash, the hash with another number.
    let r = s.post_auth(MOBILE_VERIFY, &token, verify(other_code(&code).into(), hash.clone())).await;
    assert_eq!((r.status, r.s("data").as_str(), r.s("message").as_str()), (200, "wrong", "کد وارد شده اشتباه است"));
    let r = s.post_auth(MOBILE_VERIFY, &token, verify("12ab".into(), hash.clone())).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    let r = s.post_auth(MOBILE_VERIFY, &token, verify(code.clone(), "no-such-hash".into())).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    let r = s.post_auth(MOBILE_VERIFY, &token, json!({ "mobile": mobile(), "code": code, "hash": hash })).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    let huge = "x".repeat(10 * 1024);
    let r = s.post_auth(MOBILE_VERIFY, &token, verify(huge.clone(), hash.clone())).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    let r = s.post_auth(MOBILE_VERIFY, &token, verify(code.clone(), huge)).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    assert_eq!(info(&s, &token).await["Mobile"], old.as_str());

    // After 2 minutes the code has expired.
    s.clock.advance(121);
    let r = s.post_auth(MOBILE_VERIFY, &token, verify(code.clone(), hash.clone())).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    assert_eq!(r.s("message"), "کد تایید منقضی شده است. لطفا دوباره کد دریافت کنید.");
    assert_eq!(info(&s, &token).await["Mobile"], old.as_str());

    // Five wrong tries kill a code, the right one included.
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "a new code after the wait: {}", r.text);
    let hash = r.s("data");
    let code = s.last_code(&new).await.unwrap();
    for _ in 0..5 {
        let r = s.post_auth(MOBILE_VERIFY, &token, verify(other_code(&code).into(), hash.clone())).await;
        assert_eq!(r.s("data"), "wrong");
    }
    let r = s.post_auth(MOBILE_VERIFY, &token, verify(code, hash)).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    assert_eq!(info(&s, &token).await["Mobile"], old.as_str());
    // The code is stored only as a hash.
    let rows = s.rows("otp_challenges").await;
    assert!(rows.iter().all(|r| r["code_hash"].as_str().is_some_and(|h| h.len() >= 32)));
    s.stop().await;
}

async fn mobile_change_codes_are_limited_per_account(db: TestDb) {
    let s = spawn_app(db).await;
    let (_, token, _) = customer(&s).await;
    // A new code for the same number waits 59 s.
    let n = mobile();
    assert_eq!(s.post_auth(MOBILE_OTP, &token, json!({ "mobile": n, "password": PASSWORD })).await.s("status"), "ok");
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": n, "password": PASSWORD })).await;
    r.assert_error(429);
    assert!(r.headers.get("retry-after").is_some());
    // At most 5 change codes per account and hour, whatever the numbers (the refused resend
    // above sent nothing and does not count).
    for _ in 0..4 {
        let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": mobile(), "password": PASSWORD })).await;
        assert_eq!(r.s("status"), "ok", "{}", r.text);
    }
    let n = mobile();
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": n, "password": PASSWORD })).await;
    r.assert_error(429);
    assert_eq!(s.sms_count(&n).await, 0);
    s.stop().await;
}

async fn password_set_and_change_end_the_other_sessions(db: TestDb) {
    let s = spawn_app(db).await;
    // A customer without a password (signed up by code) sets one without a current password.
    let m = mobile();
    let u = s.user(&m, "تهران").await;
    let r = s.post_auth(PASSWORD_CALL, &u.token, json!({ "password": "Qwe$7890", "passwordConfirmation": "Qwe$7890" })).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    assert!(!r.s("token").is_empty() && !r.s("reftoken").is_empty());
    s.post_auth(INFO, &u.token, json!({})).await.assert_error(401);
    assert_eq!(s.post(LOGIN, json!({ "mobile": m, "password": "Qwe$7890" })).await.s("status"), "ok");

    // Changing a password needs the current one; then every other session ends.
    let (m, token, other_device) = customer(&s).await;
    let new_pw = "Xyz#9876";
    let body = json!({ "password": new_pw, "passwordConfirmation": new_pw, "currentPassword": PASSWORD });
    let r = s.post_auth(PASSWORD_CALL, &token, body).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let fresh = r.s("token");
    assert_eq!(info(&s, &fresh).await["Mobile"], m.as_str(), "this client goes on with its new session");
    s.post_auth(INFO, &token, json!({})).await.assert_error(401);
    assert_eq!(s.post(TOKEN, json!({ "reftoken": other_device })).await.s("status"), "not");
    assert_eq!(s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await.s("status"), "wrong");
    assert_eq!(s.post(LOGIN, json!({ "mobile": m, "password": new_pw })).await.s("status"), "ok");
    s.stop().await;
}

async fn bad_passwords_are_refused_with_the_rules_message(db: TestDb) {
    let s = spawn_app(db).await;
    let (m, token, _) = customer(&s).await;
    let long = format!("Aa1!{}", "x".repeat(10 * 1024));
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({ "password": "", "passwordConfirmation": "", "currentPassword": PASSWORD }), "password", "لطفا گذرواژه را وارد کنید"),
        (json!({ "password": "abcdef", "passwordConfirmation": "abcdef", "currentPassword": PASSWORD }), "password", "گذرواژه وارد شده ضعیف است"),
        (json!({ "password": long, "passwordConfirmation": long, "currentPassword": PASSWORD }), "password", "گذرواژه وارد شده ضعیف است"),
        (json!({ "password": "Xyz#9876", "passwordConfirmation": "Xyz#9877", "currentPassword": PASSWORD }), "passwordConfirmation", "عدم تطابق گذرواژه"),
        (json!({ "password": "Xyz#9876", "passwordConfirmation": "Xyz#9876" }), "currentPassword", "لطفا گذرواژه فعلی را وارد کنید"),
        (json!({ "password": "Xyz#9876", "passwordConfirmation": "Xyz#9876", "currentPassword": "Wrong#123" }), "currentPassword", "گذرواژه فعلی اشتباه است."),
    ];
    for (body, field, message) in cases {
        let r = s.post_auth(PASSWORD_CALL, &token, body.clone()).await;
        r.assert_error(422);
        assert_eq!((r.body["field"].as_str(), r.s("message").as_str()), (Some(field), message), "{body}");
    }
    // Nothing changed: the session lives on and the old password still signs in.
    assert_eq!(info(&s, &token).await["Mobile"], m.as_str());
    assert_eq!(s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await.s("status"), "ok");
    s.stop().await;
}

const NO_PASSWORD: &str = "لطفا گذرواژه را وارد کنید";
const WRONG_PASSWORD: &str = "گذرواژه اشتباه است.";
const NO_CURRENT_CODE: &str = "لطفا کد ارسال‌شده به شماره فعلی را وارد کنید";
const WRONG_CURRENT_CODE: &str = "کد ارسال‌شده به شماره فعلی اشتباه است.";

fn field_error(r: &crate::helpers::Resp) -> (u16, Option<&str>, String) {
    (r.status, r.body["field"].as_str(), r.s("message"))
}

async fn a_stolen_token_alone_cannot_change_the_number(db: TestDb) {
    let s = spawn_app(db).await;
    // An account with a password: the token alone sends nothing.
    let (old, token, _) = customer(&s).await;
    let new = mobile();
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new })).await;
    assert_eq!(field_error(&r), (422, Some("password"), NO_PASSWORD.into()), "{}", r.text);
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": "Wrong#123" })).await;
    assert_eq!(field_error(&r), (422, Some("password"), WRONG_PASSWORD.into()), "{}", r.text);
    assert_eq!(s.sms_count(&new).await, 0, "no code went to the thief's number");
    assert_eq!(info(&s, &token).await["Mobile"], old.as_str());
    // The owner, who knows the password, can.
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": PASSWORD })).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    assert!(r.body.get("current_hash").is_none(), "no second code for an account with a password");
    let code = s.last_code(&new).await.unwrap();
    let r = s.post_auth(MOBILE_VERIFY, &token, json!({ "mobile": new, "code": code, "hash": r.s("data") })).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    assert_eq!(r.body["user"]["Mobile"], new.as_str());

    // An account without a password: a second code goes to the current number, and the
    // change needs it. The thief (who owns the new number) has only the new number's code.
    let old = mobile();
    let u = s.user(&old, "تهران").await;
    let new = mobile();
    let old_sms = s.sms_count(&old).await;
    let r = s.post_auth(MOBILE_OTP, &u.token, json!({ "mobile": new })).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    let (hash, current_hash) = (r.s("data"), r.s("current_hash"));
    assert!(!current_hash.is_empty() && current_hash != hash, "{}", r.text);
    assert_eq!(s.sms_count(&old).await, old_sms + 1, "a code went to the current number");
    let code = s.last_code(&new).await.unwrap();
    let current_code = s.last_code(&old).await.unwrap();
    let r = s.post_auth(MOBILE_VERIFY, &u.token, json!({ "mobile": new, "code": code, "hash": hash })).await;
    assert_eq!(field_error(&r), (422, Some("currentCode"), NO_CURRENT_CODE.into()), "{}", r.text);
    let wrong = json!({ "mobile": new, "code": code, "hash": hash, "currentCode": other_code(&current_code), "currentHash": current_hash });
    let r = s.post_auth(MOBILE_VERIFY, &u.token, wrong).await;
    assert_eq!(field_error(&r), (422, Some("currentCode"), WRONG_CURRENT_CODE.into()), "{}", r.text);
    // The new number's code as the current one, or the current one's hash as the new one: wrong.
    let swapped = json!({ "mobile": new, "code": code, "hash": hash, "currentCode": code, "currentHash": hash });
    assert_eq!(s.post_auth(MOBILE_VERIFY, &u.token, swapped).await.status, 422);
    let swapped = json!({ "mobile": new, "code": current_code, "hash": current_hash, "currentCode": current_code, "currentHash": current_hash });
    let r = s.post_auth(MOBILE_VERIFY, &u.token, swapped).await;
    assert_eq!(r.s("data"), "wrong", "{}", r.text);
    // Setting a password first does not lift the need for the current number's code.
    let pw = json!({ "password": "Qwe$7890", "passwordConfirmation": "Qwe$7890" });
    let r = s.post_auth(PASSWORD_CALL, &u.token, pw).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let token = r.s("token");
    let r = s.post_auth(MOBILE_VERIFY, &token, json!({ "mobile": new, "code": code, "hash": hash })).await;
    assert_eq!(field_error(&r), (422, Some("currentCode"), NO_CURRENT_CODE.into()), "{}", r.text);
    assert_eq!(info(&s, &token).await["Mobile"], old.as_str(), "nothing the thief could do moved the number");
    // With both codes (a wrong try left both usable) the owner changes the number.
    let both = json!({ "mobile": new, "code": code, "hash": hash, "currentCode": current_code, "currentHash": current_hash });
    let r = s.post_auth(MOBILE_VERIFY, &token, both).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    assert_eq!(info(&s, &r.s("token")).await["Mobile"], new.as_str());
    s.stop().await;
}

async fn a_wrong_password_is_refused_and_counts_against_the_limits(db: TestDb) {
    let s = spawn_app(db).await;
    let (old, token, _) = customer(&s).await;
    let new = mobile();
    // 10 tries per number and address an hour, shared with password sign-in.
    for i in 0..10 {
        let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": format!("Wrong#{i}") })).await;
        assert_eq!(field_error(&r), (422, Some("password"), WRONG_PASSWORD.into()), "try {i}: {}", r.text);
    }
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": PASSWORD })).await;
    r.assert_error(429);
    assert!(r.headers.get("retry-after").is_some());
    let r = s.post(LOGIN, json!({ "mobile": old, "password": PASSWORD })).await;
    assert_eq!(r.status, 429, "the guesses count for password sign-in too: {}", r.text);
    assert_eq!(s.sms_count(&new).await, 0);
    assert_eq!(info(&s, &token).await["Mobile"], old.as_str());
    // An hour later the password works again.
    s.clock.advance(3600);
    let token = s.post(LOGIN, json!({ "mobile": old, "password": PASSWORD })).await.s("token");
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    s.stop().await;
}

async fn a_number_change_ends_the_other_sessions_and_this_one_goes_on(db: TestDb) {
    let s = spawn_app(db).await;
    let (old, token, reftoken) = customer(&s).await;
    // Another device (or the thief) signed in too.
    let r = s.post(LOGIN, json!({ "mobile": old, "password": PASSWORD })).await;
    let (other_token, other_reftoken) = (r.s("token"), r.s("reftoken"));
    let new = mobile();
    let r = s.post_auth(MOBILE_OTP, &token, json!({ "mobile": new, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let code = s.last_code(&new).await.unwrap();
    let r = s.post_auth(MOBILE_VERIFY, &token, json!({ "mobile": new, "code": code, "hash": r.s("data") })).await;
    assert_eq!((r.status, r.s("status").as_str()), (200, "ok"), "{}", r.text);
    let (fresh, fresh_ref) = (r.s("token"), r.s("reftoken"));
    assert!(!fresh.is_empty() && !fresh_ref.is_empty(), "a new sign-in for this client: {}", r.text);
    assert_eq!(r.body["user"]["Mobile"], new.as_str());
    // The other session: its access token and its refresh token are refused.
    s.post_auth(INFO, &other_token, json!({})).await.assert_error(401);
    assert_eq!(s.post(TOKEN, json!({ "reftoken": other_reftoken })).await.s("status"), "not");
    // This client goes on with the new pair (the old pair ends with the others).
    assert_eq!(info(&s, &fresh).await["Mobile"], new.as_str());
    s.post_auth(INFO, &token, json!({})).await.assert_error(401);
    assert_eq!(s.post(TOKEN, json!({ "reftoken": reftoken })).await.s("status"), "not");
    let r = s.post(TOKEN, json!({ "reftoken": fresh_ref })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    assert_eq!(info(&s, &r.s("token")).await["Mobile"], new.as_str());
    s.stop().await;
}
