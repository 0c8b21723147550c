//! Instalments over HTTP, on SQLite and on PostgreSQL: registering in instalments (the server
//! recomputes the schedule with core and freezes it), the down payment and each instalment
//! through the fake Zarinpal and the sandbox bank, the finance page, the bad inputs,
//! and the reminder SMS sent once by two server nodes sharing one database.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::{Data, Form, Path};
use poem::{handler, post, EndpointExt, IntoResponse, Response, Route};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};
use shop_core::instalment::{instalment_schedule, InstalmentTerms, ScheduleInput};
use shop_server::instalment::entity::reminder;
use shop_server::plan::entity::{instalment, instalment_plan, order_plan};
use shop_server::payment::entity::payment;
use shop_server::platform::config::SmsSetting;
use shop_server::platform::Config;

use crate::checkout_support::*;
use crate::helpers::{on_both_dbs, spawn_app, spawn_app_with, TestApp, TestDb, TestUser};

on_both_dbs!(
    buying_in_instalments_through_zarinpal_and_paying_the_next_one,
    the_sandbox_bank_lands_on_the_instalment_success_page,
    a_cart_line_without_instalments_refuses_a_plan,
    totals_outside_the_plan_and_unknown_plans_are_refused,
    another_customers_instalment_or_order_is_not_found,
    the_same_instalment_paid_twice_at_the_bank_is_flagged_for_a_refund,
    reminders_go_out_once_from_two_nodes,
    claimed_and_cancelled_rows_do_not_starve_a_due_reminder,
    an_instalment_paid_at_the_bank_after_staff_cancelled_is_owed_back_and_pays_nothing,
    the_summary_shows_the_schedule_that_registration_freezes_and_the_bank_charges,
);

const FINANCE: &str = "/api/client/v1/instalment/finance";
const ORDER_PLAN: &str = "/api/client/v1/instalment/order";
const PAY: &str = "/api/client/v1/instalment/pay";
const PLANS: &str = "/api/client/v1/instalment/plans";

/// A plan row; returns its id.
async fn plan(s: &TestApp, down: i64, months: i64, rate_bp: i64, min: i64, max: i64) -> i64 {
    instalment_plan::ActiveModel {
        name: Set(format!("اقساط {} ماهه", shop_core::digits::to_persian_digits(&months.to_string()))),
        down_payment_percent: Set(down),
        months: Set(months),
        monthly_rate_bp: Set(rate_bp),
        min_total: Set(min),
        max_total: Set(max),
        active: Set(true),
        position: Set(0),
        ..Default::default()
    }
    .insert(&s.db)
    .await
    .unwrap()
    .id
}

fn instalment_body(r: &Ready, delivery: i64, plan_id: Value) -> Value {
    json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": delivery,
            "paymentmethod": "instalment", "planid": plan_id })
}

/// Registers the ready cart in instalments on `plan_id`; returns the order's code.
async fn register_in_instalments(s: &TestApp, r: &Ready, shop: &Shop, plan_id: i64) -> String {
    let resp = post_key(s, REGISTER, &r.c.token, &key(), instalment_body(r, shop.post, json!(plan_id))).await;
    assert_eq!(resp.s("status"), "ok", "{}", resp.text);
    resp.body["order"]["Code"].as_str().unwrap().to_string()
}

async fn instalments_of(s: &TestApp, code: &str) -> Vec<instalment::Model> {
    let order = order_row(s, code).await;
    instalment::Entity::find()
        .filter(instalment::Column::OrderId.eq(order.id))
        .order_by_asc(instalment::Column::Number)
        .all(&s.db)
        .await
        .unwrap()
}

async fn payments_of(s: &TestApp, user_id: i64) -> Vec<payment::Model> {
    payment::Entity::find()
        .filter(payment::Column::UserId.eq(user_id))
        .order_by_asc(payment::Column::Id)
        .all(&s.db)
        .await
        .unwrap()
}

fn zarinpal(base: String) -> impl Fn(&mut Config) {
    zarinpal_at(base, 2000)
}

