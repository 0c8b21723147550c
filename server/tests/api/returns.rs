//! After the sale over HTTP on both databases (issue 26): the order page's tracking with the
//! carrier's link; a customer cancelling a paid order before it is prepared (the refunds queue,
//! stock and discount back once) and racing a staff "prepare" (never both); returns asked within
//! the window (day 8 and a Friday at the edge refused, a holiday inside it counted), for
//! another customer's order (404) or a line already returned (422); staff approving, receiving
//! and refunding a return (the refund recorded, the customer told); buying an order again.

use futures::future::join_all;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use shop_core::jalali::JalaliDate;
use shop_server::order::entity::order_event;

use crate::checkout_support::*;
use crate::helpers::{mobile, on_both_dbs, spawn_app, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    the_order_page_shows_each_step_with_its_time_and_the_carriers_tracking_link,
    a_paid_order_cancelled_before_preparing_goes_into_the_refunds_queue_and_gives_stock_and_discount_back_once,
    a_customer_cancel_and_a_staff_prepare_at_the_same_moment_never_both_win,
    a_return_on_the_eighth_working_day_is_refused_and_the_seventh_accepted,
    a_return_on_the_friday_after_the_last_working_day_is_refused,
    a_holiday_inside_the_window_moves_its_end,
    a_return_for_another_customers_order_is_not_found,
    a_line_already_returned_cannot_be_returned_again,
    staff_approve_receive_and_refund_a_return_and_the_customer_sees_refunded,
    a_return_with_too_many_or_bad_photos_or_a_reason_off_the_list_is_refused,
    buying_again_puts_the_lines_in_the_cart_at_todays_prices_and_names_what_cannot_be,
    staff_keep_the_holiday_table,
);

const AFTER: &str = "/api/client/v1/returns/order";
const CANCEL_ANY: &str = "/api/client/v1/returns/cancel";
const CREATE: &str = "/api/client/v1/returns/create";
const AGAIN: &str = "/api/client/v1/returns/buy-again";
const PREPARE: &str = "/api/admin/v1/order/prepare";
const SHIP: &str = "/api/admin/v1/order/ship";
const DELIVER: &str = "/api/admin/v1/order/deliver";
const R_LIST: &str = "/api/admin/v1/returns/list";
const R_APPROVE: &str = "/api/admin/v1/returns/approve";
const R_REJECT: &str = "/api/admin/v1/returns/reject";
const R_RECEIVE: &str = "/api/admin/v1/returns/receive";
const R_REFUND: &str = "/api/admin/v1/returns/refund";
const H_LIST: &str = "/api/admin/v1/returns/holidays/list";
const H_SAVE: &str = "/api/admin/v1/returns/holidays/save";
const H_REMOVE: &str = "/api/admin/v1/returns/holidays/remove";

async fn call(s: &TestApp, path: &str, token: &str, body: Value) -> Resp {
    let r = s.post_auth(path, token, body).await;
    assert_ne!(r.status, 500, "{path}: {}", r.text);
    r
}

/// Pays `code` in the sandbox bank as its customer.
async fn pay(s: &TestApp, c: &TestUser, code: &str) {
    let (_, authority) = start_payment(s, c, code).await;
    let resp = no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let _ = get_location(s, &to).await;
    assert_eq!(order_row(s, code).await.status, "paid");
}

/// A paid order of `num` laptops and its customer.
async fn paid_order(s: &TestApp, shop: &Shop, num: i64) -> (Ready, String) {
    let r = ready(s, shop, num).await;
    let code = register(s, &r, shop).await;
    pay(s, &r.c, &code).await;
    (r, code)
}

/// A delivered order (prepared, shipped with Iran Post, delivered by `staff`).
async fn delivered_order(s: &TestApp, shop: &Shop, staff: &TestUser, num: i64) -> (Ready, String) {
    let (r, code) = paid_order(s, shop, num).await;
    assert_eq!(call(s, PREPARE, &staff.token, json!({ "code": code })).await.status, 200);
    let shipped = call(s, SHIP, &staff.token, json!({ "code": code, "carrier": "پست", "tracking_code": "RR123456789IR", "serials": crate::warranty::serials_for(s, &code).await })).await;
    assert_eq!(shipped.status, 200, "{}", shipped.text);
    assert_eq!(call(s, DELIVER, &staff.token, json!({ "code": code })).await.status, 200);
    (r, code)
}

