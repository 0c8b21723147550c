//! The shared application state handed to every handler (`Data<&AppState>`): the platform's
//! handles (database, configuration, clock) and the services the areas share. It is built at
//! start-up, outside `platform`, which knows no area.

use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::auth::token::TokenKeys;
use crate::auth::user_cache::UserCache;
use crate::platform::{Clock, Config};
use crate::captcha::Captcha;
use crate::sms::{DevOutbox, SmsSender};

/// Cheap to clone: every field is a handle.
#[derive(Clone)]
pub struct AppState {
    /// Database pool.
    pub db: DatabaseConnection,
    /// Configuration.
    pub config: Arc<Config>,
    /// Time source (injectable for tests).
    pub clock: Arc<dyn Clock>,
    /// Keys derived from `SHOP_SECRET`.
    pub keys: Arc<TokenKeys>,
    /// The SMS provider.
    pub sms: Arc<dyn SmsSender>,
    /// The dev outbox (only with the console provider).
    pub outbox: Option<Arc<DevOutbox>>,
    /// reCAPTCHA verifier.
    pub captcha: Arc<Captcha>,
    /// Short-lived `users` rows for the bearer extractor (per node; the database is the truth).
    pub users: Arc<UserCache>,
    /// The payment gateway (`SHOP_PAYMENT`).
    pub payments: Arc<dyn crate::payment::gateway::PaymentGateway>,
    /// What a payment can pay for: the areas that settle payments, registered here so that
    /// `payment` imports none of them (`payment::purpose`).
    pub purposes: Arc<crate::payment::purpose::Purposes>,
    /// How many orders a customer paid for (first-purchase codes): orders answer it, so that
    /// `discount` (below them) imports no order code.
    pub purchases: Arc<dyn crate::discount::service::Purchases>,
    /// The months of each warranty name, for the order's ship action: warranty answers, so
    /// that `order` (below it) imports no warranty code.
    pub warranty_months: Arc<dyn crate::order::service::units::WarrantyMonths>,
    /// Slots for argon2 runs (`Config::argon2_slots`); a full pool answers 503.
    pub argon2: crate::auth::password::Slots,
    /// Stored files (ticket attachments): a folder now, an S3-compatible bucket later.
    pub files: Arc<dyn crate::platform::files::FileStore>,
    /// Live chat: this node's sockets and how it hears of other nodes' messages.
    pub chat: Arc<crate::chat::bus::ChatBus>,
    /// The catalogue snapshot (also handed to handlers as request data).
    pub catalog: crate::catalog::cache::CatalogCache,
    /// Whether anything was committed since a moment (SQLite only), for cached reads.
    pub commits: Arc<crate::platform::commits::CommitWatch>,
    /// The synchronous SQLite writer for the hottest writes (none on PostgreSQL).
    pub sqlite_writer: Arc<crate::platform::sqlite_writer::SqliteWriter>,
    /// Cart edits that arrive together, in one transaction (PostgreSQL; none on SQLite).
    pub cart_edits: Arc<crate::cart::service::EditBatches>,
}