/// Pays `authority` at the fake Zarinpal and follows the callback; returns where it redirects.
async fn pay_at_zarinpal(s: &TestApp, fake: &FakeZarinpal, authority: &str) -> String {
    fake.pay(authority);
    let (status, loc) = get_location(s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await;
    assert_eq!(status, 303);
    loc
}

/// A Tehran customer with one laptop (10,500,000 with warranty) in the cart, registered in
/// instalments on a 30% / 6 months / 2% plan and its down payment paid at the fake Zarinpal.
async fn paid_down_payment(s: &TestApp, fake: &FakeZarinpal, shop: &Shop) -> (Ready, String) {
    let plan_id = plan(s, 30, 6, 200, 1_000_000, 100_000_000).await;
    let r = ready(s, shop, 1).await;
    let code = register_in_instalments(s, &r, shop, plan_id).await;
    let (_, authority) = start_payment(s, &r.c, &code).await;
    let loc = pay_at_zarinpal(s, fake, &authority).await;
    assert_eq!(loc, format!("/success-inspayment?code={code}"));
    (r, code)
}

async fn buying_in_instalments_through_zarinpal_and_paying_the_next_one(db: TestDb) {
    let fake = fake_zarinpal().await;
    // No background reconciliation (every 100 ms in tests): it may verify a payment the
    // callback is verifying, and this test counts the bank's verifications.
    let gateway = zarinpal(fake.base.clone());
    let s = spawn_app_with(db, |c| {
        gateway(c);
        c.job_interval_ms = 3_600_000;
    })
    .await;
    let shop = shop(&s, 10).await;
    let plan_id = plan(&s, 30, 6, 200, 1_000_000, 100_000_000).await;
    let listed = s.get(PLANS).await;
    assert!(listed.body["data"].as_array().unwrap().iter().any(|p| p["Id"] == plan_id && p["Months"] == 6), "{}", listed.text);

    let r = ready(&s, &shop, 1).await;
    let code = register_in_instalments(&s, &r, &shop, plan_id).await;
    let order = order_row(&s, &code).await;
    let payable = shop.price + shop.warranty + 120_000;
    assert_eq!((order.payment_method.as_str(), order.payable), ("instalment", payable));

    // The frozen plan: the server's own schedule for the server's payable.
    let frozen = order_plan::Entity::find()
        .filter(order_plan::Column::OrderId.eq(order.id))
        .one(&s.db)
        .await
        .unwrap()
        .unwrap();
    let down = payable * 30 / 100;
    assert_eq!((frozen.total, frozen.down_payment, frozen.principal), (payable, down, payable - down));
    assert_eq!(frozen.charge, (payable - down) * 2 * 6 / 100);
    let rows = instalments_of(&s, &code).await;
    assert_eq!(rows.len(), 6);
    assert_eq!(rows.iter().map(|i| i.amount).sum::<i64>(), frozen.financed);
    let start = shop_core::tehran::tehran_date(order.created_at).unwrap();
    let expected = instalment_schedule(&ScheduleInput {
        terms: InstalmentTerms { down_payment_percent: 30, months: 6, monthly_rate_bp: 200, min_total: 1_000_000, max_total: 100_000_000 },
        total: payable,
        start,
    })
    .unwrap();
    for (row, want) in rows.iter().zip(&expected.instalments) {
        assert_eq!(row.amount, want.amount);
        assert_eq!(row.due_on, format!("{:04}/{:02}/{:02}", want.due.year, want.due.month, want.due.day));
    }

    // Before the down payment: no schedule on the finance page, and no instalment can be paid.
    let f = s.post_auth(FINANCE, &r.c.token, json!({})).await;
    assert_eq!(f.body["plans"], json!([]), "{}", f.text);
    let early = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": rows[0].id })).await;
    early.assert_error(422);
    assert_eq!(early.body["field"], "id");

    // The down payment goes through the gateway for its own amount, verified with it.
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    assert_eq!(payment_row(&s, &authority).await.amount, down);
    assert!(fake.requests().iter().any(|q| q["amount"] == down));
    let loc = pay_at_zarinpal(&s, &fake, &authority).await;
    assert_eq!(loc, format!("/success-inspayment?code={code}"));
    let v = fake.verifies().into_iter().rev().find(|v| v["authority"] == authority.as_str()).unwrap();
    assert_eq!(v["amount"], down);
    assert_eq!(order_row(&s, &code).await.status, "paid");
    let res = s.post_auth(PAY_RESULT, &r.c.token, json!({ "code": code })).await;
    assert_eq!((res.body["PaymentStatus"].as_str(), res.body["Amount"].as_i64()), (Some("paid"), Some(down)));

    // The success page's data: paid, with the schedule.
    let op = s.post_auth(ORDER_PLAN, &r.c.token, json!({ "code": code })).await;
    assert_eq!(op.status, 200, "{}", op.text);
    assert_eq!(op.body["DownPaymentPaid"], true);
    assert_eq!(op.body["Plan"]["Instalments"].as_array().unwrap().len(), 6);
    assert_eq!(op.body["Plan"]["NextId"], rows[0].id);
    assert_eq!(op.body["Plan"]["Instalments"][0]["State"], "upcoming");
    let due_text = op.body["Plan"]["Instalments"][0]["DueText"].as_str().unwrap().to_string();
    assert!(due_text.chars().any(|c| ('۰'..='۹').contains(&c)) && !due_text.chars().any(|c| c.is_ascii_digit()), "{due_text}");

    // Not the next one: refused, nothing sent to the gateway.
    let requests = fake.requests().len();
    let second = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": rows[1].id })).await;
    second.assert_error(422);
    assert_eq!(second.body["message"], "ابتدا قسط شمارهٔ ۱ را پرداخت کنید");
    assert_eq!(fake.requests().len(), requests);

    // Paying the next one; the same Idempotency-Key replayed opens no second attempt.
    let k = key();
    let first = post_key(&s, PAY, &r.c.token, &k, json!({ "id": rows[0].id })).await;
    assert_eq!(first.s("status"), "ok", "{}", first.text);
    let again = post_key(&s, PAY, &r.c.token, &k, json!({ "id": rows[0].id })).await;
    assert_eq!(again.body, first.body);
    assert_eq!(fake.requests().len(), requests + 1);
    let other_body = post_key(&s, PAY, &r.c.token, &k, json!({ "id": rows[1].id })).await;
    other_body.assert_error(409);
    let authority = first.s("authority");
    assert_eq!(payment_row(&s, &authority).await.amount, rows[0].amount);
    let loc = pay_at_zarinpal(&s, &fake, &authority).await;
    assert_eq!(loc, format!("/profile/finance?instalment={}&result=paid", rows[0].id));
    let v = fake.verifies().into_iter().rev().find(|v| v["authority"] == authority.as_str()).unwrap();
    assert_eq!(v["amount"], rows[0].amount);
    // A replayed callback changes nothing and verifies nothing.
    let verifies = fake.verifies().len();
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await;
    assert_eq!(loc, format!("/profile/finance?instalment={}&result=paid", rows[0].id));
    assert_eq!(fake.verifies().len(), verifies);

    // The finance page: both payments, the plan with the first instalment paid.
    let f = s.post_auth(FINANCE, &r.c.token, json!({})).await;
    assert_eq!(f.status, 200, "{}", f.text);
    let kinds: Vec<&str> = f.body["payments"].as_array().unwrap().iter().map(|p| p["Kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["instalment", "down_payment"]);
    assert_eq!(f.body["payments"][0]["KindLabel"], "قسط ۱");
    let p = &f.body["plans"][0];
    assert_eq!(p["Code"], code.as_str());
    assert_eq!(p["Instalments"][0]["State"], "paid");
    assert_eq!(p["Instalments"][1]["State"], "upcoming");
    assert_eq!(p["NextId"], rows[1].id);

    // Paying it again: a clear Persian refusal, no second attempt at the gateway.
    let requests = fake.requests().len();
    let twice = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": rows[0].id })).await;
    twice.assert_error(422);
    assert_eq!(twice.body["message"], "این قسط قبلا پرداخت شده است");
    assert_eq!(fake.requests().len(), requests);
    assert_eq!(payments_of(&s, r.c.id).await.len(), 2);

    // An unpaid instalment becomes overdue once its due date passes (the server's clock).
    s.advance_clock(65 * 86_400);
    let token = s.fresh_token(&r.c);
    let f = s.post_auth(FINANCE, &token, json!({})).await;
    assert_eq!(f.body["plans"][0]["Instalments"][1]["State"], "overdue", "{}", f.text);
    assert_eq!(f.body["plans"][0]["Instalments"][1]["StateLabel"], "معوق");
}

async fn the_sandbox_bank_lands_on_the_instalment_success_page(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let plan_id = plan(&s, 50, 3, 0, 1_000_000, 100_000_000).await;
    let r = ready(&s, &shop, 1).await;
    let code = register_in_instalments(&s, &r, &shop, plan_id).await;
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    let down = (shop.price + shop.warranty + 120_000) / 2;
    let page = s.get(&format!("/api/client/v1/payment/sandbox/{authority}")).await;
    assert!(page.text.contains(&shop_core::digits::format_price(down)), "the bank shows the down payment");
    let resp = no_redirect()
        .post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay")))
        .send()
        .await
        .unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let (_, loc) = get_location(&s, &to).await;
    assert_eq!(loc, format!("/success-inspayment?code={code}"));
    let op = s.post_auth(ORDER_PLAN, &r.c.token, json!({ "code": code.to_lowercase() })).await;
    assert_eq!(op.body["DownPaymentPaid"], true, "{}", op.text);
    assert_eq!(stock(&s, shop.variant).await, 9);

    // Cancelling an instalment at the bank keeps it unpaid and the order paid.
    let rows = instalments_of(&s, &code).await;
    let started = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": rows[0].id })).await;
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={}&Status=NOK", started.s("authority"))).await;
    assert_eq!(loc, format!("/profile/finance?instalment={}&result=failed", rows[0].id));
    assert_eq!(instalments_of(&s, &code).await[0].paid_at, None);
    assert_eq!(order_row(&s, &code).await.status, "paid");
}

async fn a_cart_line_without_instalments_refuses_a_plan(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let plan_id = plan(&s, 30, 6, 200, 1_000_000, 100_000_000).await;
    // A second product that may not be bought in instalments, in the same cart.
    let other = s.product_with_options(&format!("no-ins-{}", uuid::Uuid::new_v4().simple()), &[shop.post]).await;
    let other_variant = s.first_variant_of(other).await;
    let mut am: shop_server::catalog::variant::ActiveModel =
        shop_server::catalog::variant::Entity::find_by_id(other_variant).one(&s.db).await.unwrap().unwrap().into();
    am.ins_payment = Set(false);
    am.update(&s.db).await.unwrap();
    let r = ready(&s, &shop, 1).await;
    let resp = s
        .post_auth(EDIT, &r.c.token, json!({ "spid": other, "spiddetail": other_variant, "num": 1, "orderid": r.cart, "id": 0 }))
        .await;
    assert_eq!(resp.s("status"), "ok", "{}", resp.text);

    let summary = s.post_auth(SUMMARY, &r.c.token, json!({ "orderid": r.cart, "addressid": r.address })).await;
    assert_eq!(summary.body["InstalmentEligible"], false);
    assert_eq!(summary.body["PaymentMethods"], json!(["full"]));
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), instalment_body(&r, shop.post, json!(plan_id))).await;
    resp.assert_error(422);
    assert_eq!(resp.body["field"], "paymentmethod");
    assert_eq!(s.count("customer_order").await, 0);
    assert_eq!(s.count("order_instalment_plan").await, 0);
    assert_eq!(stock(&s, shop.variant).await, 10);
    // Paying in full still works.
    register(&s, &r, &shop).await;
}

async fn totals_outside_the_plan_and_unknown_plans_are_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await; // payable 10,620,000
    let above = plan(&s, 30, 6, 200, 20_000_000, 100_000_000).await;
    let below = plan(&s, 30, 6, 200, 1_000_000, 5_000_000).await;
    let withdrawn = plan(&s, 30, 6, 200, 1_000_000, 100_000_000).await;
    let mut am: instalment_plan::ActiveModel =
        instalment_plan::Entity::find_by_id(withdrawn).one(&s.db).await.unwrap().unwrap().into();
    am.active = Set(false);
    am.update(&s.db).await.unwrap();

    let cases: Vec<(Value, u16, &str)> = vec![
        (json!(above), 422, "مبلغ سفارش برای این طرح اقساطی باید دست‌کم ۲۰٬۰۰۰٬۰۰۰ تومان باشد"),
        (json!(below), 422, "مبلغ سفارش برای این طرح اقساطی باید حداکثر ۵٬۰۰۰٬۰۰۰ تومان باشد"),
        (json!(999_999_999), 404, "طرح اقساطی مورد نظر پیدا نشد"),
        (json!(withdrawn), 404, "طرح اقساطی مورد نظر پیدا نشد"),
        (json!(-1), 404, "طرح اقساطی مورد نظر پیدا نشد"),
        (Value::Null, 422, "لطفا طرح اقساطی را انتخاب کنید"),
    ];
    for (plan_id, status, message) in cases {
        let resp = post_key(&s, REGISTER, &r.c.token, &key(), instalment_body(&r, shop.post, plan_id.clone())).await;
        resp.assert_error(status);
        assert_eq!((resp.body["message"].as_str(), resp.body["field"].as_str()), (Some(message), Some("planid")), "{plan_id}");
    }
    // A plan id of the wrong type is a 400, never a 500.
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), instalment_body(&r, shop.post, json!("شش"))).await;
    assert!(resp.status == 400 || resp.status == 422, "{}", resp.text);
    assert_eq!(s.count("customer_order").await, 0);
    assert_eq!(stock(&s, shop.variant).await, 10);
    // Unknown instalment ids: 404, never a 500.
    for id in [json!(0), json!(-5), json!(i64::MAX)] {
        let resp = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": id })).await;
        resp.assert_error(404);
    }
    let resp = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": "یک" })).await;
    assert!(resp.status == 400 || resp.status == 422, "{}", resp.text);
    // Without a key: 422; without a token: 401.
    let resp = s.post_auth(PAY, &r.c.token, json!({ "id": 1 })).await;
    resp.assert_error(422);
    s.post(FINANCE, json!({})).await.assert_error(401);
}

