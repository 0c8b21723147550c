//! `product_picture`: a picture staff uploaded for a product (`catalog::pictures`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "product_picture")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub product_id: i64,
    /// 24 hex characters of the original's SHA-256: the files' names (`{stem}-{width}.webp`).
    pub stem: String,
    /// 0 first.
    pub position: i32,
    /// The product's main picture (its cards show it); at most one per product.
    pub is_main: bool,
    /// The original's size in pixels.
    pub width: i32,
    pub height: i32,
    /// The WebP widths made, comma-separated, ascending (e.g. `320,640,768`).
    pub widths: String,
    /// Bytes stored for all its WebP files.
    pub bytes: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
