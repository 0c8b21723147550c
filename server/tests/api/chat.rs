//! Live chat over the WebSocket `GET /api/client/v1/chat/socket`: sign-in by the
//! first frame, refusals with a reason, owner-only conversations, exactly-once storage of a
//! resent message, the rate limit, marks, the staff inbox, and two nodes on one database.

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::platform::Config;
use shop_server::startup::Application;
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::{mobile, on_both_dbs, spawn_app, spawn_app_with, TestApp, TestDb};

const SIGN_IN: &str = "برای گفتگو ابتدا وارد حساب کاربری شوید.";
const EXPIRED: &str = "نشست شما تمام شده است؛ دوباره وارد شوید.";
const BLOCKED: &str = "حساب کاربری شما مسدود شده است.";
const AUTH_FIRST: &str = "اتصال گفتگو بدون ورود پذیرفته نشد.";
const TOO_FAST: &str = "پیام‌ها بیش از حد سریع فرستاده می‌شوند؛ این پیام چند لحظه دیگر دوباره فرستاده می‌شود.";

type Stream = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What came off the socket.
#[derive(Debug)]
enum Got {
    Frame(Value),
    Closed(u16, String),
    Ended,
}

/// A browser's side of the chat socket.
struct Ws(Stream);

impl Ws {
    async fn open(base: &str) -> Self {
        let url = format!("{}/api/client/v1/chat/socket", base.replace("http://", "ws://"));
        let (s, resp) = tokio_tungstenite::connect_async(url).await.expect("socket opens");
        assert_eq!(resp.status().as_u16(), 101);
        Self(s)
    }

    /// Open and sign in; returns the socket and its `ready` frame.
    async fn signed_in(base: &str, token: &str) -> (Self, Value) {
        let mut ws = Self::open(base).await;
        ws.send(json!({"type": "auth", "token": token})).await;
        let ready = ws.frame().await;
        assert_eq!(ready["type"], "ready", "{ready}");
        (ws, ready)
    }

    async fn send(&mut self, v: Value) {
        self.0.send(Message::text(v.to_string())).await.expect("send");
    }

    async fn next(&mut self) -> Got {
        loop {
            // Generous: the suite shares two busy cores with other builds.
            let got = tokio::time::timeout(Duration::from_secs(20), self.0.next()).await.expect("a frame within 20 s");
            return match got {
                Some(Ok(Message::Text(t))) => Got::Frame(serde_json::from_str(t.as_str()).expect("JSON frame")),
                Some(Ok(Message::Close(Some(c)))) => Got::Closed(u16::from(c.code), c.reason.to_string()),
                Some(Ok(Message::Close(None))) => Got::Closed(0, String::new()),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(other)) => panic!("unexpected {other:?}"),
                Some(Err(_)) | None => Got::Ended,
            };
        }
    }

    async fn frame(&mut self) -> Value {
        match self.next().await {
            Got::Frame(v) => v,
            other => panic!("expected a frame, got {other:?}"),
        }
    }

    /// The next frame of `kind`, skipping others (typing, receipts, …).
    async fn until(&mut self, kind: &str) -> Value {
        loop {
            let f = self.frame().await;
            if f["type"] == kind {
                return f;
            }
        }
    }

    /// Nothing arrives for `ms`.
    async fn quiet(&mut self, ms: u64) -> bool {
        tokio::time::timeout(Duration::from_millis(ms), self.0.next()).await.is_err()
    }

    /// No `message` frame within `ms`: other frames (receipts after a reconnect, pings) are
    /// not news and are skipped.
    async fn no_message_within(&mut self, ms: u64) -> bool {
        let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
        loop {
            match tokio::time::timeout_at(deadline, self.0.next()).await {
                Err(_) => return true,
                Ok(Some(Ok(Message::Text(t)))) => {
                    let f: Value = serde_json::from_str(t.as_str()).expect("JSON frame");
                    if f["type"] == "message" {
                        return false;
                    }
                }
                Ok(Some(Ok(_))) => {}
                Ok(_) => return true,
            }
        }
    }

    /// The next answer to a request: frames that are news (messages, marks, typing) skipped.
    async fn reply(&mut self) -> Value {
        loop {
            let f = self.frame().await;
            if !matches!(f["type"].as_str(), Some("message" | "receipts" | "typing")) {
                return f;
            }
        }
    }

    /// The next message written by staff (`true`) or by the customer.
    async fn message_from(&mut self, staff: bool) -> Value {
        loop {
            let f = self.until("message").await;
            if f["message"]["from_staff"] == staff {
                return f;
            }
        }
    }

    async fn say(&mut self, client_id: &str, text: &str, conversation: Option<i64>) -> Value {
        self.send(json!({"type": "send", "client_id": client_id, "text": text, "conversation": conversation})).await;
        self.reply().await
    }
}