async fn another_customers_instalment_or_order_is_not_found(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal(fake.base.clone())).await;
    let shop = shop(&s, 10).await;
    let (owner, code) = paid_down_payment(&s, &fake, &shop).await;
    let rows = instalments_of(&s, &code).await;
    let stranger: TestUser = customer(&s, "تهران").await;
    let requests = fake.requests().len();
    let resp = post_key(&s, PAY, &stranger.token, &key(), json!({ "id": rows[0].id })).await;
    resp.assert_error(404);
    assert_eq!(resp.body["message"], "قسط مورد نظر پیدا نشد");
    assert!(!resp.text.contains(&code));
    assert_eq!(fake.requests().len(), requests, "nothing asked of the gateway");
    let resp = s.post_auth(ORDER_PLAN, &stranger.token, json!({ "code": code })).await;
    resp.assert_error(404);
    let f = s.post_auth(FINANCE, &stranger.token, json!({})).await;
    assert_eq!((f.body["payments"].clone(), f.body["plans"].clone()), (json!([]), json!([])));
    assert!(payments_of(&s, stranger.id).await.is_empty());
    // The owner still can.
    let resp = post_key(&s, PAY, &owner.c.token, &key(), json!({ "id": rows[0].id })).await;
    assert_eq!(resp.s("status"), "ok", "{}", resp.text);
}

