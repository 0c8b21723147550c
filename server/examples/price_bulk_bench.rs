//! Bulk prices and stock bench (targets: a 10,000-row sheet previewed in < 3 s and applied in
//! < 5 s on SQLite; issue 24).
//!
//! Starts the real server in this process on a fresh SQLite file, and on a fresh PostgreSQL
//! database when `BENCH_PG_URL` (default `postgres://postgres@127.0.0.1:5432/test`) answers;
//! seeds the demo catalogue and adds `BENCH_ROWS` (10,000) variants; then, as a `catalogue`
//! staff member, sends a sheet of every one of them with a new price and stock (by code, the
//! slower lookup) to `POST /api/admin/v1/catalog/prices/preview`, applies it with
//! `…/prices/apply`, and exports the whole catalogue with `GET …/prices/export`. Prints each
//! whole HTTP call's time (upload, decoding, lookups, JSON; apply: the conditional batched
//! updates, one audit row per variant, the commit).
//!
//! `cargo run --release -p shop-server --example price_bulk_bench`

use std::time::Instant;

use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};
use serde_json::{json, Value};
use shop_server::catalog::variant;

mod common;

#[tokio::main]
async fn main() {
    let rows: usize = std::env::var("BENCH_ROWS").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    println!("| database | rows | preview s | apply s | export s |");
    println!("|---|---|---|---|---|");
    if let Err(e) = common::for_each_bench_db("shop-price-bench", |label, url| async move { run(label, &url, rows).await }).await {
        println!("| PostgreSQL | skipped: {e} | | | |");
    }
}

async fn run(label: &str, url: &str, rows: usize) {
    let node = common::start(common::config(url)).await;
    let (state, base) = (&node.state, &node.base);
    shop_server::demo::catalogue(&state.db, None).await.expect("demo catalogue");
    let product_id: i64 = shop_server::catalog::product::Entity::find().one(&state.db).await.unwrap().expect("a product").id;
    let fresh: Vec<variant::ActiveModel> = (0..rows)
        .map(|i| variant::ActiveModel {
            product_id: Set(product_id),
            color: Set(format!("رنگ {i}")),
            warranty_name: Set("گارانتی ۱۸ ماهه".into()),
            warranty_price: Set(0),
            warranty_note: Set(String::new()),
            price: Set(30_000_000 + i as i64 * 100),
            stock: Set(3),
            ins_payment: Set(true),
            dg: Set(format!("bench-{i}")),
            property: Set(String::new()),
            ..Default::default()
        })
        .collect();
    for chunk in fresh.chunks(1000) {
        variant::Entity::insert_many(chunk.to_vec()).exec_without_returning(&state.db).await.unwrap();
    }
    if url.starts_with("postgres") {
        state.db.execute_unprepared("ANALYZE").await.unwrap();
    }

    let token = common::staff_token(state, "09350000002", &["catalogue"]).await;
    let http = reqwest::Client::builder().no_proxy().build().unwrap();

    let mut sheet = String::from("\u{feff}sku,name,price,stock\n");
    for i in 0..rows {
        sheet.push_str(&format!("bench-{i},لپ‌تاپ نمونه {i},{},{}\n", 31_000_000 + i * 100, i % 9));
    }
    let t = Instant::now();
    let r = http
        .post(format!("{base}/api/admin/v1/catalog/prices/preview"))
        .bearer_auth(&token)
        .header("content-type", "text/csv")
        .body(sheet)
        .send()
        .await
        .unwrap();
    let status = r.status();
    let body: Value = r.json().await.unwrap();
    let preview = t.elapsed().as_secs_f64();
    assert!(status.is_success(), "preview: {status} {}", body["message"]);
    assert_eq!(body["changes"].as_array().map(Vec::len), Some(rows), "every row changes");

    let t = Instant::now();
    let r = http
        .post(format!("{base}/api/admin/v1/catalog/prices/apply"))
        .bearer_auth(&token)
        .json(&json!({ "token": body["token"] }))
        .send()
        .await
        .unwrap();
    let status = r.status();
    let applied: Value = r.json().await.unwrap();
    let apply = t.elapsed().as_secs_f64();
    assert!(status.is_success(), "apply: {status} {applied}");

    let t = Instant::now();
    let r = http.get(format!("{base}/api/admin/v1/catalog/prices/export")).bearer_auth(&token).send().await.unwrap();
    let bytes = r.bytes().await.unwrap();
    let export = t.elapsed().as_secs_f64();
    assert!(bytes.len() > rows * 20);

    println!("| {label} | {rows} | {preview:.2} | {apply:.2} | {export:.2} |");
    node.stop().await;
}
