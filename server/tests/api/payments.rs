//! Payments (issue 22): the sandbox bank only in development mode, callbacks that settle only
//! what the gateway verifies, `payment/start` reusing its pending attempt and limited per order
//! and per customer. The gateway is the fake Zarinpal of `checkout_support` (its v4 wire format).

use std::collections::HashSet;

use futures::future::join_all;
use serde_json::json;
use shop_server::platform::config::{ShopEnv, SmsSetting};
use shop_server::platform::Config;

use crate::checkout_support::*;
use crate::helpers::{on_both_dbs, spawn_app_with, TestApp, TestDb};

on_both_dbs!(
    a_forged_nok_or_a_premature_ok_keeps_the_order_and_its_stock,
    forty_parallel_starts_for_one_order_make_one_gateway_request,
    payment_starts_past_the_per_customer_limit_are_refused,
    payment_starts_past_the_per_order_limit_are_refused,
);

fn zarinpal(base: String) -> impl Fn(&mut Config) {
    zarinpal_at(base, 2000)
}

/// A registered order of one laptop (stock 10) for a new customer.
async fn an_order(s: &TestApp) -> (Shop, Ready, String) {
    let shop = shop(s, 10).await;
    let r = ready(s, &shop, 1).await;
    let code = register(s, &r, &shop).await;
    (shop, r, code)
}

// ------------------------------------------------------------------ item 5: forged callbacks

async fn a_forged_nok_or_a_premature_ok_keeps_the_order_and_its_stock(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal(fake.base.clone())).await;
    let (shop, r, code) = an_order(&s).await;
    let (_, first) = start_payment(&s, &r.c, &code).await;
    assert_eq!(stock(&s, shop.variant).await, 9);

    // «OK» before paying: the gateway refuses the verify; nothing is settled.
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={first}&Status=OK")).await;
    assert_eq!(loc, format!("/error-payment?code={code}"));
    assert_eq!(order_row(&s, &code).await.status, "awaiting_payment", "a premature OK cancels nothing");
    assert_eq!(stock(&s, shop.variant).await, 9, "the hold stays");
    assert_eq!(payment_row(&s, &first).await.status, "pending", "the customer may still pay it");

    // A forged «NOK» closes that attempt, never the order.
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={first}&Status=NOK")).await;
    assert_eq!(loc, format!("/error-payment?code={code}"));
    assert_eq!(payment_row(&s, &first).await.status, "failed");
    assert_eq!(order_row(&s, &code).await.status, "awaiting_payment", "a forged NOK cancels nothing");
    assert_eq!(stock(&s, shop.variant).await, 9, "the hold stays");
    let cancelled = s.post_auth(PAY_RESULT, &r.c.token, json!({ "code": code })).await;
    assert_eq!(cancelled.body["OrderStatus"], "awaiting_payment", "{}", cancelled.text);

    // The owner still pays the same order.
    let (_, second) = start_payment(&s, &r.c, &code).await;
    assert_ne!(second, first, "a closed attempt is not reused");
    fake.pay(&second);
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={second}&Status=OK")).await;
    assert_eq!(loc, format!("/success-payment?code={code}"));
    assert_eq!(order_row(&s, &code).await.status, "paid");
    assert_eq!(stock(&s, shop.variant).await, 9);
    assert_eq!(order_row(&s, &code).await.stock_state, "committed");
}

// ------------------------------------------------------------------ item 6: start reuses and is limited

async fn forty_parallel_starts_for_one_order_make_one_gateway_request(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal(fake.base.clone())).await;
    let (_, r, code) = an_order(&s).await;
    let keys: Vec<String> = (0..40).map(|_| key()).collect();
    let answers = join_all(keys.iter().map(|k| post_key(&s, PAY_START, &r.c.token, k, json!({ "code": code })))).await;
    for a in &answers {
        assert_eq!(a.status, 200, "{}", a.text);
    }
    let pairs: HashSet<(String, String)> = answers.iter().map(|a| (a.s("url"), a.s("authority"))).collect();
    assert_eq!(pairs.len(), 1, "every start answers the same attempt: {pairs:?}");
    assert_eq!(fake.requests().len(), 1, "one gateway request");
    assert_eq!(s.count("payment").await, 1);
    // Later, while the attempt is valid: the same attempt again, still one request.
    s.clock.advance(60);
    let (url, authority) = start_payment(&s, &r.c, &code).await;
    assert_eq!(pairs.into_iter().next().unwrap(), (url, authority));
    assert_eq!(fake.requests().len(), 1);
}

/// The answer of a refused start: 429, `Retry-After`, a Persian message.
fn assert_limited(resp: &crate::helpers::Resp) {
    resp.assert_error(429);
    let retry: i64 = resp.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=3600).contains(&retry), "Retry-After {retry}");
}

