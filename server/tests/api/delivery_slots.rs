//! Delivery slots over HTTP, on SQLite and on PostgreSQL (issue 27 item 5): staff add slots
//! per city (bad forms refused in Persian), a customer lists the slots offered for a city and
//! registers with one; a place is taken atomically with the order (100 concurrent orders for a
//! capacity of 10: exactly 10), a refused slot writes nothing, the same Idempotency-Key never
//! takes two places, and cancel and expiry give the place back once. The invoice and the
//! tracking answer show the slot.

use sea_orm::EntityTrait;
use serde_json::{json, Value};
use shop_core::delivery_slot::window::{CLOSED, FULL, PAST_DAY};
use shop_core::forms::delivery_slot::{CAPACITY, END_BEFORE_START};
use shop_core::tehran::tehran_date;
use shop_server::delivery::entity::delivery_slot;
use shop_server::delivery::slots::{OTHER_CITY, PICKUP, UNKNOWN};

use crate::checkout_support::*;
use crate::helpers::{on_both_dbs, spawn_app, TestApp, TestDb, TestUser};

on_both_dbs!(
    slot_capacity_holds_under_concurrency_on_both_databases,
    a_slot_of_another_city_is_refused,
    a_slot_with_the_in_store_pickup_is_refused,
    a_slot_past_its_cut_off_is_refused,
    a_full_slot_writes_nothing_and_leaves_stock_and_discount_untouched,
    an_unknown_or_removed_slot_is_refused,
    a_slot_is_optional_even_when_the_city_has_slots,
    the_same_idempotency_key_does_not_take_two_places,
    cancelling_gives_the_place_back_once,
    expiry_gives_the_place_back_once,
    registering_the_cart_again_moves_the_place_to_the_new_order,
    staff_forms_refuse_bad_slots_in_persian,
    the_offered_list_hides_closed_full_removed_and_other_cities,
    the_invoice_and_the_tracking_answer_show_the_slot,
);

const SLOTS: &str = "/api/client/v1/order/get/delivery/slots";
const SAVE: &str = "/api/admin/v1/delivery/slot/save";
const REMOVE: &str = "/api/admin/v1/delivery/slot/remove";
const ADMIN_LIST: &str = "/api/admin/v1/delivery/slot/list";
const TRACKING: &str = "/api/client/v1/returns/order";

/// The Jalali day `days` after the server's today (Tehran), as staff type it.
fn day(s: &TestApp, days: i64) -> String {
    let d = tehran_date(s.now() + days * 86_400).unwrap();
    format!("{}/{:02}/{:02}", d.year, d.month, d.day)
}

async fn staff(s: &TestApp) -> TestUser {
    s.staff_with(&crate::helpers::mobile(), &["orders"]).await
}

/// Staff add a slot tomorrow 9–12 (cut-off 8) in `city`; its id.
async fn slot(s: &TestApp, city: &str, capacity: i64) -> i64 {
    let st = staff(s).await;
    let r = s
        .post_auth(SAVE, &st.token, json!({ "city": city, "day": day(s, 1), "start": "9", "end": "12", "cutoff": "8", "capacity": capacity.to_string() }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["data"]["id"].as_i64().unwrap()
}

async fn row(s: &TestApp, id: i64) -> delivery_slot::Model {
    delivery_slot::Entity::find_by_id(id).one(&s.db).await.unwrap().unwrap()
}

fn with_slot(r: &Ready, delivery: i64, slot: i64) -> Value {
    let mut b = register_body(r, delivery);
    b["slotid"] = json!(slot);
    b
}

/// Registers `r` with slot `id`; the answer (never a 500).
async fn register_slot(s: &TestApp, r: &Ready, shop: &Shop, id: i64) -> crate::helpers::Resp {
    post_key(s, REGISTER, &r.c.token, &key(), with_slot(r, shop.post, id)).await
}

fn refused(resp: &crate::helpers::Resp, message: &str) {
    assert_eq!(resp.status, 422, "{}", resp.text);
    assert_eq!((resp.s("message").as_str(), resp.body["field"].as_str()), (message, Some("slotid")), "{}", resp.text);
}

// ------------------------------------------------------------------ taking a place

async fn slot_capacity_holds_under_concurrency_on_both_databases(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 1000).await;
    let id = slot(&s, "تهران", 10).await;
    let mut all = Vec::new();
    for _ in 0..100 {
        all.push(ready(&s, &shop, 1).await);
    }
    let s = std::sync::Arc::new(s);
    let tasks: Vec<_> = all
        .into_iter()
        .map(|r| {
            let s = s.clone();
            tokio::spawn(async move { post_key(&s, REGISTER, &r.c.token, &key(), with_slot(&r, shop.post, id)).await })
        })
        .collect();
    let (mut ok, mut full) = (0, 0);
    for t in tasks {
        let resp = t.await.unwrap();
        match resp.status {
            200 if resp.s("status") == "ok" => ok += 1,
            422 if resp.s("message") == FULL => full += 1,
            _ => panic!("unexpected: {} {}", resp.status, resp.text),
        }
    }
    assert_eq!((ok, full), (10, 90));
    assert_eq!(row(&s, id).await.reserved, 10);
    assert_eq!(s.count("customer_order").await, 10);
    assert_eq!(stock(&s, shop.variant).await, 990, "the refused ones took no stock");
}

async fn a_slot_of_another_city_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "اصفهان", 5).await;
    let r = ready(&s, &shop, 1).await;
    refused(&register_slot(&s, &r, &shop, id).await, OTHER_CITY);
    assert_eq!((row(&s, id).await.reserved, s.count("customer_order").await, stock(&s, shop.variant).await), (0, 0, 10));
}

