//! Server configuration from environment variables (design.md section 2).
//!
//! A `.env` file in the working directory may set them (loaded by `main`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rand::RngCore;

use super::clock::{Clock, SystemClock};

/// Which SMS provider sends the one-time codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SmsSetting {
    /// Print the code to the log and keep it in the dev outbox (`GET /api/dev/sms`).
    Console,
    /// Kavenegar verify-lookup API.
    Kavenegar {
        /// API key (part of the URL path).
        api_key: String,
        /// Name of the verify template defined in the Kavenegar panel.
        template: String,
        /// Base URL, `https://api.kavenegar.com` unless overridden (tests use a local fake).
        base_url: String,
    },
}

/// Where the server runs. Only an explicit `SHOP_ENV=development` allows the unsafe
/// conveniences (console SMS and its outbox, no captcha, the demo customer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShopEnv {
    /// A developer's machine or a test run (`SHOP_ENV=development`).
    Development,
    /// Anything else (the default).
    Production,
}

/// Limits of the sign-in flows (design.md section 4, docs/security.md). All in seconds or counts.
#[derive(Debug, Clone)]
pub struct AuthLimits {
    /// Lifetime of a one-time code.
    pub otp_ttl_secs: i64,
    /// Wrong codes allowed per challenge; the challenge is dead after this many.
    pub otp_max_wrong: i32,
    /// Wait between two codes for the same number and purpose.
    pub resend_secs: i64,
    /// Codes per number per hour.
    pub sends_per_number_hour: i64,
    /// Codes per client address per hour.
    pub sends_per_ip_hour: i64,
    /// Password sign-in attempts per (number, address) pair per sliding hour.
    pub password_tries_hour: i64,
    /// Password sign-in attempts per number per sliding hour, from all addresses together.
    pub password_tries_number_hour: i64,
    /// Password sign-in attempts per address per sliding hour, for all numbers together.
    pub password_tries_ip_hour: i64,
    /// Wrong codes per number per sliding day; past it code sign-in is locked for the number.
    pub otp_failures_day: i64,
    /// Code checks per address per sliding hour (`SHOP_OTP_VERIFY_IP_LIMIT`).
    pub verifies_per_ip_hour: i64,
    /// Registration codes per address per hour sent without a captcha token.
    pub register_free_per_ip_hour: i64,
    /// Codes the whole shop sends per hour; past it no code is sent (`SHOP_SMS_HOURLY_BUDGET`).
    pub sms_hourly_budget: i64,
    /// Access token lifetime.
    pub access_ttl_secs: i64,
    /// Refresh token lifetime.
    pub refresh_ttl_secs: i64,
    /// Lifetime of a mobile-verification code (`mcode`) after a verified OTP.
    pub mcode_ttl_secs: i64,
}

impl Default for AuthLimits {
    fn default() -> Self {
        Self {
            otp_ttl_secs: 120,
            otp_max_wrong: 5,
            resend_secs: i64::from(shop_core::otp::RESEND_SECONDS),
            sends_per_number_hour: 5,
            sends_per_ip_hour: 30,
            password_tries_hour: 10,
            password_tries_number_hour: 50,
            password_tries_ip_hour: 40,
            otp_failures_day: 10,
            verifies_per_ip_hour: 60,
            register_free_per_ip_hour: 3,
            sms_hourly_budget: 500,
            access_ttl_secs: 15 * 60,
            refresh_ttl_secs: 30 * 24 * 3600,
            mcode_ttl_secs: 15 * 60,
        }
    }
}

/// Limits of support tickets (issue 22 item 3, docs/security.md). Staff replies are not limited.
#[derive(Debug, Clone, Copy)]
pub struct TicketLimits {
    /// Opens and replies per customer per sliding hour (`SHOP_TICKET_ACTIONS_PER_HOUR`, 20).
    pub actions_per_hour: i64,
    /// Attachment bytes a customer may send in one ticket (`SHOP_TICKET_FILES_MB`, 10 MiB).
    pub ticket_bytes: i64,
    /// Attachment bytes a customer may have in all their tickets (`SHOP_CUSTOMER_FILES_MB`, 50 MiB).
    pub customer_bytes: i64,
}

impl Default for TicketLimits {
    fn default() -> Self {
        Self { actions_per_hour: 20, ticket_bytes: 10 << 20, customer_bytes: 50 << 20 }
    }
}