async fn the_same_instalment_paid_twice_at_the_bank_is_flagged_for_a_refund(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal(fake.base.clone())).await;
    let shop = shop(&s, 10).await;
    let (r, code) = paid_down_payment(&s, &fake, &shop).await;
    let rows = instalments_of(&s, &code).await;
    // Two tabs, two attempts (the second after the first stopped being answered again), both
    // paid at the bank.
    let a = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": rows[0].id })).await.s("authority");
    let again = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": rows[0].id })).await.s("authority");
    assert_eq!(again, a, "a pending attempt is answered again");
    s.clock.advance(s.state.config.payment_starts.reuse_secs + 1);
    let b = post_key(&s, PAY, &s.fresh_token(&r.c), &key(), json!({ "id": rows[0].id })).await.s("authority");
    assert_ne!(a, b);
    let loc = pay_at_zarinpal(&s, &fake, &a).await;
    assert!(loc.ends_with("result=paid"), "{loc}");
    let loc = pay_at_zarinpal(&s, &fake, &b).await;
    assert!(loc.ends_with("result=failed"), "{loc}");
    assert!(payment_row(&s, &b).await.refund_needed);
    let paid = instalments_of(&s, &code).await;
    assert_eq!(paid[0].payment_id, Some(payment_row(&s, &a).await.id));
    assert_eq!(paid.iter().filter(|i| i.paid_at.is_some()).count(), 1);
    // The finance page lists each verified payment as it is: the refund one is not hidden.
    let f = s.post_auth(FINANCE, &r.c.token, json!({})).await;
    assert_eq!(f.body["plans"][0]["NextId"], rows[1].id);
    let refunds: Vec<bool> = f.body["payments"].as_array().unwrap().iter().map(|p| p["RefundNeeded"].as_bool().unwrap()).collect();
    assert_eq!(refunds, [true, false, false], "{}", f.text);
}

