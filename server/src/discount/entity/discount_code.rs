//! `discount_code`: one code and its terms (`shop_core::discount::DiscountTerms`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "discount_code")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Canonical code (`shop_core::discount::DiscountCode`), e.g. `YALDA1403`.
    #[sea_orm(unique)]
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    /// Percent (0..=100) or Toman.
    pub value: i64,
    pub min_total: i64,
    pub max_discount: Option<i64>,
    /// Unix seconds: valid from `starts_at` (inclusive) to `ends_at` (exclusive).
    pub starts_at: i64,
    pub ends_at: i64,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    /// Uses counted so far; changed only by conditional updates.
    pub used: i64,
    /// JSON array of category ids (empty: every category).
    #[sea_orm(column_type = "Text")]
    pub categories: String,
    /// JSON array of product ids (empty: every product).
    #[sea_orm(column_type = "Text")]
    pub products: String,
    /// A personal code: only this user may use it.
    pub owner_id: Option<i64>,
    /// Only for a customer's first purchase (refused once they have a paid order).
    pub first_purchase_only: bool,
    /// Persian text for the customer (what the code is for).
    #[sea_orm(column_type = "Text")]
    pub description: String,
    pub created_at: i64,
    /// Usable at all; a code staff switched off answers like an unknown one.
    pub active: bool,
    /// Bumped by each staff save (`shop_core::edit_version`).
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
