//! Staff-prepared order links (`/order/{code}`) over HTTP, on SQLite and on PostgreSQL: the
//! link shows today's prices without sign-in, the customer adopts it into their cart and pays,
//! another customer's, a used, an expired, an unknown and a malformed code show a Persian
//! message and nothing of the order, and guessing codes from one address is limited.

use serde_json::{json, Value};
use shop_core::types::Mobile;
use shop_server::auth::staff::Actor;
use shop_server::prepared_order::service::{hash_code, new_code, prepare, PrepareRequest};

use crate::checkout_support::*;
use crate::helpers::{mobile, on_both_dbs, spawn_app, spawn_app_with, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    a_prepared_order_is_shown_adopted_and_paid,
    another_customers_link_shows_nothing_of_the_order,
    expired_unknown_and_malformed_codes_show_a_message_only,
    guessing_codes_from_one_address_is_limited,
    adopting_again_or_after_a_sell_out,
    preparing_refuses_bad_lines,
);

const VIEW: &str = "/api/client/v1/order/prepared/view";
const ADOPT: &str = "/api/client/v1/order/prepared/adopt";
const USED: &str = "این لینک سفارش پیش‌تر استفاده شده است";
const EXPIRED: &str = "مهلت استفاده از این لینک سفارش به پایان رسیده است";
const UNKNOWN: &str = "لینک سفارش معتبر نیست؛ لطفا نشانی را بررسی کنید یا با پشتیبانی تماس بگیرید";
const OTHER: &str = "این سفارش برای حساب کاربری دیگری آماده شده است؛ لطفا با همان شماره وارد شوید";

async fn prepared(s: &TestApp, shop: &Shop, num: i64, for_mobile: Option<&str>) -> String {
    let req = PrepareRequest {
        mobile: for_mobile.map(|m| Mobile::parse(m).unwrap()),
        lines: vec![(shop.variant, num)],
        valid_secs: 3600,
        note: "سفارش تلفنی".into(),
    };
    prepare(&s.db, &Actor::cli(), &req, s.now()).await.unwrap().0
}

async fn customer_with(s: &TestApp, m: &str) -> TestUser {
    s.user(m, "تهران").await
}

/// A refusal that names the code field and carries nothing of the order.
fn shows_nothing(r: &Resp, status: u16, message: &str) {
    assert_eq!(r.status, status, "{}", r.text);
    assert_eq!(r.s("message"), message, "{}", r.text);
    assert!(r.body.get("Lines").is_none() && !r.text.contains("لپ‌تاپ"), "{}", r.text);
}

