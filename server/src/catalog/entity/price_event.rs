//! `price_event`: one recorded change of a product's price inputs, written by triggers on
//! `product_variant` and `product_info` (migration `m20261130_000500_price_history`), read by
//! `catalog::price_history` through `shop_core::price_history`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "price_event")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub product_id: i64,
    /// The variant whose own price changed; `None` for a change of the product's offer.
    pub variant_id: Option<i64>,
    /// The variant's new price (Toman).
    pub price: Option<i64>,
    /// The product's offer price after the change.
    pub special_price: Option<i64>,
    /// The product's offer end after the change (unix seconds).
    pub special_ends_at: Option<i64>,
    /// Unix seconds.
    pub at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

impl From<Model> for shop_core::price_history::PriceEvent {
    fn from(m: Model) -> Self {
        shop_core::price_history::PriceEvent {
            at: m.at,
            variant_id: m.variant_id,
            price: m.price,
            special_price: m.special_price,
            special_ends_at: m.special_ends_at,
        }
    }
}
