//! Composition: the OpenAPI service (every API area), the web app, the request pipeline,
//! and the server loop with graceful shutdown.

use std::future::Future;
use std::time::Duration;

use poem::listener::{Acceptor, Listener, TcpListener};
use poem::middleware::Compression;
use poem::{Endpoint, EndpointExt, IntoEndpoint, Request, Response, Server};
use poem_openapi::OpenApiService;

use crate::auth::api::AuthApi;
use crate::platform::web::WebApp;
use crate::platform::{AppState, PlatformApi};
use crate::sms::DevSmsApi;

/// Every API area, in one OpenAPI document.
pub type Apis = (PlatformApi, AuthApi, DevSmsApi, crate::order::api::OrderApi, crate::delivery::api::DeliveryApi, crate::catalog::api::CatalogApi, crate::content::api::ContentApi);

/// The OpenAPI service (also the source of `openapi/openapi.json`).
pub fn api_service() -> OpenApiService<Apis, ()> {
    OpenApiService::new((PlatformApi, AuthApi, DevSmsApi, crate::order::api::OrderApi, crate::delivery::api::DeliveryApi, crate::catalog::api::CatalogApi::new(), crate::content::api::ContentApi), "Laptop shop API", env!("CARGO_PKG_VERSION"))
        .description(
            "The shop's client API (spec section 7). Errors: `{\"status\":\"error\",\"message\":\"<Persian>\",\"field\":<name|null>}`. \
             Business outcomes (`ok`, `not`, `wrong`, `exist`) are 200 answers.",
        )
        .server("/")
}

/// The OpenAPI document as pretty JSON (what `shop openapi` prints).
pub fn openapi_json() -> String {
    let mut s = api_service().spec();
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// The whole HTTP application: `/api/*` to the API, everything else to the web app.
pub fn build_app(state: AppState) -> impl Endpoint<Output = Response> {
    let service = api_service();
    crate::platform::payload::init_from_spec(&service.spec());
    let spec = service.spec_endpoint();
    let api = poem::Route::new().at("/api/openapi.json", spec).nest("/", service).into_endpoint();
    // Brotli's default (fastest) level makes assets larger than gzip -9; level 5 is
    // both smaller and still cheap enough to do per request.
    let web = WebApp::new(state.config.web_dir.clone())
        .with(Compression::new().with_quality(poem::web::CompressionLevel::Precise(5)));
    let limits = crate::platform::middleware::BodyLimits {
        bytes: state.config.body_limit,
        timeout: Duration::from_secs(state.config.timeouts.body_secs),
    };
    let headers = crate::platform::middleware::SecurityHeaders::for_web_dir(&state.config.web_dir, &state.config.public_url);
    let dispatch = Dispatch { api: api.boxed(), web: web.map_to_response().boxed() };
    let app = crate::platform::middleware::pipeline(dispatch, limits);
    crate::platform::middleware::with_security_headers(app, headers)
        .data(state)
        .data(crate::catalog::cache::CatalogCache::new())
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

/// Bind `addr` (use port 0 for a free port). Returns the acceptor and the bound address.
pub async fn bind(addr: &str) -> std::io::Result<(impl Acceptor + 'static, std::net::SocketAddr)> {
    let acceptor = TcpListener::bind(addr.to_string()).into_acceptor().await?;
    let local = acceptor
        .local_addr()
        .into_iter()
        .find_map(|a| a.as_socket_addr().copied())
        .ok_or_else(|| std::io::Error::other("no local address"))?;
    Ok((acceptor, local))
}

/// Serve until `shutdown` resolves, then finish in-flight requests (at most 10 s).
pub async fn serve_until<A, F>(acceptor: A, state: AppState, shutdown: F) -> std::io::Result<()>
where
    A: Acceptor + 'static,
    F: Future<Output = ()> + Send + 'static,
{
    let t = state.config.timeouts;
    let app = build_app(state);
    let acceptor = crate::platform::slow_clients::HeadDeadline::new(acceptor, Duration::from_secs(t.header_secs));
    Server::new_with_acceptor(acceptor)
        .idle_timeout(Duration::from_secs(t.idle_secs))
        .http2_max_concurrent_streams(t.http2_max_streams)
        .run_with_graceful_shutdown(app, shutdown, Some(Duration::from_secs(10)))
        .await
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
