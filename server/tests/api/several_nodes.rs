//! Several nodes on one database (issue 25 item 3, docs/operations.md "Several nodes behind a
//! load balancer"): two `shop` servers on the same database, requests alternating between them.
//! Each node has its own in-memory caches (catalogue snapshot, user rows, answers), sockets and
//! background jobs; the tests below fail when something that must be shared is kept per node.
//!
//! The other two-node behaviours are tested beside their areas (one copy each):
//! - the cart edited on one node reads the same on the other, prices too:
//!   `order.rs` `every_node_reads_the_current_cart_and_prices`;
//! - a chat message sent through one node reaches staff connected to the other (and marks):
//!   `chat.rs` `a_message_sent_to_one_node_reaches_a_socket_on_another`; an account's chat
//!   allowance across both: `an_accounts_sockets_together_get_no_more_than_its_message_limit`;
//! - instalment reminders go out once from two nodes: `instalments.rs`
//!   `reminders_go_out_once_from_two_nodes`;
//! - a catalogue change on one node shows on the other within a second:
//!   `catalog_admin.rs` `a_change_on_one_node_shows_on_the_other_within_a_second`;
//! - a block refuses the customer's token on the other node at once: `customers.rs`
//!   `a_block_reaches_a_second_node_at_once`.

use std::collections::HashMap;
use std::time::Duration;

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use shop_server::order::entity::{customer_order, order_event};
use shop_server::payment::entity::payment;
use shop_server::platform::Config;

use crate::checkout_support::*;
use crate::helpers::{mobile, on_both_dbs, spawn_app_with, TestApp, TestDb};

on_both_dbs!(
    a_customer_signed_in_on_one_node_is_signed_in_on_the_other,
    wrong_codes_alternated_between_nodes_lock_as_on_one_node,
    code_sends_alternated_between_nodes_meet_the_same_limits,
    one_idempotency_key_sent_to_both_nodes_registers_one_order,
    unpaid_orders_expire_once_with_both_nodes_running_the_job,
    payments_the_bank_reports_are_reconciled_once_by_two_nodes,
);

const OTP: &str = "/api/client/v1/user/otp";
const OTP_FORGET: &str = "/api/client/v1/user/otp/forget";
const LOGIN: &str = "/api/client/v1/user/login";
const TOKEN: &str = "/api/client/v1/user/token";
const LOGOUT: &str = "/api/client/v1/user/logout";
const INFO: &str = "/api/client/v1/user/info";
const PASSWORD: &str = "Abc@1234";

/// Node A on `db` and node B on the same database, both with `tweak` (one clock, one file store).
async fn two_nodes(db: TestDb, tweak: impl Fn(&mut Config)) -> (TestApp, TestApp) {
    let a = spawn_app_with(db, |c| tweak(c)).await;
    let b = a.second_node_with(|c| tweak(c)).await;
    (a, b)
}

/// Nodes that keep users' rows ten minutes (the default is 3 s): only what the nodes tell
/// each other can end a session on the node that did not end it.
fn long_user_cache(c: &mut Config) {
    c.user_cache_ms = 600_000;
}

fn login_otp_body(m: &str) -> Value {
    json!({ "mobile": m, "g-recaptcha-response": "token" })
}

async fn info(node: &TestApp, token: &str) -> u16 {
    let r = node.post_auth(INFO, token, json!({})).await;
    assert_ne!(r.status, 500, "{}", r.text);
    r.status
}

/// True once `node` refuses `token` (401), within 2 s; every answer before that is a 200.
async fn refused_soon(node: &TestApp, token: &str) -> bool {
    for _ in 0..40 {
        match info(node, token).await {
            401 => return true,
            200 => tokio::time::sleep(Duration::from_millis(50)).await,
            other => panic!("status {other}"),
        }
    }
    false
}

