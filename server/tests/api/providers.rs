//! The SMS provider (Kavenegar verify-lookup) and reCAPTCHA v3, each against a local fake
//! speaking the real wire format.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::helpers::{mobile, on_both_dbs, spawn_app_with, TestDb};
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::{Data, Form, Path};
use poem::{handler, http::StatusCode, post, EndpointExt, IntoResponse, Response, Route};
use serde_json::json;
use shop_server::platform::config::SmsSetting;

on_both_dbs!(
    kavenegar_verify_lookup,
    recaptcha_v3_on_login_and_recovery_sends,
);

/// Start a poem app on a free port (bound before this returns, so it is ready); returns its
/// base URL.
async fn spawn_fake(app: impl poem::Endpoint + 'static) -> String {
    let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await.expect("bind the fake");
    let addr = acceptor.local_addr().into_iter().find_map(|a| a.as_socket_addr().copied()).expect("the fake's address");
    tokio::spawn(async move {
        let _ = poem::Server::new_with_acceptor(acceptor).run(app).await;
    });
    format!("http://{addr}")
}

// --- Kavenegar -------------------------------------------------------------------------

/// One request the fake saw: (api key, form fields, content type).
type Seen = (String, HashMap<String, String>, String);

#[derive(Default)]
struct Kave {
    seen: Mutex<Vec<Seen>>,
    /// Status to answer with next (200 = success); 999 = answer HTML garbage.
    next: Mutex<u16>,
}

fn kave_message(status: u16) -> &'static str {
    match status {
        200 => "تایید شد",
        400 => "پارامترها ناقص هستند",
        401 => "حساب کاربری غیرفعال شده است",
        403 => "کد شناسائی API-Key معتبر نمی‌باشد",
        411 => "دریافت کننده نامعتبر است",
        418 => "اعتبار حساب شما کافی نیست",
        422 => "داده ها به دلیل وجود کاراکتر نامناسب قابل پردازش نیست",
        424 => "الگوی مورد نظر پیدا نشد",
        426 => "استفاده از این متد نیازمند سرویس پیشرفته می‌باشد",
        428 => "ارسال کد از طریق تماس تلفنی امکان پذیر نیست",
        431 => "ساختار کد صحیح نمی‌باشد",
        432 => "پارامتر کد در متن پیام پیدا نشد",
        _ => "خطا",
    }
}

#[handler]
async fn kave_lookup(
    Path(key): Path<String>,
    req: &poem::Request,
    Form(form): Form<HashMap<String, String>>,
    Data(state): Data<&Arc<Kave>>,
) -> Response {
    let ct = req.header("content-type").unwrap_or_default().to_string();
    let receptor = form.get("receptor").cloned().unwrap_or_default();
    state.seen.lock().unwrap().push((key.trim_end_matches(".json").to_string(), form.clone(), ct));
    let status = *state.next.lock().unwrap();
    if status == 999 {
        return (StatusCode::BAD_GATEWAY, "<html>502 Bad Gateway</html>").into_response();
    }
    if status == 200 {
        return poem::web::Json(json!({
            "return": { "status": 200, "message": kave_message(200) },
            "entries": [{
                "messageid": 8792343, "message": format!("کد تایید شما: {}", form.get("token").cloned().unwrap_or_default()),
                "status": 5, "statustext": "ارسال به مخابرات", "sender": "10004346",
                "receptor": receptor, "date": 1356619709, "cost": 120
            }]
        }))
        .into_response();
    }
    (
        StatusCode::from_u16(status).unwrap(),
        poem::web::Json(json!({ "return": { "status": status, "message": kave_message(status) }, "entries": null })),
    )
        .into_response()
}

