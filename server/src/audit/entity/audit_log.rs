//! `audit_log`: one staff change. Append-only (a trigger refuses UPDATE and DELETE).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The staff member's user id; 0 for the `shop` command line.
    pub staff_id: i64,
    /// Their mobile number when the change was made (`cli` for the command line).
    pub staff_mobile: String,
    /// What was done, `area.verb` (e.g. `order.ship`, `staff.set_roles`).
    pub action: String,
    /// The kind of thing changed (e.g. `order`, `user`, `payment`).
    pub entity: String,
    /// Its id or code.
    pub entity_id: String,
    /// JSON of the values before (null when created).
    pub before: Option<String>,
    /// JSON of the values after (null when removed).
    pub after: Option<String>,
    /// The client's address (`cli` for the command line).
    pub ip: String,
    /// Unix seconds (UTC).
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
