//! Crash test (issue 25, item 2): checkouts from several clients while the server is killed
//! with SIGKILL at random moments and restarted on the same database; then a SIGTERM under
//! load, which must drain what is in flight. On SQLite, and on PostgreSQL when it answers.
//!
//! The server is the real `shop serve` binary in its own process (`CRASH_SHOP`, default
//! `target/debug/shop`), in development mode with the sandbox bank and the demo catalogue.
//! Each client, a customer of its own, loops: put a laptop in the cart, register it with an
//! `Idempotency-Key` (a lost answer is retried with the same key until one comes), then pay it
//! at the sandbox bank until the callback confirms it. What the clients were told is checked
//! against the database at the end:
//! - every order acknowledged to a client exists with its code and payable;
//! - every payment confirmed as paid is paid;
//! - no client has more orders than registrations acknowledged to it (a retry never made a
//!   second order);
//! - stock adds up for every variant: stock at the start = stock now + units of orders that
//!   hold or sold theirs.
//!
//! Exits non-zero on any failure. Environment: `CRASH_SECONDS` (60), `CRASH_KILLS` (at least
//! this many kills, 20), `CRASH_CLIENTS` (8), `CRASH_DB` (`both`, `sqlite`, `postgres`),
//! `CRASH_PG_URL` (`postgres://postgres@127.0.0.1:5432/test`).
//!
//! `just crash` (60 s, 20+ kills, both databases); `just test` runs a short form.

use std::collections::{BTreeMap, HashMap};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::StreamExt;
use rand::Rng;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, Database, DatabaseConnection, Statement};
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::auth::token::{AccessClaims, TokenKeys};
use tokio::process::{Child, Command};

const SECRET: &str = "crash-test-secret-0123456789abcdef0123456789";
/// Variants the clients buy, and their stock at the start.
const VARIANTS: usize = 6;
const START_STOCK: i64 = 100_000;
/// Answers of 500 or more from a running server (a defect even when a retry then succeeds).
static SERVER_ERRORS: AtomicUsize = AtomicUsize::new(0);

struct Settings {
    secs: u64,
    kills: usize,
    clients: usize,
}

