//! The `shop` binary itself: commands, first start (secret, migrations, demo data), request
//! log, graceful shutdown on SIGTERM.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::helpers::{TempDir, TestDb};

fn shop() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_shop"));
    for (k, _) in std::env::vars() {
        if k.starts_with("SHOP_") {
            c.env_remove(k);
        }
    }
    c
}

#[test]
fn commands() {
    let out = shop().arg("openapi").output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), shop_server::startup::openapi_json());
    let out = shop().arg("bogus").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("bogus"), "says what it could not read");
    let out = shop().arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("seed") && help.contains("staff") && help.contains("SHOP_*"), "{help}");
    let out = shop().args(["seed", "--help"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().contains("--demo"));
    let out = shop().args(["staff", "add", "0912", "--role", "admin"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("شماره موبایل وارد شده معتبر نیست!"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_start_then_sigterm() {
    let tmp = TempDir::new("shop-bin");
    let dir = tmp.0.clone();
    let mut child = shop()
        .arg("serve")
        .current_dir(&dir)
        .env("SHOP_ENV", "development")
        .env("SHOP_ADDR", "127.0.0.1:0")
        .env("SHOP_WEB_DIR", dir.join("no-web"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The server binds port 0 and logs the address it got; the rest of its log is kept for the
    // checks after shutdown.
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (addr_tx, addr_rx) = std::sync::mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        let mut log = String::new();
        for line in stderr.lines().map_while(Result::ok) {
            if let Some(rest) = line.split("listening on ").nth(1) {
                let _ = addr_tx.send(rest.trim().to_string());
            }
            log.push_str(&line);
            log.push('\n');
        }
        log
    });
    let url = addr_rx.recv_timeout(Duration::from_secs(60)).expect("the server logs its address");
    let url = url.trim_end_matches('/').to_string();
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let r = client.get(format!("{url}/api/health")).send().await.expect("the server answers once it listens");
    assert_eq!(r.status(), 200);
    // First start: a secret was generated (owner-only) and the SQLite file created.
    let secret = dir.join("data/secret");
    assert_eq!(std::fs::read_to_string(&secret).unwrap().trim().len(), 64);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&secret).unwrap().permissions().mode() & 0o777, 0o600);
    }
    assert!(dir.join("data/shop.db").exists());
    assert!(dir.join("data/shop.db-wal").exists(), "SQLite runs in WAL mode");
    // The demo customer can sign in (demo data loaded into the empty database).
    let r: serde_json::Value = client
        .post(format!("{url}/api/client/v1/user/login"))
        .json(&serde_json::json!({"mobile": "09120000000", "password": "Shop@1234"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(r["status"], "ok", "{r}");

    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let exit = tokio::task::spawn_blocking(move || child.wait().unwrap()).await.unwrap();
    let log = reader.join().unwrap();
    assert!(exit.success(), "exit status {exit:?}\n{log}");
    assert!(log.contains("SIGTERM received"), "{log}");
    assert!(log.contains("stopped"), "{log}");
    assert!(log.contains("SHOP_CAPTCHA_SECRET is not set"), "captcha warning at start:\n{log}");
    let request_lines: Vec<&str> = log.lines().filter(|l| l.contains("shop::request")).collect();
    assert!(request_lines.iter().any(|l| l.contains("path=/api/client/v1/user/login") && l.contains("status=200") && l.contains("latency_ms=")), "{log}");

    // A second start keeps the secret.
    let before = std::fs::read_to_string(&secret).unwrap();
    let out = shop().arg("migrate").current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_and_seed_on_postgres() {
    let Some(pg) = TestDb::postgres_or_skip("binary::migrate_and_seed_on_postgres").await else {
        return;
    };
    let tmp = TempDir::new("shop-bin");
    let dir = &tmp.0;
    for args in [&["migrate"][..], &["seed", "--demo"][..], &["seed", "--demo"][..]] {
        let out = shop()
            .args(args)
            .current_dir(&dir)
            .env("SHOP_DATABASE_URL", &pg.url)
            .env("SHOP_SECRET", "x".repeat(40))
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert!(!dir.join("data/secret").exists(), "SHOP_SECRET from the environment is used");
    let db = shop_server::platform::db::connect(&pg.url, 1).await.unwrap();
    use sea_orm::{EntityTrait, PaginatorTrait};
    assert_eq!(shop_server::auth::entity::user::Entity::find().count(&db).await.unwrap(), 1, "seed is idempotent");
    let _ = db.close().await;
}

#[test]
fn staff_add_makes_an_existing_or_new_account_staff() {
    let tmp = TempDir::new("shop-bin");
    let dir = &tmp.0;
    let run = |args: &[&str]| shop().args(args).current_dir(dir).output().unwrap();
    let out = run(&["seed", "--demo"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Persian digits are accepted; the demo customer (09120000000) becomes staff.
    let out = run(&["staff", "add", "۰۹۱۲۰۰۰۰۰۰۰", "--role", "admin"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("updated: 09120000000 is staff: admin"));
    let out = run(&["staff", "add", "09351112233", "--role", "orders", "--role", "support"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("created: 09351112233 is staff: orders, support"));
    // Without a role nothing is written.
    let out = run(&["staff", "add", "09351119999"]);
    assert_eq!(out.status.code(), Some(2));
    // A malformed number is refused with the rule's Persian message, nothing written.
    let out = run(&["staff", "add", "0912", "--role", "admin"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("موبایل"), "{}", String::from_utf8_lossy(&out.stderr));
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let url = format!("sqlite://{}?mode=rwc", dir.join("data/shop.db").display());
        let db = shop_server::platform::db::connect(&url, 1).await.unwrap();
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        use shop_server::auth::entity::user;
        let staff = user::Entity::find().filter(user::Column::UserType.eq(user::UserType::Staff)).all(&db).await.unwrap();
        let mut mobiles: Vec<_> = staff.iter().map(|u| u.mobile.as_str()).collect();
        mobiles.sort();
        assert_eq!(mobiles, ["09120000000", "09351112233"]);
        let _ = db.close().await;
    });
}

#[test]
fn serve_refuses_unsafe_settings_outside_development() {
    let tmp = TempDir::new("shop-bin");
    let dir = tmp.0.clone();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let serve = |extra: &[(&str, String)]| {
        let mut c = shop();
        c.arg("serve").current_dir(&dir).env("SHOP_ADDR", format!("127.0.0.1:{port}")).env("SHOP_WEB_DIR", dir.join("no-web"));
        for (k, v) in extra {
            c.env(k, v);
        }
        c.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap()
    };
    // Defaults (no SHOP_ENV): console SMS and no captcha are refused, each by its variable,
    // in Persian and in English, and the server never listens.
    let out = serve(&[]).wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "must not serve:\n{log}");
    assert!(log.contains("SHOP_SMS") && log.contains("SHOP_CAPTCHA_SECRET"), "{log}");
    assert!(log.contains("پیامک") && log.contains("console SMS"), "Persian and English: {log}");
    // The sandbox bank (the default SHOP_PAYMENT) marks any order paid: refused, saying what to set.
    assert!(log.contains("SHOP_PAYMENT:") && log.contains("SHOP_PAYMENT=zarinpal") && log.contains("SHOP_ZARINPAL_MERCHANT"), "{log}");
    assert!(log.contains("درگاه") && log.contains("sandbox bank"), "Persian and English: {log}");
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err());

    // A real provider and captcha, but a weak secret and the demo customer left in the database.
    let seeded = shop().args(["seed", "--demo"]).current_dir(&dir).output().unwrap();
    assert!(seeded.status.success(), "{}", String::from_utf8_lossy(&seeded.stderr));
    let safe = [
        ("SHOP_SMS", "kavenegar".to_string()),
        ("SHOP_KAVENEGAR_KEY", "k".to_string()),
        ("SHOP_KAVENEGAR_TEMPLATE", "t".to_string()),
        ("SHOP_CAPTCHA_SECRET", "c".to_string()),
    ];
    let mut weak = safe.to_vec();
    weak.push(("SHOP_SECRET", "ab".repeat(20)));
    let out = serve(&weak).wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "{log}");
    assert!(log.contains("SHOP_SECRET") && log.contains("09120000000"), "weak secret and demo customer named: {log}");
    assert!(!log.contains("SHOP_SMS:"), "kavenegar is accepted: {log}");
    assert!(log.contains("SHOP_PAYMENT:"), "the sandbox bank is still refused: {log}");

    // With Zarinpal configured the bank is accepted (the rest is still refused).
    let mut zarinpal = weak.clone();
    zarinpal.push(("SHOP_PAYMENT", "zarinpal".to_string()));
    zarinpal.push(("SHOP_ZARINPAL_MERCHANT", "1344b5d4-0048-11e8-94db-005056a205be".to_string()));
    let out = serve(&zarinpal).wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "{log}");
    assert!(!log.contains("SHOP_PAYMENT:") && log.contains("SHOP_SECRET"), "zarinpal is accepted: {log}");

    // Shorter than 32 bytes is refused in every mode.
    let mut short = safe.to_vec();
    short.push(("SHOP_SECRET", "0123456789abcdef".to_string()));
    short.push(("SHOP_ENV", "development".to_string()));
    let out = serve(&short).wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success() && log.contains("SHOP_SECRET") && log.contains("32"), "{log}");
}

/// `SHOP_CATALOG_RECHECK_MS` is a whole number of milliseconds: a negative or a word stops the
/// start, naming the variable (a negative would have meant "read the version on every request"
/// by accident).
#[test]
fn a_bad_catalog_recheck_is_refused_by_name() {
    let tmp = TempDir::new("shop-bin");
    for bad in ["-5", "soon", "1.5"] {
        let out = shop()
            .arg("serve")
            .current_dir(&tmp.0)
            .env("SHOP_ENV", "development")
            .env("SHOP_ADDR", "127.0.0.1:0")
            .env("SHOP_CATALOG_RECHECK_MS", bad)
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(!out.status.success() && log.contains("SHOP_CATALOG_RECHECK_MS"), "{bad}: {log}");
    }
}

/// `shop payments refunds` lists the payments captured but not taken (paid after the order
/// expired, or a second payment of an order already paid), for staff to give back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn payments_refunds_lists_late_and_duplicate_payments() {
    use crate::checkout_support::{eventually, get_location, no_redirect, order_row, payment_row, ready, register, start_payment, CALLBACK};
    let db = TestDb::sqlite();
    let url = db.url.clone();
    let s = crate::helpers::spawn_app(db).await;
    let tmp = TempDir::new("shop-bin");
    let refunds = || {
        let out = shop()
            .args(["payments", "refunds"])
            .current_dir(&tmp.0)
            .env("SHOP_DATABASE_URL", &url)
            .env("SHOP_SECRET", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(refunds().contains("no payment needs a refund"), "{}", refunds());

    let pay = |authority: String| {
        let s = &s;
        async move {
            no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
            get_location(s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await.1
        }
    };
    let shop = crate::checkout_support::shop(&s, 10).await;
    // Two tabs of one order, the second opened after the first attempt stopped being reused;
    // both paid at the bank.
    let r = ready(&s, &shop, 1).await;
    let twice = register(&s, &r, &shop).await;
    let (_, a) = start_payment(&s, &r.c, &twice).await;
    s.clock.advance(11 * 60);
    let (_, b) = start_payment(&s, &r.c, &twice).await;
    assert_ne!(a, b);
    assert_eq!(pay(a.clone()).await, format!("/success-payment?code={twice}"));
    assert_eq!(pay(b.clone()).await, format!("/error-payment?code={twice}"));
    // An order paid after it expired.
    let late_customer = ready(&s, &shop, 1).await;
    let late = register(&s, &late_customer, &shop).await;
    let (_, c) = start_payment(&s, &late_customer.c, &late).await;
    s.clock.advance(21 * 60);
    eventually("expired", || async { order_row(&s, &late).await.status == "expired" }).await;
    assert_eq!(pay(c.clone()).await, format!("/error-payment?code={late}"));

    let listed = refunds();
    let (pa, pb, pc) = (payment_row(&s, &a).await, payment_row(&s, &b).await, payment_row(&s, &c).await);
    let line = |id: i64| listed.lines().find(|l| l.split('\t').nth(1) == Some(id.to_string().as_str())).map(str::to_string);
    let amount = (shop.price + shop.warranty + 120_000).to_string();
    let dup = line(pb.id).unwrap_or_else(|| panic!("the duplicate is not listed:\n{listed}"));
    let dup_ref = pb.ref_id.clone().unwrap();
    assert!(dup.starts_with(&twice) && dup.contains(&amount) && dup.contains(&dup_ref) && dup.contains("already paid"), "{listed}");
    let exp = line(pc.id).unwrap_or_else(|| panic!("the late payment is not listed:\n{listed}"));
    assert!(exp.starts_with(&late) && exp.contains(&amount) && exp.contains(&pc.ref_id.clone().unwrap()) && exp.contains("expired"), "{listed}");
    assert!(line(pa.id).is_none(), "the payment that paid its order is not listed:\n{listed}");
    assert_eq!(listed.lines().count(), 3, "a header and two payments:\n{listed}");
}
