//! Support for the checkout tests: a small catalogue (one laptop, delivery options for every
//! city and for Tehran only), signed-in customers with an address and a cart, calls with an
//! `Idempotency-Key`, and a fake Zarinpal that speaks its v4 JSON.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use shop_server::catalog::{product, variant};
use shop_server::delivery::entity::{delivery_option, product_delivery};

use crate::helpers::{Resp, TestApp, TestUser};

pub const EDIT: &str = "/api/client/v1/order/edit/product";
pub const LIST: &str = "/api/client/v1/order/list/preorder";
pub const SUMMARY: &str = "/api/client/v1/order/summary";
pub const REGISTER: &str = "/api/client/v1/order/register";
pub const ORDERS: &str = "/api/client/v1/order/list";
pub const INVOICE: &str = "/api/client/v1/order/invoice";
pub const CANCEL: &str = "/api/client/v1/order/cancel";
pub const ADDR_ADD: &str = "/api/client/v1/address/add";
pub const ADDR_LIST: &str = "/api/client/v1/address/list";
pub const ADDR_EDIT: &str = "/api/client/v1/address/edit";
pub const ADDR_DELETE: &str = "/api/client/v1/address/delete";
pub const ADDR_DEFAULT: &str = "/api/client/v1/address/default";
pub const PAY_START: &str = "/api/client/v1/payment/start";
pub const PAY_RESULT: &str = "/api/client/v1/payment/result";
pub const CALLBACK: &str = "/api/client/v1/payment/callback";

/// The test catalogue.
#[derive(Clone, Copy, Debug)]
pub struct Shop {
    pub product: i64,
    pub variant: i64,
    /// Price 10,000,000, warranty 500,000.
    pub price: i64,
    pub warranty: i64,
    /// «پست پیشتاز», every city, 120,000, priority 2.
    pub post: i64,
    /// «پیک تهران», Tehran only, 50,000, priority 1.
    pub courier: i64,
}

/// A product with one variant of `stock`, offered with a courier for Tehran and post for all.
pub async fn shop(s: &TestApp, stock: i64) -> Shop {
    let option = |name: &str, price: i64, priority: i64, cities: &[&str]| delivery_option::ActiveModel {
        name: Set(name.to_string()),
        description: Set(format!("{name}، ۱ تا ۳ روز کاری")),
        price: Set(price),
        priority: Set(priority),
        cities: Set(serde_json::to_string(cities).unwrap()),
        ..Default::default()
    };
    let post = option("پست پیشتاز", 120_000, 2, &["همه"])
        .insert(&s.db)
        .await
        .unwrap()
        .id;
    let courier = option("پیک تهران", 50_000, 1, &["تهران"])
        .insert(&s.db)
        .await
        .unwrap()
        .id;
    let p = product::ActiveModel {
        uid: Set(format!("test-laptop-{}", uuid::Uuid::new_v4().simple())),
        name: Set("لپ‌تاپ آزمایشی ایسوس".into()),
        brand: Set("ASUS".into()),
        line: Set("laptop".into()),
        condition: Set("new".into()),
        description: Set(String::new()),
        active: Set(true),
        ..Default::default()
    }
    .insert(&s.db)
    .await
    .unwrap();
    let v = variant::ActiveModel {
        product_id: Set(p.id),
        color: Set("نقره‌ای".into()),
        warranty_name: Set("گارانتی ۱۸ ماهه".into()),
        warranty_price: Set(500_000),
        price: Set(10_000_000),
        stock: Set(stock),
        ins_payment: Set(true),
        dg: Set("1-1".into()),
        property: Set("۱۶ گیگ رم".into()),
        ..Default::default()
    }
    .insert(&s.db)
    .await
    .unwrap();
    for o in [post, courier] {
        product_delivery::ActiveModel {
            product_id: Set(p.id),
            delivery_option_id: Set(o),
        }
        .insert(&s.db)
        .await
        .unwrap();
    }
    Shop {
        product: p.id,
        variant: v.id,
        price: 10_000_000,
        warranty: 500_000,
        post,
        courier,
    }
}