/// Every entity's `i32` columns: SQLite declares them as it does `i64` ones, and the writer's
/// transactions read them back by this list (`platform::sqlite_txn`). An entity with an `i32`
/// field belongs here (the test below reads the entities' sources for them).
pub fn narrow_columns() -> crate::platform::sqlite_txn::NarrowColumns {
    use crate::platform::sqlite_txn::i32_columns;
    [
        i32_columns::<crate::auth::entity::user::Entity>().collect::<Vec<_>>(),
        i32_columns::<crate::auth::entity::otp_challenge::Entity>().collect(),
        i32_columns::<crate::catalog::entity::info::Entity>().collect(),
        i32_columns::<crate::catalog::entity::picture::Entity>().collect(),
        i32_columns::<crate::catalog::entity::category::Entity>().collect(),
        i32_columns::<crate::content::entity::faq::Entity>().collect(),
        i32_columns::<crate::delivery::entity::delivery_slot::Entity>().collect(),
        i32_columns::<crate::order::entity::order_unit::Entity>().collect(),
        i32_columns::<crate::platform::idempotency::entity::Entity>().collect(),
        i32_columns::<crate::returns::entity::holiday::Entity>().collect(),
        i32_columns::<crate::review::entity::product_review::Entity>().collect(),
        i32_columns::<crate::shop_settings::entity::shop_settings::Entity>().collect(),
        i32_columns::<crate::warranty::entity::warranty_term::Entity>().collect(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// What a payment can pay for, one settler each (also for the command line's refunds list).
pub fn purposes() -> crate::payment::purpose::Purposes {
    crate::payment::purpose::Purposes::default()
        .with(Arc::new(crate::order::service::pay::OrderPayments))
        .with(Arc::new(crate::instalment::service::InstalmentPayments))
}

impl AppState {
    /// Build the state from a configuration and an open database.
    pub fn new(config: Config, db: DatabaseConnection) -> Self {
        let clock = config.clock.clone();
        let keys = Arc::new(TokenKeys::new(&config.secret));
        let (sms, outbox) = crate::sms::from_config(&config, clock.clone());
        let captcha = Arc::new(Captcha::from_config(&config));
        let users = Arc::new(UserCache::new(config.user_cache_ms, clock.clone()));
        let payments = crate::payment::gateway::from_config(&config);
        let purposes = Arc::new(purposes());
        let purchases = Arc::new(crate::order::service::held::Orders);
        let warranty_months = Arc::new(crate::warranty::service::WarrantyTerms);
        let argon2 = Arc::new(tokio::sync::Semaphore::new(config.argon2_slots));
        let files = Arc::new(crate::platform::files::DiskStore::new(config.files_dir.clone()));
        let chat = crate::chat::bus::ChatBus::new(&config.database_url, users.clone());
        let commits = Arc::new(crate::platform::commits::CommitWatch::open(&config.database_url));
        let sqlite_writer = Arc::new(crate::platform::sqlite_writer::SqliteWriter::open(
            &config.database_url,
            config.sqlite_checkpoint_ms > 0,
            narrow_columns(),
        ));
        let catalog = crate::catalog::cache::CatalogCache::new(
            clock.clone(),
            config.catalog_recheck_ms,
            Arc::new(crate::order::service::held::Orders),
        );
        let cart_edits = Arc::new(crate::cart::service::EditBatches::for_database(&db));
        Self { db, config: Arc::new(config), clock, keys, sms, outbox, captcha, users, payments, purposes, purchases, warranty_months, argon2, files, chat, catalog, commits, sqlite_writer, cart_edits }
    }
}

#[cfg(test)]
mod tests {
    /// Every `i32` field of an entity (`pub name: i32` or `Option<i32>` after its
    /// `table_name`), read from the sources under `src/`.
    fn i32_fields_in_sources() -> std::collections::HashSet<(String, String)> {
        fn walk(dir: &std::path::Path, found: &mut std::collections::HashSet<(String, String)>) {
            for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, found);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                if path.extension().is_none_or(|e| e != "rs") || !text.contains("DeriveEntityModel") {
                    continue;
                }
                let mut table = None;
                for line in text.lines().map(str::trim) {
                    if let Some(rest) = line.split("table_name = \"").nth(1) {
                        table = rest.split('"').next().map(str::to_string);
                    }
                    let field = line.strip_prefix("pub ").and_then(|l| l.split_once(": "));
                    if let (Some(t), Some((name, ty))) = (&table, field) {
                        if matches!(ty.trim_end_matches(','), "i32" | "Option<i32>") {
                            found.insert((t.clone(), name.to_string()));
                        }
                    }
                }
            }
        }
        let mut found = std::collections::HashSet::new();
        walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut found);
        found
    }

    #[test]
    fn every_i32_column_of_an_entity_is_in_the_narrow_columns() {
        let fields = i32_fields_in_sources();
        assert!(fields.contains(&("product_info".to_string(), "ram_gb".to_string())), "the scan finds entity fields");
        let listed = super::narrow_columns();
        let missing: Vec<_> = fields.difference(&listed).collect();
        assert!(missing.is_empty(), "entity i32 columns missing from state::narrow_columns: {missing:?}");
    }
}
