//! Customers in the back office, on both databases: search, a customer's page, and blocking:
//! a blocked customer's every session ends at once (also on a second node), they cannot sign
//! in, refresh, order or pay, their unpaid order is cancelled with its stock given back, a
//! payment they started is never verified, staff cannot be blocked, and each block and unblock
//! is in the audit log with its reason.

use std::time::Duration;

use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{json, Value};
use shop_server::auth::entity::user;

use crate::checkout_support::{
    get_location, no_redirect, order_row, payment_row, post_key, ready, register, shop, start_payment, stock, key, CALLBACK,
    EDIT, PAY_START, REGISTER,
};
use crate::helpers::{mobile, on_both_dbs, spawn_app, spawn_app_with, TestApp, TestDb};

on_both_dbs!(
    blocking_with_a_reason_ends_sessions_refuses_sign_in_and_is_audited,
    a_block_without_a_reason_or_twice_is_refused_and_nothing_is_written,
    a_customer_blocked_mid_checkout_cannot_pay_and_their_unpaid_order_is_cancelled,
    a_block_reaches_a_second_node_at_once,
    staff_cannot_be_blocked_and_unknown_customers_are_404,
    search_finds_customers_by_mobile_name_or_email_in_pages,
    a_customer_page_shows_profile_addresses_orders_and_favourites,
);

const LIST: &str = "/api/admin/v1/customer/list";
const GET: &str = "/api/admin/v1/customer/get";
const BLOCK: &str = "/api/admin/v1/customer/block";
const INFO: &str = "/api/client/v1/user/info";
const LOGIN: &str = "/api/client/v1/user/login";
const TOKEN: &str = "/api/client/v1/user/token";

/// A registered customer with a password, signed in: (id, access token, refresh token).
async fn signed_in(app: &TestApp, m: &str) -> (i64, String, String) {
    app.register(m, "Secret#123").await;
    let r = app.post(LOGIN, json!({ "mobile": m, "password": "Secret#123" })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    (r.body["user"]["Id"].as_i64().unwrap(), r.s("token"), r.s("reftoken"))
}

async fn user_row(app: &TestApp, id: i64) -> user::Model {
    user::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap()
}

async fn block(app: &TestApp, staff: &str, id: i64, on: bool, reason: &str) -> crate::helpers::Resp {
    app.post_auth(BLOCK, staff, json!({ "id": id, "block": on, "reason": reason })).await
}

async fn blocking_with_a_reason_ends_sessions_refuses_sign_in_and_is_audited(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["orders"]).await;
    let m = mobile();
    let (id, token, reftoken) = signed_in(&app, &m).await;
    assert_eq!(app.post_auth(INFO, &token, json!({})).await.status, 200);
    let epoch = user_row(&app, id).await.session_epoch;

    let r = block(&app, &staff.token, id, true, "  سفارش‌های جعلی پی‌درپی ").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!((r.body["profile"]["block"].clone(), r.body["profile"]["block_reason"].clone()), (json!(true), json!("سفارش‌های جعلی پی‌درپی")));
    let row = user_row(&app, id).await;
    assert!(row.block);
    assert_eq!(row.session_epoch, epoch + 1, "every access token ends");
    // The access token, the refresh token and both ways of signing in are refused.
    app.post_auth(INFO, &token, json!({})).await.assert_error(403);
    // The refresh token was revoked with the block: `not` (the client signs out), no new token.
    let r = app.post(TOKEN, json!({ "reftoken": reftoken })).await;
    assert_eq!((r.status, r.s("status"), r.s("token")), (200, "not".to_string(), String::new()), "{}", r.text);
    app.post(LOGIN, json!({ "mobile": m, "password": "Secret#123" })).await.assert_error(403);
    let otp = app.post("/api/client/v1/user/otp", json!({ "mobile": m })).await;
    if otp.s("status") == "ok" {
        let code = app.last_code(&m).await.unwrap();
        app.post(LOGIN, json!({ "mobile": m, "code": code, "hash": otp.s("data") })).await.assert_error(403);
    }
    // The audit log has who, what and why.
    let log = app.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "user", "entity_id": id.to_string() })).await;
    let e = &log.body["data"][0];
    assert_eq!((e["action"].as_str(), e["staff_id"].as_i64()), (Some("customer.block"), Some(staff.id)), "{}", log.text);
    let after: Value = serde_json::from_str(e["after"].as_str().unwrap()).unwrap();
    assert_eq!((after["block"].clone(), after["reason"].clone()), (json!(true), json!("سفارش‌های جعلی پی‌درپی")));

    // Unblocked (with its reason): they sign in again; the old tokens stay ended.
    let r = block(&app, &staff.token, id, false, "مشتری تماس گرفت و موضوع روشن شد").await;
    assert_eq!((r.status, r.body["profile"]["block"].clone(), r.body["profile"]["block_reason"].clone()), (200, json!(false), json!("")), "{}", r.text);
    let r = app.post(LOGIN, json!({ "mobile": m, "password": "Secret#123" })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    app.post_auth(INFO, &token, json!({})).await.assert_error(401);
    let log = app.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "user", "entity_id": id.to_string() })).await;
    let e = &log.body["data"][0];
    assert_eq!(e["action"], "customer.unblock");
    assert!(e["after"].as_str().unwrap().contains("مشتری تماس گرفت"), "{}", log.text);
}

