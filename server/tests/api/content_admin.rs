//! The back office's content on both databases: staff write a blog post in Markdown, publish
//! it and it shows on /blog, its page and the sitemap (a draft does not); a cover upload is
//! checked by core's file rules, stored and served; pages and FAQ entries are edited from a
//! version (a stale save is refused naming the field); script and markup in every text field
//! come out escaped on the storefront and in the preview; every change is audited.

use sea_orm::ConnectionTrait;
use serde_json::{json, Value};

use crate::helpers::{mobile, on_both_dbs, spawn_app, spawn_app_with, TestApp, TestDb, TestUser};

on_both_dbs!(
    staff_publish_a_post_and_it_shows_on_the_blog_its_page_and_the_sitemap,
    script_and_markup_in_every_text_field_come_out_escaped,
    a_cover_upload_is_checked_by_the_file_rules_stored_and_served,
    two_saves_from_one_version_the_second_is_refused_naming_the_field,
    pages_and_faq_entries_are_edited_removed_and_audited,
    bad_slugs_titles_and_bodies_are_refused_in_persian,
);

const BLOG_SAVE: &str = "/api/admin/v1/content/blog/save";
const BLOG_LIST: &str = "/api/admin/v1/content/blog/list";
const COVER: &str = "/api/admin/v1/content/blog/cover";
const PAGE_SAVE: &str = "/api/admin/v1/content/page/save";
const PAGE_LIST: &str = "/api/admin/v1/content/page/list";
const FAQ_SAVE: &str = "/api/admin/v1/content/faq/save";
const FAQ_REMOVE: &str = "/api/admin/v1/content/faq/remove";
const FAQ_LIST: &str = "/api/admin/v1/content/faq/list";
const PREVIEW: &str = "/api/admin/v1/content/preview";

const SCRIPT: &str = "<script>alert(1)</script><img src=x onerror=alert(2)>";

fn post(slug: &str, published: bool) -> Value {
    json!({ "slug": slug, "title": "راهنمای خرید لپ‌تاپ", "summary": "خلاصه", "body": "## سرتیتر\n\nمتن **مهم**.", "author": "تحریریه", "published": published })
}

async fn catalogue(app: &TestApp) -> TestUser {
    app.staff_with(&mobile(), &["catalogue"]).await
}