async fn a_prepared_order_is_shown_adopted_and_paid(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let m = mobile();
    let code = prepared(&s, &shop, 2, Some(&m)).await;
    // Only the code's hash is stored.
    let rows = s.rows("prepared_order").await;
    assert_eq!(rows[0]["code_hash"], json!(hash_code(&code)));
    assert!(!serde_json::to_string(&rows).unwrap().contains(&code));

    // Anyone holding the link sees the lines at today's prices (lower case works too).
    let v = s.post(VIEW, json!({ "code": code.to_lowercase() })).await;
    assert_eq!(v.status, 200, "{}", v.text);
    assert_eq!(v.body["Lines"][0]["Num"], 2);
    assert_eq!(v.body["Lines"][0]["Name"], "لپ‌تاپ آزمایشی ایسوس");
    assert_eq!(v.body["OrderTotalPrice"], 2 * (shop.price + shop.warranty));
    assert_eq!(v.body["Personal"], true);
    assert!(v.s("ExpiresText").chars().any(|c| ('۰'..='۹').contains(&c)), "{}", v.text);
    assert!(!v.text.contains(&m), "the customer's number is never shown");
    s.set_price(shop.variant, 9_000_000).await;
    let v = s.post(VIEW, json!({ "code": code })).await;
    assert_eq!(v.body["OrderTotalPrice"], 2 * (9_000_000 + shop.warranty), "prices are recomputed");

    // Adopting needs sign-in.
    s.post(ADOPT, json!({ "code": code })).await.assert_error(401);
    let c = customer_with(&s, &m).await;
    let a = s.post_auth(ADOPT, &c.token, json!({ "code": code })).await;
    assert_eq!(a.status, 200, "{}", a.text);
    let cart = a.body["OrderId"].as_i64().unwrap();
    let list = s.post_auth(LIST, &c.token, json!({ "uid": c.uid })).await;
    assert_eq!(list.body["data"][0]["Num"], 2, "{}", list.text);
    assert_eq!(list.body["OrderTotalPrice"], 2 * (9_000_000 + shop.warranty));

    // Then the usual checkout: register and pay through the sandbox.
    let address = add_address(&s, &c, "تهران", "تهران").await;
    let r = Ready { c, cart, address };
    let order = register(&s, &r, &shop).await;
    let (_, authority) = start_payment(&s, &r.c, &order).await;
    let resp = no_redirect()
        .post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay")))
        .send()
        .await
        .unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let _ = get_location(&s, &to).await;
    let paid = s.post_auth(PAY_RESULT, &r.c.token, json!({ "code": order })).await;
    assert_eq!(paid.body["PaymentStatus"], "paid", "{}", paid.text);
    assert_eq!(stock(&s, shop.variant).await, 8);

    // The link is spent.
    shows_nothing(&s.post(VIEW, json!({ "code": code })).await, 404, USED);
}

async fn another_customers_link_shows_nothing_of_the_order(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let (ma, mb) = (mobile(), mobile());
    let a = customer_with(&s, &ma).await;
    let b = customer_with(&s, &mb).await;

    // Prepared for A's number: B cannot adopt it, and it stays A's.
    let code = prepared(&s, &shop, 1, Some(&ma)).await;
    shows_nothing(&s.post_auth(ADOPT, &b.token, json!({ "code": code })).await, 404, OTHER);
    let b_cart = s.post_auth(LIST, &b.token, json!({ "uid": b.uid })).await;
    assert_eq!(b_cart.body["data"], json!([]), "nothing went into B's cart");
    assert_eq!(s.post_auth(ADOPT, &a.token, json!({ "code": code })).await.status, 200);
    shows_nothing(&s.post_auth(ADOPT, &b.token, json!({ "code": code })).await, 404, OTHER);
    shows_nothing(&s.post(VIEW, json!({ "code": code })).await, 404, USED);

    // A link for anyone belongs to whoever adopts it first.
    let open = prepared(&s, &shop, 1, None).await;
    assert_eq!(s.post_auth(ADOPT, &a.token, json!({ "code": open })).await.status, 200);
    shows_nothing(&s.post_auth(ADOPT, &b.token, json!({ "code": open })).await, 404, USED);
    let b_cart = s.post_auth(LIST, &b.token, json!({ "uid": b.uid })).await;
    assert_eq!(b_cart.body["data"], json!([]));
}

async fn expired_unknown_and_malformed_codes_show_a_message_only(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let c = customer_with(&s, &mobile()).await;
    let code = prepared(&s, &shop, 1, None).await;
    s.advance_clock(3601);
    shows_nothing(&s.post(VIEW, json!({ "code": code })).await, 404, EXPIRED);
    let c_token = s.fresh_token(&c);
    shows_nothing(&s.post_auth(ADOPT, &c_token, json!({ "code": code })).await, 404, EXPIRED);

    for bad in [new_code(), "ABC".to_string(), "'; DROP TABLE prepared_order; --".to_string(), String::new(), "۱۲۳".into()] {
        shows_nothing(&s.post(VIEW, json!({ "code": bad })).await, 404, UNKNOWN);
    }
    let r = s.post(VIEW, json!({ "code": "A".repeat(65) })).await;
    assert!(r.status == 400 || r.status == 422, "{}", r.text);
    // A number where text belongs: read as the text "12", an unknown code.
    // A number for the string `code` is refused as the document types it (it was read as "12").
    let r = s.post(VIEW, json!({ "code": 12 })).await;
    assert_eq!((r.status, r.body["field"].as_str()), (422, Some("code")), "{}", r.text);
    let r = s.post(VIEW, json!({ "code": null })).await;
    assert!(r.status == 400 || r.status == 422, "{}", r.text);
}

