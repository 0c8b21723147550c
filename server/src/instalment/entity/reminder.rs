//! `instalment_reminder`: one row per (instalment, kind) reminder; inserting it claims the
//! sending, so with several nodes each reminder goes out once.

use sea_orm::entity::prelude::*;

/// Which reminder; stored by the word (`before`, `due`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum ReminderKind {
    /// A few days before the due date.
    #[sea_orm(string_value = "before")]
    Before,
    /// On the due date.
    #[sea_orm(string_value = "due")]
    Due,
}

/// The reminder a few days before the due date.
pub const BEFORE: ReminderKind = ReminderKind::Before;
/// The reminder on the due date.
pub const DUE: ReminderKind = ReminderKind::Due;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "instalment_reminder")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub instalment_id: i64,
    pub kind: ReminderKind,
    pub claimed_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
