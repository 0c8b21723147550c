//! The `shop` command line: `serve` (default), `migrate`, `seed --demo [--products N]`,
//! `staff add MOBILE`, `openapi`.

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
  staff add MOBILE              make the account of MOBILE (created if new) a staff account
  openapi                       print the OpenAPI document (JSON)

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
    /// Make an account staff.
    StaffAdd {
        /// The mobile number, already parsed.
        mobile: shop_core::types::Mobile,
    },
    /// Print the OpenAPI document.
    OpenApi,
    /// Print usage.
    Help,
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
        Some("staff") => match (it.next(), it.next(), it.next()) {
            (Some("add"), Some(m), None) => shop_core::types::Mobile::parse(m)
                .map(|mobile| Command::StaffAdd { mobile })
                .map_err(|e| format!("staff add: {}", e.message)),
            _ => Err("usage: shop staff add MOBILE".into()),
        },
        Some(other) => Err(format!("unknown command {other}")),
    }
}

fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("SHOP_LOG")
        .or_else(|_| EnvFilter::try_from_default_env())
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn"));
    use std::io::IsTerminal;
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
        Command::StaffAdd { mobile } => {
            let db = db::connect_and_migrate(&config.database_url, config.db_max_connections).await?;
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs() as i64;
            let (user, created) = crate::auth::service::make_staff(&db, &mobile, now).await?;
            println!(
                "{} {} is staff (account id {})",
                if created { "created:" } else { "updated:" },
                user.mobile,
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
        Command::OpenApi | Command::Help => Ok(()),
    }
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
            parse(&s(&["staff", "add", "۰۹۱۲۱۲۳۴۵۶۷"])),
            Ok(Command::StaffAdd { mobile: shop_core::types::Mobile::parse("09121234567").unwrap() })
        );
        assert!(parse(&s(&["staff", "add", "0912"])).is_err());
        assert!(parse(&s(&["staff", "add"])).is_err());
        assert!(parse(&s(&["staff", "remove", "09121234567"])).is_err());
        assert!(parse(&s(&["bogus"])).is_err());
    }
}