/// Noon in Tehran on a Jalali day.
fn noon(year: i32, month: u32, day: u32) -> i64 {
    shop_core::tehran::tehran_day_start(&JalaliDate { year, month, day }).unwrap() + 12 * 3600
}

/// Says the order was delivered at `at`.
async fn delivered_at(s: &TestApp, code: &str, at: i64) {
    let o = order_row(s, code).await;
    order_event::Entity::update_many()
        .col_expr(order_event::Column::At, Expr::value(at))
        .filter(order_event::Column::OrderId.eq(o.id))
        .filter(order_event::Column::Status.eq("delivered"))
        .exec(&s.db)
        .await
        .unwrap();
}

/// Moves the server's clock to `at` (the users' tokens are then issued anew).
fn clock_to(s: &TestApp, at: i64) {
    s.advance_clock(at - s.now());
}

/// A multipart/form-data body.
struct Form {
    boundary: String,
    body: Vec<u8>,
}

impl Form {
    fn new() -> Self {
        Self { boundary: format!("----returns{}", uuid::Uuid::new_v4().simple()), body: Vec::new() }
    }
    fn text(mut self, name: &str, value: &str) -> Self {
        self.body.extend_from_slice(format!("--{}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n", self.boundary).as_bytes());
        self
    }
    fn photo(mut self, file_name: &str, bytes: &[u8]) -> Self {
        self.body.extend_from_slice(
            format!("--{}\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"{file_name}\"\r\nContent-Type: image/png\r\n\r\n", self.boundary).as_bytes(),
        );
        self.body.extend_from_slice(bytes);
        self.body.extend_from_slice(b"\r\n");
        self
    }
}

/// A real 1×1 PNG.
fn png() -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
        .unwrap()
}

async fn send(s: &TestApp, token: &str, form: Form) -> Resp {
    let mut body = form.body;
    body.extend_from_slice(format!("--{}--\r\n", form.boundary).as_bytes());
    let resp = s
        .client
        .post(s.url(CREATE))
        .bearer_auth(token)
        .header("content-type", format!("multipart/form-data; boundary={}", form.boundary))
        .body(body)
        .send()
        .await
        .expect("POST");
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    let text = resp.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    assert_ne!(status, 500, "{text}");
    Resp { status, headers, body, text }
}

/// The first line's id of the order's after-sale page.
async fn first_line(s: &TestApp, token: &str, code: &str) -> i64 {
    let a = call(s, AFTER, token, json!({ "code": code })).await;
    a.body["data"]["lines"][0]["id"].as_i64().unwrap_or_else(|| panic!("{}", a.text))
}

/// Asks to return `num` of `line` of `code`, with one photo.
async fn ask(s: &TestApp, token: &str, code: &str, line: i64, num: i64) -> Resp {
    let form = Form::new()
        .text("code", code)
        .text("lines", &json!([{ "line_id": line, "num": num }]).to_string())
        .text("reason", "defective")
        .text("description", "صفحه نمایش خط دارد")
        .photo("screen.png", &png());
    send(s, token, form).await
}

