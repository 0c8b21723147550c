//! The back office's orders over HTTP on both databases: staff find orders by code, mobile or
//! name and filter them; move them only along core's table (prepare, ship with a carrier and a
//! tracking code, deliver, cancel), each move audited and told to the customer by SMS; a move
//! that skips the flow, a tracking code with markup, two staff shipping at once, cancelling
//! twice at once and a huge page are answered as they should be.

use futures::future::join_all;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, EntityTrait};
use sea_orm_migration::MigratorTrait;
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::migration::Migrator;
use shop_server::order::entity::customer_order;
use shop_server::platform::config::SmsSetting;

use crate::checkout_support::*;
use crate::helpers::{mobile, on_both_dbs, spawn_app, spawn_app_with, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    staff_prepare_ship_and_deliver_and_the_customer_sees_the_tracking_code,
    a_transition_that_skips_the_flow_is_refused_in_persian_and_nothing_changes,
    a_tracking_code_with_markup_or_an_unknown_carrier_is_refused,
    two_staff_shipping_the_same_order_at_once_one_wins,
    cancelling_a_paid_order_twice_at_once_returns_stock_and_the_discount_once,
    the_list_finds_orders_by_code_mobile_and_name_and_filters_them,
    a_huge_or_far_page_is_capped_or_empty,
    the_name_search_folds_letter_forms_and_follows_a_rename,
    customers_named_before_the_search_column_are_found,
    a_long_list_is_counted_to_the_next_ten_thousand_or_a_search_to_the_next_thousand_and_says_more,
    a_name_many_customers_share_finds_their_orders_newest_first,
    bulk_prepare_moves_the_paid_and_says_why_not_for_the_rest,
    packing_slips_carry_the_lines_and_the_address,
    a_failing_sms_provider_does_not_undo_the_move,
);

const LIST: &str = "/api/admin/v1/order/list";
const SHOW: &str = "/api/admin/v1/order/show";
const PREPARE: &str = "/api/admin/v1/order/prepare";
const SHIP: &str = "/api/admin/v1/order/ship";
const DELIVER: &str = "/api/admin/v1/order/deliver";
const CANCEL_STAFF: &str = "/api/admin/v1/order/cancel";
const BULK: &str = "/api/admin/v1/order/bulk-prepare";
const SLIPS: &str = "/api/admin/v1/order/slips";

/// Pays `code` in the sandbox bank as its customer.
async fn pay(s: &TestApp, c: &TestUser, code: &str) {
    let (_, authority) = start_payment(s, c, code).await;
    let resp = no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let _ = get_location(s, &to).await;
    assert_eq!(order_row(s, code).await.status, "paid");
}

/// A paid order of `num` laptops (stock 10) and its customer.
async fn paid_order(s: &TestApp, shop: &Shop, num: i64) -> (Ready, String) {
    let r = ready(s, shop, num).await;
    let code = register(s, &r, shop).await;
    pay(s, &r.c, &code).await;
    (r, code)
}

async fn call(s: &TestApp, path: &str, token: &str, body: Value) -> Resp {
    let r = s.post_auth(path, token, body).await;
    assert_ne!(r.status, 500, "{}", r.text);
    r
}

fn ship_body(code: &str, tracking: &str, serials: &Value) -> Value {
    json!({ "code": code, "carrier": "پست", "tracking_code": tracking, "serials": serials })
}

/// One serial per unit of every line of order `code` (what the ship form sends).
async fn serials(s: &TestApp, code: &str) -> Value {
    crate::warranty::serials_for(s, code).await
}

