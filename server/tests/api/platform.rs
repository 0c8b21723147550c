//! Platform behaviour: health, error bodies for bad input, body limit, static serving,
//! OpenAPI document.

use crate::helpers::{assert_refused_as_too_large, on_both_dbs, spawn_app, spawn_app_with, TempDir, TestDb};
use serde_json::json;

on_both_dbs!(
    health_and_unknown_api_routes,
    malformed_bodies_get_json_errors_never_500,
    bodies_over_one_megabyte_get_413,
    every_answer_carries_a_request_id_and_a_well_formed_one_is_kept,
    liveness_and_readiness_answer_ok_while_the_database_answers,
    metrics_count_requests_per_operation_for_this_machine_or_the_token,
    a_backup_under_write_load_keeps_every_order_acknowledged_before_it,
);

async fn health_and_unknown_api_routes(db: TestDb) {
    let s = spawn_app(db).await;
    let r = s.get("/api/health").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body, json!({"status": "ok"}));

    s.get("/api/nope").await.assert_error(404);
    s.post("/api/client/v1/nope", json!({})).await.assert_error(404);
    let r = s.post("/api/health", json!({})).await;
    assert_eq!(r.status, 405);
    assert_eq!(r.body["status"], "error");
    s.stop().await;
}

async fn malformed_bodies_get_json_errors_never_500(db: TestDb) {
    let s = spawn_app(db).await;
    let p = "/api/client/v1/user/otp";
    // Malformed JSON.
    for bad in ["{", "{\"mobile\":", "not json", "{\"mobile\": \"0912\",}", "[1,2", "\u{0}"] {
        let r = s.post_raw(p, "application/json", bad.to_string()).await;
        r.assert_error(400);
    }
    // Empty body.
    s.post_raw(p, "application/json", "").await.assert_error(400);
    // Wrong content type.
    s.post_raw(p, "text/plain", "{\"mobile\":\"09120000000\"}").await.assert_error(400);
    // Missing field.
    let r = s.post(p, json!({})).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile", "{}", r.text);
    // Wrong types.
    for body in [json!({"mobile": null}), json!({"mobile": ["0912"]}), json!({"mobile": {"a": 1}})] {
        let r = s.post(p, body.clone()).await;
        r.assert_error(422);
        assert_eq!(r.body["field"], "mobile", "{body}: {}", r.text);
    }
    for body in [json!([]), json!("x"), json!(1), json!(null)] {
        let r = s.post(p, body.clone()).await;
        r.assert_error(422);
    }
    // A number where a string is expected is read as its digits (poem-openapi's
    // leniency): the mobile rule then answers, naming the field.
    let r = s.post(p, json!({"mobile": 9123456789u64, "g-recaptcha-response": "x"})).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile", "{}", r.text);
    let r = s.post("/api/client/v1/user/login", json!({"mobile": "09120000000", "code": [1, 2], "hash": "x"})).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "code", "{}", r.text);
    let r = s.post("/api/client/v1/user/token", json!({"reftoken": {"x": 1}})).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "reftoken", "{}", r.text);
    // Extra fields are ignored: the call answers its business outcome.
    let r = s.post(p, json!({"mobile": "09120000000", "g-recaptcha-response": "x", "extra": 1, "nested": {"a": [1]}})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.s("status"), "not");
    s.stop().await;
}

