//! Support tickets over HTTP against the real server, on SQLite and on PostgreSQL: opening with
//! files, the staff inbox and answers, states and unread marks, the attachment rules (size,
//! type, first bytes, names with paths, empty files), text kept as text, idempotent opening,
//! and owner-only access to tickets, files and related orders.

use serde_json::{json, Value};

use crate::checkout_support::{eventually, ready, register, shop};
use crate::helpers::{assert_refused_as_too_large, mobile, on_both_dbs, spawn_app, spawn_app_with, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    a_customer_opens_a_ticket_with_a_picture_and_staff_answer_it,
    bad_files_are_refused_with_the_rules_message_and_nothing_is_kept,
    a_path_in_a_file_name_is_only_a_name,
    script_and_long_unbroken_text_are_kept_as_text,
    states_follow_the_table_and_a_closed_ticket_takes_no_messages,
    another_customers_ticket_and_files_answer_404,
    customers_get_403_from_staff_calls,
    the_related_order_must_be_the_customers_own,
    opening_needs_a_key_and_a_retry_opens_once,
    bad_fields_are_named_in_persian,
    the_ticket_form_answers_as_cores_declaration,
    an_order_code_typed_in_persian_digits_and_lower_case_is_the_order,
    parallel_opens_stop_at_the_open_ticket_cap,
    a_reply_remembers_a_reference_not_the_thread,
    idempotency_records_are_purged_after_a_day_and_the_key_is_new_again,
    an_expired_record_is_absent_before_the_job_deletes_it,
    opens_and_replies_are_rate_limited_per_customer,
    files_past_the_ticket_or_customer_quota_are_refused_before_they_are_written,
    parallel_replies_cannot_pass_the_ticket_quota_together,
    staff_answers_and_closings_are_in_the_audit_log,
);

const OPEN: &str = "/api/client/v1/ticket/open";
const LIST: &str = "/api/client/v1/ticket/list";
const SHOW: &str = "/api/client/v1/ticket/show";
const REPLY: &str = "/api/client/v1/ticket/reply";
const CLOSE: &str = "/api/client/v1/ticket/close";
const STAFF_LIST: &str = "/api/admin/v1/ticket/list";
const STAFF_SHOW: &str = "/api/admin/v1/ticket/show";
const STAFF_REPLY: &str = "/api/admin/v1/ticket/reply";
const STAFF_CLOSE: &str = "/api/admin/v1/ticket/close";

/// A real 1×1 PNG.
fn png() -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
        .unwrap()
}

fn jpeg_of(len: usize) -> Vec<u8> {
    let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0x00];
    b.resize(len, 0x20);
    b
}

/// The start of a Windows executable.
fn exe() -> Vec<u8> {
    let mut b = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xFF\xFF\x00\x00".to_vec();
    b.resize(4096, 0);
    b
}

/// A multipart/form-data body, built by hand so that any file name can be sent.
struct Form {
    boundary: String,
    body: Vec<u8>,
}

impl Form {
    fn new() -> Self {
        Self { boundary: format!("----shoptest{}", uuid::Uuid::new_v4().simple()), body: Vec::new() }
    }
    fn text(mut self, name: &str, value: &str) -> Self {
        self.body.extend_from_slice(
            format!("--{}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n", self.boundary).as_bytes(),
        );
        self
    }
    fn file(mut self, file_name: &str, content_type: &str, bytes: &[u8]) -> Self {
        self.body.extend_from_slice(
            format!(
                "--{}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"{file_name}\"\r\nContent-Type: {content_type}\r\n\r\n",
                self.boundary
            )
            .as_bytes(),
        );
        self.body.extend_from_slice(bytes);
        self.body.extend_from_slice(b"\r\n");
        self
    }
    fn done(mut self) -> (String, Vec<u8>) {
        self.body.extend_from_slice(format!("--{}--\r\n", self.boundary).as_bytes());
        (format!("multipart/form-data; boundary={}", self.boundary), self.body)
    }
}

fn ticket_form(subject: &str, message: &str) -> Form {
    Form::new()
        .text("subject", subject)
        .text("department", "technical")
        .text("priority", "normal")
        .text("message", message)
}

async fn send(s: &TestApp, path: &str, token: &str, key: Option<&str>, form: Form) -> Resp {
    let (ct, body) = form.done();
    let mut req = s.client.post(s.url(path)).bearer_auth(token).header("content-type", ct).body(body);
    if let Some(k) = key {
        req = req.header("Idempotency-Key", k);
    }
    let resp = req.send().await.expect("POST");
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    let text = resp.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    assert_ne!(status, 500, "server error on {path}: {text}");
    Resp { status, headers, body, text }
}

fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Opens a ticket with `form`; returns its id.
async fn open(s: &TestApp, c: &TestUser, form: Form) -> i64 {
    let r = send(s, OPEN, &c.token, Some(&key()), form).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["Id"].as_i64().expect("Id")
}

async fn get_file(s: &TestApp, url: &str, token: &str) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let r = s.client.get(s.url(url)).bearer_auth(token).send().await.unwrap();
    (r.status().as_u16(), r.headers().clone(), r.bytes().await.unwrap().to_vec())
}

