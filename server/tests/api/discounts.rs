//! Discount codes over HTTP, on SQLite and on PostgreSQL: the summary previews a code, the
//! registration applies it (so `FinalPrice` < `OrderTotalPrice`) and spends one use atomically,
//! payment charges the discounted amount, cancelling gives the use back, every bad code gets its
//! Persian message at `discountcode`, creation refuses bad terms, and `discount/list` shows the
//! codes a customer may use. A code applied with `order/discount/apply` is kept on the cart
//! (the cart read answers it, another device sees it, registration spends it) until removed
//! or until it stops applying, then it is dropped with a Persian notice; a first-purchase
//! code is refused once the customer has a paid order.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use shop_core::discount::{DiscountCode, DiscountKind, DiscountTerms};
use shop_server::cli::{add_discount, DiscountArgs};
use shop_server::discount::entity::discount_code;
use shop_server::discount::service::{create, NewDiscount};

use crate::checkout_support::*;
use crate::helpers::{on_both_dbs, spawn_app, spawn_shop, Resp, TestApp, TestDb};

on_both_dbs!(
    a_code_lowers_the_final_price_and_the_amount_paid,
    bad_codes_are_refused_with_their_persian_message,
    a_code_used_once_cannot_be_applied_twice,
    the_last_use_goes_to_exactly_one_of_ten_customers,
    one_customer_racing_themselves_spends_one_use,
    a_cancelled_order_gives_its_use_back,
    a_category_code_takes_off_only_its_lines,
    creating_a_code_refuses_bad_terms,
    the_discounts_list_shows_only_usable_codes,
    a_code_kept_on_the_cart_survives_a_reload_and_applies_at_registration,
    a_code_kept_on_the_cart_can_be_removed,
    a_kept_code_that_stops_applying_is_dropped_with_a_persian_message,
    a_first_purchase_code_is_refused_on_a_second_purchase,
);

const APPLY: &str = "/api/client/v1/order/discount/apply";
const REMOVE: &str = "/api/client/v1/order/discount/remove";

const LIST_CODES: &str = "/api/client/v1/discount/list";

fn pct(value: i64, now: i64) -> DiscountTerms {
    DiscountTerms { kind: DiscountKind::Percent, value, ..DiscountTerms::open(now - 60, now + 86_400) }
}

async fn code(s: &TestApp, text: &str, terms: DiscountTerms) -> discount_code::Model {
    let new = NewDiscount { code: DiscountCode::parse(text).unwrap(), terms, description: "آزمایشی".into() };
    create(&s.db, &shop_server::auth::staff::Actor::cli(), new, s.now()).await.unwrap()
}

async fn row(s: &TestApp, text: &str) -> discount_code::Model {
    discount_code::Entity::find().filter(discount_code::Column::Code.eq(text)).one(&s.db).await.unwrap().unwrap()
}

fn with_code(mut body: Value, code: &str) -> Value {
    body["discountcode"] = json!(code);
    body
}

async fn summary(s: &TestApp, r: &Ready, shop: &Shop, code: &str) -> Resp {
    let body = json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.post, "discountcode": code });
    let resp = s.post_auth(SUMMARY, &r.c.token, body).await;
    assert_ne!(resp.status, 500, "{}", resp.text);
    resp
}

async fn register_with(s: &TestApp, r: &Ready, shop: &Shop, code: &str) -> Resp {
    post_key(s, REGISTER, &r.c.token, &key(), with_code(register_body(r, shop.post), code)).await
}

fn refused(r: &Resp, message: &str) {
    assert_eq!(r.status, 422, "{}", r.text);
    assert_eq!(r.body["field"], "discountcode", "{}", r.text);
    assert_eq!(r.s("message"), message, "{}", r.text);
}

async fn pay_in_sandbox(s: &TestApp, r: &Ready, order: &str) -> Value {
    let (_, authority) = start_payment(s, &r.c, order).await;
    let resp = no_redirect()
        .post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay")))
        .send()
        .await
        .unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let _ = get_location(s, &to).await;
    s.post_auth(PAY_RESULT, &r.c.token, json!({ "code": order })).await.body
}

