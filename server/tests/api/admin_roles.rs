//! Every back-office call checks a role before it reads anything, generated from the committed
//! `openapi/openapi.json` (which `just test` keeps in step with the server): each operation
//! under `/api/admin/v1/` must name one of the staff schemes, and a customer, a signed-out
//! caller and every staff member whose roles do not permit it get 401/403, with an empty body
//! and with a malformed one; those whose roles permit it get past the check (whatever their
//! empty body then earns). A new admin call without a role check fails here.

use serde_json::Value;

use crate::helpers::{on_both_dbs, spawn_app, TestDb};

on_both_dbs!(every_admin_call_refuses_callers_without_its_role_before_reading_the_body);

const OPENAPI: &str = include_str!("../../../openapi/openapi.json");
const ROLES: [&str; 4] = ["admin", "orders", "catalogue", "support"];

/// The role a scheme needs (None: any staff member).
fn needed(scheme: &str) -> Option<Option<&'static str>> {
    shop_server::auth::staff::SCHEMES.iter().find(|(n, _)| *n == scheme).map(|(_, r)| r.map(|r| r.as_str()))
}

/// Every admin operation: (method, path with its parameters filled, scheme).
fn admin_operations() -> Vec<(String, String, String)> {
    let doc: Value = serde_json::from_str(OPENAPI).expect("openapi.json is JSON");
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        if !path.starts_with("/api/admin/") {
            continue;
        }
        for (method, op) in item.as_object().expect("operations") {
            let schemes: Vec<String> = op["security"]
                .as_array()
                .map(|s| s.iter().flat_map(|o| o.as_object().into_iter().flat_map(|m| m.keys().cloned())).collect())
                .unwrap_or_default();
            assert_eq!(schemes.len(), 1, "{method} {path} must name exactly one staff scheme, has {schemes:?}");
            assert!(needed(&schemes[0]).is_some(), "{method} {path} uses {}, not a staff scheme", schemes[0]);
            let filled = path.split('/').map(|seg| if seg.starts_with('{') { "1" } else { seg }).collect::<Vec<_>>().join("/");
            ops.push((method.to_uppercase(), filled, schemes[0].clone()));
        }
    }
    assert!(ops.len() >= 9, "the admin calls were not found in openapi.json");
    ops
}

async fn every_admin_call_refuses_callers_without_its_role_before_reading_the_body(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user("09120000001", "تهران").await;
    let mut staff = Vec::new();
    for (i, role) in ROLES.iter().enumerate() {
        staff.push((*role, app.staff_with(&format!("0912100000{i}"), &[role]).await));
    }
    let client = reqwest::Client::new();
    let send = |method: &str, path: &str, token: Option<&str>, body: Option<&'static str>| {
        let mut req = client.request(method.parse().unwrap(), app.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.header("content-type", "application/json").body(b);
        }
        async move { req.send().await.expect("request").status().as_u16() }
    };
    for (method, path, scheme) in admin_operations() {
        let role = needed(&scheme).unwrap();
        for body in [None, Some("{not json"), Some("{}")] {
            assert_eq!(send(&method, &path, None, body).await, 401, "signed out: {method} {path} {body:?}");
            assert_eq!(send(&method, &path, Some(&customer.token), body).await, 403, "customer: {method} {path} {body:?}");
            for (held, who) in &staff {
                let permitted = role.is_none_or(|r| r == *held || *held == "admin");
                let status = send(&method, &path, Some(&who.token), body).await;
                assert_ne!(status, 500, "{held}: {method} {path} {body:?}");
                if permitted {
                    assert!(status != 403 && status != 401, "{held} is let in to {method} {path} ({body:?}): {status}");
                } else {
                    assert_eq!(status, 403, "{held} must be refused {method} {path} ({body:?})");
                }
            }
        }
    }
}
