//! The back office's delivery options on both databases: staff add an option for one city and
//! a customer with an address there is offered it at checkout (others are not); edits and
//! switching off are audited with before and after; a save from an old version is refused
//! naming what changed; bad values are refused in Persian; markup stays text.

use serde_json::{json, Value};

use crate::checkout_support::{add_address, ready, shop, SUMMARY};
use crate::helpers::{mobile, on_both_dbs, spawn_app, TestApp, TestDb, TestUser};

on_both_dbs!(
    a_new_option_for_one_city_is_offered_at_checkout_there_and_nowhere_else,
    a_switched_off_option_is_offered_nowhere_and_can_be_switched_on_again,
    each_change_is_audited_with_before_and_after_and_its_version,
    two_saves_from_one_version_the_second_is_refused_naming_the_field,
    bad_values_are_refused_in_persian_and_nothing_is_written,
    markup_in_text_fields_is_kept_as_text,
    the_support_role_is_refused,
);

const SAVE: &str = "/api/admin/v1/delivery/save";
const ACTIVE: &str = "/api/admin/v1/delivery/active";
const LIST: &str = "/api/admin/v1/delivery/list";

fn option(name: &str, cities: &[&str]) -> Value {
    json!({ "name": name, "description": "ارسال سریع", "price": 75_000, "priority": 1, "cities": cities, "estimate": "۱ روز کاری", "all_products": true })
}

async fn catalogue(app: &TestApp) -> TestUser {
    app.staff_with(&mobile(), &["catalogue"]).await
}

async fn offered(app: &TestApp, token: &str, cart: i64, address: i64) -> Vec<String> {
    let r = app.post_auth(SUMMARY, token, json!({ "orderid": cart, "addressid": address })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["DeliveryOptions"].as_array().unwrap().iter().map(|o| o["Name"].as_str().unwrap().to_string()).collect()
}

async fn a_new_option_for_one_city_is_offered_at_checkout_there_and_nowhere_else(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    let s = shop(&app, 5).await;
    let r = app.post_auth(SAVE, &staff.token, option("پیک شیراز", &[" شيراز"])).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["data"]["cities"], json!(["شیراز"]), "the list's spelling");
    assert_eq!((r.body["data"]["active"].clone(), r.body["data"]["version"].clone()), (json!(true), json!(1)));
    // A customer with an address in Shiraz is offered it (beside the post for every city).
    let t = ready(&app, &s, 1).await;
    let shiraz = add_address(&app, &t.c, "فارس", "شیراز").await;
    let names = offered(&app, &t.c.token, t.cart, shiraz).await;
    assert!(names.contains(&"پیک شیراز".to_string()), "{names:?}");
    // Not in Tehran.
    let names = offered(&app, &t.c.token, t.cart, t.address).await;
    assert!(!names.contains(&"پیک شیراز".to_string()), "{names:?}");
    // The product page's reach says so too.
    let r = app.post("/api/client/v1/order/get/delivery/products", json!({ "productids": [s.product], "city": "شیراز" })).await;
    let names: Vec<&str> = r.body["data"][0]["Options"].as_array().unwrap().iter().map(|o| o["Name"].as_str().unwrap()).collect();
    assert!(names.contains(&"پیک شیراز"), "{names:?}");
}

async fn a_switched_off_option_is_offered_nowhere_and_can_be_switched_on_again(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    let s = shop(&app, 5).await;
    let t = ready(&app, &s, 1).await;
    // The seeded courier (linked to the product) is switched off.
    let list = app.post_auth(LIST, &staff.token, json!({})).await;
    let courier = list.body["data"].as_array().unwrap().iter().find(|o| o["id"] == s.courier).cloned().unwrap();
    assert_eq!(courier["linked_products"], 1);
    let r = app.post_auth(ACTIVE, &staff.token, json!({ "id": s.courier, "version": courier["version"], "active": false })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(!offered(&app, &t.c.token, t.cart, t.address).await.contains(&"پیک تهران".to_string()));
    let v = r.body["data"]["version"].clone();
    let r = app.post_auth(ACTIVE, &staff.token, json!({ "id": s.courier, "version": v, "active": true })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(offered(&app, &t.c.token, t.cart, t.address).await.contains(&"پیک تهران".to_string()));
}

async fn each_change_is_audited_with_before_and_after_and_its_version(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    let r = app.post_auth(SAVE, &staff.token, option("پیک", &["همه"])).await;
    let id = r.body["data"]["id"].as_i64().unwrap();
    let mut edit = option("پیک ویژه", &["همه"]);
    edit["id"] = json!(id);
    edit["version"] = json!(1);
    let r = app.post_auth(SAVE, &staff.token, edit).await;
    assert_eq!((r.status, r.body["data"]["version"].clone()), (200, json!(2)), "{}", r.text);
    app.post_auth(ACTIVE, &staff.token, json!({ "id": id, "version": 2, "active": false })).await;
    let log = app.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "delivery_option", "entity_id": id.to_string() })).await;
    let rows = log.body["data"].as_array().unwrap();
    let actions: Vec<&str> = rows.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["delivery.deactivate", "delivery.update", "delivery.create"]);
    let after: Value = serde_json::from_str(rows[1]["after"].as_str().unwrap()).unwrap();
    let before: Value = serde_json::from_str(rows[1]["before"].as_str().unwrap()).unwrap();
    assert_eq!((before["name"].as_str(), after["name"].as_str(), after["version"].as_i64()), (Some("پیک"), Some("پیک ویژه"), Some(2)));
    assert_eq!(rows[0]["staff_id"], staff.id);
}

