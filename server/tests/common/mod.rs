//! Test harness: starts the real server (same code path as `shop serve`: migrations, router,
//! middleware) on a random loopback port, against a fresh SQLite file and, when PostgreSQL
//! answers at 127.0.0.1:5432, against a fresh PostgreSQL database
//! (`CREATE DATABASE shop_test_<random>`, dropped afterwards).
//!
//! ```ignore
//! #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
//! async fn health() {
//!     common::on_both(common::no_tweak, |s| async move {
//!         let (status, body) = s.get("/api/health").await;
//!         assert_eq!(status, 200);
//!     }).await;
//! }
//! ```
//!
//! Every server test runs once per backend. Time is an [`OffsetClock`]: `s.clock.advance(121)`
//! instead of sleeping.
#![allow(dead_code)]

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use reqwest::header::HeaderMap;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, FromQueryResult, JsonValue, Statement};
use serde_json::{json, Value};
use shop_server::platform::{AppState, Config, OffsetClock};

/// Which database a run uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The admin URL for PostgreSQL (`SHOP_TEST_PG_URL`, else `postgres://postgres@127.0.0.1:5432/test`,
/// then the same as `root`).
fn pg_admin_urls() -> Vec<String> {
    if let Ok(u) = std::env::var("SHOP_TEST_PG_URL") {
        return vec![u];
    }
    vec!["postgres://postgres@127.0.0.1:5432/test".into(), "postgres://root@127.0.0.1:5432/test".into()]
}

static PG_NOTICE: AtomicBool = AtomicBool::new(false);

async fn pg_admin() -> Option<(DatabaseConnection, String)> {
    let reachable = tokio::time::timeout(Duration::from_secs(1), tokio::net::TcpStream::connect("127.0.0.1:5432"))
        .await
        .map(|r| r.is_ok())
        .unwrap_or(false);
    if reachable {
        for url in pg_admin_urls() {
            let mut opts = sea_orm::ConnectOptions::new(url.clone());
            opts.max_connections(1).sqlx_logging(false).connect_timeout(Duration::from_secs(3));
            if let Ok(db) = Database::connect(opts).await {
                return Some((db, url));
            }
        }
    }
    if !PG_NOTICE.swap(true, Ordering::SeqCst) {
        // Written to stderr directly so that the test harness does not capture it.
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "PostgreSQL not reachable at 127.0.0.1:5432: skipping PostgreSQL runs");
    }
    None
}

/// A fresh PostgreSQL database, dropped when this guard is dropped.
pub struct PgDatabase {
    admin_url: String,
    name: String,
    pub url: String,
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        let admin_url = self.admin_url.clone();
        let name = self.name.clone();
        // Drop from a separate thread with its own runtime: this may run inside an async test.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async move {
                if let Ok(db) = Database::connect(admin_url).await {
                    let _ = db
                        .execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                        .await;
                    let _ = db.close().await;
                }
            });
        })
        .join();
    }
}

pub async fn fresh_pg() -> Option<PgDatabase> {
    let (admin, admin_url) = pg_admin().await?;
    let name = format!("shop_test_{}", uuid::Uuid::new_v4().simple());
    admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await.ok()?;
    let _ = admin.close().await;
    let base = admin_url.rsplit_once('/').map(|(b, _)| b.to_string()).unwrap_or(admin_url.clone());
    Some(PgDatabase { admin_url, url: format!("{base}/{name}"), name })
}

/// A running server.
pub struct TestServer {
    pub backend: Backend,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    pub client: reqwest::Client,
    /// The server's clock: move it forward instead of sleeping.
    pub clock: Arc<OffsetClock>,
    /// A separate connection to the server's database, for checks.
    pub db: DatabaseConnection,
    pub state: AppState,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    _pg: Option<PgDatabase>,
    _dir: Option<TempDir>,
}

