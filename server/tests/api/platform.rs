//! Platform behaviour: health, error bodies for bad input, body limit, static serving,
//! OpenAPI document.

use crate::helpers::{on_both_dbs, spawn_app, spawn_app_with, TempDir, TestDb};
use serde_json::json;

on_both_dbs!(
    health_and_unknown_api_routes,
    malformed_bodies_get_json_errors_never_500,
    bodies_over_one_megabyte_get_413,
);

async fn health_and_unknown_api_routes(db: TestDb) {
    let s = spawn_app(db).await;
    let r = s.get("/api/health").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body, json!({"status": "ok"}));

    s.get("/api/nope").await.assert_error(404);
    s.post("/api/client/v1/nope", json!({})).await.assert_error(404);
    let r = s.post("/api/health", json!({})).await;
    assert_eq!(r.status, 405);
    assert_eq!(r.body["status"], "error");
    s.stop().await;
}

async fn malformed_bodies_get_json_errors_never_500(db: TestDb) {
    let s = spawn_app(db).await;
    let p = "/api/client/v1/user/otp";
    // Malformed JSON.
    for bad in ["{", "{\"mobile\":", "not json", "{\"mobile\": \"0912\",}", "[1,2", "\u{0}"] {
        let r = s.post_raw(p, "application/json", bad.to_string()).await;
        r.assert_error(400);
    }
    // Empty body.
    s.post_raw(p, "application/json", "").await.assert_error(400);
    // Wrong content type.
    s.post_raw(p, "text/plain", "{\"mobile\":\"09120000000\"}").await.assert_error(400);
    // Missing field.
    let r = s.post(p, json!({})).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile", "{}", r.text);
    // Wrong types.
    for body in [json!({"mobile": null}), json!({"mobile": ["0912"]}), json!({"mobile": {"a": 1}})] {
        let r = s.post(p, body.clone()).await;
        r.assert_error(422);
        assert_eq!(r.body["field"], "mobile", "{body}: {}", r.text);
    }
    for body in [json!([]), json!("x"), json!(1), json!(null)] {
        let r = s.post(p, body.clone()).await;
        r.assert_error(422);
    }
    // A number where a string is expected is read as its digits (poem-openapi's
    // leniency): the mobile rule then answers, naming the field.
    let r = s.post(p, json!({"mobile": 9123456789u64, "g-recaptcha-response": "x"})).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile", "{}", r.text);
    let r = s.post("/api/client/v1/user/login", json!({"mobile": "09120000000", "code": [1, 2], "hash": "x"})).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "code", "{}", r.text);
    let r = s.post("/api/client/v1/user/token", json!({"reftoken": {"x": 1}})).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "reftoken", "{}", r.text);
    // Extra fields are ignored: the call answers its business outcome.
    let r = s.post(p, json!({"mobile": "09120000000", "g-recaptcha-response": "x", "extra": 1, "nested": {"a": [1]}})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.s("status"), "not");
    s.stop().await;
}

async fn bodies_over_one_megabyte_get_413(db: TestDb) {
    let s = spawn_app(db).await;
    let big = format!("{{\"mobile\":\"{}\"}}", "1".repeat(2 * 1024 * 1024));
    s.post_raw("/api/client/v1/user/otp", "application/json", big.clone()).await.assert_error(413);
    // Chunked (no Content-Length).
    let stream = futures::stream::iter(
        (0..32).map(|_| Ok::<_, std::io::Error>(bytes_of(64 * 1024))),
    );
    // The server answers 413 as soon as the limit is passed and closes the connection, so
    // the client either reads the 413 or sees the connection end while still sending.
    let r = s
        .client
        .post(s.url("/api/client/v1/user/otp"))
        .header("content-type", "application/json")
        .body(reqwest::Body::wrap_stream(stream))
        .send()
        .await;
    if let Ok(r) = r {
        assert_eq!(r.status().as_u16(), 413);
        assert_eq!(r.headers().get("connection").map(|v| v.as_bytes()), Some(&b"close"[..]), "the client is told not to reuse it");
    }
    assert_eq!(s.get("/api/health").await.status, 200, "server still fine");
    // Just under the limit is read (and answered as bad input, not 413).
    let ok_size = format!("{{\"mobile\":\"{}\"}}", "1".repeat(1000 * 1000));
    let r = s.post_raw("/api/client/v1/user/otp", "application/json", ok_size).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "mobile", "{}", r.text);
    s.stop().await;
}

