//! `warranty_claim`: a claim on one unit. The conversation is its ticket (department
//! `warranty`); `status` is `shop_core::warranty::claim_state::ClaimStatus` by name.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "warranty_claim")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub ticket_id: i64,
    pub user_id: i64,
    pub order_id: i64,
    pub order_line_id: i64,
    pub unit_id: i64,
    pub serial: String,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