impl TicketLimits {
    fn from_env() -> Result<Self, ConfigError> {
        let d = Self::default();
        Ok(Self {
            actions_per_hour: parse_var("SHOP_TICKET_ACTIONS_PER_HOUR", d.actions_per_hour)?,
            ticket_bytes: parse_var("SHOP_TICKET_FILES_MB", d.ticket_bytes >> 20)? << 20,
            customer_bytes: parse_var("SHOP_CUSTOMER_FILES_MB", d.customer_bytes >> 20)? << 20,
        })
    }
}

/// Limits of the live chat (docs/chat.md, docs/security.md).
#[derive(Debug, Clone, Copy)]
pub struct ChatLimits {
    /// Open chat sockets per account on one node; one more is closed with 4429
    /// (`SHOP_CHAT_SOCKETS_PER_ACCOUNT`, 5).
    pub sockets_per_account: usize,
    /// Messages per account per sliding minute, its sockets on every node together
    /// (`SHOP_CHAT_MESSAGES_PER_MINUTE`, 30: all at once, then one every 2 s). The limiter
    /// counts whole seconds, so values above 60 act as 60.
    pub messages_per_minute: i64,
}

impl Default for ChatLimits {
    fn default() -> Self {
        Self { sockets_per_account: 5, messages_per_minute: 30 }
    }
}

/// Time limits on client connections (slow clients hold no resources for long).
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    /// From the first byte of a request head to its end.
    pub header_secs: u64,
    /// Reading a request body.
    pub body_secs: u64,
    /// A connection with no traffic at all.
    pub idle_secs: u64,
    /// Concurrent HTTP/2 streams per connection.
    pub http2_max_streams: u32,
}

impl Default for Timeouts {
    fn default() -> Self {
        Self { header_secs: 10, body_secs: 30, idle_secs: 60, http2_max_streams: 100 }
    }
}

/// `payment/start` (and an instalment's payment): how long a pending attempt is answered
/// again instead of asking the gateway for a new one, and how many new attempts (gateway
/// requests) an order and a customer may open per sliding hour (docs/security.md, issue 22).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaymentStarts {
    /// `SHOP_PAYMENT_REUSE_MINUTES` (10), in seconds.
    pub reuse_secs: i64,
    /// `SHOP_PAYMENT_STARTS_PER_ORDER` (10 an hour).
    pub per_order_hour: i64,
    /// `SHOP_PAYMENT_STARTS_PER_CUSTOMER` (30 an hour).
    pub per_customer_hour: i64,
}

impl Default for PaymentStarts {
    fn default() -> Self {
        Self { reuse_secs: 10 * 60, per_order_hour: 10, per_customer_hour: 30 }
    }
}

/// What a customer's unpaid orders may hold, and how often a customer may register or cancel
/// (issue 22: one account held every unit of 21 variants and renewed the hold in 16 ms).
/// docs/security.md "Stock holds (issue 22)" gives the reasons for the values.
#[derive(Debug, Clone, Copy)]
pub struct OrderLimits {
    /// `SHOP_HOLD_OPEN_ORDERS` (2), `SHOP_HOLD_UNITS_PER_ORDER` (3),
    /// `SHOP_HOLD_UNITS_PER_CUSTOMER` (3), `SHOP_HOLD_UNITS_TOTAL` (10).
    pub holds: shop_core::stock::HoldCaps,
    /// Registrations per customer per sliding hour (`SHOP_ORDER_REGISTRATIONS_PER_HOUR`, 10).
    pub registrations_per_hour: i64,
    /// Cancellations per customer per sliding hour (`SHOP_ORDER_CANCELS_PER_HOUR`, 10).
    pub cancellations_per_hour: i64,
}

impl Default for OrderLimits {
    fn default() -> Self {
        Self {
            holds: shop_core::stock::HoldCaps { open_orders: 2, units_per_order: 3, units_per_customer: 3, units_total: 10 },
            registrations_per_hour: 10,
            cancellations_per_hour: 10,
        }
    }
}

impl OrderLimits {
    /// The defaults, each overridden by its variable; every value must be at least 1.
    fn from_env() -> Result<Self, ConfigError> {
        let d = Self::default();
        let positive = |name: &'static str, default: i64| -> Result<i64, ConfigError> {
            let v = parse_var(name, default)?;
            if v < 1 {
                return Err(ConfigError::Invalid { name, reason: "must be at least 1".into() });
            }
            Ok(v)
        };
        Ok(Self {
            holds: shop_core::stock::HoldCaps {
                open_orders: positive("SHOP_HOLD_OPEN_ORDERS", d.holds.open_orders)?,
                units_per_order: positive("SHOP_HOLD_UNITS_PER_ORDER", d.holds.units_per_order)?,
                units_per_customer: positive("SHOP_HOLD_UNITS_PER_CUSTOMER", d.holds.units_per_customer)?,
                units_total: positive("SHOP_HOLD_UNITS_TOTAL", d.holds.units_total)?,
            },
            registrations_per_hour: positive("SHOP_ORDER_REGISTRATIONS_PER_HOUR", d.registrations_per_hour)?,
            cancellations_per_hour: positive("SHOP_ORDER_CANCELS_PER_HOUR", d.cancellations_per_hour)?,
        })
    }
}

