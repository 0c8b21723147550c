//! Serving the built web app (`web/dist`, `SHOP_WEB_DIR`).
//!
//! - A file that exists under the folder is served with its content type; files under
//!   `/assets/` (hashed by Vite) get a one-year immutable cache, others a short one.
//! - A path in the route table (`contract/routes.json`, the one the React router reads)
//!   whose params meet the route's `params` rules gets `index.html` with 200.
//! - Any other path gets `index.html` with 404, so the app shows its not-found page;
//!   `/index.html` itself is moved permanently to `/`.
//! - A [`PageHook`] registered at start-up (the seo area's) may answer generated files
//!   (`/sitemap.xml`, `/robots.txt`) and fill in the HTML head.
//! - [`PrecompressedAssets`]: an `/assets/` file the build also wrote as `<name>.br` (brotli at
//!   its best level, `web/vite.config.ts`) is sent as that to clients that accept brotli.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use poem::http::{header, Method, StatusCode};
use poem::{Endpoint, Request, Response};

/// `Cache-Control` of `/assets/` files: Vite names them by their content hash, so they never change.
const HASHED_ASSET_CACHE: &str = "public, max-age=31536000, immutable";

/// The route table shared with the web app.
pub const ROUTES_JSON: &str = include_str!("../../../contract/routes.json");
/// The back office's routes (`/admin`), read by the admin app's own chunk.
pub const ADMIN_ROUTES_JSON: &str = include_str!("../../../contract/admin-routes.json");

/// One route of the table.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct RouteDef {
    /// Route name (e.g. `productDetail`).
    pub name: String,
    /// Path pattern with `{param}` placeholders (e.g. `/shop/category/{category}-{id}`).
    pub path: String,
    /// Layout name.
    #[serde(default)]
    pub layout: String,
    /// Persian page title.
    #[serde(default)]
    pub title: String,
    /// Whether the page needs sign-in.
    #[serde(default, rename = "requiresAuth")]
    pub requires_auth: bool,
    /// A regular expression per param that its value must match; the web app applies the same
    /// ones (`web/src/shared/routes/routeTable.ts`), so a path failing one is not found on both.
    #[serde(default)]
    pub params: std::collections::BTreeMap<String, String>,
}

#[derive(Debug, serde::Deserialize)]
struct RouteFile {
    routes: Vec<RouteDef>,
}

/// The parsed route table.
#[derive(Debug, Clone)]
pub struct RouteTable {
    routes: Vec<RouteDef>,
    /// Each route's compiled `params` rules, in the order of `routes`.
    rules: Vec<Vec<(String, regex::Regex)>>,
}

impl RouteTable {
    /// Parse the embedded `routes.json`.
    pub fn embedded() -> Self {
        let file: RouteFile = serde_json::from_str(ROUTES_JSON).expect("contract/routes.json is valid");
        let admin: RouteFile = serde_json::from_str(ADMIN_ROUTES_JSON).expect("contract/admin-routes.json is valid");
        // Admin pages: the `admin` layout, staff sign-in needed (so never indexed).
        let admin = admin.routes.into_iter().map(|r| RouteDef { layout: "admin".into(), requires_auth: true, ..r });
        let routes: Vec<RouteDef> = file.routes.into_iter().chain(admin).collect();
        let rules = routes
            .iter()
            .map(|r| {
                r.params
                    .iter()
                    .map(|(name, rule)| {
                        let re = regex::Regex::new(rule).unwrap_or_else(|e| panic!("routes.json: {}'s rule for {name}: {e}", r.name));
                        (name.clone(), re)
                    })
                    .collect()
            })
            .collect();
        Self { routes, rules }
    }

    /// The route matching `path` with params that meet its rules, if any. A trailing slash is
    /// ignored (except for `/`).
    pub fn find(&self, path: &str) -> Option<&RouteDef> {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        let path = if path.is_empty() { "/" } else { path };
        self.routes.iter().zip(&self.rules).find_map(|(r, rules)| {
            let allowed = |name: &str, value: &str| rules.iter().all(|(n, re)| n != name || re.is_match(value));
            matches_with(&r.path, path, &allowed).then_some(r)
        })
    }

    /// All routes.
    pub fn routes(&self) -> &[RouteDef] {
        &self.routes
    }
}

/// Match a path against a pattern segment by segment; `{name}` matches one or more
/// characters other than `/`, and literal text around it must match exactly.
pub fn pattern_matches(pattern: &str, path: &str) -> bool {
    matches_with(pattern, path, &|_, _| true)
}

/// [`pattern_matches`], where each `{name}` also needs `allowed(name, value)`.
fn matches_with(pattern: &str, path: &str, allowed: &dyn Fn(&str, &str) -> bool) -> bool {
    let p: Vec<&str> = pattern.split('/').collect();
    let s: Vec<&str> = path.split('/').collect();
    p.len() == s.len() && p.iter().zip(&s).all(|(p, s)| segment_matches(p, s, allowed))
}