/// Every file under the store's folder, as paths relative to it.
fn stored_files(s: &TestApp) -> Vec<String> {
    fn walk(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, root, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(&s.files.0, &s.files.0, &mut out);
    out
}

async fn a_customer_opens_a_ticket_with_a_picture_and_staff_answer_it(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let staff = s.staff(&mobile()).await;
    let id = open(&s, &c, ticket_form("لپ‌تاپ روشن نمی‌شود", "سلام، از دیروز روشن نمی‌شود.").file("screen.png", "image/png", &png())).await;

    let r = s.post_auth(LIST, &c.token, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let row = &r.body["data"][0];
    assert_eq!((row["Id"].as_i64(), row["Status"].as_str(), row["Unread"].as_bool()), (Some(id), Some("open"), Some(false)));
    assert_eq!((row["Department"].as_str(), row["Priority"].as_str()), (Some("technical"), Some("normal")));
    assert!(row.get("Customer").is_none(), "customers are not sent their own contact: {row}");

    // The staff inbox shows it as unread, with the customer.
    let r = s.post_auth(STAFF_LIST, &staff.token, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["Total"], 1);
    let row = &r.body["data"][0];
    assert_eq!((row["Id"].as_i64(), row["Unread"].as_bool()), (Some(id), Some(true)));
    assert_eq!(row["Customer"]["Name"], "آزمون");

    // Staff open it (read) and see the picture; they download it.
    let r = s.post_auth(STAFF_SHOW, &staff.token, json!({ "id": id })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let d = &r.body["data"];
    assert_eq!(d["Unread"], false);
    let f = &d["Messages"][0]["Files"][0];
    assert_eq!((f["Name"].as_str(), f["ContentType"].as_str(), f["IsImage"].as_bool()), (Some("screen.png"), Some("image/png"), Some(true)));
    assert_eq!(f["Size"].as_i64(), Some(png().len() as i64));
    let url = f["Url"].as_str().unwrap().to_string();
    let (status, headers, bytes) = get_file(&s, &url, &staff.token).await;
    assert_eq!(status, 200);
    assert_eq!(bytes, png());
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["content-disposition"], "attachment; filename=\"screen.png\"; filename*=UTF-8''screen.png");
    assert!(headers["cache-control"].to_str().unwrap().contains("no-store"));
    // The customer downloads it too.
    let (status, _, bytes) = get_file(&s, &url, &c.token).await;
    assert_eq!((status, bytes), (200, png()));
    // Stored once, under a generated name.
    let files = stored_files(&s);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(!files[0].contains("screen"), "{files:?}");
    let r = s.post_auth(STAFF_LIST, &staff.token, json!({})).await;
    assert_eq!(r.body["data"][0]["Unread"], false);

    // Staff answer; the customer sees it as unread until they open it.
    let r = send(&s, STAFF_REPLY, &staff.token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", "لطفا شارژر را عوض کنید.")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["data"]["Status"], "answered");
    let r = s.post_auth(LIST, &c.token, json!({})).await;
    assert_eq!((r.body["data"][0]["Status"].as_str(), r.body["data"][0]["Unread"].as_bool()), (Some("answered"), Some(true)));
    let r = s.post_auth(SHOW, &c.token, json!({ "id": id })).await;
    let msgs = r.body["data"]["Messages"].as_array().unwrap();
    assert_eq!(msgs.len(), 2);
    assert_eq!((msgs[1]["FromStaff"].as_bool(), msgs[1]["Body"].as_str()), (Some(true), Some("لطفا شارژر را عوض کنید.")));
    assert!(msgs[1]["At"].as_str().unwrap().contains('۱') || msgs[1]["At"].as_str().unwrap().contains('۰'), "Persian digits: {}", msgs[1]["At"]);
    assert_eq!(r.body["data"]["CanReply"], true);
    let r = s.post_auth(LIST, &c.token, json!({})).await;
    assert_eq!(r.body["data"][0]["Unread"], false);
    // The staff inbox shows nothing unread: the last message was theirs.
    let r = s.post_auth(STAFF_LIST, &staff.token, json!({ "status": "answered" })).await;
    assert_eq!((r.body["Total"].as_u64(), r.body["data"][0]["Unread"].as_bool()), (Some(1), Some(false)));
    let r = s.post_auth(STAFF_LIST, &staff.token, json!({ "status": "open" })).await;
    assert_eq!(r.body["Total"], 0);
}

async fn bad_files_are_refused_with_the_rules_message_and_nothing_is_kept(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("big.jpg", jpeg_of(2 * 1024 * 1024), "پیوست باید حداکثر ۱ مگابایت باشد"),
        ("photo.jpg", exe(), "محتوای فایل «پیوست» با پسوند آن مطابقت ندارد"),
        ("setup.exe", exe(), "پسوند فایل آپلود شده مورد قبول نیست"),
        ("empty.png", Vec::new(), "فایل «پیوست» خالی است"),
        ("noext", png(), "پسوند فایل آپلود شده مورد قبول نیست"),
        ("image.svg", b"<svg onload=alert(1)>".to_vec(), "پسوند فایل آپلود شده مورد قبول نیست"),
        ("photo.png", jpeg_of(100), "محتوای فایل «پیوست» با پسوند آن مطابقت ندارد"),
    ];
    for (name, bytes, message) in cases {
        let r = send(&s, OPEN, &c.token, Some(&key()), ticket_form("موضوع", "متن").file(name, "image/jpeg", &bytes)).await;
        r.assert_error(422);
        assert_eq!((r.body["field"].as_str(), r.body["message"].as_str()), (Some("files"), Some(message)), "{name}");
    }
    // Exactly 1 MB is allowed.
    open(&s, &c, ticket_form("یک مگابایت", "متن").file("one.jpg", "image/jpeg", &jpeg_of(1024 * 1024))).await;
    // Four files are one too many.
    let mut form = ticket_form("چهار فایل", "متن");
    for i in 0..4 {
        form = form.file(&format!("{i}.png"), "image/png", &png());
    }
    let r = send(&s, OPEN, &c.token, Some(&key()), form).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "files");
    // A body beyond three files' worth is cut off before it is read: the server answers 413
    // and closes, so the client reads the 413 or sees the connection end while still sending.
    let (ct, body) = ticket_form("بزرگ", "متن").file("big.jpg", "image/jpeg", &jpeg_of(4 * 1024 * 1024)).done();
    // Its own client: the closed connection must not go back to the shared pool.
    let once = reqwest::Client::builder().no_proxy().pool_max_idle_per_host(0).build().unwrap();
    let sent = once.post(s.url(OPEN)).bearer_auth(&c.token).header("Idempotency-Key", key()).header("content-type", ct).body(body).send().await;
    assert_refused_as_too_large(sent);
    assert_eq!(s.get("/api/health").await.status, 200, "server still fine");
    assert_eq!((s.count("ticket").await, s.count("ticket_attachment").await, stored_files(&s).len()), (1, 1, 1), "nothing kept from the cut-off body");
    // A reply's files follow the same rules.
    let id = open(&s, &c, ticket_form("پاسخ", "متن")).await;
    let r = send(&s, REPLY, &c.token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", "عکس").file("photo.jpg", "image/jpeg", &exe())).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "files");
    // Only the two good tickets and the one good file are kept.
    assert_eq!(s.count("ticket").await, 2);
    assert_eq!(s.count("ticket_message").await, 2);
    assert_eq!(s.count("ticket_attachment").await, 1);
    assert_eq!(stored_files(&s).len(), 1, "{:?}", stored_files(&s));
}

async fn a_path_in_a_file_name_is_only_a_name(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let id = open(
        &s,
        &c,
        ticket_form("مسیر", "متن")
            .file("../../../../tmp/evil.png", "image/png", &png())
            .file("..\\..\\windows\\win.jpg", "image/jpeg", &jpeg_of(64)),
    )
    .await;
    let r = s.post_auth(SHOW, &c.token, json!({ "id": id })).await;
    let files = r.body["data"]["Messages"][0]["Files"].as_array().unwrap().clone();
    let names: Vec<&str> = files.iter().map(|f| f["Name"].as_str().unwrap()).collect();
    assert_eq!(names, ["evil.png", "win.jpg"]);
    for f in &files {
        let url = f["Url"].as_str().unwrap();
        assert!(!url.contains(".."), "{url}");
    }
    // Only generated names inside the store's folder.
    let stored = stored_files(&s);
    assert_eq!(stored.len(), 2);
    for p in &stored {
        assert!(p.starts_with("tickets/") && !p.contains("evil") && !p.contains("win"), "{p}");
    }
    assert!(!std::path::Path::new("/tmp/evil.png").exists() || std::fs::read("/tmp/evil.png").unwrap() != png());
    // Paths in the download URL reach nothing.
    for bad in ["..%2F..%2Fetc%2Fpasswd", "..", "%2e%2e", "tickets%2F..%2F..%2Fshop.db", "0123456789abcdef0123456789abcdef.png"] {
        let (status, _, body) = get_file(&s, &format!("/api/client/v1/ticket/attachment/{bad}"), &c.token).await;
        assert_eq!(status, 404, "{bad}: {}", String::from_utf8_lossy(&body));
    }
}

async fn script_and_long_unbroken_text_are_kept_as_text(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let script = "<script>alert('x')</script><img src=x onerror=alert(1)>";
    let long = "ب".repeat(5_000);
    let id = open(&s, &c, ticket_form(script, script)).await;
    let r = s.post_auth(SHOW, &c.token, json!({ "id": id })).await;
    assert_eq!(r.body["data"]["Subject"], script);
    assert_eq!(r.body["data"]["Messages"][0]["Body"], script);
    assert!(r.headers["content-type"].to_str().unwrap().starts_with("application/json"));
    // A 200-character unbroken subject is kept; 5,000 are refused, naming the field.
    let subject200 = "W".repeat(200);
    let id2 = open(&s, &c, ticket_form(&subject200, &long)).await;
    let r = s.post_auth(SHOW, &c.token, json!({ "id": id2 })).await;
    assert_eq!(r.body["data"]["Subject"], subject200);
    assert_eq!(r.body["data"]["Messages"][0]["Body"], long);
    let r = send(&s, OPEN, &c.token, Some(&key()), ticket_form(&"W".repeat(5_000), "متن")).await;
    r.assert_error(422);
    assert_eq!((r.body["field"].as_str(), r.body["message"].as_str()), (Some("subject"), Some("موضوع باید حداکثر ۲۰۰ کاراکتر باشد")));
    let r = send(&s, OPEN, &c.token, Some(&key()), ticket_form("موضوع", &"x".repeat(5_001))).await;
    r.assert_error(422);
    assert_eq!((r.body["field"].as_str(), r.body["message"].as_str()), (Some("message"), Some("متن پیام باید حداکثر ۵۰۰۰ کاراکتر باشد")));
    // NUL and other control characters are dropped, never a database error.
    let id3 = open(&s, &c, ticket_form("a\u{0}b", "c\u{0}d\u{7}e")).await;
    let r = s.post_auth(SHOW, &c.token, json!({ "id": id3 })).await;
    assert_eq!((r.body["data"]["Subject"].as_str(), r.body["data"]["Messages"][0]["Body"].as_str()), (Some("ab"), Some("cde")));
}

async fn states_follow_the_table_and_a_closed_ticket_takes_no_messages(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let staff = s.staff(&mobile()).await;
    let id = open(&s, &c, ticket_form("وضعیت", "متن")).await;
    let reply = |token: String, path: &'static str, text: &'static str, awaits: bool| {
        let s = &s;
        async move {
            let mut f = Form::new().text("id", &id.to_string()).text("message", text);
            if awaits {
                f = f.text("awaits_customer", "true");
            }
            send(s, path, &token, Some(&key()), f).await
        }
    };
    let r = reply(staff.token.clone(), STAFF_REPLY, "شماره سریال را بفرستید", true).await;
    assert_eq!(r.body["data"]["Status"], "waiting_for_customer", "{}", r.text);
    // `awaits_customer` from a customer is ignored: a customer message makes it open again.
    let r = reply(c.token.clone(), REPLY, "SN12345", true).await;
    assert_eq!(r.body["data"]["Status"], "open", "{}", r.text);
    let r = reply(staff.token.clone(), STAFF_REPLY, "ممنون، بررسی شد", false).await;
    assert_eq!(r.body["data"]["Status"], "answered");
    let r = s.post_auth(CLOSE, &c.token, json!({ "id": id })).await;
    assert_eq!((r.status, r.body["data"]["Status"].as_str(), r.body["data"]["CanReply"].as_bool()), (200, Some("closed"), Some(false)));
    // Closed: no more messages from either side, and closing again changes nothing.
    for (token, path) in [(c.token.clone(), REPLY), (staff.token.clone(), STAFF_REPLY)] {
        let r = reply(token, path, "باز هم", false).await;
        r.assert_error(422);
        assert_eq!(r.body["message"], "این تیکت بسته شده است؛ برای پیگیری، تیکت تازه‌ای باز کنید");
    }
    let r = s.post_auth(STAFF_CLOSE, &staff.token, json!({ "id": id })).await;
    assert_eq!((r.status, r.body["data"]["Status"].as_str()), (200, Some("closed")));
    assert_eq!(s.count("ticket_message").await, 4);
    // Staff may close a ticket too.
    let id2 = open(&s, &c, ticket_form("دوم", "متن")).await;
    let r = s.post_auth(STAFF_CLOSE, &staff.token, json!({ "id": id2 })).await;
    assert_eq!(r.body["data"]["Status"], "closed");
}

async fn another_customers_ticket_and_files_answer_404(db: TestDb) {
    let s = spawn_app(db).await;
    let a = s.user(&mobile(), "تهران").await;
    let b = s.user(&mobile(), "تهران").await;
    let id = open(&s, &a, ticket_form("خصوصی", "متن محرمانه").file("id-card.png", "image/png", &png())).await;
    let r = s.post_auth(SHOW, &a.token, json!({ "id": id })).await;
    let url = r.body["data"]["Messages"][0]["Files"][0]["Url"].as_str().unwrap().to_string();

    let r = s.post_auth(LIST, &b.token, json!({})).await;
    assert_eq!(r.body["data"], json!([]));
    for (path, body) in [(SHOW, json!({ "id": id })), (CLOSE, json!({ "id": id })), (SHOW, json!({ "id": id + 1000 }))] {
        let r = s.post_auth(path, &b.token, body).await;
        r.assert_error(404);
        assert!(!r.text.contains("محرمانه") && !r.text.contains("خصوصی"), "{}", r.text);
    }
    let r = send(&s, REPLY, &b.token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", "سلام")).await;
    r.assert_error(404);
    let (status, _, body) = get_file(&s, &url, &b.token).await;
    assert_eq!(status, 404);
    assert_ne!(body, png());
    // Without a token: 401.
    let r = s.client.get(s.url(&url)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 401);
    // Nothing of A's ticket changed.
    let r = s.post_auth(SHOW, &a.token, json!({ "id": id })).await;
    assert_eq!((r.body["data"]["Status"].as_str(), r.body["data"]["Messages"].as_array().map(Vec::len)), (Some("open"), Some(1)));
}

async fn customers_get_403_from_staff_calls(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let id = open(&s, &c, ticket_form("موضوع", "متن")).await;
    for (path, body) in [(STAFF_LIST, json!({})), (STAFF_SHOW, json!({ "id": id })), (STAFF_CLOSE, json!({ "id": id }))] {
        let r = s.post_auth(path, &c.token, body).await;
        r.assert_error(403);
        assert_eq!(r.body["message"], "این بخش فقط برای کارکنان فروشگاه است.", "{path}");
    }
    let r = send(&s, STAFF_REPLY, &c.token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", "جواب خودم")).await;
    r.assert_error(403);
    let r = s.post(STAFF_LIST, json!({})).await;
    r.assert_error(401);
    // The ticket is untouched.
    let r = s.post_auth(SHOW, &c.token, json!({ "id": id })).await;
    assert_eq!((r.body["data"]["Status"].as_str(), r.body["data"]["Messages"].as_array().map(Vec::len)), (Some("open"), Some(1)));
}

async fn the_related_order_must_be_the_customers_own(db: TestDb) {
    let s = spawn_app(db).await;
    let sh = shop(&s, 10).await;
    let a = ready(&s, &sh, 1).await;
    let code_a = register(&s, &a, &sh).await;
    let b = ready(&s, &sh, 1).await;
    let code_b = register(&s, &b, &sh).await;
    // B names A's order: 404, nothing written.
    let r = send(&s, OPEN, &b.c.token, Some(&key()), ticket_form("سفارش", "متن").text("order_code", &code_a)).await;
    r.assert_error(404);
    assert_eq!(r.body["field"], "order_code");
    assert!(!r.text.contains(&code_a));
    let r = send(&s, OPEN, &b.c.token, Some(&key()), ticket_form("سفارش", "متن").text("order_code", "NOPE1234")).await;
    r.assert_error(404);
    assert_eq!(s.count("ticket").await, 0);
    // Their own order is kept on the ticket.
    let id = open(&s, &b.c, ticket_form("سفارش", "متن").text("order_code", &code_b)).await;
    let r = s.post_auth(SHOW, &b.c.token, json!({ "id": id })).await;
    assert_eq!(r.body["data"]["OrderCode"], code_b.as_str());
}

async fn opening_needs_a_key_and_a_retry_opens_once(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let r = send(&s, OPEN, &c.token, None, ticket_form("بدون کلید", "متن")).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "Idempotency-Key");
    let k = key();
    let form = || ticket_form("یک بار", "متن").file("a.png", "image/png", &png());
    let first = send(&s, OPEN, &c.token, Some(&k), form()).await;
    let again = send(&s, OPEN, &c.token, Some(&k), form()).await;
    assert_eq!((first.status, again.status), (200, 200), "{} {}", first.text, again.text);
    assert_eq!(first.body["Id"], again.body["Id"]);
    assert_eq!(s.count("ticket").await, 1);
    assert_eq!(stored_files(&s).len(), 1);
    // The same key with another request: 409.
    let other = send(&s, OPEN, &c.token, Some(&k), ticket_form("دیگری", "متن")).await;
    other.assert_error(409);
    // At most ten open tickets.
    for i in 1..10 {
        open(&s, &c, ticket_form(&format!("تیکت {i}"), "متن")).await;
    }
    let r = send(&s, OPEN, &c.token, Some(&key()), ticket_form("یازدهم", "متن")).await;
    r.assert_error(422);
    assert_eq!(s.count("ticket").await, 10);
}

async fn bad_fields_are_named_in_persian(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let cases = [
        (Form::new().text("department", "sales").text("priority", "low").text("message", "متن"), "subject", "لطفا موضوع را وارد کنید"),
        (Form::new().text("subject", "م").text("priority", "low").text("message", "متن"), "department", "لطفا بخش را انتخاب کنید"),
        (Form::new().text("subject", "م").text("department", "hr").text("priority", "low").text("message", "متن"), "department", "بخش وارد شده معتبر نیست!"),
        (Form::new().text("subject", "م").text("department", "sales").text("priority", "!!").text("message", "متن"), "priority", "اولویت وارد شده معتبر نیست!"),
        (Form::new().text("subject", "م").text("department", "sales").text("priority", "low").text("message", "  "), "message", "لطفا متن پیام را وارد کنید"),
    ];
    for (form, field, message) in cases {
        let r = send(&s, OPEN, &c.token, Some(&key()), form).await;
        r.assert_error(422);
        assert_eq!((r.body["field"].as_str(), r.body["message"].as_str()), (Some(field), Some(message)));
    }
    // Not multipart at all, or garbage: a 4xx with a Persian message, never a 500.
    let r = s.client.post(s.url(OPEN)).bearer_auth(&c.token).header("Idempotency-Key", key()).json(&json!({"subject": "x"})).send().await.unwrap();
    assert!((400..500).contains(&r.status().as_u16()), "{}", r.status());
    let r = s
        .client
        .post(s.url(OPEN))
        .bearer_auth(&c.token)
        .header("Idempotency-Key", key())
        .header("content-type", "multipart/form-data; boundary=zzz")
        .body("--zzz\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.png\"\r\n\r\n\u{89}PNG")
        .send()
        .await
        .unwrap();
    assert!((400..500).contains(&r.status().as_u16()), "{}", r.status());
    let r = send(&s, REPLY, &c.token, Some(&key()), Form::new().text("id", "abc").text("message", "متن")).await;
    assert!((400..500).contains(&r.status), "{}", r.text);
    assert_eq!(s.count("ticket").await, 0);
}

/// The server parses `ticket/open` and `ticket/reply` with `core`'s ticket forms, the ones the
/// web form checks with: each bad field gets a 422 naming it, with `core`'s first problem.
async fn the_ticket_form_answers_as_cores_declaration(db: TestDb) {
    use shop_core::forms::{problems, Values};
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let long_subject = "س".repeat(201);
    let long_message = "پ".repeat(5_001);
    let cases: Vec<(&str, &str, &str, &str)> = vec![
        ("subject", &long_subject, "subject", "موضوع باید حداکثر ۲۰۰ کاراکتر باشد"),
        ("subject", " \u{200f} ", "subject", "لطفا موضوع را وارد کنید"),
        ("order_code", "<b>x</b>", "order_code", "کد سفارش وارد شده معتبر نیست!"),
        ("order_code", "ABCDEFGHJKLMNPQRSTUVW", "order_code", "کد سفارش باید حداکثر ۲۰ کاراکتر باشد"),
        ("message", &long_message, "message", "متن پیام باید حداکثر ۵۰۰۰ کاراکتر باشد"),
    ];
    for (name, value, field, message) in cases {
        let mut pairs = vec![("subject", "موضوع"), ("department", "sales"), ("priority", "low"), ("message", "متن")];
        pairs.retain(|(k, _)| *k != name);
        pairs.push((name, value));
        let form = pairs.iter().fold(Form::new(), |f, (k, v)| f.text(k, v));
        let r = send(&s, OPEN, &c.token, Some(&key()), form).await;
        r.assert_error(422);
        let got = (r.body["field"].as_str().unwrap_or_default().to_owned(), r.s("message"));
        assert_eq!(got, (field.to_owned(), message.to_owned()), "{name}");
        let core = problems("ticket", &Values::from_pairs(pairs.iter().copied())).unwrap().0.into_iter().next();
        assert_eq!(Some(got), core, "the server and core's ticket form disagree on {name}");
    }
    assert_eq!(s.count("ticket").await, 0);
    let id = open(&s, &c, ticket_form("موضوع", "متن")).await;
    let r = send(&s, REPLY, &c.token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", &long_message)).await;
    r.assert_error(422);
    assert_eq!((r.body["field"].as_str(), r.s("message")), (Some("message"), "متن پیام باید حداکثر ۵۰۰۰ کاراکتر باشد".to_owned()));
}

/// An order code is parsed once at the edge (`OrderCode`): Persian digits and lower case name
/// the same order, and the service looks it up typed.
async fn an_order_code_typed_in_persian_digits_and_lower_case_is_the_order(db: TestDb) {
    let s = spawn_app(db).await;
    let sh = shop(&s, 10).await;
    let b = ready(&s, &sh, 1).await;
    let code = register(&s, &b, &sh).await;
    let typed: String = code
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(0x06F0 + d).unwrap(),
            None => c.to_ascii_lowercase(),
        })
        .collect();
    let id = open(&s, &b.c, ticket_form("سفارش", "متن").text("order_code", &format!(" {typed} "))).await;
    let r = s.post_auth(SHOW, &b.c.token, json!({ "id": id })).await;
    assert_eq!(r.body["data"]["OrderCode"], code.as_str());
}

/// 30 parallel opens by one customer: exactly the cap of open tickets (10) is stored, the rest
/// get the cap's Persian refusal, and no refused open leaves a file behind.
async fn parallel_opens_stop_at_the_open_ticket_cap(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let keys: Vec<String> = (0..30).map(|_| key()).collect();
    let opens = keys.iter().enumerate().map(|(i, k)| {
        let form = ticket_form(&format!("درخواست {i}"), "متن").file("screen.png", "image/png", &png());
        send(&s, OPEN, &c.token, Some(k), form)
    });
    let answers = futures::future::join_all(opens).await;
    let opened = answers.iter().filter(|r| r.status == 200).count();
    assert_eq!(opened, 10, "{:?}", answers.iter().map(|r| &r.text).collect::<Vec<_>>());
    for r in answers.iter().filter(|r| r.status != 200) {
        assert!(matches!(r.status, 422 | 429), "{}", r.text);
        assert!(r.body["message"].as_str().is_some_and(|m| !m.is_empty()), "{}", r.text);
    }
    assert_eq!(s.count("ticket").await, 10);
    assert_eq!(stored_files(&s).len(), 10, "only the opened tickets' files are kept");
}

/// The stored idempotency answer of (scope, key): the `response` column's text.
async fn remembered(s: &TestApp, scope: &str, key: &str) -> String {
    let rows = s.rows("idempotency_key").await;
    let row = rows.iter().find(|r| r["scope"] == scope && r["key"] == key).unwrap_or_else(|| panic!("no record {scope} {key}"));
    row["response"].as_str().unwrap_or_default().to_string()
}

/// Issue 22 item 4: a reply's record keeps a reference (bytes independent of the thread), and a
/// retry with its key rebuilds the same answer without writing a second message.
async fn a_reply_remembers_a_reference_not_the_thread(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let id = open(&s, &c, ticket_form("رشته‌ی بلند", &"ب".repeat(5_000))).await;
    let reply = |k: String| {
        let (s, token) = (&s, c.token.clone());
        async move { send(s, REPLY, &token, Some(&k), Form::new().text("id", &id.to_string()).text("message", &"پ".repeat(5_000))).await }
    };
    let first_key = key();
    let first = reply(first_key.clone()).await;
    assert_eq!(first.status, 200, "{}", first.text);
    for _ in 0..12 {
        assert_eq!(reply(key()).await.status, 200);
    }
    let last_key = key();
    let last = reply(last_key.clone()).await;
    assert_eq!(last.status, 200, "{}", last.text);
    assert!(last.text.len() > 130_000, "the thread is large: {} bytes", last.text.len());
    let (small, large) = (remembered(&s, "ticket.reply", &first_key).await, remembered(&s, "ticket.reply", &last_key).await);
    println!("remembered per reply: {} bytes after 1 reply, {} bytes after 14 (the answer: {} bytes)", small.len(), large.len(), last.text.len());
    assert!(large.len() <= 100, "a reference, not the thread: {} bytes", large.len());
    assert!(large.len() <= small.len() + 8, "independent of the thread's size: {} vs {}", small.len(), large.len());
    // A retry with the last key: the same answer, no second message.
    let again = reply(last_key).await;
    assert_eq!((again.status, &again.body), (200, &last.body));
    assert_eq!(s.count("ticket_message").await, 15);
}

/// A record older than a day is deleted by the nodes' job; the same key is then a new request.
async fn idempotency_records_are_purged_after_a_day_and_the_key_is_new_again(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let k = key();
    let form = || ticket_form("یک بار", "متن");
    let first = send(&s, OPEN, &c.token, Some(&k), form()).await;
    assert_eq!(first.status, 200, "{}", first.text);
    s.advance_clock(23 * 3600);
    let token = s.fresh_token(&c);
    let again = send(&s, OPEN, &token, Some(&k), form()).await;
    assert_eq!(again.body["Id"], first.body["Id"], "within a day a retry is the same request");
    assert_eq!(s.count("idempotency_key").await, 1);
    s.advance_clock(3600);
    eventually("the expired record is deleted", || async { s.count("idempotency_key").await == 0 }).await;
    let token = s.fresh_token(&c);
    let later = send(&s, OPEN, &token, Some(&k), form()).await;
    assert_eq!(later.status, 200, "{}", later.text);
    assert_ne!(later.body["Id"], first.body["Id"], "after a day the key is new");
    assert_eq!(s.count("ticket").await, 2);
}

/// Before any job runs, a record older than a day is treated as absent.
async fn an_expired_record_is_absent_before_the_job_deletes_it(db: TestDb) {
    let s = spawn_app_with(db, |c| c.job_interval_ms = 3_600_000).await;
    let c = s.user(&mobile(), "تهران").await;
    let k = key();
    let first = send(&s, OPEN, &c.token, Some(&k), ticket_form("یک", "متن")).await;
    assert_eq!(first.status, 200, "{}", first.text);
    s.advance_clock(24 * 3600);
    // Another request this time: with the record still there it would be 409.
    let later = send(&s, OPEN, &s.fresh_token(&c), Some(&k), ticket_form("دو", "متن")).await;
    assert_eq!(later.status, 200, "{}", later.text);
    assert_ne!(later.body["Id"], first.body["Id"]);
    assert_eq!(s.count("idempotency_key").await, 1, "the old record gave way to the new one");
}

/// Issue 22 item 3: opens and replies share one per-customer sliding-hour rate; past it 429 with
/// Retry-After and a Persian message, nothing written. Other customers and staff are not held.
async fn opens_and_replies_are_rate_limited_per_customer(db: TestDb) {
    let s = spawn_app_with(db, |c| c.tickets.actions_per_hour = 5).await;
    let c = s.user(&mobile(), "تهران").await;
    let other = s.user(&mobile(), "تهران").await;
    let staff = s.staff(&mobile()).await;
    let id = open(&s, &c, ticket_form("سرعت", "متن")).await;
    let reply = |token: String, path: &'static str| {
        let s = &s;
        async move { send(s, path, &token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", "پیام").file("a.png", "image/png", &png())).await }
    };
    for _ in 0..4 {
        assert_eq!(reply(c.token.clone(), REPLY).await.status, 200);
    }
    let files = stored_files(&s).len();
    let r = reply(c.token.clone(), REPLY).await;
    r.assert_error(429);
    let wait: i64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=720).contains(&wait), "{wait}");
    assert!(r.body["message"].as_str().unwrap().contains("یک ساعت گذشته"), "{}", r.text);
    let r = send(&s, OPEN, &c.token, Some(&key()), ticket_form("باز هم", "متن")).await;
    r.assert_error(429);
    assert_eq!((s.count("ticket").await, s.count("ticket_message").await, stored_files(&s).len()), (1, 5, files));
    // Staff answer as often as they need; another customer has their own rate.
    for _ in 0..6 {
        assert_eq!(reply(staff.token.clone(), STAFF_REPLY).await.status, 200);
    }
    open(&s, &other, ticket_form("دیگری", "متن")).await;
    // A window of an hour for 5: one more after 12 minutes.
    s.advance_clock(wait);
    assert_eq!(reply(c.token.clone(), REPLY).await.status, 200);
    reply(c.token.clone(), REPLY).await.assert_error(429);
}

/// A reply whose files would pass the ticket's quota, or an open past the customer's, is
/// refused with the quota's Persian message and leaves no file and no row; staff files count
/// against neither quota.
async fn files_past_the_ticket_or_customer_quota_are_refused_before_they_are_written(db: TestDb) {
    let s = spawn_app_with(db, |c| {
        c.tickets.ticket_bytes = 2_000_000;
        c.tickets.customer_bytes = 2_500_000;
    })
    .await;
    let c = s.user(&mobile(), "تهران").await;
    let staff = s.staff(&mobile()).await;
    let id = open(&s, &c, ticket_form("سهمیه", "متن").file("a.jpg", "image/jpeg", &jpeg_of(1_000_000))).await;
    let reply = |token: String, path: &'static str, bytes: usize| {
        let s = &s;
        async move {
            let f = Form::new().text("id", &id.to_string()).text("message", "عکس").file("b.jpg", "image/jpeg", &jpeg_of(bytes));
            send(s, path, &token, Some(&key()), f).await
        }
    };
    assert_eq!(reply(c.token.clone(), REPLY, 900_000).await.status, 200);
    assert_eq!(stored_files(&s).len(), 2);
    // 1.9 MB in the ticket: 200 KB more would pass its 2 MB.
    let r = reply(c.token.clone(), REPLY, 200_000).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "files");
    assert!(r.body["message"].as_str().unwrap().contains("حجم پیوست‌های این تیکت"), "{}", r.text);
    assert_eq!((stored_files(&s).len(), s.count("ticket_message").await, s.count("ticket_attachment").await), (2, 2, 2));
    // Staff are not held by the customer's quota, and their files do not use it up.
    assert_eq!(reply(staff.token.clone(), STAFF_REPLY, 1_000_000).await.status, 200);
    assert_eq!(stored_files(&s).len(), 3);
    // The customer's 2.5 MB across tickets: 1.9 MB used, a new ticket with 700 KB is refused.
    let r = send(&s, OPEN, &c.token, Some(&key()), ticket_form("دوم", "متن").file("c.jpg", "image/jpeg", &jpeg_of(700_000))).await;
    r.assert_error(422);
    assert!(r.body["message"].as_str().unwrap().contains("همه‌ی پیوست‌های"), "{}", r.text);
    assert_eq!((s.count("ticket").await, stored_files(&s).len()), (1, 3));
    let second = open(&s, &c, ticket_form("دوم", "متن").file("c.jpg", "image/jpeg", &jpeg_of(550_000))).await;
    assert_ne!(second, id);
    // Without files a customer can still write.
    assert_eq!(send(&s, REPLY, &c.token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", "فقط متن")).await.status, 200);
    assert_eq!(stored_files(&s).len(), 4);
}

/// 30 parallel replies of 100 KB each to a ticket with a 1 MB quota: exactly 10 are stored,
/// the rest refused with nothing on disk.
async fn parallel_replies_cannot_pass_the_ticket_quota_together(db: TestDb) {
    let s = spawn_app_with(db, |c| {
        c.tickets.ticket_bytes = 1_000_000;
        c.tickets.actions_per_hour = 1_000;
    })
    .await;
    let c = s.user(&mobile(), "تهران").await;
    let id = open(&s, &c, ticket_form("موازی", "متن")).await;
    let replies = (0..30).map(|i| {
        let (s, token) = (&s, c.token.clone());
        async move {
            let f = Form::new().text("id", &id.to_string()).text("message", &format!("پیام {i}")).file("p.jpg", "image/jpeg", &jpeg_of(100_000));
            send(s, REPLY, &token, Some(&key()), f).await
        }
    });
    let answers = futures::future::join_all(replies).await;
    let ok = answers.iter().filter(|r| r.status == 200).count();
    for r in answers.iter().filter(|r| r.status != 200) {
        assert_eq!((r.status, r.body["field"].as_str()), (422, Some("files")), "{}", r.text);
    }
    assert_eq!(ok, 10, "{:?}", answers.iter().map(|r| r.status).collect::<Vec<_>>());
    assert_eq!((stored_files(&s).len(), s.count("ticket_attachment").await, s.count("ticket_message").await), (10, 10, 11));
}

async fn staff_answers_and_closings_are_in_the_audit_log(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let staff = s.staff_with(&mobile(), &["support"]).await;
    let admin = s.staff(&mobile()).await;
    let id = open(&s, &c, ticket_form("شارژر", "شارژر کار نمی‌کند.")).await;
    // The customer's own reply is not a staff change.
    let r = send(&s, REPLY, &c.token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", "عکس هم فرستادم.")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = send(&s, STAFF_REPLY, &staff.token, Some(&key()), Form::new().text("id", &id.to_string()).text("message", "شارژر را عوض کنید.")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = s.post_auth(STAFF_CLOSE, &staff.token, json!({ "id": id })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    // Closing again changes nothing and records nothing.
    let r = s.post_auth(STAFF_CLOSE, &staff.token, json!({ "id": id })).await;
    assert_eq!(r.status, 200, "{}", r.text);

    let log = s.post_auth("/api/admin/v1/audit/list", &admin.token, json!({ "entity": "ticket", "entity_id": id.to_string() })).await;
    assert_eq!(log.status, 200, "{}", log.text);
    let rows = log.body["data"].as_array().unwrap();
    let actions: Vec<&str> = rows.iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["ticket.close", "ticket.reply"], "newest first: {rows:?}");
    assert!(rows.iter().all(|r| r["staff_id"] == staff.id), "{rows:?}");
    assert_eq!(s.count("audit_log").await, 2 + 2, "the two staff members made, the answer and the closing");
}