/// A code sent through one node is typed into the other; the tokens work on both; rotating the
/// refresh token on one spends the old one on both; a replayed refresh token and a sign-out on
/// one node end the session on the other at once (each node caches users' rows).
async fn a_customer_signed_in_on_one_node_is_signed_in_on_the_other(db: TestDb) {
    let (a, b) = two_nodes(db, long_user_cache).await;
    let m = mobile();
    a.register(&m, PASSWORD).await;
    a.advance_clock(60); // past the resend wait (the registration code)

    let sent = a.post(OTP, login_otp_body(&m)).await;
    assert_eq!(sent.s("status"), "ok", "{}", sent.text);
    let hash = sent.s("data");
    let code = a.last_code(&m).await.expect("code"); // the dev outbox is the sending node's
    let login = json!({ "mobile": m, "code": code, "hash": hash });
    let r = b.post(LOGIN, login.clone()).await;
    assert_eq!(r.s("status"), "ok", "verified through the other node: {}", r.text);
    assert_eq!(a.post(LOGIN, login).await.s("status"), "wrong", "the code is spent for both");
    let (token, r0) = (r.s("token"), r.s("reftoken"));
    for node in [&a, &b] {
        assert_eq!(info(node, &token).await, 200); // and each node now has the row cached
    }

    // Refreshed through B: the new pair works on A, and A sees the old token spent.
    let r = b.post(TOKEN, json!({ "reftoken": r0 })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let (t1, r1) = (r.s("token"), r.s("reftoken"));
    assert_eq!(info(&a, &t1).await, 200);
    a.advance_clock(shop_server::auth::service::REFRESH_GRACE_SECS + 1);
    let replay = a.post(TOKEN, json!({ "reftoken": r0 })).await;
    assert_eq!(replay.s("status"), "not", "rotated on B, refused on A: {}", replay.text);
    // The replay revoked the family and ended the access tokens, on B as well.
    assert_eq!(b.post(TOKEN, json!({ "reftoken": r1 })).await.s("status"), "not");
    assert!(refused_soon(&b, &t1).await, "B still lets in a session ended by a replay on A");
    assert_eq!(a.post_auth(INFO, &t1, json!({})).await.status, 401);

    // Signed in again (password, through B); signed out through A: over on B too.
    let r = b.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let (token, reftoken) = (r.s("token"), r.s("reftoken"));
    for node in [&b, &a] {
        assert_eq!(info(node, &token).await, 200);
    }
    let out = a.post(LOGOUT, json!({ "reftoken": reftoken })).await;
    assert_eq!(out.s("status"), "ok", "{}", out.text);
    assert_eq!(a.post_auth(INFO, &token, json!({})).await.status, 401, "the signing-out node");
    assert!(refused_soon(&b, &token).await, "B still lets in a session signed out on A");
    assert_eq!(b.post(TOKEN, json!({ "reftoken": reftoken })).await.s("status"), "not");

    // Housekeeping keeps only the newest session-end note; a later sign-out still reaches A.
    assert_eq!(a.count("session_ends").await, 2);
    shop_server::auth::service::purge_expired(&a.db, a.now() + 2 * 86_400).await.unwrap();
    assert_eq!(a.count("session_ends").await, 1);
    let r = a.post(LOGIN, json!({ "mobile": m, "password": PASSWORD })).await;
    let (token, reftoken) = (r.s("token"), r.s("reftoken"));
    assert_eq!(info(&a, &token).await, 200);
    assert_eq!(b.post(LOGOUT, json!({ "reftoken": reftoken })).await.s("status"), "ok");
    assert!(refused_soon(&a, &token).await, "A still lets in a session signed out on B");
}

/// Messages the dev outboxes of both nodes hold for `mobile`.
async fn outbox(nodes: [&TestApp; 2], mobile: &str) -> Vec<Value> {
    let mut all = Vec::new();
    for node in nodes {
        let r = node.get(&format!("/api/dev/sms?mobile={mobile}")).await;
        all.extend(r.body["messages"].as_array().cloned().unwrap_or_default());
    }
    all
}

/// A login code asked for through `node`: (hash, code).
async fn login_code(node: &TestApp, m: &str) -> (String, String) {
    let r = node.post(OTP, login_otp_body(m)).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    (r.s("data"), node.last_code(m).await.expect("code"))
}

/// A code login through `node`: (status, body).
async fn guess(node: &TestApp, m: &str, hash: &str, code: &str) -> (u16, Value) {
    let r = node.post(LOGIN, json!({ "mobile": m, "code": code, "hash": hash })).await;
    assert_ne!(r.status, 500, "{}", r.text);
    (r.status, r.body)
}

/// A challenge's wrong tries and the number's wrong codes of the day are counted in the
/// database: guesses alternated between the nodes kill a code after 5 and lock code sign-in
/// after 10, as on one node (per node, each would allow that many again).
async fn wrong_codes_alternated_between_nodes_lock_as_on_one_node(db: TestDb) {
    let (a, b) = two_nodes(db, |_| {}).await;
    let limits = a.state.config.limits.clone();
    assert_eq!((limits.otp_max_wrong, limits.otp_failures_day), (5, 10));
    let m = mobile();
    a.register(&m, PASSWORD).await;
    let wrong_of = |code: &str| if code == "99999" { "88888".to_string() } else { "99999".to_string() };

    // The first code, sent through A: five wrong tries, A and B in turn, then the right code
    // through B is refused (the code is dead).
    a.advance_clock(60);
    let (hash, code) = login_code(&a, &m).await;
    for (i, node) in [&a, &b, &a, &b, &a].into_iter().enumerate() {
        let (status, body) = guess(node, &m, &hash, &wrong_of(&code)).await;
        assert_eq!((status, body["status"].as_str()), (200, Some("wrong")), "try {}: {body}", i + 1);
    }
    let (status, body) = guess(&b, &m, &hash, &code).await;
    assert_eq!((status, body["status"].as_str()), (200, Some("wrong")), "dead after 5 wrong tries on two nodes: {body}");
    let ch = a.rows("otp_challenges").await.into_iter().find(|c| c["handle"] == hash.as_str()).unwrap();
    assert_eq!(ch["attempts"], 5);

    // A second code, sent through B: five more wrong, B and A in turn; ten for the day.
    a.advance_clock(60);
    let (hash, code) = login_code(&b, &m).await;
    for (i, node) in [&b, &a, &b, &a, &b].into_iter().enumerate() {
        let (status, body) = guess(node, &m, &hash, &wrong_of(&code)).await;
        assert_eq!((status, body["status"].as_str()), (200, Some("wrong")), "try {}: {body}", i + 6);
    }

    // The eleventh check is refused on either node, even with the right code.
    a.advance_clock(60);
    let (hash, code) = login_code(&a, &m).await;
    for node in [&b, &a] {
        let (status, body) = guess(node, &m, &hash, &code).await;
        assert_eq!(status, 429, "code sign-in locked for the day: {body}");
    }
    // The owner is told once, whichever node refused first.
    let notices = outbox([&a, &b], &m).await;
    let locked = notices.iter().filter(|n| n["text"] == shop_server::auth::service::text::CODE_LOCKED_SMS).count();
    assert_eq!(locked, 1, "{notices:?}");
}

/// The resend wait and the hourly number of codes are kept in the database: sends alternated
/// between the nodes meet them exactly as on one node.
async fn code_sends_alternated_between_nodes_meet_the_same_limits(db: TestDb) {
    let (a, b) = two_nodes(db, |_| {}).await;
    let limits = a.state.config.limits.clone();
    assert_eq!(limits.sends_per_number_hour, 5);
    let m = mobile();
    a.register(&m, PASSWORD).await; // code 1 of the hour
    a.advance_clock(60);
    login_code(&a, &m).await; // code 2
    // At once through the other node: the wait is the number's, not the node's.
    let r = b.post(OTP, login_otp_body(&m)).await;
    r.assert_error(429);
    let retry: i64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=limits.resend_secs).contains(&retry), "retry-after {retry}");
    // Codes 3 to 5, B, A, B, each after the wait.
    for node in [&b, &a, &b] {
        node.advance_clock(60);
        login_code(node, &m).await;
    }
    // The sixth in the hour is refused on both, recovery codes too.
    a.advance_clock(60);
    for node in [&a, &b] {
        let r = node.post(OTP, login_otp_body(&m)).await;
        r.assert_error(429);
        let retry: i64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!(retry > limits.resend_secs && retry <= 3600, "hourly retry-after {retry}");
        node.post(OTP_FORGET, json!({ "mobile": m, "g-recaptcha-response": "t" })).await.assert_error(429);
    }
    let sent = outbox([&a, &b], &m).await;
    assert_eq!(sent.len(), 5, "{sent:?}");
}