/// A multipart body: text fields and one `file`.
fn multipart(fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> (String, Vec<u8>) {
    let b = format!("----shoptest{}", uuid::Uuid::new_v4().simple());
    let mut body = Vec::new();
    for (k, v) in fields {
        body.extend_from_slice(format!("--{b}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n").as_bytes());
    }
    if let Some((name, bytes)) = file {
        body.extend_from_slice(format!("--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes());
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{b}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={b}"), body)
}

async fn upload(app: &TestApp, token: &str, fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> (u16, Value) {
    let (kind, body) = multipart(fields, file);
    let r = app.client.post(app.url(COVER)).bearer_auth(token).header("content-type", kind).body(body).send().await.unwrap();
    let status = r.status().as_u16();
    let text = r.text().await.unwrap_or_default();
    assert_ne!(status, 500, "{text}");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn png() -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
        .unwrap()
}

async fn staff_publish_a_post_and_it_shows_on_the_blog_its_page_and_the_sitemap(db: TestDb) {
    let app = spawn_app_with(db, |c| c.public_url = "https://shop.example".into()).await;
    let staff = catalogue(&app).await;
    let sitemap_before = app.get("/sitemap.xml").await.text;
    let r = app.post_auth(BLOG_SAVE, &staff.token, post("buying-guide", false)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let id = r.body["data"]["id"].as_i64().unwrap();
    assert_eq!((r.body["data"]["published_jalali"].as_str(), r.body["data"]["version"].as_i64()), (Some(""), Some(1)));
    // A draft is nowhere on the storefront.
    let blog = app.get("/api/client/v1/blog").await;
    assert!(!blog.text.contains("buying-guide"));
    app.advance_clock(1);
    assert!(!app.get("/sitemap.xml").await.text.contains("buying-guide"), "a draft is not in the sitemap");
    assert_eq!(app.get("/api/client/v1/blog/buying-guide").await.status, 404);
    // Published: on /blog, its page (HTML from the Markdown) and the sitemap, at once.
    let mut publish = post("buying-guide", true);
    publish["id"] = json!(id);
    publish["version"] = json!(1);
    let r = app.post_auth(BLOG_SAVE, &staff.token, publish).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_ne!(r.body["data"]["published_jalali"], "");
    let blog = app.get("/api/client/v1/blog").await;
    assert_eq!(blog.body["data"][0]["Slug"], "buying-guide", "{}", blog.text);
    let page = app.get("/api/client/v1/blog/buying-guide").await;
    assert_eq!(page.body["data"]["Html"], "<h2>سرتیتر</h2>\n<p>متن <strong>مهم</strong>.</p>\n");
    app.advance_clock(1); // past the catalogue cache's recheck interval
    let sitemap = app.get("/sitemap.xml").await.text;
    assert!(!sitemap_before.contains("/blogs/buying-guide") && sitemap.contains("/blogs/buying-guide"), "{sitemap}");
    // Another node sees it too (the sitemap is remembered per catalogue version).
    let other = app.second_node().await;
    assert!(other.get("/sitemap.xml").await.text.contains("/blogs/buying-guide"));
    // The back office lists drafts and published posts.
    let list = app.post_auth(BLOG_LIST, &staff.token, json!({})).await;
    assert_eq!(list.body["total"], 1);
}

async fn script_and_markup_in_every_text_field_come_out_escaped(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    let body = format!("{SCRIPT}\n\n[x](javascript:alert(3)) <b onclick=\"x()\">b</b>");
    let r = app
        .post_auth(BLOG_SAVE, &staff.token, json!({ "slug": "xss", "title": SCRIPT, "summary": SCRIPT, "body": body, "author": SCRIPT, "published": true }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let page = app.get("/api/client/v1/blog/xss").await;
    let html = page.body["data"]["Html"].as_str().unwrap();
    for bad in ["<script", "<img", "<b ", "javascript:"] {
        assert!(!html.contains(bad), "{bad} in {html}");
    }
    assert!(html.contains("&lt;script&gt;"), "{html}");
    // Plain text fields travel as JSON text (the client renders them as text).
    assert_eq!((page.body["data"]["Title"].as_str(), page.body["data"]["Author"].as_str()), (Some(SCRIPT), Some(SCRIPT)));
    // The preview is the storefront's renderer.
    let preview = app.post_auth(PREVIEW, &staff.token, json!({ "markdown": body })).await;
    assert_eq!(preview.body["html"].as_str(), Some(html));
    // Pages and FAQ answers likewise.
    let pages = app.post_auth(PAGE_LIST, &staff.token, json!({})).await;
    if let Some(about) = pages.body["data"].as_array().unwrap().iter().find(|p| p["name"] == "about") {
        let r = app.post_auth(PAGE_SAVE, &staff.token, json!({ "name": "about", "version": about["version"], "title": SCRIPT, "body": SCRIPT })).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let shown = app.get("/api/client/v1/pages/about").await;
        assert!(!shown.body["data"]["Html"].as_str().unwrap().contains("<script"), "{}", shown.text);
    }
    let r = app.post_auth(FAQ_SAVE, &staff.token, json!({ "question": SCRIPT, "answer": SCRIPT })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let faq = app.get("/api/client/v1/faq").await;
    let entry = faq.body["data"].as_array().unwrap().iter().find(|f| f["Question"] == SCRIPT).cloned().unwrap();
    let answer = entry["AnswerHtml"].as_str().unwrap();
    assert!(answer.starts_with("&lt;script&gt;") && !answer.contains('<'), "{entry}");
}

async fn a_cover_upload_is_checked_by_the_file_rules_stored_and_served(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    let r = app.post_auth(BLOG_SAVE, &staff.token, post("cover-post", true)).await;
    let id = r.body["data"]["id"].as_i64().unwrap().to_string();
    let exe = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xFF\xFF\x00\x00".to_vec();
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    let pdf = b"%PDF-1.4\n%...................".to_vec();
    let truncated = png()[..10].to_vec();
    for (name, bytes) in [("a.jpg", &exe), ("a.svg", &svg), ("a.pdf", &pdf), ("a.png", &Vec::new()), ("a.jpg", &truncated)] {
        let (status, body) = upload(&app, &staff.token, &[("id", &id), ("version", "1")], Some((name, bytes))).await;
        assert_eq!((status, body["field"].as_str()), (422, Some("file")), "{name}: {body}");
    }
    let big = { let mut b = png(); b.resize(1_200_000, 0); b };
    let (status, _) = upload(&app, &staff.token, &[("id", &id), ("version", "1")], Some(("big.png", &big))).await;
    assert!(status == 413 || status == 422, "{status}");
    let (status, body) = upload(&app, &staff.token, &[("id", &id), ("version", "1")], Some(("cover.png", &png()))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["data"]["has_cover"].clone(), body["data"]["version"].clone()), (json!(true), json!(2)));
    let url = body["data"]["cover_url"].as_str().unwrap().to_string();
    let listed = app.get("/api/client/v1/blog").await;
    assert_eq!(listed.body["data"][0]["Image"], url);
    let served = app.get(&url).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.headers.get("content-type").unwrap(), "image/png");
    assert_eq!(served.headers.get("x-content-type-options").unwrap(), "nosniff");
    // From an old version: refused, and nothing changes.
    let (status, _) = upload(&app, &staff.token, &[("id", &id), ("version", "1")], Some(("cover.png", &png()))).await;
    assert_eq!(status, 409);
    // Paths that were never made are 404.
    for bad in ["../../etc/passwd", "0123456789abcdef0123456789abcdef.exe", "nope.png"] {
        assert_eq!(app.get(&format!("/api/client/v1/blog/cover/{bad}")).await.status, 404, "{bad}");
    }
}

async fn two_saves_from_one_version_the_second_is_refused_naming_the_field(db: TestDb) {
    let app = spawn_app(db).await;
    let (a, b) = (catalogue(&app).await, catalogue(&app).await);
    let id = app.post_auth(BLOG_SAVE, &a.token, post("race", true)).await.body["data"]["id"].as_i64().unwrap();
    let mut first = post("race", true);
    first["id"] = json!(id);
    first["version"] = json!(1);
    first["title"] = json!("عنوان تازه");
    let mut second = post("race", true);
    second["id"] = json!(id);
    second["version"] = json!(1);
    second["body"] = json!("متن دیگر");
    assert_eq!(app.post_auth(BLOG_SAVE, &a.token, first).await.status, 200);
    let r = app.post_auth(BLOG_SAVE, &b.token, second).await;
    assert_eq!(r.status, 409, "{}", r.text);
    assert!(r.s("message").contains("عنوان"), "{}", r.text);
    let page = app.get("/api/client/v1/blog/race").await;
    assert_eq!(page.body["data"]["Title"], "عنوان تازه", "nothing lost");
}

async fn pages_and_faq_entries_are_edited_removed_and_audited(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    let r = app.post_auth(FAQ_SAVE, &staff.token, json!({ "question": "ارسال چند روز است؟", "answer": "**دو** روز", "position": 1 })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let id = r.body["data"]["id"].as_i64().unwrap();
    let r = app.post_auth(FAQ_SAVE, &staff.token, json!({ "id": id, "version": 1, "question": "ارسال چند روز است؟", "answer": "سه روز" })).await;
    assert_eq!(r.body["data"]["version"], 2, "{}", r.text);
    assert_eq!(app.post_auth(FAQ_REMOVE, &staff.token, json!({ "id": id, "version": 1 })).await.status, 409);
    assert_eq!(app.post_auth(FAQ_REMOVE, &staff.token, json!({ "id": id, "version": 2 })).await.status, 200);
    assert!(app.post_auth(FAQ_LIST, &staff.token, json!({})).await.body["data"].as_array().unwrap().iter().all(|f| f["id"] != id));
    let log = app.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "faq", "entity_id": id.to_string() })).await;
    let actions: Vec<&str> = log.body["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["faq.remove", "faq.update", "faq.create"]);
    assert!(log.body["data"][0]["after"].is_null() && log.body["data"][0]["before"].as_str().unwrap().contains("سه روز"));
    // A page (made here, as the test database has none) is edited from its version.
    app.db
        .execute_unprepared("INSERT INTO content_page (name, title, body, updated_at, version) VALUES ('terms', 'قوانین', 'متن', 0, 0)")
        .await
        .unwrap();
    let r = app.post_auth(PAGE_SAVE, &staff.token, json!({ "name": "terms-of-use", "version": 0, "title": "قوانین فروشگاه", "body": "- یک\n- دو" })).await;
    assert_eq!((r.status, r.body["data"]["version"].clone()), (200, json!(1)), "{}", r.text);
    let shown = app.get("/api/client/v1/pages/terms").await;
    assert_eq!(shown.body["data"]["Html"], "<ul>\n<li>یک</li>\n<li>دو</li>\n</ul>\n");
    let r = app.post_auth(PAGE_SAVE, &staff.token, json!({ "name": "terms", "version": 0, "title": "x", "body": "y" })).await;
    assert!(r.status == 409 && r.s("message").contains("عنوان"), "{}", r.text);
    assert_eq!(app.post_auth(PAGE_SAVE, &staff.token, json!({ "name": "nope", "version": 0, "title": "x", "body": "y" })).await.status, 404);
    let log = app.post_auth("/api/admin/v1/audit/list", &staff.token, json!({ "entity": "content_page", "entity_id": "terms" })).await;
    assert_eq!(log.body["data"][0]["action"], "page.update");
}

async fn bad_slugs_titles_and_bodies_are_refused_in_persian(db: TestDb) {
    let app = spawn_app(db).await;
    let staff = catalogue(&app).await;
    app.post_auth(BLOG_SAVE, &staff.token, post("taken", true)).await;
    for (change, field) in [
        (json!({ "slug": "با فاصله" }), "slug"),
        (json!({ "slug": "../x" }), "slug"),
        (json!({ "slug": "" }), "slug"),
        (json!({ "slug": "taken" }), "slug"),
        (json!({ "title": " " }), "title"),
        (json!({ "body": "" }), "body"),
        (json!({ "title": "ب".repeat(201) }), "title"),
    ] {
        let mut body = post("fresh", true);
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = app.post_auth(BLOG_SAVE, &staff.token, body.clone()).await;
        assert_eq!((r.status, r.body["field"].as_str()), (422, Some(field)), "{body} → {}", r.text);
    }
    let support = app.staff_with(&mobile(), &["support"]).await;
    app.post_auth(BLOG_SAVE, &support.token, post("fresh", true)).await.assert_error(403);
    assert_eq!(app.count("blog_post").await, 1);
}
