//! After the sale over HTTP on both databases: staff ship with one serial per unit (markup,
//! repeats and missing serials refused, nothing written); the customer sees each unit's
//! warranty and its Jalali end day, opens a claim (a `warranty` ticket) within it and not
//! after; staff move the claim along core's table (role-checked, audited, SMS); another
//! customer's order or unit is 404; the official invoice's IDs are checked by core's rules.

use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};
use shop_core::jalali::format_jalali;
use shop_core::warranty::end::warranty_end;
use shop_server::order::entity::customer_order_line;
use shop_server::warranty::entity::warranty_term;

use crate::checkout_support::*;
use crate::helpers::{mobile, on_both_dbs, spawn_app, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    shipping_records_one_serial_per_unit_and_the_customer_sees_each_warranty_end,
    a_serial_with_markup_a_repeated_or_a_missing_one_refuses_the_ship_and_writes_nothing,
    a_claim_within_the_warranty_is_a_warranty_ticket_that_staff_move_along_the_table,
    a_claim_after_the_end_date_is_refused_in_persian,
    another_customers_order_or_unit_answers_not_found,
    an_official_invoice_with_a_bad_id_is_refused_and_a_good_one_is_kept,
);

const PREPARE: &str = "/api/admin/v1/order/prepare";
const SHIP: &str = "/api/admin/v1/order/ship";
const DELIVER: &str = "/api/admin/v1/order/deliver";
const SHOW: &str = "/api/admin/v1/order/show";
const UNITS: &str = "/api/client/v1/warranty/units";
const CLAIM: &str = "/api/client/v1/warranty/claim";
const STAFF_LIST: &str = "/api/admin/v1/warranty/list";
const STAFF_MOVE: &str = "/api/admin/v1/warranty/move";
const OI_SAVE: &str = "/api/client/v1/official-invoice/save";
const OI_SHOW: &str = "/api/client/v1/official-invoice/show";

/// One serial per unit of every line of order `code`: `SN<line><unit>` (what the ship form sends).
pub async fn serials_for(s: &TestApp, code: &str) -> Value {
    let order = order_row(s, code).await;
    let lines = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.eq(order.id))
        .order_by_asc(customer_order_line::Column::Id)
        .all(&s.db)
        .await
        .unwrap();
    Value::Array(
        lines
            .iter()
            .map(|l| json!({ "line_id": l.id, "serials": (1..=l.num).map(|i| format!("SN{}-{i}", l.id)).collect::<Vec<_>>() }))
            .collect(),
    )
}

async fn call(s: &TestApp, path: &str, token: &str, body: Value) -> Resp {
    let r = s.post_auth(path, token, body).await;
    assert_ne!(r.status, 500, "{}", r.text);
    r
}

/// The test shop's warranty («گارانتی ۱۸ ماهه») lasts 18 months.
async fn eighteen_months(s: &TestApp) {
    warranty_term::ActiveModel { name: Set("گارانتی ۱۸ ماهه".into()), months: Set(18) }.insert(&s.db).await.unwrap();
}

/// A preparing order of `num` laptops, its customer and an orders staff member.
async fn preparing(s: &TestApp, num: i64) -> (Ready, String, TestUser) {
    eighteen_months(s).await;
    let shop = shop(s, 10).await;
    let r = ready(s, &shop, num).await;
    let code = register(s, &r, &shop).await;
    let (_, authority) = start_payment(s, &r.c, &code).await;
    let resp = no_redirect().post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay"))).send().await.unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let _ = get_location(s, &to).await;
    let staff = s.staff_with(&mobile(), &["orders"]).await;
    let prepared = call(s, PREPARE, &staff.token, json!({ "code": code })).await;
    assert_eq!(prepared.status, 200, "{}", prepared.text);
    (r, code, staff)
}

async fn ship(s: &TestApp, staff: &TestUser, code: &str, serials: Value) -> Resp {
    call(s, SHIP, &staff.token, json!({ "code": code, "carrier": "پست", "tracking_code": "RR123456789IR", "serials": serials })).await
}

/// A shipped order of one laptop with serial `SN<line>-1`; its customer.
async fn shipped(s: &TestApp) -> (Ready, String, TestUser) {
    let (r, code, staff) = preparing(s, 1).await;
    let units = serials_for(s, &code).await;
    assert_eq!(ship(s, &staff, &code, units).await.status, 200);
    (r, code, staff)
}

