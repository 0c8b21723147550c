//! Security findings: each test names the abuse it keeps out (docs/security.md).

use crate::helpers::{mobile, on_both_dbs, spawn_app, spawn_app_with, TestApp, TestDb};
use futures::future::join_all;
use serde_json::json;
use shop_server::platform::config::{parse_proxies, ShopEnv};

on_both_dbs!(
    parallel_password_guesses_get_at_most_the_limit_through,
    parallel_code_guesses_use_at_most_the_tries_of_a_code,
    full_password_pool_answers_503_with_retry_after,
    unknown_numbers_cost_an_argon2_run_like_known_ones,
    blocked_account_is_refused_before_the_password_check,
    wrong_codes_past_the_daily_cap_lock_code_sign_in_and_tell_the_owner,
    code_checks_are_limited_per_address,
    an_attacker_cannot_lock_a_customer_out_of_password_sign_in,
    forged_forwarded_for_entries_do_not_escape_the_address_limit,
    forwarded_for_is_ignored_without_trusted_proxies,
    ipv6_clients_are_counted_by_their_64,
    the_hourly_sms_budget_cuts_sending_off,
    registration_codes_demand_a_captcha_only_over_the_threshold,
    logout_ends_the_access_token_at_once,
    a_password_change_ends_every_older_access_token,
    a_replayed_refresh_token_ends_the_access_tokens_too,
    two_tabs_refreshing_at_once_both_stay_signed_in,
);

const OTP: &str = "/api/client/v1/user/otp";
const LOGIN: &str = "/api/client/v1/user/login";
const PASSWORD: &str = "Abc@1234";

fn from_proxy(c: &mut shop_server::platform::Config) {
    c.trusted_proxies = parse_proxies("127.0.0.1").unwrap();
}