async fn a_block_without_a_reason_or_twice_is_refused_and_nothing_is_written(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["orders"]).await;
    let c = app.user(&mobile(), "تهران").await;
    let before = app.count("audit_log").await;
    let r = block(&app, &staff.token, c.id, true, " \n ").await;
    assert_eq!(r.assert_error(422).body["field"], "reason");
    let r = block(&app, &staff.token, c.id, true, &"ب".repeat(501)).await;
    assert_eq!(r.assert_error(422).body["field"], "reason");
    let r = block(&app, &staff.token, c.id, false, "بی‌دلیل").await;
    assert_eq!(r.assert_error(422).body["field"], "id", "not blocked: nothing to clear");
    let row = user_row(&app, c.id).await;
    assert!(!row.block && row.session_epoch == 0);
    assert_eq!(app.count("audit_log").await, before);
    assert_eq!(app.post_auth(INFO, &c.token, json!({})).await.status, 200);
    // Blocking twice: the second is refused with a clear message.
    assert_eq!(block(&app, &staff.token, c.id, true, "تقلب").await.status, 200);
    block(&app, &staff.token, c.id, true, "تقلب").await.assert_error(422);
    assert_eq!(app.count("audit_log").await, before + 1);
}

async fn a_customer_blocked_mid_checkout_cannot_pay_and_their_unpaid_order_is_cancelled(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let shop = shop(&s, 5).await;
    let r = ready(&s, &shop, 2).await;
    let code = register(&s, &r, &shop).await;
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    assert_eq!((order_row(&s, &code).await.status.as_str(), stock(&s, shop.variant).await), ("awaiting_payment", 3));

    let b = block(&s, &staff.token, r.c.id, true, "پرداخت با کارت سرقتی").await;
    assert_eq!(b.status, 200, "{}", b.text);
    // Their unpaid order is cancelled and its units are back on the shelf.
    let order = order_row(&s, &code).await;
    assert_eq!((order.status.as_str(), stock(&s, shop.variant).await), ("cancelled", 5));
    let state = b.body["orders"].as_array().unwrap().iter().find(|o| o["code"] == code.as_str()).unwrap()["status"].clone();
    assert_eq!(state, "cancelled");

    // The bank sends them back after paying: the payment is closed, never verified, so the
    // bank returns the money; nothing else moves.
    let resp = no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    assert!(to.starts_with(CALLBACK), "{to}");
    let (status, loc) = get_location(&s, &to).await;
    assert_eq!((status, loc), (303, format!("/error-payment?code={code}")));
    let p = payment_row(&s, &authority).await;
    assert_eq!((p.status.as_str(), p.refund_needed, p.ref_id.is_none()), ("failed", false, true));
    assert_eq!((order_row(&s, &code).await.status.as_str(), stock(&s, shop.variant).await), ("cancelled", 5));

    // Ordering and paying are refused outright.
    let st = post_key(&s, PAY_START, &r.c.token, &key(), json!({ "code": code })).await;
    st.assert_error(403);
    let reg = post_key(&s, REGISTER, &r.c.token, &key(), json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.post, "paymentmethod": "full" })).await;
    reg.assert_error(403);
    let fresh = s.fresh_token(&r.c);
    let e = s.post_auth(EDIT, &fresh, json!({ "spid": shop.product, "spiddetail": shop.variant, "num": 1, "orderid": 0, "id": 0 })).await;
    assert!(e.status == 401 || e.status == 403, "{}", e.text);
}

/// Both nodes keep users' rows for ten minutes: only the block's note can make the second one
/// refuse the customer's token.
async fn a_block_reaches_a_second_node_at_once(db: TestDb) {
    let other = db.another_node();
    let long_cache = |c: &mut shop_server::platform::Config| c.user_cache_ms = 600_000;
    let a = spawn_app_with(db, long_cache).await;
    let data_dir = a.state.config.data_dir.clone();
    let b = spawn_app_with(other, move |c| {
        c.user_cache_ms = 600_000;
        c.data_dir = data_dir;
    })
    .await;
    let staff = a.staff_with(&mobile(), &["orders"]).await;
    let c = a.user(&mobile(), "تهران").await;
    // Both nodes have the customer's row cached.
    for node in [&a, &b] {
        assert_eq!(node.post_auth(INFO, &c.token, json!({})).await.status, 200);
    }
    // Give the second node's bus time to be listening before the note is sent.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(block(&a, &staff.token, c.id, true, "سوءاستفاده از کد تخفیف").await.status, 200);
    assert_eq!(a.post_auth(INFO, &c.token, json!({})).await.status, 403, "the blocking node");
    let mut refused = false;
    for _ in 0..40 {
        let r = b.post_auth(INFO, &c.token, json!({})).await;
        if r.status == 403 {
            refused = true;
            break;
        }
        assert_eq!(r.status, 200, "{}", r.text);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(refused, "the second node still let the blocked customer in after 2 s");
}

async fn staff_cannot_be_blocked_and_unknown_customers_are_404(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["orders"]).await;
    let other = app.staff_with(&mobile(), &["support"]).await;
    let before = app.count("audit_log").await;
    for id in [staff.id, other.id] {
        let r = block(&app, &staff.token, id, true, "آزمون").await;
        assert_eq!(r.assert_error(422).body["field"], "id");
        assert!(!user_row(&app, id).await.block);
        app.post_auth(GET, &staff.token, json!({ "id": id })).await.assert_error(404);
    }
    block(&app, &staff.token, 987_654_321, true, "آزمون").await.assert_error(404);
    app.post_auth(GET, &staff.token, json!({ "id": 987_654_321 })).await.assert_error(404);
    assert_eq!(app.count("audit_log").await, before);
    assert_eq!(app.post_auth("/api/admin/v1/staff/me", &other.token, json!({})).await.status, 200);
}

