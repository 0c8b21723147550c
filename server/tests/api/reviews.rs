//! Reviews and questions over HTTP on both databases: only a verified buyer (a delivered order
//! line of theirs) reviews, once per line, also when two requests race; core's form rules
//! refuse bad ratings, long texts and lists in Persian; markup is stored as text; staff moderate
//! (support role, audited, core's table); the product page's reads show approved rows only,
//! with the summary, and its JSON-LD gains aggregateRating and review; helpful once, never on
//! one's own; a question answered by staff tells the asker by one SMS; only buyers answer.

use sea_orm::EntityTrait;
use serde_json::{json, Value};
use shop_server::auth::entity::user;
use shop_server::catalog::entity::product;

use crate::checkout_support::*;
use crate::helpers::{mobile, on_both_dbs, spawn_app, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    a_verified_buyer_reviews_a_delivered_line_and_it_shows_after_approval_with_json_ld,
    a_second_review_of_the_same_line_is_refused,
    two_reviews_of_one_line_at_once_store_one,
    no_delivered_order_or_another_customers_line_cannot_be_reviewed,
    bad_ratings_long_texts_and_too_many_pros_are_refused_in_persian,
    markup_in_a_review_is_stored_and_served_as_text,
    helpful_counts_once_per_customer_and_never_on_ones_own_review,
    a_question_answered_by_staff_is_shown_and_the_asker_gets_one_sms,
    only_verified_buyers_answer_questions,
    moderation_follows_the_table_needs_a_reason_and_is_audited,
);

const CREATE: &str = "/api/client/v1/review/create";
const ELIGIBLE: &str = "/api/client/v1/review/eligible";
const HELPFUL: &str = "/api/client/v1/review/helpful";
const ASK: &str = "/api/client/v1/review/question";
const ANSWER: &str = "/api/client/v1/review/answer";
const A_LIST: &str = "/api/admin/v1/review/list";
const A_APPROVE: &str = "/api/admin/v1/review/approve";
const A_REJECT: &str = "/api/admin/v1/review/reject";
const A_ANSWER: &str = "/api/admin/v1/review/answer";

const TEXT: &str = "لپ‌تاپ سریع و خوش‌ساخت است، باتری هم خوب کار می‌کند.";

async fn call(s: &TestApp, path: &str, token: &str, body: Value) -> Resp {
    let r = s.post_auth(path, token, body).await;
    assert_ne!(r.status, 500, "{}", r.text);
    r
}

/// A customer with a delivered order of one laptop: (customer, product uid, line id, order code, shop).
struct Bought {
    c: TestUser,
    uid: String,
    line: i64,
    code: String,
    shop: Shop,
}

async fn paid(s: &TestApp, shop: &Shop) -> (TestUser, String, i64) {
    let r = ready(s, shop, 1).await;
    let code = register(s, &r, shop).await;
    let (_, authority) = start_payment(s, &r.c, &code).await;
    let resp = no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let _ = get_location(s, &to).await;
    let lines = crate::warranty::serials_for(s, &code).await;
    let line = lines[0]["line_id"].as_i64().unwrap();
    (r.c, code, line)
}

