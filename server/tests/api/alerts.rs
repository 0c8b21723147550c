//! Restock and price-drop alerts (issue 27 item 4) on both databases: subscribing by core's
//! rule (restock only when out of stock, price drop only when in stock), idempotent repeats,
//! owner-only list and remove, and the job: each alert once by SMS after staff restock or cut
//! the price in the back office, once across two nodes, no storm on a price that goes down and
//! back up between rounds, 10,000 alerts that a price change never touches and that go out in
//! bounded rounds within the SMS budget; prices as the product page shows them (a special
//! offer lowers them).

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::{json, Value};
use shop_server::alert::jobs::{send_due, Round, BATCH};
use shop_server::auth::entity::user;
use shop_server::platform::config::Config;

use crate::helpers::{mobile, on_both_dbs, spawn_app_with, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    a_restock_alert_goes_once_by_sms_after_staff_restock_and_shows_as_sent,
    a_restock_alert_for_a_variant_in_stock_is_refused_in_persian,
    a_price_drop_alert_for_a_variant_out_of_stock_is_refused_in_persian,
    asking_again_for_a_waiting_alert_is_the_same_row,
    another_customers_alert_cannot_be_seen_or_removed,
    an_unknown_or_unpublished_variant_is_404,
    a_signed_out_caller_gets_401,
    a_price_down_and_back_up_between_rounds_sends_nothing_and_a_real_drop_sends_once,
    two_nodes_running_the_job_at_once_send_each_alert_once,
    ten_thousand_alerts_are_untouched_by_a_price_change_and_go_out_in_bounded_rounds_within_budget,
    a_special_offer_that_lowers_the_shown_price_is_a_drop_and_its_sms_names_the_offer_price,
    a_round_reaches_a_due_alert_behind_a_full_batch_of_alerts_that_do_not_fire,
);

const A: &str = "/api/admin/v1/catalog";
const C: &str = "/api/client/v1/alert";

/// The job only when the test runs it (its first round at start-up finds nothing).
fn quiet_job(c: &mut Config) {
    c.alert_every_ms = 3_600_000;
}

async fn app(db: TestDb) -> TestApp {
    spawn_app_with(db, quiet_job).await
}

async fn ok(s: &TestApp, path: &str, token: &str, body: Value) -> Value {
    let r = s.post_auth(&format!("{A}{path}"), token, body).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.body["data"].clone()
}

/// A published laptop with one variant at `price` and `stock`: its editor view.
async fn laptop(s: &TestApp, staff: &TestUser, price: i64, stock: i64) -> Value {
    let cat = ok(s, "/category/create", &staff.token, json!({ "category": { "name": "اداری", "slug": format!("office-{}", mobile()) } }))
        .await["id"]
        .as_i64()
        .unwrap();
    let body = json!({
        "product": {
            "name": "لپ‌تاپ ایسوس ذن‌بوک ۱۴", "brand": "ASUS", "model": "UX3405", "condition": "new",
            "category": cat.to_string(), "description": "سبک", "cpu": "Intel Core Ultra 5", "ram_gb": "16",
            "storage_gb": "512", "screen_inches": "14", "os": "Windows 11"
        },
        "variants": [{ "color": "نقره‌ای", "warranty_name": "گارانتی ۱۸ ماهه", "price": price.to_string(), "stock": stock.to_string(), "ins_payment": true }],
        "publish": true
    });
    ok(s, "/product/create", &staff.token, body).await
}

fn variant_id(p: &Value) -> i64 {
    p["variants"][0]["id"].as_i64().unwrap()
}

/// Staff change the variant's price or stock in the catalogue editor; the new editor view.
async fn edit(s: &TestApp, staff: &TestUser, p: &Value, field: &str, value: i64) -> Value {
    let got = ok(s, "/product/get", &staff.token, json!({ "uid": p["uid"] })).await;
    let v = &got["variants"][0];
    let mut form = v["form"].clone();
    form[field] = json!(value.to_string());
    ok(s, "/variant/update", &staff.token, json!({ "id": v["id"], "version": v["version"], "variant": form })).await
}

