//! The `shop` command line: `serve` (default), `migrate`, `seed --demo [--products N]`,
//! `staff add MOBILE --role R…`, `discount add CODE …`, `order prepare …`, `payments refunds`,
//! `backup FILE`, `restore FILE`, `openapi`.

use crate::platform::config::{redact_url, Config};
use crate::platform::db;
use crate::state::AppState;
use crate::startup::Application;

const USAGE: &str = "\
usage: shop [COMMAND]

commands:
  serve                         migrate, load the demo data into an empty database, serve (default)
  migrate                       apply pending database migrations
  seed --demo [--products N]    load the demo catalogue, delivery options and a customer
  staff add MOBILE --role R [--role R…]
                                give the account of MOBILE (created if new) these back-office
                                roles: admin, orders, catalogue, support (the first admin)
  openapi                       print the OpenAPI document (JSON)
  discount add CODE (--percent N | --amount N) [--min N] [--max N] [--starts UNIX]
               [--ends UNIX | --days N] [--limit N] [--per-customer N] [--categories 1,2]
               [--products 3,4] [--mobile 09…] [--first-purchase] [--description TEXT]
                                create a discount code (--mobile: a personal code;
                                --first-purchase: only for a customer's first purchase)
  order prepare [--mobile 09…] [--hours N] [--note TEXT] VARIANT:QTY…
                                prepare an order link for a customer (prints /order/{code})
  payments refunds              list the payments to give back (paid after the order ended, or twice)
  backup FILE                   copy the running shop's SQLite database into the new FILE (online)
  restore FILE                  put a backup back as the shop's database (stop the shop first)

configuration: environment variables SHOP_* (see docs/architecture.md), or a .env file";

/// A parsed command.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Serve the shop.
    Serve,
    /// Apply migrations.
    Migrate,
    /// Load demo data.
    Seed {
        /// Number of products (None: the seed's default).
        products: Option<usize>,
    },
    /// Make an account staff with these roles.
    StaffAdd {
        /// The mobile number, already parsed.
        mobile: shop_core::types::Mobile,
        /// The roles, already parsed (at least one).
        roles: shop_core::staff::StaffRoles,
    },
    /// Print the OpenAPI document.
    OpenApi,
    /// Print usage.
    Help,
    /// Create a discount code.
    DiscountAdd(DiscountArgs),
    /// Prepare an order link.
    OrderPrepare(PrepareArgs),
    /// List the payments flagged for a refund.
    PaymentRefunds,
    /// Copy the SQLite database into a new file.
    Backup(std::path::PathBuf),
    /// Put a backup back.
    Restore(std::path::PathBuf),
}

/// `discount add` options (values are checked by `shop_core::discount` when the code is made).
#[derive(Debug, PartialEq, Eq, Default)]
pub struct DiscountArgs {
    pub code: String,
    pub percent: Option<i64>,
    pub amount: Option<i64>,
    pub min_total: i64,
    pub max_discount: Option<i64>,
    pub starts: Option<i64>,
    pub ends: Option<i64>,
    pub days: Option<i64>,
    pub usage_limit: Option<i64>,
    pub per_customer: Option<i64>,
    pub categories: Vec<i64>,
    pub products: Vec<i64>,
    pub mobile: Option<String>,
    /// `--first-purchase`: refused to a customer who has a paid order.
    pub first_purchase: bool,
    pub description: String,
}

/// `order prepare` options.
#[derive(Debug, PartialEq, Eq, Default)]
pub struct PrepareArgs {
    pub mobile: Option<String>,
    pub hours: i64,
    pub note: String,
    /// `(variant id, quantity)`.
    pub lines: Vec<(i64, i64)>,
}

fn number(opt: &str, v: Option<&str>) -> Result<i64, String> {
    let v = v.ok_or(format!("{opt} needs a value"))?;
    shop_core::digits::to_western_digits(v).trim().parse().map_err(|_| format!("{opt}: not a whole number: {v}"))
}

fn ids(opt: &str, v: Option<&str>) -> Result<Vec<i64>, String> {
    let v = v.ok_or(format!("{opt} needs a value"))?;
    v.split(',').filter(|p| !p.trim().is_empty()).map(|p| number(opt, Some(p))).collect()
}