/// A temporary folder removed on drop.
pub struct TempDir(pub std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The default configuration tweak: none.
pub fn no_tweak(_: &mut Config) {}

/// The backends to run on: SQLite always, PostgreSQL when it answers.
pub async fn backends() -> Vec<Backend> {
    let mut v = vec![Backend::Sqlite];
    if std::env::var("SHOP_TEST_SKIP_PG").is_err() && pg_admin().await.is_some() {
        v.push(Backend::Postgres);
    }
    v
}

/// Run `f` against a fresh server on every backend.
pub async fn on_both<T, F, Fut>(tweak: T, f: F)
where
    T: Fn(&mut Config),
    F: Fn(TestServer) -> Fut,
    Fut: Future<Output = ()>,
{
    for b in backends().await {
        let Some(s) = start(b, &tweak).await else { continue };
        eprintln!("--- running on {b:?}");
        f(s).await;
    }
}

/// Start a server on `backend` (None when that backend is not available).
pub async fn start(backend: Backend, tweak: &dyn Fn(&mut Config)) -> Option<TestServer> {
    start_on(backend, "127.0.0.1:0", tweak).await
}

/// Start a server listening on `addr`; the test talks to it over loopback.
pub async fn start_on(backend: Backend, addr: &str, tweak: &dyn Fn(&mut Config)) -> Option<TestServer> {
    let (url, pg, dir) = match backend {
        Backend::Sqlite => {
            let dir = std::env::temp_dir().join(format!("shop-test-{}", uuid::Uuid::new_v4().simple()));
            std::fs::create_dir_all(&dir).unwrap();
            let url = format!("sqlite://{}/shop.db?mode=rwc", dir.display());
            (url, None, Some(TempDir(dir)))
        }
        Backend::Postgres => {
            let pg = fresh_pg().await?;
            (pg.url.clone(), Some(pg), None)
        }
    };
    let clock = OffsetClock::new();
    let mut config = Config::for_tests(url.clone());
    config.clock = clock.clone();
    config.limits.sends_per_ip_hour = 10_000;
    config.web_dir = std::env::temp_dir().join("shop-test-no-web");
    if let Some(d) = &dir {
        config.data_dir = d.0.clone();
    }
    tweak(&mut config);
    let db = shop_server::platform::db::connect_and_migrate(&config.database_url, config.db_max_connections)
        .await
        .expect("connect + migrate");
    let state = AppState::new(config, db);
    let (acceptor, bound) = shop_server::app::bind(addr).await.expect("bind");
    let addr = std::net::SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, bound.port()));
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(shop_server::app::serve_until(acceptor, state.clone(), async move {
        let _ = rx.await;
    }));
    let check_db = shop_server::platform::db::connect(&url, 2).await.expect("check connection");
    let client = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(30)).build().unwrap();
    Some(TestServer {
        backend,
        base: format!("http://{addr}"),
        client,
        clock,
        db: check_db,
        state,
        shutdown: Some(tx),
        task: Some(task),
        _pg: pg,
        _dir: dir,
    })
}

/// A response: status, headers and JSON body (Value::Null when not JSON).
pub struct Resp {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Value,
    pub text: String,
}

impl Resp {
    /// `body[key]` as a string (empty when absent).
    pub fn s(&self, key: &str) -> String {
        self.body.get(key).and_then(Value::as_str).unwrap_or_default().to_string()
    }

    /// Assert the API error shape and return the message.
    pub fn assert_error(&self, status: u16) -> &Self {
        assert_eq!(self.status, status, "status; body: {}", self.text);
        assert_eq!(self.body["status"], "error", "error body: {}", self.text);
        let m = self.body["message"].as_str().expect("message");
        assert!(m.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "Persian message: {m}");
        assert!(self.body.get("field").is_some(), "field key present: {}", self.text);
        self
    }
}