async fn subscribe(s: &TestApp, token: &str, variant: i64, kind: &str) -> Resp {
    s.post_auth(&format!("{C}/subscribe"), token, json!({ "variant_id": variant, "kind": kind })).await
}

async fn list(s: &TestApp, token: &str) -> Vec<Value> {
    let r = s.post_auth(&format!("{C}/list"), token, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["data"].as_array().unwrap().clone()
}

async fn run(s: &TestApp) -> Round {
    send_due(&s.state, s.now()).await.expect("alerts round")
}

async fn outbox(s: &TestApp, mobile: &str) -> Vec<String> {
    let r = s.get(&format!("/api/dev/sms?mobile={mobile}")).await;
    r.body["messages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect()
}

async fn customer(s: &TestApp) -> (TestUser, String) {
    let m = mobile();
    (s.user(&m, "تهران").await, m)
}

/// `n` customers with mobiles `{prefix}0000000…`, each with a waiting price-drop alert on
/// `variant` at `threshold`, written straight into the tables (oldest first).
async fn waiting_price_drops(s: &TestApp, prefix: &str, n: usize, variant: i64, threshold: i64) {
    use shop_server::alert::entity::customer_alert;
    let now = s.now();
    for chunk in (0..n).collect::<Vec<_>>().chunks(500) {
        let users = chunk.iter().map(|i| user::new_customer(&format!("{prefix}{i:07}"), now));
        user::Entity::insert_many(users).exec_without_returning(&s.db).await.unwrap();
    }
    let ids: Vec<i64> = s.rows("users").await.iter().filter(|u| u["mobile"].as_str().unwrap().starts_with(prefix)).map(|u| u["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), n);
    for chunk in ids.chunks(1_000) {
        let alerts = chunk.iter().map(|&id| customer_alert::ActiveModel {
            user_id: Set(id),
            variant_id: Set(variant),
            kind: Set("price_drop".into()),
            threshold: Set(threshold),
            state: Set("waiting".into()),
            created_at: Set(now),
            ..Default::default()
        });
        customer_alert::Entity::insert_many(alerts).exec_without_returning(&s.db).await.unwrap();
    }
}

async fn a_restock_alert_goes_once_by_sms_after_staff_restock_and_shows_as_sent(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 41_500_000, 0).await;
    let (c, m) = customer(&s).await;
    let r = subscribe(&s, &c.token, variant_id(&p), "restock").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["created"], true);
    assert_eq!(r.body["data"]["State"], "waiting");
    assert_eq!(r.body["data"]["Kind"], "restock");

    assert_eq!(run(&s).await.sent, 0, "still out of stock");
    edit(&s, &staff, &p, "stock", 4).await;
    assert_eq!(run(&s).await.sent, 1);
    let texts = outbox(&s, &m).await;
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].contains("«لپ‌تاپ ایسوس ذن‌بوک ۱۴» موجود شد") && texts[0].contains("۴۱٬۵۰۰٬۰۰۰ تومان"), "{}", texts[0]);
    assert!(texts[0].contains(&format!("/product/{}", p["uid"].as_str().unwrap())), "{}", texts[0]);

    // Once: later rounds, and the stock going down and up again, send nothing more.
    assert_eq!(run(&s).await.sent, 0);
    edit(&s, &staff, &p, "stock", 0).await;
    edit(&s, &staff, &p, "stock", 2).await;
    assert_eq!(run(&s).await.sent, 0);
    assert_eq!(outbox(&s, &m).await.len(), 1);

    let mine = list(&s, &c.token).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["State"], "sent");
    assert_eq!(mine[0]["ProductName"], "لپ‌تاپ ایسوس ذن‌بوک ۱۴");
    assert_eq!(mine[0]["SentPriceText"], "۴۱٬۵۰۰٬۰۰۰ تومان");
    assert!(mine[0]["SentAt"].as_i64().is_some());

    // The SMS counted against the shop's hourly budget.
    let budget: Vec<_> = s.rows("rate_limits").await.into_iter().filter(|r| r["key"].as_str().unwrap_or("").starts_with("sms-budget:")).collect();
    assert_eq!(budget.len(), 1, "{budget:?}");
    assert_eq!(budget[0]["count"].as_i64(), Some(1));

    // Once sent, the same alert may be asked for again (a new waiting row).
    let r = subscribe(&s, &c.token, variant_id(&p), "price_drop").await;
    assert_eq!((r.status, r.body["created"].clone()), (200, json!(true)), "{}", r.text);
}

