//! The `shop` command line (clap): `serve` (default), `migrate`, `seed --demo [--products N]`,
//! `staff add MOBILE --role R…`, `discount add CODE …`, `order prepare …`, `payments refunds`,
//! `backup FILE`, `restore FILE`, `openapi`; `shop help` / `shop COMMAND --help` for the options.

use crate::platform::config::{redact_url, Config};
use crate::platform::db;
use crate::state::AppState;
use crate::startup::Application;

/// The command line as clap reads it; [`parse`] turns it into a [`Command`] of typed values.
#[derive(Debug, clap::Parser)]
#[command(
    name = "shop",
    about = "The laptop shop: its server and its chores",
    after_help = "configuration: environment variables SHOP_* (see docs/architecture.md), or a .env file"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Sub>,
}

#[derive(Debug, clap::Subcommand)]
enum Sub {
    /// Migrate, load the demo data into an empty database, serve (the default)
    Serve,
    /// Apply pending database migrations
    Migrate,
    /// Load the demo catalogue, delivery options and a customer
    Seed {
        /// The demo data (the only kind there is)
        #[arg(long, required = true)]
        demo: bool,
        /// How many products
        #[arg(long)]
        products: Option<usize>,
    },
    /// The back office's staff
    Staff {
        #[command(subcommand)]
        action: StaffCli,
    },
    /// Print the OpenAPI document (JSON)
    Openapi,
    /// Discount codes
    Discount {
        #[command(subcommand)]
        action: DiscountCli,
    },
    /// Staff-prepared orders
    Order {
        #[command(subcommand)]
        action: OrderCli,
    },
    /// Payments
    Payments {
        #[command(subcommand)]
        action: PaymentsCli,
    },
    /// Copy the running shop's SQLite database into the new FILE (online)
    Backup { file: std::path::PathBuf },
    /// Put a backup back as the shop's database (stop the shop first)
    Restore { file: std::path::PathBuf },
}

#[derive(Debug, clap::Subcommand)]
enum StaffCli {
    /// Give the account of MOBILE (created if new) these back-office roles (the first admin too)
    Add {
        mobile: String,
        /// admin, orders, catalogue or support (repeat for more)
        #[arg(long = "role", required = true)]
        roles: Vec<String>,
    },
}

#[derive(Debug, clap::Subcommand)]
enum DiscountCli {
    /// Create a discount code
    // Negative numbers are values, so that the discount rules refuse them in Persian (clap
    // would read `-5` as an unknown option).
    #[command(group(clap::ArgGroup::new("kind").required(true).args(["percent", "amount"])), allow_negative_numbers = true)]
    Add {
        code: String,
        #[arg(long, value_parser = number)]
        percent: Option<i64>,
        #[arg(long, value_parser = number)]
        amount: Option<i64>,
        /// The least order total
        #[arg(long = "min", value_parser = number, default_value_t = 0)]
        min_total: i64,
        /// The most it takes off
        #[arg(long = "max", value_parser = number)]
        max_discount: Option<i64>,
        /// Unix seconds
        #[arg(long, value_parser = number)]
        starts: Option<i64>,
        /// Unix seconds
        #[arg(long, value_parser = number)]
        ends: Option<i64>,
        #[arg(long, value_parser = number)]
        days: Option<i64>,
        #[arg(long = "limit", value_parser = number)]
        usage_limit: Option<i64>,
        #[arg(long = "per-customer", value_parser = number)]
        per_customer: Option<i64>,
        /// Category ids, comma-separated
        #[arg(long, value_parser = number, value_delimiter = ',')]
        categories: Vec<i64>,
        /// Product ids, comma-separated
        #[arg(long, value_parser = number, value_delimiter = ',')]
        products: Vec<i64>,
        /// A personal code: only this customer's
        #[arg(long)]
        mobile: Option<String>,
        /// Only for a customer's first purchase
        #[arg(long)]
        first_purchase: bool,
        #[arg(long, default_value = "")]
        description: String,
    },
}

#[derive(Debug, clap::Subcommand)]
enum OrderCli {
    /// Prepare an order link for a customer (prints /order/{code})
    Prepare {
        #[arg(long)]
        mobile: Option<String>,
        #[arg(long, value_parser = number, default_value_t = 72)]
        hours: i64,
        #[arg(long, default_value = "")]
        note: String,
        /// VARIANT:QTY, one or more
        #[arg(required = true, value_parser = line)]
        lines: Vec<(i64, i64)>,
    },
}

#[derive(Debug, clap::Subcommand)]
enum PaymentsCli {
    /// List the payments to give back (paid after the order ended, or twice)
    Refunds,
}

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

/// A whole number, in any digits (`۱۲` is 12).
fn number(v: &str) -> Result<i64, String> {
    shop_core::digits::to_western_digits(v).trim().parse().map_err(|_| format!("not a whole number: {v}"))
}

/// `VARIANT:QTY`.
fn line(v: &str) -> Result<(i64, i64), String> {
    let (variant, qty) = v.split_once(':').ok_or(format!("expected VARIANT:QTY, got {v}"))?;
    Ok((number(variant)?, number(qty)?))
}