/// Everything the server needs to start.
#[derive(Clone)]
pub struct Config {
    /// Development or production (`SHOP_ENV`).
    pub env: ShopEnv,
    /// Listen address (`SHOP_ADDR`).
    pub addr: String,
    /// Database URL (`SHOP_DATABASE_URL`).
    pub database_url: String,
    /// Maximum pool size (`SHOP_DB_MAX_CONNECTIONS`).
    pub db_max_connections: u32,
    /// Secret for token signatures and OTP hashes (`SHOP_SECRET`, else `data/secret`).
    pub secret: Vec<u8>,
    /// SMS provider (`SHOP_SMS`, `SHOP_KAVENEGAR_KEY`, `SHOP_KAVENEGAR_TEMPLATE`, `SHOP_KAVENEGAR_URL`).
    pub sms: SmsSetting,
    /// reCAPTCHA v3 secret (`SHOP_CAPTCHA_SECRET`); `None` turns captcha checks off.
    pub captcha_secret: Option<String>,
    /// Base of the siteverify endpoint (`SHOP_CAPTCHA_URL`).
    pub captcha_url: String,
    /// Minimum reCAPTCHA score (`SHOP_CAPTCHA_MIN_SCORE`, 0.5).
    pub captcha_min_score: f64,
    /// `sandbox` or `zarinpal` (`SHOP_PAYMENT`).
    pub payment: String,
    /// Zarinpal merchant id (`SHOP_ZARINPAL_MERCHANT`).
    pub zarinpal_merchant: Option<String>,
    /// Zarinpal API base (`SHOP_ZARINPAL_URL`, `https://api.zarinpal.com`; tests use a local fake).
    pub zarinpal_url: String,
    /// Zarinpal's payment page, the authority is appended
    /// (`SHOP_ZARINPAL_STARTPAY`, `https://www.zarinpal.com/pg/StartPay/`).
    pub zarinpal_startpay: String,
    /// Time limit of one call to the payment gateway, milliseconds (`SHOP_PAYMENT_TIMEOUT_MS`, 10000).
    pub payment_timeout_ms: u64,
    /// Starting payments: reuse of a pending attempt and the limits on new ones.
    pub payment_starts: PaymentStarts,
    /// How long an unpaid order holds its stock, seconds (`SHOP_ORDER_HOLD_MINUTES`, 20 minutes).
    pub order_hold_secs: i64,
    /// Pause between rounds of the background jobs, milliseconds (`SHOP_JOB_INTERVAL_MS`, 30000).
    pub job_interval_ms: u64,
    /// Pause between rounds of the alerts' job, milliseconds (`SHOP_ALERT_EVERY_MS`, 20000: an
    /// alert goes within a minute of the change; a few hundred in dev and tests).
    pub alert_every_ms: u64,
    /// SQLite: how often a serving node checkpoints the WAL into the database file, from a task
    /// of its own, milliseconds (`SHOP_SQLITE_CHECKPOINT_MS`, 1000). 0: SQLite's own automatic
    /// checkpoints, which run inside a writer's commit (`platform::db::spawn_checkpoints`).
    pub sqlite_checkpoint_ms: u64,
    /// How long an unanswered `Idempotency-Key` claim is trusted to belong to a running request
    /// before a retry takes it over and runs the call, seconds (`SHOP_IDEMPOTENCY_LEASE_SECS`,
    /// 120). The crash test shortens it so that its clients are not held up by killed requests.
    pub idempotency_lease_secs: i64,
    /// What unpaid orders may hold; registrations and cancellations per hour (`SHOP_HOLD_*`,
    /// `SHOP_ORDER_REGISTRATIONS_PER_HOUR`, `SHOP_ORDER_CANCELS_PER_HOUR`).
    pub order_limits: OrderLimits,
    /// Public base URL (`SHOP_PUBLIC_URL`).
    pub public_url: String,
    /// The bearer token `/metrics` asks of a scraper that is not on this machine
    /// (`SHOP_METRICS_TOKEN`); without one, only loopback clients are answered.
    pub metrics_token: Option<String>,
    /// Built web app (`SHOP_WEB_DIR`, default `web/dist`).
    pub web_dir: PathBuf,
    /// Folder for the generated secret and the default SQLite file (`SHOP_DATA_DIR`, `data`).
    pub data_dir: PathBuf,
    /// Folder of the disk file store: ticket attachments (`SHOP_FILES_DIR`, `<data>/files`).
    pub files_dir: PathBuf,
    /// Largest accepted request body in bytes (1 MB).
    pub body_limit: usize,
    /// Proxies whose `X-Forwarded-For` entries are believed (`SHOP_TRUSTED_PROXIES`, CIDR list).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Connection time limits (`SHOP_HEADER_TIMEOUT`, `SHOP_BODY_TIMEOUT`, `SHOP_IDLE_TIMEOUT`).
    pub timeouts: Timeouts,
    /// Password hashes (argon2) running at once; more wait for nothing and get 503.
    pub argon2_slots: usize,
    /// Sign-in limits (`SHOP_OTP_IP_LIMIT` and `SHOP_OTP_VERIFY_IP_LIMIT` override the per-address limits).
    pub limits: AuthLimits,
    /// Chat limits (`SHOP_CHAT_SOCKETS_PER_ACCOUNT`, `SHOP_CHAT_MESSAGES_PER_MINUTE`).
    pub chat: ChatLimits,
    /// Load the demo catalogue when the database is empty at `serve` (`SHOP_SEED_DEMO`, on by default).
    pub seed_demo_on_empty: bool,
    /// argon2id cost for new password hashes.
    pub password_cost: PasswordCost,
    /// Time source.
    pub clock: Arc<dyn Clock>,
    /// How long the bearer extractor may reuse a `users` row, milliseconds
    /// (`SHOP_USER_CACHE_MS`, 3000; 0 = read it on every request). A `Block` takes effect on
    /// access-token calls within this time; see `auth::user_cache`.
    pub user_cache_ms: i64,
    /// How long a node trusts the catalogue version it read before reading it again,
    /// milliseconds (`SHOP_CATALOG_RECHECK_MS`; [`CATALOG_RECHECK_MS`] on SQLite,
    /// [`CATALOG_RECHECK_MS_LISTENING`] on PostgreSQL, where a notification marks the
    /// catalogue stale at once and this poll is the fallback; 0 = read it on every request).
    pub catalog_recheck_ms: i64,
    /// Ticket rate and attachment quotas (`SHOP_TICKET_*`, `SHOP_CUSTOMER_FILES_MB`).
    pub tickets: TicketLimits,
}