async fn a_restock_alert_for_a_variant_in_stock_is_refused_in_persian(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 30_000_000, 3).await;
    let (c, _) = customer(&s).await;
    let r = subscribe(&s, &c.token, variant_id(&p), "restock").await;
    r.assert_error(422);
    assert_eq!(r.s("field"), "kind");
    assert_eq!(r.s("message"), "این کالا هم‌اکنون موجود است و می‌توانید آن را بخرید؛ خبر موجود شدن برای کالای ناموجود است");
    assert_eq!(s.count("customer_alert").await, 0);
    // An unknown kind is refused in Persian, not a 500.
    let r = subscribe(&s, &c.token, variant_id(&p), "soon").await;
    r.assert_error(422);
    assert_eq!(r.s("field"), "kind");
}

async fn a_price_drop_alert_for_a_variant_out_of_stock_is_refused_in_persian(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 30_000_000, 0).await;
    let (c, _) = customer(&s).await;
    let r = subscribe(&s, &c.token, variant_id(&p), "price_drop").await;
    r.assert_error(422);
    assert_eq!(r.s("message"), "این کالا ناموجود است؛ برای آن «موجود شد خبرم کن» را بزنید");
    assert_eq!(s.count("customer_alert").await, 0);
}

async fn asking_again_for_a_waiting_alert_is_the_same_row(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 30_000_000, 0).await;
    let (c, _) = customer(&s).await;
    let first = subscribe(&s, &c.token, variant_id(&p), "restock").await;
    let again = subscribe(&s, &c.token, variant_id(&p), "restock").await;
    assert_eq!(again.status, 200, "{}", again.text);
    assert_eq!(again.body["created"], false);
    assert_eq!(again.body["data"]["Id"], first.body["data"]["Id"]);
    // Ten at once: still one row.
    let caller = s.caller();
    let path = format!("{C}/subscribe");
    let body = json!({ "variant_id": variant_id(&p), "kind": "restock" });
    let calls = (0..10).map(|_| caller.post(&path, Some(&c.token), body.clone()));
    for (status, body) in futures::future::join_all(calls).await {
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(s.count("customer_alert").await, 1);
    assert_eq!(list(&s, &c.token).await.len(), 1);
}

async fn another_customers_alert_cannot_be_seen_or_removed(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 30_000_000, 0).await;
    let (a, _) = customer(&s).await;
    let (b, _) = customer(&s).await;
    let id = subscribe(&s, &a.token, variant_id(&p), "restock").await.body["data"]["Id"].as_i64().unwrap();
    assert!(list(&s, &b.token).await.is_empty());
    let r = s.post_auth(&format!("{C}/remove"), &b.token, json!({ "id": id })).await;
    r.assert_error(404);
    assert_eq!(r.s("message"), "این درخواست پیدا نشد");
    assert_eq!(list(&s, &a.token).await.len(), 1, "A's alert is still there");
    let r = s.post_auth(&format!("{C}/remove"), &a.token, json!({ "id": id })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(list(&s, &a.token).await.is_empty());
    s.post_auth(&format!("{C}/remove"), &a.token, json!({ "id": id })).await.assert_error(404);
}

