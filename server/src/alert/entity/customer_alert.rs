//! `customer_alert`: one customer's wish to hear of one variant (restock or price drop).
//! While `state` is `waiting` there is at most one per (customer, variant, kind) (a partial
//! unique index); once `sent` it stays as the customer's record until they remove it.

use sea_orm::entity::prelude::*;

/// Waiting for its variant to come back or get cheaper.
pub const WAITING: &str = "waiting";
/// Claimed by a node's job and sent (or being sent).
pub const SENT: &str = "sent";

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "customer_alert")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub variant_id: i64,
    /// `restock` or `price_drop` (`shop_core::alert::AlertKind::as_str`).
    pub kind: String,
    /// The variant's price when the customer asked (Toman): a price drop fires below it.
    pub threshold: i64,
    /// [`WAITING`] or [`SENT`].
    pub state: String,
    /// Unix seconds (UTC).
    pub created_at: i64,
    /// When the job claimed and sent it.
    pub sent_at: Option<i64>,
    /// The variant's price the SMS told.
    pub sent_price: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