async fn audit_actions(s: &TestApp, admin: &TestUser, code: &str) -> Vec<String> {
    let log = call(s, "/api/admin/v1/audit/list", &admin.token, json!({ "entity": "order", "entity_id": code })).await;
    log.body["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap().to_string()).collect()
}

async fn customer_mobile(s: &TestApp, c: &TestUser) -> String {
    user::Entity::find_by_id(c.id).one(&s.db).await.unwrap().unwrap().mobile
}

async fn sms_texts(s: &TestApp, mobile: &str) -> Vec<String> {
    let r = s.get(&format!("/api/dev/sms?mobile={mobile}")).await;
    r.body["messages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect()
}

async fn staff_prepare_ship_and_deliver_and_the_customer_sees_the_tracking_code(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let (r, code) = paid_order(&s, &shop, 1).await;
    let m = mobile();
    let staff = s.staff_with(&m, &["orders"]).await;
    let admin = s.staff(&mobile()).await;

    let shown = call(&s, SHOW, &staff.token, json!({ "code": code.to_lowercase() })).await;
    assert_eq!(shown.status, 200, "{}", shown.text);
    assert_eq!(shown.body["data"]["actions"], json!(["prepare", "cancel"]));
    assert!(shown.body["data"]["payments"][0]["ref_id"].is_string(), "the gateway reference: {}", shown.text);
    assert_eq!(shown.body["data"]["lines"][0]["num"], 1);
    assert_eq!(shown.body["data"]["address"]["PostalCode"], "1234567890");

    let prepared = call(&s, PREPARE, &staff.token, json!({ "code": code })).await;
    assert_eq!((prepared.status, prepared.body["data"]["status"].clone()), (200, json!("preparing")), "{}", prepared.text);
    let units = serials(&s, &code).await;
    let shipped = call(&s, SHIP, &staff.token, json!({ "code": code, "carrier": "تیپاکس", "tracking_code": " tpx-۱۲۳۴۵۶ ", "serials": units })).await;
    assert_eq!(shipped.status, 200, "{}", shipped.text);
    assert_eq!(shipped.body["data"]["tracking_code"], "TPX-123456");
    assert_eq!(shipped.body["data"]["carrier"], "تیپاکس");
    assert_eq!(shipped.body["data"]["actions"], json!(["deliver"]));

    // The customer sees the carrier and the code on the invoice and in the list.
    let inv = s.post_auth(INVOICE, &r.c.token, json!({ "code": code })).await;
    assert_eq!((inv.body["data"]["TrackingCode"].clone(), inv.body["data"]["Carrier"].clone()), (json!("TPX-123456"), json!("تیپاکس")), "{}", inv.text);
    let list = s.post_auth(ORDERS, &r.c.token, json!({})).await;
    assert_eq!(list.body["data"][0]["TrackingCode"], "TPX-123456", "{}", list.text);
    assert_eq!(list.body["data"][0]["Carrier"], "تیپاکس");

    let delivered = call(&s, DELIVER, &staff.token, json!({ "code": code })).await;
    assert_eq!(delivered.body["data"]["status"], "delivered", "{}", delivered.text);
    assert_eq!(delivered.body["data"]["actions"], json!([]));

    // The timeline names who did what; the audit log has each move.
    let steps = delivered.body["data"]["timeline"].as_array().unwrap();
    let who: Vec<(&str, &str)> = steps.iter().map(|e| (e["status"].as_str().unwrap(), e["actor"].as_str().unwrap())).collect();
    assert_eq!(
        who,
        [("registered", "customer"), ("awaiting_payment", "customer"), ("paid", "system"), ("preparing", "staff"), ("shipped", "staff"), ("delivered", "staff")]
    );
    assert_eq!(steps[4]["staff_mobile"], m.as_str());
    assert_eq!(steps[4]["staff_id"], staff.id);
    assert_eq!(audit_actions(&s, &admin, &code).await, ["order.deliver", "order.ship", "order.prepare"]);

    // The customer was told of each move, the tracking code included.
    let to = customer_mobile(&s, &r.c).await;
    eventually("three SMS", || async { sms_texts(&s, &to).await.len() >= 3 }).await;
    let texts = sms_texts(&s, &to).await;
    assert!(texts.iter().any(|t| t.contains("تیپاکس") && t.contains("TPX-123456") && t.contains(&code)), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("تحویل")), "{texts:?}");
}

async fn a_transition_that_skips_the_flow_is_refused_in_persian_and_nothing_changes(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (_, paid) = paid_order(&s, &shop, 1).await;
    let r = ready(&s, &shop, 1).await;
    let unpaid = register(&s, &r, &shop).await;

    let units = serials(&s, &paid).await;
    for (path, code, body) in [
        (SHIP, &paid, ship_body(&paid, "RR123456789IR", &units)),
        (DELIVER, &paid, json!({ "code": paid })),
        (PREPARE, &unpaid, json!({ "code": unpaid })),
        (CANCEL_STAFF, &unpaid, json!({ "code": unpaid })),
    ] {
        let before = order_row(&s, code).await;
        let resp = call(&s, path, &staff.token, body).await;
        assert_eq!(resp.assert_error(422).body["field"], "code", "{path}: {}", resp.text);
        assert!(resp.s("message").starts_with("این تغییر برای سفارشی در وضعیت"), "{}", resp.text);
        assert_eq!(order_row(&s, code).await, before, "{path}: nothing written");
    }
    // Once delivered, nothing more: not even a cancellation.
    call(&s, PREPARE, &staff.token, json!({ "code": paid })).await;
    call(&s, SHIP, &staff.token, ship_body(&paid, "RR123456789IR", &units)).await;
    call(&s, DELIVER, &staff.token, json!({ "code": paid })).await;
    let again = call(&s, CANCEL_STAFF, &staff.token, json!({ "code": paid })).await;
    assert_eq!(again.assert_error(422).s("message"), "این تغییر برای سفارشی در وضعیت «تحویل‌شده» ممکن نیست");
    let unknown = call(&s, PREPARE, &staff.token, json!({ "code": "NOSUCH99" })).await;
    assert_eq!(unknown.assert_error(404).body["field"], "code");
    assert_eq!(s.count("audit_log").await, 1 + 3, "the staff member made and the three moves");
}

async fn a_tracking_code_with_markup_or_an_unknown_carrier_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (_, code) = paid_order(&s, &shop, 1).await;
    call(&s, PREPARE, &staff.token, json!({ "code": code })).await;
    for (tracking, message) in [
        ("<script>alert(1)</script>", shop_core::shipment::CHARS_MESSAGE),
        ("<b>1234</b>", shop_core::shipment::CHARS_MESSAGE),
        ("\"1234\" onmouseover", shop_core::shipment::CHARS_MESSAGE),
        ("123", shop_core::shipment::LENGTH_MESSAGE),
        ("  ", shop_core::shipment::EMPTY_MESSAGE),
    ] {
        let resp = call(&s, SHIP, &staff.token, ship_body(&code, tracking, &json!([]))).await;
        assert_eq!(resp.assert_error(422).body["field"], "tracking_code", "{tracking}");
        assert_eq!(resp.s("message"), message, "{tracking}");
    }
    let resp = call(&s, SHIP, &staff.token, json!({ "code": code, "carrier": "<i>پست</i>", "tracking_code": "1234" })).await;
    assert_eq!(resp.assert_error(422).body["field"], "carrier");
    let o = order_row(&s, &code).await;
    assert_eq!((o.status.as_str(), o.tracking_code, o.carrier), ("preparing", None, None));
}

