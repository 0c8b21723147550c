//! Money and prepared orders in the back office (issue 23, items 3 and 4), on SQLite and on
//! PostgreSQL: the refunds queue and recording refunds (partial, above what is left, two at
//! once, bad inputs), payments never verified with reconciliation's result, overdue
//! instalments per customer, and prepared orders built by staff with each link's state.

use futures::future::join_all;
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde_json::{json, Value};
use shop_server::plan::entity::instalment_plan;

use crate::checkout_support::*;
use crate::helpers::{mobile, on_both_dbs, spawn_app, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    a_duplicate_payment_is_queued_and_leaves_the_queue_once_refunded_in_full,
    a_refund_above_what_is_left_is_refused_and_writes_nothing,
    two_refunds_at_once_never_give_back_more_than_was_paid,
    bad_refund_inputs_are_refused_in_persian,
    a_payment_never_verified_is_listed_with_the_reconciliation_result,
    overdue_instalments_are_listed_per_customer_with_days_overdue,
    staff_build_a_prepared_order_and_see_it_open_adopted_paid_or_expired,
    bad_prepared_order_inputs_are_refused_in_persian,
    variants_are_found_by_name_or_id_with_price_and_stock,
);

const REFUNDS: &str = "/api/admin/v1/payment/refunds";
const REFUND: &str = "/api/admin/v1/payment/refund";
const UNVERIFIED: &str = "/api/admin/v1/payment/unverified";
const OVERDUE: &str = "/api/admin/v1/instalment/overdue";
const VARIANTS: &str = "/api/admin/v1/prepared/variants";
const CREATE: &str = "/api/admin/v1/prepared/create";
const PREPARED: &str = "/api/admin/v1/prepared/list";
const ADOPT: &str = "/api/client/v1/order/prepared/adopt";