async fn named(app: &TestApp, m: &str, name: &str, lastname: &str, email: &str) -> i64 {
    let c = app.user(m, "تهران").await;
    let mut am: user::ActiveModel = user_row(app, c.id).await.into();
    am.name = Set(name.into());
    am.lastname = Set(lastname.into());
    am.email = Set(email.into());
    am.update(&app.db).await.unwrap();
    c.id
}

fn ids(r: &crate::helpers::Resp) -> Vec<i64> {
    r.body["data"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

async fn search_finds_customers_by_mobile_name_or_email_in_pages(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["orders"]).await;
    let m1 = mobile();
    let a = named(&app, &m1, "سارا", "کریمی", "Sara.K@Example.com").await;
    let b = named(&app, &mobile(), "رضا", "کریمی", "reza@example.com").await;
    let c = named(&app, &mobile(), "نیما", "100%", "nima@example.com").await;
    let q = |q: &str| app.post_auth(LIST, &staff.token, json!({ "q": q }));
    let persian: String = shop_core::digits::to_persian_digits(&m1);
    assert_eq!(ids(&q(&persian).await), vec![a], "a mobile number in Persian digits");
    assert_eq!(ids(&q(&format!("+98{}", &m1[1..])).await), vec![a], "in international form");
    assert_eq!(ids(&q(&m1[4..]).await), vec![a], "part of the number");
    assert_eq!(ids(&q("کریمی").await), vec![b, a], "a last name, newest first");
    assert_eq!(ids(&q("سارا کریمی").await), vec![a], "first and last name");
    assert_eq!(ids(&q("sara.k@example").await), vec![a], "email, any case");
    assert_eq!(ids(&q("%").await), vec![c], "a % is a character, not a wildcard");
    assert!(ids(&q("ناشناس").await).is_empty());
    // Staff are not customers.
    let all = q("").await;
    assert!(!ids(&all).contains(&staff.id));
    assert_eq!((all.body["total"].as_u64(), all.body["per_page"].as_u64()), (Some(3), Some(20)));
    for _ in 0..20 {
        app.user(&mobile(), "شیراز").await;
    }
    let p2 = app.post_auth(LIST, &staff.token, json!({ "q": "", "page": 2 })).await;
    assert_eq!((ids(&p2), p2.body["total"].as_u64()), (vec![c, b, a], Some(23)));
    // A support-only staff member may not search customers.
    let support = app.staff_with(&mobile(), &["support"]).await;
    app.post_auth(LIST, &support.token, json!({ "q": "" })).await.assert_error(403);
}

async fn a_customer_page_shows_profile_addresses_orders_and_favourites(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let shop = shop(&s, 5).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    shop_server::favourite::entity::favourite::ActiveModel { user_id: Set(r.c.id), product_id: Set(shop.product), created_at: Set(1), ..Default::default() }
        .insert(&s.db)
        .await
        .unwrap();
    let page = s.post_auth(GET, &staff.token, json!({ "id": r.c.id })).await;
    assert_eq!(page.status, 200, "{}", page.text);
    let b = &page.body;
    assert_eq!((b["profile"]["id"].as_i64(), b["profile"]["city"].as_str(), b["profile"]["block"].as_bool()), (Some(r.c.id), Some("تهران"), Some(false)));
    assert_eq!(b["addresses"].as_array().unwrap().len(), 1);
    assert_eq!(b["addresses"][0]["postal_code"], "1234567890");
    assert_eq!(b["order_count"], 1);
    let o = &b["orders"][0];
    assert_eq!((o["code"].as_str(), o["status"].as_str(), o["status_label"].as_str()), (Some(code.as_str()), Some("registered"), Some("ثبت‌شده")));
    assert_eq!(o["payable"], shop.price + shop.warranty + 120_000);
    assert!(o["payable_text"].as_str().unwrap().ends_with("تومان"));
    assert!(o["date_text"].as_str().unwrap().chars().any(|c| ('۰'..='۹').contains(&c)), "a Jalali date in Persian digits");
    assert_eq!(b["favourites"], 1);
    assert_eq!((b["tickets"].as_array().unwrap().len(), b["chat"]["messages"].as_u64(), b["plans"].as_array().unwrap().len()), (0, Some(0), 0));
}