async fn units(s: &TestApp, c: &TestUser, code: &str) -> Vec<Value> {
    let r = call(s, UNITS, &c.token, json!({ "code": code })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["data"].as_array().unwrap().clone()
}

fn today(s: &TestApp) -> shop_core::jalali::JalaliDate {
    shop_core::tehran::tehran_date(s.now()).unwrap()
}

async fn shipping_records_one_serial_per_unit_and_the_customer_sees_each_warranty_end(db: TestDb) {
    let s = spawn_app(db).await;
    let (r, code, staff) = preparing(&s, 2).await;
    let mut units_sent = serials_for(&s, &code).await;
    units_sent[0]["serials"] = json!([" 5cd-۱۲۳۴xy ", "PF/2ABC3D"]);
    let resp = ship(&s, &staff, &code, units_sent).await;
    assert_eq!(resp.status, 200, "{}", resp.text);
    assert_eq!(resp.body["data"]["lines"][0]["serials"], json!(["5CD-1234XY", "PF/2ABC3D"]));

    let list = units(&s, &r.c, &code).await;
    assert_eq!(list.len(), 2);
    let end = format_jalali(&warranty_end(today(&s), 18).unwrap());
    for (u, serial) in list.iter().zip(["5CD-1234XY", "PF/2ABC3D"]) {
        assert_eq!((u["serial"].as_str(), u["warranty_name"].as_str(), u["warranty_months"].as_i64()), (Some(serial), Some("گارانتی ۱۸ ماهه"), Some(18)));
        assert_eq!((u["start_kind"].as_str(), u["end"].as_str(), u["can_claim"].as_bool()), (Some("shipped"), Some(end.as_str()), Some(true)));
    }

    // Delivered three days later: the warranty runs from delivery.
    s.advance_clock(3 * 86_400);
    let staff = TestUser { id: staff.id, uid: staff.uid.clone(), token: s.fresh_token(&staff) };
    let c = TestUser { id: r.c.id, uid: r.c.uid.clone(), token: s.fresh_token(&r.c) };
    assert_eq!(call(&s, DELIVER, &staff.token, json!({ "code": code })).await.status, 200);
    let list = units(&s, &c, &code).await;
    let end = format_jalali(&warranty_end(today(&s), 18).unwrap());
    assert_eq!((list[0]["start_kind"].as_str(), list[0]["end"].as_str()), (Some("delivered"), Some(end.as_str())));
}

async fn a_serial_with_markup_a_repeated_or_a_missing_one_refuses_the_ship_and_writes_nothing(db: TestDb) {
    let s = spawn_app(db).await;
    let (_, code, staff) = preparing(&s, 2).await;
    let line = serials_for(&s, &code).await[0]["line_id"].clone();
    let audits = s.count("audit_log").await;
    for (serials, message) in [
        (json!([{ "line_id": line, "serials": ["<b>5CD1</b>", "AAAA"] }]), "«لپ‌تاپ آزمایشی ایسوس»، دستگاه ۱: شماره سریال نباید نشانه‌گذاری HTML (مانند < و >) داشته باشد"),
        (json!([{ "line_id": line, "serials": ["AAAA", "aaaa"] }]), "شماره سریال AAAA دو بار وارد شده است"),
        (json!([{ "line_id": line, "serials": ["AAAA"] }]), "برای «لپ‌تاپ آزمایشی ایسوس» ۲ شماره سریال لازم است (یکی برای هر دستگاه)؛ ۱ وارد شده است"),
        (json!([{ "line_id": line, "serials": ["AAAA", "  "] }]), "برای «لپ‌تاپ آزمایشی ایسوس» ۲ شماره سریال لازم است (یکی برای هر دستگاه)؛ ۱ وارد شده است"),
        (json!([]), "برای «لپ‌تاپ آزمایشی ایسوس» ۲ شماره سریال لازم است (یکی برای هر دستگاه)؛ ۰ وارد شده است"),
        (json!([{ "line_id": 999_999, "serials": ["AAAA", "BBBB"] }]), "ردیف ۹۹۹۹۹۹ در این سفارش نیست"),
        (json!([{ "line_id": line, "serials": ["AB 12", "BBBB"] }]), "«لپ‌تاپ آزمایشی ایسوس»، دستگاه ۱: شماره سریال فقط می‌تواند حرف انگلیسی، رقم، خط تیره و / داشته باشد"),
    ] {
        let resp = ship(&s, &staff, &code, serials.clone()).await;
        assert_eq!(resp.assert_error(422).body["field"], "serials", "{serials}");
        assert_eq!(resp.s("message"), message, "{serials}");
    }
    let o = order_row(&s, &code).await;
    assert_eq!((o.status.as_str(), o.tracking_code), ("preparing", None));
    assert_eq!(s.count("order_unit").await, 0);
    assert_eq!(s.count("audit_log").await, audits, "no move was audited");
    let shown = call(&s, SHOW, &staff.token, json!({ "code": code })).await;
    assert_eq!(shown.body["data"]["lines"][0]["serials"], json!([]));
}

async fn a_claim_within_the_warranty_is_a_warranty_ticket_that_staff_move_along_the_table(db: TestDb) {
    let s = spawn_app(db).await;
    let (r, code, orders_staff) = shipped(&s).await;
    let unit = units(&s, &r.c, &code).await[0].clone();
    let opened = call(&s, CLAIM, &r.c.token, json!({ "unit_id": unit["unit_id"], "message": "صفحه‌کلید کار نمی‌کند" })).await;
    assert_eq!(opened.status, 200, "{}", opened.text);
    assert_eq!((opened.body["data"]["status"].as_str(), opened.body["data"]["status_label"].as_str()), (Some("received"), Some("دریافت شد")));
    let tickets = s.rows("ticket").await;
    assert_eq!(tickets.len(), 1);
    assert_eq!((tickets[0]["department"].as_str(), tickets[0]["order_code"].as_str()), (Some("warranty"), Some(code.as_str())));
    assert!(tickets[0]["subject"].as_str().unwrap().contains(unit["serial"].as_str().unwrap()));

    let again = call(&s, CLAIM, &r.c.token, json!({ "unit_id": unit["unit_id"], "message": "دوباره" })).await;
    assert_eq!(again.assert_error(422).s("message"), "برای این دستگاه یک درخواست گارانتی باز دارید؛ وضعیت آن را در همین صفحه ببینید");
    let empty = call(&s, CLAIM, &r.c.token, json!({ "unit_id": unit["unit_id"], "message": "  " })).await;
    assert_eq!(empty.assert_error(422).body["field"], "message");

    // Orders staff cannot move claims: the support role does.
    let id = opened.body["data"]["id"].as_i64().unwrap();
    assert_eq!(s.post_auth(STAFF_MOVE, &orders_staff.token, json!({ "id": id, "event": "to_repair" })).await.status, 403);
    let support = s.staff_with(&mobile(), &["support"]).await;
    let listed = call(&s, STAFF_LIST, &support.token, json!({})).await;
    assert_eq!(listed.body["data"][0]["actions"], json!(["to_repair"]), "{}", listed.text);
    let skip = call(&s, STAFF_MOVE, &support.token, json!({ "id": id, "event": "return" })).await;
    assert_eq!(skip.assert_error(422).s("message"), "این تغییر برای درخواست گارانتی در وضعیت «دریافت شد» ممکن نیست");
    let unknown = call(&s, STAFF_MOVE, &support.token, json!({ "id": id, "event": "<b>x</b>" })).await;
    assert_eq!(unknown.assert_error(422).body["field"], "event");
    for (event, to) in [("to_repair", "at_repair"), ("replaced", "replaced"), ("return", "returned")] {
        let moved = call(&s, STAFF_MOVE, &support.token, json!({ "id": id, "event": event })).await;
        assert_eq!(moved.body["data"]["status"], to, "{}", moved.text);
    }
    let seen = units(&s, &r.c, &code).await;
    assert_eq!(seen[0]["claim"]["status_label"], "به مشتری بازگشت");
    let missing = call(&s, STAFF_MOVE, &support.token, json!({ "id": id + 100, "event": "to_repair" })).await;
    missing.assert_error(404);

    let audit: Vec<String> = s.rows("audit_log").await.iter().filter_map(|a| a["action"].as_str().map(str::to_owned)).collect();
    for a in ["warranty.claim.to_repair", "warranty.claim.replaced", "warranty.claim.return"] {
        assert!(audit.iter().any(|x| x == a), "{a}: {audit:?}");
    }
    let mobile_no = shop_server::auth::entity::user::Entity::find_by_id(r.c.id).one(&s.db).await.unwrap().unwrap().mobile;
    eventually("the claim SMS", || async {
        let texts = s.get(&format!("/api/dev/sms?mobile={mobile_no}")).await.body["messages"].to_string();
        texts.contains("تعمیرگاه گارانتی") && texts.contains("تعویض شد") && texts.contains("برای شما ارسال شد")
    })
    .await;
}

async fn a_claim_after_the_end_date_is_refused_in_persian(db: TestDb) {
    let s = spawn_app(db).await;
    let (r, code, _) = shipped(&s).await;
    let end = warranty_end(today(&s), 18).unwrap();
    // The end day itself is still covered; the day after it is not.
    s.advance_clock(500 * 86_400);
    while today(&s) < end {
        s.advance_clock(86_400);
    }
    let c = TestUser { id: r.c.id, uid: r.c.uid.clone(), token: s.fresh_token(&r.c) };
    let unit = units(&s, &c, &code).await[0].clone();
    assert_eq!(unit["can_claim"], true, "on the end day: {unit}");
    s.advance_clock(86_400);
    let c = TestUser { id: r.c.id, uid: r.c.uid.clone(), token: s.fresh_token(&r.c) };
    let unit = units(&s, &c, &code).await[0].clone();
    let expected = format!("گارانتی این کالا در {} به پایان رسیده است؛ ثبت درخواست گارانتی ممکن نیست", format_jalali(&end));
    assert_eq!((unit["can_claim"].as_bool(), unit["refusal"].as_str()), (Some(false), Some(expected.as_str())));
    let late = call(&s, CLAIM, &c.token, json!({ "unit_id": unit["unit_id"], "message": "خراب شد" })).await;
    assert_eq!(late.assert_error(422).s("message"), expected);
    assert_eq!((s.count("ticket").await, s.count("warranty_claim").await), (0, 0));
}

async fn another_customers_order_or_unit_answers_not_found(db: TestDb) {
    let s = spawn_app(db).await;
    let (r, code, _) = shipped(&s).await;
    let unit = units(&s, &r.c, &code).await[0]["unit_id"].clone();
    let other = customer(&s, "تهران").await;
    let u = call(&s, UNITS, &other.token, json!({ "code": code })).await;
    assert_eq!(u.assert_error(404).s("message"), "سفارش مورد نظر پیدا نشد");
    let c = call(&s, CLAIM, &other.token, json!({ "unit_id": unit, "message": "مال من است" })).await;
    assert_eq!(c.assert_error(404).s("message"), "کالای مورد نظر پیدا نشد");
    let o = call(&s, OI_SAVE, &other.token, json!({ "code": code, "buyer_type": "person", "legal_name": "دیگری", "national_id": "0013542419", "postal_code": "1234567890" })).await;
    o.assert_error(404);
    call(&s, OI_SHOW, &other.token, json!({ "code": code })).await.assert_error(404);
    assert_eq!((s.count("warranty_claim").await, s.count("official_invoice").await), (0, 0));
}

async fn an_official_invoice_with_a_bad_id_is_refused_and_a_good_one_is_kept(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let person = |id: &str| json!({ "code": code, "buyer_type": "person", "legal_name": "مریم احمدی", "national_id": id, "postal_code": "۱۲۳۴۵-۶۷۸۹۰" });
    for (body, field, message) in [
        (person("0013542418"), "national_id", "کد ملی وارد شده معتبر نیست!"),
        (person("۰۰۱۳۵۴۲۴۱۸"), "national_id", "کد ملی وارد شده معتبر نیست!"),
        (person("1111111111"), "national_id", "کد ملی وارد شده معتبر نیست!"),
        (person("12345"), "national_id", "کد ملی باید ۱۰ رقم باشد"),
        (person(""), "national_id", "لطفا کد ملی را وارد کنید"),
        (
            json!({ "code": code, "buyer_type": "company", "legal_name": "شرکت نمونه", "company_id": "10380284791", "economic_code": "10380284791", "postal_code": "1234567890" }),
            "company_id",
            "شناسه ملی وارد شده معتبر نیست!",
        ),
        (
            json!({ "code": code, "buyer_type": "company", "legal_name": "شرکت نمونه", "company_id": "10380284790", "economic_code": "411111111111", "postal_code": "1234567890" }),
            "economic_code",
            shop_core::tax_id::economic_code::OLD_FORMAT_MESSAGE,
        ),
        (json!({ "code": code, "buyer_type": "<b>", "legal_name": "x" }), "buyer_type", "نوع خریدار وارد شده معتبر نیست!"),
    ] {
        let resp = call(&s, OI_SAVE, &r.c.token, body.clone()).await;
        assert_eq!(resp.assert_error(422).body["field"], field, "{body}");
        assert_eq!(resp.s("message"), message, "{body}");
    }
    assert_eq!(s.count("official_invoice").await, 0);
    let none = call(&s, OI_SHOW, &r.c.token, json!({ "code": code })).await;
    assert_eq!(none.body["data"], Value::Null);

    // Persian digits are accepted and kept as ASCII; a second request replaces the first.
    let saved = call(&s, OI_SAVE, &r.c.token, person("۰۰۱۳۵۴۲۴۱۹")).await;
    assert_eq!(saved.body["data"]["national_id"], "0013542419", "{}", saved.text);
    let company = json!({ "code": code, "buyer_type": "company", "legal_name": "شرکت نمونه", "company_id": "۱۰۳۸۰۲۸۴۷۹۰", "economic_code": "10380284790", "postal_code": "1234567890" });
    assert_eq!(call(&s, OI_SAVE, &r.c.token, company).await.status, 200);
    let shown = call(&s, OI_SHOW, &r.c.token, json!({ "code": code })).await;
    assert_eq!(
        shown.body["data"],
        json!({ "buyer_type": "company", "buyer_type_label": "شخص حقوقی", "legal_name": "شرکت نمونه", "national_id": "10380284790",
            "national_id_label": "شناسه ملی", "economic_code": "10380284790", "postal_code": "1234567890" })
    );
    assert_eq!(s.count("official_invoice").await, 1);
}
