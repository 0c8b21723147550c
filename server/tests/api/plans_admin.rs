//! The back office's instalment plans on both databases: staff add a plan (offered to customers
//! at once), edit it from a version (a stale save is refused naming the field), stop offering
//! it; plans failing core's terms check are refused; every change audited.

use serde_json::{json, Value};

use crate::helpers::{mobile, on_both_dbs, spawn_app, TestDb};

on_both_dbs!(
    a_new_plan_is_offered_and_a_stopped_one_is_not,
    a_plan_failing_cores_terms_check_is_refused_and_nothing_is_written,
    two_edits_from_one_version_the_second_is_refused_naming_the_field,
    each_change_is_audited_with_before_and_after,
);

const SAVE: &str = "/api/admin/v1/instalment/plan/save";
const ACTIVE: &str = "/api/admin/v1/instalment/plan/active";
const LIST: &str = "/api/admin/v1/instalment/plan/list";
const PLANS: &str = "/api/client/v1/instalment/plans";

fn plan(name: &str) -> Value {
    json!({ "name": name, "down_payment_percent": 30, "months": 6, "monthly_rate_bp": 200, "min_total": 5_000_000, "max_total": 100_000_000, "position": 1 })
}

async fn a_new_plan_is_offered_and_a_stopped_one_is_not(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["catalogue"]).await;
    let r = app.post_auth(SAVE, &staff.token, plan("<b>شش ماهه</b>")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let id = r.body["data"]["id"].as_i64().unwrap();
    let offered = app.get(PLANS).await;
    let row = offered.body["data"].as_array().unwrap().iter().find(|p| p["Id"] == id).cloned().expect("offered");
    assert_eq!(row["Name"], "<b>شش ماهه</b>", "markup is text in JSON; the client escapes it");
    let r = app.post_auth(ACTIVE, &staff.token, json!({ "id": id, "version": 1, "active": false })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(app.get(PLANS).await.body["data"].as_array().unwrap().iter().all(|p| p["Id"] != id));
    let list = app.post_auth(LIST, &staff.token, json!({})).await;
    assert!(list.body["data"].as_array().unwrap().iter().any(|p| p["id"] == id && p["active"] == false));
}

/// The request as the plan form's values (what the page checks before sending).
fn plan_values(body: &serde_json::Value) -> shop_core::forms::Values {
    let text = |k: &str| body[k].as_str().map_or_else(|| body[k].to_string(), str::to_owned);
    let fields = ["name", "down_payment_percent", "months", "monthly_rate_bp", "min_total", "max_total", "position"].map(|k| (k, text(k)));
    shop_core::forms::Values::from_pairs(fields.iter().map(|(k, v)| (*k, v.as_str())))
}

async fn a_plan_failing_cores_terms_check_is_refused_and_nothing_is_written(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["catalogue"]).await;
    let before = app.count("instalment_plan").await;
    // core/src/forms/instalment_plan.rs: each bound answers on the field it names.
    for (change, field) in [
        (json!({ "down_payment_percent": 0 }), "down_payment_percent"),
        (json!({ "down_payment_percent": 100 }), "down_payment_percent"),
        (json!({ "months": 0 }), "months"),
        (json!({ "monthly_rate_bp": -1 }), "monthly_rate_bp"),
        (json!({ "min_total": 0 }), "min_total"),
        (json!({ "min_total": 10, "max_total": 5 }), "max_total"),
        (json!({ "name": "" }), "name"),
        (json!({ "position": -1 }), "position"),
    ] {
        let mut body = plan("طرح");
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = app.post_auth(SAVE, &staff.token, body.clone()).await;
        assert_eq!((r.status, r.body["field"].as_str()), (422, Some(field)), "{body} → {}", r.text);
        let form = shop_core::forms::problems("instalment_plan", &plan_values(&body)).unwrap();
        assert_eq!(form.get(field), r.body["message"].as_str(), "the page shows the server's words");
    }
    assert_eq!(app.count("instalment_plan").await, before);
}

async fn two_edits_from_one_version_the_second_is_refused_naming_the_field(db: TestDb) {
    let app = spawn_app(db).await;
    let (a, b) = (app.staff_with(&mobile(), &["catalogue"]).await, app.staff_with(&mobile(), &["catalogue"]).await);
    let id = app.post_auth(SAVE, &a.token, plan("طرح")).await.body["data"]["id"].as_i64().unwrap();
    let mut first = plan("طرح");
    first["id"] = json!(id);
    first["version"] = json!(1);
    first["months"] = json!(12);
    let mut second = first.clone();
    second["months"] = json!(6);
    second["name"] = json!("طرح دیگر");
    assert_eq!(app.post_auth(SAVE, &a.token, first).await.status, 200);
    let r = app.post_auth(SAVE, &b.token, second).await;
    assert_eq!(r.status, 409, "{}", r.text);
    assert!(r.s("message").contains("تعداد ماه") && !r.s("message").contains("نام"), "{}", r.text);
    let list = app.post_auth(LIST, &a.token, json!({})).await;
    let row = list.body["data"].as_array().unwrap().iter().find(|p| p["id"] == id).cloned().unwrap();
    assert_eq!((row["months"].clone(), row["name"].clone()), (json!(12), json!("طرح")));
}

async fn each_change_is_audited_with_before_and_after(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = app.staff_with(&mobile(), &["catalogue"]).await;
    let id = app.post_auth(SAVE, &staff.token, plan("طرح")).await.body["data"]["id"].as_i64().unwrap();
    let mut edit = plan("طرح");
    edit["id"] = json!(id);
    edit["version"] = json!(1);
    edit["monthly_rate_bp"] = json!(250);
    app.post_auth(SAVE, &staff.token, edit).await;
    let log = app.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "instalment_plan", "entity_id": id.to_string() })).await;
    let rows = log.body["data"].as_array().unwrap();
    assert_eq!(rows.iter().map(|e| e["action"].as_str().unwrap()).collect::<Vec<_>>(), ["instalment_plan.update", "instalment_plan.create"]);
    let after: Value = serde_json::from_str(rows[0]["after"].as_str().unwrap()).unwrap();
    let before: Value = serde_json::from_str(rows[0]["before"].as_str().unwrap()).unwrap();
    assert_eq!((before["monthly_rate_bp"].clone(), after["monthly_rate_bp"].clone(), after["version"].clone()), (json!(200), json!(250), json!(2)));
}
