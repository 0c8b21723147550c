//! Live chat bench: on loopback, against the real server running as a child process
//! (so its memory can be read alone), on a fresh SQLite file and, when `BENCH_PG_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`) answers, a fresh PostgreSQL database.
//!
//! 1. **Memory per idle socket**: the server's resident memory (`VmRSS`) before and after 500
//!    customers open a socket and sign in, divided by 500.
//! 2. **Round trip**: a customer sends, the time until a staff socket receives the message
//!    (stored, announced by NOTIFY or the SQLite poller, pushed), 400 sequential samples spread
//!    over 20 customers (inside the per-socket allowance), with the 500 sockets open; p50, p99.
//! 3. **Messages per second**: all 500 sockets each send `BENCH_PER_SOCKET` (10) messages at
//!    once; messages per second until the staff socket has received every one of them.
//!
//! `cargo run --release -p shop-server --example chat_bench`

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use futures::{SinkExt, StreamExt};
use sea_orm::{ActiveModelTrait, ConnectionTrait, Database};
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::auth::token::{AccessClaims, TokenKeys};
use shop_server::platform::Config;
use shop_server::startup::Application;
use tokio_tungstenite::tungstenite::Message;

const SOCKETS: usize = 500;
const RT_CUSTOMERS: usize = 20;
const RT_SAMPLES: usize = 400;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    if args.get(1).map(String::as_str) == Some("serve") {
        rt.block_on(serve(&args[2]));
        return;
    }
    rt.block_on(async {
        println!("| database | idle sockets | server memory per idle socket | round trip p50 ms | p99 ms | messages/s (500 sockets) |");
        println!("|---|---|---|---|---|---|");
        let dir = std::env::temp_dir().join(format!("shop-chat-bench-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        run("SQLite", &format!("sqlite://{}/shop.db?mode=rwc", dir.display())).await;
        let _ = std::fs::remove_dir_all(&dir);
        let admin = std::env::var("BENCH_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
        match Database::connect(admin.clone()).await {
            Ok(a) => {
                let name = format!("shop_chat_bench_{}", uuid::Uuid::new_v4().simple());
                a.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await.unwrap();
                let base = admin.rsplit_once('/').map(|(b, _)| b.to_string()).unwrap();
                run("PostgreSQL", &format!("{base}/{name}")).await;
                let _ = a.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await;
            }
            Err(e) => println!("| PostgreSQL | skipped: {e} | | | | |"),
        }
    });
}

fn config(url: &str) -> Config {
    let mut config = Config::for_tests(url);
    config.web_dir = std::env::temp_dir().join("shop-bench-no-web");
    config.job_interval_ms = 30_000;
    config.db_max_connections = if url.starts_with("sqlite:") { 8 } else { 16 };
    config
}

/// The child: the server alone; prints its address, stops when stdin closes.
async fn serve(url: &str) {
    let app = Application::build(config(url)).await.expect("server starts");
    println!("{}", app.address());
    std::io::stdout().flush().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::stdin().lock().read_line(&mut line);
        let _ = tx.send(());
    });
    let _ = app.run_until_stopped(async move {
        let _ = rx.await;
    })
    .await;
}

fn rss_kib(pid: u32) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

async fn open(base: &str, token: &str) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{base}/api/client/v1/chat/socket")).await.expect("socket");
    ws.send(Message::text(json!({"type": "auth", "token": token}).to_string())).await.unwrap();
    let ready = next_json(&mut ws).await;
    assert_eq!(ready["type"], "ready", "{ready}");
    ws
}