async fn a_code_lowers_the_final_price_and_the_amount_paid(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 2).await;
    code(&s, "OFF10", DiscountTerms { max_discount: Some(1_500_000), ..pct(10, s.now()) }).await;
    let items = 2 * (shop.price + shop.warranty);

    // Typed in lower case with Persian digits: the same code.
    let sum = summary(&s, &r, &shop, " off۱۰ ").await;
    assert_eq!(sum.status, 200, "{}", sum.text);
    assert_eq!(sum.body["DiscountCode"], "OFF10");
    assert_eq!(sum.body["Discount"], 1_500_000, "10% of 21,000,000 capped at 1,500,000");
    assert_eq!(sum.body["OrderTotalPrice"], items);
    assert_eq!(sum.body["FinalPrice"], items - 1_500_000);
    assert_eq!(sum.body["Payable"], items - 1_500_000 + 120_000);
    assert_eq!(row(&s, "OFF10").await.used, 0, "a preview spends nothing");

    let payable = sum.body["Payable"].as_i64().unwrap();
    let mut body = with_code(register_body(&r, shop.post), "off10");
    body["payable"] = json!(payable);
    let reg = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    assert_eq!(reg.s("status"), "ok", "{}", reg.text);
    let order = &reg.body["order"];
    assert_eq!(order["OrderTotalPrice"], items);
    assert_eq!(order["FinalPrice"], items - 1_500_000);
    assert_ne!(order["FinalPrice"], order["OrderTotalPrice"]);
    assert_eq!(order["Payable"], payable);
    assert_eq!(row(&s, "OFF10").await.used, 1);
    let code_text = order["Code"].as_str().unwrap().to_string();
    let saved = order_row(&s, &code_text).await;
    assert_eq!((saved.discount, saved.payable), (1_500_000, payable));

    let inv = s.post_auth(INVOICE, &r.c.token, json!({ "code": code_text })).await;
    assert_eq!(inv.body["data"]["Discount"], 1_500_000, "{}", inv.text);

    let paid = pay_in_sandbox(&s, &r, &code_text).await;
    assert_eq!(paid["PaymentStatus"], "paid", "{paid}");
    assert_eq!(paid["Amount"], payable, "the bank charged the discounted amount");
}

async fn bad_codes_are_refused_with_their_persian_message(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let other = customer(&s, "تهران").await;
    let now = s.now();
    code(&s, "OLD", DiscountTerms { ..DiscountTerms { kind: DiscountKind::Percent, value: 10, ..DiscountTerms::open(now - 100, now - 1) } }).await;
    code(&s, "LATER", DiscountTerms { kind: DiscountKind::Percent, value: 10, ..DiscountTerms::open(now + 3600, now + 7200) }).await;
    code(&s, "FULL", DiscountTerms { usage_limit: Some(1), ..pct(10, now) }).await;
    code(&s, "HERS", DiscountTerms { owner_id: Some(other.id), ..pct(10, now) }).await;
    code(&s, "SURFACE", DiscountTerms { categories: vec![987_654], ..pct(10, now) }).await;
    code(&s, "OTHERPRODUCT", DiscountTerms { products: vec![shop.product + 1_000], ..pct(10, now) }).await;
    code(&s, "BIGSPENDER", DiscountTerms { min_total: 50_000_000, ..pct(10, now) }).await;
    // FULL's only use is taken by someone else.
    let first = ready(&s, &shop, 1).await;
    assert_eq!(register_with(&s, &first, &shop, "FULL").await.s("status"), "ok");
    let before = s.count("customer_order").await;

    let cases = [
        ("OLD", "مهلت استفاده از این کد تخفیف به پایان رسیده است"),
        ("LATER", "این کد تخفیف هنوز فعال نشده است"),
        ("FULL", "ظرفیت استفاده از این کد تخفیف تمام شده است"),
        ("HERS", "کد تخفیف وارد شده معتبر نیست"),
        ("SURFACE", "این کد تخفیف برای کالاهای سبد خرید شما قابل استفاده نیست"),
        ("OTHERPRODUCT", "این کد تخفیف برای کالاهای سبد خرید شما قابل استفاده نیست"),
        ("BIGSPENDER", "این کد تخفیف برای خریدهای ۵۰٬۰۰۰٬۰۰۰ تومان و بیشتر است"),
        ("NOSUCHCODE", "کد تخفیف وارد شده معتبر نیست"),
        ("کد تخفیف", "کد تخفیف وارد شده معتبر نیست"),
        ("x", "کد تخفیف وارد شده معتبر نیست"),
    ];
    for (text, message) in cases {
        refused(&summary(&s, &r, &shop, text).await, message);
        refused(&register_with(&s, &r, &shop, text).await, message);
    }
    let long = "A".repeat(65);
    let resp = register_with(&s, &r, &shop, &long).await;
    assert!(resp.status == 400 || resp.status == 422, "{}", resp.text);
    assert_eq!(s.count("customer_order").await, before, "no refused code registered anything");
    assert_eq!(row(&s, "FULL").await.used, 1);
    // A blank code is no code.
    assert_eq!(register_with(&s, &r, &shop, "  ").await.s("status"), "ok");
}