/// Default of `SHOP_USER_CACHE_MS`: how long the bearer extractor may reuse a `users` row.
pub const DEFAULT_USER_CACHE_MS: i64 = 3_000;

/// Default of `SHOP_CATALOG_RECHECK_MS` on SQLite: the only way a process learns that another
/// one (a second `shop serve`, the CLI) changed the catalogue.
pub const CATALOG_RECHECK_MS: i64 = 200;

/// Default of `SHOP_CATALOG_RECHECK_MS` on PostgreSQL, behind the notification: a node whose
/// listening connection hangs still shows a change within 2 s (issue 24).
pub const CATALOG_RECHECK_MS_LISTENING: i64 = 1_000;

/// The default catalogue recheck for `database_url`.
fn default_catalog_recheck_ms(database_url: &str) -> i64 {
    if database_url.starts_with("postgres") {
        CATALOG_RECHECK_MS_LISTENING
    } else {
        CATALOG_RECHECK_MS
    }
}

/// argon2id cost parameters for new password hashes (memory KiB, iterations, lanes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordCost {
    /// Memory in KiB.
    pub m_kib: u32,
    /// Iterations.
    pub t: u32,
    /// Parallelism.
    pub p: u32,
}

impl PasswordCost {
    /// OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane).
    pub const PRODUCTION: Self = Self { m_kib: 19 * 1024, t: 2, p: 1 };
    /// Cheap parameters for tests (debug builds are slow).
    pub const TEST: Self = Self { m_kib: 256, t: 1, p: 1 };
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("database_url", &redact_url(&self.database_url))
            .field("sms", &match &self.sms {
                SmsSetting::Console => "console",
                SmsSetting::Kavenegar { .. } => "kavenegar",
            })
            .field("captcha", &self.captcha_secret.is_some())
            .field("web_dir", &self.web_dir)
            .finish_non_exhaustive()
    }
}

