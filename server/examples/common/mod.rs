//! Start-up shared by the server benches (included with `mod common;`): a fresh SQLite file
//! and a fresh PostgreSQL database when `BENCH_PG_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`) answers, the real server started in this
//! process on one (`Application::build`, as `shop serve`), and a staff member's token.
#![allow(dead_code)]

use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, Database, DatabaseConnection};
use shop_server::auth::token::{AccessClaims, TokenKeys};
use shop_server::platform::Config;
use shop_server::startup::Application;
use shop_server::state::AppState;

/// A fresh database for one bench run; [`BenchDb::remove`] deletes it.
pub struct BenchDb {
    pub url: String,
    gone: Cleanup,
}

enum Cleanup {
    Folder(std::path::PathBuf),
    Postgres { admin: DatabaseConnection, name: String },
}

impl BenchDb {
    /// A SQLite file in a fresh folder `<tmp>/<prefix>-<random>`.
    pub fn sqlite(prefix: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("{prefix}-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        Self { url: format!("sqlite://{}/shop.db?mode=rwc", dir.display()), gone: Cleanup::Folder(dir) }
    }

    /// A fresh PostgreSQL database `<prefix>_<random>` next to `BENCH_PG_URL`'s, or why there is
    /// none (the bench prints it as a skipped row).
    pub async fn postgres(prefix: &str) -> Result<Self, String> {
        let admin_url = std::env::var("BENCH_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
        let admin = Database::connect(admin_url.clone()).await.map_err(|e| e.to_string())?;
        let name = format!("{prefix}_{}", uuid::Uuid::new_v4().simple());
        admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await.map_err(|e| e.to_string())?;
        let base = admin_url.rsplit_once('/').map(|(b, _)| b.to_string()).unwrap();
        Ok(Self { url: format!("{base}/{name}"), gone: Cleanup::Postgres { admin, name } })
    }

    /// Delete the file's folder, or drop the database.
    pub async fn remove(self) {
        match self.gone {
            Cleanup::Folder(dir) => {
                let _ = std::fs::remove_dir_all(&dir);
            }
            Cleanup::Postgres { admin, name } => {
                let _ = admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await;
            }
        }
    }
}

/// Whether `BENCH_DBS` (`sqlite postgres` when unset) names `db`.
fn want_db(db: &str) -> bool {
    match std::env::var("BENCH_DBS") {
        Ok(dbs) if !dbs.trim().is_empty() => dbs.split_whitespace().any(|d| d == db),
        _ => true,
    }
}

/// Runs `run(label, url)` on a fresh SQLite file (`<prefix>-<random>`), then on a fresh
/// PostgreSQL database (`<prefix>_<random>`, dashes as underscores) when `BENCH_PG_URL`
/// answers, removing each after its run. `BENCH_DBS` (`sqlite postgres`) picks the databases.
/// `Err` says why PostgreSQL was skipped (the bench prints it as its own row).
pub async fn for_each_bench_db<F, Fut>(prefix: &str, mut run: F) -> Result<(), String>
where
    F: FnMut(&'static str, String) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    if want_db("sqlite") {
        let db = BenchDb::sqlite(prefix);
        run("SQLite", db.url.clone()).await;
        db.remove().await;
    }
    if want_db("postgres") {
        let db = BenchDb::postgres(&prefix.replace('-', "_")).await?;
        run("PostgreSQL", db.url.clone()).await;
        db.remove().await;
    }
    Ok(())
}

/// The tests' configuration on `url` without the web app and with the background jobs an
/// hour apart (they would only add noise).
pub fn config(url: &str) -> Config {
    let mut config = Config::for_tests(url);
    config.web_dir = std::env::temp_dir().join("shop-bench-no-web");
    config.job_interval_ms = 3_600_000;
    config
}

/// A server running in this process.
pub struct Node {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    pub state: AppState,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// Build (migrate) and start a server on `config`.
pub async fn start(config: Config) -> Node {
    let app = Application::build(config).await.expect("server starts");
    let state = app.state().clone();
    let base = format!("http://{}", app.address());
    let (stop, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(app.run_until_stopped(async move {
        let _ = rx.await;
    }));
    Node { base, state, stop, task }
}

impl Node {
    /// Stop serving (graceful) and wait for it.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
    }
}

/// A staff member `mobile` with `roles` (made as `shop staff add` makes one) and an access
/// token for an hour.
pub async fn staff_token(state: &AppState, mobile: &str, roles: &[&str]) -> String {
    let now = chrono::Utc::now().timestamp();
    let actor = shop_server::auth::staff::Actor::cli();
    let mobile = shop_core::types::Mobile::parse(mobile).unwrap();
    let roles = shop_core::staff::StaffRoles::parse_list(roles).unwrap();
    let (staff, _) = shop_server::staff::service::set_roles(&state.db, &actor, &mobile, roles, now).await.unwrap();
    TokenKeys::new(&state.config.secret).sign_access(&AccessClaims { sub: staff.id, uid: staff.uid.clone(), iat: now, exp: now + 3600, ep: staff.session_epoch })
}

/// Two laptops with a huge stock (the benches measure writes, not running out) and the post
/// option for every city: their `(product id, variant id)` and the option's id.
pub async fn laptops(db: &sea_orm::DatabaseConnection) -> (Vec<(i64, i64)>, i64) {
    laptops_n(db, 2).await
}

/// `n` such laptops and the post option.
pub async fn laptops_n(db: &sea_orm::DatabaseConnection, n: usize) -> (Vec<(i64, i64)>, i64) {
    let post = shop_server::delivery::entity::delivery_option::ActiveModel {
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
    for i in 0..n {
        let p = shop_server::catalog::product::ActiveModel {
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
        let v = shop_server::catalog::variant::ActiveModel {
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
        shop_server::delivery::entity::product_delivery::ActiveModel { product_id: Set(p.id), delivery_option_id: Set(post) }.insert(db).await.unwrap();
        out.push((p.id, v.id));
    }
    (out, post)
}
