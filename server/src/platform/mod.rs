//! The server platform: configuration, database, clock, errors, the request pipeline, HTTP
//! helpers, static serving of the web app, the PostgreSQL listener, and the health check. It
//! imports no area.

pub mod backup;
pub mod batch;
pub mod clock;
pub mod commits;
pub mod config;
pub mod db;
pub mod error;
pub mod files;
pub mod form;
pub mod http;
pub mod idempotency;
pub mod jobs;
pub mod metrics;
pub mod middleware;
pub mod notify;
pub mod openapi;
pub mod payload;
pub mod slow_clients;
pub mod sqlite_writer;
pub mod sqlite_txn;
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
    /// The back office (`/api/admin/v1/`): staff only, each call checks a role.
    BackOffice,
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

    /// Liveness (for an orchestrator): the process answers; nothing else is checked.
    #[oai(path = "/health/live", method = "get", operation_id = "health_live")]
    async fn live(&self) -> Json<HealthBody> {
        Json(HealthBody { status: ResponseStatus::Ok })
    }

    /// Readiness (for a load balancer): the database answers a query within 2 seconds;
    /// otherwise 503, and the node should get no traffic until it answers again.
    #[oai(path = "/health/ready", method = "get", operation_id = "health_ready")]
    async fn ready(&self, db: poem::web::Data<&sea_orm::DatabaseConnection>) -> ApiResult<Json<HealthBody>> {
        use sea_orm::ConnectionTrait;
        let probe = db.execute_unprepared("SELECT 1");
        match tokio::time::timeout(std::time::Duration::from_secs(2), probe).await {
            Ok(Ok(_)) => Ok(Json(HealthBody { status: ResponseStatus::Ok })),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "readiness: the database refused");
                Err(ApiError::unavailable(error::msg::NOT_READY))
            }
            Err(_) => {
                tracing::warn!("readiness: the database did not answer in 2 s");
                Err(ApiError::unavailable(error::msg::NOT_READY))
            }
        }
    }
}