async fn payment_starts_past_the_per_customer_limit_are_refused(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, |c| {
        zarinpal(fake.base.clone())(c);
        c.payment_starts.per_customer_hour = 3;
        // Four unpaid orders of one product: past the default hold caps (2 orders, 3 units).
        c.order_limits.holds.open_orders = 10;
        c.order_limits.holds.units_per_customer = 10;
    })
    .await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    // An order at the bank is not replaced by registering the cart again: four orders, each
    // started (three new attempts, then the fourth).
    let mut codes = Vec::new();
    for _ in 0..3 {
        let code = register(&s, &r, &shop).await;
        start_payment(&s, &r.c, &code).await;
        codes.push(code);
    }
    codes.push(register(&s, &r, &shop).await);
    let refused = post_key(&s, PAY_START, &r.c.token, &key(), json!({ "code": codes[3] })).await;
    assert_limited(&refused);
    assert_eq!(fake.requests().len(), 3, "the refused start asked the gateway nothing");
    assert_eq!(order_row(&s, &codes[3]).await.status, "registered", "nothing written");
    // A pending attempt is still answered (reuse is not a new attempt).
    start_payment(&s, &r.c, &codes[0]).await;
    // A sliding hour later the customer starts again.
    s.clock.advance(3600);
    let c = crate::helpers::TestUser { id: r.c.id, uid: r.c.uid.clone(), token: s.fresh_token(&r.c) };
    let later = Ready { c, cart: r.cart, address: r.address };
    let code = register(&s, &later, &shop).await;
    start_payment(&s, &later.c, &code).await;
    assert_eq!(fake.requests().len(), 4);
}

async fn payment_starts_past_the_per_order_limit_are_refused(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, |c| {
        zarinpal(fake.base.clone())(c);
        c.payment_starts.per_order_hour = 2;
    })
    .await;
    let (shop, r, code) = an_order(&s).await;
    // Abandoned at the bank twice: each «NOK» closes its attempt, the next start opens one.
    for _ in 0..2 {
        let (_, authority) = start_payment(&s, &r.c, &code).await;
        get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=NOK")).await;
    }
    let refused = post_key(&s, PAY_START, &r.c.token, &key(), json!({ "code": code })).await;
    assert_limited(&refused);
    assert_eq!(fake.requests().len(), 2);
    assert_eq!(order_row(&s, &code).await.status, "awaiting_payment");
    assert_eq!(stock(&s, shop.variant).await, 9, "the order keeps its hold");
}

// ------------------------------------------------------------------ item 1: the sandbox bank

/// Outside development mode the start-up refuses the sandbox bank by name, and even a state
/// built around that check has no sandbox pages: an open attempt's page and «پرداخت» are 404.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outside_development_the_sandbox_bank_is_refused_and_its_pages_do_not_exist() {
    use poem::listener::{Acceptor, Listener};
    use shop_server::payment::gateway::PayRequest;
    let db = TestDb::sqlite();
    let mut config = Config::for_tests(db.url.clone());
    config.env = ShopEnv::Production;
    config.sms = SmsSetting::Kavenegar { api_key: "k".into(), template: "t".into(), base_url: "http://127.0.0.1:9".into() };
    config.captcha_secret = Some("c".into());
    config.secret = b"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08".to_vec();
    config.web_dir = std::env::temp_dir().join("shop-test-no-web");
    assert_eq!(config.payment, "sandbox");
    match shop_server::startup::Application::build(config.clone()).await {
        Err(shop_server::startup::BuildError::Unsafe(problems)) => {
            assert_eq!(problems.len(), 1, "only the bank is unsafe here: {problems:?}");
            assert!(problems[0].starts_with("SHOP_PAYMENT:") && problems[0].contains("SHOP_PAYMENT=zarinpal"), "{problems:?}");
        }
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(_) => panic!("a production app with the sandbox bank started"),
    }

    let conn = shop_server::platform::db::connect_and_migrate(&config.database_url, 2).await.unwrap();
    let state = shop_server::state::AppState::new(config, conn);
    let req = PayRequest { amount: 10_000, description: "x".into(), callback_url: "http://x/cb".into(), mobile: "09120000001".into() };
    let started = state.payments.request(&req).await.expect("the sandbox opens an attempt");
    let acceptor = poem::listener::TcpListener::bind("127.0.0.1:0").into_acceptor().await.unwrap();
    let addr = acceptor.local_addr().into_iter().find_map(|a| a.as_socket_addr().copied()).unwrap();
    let server = tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(shop_server::startup::build_app(state.clone())));
    let client = no_redirect();
    let page = client.get(format!("http://{addr}/api/client/v1/payment/sandbox/{}", started.authority)).send().await.unwrap();
    assert_eq!(page.status(), 404);
    let pay = client.post(format!("http://{addr}/api/client/v1/payment/sandbox/{}/pay", started.authority)).send().await.unwrap();
    assert_eq!(pay.status(), 404);
    assert!(state.payments.verify(&started.authority, 10_000).await.is_err(), "nothing was paid");
    server.abort();
}
