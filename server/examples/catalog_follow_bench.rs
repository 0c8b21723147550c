//! Catalogue follow bench (issue 24 item 6, target: a price change is in the storefront's search
//! within 2 s, on every node).
//!
//! Starts the real server in this process: one node on a fresh SQLite file, and two nodes (A
//! and B, each with its own catalogue snapshot, like two instances behind a load balancer) on
//! one fresh PostgreSQL database when `BENCH_PG_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`) answers. Loads `BENCH_PRODUCTS` (10,000)
//! products (the demo catalogue and generated copies) and, through the staff API, one laptop
//! of its own; then `BENCH_CHANGES` (50) times changes that laptop's price through A's staff
//! API (`POST /api/admin/v1/catalog/variant/update`) and asks B's public search
//! (`GET /api/client/v1/catalog/search?q=…`) every 5 ms until its card shows the new price.
//! Prints the save's time (A's whole call) and the time from A's answer until B's search shows
//! the price (B's snapshot rebuilt, at this size mostly the database read): p50, p99, max.
//!
//! - SQLite: A and B are the one node; its 200 ms poll of the catalogue version finds the change.
//! - PostgreSQL, notified: `catalog_meta`'s trigger sends a note on commit, B's listener marks
//!   its snapshot stale, B's next search rebuilds it.
//! - PostgreSQL, poll only: the same with the trigger dropped, so only B's 1 s poll finds it
//!   (what the notification saves). A change is made just after B's last look, so this row is
//!   close to the poll's worst case.
//!
//! `cargo run --release -p shop-server --example catalog_follow_bench`

use std::time::{Duration, Instant};

use sea_orm::ConnectionTrait;
use serde_json::{json, Value};

mod common;
use common::{BenchDb, Node};

const QUERY: &str = "بازتاب";