async fn two_staff_shipping_the_same_order_at_once_one_wins(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let a = s.staff_with(&mobile(), &["orders"]).await;
    let b = s.staff_with(&mobile(), &["orders"]).await;
    let admin = s.staff(&mobile()).await;
    let (_, code) = paid_order(&s, &shop, 1).await;
    call(&s, PREPARE, &a.token, json!({ "code": code })).await;
    let tries: Vec<(String, String)> =
        (0..6).map(|i| (if i % 2 == 0 { a.token.clone() } else { b.token.clone() }, format!("RR00000{i}IR"))).collect();
    let units = serials(&s, &code).await;
    let answers = join_all(tries.iter().map(|(t, tracking)| s.post_auth(SHIP, t, ship_body(&code, tracking, &units)))).await;
    let won: Vec<&Resp> = answers.iter().filter(|r| r.status == 200).collect();
    assert_eq!(won.len(), 1, "{:?}", answers.iter().map(|r| &r.text).collect::<Vec<_>>());
    for lost in answers.iter().filter(|r| r.status != 200) {
        assert!(matches!(lost.status, 409 | 422), "{}", lost.text);
        assert!(lost.s("message").chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "Persian: {}", lost.text);
    }
    let o = order_row(&s, &code).await;
    assert_eq!(Some(won[0].body["data"]["tracking_code"].as_str().unwrap()), o.tracking_code.as_deref());
    assert_eq!(audit_actions(&s, &admin, &code).await, ["order.ship", "order.prepare"]);
    let shown = call(&s, SHOW, &a.token, json!({ "code": code })).await;
    let shipped = shown.body["data"]["timeline"].as_array().unwrap().iter().filter(|e| e["status"] == "shipped").count();
    assert_eq!(shipped, 1);
}