fn parse_discount<'a>(mut it: impl Iterator<Item = &'a str>) -> Result<Command, String> {
    if it.next() != Some("add") {
        return Err("discount: only `discount add` is supported".into());
    }
    let mut a = DiscountArgs { code: it.next().ok_or("discount add needs a CODE")?.to_string(), ..Default::default() };
    while let Some(opt) = it.next() {
        match opt {
            "--percent" => a.percent = Some(number(opt, it.next())?),
            "--amount" => a.amount = Some(number(opt, it.next())?),
            "--min" => a.min_total = number(opt, it.next())?,
            "--max" => a.max_discount = Some(number(opt, it.next())?),
            "--starts" => a.starts = Some(number(opt, it.next())?),
            "--ends" => a.ends = Some(number(opt, it.next())?),
            "--days" => a.days = Some(number(opt, it.next())?),
            "--limit" => a.usage_limit = Some(number(opt, it.next())?),
            "--per-customer" => a.per_customer = Some(number(opt, it.next())?),
            "--categories" => a.categories = ids(opt, it.next())?,
            "--products" => a.products = ids(opt, it.next())?,
            "--mobile" => a.mobile = Some(it.next().ok_or("--mobile needs a number")?.to_string()),
            "--first-purchase" => a.first_purchase = true,
            "--description" => a.description = it.next().ok_or("--description needs a text")?.to_string(),
            other => return Err(format!("discount add: unknown option {other}")),
        }
    }
    if a.percent.is_some() == a.amount.is_some() {
        return Err("discount add: give exactly one of --percent or --amount".into());
    }
    Ok(Command::DiscountAdd(a))
}

fn parse_prepare<'a>(mut it: impl Iterator<Item = &'a str>) -> Result<Command, String> {
    if it.next() != Some("prepare") {
        return Err("order: only `order prepare` is supported".into());
    }
    let mut a = PrepareArgs { hours: 72, ..Default::default() };
    while let Some(arg) = it.next() {
        match arg {
            "--mobile" => a.mobile = Some(it.next().ok_or("--mobile needs a number")?.to_string()),
            "--hours" => a.hours = number(arg, it.next())?,
            "--note" => a.note = it.next().ok_or("--note needs a text")?.to_string(),
            line => {
                let (v, q) = line.split_once(':').ok_or(format!("order prepare: expected VARIANT:QTY, got {line}"))?;
                a.lines.push((number("VARIANT", Some(v))?, number("QTY", Some(q))?));
            }
        }
    }
    if a.lines.is_empty() {
        return Err("order prepare: give at least one VARIANT:QTY".into());
    }
    if a.hours < 1 {
        return Err("order prepare: --hours must be at least 1".into());
    }
    Ok(Command::OrderPrepare(a))
}

/// Parse the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut it = args.iter().map(String::as_str);
    match it.next() {
        None | Some("serve") => Ok(Command::Serve),
        Some("migrate") => Ok(Command::Migrate),
        Some("openapi") => Ok(Command::OpenApi),
        Some("-h" | "--help" | "help") => Ok(Command::Help),
        Some("seed") => {
            let mut demo = false;
            let mut products = None;
            while let Some(a) = it.next() {
                match a {
                    "--demo" => demo = true,
                    "--products" => {
                        let n = it.next().ok_or("--products needs a number")?;
                        products = Some(n.parse().map_err(|_| format!("--products: not a number: {n}"))?);
                    }
                    other => return Err(format!("seed: unknown option {other}")),
                }
            }
            if !demo {
                return Err("seed: only --demo is supported".into());
            }
            Ok(Command::Seed { products })
        }
        Some("discount") => parse_discount(it),
        Some("order") => parse_prepare(it),
        Some("payments") => match (it.next(), it.next()) {
            (Some("refunds"), None) => Ok(Command::PaymentRefunds),
            _ => Err("usage: shop payments refunds".into()),
        },
        Some("staff") => parse_staff(it),
        Some(c @ ("backup" | "restore")) => match (it.next(), it.next()) {
            (Some(file), None) if !file.starts_with('-') => {
                let file = std::path::PathBuf::from(file);
                Ok(if c == "backup" { Command::Backup(file) } else { Command::Restore(file) })
            }
            _ => Err(format!("usage: shop {c} FILE")),
        },
        Some(other) => Err(format!("unknown command {other}")),
    }
}