async fn deliver(s: &TestApp, code: &str) {
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    assert_eq!(call(s, "/api/admin/v1/order/prepare", &staff.token, json!({ "code": code })).await.status, 200);
    let serials = crate::warranty::serials_for(s, code).await;
    let r = call(s, "/api/admin/v1/order/ship", &staff.token, json!({ "code": code, "carrier": "پست", "tracking_code": "RR123456789IR", "serials": serials })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(call(s, "/api/admin/v1/order/deliver", &staff.token, json!({ "code": code })).await.status, 200);
}

async fn uid_of(s: &TestApp, shop: &Shop) -> String {
    product::Entity::find_by_id(shop.product).one(&s.db).await.unwrap().unwrap().uid
}

async fn bought(s: &TestApp) -> Bought {
    let shop = shop(s, 10).await;
    bought_in(s, shop).await
}

async fn bought_in(s: &TestApp, shop: Shop) -> Bought {
    let (c, code, line) = paid(s, &shop).await;
    deliver(s, &code).await;
    let uid = uid_of(s, &shop).await;
    Bought { c, uid, line, code, shop }
}

fn review(line: i64, rating: &str) -> Value {
    json!({ "order_line_id": line, "rating": rating, "text": TEXT, "pros": ["باتری خوب", "صفحه روشن"], "cons": [] })
}

async fn support(s: &TestApp) -> TestUser {
    s.staff_with(&mobile(), &["support"]).await
}

async fn list(s: &TestApp, uid: &str, sort: &str) -> Value {
    let r = s.get(&format!("/api/client/v1/review/products/{uid}?sort={sort}")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body
}

async fn approve(s: &TestApp, staff: &TestUser, kind: &str, id: i64) -> Resp {
    call(s, A_APPROVE, &staff.token, json!({ "kind": kind, "id": id })).await
}

async fn mobile_of(s: &TestApp, u: &TestUser) -> String {
    user::Entity::find_by_id(u.id).one(&s.db).await.unwrap().unwrap().mobile
}

async fn product_page(s: &TestApp, uid: &str) -> String {
    let raw = reqwest::Client::builder().no_proxy().build().unwrap();
    let r = raw.get(s.url(&format!("/product/{uid}"))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    r.text().await.unwrap()
}

async fn a_verified_buyer_reviews_a_delivered_line_and_it_shows_after_approval_with_json_ld(db: TestDb) {
    let s = spawn_app(db).await;
    let b = bought(&s).await;
    let e = call(&s, ELIGIBLE, &b.c.token, json!({ "uid": b.uid })).await;
    assert_eq!(e.status, 200, "{}", e.text);
    assert_eq!(e.body["lines"][0]["order_line_id"].as_i64(), Some(b.line));
    assert_eq!(e.body["lines"][0]["order_code"].as_str(), Some(b.code.as_str()));
    assert_eq!(e.body["verified_buyer"], json!(true));

    let r = call(&s, CREATE, &b.c.token, review(b.line, "۴")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["moderation"], "pending");
    let id = r.body["id"].as_i64().unwrap();
    assert_eq!(list(&s, &b.uid, "newest").await["total"], 0, "pending is not shown");
    assert!(!product_page(&s, &b.uid).await.contains("aggregateRating"));

    let staff = support(&s).await;
    let pending = call(&s, A_LIST, &staff.token, json!({ "kind": "review", "status": "pending" })).await;
    assert_eq!(pending.body["data"][0]["id"].as_i64(), Some(id), "{}", pending.text);
    assert_eq!(pending.body["data"][0]["product_uid"].as_str(), Some(b.uid.as_str()));
    assert_eq!(approve(&s, &staff, "review", id).await.status, 200);

    let l = list(&s, &b.uid, "newest").await;
    assert_eq!(l["total"], 1);
    let shown = &l["reviews"][0];
    assert_eq!((shown["rating"].as_i64(), shown["text"].as_str()), (Some(4), Some(TEXT)));
    assert_eq!(shown["pros"], json!(["باتری خوب", "صفحه روشن"]));
    assert_eq!(shown["cons"], json!([]));
    assert_eq!(shown["author"], "آزمون", "the first name (and the last name's initial when there is one)");
    assert_eq!(l["summary"], json!({ "count": 1, "average_tenths": 40, "stars": [0, 0, 0, 1, 0], "shares": [0, 0, 0, 100, 0] }));
    let e = call(&s, ELIGIBLE, &b.c.token, json!({ "uid": b.uid })).await;
    assert_eq!(e.body["lines"], json!([]), "the line is reviewed");

    let html = product_page(&s, &b.uid).await;
    assert!(html.contains("\"aggregateRating\""), "{html}");
    assert!(html.contains("\"ratingValue\":\"4.0\""));
    assert!(html.contains("\"reviewCount\":1"));
    assert!(html.contains("\"reviewBody\""));
}

async fn a_second_review_of_the_same_line_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let b = bought(&s).await;
    assert_eq!(call(&s, CREATE, &b.c.token, review(b.line, "5")).await.status, 200);
    let again = call(&s, CREATE, &b.c.token, review(b.line, "3")).await;
    again.assert_error(409);
    assert_eq!(again.body["message"], "برای این خرید قبلاً نظر ثبت کرده‌اید");
    assert_eq!(s.count("product_review").await, 1);
}

async fn two_reviews_of_one_line_at_once_store_one(db: TestDb) {
    let s = spawn_app(db).await;
    let b = bought(&s).await;
    let (x, y) = tokio::join!(call(&s, CREATE, &b.c.token, review(b.line, "5")), call(&s, CREATE, &b.c.token, review(b.line, "4")));
    let mut statuses = [x.status, y.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} / {}", x.text, y.text);
    assert_eq!(s.count("product_review").await, 1);
}

async fn no_delivered_order_or_another_customers_line_cannot_be_reviewed(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    // Paid, not delivered.
    let (c, _code, line) = paid(&s, &shop).await;
    let r = call(&s, CREATE, &c.token, review(line, "5")).await;
    r.assert_error(403);
    assert_eq!(r.body["message"], "فقط پس از تحویل سفارش می‌توانید برای این کالا نظر بنویسید");
    let uid = uid_of(&s, &shop).await;
    let e = call(&s, ELIGIBLE, &c.token, json!({ "uid": uid })).await;
    assert_eq!((e.body["lines"].clone(), e.body["verified_buyer"].clone()), (json!([]), json!(false)));
    // Another customer's delivered line: 404, as an unknown one.
    let b = bought_in(&s, shop).await;
    call(&s, CREATE, &c.token, review(b.line, "5")).await.assert_error(404);
    call(&s, CREATE, &c.token, review(9_999_999, "5")).await.assert_error(404);
    // Signed out.
    assert_eq!(s.post(CREATE, review(b.line, "5")).await.status, 401);
    assert_eq!(s.count("product_review").await, 0);
}

async fn bad_ratings_long_texts_and_too_many_pros_are_refused_in_persian(db: TestDb) {
    let s = spawn_app(db).await;
    let b = bought(&s).await;
    let bad = |body: Value, field: &'static str, message: &'static str| (body, field, message);
    let long_pro = "ب".repeat(121);
    let cases = [
        bad(review(b.line, "0"), "rating", "امتیاز باید عددی از ۱ تا ۵ باشد"),
        bad(review(b.line, "6"), "rating", "امتیاز باید عددی از ۱ تا ۵ باشد"),
        bad(review(b.line, "۶"), "rating", "امتیاز باید عددی از ۱ تا ۵ باشد"),
        bad(review(b.line, "-1"), "rating", "امتیاز باید حداکثر ۱ کاراکتر باشد"),
        bad(review(b.line, ""), "rating", "لطفا امتیاز را وارد کنید"),
        bad(json!({ "order_line_id": b.line, "rating": "5", "text": "ت".repeat(2_001) }), "text", "متن نظر باید حداکثر ۲۰۰۰ کاراکتر باشد"),
        bad(json!({ "order_line_id": b.line, "rating": "5", "text": "کوتاه" }), "text", "متن نظر باید حداقل ۱۰ کاراکتر باشد"),
        bad(json!({ "order_line_id": b.line, "rating": "5", "text": TEXT, "pros": ["۱", "۲", "۳", "۴", "۵", "۶"] }), "pros", "نقاط قوت حداکثر ۵ مورد می‌تواند داشته باشد"),
        bad(json!({ "order_line_id": b.line, "rating": "5", "text": TEXT, "cons": [long_pro] }), "cons", "هر مورد نقاط ضعف باید حداکثر ۱۲۰ کاراکتر باشد"),
    ];
    for (body, field, message) in cases {
        let r = call(&s, CREATE, &b.c.token, body).await;
        r.assert_error(422);
        assert_eq!((r.body["field"].as_str(), r.body["message"].as_str()), (Some(field), Some(message)), "{}", r.text);
    }
    // A rating sent as a number is refused at the edge (the form takes text), not a 500.
    let r = call(&s, CREATE, &b.c.token, json!({ "order_line_id": b.line, "rating": 5, "text": TEXT })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "rating");
    assert_eq!(s.count("product_review").await, 0);
    // Persian digits and empty lists (also left out) are fine.
    let ok = call(&s, CREATE, &b.c.token, json!({ "order_line_id": b.line, "rating": "۵", "text": TEXT })).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
}

async fn markup_in_a_review_is_stored_and_served_as_text(db: TestDb) {
    let s = spawn_app(db).await;
    let b = bought(&s).await;
    let text = "<script>alert('x')</script><img src=x onerror=alert(1)> خوب بود";
    let r = call(&s, CREATE, &b.c.token, json!({ "order_line_id": b.line, "rating": "5", "text": text, "pros": ["<b>قوی</b>"] })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let staff = support(&s).await;
    assert_eq!(approve(&s, &staff, "review", r.body["id"].as_i64().unwrap()).await.status, 200);
    let l = list(&s, &b.uid, "newest").await;
    assert_eq!(l["reviews"][0]["text"].as_str(), Some(text), "kept as typed: the page shows it as text");
    assert_eq!(l["reviews"][0]["pros"], json!(["<b>قوی</b>"]));
    let html = product_page(&s, &b.uid).await;
    assert!(html.contains("aggregateRating"));
    assert!(!html.contains("<script>alert("), "never raw in the page's JSON-LD");
    assert!(!html.contains("<img src=x"));
}

async fn helpful_counts_once_per_customer_and_never_on_ones_own_review(db: TestDb) {
    let s = spawn_app(db).await;
    let b = bought(&s).await;
    let first = call(&s, CREATE, &b.c.token, review(b.line, "5")).await.body["id"].as_i64().unwrap();
    let other = bought_in(&s, b.shop).await;
    let second = call(&s, CREATE, &other.c.token, review(other.line, "3")).await.body["id"].as_i64().unwrap();
    let reader = customer(&s, "تهران").await;
    // Not approved yet: not found.
    call(&s, HELPFUL, &reader.token, json!({ "review_id": first })).await.assert_error(404);
    let staff = support(&s).await;
    assert_eq!(approve(&s, &staff, "review", first).await.status, 200);
    assert_eq!(approve(&s, &staff, "review", second).await.status, 200);

    let r = call(&s, HELPFUL, &reader.token, json!({ "review_id": first })).await;
    assert_eq!((r.status, r.body["helpful"].as_i64()), (200, Some(1)), "{}", r.text);
    let again = call(&s, HELPFUL, &reader.token, json!({ "review_id": first })).await;
    again.assert_error(409);
    assert_eq!(again.body["message"], "قبلاً این نظر را مفید دانسته‌اید");
    let own = call(&s, HELPFUL, &b.c.token, json!({ "review_id": first })).await;
    own.assert_error(422);
    assert_eq!(own.body["message"], "نمی‌توانید نظر خودتان را مفید بدانید");
    assert_eq!(call(&s, HELPFUL, &other.c.token, json!({ "review_id": first })).await.status, 200);

    let newest = list(&s, &b.uid, "newest").await;
    assert_eq!(newest["reviews"][0]["id"].as_i64(), Some(second));
    let helpful = list(&s, &b.uid, "helpful").await;
    assert_eq!((helpful["reviews"][0]["id"].as_i64(), helpful["reviews"][0]["helpful"].as_i64()), (Some(first), Some(2)));
    assert_eq!(helpful["summary"]["average_tenths"], 40);
    assert_eq!(helpful["summary"]["shares"], json!([0, 0, 50, 0, 50]));
    s.get(&format!("/api/client/v1/review/products/{}?sort=best", b.uid)).await.assert_error(422);
    s.get("/api/client/v1/review/products/no-such-laptop").await.assert_error(404);
}

async fn a_question_answered_by_staff_is_shown_and_the_asker_gets_one_sms(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let uid = uid_of(&s, &shop).await;
    let asker = customer(&s, "تهران").await;
    let phone = mobile_of(&s, &asker).await;
    let long = "پ".repeat(501);
    let r = call(&s, ASK, &asker.token, json!({ "uid": uid, "question": long })).await;
    r.assert_error(422);
    assert_eq!(r.body["message"], "متن پرسش باید حداکثر ۵۰۰ کاراکتر باشد");
    call(&s, ASK, &asker.token, json!({ "uid": "no-such-laptop", "question": "رم قابل ارتقاست؟" })).await.assert_error(404);
    let q = call(&s, ASK, &asker.token, json!({ "uid": uid, "question": "رم این مدل قابل ارتقاست؟" })).await;
    assert_eq!(q.status, 200, "{}", q.text);
    let qid = q.body["id"].as_i64().unwrap();
    let path = format!("/api/client/v1/review/products/{uid}/questions");
    assert_eq!(s.get(&path).await.body["total"], 0);

    let staff = support(&s).await;
    assert_eq!(approve(&s, &staff, "question", qid).await.status, 200);
    let before = s.sms_count(&phone).await;
    let a = call(&s, A_ANSWER, &staff.token, json!({ "kind": "question", "id": qid, "answer": "بله، تا ۳۲ گیگابایت" })).await;
    assert_eq!((a.status, a.body["moderation"].as_str()), (200, Some("approved")), "{}", a.text);
    let shown = s.get(&path).await.body;
    assert_eq!(shown["questions"][0]["text"], "رم این مدل قابل ارتقاست؟");
    assert_eq!(shown["questions"][0]["answers"][0]["text"], "بله، تا ۳۲ گیگابایت");
    assert_eq!(shown["questions"][0]["answers"][0]["by_staff"], true);
    eventually("the asker's SMS", || async { s.sms_count(&phone).await == before + 1 }).await;
    let outbox = s.get(&format!("/api/dev/sms?mobile={phone}")).await;
    assert!(outbox.text.contains("پاسخ داده شد"), "{}", outbox.text);
    // A second answer does not text again.
    assert_eq!(call(&s, A_ANSWER, &staff.token, json!({ "kind": "question", "id": qid, "answer": "و دو اسلات دارد" })).await.status, 200);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(s.sms_count(&phone).await, before + 1);
}

async fn only_verified_buyers_answer_questions(db: TestDb) {
    let s = spawn_app(db).await;
    let b = bought(&s).await;
    let asker = customer(&s, "تهران").await;
    let qid = call(&s, ASK, &asker.token, json!({ "uid": b.uid, "question": "صدای فن زیاد است؟" })).await.body["id"].as_i64().unwrap();
    // Not approved yet: not found.
    call(&s, ANSWER, &b.c.token, json!({ "question_id": qid, "answer": "نه، بی‌صداست" })).await.assert_error(404);
    let staff = support(&s).await;
    assert_eq!(approve(&s, &staff, "question", qid).await.status, 200);
    let stranger = customer(&s, "تهران").await;
    let r = call(&s, ANSWER, &stranger.token, json!({ "question_id": qid, "answer": "نه، بی‌صداست" })).await;
    r.assert_error(403);
    assert_eq!(r.body["message"], "فقط خریدارانی که این کالا را تحویل گرفته‌اند می‌توانند پاسخ دهند");
    call(&s, ANSWER, &b.c.token, json!({ "question_id": qid, "answer": "ن" })).await.assert_error(422);
    let a = call(&s, ANSWER, &b.c.token, json!({ "question_id": qid, "answer": "نه، بی‌صداست" })).await;
    assert_eq!(a.status, 200, "{}", a.text);
    let aid = a.body["id"].as_i64().unwrap();
    let phone = mobile_of(&s, &asker).await;
    let before = s.sms_count(&phone).await;
    assert_eq!(approve(&s, &staff, "answer", aid).await.status, 200);
    let shown = s.get(&format!("/api/client/v1/review/products/{}/questions", b.uid)).await.body;
    assert_eq!((shown["questions"][0]["answers"][0]["text"].as_str(), shown["questions"][0]["answers"][0]["by_staff"].as_bool()), (Some("نه، بی‌صداست"), Some(false)));
    eventually("the asker's SMS", || async { s.sms_count(&phone).await == before + 1 }).await;
}

async fn moderation_follows_the_table_needs_a_reason_and_is_audited(db: TestDb) {
    let s = spawn_app(db).await;
    let b = bought(&s).await;
    let id = call(&s, CREATE, &b.c.token, review(b.line, "2")).await.body["id"].as_i64().unwrap();
    // Customers and other roles are refused.
    call(&s, A_APPROVE, &b.c.token, json!({ "kind": "review", "id": id })).await.assert_error(403);
    let catalogue = s.staff_with(&mobile(), &["catalogue"]).await;
    call(&s, A_APPROVE, &catalogue.token, json!({ "kind": "review", "id": id })).await.assert_error(403);
    let staff = support(&s).await;
    let audit_before = s.count("audit_log").await;
    call(&s, A_REJECT, &staff.token, json!({ "kind": "review", "id": id, "reason": "  " })).await.assert_error(422);
    call(&s, A_APPROVE, &staff.token, json!({ "kind": "nope", "id": id })).await.assert_error(422);
    call(&s, A_APPROVE, &staff.token, json!({ "kind": "review", "id": 9_999_999 })).await.assert_error(404);
    let rej = call(&s, A_REJECT, &staff.token, json!({ "kind": "review", "id": id, "reason": "متن تبلیغاتی" })).await;
    assert_eq!((rej.status, rej.body["moderation"].as_str()), (200, Some("rejected")), "{}", rej.text);
    let again = call(&s, A_REJECT, &staff.token, json!({ "kind": "review", "id": id, "reason": "باز هم" })).await;
    again.assert_error(422);
    assert_eq!(again.body["message"], "این مورد در وضعیت «رد شده» است");
    let listed = call(&s, A_LIST, &staff.token, json!({ "kind": "review", "status": "rejected" })).await;
    assert_eq!(listed.body["data"][0]["reject_reason"], "متن تبلیغاتی");
    assert_eq!(list(&s, &b.uid, "newest").await["total"], 0);
    assert_eq!(approve(&s, &staff, "review", id).await.status, 200);
    approve(&s, &staff, "review", id).await.assert_error(422);
    let ans = call(&s, A_ANSWER, &staff.token, json!({ "kind": "review", "id": id, "answer": "از بازخورد شما ممنونیم" })).await;
    assert_eq!(ans.status, 200, "{}", ans.text);
    assert_eq!(list(&s, &b.uid, "newest").await["reviews"][0]["answer"], "از بازخورد شما ممنونیم");
    assert_eq!(s.count("audit_log").await, audit_before + 3, "reject, approve, answer");
}
