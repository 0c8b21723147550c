//! `prepared_order`: an order link staff prepared. `code_hash` is the SHA-256 of the link's
//! code (the code itself is shown once, by the CLI). `adopted_by` is set once, by a
//! conditional update.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "prepared_order")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Hex SHA-256 of the code.
    #[sea_orm(unique)]
    pub code_hash: String,
    /// Only this customer (canonical `09…`) may adopt it, when set.
    pub mobile: Option<String>,
    /// Staff's note.
    #[sea_orm(column_type = "Text")]
    pub note: String,
    /// Unix seconds: the link stops working at this time.
    pub expires_at: i64,
    /// The customer who adopted it.
    pub adopted_by: Option<i64>,
    pub adopted_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
