//! Staff order list bench (target: p99 < 50 ms for any filter over 100,000 orders, on SQLite
//! and PostgreSQL; issue 23).
//!
//! Starts the real server in this process on a fresh SQLite file, and on a fresh PostgreSQL
//! database when `BENCH_PG_URL` (default `postgres://postgres@127.0.0.1:5432/test`) answers;
//! fills 20,000 customers and `BENCH_ORDERS` (100,000) orders of one line each, spread over a
//! year, in every state and both payment methods; then calls `POST /api/admin/v1/order/list`
//! as an `orders` staff member `BENCH_CALLS` (200) times per filter, one call at a time, and
//! prints p50 and p99 per filter (the whole HTTP call: role check, count, page, customers).
//! The matches column is the answer's total («more than N» when counting stopped at N).
//!
//! `cargo run --release -p shop-server --example admin_orders_bench`

use std::time::Instant;

use sea_orm::{ActiveValue::Set, ConnectionTrait, DatabaseConnection, EntityTrait};
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::order::entity::{customer_order, customer_order_line};

mod common;

const CUSTOMERS: i64 = 20_000;
const CHUNK: usize = 1000;
const STATUSES: [&str; 8] = ["paid", "paid", "preparing", "shipped", "delivered", "delivered", "cancelled", "expired"];
const FIRST: [&str; 8] = ["علی", "مریم", "رضا", "زهرا", "حسین", "فاطمه", "محمد", "سارا"];
const LAST: [&str; 8] = ["احمدی", "رضایی", "محمدی", "حسینی", "کریمی", "موسوی", "نوروزی", "جعفری"];

#[tokio::main]
async fn main() {
    let orders: i64 = std::env::var("BENCH_ORDERS").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let calls: usize = std::env::var("BENCH_CALLS").ok().and_then(|s| s.parse().ok()).unwrap_or(200);
    println!("| database | filter | matches | p50 ms | p99 ms |");
    println!("|---|---|---|---|---|");
    if let Err(e) = common::for_each_bench_db("shop-admin-orders-bench", |label, url| async move { run(label, &url, orders, calls).await }).await {
        println!("| PostgreSQL | skipped: {e} | | | |");
    }
}