/// The claim of an `Idempotency-Key` is a database row: the same registration sent to both
/// nodes at once, and retried through each, makes one order and holds its stock once.
async fn one_idempotency_key_sent_to_both_nodes_registers_one_order(db: TestDb) {
    let (a, b) = two_nodes(db, |_| {}).await;
    let shop = shop(&a, 10).await;
    let r = ready(&a, &shop, 1).await;
    let k = key();
    let body = register_body(&r, shop.post);
    let (first, second) = tokio::join!(
        post_key(&a, REGISTER, &r.c.token, &k, body.clone()),
        post_key(&b, REGISTER, &r.c.token, &k, body.clone()),
    );
    let mut codes = Vec::new();
    for resp in [&first, &second] {
        match resp.status {
            200 => codes.push(resp.body["order"]["Code"].as_str().unwrap().to_string()),
            409 => {
                resp.assert_error(409); // the other node's copy was still running
            }
            other => panic!("status {other}: {}", resp.text),
        }
    }
    assert!(!codes.is_empty(), "neither copy registered: {} / {}", first.text, second.text);
    // Retries through each node get the one order.
    for node in [&b, &a] {
        let again = post_key(node, REGISTER, &r.c.token, &k, body.clone()).await;
        assert_eq!(again.status, 200, "{}", again.text);
        codes.push(again.body["order"]["Code"].as_str().unwrap().to_string());
    }
    codes.dedup();
    assert_eq!(codes.len(), 1, "{codes:?}");
    let orders = customer_order::Entity::find().filter(customer_order::Column::UserId.eq(r.c.id)).all(&a.db).await.unwrap();
    assert_eq!(orders.len(), 1, "{orders:?}");
    assert_eq!(stock(&a, shop.variant).await, 9);
}