async fn the_order_page_shows_each_step_with_its_time_and_the_carriers_tracking_link(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (r, code) = paid_order(&s, &shop, 1).await;
    let a = call(&s, AFTER, &r.c.token, json!({ "code": code.to_lowercase() })).await;
    assert_eq!(a.status, 200, "{}", a.text);
    let reached = |a: &Resp| -> Vec<String> {
        a.body["data"]["steps"].as_array().unwrap().iter().filter(|x| x["reached"] == true).map(|x| x["status"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(reached(&a), ["registered", "paid"]);
    assert_eq!((a.body["data"]["can_cancel"].clone(), a.body["data"]["cancel_refunds"].clone()), (json!(true), json!(true)));
    // Jalali date and Tehran time in Persian digits.
    let at = a.body["data"]["steps"][1]["at_text"].as_str().unwrap();
    assert!(at.starts_with('۱') && at.contains(':'), "{at}");

    call(&s, PREPARE, &staff.token, json!({ "code": code })).await;
    call(&s, SHIP, &staff.token, json!({ "code": code, "carrier": "پست", "tracking_code": "rr123456789ir", "serials": crate::warranty::serials_for(&s, &code).await })).await;
    let a = call(&s, AFTER, &r.c.token, json!({ "code": code })).await;
    assert_eq!(reached(&a), ["registered", "paid", "preparing", "shipped"]);
    assert_eq!(a.body["data"]["can_cancel"], false, "a preparing or shipped order is not the customer's to cancel");
    assert_eq!(a.body["data"]["shipment"]["tracking_code"], "RR123456789IR");
    assert_eq!(a.body["data"]["shipment"]["tracking_url"], "https://tracking.post.ir/?id=RR123456789IR");
    assert!(a.body["data"]["steps"][3]["note"].as_str().unwrap().contains("RR123456789IR"));

    call(&s, DELIVER, &staff.token, json!({ "code": code })).await;
    let a = call(&s, AFTER, &r.c.token, json!({ "code": code })).await;
    assert_eq!(reached(&a).len(), 5);
    assert_eq!(a.body["data"]["can_return"], true, "{}", a.text);
    assert!(!a.body["data"]["lines"][0]["last_day"].as_str().unwrap().is_empty());
}

async fn a_paid_order_cancelled_before_preparing_goes_into_the_refunds_queue_and_gives_stock_and_discount_back_once(db: TestDb) {
    use shop_core::discount::{DiscountCode, DiscountKind, DiscountTerms};
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let now = s.now();
    let terms = DiscountTerms { kind: DiscountKind::Percent, value: 10, ..DiscountTerms::open(now - 60, now + 86_400) };
    let new = shop_server::discount::service::NewDiscount { code: DiscountCode::parse("BACK10").unwrap(), terms, description: "آزمایشی".into() };
    let dc = shop_server::discount::service::create(&s.db, &shop_server::auth::staff::Actor::cli(), new, now).await.unwrap();
    let r = ready(&s, &shop, 2).await;
    let mut body = register_body(&r, shop.post);
    body["discountcode"] = json!("BACK10");
    let reg = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    let code = reg.body["order"]["Code"].as_str().unwrap().to_string();
    pay(&s, &r.c, &code).await;
    assert_eq!(stock(&s, shop.variant).await, 8);
    let used = || async { shop_server::discount::entity::discount_code::Entity::find_by_id(dc.id).one(&s.db).await.unwrap().unwrap().used };
    assert_eq!(used().await, 1);

    let answers = join_all((0..4).map(|_| s.post_auth(CANCEL_ANY, &r.c.token, json!({ "code": code })))).await;
    assert_eq!(answers.iter().filter(|a| a.status == 200).count(), 1, "{:?}", answers.iter().map(|a| &a.text).collect::<Vec<_>>());
    assert!(answers.iter().all(|a| matches!(a.status, 200 | 409 | 422)));
    let ok = answers.iter().find(|a| a.status == 200).unwrap();
    assert_eq!(ok.body["data"]["status"], "cancelled");
    assert_eq!(ok.body["data"]["refund"]["state"], "owed", "{}", ok.text);
    assert_eq!(ok.body["data"]["refund"]["owed"], order_row(&s, &code).await.payable);
    assert_eq!(stock(&s, shop.variant).await, 10, "the two laptops came back once");
    assert_eq!(used().await, 0, "the discount use came back once");
    let refunds = shop_server::payment::refunds::needed(&s.db, &s.state.purposes).await.unwrap();
    assert_eq!(refunds.iter().filter(|x| x.order_code == code).count(), 1, "in the refunds queue");
    // A second cancel is refused in Persian and changes nothing.
    let again = call(&s, CANCEL_ANY, &r.c.token, json!({ "code": code })).await;
    assert_eq!(again.status, 422, "{}", again.text);
    assert!(again.body["message"].as_str().unwrap().contains("لغوشده"));
    assert_eq!(stock(&s, shop.variant).await, 10);
    // Someone else's order: 404, as an unknown one.
    let other = customer(&s, "تهران").await;
    assert_eq!(call(&s, CANCEL_ANY, &other.token, json!({ "code": code })).await.status, 404);
}

async fn a_customer_cancel_and_a_staff_prepare_at_the_same_moment_never_both_win(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 60).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let rounds = 8;
    let mut cancels = 0;
    for _ in 0..rounds {
        let (r, code) = paid_order(&s, &shop, 1).await;
        let (c, p) = tokio::join!(
            s.post_auth(CANCEL_ANY, &r.c.token, json!({ "code": code })),
            s.post_auth(PREPARE, &staff.token, json!({ "code": code }))
        );
        assert!(matches!(c.status, 200 | 409 | 422) && matches!(p.status, 200 | 409 | 422), "{} / {}", c.text, p.text);
        assert!(!(c.status == 200 && p.status == 200), "both won: {} / {}", c.text, p.text);
        assert!(c.status == 200 || p.status == 200, "neither won: {} / {}", c.text, p.text);
        let o = order_row(&s, &code).await;
        if c.status == 200 {
            cancels += 1;
            assert_eq!((o.status.as_str(), o.stock_state.as_str()), ("cancelled", "released"));
        } else {
            assert_eq!((o.status.as_str(), o.stock_state.as_str()), ("preparing", "committed"));
        }
    }
    // Every cancelled order's laptop came back, exactly once.
    assert_eq!(stock(&s, shop.variant).await, 60 - rounds + cancels);
}

async fn a_return_on_the_eighth_working_day_is_refused_and_the_seventh_accepted(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (r, code) = delivered_order(&s, &shop, &staff, 1).await;
    // Delivered Sunday 1405/10/06: Mon 7 … Thu 10, (Fri 11), Sat 12, Sun 13, Mon 14 is the 7th.
    delivered_at(&s, &code, noon(1405, 10, 6)).await;
    clock_to(&s, noon(1405, 10, 15));
    let token = s.fresh_token(&r.c);
    let line = first_line(&s, &token, &code).await;
    let refused = ask(&s, &token, &code, line, 1).await;
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(refused.body["message"], "مهلت بازگرداندن این کالا ۱۴ دی ۱۴۰۵ به پایان رسیده است");
    assert_eq!(refused.body["field"], "lines");
    assert_eq!(s.count("order_return").await, 0);
    clock_to(&s, noon(1405, 10, 14));
    let token = s.fresh_token(&r.c);
    let ok = ask(&s, &token, &code, line, 1).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    assert_eq!(ok.body["data"]["returns"][0]["status"], "requested");
}

async fn a_return_on_the_friday_after_the_last_working_day_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (r, code) = delivered_order(&s, &shop, &staff, 1).await;
    // Delivered Wednesday 1405/09/18: Thu 19, (Fri 20), Sat 21 … Thu 26 is the 7th; Fri 27 is out.
    delivered_at(&s, &code, noon(1405, 9, 18)).await;
    clock_to(&s, noon(1405, 9, 27));
    let token = s.fresh_token(&r.c);
    let line = first_line(&s, &token, &code).await;
    let refused = ask(&s, &token, &code, line, 1).await;
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(refused.body["message"], "مهلت بازگرداندن این کالا ۲۶ آذر ۱۴۰۵ به پایان رسیده است");
}

async fn a_holiday_inside_the_window_moves_its_end(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (r, code) = delivered_order(&s, &shop, &staff, 1).await;
    // Delivered Saturday 1405/10/12; Wednesday 16 (Mab'ath) is a holiday of the seeded table:
    // Sun 13, Mon 14, Tue 15, Thu 17, Sat 19, Sun 20, Mon 21 is the 7th.
    delivered_at(&s, &code, noon(1405, 10, 12)).await;
    clock_to(&s, noon(1405, 10, 21));
    let token = s.fresh_token(&r.c);
    let line = first_line(&s, &token, &code).await;
    let ok = ask(&s, &token, &code, line, 1).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
}

async fn a_return_for_another_customers_order_is_not_found(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (r, code) = delivered_order(&s, &shop, &staff, 1).await;
    let line = first_line(&s, &r.c.token, &code).await;
    let other = customer(&s, "تهران").await;
    let a = ask(&s, &other.token, &code, line, 1).await;
    assert_eq!(a.status, 404, "{}", a.text);
    assert_eq!(a.body["message"], "سفارش مورد نظر پیدا نشد");
    assert_eq!(call(&s, AFTER, &other.token, json!({ "code": code })).await.status, 404);
    assert_eq!(call(&s, AGAIN, &other.token, json!({ "code": code })).await.status, 404);
    assert_eq!(s.count("order_return").await, 0);
}

async fn a_line_already_returned_cannot_be_returned_again(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (r, code) = delivered_order(&s, &shop, &staff, 1).await;
    let line = first_line(&s, &r.c.token, &code).await;
    // Two at once: one return holds the line.
    let (a, b) = tokio::join!(ask(&s, &r.c.token, &code, line, 1), ask(&s, &r.c.token, &code, line, 1));
    assert_eq!([a.status, b.status].iter().filter(|x| **x == 200).count(), 1, "{} / {}", a.text, b.text);
    let again = ask(&s, &r.c.token, &code, line, 1).await;
    assert_eq!(again.status, 422, "{}", again.text);
    assert_eq!(again.body["message"], "این کالا پیش‌تر مرجوع شده یا درخواست مرجوعی باز دارد");
    assert_eq!(s.count("order_return").await, 1);
    // Rejected, the line may be asked again.
    let list = call(&s, R_LIST, &staff.token, json!({})).await;
    let id = list.body["data"][0]["item"]["id"].as_i64().unwrap();
    let rej = call(&s, R_REJECT, &staff.token, json!({ "id": id, "reason": "  " })).await;
    assert_eq!((rej.status, rej.body["message"].clone()), (422, json!("لطفا دلیل رد درخواست را وارد کنید")));
    let rej = call(&s, R_REJECT, &staff.token, json!({ "id": id, "reason": "کالا آسیب فیزیکی دیده است" })).await;
    assert_eq!(rej.status, 200, "{}", rej.text);
    assert_eq!(rej.body["data"]["item"]["reject_reason"], "کالا آسیب فیزیکی دیده است");
    assert_eq!(ask(&s, &r.c.token, &code, line, 1).await.status, 200);
}

async fn staff_approve_receive_and_refund_a_return_and_the_customer_sees_refunded(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let admin = s.staff(&mobile()).await;
    let (r, code) = delivered_order(&s, &shop, &staff, 2).await;
    let line = first_line(&s, &r.c.token, &code).await;
    let asked = ask(&s, &r.c.token, &code, line, 1).await;
    assert_eq!(asked.status, 200, "{}", asked.text);
    let ret = &asked.body["data"]["returns"][0];
    assert_eq!(ret["amount"], shop.price + shop.warranty, "one unit, its warranty included");
    assert_eq!(ret["photo_count"], 1);
    let id = ret["id"].as_i64().unwrap();

    // A customer is not staff; out of turn is refused in Persian.
    assert_eq!(s.post_auth(R_APPROVE, &r.c.token, json!({ "id": id })).await.status, 403);
    let early = call(&s, R_REFUND, &staff.token, json!({ "id": id, "reference": "123456" })).await;
    assert_eq!(early.status, 422, "{}", early.text);
    assert!(early.body["message"].as_str().unwrap().contains("درخواست‌شده"));

    let a = call(&s, R_APPROVE, &staff.token, json!({ "id": id })).await;
    assert_eq!((a.status, a.body["data"]["actions"].clone()), (200, json!(["receive"])), "{}", a.text);
    call(&s, R_RECEIVE, &staff.token, json!({ "id": id })).await;
    let bad_ref = call(&s, R_REFUND, &staff.token, json!({ "id": id, "reference": "<b>1</b>" })).await;
    assert_eq!((bad_ref.status, bad_ref.body["field"].clone()), (422, json!("reference")));
    let done = call(&s, R_REFUND, &staff.token, json!({ "id": id, "reference": "۹۸۷۶۵۴" })).await;
    assert_eq!(done.status, 200, "{}", done.text);
    assert_eq!(done.body["data"]["item"]["status"], "refunded");
    // The refund is recorded against the payment, once, with the audit trail.
    let refunds = s.rows("refund").await;
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0]["amount"], shop.price + shop.warranty);
    assert_eq!(refunds[0]["reference"], "987654");
    let log = call(&s, "/api/admin/v1/audit/list", &admin.token, json!({ "entity": "order_return", "entity_id": id.to_string() })).await;
    let actions: Vec<&str> = log.body["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["return.refund", "return.receive", "return.approve"], "{}", log.text);

    let page = call(&s, AFTER, &r.c.token, json!({ "code": code })).await;
    assert_eq!(page.body["data"]["returns"][0]["status"], "refunded");
    assert_eq!(page.body["data"]["returns"][0]["status_label"], "بازپرداخت‌شده");
    assert_eq!(page.body["data"]["refund"]["refunded"], shop.price + shop.warranty);
    let steps: Vec<&str> =
        page.body["data"]["returns"][0]["timeline"].as_array().unwrap().iter().map(|x| x["status"].as_str().unwrap()).collect();
    assert_eq!(steps, ["requested", "approved", "received", "refunded"]);
    // One unit is left of the line: it may still be returned.
    assert_eq!(page.body["data"]["lines"][0]["returned"], 1);
    assert_eq!(page.body["data"]["lines"][0]["returnable"], true);

    // The customer was told of each state, with the order code.
    let m = shop_server::auth::entity::user::Entity::find_by_id(r.c.id).one(&s.db).await.unwrap().unwrap().mobile;
    eventually("return SMS", || async {
        let t = s.get(&format!("/api/dev/sms?mobile={m}")).await;
        t.body["messages"].as_array().unwrap().iter().filter(|x| x["text"].as_str().unwrap().contains("مرجوعی")).count() >= 4
    })
    .await;
}