#[tokio::main]
async fn main() {
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|s| s.parse().ok()).unwrap_or(d);
    let s = Settings { secs: env("CRASH_SECONDS", 60), kills: env("CRASH_KILLS", 20) as usize, clients: env("CRASH_CLIENTS", 8) as usize };
    let which = std::env::var("CRASH_DB").unwrap_or_else(|_| "both".into());
    let mut failed = false;
    println!("| database | seconds | kills | registrations acknowledged | of them retried with the same key | payments confirmed | lost | doubled | stock off | answers of 500+ | requests in flight at SIGTERM left unanswered |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    if which != "postgres" {
        let dir = std::env::temp_dir().join(format!("shop-crash-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        failed |= !run("SQLite", &format!("sqlite://{}/shop.db?mode=rwc", dir.display()), &dir, &s).await;
        let _ = std::fs::remove_dir_all(&dir);
    }
    if which != "sqlite" {
        let admin = std::env::var("CRASH_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
        match Database::connect(admin.clone()).await {
            Ok(a) => {
                let name = format!("shop_crash_{}", uuid::Uuid::new_v4().simple());
                a.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await.unwrap();
                let base = admin.rsplit_once('/').map(|(b, _)| b.to_string()).unwrap();
                let dir = std::env::temp_dir().join(format!("shop-crash-{}", uuid::Uuid::new_v4().simple()));
                std::fs::create_dir_all(&dir).unwrap();
                failed |= !run("PostgreSQL", &format!("{base}/{name}"), &dir, &s).await;
                let _ = std::fs::remove_dir_all(&dir);
                let _ = a.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await;
            }
            Err(e) if which == "postgres" || std::env::var("SHOP_TEST_REQUIRE_PG").as_deref() == Ok("1") => {
                println!("| PostgreSQL | failed: {e} |");
                failed = true;
            }
            Err(e) => println!("| PostgreSQL | skipped: {e} |"),
        }
    }
    if failed {
        std::process::exit(1);
    }
}

/// The server process and how to start it again on the same database.
struct Node {
    child: Option<Child>,
    url: String,
    dir: std::path::PathBuf,
    addr: String,
}

impl Node {
    async fn start(&mut self) {
        let shop = std::env::var("CRASH_SHOP").unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../target/debug/shop").into());
        let child = Command::new(shop)
            .arg("serve")
            .env("SHOP_ENV", "development")
            .env("SHOP_SMS", "console")
            .env("SHOP_PAYMENT", "sandbox")
            .env("SHOP_DATABASE_URL", &self.url)
            .env("SHOP_DATA_DIR", &self.dir)
            .env("SHOP_SECRET", SECRET)
            .env("SHOP_ADDR", &self.addr)
            .env("SHOP_WEB_DIR", self.dir.join("no-web"))
            // A claim of a killed request is settled after 2 s, not 2 minutes (see the module doc of platform::idempotency).
            .env("SHOP_IDEMPOTENCY_LEASE_SECS", "2")
            .env("SHOP_PAYMENT_REUSE_MINUTES", "0")
            .env("SHOP_ORDER_REGISTRATIONS_PER_HOUR", "1000000")
            .env("SHOP_ORDER_CANCELS_PER_HOUR", "1000000")
            .env("SHOP_PAYMENT_STARTS_PER_ORDER", "1000000")
            .env("SHOP_PAYMENT_STARTS_PER_CUSTOMER", "1000000")
            .env("SHOP_HOLD_OPEN_ORDERS", "1000")
            .env("SHOP_HOLD_UNITS_PER_ORDER", "1000")
            .env("SHOP_HOLD_UNITS_PER_CUSTOMER", "100000")
            .env("SHOP_HOLD_UNITS_TOTAL", "1000000")
            .env("SHOP_JOB_INTERVAL_MS", "1000")
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("the shop binary starts (build it: cargo build -p shop-server)");
        self.child = Some(child);
        let http = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(2)).build().unwrap();
        let ready = format!("http://{}/api/health/ready", self.addr);
        let t = Instant::now();
        loop {
            if let Ok(r) = http.get(&ready).send().await {
                if r.status().is_success() {
                    return;
                }
            }
            assert!(t.elapsed() < Duration::from_secs(60), "the server did not become ready in 60 s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill().await; // SIGKILL
        }
    }

    /// SIGTERM; whether the process exited by itself (status 0) within 30 s.
    async fn terminate(&mut self) -> bool {
        let Some(mut c) = self.child.take() else { return false };
        let pid = c.id().expect("running").to_string();
        let _ = std::process::Command::new("kill").args(["-TERM", &pid]).status();
        match tokio::time::timeout(Duration::from_secs(30), c.wait()).await {
            Ok(Ok(status)) => status.success(),
            _ => {
                let _ = c.kill().await;
                false
            }
        }
    }
}

/// What one client was told.
#[derive(Default)]
struct Told {
    /// Order code → payable, for each registration answered `ok`.
    acknowledged: BTreeMap<String, i64>,
    /// Codes whose payment the callback confirmed.
    paid: Vec<String>,
    /// Registrations sent again with the same key because no answer came (a kill, or a 409
    /// while a killed request's claim was unsettled).
    retried: usize,
}

async fn run(label: &str, url: &str, dir: &std::path::Path, s: &Settings) -> bool {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut node = Node { child: None, url: url.to_string(), dir: dir.to_path_buf(), addr: format!("127.0.0.1:{port}") };
    node.start().await;
    let base = format!("http://127.0.0.1:{port}");
    let db = Database::connect(url).await.expect("the test reaches the database");
    let variants = pick_variants(&db).await;
    let keys = TokenKeys::new(SECRET.as_bytes());
    let http = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(10)).build().unwrap();

    // The customers, each with a Tehran address.
    let mut customers = Vec::new();
    for i in 0..s.clients {
        let now = chrono::Utc::now().timestamp();
        let u = user::ActiveModel { city: Set("تهران".into()), ..user::new_customer(&format!("0913{:07}", 1_000_000 + i), now) }.insert(&db).await.unwrap();
        let token = keys.sign_access(&AccessClaims { sub: u.id, uid: u.uid.clone(), iat: now, exp: now + 3600, ep: u.session_epoch });
        let address = post(&http, &base, &token, "/api/client/v1/address/add", &json!({ "name": "مشتری", "mobile": "09130000000", "state": "تهران", "city": "تهران", "address": "خیابان آزادی، کوچه ۱۲، پلاک ۴", "postalcode": "1234567890" }), None)
            .await
            .expect("address");
        customers.push((u.id, token, address["Id"].as_i64().unwrap()));
    }

    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = customers
        .iter()
        .map(|(_, token, address)| {
            let (http, base, token, address, variants) = (http.clone(), base.clone(), token.clone(), *address, variants.clone());
            let stop = stop.clone();
            tokio::spawn(async move { client(&http, &base, &token, address, &variants, &stop).await })
        })
        .collect();

    // The killer: SIGKILL at random moments, restart on the same database, until the time is up
    // and at least the asked number of kills happened.
    let started = Instant::now();
    let mut kills = 0;
    while started.elapsed() < Duration::from_secs(s.secs) || kills < s.kills {
        let pause = rand::thread_rng().gen_range(300..(s.secs * 2000 / s.kills.max(1) as u64).max(400));
        tokio::time::sleep(Duration::from_millis(pause)).await;
        node.kill().await;
        kills += 1;
        node.start().await;
    }
    // A normal stop under load: requests still arriving when SIGTERM comes (their bodies sent
    // slowly, over a second) are answered before the process exits.
    let slow: Vec<_> = customers.iter().map(|(_, token, _)| tokio::spawn(slow_request(base.clone(), token.clone()))).collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let exited = node.terminate().await;
    let mut cut = 0;
    for r in slow {
        if !r.await.unwrap() {
            cut += 1;
        }
    }
    let drained = exited && cut == 0;
    node.start().await;
    stop.store(true, Ordering::SeqCst);
    let mut told = Vec::new();
    for c in clients {
        told.push(c.await.expect("client"));
    }
    node.kill().await;

    let report = check(&db, &customers, &told, &variants).await;
    let acknowledged: usize = told.iter().map(|t| t.acknowledged.len()).sum();
    let paid: usize = told.iter().map(|t| t.paid.len()).sum();
    let retried: usize = told.iter().map(|t| t.retried).sum();
    let errors = SERVER_ERRORS.swap(0, Ordering::SeqCst);
    println!(
        "| {label} | {} | {kills} | {acknowledged} | {retried} | {paid} | {} | {} | {} | {errors} | {cut} of {}{} |",
        started.elapsed().as_secs(),
        report.lost.len(),
        report.doubled.len(),
        report.stock_off.len(),
        customers.len(),
        if exited { "" } else { " (did not exit 0 on SIGTERM)" }
    );
    for line in report.lost.iter().chain(&report.doubled).chain(&report.stock_off) {
        println!("  {line}");
    }
    let ok = report.lost.is_empty() && report.doubled.is_empty() && report.stock_off.is_empty() && errors == 0 && drained && kills >= s.kills && acknowledged > 0 && paid > 0;
    if !ok {
        println!("  FAILED on {label}");
    }
    ok
}

/// In-stock demo variants that can be sent to Tehran, stocked up for the run.
async fn pick_variants(db: &DatabaseConnection) -> Vec<(i64, i64)> {
    let backend = db.get_database_backend();
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            format!(
                "SELECT v.product_id, v.id FROM product_variant v JOIN product p ON p.id = v.product_id \
                 WHERE p.active = {t} AND v.stock > 0 ORDER BY v.id LIMIT {VARIANTS}",
                t = if backend == sea_orm::DatabaseBackend::Postgres { "TRUE" } else { "1" }
            ),
        ))
        .await
        .unwrap();
    let out: Vec<(i64, i64)> = rows.iter().map(|r| (r.try_get_by_index(0).unwrap(), r.try_get_by_index(1).unwrap())).collect();
    assert_eq!(out.len(), VARIANTS, "the demo catalogue has {VARIANTS} variants in stock");
    let ids = out.iter().map(|(_, v)| v.to_string()).collect::<Vec<_>>().join(",");
    db.execute_unprepared(&format!("UPDATE product_variant SET stock = {START_STOCK} WHERE id IN ({ids})")).await.unwrap();
    out
}

