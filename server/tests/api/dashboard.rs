//! The dashboard's figures on both databases, with known orders: paid orders and revenue per
//! Tehran day (today against yesterday, the last 30 days), orders waiting per state, the
//! refunds queue and low stock; any staff member may read it, a customer may not.

use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

use crate::checkout_support::{get_location, no_redirect, order_row, ready, register, set_stock, shop, start_payment, Ready, Shop};
use crate::helpers::{mobile, on_both_dbs, spawn_app, TestApp, TestDb};

on_both_dbs!(the_dashboard_counts_known_orders_per_tehran_day_and_the_work_waiting);

const SUMMARY: &str = "/api/admin/v1/dashboard/summary";

/// Registers the ready cart and pays it in the sandbox; returns the order's code.
async fn paid(s: &TestApp, r: &Ready, shop: &Shop) -> String {
    let code = register(s, r, shop).await;
    let (_, authority) = start_payment(s, &r.c, &code).await;
    let resp = no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let (_, loc) = get_location(s, &to).await;
    assert!(loc.starts_with("/success-payment"), "{loc}");
    assert_eq!(order_row(s, &code).await.status, "paid");
    code
}

fn waiting(b: &Value, status: &str) -> u64 {
    b["waiting"].as_array().unwrap().iter().find(|w| w["status"] == status).unwrap()["count"].as_u64().unwrap()
}

async fn the_dashboard_counts_known_orders_per_tehran_day_and_the_work_waiting(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = s.staff_with(&mobile(), &["support"]).await;
    let shop = shop(&s, 50).await;
    let payable = shop.price + shop.warranty + 120_000;
    // Yesterday: one paid order (registered a day before now).
    let r1 = ready(&s, &shop, 1).await;
    let code = paid(&s, &r1, &shop).await;
    use shop_server::order::entity::customer_order as co;
    co::Entity::update_many()
        .col_expr(co::Column::CreatedAt, Expr::col(co::Column::CreatedAt).sub(86_400))
        .filter(co::Column::Code.eq(code.as_str()))
        .exec(&s.db)
        .await
        .unwrap();
    // Today: one paid order of two laptops and one registered, unpaid.
    let r2 = ready(&s, &shop, 2).await;
    paid(&s, &r2, &shop).await;
    let r3 = ready(&s, &shop, 1).await;
    register(&s, &r3, &shop).await;
    // A payment owed back, and a variant running out.
    shop_server::payment::entity::payment::Entity::update_many()
        .col_expr(shop_server::payment::entity::payment::Column::RefundNeeded, Expr::value(true))
        .filter(shop_server::payment::entity::payment::Column::UserId.eq(r1.c.id))
        .exec(&s.db)
        .await
        .unwrap();
    set_stock(&s, shop.variant, 2).await;

    let r = s.post_auth(SUMMARY, &staff.token, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let b = &r.body;
    let two = shop.price * 2 + shop.warranty * 2 + 120_000;
    assert_eq!((b["today"]["orders"].as_u64(), b["today"]["revenue"].as_i64()), (Some(1), Some(two)), "{}", r.text);
    assert_eq!((b["yesterday"]["orders"].as_u64(), b["yesterday"]["revenue"].as_i64()), (Some(1), Some(payable)));
    assert!(b["today"]["revenue_text"].as_str().unwrap().ends_with("تومان"));
    let days = b["days"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    assert_eq!(days[29]["date"], b["today"]["date"]);
    assert_eq!(days[28]["date"], b["yesterday"]["date"]);
    assert_eq!(days.iter().map(|d| d["orders"].as_u64().unwrap()).sum::<u64>(), 2);
    assert!(days[29]["label"].as_str().unwrap().chars().any(|c| ('۰'..='۹').contains(&c)), "a Jalali label in Persian digits");
    assert_eq!((waiting(b, "registered"), waiting(b, "paid"), waiting(b, "shipped")), (1, 2, 0));
    assert_eq!(b["refunds"], 1);
    assert_eq!((b["open_tickets"].as_u64(), b["unanswered_chats"].as_u64()), (Some(0), Some(0)));
    assert_eq!(b["low_stock_threshold"], 3);
    let low = b["low_stock"].as_array().unwrap();
    assert_eq!((low.len(), low[0]["variant_id"].as_i64(), low[0]["stock"].as_i64()), (1, Some(shop.variant), Some(2)));
    let r = s.post_auth(SUMMARY, &staff.token, json!({ "low_stock": 1 })).await;
    assert!(r.body["low_stock"].as_array().unwrap().is_empty());
    s.post_auth(SUMMARY, &staff.token, json!({ "low_stock": -1 })).await.assert_error(422);
    // A customer may not read it.
    s.post_auth(SUMMARY, &r3.c.token, json!({})).await.assert_error(403);
}