async fn a_slot_with_the_in_store_pickup_is_refused(db: TestDb) {
    use sea_orm::{ActiveModelTrait, ActiveValue::Set};
    use shop_server::delivery::entity::delivery_option;
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 5).await;
    // The post option made the shop's pickup: the customer collects it, no courier comes.
    delivery_option::ActiveModel { id: Set(shop.post), pickup: Set(true), ..Default::default() }.update(&s.db).await.unwrap();
    let r = ready(&s, &shop, 1).await;
    refused(&register_slot(&s, &r, &shop, id).await, PICKUP);
    assert_eq!((row(&s, id).await.reserved, s.count("customer_order").await, stock(&s, shop.variant).await), (0, 0, 10));
    // The option says so, and the web offers no slot with it.
    let options = s.post_auth("/api/client/v1/order/get/delivery/order", &r.c.token, json!({ "orderid": r.cart })).await;
    assert!(options.body["data"].as_array().unwrap().iter().any(|o| o["Id"] == shop.post && o["Pickup"] == true), "{}", options.text);
}

async fn a_slot_past_its_cut_off_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 5).await;
    let closes = row(&s, id).await.closes_at;
    let (mut r, mut early) = (ready(&s, &shop, 1).await, ready(&s, &shop, 1).await);
    // One second before its cut-off it is taken; at the cut-off it is not.
    s.clock.advance(closes - 1 - s.now());
    r.c.token = s.fresh_token(&r.c);
    early.c.token = s.fresh_token(&early.c);
    assert_eq!(register_slot(&s, &early, &shop, id).await.s("status"), "ok");
    s.clock.advance(1);
    refused(&register_slot(&s, &r, &shop, id).await, CLOSED);
    assert_eq!((row(&s, id).await.reserved, s.count("customer_order").await), (1, 1));
    // A day later it is a past slot: the same answer (by then the early order's unpaid hold
    // may have expired and given its place back, so only the refusal is checked).
    s.clock.advance(86_400);
    r.c.token = s.fresh_token(&r.c);
    refused(&register_slot(&s, &r, &shop, id).await, CLOSED);
    assert_eq!(s.count("customer_order").await, 1);
}

async fn a_full_slot_writes_nothing_and_leaves_stock_and_discount_untouched(db: TestDb) {
    use shop_core::discount::{DiscountCode, DiscountKind, DiscountTerms};
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 1).await;
    let first = ready(&s, &shop, 1).await;
    assert_eq!(register_slot(&s, &first, &shop, id).await.s("status"), "ok");
    let now = s.now();
    let terms = DiscountTerms { kind: DiscountKind::Percent, value: 10, ..DiscountTerms::open(now - 60, now + 86_400) };
    let new = shop_server::discount::service::NewDiscount { code: DiscountCode::parse("SLOTFULL").unwrap(), terms, description: "آزمایشی".into() };
    shop_server::discount::service::create(&s.db, &shop_server::auth::staff::Actor::cli(), new, now).await.unwrap();
    let second = ready(&s, &shop, 2).await;
    let mut body = with_slot(&second, shop.post, id);
    body["discountcode"] = json!("SLOTFULL");
    let resp = post_key(&s, REGISTER, &second.c.token, &key(), body).await;
    refused(&resp, FULL);
    assert_eq!(s.count("customer_order").await, 1, "no second order");
    assert_eq!(stock(&s, shop.variant).await, 9, "only the first order's unit");
    assert_eq!(s.count("discount_redemption").await, 0);
    let code = s.rows("discount_code").await;
    assert_eq!(code[0]["used"].as_i64(), Some(0), "{code:?}");
    assert_eq!(row(&s, id).await.reserved, 1);
}