/// Parse the arguments after the program name: clap's error (with its usage) for a command
/// line it cannot read, or a typed [`Command`]; a value clap reads but a rule refuses (a mobile
/// number, a role, hours below 1) is an error of the same kind.
pub fn parse_cli(args: &[String]) -> Result<Command, clap::Error> {
    use clap::{CommandFactory, Parser};
    let cli = Cli::try_parse_from(std::iter::once("shop").chain(args.iter().map(String::as_str)))?;
    let refuse = |what: String| Cli::command().error(clap::error::ErrorKind::ValueValidation, what);
    Ok(match cli.command {
        None | Some(Sub::Serve) => Command::Serve,
        Some(Sub::Migrate) => Command::Migrate,
        Some(Sub::Openapi) => Command::OpenApi,
        Some(Sub::Seed { demo: _, products }) => Command::Seed { products },
        Some(Sub::Staff { action: StaffCli::Add { mobile, roles } }) => {
            let mobile = shop_core::types::Mobile::parse(&mobile).map_err(|e| refuse(format!("staff add: {}", e.message)))?;
            let names: Vec<&str> = roles.iter().map(String::as_str).collect();
            let roles = shop_core::staff::StaffRoles::parse_list(&names).map_err(|m| refuse(format!("staff add: {m}")))?;
            Command::StaffAdd { mobile, roles }
        }
        Some(Sub::Discount { action: DiscountCli::Add {
            code, percent, amount, min_total, max_discount, starts, ends, days, usage_limit,
            per_customer, categories, products, mobile, first_purchase, description,
        } }) => Command::DiscountAdd(DiscountArgs {
            code, percent, amount, min_total, max_discount, starts, ends, days, usage_limit,
            per_customer, categories, products, mobile, first_purchase, description,
        }),
        Some(Sub::Order { action: OrderCli::Prepare { mobile, hours, note, lines } }) => {
            if hours < 1 {
                return Err(refuse("order prepare: --hours must be at least 1".into()));
            }
            Command::OrderPrepare(PrepareArgs { mobile, hours, note, lines })
        }
        Some(Sub::Payments { action: PaymentsCli::Refunds }) => Command::PaymentRefunds,
        Some(Sub::Backup { file }) => Command::Backup(file),
        Some(Sub::Restore { file }) => Command::Restore(file),
    })
}

/// [`parse_cli`] with the error as its text.
pub fn parse(args: &[String]) -> Result<Command, String> {
    parse_cli(args).map_err(|e| e.to_string())
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
    let cmd = match parse_cli(&args) {
        Ok(c) => c,
        // `--help` and `help` print the usage and succeed; a command line clap cannot read
        // prints why and the usage, and exits with 2.
        Err(e) => {
            let _ = e.print();
            return std::process::ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    if cmd == Command::OpenApi {
        print!("{}", crate::startup::openapi_json());
        return std::process::ExitCode::SUCCESS;
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
            let actor = crate::auth::staff::Actor::cli();
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
            let actor = crate::auth::staff::Actor::cli();
            let (code, order) = crate::prepared_order::service::prepare(&db, &actor, &req, unix_now()).await?;
            println!("code: {code}");
            println!("link: {}/order/{code}", config.public_url.trim_end_matches('/'));
            println!("expires_at: {}", order.expires_at);
            Ok(())
        }
        Command::PaymentRefunds => {
            let db = db::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
            print!("{}", refunds_table(&crate::payment::refunds::needed(&db, &crate::state::purposes()).await?));
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
        Command::OpenApi => Ok(()),
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
    Ok(crate::discount::service::create(db, &crate::auth::staff::Actor::cli(), new, now).await.map_err(|e| e.to_string())?)
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
        assert!(parse(&s(&["order", "prepare", "12:1", "--hours", "0"])).is_err());
    }

    #[test]
    fn numbers_in_any_digits_and_clear_refusals() {
        let Ok(Command::DiscountAdd(a)) = parse(&s(&["discount", "add", "NOROOZ", "--amount", "۵۰۰۰۰", "--products", "۳,4"])) else {
            panic!("Persian digits not read");
        };
        assert_eq!((a.amount, a.products), (Some(50_000), vec![3, 4]));
        let Ok(Command::OrderPrepare(p)) = parse(&s(&["order", "prepare", "۱۲:۲", "--hours", "۲۴"])) else {
            panic!("Persian digits not read");
        };
        assert_eq!((p.lines, p.hours), (vec![(12, 2)], 24));
        let e = parse(&s(&["discount", "add", "X", "--percent", "ten"])).unwrap_err();
        assert!(e.contains("--percent") && e.contains("not a whole number: ten"), "{e}");
        let e = parse(&s(&["staff", "add", "0912", "--role", "admin"])).unwrap_err();
        assert!(e.contains("staff add:") && e.contains("شماره موبایل"), "{e}");
        // A negative amount reaches the discount rule (its Persian refusal is in `shop`'s run).
        let Ok(Command::DiscountAdd(a)) = parse(&s(&["discount", "add", "X", "--amount", "-5"])) else {
            panic!("a negative amount read as an option");
        };
        assert_eq!(a.amount, Some(-5));
        let e = parse(&s(&["bogus"])).unwrap_err();
        assert!(e.contains("bogus"), "{e}");
        // Help is clap's, printed to stdout with success.
        for help in [&["--help"][..], &["help"], &["discount", "add", "--help"]] {
            let e = parse_cli(&s(help)).unwrap_err();
            assert_eq!(e.kind(), clap::error::ErrorKind::DisplayHelp, "{help:?}");
            assert!(!e.use_stderr());
        }
        let help = parse_cli(&s(&["--help"])).unwrap_err().to_string();
        for command in ["serve", "migrate", "seed", "staff", "openapi", "discount", "order", "payments", "backup", "restore"] {
            assert!(help.contains(command), "{command} in\n{help}");
        }
    }
}