async fn run(label: &str, url: &str, orders: i64, calls: usize) {
    let node = common::start(common::config(url)).await;
    let (state, base) = (&node.state, &node.base);
    let now = chrono::Utc::now().timestamp();
    let t = Instant::now();
    fill(&state.db, orders, now).await;
    if url.starts_with("postgres") {
        state.db.execute_unprepared("ANALYZE").await.unwrap();
    }
    eprintln!("{label}: {orders} orders filled in {:.1} s", t.elapsed().as_secs_f64());

    let token = common::staff_token(state, "09350000001", &["orders"]).await;
    let http = reqwest::Client::builder().no_proxy().build().unwrap();

    let month_ago = shop_core::tehran::format_tehran_date(now - 30 * 86_400, true);
    let today = shop_core::tehran::format_tehran_date(now, true);
    let some_code = code(orders / 2);
    let some_mobile = customer_mobile(CUSTOMERS / 3);
    let filters: Vec<(&str, Value)> = vec![
        ("none", json!({})),
        ("state", json!({ "status": "preparing" })),
        ("rare state", json!({ "status": "awaiting_payment" })),
        ("payment method", json!({ "method": "instalment" })),
        ("last 30 days", json!({ "from": month_ago, "to": today })),
        ("state + 30 days", json!({ "status": "delivered", "from": month_ago, "to": today })),
        ("state + method + 30 days", json!({ "status": "paid", "method": "full", "from": month_ago, "to": today })),
        ("code", json!({ "q": some_code })),
        ("mobile", json!({ "q": some_mobile })),
        ("name", json!({ "q": "مریم نوروزی" })),
        ("name + state", json!({ "q": "رضا", "status": "delivered" })),
        // Arabic ي and ك (an Arabic keyboard): the same customers as «مریم نوروزی».
        ("name, Arabic letters", json!({ "q": "مريم نوروزي" })),
        // Two letters: too short for a trigram, a scan of the customers' names.
        ("name, two letters", json!({ "q": "رض" })),
        ("page 500", json!({ "page": 500 })),
        ("past the end", json!({ "page": 1_000_000 })),
    ];
    for (name, body) in filters {
        let mut lat = Vec::with_capacity(calls);
        let mut total = 0;
        let mut more = false;
        for _ in 0..calls {
            let t = Instant::now();
            let r: Value = http.post(format!("{base}/api/admin/v1/order/list")).bearer_auth(&token).json(&body).send().await.unwrap().json().await.unwrap();
            lat.push(t.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(r["status"], "ok", "{r}");
            total = r["total"].as_u64().unwrap();
            more = r["more"].as_bool().unwrap_or(false);
        }
        lat.sort_by(|a, b| a.total_cmp(b));
        let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
        let matches = if more { format!("more than {total}") } else { total.to_string() };
        println!("| {label} | {name} | {matches} | {:.1} | {:.1} |", pct(0.50), pct(0.99));
    }
    node.stop().await;
}

fn code(i: i64) -> String {
    format!("B{i:07}")
}

fn customer_mobile(i: i64) -> String {
    format!("0912{:07}", i)
}

/// Customers, then orders of one line each, written in chunks of 1,000 rows.
async fn fill(db: &DatabaseConnection, orders: i64, now: i64) {
    for start in (0..CUSTOMERS).step_by(CHUNK) {
        let rows: Vec<user::ActiveModel> = (start..(start + CHUNK as i64).min(CUSTOMERS))
            .map(|i| user::ActiveModel {
                name: Set(FIRST[(i % 8) as usize].into()),
                lastname: Set(LAST[((i / 8) % 8) as usize].into()),
                city: Set("تهران".into()),
                ..user::new_customer(&customer_mobile(i), now)
            }
            .with_search_name()
            .unwrap())
            .collect();
        user::Entity::insert_many(rows).exec(db).await.unwrap();
    }
    let first_user: i64 = user::Entity::find().one(db).await.unwrap().unwrap().id;
    for start in (0..orders).step_by(CHUNK) {
        let end = (start + CHUNK as i64).min(orders);
        let rows: Vec<customer_order::ActiveModel> = (start..end)
            .map(|i| {
                // Spread over a year, newest last; a few awaiting payment at the very end.
                let created = now - 365 * 86_400 + i * (365 * 86_400 / orders.max(1));
                let status = if i >= orders - 20 { "awaiting_payment" } else { STATUSES[(i % 8) as usize] };
                customer_order::ActiveModel {
                    code: Set(code(i)),
                    user_id: Set(first_user + (i * 7919) % CUSTOMERS),
                    cart_id: Set(None),
                    status: Set(status.into()),
                    payment_method: Set(if i % 5 == 0 { "instalment" } else { "full" }.into()),
                    items_total: Set(40_500_000),
                    delivery_price: Set(120_000),
                    discount: Set(0),
                    payable: Set(40_620_000),
                    delivery_option_id: Set(1),
                    delivery_name: Set("پست پیشتاز".into()),
                    delivery_description: Set(String::new()),
                    receiver_name: Set("گیرنده".into()),
                    receiver_mobile: Set("09120000000".into()),
                    province: Set("تهران".into()),
                    city: Set("تهران".into()),
                    address_line: Set("خیابان آزادی، کوچه ۱۲، پلاک ۴".into()),
                    postal_code: Set("1234567890".into()),
                    stock_state: Set(customer_order::STOCK_COMMITTED),
                    tracking_code: Set(None),
                    carrier: Set(None),
                    created_at: Set(created),
                    expires_at: Set(created + 1200),
                    updated_at: Set(created),
                    ..Default::default()
                }
            })
            .collect();
        customer_order::Entity::insert_many(rows).exec(db).await.unwrap();
    }
    let first_order: i64 = customer_order::Entity::find().one(db).await.unwrap().unwrap().id;
    for start in (0..orders).step_by(CHUNK) {
        let end = (start + CHUNK as i64).min(orders);
        let rows: Vec<customer_order_line::ActiveModel> = (start..end)
            .map(|i| customer_order_line::ActiveModel {
                order_id: Set(first_order + i),
                product_id: Set(1),
                variant_id: Set(1),
                num: Set(1),
                name: Set("لپ‌تاپ آزمایشی".into()),
                color: Set("مشکی".into()),
                warranty_name: Set("گارانتی ۱۸ ماهه".into()),
                property: Set(String::new()),
                dg: Set(String::new()),
                unit_price: Set(40_000_000),
                warranty_price: Set(500_000),
                line_total: Set(40_500_000),
                ..Default::default()
            })
            .collect();
        customer_order_line::Entity::insert_many(rows).exec(db).await.unwrap();
    }
}