pub async fn stock(s: &TestApp, variant_id: i64) -> i64 {
    variant::Entity::find_by_id(variant_id)
        .one(&s.db)
        .await
        .unwrap()
        .unwrap()
        .stock
}

pub async fn set_stock(s: &TestApp, variant_id: i64, stock: i64) {
    let mut am: variant::ActiveModel = variant::Entity::find_by_id(variant_id)
        .one(&s.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    am.stock = Set(stock);
    am.update(&s.db).await.unwrap();
}

pub async fn unpublish(s: &TestApp, product_id: i64) {
    let mut am: product::ActiveModel = product::Entity::find_by_id(product_id)
        .one(&s.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    am.active = Set(false);
    am.update(&s.db).await.unwrap();
}

/// A customer living in `city` (their profile city), signed in.
pub async fn customer(s: &TestApp, city: &str) -> TestUser {
    s.user(&crate::helpers::mobile(), city).await
}

pub fn address_body(state: &str, city: &str) -> Value {
    json!({
        "name": "مریم احمدی", "mobile": "۰۹۱۲۳۴۵۶۷۸۹", "state": state, "city": city,
        "address": "خیابان آزادی، کوچه ۱۲، پلاک ۴، واحد ۳", "postalcode": "۱۲۳۴۵۶۷۸۹۰"
    })
}

/// Adds an address; returns its id.
pub async fn add_address(s: &TestApp, c: &TestUser, state: &str, city: &str) -> i64 {
    let r = s.post_auth(ADDR_ADD, &c.token, address_body(state, city)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["Id"].as_i64().unwrap()
}

/// Puts `num` of the shop's laptop in the customer's cart; returns the cart's id.
pub async fn add_to_cart(s: &TestApp, c: &TestUser, shop: &Shop, num: i64) -> i64 {
    let r = s
        .post_auth(
            EDIT,
            &c.token,
            json!({ "spid": shop.product, "spiddetail": shop.variant, "num": num, "orderid": 0, "id": 0 }),
        )
        .await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    r.body["OrderId"].as_i64().unwrap()
}

/// A Tehran customer with an address in Tehran and `num` laptops in the cart.
pub struct Ready {
    pub c: TestUser,
    pub cart: i64,
    pub address: i64,
}

pub async fn ready(s: &TestApp, shop: &Shop, num: i64) -> Ready {
    let c = customer(s, "تهران").await;
    let address = add_address(s, &c, "تهران", "تهران").await;
    let cart = add_to_cart(s, &c, shop, num).await;
    Ready { c, cart, address }
}

/// POST with a bearer token and an `Idempotency-Key`; never a 500.
pub async fn post_key(s: &TestApp, path: &str, token: &str, key: &str, body: Value) -> Resp {
    let r = s.post_auth_key(path, token, key, body).await;
    assert_ne!(r.status, 500, "server error: {}", r.text);
    r
}

pub fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

pub fn register_body(r: &Ready, delivery: i64) -> Value {
    json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": delivery, "paymentmethod": "full" })
}

/// Registers the ready cart with the post option; returns the order's code.
pub async fn register(s: &TestApp, r: &Ready, shop: &Shop) -> String {
    let resp = post_key(s, REGISTER, &r.c.token, &key(), register_body(r, shop.post)).await;
    assert_eq!(resp.s("status"), "ok", "{}", resp.text);
    resp.body["order"]["Code"].as_str().unwrap().to_string()
}

/// A client that does not follow redirects.
pub fn no_redirect() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// GET without following redirects; returns (status, Location).
pub async fn get_location(s: &TestApp, path_and_query: &str) -> (u16, String) {
    let r = no_redirect().get(s.url(path_and_query)).send().await.unwrap();
    let loc = r
        .headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (r.status().as_u16(), loc)
}

/// Starts a payment; returns (url, authority).
pub async fn start_payment(s: &TestApp, c: &TestUser, code: &str) -> (String, String) {
    let r = post_key(s, PAY_START, &c.token, &key(), json!({ "code": code })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    (r.s("url"), r.s("authority"))
}

/// Polls `f` until it is true (the background jobs run every 100 ms in tests).
pub async fn eventually<F, Fut>(what: &str, f: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..100 {
        if f().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("never happened: {what}");
}

pub async fn order_row(s: &TestApp, code: &str) -> shop_server::order::entity::customer_order::Model {
    use shop_server::order::entity::customer_order;
    customer_order::Entity::find()
        .filter(customer_order::Column::Code.eq(code))
        .one(&s.db)
        .await
        .unwrap()
        .unwrap()
}

pub async fn payment_row(s: &TestApp, authority: &str) -> shop_server::payment::entity::payment::Model {
    use shop_server::payment::entity::payment;
    payment::Entity::find()
        .filter(payment::Column::Authority.eq(authority))
        .one(&s.db)
        .await
        .unwrap()
        .unwrap()
}

// ---------------------------------------------------------------------------------------------
// Fake Zarinpal (v4 JSON), on a random loopback port.

/// How the fake answers `verify.json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyMode {
    Normal,
    /// Answers after 3 s (longer than the test's 500 ms limit).
    Slow,
    /// HTTP 500 with an HTML body.
    Error,
    /// Never answers.
    Silent,
}

#[derive(Default)]
pub struct FakeState {
    pub mode: Option<VerifyMode>,
    /// `request.json` bodies received.
    pub requests: Vec<Value>,
    /// `verify.json` bodies received.
    pub verifies: Vec<Value>,
    amounts: HashMap<String, i64>,
    paid: HashSet<String>,
    verified: HashSet<String>,
    next: u64,
}

#[derive(Clone, Default)]
pub struct FakeZarinpal {
    pub state: Arc<Mutex<FakeState>>,
    pub base: String,
}

pub const MERCHANT: &str = "1344b5d4-0048-11e8-94db-005056a205be";

/// The config tweak that sends payments to the fake Zarinpal at `base`, with one gateway call
/// limited to `timeout_ms`.
pub fn zarinpal_at(base: String, timeout_ms: u64) -> impl Fn(&mut shop_server::platform::Config) {
    move |c: &mut shop_server::platform::Config| {
        c.payment = "zarinpal".into();
        c.zarinpal_merchant = Some(MERCHANT.into());
        c.zarinpal_url = base.clone();
        c.zarinpal_startpay = "https://www.zarinpal.com/pg/StartPay/".into();
        c.payment_timeout_ms = timeout_ms;
    }
}

impl FakeZarinpal {
    /// The customer paid `authority` on Zarinpal's page.
    pub fn pay(&self, authority: &str) {
        self.state.lock().unwrap().paid.insert(authority.to_string());
    }
    pub fn set_mode(&self, m: VerifyMode) {
        self.state.lock().unwrap().mode = Some(m);
    }
    pub fn verifies(&self) -> Vec<Value> {
        self.state.lock().unwrap().verifies.clone()
    }
    pub fn requests(&self) -> Vec<Value> {
        self.state.lock().unwrap().requests.clone()
    }
}

fn zp_error(code: i64, message: &str) -> poem::Response {
    let body = json!({ "data": [], "errors": { "code": code, "message": message, "validations": [] } });
    poem::Response::builder()
        .status(poem::http::StatusCode::UNPROCESSABLE_ENTITY)
        .content_type("application/json")
        .body(body.to_string())
}

fn zp_ok(data: Value) -> poem::Response {
    poem::Response::builder()
        .content_type("application/json")
        .body(json!({ "data": data, "errors": [] }).to_string())
}

#[poem::handler]
async fn zp_request(fake: poem::web::Data<&FakeZarinpal>, body: poem::web::Json<Value>) -> poem::Response {
    let mut st = fake.state.lock().unwrap();
    st.requests.push(body.0.clone());
    if body["merchant_id"].as_str() != Some(MERCHANT) {
        return zp_error(-9, "The input params invalid, validation error.");
    }
    let Some(amount) = body["amount"].as_i64().filter(|a| *a >= 1_000) else {
        return zp_error(-9, "The input params invalid, validation error.");
    };
    if body["callback_url"].as_str().is_none_or(str::is_empty) {
        return zp_error(-9, "The input params invalid, validation error.");
    }
    st.next += 1;
    let authority = format!("A{:035}", 217_885_159 + st.next);
    st.amounts.insert(authority.clone(), amount);
    zp_ok(json!({ "code": 100, "message": "Success", "authority": authority, "fee_type": "Merchant", "fee": 0 }))
}

#[poem::handler]
async fn zp_verify(fake: poem::web::Data<&FakeZarinpal>, body: poem::web::Json<Value>) -> poem::Response {
    let mode = {
        let mut st = fake.state.lock().unwrap();
        st.verifies.push(body.0.clone());
        st.mode.unwrap_or(VerifyMode::Normal)
    };
    match mode {
        VerifyMode::Normal => {}
        VerifyMode::Slow => tokio::time::sleep(Duration::from_secs(3)).await,
        VerifyMode::Error => {
            return poem::Response::builder()
                .status(poem::http::StatusCode::INTERNAL_SERVER_ERROR)
                .content_type("text/html")
                .body("<html><body>502 Bad Gateway</body></html>")
        }
        VerifyMode::Silent => std::future::pending::<()>().await,
    }
    let mut st = fake.state.lock().unwrap();
    if body["merchant_id"].as_str() != Some(MERCHANT) {
        return zp_error(-9, "The input params invalid, validation error.");
    }
    let authority = body["authority"].as_str().unwrap_or_default().to_string();
    let Some(&amount) = st.amounts.get(&authority) else {
        return zp_error(-54, "Invalid authority.");
    };
    if body["amount"].as_i64() != Some(amount) {
        return zp_error(-50, "Session is not valid, amounts values is not the same.");
    }
    if !st.paid.contains(&authority) {
        return zp_error(-51, "Session is not valid, session is not active paid try.");
    }
    let code = if st.verified.insert(authority.clone()) {
        100
    } else {
        101
    };
    zp_ok(json!({
        "code": code, "message": if code == 100 { "Paid" } else { "Verified" },
        "card_hash": "1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69",
        "card_pan": "502229******5995", "ref_id": 201_000 + st.next as i64, "fee_type": "Merchant", "fee": 0
    }))
}

#[poem::handler]
async fn zp_unverified(fake: poem::web::Data<&FakeZarinpal>, body: poem::web::Json<Value>) -> poem::Response {
    let st = fake.state.lock().unwrap();
    if body["merchant_id"].as_str() != Some(MERCHANT) {
        return zp_error(-9, "The input params invalid, validation error.");
    }
    let list: Vec<Value> = st
        .paid
        .iter()
        .filter(|a| !st.verified.contains(*a))
        .map(|a| {
            json!({ "authority": a, "amount": st.amounts.get(a).copied().unwrap_or(0),
                    "callback_url": "http://127.0.0.1/api/client/v1/payment/callback", "referer": "", "date": "2026-11-23 12:00:00" })
        })
        .collect();
    zp_ok(json!({ "code": 100, "message": "Success", "authorities": list }))
}

/// Starts the fake on a random port.
pub async fn fake_zarinpal() -> FakeZarinpal {
    use poem::listener::{Acceptor, Listener};
    use poem::{post, EndpointExt, Route};
    let acceptor = poem::listener::TcpListener::bind("127.0.0.1:0")
        .into_acceptor()
        .await
        .unwrap();
    let addr = acceptor
        .local_addr()
        .into_iter()
        .find_map(|a| a.as_socket_addr().copied())
        .unwrap();
    let fake = FakeZarinpal {
        state: Arc::default(),
        base: format!("http://{addr}"),
    };
    let app = Route::new()
        .at("/pg/v4/payment/request.json", post(zp_request))
        .at("/pg/v4/payment/verify.json", post(zp_verify))
        .at("/pg/v4/payment/unVerified.json", post(zp_unverified))
        .data(fake.clone());
    tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(app));
    fake
}