async fn an_unknown_or_removed_slot_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    refused(&register_slot(&s, &r, &shop, 987_654).await, UNKNOWN);
    let id = slot(&s, "تهران", 5).await;
    let st = staff(&s).await;
    assert_eq!(s.post_auth(REMOVE, &st.token, json!({ "id": id })).await.status, 200);
    refused(&register_slot(&s, &r, &shop, id).await, UNKNOWN);
    assert_eq!(s.count("customer_order").await, 0);
    assert_eq!(s.post_auth(REMOVE, &st.token, json!({ "id": id })).await.status, 422, "removed once");
}

async fn a_slot_is_optional_even_when_the_city_has_slots(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 5).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    assert_eq!(row(&s, id).await.reserved, 0);
    let inv = s.post_auth(INVOICE, &r.c.token, json!({ "code": code })).await;
    assert!(inv.body["data"]["DeliverySlot"].is_null(), "{}", inv.text);
}

async fn the_same_idempotency_key_does_not_take_two_places(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 5).await;
    let r = ready(&s, &shop, 1).await;
    let k = key();
    let a = post_key(&s, REGISTER, &r.c.token, &k, with_slot(&r, shop.post, id)).await;
    let b = post_key(&s, REGISTER, &r.c.token, &k, with_slot(&r, shop.post, id)).await;
    assert_eq!(a.s("status"), "ok", "{}", a.text);
    assert_eq!(a.body["order"]["Code"], b.body["order"]["Code"]);
    assert_eq!((row(&s, id).await.reserved, s.count("customer_order").await), (1, 1));
}

// ------------------------------------------------------------------ giving it back

async fn cancelling_gives_the_place_back_once(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 5).await;
    let r = ready(&s, &shop, 1).await;
    let other = ready(&s, &shop, 1).await;
    let code = register_slot(&s, &r, &shop, id).await.body["order"]["Code"].as_str().unwrap().to_string();
    assert_eq!(register_slot(&s, &other, &shop, id).await.s("status"), "ok");
    assert_eq!(row(&s, id).await.reserved, 2);
    let resp = s.post_auth(CANCEL, &r.c.token, json!({ "code": code })).await;
    assert_eq!(resp.body["data"]["Status"], "cancelled", "{}", resp.text);
    assert_eq!(row(&s, id).await.reserved, 1);
    s.post_auth(CANCEL, &r.c.token, json!({ "code": code })).await.assert_error(422);
    let again = s.post_auth(TRACKING.replace("order", "cancel").as_str(), &r.c.token, json!({ "code": code })).await;
    assert_ne!(again.status, 200, "{}", again.text);
    assert_eq!(row(&s, id).await.reserved, 1, "given back once");
}

async fn expiry_gives_the_place_back_once(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 5).await;
    let r = ready(&s, &shop, 1).await;
    let code = register_slot(&s, &r, &shop, id).await.body["order"]["Code"].as_str().unwrap().to_string();
    assert_eq!(row(&s, id).await.reserved, 1);
    s.clock.advance(21 * 60);
    eventually("expired", || async { order_row(&s, &code).await.status == "expired" }).await;
    assert_eq!(row(&s, id).await.reserved, 0);
    // The job running again (another node) gives nothing more back.
    shop_server::order::service::jobs::expire_due(&s.db, s.now()).await.unwrap();
    let c = s.fresh_token(&r.c);
    s.post_auth(CANCEL, &c, json!({ "code": code })).await;
    assert_eq!(row(&s, id).await.reserved, 0);
}

async fn registering_the_cart_again_moves_the_place_to_the_new_order(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 1).await;
    let r = ready(&s, &shop, 1).await;
    assert_eq!(register_slot(&s, &r, &shop, id).await.s("status"), "ok");
    // The only place is this cart's own: registering again gives it back first.
    let again = register_slot(&s, &r, &shop, id).await;
    assert_eq!(again.s("status"), "ok", "{}", again.text);
    assert_eq!(row(&s, id).await.reserved, 1);
    let without = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    assert_eq!(without.s("status"), "ok", "{}", without.text);
    assert_eq!(row(&s, id).await.reserved, 0);
}

// ------------------------------------------------------------------ staff and the lists