/// A configuration error at start-up.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A variable has a value that cannot be used.
    #[error("{name}: {reason}")]
    Invalid {
        /// Variable name.
        name: &'static str,
        /// Why.
        reason: String,
    },
    /// The secret file could not be read or written.
    #[error("secret file {path}: {source}")]
    SecretFile {
        /// Path of the file.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

fn parse_var<T: std::str::FromStr>(name: &'static str, default: T) -> Result<T, ConfigError>
where
    T::Err: std::fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|e: T::Err| ConfigError::Invalid { name, reason: e.to_string() }),
    }
}

impl Config {
    /// Read the configuration from the environment. Generates `data/secret` on first run
    /// when `SHOP_SECRET` is not set.
    pub fn from_env() -> Result<Self, ConfigError> {
        let data_dir = PathBuf::from(var("SHOP_DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = var("SHOP_DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}/shop.db?mode=rwc", data_dir.display()));
        let env = match var("SHOP_ENV").as_deref() {
            Some("development" | "dev") => ShopEnv::Development,
            None | Some("production" | "prod") => ShopEnv::Production,
            Some(other) => {
                return Err(ConfigError::Invalid {
                    name: "SHOP_ENV",
                    reason: format!("unknown environment '{other}' (development or production)"),
                })
            }
        };
        let secret = match var("SHOP_SECRET") {
            Some(s) => s.into_bytes(),
            None => load_or_create_secret(&data_dir)?,
        };
        if secret.len() < MIN_SECRET_BYTES {
            return Err(ConfigError::Invalid {
                name: "SHOP_SECRET",
                reason: format!(
                    "کلید SHOP_SECRET باید دست‌کم {MIN_SECRET_BYTES} بایت باشد / must be at least {MIN_SECRET_BYTES} bytes (e.g. `openssl rand -hex 32`)"
                ),
            });
        }
        if var("SHOP_TRUST_PROXY").is_some() {
            return Err(ConfigError::Invalid {
                name: "SHOP_TRUST_PROXY",
                reason: "به جای آن SHOP_TRUSTED_PROXIES را با نشانی‌های پراکسی بگذارید / replaced by SHOP_TRUSTED_PROXIES (the proxies' CIDR ranges, e.g. 10.0.0.0/8)".into(),
            });
        }
        let trusted_proxies = match var("SHOP_TRUSTED_PROXIES") {
            None => Vec::new(),
            Some(list) => parse_proxies(&list).map_err(|reason| ConfigError::Invalid { name: "SHOP_TRUSTED_PROXIES", reason })?,
        };
        let timeouts = Timeouts {
            header_secs: parse_var("SHOP_HEADER_TIMEOUT", Timeouts::default().header_secs)?,
            body_secs: parse_var("SHOP_BODY_TIMEOUT", Timeouts::default().body_secs)?,
            idle_secs: parse_var("SHOP_IDLE_TIMEOUT", Timeouts::default().idle_secs)?,
            http2_max_streams: Timeouts::default().http2_max_streams,
        };
        let sms = match var("SHOP_SMS").as_deref().unwrap_or("console") {
            "console" => SmsSetting::Console,
            "kavenegar" => SmsSetting::Kavenegar {
                api_key: var("SHOP_KAVENEGAR_KEY").ok_or(ConfigError::Invalid {
                    name: "SHOP_KAVENEGAR_KEY",
                    reason: "required when SHOP_SMS=kavenegar".into(),
                })?,
                template: var("SHOP_KAVENEGAR_TEMPLATE").ok_or(ConfigError::Invalid {
                    name: "SHOP_KAVENEGAR_TEMPLATE",
                    reason: "required when SHOP_SMS=kavenegar".into(),
                })?,
                base_url: var("SHOP_KAVENEGAR_URL").unwrap_or_else(|| "https://api.kavenegar.com".into()),
            },
            other => {
                return Err(ConfigError::Invalid {
                    name: "SHOP_SMS",
                    reason: format!("unknown provider '{other}' (console or kavenegar)"),
                })
            }
        };
        let is_sqlite = database_url.starts_with("sqlite:");
        let catalog_recheck_ms = parse_var::<u32>("SHOP_CATALOG_RECHECK_MS", default_catalog_recheck_ms(&database_url) as u32)?.into();
        let mut limits = AuthLimits::default();
        limits.sends_per_ip_hour = parse_var("SHOP_OTP_IP_LIMIT", limits.sends_per_ip_hour)?;
        limits.verifies_per_ip_hour = parse_var("SHOP_OTP_VERIFY_IP_LIMIT", limits.verifies_per_ip_hour)?;
        limits.sms_hourly_budget = parse_var("SHOP_SMS_HOURLY_BUDGET", limits.sms_hourly_budget)?;
        Ok(Self {
            env,
            addr: var("SHOP_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into()),
            db_max_connections: parse_var("SHOP_DB_MAX_CONNECTIONS", if is_sqlite { 8 } else { 16 })?,
            database_url,
            secret,
            sms,
            captcha_secret: var("SHOP_CAPTCHA_SECRET"),
            captcha_url: var("SHOP_CAPTCHA_URL")
                .unwrap_or_else(|| "https://www.google.com/recaptcha/api/siteverify".into()),
            captcha_min_score: parse_var("SHOP_CAPTCHA_MIN_SCORE", 0.5)?,
            payment: payment_setting()?,
            zarinpal_merchant: var("SHOP_ZARINPAL_MERCHANT"),
            zarinpal_url: var("SHOP_ZARINPAL_URL").unwrap_or_else(|| "https://api.zarinpal.com".into()),
            zarinpal_startpay: var("SHOP_ZARINPAL_STARTPAY")
                .unwrap_or_else(|| "https://www.zarinpal.com/pg/StartPay/".into()),
            payment_timeout_ms: parse_var("SHOP_PAYMENT_TIMEOUT_MS", 10_000)?,
            payment_starts: PaymentStarts {
                reuse_secs: parse_var("SHOP_PAYMENT_REUSE_MINUTES", PaymentStarts::default().reuse_secs / 60)? * 60,
                per_order_hour: parse_var("SHOP_PAYMENT_STARTS_PER_ORDER", PaymentStarts::default().per_order_hour)?,
                per_customer_hour: parse_var("SHOP_PAYMENT_STARTS_PER_CUSTOMER", PaymentStarts::default().per_customer_hour)?,
            },
            order_hold_secs: parse_var("SHOP_ORDER_HOLD_MINUTES", shop_core::checkout::DEFAULT_HOLD_MINUTES)? * 60,
            job_interval_ms: parse_var("SHOP_JOB_INTERVAL_MS", 30_000)?,
            alert_every_ms: parse_var("SHOP_ALERT_EVERY_MS", 20_000)?,
            sqlite_checkpoint_ms: parse_var("SHOP_SQLITE_CHECKPOINT_MS", 1_000)?,
            idempotency_lease_secs: parse_var("SHOP_IDEMPOTENCY_LEASE_SECS", crate::platform::idempotency::LEASE_SECS)?.max(1),
            order_limits: OrderLimits::from_env()?,
            public_url: var("SHOP_PUBLIC_URL").unwrap_or_else(|| "http://127.0.0.1:8080".into()),
            metrics_token: var("SHOP_METRICS_TOKEN").filter(|t| !t.trim().is_empty()),
            web_dir: PathBuf::from(var("SHOP_WEB_DIR").unwrap_or_else(|| "web/dist".into())),
            files_dir: var("SHOP_FILES_DIR").map(PathBuf::from).unwrap_or_else(|| data_dir.join("files")),
            data_dir,
            body_limit: 1024 * 1024,
            trusted_proxies,
            timeouts,
            argon2_slots: default_argon2_slots(),
            limits,
            chat: ChatLimits {
                sockets_per_account: parse_var("SHOP_CHAT_SOCKETS_PER_ACCOUNT", ChatLimits::default().sockets_per_account)?,
                messages_per_minute: parse_var("SHOP_CHAT_MESSAGES_PER_MINUTE", ChatLimits::default().messages_per_minute)?,
            },
            seed_demo_on_empty: !matches!(var("SHOP_SEED_DEMO").as_deref(), Some("0" | "false" | "no")),
            password_cost: PasswordCost::PRODUCTION,
            clock: Arc::new(SystemClock),
            user_cache_ms: parse_var("SHOP_USER_CACHE_MS", DEFAULT_USER_CACHE_MS)?,
            catalog_recheck_ms,
            tickets: TicketLimits::from_env()?,
        })
    }

    /// A configuration for tests and tools: development mode, console SMS, no captcha, the
    /// given database and secret.
    pub fn for_tests(database_url: impl Into<String>) -> Self {
        let database_url = database_url.into();
        Self {
            env: ShopEnv::Development,
            addr: "127.0.0.1:0".into(),
            catalog_recheck_ms: default_catalog_recheck_ms(&database_url),
            database_url,
            db_max_connections: 4,
            secret: b"test-secret-test-secret-test-secret".to_vec(),
            sms: SmsSetting::Console,
            captcha_secret: None,
            captcha_url: "http://127.0.0.1:9/siteverify".into(),
            captcha_min_score: 0.5,
            payment: "sandbox".into(),
            zarinpal_merchant: None,
            zarinpal_url: "http://127.0.0.1:9".into(),
            zarinpal_startpay: "http://127.0.0.1:9/pg/StartPay/".into(),
            payment_timeout_ms: 2_000,
            payment_starts: PaymentStarts::default(),
            order_hold_secs: shop_core::checkout::DEFAULT_HOLD_MINUTES * 60,
            job_interval_ms: 100,
            alert_every_ms: 100,
            sqlite_checkpoint_ms: 1_000,
            idempotency_lease_secs: crate::platform::idempotency::LEASE_SECS,
            order_limits: OrderLimits::default(),
            public_url: "http://127.0.0.1:8080".into(),
            metrics_token: None,
            web_dir: PathBuf::from("web/dist"),
            data_dir: PathBuf::from("data"),
            files_dir: PathBuf::from("data/files"),
            body_limit: 1024 * 1024,
            trusted_proxies: Vec::new(),
            timeouts: Timeouts::default(),
            argon2_slots: default_argon2_slots(),
            limits: AuthLimits::default(),
            chat: ChatLimits::default(),
            seed_demo_on_empty: false,
            password_cost: PasswordCost::TEST,
            clock: Arc::new(SystemClock),
            user_cache_ms: DEFAULT_USER_CACHE_MS,
            tickets: TicketLimits::default(),
        }
    }

    /// True when the database is SQLite.
    pub fn is_sqlite(&self) -> bool {
        self.database_url.starts_with("sqlite:")
    }

    /// True in development mode (`SHOP_ENV=development`).
    pub fn is_development(&self) -> bool {
        self.env == ShopEnv::Development
    }

    /// The settings that are unsafe outside development mode, each naming its variable.
    /// Empty in development mode.
    pub fn unsafe_settings(&self) -> Vec<UnsafeSetting> {
        let mut found = Vec::new();
        if self.is_development() {
            return found;
        }
        if self.sms == SmsSetting::Console {
            found.push(UnsafeSetting {
                name: "SHOP_SMS",
                fa: "پیامک روی console است و هر کسی کد ورود دیگران را می‌خواند؛ SHOP_SMS=kavenegar را بگذارید",
                en: "console SMS shows everyone's sign-in codes; set SHOP_SMS=kavenegar",
            });
        }
        if self.captcha_secret.is_none() {
            found.push(UnsafeSetting {
                name: "SHOP_CAPTCHA_SECRET",
                fa: "کپچا خاموش است؛ کلید SHOP_CAPTCHA_SECRET را بگذارید",
                en: "captcha is off; set SHOP_CAPTCHA_SECRET",
            });
        }
        if is_weak_secret(&self.secret) {
            found.push(UnsafeSetting {
                name: "SHOP_SECRET",
                fa: "کلید SHOP_SECRET ضعیف یا عمومی است؛ یک کلید تصادفی تازه بسازید (openssl rand -hex 32)",
                en: "SHOP_SECRET is weak or published; generate a fresh random one (openssl rand -hex 32)",
            });
        }
        if self.payment == "sandbox" {
            found.push(UnsafeSetting {
                name: "SHOP_PAYMENT",
                fa: "درگاه پرداخت روی sandbox است و هر کسی بی‌پرداخت سفارش را پرداخت‌شده می‌کند؛ SHOP_PAYMENT=zarinpal و SHOP_ZARINPAL_MERCHANT را بگذارید",
                en: "the sandbox bank marks any order paid without a payment; set SHOP_PAYMENT=zarinpal and SHOP_ZARINPAL_MERCHANT",
            });
        }
        found
    }
}

/// A setting refused outside development mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsafeSetting {
    /// The variable to set.
    pub name: &'static str,
    /// Why, in Persian.
    pub fa: &'static str,
    /// Why, in English.
    pub en: &'static str,
}

impl std::fmt::Display for UnsafeSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} / {}", self.name, self.fa, self.en)
    }
}

