//! The test harness: [`spawn_app`] starts the real server (the same [`Application::build`] as
//! `shop serve`: migrations, router, middleware) on a free loopback port, against a fresh
//! database, and returns a [`TestApp`] to call it over HTTP and to read its database.
//!
//! Every scenario is an `async fn name(db: TestDb)` listed in its module's [`on_both_dbs!`],
//! which makes the tests `sqlite::name` and `postgres::name`. Each run gets its own fresh
//! database (a SQLite file in a temporary folder, or `CREATE DATABASE shop_test_<random>`,
//! dropped afterwards), so the tests run in parallel. When PostgreSQL does not answer, the
//! PostgreSQL half fails with `SHOP_TEST_REQUIRE_PG=1` and otherwise prints
//! `SKIPPED: <test>: <reason>`.
//!
//! Time is an [`OffsetClock`]: `app.clock.advance(121)` instead of sleeping.

use std::sync::Arc;
use std::time::Duration;

use reqwest::header::HeaderMap;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, Database, DatabaseConnection, EntityTrait,
    FromQueryResult, JsonValue, PaginatorTrait, QueryFilter, QueryOrder, Statement,
};
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::auth::token::{AccessClaims, TokenKeys};
use shop_server::catalog::{info, product, snapshot, variant};
use shop_server::delivery::entity::{delivery_option, product_delivery};
use shop_server::cart::entity::{order_line, shop_order};
use shop_server::platform::{Clock, Config, OffsetClock};
use shop_server::state::AppState;
use shop_server::startup::Application;

/// Runs each listed `async fn name(db: TestDb)` twice: as `sqlite::name` and as
/// `postgres::name` (skipped, or failed under `SHOP_TEST_REQUIRE_PG=1`, without PostgreSQL).
macro_rules! on_both_dbs {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::helpers::TestDb::sqlite()).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let test = concat!(module_path!(), "::", stringify!($name));
                    if let Some(db) = $crate::helpers::TestDb::postgres_or_skip(test).await {
                        super::$name(db).await;
                    }
                }
            )*
        }
    };
}
pub(crate) use on_both_dbs;

/// A fresh, empty database for one test; removed when dropped.
pub struct TestDb {
    pub url: String,
    _pg: Option<PgDatabase>,
    dir: Option<TempDir>,
}

impl TestDb {
    /// A SQLite file in a fresh temporary folder.
    pub fn sqlite() -> Self {
        let dir = TempDir::new("shop-test");
        let url = format!("sqlite://{}/shop.db?mode=rwc", dir.0.display());
        Self { url, _pg: None, dir: Some(dir) }
    }

    /// A fresh PostgreSQL database, or the reason there is none.
    pub async fn postgres() -> Result<Self, String> {
        let pg = PgDatabase::create().await?;
        Ok(Self { url: pg.url.clone(), _pg: Some(pg), dir: None })
    }

    /// The same database for a second server node (`spawn_app` on both); this handle does
    /// not remove it, the first one does.
    pub fn another_node(&self) -> Self {
        Self { url: self.url.clone(), _pg: None, dir: None }
    }

    /// [`Self::postgres`]; without PostgreSQL, panics when `SHOP_TEST_REQUIRE_PG=1`, otherwise
    /// prints `SKIPPED: <test>: <reason>` (past the test output capture) and returns None.
    pub async fn postgres_or_skip(test: &str) -> Option<Self> {
        match Self::postgres().await {
            Ok(db) => Some(db),
            Err(reason) if pg_required() => {
                panic!("{test}: PostgreSQL is required (SHOP_TEST_REQUIRE_PG=1) but {reason}")
            }
            Err(reason) => {
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "SKIPPED: {test}: {reason} (SHOP_TEST_REQUIRE_PG=1 fails instead)");
                None
            }
        }
    }
}

