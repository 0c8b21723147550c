//! Where a write's time goes (issue 25 item 1): the cart edit (`order/edit/product`) and order
//! registration called as the routes call them (`cart::service::edit`,
//! `order::service::checkout::register`), on a connection whose every statement is timed
//! (sea-orm's metric callback), on SQLite and PostgreSQL.
//!
//! For each case: `BENCH_CALLS` (300) calls by 1 client (no waiting on anyone), then by 16
//! clients at once (own carts: each client its own customer and cart). Printed per case: calls/s,
//! p50/p99 of a call, statements per call (BEGIN/COMMIT not counted: sqlx runs them outside the
//! callback), the time inside statements per call, and the statements that took most of it
//! (a lock wait shows as a long `FOR UPDATE` or `UPDATE`). What is left of a call's time is
//! BEGIN (SQLite: waiting for the write lock), COMMIT, and the Rust between statements. The HTTP
//! layer (routing, JSON, the idempotency record of a registration) is in `order_bench`'s
//! figures, not here.
//!
//! `cargo run --release -p shop-server --example write_profile`

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectOptions, Database, DatabaseConnection};
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::auth::token::{AccessClaims, TokenKeys};
use shop_server::order::service::checkout::{self, PaymentMethod, RegisterOutcome, RegisterRequest};
use shop_server::cart::service::{self as carts, Caller, EditOutcome, EditRequest};

mod common;

// The allocator `shop serve` runs with (server/src/main.rs): the bench measures the same server.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Time and count per statement text (its first 70 characters).
type Stats = Arc<Mutex<HashMap<String, (u64, f64)>>>;

#[tokio::main]
async fn main() {
    let calls: usize = std::env::var("BENCH_CALLS").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    if let Err(e) = common::for_each_bench_db("shop-write-profile", |label, url| async move { profile(label, &url, calls).await }).await {
        println!("PostgreSQL skipped: {e}");
    }
}

struct Customer {
    caller: Caller,
    cart: i64,
    address: i64,
    variant: (i64, i64),
}