/// How many timeline entries of each status the order has.
async fn timeline(s: &TestApp, order_id: i64) -> HashMap<String, usize> {
    let mut steps = HashMap::new();
    for e in order_event::Entity::find().filter(order_event::Column::OrderId.eq(order_id)).all(&s.db).await.unwrap() {
        *steps.entry(e.status).or_insert(0) += 1;
    }
    steps
}

async fn orders_of(s: &TestApp, codes: &[String]) -> Vec<customer_order::Model> {
    customer_order::Entity::find()
        .filter(customer_order::Column::Code.is_in(codes.iter().cloned()))
        .all(&s.db)
        .await
        .unwrap()
}

/// Both nodes run the expiry job on the same orders (one clock moves past every order's
/// window); each order is expired once: its stock comes back once and its timeline says it
/// once. (An expiry sends no SMS.)
async fn unpaid_orders_expire_once_with_both_nodes_running_the_job(db: TestDb) {
    let (a, b) = two_nodes(db, |_| {}).await;
    let shop = shop(&a, 50).await;
    // 30 customers, registered through A and B in turn: enough work that both nodes' rounds
    // (every 100 ms) overlap on the same orders.
    let mut codes = Vec::new();
    let mut held = 0;
    for i in 0..30 {
        let node = if i % 2 == 0 { &a } else { &b };
        let num = 1 + i % 2;
        let r = ready(node, &shop, num).await;
        codes.push(register(node, &r, &shop).await);
        held += num;
    }
    assert_eq!(stock(&a, shop.variant).await, 50 - held);
    a.advance_clock(21 * 60); // both nodes: one clock
    eventually("every order expired", || async {
        orders_of(&a, &codes).await.iter().all(|o| o.status == "expired")
    })
    .await;
    // More rounds of both jobs change nothing.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(stock(&a, shop.variant).await, 50, "every unit back, once");
    for o in orders_of(&a, &codes).await {
        assert_eq!(o.status, "expired");
        assert_eq!(o.stock_state, customer_order::STOCK_RELEASED, "{}", o.code);
        let steps = timeline(&a, o.id).await;
        assert_eq!(steps.get("expired"), Some(&1), "{}: {steps:?}", o.code);
    }
}

