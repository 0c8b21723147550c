//! `discount_redemption`: the code a registered order used and the amount it took off; one per
//! order. `released` is set once (conditional update) when the order is cancelled or expires,
//! which gives the use back.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "discount_redemption")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub code_id: i64,
    pub user_id: i64,
    #[sea_orm(unique)]
    pub order_id: i64,
    pub amount: i64,
    pub released: bool,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
