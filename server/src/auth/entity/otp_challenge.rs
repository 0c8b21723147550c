//! `otp_challenges`: one sent code. The code is stored only as a keyed hash.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "otp_challenges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The opaque handle given to the client as `hash` (random, URL-safe).
    #[sea_orm(unique)]
    pub handle: String,
    /// Canonical mobile number the code was sent to.
    pub mobile: String,
    /// `login`, `register`, `forget` or `change_mobile`.
    pub purpose: String,
    /// HMAC-SHA256(secret, handle ‖ code), hex.
    pub code_hash: String,
    /// Client address that asked for it.
    pub ip: String,
    pub created_at: i64,
    pub expires_at: i64,
    /// Wrong codes tried so far.
    pub attempts: i32,
    /// Set once, when the right code was used.
    pub used_at: Option<i64>,
    /// Keyed hash of the mobile-verification code (`mcode`) issued after a verified
    /// register/forget code.
    pub mcode_hash: Option<String>,
    pub mcode_expires_at: Option<i64>,
    pub mcode_used_at: Option<i64>,
    /// The signed-in customer a `change_mobile` code was sent for (null for sign-in codes).
    pub user_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