async fn cancelling_a_paid_order_twice_at_once_returns_stock_and_the_discount_once(db: TestDb) {
    use shop_core::discount::{DiscountCode, DiscountKind, DiscountTerms};
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let now = s.now();
    let terms = DiscountTerms { kind: DiscountKind::Percent, value: 10, ..DiscountTerms::open(now - 60, now + 86_400) };
    let new = shop_server::discount::service::NewDiscount { code: DiscountCode::parse("BACK10").unwrap(), terms, description: "آزمایشی".into() };
    let dc = shop_server::discount::service::create(&s.db, &shop_server::auth::staff::Actor::cli(), new, now).await.unwrap();
    let r = ready(&s, &shop, 2).await;
    let mut body = register_body(&r, shop.post);
    body["discountcode"] = json!("BACK10");
    let reg = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    let code = reg.body["order"]["Code"].as_str().unwrap().to_string();
    pay(&s, &r.c, &code).await;
    call(&s, PREPARE, &staff.token, json!({ "code": code })).await;
    assert_eq!(stock(&s, shop.variant).await, 8);
    let used = |s: &TestApp| {
        let db = s.db.clone();
        async move { shop_server::discount::entity::discount_code::Entity::find_by_id(dc.id).one(&db).await.unwrap().unwrap().used }
    };
    assert_eq!(used(&s).await, 1);

    let answers = join_all((0..5).map(|_| s.post_auth(CANCEL_STAFF, &staff.token, json!({ "code": code })))).await;
    assert_eq!(answers.iter().filter(|r| r.status == 200).count(), 1, "{:?}", answers.iter().map(|r| &r.text).collect::<Vec<_>>());
    assert!(answers.iter().all(|r| matches!(r.status, 200 | 409 | 422)));
    assert_eq!(stock(&s, shop.variant).await, 10, "the two laptops came back once");
    assert_eq!(used(&s).await, 0, "the discount use came back once");
    let o = order_row(&s, &code).await;
    assert_eq!((o.status.as_str(), o.stock_state.as_str()), ("cancelled", "released"));
    let shown = call(&s, SHOW, &staff.token, json!({ "code": code })).await;
    assert_eq!(shown.body["data"]["payments"][0]["refund_needed"], true, "{}", shown.text);
    let refunds = shop_server::payment::refunds::needed(&s.db, &s.state.purposes).await.unwrap();
    assert_eq!(refunds.iter().filter(|x| x.order_code == code).count(), 1);
}

