//! The back office's discount codes on both databases: staff create a code with core's
//! creation rule (the one `shop discount add` applies), list it with its uses, edit its terms
//! from a version (a stale save is refused naming the field), switch it off (customers are
//! then told it is not valid); every change audited; markup stays text.

use serde_json::{json, Value};
use shop_core::discount::UNKNOWN_MESSAGE;

use crate::checkout_support::{ready, shop, SUMMARY};
use crate::helpers::{mobile, on_both_dbs, spawn_app, TestDb};

on_both_dbs!(
    staff_create_a_code_and_a_customer_uses_it,
    a_switched_off_code_is_refused_to_customers_and_gone_from_their_list,
    a_code_failing_cores_rule_is_refused_with_its_message,
    two_edits_from_one_version_the_second_is_refused_naming_the_field,
    each_change_is_audited_with_before_and_after,
    markup_in_the_description_is_kept_as_text,
);

const SAVE: &str = "/api/admin/v1/discount/save";
const ACTIVE: &str = "/api/admin/v1/discount/active";
const LIST: &str = "/api/admin/v1/discount/list";

fn code(text: &str) -> Value {
    json!({ "code": text, "kind": "percent", "value": 10, "min_total": 0, "ends_day": "۱۵۰۰/۰۱/۰۱", "usage_limit": 100, "description": "تخفیف آزمایشی" })
}

async fn staff_create_a_code_and_a_customer_uses_it(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["catalogue"]).await;
    let r = app.post_auth(SAVE, &staff.token, code(" yalda-1405 ")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!((r.body["data"]["code"].as_str(), r.body["data"]["version"].as_i64()), (Some("YALDA-1405"), Some(1)));
    let s = shop(&app, 5).await;
    let t = ready(&app, &s, 1).await;
    let r = app.post_auth(SUMMARY, &t.c.token, json!({ "orderid": t.cart, "addressid": t.address, "deliveryid": s.post, "discountcode": "YALDA-1405" })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["Discount"], (s.price + s.warranty) / 10, "{}", r.text);
    let list = app.post_auth(LIST, &staff.token, json!({ "q": "yalda" })).await;
    assert_eq!((list.body["total"].clone(), list.body["data"][0]["used"].clone()), (json!(1), json!(0)));
    // A duplicate is refused at `code`.
    let r = app.post_auth(SAVE, &staff.token, code("YALDA-1405")).await;
    assert_eq!((r.status, r.body["field"].as_str()), (422, Some("code")), "{}", r.text);
}

async fn a_switched_off_code_is_refused_to_customers_and_gone_from_their_list(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["catalogue"]).await;
    let id = app.post_auth(SAVE, &staff.token, code("OFF10")).await.body["data"]["id"].as_i64().unwrap();
    let r = app.post_auth(ACTIVE, &staff.token, json!({ "id": id, "version": 1, "active": false })).await;
    assert_eq!((r.status, r.body["data"]["active"].clone()), (200, json!(false)), "{}", r.text);
    let s = shop(&app, 5).await;
    let t = ready(&app, &s, 1).await;
    let r = app.post_auth(SUMMARY, &t.c.token, json!({ "orderid": t.cart, "addressid": t.address, "deliveryid": s.post, "discountcode": "OFF10" })).await;
    assert_eq!((r.status, r.s("message")), (422, UNKNOWN_MESSAGE.to_string()), "{}", r.text);
    let mine = app.post_auth("/api/client/v1/discount/list", &t.c.token, json!({})).await;
    assert!(mine.body["data"].as_array().unwrap().iter().all(|c| c["Code"] != "OFF10"), "{}", mine.text);
}

