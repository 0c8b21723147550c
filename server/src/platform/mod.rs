//! The server platform: configuration, database, clock, errors, the request pipeline, HTTP
//! helpers, static serving of the web app, and the health check. It imports no area.

pub mod batch;
pub mod clock;
pub mod commits;
pub mod config;
pub mod db;
pub mod error;
pub mod files;
pub mod http;
pub mod idempotency;
pub mod jobs;
pub mod middleware;
pub mod payload;
pub mod slow_clients;
pub mod web;

pub use clock::{Clock, OffsetClock, SystemClock};
pub use config::Config;
pub use error::{ApiError, ApiResult, ErrorBody};
pub use http::status::{ErrorStatus, ResponseStatus};
pub use middleware::client_ip;

use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi, Tags};

/// OpenAPI tags of the whole API.
#[derive(Tags)]
pub enum ApiTags {
    /// Health and platform.
    Platform,
    /// Sign-in, registration, password recovery and sessions.
    Auth,
    /// The pre-order (cart) and delivery options.
    Order,
    /// The catalogue.
    Catalog,
    /// Development helpers (console SMS outbox).
    Dev,
    /// Support: tickets (customers and staff).
    Support,
}

/// `{"status":"ok"}`.
#[derive(Object)]
pub struct HealthBody {
    /// Always `ok`.
    pub status: ResponseStatus,
}

/// Platform endpoints.
pub struct PlatformApi;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Platform")]
impl PlatformApi {
    /// Liveness check: answers without touching the database.
    #[oai(path = "/health", method = "get", operation_id = "health")]
    async fn health(&self) -> Json<HealthBody> {
        Json(HealthBody { status: ResponseStatus::Ok })
    }
}