fn segment_matches(pat: &str, seg: &str, allowed: &dyn Fn(&str, &str) -> bool) -> bool {
    match pat.find('{') {
        None => pat == seg,
        Some(open) => {
            let Some(close) = pat[open..].find('}').map(|c| c + open) else {
                return pat == seg;
            };
            let (prefix, name, rest_pat) = (&pat[..open], &pat[open + 1..close], &pat[close + 1..]);
            let Some(seg_rest) = seg.strip_prefix(prefix) else {
                return false;
            };
            // The placeholder takes 1..n chars; try every split (segments are short).
            let chars: Vec<(usize, char)> = seg_rest.char_indices().collect();
            for i in 0..chars.len() {
                let end = chars.get(i + 1).map(|c| c.0).unwrap_or(seg_rest.len());
                if allowed(name, &seg_rest[..end]) && segment_matches(rest_pat, &seg_rest[end..], allowed) {
                    return true;
                }
            }
            false
        }
    }
}

/// What an area adds to the web app's answers (registered at start-up with
/// [`WebApp::with_hook`]).
#[async_trait::async_trait]
pub trait PageHook: Send + Sync + 'static {
    /// A generated answer for `req` (e.g. `/sitemap.xml`), or `None` to serve it as usual.
    async fn special(&self, req: &Request) -> Option<Response>;

    /// The app's HTML answer for a path (`route`: its row in the route table, if any), changed
    /// as the area needs (head tags, a 404, a redirect).
    async fn page(&self, req: &Request, route: Option<&RouteDef>, index: Response) -> Response;
}

/// The hook of a bare web app: answers are served unchanged.
struct NoHook;

#[async_trait::async_trait]
impl PageHook for NoHook {
    async fn special(&self, _req: &Request) -> Option<Response> {
        None
    }

    async fn page(&self, _req: &Request, _route: Option<&RouteDef>, index: Response) -> Response {
        index
    }
}

/// The endpoint serving the web app.
#[derive(Clone)]
pub struct WebApp {
    dir: Arc<PathBuf>,
    routes: Arc<RouteTable>,
    hook: Arc<dyn PageHook>,
}

impl WebApp {
    /// Serve files from `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: Arc::new(dir.into()), routes: Arc::new(RouteTable::embedded()), hook: Arc::new(NoHook) }
    }

    /// Let `hook` answer generated files and change the HTML answers.
    pub fn with_hook(mut self, hook: impl PageHook) -> Self {
        self.hook = Arc::new(hook);
        self
    }

    async fn index(&self, status: StatusCode) -> Response {
        match tokio::fs::read(self.dir.join("index.html")).await {
            Ok(bytes) => Response::builder()
                .status(status)
                .content_type("text/html; charset=utf-8")
                .header(header::CACHE_CONTROL, "no-cache")
                .body(bytes),
            Err(_) => Response::builder()
                .status(status)
                .content_type("text/html; charset=utf-8")
                .header(header::CACHE_CONTROL, "no-cache")
                .body(FALLBACK_HTML),
        }
    }
}

const FALLBACK_HTML: &str = "<!doctype html><html lang=\"fa\" dir=\"rtl\"><head><meta charset=\"utf-8\"><title>فروشگاه</title></head><body><p>برنامه وب ساخته نشده است (web/dist). دستور <code>just run</code> را اجرا کنید.</p></body></html>";

impl Endpoint for WebApp {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return Err(poem::Error::from_status(StatusCode::METHOD_NOT_ALLOWED));
        }
        let path = req.uri().path();
        if path.starts_with("/api/") || path == "/api" {
            return Err(poem::Error::from_status(StatusCode::NOT_FOUND));
        }
        if let Some(resp) = self.hook.special(&req).await {
            return Ok(resp);
        }
        // The built page's own name is the home page's (a bookmark, a crawler, an old build
        // check asking for it): sent on to `/` for good, so the app never shows it as unknown.
        if path == "/index.html" {
            let to = req.uri().query().map_or_else(|| "/".to_string(), |q| format!("/?{q}"));
            return Ok(Response::builder()
                .status(StatusCode::MOVED_PERMANENTLY)
                .header(header::LOCATION, to)
                .header(header::CACHE_CONTROL, "public, max-age=3600")
                .finish());
        }
        if let Some(file) = safe_file_path(&self.dir, path) {
            if path != "/" && !path.ends_with("/index.html") {
                if let Ok(meta) = tokio::fs::metadata(&file).await {
                    if meta.is_file() {
                        if let Ok(bytes) = tokio::fs::read(&file).await {
                            let cache = if path.starts_with("/assets/") {
                                HASHED_ASSET_CACHE
                            } else {
                                "public, max-age=3600"
                            };
                            return Ok(Response::builder()
                                .content_type(content_type(&file))
                                .header(header::CACHE_CONTROL, cache)
                                .body(bytes));
                        }
                    }
                }
            }
        }
        // The app's HTML: 200 for a path in the route table, 404 otherwise; the hook may
        // fill in the head, or turn it into a 404 (unknown product) or a 301 (category slug).
        let route = self.routes.find(path).cloned();
        let status = if route.is_some() { StatusCode::OK } else { StatusCode::NOT_FOUND };
        let index = self.index(status).await;
        Ok(self.hook.page(&req, route.as_ref(), index).await)
    }
}

