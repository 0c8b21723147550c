//! Write bench (issue 25 item 1): order registration and cart edits, each against the bare
//! health rate of the same client.
//!
//! Starts the real server in this process (`Application::build`, as `shop serve`) on a fresh
//! SQLite file, and on a fresh PostgreSQL database when `BENCH_PG_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`) answers. Rows, each for `BENCH_SECONDS` (10):
//! - `health`: 64 clients `GET /api/health` (the baseline of the ratios);
//! - `edit, one cart`: 64 clients of ONE customer set a line's quantity (1, 2, 1, …) in the same
//!   cart (`order/edit/product`): the contention case, every edit waits for the one before;
//! - `edit, own carts`: 64 customers, each editing its own 1-line cart the same way
//!   (targets: ≥ 25 % of health on SQLite, ≥ 15 % on PostgreSQL);
//! - `register`: 16 customers, each with a Tehran address and a 2-line cart, register their
//!   cart in a loop with a new `Idempotency-Key` each time: every call is a full registration
//!   (quote, the earlier registration of the cart replaced and its stock released, conditional
//!   stock updates, order rows, timeline) in one transaction (targets: p99 < 20 ms on SQLite,
//!   < 40 ms on PostgreSQL). Closed loop: each customer registers again the moment the answer
//!   comes, so on 2 cores shared with the client this row is CPU-bound and its p99 is about
//!   16 ÷ (registrations per second) plus the queue's tail;
//! - `register, own laptops`: 16 other customers, each with a 2-line cart of two laptops no one
//!   else buys. In `register` every customer takes the same two laptops, so every registration
//!   waits for the one before to commit (their rows stay locked until then; on PostgreSQL the
//!   commit includes the WAL flush): the contention case, as `edit, one cart` is for edits;
//! - `register, each every N ms`: the same customers at a pace (`BENCH_REGISTER_EVERY_MS`,
//!   default 80: 200 registrations/s in all), latency from when each call was due: the delay
//!   a customer meets when the shop is busy but not saturated.
//!
//! Prints requests/s, the ratio to health, p50 and p99. `BENCH_ROWS` (e.g. `"edit-own register"`)
//! runs only some rows (`health`, `edit-one`, `edit-own`, `register`, `register-own`); health
//! always runs.
//! `BENCH_DBS` (`sqlite postgres`) picks the databases.
//!
//! `cargo run --release -p shop-server --example order_bench`

use std::future::Future;
use std::time::{Duration, Instant};

use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::auth::token::{AccessClaims, TokenKeys};

mod common;

// The allocator `shop serve` runs with (server/src/main.rs): the bench measures the same server.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Customers registering at once.
const CUSTOMERS: usize = 16;
/// Clients of the health and edit rows.
const CLIENTS: usize = 64;

fn want(row: &str) -> bool {
    match std::env::var("BENCH_ROWS") {
        Ok(rows) if !rows.trim().is_empty() => rows.split_whitespace().any(|r| r == row),
        _ => true,
    }
}

#[tokio::main]
async fn main() {
    let secs: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    println!("| database | row | clients | req/s | × health | p50 ms | p99 ms |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    if let Err(e) = common::for_each_bench_db("shop-order-bench", |label, url| async move { run(label, &url, secs).await }).await {
        println!("| PostgreSQL | skipped: {e} | | | | | |");
    }
}

/// Latencies (ms) of one row and its wall time.
struct Row {
    lat: Vec<f64>,
    secs: f64,
}

impl Row {
    fn rate(&self) -> f64 {
        self.lat.len() as f64 / self.secs
    }

    fn print(mut self, label: &str, row: &str, clients: usize, health: f64) {
        self.lat.sort_by(|a, b| a.total_cmp(b));
        let pct = |p: f64| self.lat[((self.lat.len() as f64 * p) as usize).min(self.lat.len() - 1)];
        println!(
            "| {label} | {row} | {clients} | {:.0} | {:.1}% | {:.2} | {:.1} |",
            self.rate(),
            100.0 * self.rate() / health,
            pct(0.50),
            pct(0.99)
        );
    }
}

/// Runs `call(client, n)` in a loop on `clients` tasks for `secs`; each call answers whether it
/// got the expected answer (the bench stops on any other). Closed loop: each client calls again
/// as soon as its answer arrives, so the row measures the most the shop serves.
async fn drive<F, Fut>(clients: usize, secs: u64, call: F) -> Row
where
    F: Fn(usize, u64) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    drive_at(clients, secs, None, call).await
}