/// Shortest accepted `SHOP_SECRET` (256 bits).
pub const MIN_SECRET_BYTES: usize = 32;

/// Secrets that are public (the test configuration's) and so never protect anything.
const PUBLISHED_SECRETS: &[&[u8]] = &[b"test-secret-test-secret-test-secret"];

/// Too short, published, or too few distinct bytes to be random (`xxxx…`, `abab…`).
pub fn is_weak_secret(secret: &[u8]) -> bool {
    let distinct = secret.iter().collect::<std::collections::HashSet<_>>().len();
    secret.len() < MIN_SECRET_BYTES || distinct < 10 || PUBLISHED_SECRETS.contains(&secret)
}

/// Parse a comma-separated list of CIDR ranges or single addresses.
pub fn parse_proxies(list: &str) -> Result<Vec<ipnet::IpNet>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<ipnet::IpNet>()
                .or_else(|_| s.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| format!("not an address or CIDR range: {s}"))
        })
        .collect()
}

/// About twice the cores: enough to keep them busy, few enough to bound argon2's memory.
fn default_argon2_slots() -> usize {
    2 * std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)
}

/// `SHOP_PAYMENT`: `sandbox` (default) or `zarinpal`, which needs `SHOP_ZARINPAL_MERCHANT`.
fn payment_setting() -> Result<String, ConfigError> {
    let payment = var("SHOP_PAYMENT").unwrap_or_else(|| "sandbox".into());
    match payment.as_str() {
        "sandbox" => Ok(payment),
        "zarinpal" if var("SHOP_ZARINPAL_MERCHANT").is_some() => Ok(payment),
        "zarinpal" => Err(ConfigError::Invalid {
            name: "SHOP_ZARINPAL_MERCHANT",
            reason: "required when SHOP_PAYMENT=zarinpal".into(),
        }),
        other => Err(ConfigError::Invalid {
            name: "SHOP_PAYMENT",
            reason: format!("unknown gateway '{other}' (sandbox or zarinpal)"),
        }),
    }
}