/// Pays `authority` at the sandbox bank and sends the callback; returns where it lands.
async fn pay(s: &TestApp, authority: &str) -> String {
    no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
    get_location(s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await.1
}

/// An order paid twice at the bank (two tabs): returns its code and the duplicate payment's id.
async fn paid_twice(s: &TestApp, shop: &Shop) -> (String, i64) {
    let (code, _, dup) = paid_twice_with_first(s, shop).await;
    (code, dup)
}

/// The same, with the id of the payment that paid the order.
async fn paid_twice_with_first(s: &TestApp, shop: &Shop) -> (String, i64, i64) {
    let r = ready(s, shop, 1).await;
    let code = register(s, &r, shop).await;
    let (_, a) = start_payment(s, &r.c, &code).await;
    s.clock.advance(11 * 60);
    let (_, b) = start_payment(s, &r.c, &code).await;
    assert_eq!(pay(s, &a).await, format!("/success-payment?code={code}"));
    assert_eq!(pay(s, &b).await, format!("/error-payment?code={code}"));
    let dup = payment_row(s, &b).await;
    assert!(dup.refund_needed);
    (code, payment_row(s, &a).await.id, dup.id)
}

/// An orders staff member whose token is valid at the server's (possibly advanced) time.
async fn orders_staff(s: &TestApp) -> TestUser {
    let u = s.staff_with(&mobile(), &["orders"]).await;
    TestUser { token: s.fresh_token(&u), ..u }
}

async fn queue(s: &TestApp, staff: &TestUser) -> Vec<Value> {
    let r = s.post_auth(REFUNDS, &staff.token, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["data"].as_array().unwrap().clone()
}

async fn refund(s: &TestApp, staff: &TestUser, payment_id: i64, amount: &str, reference: &str) -> Resp {
    s.post_auth(REFUND, &staff.token, json!({ "payment_id": payment_id, "amount": amount, "reference": reference, "note": "واریز به کارت مشتری" })).await
}

async fn a_duplicate_payment_is_queued_and_leaves_the_queue_once_refunded_in_full(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let (code, dup) = paid_twice(&s, &shop).await;
    let staff = orders_staff(&s).await;
    let amount = shop.price + shop.warranty + 120_000;
    let q = queue(&s, &staff).await;
    assert_eq!(q.len(), 1, "{q:?}");
    assert_eq!((q[0]["payment_id"].as_i64(), q[0]["order_code"].as_str()), (Some(dup), Some(code.as_str())));
    assert_eq!((q[0]["amount"].as_i64(), q[0]["remaining"].as_i64()), (Some(amount), Some(amount)));
    assert_eq!(q[0]["reason"], "سفارش پیش‌تر با پرداخت دیگری پرداخت شده بود");
    assert!(!q[0]["ref_id"].as_str().unwrap().is_empty() && !q[0]["customer_mobile"].as_str().unwrap().is_empty());

    // A partial refund keeps it queued with what is left.
    let r = refund(&s, &staff, dup, "۱٬۰۰۰٬۰۰۰", "REF-1").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["remaining"], amount - 1_000_000);
    let q = queue(&s, &staff).await;
    assert_eq!((q[0]["refunded"].as_i64(), q[0]["remaining"].as_i64()), (Some(1_000_000), Some(amount - 1_000_000)));
    // The rest: it leaves the queue, for the command line too (same service).
    let r = refund(&s, &staff, dup, &(amount - 1_000_000).to_string(), "REF-2").await;
    assert_eq!((r.status, r.body["remaining"].as_i64()), (200, Some(0)), "{}", r.text);
    assert!(queue(&s, &staff).await.is_empty());
    assert!(shop_server::payment::refunds::needed(&s.db, &s.state.purposes).await.unwrap().is_empty());
    // Each refund is in the audit log, by this staff member.
    let log = s.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "payment", "entity_id": dup.to_string() })).await;
    assert_eq!(log.body["total"], 2, "{}", log.text);
    assert_eq!(log.body["data"][0]["staff_id"], staff.id);
    assert_eq!(log.body["data"][0]["action"], "payment.refund");
    assert!(log.body["data"][0]["after"].as_str().unwrap().contains("REF-2"));
    // Nothing left: another refund is refused.
    refund(&s, &staff, dup, "1", "REF-3").await.assert_error(422);
}

async fn a_refund_above_what_is_left_is_refused_and_writes_nothing(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let (_, dup) = paid_twice(&s, &shop).await;
    let staff = orders_staff(&s).await;
    let amount = shop.price + shop.warranty + 120_000;
    let r = refund(&s, &staff, dup, &(amount + 1).to_string(), "REF-1").await;
    assert_eq!(r.assert_error(422).body["field"], "amount");
    assert!(r.s("message").contains("بیشتر است"), "{}", r.text);
    assert_eq!(s.count("refund").await, 0);
    // After a partial refund, the remainder is the bound.
    assert_eq!(refund(&s, &staff, dup, "500000", "REF-1").await.status, 200);
    let r = refund(&s, &staff, dup, &(amount - 500_000 + 1).to_string(), "REF-2").await;
    assert_eq!(r.assert_error(422).body["field"], "amount");
    assert_eq!(s.count("refund").await, 1);
}

async fn two_refunds_at_once_never_give_back_more_than_was_paid(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let (_, dup) = paid_twice(&s, &shop).await;
    let (a, b) = (orders_staff(&s).await, orders_staff(&s).await);
    let amount = shop.price + shop.warranty + 120_000;
    // Each asks for 60% of the payment, eight times over: only one can pass.
    let part = (amount * 6 / 10).to_string();
    let answers = join_all((0..8).map(|i| refund(&s, if i % 2 == 0 { &a } else { &b }, dup, &part, "REF-X"))).await;
    let ok = answers.iter().filter(|r| r.status == 200).count();
    assert_eq!(ok, 1, "{:?}", answers.iter().map(|r| (r.status, r.text.clone())).collect::<Vec<_>>());
    for r in answers.iter().filter(|r| r.status != 200) {
        assert_eq!((r.status, r.body["field"].as_str()), (422, Some("amount")), "{}", r.text);
    }
    let rows = s.rows("refund").await;
    let total: i64 = rows.iter().map(|r| r["amount"].as_i64().unwrap()).sum();
    assert!(total <= amount, "{total} > {amount}");
    assert_eq!(rows.len(), 1);
}