fn bytes_of(n: usize) -> Vec<u8> {
    vec![b' '; n]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_app_routes_assets_and_404() {
    let web = TempDir::new("shop-web");
    let dir = &web.0;
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>shop</title><div id=root></div>").unwrap();
    std::fs::write(dir.join("assets/app-abc123.js"), "console.log(1)").unwrap();
    std::fs::write(dir.join("robots.txt"), "User-agent: *").unwrap();
    let d = dir.clone();
    let s = spawn_app_with(TestDb::sqlite(), move |c| c.web_dir = d).await;

    for path in ["/", "/login", "/about-us", "/profile/tickets/ticket-9", "/profile/", "/shop/search-product"] {
        let r = s.client.get(s.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(r.text().await.unwrap().contains("id=root"));
    }
    // Outside the route table, and an unknown product (the seo area checks the catalogue).
    for path in ["/nope", "/product", "/shop/category/laptop", "/profile/tickets/9", "/assets/missing.js", "/product/no-such-uid"] {
        let r = s.client.get(s.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 404, "{path}");
        assert!(r.text().await.unwrap().contains("id=root"), "{path} serves the app's HTML");
    }
    let r = s.client.get(s.url("/assets/app-abc123.js")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"));
    let r = s.client.get(s.url("/robots.txt")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    // No escaping the folder.
    let r = s.client.get(s.url("/..%2f..%2fetc/passwd")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 404);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn precompressed_assets_go_to_clients_that_accept_brotli() {
    let web = TempDir::new("shop-web-br");
    let dir = &web.0;
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><div id=root></div>").unwrap();
    let js = "console.log('لپ‌تاپ');".repeat(40);
    std::fs::write(dir.join("assets/app-abc123.js"), &js).unwrap();
    // Not real brotli: the test checks the server sends the build's file as it is.
    std::fs::write(dir.join("assets/app-abc123.js.br"), b"precompressed bytes").unwrap();
    std::fs::write(dir.join("assets/plain-abc123.css"), "a{color:red}".repeat(40)).unwrap();
    let d = dir.clone();
    let s = spawn_app_with(TestDb::sqlite(), move |c| c.web_dir = d).await;
    let get = |path: &'static str, accept: &'static str| s.client.get(s.url(path)).header("accept-encoding", accept).send();

    let r = get("/assets/app-abc123.js", "gzip, deflate, br").await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-encoding"], "br");
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"));
    assert!(r.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    assert!(r.headers().contains_key("content-security-policy"), "the security headers still apply");
    assert_eq!(r.bytes().await.unwrap().as_ref(), b"precompressed bytes");
    // A client without brotli gets the file itself (compressed per request or not at all).
    let r = get("/assets/app-abc123.js", "identity").await.unwrap();
    assert!(r.headers().get("content-encoding").is_none_or(|e| e != "br"));
    assert_eq!(r.text().await.unwrap(), js);
    // No .br beside it: compressed per request as before.
    let r = get("/assets/plain-abc123.css", "br").await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_ne!(r.bytes().await.unwrap().as_ref(), b"precompressed bytes");
    // A missing asset is still the app's 404, and no escaping the folder through `.br`.
    assert_eq!(get("/assets/missing.js", "br").await.unwrap().status().as_u16(), 404);
    assert_eq!(get("/assets/..%2f..%2fetc/passwd", "br").await.unwrap().status().as_u16(), 404);
    s.stop().await;
}

#[test]
fn openapi_document_is_current() {
    let generated = shop_server::startup::openapi_json();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../openapi/openapi.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "openapi/openapi.json is stale: run `just openapi` (or `cargo run -p shop-server -- openapi > openapi/openapi.json`)"
    );
    let v: serde_json::Value = serde_json::from_str(&generated).unwrap();
    for p in [
        "/api/health",
        "/api/client/v1/user/otp",
        "/api/client/v1/user/otp/forget",
        "/api/client/v1/user/login",
        "/api/client/v1/user/register",
        "/api/client/v1/user/verify/forget",
        "/api/client/v1/user/forget",
        "/api/client/v1/user/token",
    ] {
        assert!(v["paths"][p].is_object(), "{p} documented");
    }
}

/// `platform` is the bottom layer: no file under it names an area, nor the state and start-up
/// modules that gather the areas (areas plug in through traits registered at start-up).
#[test]
fn platform_imports_no_area() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut above: Vec<String> = std::fs::read_dir(&src)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|d| d != "platform" && d != "migration")
        .collect();
    assert!(above.contains(&"catalog".to_string()) && above.contains(&"auth".to_string()), "{above:?}");
    above.extend(["state".into(), "startup".into(), "cli".into()]);
    let mut stack = vec![src.join("platform")];
    let mut files = 0;
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files += 1;
                let text = std::fs::read_to_string(&p).unwrap();
                for a in &above {
                    assert!(!text.contains(&format!("crate::{a}")), "{} names crate::{a}", p.display());
                }
            }
        }
    }
    assert!(files >= 10, "read the platform's files ({files})");
}