async fn a_code_used_once_cannot_be_applied_twice(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    code(&s, "ONCE", DiscountTerms { per_customer_limit: Some(1), ..pct(20, s.now()) }).await;
    let reg = register_with(&s, &r, &shop, "ONCE").await;
    assert_eq!(reg.s("status"), "ok", "{}", reg.text);
    let order = reg.body["order"]["Code"].as_str().unwrap().to_string();
    assert_eq!(pay_in_sandbox(&s, &r, &order).await["PaymentStatus"], "paid");

    // The paid lines left the cart: buy again with the same code.
    assert_eq!(add_to_cart(&s, &r.c, &shop, 1).await, r.cart, "the same open cart");
    let message = "شما پیش‌تر از این کد تخفیف استفاده کرده‌اید";
    refused(&summary(&s, &r, &shop, "ONCE").await, message);
    refused(&register_with(&s, &r, &shop, "ONCE").await, message);
    // Someone else still may.
    let other = ready(&s, &shop, 1).await;
    assert_eq!(register_with(&s, &other, &shop, "ONCE").await.s("status"), "ok");
    assert_eq!(row(&s, "ONCE").await.used, 2);
}

async fn the_last_use_goes_to_exactly_one_of_ten_customers(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 20).await;
    code(&s, "LAST", DiscountTerms { usage_limit: Some(1), ..pct(10, s.now()) }).await;
    let mut all = Vec::new();
    for _ in 0..10 {
        all.push(ready(&s, &shop, 1).await);
    }
    let s = std::sync::Arc::new(s);
    let tasks: Vec<_> = all
        .into_iter()
        .map(|r| {
            let s = s.clone();
            tokio::spawn(async move {
                post_key(&s, REGISTER, &r.c.token, &key(), with_code(register_body(&r, shop.post), "LAST")).await
            })
        })
        .collect();
    let (mut ok, mut used_up) = (0, 0);
    for t in tasks {
        let resp = t.await.unwrap();
        if resp.s("status") == "ok" {
            ok += 1;
        } else {
            refused(&resp, "ظرفیت استفاده از این کد تخفیف تمام شده است");
            used_up += 1;
        }
    }
    assert_eq!((ok, used_up), (1, 9));
    assert_eq!(row(&s, "LAST").await.used, 1);
    assert_eq!(s.count("discount_redemption").await, 1);
    assert_eq!(s.count("customer_order").await, 1, "the refused registrations wrote nothing");
    assert_eq!(stock(&s, shop.variant).await, 19, "nor reserved stock");
}

async fn one_customer_racing_themselves_spends_one_use(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 20).await;
    code(&s, "MINE", DiscountTerms { per_customer_limit: Some(1), ..pct(10, s.now()) }).await;
    let r = std::sync::Arc::new(ready(&s, &shop, 1).await);
    let s = std::sync::Arc::new(s);
    let tasks: Vec<_> = (0..6)
        .map(|_| {
            let (s, r) = (s.clone(), r.clone());
            tokio::spawn(async move { register_with(&s, &r, &shop, "MINE").await })
        })
        .collect();
    for t in tasks {
        let resp = t.await.unwrap();
        assert!(resp.status == 200 || resp.status == 422 || resp.status == 409, "{}", resp.text);
    }
    // Each registration replaces the previous unpaid one and gives its use back first.
    let live: Vec<_> = s
        .rows("discount_redemption")
        .await
        .into_iter()
        .filter(|r| r["released"] == json!(false) || r["released"] == json!(0))
        .collect();
    assert_eq!(live.len(), 1, "one live use");
    assert_eq!(row(&s, "MINE").await.used, 1);
}