impl TestServer {
    /// Full URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    async fn read(resp: reqwest::Response) -> Resp {
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let text = resp.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Resp { status, headers, body, text }
    }

    /// GET.
    pub async fn get(&self, path: &str) -> Resp {
        Self::read(self.client.get(self.url(path)).send().await.expect("GET")).await
    }

    /// GET with a bearer token.
    pub async fn get_auth(&self, path: &str, token: &str) -> Resp {
        Self::read(self.client.get(self.url(path)).bearer_auth(token).send().await.expect("GET")).await
    }

    /// POST JSON.
    pub async fn post(&self, path: &str, body: Value) -> Resp {
        Self::read(self.client.post(self.url(path)).json(&body).send().await.expect("POST")).await
    }

    /// POST JSON with a bearer token.
    pub async fn post_auth(&self, path: &str, token: &str, body: Value) -> Resp {
        Self::read(self.client.post(self.url(path)).bearer_auth(token).json(&body).send().await.expect("POST")).await
    }

    /// POST JSON from a given client address (`X-Forwarded-For`, needs `trust_proxy`).
    pub async fn post_from(&self, path: &str, ip: &str, body: Value) -> Resp {
        Self::read(
            self.client.post(self.url(path)).header("x-forwarded-for", ip).json(&body).send().await.expect("POST"),
        )
        .await
    }

    /// POST raw bytes with a content type.
    pub async fn post_raw(&self, path: &str, content_type: &str, body: impl Into<reqwest::Body>) -> Resp {
        Self::read(
            self.client
                .post(self.url(path))
                .header("content-type", content_type)
                .body(body)
                .send()
                .await
                .expect("POST"),
        )
        .await
    }

    /// The newest code the console provider sent to `mobile`.
    pub async fn last_code(&self, mobile: &str) -> Option<String> {
        let r = self.get(&format!("/api/dev/sms?mobile={mobile}")).await;
        assert_eq!(r.status, 200, "outbox: {}", r.text);
        r.body["messages"][0]["code"].as_str().map(str::to_string)
    }

    /// Number of messages sent to `mobile`.
    pub async fn sms_count(&self, mobile: &str) -> usize {
        let r = self.get(&format!("/api/dev/sms?mobile={mobile}")).await;
        r.body["messages"].as_array().map(Vec::len).unwrap_or(0)
    }

    /// Register `mobile` completely (code + profile with `password`); returns the final reply.
    pub async fn register(&self, mobile: &str, password: &str) -> Resp {
        let r = self.post("/api/client/v1/user/otp", json!({ "mobile": mobile })).await;
        assert_eq!(r.s("status"), "ok", "registration otp: {}", r.text);
        let hash = r.s("data");
        let code = self.last_code(mobile).await.expect("code sent");
        let r = self
            .post("/api/client/v1/user/register", json!({ "mobile": mobile, "code": code, "hash": hash }))
            .await;
        assert_eq!(r.s("status"), "ok", "register verify: {}", r.text);
        let mcode = r.s("mcode");
        let r = self
            .post(
                "/api/client/v1/user/register",
                json!({
                    "name": "علی", "lastname": "رضایی", "password": password, "mobile": mobile,
                    "email": "ali@example.com", "city": "تهران", "state": "تهران",
                    "address1": "خیابان آزادی", "postalCode1": "1234567890", "phone": "02112345678",
                    "info": "", "device": "web", "mcode": mcode
                }),
            )
            .await;
        assert_eq!(r.s("data"), "ok", "register profile: {}", r.text);
        r
    }

    /// Sign in `mobile` with a login code; returns the reply (token, reftoken, user).
    pub async fn login_otp(&self, mobile: &str) -> Resp {
        let r = self
            .post("/api/client/v1/user/otp", json!({ "mobile": mobile, "g-recaptcha-response": "t" }))
            .await;
        assert_eq!(r.s("status"), "ok", "login otp: {}", r.text);
        let hash = r.s("data");
        let code = self.last_code(mobile).await.expect("code");
        let r = self.post("/api/client/v1/user/login", json!({ "mobile": mobile, "code": code, "hash": hash })).await;
        assert_eq!(r.s("status"), "ok", "login: {}", r.text);
        r
    }

    /// All rows of `table` as JSON, ordered by the first column.
    pub async fn rows(&self, table: &str) -> Vec<JsonValue> {
        let backend = self.db.get_database_backend();
        let stmt = Statement::from_string(backend, format!("SELECT * FROM {table} ORDER BY 1"));
        JsonValue::find_by_statement(stmt).all(&self.db).await.expect("rows")
    }

    /// Row count of `table`.
    pub async fn count(&self, table: &str) -> usize {
        self.rows(table).await.len()
    }

    /// A snapshot of the sign-in tables except the rate-limit counters.
    pub async fn snapshot(&self) -> Value {
        let mut m = serde_json::Map::new();
        for t in ["users", "otp_challenges", "refresh_tokens"] {
            m.insert(t.into(), Value::Array(self.rows(t).await));
        }
        Value::Object(m)
    }

    /// Stop the server (graceful shutdown).
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.task.take() {
            let _ = tokio::time::timeout(Duration::from_secs(15), t).await;
        }
        let _ = self.db.clone().close().await;
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.task.take() {
            t.abort();
        }
    }
}

/// A distinct valid mobile number per call (09 + 9 digits).
pub fn mobile() -> String {
    use std::sync::atomic::AtomicU32;
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    let r: u32 = rand_u32() % 100_000;
    format!("0912{:02}{:05}", n % 100, r)
}

fn rand_u32() -> u32 {
    let u = uuid::Uuid::new_v4();
    u32::from_le_bytes(u.as_bytes()[..4].try_into().unwrap())
}

/// This machine's address on its network (not loopback), when it has one.
pub fn lan_address() -> Option<std::net::IpAddr> {
    // Connecting a UDP socket sends nothing; it only picks the outgoing interface's address.
    let sock = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    sock.connect("192.0.2.1:9").ok()?;
    Some(sock.local_addr().ok()?.ip()).filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
}

/// A local reCAPTCHA siteverify speaking Google's wire format, for secret `s3cret` and
/// hostname `shop.test`: token `good` passes, anything else fails. Returns its base URL.
pub async fn fake_siteverify() -> String {
    use poem::web::Form;
    #[poem::handler]
    fn siteverify(Form(form): Form<std::collections::HashMap<String, String>>) -> poem::web::Json<Value> {
        let good = form.get("secret").map(String::as_str) == Some("s3cret")
            && form.get("response").map(String::as_str) == Some("good");
        poem::web::Json(if good {
            json!({ "success": true, "score": 0.9, "action": "login", "challenge_ts": "2026-11-21T10:00:00Z", "hostname": "shop.test" })
        } else {
            json!({ "success": false, "error-codes": ["invalid-input-response"] })
        })
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let app = poem::Route::new().at("/siteverify", poem::post(siteverify));
    tokio::spawn(poem::Server::new(poem::listener::TcpListener::bind(addr.to_string())).run(app));
    for _ in 0..50 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    format!("http://{addr}")
}