async fn the_list_finds_orders_by_code_mobile_and_name_and_filters_them(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 20).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (r1, paid) = paid_order(&s, &shop, 1).await;
    let r2 = ready(&s, &shop, 1).await;
    let unpaid = register(&s, &r2, &shop).await;
    let mut am: user::ActiveModel = user::Entity::find_by_id(r2.c.id).one(&s.db).await.unwrap().unwrap().into();
    am.name = Set("کیمیا".into());
    am.lastname = Set("نوروزی".into());
    am.update(&s.db).await.unwrap();
    let codes = |r: &Resp| -> Vec<String> { r.body["data"].as_array().unwrap().iter().map(|o| o["code"].as_str().unwrap().to_string()).collect() };

    let all = call(&s, LIST, &staff.token, json!({})).await;
    assert_eq!((all.body["total"].clone(), codes(&all)), (json!(2), vec![unpaid.clone(), paid.clone()]), "newest first");
    assert_eq!(all.body["per_page"], 50);
    let by_code = call(&s, LIST, &staff.token, json!({ "q": paid.to_lowercase() })).await;
    assert_eq!(codes(&by_code), [paid.clone()]);
    let m1 = customer_mobile(&s, &r1.c).await;
    let persian_mobile = shop_core::digits::to_persian_digits(&m1);
    let by_mobile = call(&s, LIST, &staff.token, json!({ "q": persian_mobile })).await;
    assert_eq!(codes(&by_mobile), [paid.clone()]);
    assert_eq!(by_mobile.body["data"][0]["customer_mobile"], m1.as_str());
    let by_name = call(&s, LIST, &staff.token, json!({ "q": "کیمیا نوروز" })).await;
    assert_eq!(codes(&by_name), [unpaid.clone()]);
    assert_eq!(by_name.body["data"][0]["customer_name"], "کیمیا نوروزی");
    let by_state = call(&s, LIST, &staff.token, json!({ "status": "paid", "method": "full" })).await;
    assert_eq!(codes(&by_state), [paid.clone()]);
    let none = call(&s, LIST, &staff.token, json!({ "method": "instalment" })).await;
    assert_eq!(none.body["total"], 0);
    let today = shop_core::tehran::format_tehran_date(s.now(), true);
    let on_today = call(&s, LIST, &staff.token, json!({ "from": today, "to": today })).await;
    assert_eq!(on_today.body["total"], 2, "{}", on_today.text);
    let long_ago = call(&s, LIST, &staff.token, json!({ "to": "1400/01/01" })).await;
    assert_eq!(long_ago.body["total"], 0);
    for (body, field) in [(json!({ "status": "lost" }), "status"), (json!({ "method": "cash" }), "method"), (json!({ "from": "<b>" }), "from")] {
        let bad = call(&s, LIST, &staff.token, body).await;
        assert_eq!(bad.assert_error(422).body["field"], field);
    }
}

async fn a_huge_or_far_page_is_capped_or_empty(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let r = ready(&s, &shop, 1).await;
    register(&s, &r, &shop).await;
    // Asking for 10,000 orders a page gets the fixed 50.
    let huge = call(&s, LIST, &staff.token, json!({ "per_page": 10_000, "limit": 10_000, "page": 1 })).await;
    assert_eq!((huge.status, huge.body["per_page"].clone(), huge.body["total"].clone()), (200, json!(50), json!(1)), "{}", huge.text);
    for page in [2u64, 10_000, 9_007_199_254_740_991] {
        let far = call(&s, LIST, &staff.token, json!({ "page": page })).await;
        assert_eq!(far.status, 200, "{page}: {}", far.text);
        assert_eq!((far.body["data"].clone(), far.body["total"].clone()), (json!([]), json!(1)), "{page}");
    }
}

/// The codes the staff list finds for `q`, newest first.
async fn found(s: &TestApp, staff: &TestUser, q: &str) -> Vec<String> {
    let r = call(s, LIST, &staff.token, json!({ "q": q })).await;
    assert_eq!(r.status, 200, "{q}: {}", r.text);
    r.body["data"].as_array().unwrap().iter().map(|o| o["code"].as_str().unwrap().to_string()).collect()
}

