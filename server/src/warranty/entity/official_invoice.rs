//! `official_invoice`: who an order's official invoice (صورتحساب رسمی) is made out to.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "official_invoice")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub user_id: i64,
    /// `person` or `company`.
    pub buyer_type: String,
    pub legal_name: String,
    /// The person's کد ملی or the company's شناسه ملی, ASCII digits.
    pub national_id: String,
    pub economic_code: Option<String>,
    pub postal_code: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
