//! The API keeps its published contract (issue 25, `just fuzz`): each test here is a finding of
//! schemathesis against openapi/openapi.json, kept as a regression test.

use crate::helpers::{mobile, on_both_dbs, spawn_app, TestApp, TestDb};
use serde_json::{json, Value};

on_both_dbs!(
    an_error_answers_field_null_which_the_document_allows,
    a_wrong_method_is_405_naming_the_paths_methods_in_allow,
    a_json_property_of_the_wrong_type_is_422_naming_it,
    null_for_a_property_with_a_default_is_422_naming_it,
    a_page_or_size_below_one_is_a_422_rule_refusal,
    a_multipart_form_refuses_a_part_it_does_not_name,
    a_huge_page_is_an_empty_page_not_a_dropped_connection,
);

/// The document as `shop openapi` prints it (and `/api/openapi.json` serves).
fn document() -> Value {
    serde_json::from_str(&shop_server::startup::openapi_json()).expect("the document is JSON")
}

async fn every_role(s: &TestApp) -> String {
    s.staff_with(&mobile(), &["admin", "orders", "catalogue", "support"]).await.token
}

async fn an_error_answers_field_null_which_the_document_allows(db: TestDb) {
    let s = spawn_app(db).await;
    // The answer writes `"field": null` …
    let r = s.get("/api/nope").await;
    assert!(r.body.get("field").is_some_and(Value::is_null), "{}", r.text);
    // … and the published document (the served one is `shop openapi`'s) says it may.
    let served: Value = s.get("/api/openapi.json").await.body;
    assert_eq!(served, document());
    assert_eq!(served.pointer("/components/schemas/ErrorBody/properties/field/nullable"), Some(&Value::Bool(true)));
    // Required properties and those with a default are not nullable.
    assert_eq!(served.pointer("/components/schemas/ErrorBody/properties/message/nullable"), None);
    s.stop().await;
}

async fn a_wrong_method_is_405_naming_the_paths_methods_in_allow(db: TestDb) {
    let s = spawn_app(db).await;
    let r = s.client.delete(s.url("/api/client/v1/user/login")).send().await.unwrap();
    assert_eq!(r.status(), 405);
    assert_eq!(r.headers().get("allow").and_then(|v| v.to_str().ok()), Some("POST"));
    // A path with a parameter, answered by GET.
    let r = s.client.put(s.url("/api/client/v1/catalog/products/some-uid")).send().await.unwrap();
    assert_eq!(r.status(), 405);
    assert_eq!(r.headers().get("allow").and_then(|v| v.to_str().ok()), Some("GET, HEAD"));
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["status"], "error");
    s.stop().await;
}

async fn a_json_property_of_the_wrong_type_is_422_naming_it(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = every_role(&s).await;
    // poem-openapi read `false` into a string as "false": the preview rendered `<p>false</p>`.
    let r = s.post_auth("/api/admin/v1/content/preview", &staff, json!({ "markdown": false })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "markdown");
    // A number for a string; an array item of the wrong type.
    let r = s.post("/api/client/v1/user/token", json!({ "reftoken": 5 })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "reftoken");
    let r = s.post_auth("/api/admin/v1/order/bulk-prepare", &staff, json!({ "codes": [false] })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "codes");
    // The right types still pass.
    let r = s.post_auth("/api/admin/v1/content/preview", &staff, json!({ "markdown": "**سلام**" })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    s.stop().await;
}

async fn null_for_a_property_with_a_default_is_422_naming_it(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = every_role(&s).await;
    let r = s.post_auth("/api/admin/v1/order/list", &staff, json!({ "page": null })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "page");
    let r = s.post_auth("/api/admin/v1/order/list", &staff, json!({})).await;
    assert_eq!(r.status, 200, "absent is the default: {}", r.text);
    s.stop().await;
}

async fn a_page_or_size_below_one_is_a_422_rule_refusal(db: TestDb) {
    let s = spawn_app(db).await;
    for path in ["/api/client/v1/blog?page=0", "/api/client/v1/catalog/products?size=-9223372036854775808", "/api/client/v1/catalog/compare?uids="] {
        s.get(path).await.assert_error(422);
    }
    s.stop().await;
}

async fn a_multipart_form_refuses_a_part_it_does_not_name(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let boundary = "----shopcontract";
    let part = |name: &str, value: &str| format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n");
    let form = |extra: &str| {
        let mut body = [part("subject", "شارژر"), part("department", "technical"), part("priority", "normal"), part("message", "شارژر کار نمی‌کند.")].concat();
        body.push_str(extra);
        body.push_str(&format!("--{boundary}--\r\n"));
        body
    };
    let send = |body: String| {
        s.client
            .post(s.url("/api/client/v1/ticket/open"))
            .bearer_auth(&c.token)
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .header("content-type", format!("multipart/form-data; boundary={boundary}"))
            .body(body)
            .send()
    };
    let r = send(form(&part("x-unknown", "1"))).await.unwrap();
    assert_eq!(r.status(), 400);
    assert_eq!(s.count("ticket").await, 0, "no ticket from the refused form");
    let r = send(form("")).await.unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap_or_default());
    s.stop().await;
}

async fn a_huge_page_is_an_empty_page_not_a_dropped_connection(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let staff = every_role(&s).await;
    // The offset (page - 1) × size passed i64::MAX: binding it panicked and the connection
    // closed without an answer.
    let r = s.post_auth("/api/client/v1/favourite/list", &c.token, json!({ "page": i64::MAX })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = s.post_auth("/api/admin/v1/ticket/list", &staff, json!({ "page": u64::MAX })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["data"], json!([]));
    s.stop().await;
}

#[test]
fn multipart_forms_are_documented_closed() {
    let doc = document();
    for path in ["/api/client/v1/ticket/open", "/api/client/v1/ticket/reply", "/api/admin/v1/catalog/products/{uid}/pictures/upload"] {
        let schema = &doc["paths"][path]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"];
        assert_eq!(schema["additionalProperties"], false, "{path}");
    }
}

#[test]
fn the_price_sheet_is_documented_as_csv() {
    let doc = document();
    let content = &doc["paths"]["/api/admin/v1/catalog/prices/export"]["get"]["responses"]["200"]["content"];
    assert!(content.get("text/csv; charset=utf-8").is_some(), "{content}");
}

#[test]
fn a_file_served_with_its_own_type_is_documented_as_any_type() {
    let doc = document();
    for path in ["/api/client/v1/catalog/pictures/{name}", "/api/client/v1/ticket/attachment/{name}", "/api/client/v1/blog/cover/{file}"] {
        let content = &doc["paths"][path]["get"]["responses"]["200"]["content"];
        assert!(content.get("*/*").is_some() && content.get("application/octet-stream").is_none(), "{path}: {content}");
    }
}

#[test]
fn the_idempotency_key_is_documented_as_required() {
    let doc = document();
    for path in ["/api/client/v1/order/register", "/api/client/v1/payment/start", "/api/client/v1/ticket/open", "/api/admin/v1/ticket/reply"] {
        let params = doc["paths"][path]["post"]["parameters"].as_array().expect(path);
        let key = params.iter().find(|p| p["name"] == "Idempotency-Key").expect(path);
        assert_eq!(key["required"], true, "{path}");
    }
}
