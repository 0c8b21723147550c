//! `ticket_attachment`: a file sent with a ticket message. The bytes are in the file store
//! under `store_key` (a generated name); `file_name` is only the name shown.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ticket_attachment")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub ticket_id: i64,
    pub message_id: i64,
    /// `tickets/<32 hex>.<ext>` (`platform::files::FileKey`).
    #[sea_orm(unique)]
    pub store_key: String,
    /// The name shown (the upload's base name, cleaned).
    pub file_name: String,
    /// `image/jpeg`, `image/png`, `image/webp` or `application/pdf` (from the checked type).
    pub content_type: String,
    pub size: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