/// Staff cancel a paid instalment order while its customer is at the bank paying the next
/// instalment: the late payment pays no instalment and is owed back with the down payment, and
/// the plan is over (nothing more to pay, no reminders).
async fn an_instalment_paid_at_the_bank_after_staff_cancelled_is_owed_back_and_pays_nothing(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal(fake.base.clone())).await;
    let shop = shop(&s, 10).await;
    let (r, code) = paid_down_payment(&s, &fake, &shop).await;
    let rows = instalments_of(&s, &code).await;
    let late = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": rows[0].id })).await.s("authority");
    let staff = s.staff_with(&crate::helpers::mobile(), &["orders"]).await;
    let cancel = s.post_auth("/api/admin/v1/order/cancel", &staff.token, json!({ "code": code })).await;
    assert_eq!(cancel.status, 200, "{}", cancel.text);

    let loc = pay_at_zarinpal(&s, &fake, &late).await;
    assert!(loc.ends_with("result=failed"), "{loc}");
    assert!(instalments_of(&s, &code).await.iter().all(|i| i.paid_at.is_none()));
    let payments = payments_of(&s, r.c.id).await;
    assert_eq!(payments.len(), 2);
    assert!(payments.iter().all(|p| p.status == payment::PAID && p.refund_needed), "down payment and the late one are owed back: {payments:?}");
    // Nothing more to pay, and the plan is not shown as running.
    let next = post_key(&s, PAY, &r.c.token, &key(), json!({ "id": rows[1].id })).await;
    next.assert_error(422);
    let f = s.post_auth(FINANCE, &r.c.token, json!({})).await;
    assert_eq!(f.body["plans"], json!([]), "{}", f.text);
}