/// As [`drive`], but each client starts a call every `every` (open loop, a customer's pace)
/// when `every` is given. A call's latency counts from when it was due, not from when it
/// started, so a stall that delays the calls behind it shows in the percentiles instead of
/// being hidden (coordinated omission).
async fn drive_at<F, Fut>(clients: usize, secs: u64, every: Option<Duration>, call: F) -> Row
where
    F: Fn(usize, u64) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    let deadline = Instant::now() + Duration::from_secs(secs);
    let t0 = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|c| {
            let call = call.clone();
            tokio::spawn(async move {
                let mut lat = Vec::new();
                let mut n = 0u64;
                // Paced clients start spread over one interval, not all at once.
                let mut due = t0 + every.map_or(Duration::ZERO, |e| e * c as u32 / clients as u32);
                while due < deadline {
                    if every.is_some() {
                        tokio::time::sleep_until(due.into()).await;
                    } else {
                        due = Instant::now();
                    }
                    call(c, n).await;
                    n += 1;
                    lat.push(due.elapsed().as_secs_f64() * 1000.0);
                    due += every.unwrap_or(Duration::ZERO);
                }
                lat
            })
        })
        .collect();
    let mut lat = Vec::new();
    for t in tasks {
        lat.extend(t.await.unwrap());
    }
    Row { lat, secs: t0.elapsed().as_secs_f64() }
}