const STAFF_USAGE: &str = "usage: shop staff add MOBILE --role admin|orders|catalogue|support [--role …]";

/// `staff add MOBILE --role R [--role R…]`.
fn parse_staff<'a>(mut it: impl Iterator<Item = &'a str>) -> Result<Command, String> {
    let (Some("add"), Some(m)) = (it.next(), it.next()) else {
        return Err(STAFF_USAGE.into());
    };
    let mobile = shop_core::types::Mobile::parse(m).map_err(|e| format!("staff add: {}", e.message))?;
    let mut names = Vec::new();
    while let Some(flag) = it.next() {
        match (flag, it.next()) {
            ("--role", Some(r)) => names.push(r),
            _ => return Err(STAFF_USAGE.into()),
        }
    }
    let roles = shop_core::staff::StaffRoles::parse_list(&names).map_err(|m| format!("staff add: {m} ({STAFF_USAGE})"))?;
    Ok(Command::StaffAdd { mobile, roles })
}

fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("SHOP_LOG")
        .or_else(|_| EnvFilter::try_from_default_env())
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn"));
    use std::io::IsTerminal;
    // `SHOP_LOG_FORMAT=json`: one JSON object per line (for a log collector), each with the
    // request's span (its `request_id`).
    if std::env::var("SHOP_LOG_FORMAT").is_ok_and(|f| f.trim().eq_ignore_ascii_case("json")) {
        let _ = tracing_subscriber::fmt()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .with_env_filter(filter)
            .with_writer(std::io::stderr)
            .try_init();
        return;
    }
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(true)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
}

/// Entry point of the binary.
pub fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cmd = match parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}\n\n{USAGE}");
            return std::process::ExitCode::from(2);
        }
    };
    match cmd {
        Command::Help => {
            println!("{USAGE}");
            return std::process::ExitCode::SUCCESS;
        }
        Command::OpenApi => {
            print!("{}", crate::startup::openapi_json());
            return std::process::ExitCode::SUCCESS;
        }
        _ => {}
    }
    let _ = dotenvy::dotenv();
    init_tracing();
    let rt = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match rt.block_on(run(cmd)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cmd: Command) -> Result<(), Box<dyn std::error::Error>> {
    let config = Config::from_env()?;
    match cmd {
        Command::Migrate => {
            tracing::info!(database = %redact_url(&config.database_url), "connecting");
            db::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
            tracing::info!("migrations applied");
            Ok(())
        }
        Command::Seed { products } => {
            tracing::info!(database = %redact_url(&config.database_url), "connecting");
            let db = db::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
            crate::demo::log_report(&crate::demo::demo(&db, products).await?);
            Ok(())
        }
        Command::StaffAdd { mobile, roles } => {
            let db = db::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
            let actor = crate::audit::service::Actor::cli();
            let (user, created) = crate::staff::service::set_roles(&db, &actor, &mobile, roles, unix_now())
                .await
                .map_err(|e| e.to_string())?;
            let names: Vec<&str> = roles.list().into_iter().map(shop_core::staff::StaffRole::as_str).collect();
            println!(
                "{} {} is staff: {} (account id {})",
                if created { "created:" } else { "updated:" },
                user.mobile,
                names.join(", "),
                user.id
            );
            Ok(())
        }
        Command::Serve => {
            if config.captcha_secret.is_none() {
                tracing::warn!("SHOP_CAPTCHA_SECRET is not set: captcha checks on OTP sends are OFF");
            }
            if matches!(config.sms, crate::platform::config::SmsSetting::Console) {
                tracing::warn!("SHOP_SMS=console: codes are printed to the log and readable at GET /api/dev/sms from this machine (development only)");
            }
            let app = Application::build(config).await?;
            spawn_housekeeping(app.state().clone());
            tracing::info!("listening on http://{}", app.address());
            app.run_until_stopped(crate::startup::shutdown_signal()).await?;
            tracing::info!("stopped");
            Ok(())
        }
        Command::DiscountAdd(a) => {
            let db = db::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
            let m = add_discount(&db, a, unix_now()).await?;
            println!("discount code {} created (id {})", m.code, m.id);
            Ok(())
        }
        Command::OrderPrepare(a) => {
            let db = db::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
            let req = crate::prepared_order::service::PrepareRequest {
                mobile: a.mobile.as_deref().map(shop_core::types::Mobile::parse).transpose().map_err(|e| e.message)?,
                lines: a.lines,
                valid_secs: a.hours.saturating_mul(3600),
                note: a.note,
            };
            let actor = crate::audit::service::Actor::cli();
            let (code, order) = crate::prepared_order::service::prepare(&db, &actor, &req, unix_now()).await?;
            println!("code: {code}");
            println!("link: {}/order/{code}", config.public_url.trim_end_matches('/'));
            println!("expires_at: {}", order.expires_at);
            Ok(())
        }
        Command::PaymentRefunds => {
            let db = db::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
            print!("{}", refunds_table(&crate::payment::refunds::needed(&db).await?));
            Ok(())
        }
        Command::Backup(file) => {
            let db = db::connect(&config.database_url, 1).await?;
            let bytes = crate::platform::backup::backup(&db, &file).await?;
            println!("backup written: {} ({bytes} bytes)", file.display());
            Ok(())
        }
        Command::Restore(file) => {
            let pages = crate::platform::backup::restore(&config.database_url, &file)?;
            println!("restored {} into {} ({pages} pages)", file.display(), redact_url(&config.database_url));
            Ok(())
        }
        Command::OpenApi | Command::Help => Ok(()),
    }
}