async fn a_cancelled_order_gives_its_use_back(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    code(&s, "SOLO", DiscountTerms { usage_limit: Some(1), ..pct(10, s.now()) }).await;
    let a = ready(&s, &shop, 1).await;
    let b = ready(&s, &shop, 1).await;
    let reg = register_with(&s, &a, &shop, "SOLO").await;
    let order = reg.body["order"]["Code"].as_str().unwrap().to_string();
    refused(&register_with(&s, &b, &shop, "SOLO").await, "ظرفیت استفاده از این کد تخفیف تمام شده است");
    let cancel = s.post_auth(CANCEL, &a.c.token, json!({ "code": order })).await;
    assert_eq!(cancel.body["data"]["Status"], "cancelled", "{}", cancel.text);
    assert_eq!(row(&s, "SOLO").await.used, 0);
    assert_eq!(register_with(&s, &b, &shop, "SOLO").await.s("status"), "ok");
    assert_eq!(row(&s, "SOLO").await.used, 1);
}

async fn a_category_code_takes_off_only_its_lines(db: TestDb) {
    use shop_server::catalog::{category, info, variant};
    let s = spawn_shop(db).await;
    shop_server::demo::catalog::seed_catalog(&s.db, None).await.unwrap();
    let gaming = category::Entity::find().filter(category::Column::Slug.eq("gaming-laptop")).one(&s.db).await.unwrap().unwrap();
    let parent = category::Entity::find().filter(category::Column::Slug.eq("laptop")).one(&s.db).await.unwrap().unwrap();
    let infos = info::Entity::find().all(&s.db).await.unwrap();
    let in_stock: std::collections::HashMap<i64, i64> = variant::Entity::find()
        .filter(variant::Column::Stock.gte(1))
        .all(&s.db)
        .await
        .unwrap()
        .into_iter()
        .map(|v| (v.product_id, v.id))
        .collect();
    let pick = |gaming_one: bool| {
        infos
            .iter()
            .find(|i| i.category_id.is_some() && (i.category_id == Some(gaming.id)) == gaming_one && in_stock.contains_key(&i.product_id))
            .map(|i| (i.product_id, in_stock[&i.product_id]))
            .expect("a laptop in stock")
    };
    let (in_gaming, elsewhere) = (pick(true), pick(false));
    code(&s, "GAME", DiscountTerms { categories: vec![gaming.id], ..pct(10, s.now()) }).await;
    code(&s, "ANYLAPTOP", DiscountTerms { categories: vec![parent.id], kind: DiscountKind::Fixed, value: 100_000, ..pct(0, s.now()) }).await;

    let c = customer(&s, "تهران").await;
    let address = add_address(&s, &c, "تهران", "تهران").await;
    let add = |(product, variant): (i64, i64)| {
        let s = &s;
        let c = &c;
        async move {
            let r = s
                .post_auth(EDIT, &c.token, json!({ "spid": product, "spiddetail": variant, "num": 1, "orderid": 0, "id": 0 }))
                .await;
            assert_eq!(r.s("status"), "ok", "{}", r.text);
            r.body["OrderId"].as_i64().unwrap()
        }
    };
    let cart = add(elsewhere).await;
    let body = |code: &str| json!({ "orderid": cart, "addressid": address, "discountcode": code });
    let r = s.post_auth(SUMMARY, &c.token, body("GAME")).await;
    assert_eq!(r.status, 422, "{}", r.text);
    assert_eq!(r.s("message"), "این کد تخفیف برای کالاهای سبد خرید شما قابل استفاده نیست");
    // A code for the parent category covers its subcategories.
    let r = s.post_auth(SUMMARY, &c.token, body("ANYLAPTOP")).await;
    assert_eq!(r.body["Discount"], 100_000, "{}", r.text);

    add(in_gaming).await;
    let r = s.post_auth(SUMMARY, &c.token, body("GAME")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let lines = r.body["Lines"].as_array().unwrap();
    let gaming_total = lines.iter().find(|l| l["SupProductId"] == in_gaming.0).unwrap()["LineTotal"].as_i64().unwrap();
    assert_eq!(r.body["Discount"], gaming_total / 10, "10% of the gaming line only");
    assert!(r.body["ItemsTotal"].as_i64().unwrap() > gaming_total);
}

async fn creating_a_code_refuses_bad_terms(db: TestDb) {
    let s = spawn_app(db).await;
    let args = |code: &str| DiscountArgs { code: code.into(), ..Default::default() };
    let err = add_discount(&s.db, DiscountArgs { percent: Some(150), ..args("TOOMUCH") }, s.now()).await.unwrap_err();
    assert_eq!(err.to_string(), "درصد تخفیف باید عددی بین ۰ و ۱۰۰ باشد");
    let err = add_discount(&s.db, DiscountArgs { amount: Some(-5), ..args("NEGATIVE") }, s.now()).await.unwrap_err();
    assert_eq!(err.to_string(), "مبلغ تخفیف نمی‌تواند منفی باشد");
    let err = add_discount(&s.db, DiscountArgs { percent: Some(5), days: Some(0), ..args("NOWINDOW") }, s.now()).await.unwrap_err();
    assert_eq!(err.to_string(), "پایان اعتبار کد باید بعد از شروع آن باشد");
    let err = add_discount(&s.db, DiscountArgs { percent: Some(5), usage_limit: Some(0), ..args("ZERO") }, s.now()).await.unwrap_err();
    assert_eq!(err.to_string(), "سقف استفاده باید دست‌کم ۱ باشد");
    let err = add_discount(&s.db, DiscountArgs { percent: Some(5), ..args("ک") }, s.now()).await.unwrap_err();
    assert_eq!(err.to_string(), "کد تخفیف وارد شده معتبر نیست");
    let err = add_discount(&s.db, DiscountArgs { percent: Some(5), mobile: Some("09120000999".into()), ..args("NOBODY") }, s.now())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("no customer"), "{err}");
    assert_eq!(s.count("discount_code").await, 0, "nothing was created");

    let ok = add_discount(&s.db, DiscountArgs { percent: Some(100), usage_limit: Some(3), ..args("free") }, s.now()).await.unwrap();
    assert_eq!((ok.code.as_str(), ok.value, ok.usage_limit), ("FREE", 100, Some(3)));
    let err = add_discount(&s.db, DiscountArgs { amount: Some(0), ..args("Free") }, s.now()).await.unwrap_err();
    assert_eq!(err.to_string(), "این کد تخفیف از قبل وجود دارد");
    assert_eq!(s.count("discount_code").await, 1);
}