/// True when `SHOP_TEST_REQUIRE_PG` is set to anything but `0` or empty.
fn pg_required() -> bool {
    std::env::var("SHOP_TEST_REQUIRE_PG").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The admin URLs tried for PostgreSQL: `SHOP_TEST_PG_URL`, else the `postgres` then the
/// `root` role on 127.0.0.1:5432, database `test`.
fn pg_admin_urls() -> Vec<String> {
    if let Ok(u) = std::env::var("SHOP_TEST_PG_URL") {
        return vec![u];
    }
    vec!["postgres://postgres@127.0.0.1:5432/test".into(), "postgres://root@127.0.0.1:5432/test".into()]
}

/// A PostgreSQL database of its own, dropped when this guard is dropped.
struct PgDatabase {
    admin_url: String,
    name: String,
    url: String,
}

impl PgDatabase {
    async fn create() -> Result<Self, String> {
        let mut last = String::from("no admin URL");
        for admin_url in pg_admin_urls() {
            let mut opts = sea_orm::ConnectOptions::new(admin_url.clone());
            opts.max_connections(1).sqlx_logging(false).connect_timeout(Duration::from_secs(3));
            let admin = match Database::connect(opts).await {
                Ok(db) => db,
                Err(e) => {
                    last = format!("PostgreSQL does not answer at {admin_url}: {e}");
                    continue;
                }
            };
            let name = format!("shop_test_{}", uuid::Uuid::new_v4().simple());
            let created = admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await;
            let _ = admin.close().await;
            created.map_err(|e| format!("CREATE DATABASE failed at {admin_url}: {e}"))?;
            let base = admin_url.rsplit_once('/').map_or(admin_url.as_str(), |(b, _)| b);
            let url = format!("{base}/{name}");
            return Ok(Self { admin_url, name, url });
        }
        Err(last)
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        let admin_url = self.admin_url.clone();
        let name = self.name.clone();
        // A separate thread with its own runtime: this may run inside an async test.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async move {
                if let Ok(db) = Database::connect(admin_url).await {
                    let _ = db.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await;
                    let _ = db.close().await;
                }
            });
        })
        .join();
    }
}