async fn bodies_over_one_megabyte_get_413(db: TestDb) {
    let s = spawn_app(db).await;
    let before = s.auth_snapshot().await;
    let big = format!("{{\"mobile\":\"{}\"}}", "1".repeat(2 * 1024 * 1024));
    s.post_raw("/api/client/v1/user/otp", "application/json", big.clone()).await.assert_error(413);
    // Chunked (no Content-Length).
    let stream = futures::stream::iter(
        (0..32).map(|_| Ok::<_, std::io::Error>(bytes_of(64 * 1024))),
    );
    // The server answers 413 as soon as the limit is passed and closes the connection, so
    // the client either reads the 413 or sees the connection end while still sending.
    let r = s
        .client
        .post(s.url("/api/client/v1/user/otp"))
        .header("content-type", "application/json")
        .body(reqwest::Body::wrap_stream(stream))
        .send()
        .await;
    assert_refused_as_too_large(r);
    assert_eq!(s.get("/api/health").await.status, 200, "server still fine");
    assert_eq!(s.auth_snapshot().await, before, "nothing stored from either body");
    // Just under the limit is read (and answered as bad input, not 413).
    let ok_size = format!("{{\"mobile\":\"{}\"}}", "1".repeat(1000 * 1000));
    let r = s.post_raw("/api/client/v1/user/otp", "application/json", ok_size).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile", "{}", r.text);
    s.stop().await;
}