async fn guessing_codes_from_one_address_is_limited(db: TestDb) {
    let s = spawn_app_with(db, |c| c.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()]).await;
    let shop = shop(&s, 10).await;
    let real = prepared(&s, &shop, 1, None).await;

    // The owner of a real link opens it many times: successes never count.
    for _ in 0..40 {
        assert_eq!(s.post_from(VIEW, "198.51.100.1", json!({ "code": real })).await.status, 200);
    }

    // 1,000 random codes from one address, 25 at a time.
    let s = std::sync::Arc::new(s);
    let (mut not_found, mut limited) = (0, 0);
    for _ in 0..40 {
        let batch: Vec<_> = (0..25)
            .map(|_| {
                let s = s.clone();
                tokio::spawn(async move { s.post_from(VIEW, "203.0.113.9", json!({ "code": new_code() })).await })
            })
            .collect();
        for t in batch {
            let r = t.await.unwrap();
            match r.status {
                404 => not_found += 1,
                429 => {
                    assert!(r.headers.contains_key("retry-after"), "{}", r.text);
                    assert!(r.body.get("Lines").is_none());
                    limited += 1;
                }
                other => panic!("unexpected {other}: {}", r.text),
            }
        }
    }
    assert_eq!((not_found, limited), (30, 970), "30 failed lookups an hour, then 429");
    // Even the real code is refused to that address now; another address still opens it.
    assert_eq!(s.post_from(VIEW, "203.0.113.9", json!({ "code": real })).await.status, 429);
    assert_eq!(s.post_from(VIEW, "198.51.100.1", json!({ "code": real })).await.status, 200);
    let v: Value = s.post_from(VIEW, "198.51.100.2", json!({ "code": real })).await.body;
    assert_eq!(v["Lines"][0]["Num"], 1);
}

async fn adopting_again_or_after_a_sell_out(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let c = customer_with(&s, &mobile()).await;
    let code = prepared(&s, &shop, 3, None).await;
    set_stock(&s, shop.variant, 2).await;
    let r = s.post_auth(ADOPT, &c.token, json!({ "code": code })).await;
    assert_eq!(r.status, 422, "{}", r.text);
    assert_eq!(r.s("message"), "«لپ‌تاپ آزمایشی ایسوس» به تعداد درخواستی موجود نیست");
    // Restocked: the same customer retries and gets it; twice changes nothing.
    set_stock(&s, shop.variant, 10).await;
    for _ in 0..2 {
        let r = s.post_auth(ADOPT, &c.token, json!({ "code": code })).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let list = s.post_auth(LIST, &c.token, json!({ "uid": c.uid })).await;
    assert_eq!(list.body["data"].as_array().unwrap().len(), 1);
    assert_eq!(list.body["data"][0]["Num"], 3);
}

async fn preparing_refuses_bad_lines(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let req = |lines: Vec<(i64, i64)>| PrepareRequest { mobile: None, lines, valid_secs: 3600, note: String::new() };
    for lines in [vec![], vec![(shop.variant, 0)], vec![(shop.variant, 101)], vec![(shop.variant + 999, 1)]] {
        assert!(prepare(&s.db, &Actor::cli(), &req(lines.clone()), s.now()).await.is_err(), "{lines:?}");
    }
    unpublish(&s, shop.product).await;
    assert!(prepare(&s.db, &Actor::cli(), &req(vec![(shop.variant, 1)]), s.now()).await.is_err());
    assert_eq!(s.count("prepared_order").await, 0);
}
