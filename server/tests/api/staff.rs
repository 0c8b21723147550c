//! The staff list over HTTP on both databases: an admin adds, changes and removes staff; the
//! roles decide what `staff/me` permits; the shop always keeps an admin, even when two admins
//! remove each other at once; bad roles and numbers are refused in Persian with nothing written.

use serde_json::json;

use crate::helpers::{mobile, on_both_dbs, spawn_app, TestDb};

on_both_dbs!(
    an_admin_adds_changes_and_removes_staff_and_each_change_is_audited,
    staff_me_permits_the_roles_held_and_everything_for_an_admin,
    the_last_admin_can_be_neither_removed_nor_demoted,
    two_admins_removing_each_other_at_once_leave_one_admin,
    bad_roles_and_numbers_are_refused_in_persian_and_nothing_is_written,
    a_removed_staff_member_is_signed_out_and_refused,
);

async fn an_admin_adds_changes_and_removes_staff_and_each_change_is_audited(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.staff(&mobile()).await;
    let m = mobile();
    let r = app.post_auth("/api/admin/v1/staff/save", &admin.token, json!({ "mobile": m, "roles": ["orders"] })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["created"], true);
    let id = r.body["data"]["id"].as_i64().unwrap();
    assert_eq!(r.body["data"]["roles"], json!([{ "role": "orders", "label": "سفارش‌ها و مالی" }]));
    let r = app.post_auth("/api/admin/v1/staff/save", &admin.token, json!({ "mobile": m, "roles": ["support", "orders"] })).await;
    assert_eq!((r.status, r.body["created"].clone()), (200, json!(false)), "{}", r.text);
    let list = app.post_auth("/api/admin/v1/staff/list", &admin.token, json!({})).await;
    let member = list.body["data"].as_array().unwrap().iter().find(|s| s["id"] == id).cloned().expect("listed");
    assert_eq!(member["roles"].as_array().unwrap().len(), 2);
    let r = app.post_auth("/api/admin/v1/staff/remove", &admin.token, json!({ "id": id })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let list = app.post_auth("/api/admin/v1/staff/list", &admin.token, json!({})).await;
    assert!(list.body["data"].as_array().unwrap().iter().all(|s| s["id"] != id));
    let log = app.post_auth("/api/admin/v1/audit/list", &admin.token, json!({ "entity": "user", "entity_id": id.to_string() })).await;
    let actions: Vec<&str> = log.body["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["staff.remove", "staff.set_roles", "staff.set_roles"], "newest first");
    let first = &log.body["data"][2];
    assert_eq!((first["before"].clone(), first["staff_id"].clone()), (json!(null), json!(admin.id)));
    assert!(first["after"].as_str().unwrap().contains("\"orders\""));
    assert!(log.body["data"][0]["after"].is_null());
}

async fn staff_me_permits_the_roles_held_and_everything_for_an_admin(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.staff(&mobile()).await;
    let orders = app.staff_with(&mobile(), &["orders"]).await;
    let me = app.post_auth("/api/admin/v1/staff/me", &admin.token, json!({})).await;
    assert_eq!(me.body["permitted"], json!(["admin", "orders", "catalogue", "support"]));
    assert_eq!(me.body["all_roles"].as_array().unwrap().len(), 4);
    let me = app.post_auth("/api/admin/v1/staff/me", &orders.token, json!({})).await;
    assert_eq!(me.body["permitted"], json!(["orders"]));
    // The orders role does not open the staff list.
    app.post_auth("/api/admin/v1/staff/list", &orders.token, json!({})).await.assert_error(403);
}

async fn the_last_admin_can_be_neither_removed_nor_demoted(db: TestDb) {
    let app = spawn_app(db).await;
    let m = mobile();
    let admin = app.staff(&m).await;
    let r = app.post_auth("/api/admin/v1/staff/remove", &admin.token, json!({ "id": admin.id })).await;
    assert_eq!(r.assert_error(422).body["field"], "roles");
    let r = app.post_auth("/api/admin/v1/staff/save", &admin.token, json!({ "mobile": m, "roles": ["orders"] })).await;
    r.assert_error(422);
    let me = app.post_auth("/api/admin/v1/staff/me", &admin.token, json!({})).await;
    assert_eq!(me.body["data"]["roles"][0]["role"], "admin", "still an admin");
}

async fn two_admins_removing_each_other_at_once_leave_one_admin(db: TestDb) {
    let app = spawn_app(db).await;
    let a = app.staff(&mobile()).await;
    let b = app.staff(&mobile()).await;
    let (ra, rb) = tokio::join!(
        app.post_auth("/api/admin/v1/staff/remove", &a.token, json!({ "id": b.id })),
        app.post_auth("/api/admin/v1/staff/remove", &b.token, json!({ "id": a.id })),
    );
    let ok = [ra.status, rb.status].iter().filter(|s| **s == 200).count();
    assert_eq!(ok, 1, "exactly one removal wins: {} / {}", ra.text, rb.text);
    let admins = app.rows("users").await.into_iter().filter(|u| u["staff_roles"].as_i64() == Some(1)).count();
    assert_eq!(admins, 1);
}

async fn bad_roles_and_numbers_are_refused_in_persian_and_nothing_is_written(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.staff(&mobile()).await;
    let before = app.count("audit_log").await;
    let users = app.count("users").await;
    for (body, field) in [
        (json!({ "mobile": mobile(), "roles": [] }), "roles"),
        (json!({ "mobile": mobile(), "roles": ["root"] }), "roles"),
        (json!({ "mobile": mobile(), "roles": ["<b>admin</b>"] }), "roles"),
        (json!({ "mobile": "0912", "roles": ["orders"] }), "mobile"),
        (json!({ "mobile": "", "roles": ["orders"] }), "mobile"),
    ] {
        let r = app.post_auth("/api/admin/v1/staff/save", &admin.token, body.clone()).await;
        assert_eq!(r.assert_error(422).body["field"], field, "{body}");
    }
    app.post_auth("/api/admin/v1/staff/remove", &admin.token, json!({ "id": 999_999 })).await.assert_error(404);
    assert_eq!((app.count("audit_log").await, app.count("users").await), (before, users));
}

async fn a_removed_staff_member_is_signed_out_and_refused(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.staff(&mobile()).await;
    let support = app.staff_with(&mobile(), &["support"]).await;
    assert_eq!(app.post_auth("/api/admin/v1/ticket/list", &support.token, json!({})).await.status, 200);
    app.post_auth("/api/admin/v1/staff/remove", &admin.token, json!({ "id": support.id })).await;
    let r = app.post_auth("/api/admin/v1/ticket/list", &support.token, json!({})).await;
    assert_eq!(r.status, 401, "their sessions ended: {}", r.text);
}