/// A temporary folder removed on drop.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    /// A fresh folder `<tmp>/<prefix>-<random>`.
    pub fn new(prefix: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("{prefix}-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running server on a fresh database.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    pub client: reqwest::Client,
    /// The server's clock: move it forward instead of sleeping.
    pub clock: Arc<OffsetClock>,
    /// A separate connection to the server's database, for setup and checks.
    pub db: DatabaseConnection,
    pub state: AppState,
    keys: TokenKeys,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    /// The file store's folder (ticket attachments), removed with the app.
    pub files: TempDir,
    _db: TestDb,
}

/// Start the server on `db` with the test configuration.
pub async fn spawn_app(db: TestDb) -> TestApp {
    spawn_app_with(db, |_| {}).await
}

/// Start the server on `db` with the demo catalogue loaded (products, variants, delivery).
pub async fn spawn_shop(db: TestDb) -> TestApp {
    let app = spawn_app(db).await;
    shop_server::demo::catalogue(&app.db, None).await.expect("demo catalogue");
    app
}

/// Start the server on `db` with the test configuration changed by `tweak`.
pub async fn spawn_app_with(db: TestDb, tweak: impl FnOnce(&mut Config)) -> TestApp {
    spawn_on_clock(db, OffsetClock::new(), tweak).await
}

/// [`spawn_app_with`] on a given clock (a second node shares the first one's).
async fn spawn_on_clock(db: TestDb, clock: Arc<OffsetClock>, tweak: impl FnOnce(&mut Config)) -> TestApp {
    let mut config = Config::for_tests(db.url.clone());
    config.clock = clock.clone();
    config.limits.sends_per_ip_hour = 10_000;
    config.web_dir = std::env::temp_dir().join("shop-test-no-web");
    if let Some(d) = &db.dir {
        config.data_dir = d.0.clone();
    }
    let files = TempDir::new("shop-files");
    config.files_dir = files.0.clone();
    tweak(&mut config);
    let app = Application::build(config).await.expect("application starts");
    let state = app.state().clone();
    let base = format!("http://{}", app.address());
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(app.run_until_stopped(async move {
        let _ = rx.await;
    }));
    let check_db = shop_server::platform::db::connect(&db.url, 2).await.expect("check connection");
    let client = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(30)).build().unwrap();
    TestApp {
        base,
        client,
        clock,
        db: check_db,
        keys: TokenKeys::new(&state.config.secret),
        state,
        shutdown: Some(tx),
        task: Some(task),
        files,
        _db: db,
    }
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

/// A cloneable caller for concurrent requests: answers are `(status, JSON)` and never a 500.
#[derive(Clone)]
pub struct Caller {
    http: reqwest::Client,
    base: String,
}

impl Caller {
    /// POST a JSON body, with a bearer token when given.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.post_raw(path, token, &body.to_string()).await
    }

    /// POST a raw body as application/json.
    pub async fn post_raw(&self, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        let mut req = self
            .http
            .post(format!("{}{}", self.base, path))
            .header("content-type", "application/json")
            .body(body.to_string());
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.expect("request");
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap_or_default();
        assert_ne!(status, 500, "server error for {path} {body}: {text}");
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

/// A signed-in test user.
pub struct TestUser {
    pub id: i64,
    pub uid: String,
    pub token: String,
}

/// A catalogue variant with its product's name.
#[derive(Clone, Debug)]
pub struct TestVariant {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub price: i64,
    pub warranty_price: i64,
    pub warranty_name: String,
    pub color: String,
    pub stock: i64,
    pub ins_payment: bool,
}

impl TestApp {
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

    /// POST JSON.
    pub async fn post(&self, path: &str, body: Value) -> Resp {
        Self::read(self.client.post(self.url(path)).json(&body).send().await.expect("POST")).await
    }

    /// POST JSON with a bearer token.
    pub async fn post_auth(&self, path: &str, token: &str, body: Value) -> Resp {
        Self::read(self.client.post(self.url(path)).bearer_auth(token).json(&body).send().await.expect("POST")).await
    }

    /// POST JSON with a bearer token and an `Idempotency-Key` header.
    pub async fn post_auth_key(&self, path: &str, token: &str, key: &str, body: Value) -> Resp {
        let req = self.client.post(self.url(path)).bearer_auth(token).header("Idempotency-Key", key).json(&body);
        Self::read(req.send().await.expect("POST")).await
    }

    /// POST JSON from a given client address (`X-Forwarded-For`, needs 127.0.0.1 among
    /// `trusted_proxies`).
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

    /// A cloneable caller for concurrent requests.
    pub fn caller(&self) -> Caller {
        Caller { http: self.client.clone(), base: self.base.clone() }
    }

    /// POST a JSON body, with a bearer token when given; `(status, JSON)`, never a 500.
    pub async fn call(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.caller().post(path, token, body).await
    }

    /// POST a raw body as application/json, with a bearer token when given.
    pub async fn call_raw(&self, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        self.caller().post_raw(path, token, body).await
    }

    /// GET a JSON document: `(status, JSON)`.
    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let r = self.client.get(self.url(path)).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
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
    pub async fn auth_snapshot(&self) -> Value {
        let mut m = serde_json::Map::new();
        for t in ["users", "otp_challenges", "refresh_tokens"] {
            m.insert(t.into(), Value::Array(self.rows(t).await));
        }
        Value::Object(m)
    }

    /// Another server node on this app's database: its own port, in-memory caches (the
    /// catalogue snapshot, the user records), background jobs and chat sockets, like a second
    /// instance behind a load balancer. It shares what the nodes of a deployment share: the
    /// database, the data folder, the file store and the time (one clock: moving either moves both).
    pub async fn second_node(&self) -> TestApp {
        self.second_node_with(|_| {}).await
    }

    /// [`Self::second_node`] with its test configuration changed by `tweak` (give it the
    /// first node's tweak: nodes of one shop run one configuration).
    pub async fn second_node_with(&self, tweak: impl FnOnce(&mut Config)) -> TestApp {
        let db = TestDb { url: self._db.url.clone(), _pg: None, dir: None };
        let (data_dir, files_dir) = (self.state.config.data_dir.clone(), self.files.0.clone());
        spawn_on_clock(db, self.clock.clone(), move |c| {
            tweak(c);
            c.data_dir = data_dir;
            c.files_dir = files_dir;
        })
        .await
    }

    /// A customer in `city` with a valid access token, created directly in the database.
    pub async fn user(&self, mobile: &str, city: &str) -> TestUser {
        let now = chrono::Utc::now().timestamp();
        let row = user::ActiveModel {
            name: Set("آزمون".into()),
            state: Set(city.to_string()),
            city: Set(city.to_string()),
            ..user::new_customer(mobile, now)
        }
        .insert(&self.db)
        .await
        .expect("insert user");
        let token = self.keys.sign_access(&AccessClaims { sub: row.id, uid: row.uid.clone(), iat: now, exp: now + 900, ep: row.session_epoch });
        TestUser { id: row.id, uid: row.uid, token }
    }

    /// An admin (made the way `shop staff add … --role admin` makes one) with a valid access token.
    pub async fn staff(&self, mobile: &str) -> TestUser {
        self.staff_with(mobile, &["admin"]).await
    }

    /// A staff member with exactly these roles (`admin`, `orders`, `catalogue`, `support`).
    pub async fn staff_with(&self, mobile: &str, roles: &[&str]) -> TestUser {
        let now = chrono::Utc::now().timestamp();
        let m = shop_core::types::Mobile::parse(mobile).expect("a valid mobile number");
        let roles = shop_core::staff::StaffRoles::parse_list(roles).expect("valid roles");
        let actor = shop_server::auth::staff::Actor::cli();
        let (row, _) = shop_server::staff::service::set_roles(&self.db, &actor, &m, roles, now).await.expect("make staff");
        let token = self.keys.sign_access(&AccessClaims { sub: row.id, uid: row.uid.clone(), iat: now, exp: now + 900, ep: row.session_epoch });
        TestUser { id: row.id, uid: row.uid, token }
    }

    /// A fresh access token for `u`, issued at the server's current time (after the clock moved).
    pub fn fresh_token(&self, u: &TestUser) -> String {
        let now = self.now();
        self.keys.sign_access(&AccessClaims { sub: u.id, uid: u.uid.clone(), iat: now, exp: now + 900, ep: 0 })
    }

    /// Moves the server's clock forward by `secs` seconds.
    pub fn advance_clock(&self, secs: i64) {
        self.clock.advance(secs);
    }

    /// The server's current time (unix seconds).
    pub fn now(&self) -> i64 {
        self.clock.unix()
    }

    /// The `n`-th variant (in catalogue order) of the product with this uid.
    pub async fn variant(&self, product_uid: &str, n: usize) -> TestVariant {
        let p = product::Entity::find()
            .filter(product::Column::Uid.eq(product_uid))
            .one(&self.db)
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("no product {product_uid}"));
        let vs = variant::Entity::find()
            .filter(variant::Column::ProductId.eq(p.id))
            .order_by_asc(variant::Column::Id)
            .all(&self.db)
            .await
            .unwrap();
        let v = vs[n].clone();
        TestVariant {
            id: v.id,
            product_id: p.id,
            product_name: p.name,
            price: v.price,
            warranty_price: v.warranty_price,
            warranty_name: v.warranty_name,
            color: v.color,
            stock: v.stock,
            ins_payment: v.ins_payment,
        }
    }

    /// The id of a product's first variant.
    pub async fn first_variant_of(&self, product_id: i64) -> i64 {
        variant::Entity::find()
            .filter(variant::Column::ProductId.eq(product_id))
            .order_by_asc(variant::Column::Id)
            .one(&self.db)
            .await
            .unwrap()
            .unwrap()
            .id
    }

    /// Changes a variant's catalogue price.
    pub async fn set_price(&self, variant_id: i64, price: i64) {
        let v = variant::Entity::find_by_id(variant_id).one(&self.db).await.unwrap().unwrap();
        let mut am: variant::ActiveModel = v.into();
        am.price = Set(price);
        am.update(&self.db).await.unwrap();
    }

    /// Puts product `product_id` on special offer: `special_price` for its cheapest variant
    /// until `ends_at` (unix seconds), through its `product_info` row (created when missing).
    pub async fn set_offer(&self, product_id: i64, special_price: i64, ends_at: i64) {
        match info::Entity::find_by_id(product_id).one(&self.db).await.unwrap() {
            Some(row) => {
                let mut am: info::ActiveModel = row.into();
                am.special_price = Set(Some(special_price));
                am.special_ends_at = Set(Some(ends_at));
                am.update(&self.db).await.unwrap();
            }
            None => {
                let p = product::Entity::find_by_id(product_id).one(&self.db).await.unwrap().unwrap();
                let vs = variant::Entity::find()
                    .filter(variant::Column::ProductId.eq(product_id))
                    .all(&self.db)
                    .await
                    .unwrap();
                let mut row = snapshot::derived_info(&p, &vs);
                row.special_price = Some(special_price);
                row.special_ends_at = Some(ends_at);
                let am: info::ActiveModel = row.into();
                info::Entity::insert(am).exec_without_returning(&self.db).await.unwrap();
            }
        }
    }

    /// Removes a variant from the catalogue.
    pub async fn delete_variant(&self, variant_id: i64) {
        variant::Entity::delete_by_id(variant_id).exec(&self.db).await.unwrap();
    }

    /// The stored order row.
    pub async fn order_row(&self, order_id: i64) -> shop_order::Model {
        shop_order::Entity::find_by_id(order_id).one(&self.db).await.unwrap().unwrap()
    }

    /// How many orders `user_id` has.
    pub async fn order_count(&self, user_id: i64) -> u64 {
        shop_order::Entity::find().filter(shop_order::Column::UserId.eq(user_id)).count(&self.db).await.unwrap()
    }

    /// The stored order and its lines, for before/after comparisons.
    pub async fn order_snapshot(&self, order_id: i64) -> (shop_order::Model, Vec<order_line::Model>) {
        let order = self.order_row(order_id).await;
        let lines = order_line::Entity::find()
            .filter(order_line::Column::CartId.eq(order_id))
            .order_by_asc(order_line::Column::Id)
            .all(&self.db)
            .await
            .unwrap();
        (order, lines)
    }

    /// A delivery option; returns its id.
    pub async fn delivery_option(&self, name: &str, priority: i64, cities: &[&str]) -> i64 {
        delivery_option::ActiveModel {
            name: Set(name.to_string()),
            description: Set(String::new()),
            price: Set(100_000),
            priority: Set(priority),
            cities: Set(serde_json::to_string(cities).unwrap()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .unwrap()
        .id
    }

    /// A product with one variant (stock 10) offering these delivery options; returns its id.
    pub async fn product_with_options(&self, uid: &str, options: &[i64]) -> i64 {
        let p = product::ActiveModel {
            uid: Set(uid.to_string()),
            name: Set(format!("کالای آزمون {uid}")),
            brand: Set("Test".into()),
            line: Set("laptop".into()),
            condition: Set("new".into()),
            description: Set(String::new()),
            active: Set(true),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .unwrap();
        variant::ActiveModel {
            product_id: Set(p.id),
            color: Set("مشکی".into()),
            warranty_name: Set("بدون گارانتی".into()),
            warranty_price: Set(0),
            price: Set(10_000_000),
            stock: Set(10),
            ins_payment: Set(true),
            dg: Set(String::new()),
            property: Set(String::new()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .unwrap();
        for o in options {
            product_delivery::ActiveModel { product_id: Set(p.id), delivery_option_id: Set(*o) }
                .insert(&self.db)
                .await
                .unwrap();
        }
        p.id
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

impl Drop for TestApp {
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
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    let u = uuid::Uuid::new_v4();
    let r = u32::from_le_bytes(u.as_bytes()[..4].try_into().unwrap()) % 100_000;
    format!("0912{:02}{:05}", n % 100, r)
}

/// What a request over the body limit may meet: the server's 413 (with `Connection: close`,
/// so the client does not reuse the connection), or, when the server closed the connection
/// while the client was still sending, a write or read error on that connection. Anything
/// else (another status, a timeout, a refused connection) fails the test.
pub fn assert_refused_as_too_large(sent: Result<reqwest::Response, reqwest::Error>) {
    match sent {
        Ok(r) => {
            assert_eq!(r.status().as_u16(), 413, "a body over the limit is answered 413");
            assert_eq!(
                r.headers().get("connection").map(|v| v.as_bytes()),
                Some(&b"close"[..]),
                "the client is told not to reuse the connection"
            );
        }
        Err(e) => assert!(closed_while_sending(&e), "neither a 413 nor a connection closed while sending: {e:?}"),
    }
}

/// True when `e` is the connection ending under the request: a broken pipe or reset while
/// writing the body, or hyper's "connection closed before message completed".
fn closed_while_sending(e: &reqwest::Error) -> bool {
    use std::io::ErrorKind::{BrokenPipe, ConnectionAborted, ConnectionReset, UnexpectedEof};
    if e.is_timeout() || e.is_connect() {
        return false;
    }
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            if matches!(io.kind(), BrokenPipe | ConnectionReset | ConnectionAborted | UnexpectedEof) {
                return true;
            }
        }
        if c.to_string().contains("connection closed before message completed") {
            return true;
        }
        cause = c.source();
    }
    false
}

/// `just test` (like `npm test`) runs the PostgreSQL half or fails: the justfile sets
/// `SHOP_TEST_REQUIRE_PG=1` for its recipes when the caller left it unset, and keeps an
/// explicit `0` (then the PostgreSQL tests print why they skip).
#[test]
fn the_justfile_requires_postgresql_unless_told_not_to() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let evaluate = |value: Option<&str>| {
        let mut just = std::process::Command::new("just");
        just.current_dir(root).args(["--evaluate", "SHOP_TEST_REQUIRE_PG"]).env_remove("SHOP_TEST_REQUIRE_PG");
        if let Some(v) = value {
            just.env("SHOP_TEST_REQUIRE_PG", v);
        }
        let out = just.output().expect("`just` runs (scripts/install-tools.sh installs it)");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(evaluate(None), "1", "unset: required");
    assert_eq!(evaluate(Some("0")), "0", "an explicit 0 still skips");
}
