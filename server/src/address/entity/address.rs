//! `address`: one delivery address of a customer.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "address")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub receiver_name: String,
    /// Canonical `09xxxxxxxxx`.
    pub receiver_mobile: String,
    pub province: String,
    pub city: String,
    #[sea_orm(column_type = "Text")]
    pub line: String,
    /// Ten Western digits.
    pub postal_code: String,
    /// Building number (پلاک), optional: empty when not given.
    pub plaque: String,
    /// Unit (واحد), optional: empty when not given.
    pub unit: String,
    pub is_default: bool,
    /// Unix seconds (UTC).
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    /// The street address with the plaque and unit when given, as an order's snapshot keeps it
    /// («…، پلاک ۴، واحد ۳»).
    pub fn full_line(&self) -> String {
        let mut s = self.line.clone();
        if !self.plaque.is_empty() {
            s.push_str("، پلاک ");
            s.push_str(&shop_core::digits::to_persian_digits(&self.plaque));
        }
        if !self.unit.is_empty() {
            s.push_str("، واحد ");
            s.push_str(&shop_core::digits::to_persian_digits(&self.unit));
        }
        s
    }
}
