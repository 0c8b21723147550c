//! Start-up, shared by `shop serve` and the tests: [`Application::build`] connects, migrates,
//! loads the demo data when configured, binds the listener; [`Application::run_until_stopped`]
//! serves with graceful shutdown. Also the composition: the OpenAPI service (every API area),
//! the web app and the request pipeline.

use std::future::Future;
use std::time::Duration;

use poem::listener::{Acceptor, Listener, TcpAcceptor, TcpListener};
use poem::middleware::Compression;
use poem::{Endpoint, EndpointExt, IntoEndpoint, Request, Response, Server};
use poem_openapi::OpenApiService;

use crate::auth::routes::AuthApi;
use crate::platform::config::{redact_url, Config};
use crate::platform::db;
use crate::platform::web::WebApp;
use crate::platform::PlatformApi;
use crate::state::AppState;
use crate::sms::DevSmsApi;

/// Every API area, in one OpenAPI document: one line per area, grouped (poem-openapi takes
/// tuples of at most 16).
pub type Apis = (
    (PlatformApi, AuthApi, DevSmsApi, crate::content::routes::ContentApi, crate::shop_settings::routes::ShopSettingsApi),
    (crate::catalog::routes::CatalogApi, crate::delivery::routes::DeliveryApi),
    (crate::cart::routes::CartApi, crate::order::routes::OrderApi, crate::order::routes::OrderPaymentApi, crate::payment::routes::PaymentApi, crate::address::routes::AddressApi),
    (crate::account::routes::AccountApi, crate::favourite::routes::FavouriteApi, crate::alert::routes::AlertApi),
    crate::instalment::routes::InstalmentApi,
    (crate::ticket::routes::TicketApi, crate::ticket::admin::StaffTicketApi, crate::warranty::routes::WarrantyApi, crate::warranty::admin::WarrantyAdminApi),
    (crate::discount::routes::DiscountApi, crate::prepared_order::routes::PreparedOrderApi),
    (crate::staff::admin::StaffAdminApi, crate::audit::admin::AuditAdminApi),
    (crate::customer::admin::CustomerAdminApi, crate::dashboard::admin::DashboardAdminApi),
    (crate::payment::admin::PaymentAdminApi, crate::instalment::admin::InstalmentAdminApi, crate::prepared_order::admin::PreparedAdminApi),
    (crate::order::admin::OrderAdminApi, crate::catalog::admin::CatalogueAdminApi),
    (
        crate::delivery::admin::DeliveryAdminApi,
        crate::discount::admin::DiscountAdminApi,
        crate::plan::admin::PlanAdminApi,
        crate::content::admin::ContentAdminApi,
    ),
    (crate::catalog::admin_bulk::CatalogueBulkAdminApi, crate::catalog::admin_pictures::CataloguePicturesAdminApi, crate::catalog::admin_pictures::PictureFilesApi),
    (crate::returns::routes::ReturnsApi, crate::returns::admin::ReturnsAdminApi),
    (crate::review::routes::ReviewApi, crate::review::admin::ReviewAdminApi),
);