async fn run(label: &str, url: &str, secs: u64) {
    let mut config = common::config(url);
    config.job_interval_ms = 30_000;
    // `BENCH_CHECKPOINT_MS`: the SQLite WAL checkpoint task's pace (0: SQLite's own, in commits).
    if let Some(ms) = std::env::var("BENCH_CHECKPOINT_MS").ok().and_then(|s| s.parse().ok()) {
        config.sqlite_checkpoint_ms = ms;
    }
    config.db_max_connections = if url.starts_with("sqlite:") { 8 } else { 16 };
    // The bench registers each cart again and again: lift the 10 registrations per customer
    // and hour (issue 22), which it would otherwise meet after its first 10 calls.
    config.order_limits.registrations_per_hour = 1_000_000;
    let node = common::start(config).await;
    let (state, base) = (node.state.clone(), node.base.clone());
    let db = &state.db;
    // Two laptops every `register` customer buys, then two of their own for each `register, own
    // laptops` customer.
    let (all, post) = common::laptops_n(db, 2 + 2 * CUSTOMERS).await;
    let products = all[..2].to_vec();
    let keys = TokenKeys::new(&state.config.secret);
    let http = reqwest::Client::builder().no_proxy().pool_max_idle_per_host(CLIENTS).build().unwrap();
    let customer = |i: usize| {
        let (keys, http, base) = (&keys, http.clone(), base.clone());
        async move {
            let now = chrono::Utc::now().timestamp();
            let u = user::ActiveModel { city: Set("تهران".into()), ..user::new_customer(&format!("0912{i:07}"), now) }
                .insert(db)
                .await
                .unwrap();
            let token = keys.sign_access(&AccessClaims { sub: u.id, uid: u.uid.clone(), iat: now, exp: now + 3600, ep: u.session_epoch });
            let caller = Caller { http, base, token };
            caller
        }
    };

    let health = {
        let (http, url) = (http.clone(), format!("{base}/api/health"));
        drive(CLIENTS, secs, move |_, _| {
            let (http, url) = (http.clone(), url.clone());
            async move {
                let r = http.get(&url).send().await.unwrap();
                assert!(r.status().is_success());
                r.bytes().await.unwrap();
            }
        })
        .await
    };
    let h = health.rate();
    health.print(label, "health", CLIENTS, h);

    if want("edit-one") {
        let c = customer(900_000).await;
        let first = c.call("/api/client/v1/order/edit/product", json!({ "spid": products[0].0, "spiddetail": products[0].1, "num": 1, "orderid": 0 })).await;
        let cart = first["OrderId"].as_i64().unwrap();
        let (p, v) = products[0];
        drive(CLIENTS, secs, move |_, n| {
            let c = c.clone();
            async move {
                let r = c.call("/api/client/v1/order/edit/product", json!({ "spid": p, "spiddetail": v, "num": 1 + n % 2, "orderid": cart })).await;
                assert_eq!(r["status"], "ok", "{r}");
            }
        })
        .await
        .print(label, "edit, one cart", CLIENTS, h);
    }

    if want("edit-own") {
        let mut carts = Vec::new();
        for i in 0..CLIENTS {
            let c = customer(800_000 + i).await;
            let (p, v) = products[i % products.len()];
            let r = c.call("/api/client/v1/order/edit/product", json!({ "spid": p, "spiddetail": v, "num": 1, "orderid": 0 })).await;
            carts.push((c, r["OrderId"].as_i64().unwrap(), p, v));
        }
        let carts = std::sync::Arc::new(carts);
        drive(CLIENTS, secs, move |i, n| {
            let carts = carts.clone();
            async move {
                let (c, cart, p, v) = &carts[i];
                let r = c.call("/api/client/v1/order/edit/product", json!({ "spid": p, "spiddetail": v, "num": 1 + n % 2, "orderid": cart })).await;
                assert_eq!(r["status"], "ok", "{r}");
            }
        })
        .await
        .print(label, "edit, own carts", CLIENTS, h);
    }

    // A Tehran customer with an address and a cart of `laptops`: the register body.
    let shopper = |i: usize, laptops: Vec<(i64, i64)>| {
        let customer = &customer;
        async move {
            let c = customer(i).await;
            let a = c.call(
                "/api/client/v1/address/add",
                json!({ "name": "مشتری", "mobile": "09120000000", "state": "تهران", "city": "تهران",
                        "address": "خیابان آزادی، کوچه ۱۲، پلاک ۴", "postalcode": "1234567890" }),
            )
            .await;
            let mut cart = 0;
            for (p, v) in &laptops {
                let r = c.call("/api/client/v1/order/edit/product", json!({ "spid": p, "spiddetail": v, "num": 1, "orderid": 0 })).await;
                cart = r["OrderId"].as_i64().unwrap();
            }
            let body = json!({ "orderid": cart, "addressid": a["Id"], "deliveryid": post, "paymentmethod": "full" });
            (c, body)
        }
    };
    let registering = |bodies: Vec<(Caller, Value)>| {
        let bodies = std::sync::Arc::new(bodies);
        move |i: usize, _| {
            let bodies = bodies.clone();
            async move {
                let (c, body) = &bodies[i];
                let r = c
                    .http
                    .post(format!("{}/api/client/v1/order/register", c.base))
                    .bearer_auth(&c.token)
                    .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
                    .json(body)
                    .send()
                    .await
                    .unwrap();
                let v: Value = r.json().await.unwrap();
                assert_eq!(v["status"], "ok", "{v}");
            }
        }
    };

    if want("register") {
        let mut bodies = Vec::new();
        for i in 0..CUSTOMERS {
            bodies.push(shopper(i, products.clone()).await);
        }
        let register = registering(bodies);
        drive(CUSTOMERS, secs, register.clone()).await.print(label, "register", CUSTOMERS, h);
        // The same 16 customers at a pace: each registers every `BENCH_REGISTER_EVERY_MS`
        // (default 80 ms, 200 registrations/s in all, far above a laptop shop's busiest hour).
        let every: u64 = std::env::var("BENCH_REGISTER_EVERY_MS").ok().and_then(|s| s.parse().ok()).unwrap_or(80);
        let row = format!("register, each every {every} ms");
        drive_at(CUSTOMERS, secs, Some(Duration::from_millis(every)), register)
            .await
            .print(label, &row, CUSTOMERS, h);
    }

    if want("register-own") {
        let mut bodies = Vec::new();
        for i in 0..CUSTOMERS {
            bodies.push(shopper(700_000 + i, all[2 + 2 * i..4 + 2 * i].to_vec()).await);
        }
        drive(CUSTOMERS, secs, registering(bodies)).await.print(label, "register, own laptops", CUSTOMERS, h);
    }
    node.stop().await;
}

/// A signed-in customer's client.
#[derive(Clone)]
struct Caller {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Caller {
    async fn call(&self, path: &str, body: Value) -> Value {
        self.http
            .post(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .json(&body)
            .send()
            .await
            .unwrap()
            .json::<Value>()
            .await
            .unwrap()
    }
}