async fn an_unknown_or_unpublished_variant_is_404(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 30_000_000, 0).await;
    let (c, _) = customer(&s).await;
    let r = subscribe(&s, &c.token, 987_654_321, "restock").await;
    r.assert_error(404);
    assert_eq!((r.s("field"), r.s("message")), ("variant_id".to_string(), "کالای مورد نظر پیدا نشد".to_string()));
    ok(&s, "/product/publish", &staff.token, json!({ "uid": p["uid"], "version": p["version"], "published": false })).await;
    subscribe(&s, &c.token, variant_id(&p), "restock").await.assert_error(404);
    assert_eq!(s.count("customer_alert").await, 0);
}

async fn a_signed_out_caller_gets_401(db: TestDb) {
    let s = app(db).await;
    for (path, body) in [("subscribe", json!({ "variant_id": 1, "kind": "restock" })), ("list", json!({})), ("remove", json!({ "id": 1 }))] {
        let r = s.post(&format!("{C}/{path}"), body).await;
        assert_eq!(r.status, 401, "{path}: {}", r.text);
    }
}

async fn a_price_down_and_back_up_between_rounds_sends_nothing_and_a_real_drop_sends_once(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 50_000_000, 5).await;
    let (c, m) = customer(&s).await;
    let r = subscribe(&s, &c.token, variant_id(&p), "price_drop").await;
    assert_eq!(r.body["data"]["Threshold"], 50_000_000, "{}", r.text);

    // Down and back up within a minute, before the job's round: nothing.
    edit(&s, &staff, &p, "price", 45_000_000).await;
    edit(&s, &staff, &p, "price", 50_000_000).await;
    edit(&s, &staff, &p, "price", 48_000_000).await;
    edit(&s, &staff, &p, "price", 52_000_000).await;
    assert_eq!(run(&s).await.sent, 0);
    assert!(outbox(&s, &m).await.is_empty());

    // A drop that holds: one SMS with both prices; more drops send nothing more.
    edit(&s, &staff, &p, "price", 47_000_000).await;
    assert_eq!(run(&s).await.sent, 1);
    edit(&s, &staff, &p, "price", 49_000_000).await;
    edit(&s, &staff, &p, "price", 40_000_000).await;
    assert_eq!(run(&s).await.sent, 0);
    let texts = outbox(&s, &m).await;
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].contains("از ۵۰٬۰۰۰٬۰۰۰ تومان به ۴۷٬۰۰۰٬۰۰۰ تومان"), "{}", texts[0]);
}

async fn two_nodes_running_the_job_at_once_send_each_alert_once(db: TestDb) {
    let s = app(db).await;
    let other = s.second_node_with(quiet_job).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 30_000_000, 0).await;
    let mut mobiles = Vec::new();
    for _ in 0..40 {
        let (c, m) = customer(&s).await;
        assert_eq!(subscribe(&s, &c.token, variant_id(&p), "restock").await.status, 200);
        mobiles.push(m);
    }
    edit(&s, &staff, &p, "stock", 3).await;
    let (a, b) = tokio::join!(send_due(&s.state, s.now()), send_due(&other.state, other.now()));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.sent + b.sent, 40, "{a:?} {b:?}");
    for m in &mobiles {
        assert_eq!(outbox(&s, m).await.len() + outbox(&other, m).await.len(), 1, "{m}");
    }
    let (a, b) = tokio::join!(send_due(&s.state, s.now()), send_due(&other.state, other.now()));
    assert_eq!(a.unwrap().sent + b.unwrap().sent, 0);
    other.stop().await;
}