/// A second server on the same database (another node behind the load balancer).
async fn second_node(app: &TestApp) -> (String, tokio::sync::oneshot::Sender<()>) {
    let mut config = Config::for_tests(app.state.config.database_url.clone());
    config.clock = app.clock.clone();
    config.web_dir = std::env::temp_dir().join("shop-test-no-web");
    config.data_dir = app.state.config.data_dir.clone();
    let node = Application::build(config).await.expect("second node starts");
    let base = format!("http://{}", node.address());
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(node.run_until_stopped(async move {
        let _ = rx.await;
    }));
    (base, tx)
}

async fn closed_with(ws: &mut Ws, code: u16, reason: &str) {
    match ws.next().await {
        Got::Closed(c, r) => assert_eq!((c, r.as_str()), (code, reason)),
        other => panic!("expected close {code}, got {other:?}"),
    }
}

async fn socket_without_a_valid_token_is_closed_with_a_reason(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user(&mobile(), "تهران").await;
    // Another frame first: refused, no data.
    let mut ws = Ws::open(&app.base).await;
    ws.send(json!({"type": "history"})).await;
    closed_with(&mut ws, 4401, AUTH_FIRST).await;
    // Not JSON at all.
    let mut ws = Ws::open(&app.base).await;
    ws.send(json!("hello")).await;
    closed_with(&mut ws, 4401, AUTH_FIRST).await;
    // A forged token.
    let mut ws = Ws::open(&app.base).await;
    ws.send(json!({"type": "auth", "token": "v1.e30.AAAA"})).await;
    closed_with(&mut ws, 4401, SIGN_IN).await;
    // An empty one.
    let mut ws = Ws::open(&app.base).await;
    ws.send(json!({"type": "auth", "token": ""})).await;
    closed_with(&mut ws, 4401, SIGN_IN).await;
    // The token in the URL is not a way in: still needs the auth frame.
    let url = format!("{}/api/client/v1/chat/socket?token={}", app.base.replace("http://", "ws://"), customer.token);
    let (s, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let mut ws = Ws(s);
    ws.send(json!({"type": "history"})).await;
    closed_with(&mut ws, 4401, AUTH_FIRST).await;
    // A plain GET (no upgrade) is an error answer, not a crash.
    let r = app.get("/api/client/v1/chat/socket").await;
    assert!((400..500).contains(&r.status), "{}", r.status);
}

async fn expired_token_and_blocked_user_are_refused(db: TestDb) {
    let app = spawn_app(db).await;
    let old = app.user(&mobile(), "تهران").await;
    app.advance_clock(901);
    let mut ws = Ws::open(&app.base).await;
    ws.send(json!({"type": "auth", "token": old.token})).await;
    closed_with(&mut ws, 4401, EXPIRED).await;

    let blocked = app.user(&mobile(), "تهران").await;
    let token = app.fresh_token(&blocked);
    let row = user::Entity::find_by_id(blocked.id).one(&app.db).await.unwrap().unwrap();
    let mut row: user::ActiveModel = row.into();
    row.block = Set(true);
    row.update(&app.db).await.unwrap();
    let mut ws = Ws::open(&app.base).await;
    ws.send(json!({"type": "auth", "token": token})).await;
    closed_with(&mut ws, 4403, BLOCKED).await;
}

async fn customer_and_staff_talk_live_in_order(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user(&mobile(), "تهران").await;
    let staff = app.staff(&mobile()).await;
    let (mut c, ready) = Ws::signed_in(&app.base, &customer.token).await;
    assert_eq!((ready["staff"].clone(), ready["unread"].clone(), ready["conversation"].clone()), (json!(false), json!(0), Value::Null));
    let (mut s, ready) = Ws::signed_in(&app.base, &staff.token).await;
    assert_eq!(ready["staff"], true);

    let ack = c.say("c-1", "سلام، این لپ‌تاپ گارانتی دارد؟", None).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    assert_eq!(ack["client_id"], "c-1");
    let conv = ack["message"]["conversation"].as_i64().unwrap();
    let first = ack["message"]["id"].as_i64().unwrap();
    // The staff socket hears it without asking.
    let heard = s.until("message").await;
    assert_eq!(heard["message"]["text"], "سلام، این لپ‌تاپ گارانتی دارد؟");
    assert_eq!(heard["message"]["from_staff"], false);
    // Staff reply into that conversation; the customer hears it.
    let ack = s.say("s-1", "بله، ۱۸ ماه.", Some(conv)).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let reply = c.message_from(true).await;
    assert_eq!((reply["message"]["text"].as_str(), reply["message"]["from_staff"].as_bool()), (Some("بله، ۱۸ ماه."), Some(true)));
    assert!(reply["message"]["id"].as_i64().unwrap() > first);
    assert!(reply["message"]["at_text"].as_str().unwrap().chars().all(|ch| ch == ':' || ('۰'..='۹').contains(&ch)));

    // History: oldest first, one page.
    c.send(json!({"type": "history"})).await;
    let h = c.until("history").await;
    let texts: Vec<&str> = h["messages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["سلام، این لپ‌تاپ گارانتی دارد؟", "بله، ۱۸ ماه."]);
    assert_eq!(h["has_more"], false);

    // The inbox shows the conversation with one unread customer message.
    s.send(json!({"type": "inbox"})).await;
    let inbox = s.until("inbox").await;
    let entry = inbox["conversations"].as_array().unwrap().iter().find(|e| e["conversation"] == conv).expect("listed").clone();
    assert_eq!((entry["unread"].as_i64(), entry["last_from_staff"].as_bool()), (Some(1), Some(true)));
    assert_eq!(entry["customer_name"], "آزمون");

    // A new socket of the customer starts with one unread staff message.
    let (_c2, ready) = Ws::signed_in(&app.base, &customer.token).await;
    assert_eq!((ready["unread"].as_i64(), ready["conversation"].as_i64()), (Some(1), Some(conv)));
}

async fn history_pages_back_through_older_messages(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user(&mobile(), "تهران").await;
    let (mut c, _) = Ws::signed_in(&app.base, &customer.token).await;
    for i in 0..35 {
        let ack = c.say(&format!("m{i}"), &format!("پیام {i}"), None).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        if i == 19 {
            tokio::time::sleep(Duration::from_millis(4100)).await; // the socket's burst allowance refills
            app.advance_clock(60); // and the account's (30 a minute)
        }
    }
    c.send(json!({"type": "history"})).await;
    let page = c.until("history").await;
    let msgs = page["messages"].as_array().unwrap();
    assert_eq!((msgs.len(), page["has_more"].as_bool()), (30, Some(true)));
    assert_eq!(msgs[0]["text"], "پیام 5");
    assert_eq!(msgs[29]["text"], "پیام 34");
    let oldest = msgs[0]["id"].as_i64().unwrap();
    c.send(json!({"type": "history", "before": oldest})).await;
    let page = c.until("history").await;
    let texts: Vec<&str> = page["messages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["پیام 0", "پیام 1", "پیام 2", "پیام 3", "پیام 4"]);
    assert_eq!(page["has_more"], false);
}

async fn markup_and_long_text_are_kept_as_text_and_bad_text_is_refused(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user(&mobile(), "تهران").await;
    let (mut c, _) = Ws::signed_in(&app.base, &customer.token).await;
    let script = "<script>alert('x')</script><img src=x onerror=alert(1)>";
    let ack = c.say("x-1", script, None).await;
    assert_eq!(ack["message"]["text"], script);
    let long = "ب".repeat(5000);
    let ack = c.say("x-2", &long, None).await;
    assert_eq!(ack["message"]["text"].as_str().map(|t| t.chars().count()), Some(5000));
    let too_long = c.say("x-3", &"ب".repeat(5001), None).await;
    assert_eq!((too_long["type"].as_str(), too_long["code"].as_str()), (Some("error"), Some("invalid")));
    assert_eq!((too_long["message"].as_str(), too_long["client_id"].as_str()), (Some("پیام باید حداکثر ۵۰۰۰ کاراکتر باشد"), Some("x-3")));
    let blank = c.say("x-4", " \u{200c}\n ", None).await;
    assert_eq!((blank["code"].as_str(), blank["message"].as_str()), (Some("invalid"), Some("متن پیام را بنویسید")));
    let bad_id = c.say("../../etc", "سلام", None).await;
    assert_eq!((bad_id["code"].as_str(), bad_id["message"].as_str()), (Some("invalid"), Some("شناسه پیام معتبر نیست.")));
    // Wrong shapes: an error frame each, and the socket stays usable.
    c.send(json!({"type": "send", "client_id": "x-5", "text": 42})).await;
    let f = c.reply().await;
    assert_eq!((f["code"].as_str(), f["client_id"].as_str()), (Some("bad_frame"), Some("x-5")));
    c.send(json!({"type": "launch"})).await;
    assert_eq!(c.reply().await["code"], "bad_frame");
    c.0.send(Message::binary(vec![0u8, 159, 146, 150])).await.unwrap();
    assert_eq!(c.reply().await["code"], "bad_frame");
    c.send(json!({"type": "ping"})).await;
    assert_eq!(c.reply().await["type"], "pong");
    // Only the two good messages were stored.
    assert_eq!(app.count("chat_message").await, 2);
}

async fn another_customers_conversation_is_not_found(db: TestDb) {
    let app = spawn_app(db).await;
    let a = app.user(&mobile(), "تهران").await;
    let b = app.user(&mobile(), "تهران").await;
    let (mut wa, _) = Ws::signed_in(&app.base, &a.token).await;
    let (mut wb, _) = Ws::signed_in(&app.base, &b.token).await;
    let ack = wa.say("a-1", "شماره سفارش من ۱۲۳ است", None).await;
    let conv_a = ack["message"]["conversation"].as_i64().unwrap();
    wa.until("message").await; // its own message, as every socket of A's sees it
    // B hears nothing of A's conversation.
    assert!(wb.quiet(500).await);
    // B asking for A's history, marking it, typing in it or writing into it: not found, no data.
    wb.send(json!({"type": "history", "conversation": conv_a})).await;
    let f = wb.reply().await;
    assert_eq!((f["type"].as_str(), f["code"].as_str(), f["message"].as_str()), (Some("error"), Some("not_found"), Some("گفتگو پیدا نشد.")));
    assert!(f.get("messages").is_none());
    let f = wb.say("b-1", "سلام", Some(conv_a)).await;
    assert_eq!((f["code"].as_str(), f["client_id"].as_str()), (Some("not_found"), Some("b-1")));
    wb.send(json!({"type": "mark", "conversation": conv_a, "read": 999})).await;
    assert_eq!(wb.reply().await["code"], "not_found");
    // A customer has no inbox.
    wb.send(json!({"type": "inbox"})).await;
    let f = wb.reply().await;
    assert_eq!((f["code"].as_str(), f["message"].as_str()), (Some("forbidden"), Some("این بخش فقط برای کارکنان فروشگاه است.")));
    // Nothing of B's reached A's conversation.
    assert!(wa.quiet(300).await);
    assert_eq!(app.count("chat_message").await, 1);
    // Staff cannot write into a conversation that does not exist.
    let staff = app.staff(&mobile()).await;
    let (mut ws, _) = Ws::signed_in(&app.base, &staff.token).await;
    let f = ws.say("s-1", "سلام", Some(conv_a + 1000)).await;
    assert_eq!(f["code"], "not_found");
    let f = ws.say("s-2", "سلام", None).await;
    assert_eq!(f["code"], "not_found");
}

async fn a_resent_message_is_stored_once(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user(&mobile(), "تهران").await;
    let staff = app.staff(&mobile()).await;
    let (mut s, _) = Ws::signed_in(&app.base, &staff.token).await;
    let (mut c, _) = Ws::signed_in(&app.base, &customer.token).await;
    let first = c.say("9b1f0c0e-1111-4c1e-9a51-000000000001", "آیا موجود است؟", None).await;
    // The same id again on the same socket, then after a reconnect (the offline queue's resend).
    let again = c.say("9b1f0c0e-1111-4c1e-9a51-000000000001", "آیا موجود است؟", None).await;
    assert_eq!(again["type"], "ack");
    assert_eq!(again["message"]["id"], first["message"]["id"]);
    drop(c);
    let (mut c, _) = Ws::signed_in(&app.base, &customer.token).await;
    let third = c.say("9b1f0c0e-1111-4c1e-9a51-000000000001", "آیا موجود است؟", None).await;
    assert_eq!(third["message"], first["message"]);
    assert_eq!(app.count("chat_message").await, 1);
    // Staff heard it once.
    let heard = s.until("message").await;
    assert_eq!(heard["message"]["id"], first["message"]["id"]);
    assert!(s.no_message_within(600).await, "a resend is not news");
}

async fn a_flood_is_limited_with_a_message_for_every_refused_one(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user(&mobile(), "تهران").await;
    let (mut c, _) = Ws::signed_in(&app.base, &customer.token).await;
    let started = std::time::Instant::now();
    for i in 0..100 {
        c.send(json!({"type": "send", "client_id": format!("f-{i}"), "text": format!("پیام {i}")})).await;
    }
    assert!(started.elapsed() < Duration::from_secs(1));
    let mut acked = Vec::new();
    let mut refused = Vec::new();
    while acked.len() + refused.len() < 100 {
        let f = c.frame().await;
        match f["type"].as_str() {
            Some("ack") => acked.push(f["client_id"].as_str().unwrap().to_string()),
            Some("error") => {
                assert_eq!((f["code"].as_str(), f["message"].as_str()), (Some("rate_limited"), Some(TOO_FAST)));
                assert!(f["retry_after_ms"].as_u64().unwrap() > 0);
                refused.push(f["client_id"].as_str().unwrap().to_string());
            }
            Some("message") => {} // its own messages come back on the conversation too
            _ => panic!("unexpected {f}"),
        }
    }
    // Every one of the 100 got an answer; the burst went through, the rest were refused by name.
    assert!((20..=30).contains(&acked.len()), "{} acked", acked.len());
    assert_eq!(acked.len() + refused.len(), 100);
    assert_eq!(app.count("chat_message").await, acked.len());
    // A refused one sent again after the wait is stored.
    let wait = 300;
    tokio::time::sleep(Duration::from_millis(wait)).await;
    let id = refused[0].clone();
    c.send(json!({"type": "send", "client_id": id, "text": "دوباره"})).await;
    assert_eq!(c.until("ack").await["client_id"], json!(id));
}

async fn delivered_and_read_marks_reach_the_other_side(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user(&mobile(), "تهران").await;
    let staff = app.staff(&mobile()).await;
    let (mut c, _) = Ws::signed_in(&app.base, &customer.token).await;
    let (mut s, _) = Ws::signed_in(&app.base, &staff.token).await;
    let ack = c.say("c-1", "سلام", None).await;
    let (conv, id) = (ack["message"]["conversation"].as_i64().unwrap(), ack["message"]["id"].as_i64().unwrap());
    s.until("message").await;
    s.send(json!({"type": "mark", "conversation": conv, "delivered": id})).await;
    let r = c.until("receipts").await;
    assert_eq!((r["receipts"]["staff_delivered"].as_i64(), r["receipts"]["staff_read"].as_i64()), (Some(id), Some(0)));
    s.send(json!({"type": "mark", "conversation": conv, "read": id})).await;
    let r = c.until("receipts").await;
    assert_eq!(r["receipts"]["staff_read"].as_i64(), Some(id));
    // Marks never go back, nor past the last message.
    s.send(json!({"type": "mark", "conversation": conv, "read": id + 50})).await;
    s.send(json!({"type": "mark", "conversation": conv, "read": 1})).await;
    assert!(c.quiet(400).await);
    // Typing: the customer sees staff typing, not their own.
    s.send(json!({"type": "typing", "conversation": conv})).await;
    let t = c.until("typing").await;
    assert_eq!((t["conversation"].as_i64(), t["from_staff"].as_bool()), (Some(conv), Some(true)));
    // The inbox has nothing unread now.
    s.send(json!({"type": "inbox"})).await;
    let inbox = s.until("inbox").await;
    assert_eq!(inbox["conversations"][0]["unread"], 0);
}

async fn a_message_sent_to_one_node_reaches_a_socket_on_another(db: TestDb) {
    let app = spawn_app(db).await;
    let (other, stop) = second_node(&app).await;
    let customer = app.user(&mobile(), "تهران").await;
    let staff = app.staff(&mobile()).await;
    let (mut c, _) = Ws::signed_in(&app.base, &customer.token).await; // node A
    let (mut s, _) = Ws::signed_in(&other, &staff.token).await; // node B
    let ack = c.say("n-1", "از گره اول", None).await;
    let conv = ack["message"]["conversation"].as_i64().unwrap();
    let heard = s.message_from(false).await;
    assert_eq!(heard["message"]["text"], "از گره اول");
    s.say("n-2", "از گره دوم", Some(conv)).await;
    let back = c.message_from(true).await;
    assert_eq!(back["message"]["text"], "از گره دوم");
    // Marks cross too.
    c.send(json!({"type": "mark", "read": back["message"]["id"]})).await;
    let r = s.until("receipts").await;
    assert_eq!(r["receipts"]["customer_read"], back["message"]["id"]);
    let _ = stop.send(());
}

async fn a_quiet_socket_outlives_the_request_head_deadline(db: TestDb) {
    // The slow-client guard gives request heads 1 s here; a socket is frames, not heads.
    let app = spawn_app_with(db, |c| c.timeouts.header_secs = 1).await;
    let customer = app.user(&mobile(), "تهران").await;
    let (mut c, _) = Ws::signed_in(&app.base, &customer.token).await;
    // A frame the server does not answer, then silence past the deadline.
    c.send(json!({"type": "typing"})).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    c.send(json!({"type": "ping"})).await;
    assert_eq!(c.reply().await["type"], "pong");
}

/// Sends `n` messages on `ws` at once and counts the answers: `(acked, refused)`. Every
/// refusal is `rate_limited` with its Persian message and a wait.
async fn flood(ws: &mut Ws, tag: &str, n: usize) -> (usize, usize) {
    for i in 0..n {
        ws.send(json!({"type": "send", "client_id": format!("{tag}-{i}"), "text": format!("پیام {tag} {i}")})).await;
    }
    let (mut acked, mut refused) = (0, 0);
    while acked + refused < n {
        let f = ws.frame().await;
        match f["type"].as_str() {
            Some("ack") => acked += 1,
            Some("error") => {
                assert_eq!((f["code"].as_str(), f["message"].as_str()), (Some("rate_limited"), Some(TOO_FAST)), "{f}");
                assert!(f["retry_after_ms"].as_u64().unwrap() > 0, "{f}");
                refused += 1;
            }
            Some("message" | "receipts" | "typing") => {}
            _ => panic!("unexpected {f}"),
        }
    }
    (acked, refused)
}

/// The account's message allowance (`SHOP_CHAT_MESSAGES_PER_MINUTE`).
const ACCOUNT_MESSAGES: usize = 30;

async fn an_accounts_sockets_together_get_no_more_than_its_message_limit(db: TestDb) {
    let app = spawn_app(db).await;
    // Half the sockets on another node: the allowance is the account's, kept in the database.
    let (other, stop) = second_node(&app).await;
    let customer = app.user(&mobile(), "تهران").await;
    let mut sockets = Vec::new();
    for i in 0..10 {
        let base = if i % 2 == 0 { &app.base } else { &other };
        sockets.push(Ws::signed_in(base, &customer.token).await.0);
    }
    let tags: Vec<String> = (0..sockets.len()).map(|i| format!("s{i}")).collect();
    let floods = sockets.iter_mut().zip(&tags).map(|(ws, tag)| flood(ws, tag, 20));
    let answers = futures::future::join_all(floods).await;
    let acked: usize = answers.iter().map(|a| a.0).sum();
    let refused: usize = answers.iter().map(|a| a.1).sum();
    println!("10 sockets, 200 messages: {acked} stored, {refused} refused");
    assert_eq!(acked + refused, 200, "every message got an answer");
    assert!(acked <= ACCOUNT_MESSAGES, "{acked} messages got through");
    assert_eq!(app.count("chat_message").await, acked);
    // Another customer is not held back by this one's flood.
    let other_customer = app.user(&mobile(), "تهران").await;
    let (mut ws, _) = Ws::signed_in(&app.base, &other_customer.token).await;
    assert_eq!(ws.say("o-1", "سلام", None).await["type"], "ack");
    // A minute later the account may write again (and the socket's own allowance, kept in
    // real time, has refilled).
    app.advance_clock(60);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let ack = sockets[0].say("later", "دوباره", None).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let _ = stop.send(());
}

/// The socket cap per account (`SHOP_CHAT_SOCKETS_PER_ACCOUNT`).
const SOCKETS_PER_ACCOUNT: usize = 5;
const TOO_MANY_SOCKETS: &str = "گفتگو در پنجره‌های زیادی باز است؛ یکی از آن‌ها را ببندید.";

async fn the_socket_past_the_per_account_cap_is_refused(db: TestDb) {
    let app = spawn_app(db).await;
    let customer = app.user(&mobile(), "تهران").await;
    let mut open = Vec::new();
    for _ in 0..SOCKETS_PER_ACCOUNT {
        open.push(Ws::signed_in(&app.base, &customer.token).await.0);
    }
    // One more: closed with a reason, no data.
    let mut extra = Ws::open(&app.base).await;
    extra.send(json!({"type": "auth", "token": customer.token})).await;
    closed_with(&mut extra, 4429, TOO_MANY_SOCKETS).await;
    // The open ones still work; another account is not affected.
    assert_eq!(open[0].say("c-1", "سلام", None).await["type"], "ack");
    let other = app.user(&mobile(), "تهران").await;
    let (_o, _) = Ws::signed_in(&app.base, &other.token).await;
    // When a tab closes, its place is free again.
    let mut gone = open.pop().unwrap();
    gone.0.close(None).await.unwrap();
    let mut tries = 0;
    loop {
        let mut ws = Ws::open(&app.base).await;
        ws.send(json!({"type": "auth", "token": customer.token})).await;
        match ws.next().await {
            Got::Frame(f) if f["type"] == "ready" => break,
            Got::Closed(4429, _) if tries < 50 => tries += 1,
            other => panic!("expected ready, got {other:?}"),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

on_both_dbs!(
    an_accounts_sockets_together_get_no_more_than_its_message_limit,
    the_socket_past_the_per_account_cap_is_refused,
    a_quiet_socket_outlives_the_request_head_deadline,
    socket_without_a_valid_token_is_closed_with_a_reason,
    expired_token_and_blocked_user_are_refused,
    customer_and_staff_talk_live_in_order,
    history_pages_back_through_older_messages,
    markup_and_long_text_are_kept_as_text_and_bad_text_is_refused,
    another_customers_conversation_is_not_found,
    a_resent_message_is_stored_once,
    a_flood_is_limited_with_a_message_for_every_refused_one,
    delivered_and_read_marks_reach_the_other_side,
    a_message_sent_to_one_node_reaches_a_socket_on_another,
);
