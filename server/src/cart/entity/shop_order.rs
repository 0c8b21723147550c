//! `shop_order`: the customer's cart (pre-order) while `open`.

use sea_orm::entity::prelude::*;

/// The caller's cart: editable.
pub const STATUS_OPEN: &str = "open";

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "shop_order")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Short unique public code (`Code`), e.g. `K7Q2M9XD`.
    #[sea_orm(unique)]
    pub code: String,
    pub user_id: i64,
    /// `open` while it is the caller's cart; later states belong to the checkout issue.
    pub status: String,
    /// Equals `user_id` while the order is open, NULL otherwise: a unique index on it
    /// guarantees at most one open order per user on SQLite and PostgreSQL alike.
    #[sea_orm(unique)]
    pub open_user_id: Option<i64>,
    /// `OrderTotalPrice` as last recomputed with `shop_core::cart::order_total`.
    pub total_price: i64,
    /// `FinalPrice`: the total less discounts (none yet, so equal to `total_price`).
    pub final_price: i64,
    /// The discount code applied to the cart (canonical text; `None`: none), kept until the
    /// customer removes it or it stops applying (`discount::service`, "kept on the cart").
    pub discount_code: Option<String>,
    /// Unix seconds (UTC).
    pub created_at: i64,
    /// Unix seconds (UTC).
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