/// The OpenAPI service (also the source of `openapi/openapi.json`).
pub fn api_service() -> OpenApiService<Apis, ()> {
    let apis: Apis = (
        (PlatformApi, AuthApi, DevSmsApi, crate::content::routes::ContentApi, crate::shop_settings::routes::ShopSettingsApi),
        (crate::catalog::routes::CatalogApi::new(), crate::delivery::routes::DeliveryApi),
        (crate::cart::routes::CartApi, crate::order::routes::OrderApi, crate::order::routes::OrderPaymentApi, crate::payment::routes::PaymentApi, crate::address::routes::AddressApi),
        (crate::account::routes::AccountApi, crate::favourite::routes::FavouriteApi, crate::alert::routes::AlertApi),
        crate::instalment::routes::InstalmentApi,
        (crate::ticket::routes::TicketApi, crate::ticket::admin::StaffTicketApi, crate::warranty::routes::WarrantyApi, crate::warranty::admin::WarrantyAdminApi),
        (crate::discount::routes::DiscountApi, crate::prepared_order::routes::PreparedOrderApi),
        (crate::staff::admin::StaffAdminApi, crate::audit::admin::AuditAdminApi),
        (crate::customer::admin::CustomerAdminApi, crate::dashboard::admin::DashboardAdminApi),
        (crate::payment::admin::PaymentAdminApi, crate::instalment::admin::InstalmentAdminApi, crate::prepared_order::admin::PreparedAdminApi),
        (crate::order::admin::OrderAdminApi, crate::catalog::admin::CatalogueAdminApi),
        (
            crate::delivery::admin::DeliveryAdminApi,
            crate::discount::admin::DiscountAdminApi,
            crate::plan::admin::PlanAdminApi,
            crate::content::admin::ContentAdminApi,
        ),
        (crate::catalog::admin_bulk::CatalogueBulkAdminApi, crate::catalog::admin_pictures::CataloguePicturesAdminApi, crate::catalog::admin_pictures::PictureFilesApi),
        (crate::returns::routes::ReturnsApi, crate::returns::admin::ReturnsAdminApi),
        (crate::review::routes::ReviewApi, crate::review::admin::ReviewAdminApi),
    );
    OpenApiService::new(apis, "Laptop shop API", env!("CARGO_PKG_VERSION"))
        .description(
            "The shop's client API (spec section 7). Errors: `{\"status\":\"error\",\"message\":\"<Persian>\",\"field\":<name|null>}`. \
             Business outcomes (`ok`, `not`, `wrong`, `exist`) are 200 answers.",
        )
        .server("/")
}

/// The OpenAPI document as pretty JSON (what `shop openapi` prints).
pub fn openapi_json() -> String {
    let mut s = crate::platform::openapi::finish(&api_service().spec());
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// The calls that take files, with their body limit (read by the request pipeline).
static UPLOAD_BODY_LIMITS: std::sync::LazyLock<Vec<(&'static str, usize)>> = std::sync::LazyLock::new(|| {
    let mut all = crate::ticket::routes::UPLOAD_BODY_LIMITS.to_vec();
    all.push(crate::content::admin::COVER_UPLOAD);
    all.extend_from_slice(crate::catalog::admin_bulk::UPLOAD_BODY_LIMITS);
    all.extend_from_slice(crate::catalog::admin_pictures::UPLOAD_BODY_LIMITS);
    all
});

/// The whole HTTP application: `/api/*` to the API, everything else to the web app.
pub fn build_app(state: AppState) -> impl Endpoint<Output = Response> {
    let service = api_service();
    // The published document is `shop openapi`'s (nullable optional properties); the
    // pipeline reads its schemas (the field at fault) and its paths (a 405's `Allow`).
    let document = openapi_json();
    crate::platform::openapi::init(&document);
    let spec = poem::endpoint::make_sync(move |_| {
        Response::builder().content_type("application/json; charset=utf-8").body(document.clone())
    });
    let api = poem::Route::new()
        .at("/api/openapi.json", spec)
        .at(crate::chat::routes::PATH, poem::get(crate::chat::routes::chat_socket))
        .at("/api/metrics", poem::get(metrics_text))
        .nest("/", service)
        .into_endpoint();
    // Brotli's default (fastest) level makes assets larger than gzip -9; level 5 is
    // both smaller and still cheap enough to do per request.
    let web = WebApp::new(state.config.web_dir.clone())
        .with_hook(crate::seo::routes::SeoHook::default())
        .with(Compression::new().with_quality(poem::web::CompressionLevel::Precise(5)));
    let web = crate::platform::web::PrecompressedAssets::new(state.config.web_dir.clone(), web);
    let limits = crate::platform::middleware::BodyLimits {
        bytes: state.config.body_limit,
        timeout: Duration::from_secs(state.config.timeouts.body_secs),
        uploads: &UPLOAD_BODY_LIMITS,
    };
    let headers = crate::platform::middleware::SecurityHeaders::for_web_dir(&state.config.web_dir, &state.config.public_url);
    let dispatch = Dispatch { api: api.boxed(), web: web.map_to_response().boxed() };
    let app = crate::platform::middleware::pipeline(dispatch, limits);
    crate::platform::middleware::with_security_headers(app, headers)
        .data(state.catalog.clone())
        .data(std::sync::Arc::new(crate::cart::service::read::CartReadCache::default()))
        .data(std::sync::Arc::new(crate::cart::service::read::LineReader::new(&state.db)))
        .data(state.db.clone())
        .data(state)
}