async fn bad_refund_inputs_are_refused_in_persian(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let (code, first, dup) = paid_twice_with_first(&s, &shop).await;
    let staff = orders_staff(&s).await;
    for (amount, reference, field) in [
        ("0", "REF", "amount"),
        ("-5", "REF", "amount"),
        ("ده هزار", "REF", "amount"),
        ("", "REF", "amount"),
        ("1000", "<b>123</b>", "reference"),
        ("1000", "", "reference"),
        ("1000", "12 34", "reference"),
    ] {
        let r = refund(&s, &staff, dup, amount, reference).await;
        assert_eq!(r.assert_error(422).body["field"], field, "{amount:?} {reference:?}: {}", r.text);
        assert!(r.s("message").chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "Persian: {}", r.text);
        // core/src/forms/refund.rs: the page checks with the same declaration and words.
        let form = shop_core::forms::problems("refund", &shop_core::forms::Values::from_pairs([("amount", amount), ("reference", reference)])).unwrap();
        assert_eq!(form.get(field), r.body["message"].as_str(), "{amount:?} {reference:?}");
    }
    // A payment that is not owed back (the one that paid the order), and an unknown one.
    use sea_orm::EntityTrait;
    let paid = shop_server::payment::entity::payment::Entity::find_by_id(first).one(&s.db).await.unwrap().unwrap();
    assert_eq!((paid.order_id, paid.refund_needed), (order_row(&s, &code).await.id, false));
    assert_eq!(refund(&s, &staff, paid.id, "1000", "REF").await.assert_error(422).body["field"], "payment_id");
    assert_eq!(refund(&s, &staff, 999_999_999, "1000", "REF").await.assert_error(404).body["field"], "payment_id");
    // A number where the amount's text belongs is the framework's Persian refusal, not a 500.
    let r = s.post_auth(REFUND, &staff.token, json!({ "payment_id": "x", "amount": "1", "reference": "R" })).await;
    assert!(r.status == 400 || r.status == 422, "{}", r.text);
    assert_eq!(s.count("refund").await, 0);
}

async fn a_payment_never_verified_is_listed_with_the_reconciliation_result(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    let staff = orders_staff(&s).await;
    let listed = || async {
        let l = s.post_auth(UNVERIFIED, &staff.token, json!({})).await;
        assert_eq!(l.status, 200, "{}", l.text);
        l.body["data"].as_array().unwrap().iter().find(|p| p["authority"] == authority.as_str()).cloned()
    };
    // Reconciliation runs every 100 ms in tests: the bank has not reported it paid.
    eventually("noted as not reported", || async { listed().await.is_some_and(|p| p["check_result"] == "not_reported") }).await;
    let p = listed().await.unwrap();
    assert_eq!(p["order_code"], code.as_str());
    assert_eq!(p["check_text"], "بانک این پرداخت را پرداخت‌شده گزارش نکرده است");
    assert!(p["checked_text"].as_str().unwrap().chars().any(|c| ('۰'..='۹').contains(&c)));
    // Paid at the bank without the callback: reconciliation settles it and it leaves the list.
    no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
    eventually("settled", || async { listed().await.is_none() }).await;
    let row = payment_row(&s, &authority).await;
    assert_eq!((row.status.as_str(), row.check_result.as_deref()), ("paid", Some("settled")));
}

