//! `instalment`: one monthly instalment of an order's plan.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "instalment")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_plan_id: i64,
    pub order_id: i64,
    pub user_id: i64,
    /// 1 for the first.
    pub number: i64,
    /// Toman.
    pub amount: i64,
    /// Jalali `YYYY/MM/DD` (ASCII digits, compares as text).
    pub due_on: String,
    /// The day of the first reminder, same form.
    pub remind_on: String,
    /// Set once, by the conditional update that records its payment.
    pub paid_at: Option<i64>,
    pub payment_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