/// `GET /api/metrics`: the Prometheus text, with this node's chat sockets. Answered to a
/// client on this machine, or to one showing `SHOP_METRICS_TOKEN` as a bearer token; anyone
/// else gets 404, as for an unknown path.
#[poem::handler]
fn metrics_text(req: &Request, state: poem::web::Data<&AppState>) -> Response {
    use subtle::ConstantTimeEq;
    let bearer = req.headers().get(poem::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let allowed = match (&state.config.metrics_token, bearer) {
        (Some(token), Some(given)) => bool::from(token.as_bytes().ct_eq(given.as_bytes())),
        (Some(_), None) | (None, _) => crate::platform::middleware::client_addr(req, &state.config.trusted_proxies).is_some_and(|ip| ip.is_loopback()),
    };
    if !allowed {
        return poem::IntoResponse::into_response(crate::platform::ApiError::not_found());
    }
    let (customers, staff) = state.chat.hub.counts();
    ::metrics::gauge!(crate::platform::metrics::CHAT_SOCKETS, "side" => "customer").set(customers as f64);
    ::metrics::gauge!(crate::platform::metrics::CHAT_SOCKETS, "side" => "staff").set(staff as f64);
    Response::builder()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .header(poem::http::header::CACHE_CONTROL, "no-store")
        .body(crate::platform::metrics::render(&state.db))
}

struct Dispatch {
    api: poem::endpoint::BoxEndpoint<'static, Response>,
    web: poem::endpoint::BoxEndpoint<'static, Response>,
}

impl Endpoint for Dispatch {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let path = req.uri().path();
        if path == "/api" || path.starts_with("/api/") {
            self.api.call(req).await
        } else {
            self.web.call(req).await
        }
    }
}

/// A built application: migrated database, state, and a bound listener.
pub struct Application {
    state: AppState,
    acceptor: TcpAcceptor,
    address: std::net::SocketAddr,
}

/// Why the application could not start.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// Connecting, migrating or seeding failed.
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    /// The address could not be bound.
    #[error("listen: {0}")]
    Listen(#[from] std::io::Error),
    /// Outside development mode, a setting would open accounts to anyone.
    #[error("refusing to serve outside development mode (SHOP_ENV=development is for a developer's machine only):\n  {}", .0.join("\n  "))]
    Unsafe(Vec<String>),
}

impl Application {
    /// Connect and migrate, load the demo data into an empty database when the configuration
    /// asks for it, and bind `config.addr` (port 0: a free port, read back by [`Self::address`]).
    pub async fn build(config: Config) -> Result<Self, BuildError> {
        crate::platform::metrics::install();
        crate::platform::idempotency::set_lease(config.idempotency_lease_secs);
        tracing::info!(database = %redact_url(&config.database_url), "connecting");
        // Migrating and loading the demo happen under one lock: nodes started together take turns.
        let start = db::StartLock::take(&config.database_url).await?;
        let db = db::connect_checkpointing(&config.database_url, config.db_max_connections, config.sqlite_checkpoint_ms > 0).await?;
        db::migrate(&db).await?;
        refuse_unsafe(&config, &db).await?;
        if config.seed_demo_on_empty {
            crate::demo::seed_if_empty(&db, config.is_development()).await?;
        }
        start.release().await?;
        let (acceptor, address) = bind(&config.addr).await?;
        let state = AppState::new(config, db);
        Ok(Self { state, acceptor, address })
    }