async fn a_return_with_too_many_or_bad_photos_or_a_reason_off_the_list_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let (r, code) = delivered_order(&s, &shop, &staff, 1).await;
    let line = first_line(&s, &r.c.token, &code).await;
    let lines = json!([{ "line_id": line, "num": 1 }]).to_string();
    let base = || Form::new().text("code", &code).text("lines", &lines).text("reason", "defective");
    let four = base().photo("1.png", &png()).photo("2.png", &png()).photo("3.png", &png()).photo("4.png", &png());
    let a = send(&s, &r.c.token, four).await;
    assert_eq!((a.status, a.body["message"].clone(), a.body["field"].clone()), (422, json!("حداکثر ۳ فایل می‌توانید پیوست کنید"), json!("photos")));
    let exe = base().photo("photo.png", b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xFF\xFF\x00\x00");
    let a = send(&s, &r.c.token, exe).await;
    assert_eq!((a.status, a.body["field"].clone()), (422, json!("photos")), "{}", a.text);
    let reason = Form::new().text("code", &code).text("lines", &lines).text("reason", "bored");
    let a = send(&s, &r.c.token, reason).await;
    assert_eq!((a.status, a.body["message"].clone()), (422, json!("دلیل مرجوعی را از فهرست انتخاب کنید")));
    let long = base().text("description", &"ب".repeat(1001));
    let a = send(&s, &r.c.token, long).await;
    assert_eq!((a.status, a.body["field"].clone()), (422, json!("description")));
    let two = Form::new().text("code", &code).text("lines", &json!([{ "line_id": line, "num": 2 }]).to_string()).text("reason", "defective");
    let a = send(&s, &r.c.token, two).await;
    assert_eq!((a.status, a.body["message"].clone()), (422, json!("برای این کالا حداکثر ۱ عدد را می‌توانید بازگردانید")));
    let garbage = Form::new().text("code", &code).text("lines", "not json").text("reason", "defective");
    assert_eq!(send(&s, &r.c.token, garbage).await.status, 422);
    assert_eq!(s.count("order_return").await, 0);
    // An order not yet delivered.
    let (r2, paid) = paid_order(&s, &shop, 1).await;
    let l2 = first_line(&s, &r2.c.token, &paid).await;
    let a = ask(&s, &r2.c.token, &paid, l2, 1).await;
    assert_eq!((a.status, a.body["message"].clone()), (422, json!("فقط کالاهای سفارش تحویل‌شده را می‌توان مرجوع کرد")));
}