async fn profile(label: &str, url: &str, calls: usize) {
    let mut config = common::config(url);
    config.order_limits.registrations_per_hour = 1_000_000;
    let limits = config.order_limits.clone();
    let node = common::start(config).await;
    let (state, base) = (node.state.clone(), node.base.clone());
    let (products, post) = common::laptops(&state.db).await;
    let keys = TokenKeys::new(&state.config.secret);
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    let mut customers = Vec::new();
    for i in 0..16usize {
        let now = chrono::Utc::now().timestamp();
        let u = user::ActiveModel { city: Set("تهران".into()), ..user::new_customer(&format!("0912{i:07}"), now) }
            .insert(&state.db)
            .await
            .unwrap();
        let token = keys.sign_access(&AccessClaims { sub: u.id, uid: u.uid.clone(), iat: now, exp: now + 3600, ep: u.session_epoch });
        let call = |path: &str, body: Value| {
            let (http, url, token) = (http.clone(), format!("{base}{path}"), token.clone());
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
            cart = call("/api/client/v1/order/edit/product", json!({ "spid": p, "spiddetail": v, "num": 1, "orderid": 0 })).await["OrderId"]
                .as_i64()
                .unwrap();
        }
        customers.push(Arc::new(Customer {
            caller: Caller { id: u.id, uid: u.uid },
            cart,
            address: a["Id"].as_i64().unwrap(),
            variant: products[i % products.len()],
        }));
    }

    // A second pool on the same database whose statements are timed.
    let stats: Stats = Arc::default();
    let mut opts = ConnectOptions::new(url.to_string());
    opts.max_connections(if url.starts_with("sqlite:") { 8 } else { 16 }).sqlx_logging(false);
    if url.starts_with("sqlite:") {
        opts.map_sqlx_sqlite_opts(|o| {
            use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(std::time::Duration::from_secs(10))
                .foreign_keys(true)
        });
    }
    let mut db: DatabaseConnection = Database::connect(opts).await.unwrap();
    {
        let stats = stats.clone();
        db.set_metric_callback(move |info| {
            let sql = info.statement.sql.split_whitespace().collect::<Vec<_>>().join(" ");
            let key: String = sql.chars().take(110).collect();
            let mut s = stats.lock().unwrap();
            let e = s.entry(key).or_default();
            e.0 += 1;
            e.1 += info.elapsed.as_secs_f64() * 1000.0;
        });
    }
    let db = Arc::new(db);

    for case in ["edit", "register"] {
        for clients in [1usize, 16] {
            stats.lock().unwrap().clear();
            let per_client = calls / clients;
            let t0 = Instant::now();
            let tasks: Vec<_> = customers[..clients]
                .iter()
                .cloned()
                .map(|c| {
                    let (db, limits) = (db.clone(), limits.clone());
                    tokio::spawn(async move {
                        let mut lat = Vec::new();
                        for n in 0..per_client {
                            let now = chrono::Utc::now().timestamp();
                            let t = Instant::now();
                            if case == "edit" {
                                let req = EditRequest {
                                    product_id: c.variant.0,
                                    variant_id: c.variant.1,
                                    num: 1 + (n as i64 % 2),
                                    cart_id: Some(c.cart),
                                    line_id: None,
                                };
                                // No synchronous SQLite writer: this profiles the statements sea-orm
                                // runs (its metric callback never sees rusqlite's).
                                let writer = &shop_server::platform::sqlite_writer::SqliteWriter::NONE;
                                let out = carts::edit(&db, writer, None, &shop_server::order::service::held::Orders, &c.caller, &req, now).await.unwrap();
                                assert!(matches!(out, EditOutcome::Ok(_)));
                            } else {
                                let req = RegisterRequest {
                                    cart_id: c.cart,
                                    address_id: c.address,
                                    delivery_id: post,
                                    method: PaymentMethod::Full,
                                    plan_id: None,
                                    accept_prices: true,
                                    expected_payable: None,
                                    discount_code: None,
                                    slot_id: None,
                                };
                                // As for the edit: the statements sea-orm runs through sqlx.
                                let writer = &shop_server::platform::sqlite_writer::SqliteWriter::NONE;
                                let out = checkout::register(&db, writer, &c.caller, "تهران", &req, 900, &limits, None, now).await.unwrap();
                                assert!(matches!(out, RegisterOutcome::Registered(_)));
                            }
                            lat.push(t.elapsed().as_secs_f64() * 1000.0);
                        }
                        lat
                    })
                })
                .collect();
            let mut lat = Vec::new();
            for t in tasks {
                lat.extend(t.await.unwrap());
            }
            let wall = t0.elapsed().as_secs_f64();
            lat.sort_by(|a, b| a.total_cmp(b));
            let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
            let n = lat.len() as f64;
            let s = stats.lock().unwrap().clone();
            let stmts: u64 = s.values().map(|v| v.0).sum();
            let in_db: f64 = s.values().map(|v| v.1).sum();
            let mean: f64 = lat.iter().sum::<f64>() / n;
            println!(
                "\n## {label}, {case}, {clients} client(s): {:.0} calls/s, p50 {:.2} ms, p99 {:.2} ms, mean {:.2} ms; \
                 {:.1} statements per call, {:.2} ms in them per call ({:.0}% of the mean)",
                n / wall,
                pct(0.5),
                pct(0.99),
                mean,
                stmts as f64 / n,
                in_db / n,
                100.0 * in_db / n / mean
            );
            let mut rows: Vec<_> = s.into_iter().collect();
            rows.sort_by(|a, b| b.1 .1.total_cmp(&a.1 .1));
            for (sql, (count, ms)) in rows.iter().take(std::env::var("BENCH_TOP").ok().and_then(|s| s.parse().ok()).unwrap_or(8)) {
                println!("  {:>6.3} ms/call {:>5.2}×/call  {sql}", ms / n, *count as f64 / n);
            }
        }
    }
    node.stop().await;
}