async fn the_name_search_folds_letter_forms_and_follows_a_rename(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let other = ready(&s, &shop, 1).await;
    let other_code = register(&s, &other, &shop).await;
    assert_eq!(found(&s, &staff, "آزمون").await, [other_code.clone(), code.clone()], "both customers are «آزمون»");

    // The customer renames themselves on their profile, typing on an Arabic keyboard (ي, ك)
    // with a ZWNJ; staff type Persian letters and no ZWNJ, or part of a word.
    let edit = |name: &str, lastname: &str| json!({ "name": name, "lastname": lastname, "state": "تهران", "city": "تهران" });
    let renamed = s.post_auth("/api/client/v1/account/edit", &r.c.token, edit("علي‌رضا", "كريمي")).await;
    assert_eq!(renamed.status, 200, "{}", renamed.text);
    assert_eq!(found(&s, &staff, "علیرضا کریمی").await, [code.clone()]);
    assert_eq!(found(&s, &staff, "رضا كريم").await, [code.clone()]);
    assert_eq!(found(&s, &staff, "آزمون").await, [other_code.clone()], "the old name is gone");

    // Latin names: case does not matter, on either database.
    s.post_auth("/api/client/v1/account/edit", &r.c.token, edit("Sara", "Mousavi")).await;
    assert_eq!(found(&s, &staff, "sara MOUSAV").await, [code.clone()]);
    assert!(found(&s, &staff, "علیرضا").await.is_empty());

    // LIKE's wildcards are only letters here (they matched every order before).
    for q in ["%%", "__", "a%"] {
        assert!(found(&s, &staff, q).await.is_empty(), "{q}");
    }
}

/// How many migrations, counted from the last, back to before `users.search_name`.
fn steps_back_to_search_name() -> u32 {
    let names: Vec<String> = Migrator::migrations().iter().map(|m| m.name().to_string()).collect();
    let at = names.iter().position(|n| n == "m20261128_000400_admin_order_search").expect("the migration is listed");
    (names.len() - at) as u32
}

async fn customers_named_before_the_search_column_are_found(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    // Back to the schema before `users.search_name`, a name written then (Arabic letters), and
    // forward again: the migration folds every existing name.
    Migrator::down(&s.db, Some(steps_back_to_search_name())).await.unwrap();
    s.db.execute_unprepared(&format!("UPDATE users SET name = 'علي', lastname = 'رضايي' WHERE id = {}", r.c.id)).await.unwrap();
    Migrator::up(&s.db, None).await.unwrap();
    let row = user::Entity::find_by_id(r.c.id).one(&s.db).await.unwrap().unwrap();
    assert_eq!(row.search_name, "علی رضایی");
    assert_eq!(found(&s, &staff, "علی رضایی").await, [code]);
}

async fn a_long_list_is_counted_to_the_next_ten_thousand_or_a_search_to_the_next_thousand_and_says_more(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let c = ready(&s, &shop, 1).await.c;
    // 10,060 paid orders, the last 60 delivered, written straight to the table.
    let now = s.now();
    let n: i64 = 10_060;
    for start in (0..n).step_by(1000) {
        let rows: Vec<customer_order::ActiveModel> = (start..(start + 1000).min(n))
            .map(|i| bare_order(&format!("L{i:07}"), c.id, if i >= n - 60 { "delivered" } else { "paid" }, now - n + i, shop.post, now))
            .collect();
        customer_order::Entity::insert_many(rows).exec(&s.db).await.unwrap();
    }
    let page = |p: u64, extra: Value| {
        let mut body = json!({ "page": p });
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        call(&s, LIST, &staff.token, body)
    };
    let shape = |r: &Resp| (r.body["data"].as_array().unwrap().len(), r.body["total"].as_u64().unwrap(), r.body["more"].as_bool().unwrap());
    // Counting stops at 10,000 for the first 200 pages: «more than 10,000».
    let first = page(1, json!({})).await;
    assert_eq!(shape(&first), (50, 10_000, true), "{}", first.text);
    assert_eq!(first.body["data"][0]["code"], "L0010059", "newest first");
    assert_eq!(shape(&page(200, json!({})).await), (50, 10_000, true));
    // Page 201 counts up to 20,000: the exact total again.
    let next = page(201, json!({})).await;
    assert_eq!(shape(&next), (50, 10_060, false), "{}", next.text);
    assert_eq!(next.body["data"][0]["code"], "L0000059");
    assert_eq!(shape(&page(202, json!({})).await), (10, 10_060, false));
    assert_eq!(shape(&page(203, json!({})).await), (0, 10_060, false));
    assert_eq!(shape(&page(1_000_000, json!({})).await), (0, 10_060, false));
    // A filter under the step is counted exactly.
    assert_eq!(shape(&page(1, json!({ "status": "delivered" })).await), (50, 60, false));
    assert_eq!(shape(&page(2, json!({ "status": "delivered" })).await), (10, 60, false));
    // Exactly 10,000: still exact.
    assert_eq!(shape(&page(1, json!({ "status": "paid" })).await), (50, 10_000, false));
    // A search by text (here the customer's name) is counted to the next 1,000.
    assert_eq!(shape(&page(1, json!({ "q": "آزمون" })).await), (50, 1_000, true));
    assert_eq!(shape(&page(21, json!({ "q": "آزمون" })).await), (50, 2_000, true));
    assert_eq!(shape(&page(202, json!({ "q": "آزمون", "status": "paid" })).await), (0, 10_000, false));
    assert_eq!(shape(&page(1, json!({ "q": "آزمون", "status": "delivered" })).await), (50, 60, false));
}

