//! The audit log over HTTP on both databases: filters by staff member, entity and Jalali day;
//! a bad day is refused in Persian; the database refuses to change or delete an entry.

use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::helpers::{mobile, on_both_dbs, spawn_app, TestDb};

on_both_dbs!(the_log_filters_by_staff_entity_and_day, a_bad_day_is_refused_in_persian, entries_cannot_be_changed_or_deleted);

async fn the_log_filters_by_staff_entity_and_day(db: TestDb) {
    let app = spawn_app(db).await;
    let a = app.staff(&mobile()).await;
    let b = app.staff(&mobile()).await;
    app.post_auth("/api/admin/v1/staff/save", &a.token, json!({ "mobile": mobile(), "roles": ["orders"] })).await;
    app.post_auth("/api/admin/v1/staff/save", &b.token, json!({ "mobile": mobile(), "roles": ["support"] })).await;
    let by_a = app.post_auth("/api/admin/v1/audit/list", &b.token, json!({ "staff_id": a.id })).await;
    assert_eq!(by_a.body["total"], 1, "{}", by_a.text);
    assert!(by_a.body["data"][0]["at_text"].as_str().unwrap().chars().any(|c| ('۰'..='۹').contains(&c)));
    let today = shop_core::tehran::format_tehran_date(app.now(), true);
    let r = app.post_auth("/api/admin/v1/audit/list", &a.token, json!({ "from": today, "to": today, "entity": "user" })).await;
    assert!(r.body["total"].as_u64().unwrap() >= 4, "the two staff made by the harness and the two saves: {}", r.text);
    let r = app.post_auth("/api/admin/v1/audit/list", &a.token, json!({ "to": "1300/01/01" })).await;
    assert_eq!(r.body["total"], 0);
    let r = app.post_auth("/api/admin/v1/audit/list", &a.token, json!({ "entity": "order" })).await;
    assert_eq!(r.body["total"], 0);
}

async fn a_bad_day_is_refused_in_persian(db: TestDb) {
    let app = spawn_app(db).await;
    let a = app.staff(&mobile()).await;
    for day in ["1405/13/01", "yesterday", "<script>"] {
        let r = app.post_auth("/api/admin/v1/audit/list", &a.token, json!({ "from": day })).await;
        assert_eq!(r.assert_error(422).body["field"], "from", "{day}");
    }
}

async fn entries_cannot_be_changed_or_deleted(db: TestDb) {
    let app = spawn_app(db).await;
    app.staff(&mobile()).await;
    let n = app.count("audit_log").await;
    assert!(n >= 1);
    assert!(app.db.execute_unprepared("UPDATE audit_log SET action = 'x'").await.is_err(), "UPDATE refused");
    assert!(app.db.execute_unprepared("DELETE FROM audit_log").await.is_err(), "DELETE refused");
    assert_eq!(app.count("audit_log").await, n);
}