/// An address whose body arrives slowly (half now, half after a second); whether an HTTP
/// answer came (any status below 500).
async fn slow_request(base: String, token: String) -> bool {
    let body = serde_json::to_vec(&json!({ "name": "مشتری", "mobile": "09130000000", "state": "تهران", "city": "تهران", "address": "خیابان آزادی، کوچه ۱۲، پلاک ۸", "postalcode": "1234567890" })).unwrap();
    let (first, rest) = body.split_at(body.len() / 2);
    let (first, rest) = (first.to_vec(), rest.to_vec());
    let chunks = futures::stream::iter([(first, 0u64), (rest, 1000)]).then(|(bytes, wait)| async move {
        tokio::time::sleep(Duration::from_millis(wait)).await;
        Ok::<Vec<u8>, std::io::Error>(bytes)
    });
    let http = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(20)).build().unwrap();
    let r = http
        .post(format!("{base}/api/client/v1/address/add"))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .body(reqwest::Body::wrap_stream(chunks))
        .send()
        .await;
    r.is_ok_and(|r| r.status().as_u16() < 500)
}

/// A POST with the customer's token; `None` when no HTTP answer came (the server was killed).
async fn post(http: &reqwest::Client, base: &str, token: &str, path: &str, body: &Value, key: Option<&str>) -> Option<Value> {
    let mut r = http.post(format!("{base}{path}")).bearer_auth(token).json(body);
    if let Some(k) = key {
        r = r.header("Idempotency-Key", k);
    }
    let r = r.send().await.ok()?;
    let status = r.status().as_u16();
    let v: Value = r.json().await.ok()?;
    (status < 500).then_some(v).map(|mut v| {
        v["_status"] = json!(status);
        v
    })
}