/// Sends `/assets/<file>.br`, written by the build at brotli's best level, to clients that
/// accept brotli; everything else goes to `inner` (which compresses per request, at a level
/// cheap enough for that). Hashed assets never change, so the best level is paid once, at
/// build time, and a phone downloads about 8% less than at the per-request level.
pub struct PrecompressedAssets<E> {
    dir: PathBuf,
    inner: E,
}

impl<E> PrecompressedAssets<E> {
    pub fn new(dir: impl Into<PathBuf>, inner: E) -> Self {
        Self { dir: dir.into(), inner }
    }
}

impl<E: Endpoint<Output = Response>> Endpoint for PrecompressedAssets<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let path = req.uri().path();
        if (req.method() == Method::GET || req.method() == Method::HEAD)
            && path.starts_with("/assets/")
            && accepts_brotli(req.headers())
        {
            if let Some(file) = safe_file_path(&self.dir, path) {
                let mut br = file.clone().into_os_string();
                br.push(".br");
                if let Ok(bytes) = tokio::fs::read(&br).await {
                    return Ok(Response::builder()
                        .content_type(content_type(&file))
                        .header(header::CONTENT_ENCODING, "br")
                        .header(header::VARY, "accept-encoding")
                        .header(header::CACHE_CONTROL, HASHED_ASSET_CACHE)
                        .body(bytes));
                }
            }
        }
        self.inner.call(req).await
    }
}

/// Whether `Accept-Encoding` lists `br` without `q=0`.
fn accepts_brotli(headers: &poem::http::HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|item| {
        let mut parts = item.split(';').map(str::trim);
        parts.next().is_some_and(|coding| coding.eq_ignore_ascii_case("br"))
            && !parts.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0))
    })
}

/// Join a URL path under `root`, refusing `..`, hidden files and odd components.
fn safe_file_path(root: &Path, url_path: &str) -> Option<PathBuf> {
    let rel = url_path.trim_start_matches('/');
    if rel.contains('\\') || rel.contains('\0') {
        return None;
    }
    let rel_path = Path::new(rel);
    for c in rel_path.components() {
        match c {
            Component::Normal(s) if !s.to_string_lossy().starts_with('.') => {}
            _ => return None,
        }
    }
    Some(root.join(rel_path))
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "txt" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_spec_routes() {
        let t = RouteTable::embedded();
        assert_eq!(t.find("/").unwrap().name, "home");
        assert_eq!(t.find("/login").unwrap().name, "login");
        assert_eq!(t.find("/product/abc-123").unwrap().name, "productDetail");
        assert_eq!(t.find("/shop/category/laptop-12").unwrap().name, "category");
        assert!(t.find("/shop/category/laptop").is_none());
        assert_eq!(t.find("/profile/tickets/ticket-5").unwrap().name, "ticketDetail");
        assert!(t.find("/profile/tickets/5").is_none());
        assert_eq!(t.find("/register").unwrap().name, "register");
        assert!(t.find("/nope").is_none());
        assert!(t.find("/product").is_none());
        assert!(t.find("/product/a/b").is_none());
        assert_eq!(t.find("/profile/").unwrap().name, "profile");
        let order = t.find("/admin/orders/K7Q2M9XD").unwrap();
        assert_eq!((order.name.as_str(), order.layout.as_str(), order.requires_auth), ("adminOrder", "admin", true));
        assert_eq!(t.find("/admin").unwrap().name, "adminDashboard");
        assert!(t.find("/admin/nope").is_none());
    }

    #[test]
    fn params_failing_their_routes_rule_are_not_found() {
        let t = RouteTable::embedded();
        for path in ["/profile/tickets/ticket-abc", "/profile/tickets/ticket-0", "/profile/factors/!!", "/shop/category/laptop-x1"] {
            assert!(t.find(path).is_none(), "{path}");
        }
        assert_eq!(t.find("/profile/factors/K7Q2M9XD").unwrap().name, "factor");
        assert_eq!(t.find("/shop/category/gaming-laptop-12").unwrap().name, "category");
    }

    #[test]
    fn unsafe_paths_are_refused() {
        let root = Path::new("/srv");
        assert!(safe_file_path(root, "/../etc/passwd").is_none());
        assert!(safe_file_path(root, "/.env").is_none());
        assert!(safe_file_path(root, "/assets/a.js").is_some());
    }

    #[test]
    fn brotli_is_accepted_unless_refused() {
        let h = |v: &str| {
            let mut m = poem::http::HeaderMap::new();
            m.insert(header::ACCEPT_ENCODING, v.parse().unwrap());
            accepts_brotli(&m)
        };
        assert!(h("gzip, deflate, br, zstd"));
        assert!(h("br;q=0.5"));
        assert!(!h("gzip, deflate"));
        assert!(!h("br;q=0, gzip"));
        assert!(!h("brotli"));
        assert!(!accepts_brotli(&poem::http::HeaderMap::new()));
    }
}