async fn the_discounts_list_shows_only_usable_codes(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let other = customer(&s, "تهران").await;
    let now = s.now();
    code(&s, "PUBLIC", DiscountTerms { min_total: 5_000_000, max_discount: Some(700_000), ..pct(12, now) }).await;
    code(&s, "MYGIFT", DiscountTerms { owner_id: Some(r.c.id), kind: DiscountKind::Fixed, value: 250_000, ..pct(0, now) }).await;
    code(&s, "HISGIFT", DiscountTerms { owner_id: Some(other.id), ..pct(10, now) }).await;
    code(&s, "ENDED", DiscountTerms { kind: DiscountKind::Percent, value: 10, ..DiscountTerms::open(now - 100, now - 1) }).await;
    code(&s, "SOON", DiscountTerms { kind: DiscountKind::Percent, value: 10, ..DiscountTerms::open(now + 86_400, now + 2 * 86_400) }).await;
    code(&s, "GONE", DiscountTerms { usage_limit: Some(1), ..pct(10, now) }).await;
    code(&s, "DONE", DiscountTerms { per_customer_limit: Some(1), ..pct(10, now) }).await;
    let first = ready(&s, &shop, 1).await;
    assert_eq!(register_with(&s, &first, &shop, "GONE").await.s("status"), "ok");
    assert_eq!(register_with(&s, &r, &shop, "DONE").await.s("status"), "ok");

    let list = s.post_auth(LIST_CODES, &r.c.token, json!({})).await;
    assert_eq!(list.status, 200, "{}", list.text);
    let codes: Vec<&str> = list.body["data"].as_array().unwrap().iter().map(|c| c["Code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["PUBLIC", "MYGIFT", "SOON"], "soonest to end first; no ended, used-up or foreign codes");
    let public = &list.body["data"][0];
    assert_eq!(public["TermsText"], "۱۲٪ تخفیف تا سقف ۷۰۰٬۰۰۰ تومان، برای خرید از ۵٬۰۰۰٬۰۰۰ تومان");
    let ends = public["EndsText"].as_str().unwrap();
    assert!(ends.chars().any(|c| ('۰'..='۹').contains(&c)) && !ends.chars().any(|c| c.is_ascii_digit()), "{ends}");
    assert_eq!(public["Started"], true);
    assert_eq!(list.body["data"][1]["Personal"], true);
    assert_eq!(list.body["data"][2]["Started"], false);

    // The other customer sees their gift and DONE, not MYGIFT.
    let theirs = s.post_auth(LIST_CODES, &other.token, json!({})).await;
    let codes: Vec<&str> = theirs.body["data"].as_array().unwrap().iter().map(|c| c["Code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["PUBLIC", "HISGIFT", "DONE", "SOON"]);
    s.post(LIST_CODES, json!({})).await.assert_error(401);
}

fn summary_body(r: &Ready, shop: &Shop) -> Value {
    json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.post })
}

async fn apply(s: &TestApp, r: &Ready, shop: &Shop, code: &str) -> Resp {
    let resp = s.post_auth(APPLY, &r.c.token, with_code(summary_body(r, shop), code)).await;
    assert_ne!(resp.status, 500, "{}", resp.text);
    resp
}

/// The cart read's `DiscountCode`, with `token` (a device's own session).
async fn kept(s: &TestApp, r: &Ready, token: &str) -> Value {
    let list = s.post_auth(LIST, token, json!({ "uid": r.c.uid })).await;
    assert_eq!(list.status, 200, "{}", list.text);
    list.body["DiscountCode"].clone()
}

async fn a_code_kept_on_the_cart_survives_a_reload_and_applies_at_registration(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 2).await;
    code(&s, "OFF10", DiscountTerms { max_discount: Some(1_500_000), ..pct(10, s.now()) }).await;
    assert_eq!(kept(&s, &r, &r.c.token).await, Value::Null);

    let applied = apply(&s, &r, &shop, " off۱۰ ").await;
    assert_eq!(applied.status, 200, "{}", applied.text);
    assert_eq!((applied.body["DiscountCode"].clone(), applied.body["Discount"].clone()), (json!("OFF10"), json!(1_500_000)));
    assert_eq!(row(&s, "OFF10").await.used, 0, "applying spends nothing");

    // Another page, a reload, another device: the cart answers the code and the summary
    // (asked without one) applies it.
    let other_device = s.fresh_token(&r.c);
    assert_eq!(kept(&s, &r, &other_device).await, "OFF10");
    let sum = s.post_auth(SUMMARY, &other_device, summary_body(&r, &shop)).await;
    assert_eq!((sum.body["DiscountCode"].clone(), sum.body["Discount"].clone()), (json!("OFF10"), json!(1_500_000)), "{}", sum.text);

    // Registration without a code in the request spends the cart's.
    let mut body = register_body(&r, shop.post);
    body["payable"] = sum.body["Payable"].clone();
    let reg = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    assert_eq!(reg.s("status"), "ok", "{}", reg.text);
    assert_eq!(reg.body["order"]["Discount"], 1_500_000);
    assert_eq!(row(&s, "OFF10").await.used, 1);
}

async fn a_code_kept_on_the_cart_can_be_removed(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    code(&s, "OFF10", pct(10, s.now())).await;
    assert_eq!(apply(&s, &r, &shop, "OFF10").await.status, 200);
    let removed = s.post_auth(REMOVE, &r.c.token, summary_body(&r, &shop)).await;
    assert_eq!(removed.status, 200, "{}", removed.text);
    assert_eq!((removed.body["DiscountCode"].clone(), removed.body["Discount"].clone()), (Value::Null, json!(0)));
    assert_eq!(kept(&s, &r, &r.c.token).await, Value::Null);
    let sum = s.post_auth(SUMMARY, &r.c.token, summary_body(&r, &shop)).await;
    assert_eq!(sum.body["Discount"], 0, "{}", sum.text);

    // Someone else's cart: not found, and its code stays.
    assert_eq!(apply(&s, &r, &shop, "OFF10").await.status, 200);
    let other = ready(&s, &shop, 1).await;
    let theirs = s.post_auth(REMOVE, &other.c.token, summary_body(&r, &shop)).await;
    assert_eq!(theirs.status, 404, "{}", theirs.text);
    assert_eq!(kept(&s, &r, &r.c.token).await, "OFF10");
    // A code that does not apply is refused at the field, and the cart keeps the one it had.
    refused(&apply(&s, &r, &shop, "NOSUCHCODE").await, "کد تخفیف وارد شده معتبر نیست");
    assert_eq!(kept(&s, &r, &r.c.token).await, "OFF10");
}

async fn a_kept_code_that_stops_applying_is_dropped_with_a_persian_message(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 2).await;
    let now = s.now();
    code(&s, "BIG", DiscountTerms { min_total: 15_000_000, ..pct(10, now) }).await;
    code(&s, "SHORT", DiscountTerms { kind: DiscountKind::Percent, value: 5, ..DiscountTerms::open(now - 60, now + 3_600) }).await;
    assert_eq!(apply(&s, &r, &shop, "BIG").await.status, 200);

    // One laptop (10,500,000) is below the code's minimum: the edit's answer says so.
    let edit = s
        .post_auth(EDIT, &r.c.token, json!({ "spid": shop.product, "spiddetail": shop.variant, "num": 1, "orderid": r.cart, "id": 0 }))
        .await;
    assert_eq!(edit.s("status"), "ok", "{}", edit.text);
    assert_eq!(edit.body["DiscountCode"], Value::Null);
    assert_eq!(
        edit.s("DiscountNotice"),
        "کد تخفیف BIG از سبد خرید شما برداشته شد: این کد تخفیف برای خریدهای ۱۵٬۰۰۰٬۰۰۰ تومان و بیشتر است"
    );
    assert_eq!(kept(&s, &r, &r.c.token).await, Value::Null);

    // A code that ends while kept: the next summary takes it off and says why.
    assert_eq!(apply(&s, &r, &shop, "SHORT").await.status, 200);
    s.advance_clock(3_601);
    let token = s.fresh_token(&r.c);
    let sum = s.post_auth(SUMMARY, &token, summary_body(&r, &shop)).await;
    assert_eq!(sum.status, 200, "{}", sum.text);
    assert_eq!((sum.body["DiscountCode"].clone(), sum.body["Discount"].clone()), (Value::Null, json!(0)));
    assert_eq!(sum.s("DiscountNotice"), "کد تخفیف SHORT از سبد خرید شما برداشته شد: مهلت استفاده از این کد تخفیف به پایان رسیده است");
    assert_eq!(kept(&s, &r, &token).await, Value::Null);
}

