//! `refresh_tokens`: one issued refresh token, stored as a hash. Tokens of one sign-in form a
//! family; each use rotates to a new token, and a replayed (already used) token revokes the family.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "refresh_tokens")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// Family id (random), shared by all rotations of one sign-in.
    pub family: String,
    /// HMAC-SHA256(secret, token), hex.
    #[sea_orm(unique)]
    pub token_hash: String,
    pub created_at: i64,
    pub expires_at: i64,
    /// Set when the token was exchanged for a new one.
    pub used_at: Option<i64>,
    /// Set when the family was revoked (replay) or the user signed out.
    pub revoked_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