async fn kavenegar_verify_lookup(db: TestDb) {
    let fake = Arc::new(Kave { next: Mutex::new(200), ..Default::default() });
    let base = spawn_fake(Route::new().at("/v1/:key/verify/lookup.json", post(kave_lookup)).data(fake.clone())).await;
    let s = spawn_app_with(db, move |c| {
        c.sms = SmsSetting::Kavenegar { api_key: "TEST-KEY-123".into(), template: "shop-verify".into(), base_url: base }
    })
    .await;
    *fake.next.lock().unwrap() = 200;
    fake.seen.lock().unwrap().clear();
    // The dev outbox does not exist with a real provider.
    s.get("/api/dev/sms?mobile=09120000000").await.assert_error(404);

    let m = mobile();
    let r = s.post("/api/client/v1/user/otp", json!({ "mobile": format!("+98{}", &m[1..]) })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let hash = r.s("data");
    let (key, form, ct) = fake.seen.lock().unwrap().last().cloned().expect("request reached the fake");
    assert_eq!(key, "TEST-KEY-123");
    assert!(ct.starts_with("application/x-www-form-urlencoded"), "{ct}");
    assert_eq!(form["receptor"], m, "canonical number");
    assert_eq!(form["template"], "shop-verify");
    let code = form["token"].clone();
    assert_eq!(code.len(), 5);
    assert!(code.bytes().all(|b| b.is_ascii_digit()));
    let r = s.post("/api/client/v1/user/register", json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);

    // Every provider error: a clear Persian 503, the challenge forgotten, no wait.
    for status in [400u16, 401, 403, 411, 418, 422, 424, 426, 428, 431, 432, 999] {
        *fake.next.lock().unwrap() = status;
        let n = mobile();
        let r = s.post("/api/client/v1/user/otp", json!({ "mobile": n })).await;
        r.assert_error(503);
        assert_eq!(r.body["message"], shop_server::platform::error::msg::SMS_FAILED);
        let left = s.rows("otp_challenges").await.into_iter().filter(|c| c["mobile"] == n.as_str()).count();
        assert_eq!(left, 0, "no challenge kept after a failed send ({status})");
        *fake.next.lock().unwrap() = 200;
        let r = s.post("/api/client/v1/user/otp", json!({ "mobile": n })).await;
        assert_eq!(r.s("status"), "ok", "retry at once after {status}: {}", r.text);
    }
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kavenegar_unreachable_is_a_503() {
    let s = spawn_app_with(TestDb::sqlite(), |c| {
        c.sms = SmsSetting::Kavenegar { api_key: "k".into(), template: "t".into(), base_url: "http://127.0.0.1:9".into() }
    })
    .await;
    let r = s.post("/api/client/v1/user/otp", json!({ "mobile": mobile() })).await;
    r.assert_error(503);
    s.stop().await;
}

// --- reCAPTCHA ---------------------------------------------------------------------------

#[derive(Default)]
struct Recaptcha {
    seen: Mutex<Vec<HashMap<String, String>>>,
}

#[handler]
async fn siteverify(Form(form): Form<HashMap<String, String>>, Data(state): Data<&Arc<Recaptcha>>) -> Response {
    state.seen.lock().unwrap().push(form.clone());
    if form.get("secret").map(String::as_str) != Some("s3cret") {
        return poem::web::Json(json!({ "success": false, "error-codes": ["invalid-input-secret"] })).into_response();
    }
    let body = match form.get("response").map(String::as_str).unwrap_or_default() {
        "good" => json!({ "success": true, "score": 0.9, "action": "login", "challenge_ts": "2026-11-21T10:00:00Z", "hostname": "shop.test" }),
        "edge" => json!({ "success": true, "score": 0.5, "action": "login", "challenge_ts": "2026-11-21T10:00:00Z", "hostname": "shop.test" }),
        "low" => json!({ "success": true, "score": 0.3, "action": "login", "challenge_ts": "2026-11-21T10:00:00Z", "hostname": "shop.test" }),
        "action" => json!({ "success": true, "score": 0.9, "action": "checkout", "challenge_ts": "2026-11-21T10:00:00Z", "hostname": "shop.test" }),
        "elsewhere" => json!({ "success": true, "score": 0.9, "action": "login", "challenge_ts": "2026-11-21T10:00:00Z", "hostname": "evil.test" }),
        "boom" => return (StatusCode::INTERNAL_SERVER_ERROR, "oops").into_response(),
        _ => json!({ "success": false, "error-codes": ["invalid-input-response"] }),
    };
    poem::web::Json(body).into_response()
}

async fn recaptcha_v3_on_login_and_recovery_sends(db: TestDb) {
    let fake = Arc::new(Recaptcha::default());
    let base = spawn_fake(Route::new().at("/recaptcha/api/siteverify", post(siteverify)).data(fake.clone())).await;
    let url = format!("{base}/recaptcha/api/siteverify");
    let s = spawn_app_with(db, move |c| {
        c.captcha_secret = Some("s3cret".into());
        c.captcha_url = url;
        c.public_url = "https://shop.test".into();
    })
    .await;
    let m = mobile();
    // Registration sends need no captcha.
    s.register(&m, "Abc@1234").await;
    let otp = |tok: serde_json::Value| json!({ "mobile": m, "g-recaptcha-response": tok });
    // "elsewhere": a good token solved on another site (its hostname is not ours).
    for bad in [json!("low"), json!("action"), json!("elsewhere"), json!("nope"), json!(""), json!(null)] {
        s.clock.advance(60);
        let r = s.post("/api/client/v1/user/otp", otp(bad.clone())).await;
        assert_eq!((r.status, r.s("status").as_str()), (200, "wrong"), "{bad}: {}", r.text);
    }
    let r = s.post("/api/client/v1/user/otp", otp(json!("boom"))).await;
    r.assert_error(503);
    let r = s.post("/api/client/v1/user/otp", otp(json!("good"))).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let last = fake.seen.lock().unwrap().last().cloned().unwrap();
    assert_eq!(last["secret"], "s3cret");
    assert_eq!(last["response"], "good");
    assert_eq!(last["remoteip"], "127.0.0.1");

    // Recovery sends are checked too; a score of exactly 0.5 passes.
    let r = s.post("/api/client/v1/user/otp/forget", json!({ "mobile": m, "g-recaptcha-response": "low" })).await;
    assert_eq!(r.s("status"), "wrong", "{}", r.text);
    let r = s.post("/api/client/v1/user/otp/forget", json!({ "mobile": m })).await;
    assert_eq!(r.s("status"), "wrong", "{}", r.text);
    let r = s.post("/api/client/v1/user/otp/forget", json!({ "mobile": m, "g-recaptcha-response": "edge" })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    s.stop().await;
}