/// Hide a password inside a database URL for logs.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

fn load_or_create_secret(data_dir: &Path) -> Result<Vec<u8>, ConfigError> {
    let path = data_dir.join("secret");
    match std::fs::read_to_string(&path) {
        Ok(s) if !s.trim().is_empty() => return Ok(s.trim().as_bytes().to_vec()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(source) => return Err(ConfigError::SecretFile { path, source }),
    }
    std::fs::create_dir_all(data_dir).map_err(|source| ConfigError::SecretFile { path: path.clone(), source })?;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    write_private(&path, &secret).map_err(|source| ConfigError::SecretFile { path: path.clone(), source })?;
    tracing::info!(path = %path.display(), "generated a new SHOP_SECRET");
    Ok(secret.into_bytes())
}

#[cfg(unix)]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    f.write_all(contents.as_bytes())?;
    f.write_all(b"\n")
}

#[cfg(not(unix))]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, format!("{contents}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_password() {
        assert_eq!(redact_url("postgres://u:pw@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact_url("sqlite://data/shop.db"), "sqlite://data/shop.db");
    }

    #[test]
    fn weak_secrets_are_recognised() {
        assert!(is_weak_secret(b"short"));
        assert!(is_weak_secret("x".repeat(40).as_bytes()));
        assert!(is_weak_secret(b"test-secret-test-secret-test-secret"));
        assert!(!is_weak_secret(b"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"));
    }

    #[test]
    fn production_refuses_unsafe_settings_by_name() {
        let mut c = Config::for_tests("sqlite::memory:");
        assert!(c.unsafe_settings().is_empty(), "development mode allows them");
        c.env = ShopEnv::Production;
        let names: Vec<_> = c.unsafe_settings().iter().map(|u| u.name).collect();
        assert_eq!(names, ["SHOP_SMS", "SHOP_CAPTCHA_SECRET", "SHOP_SECRET", "SHOP_PAYMENT"]);
        let payment = c.unsafe_settings().into_iter().find(|u| u.name == "SHOP_PAYMENT").unwrap();
        assert!(payment.fa.contains("SHOP_PAYMENT=zarinpal") && payment.en.contains("SHOP_ZARINPAL_MERCHANT"));
        c.sms = SmsSetting::Kavenegar { api_key: "k".into(), template: "t".into(), base_url: "http://x".into() };
        c.captcha_secret = Some("s".into());
        c.secret = b"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08".to_vec();
        c.payment = "zarinpal".into();
        assert!(c.unsafe_settings().is_empty());
    }

    #[test]
    fn proxies_parse_as_ranges_or_addresses() {
        let p = parse_proxies("10.0.0.0/8, 127.0.0.1 ,fd00::/8").unwrap();
        assert_eq!(p.len(), 3);
        assert!(p[1].contains(&"127.0.0.1".parse::<std::net::IpAddr>().unwrap()));
        assert!(parse_proxies("10.0.0.0/8,nonsense").is_err());
    }

    #[test]
    fn secret_is_generated_once() {
        let dir = std::env::temp_dir().join(format!("shop-secret-{}", uuid::Uuid::new_v4()));
        let a = load_or_create_secret(&dir).unwrap();
        let b = load_or_create_secret(&dir).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 64);
        std::fs::remove_dir_all(dir).ok();
    }
}