// ------------------------------------------------------------------ reminders (two nodes)

/// A fake Kavenegar counting plain messages per receptor.
#[derive(Default)]
struct Sms {
    sent: Mutex<Vec<(String, String)>>,
}

#[handler]
async fn sms_send(Path(_key): Path<String>, Form(form): Form<HashMap<String, String>>, Data(state): Data<&Arc<Sms>>) -> Response {
    let receptor = form.get("receptor").cloned().unwrap_or_default();
    state.sent.lock().unwrap().push((receptor.clone(), form.get("message").cloned().unwrap_or_default()));
    poem::web::Json(json!({
        "return": { "status": 200, "message": "تایید شد" },
        "entries": [{ "messageid": 1, "message": "", "status": 1, "statustext": "در صف ارسال", "sender": "10004346",
                      "receptor": receptor, "date": 1356619709, "cost": 120 }]
    }))
    .into_response()
}

async fn fake_sms() -> (Arc<Sms>, String) {
    let fake = Arc::new(Sms::default());
    let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await.unwrap();
    let addr = acceptor.local_addr().into_iter().find_map(|a| a.as_socket_addr().copied()).unwrap();
    let app = Route::new().at("/v1/:key/sms/send.json", post(sms_send)).data(fake.clone());
    tokio::spawn(async move {
        let _ = poem::Server::new_with_acceptor(acceptor).run(app).await;
    });
    (fake, format!("http://{addr}"))
}

/// Unix seconds at noon in Tehran on a stored Jalali date.
fn tehran_noon(stored: &str) -> i64 {
    let d = shop_core::jalali::JalaliDate::parse(stored).unwrap();
    let (y, m, day) = shop_core::jalali::jalali_to_gregorian(d.year, d.month, d.day).unwrap();
    chrono::NaiveDate::from_ymd_opt(y, m, day).unwrap().and_hms_opt(8, 30, 0).unwrap().and_utc().timestamp()
}