fn bytes_of(n: usize) -> Vec<u8> {
    vec![b' '; n]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_app_routes_assets_and_404() {
    let web = TempDir::new("shop-web");
    let dir = &web.0;
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>shop</title><div id=root></div>").unwrap();
    std::fs::write(dir.join("assets/app-abc123.js"), "console.log(1)").unwrap();
    std::fs::write(dir.join("robots.txt"), "User-agent: *").unwrap();
    let d = dir.clone();
    let s = spawn_app_with(TestDb::sqlite(), move |c| c.web_dir = d).await;

    for path in ["/", "/login", "/register", "/about-us", "/profile/tickets/ticket-9", "/profile/", "/shop/search-product"] {
        let r = s.client.get(s.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(r.text().await.unwrap().contains("id=root"));
    }
    // Outside the route table, params failing their routes.json rule, and an unknown product
    // (the seo area checks the catalogue).
    for path in ["/nope", "/product", "/shop/category/laptop", "/profile/tickets/9", "/assets/missing.js", "/product/no-such-uid", "/profile/tickets/ticket-abc", "/profile/factors/!!", "/shop/category/laptop-x1"] {
        let r = s.client.get(s.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 404, "{path}");
        assert!(r.text().await.unwrap().contains("id=root"), "{path} serves the app's HTML");
    }
    let r = s.client.get(s.url("/assets/app-abc123.js")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"));
    let r = s.client.get(s.url("/robots.txt")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    // No escaping the folder.
    let r = s.client.get(s.url("/..%2f..%2fetc/passwd")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 404);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn index_html_is_moved_to_the_home_page() {
    let web = TempDir::new("shop-web-index");
    let dir = &web.0;
    std::fs::write(dir.join("index.html"), "<!doctype html><title>shop</title><div id=root></div>").unwrap();
    let d = dir.clone();
    let s = spawn_app_with(TestDb::sqlite(), move |c| c.web_dir = d).await;
    let once = reqwest::Client::builder().no_proxy().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    for (path, to) in [("/index.html", "/"), ("/index.html?v=1", "/?v=1")] {
        let r = once.get(s.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 301, "{path}");
        assert_eq!(r.headers()["location"], to, "{path}");
    }
    // Followed, it is the home page: 200 and the app's HTML, as `/` answers.
    let r = s.client.get(s.url("/index.html")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.text().await.unwrap().contains("id=root"));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn precompressed_assets_go_to_clients_that_accept_brotli() {
    let web = TempDir::new("shop-web-br");
    let dir = &web.0;
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><div id=root></div>").unwrap();
    let js = "console.log('لپ‌تاپ');".repeat(40);
    std::fs::write(dir.join("assets/app-abc123.js"), &js).unwrap();
    // Not real brotli: the test checks the server sends the build's file as it is.
    std::fs::write(dir.join("assets/app-abc123.js.br"), b"precompressed bytes").unwrap();
    std::fs::write(dir.join("assets/plain-abc123.css"), "a{color:red}".repeat(40)).unwrap();
    let d = dir.clone();
    let s = spawn_app_with(TestDb::sqlite(), move |c| c.web_dir = d).await;
    let get = |path: &'static str, accept: &'static str| s.client.get(s.url(path)).header("accept-encoding", accept).send();

    let r = get("/assets/app-abc123.js", "gzip, deflate, br").await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-encoding"], "br");
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"));
    assert!(r.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    assert!(r.headers().contains_key("content-security-policy"), "the security headers still apply");
    assert_eq!(r.bytes().await.unwrap().as_ref(), b"precompressed bytes");
    // A client without brotli gets the file itself (compressed per request or not at all).
    let r = get("/assets/app-abc123.js", "identity").await.unwrap();
    assert!(r.headers().get("content-encoding").is_none_or(|e| e != "br"));
    assert_eq!(r.text().await.unwrap(), js);
    // No .br beside it: compressed per request as before.
    let r = get("/assets/plain-abc123.css", "br").await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_ne!(r.bytes().await.unwrap().as_ref(), b"precompressed bytes");
    // A missing asset is still the app's 404, and no escaping the folder through `.br`.
    assert_eq!(get("/assets/missing.js", "br").await.unwrap().status().as_u16(), 404);
    assert_eq!(get("/assets/..%2f..%2fetc/passwd", "br").await.unwrap().status().as_u16(), 404);
    s.stop().await;
}

#[test]
fn openapi_document_is_current() {
    let generated = shop_server::startup::openapi_json();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../openapi/openapi.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "openapi/openapi.json is stale: run `just openapi` (or `cargo run -p shop-server -- openapi > openapi/openapi.json`)"
    );
    let v: serde_json::Value = serde_json::from_str(&generated).unwrap();
    for p in [
        "/api/health",
        "/api/client/v1/user/otp",
        "/api/client/v1/user/otp/forget",
        "/api/client/v1/user/login",
        "/api/client/v1/user/register",
        "/api/client/v1/user/verify/forget",
        "/api/client/v1/user/forget",
        "/api/client/v1/user/token",
    ] {
        assert!(v["paths"][p].is_object(), "{p} documented");
    }
}

/// `platform` is the bottom layer: no file under it names an area, nor the state and start-up
/// modules that gather the areas (areas plug in through traits registered at start-up).
#[test]
fn platform_imports_no_area() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut above: Vec<String> = std::fs::read_dir(&src)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|d| d != "platform" && d != "migration")
        .collect();
    assert!(above.contains(&"catalog".to_string()) && above.contains(&"auth".to_string()), "{above:?}");
    above.extend(["state".into(), "startup".into(), "cli".into()]);
    let mut stack = vec![src.join("platform")];
    let mut files = 0;
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files += 1;
                let text = std::fs::read_to_string(&p).unwrap();
                for a in &above {
                    assert!(!text.contains(&format!("crate::{a}")), "{} names crate::{a}", p.display());
                }
            }
        }
    }
    assert!(files >= 10, "read the platform's files ({files})");
}

async fn every_answer_carries_a_request_id_and_a_well_formed_one_is_kept(db: TestDb) {
    let s = spawn_app(db).await;
    let made = s.get("/api/health").await;
    let id = made.headers["x-request-id"].to_str().unwrap().to_string();
    assert_eq!(id.len(), 32, "a new id: {id}");
    assert_ne!(s.get("/api/health").await.headers["x-request-id"].to_str().unwrap(), id, "one per request");
    let kept = s.client.get(s.url("/api/nope")).header("X-Request-Id", "lb-7f3a.42").send().await.unwrap();
    assert_eq!((kept.status().as_u16(), kept.headers()["x-request-id"].to_str().unwrap()), (404, "lb-7f3a.42"));
    // Anything else (spaces, markup, too long) is replaced, never echoed.
    for bad in ["a b", "<script>", &"x".repeat(65)] {
        let r = s.client.get(s.url("/api/health")).header("X-Request-Id", bad).send().await.unwrap();
        let got = r.headers()["x-request-id"].to_str().unwrap().to_string();
        assert!(got != bad && got.len() == 32, "{bad:?} -> {got}");
    }
    s.stop().await;
}

async fn liveness_and_readiness_answer_ok_while_the_database_answers(db: TestDb) {
    let s = spawn_app(db).await;
    for path in ["/api/health/live", "/api/health/ready"] {
        let r = s.get(path).await;
        assert_eq!((r.status, r.body.clone()), (200, json!({"status": "ok"})), "{path}");
    }
    s.stop().await;
}

async fn metrics_count_requests_per_operation_for_this_machine_or_the_token(db: TestDb) {
    let s = spawn_app_with(db, |c| {
        c.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
        c.metrics_token = Some("scrape-token-1".into());
    })
    .await;
    s.get("/api/health").await;
    s.get("/api/health").await;
    // On this machine: the Prometheus text, with the operation's count and the pool.
    let r = s.client.get(s.url("/api/metrics")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = r.text().await.unwrap();
    let health = text
        .lines()
        .find(|l| l.starts_with("shop_http_requests_total{") && l.contains("operation=\"health\"") && l.contains("status=\"200\""))
        .unwrap_or_else(|| panic!("no health count in:\n{text}"));
    let count: f64 = health.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(count >= 2.0, "{health}");
    for name in ["shop_http_request_duration_seconds_bucket{", "shop_db_pool_connections{state=\"idle\"}", "shop_chat_sockets{side=\"staff\"}"] {
        assert!(text.contains(name), "{name} missing");
    }
    // From elsewhere (through the trusted proxy): only with the token; otherwise as unknown.
    let away = |auth: Option<&str>| {
        let mut q = s.client.get(s.url("/api/metrics")).header("X-Forwarded-For", "203.0.113.9");
        if let Some(a) = auth {
            q = q.header("Authorization", a);
        }
        q.send()
    };
    assert_eq!(away(None).await.unwrap().status().as_u16(), 404);
    assert_eq!(away(Some("Bearer wrong")).await.unwrap().status().as_u16(), 404);
    assert_eq!(away(Some("Bearer scrape-token-1")).await.unwrap().status().as_u16(), 200);
    s.stop().await;
}

/// Customers register orders without pause while a backup is taken; the backup, restored into
/// a new file, has every order acknowledged before the backup began. (PostgreSQL: the command
/// refuses and names pg_dump.)
async fn a_backup_under_write_load_keeps_every_order_acknowledged_before_it(db: TestDb) {
    use crate::checkout_support::{key, post_key, ready, register_body, shop, REGISTER};
    use shop_server::platform::backup::{self, BackupError};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;

    let s = spawn_app(db).await;
    let dir = TempDir::new("shop-backup");
    let file = dir.0.join("backup.db");
    if s.state.db.get_database_backend() != sea_orm::DbBackend::Sqlite {
        assert!(matches!(backup::backup(&s.state.db, &file).await, Err(BackupError::NotSqlite)));
        return;
    }
    let shop = shop(&s, 100_000).await;
    let acknowledged: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let stop = AtomicBool::new(false);
    let writer = || async {
        while !stop.load(Ordering::Relaxed) {
            let r = ready(&s, &shop, 1).await;
            let reg = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
            assert_eq!(reg.s("status"), "ok", "{}", reg.text);
            acknowledged.lock().unwrap().push(reg.body["order"]["Code"].as_str().unwrap().to_string());
        }
    };
    let take = async {
        while acknowledged.lock().unwrap().len() < 5 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let before: Vec<String> = acknowledged.lock().unwrap().clone();
        let bytes = backup::backup(&s.state.db, &file).await.expect("backup");
        assert!(bytes > 0);
        // A second backup to the same file is refused: nothing is overwritten.
        assert!(matches!(backup::backup(&s.state.db, &file).await, Err(BackupError::Exists(_))));
        // The writers go on a little after it.
        let after = acknowledged.lock().unwrap().len();
        while acknowledged.lock().unwrap().len() < after + 3 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        stop.store(true, Ordering::Relaxed);
        before
    };
    let (before, (), (), ()) = tokio::join!(take, writer(), writer(), writer());
    let total = acknowledged.lock().unwrap().len();
    assert!(total > before.len(), "orders were acknowledged during and after the backup");

    // Restored into a new database, every order acknowledged before the backup began is there.
    let restored = dir.0.join("restored.db");
    let url = format!("sqlite://{}?mode=rwc", restored.display());
    assert!(backup::restore(&url, &file).expect("restore") > 0);
    let db = sea_orm::Database::connect(&url).await.unwrap();
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use shop_server::order::entity::customer_order;
    let found = customer_order::Entity::find().filter(customer_order::Column::Code.is_in(before.clone())).all(&db).await.unwrap();
    assert_eq!(found.len(), before.len(), "every order acknowledged before the backup is in it");
    s.stop().await;
}

/// Issue 25 item 1: SQLite writers of one process wait their turn in a queue, first come first
/// served, and each starts as soon as the writer before it ends. Before, they waited in SQLite's
/// busy handler, which sleeps 1, 2, 5, … up to 100 ms between tries: the lock sat free while they
/// slept, the writer that happened to wake first took it, and one unlucky registration waited
/// 452 ms (bench/README.md, "Writes").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_writers_take_the_lock_in_turn_as_soon_as_the_one_before_ends() {
    use shop_server::platform::db::{begin_write, connect};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    let s = spawn_app(TestDb::sqlite()).await;
    // A pool of its own with a connection for every writer, so that none waits for a connection.
    let db = Arc::new(connect(&s.state.config.database_url, 12).await.unwrap());
    let first = begin_write(&db).await.unwrap();
    let started: Arc<Mutex<Vec<(usize, Instant)>>> = Arc::default();
    let writers: Vec<_> = (0..8)
        .map(|i| {
            let (db, started) = (db.clone(), started.clone());
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(30 * i as u64)).await;
                let txn = begin_write(&db).await.unwrap();
                started.lock().unwrap().push((i, Instant::now()));
                tokio::time::sleep(Duration::from_millis(5)).await;
                txn.commit().await.unwrap();
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(600)).await;
    let ended = Instant::now();
    first.commit().await.unwrap();
    for w in writers {
        w.await.unwrap();
    }
    let started = started.lock().unwrap().clone();
    let order: Vec<usize> = started.iter().map(|(i, _)| *i).collect();
    assert_eq!(order, (0..8).collect::<Vec<_>>(), "first come, first served");
    let waited = started[0].1.duration_since(ended);
    assert!(waited < Duration::from_millis(60), "the first waiting writer started {waited:?} after the lock was free");
}

/// A serving node on SQLite checkpoints the WAL from a task of its own
/// (`SHOP_SQLITE_CHECKPOINT_MS`): its connections leave checkpoints to that task
/// (`wal_autocheckpoint` 0, so none runs inside a writer's commit), and what is written reaches
/// the database file without any request doing it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_node_checkpoints_its_wal_from_a_task_of_its_own() {
    use sea_orm::{ConnectionTrait, DbBackend, EntityTrait, Statement};
    use shop_server::auth::entity::user;
    let db = TestDb::sqlite();
    let file = std::path::PathBuf::from(db.url.trim_start_matches("sqlite://").split('?').next().unwrap());
    let s = spawn_app_with(db, |c| c.sqlite_checkpoint_ms = 100).await;
    let auto = s.state.db.query_one_raw(Statement::from_string(DbBackend::Sqlite, "PRAGMA wal_autocheckpoint")).await.unwrap().unwrap();
    assert_eq!(auto.try_get_by_index::<i64>(0).unwrap(), 0);

    let before = std::fs::metadata(&file).unwrap().len();
    let now = s.now();
    for chunk in (0..2_000).collect::<Vec<_>>().chunks(500) {
        let users = chunk.iter().map(|i| user::new_customer(&format!("0937{i:07}"), now));
        user::Entity::insert_many(users).exec_without_returning(&s.db).await.unwrap();
    }
    let mut grown = false;
    for _ in 0..60 {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        if std::fs::metadata(&file).unwrap().len() > before {
            grown = true;
            break;
        }
    }
    assert!(grown, "the database file stayed at {before} bytes: nothing checkpointed the WAL");
    s.stop().await;
}