async fn next_json(ws: &mut Ws) -> Value {
    loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next()).await.expect("a frame in 30 s") {
            Some(Ok(Message::Text(t))) => return serde_json::from_str(t.as_str()).unwrap(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("socket ended: {other:?}"),
        }
    }
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn run(label: &str, url: &str) {
    let db = shop_server::platform::db::connect_and_migrate(url, 4).await.unwrap();
    let keys = TokenKeys::new(&config(url).secret);
    let now = chrono::Utc::now().timestamp();
    let token = |u: &user::Model| keys.sign_access(&AccessClaims { sub: u.id, uid: u.uid.clone(), iat: now, exp: now + 3600, ep: u.session_epoch });
    let mut customers = Vec::new();
    for i in 0..SOCKETS {
        let u = user::new_customer(&format!("0935{i:07}"), now).insert(&db).await.unwrap();
        customers.push(token(&u));
    }
    let staff_mobile = shop_core::types::Mobile::parse("09350000999").unwrap();
    let roles = shop_core::staff::StaffRoles::from(shop_core::staff::StaffRole::Support);
    let actor = shop_server::auth::staff::Actor::cli();
    let (staff, _) = shop_server::staff::service::set_roles(&db, &actor, &staff_mobile, roles, now).await.unwrap();
    let staff_token = token(&staff);

    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["serve", url])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("server child");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let base = line.trim().to_string();
    let pid = child.id();

    // Warm the server's paths once, then measure the idle sockets.
    drop(open(&base, &customers[0]).await);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = rss_kib(pid);
    let mut staff_ws = open(&base, &staff_token).await;
    let mut sockets = Vec::new();
    for t in &customers {
        sockets.push(open(&base, t).await);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = rss_kib(pid);
    let per_socket_kib = (after.saturating_sub(before)) as f64 / SOCKETS as f64;

    // Round trip, customer → server → staff.
    let mut rt = Vec::with_capacity(RT_SAMPLES);
    for i in 0..RT_SAMPLES {
        let k = i % RT_CUSTOMERS;
        let id = format!("rt-{i}");
        let start = Instant::now();
        sockets[k].send(Message::text(json!({"type": "send", "client_id": id, "text": "سلام، این پیام زمان‌سنجی است"}).to_string())).await.unwrap();
        loop {
            let f = next_json(&mut staff_ws).await;
            if f["type"] == "message" && f["message"]["client_id"] == id {
                break;
            }
        }
        rt.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    rt.sort_by(|a, b| a.total_cmp(b));
    // The senders' own frames (acks and echoes) are read so their queues stay short.
    for ws in sockets.iter_mut().take(RT_CUSTOMERS) {
        for _ in 0..(RT_SAMPLES / RT_CUSTOMERS) * 2 {
            let _ = next_json(ws).await;
        }
    }
    tokio::time::sleep(Duration::from_secs(5)).await; // the allowances refill

    // Throughput: every socket sends its messages at once.
    let per: usize = std::env::var("BENCH_PER_SOCKET").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let total = SOCKETS * per;
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (n, mut ws) in sockets.into_iter().enumerate() {
        tasks.push(tokio::spawn(async move {
            for j in 0..per {
                let frame = json!({"type": "send", "client_id": format!("tp-{n}-{j}"), "text": format!("پیام {j}")});
                ws.send(Message::text(frame.to_string())).await.unwrap();
            }
            let (mut acked, mut refused) = (0, 0);
            while acked + refused < per {
                let f = next_json(&mut ws).await;
                match f["type"].as_str() {
                    Some("ack") => acked += 1,
                    Some("error") => refused += 1,
                    _ => {}
                }
            }
            (acked, refused, ws)
        }));
    }
    let mut received = 0;
    while received < total {
        let f = next_json(&mut staff_ws).await;
        if f["type"] == "message" && f["message"]["client_id"].as_str().is_some_and(|c| c.starts_with("tp-")) {
            received += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mut refused_total = 0;
    for t in tasks {
        let (_, refused, _ws) = t.await.unwrap();
        refused_total += refused;
    }
    assert_eq!(refused_total, 0, "the bench stays inside the per-socket allowance");
    println!(
        "| {label} | {SOCKETS} | {per_socket_kib:.1} KiB ({} → {} MiB) | {:.2} | {:.2} | {:.0} ({total} messages in {secs:.2} s) |",
        before / 1024,
        after / 1024,
        pct(&rt, 0.5),
        pct(&rt, 0.99),
        total as f64 / secs,
    );
    drop(child.stdin.take());
    let _ = tokio::task::spawn_blocking(move || child.wait()).await;
}
