//! `instalment_plan`: a plan the shop offers (terms checked by `shop_core::instalment`).

use sea_orm::entity::prelude::*;
use shop_core::instalment::InstalmentTerms;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "instalment_plan")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Persian name shown to the customer.
    pub name: String,
    pub down_payment_percent: i64,
    pub months: i64,
    /// Basis points a month (250 = 2.5%).
    pub monthly_rate_bp: i64,
    /// Toman.
    pub min_total: i64,
    pub max_total: i64,
    /// Offered to customers.
    pub active: bool,
    /// Display order.
    pub position: i64,
    /// Bumped by each staff save (`shop_core::edit_version`).
    pub version: i64,
}

impl Model {
    /// The plan's terms as the core rule reads them.
    pub fn terms(&self) -> InstalmentTerms {
        InstalmentTerms {
            down_payment_percent: self.down_payment_percent,
            months: self.months,
            monthly_rate_bp: self.monthly_rate_bp,
            min_total: self.min_total,
            max_total: self.max_total,
        }
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