async fn buying_again_puts_the_lines_in_the_cart_at_todays_prices_and_names_what_cannot_be(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let (r, code) = paid_order(&s, &shop, 2).await;
    s.set_price(shop.variant, 9_000_000).await;
    let again = call(&s, AGAIN, &r.c.token, json!({ "code": code })).await;
    assert_eq!(again.status, 200, "{}", again.text);
    assert_eq!(again.body["data"][0]["added"], true);
    let cart = s.post_auth(LIST, &r.c.token, json!({ "uid": r.c.uid })).await;
    assert_eq!(cart.body["data"][0]["Num"], 2, "{}", cart.text);
    assert_eq!(cart.body["data"][0]["Price"], 9_000_000, "today's price, not the order's");
    // Out of stock: reported in Persian, not dropped silently.
    set_stock(&s, shop.variant, 1).await;
    let again = call(&s, AGAIN, &r.c.token, json!({ "code": code })).await;
    assert_eq!(again.body["data"][0]["added"], false);
    assert!(!again.body["data"][0]["message"].as_str().unwrap().is_empty(), "{}", again.text);
    unpublish(&s, shop.product).await;
    let again = call(&s, AGAIN, &r.c.token, json!({ "code": code })).await;
    assert!(again.body["data"][0]["message"].as_str().unwrap().contains("دیگر فروخته نمی‌شود"), "{}", again.text);
}