/// `shop payments refunds`: one tab-separated line per payment under a header.
fn refunds_table(rows: &[crate::payment::refunds::Refund]) -> String {
    if rows.is_empty() {
        return "no payment needs a refund\n".into();
    }
    let mut out = String::from("order\tpayment\tamount (Toman)\tgateway ref\tverified (UTC)\twhy\n");
    for r in rows {
        let at = chrono::DateTime::from_timestamp(r.at, 0).map_or_else(|| r.at.to_string(), |t| t.format("%Y-%m-%d %H:%M:%S").to_string());
        let reference = r.ref_id.as_deref().unwrap_or("-");
        out.push_str(&format!("{}\t{}\t{}\t{reference}\t{at}\t{}\n", r.order_code, r.payment_id, r.amount, r.reason));
    }
    out
}

fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// `shop discount add`: the owner's mobile to an id, then the creation rule.
pub async fn add_discount(
    db: &sea_orm::DatabaseConnection,
    a: DiscountArgs,
    now: i64,
) -> Result<crate::discount::entity::discount_code::Model, Box<dyn std::error::Error>> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use shop_core::discount::{DiscountCode, DiscountKind, DiscountTerms};
    let code = DiscountCode::parse(&a.code).map_err(|e| e.message)?;
    let owner_id = match a.mobile.as_deref() {
        Some(m) => {
            let m = shop_core::types::Mobile::parse(m).map_err(|e| e.message)?;
            let user = crate::auth::entity::user::Entity::find()
                .filter(crate::auth::entity::user::Column::Mobile.eq(m.as_str()))
                .one(db)
                .await?
                .ok_or("no customer with that mobile number")?;
            Some(user.id)
        }
        None => None,
    };
    let starts_at = a.starts.unwrap_or(now);
    let terms = DiscountTerms {
        kind: if a.percent.is_some() { DiscountKind::Percent } else { DiscountKind::Fixed },
        value: a.percent.or(a.amount).unwrap_or(0),
        min_total: a.min_total,
        max_discount: a.max_discount,
        starts_at,
        ends_at: a.ends.unwrap_or_else(|| starts_at.saturating_add(a.days.unwrap_or(30).saturating_mul(86_400))),
        usage_limit: a.usage_limit,
        per_customer_limit: a.per_customer,
        categories: a.categories,
        products: a.products,
        owner_id,
        first_purchase_only: a.first_purchase,
    };
    let new = crate::discount::service::NewDiscount { code, terms, description: a.description };
    Ok(crate::discount::service::create(db, &crate::audit::service::Actor::cli(), new, now).await.map_err(|e| e.to_string())?)
}