async fn a_code_failing_cores_rule_is_refused_with_its_message(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["catalogue"]).await;
    let cases = [
        (json!({ "value": 150 }), "value", "درصد تخفیف باید عددی بین ۰ و ۱۰۰ باشد"),
        (json!({ "kind": "fixed", "value": -5 }), "value", ""),
        (json!({ "usage_limit": 0 }), "usage_limit", "سقف استفاده باید دست‌کم ۱ باشد"),
        (json!({ "min_total": -1 }), "min_total", ""),
        (json!({ "code": "ک" }), "code", ""),
        (json!({ "code": "<script>" }), "code", ""),
        (json!({ "code": " " }), "code", "لطفا کد تخفیف را وارد کنید"),
        (json!({ "starts_day": "۱۴۰۵/۰۹/۱۰", "ends_day": "۱۴۰۵/۰۹/۰۱" }), "ends_day", "پایان اعتبار کد باید بعد از شروع آن باشد"),
        (json!({ "ends_day": "۱۴۰۰/۰۱/۰۱" }), "ends_day", "پایان اعتبار کد باید بعد از شروع آن باشد"),
        (json!({ "description": "ت".repeat(301) }), "description", "توضیح باید حداکثر ۳۰۰ کاراکتر باشد"),
        (json!({ "ends_day": "۱۴۰۵/۱۳/۴۰" }), "ends_day", ""),
        (json!({ "ends_day": "" }), "ends_day", ""),
    ];
    for (change, field, message) in cases {
        let mut body = code("RULE1");
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = app.post_auth(SAVE, &staff.token, body.clone()).await;
        assert_eq!((r.status, r.body["field"].as_str()), (422, Some(field)), "{body} → {}", r.text);
        if !message.is_empty() {
            assert_eq!(r.s("message"), message);
        }
    }
    assert_eq!(app.count("discount_code").await, 0);
}

async fn two_edits_from_one_version_the_second_is_refused_naming_the_field(db: TestDb) {
    let app = spawn_app(db).await;
    let (a, b) = (app.staff_with(&mobile(), &["catalogue"]).await, app.staff(&mobile()).await);
    let id = app.post_auth(SAVE, &a.token, code("TWO")).await.body["data"]["id"].as_i64().unwrap();
    let mut first = code("TWO");
    first["id"] = json!(id);
    first["version"] = json!(1);
    first["value"] = json!(20);
    let mut second = first.clone();
    second["value"] = json!(10);
    second["description"] = json!("دیگر");
    assert_eq!(app.post_auth(SAVE, &a.token, first).await.status, 200);
    let r = app.post_auth(SAVE, &b.token, second).await;
    assert_eq!(r.status, 409, "{}", r.text);
    assert!(r.s("message").contains("مقدار تخفیف"), "{}", r.text);
    let list = app.post_auth(LIST, &a.token, json!({})).await;
    assert_eq!((list.body["data"][0]["value"].clone(), list.body["data"][0]["version"].clone()), (json!(20), json!(2)));
}

async fn each_change_is_audited_with_before_and_after(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["catalogue"]).await;
    let id = app.post_auth(SAVE, &staff.token, code("AUD")).await.body["data"]["id"].as_i64().unwrap();
    app.post_auth(ACTIVE, &staff.token, json!({ "id": id, "version": 1, "active": false })).await;
    let log = app.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "discount_code", "entity_id": id.to_string() })).await;
    let rows = log.body["data"].as_array().unwrap();
    let actions: Vec<&str> = rows.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["discount.deactivate", "discount.create"]);
    let after: Value = serde_json::from_str(rows[0]["after"].as_str().unwrap()).unwrap();
    let before: Value = serde_json::from_str(rows[0]["before"].as_str().unwrap()).unwrap();
    assert_eq!((before["active"].clone(), after["active"].clone(), after["version"].clone()), (json!(true), json!(false), json!(2)));
    // The command line's codes are audited too, as `cli`.
    let args = shop_server::cli::DiscountArgs { code: "CLI1".into(), percent: Some(5), ..Default::default() };
    shop_server::cli::add_discount(&app.db, args, app.now()).await.unwrap();
    let log = app.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "discount_code" })).await;
    assert!(log.body["data"].as_array().unwrap().iter().any(|e| e["staff_mobile"] == "cli" && e["action"] == "discount.create"), "{}", log.text);
}

async fn markup_in_the_description_is_kept_as_text(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["catalogue"]).await;
    let script = "<script>alert(1)</script>";
    let mut body = code("MARKUP");
    body["description"] = json!(script);
    let r = app.post_auth(SAVE, &staff.token, body).await;
    assert_eq!((r.status, r.body["data"]["description"].as_str()), (200, Some(script)), "{}", r.text);
    let c = app.user(&mobile(), "تهران").await;
    let mine = app.post_auth("/api/client/v1/discount/list", &c.token, json!({})).await;
    assert_eq!(mine.body["data"][0]["Description"], script, "JSON text; the client escapes it");
}