#[tokio::main]
async fn main() {
    let products: usize = std::env::var("BENCH_PRODUCTS").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let changes: usize = std::env::var("BENCH_CHANGES").ok().and_then(|s| s.parse().ok()).unwrap_or(50);
    println!("| database | nodes | products | changes | save p50 ms | visible on B after the save: p50 ms | p99 ms | max ms | target < 2 s |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let db = BenchDb::sqlite("shop-follow-bench");
    let node = common::start(common::config(&db.url)).await;
    let mut bench = Bench::new(&node, &node, products).await;
    bench.run("SQLite", "1", changes).await;
    node.stop().await;
    db.remove().await;

    match BenchDb::postgres("shop_follow_bench").await {
        Ok(db) => {
            let a = common::start(common::config(&db.url)).await;
            let b = common::start(common::config(&db.url)).await;
            listening(&a, 2).await;
            let mut bench = Bench::new(&a, &b, products).await;
            bench.run("PostgreSQL, notified", "2", changes).await;
            a.state.db.execute_unprepared("DROP TRIGGER trg_catalog_meta_notify ON catalog_meta").await.unwrap();
            bench.run("PostgreSQL, poll only (1 s)", "2", changes).await;
            a.stop().await;
            b.stop().await;
            db.remove().await;
        }
        Err(e) => println!("| PostgreSQL | skipped: {e} | | | | | | | |"),
    }
}

/// The laptop A's staff reprice and B's search is asked for.
struct Bench {
    http: reqwest::Client,
    a: String,
    b: String,
    token: String,
    uid: String,
    variant: Value,
    price: i64,
    products: usize,
}

impl Bench {
    /// Loads the catalogue through A's database and makes the laptop through A's staff API;
    /// B's snapshot is built once before the clock starts.
    async fn new(a: &Node, b: &Node, products: usize) -> Self {
        let t = Instant::now();
        shop_server::demo::catalogue(&a.state.db, Some(products)).await.expect("catalogue");
        if a.state.config.database_url.starts_with("postgres") {
            a.state.db.execute_unprepared("ANALYZE").await.unwrap();
        }
        eprintln!("{products} products loaded in {:.1} s", t.elapsed().as_secs_f64());
        let token = common::staff_token(&a.state, "09350000003", &["catalogue"]).await;
        let http = reqwest::Client::builder().no_proxy().build().unwrap();
        let mut bench = Self { http, a: a.base.clone(), b: b.base.clone(), token, uid: String::new(), variant: Value::Null, price: 0, products };
        let cat = bench.staff("/category/create", json!({ "category": { "name": "لپ‌تاپ سنجه", "slug": "follow-bench" } })).await["id"].clone();
        let laptop = json!({
            "name": format!("لپ‌تاپ سنجه {QUERY} ۱۴"),
            "brand": "ASUS",
            "model": "FB1400",
            "condition": "new",
            "category": cat.as_i64().unwrap().to_string(),
            "description": "برای سنجش",
            "cpu": "Intel Core Ultra 7 258V",
            "ram_gb": "16",
            "storage_gb": "512",
            "screen_inches": "14",
            "os": "Windows 11 Home"
        });
        let variant = json!({ "color": "نقره‌ای", "warranty_name": "گارانتی ۱۸ ماهه", "price": "50000000", "stock": "5", "ins_payment": true });
        let p = bench.staff("/product/create", json!({ "product": laptop, "variants": [variant], "publish": true })).await;
        bench.uid = p["uid"].as_str().unwrap().to_string();
        bench.variant = p["variants"][0].clone();
        bench.price = 50_000_000;
        let t = Instant::now();
        bench.wait_on_b(bench.price).await;
        eprintln!("B's first snapshot in {:.1} s", t.elapsed().as_secs_f64());
        bench
    }

    /// A staff call on A; its `data`.
    async fn staff(&self, path: &str, body: Value) -> Value {
        let r = self.http.post(format!("{}/api/admin/v1/catalog{path}", self.a)).bearer_auth(&self.token).json(&body).send().await.unwrap();
        let status = r.status();
        let body: Value = r.json().await.unwrap();
        assert!(status.is_success(), "{path}: {status} {body}");
        body["data"].clone()
    }

    /// Asks B's search every 5 ms until the laptop's card shows `price` (at most 10 s).
    async fn wait_on_b(&self, price: i64) {
        let q = serde_urlencoded::to_string([("q", QUERY)]).unwrap();
        let url = format!("{}/api/client/v1/catalog/search?{q}", self.b);
        let started = Instant::now();
        loop {
            let r: Value = self.http.get(&url).send().await.unwrap().json().await.unwrap();
            let shown = r["data"].as_array().is_some_and(|d| d.iter().any(|c| c["Uid"] == self.uid.as_str() && c["Price"] == price));
            if shown {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(10), "B never showed {price}: {r}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    async fn run(&mut self, label: &str, nodes: &str, changes: usize) {
        let mut saves = Vec::with_capacity(changes);
        let mut follows = Vec::with_capacity(changes);
        for _ in 0..changes {
            self.price += 10_000;
            let mut form = self.variant["form"].clone();
            form["price"] = json!(self.price.to_string());
            let t = Instant::now();
            let p = self.staff("/variant/update", json!({ "id": self.variant["id"], "version": self.variant["version"], "variant": form })).await;
            saves.push(t.elapsed().as_secs_f64() * 1000.0);
            let t = Instant::now();
            self.wait_on_b(self.price).await;
            follows.push(t.elapsed().as_secs_f64() * 1000.0);
            self.variant = p["variants"].as_array().unwrap().iter().find(|v| v["id"] == self.variant["id"]).unwrap().clone();
        }
        saves.sort_by(f64::total_cmp);
        follows.sort_by(f64::total_cmp);
        let pct = |v: &[f64], p: f64| v[((v.len() as f64 * p) as usize).min(v.len() - 1)];
        let max = follows[follows.len() - 1];
        println!(
            "| {label} | {nodes} | {} | {changes} | {:.1} | {:.1} | {:.1} | {:.1} | {} |",
            self.products,
            pct(&saves, 0.5),
            pct(&follows, 0.5),
            pct(&follows, 0.99),
            max,
            if max < 2000.0 { "met" } else { "NOT met" }
        );
    }
}

/// Waits (at most 10 s) until `n` connections to the node's database are listening, so the
/// first change is not made before B hears notes.
async fn listening(node: &Node, n: i64) {
    let sql = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'";
    let started = Instant::now();
    loop {
        let row = node.state.db.query_one_raw(sea_orm::Statement::from_string(sea_orm::DbBackend::Postgres, sql)).await.unwrap().unwrap();
        if row.try_get_by_index::<i64>(0).unwrap() >= n {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{n} nodes never listened");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
