//! `rate_limits`: fixed-window counters and cool-downs shared by all server nodes.
//! `key` names the subject and the window (e.g. `otp-ip:1.2.3.4:493213`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_limits")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    /// Events counted in this window.
    pub count: i64,
    /// When the row may be deleted / the cool-down ends (Unix seconds).
    pub until: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