async fn overdue_instalments_are_listed_per_customer_with_days_overdue(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let plan = instalment_plan::ActiveModel {
        name: Set("اقساط ۳ ماهه".into()),
        down_payment_percent: Set(20),
        months: Set(3),
        monthly_rate_bp: Set(0),
        min_total: Set(1_000),
        max_total: Set(1_000_000_000),
        active: Set(true),
        position: Set(0),
        ..Default::default()
    }
    .insert(&s.db)
    .await
    .unwrap();
    let r = ready(&s, &shop, 1).await;
    let body = json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.post, "paymentmethod": "instalment", "planid": plan.id });
    let reg = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    let code = reg.body["order"]["Code"].as_str().unwrap_or_else(|| panic!("{}", reg.text)).to_string();
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    pay(&s, &authority).await;
    assert_eq!(order_row(&s, &code).await.status, "paid");
    let staff = orders_staff(&s).await;
    let none = s.post_auth(OVERDUE, &staff.token, json!({})).await;
    assert!(none.body["data"].as_array().unwrap().iter().all(|c| c["user_id"] != r.c.id), "nothing is due yet: {}", none.text);

    // Forty days on, the first instalment (due a month after the order) is overdue.
    s.clock.advance(40 * 86_400);
    let staff = TestUser { token: s.fresh_token(&staff), ..staff };
    let l = s.post_auth(OVERDUE, &staff.token, json!({})).await;
    assert_eq!(l.status, 200, "{}", l.text);
    let mine = l.body["data"].as_array().unwrap().iter().find(|c| c["user_id"] == r.c.id).cloned().unwrap_or_else(|| panic!("{}", l.text));
    let items = mine["instalments"].as_array().unwrap();
    assert_eq!(items.len(), 1, "only the first is past due: {mine}");
    let due = shop_core::jalali::JalaliDate::parse(items[0]["due_on"].as_str().unwrap()).unwrap();
    let today = shop_core::tehran::tehran_date(s.now()).unwrap();
    let days = shop_server::instalment::overdue::days_overdue(&due, &today);
    assert!((8..=12).contains(&days), "{days}");
    assert_eq!((items[0]["number"].as_i64(), items[0]["days_overdue"].as_i64(), items[0]["order_code"].as_str()), (Some(1), Some(days), Some(code.as_str())));
    assert_eq!(mine["total"], items[0]["amount"]);
    assert!(items[0]["due_text"].as_str().unwrap().chars().any(|c| ('۰'..='۹').contains(&c)));
}

async fn create(s: &TestApp, staff: &TestUser, body: Value) -> Resp {
    s.post_auth(CREATE, &staff.token, body).await
}

fn state_of(list: &Resp, id: i64) -> String {
    list.body["data"].as_array().unwrap().iter().find(|p| p["id"] == id).map(|p| p["state"].as_str().unwrap().to_string()).unwrap_or_default()
}

