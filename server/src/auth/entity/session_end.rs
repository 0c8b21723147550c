//! `session_ends`: every session of user `user_id` ended (staff blocked them, or they signed
//! out, replayed a refresh token, got a new password or number, lost their staff roles). Every
//! node drops that user's cached row when it sees the row (docs/decisions.md "Blocking a
//! customer"; `auth::service::announce_sessions_ended`). Housekeeping deletes rows older than a
//! day but the newest.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "session_ends")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