async fn staff_keep_the_holiday_table(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let c = customer(&s, "تهران").await;
    assert_eq!(s.post_auth(H_LIST, &c.token, json!({})).await.status, 403);
    let list = call(&s, H_LIST, &staff.token, json!({})).await;
    let days: Vec<&str> = list.body["data"].as_array().unwrap().iter().map(|h| h["date"].as_str().unwrap()).collect();
    for d in ["1405/01/01", "1405/01/13", "1405/03/14", "1405/03/15", "1405/04/04", "1405/11/22", "1405/12/29"] {
        assert!(days.contains(&d), "{d} seeded: {days:?}");
    }
    let saved = call(&s, H_SAVE, &staff.token, json!({ "date": "۱۴۰۵/۰۴/۰۵", "name": "عاشورا (اصلاح)" })).await;
    assert_eq!(saved.status, 200, "{}", saved.text);
    let h = saved.body["data"].as_array().unwrap().iter().find(|h| h["date"] == "1405/04/05").unwrap().clone();
    let bad = call(&s, H_SAVE, &staff.token, json!({ "date": "1405/13/01", "name": "x" })).await;
    assert_eq!((bad.status, bad.body["field"].clone()), (422, json!("date")));
    let removed = call(&s, H_REMOVE, &staff.token, json!({ "id": h["id"] })).await;
    assert!(removed.body["data"].as_array().unwrap().iter().all(|x| x["date"] != "1405/04/05"));
    assert_eq!(call(&s, H_REMOVE, &staff.token, json!({ "id": h["id"] })).await.status, 404);
}