/// Retries `f` until it gives an answer (a killed server answers nothing; a 409 "in progress"
/// is a claim of a killed request, settled once its lease ends); None 30 s after `stop`.
async fn until_answered<F, Fut>(f: F, stop: &AtomicBool) -> Option<Value>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<Value, reqwest::Error>>,
{
    counted(f, stop, &mut 0).await
}

/// [`until_answered`], adding the number of tries that got no answer to `retries`.
async fn counted<F, Fut>(mut f: F, stop: &AtomicBool, retries: &mut usize) -> Option<Value>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<Value, reqwest::Error>>,
{
    let deadline_after_stop = Duration::from_secs(30);
    let mut stopped_at: Option<Instant> = None;
    loop {
        if let Ok(v) = f().await {
            match v["_status"].as_u64() {
                Some(409) => {}
                Some(s) if s < 500 => return Some(v),
                _ => {
                    SERVER_ERRORS.fetch_add(1, Ordering::SeqCst);
                    println!("  server error: {v}");
                }
            }
        }
        *retries += 1;
        if stop.load(Ordering::SeqCst) {
            let at = *stopped_at.get_or_insert_with(Instant::now);
            if at.elapsed() > deadline_after_stop {
                return None;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[allow(clippy::too_many_arguments)]
async fn client(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    address: i64,
    variants: &[(i64, i64)],
    stop: &AtomicBool,
) -> Told {
    let mut told = Told::default();
    let send = |path: &'static str, body: Value, key: Option<String>| {
        let req = http.post(format!("{base}{path}")).bearer_auth(token).json(&body);
        let req = match key {
            Some(k) => req.header("Idempotency-Key", k),
            None => req,
        };
        async move {
            let r = req.send().await?;
            let status = r.status().as_u16();
            // A body cut off by a kill is no answer (an error), not an empty one.
            let mut v: Value = serde_json::from_slice(&r.bytes().await?).unwrap_or(Value::Null);
            if !v.is_object() {
                v = json!({});
            }
            v["_status"] = json!(status);
            Ok::<Value, reqwest::Error>(v)
        }
    };
    while !stop.load(Ordering::SeqCst) {
        let (p, v) = variants[rand::thread_rng().gen_range(0..variants.len())];
        let num = rand::thread_rng().gen_range(1..=3);
        let Some(cart) = until_answered(|| send("/api/client/v1/order/edit/product", json!({ "spid": p, "spiddetail": v, "num": num, "orderid": 0 }), None), stop).await else { break };
        let Some(cart) = cart["OrderId"].as_i64() else { continue };
        let Some(summary) = until_answered(|| send("/api/client/v1/order/summary", json!({ "orderid": cart, "addressid": address }), None), stop).await else { break };
        let Some(delivery) = summary["DeliveryOptions"][0]["Id"].as_i64() else { continue };
        let key = uuid::Uuid::new_v4().to_string();
        let body = json!({ "orderid": cart, "addressid": address, "deliveryid": delivery, "paymentmethod": "full", "acceptprices": true });
        let Some(r) = counted(|| send("/api/client/v1/order/register", body.clone(), Some(key.clone())), stop, &mut told.retried).await else { break };
        if r["status"] != "ok" {
            continue; // refused (nothing written): try again with another cart
        }
        let code = r["order"]["Code"].as_str().unwrap().to_string();
        told.acknowledged.insert(code.clone(), r["order"]["Payable"].as_i64().unwrap());
        // Pay until the bank's callback confirms it (a killed attempt starts again).
        'pay: loop {
            let key = uuid::Uuid::new_v4().to_string();
            let Some(start) = until_answered(|| send("/api/client/v1/payment/start", json!({ "code": code }), Some(key.clone())), stop).await else { break 'pay };
            let Some(authority) = start["authority"].as_str().map(str::to_string) else { break 'pay };
            let nofollow = reqwest::Client::builder().no_proxy().redirect(reqwest::redirect::Policy::none()).timeout(Duration::from_secs(10)).build().unwrap();
            let Ok(paid) = nofollow.post(format!("{base}/api/client/v1/payment/sandbox/{authority}/pay")).send().await else { continue 'pay };
            count_server_error(paid.status().as_u16());
            let Some(callback) = paid.headers().get("location").and_then(|l| l.to_str().ok()).map(str::to_string) else { continue 'pay };
            let Ok(done) = nofollow.get(format!("{base}{callback}")).send().await else { continue 'pay };
            count_server_error(done.status().as_u16());
            let to = done.headers().get("location").and_then(|l| l.to_str().ok()).unwrap_or_default().to_string();
            if to.starts_with("/success-payment") {
                told.paid.push(code.clone());
                break 'pay;
            }
            if stop.load(Ordering::SeqCst) {
                break 'pay;
            }
        }
    }
    told
}

fn count_server_error(status: u16) {
    if status >= 500 {
        SERVER_ERRORS.fetch_add(1, Ordering::SeqCst);
        println!("  server error: {status} at the bank's pages");
    }
}

struct Report {
    lost: Vec<String>,
    doubled: Vec<String>,
    stock_off: Vec<String>,
}

async fn check(db: &DatabaseConnection, customers: &[(i64, String, i64)], told: &[Told], variants: &[(i64, i64)]) -> Report {
    let backend = db.get_database_backend();
    let q = |sql: String| async move { db.query_all_raw(Statement::from_string(backend, sql)).await.unwrap() };
    let mut report = Report { lost: Vec::new(), doubled: Vec::new(), stock_off: Vec::new() };
    for ((user_id, _, _), t) in customers.iter().zip(told) {
        let rows = q(format!("SELECT code, payable, status FROM customer_order WHERE user_id = {user_id}")).await;
        let orders: HashMap<String, (i64, String)> = rows
            .iter()
            .map(|r| (r.try_get_by_index::<String>(0).unwrap(), (r.try_get_by_index::<i64>(1).unwrap(), r.try_get_by_index::<String>(2).unwrap())))
            .collect();
        for (code, payable) in &t.acknowledged {
            match orders.get(code) {
                Some((p, _)) if p == payable => {}
                Some((p, _)) => report.lost.push(format!("order {code}: told payable {payable}, stored {p}")),
                None => report.lost.push(format!("order {code} was acknowledged and is not stored")),
            }
        }
        for code in &t.paid {
            if !orders.get(code).is_some_and(|(_, s)| s == "paid") {
                report.lost.push(format!("order {code} was confirmed paid and is {:?}", orders.get(code).map(|o| &o.1)));
            }
        }
        if orders.len() > t.acknowledged.len() {
            let extra: Vec<_> = orders.keys().filter(|c| !t.acknowledged.contains_key(*c)).collect();
            report.doubled.push(format!("customer {user_id}: {} orders for {} acknowledged registrations (not told: {extra:?})", orders.len(), t.acknowledged.len()));
        }
    }
    for (_, v) in variants {
        let now: i64 = q(format!("SELECT stock FROM product_variant WHERE id = {v}")).await[0].try_get_by_index(0).unwrap();
        let held: i64 = q(format!(
            "SELECT CAST(COALESCE(SUM(l.num), 0) AS BIGINT) FROM customer_order_line l JOIN customer_order o ON o.id = l.order_id \
             WHERE l.variant_id = {v} AND o.stock_state IN ('reserved', 'committed')"
        ))
        .await[0]
            .try_get_by_index::<i64>(0)
            .unwrap();
        if now + held != START_STOCK {
            report.stock_off.push(format!("variant {v}: {START_STOCK} at the start, {now} now + {held} held or sold"));
        }
    }
    report
}