/// A registered order row of `user_id` written straight to the table (for long lists).
fn bare_order(code: &str, user_id: i64, status: &str, created_at: i64, delivery_option_id: i64, now: i64) -> customer_order::ActiveModel {
    customer_order::ActiveModel {
        code: Set(code.to_string()),
        user_id: Set(user_id),
        cart_id: Set(None),
        status: Set(status.into()),
        payment_method: Set("full".into()),
        items_total: Set(1000),
        delivery_price: Set(0),
        discount: Set(0),
        payable: Set(1000),
        delivery_option_id: Set(delivery_option_id),
        delivery_name: Set("پست پیشتاز".into()),
        delivery_description: Set(String::new()),
        receiver_name: Set("گیرنده".into()),
        receiver_mobile: Set("09120000000".into()),
        province: Set("تهران".into()),
        city: Set("تهران".into()),
        address_line: Set("خیابان آزادی".into()),
        postal_code: Set("1234567890".into()),
        stock_state: Set(customer_order::STOCK_COMMITTED),
        tracking_code: Set(None),
        carrier: Set(None),
        created_at: Set(created_at),
        expires_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// A name more than 500 customers share is not put in the query as a list of ids (their orders
/// are probed while the newest are walked): the answer is the same, newest first, counted.
async fn a_name_many_customers_share_finds_their_orders_newest_first(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let now = s.now();
    // 600 customers «پرستو …», each with one order; between them, newer orders of «نرگس …».
    let mut customers = Vec::new();
    for i in 0..600 {
        let row = user::ActiveModel { name: Set("پرستو".into()), lastname: Set(format!("شماره {i}")), ..user::new_customer(&format!("0935{i:07}"), now) };
        customers.push(row.insert(&s.db).await.unwrap().id);
    }
    let other = user::ActiveModel { name: Set("نرگس".into()), lastname: Set("نیکو".into()), ..user::new_customer("09360000000", now) };
    let other = other.insert(&s.db).await.unwrap().id;
    let mut rows = Vec::new();
    for (i, id) in customers.iter().enumerate() {
        let t = now - 10_000 + 2 * i as i64;
        rows.push(bare_order(&format!("P{i:07}"), *id, if i % 2 == 0 { "paid" } else { "delivered" }, t, shop.post, now));
        rows.push(bare_order(&format!("N{i:07}"), other, "paid", t + 1, shop.post, now));
    }
    for chunk in rows.chunks(500) {
        customer_order::Entity::insert_many(chunk.to_vec()).exec(&s.db).await.unwrap();
    }
    let list = |body: Value| call(&s, LIST, &staff.token, body);
    let first = list(json!({ "q": "پرستو" })).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let codes: Vec<&str> = first.body["data"].as_array().unwrap().iter().map(|o| o["code"].as_str().unwrap()).collect();
    let newest: Vec<String> = (550..600).rev().map(|i| format!("P{i:07}")).collect();
    assert_eq!(codes, newest, "the 50 newest of the 600, and no «نرگس»");
    assert_eq!((first.body["total"].as_u64(), first.body["more"].as_bool()), (Some(600), Some(false)));
    let delivered = list(json!({ "q": "پرستو", "status": "delivered", "page": 6 })).await;
    assert_eq!(delivered.body["total"].as_u64(), Some(300), "{}", delivered.text);
    assert_eq!(delivered.body["data"][0]["code"], "P0000099", "page 6 of the delivered (odd) ones, newest first");
    // A few of them, by full name: the list of ids.
    let one = list(json!({ "q": "پرستو شماره 599" })).await;
    assert_eq!(one.body["data"][0]["code"], "P0000599", "{}", one.text);
    assert_eq!(one.body["total"].as_u64(), Some(1));
}

async fn bulk_prepare_moves_the_paid_and_says_why_not_for_the_rest(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (_, a) = paid_order(&s, &shop, 1).await;
    let (_, b) = paid_order(&s, &shop, 1).await;
    let r = ready(&s, &shop, 1).await;
    let unpaid = register(&s, &r, &shop).await;
    let resp = call(&s, BULK, &staff.token, json!({ "codes": [a, unpaid, "NOSUCH99", b.to_lowercase(), a] })).await;
    assert_eq!(resp.status, 200, "{}", resp.text);
    let out: Vec<(String, bool, String)> = resp.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["code"].as_str().unwrap().into(), o["moved"].as_bool().unwrap(), o["message"].as_str().unwrap().into()))
        .collect();
    assert_eq!(out.len(), 4, "a repeated code counts once: {out:?}");
    assert_eq!((out[0].0.as_str(), out[0].1), (a.as_str(), true));
    assert_eq!((out[1].1, out[1].2.as_str()), (false, "این تغییر برای سفارشی در وضعیت «ثبت‌شده» ممکن نیست"));
    assert_eq!((out[2].1, out[2].2.as_str()), (false, "سفارشی با این کد پیدا نشد"));
    assert_eq!((out[3].0.as_str(), out[3].1), (b.as_str(), true));
    assert_eq!(order_row(&s, &b).await.status, "preparing");
    assert_eq!(order_row(&s, &unpaid).await.status, "registered");
    for body in [json!({ "codes": [] }), json!({ "codes": vec!["X"; 101] })] {
        call(&s, BULK, &staff.token, body).await.assert_error(422);
    }
}

