//! Prometheus metrics, through the `metrics` facade and `metrics-exporter-prometheus`'s
//! recorder: the request pipeline counts requests and times them per operation, the areas
//! count what they do (`metrics::counter!` with the names below), and `/metrics` renders it
//! all with the gauges read at scrape time (database pool, job lag, and what the caller adds).
//!
//! One recorder per process (the `metrics` facade is global); every `Application` in the
//! process, as in the tests, shares it.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use sea_orm::{DatabaseConnection, DbBackend};

/// Requests answered: labels `operation` (the API's operation id, `web` for pages and assets,
/// `unknown` for other paths), `method` and `status`.
pub const HTTP_REQUESTS: &str = "shop_http_requests_total";
/// Seconds from a request's arrival to its answer: labels `operation`, `method`.
pub const HTTP_SECONDS: &str = "shop_http_request_duration_seconds";
/// One-time codes handed to the SMS provider: label `outcome` (`sent`, `failed`).
pub const OTP_SENDS: &str = "shop_otp_sends_total";
/// Verified gateway answers: label `outcome` (`paid`, `refund_needed`, `refused`, `unreachable`, `cancelled`).
pub const PAYMENTS: &str = "shop_payments_total";
/// Open database connections: label `state` (`idle`, `in_use`).
pub const DB_POOL: &str = "shop_db_pool_connections";
/// Seconds since a background job last finished a run: label `job`.
pub const JOB_LAG: &str = "shop_job_lag_seconds";
/// Runs of a background job: label `job`.
pub const JOB_RUNS: &str = "shop_job_runs_total";
/// Open live-chat sockets on this node: label `side` (`customer`, `staff`).
pub const CHAT_SOCKETS: &str = "shop_chat_sockets";

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the process's recorder (once) and returns its handle.
pub fn install() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        // Latency buckets from 1 ms to 5 s: the shop's answers live in the low milliseconds.
        let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(HTTP_SECONDS.to_string()), &buckets)
            .expect("buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        // Another recorder installed first (a library's test harness): ours still renders what
        // was recorded through it, which is nothing; the shop keeps running.
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("a metrics recorder was already installed; /metrics will be empty");
        }
        describe();
        handle
    })
}

fn describe() {
    metrics::describe_counter!(HTTP_REQUESTS, "Requests answered, per operation, method and status.");
    metrics::describe_histogram!(HTTP_SECONDS, metrics::Unit::Seconds, "Time to answer a request, per operation and method.");
    metrics::describe_counter!(OTP_SENDS, "One-time codes handed to the SMS provider, by outcome.");
    metrics::describe_counter!(PAYMENTS, "Gateway verifications, by outcome.");
    metrics::describe_gauge!(DB_POOL, "Open database connections, idle or in use.");
    metrics::describe_gauge!(JOB_LAG, metrics::Unit::Seconds, "Seconds since a background job last finished a run.");
    metrics::describe_counter!(JOB_RUNS, "Runs of each background job.");
    metrics::describe_gauge!(CHAT_SOCKETS, "Open live-chat sockets on this node.");
}

/// When each job of this process last finished a run.
fn job_runs() -> &'static Mutex<HashMap<&'static str, Instant>> {
    static RUNS: OnceLock<Mutex<HashMap<&'static str, Instant>>> = OnceLock::new();
    RUNS.get_or_init(Default::default)
}

/// Notes that `job` finished a run now.
pub fn job_ran(job: &'static str) {
    metrics::counter!(JOB_RUNS, "job" => job).increment(1);
    job_runs().lock().unwrap_or_else(|e| e.into_inner()).insert(job, Instant::now());
}

/// The text `/metrics` answers: everything recorded, with the pool and job gauges read now.
pub fn render(db: &DatabaseConnection) -> String {
    let handle = install();
    let (size, idle) = match db.get_database_backend() {
        DbBackend::Sqlite => {
            let p = db.get_sqlite_connection_pool();
            (p.size(), p.num_idle())
        }
        DbBackend::Postgres => {
            let p = db.get_postgres_connection_pool();
            (p.size(), p.num_idle())
        }
        _ => (0, 0),
    };
    let idle = u32::try_from(idle).unwrap_or(u32::MAX).min(size);
    metrics::gauge!(DB_POOL, "state" => "idle").set(f64::from(idle));
    metrics::gauge!(DB_POOL, "state" => "in_use").set(f64::from(size - idle));
    for (job, at) in job_runs().lock().unwrap_or_else(|e| e.into_inner()).iter() {
        metrics::gauge!(JOB_LAG, "job" => *job).set(at.elapsed().as_secs_f64());
    }
    handle.render()
}
