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
    /// Account type (`Type`): 1 for a customer.
    #[sea_orm(column_name = "user_type")]
    pub user_type: i32,
    /// Blocked accounts cannot sign in.
    pub block: bool,
    /// argon2id PHC string; `None` until a password is set.
    pub password_hash: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
