//! `instalment_reminder`: one row per (instalment, kind) reminder; inserting it claims the
//! sending, so with several nodes each reminder goes out once.

use sea_orm::entity::prelude::*;

/// The reminder a few days before the due date.
pub const BEFORE: &str = "before";
/// The reminder on the due date.
pub const DUE: &str = "due";

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "instalment_reminder")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub instalment_id: i64,
    /// [`BEFORE`] or [`DUE`].
    pub kind: String,
    pub claimed_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