async fn reminders_go_out_once_from_two_nodes(db: TestDb) {
    let (sms, sms_base) = fake_sms().await;
    let fake = fake_zarinpal().await;
    let second_db = db.another_node();
    let setup = |c: &mut Config| {
        zarinpal(fake.base.clone())(c);
        c.sms = SmsSetting::Kavenegar { api_key: "KEY".into(), template: "verify".into(), base_url: sms_base.clone() };
    };
    let a = spawn_app_with(db, setup).await;
    let b = spawn_app_with(second_db, setup).await;
    let shop = shop(&a, 10).await;
    let (r, code) = paid_down_payment(&a, &fake, &shop).await;
    let mobile = shop_server::auth::entity::user::Entity::find_by_id(r.c.id).one(&a.db).await.unwrap().unwrap().mobile;
    let rows = instalments_of(&a, &code).await;
    let to_mobile = || sms.sent.lock().unwrap().iter().filter(|(m, _)| *m == mobile).cloned().collect::<Vec<_>>();
    // Nothing is due yet.
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert!(to_mobile().is_empty());

    // Three days before the first due date, on both nodes' clocks.
    let shift = tehran_noon(&rows[0].remind_on) - a.now();
    a.advance_clock(shift);
    b.advance_clock(shift);
    eventually("the first reminder", || async { !to_mobile().is_empty() }).await;
    // Several more rounds of both nodes' jobs: still one message.
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let sent = to_mobile();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].1.contains("یادآوری") && sent[0].1.contains(&code), "{}", sent[0].1);
    assert!(sent[0].1.contains(&shop_core::digits::format_price(rows[0].amount)));

    // On the due date: one more.
    a.advance_clock(3 * 86_400);
    b.advance_clock(3 * 86_400);
    eventually("the due-day reminder", || async { to_mobile().len() >= 2 }).await;
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let sent = to_mobile();
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert!(sent[1].1.starts_with("امروز"), "{}", sent[1].1);
    assert_eq!(a.count("instalment_reminder").await, 2);

    // A paid instalment gets no reminder: pay the second one before its window.
    let token = a.fresh_token(&r.c);
    let started = post_key(&a, PAY, &token, &key(), json!({ "id": rows[0].id })).await;
    pay_at_zarinpal(&a, &fake, &started.s("authority")).await;
    let started = post_key(&a, PAY, &token, &key(), json!({ "id": rows[1].id })).await;
    pay_at_zarinpal(&a, &fake, &started.s("authority")).await;
    let shift = tehran_noon(&rows[1].due_on) - a.now();
    a.advance_clock(shift);
    b.advance_clock(shift);
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(to_mobile().len(), 2);
    b.stop().await;
}

/// Issue 22 item 9: 600 unpaid instalments in their reminder window that must not be reminded
/// (half of a cancelled order, half already claimed), all with lower ids than a due instalment
/// of a live order: the live one's reminder goes out in the very first round.
async fn claimed_and_cancelled_rows_do_not_starve_a_due_reminder(db: TestDb) {
    let (sms, sms_base) = fake_sms().await;
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, |c: &mut Config| {
        zarinpal(fake.base.clone())(c);
        c.sms = SmsSetting::Kavenegar { api_key: "KEY".into(), template: "verify".into(), base_url: sms_base.clone() };
        // The node's own job runs once at start (nothing due yet); the rounds are the test's.
        c.job_interval_ms = 3_600_000;
    })
    .await;
    let shop = shop(&s, 10).await;
    let (_, cancelled_code) = paid_down_payment(&s, &fake, &shop).await;
    let (_, claimed_code) = paid_down_payment(&s, &fake, &shop).await;
    let cancelled = order_row(&s, &cancelled_code).await;
    shop_server::order::entity::customer_order::Entity::update_many()
        .col_expr(shop_server::order::entity::customer_order::Column::Status, sea_orm::sea_query::Expr::value("cancelled"))
        .filter(shop_server::order::entity::customer_order::Column::Id.eq(cancelled.id))
        .exec(&s.db)
        .await
        .unwrap();
    for (code, claim) in [(&cancelled_code, false), (&claimed_code, true)] {
        let template = instalments_of(&s, code).await[0].clone();
        let rows = (0..300).map(|i| instalment::ActiveModel {
            order_plan_id: Set(template.order_plan_id),
            order_id: Set(template.order_id),
            user_id: Set(template.user_id),
            number: Set(100 + i),
            amount: Set(template.amount),
            due_on: Set(template.due_on.clone()),
            remind_on: Set(template.remind_on.clone()),
            paid_at: Set(None),
            payment_id: Set(None),
            ..Default::default()
        });
        instalment::Entity::insert_many(rows).exec_without_returning(&s.db).await.unwrap();
        if claim {
            let ids: Vec<i64> = instalments_of(&s, code).await.into_iter().map(|r| r.id).collect();
            let claims = ids.into_iter().map(|id| reminder::ActiveModel {
                instalment_id: Set(id),
                kind: Set(reminder::BEFORE),
                claimed_at: Set(s.now()),
                ..Default::default()
            });
            reminder::Entity::insert_many(claims).exec_without_returning(&s.db).await.unwrap();
        }
    }
    let (r, code) = paid_down_payment(&s, &fake, &shop).await;
    let rows = instalments_of(&s, &code).await;
    let junk_ids = instalment::Entity::find().filter(instalment::Column::Id.lt(rows[0].id)).all(&s.db).await.unwrap();
    assert!(junk_ids.len() >= 600, "{}", junk_ids.len());
    let mobile = shop_server::auth::entity::user::Entity::find_by_id(r.c.id).one(&s.db).await.unwrap().unwrap().mobile;

    s.advance_clock(tehran_noon(&rows[0].remind_on) - s.now());
    let sent = shop_server::instalment::jobs::send_reminders(&s.state, s.now()).await.unwrap();
    let to_mobile: Vec<_> = sms.sent.lock().unwrap().iter().filter(|(m, _)| *m == mobile).cloned().collect();
    assert_eq!(to_mobile.len(), 1, "sent {sent} in the first round, none to the live order's customer");
    assert!(to_mobile[0].1.contains(&code), "{}", to_mobile[0].1);
    // Nobody was reminded about the cancelled order or twice about the claimed one.
    let all = sms.sent.lock().unwrap().clone();
    assert!(all.iter().all(|(_, text)| !text.contains(&cancelled_code) && !text.contains(&claimed_code)), "{all:?}");
}

