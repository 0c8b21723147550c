//! `users`: a customer, keyed by the canonical mobile number (`09xxxxxxxxx`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Public id (`Uid`), a UUID.
    #[sea_orm(unique)]
    pub uid: String,
    /// Canonical mobile number.
    #[sea_orm(unique)]
    pub mobile: String,
    pub name: String,
    pub lastname: String,
    pub email: String,
    pub state: String,
    pub city: String,
    /// Profile picture URL or path.
    pub profile: String,
    pub address1: String,
    pub address2: String,
    pub postal_code1: String,
    pub postal_code2: String,
    pub phone: String,
    /// Free text sent at registration (`info`).
    pub info: String,
    /// Account type (`Type`): 1 a customer, 2 a member of the shop's staff.
    #[sea_orm(column_name = "user_type")]
    pub user_type: UserType,
    /// Blocked accounts cannot sign in.
    pub block: bool,
    /// argon2id PHC string; `None` until a password is set.
    pub password_hash: Option<String>,
    /// Access tokens of an older epoch are refused (bumped by logout, password change,
    /// a revoked sign-in).
    pub session_epoch: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

/// The spec's user `Type`, stored as its number. Staff are made only by `shop staff add`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i32", db_type = "Integer")]
pub enum UserType {
    /// A shopper (the default for every sign-up).
    Customer = 1,
    /// Shop staff: answers tickets and chats, prepares orders.
    Staff = 2,
}

impl UserType {
    /// The number the API sends as `Type`.
    pub fn code(self) -> i32 {
        self as i32
    }
}

impl Model {
    /// Whether this account belongs to the shop's staff.
    pub fn is_staff(&self) -> bool {
        self.user_type == UserType::Staff
    }
}

impl ActiveModelBehavior for ActiveModel {}

/// A new customer row for `mobile` created at `now`: every profile field blank, type 1, not
/// blocked, no password. Callers set what they know (name, city, password) on top.
pub fn new_customer(mobile: &str, now: i64) -> ActiveModel {
    use sea_orm::ActiveValue::Set;
    ActiveModel {
        uid: Set(uuid::Uuid::new_v4().to_string()),
        mobile: Set(mobile.to_string()),
        name: Set(String::new()),
        lastname: Set(String::new()),
        email: Set(String::new()),
        state: Set(String::new()),
        city: Set(String::new()),
        profile: Set(String::new()),
        address1: Set(String::new()),
        address2: Set(String::new()),
        postal_code1: Set(String::new()),
        postal_code2: Set(String::new()),
        phone: Set(String::new()),
        info: Set(String::new()),
        user_type: Set(UserType::Customer),
        block: Set(false),
        password_hash: Set(None),
        session_epoch: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}