async fn packing_slips_carry_the_lines_and_the_address(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (_, a) = paid_order(&s, &shop, 2).await;
    let resp = call(&s, SLIPS, &staff.token, json!({ "codes": [a, "NOSUCH99"] })).await;
    assert_eq!(resp.status, 200, "{}", resp.text);
    let slips = resp.body["data"].as_array().unwrap();
    assert_eq!(slips.len(), 1);
    assert_eq!((slips[0]["code"].as_str(), slips[0]["count"].clone()), (Some(a.as_str()), json!(2)));
    assert_eq!(slips[0]["lines"][0]["name"], "لپ‌تاپ آزمایشی ایسوس");
    assert_eq!(slips[0]["address"]["City"], "تهران");
    assert_eq!(slips[0]["delivery_name"], "پست پیشتاز");
}

async fn a_failing_sms_provider_does_not_undo_the_move(db: TestDb) {
    // A provider nobody answers at: every send fails.
    let s = spawn_app_with(db, |c| {
        c.sms = SmsSetting::Kavenegar { api_key: "k".into(), template: "t".into(), base_url: "http://127.0.0.1:9".into() }
    })
    .await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (_, code) = paid_order(&s, &shop, 1).await;
    let resp = call(&s, PREPARE, &staff.token, json!({ "code": code })).await;
    assert_eq!(resp.status, 200, "{}", resp.text);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(order_row(&s, &code).await.status, "preparing");
}