/// Every 10 minutes: delete old OTP challenges, spent refresh tokens and finished counters.
fn spawn_housekeeping(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(600));
        loop {
            tick.tick().await;
            if let Err(e) = crate::auth::service::purge_expired(&state.db, state.clock.unix()).await {
                tracing::warn!(error = %e, "housekeeping failed");
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn parses_commands() {
        assert_eq!(parse(&s(&[])), Ok(Command::Serve));
        assert_eq!(parse(&s(&["migrate"])), Ok(Command::Migrate));
        assert_eq!(parse(&s(&["openapi"])), Ok(Command::OpenApi));
        assert_eq!(parse(&s(&["seed", "--demo"])), Ok(Command::Seed { products: None }));
        assert_eq!(parse(&s(&["seed", "--demo", "--products", "50"])), Ok(Command::Seed { products: Some(50) }));
        assert!(parse(&s(&["seed"])).is_err());
        assert_eq!(
            parse(&s(&["staff", "add", "۰۹۱۲۱۲۳۴۵۶۷", "--role", "orders", "--role", "support"])),
            Ok(Command::StaffAdd {
                mobile: shop_core::types::Mobile::parse("09121234567").unwrap(),
                roles: shop_core::staff::StaffRoles::parse_list(&["orders", "support"]).unwrap(),
            })
        );
        assert!(parse(&s(&["staff", "add", "09121234567"])).is_err(), "a role is required");
        assert!(parse(&s(&["staff", "add", "09121234567", "--role", "root"])).is_err());
        assert!(parse(&s(&["staff", "add", "09121234567", "--role"])).is_err());
        assert!(parse(&s(&["staff", "add", "0912"])).is_err());
        assert!(parse(&s(&["staff", "add"])).is_err());
        assert!(parse(&s(&["staff", "remove", "09121234567"])).is_err());
        assert!(parse(&s(&["bogus"])).is_err());
        assert_eq!(parse(&s(&["payments", "refunds"])), Ok(Command::PaymentRefunds));
        assert!(parse(&s(&["payments"])).is_err());
        assert!(parse(&s(&["payments", "refunds", "x"])).is_err());
        assert_eq!(parse(&s(&["backup", "b.db"])), Ok(Command::Backup("b.db".into())));
        assert_eq!(parse(&s(&["restore", "b.db"])), Ok(Command::Restore("b.db".into())));
        for bad in [&["backup"][..], &["backup", "--force"], &["restore", "a", "b"]] {
            assert!(parse(&s(bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn parses_discount_and_prepare() {
        let Ok(Command::DiscountAdd(a)) = parse(&s(&["discount", "add", "yalda", "--percent", "150", "--limit", "1", "--categories", "2,3"])) else {
            panic!("discount add not parsed");
        };
        assert_eq!((a.code.as_str(), a.percent, a.usage_limit, a.categories), ("yalda", Some(150), Some(1), vec![2, 3]));
        assert!(parse(&s(&["discount", "add", "X", "--percent", "1", "--amount", "1"])).is_err());
        assert!(parse(&s(&["discount", "add", "X"])).is_err());
        let Ok(Command::DiscountAdd(a)) = parse(&s(&["discount", "add", "HELLO", "--percent", "10", "--first-purchase"])) else {
            panic!("--first-purchase not parsed");
        };
        assert!(a.first_purchase);
        let Ok(Command::DiscountAdd(a)) = parse(&s(&["discount", "add", "HELLO", "--percent", "10"])) else {
            panic!("discount add not parsed");
        };
        assert!(!a.first_purchase);
        assert_eq!(
            parse(&s(&["order", "prepare", "--mobile", "09123456789", "12:1", "14:2"])),
            Ok(Command::OrderPrepare(PrepareArgs {
                mobile: Some("09123456789".into()),
                hours: 72,
                note: String::new(),
                lines: vec![(12, 1), (14, 2)]
            }))
        );
        assert!(parse(&s(&["order", "prepare"])).is_err());
        assert!(parse(&s(&["order", "prepare", "12"])).is_err());
    }
}