async fn two_saves_from_one_version_the_second_is_refused_naming_the_field(db: TestDb) {
    let app = spawn_app(db).await;
    let (a, b) = (catalogue(&app).await, catalogue(&app).await);
    let r = app.post_auth(SAVE, &a.token, option("پیک", &["تهران"])).await;
    let id = r.body["data"]["id"].as_i64().unwrap();
    let mut first = option("پیک", &["تهران"]);
    first["id"] = json!(id);
    first["version"] = json!(1);
    first["price"] = json!(90_000);
    let mut second = first.clone();
    second["price"] = json!(75_000);
    second["name"] = json!("پیک شهری");
    assert_eq!(app.post_auth(SAVE, &a.token, first).await.status, 200);
    let r = app.post_auth(SAVE, &b.token, second).await;
    assert_eq!(r.status, 409, "{}", r.text);
    let m = r.s("message");
    assert!(m.contains("هزینه") && !m.contains("نام"), "{m}");
    // Nothing lost: the first save stands.
    let list = app.post_auth(LIST, &a.token, json!({})).await;
    let row = list.body["data"].as_array().unwrap().iter().find(|o| o["id"] == id).cloned().unwrap();
    assert_eq!((row["price"].clone(), row["name"].clone(), row["version"].clone()), (json!(90_000), json!("پیک"), json!(2)));
    // Switching off from the old version is refused the same way.
    let r = app.post_auth(ACTIVE, &b.token, json!({ "id": id, "version": 1, "active": false })).await;
    assert_eq!(r.status, 409, "{}", r.text);
}

async fn bad_values_are_refused_in_persian_and_nothing_is_written(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    let cases = [
        (json!({ "price": -1 }), "price"),
        (json!({ "name": "  " }), "name"),
        (json!({ "name": "\u{0}\u{1}" }), "name"),
        (json!({ "cities": ["آتلانتیس"] }), "cities"),
        (json!({ "cities": [] }), "cities"),
        (json!({ "cities": ["همه", "تهران"] }), "cities"),
        (json!({ "priority": -3 }), "priority"),
        (json!({ "name": "ب".repeat(101) }), "name"),
    ];
    for (change, field) in cases {
        let mut body = option("پیک", &["تهران"]);
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = app.post_auth(SAVE, &staff.token, body.clone()).await;
        assert_eq!((r.status, r.body["field"].as_str()), (422, Some(field)), "{body} → {}", r.text);
        assert!(r.s("message").chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "Persian: {}", r.text);
    }
    // Unknown option, wrong types.
    let mut edit = option("پیک", &["تهران"]);
    edit["id"] = json!(999_999);
    assert_eq!(app.post_auth(SAVE, &staff.token, edit).await.status, 404);
    let r = app.post_auth(SAVE, &staff.token, json!({ "name": "x", "price": "ده", "priority": 1, "cities": ["همه"] })).await;
    assert!(r.status == 400 || r.status == 422, "{}", r.text);
    assert_eq!(app.count("delivery_option").await, 0);
}

async fn markup_in_text_fields_is_kept_as_text(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    let s = shop(&app, 5).await;
    let script = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    let mut body = option(&format!("پیک {script}"), &["همه"]);
    body["description"] = json!(script);
    body["estimate"] = json!(script);
    let r = app.post_auth(SAVE, &staff.token, body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["data"]["description"], script, "stored as typed, shown as text by the client");
    let r = app.post("/api/client/v1/order/get/delivery/products", json!({ "productids": [s.product], "city": "تهران" })).await;
    let kind = r.headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    assert!(kind.starts_with("application/json"), "JSON, never HTML: {kind}");
    let names: Vec<&str> = r.body["data"][0]["Options"].as_array().unwrap().iter().map(|o| o["Name"].as_str().unwrap()).collect();
    assert!(names.contains(&format!("پیک {script}").as_str()), "{names:?}");
}

async fn the_support_role_is_refused(db: TestDb) {
    let app = spawn_app(db).await;
    let support = app.staff_with(&mobile(), &["support"]).await;
    for path in [LIST, SAVE, ACTIVE] {
        app.post_auth(path, &support.token, option("پیک", &["همه"])).await.assert_error(403);
    }
    assert_eq!(app.count("delivery_option").await, 0);
}
