//! Test support for the order and delivery tests, on top of the platform harness
//! (`tests/common`: the real server on a random port, on a fresh SQLite file or a fresh
//! PostgreSQL database): loads the demo catalogue, creates signed-in users, and reads the
//! database to check that nothing changed that should not.

#![allow(dead_code)]

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
};
use serde_json::Value;
use shop_server::auth::entity::user;
use shop_server::auth::token::{AccessClaims, TokenKeys};
use shop_server::catalog::{info, product, snapshot, variant};
use shop_server::delivery::entity::{delivery_option, product_delivery};
use shop_server::order::entity::{order_line, shop_order};
use crate::common::{self, Backend, TestServer};

/// True when PostgreSQL answers at 127.0.0.1:5432 (the harness decides).
pub async fn pg_available() -> bool {
    common::backends().await.contains(&Backend::Postgres)
}

/// An HTTP client for one server.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    /// POST a JSON body; returns the status and the JSON answer (Null when not JSON).
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.post_raw(path, token, &body.to_string()).await
    }

    /// POST a raw body as application/json.
    pub async fn post_raw(&self, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        let mut req = self
            .http
            .post(format!("{}{}", self.base, path))
            .header("content-type", "application/json")
            .body(body.to_string());
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.expect("request");
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap_or_default();
        assert_ne!(status, 500, "server error for {path} {body}: {text}");
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

/// A signed-in test user.
pub struct TestUser {
    pub id: i64,
    pub uid: String,
    pub token: String,
}

/// A catalogue variant with its product's name.
#[derive(Clone, Debug)]
pub struct TestVariant {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub price: i64,
    pub warranty_price: i64,
    pub warranty_name: String,
    pub color: String,
    pub stock: i64,
    pub ins_payment: bool,
}

/// A running server with its database.
pub struct Srv {
    pub client: Client,
    /// A separate connection to the server's database, for setup and checks.
    pub db: DatabaseConnection,
    keys: TokenKeys,
    server: TestServer,
}

impl Srv {
    /// A server on a fresh SQLite file.
    pub async fn sqlite() -> Self {
        Self::start(Backend::Sqlite).await
    }

    /// A server on a fresh PostgreSQL database.
    pub async fn postgres() -> Self {
        Self::start(Backend::Postgres).await
    }

    async fn start(backend: Backend) -> Self {
        let server = common::start(backend, &common::no_tweak)
            .await
            .unwrap_or_else(|| panic!("{backend:?} is not available"));
        shop_server::seed::catalogue(&server.db, None)
            .await
            .expect("demo catalogue");
        Self {
            client: Client {
                http: server.client.clone(),
                base: server.base.clone(),
            },
            db: server.db.clone(),
            keys: TokenKeys::new(&server.state.config.secret),
            server,
        }
    }

    /// Stop the server (its database is dropped by the harness).
    pub async fn stop(self) {
        self.server.stop().await;
    }

    /// A cloneable client for concurrent requests.
    pub fn client(&self) -> Client {
        self.client.clone()
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.client.post(path, token, body).await
    }

    pub async fn post_raw(&self, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        self.client.post_raw(path, token, body).await
    }

    /// A customer in `city` with a valid access token.
    pub async fn user(&self, mobile: &str, city: &str) -> TestUser {
        let now = chrono::Utc::now().timestamp();
        let row = user::ActiveModel {
            name: Set("آزمون".into()),
            state: Set(city.to_string()),
            city: Set(city.to_string()),
            ..user::new_customer(mobile, now)
        }
        .insert(&self.db)
        .await
        .expect("insert user");
        let token = self.keys.sign_access(&AccessClaims {
            sub: row.id,
            uid: row.uid.clone(),
            iat: now,
            exp: now + 900,
            ep: row.session_epoch,
        });
        TestUser { id: row.id, uid: row.uid, token }
    }

    /// The `n`-th variant (in catalogue order) of the product with this uid.
    pub async fn variant(&self, product_uid: &str, n: usize) -> TestVariant {
        let p = product::Entity::find()
            .filter(product::Column::Uid.eq(product_uid))
            .one(&self.db)
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("no product {product_uid}"));
        let vs = variant::Entity::find()
            .filter(variant::Column::ProductId.eq(p.id))
            .order_by_asc(variant::Column::Id)
            .all(&self.db)
            .await
            .unwrap();
        let v = vs[n].clone();
        TestVariant {
            id: v.id,
            product_id: p.id,
            product_name: p.name,
            price: v.price,
            warranty_price: v.warranty_price,
            warranty_name: v.warranty_name,
            color: v.color,
            stock: v.stock,
            ins_payment: v.ins_payment,
        }
    }

    pub async fn first_variant_of(&self, product_id: i64) -> i64 {
        variant::Entity::find()
            .filter(variant::Column::ProductId.eq(product_id))
            .order_by_asc(variant::Column::Id)
            .one(&self.db)
            .await
            .unwrap()
            .unwrap()
            .id
    }

    pub async fn set_price(&self, variant_id: i64, price: i64) {
        let v = variant::Entity::find_by_id(variant_id).one(&self.db).await.unwrap().unwrap();
        let mut am: variant::ActiveModel = v.into();
        am.price = Set(price);
        am.update(&self.db).await.unwrap();
    }

    /// Puts product `product_id` on special offer: `special_price` for its cheapest variant
    /// until `ends_at` (unix seconds), through its `product_info` row (created when missing).
    pub async fn set_offer(&self, product_id: i64, special_price: i64, ends_at: i64) {
        match info::Entity::find_by_id(product_id).one(&self.db).await.unwrap() {
            Some(row) => {
                let mut am: info::ActiveModel = row.into();
                am.special_price = Set(Some(special_price));
                am.special_ends_at = Set(Some(ends_at));
                am.update(&self.db).await.unwrap();
            }
            None => {
                let p = product::Entity::find_by_id(product_id).one(&self.db).await.unwrap().unwrap();
                let vs = variant::Entity::find()
                    .filter(variant::Column::ProductId.eq(product_id))
                    .all(&self.db)
                    .await
                    .unwrap();
                let mut row = snapshot::derived_info(&p, &vs);
                row.special_price = Some(special_price);
                row.special_ends_at = Some(ends_at);
                let am: info::ActiveModel = row.into();
                info::Entity::insert(am).exec_without_returning(&self.db).await.unwrap();
            }
        }
    }

    /// A fresh access token for `u`, issued at the server's current time (after the clock moved).
    pub fn fresh_token(&self, u: &TestUser) -> String {
        let now = self.now();
        self.keys.sign_access(&AccessClaims { sub: u.id, uid: u.uid.clone(), iat: now, exp: now + 900, ep: 0 })
    }

    /// Moves the server's clock forward by `secs` seconds.
    pub fn advance_clock(&self, secs: i64) {
        self.server.clock.advance(secs);
    }

    /// The server's current time (unix seconds).
    pub fn now(&self) -> i64 {
        use shop_server::platform::Clock;
        self.server.clock.unix()
    }

    /// GET a JSON document (the catalogue API).
    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let r = self.client.http.get(format!("{}{path}", self.client.base)).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn delete_variant(&self, variant_id: i64) {
        variant::Entity::delete_by_id(variant_id).exec(&self.db).await.unwrap();
    }

    pub async fn order_row(&self, order_id: i64) -> shop_order::Model {
        shop_order::Entity::find_by_id(order_id).one(&self.db).await.unwrap().unwrap()
    }

    pub async fn order_count(&self, user_id: i64) -> u64 {
        shop_order::Entity::find()
            .filter(shop_order::Column::UserId.eq(user_id))
            .count(&self.db)
            .await
            .unwrap()
    }

    /// The stored order and its lines, for before/after comparisons.
    pub async fn snapshot(&self, order_id: i64) -> (shop_order::Model, Vec<order_line::Model>) {
        let order = self.order_row(order_id).await;
        let lines = order_line::Entity::find()
            .filter(order_line::Column::OrderId.eq(order_id))
            .order_by_asc(order_line::Column::Id)
            .all(&self.db)
            .await
            .unwrap();
        (order, lines)
    }

    /// A delivery option; returns its id.
    pub async fn delivery_option(&self, name: &str, priority: i64, cities: &[&str]) -> i64 {
        delivery_option::ActiveModel {
            name: Set(name.to_string()),
            description: Set(String::new()),
            price: Set(100_000),
            priority: Set(priority),
            cities: Set(serde_json::to_string(cities).unwrap()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .unwrap()
        .id
    }

    /// A product with one variant (stock 10) offering these delivery options; returns its id.
    pub async fn product_with_options(&self, uid: &str, options: &[i64]) -> i64 {
        let p = product::ActiveModel {
            uid: Set(uid.to_string()),
            name: Set(format!("کالای آزمون {uid}")),
            brand: Set("Test".into()),
            line: Set("laptop".into()),
            condition: Set("new".into()),
            description: Set(String::new()),
            active: Set(true),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .unwrap();
        variant::ActiveModel {
            product_id: Set(p.id),
            color: Set("مشکی".into()),
            warranty_name: Set("بدون گارانتی".into()),
            warranty_price: Set(0),
            price: Set(10_000_000),
            stock: Set(10),
            ins_payment: Set(true),
            dg: Set(String::new()),
            property: Set(String::new()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .unwrap();
        for o in options {
            product_delivery::ActiveModel {
                product_id: Set(p.id),
                delivery_option_id: Set(*o),
            }
            .insert(&self.db)
            .await
            .unwrap();
        }
        p.id
    }
}