/// Paid at the bank, the callback never came: both nodes' reconciliation rounds find the same
/// payments in the gateway's list; each is settled once (no second settlement, which would
/// flag the payment for a refund as "paid twice") and its order is paid once.
async fn payments_the_bank_reports_are_reconciled_once_by_two_nodes(db: TestDb) {
    let fake = fake_zarinpal().await;
    let (a, b) = two_nodes(db, zarinpal_at(fake.base.clone(), 500)).await;
    let shop = shop(&a, 30).await;
    let mut started = Vec::new();
    for i in 0..20 {
        let (node, other) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let r = ready(node, &shop, 1).await;
        let code = register(node, &r, &shop).await;
        let (_, authority) = start_payment(other, &r.c, &code).await;
        started.push((code, authority));
    }
    assert_eq!(stock(&a, shop.variant).await, 10);
    for (_, authority) in &started {
        fake.pay(authority);
    }
    let codes: Vec<String> = started.iter().map(|(c, _)| c.clone()).collect();
    eventually("every order paid", || async { orders_of(&a, &codes).await.iter().all(|o| o.status == "paid") }).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut verified_twice = 0;
    let verifies = fake.verifies();
    for (code, authority) in &started {
        let p = payment_row(&a, authority).await;
        assert_eq!(p.status, payment::PAID, "{code}");
        assert!(!p.refund_needed, "{code}: settled twice, flagged for a refund");
        let o = order_row(&a, code).await;
        assert_eq!(o.stock_state, customer_order::STOCK_COMMITTED, "{code}");
        let steps = timeline(&a, o.id).await;
        assert_eq!(steps.get("paid"), Some(&1), "{code}: {steps:?}");
        if verifies.iter().filter(|v| v["authority"] == authority.as_str()).count() > 1 {
            verified_twice += 1;
        }
    }
    assert_eq!(stock(&a, shop.variant).await, 10, "sold stock stays sold, once");
    assert_eq!(a.count("payment").await, 20);
    // Both nodes may ask the bank to verify one payment (Zarinpal answers 101, "verified
    // before", to the later one); only one of them settles it.
    println!("{verified_twice} of 20 payments were verified at the bank by both nodes");
}

/// Two nodes started at the same moment on a PostgreSQL database nothing has migrated yet, each
/// set to load the demo into an empty database: both start (they take turns at the start lock)
/// and the demo is there once, as one node alone loads it. Without the lock one node failed to
/// start (a table created twice). SQLite has no second node: one file is one process's.
#[tokio::test]
async fn nodes_started_together_on_a_new_database_both_start() {
    let Some(db) = TestDb::postgres_or_skip("nodes_started_together_on_a_new_database_both_start").await else {
        return;
    };
    let other = db.another_node();
    let seed = |c: &mut Config| c.seed_demo_on_empty = true;
    let (a, b) = tokio::join!(spawn_app_with(db, seed), spawn_app_with(other, seed));
    for node in [&a, &b] {
        assert_eq!(node.get("/api/health/ready").await.status, 200);
    }
    let alone = spawn_app_with(TestDb::sqlite(), seed).await;
    for table in ["product", "product_variant", "delivery_option", "users"] {
        let once = alone.count(table).await;
        assert!(once > 0, "{table}: the demo loads some");
        assert_eq!(a.count(table).await, once, "{table}: loaded once");
    }
}

