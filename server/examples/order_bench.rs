//! Order registration bench (target: p99 < 50 ms at 16 concurrent customers on SQLite).
//!
//! Starts the real server in this process (`Application::build`, as `shop serve`) on a fresh
//! SQLite file, and on a fresh PostgreSQL database when `BENCH_PG_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`) answers. 16 customers, each with a Tehran address
//! and a 2-line cart, register their cart over HTTP in a loop for `BENCH_SECONDS` (10) with a new
//! `Idempotency-Key` each time: every call is a full registration (quote, conditional stock
//! updates, order rows, timeline) in one transaction. Prints registrations/s, p50 and p99.
//!
//! `cargo run --release -p shop-server --example order_bench`

use std::time::{Duration, Instant};

use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::auth::token::{AccessClaims, TokenKeys};
use shop_server::catalog::{product, variant};
use shop_server::delivery::entity::{delivery_option, product_delivery};

mod common;
use common::BenchDb;

const CUSTOMERS: usize = 16;

#[tokio::main]
async fn main() {
    let secs: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    println!("| database | customers | registrations/s | p50 ms | p99 ms |");
    println!("|---|---|---|---|---|");
    let db = BenchDb::sqlite("shop-order-bench");
    run("SQLite", &db.url, secs).await;
    db.remove().await;

    match BenchDb::postgres("shop_order_bench").await {
        Ok(db) => {
            run("PostgreSQL", &db.url, secs).await;
            db.remove().await;
        }
        Err(e) => println!("| PostgreSQL | skipped: {e} | | | |"),
    }
}

async fn run(label: &str, url: &str, secs: u64) {
    let mut config = common::config(url);
    config.job_interval_ms = 30_000;
    config.db_max_connections = if url.starts_with("sqlite:") { 8 } else { 16 };
    // The bench registers each cart again and again: lift the 10 registrations per customer
    // and hour (issue 22), which it would otherwise meet after its first 10 calls.
    config.order_limits.registrations_per_hour = 1_000_000;
    let node = common::start(config).await;
    let (state, base) = (node.state.clone(), node.base.clone());
    let db = &state.db;
    let (products, post) = catalogue(db).await;
    let keys = TokenKeys::new(&state.config.secret);
    let http = reqwest::Client::builder().no_proxy().pool_max_idle_per_host(CUSTOMERS).build().unwrap();
    let mut bodies = Vec::new();
    for i in 0..CUSTOMERS {
        let now = chrono::Utc::now().timestamp();
        let u = user::ActiveModel { city: Set("تهران".into()), ..user::new_customer(&format!("0912000{i:04}"), now) }
            .insert(db)
            .await
            .unwrap();
        let token = keys.sign_access(&AccessClaims { sub: u.id, uid: u.uid.clone(), iat: now, exp: now + 3600, ep: u.session_epoch });
        let call = |path: &str, body: Value| {
            let http = http.clone();
            let url = format!("{base}{path}");
            let token = token.clone();
            async move { http.post(url).bearer_auth(token).json(&body).send().await.unwrap().json::<Value>().await.unwrap() }
        };
        let a = call(
            "/api/client/v1/address/add",
            json!({ "name": "مشتری", "mobile": "09120000000", "state": "تهران", "city": "تهران",
                    "address": "خیابان آزادی، کوچه ۱۲، پلاک ۴", "postalcode": "1234567890" }),
        )
        .await;
        let mut cart = 0;
        for (p, v) in &products {
            let r = call("/api/client/v1/order/edit/product", json!({ "spid": p, "spiddetail": v, "num": 1, "orderid": 0 })).await;
            cart = r["OrderId"].as_i64().unwrap();
        }
        let body = json!({ "orderid": cart, "addressid": a["Id"], "deliveryid": post, "paymentmethod": "full" });
        bodies.push((token, body));
    }

    let deadline = Instant::now() + Duration::from_secs(secs);
    let tasks: Vec<_> = bodies
        .into_iter()
        .map(|(token, body)| {
            let http = http.clone();
            let url = format!("{base}/api/client/v1/order/register");
            tokio::spawn(async move {
                let mut lat = Vec::new();
                while Instant::now() < deadline {
                    let t = Instant::now();
                    let r = http
                        .post(&url)
                        .bearer_auth(&token)
                        .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
                        .json(&body)
                        .send()
                        .await
                        .unwrap();
                    let v: Value = r.json().await.unwrap();
                    assert_eq!(v["status"], "ok", "{v}");
                    lat.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                lat
            })
        })
        .collect();
    let t0 = Instant::now();
    let mut all: Vec<f64> = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    let elapsed = t0.elapsed().as_secs_f64();
    all.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| all[((all.len() as f64 * p) as usize).min(all.len() - 1)];
    println!(
        "| {label} | {CUSTOMERS} | {:.0} | {:.1} | {:.1} |",
        all.len() as f64 / elapsed,
        pct(0.50),
        pct(0.99)
    );
    node.stop().await;
}

/// Two laptops with a huge stock (the bench measures registration, not running out) and the
/// post option for every city.
async fn catalogue(db: &sea_orm::DatabaseConnection) -> (Vec<(i64, i64)>, i64) {
    let post = delivery_option::ActiveModel {
        name: Set("پست پیشتاز".into()),
        description: Set(String::new()),
        price: Set(120_000),
        priority: Set(2),
        cities: Set(r#"["همه"]"#.into()),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap()
    .id;
    let mut out = Vec::new();
    for i in 0..2 {
        let p = product::ActiveModel {
            uid: Set(format!("bench-laptop-{i}")),
            name: Set(format!("لپ‌تاپ آزمایشی {i}")),
            brand: Set("ASUS".into()),
            line: Set("laptop".into()),
            condition: Set("new".into()),
            description: Set(String::new()),
            active: Set(true),
            ..Default::default()
        }
        .insert(db)
        .await
        .unwrap();
        let v = variant::ActiveModel {
            product_id: Set(p.id),
            color: Set("مشکی".into()),
            warranty_name: Set("گارانتی ۱۸ ماهه".into()),
            warranty_price: Set(500_000),
            price: Set(40_000_000),
            stock: Set(1_000_000_000),
            ins_payment: Set(true),
            dg: Set(String::new()),
            property: Set(String::new()),
            ..Default::default()
        }
        .insert(db)
        .await
        .unwrap();
        product_delivery::ActiveModel { product_id: Set(p.id), delivery_option_id: Set(post) }.insert(db).await.unwrap();
        out.push((p.id, v.id));
    }
    (out, post)
}