// --- finding 1: development conveniences -----------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outside_development_the_app_refuses_console_sms_and_so_has_no_outbox() {
    let db = TestDb::sqlite();
    let mut config = shop_server::platform::Config::for_tests(db.url.clone());
    config.env = ShopEnv::Production;
    match shop_server::startup::Application::build(config).await {
        Err(shop_server::startup::BuildError::Unsafe(problems)) => {
            assert!(problems.iter().any(|p| p.starts_with("SHOP_SMS:")), "{problems:?}");
        }
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(_) => panic!("a production app with console SMS started"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dev_outbox_answers_only_clients_on_this_machine() {
    let s = spawn_app_with(TestDb::sqlite(), |c| c.addr = "0.0.0.0:0".into()).await;
    let m = mobile();
    let r = s.post(OTP, json!({ "mobile": m })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    assert_eq!(s.sms_count(&m).await, 1, "loopback reads the outbox");
    // The same server reached over the machine's network address.
    let lan = lan_address().expect("this test needs a non-loopback address on the machine");
    let port = s.base.rsplit(':').next().unwrap();
    let r = s.client.get(format!("http://{lan}:{port}/api/dev/sms?mobile={m}")).send().await.unwrap();
    assert_eq!(r.status(), 404);
    s.stop().await;
}

// --- findings 2, 4, 5: guessing ---------------------------------------------------------

async fn parallel_password_guesses_get_at_most_the_limit_through(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    let limit = s.state.config.limits.password_tries_hour as usize;
    let guesses = (0..300).map(|i| s.post(LOGIN, json!({ "mobile": m, "password": format!("Guess@{i:04}") })));
    let answers = join_all(guesses).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status).collect();
    let checked = answers.iter().filter(|r| r.status == 200).count();
    assert!(checked <= limit, "{checked} guesses were checked, limit {limit}");
    assert!(statuses.iter().all(|s| [200, 429, 503].contains(s)), "{statuses:?}");
    s.stop().await;
}

async fn parallel_code_guesses_use_at_most_the_tries_of_a_code(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    let r = s.post(OTP, json!({ "mobile": m, "g-recaptcha-response": "t" })).await;
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    let wrong: Vec<String> = (0..200u32).map(|i| format!("{:05}", i)).filter(|c| *c != code).take(150).collect();
    let answers = join_all(wrong.iter().map(|c| s.post(LOGIN, json!({ "mobile": m, "code": c, "hash": hash })))).await;
    let judged = answers.iter().filter(|r| r.s("message") == shop_server::auth::service::text::WRONG_CODE).count();
    let max = s.state.config.limits.otp_max_wrong as usize;
    assert!(judged <= max, "{judged} guesses were compared with the code, at most {max} allowed");
    assert!(answers.iter().all(|r| r.status == 200 || r.status == 429), "no errors");
    s.stop().await;
}

async fn full_password_pool_answers_503_with_retry_after(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    let slots = s.state.config.argon2_slots as u32;
    let held = s.state.argon2.clone().acquire_many_owned(slots).await.unwrap();
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    r.assert_error(503);
    assert!(r.headers.contains_key("retry-after"), "{:?}", r.headers);
    drop(held);
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    s.stop().await;
}

async fn unknown_numbers_cost_an_argon2_run_like_known_ones(db: TestDb) {
    let s = spawn_app(db).await;
    // With every argon2 slot taken, an unknown number waits for one too: its answer
    // cannot come back faster than a registered number's.
    let slots = s.state.config.argon2_slots as u32;
    let held = s.state.argon2.clone().acquire_many_owned(slots).await.unwrap();
    let r = s.post(LOGIN, json!({ "mobile": mobile(), "password": PASSWORD })).await;
    r.assert_error(503);
    drop(held);
    let r = s.post(LOGIN, json!({ "mobile": mobile(), "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "wrong", "{}", r.text);
    s.stop().await;
}

async fn blocked_account_is_refused_before_the_password_check(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    block(&s, &m).await;
    let r = s.post(LOGIN, json!({ "mobile": m, "password": "Wrong@999" })).await;
    r.assert_error(403);
    s.stop().await;
}

async fn block(s: &TestApp, m: &str) {
    use sea_orm::ConnectionTrait;
    s.db.execute_unprepared(&format!("UPDATE users SET block = TRUE WHERE mobile = '{m}'")).await.unwrap();
}

/// Request a login code for `m` (after the resend wait) and return its hash.
async fn login_code(s: &TestApp, m: &str) -> String {
    s.clock.advance(60);
    let r = s.post(OTP, json!({ "mobile": m, "g-recaptcha-response": "t" })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    r.s("data")
}

async fn wrong_codes_past_the_daily_cap_lock_code_sign_in_and_tell_the_owner(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    let cap = s.state.config.limits.otp_failures_day;
    let mut wrong = 0;
    while wrong < cap {
        let hash = login_code(&s, &m).await;
        let code = s.last_code(&m).await.unwrap();
        let bad = if code == "00000" { "11111" } else { "00000" };
        for _ in 0..s.state.config.limits.otp_max_wrong.min((cap - wrong) as i32) {
            let r = s.post(LOGIN, json!({ "mobile": m, "code": bad, "hash": hash })).await;
            assert_eq!(r.s("data"), "wrong", "{}", r.text);
            wrong += 1;
        }
    }
    // Even the right code of a fresh challenge is refused now.
    let hash = login_code(&s, &m).await;
    let code = s.last_code(&m).await.unwrap();
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await;
    r.assert_error(429);
    // The owner got one notice, and the password still signs them in.
    let outbox = s.get(&format!("/api/dev/sms?mobile={m}")).await;
    let notices = outbox.body["messages"].as_array().unwrap().iter().filter(|x| x["code"] == "").count();
    assert_eq!(notices, 1, "{}", outbox.text);
    let r = s.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    // A day later code sign-in is open again.
    s.clock.advance(86_400);
    let hash = login_code(&s, &m).await;
    let code = s.last_code(&m).await.unwrap();
    let r = s.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    s.stop().await;
}

async fn code_checks_are_limited_per_address(db: TestDb) {
    let s = spawn_app_with(db, |c| c.limits.verifies_per_ip_hour = 3).await;
    for _ in 0..3 {
        let r = s.post(LOGIN, json!({ "mobile": mobile(), "code": "12345", "hash": "nope" })).await;
        assert_eq!(r.s("data"), "wrong", "{}", r.text);
    }
    let r = s.post(LOGIN, json!({ "mobile": mobile(), "code": "12345", "hash": "nope" })).await;
    r.assert_error(429);
    s.stop().await;
}

async fn an_attacker_cannot_lock_a_customer_out_of_password_sign_in(db: TestDb) {
    let s = spawn_app_with(db, from_proxy).await;
    let m = mobile();
    s.register(&m, PASSWORD).await;
    let attacker = "203.0.113.66";
    let mut limited = false;
    for i in 0..15 {
        let r = s.post_from(LOGIN, attacker, json!({ "mobile": m, "password": format!("Guess@{i}") })).await;
        limited |= r.status == 429;
    }
    assert!(limited, "the attacker's address is limited");
    // Codes requested by the attacker for the victim's number, too.
    for _ in 0..6 {
        s.clock.advance(60);
        s.post_from(OTP, attacker, json!({ "mobile": m, "g-recaptcha-response": "t" })).await;
    }
    let r = s.post_from(LOGIN, "198.51.100.20", json!({ "mobile": m, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "the customer signs in from their own address: {}", r.text);
    s.stop().await;
}

// --- finding 3: addresses and the SMS budget --------------------------------------------

async fn forged_forwarded_for_entries_do_not_escape_the_address_limit(db: TestDb) {
    let s = spawn_app_with(db, |c| {
            from_proxy(c);
            c.limits.sends_per_ip_hour = 3;
        }).await;
        // The proxy (127.0.0.1) appends the real peer; the client forges entries to its left.
        for i in 0..3 {
            let r = s.post_from(OTP, &format!("10.9.9.{i}, 203.0.113.7"), json!({ "mobile": mobile() })).await;
            assert_eq!(r.s("status"), "ok", "{}", r.text);
        }
        let r = s.post_from(OTP, "10.9.9.99, 203.0.113.7", json!({ "mobile": mobile() })).await;
        r.assert_error(429);
        s.stop().await;
    
}

async fn forwarded_for_is_ignored_without_trusted_proxies(db: TestDb) {
    let s = spawn_app_with(db, |c| c.limits.sends_per_ip_hour = 2).await;
    for i in 0..2 {
        let r = s.post_from(OTP, &format!("198.51.100.{i}"), json!({ "mobile": mobile() })).await;
        assert_eq!(r.s("status"), "ok", "{}", r.text);
    }
    s.post_from(OTP, "198.51.100.77", json!({ "mobile": mobile() })).await.assert_error(429);
    s.stop().await;
}

async fn ipv6_clients_are_counted_by_their_64(db: TestDb) {
    let s = spawn_app_with(db, |c| {
            from_proxy(c);
            c.limits.sends_per_ip_hour = 2;
        }).await;
        for host in ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9"] {
            let r = s.post_from(OTP, host, json!({ "mobile": mobile() })).await;
            assert_eq!(r.s("status"), "ok", "{}", r.text);
        }
        s.post_from(OTP, "2001:db8:1:2:abcd::1", json!({ "mobile": mobile() })).await.assert_error(429);
        let r = s.post_from(OTP, "2001:db8:1:3::1", json!({ "mobile": mobile() })).await;
        assert_eq!(r.s("status"), "ok", "another /64: {}", r.text);
        s.stop().await;
    
}

async fn the_hourly_sms_budget_cuts_sending_off(db: TestDb) {
    let s = spawn_app_with(db, |c| {
            from_proxy(c);
            c.limits.sms_hourly_budget = 4;
        }).await;
        for i in 0..4 {
            let r = s.post_from(OTP, &format!("198.51.100.{i}"), json!({ "mobile": mobile() })).await;
            assert_eq!(r.s("status"), "ok", "{}", r.text);
        }
        let m = mobile();
        s.post_from(OTP, "198.51.100.50", json!({ "mobile": m })).await.assert_error(429);
        assert_eq!(s.sms_count(&m).await, 0);
        s.clock.advance(3600);
        let r = s.post_from(OTP, "198.51.100.50", json!({ "mobile": m })).await;
        assert_eq!(r.s("status"), "ok", "{}", r.text);
        s.stop().await;
    
}

async fn registration_codes_demand_a_captcha_only_over_the_threshold(db: TestDb) {
    let base = fake_siteverify().await;
    let s = spawn_app_with(db, move |c| {
        c.captcha_secret = Some("s3cret".into());
        c.captcha_url = format!("{base}/siteverify");
        c.public_url = "https://shop.test".into();
        c.limits.register_free_per_ip_hour = 2;
    })
    .await;
    for _ in 0..2 {
        let r = s.post(OTP, json!({ "mobile": mobile() })).await;
        assert_eq!(r.s("status"), "ok", "the spec's client sends no captcha: {}", r.text);
    }
    let r = s.post(OTP, json!({ "mobile": mobile() })).await;
    assert_eq!((r.s("status").as_str(), r.s("message").as_str()), ("wrong", shop_server::auth::service::text::CAPTCHA_FAILED), "{}", r.text);
    let r = s.post(OTP, json!({ "mobile": mobile(), "type": "register", "g-recaptcha-response": "good" })).await;
    assert_eq!(r.s("status"), "ok", "with a token: {}", r.text);
    s.stop().await;
}

// --- finding 9: sessions ------------------------------------------------------------------

const INFO: &str = "/api/client/v1/user/info";

async fn logout_ends_the_access_token_at_once(db: TestDb) {
    let s = spawn_app(db).await;
    let reg = s.register(&mobile(), PASSWORD).await;
    let access = reg.s("token");
    assert_eq!(s.post_auth(INFO, &access, json!({})).await.status, 200);
    let r = s.post("/api/client/v1/user/logout", json!({ "reftoken": reg.s("reftoken") })).await;
    assert_eq!(r.s("status"), "ok");
    s.post_auth(INFO, &access, json!({})).await.assert_error(401);
    s.stop().await;
}

async fn a_password_change_ends_every_older_access_token(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let old = s.register(&m, PASSWORD).await.s("token");
    s.clock.advance(60);
    let r = s.post("/api/client/v1/user/otp/forget", json!({ "mobile": m, "g-recaptcha-response": "t" })).await;
    let hash = r.s("data");
    let code = s.last_code(&m).await.unwrap();
    let r = s.post("/api/client/v1/user/verify/forget", json!({ "mobile": m, "code": code, "hash": hash })).await;
    let mcode = r.s("mcode");
    let r = s.post("/api/client/v1/user/forget", json!({ "mobile": m, "password": "New@12345", "mcode": mcode })).await;
    assert_eq!(r.s("data"), "ok", "{}", r.text);
    s.post_auth(INFO, &old, json!({})).await.assert_error(401);
    assert_eq!(s.post_auth(INFO, &r.s("token"), json!({})).await.status, 200, "the new sign-in works");
    s.stop().await;
}

async fn a_replayed_refresh_token_ends_the_access_tokens_too(db: TestDb) {
    let s = spawn_app(db).await;
    let reg = s.register(&mobile(), PASSWORD).await;
    let r = s.post("/api/client/v1/user/token", json!({ "reftoken": reg.s("reftoken") })).await;
    let access = r.s("token");
    assert_eq!(s.post_auth(INFO, &access, json!({})).await.status, 200);
    s.clock.advance(shop_server::auth::service::REFRESH_GRACE_SECS + 1);
    let r = s.post("/api/client/v1/user/token", json!({ "reftoken": reg.s("reftoken") })).await;
    assert_eq!(r.s("status"), "not");
    s.post_auth(INFO, &access, json!({})).await.assert_error(401);
    s.stop().await;
}

// --- finding 6: slow clients ---------------------------------------------------------------

use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn addr_of(s: &TestApp) -> String {
    s.base.trim_start_matches("http://").to_string()
}

/// Read until the server closes the connection or `limit` passes; the bytes read.
async fn read_until_closed(conn: &mut tokio::net::TcpStream, limit: Duration) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let end = Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(end.into(), conn.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(got),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_head_sent_byte_by_byte_is_cut_off() {
    let s = spawn_app_with(TestDb::sqlite(), |c| c.timeouts.header_secs = 1).await;
    let mut conn = tokio::net::TcpStream::connect(addr_of(&s)).await.unwrap();
    conn.write_all(b"GET /api/health HTTP/1.1\r\nHost: shop\r\n").await.unwrap();
    // One header byte every 200 ms keeps the idle timer happy, but not the head deadline.
    let drip = async {
        for b in b"X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter() {
            if conn.write_all(&[*b]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(4), drip).await.ok();
    let closed = read_until_closed(&mut conn, Duration::from_secs(4)).await;
    assert!(closed.is_some(), "the server still holds the connection");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_never_arrives_gets_408() {
    let s = spawn_app_with(TestDb::sqlite(), |c| c.timeouts.body_secs = 1).await;
    let mut conn = tokio::net::TcpStream::connect(addr_of(&s)).await.unwrap();
    conn.write_all(b"POST /api/client/v1/user/token HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"reftoken\"")
        .await
        .unwrap();
    let answer = read_until_closed(&mut conn, Duration::from_secs(5)).await.expect("answered and closed");
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn normal_requests_are_answered_while_500_slow_clients_hang_on() {
    let s = spawn_app(TestDb::sqlite()).await;
    let addr = addr_of(&s);
    let mut slow = Vec::new();
    for _ in 0..500 {
        let mut c = tokio::net::TcpStream::connect(&addr).await.unwrap();
        c.write_all(b"GET /api/health HTTP/1.1\r\nHost: shop\r\nX-Slow: a").await.unwrap();
        slow.push(c);
    }
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let mut worst = Duration::ZERO;
    for _ in 0..5 {
        let start = Instant::now();
        let r = client.get(s.url("/api/health")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        worst = worst.max(start.elapsed());
    }
    eprintln!("figure: /api/health with 500 slow-loris connections open: worst of 5 = {worst:?}");
    assert!(worst < Duration::from_secs(3), "{worst:?}");
    drop(slow);
    s.stop().await;
}

// --- finding 8: browser hardening ------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_carry_the_browser_hardening_headers() {
    let s = spawn_app_with(TestDb::sqlite(), |c| c.public_url = "https://shop.test".into()).await;
    let r = s.get("/api/health").await;
    let csp = r.headers["content-security-policy"].to_str().unwrap().to_string();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(!csp.replace("'wasm-unsafe-eval'", "").contains("unsafe-eval"), "{csp}");
    assert!(csp.contains("require-trusted-types-for 'script'"), "Trusted Types are enforced: {csp}");
    assert!(!r.headers.contains_key("content-security-policy-report-only"), "nothing is only reported");
    assert_eq!(r.headers["x-content-type-options"], "nosniff");
    assert_eq!(r.headers["referrer-policy"], "strict-origin-when-cross-origin");
    assert!(r.headers["strict-transport-security"].to_str().unwrap().starts_with("max-age="));
    let reg = s.register(&mobile(), PASSWORD).await;
    assert_eq!(reg.headers["cache-control"], "no-store", "token answers are never cached");
    s.stop().await;
    // Plain http: no HSTS (it would pin a site that has no https).
    let s = spawn_app(TestDb::sqlite()).await;
    assert!(!s.get("/api/health").await.headers.contains_key("strict-transport-security"));
    s.stop().await;
}

async fn two_tabs_refreshing_at_once_both_stay_signed_in(db: TestDb) {
    let s = spawn_app(db).await;
    let reg = s.register(&mobile(), PASSWORD).await;
    let shared = reg.s("reftoken");
    let (a, b) = tokio::join!(
        s.post("/api/client/v1/user/token", json!({ "reftoken": shared })),
        s.post("/api/client/v1/user/token", json!({ "reftoken": shared })),
    );
    assert_eq!((a.s("status").as_str(), b.s("status").as_str()), ("ok", "ok"), "{} / {}", a.text, b.text);
    for tab in [&a, &b] {
        assert_eq!(s.post_auth(INFO, &tab.s("token"), json!({})).await.status, 200);
        let r = s.post("/api/client/v1/user/token", json!({ "reftoken": tab.s("reftoken") })).await;
        assert_eq!(r.s("status"), "ok", "{}", r.text);
    }
    s.stop().await;
}

/// This machine's address on its network (not loopback), when it has one.
fn lan_address() -> Option<std::net::IpAddr> {
    // Connecting a UDP socket sends nothing; it only picks the outgoing interface's address.
    let sock = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    sock.connect("192.0.2.1:9").ok()?;
    Some(sock.local_addr().ok()?.ip()).filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
}

/// A local reCAPTCHA siteverify speaking Google's wire format, for secret `s3cret` and
/// hostname `shop.test`: token `good` passes, anything else fails. Returns its base URL.
async fn fake_siteverify() -> String {
    use poem::web::Form;
    #[poem::handler]
    fn siteverify(Form(form): Form<std::collections::HashMap<String, String>>) -> poem::web::Json<serde_json::Value> {
        let good = form.get("secret").map(String::as_str) == Some("s3cret")
            && form.get("response").map(String::as_str) == Some("good");
        poem::web::Json(if good {
            json!({ "success": true, "score": 0.9, "action": "login", "challenge_ts": "2026-11-21T10:00:00Z", "hostname": "shop.test" })
        } else {
            json!({ "success": false, "error-codes": ["invalid-input-response"] })
        })
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let app = poem::Route::new().at("/siteverify", poem::post(siteverify));
    tokio::spawn(poem::Server::new(poem::listener::TcpListener::bind(addr.to_string())).run(app));
    for _ in 0..50 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    format!("http://{addr}")
}