    /// The bound address.
    pub fn address(&self) -> std::net::SocketAddr {
        self.address
    }

    /// The shared state (database, clock, keys) the handlers see.
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serve until `shutdown` resolves, then finish in-flight requests (at most 10 s).
    pub async fn run_until_stopped<F>(self, shutdown: F) -> std::io::Result<()>
    where
        F: Future<Output = ()> + Send + 'static,
    {
        serve_until(self.acceptor, self.state, shutdown).await
    }
}

/// Outside development mode, the settings (and the demo customer) that open accounts to
/// anyone, each naming what to change; `Ok` in development mode.
async fn refuse_unsafe(config: &Config, db: &sea_orm::DatabaseConnection) -> Result<(), BuildError> {
    let mut problems: Vec<String> = config.unsafe_settings().iter().map(ToString::to_string).collect();
    if !config.is_development() && crate::demo::demo_customer_signs_in(db).await? {
        problems.push(format!(
            "{}: مشتری نمونه با گذرواژهٔ منتشرشده در پایگاه داده است؛ آن را حذف یا گذرواژه‌اش را عوض کنید / the demo customer with its published password is in the database; delete it or change its password",
            crate::demo::DEMO_MOBILE
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(BuildError::Unsafe(problems))
    }
}

/// Bind `addr` (use port 0 for a free port). Returns the acceptor and the bound address.
async fn bind(addr: &str) -> std::io::Result<(TcpAcceptor, std::net::SocketAddr)> {
    let acceptor = TcpListener::bind(addr.to_string()).into_acceptor().await?;
    let local = acceptor
        .local_addr()
        .into_iter()
        .find_map(|a| a.as_socket_addr().copied())
        .ok_or_else(|| std::io::Error::other("no local address"))?;
    Ok((acceptor, local))
}

async fn serve_until<A, F>(acceptor: A, state: AppState, shutdown: F) -> std::io::Result<()>
where
    A: Acceptor + 'static,
    F: Future<Output = ()> + Send + 'static,
{
    let jobs = crate::order::service::jobs::spawn(state.clone());
    let reminders = crate::instalment::jobs::spawn(state.clone());
    let alerts = crate::alert::jobs::spawn(state.clone());
    let checkpoints = db::spawn_checkpoints(state.db.clone(), Duration::from_millis(state.config.sqlite_checkpoint_ms));
    let idempotency = crate::platform::idempotency::spawn_expiry(
        state.db.clone(),
        state.clock.clone(),
        Duration::from_millis(state.config.job_interval_ms),
    );
    // PostgreSQL: one listening connection for the node; the chat and the catalogue hear their
    // channels on it. SQLite: none, both poll.
    let mut listener = crate::platform::notify::Listener::for_database(&state.config.database_url);
    let chat = state.chat.clone().spawn(state.db.clone(), listener.as_mut().map(|l| l.subscribe(crate::chat::bus::CHANNEL)));
    let catalogue = listener.as_mut().map(|l| state.catalog.follow(l.subscribe(crate::catalog::cache::CHANNEL)));
    let listening = listener.map(crate::platform::notify::Listener::spawn);
    let t = state.config.timeouts;
    let app = build_app(state);
    let acceptor = crate::platform::slow_clients::HeadDeadline::new(acceptor, Duration::from_secs(t.header_secs));
    let served = Server::new_with_acceptor(acceptor)
        .idle_timeout(Duration::from_secs(t.idle_secs))
        .http2_max_concurrent_streams(t.http2_max_streams)
        .run_with_graceful_shutdown(app, shutdown, Some(Duration::from_secs(10)))
        .await;
    jobs.abort();
    reminders.abort();
    alerts.abort();
    idempotency.abort();
    chat.abort();
    for t in [catalogue, listening, checkpoints].into_iter().flatten() {
        t.abort();
    }
    served
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => tracing::info!("SIGINT received: shutting down"),
        _ = term => tracing::info!("SIGTERM received: shutting down"),
    }
}