async fn staff_build_a_prepared_order_and_see_it_open_adopted_paid_or_expired(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = orders_staff(&s).await;
    let m = mobile();
    let made = create(&s, &staff, json!({ "mobile": m, "lines": [{ "variant_id": shop.variant, "num": 2 }], "hours": 24, "note": "سفارش تلفنی" })).await;
    assert_eq!(made.status, 200, "{}", made.text);
    let code = made.s("code");
    assert!(made.s("link").ends_with(&format!("/order/{code}")), "{}", made.text);
    let id = made.body["id"].as_i64().unwrap();
    let other = create(&s, &staff, json!({ "lines": [{ "variant_id": shop.variant, "num": 1 }], "hours": 1 })).await;
    let other_id = other.body["id"].as_i64().unwrap();
    let list = s.post_auth(PREPARED, &staff.token, json!({})).await;
    assert_eq!((state_of(&list, id), state_of(&list, other_id)), ("open".into(), "open".into()), "{}", list.text);
    assert!(!list.text.contains(&code), "the code is not shown again");
    // Creation is in the audit log, without the code.
    let log = s.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "prepared_order", "entity_id": id.to_string() })).await;
    assert_eq!((log.body["total"].as_i64(), log.body["data"][0]["action"].as_str()), (Some(1), Some("prepared_order.create")), "{}", log.text);
    assert!(!log.text.contains(&code));

    // The customer of that number adopts it, registers and pays.
    let c = s.user(&m, "تهران").await;
    let adopted = s.post_auth(ADOPT, &c.token, json!({ "code": code })).await;
    assert_eq!(adopted.status, 200, "{}", adopted.text);
    let list = s.post_auth(PREPARED, &staff.token, json!({})).await;
    assert_eq!(state_of(&list, id), "adopted");
    let address = add_address(&s, &c, "تهران", "تهران").await;
    let r = Ready { c, cart: adopted.body["OrderId"].as_i64().unwrap(), address };
    let order = register(&s, &r, &shop).await;
    let (_, authority) = start_payment(&s, &r.c, &order).await;
    assert_eq!(pay(&s, &authority).await, format!("/success-payment?code={order}"));
    let list = s.post_auth(PREPARED, &staff.token, json!({})).await;
    assert_eq!(state_of(&list, id), "paid", "{}", list.text);
    let item = list.body["data"].as_array().unwrap().iter().find(|p| p["id"] == id).unwrap().clone();
    assert_eq!((item["paid_order"].as_str(), item["adopted_mobile"].as_str()), (Some(order.as_str()), Some(m.as_str())));
    // The other link was never adopted: an hour later it is expired.
    s.clock.advance(3601);
    let staff = TestUser { token: s.fresh_token(&staff), ..staff };
    let list = s.post_auth(PREPARED, &staff.token, json!({})).await;
    assert_eq!((state_of(&list, other_id), state_of(&list, id)), ("expired".into(), "paid".into()));
}

async fn bad_prepared_order_inputs_are_refused_in_persian(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = orders_staff(&s).await;
    let line = json!([{ "variant_id": shop.variant, "num": 1 }]);
    for (body, field) in [
        (json!({ "lines": [] }), "lines"),
        (json!({ "lines": [{ "variant_id": 999_999_999, "num": 1 }] }), "lines"),
        (json!({ "lines": [{ "variant_id": shop.variant, "num": 0 }] }), "lines"),
        (json!({ "lines": line, "mobile": "0912" }), "mobile"),
        (json!({ "lines": line, "mobile": "<script>" }), "mobile"),
        (json!({ "lines": line, "hours": 0 }), "hours"),
        (json!({ "lines": line, "hours": 721 }), "hours"),
        (json!({ "lines": line, "note": "ی".repeat(501) }), "note"),
    ] {
        let r = create(&s, &staff, body.clone()).await;
        assert_eq!(r.assert_error(422).body["field"], field, "{body}: {}", r.text);
    }
    assert_eq!(s.count("prepared_order").await, 0);
}

async fn variants_are_found_by_name_or_id_with_price_and_stock(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 7).await;
    let staff = orders_staff(&s).await;
    let variant = shop.variant;
    let found = |q: &str| {
        let (s, staff, q) = (&s, &staff, q.to_string());
        async move {
            let r = s.post_auth(VARIANTS, &staff.token, json!({ "q": q })).await;
            assert_eq!(r.status, 200, "{}", r.text);
            r.body["data"].as_array().unwrap().iter().find(|v| v["variant_id"] == variant).cloned()
        }
    };
    let hit = found("آزمایشی ایسوس").await.expect("found by name");
    assert_eq!((hit["price"].as_i64(), hit["price_garanti"].as_i64(), hit["stock"].as_i64()), (Some(shop.price), Some(shop.warranty), Some(7)));
    assert!(found(&shop.variant.to_string()).await.is_some(), "found by id");
    assert!(found("ناموجود-هیچ‌چیز").await.is_none());
}