async fn the_summary_shows_the_schedule_that_registration_freezes_and_the_bank_charges(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let plan_id = plan(&s, 30, 6, 200, 1_000_000, 100_000_000).await;
    let r = ready(&s, &shop, 1).await;
    let sum = s
        .post_auth(SUMMARY, &r.c.token, json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.post, "planid": plan_id }))
        .await;
    assert_eq!(sum.status, 200, "{}", sum.text);
    let payable = sum.body["Payable"].as_i64().unwrap();
    let plan = &sum.body["Instalment"];
    let down = plan["DownPayment"].as_i64().unwrap();
    let charge = plan["Charge"].as_i64().unwrap();
    // What is paid now is the down payment (30%, rounded down), not the payable.
    assert_eq!((down, sum.body["PayNow"].as_i64().unwrap()), (payable * 30 / 100, down));
    assert_eq!(plan["TotalCost"].as_i64().unwrap(), payable + charge);
    let shown: Vec<(i64, String)> = plan["Instalments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["Amount"].as_i64().unwrap(), i["Due"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(shown.len(), 6);
    assert_eq!(shown.iter().map(|i| i.0).sum::<i64>(), plan["Financed"].as_i64().unwrap(), "the parts add up");
    assert_eq!(down + plan["Financed"].as_i64().unwrap(), plan["TotalCost"].as_i64().unwrap());
    // Without a plan, the payable is paid now.
    let full = s.post_auth(SUMMARY, &r.c.token, json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.post })).await;
    assert_eq!((full.body["PayNow"].as_i64().unwrap(), full.body["Instalment"].clone()), (payable, Value::Null));

    // Registration freezes exactly these instalments and dates, and the bank asks the down payment.
    let mut body = instalment_body(&r, shop.post, json!(plan_id));
    body["payable"] = json!(payable);
    let reg = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    assert_eq!(reg.s("status"), "ok", "{}", reg.text);
    let code = reg.body["order"]["Code"].as_str().unwrap().to_string();
    let frozen: Vec<(i64, String)> = instalments_of(&s, &code)
        .await
        .iter()
        .map(|i| (i.amount, shop_core::jalali::format_jalali(&shop_core::jalali::JalaliDate::parse(&i.due_on).unwrap())))
        .collect();
    assert_eq!(frozen, shown);
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    assert_eq!(payment_row(&s, &authority).await.amount, down, "the bank charges the down payment shown");
    let page = s.get(&format!("/api/client/v1/payment/sandbox/{authority}")).await;
    assert!(page.text.contains(&shop_core::digits::format_price(down)), "the bank page asks the down payment shown");

    // A plan that does not take the payable is refused at `planid`, in Persian.
    let small = plan_row_for(&s, payable + 1).await;
    let refused = s
        .post_auth(SUMMARY, &r.c.token, json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.post, "planid": small }))
        .await;
    assert_eq!((refused.status, refused.body["field"].clone()), (422, json!("planid")), "{}", refused.text);
}

/// A plan whose minimum is `min`.
async fn plan_row_for(s: &TestApp, min: i64) -> i64 {
    plan(s, 20, 3, 0, min, min * 2).await
}