async fn ten_thousand_alerts_are_untouched_by_a_price_change_and_go_out_in_bounded_rounds_within_budget(db: TestDb) {
    use shop_server::alert::entity::customer_alert;
    const N: usize = 10_000;
    const BUDGET: i64 = 1_000;
    let s = spawn_app_with(db, |c| {
        quiet_job(c);
        c.limits.sms_hourly_budget = BUDGET;
    })
    .await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 60_000_000, 8).await;
    waiting_price_drops(&s, "0935", N, variant_id(&p), 60_000_000).await;

    // The price change does not touch the alerts: with their table out of the way it still
    // answers 200 (any read or write of it would fail the request).
    s.db.execute_unprepared("ALTER TABLE customer_alert RENAME TO customer_alert_away").await.unwrap();
    let saved = s.post_auth(&format!("{A}/product/get"), &staff.token, json!({ "uid": p["uid"] })).await;
    let v = &saved.body["data"]["variants"][0];
    let mut form = v["form"].clone();
    form["price"] = json!("55000000");
    let r = s.post_auth(&format!("{A}/variant/update"), &staff.token, json!({ "id": v["id"], "version": v["version"], "variant": form })).await;
    s.db.execute_unprepared("ALTER TABLE customer_alert_away RENAME TO customer_alert").await.unwrap();
    assert_eq!(r.status, 200, "{}", r.text);

    // The job: at most BATCH per round, and alerts stop at their share of the hour's budget.
    let share = (BUDGET * shop_server::alert::jobs::ALERT_SHARE_PERCENT / 100) as usize;
    let mut sent = 0;
    let mut rounds = 0;
    loop {
        let round = run(&s).await;
        assert!(round.sent as u64 <= BATCH, "{round:?}");
        sent += round.sent;
        rounds += 1;
        if round.budget_reached || round.sent == 0 {
            assert!(round.budget_reached, "stopped by the budget, not by running out: {round:?}");
            break;
        }
        assert!(rounds < 50);
    }
    assert_eq!(sent, share);
    let waiting = customer_alert::Entity::find()
        .filter(customer_alert::Column::State.eq("waiting"))
        .count(&s.db)
        .await
        .unwrap();
    assert_eq!(waiting as usize, N - share);

    // The next hour, the next batch.
    s.advance_clock(3_600);
    assert_eq!(run(&s).await.sent as u64, BATCH);
}

async fn a_special_offer_that_lowers_the_shown_price_is_a_drop_and_its_sms_names_the_offer_price(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop(&s, &staff, 50_000_000, 5).await;
    let (c, m) = customer(&s).await;
    assert_eq!(subscribe(&s, &c.token, variant_id(&p), "price_drop").await.body["data"]["Threshold"], 50_000_000);
    assert_eq!(run(&s).await.sent, 0);

    // The variant's own price does not move; the product's offer takes 4,000,000 off it.
    s.set_offer(p["id"].as_i64().unwrap(), 46_000_000, s.now() + 3_600).await;
    assert_eq!(run(&s).await.sent, 1);
    let texts = outbox(&s, &m).await;
    assert!(texts[0].contains("از ۵۰٬۰۰۰٬۰۰۰ تومان به ۴۶٬۰۰۰٬۰۰۰ تومان"), "{}", texts[0]);

    // Asked for while the offer runs, the threshold is the price the page shows.
    let (later, _) = customer(&s).await;
    let r = subscribe(&s, &later.token, variant_id(&p), "price_drop").await;
    assert_eq!(r.body["data"]["Threshold"], 46_000_000, "{}", r.text);
}

async fn a_round_reaches_a_due_alert_behind_a_full_batch_of_alerts_that_do_not_fire(db: TestDb) {
    let s = app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let steady = laptop(&s, &staff, 60_000_000, 5).await;
    let cheaper = laptop(&s, &staff, 60_000_000, 5).await;
    // BATCH + 1 older alerts on a price that has not dropped: none of them fires.
    waiting_price_drops(&s, "0936", BATCH as usize + 1, variant_id(&steady), 60_000_000).await;
    // The newest alert, on a laptop whose price then drops.
    let (c, m) = customer(&s).await;
    assert_eq!(subscribe(&s, &c.token, variant_id(&cheaper), "price_drop").await.status, 200);
    edit(&s, &staff, &cheaper, "price", 55_000_000).await;

    assert_eq!(run(&s).await.sent, 1);
    assert_eq!(outbox(&s, &m).await.len(), 1);
}