async fn a_first_purchase_code_is_refused_on_a_second_purchase(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    // Made as staff make it: `shop discount add FIRST --percent 10 --first-purchase`.
    let args = DiscountArgs { code: "FIRST".into(), percent: Some(10), first_purchase: true, ..Default::default() };
    assert!(add_discount(&s.db, args, s.now()).await.unwrap().first_purchase_only);

    // The first purchase takes it.
    let reg = register_with(&s, &r, &shop, "FIRST").await;
    assert_eq!(reg.s("status"), "ok", "{}", reg.text);
    let order = reg.body["order"]["Code"].as_str().unwrap().to_string();
    assert_eq!(pay_in_sandbox(&s, &r, &order).await["PaymentStatus"], "paid");

    // The second is refused, in Persian, at the field; the discounts page no longer offers it.
    add_to_cart(&s, &r.c, &shop, 1).await;
    let message = "این کد تخفیف فقط برای نخستین خرید است و شما پیش‌تر خرید کرده‌اید";
    refused(&summary(&s, &r, &shop, "FIRST").await, message);
    refused(&register_with(&s, &r, &shop, "FIRST").await, message);
    refused(&apply(&s, &r, &shop, "FIRST").await, message);
    let listed = s.post_auth(LIST_CODES, &r.c.token, json!({})).await;
    assert!(!listed.text.contains("FIRST"), "{}", listed.text);

    // A customer without a paid order still gets it.
    let newcomer = ready(&s, &shop, 1).await;
    assert_eq!(summary(&s, &newcomer, &shop, "FIRST").await.body["Discount"], 1_050_000);
}