async fn staff_forms_refuse_bad_slots_in_persian(db: TestDb) {
    let s = spawn_app(db).await;
    let st = staff(&s).await;
    let good = json!({ "city": "تهران", "day": day(&s, 2), "start": "9", "end": "12", "cutoff": "", "capacity": "10" });
    let with = |k: &str, v: &str| {
        let mut b = good.clone();
        b[k] = json!(v);
        b
    };
    for (body, field, message) in [
        (with("end", "8"), "end", END_BEFORE_START),
        (with("capacity", "0"), "capacity", CAPACITY),
        (with("capacity", "-5"), "capacity", CAPACITY),
        (with("day", &day(&s, -1)), "day", PAST_DAY),
    ] {
        let r = s.post_auth(SAVE, &st.token, body.clone()).await;
        assert_eq!(r.status, 422, "{body} {}", r.text);
        assert_eq!(r.body["message"].as_str(), Some(message), "{}", r.text);
        assert_eq!(r.body["field"].as_str(), Some(field), "{}", r.text);
    }
    // Persian digits are read.
    let persian = shop_core::digits::to_persian_digits(&day(&s, 2));
    let r = s.post_auth(SAVE, &st.token, json!({ "city": "تهران", "day": persian, "start": "۹:۳۰", "end": "۱۲", "capacity": "۱۰" })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!((r.body["data"]["start"].as_str(), r.body["data"]["capacity"].as_i64()), (Some("09:30"), Some(10)));
    assert!(r.body["data"]["label"].as_str().unwrap().contains("ساعت ۹:۳۰ تا ۱۲"), "{}", r.text);
    // An edit cannot go below what orders hold; the audit log has each change.
    let id = r.body["data"]["id"].as_i64().unwrap();
    let shop = shop(&s, 10).await;
    let c = ready(&s, &shop, 1).await;
    assert_eq!(register_slot(&s, &c, &shop, id).await.s("status"), "ok");
    let mut edit = good.clone();
    edit["id"] = json!(id);
    edit["capacity"] = json!("1");
    assert_eq!(s.post_auth(SAVE, &st.token, edit.clone()).await.status, 200);
    edit["capacity"] = json!("0");
    assert_eq!(s.post_auth(SAVE, &st.token, edit).await.status, 422);
    let audit = s.rows("audit_log").await;
    assert!(audit.iter().filter(|a| a["action"].as_str().is_some_and(|x| x.starts_with("delivery.slot."))).count() >= 2);
    // A customer is not staff.
    assert_eq!(s.post_auth(SAVE, &c.c.token, good).await.status, 403);
    let list = s.post_auth(ADMIN_LIST, &st.token, json!({ "city": "تهران" })).await;
    assert_eq!(list.body["data"].as_array().unwrap().len(), 1, "{}", list.text);
}

async fn the_offered_list_hides_closed_full_removed_and_other_cities(db: TestDb) {
    let s = spawn_app(db).await;
    let st = staff(&s).await;
    let shop = shop(&s, 10).await;
    let open = slot(&s, "تهران", 2).await;
    let full = slot(&s, "تهران", 1).await;
    let removed = slot(&s, "تهران", 1).await;
    slot(&s, "اصفهان", 1).await;
    let r = ready(&s, &shop, 1).await;
    assert_eq!(register_slot(&s, &r, &shop, full).await.s("status"), "ok");
    s.post_auth(REMOVE, &st.token, json!({ "id": removed })).await;
    let list = s.post(SLOTS, json!({ "city": "تهران" })).await;
    let ids: Vec<i64> = list.body["data"].as_array().unwrap().iter().map(|x| x["Id"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![open], "{}", list.text);
    assert_eq!(list.body["data"][0]["Left"].as_i64(), Some(2));
    let closes = row(&s, open).await.closes_at;
    s.clock.advance(closes - s.now());
    let later = s.post(SLOTS, json!({ "city": "تهران" })).await;
    assert_eq!(later.body["data"].as_array().unwrap().len(), 0, "{}", later.text);
    assert_eq!(s.post(SLOTS, json!({ "city": "ناکجاآباد" })).await.body["data"], json!([]));
}

async fn the_invoice_and_the_tracking_answer_show_the_slot(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let id = slot(&s, "تهران", 5).await;
    let label = row(&s, id).await.label;
    assert!(label.contains("ساعت ۹ تا ۱۲"), "{label}");
    let r = ready(&s, &shop, 1).await;
    let code = register_slot(&s, &r, &shop, id).await.body["order"]["Code"].as_str().unwrap().to_string();
    let inv = s.post_auth(INVOICE, &r.c.token, json!({ "code": code })).await;
    assert_eq!(inv.body["data"]["DeliverySlot"].as_str(), Some(label.as_str()), "{}", inv.text);
    let tr = s.post_auth(TRACKING, &r.c.token, json!({ "code": code })).await;
    assert_eq!(tr.body["data"]["delivery_slot"].as_str(), Some(label.as_str()), "{}", tr.text);
    assert_eq!(order_row(&s, &code).await.delivery_slot_label, label, "frozen on the order");
}
