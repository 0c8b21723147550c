//! `customer_order`: a registered order. Everything the customer agreed to (lines, prices,
//! delivery, address) is copied here at registration; later catalogue changes never alter it.

use sea_orm::entity::prelude::*;

/// What became of the stock an order reserved; stored by the word.
#[derive(Copy, Clone, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum StockState {
    /// Held for the order (registered, awaiting payment).
    #[sea_orm(string_value = "reserved")]
    Reserved,
    /// Given back (cancelled, expired, payment failed).
    #[sea_orm(string_value = "released")]
    Released,
    /// Paid: the reserved stock is sold.
    #[sea_orm(string_value = "committed")]
    Committed,
}

impl StockState {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Reserved => "reserved",
            Self::Released => "released",
            Self::Committed => "committed",
        }
    }
}

/// Compares with the stored word (tests read rows by it).
impl PartialEq<&str> for StockState {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Stock is held for the order (registered, awaiting payment).
pub const STOCK_RESERVED: StockState = StockState::Reserved;
/// The reservation was given back (cancelled, expired, payment failed).
pub const STOCK_RELEASED: StockState = StockState::Released;
/// Paid: the reserved stock is sold.
pub const STOCK_COMMITTED: StockState = StockState::Committed;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "customer_order")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Short unique public code, e.g. `K7Q2M9XD` (the payment pages and invoices show it).
    #[sea_orm(unique)]
    pub code: String,
    pub user_id: i64,
    /// The cart it was registered from (emptied once paid).
    pub cart_id: Option<i64>,
    /// `shop_core::order_state::OrderStatus` by name.
    pub status: String,
    /// `full` (instalments come later).
    pub payment_method: String,
    /// Sum of the lines (`shop_core::cart::order_total`), Toman.
    pub items_total: i64,
    pub delivery_price: i64,
    pub discount: i64,
    /// What the customer pays: items + delivery − discount.
    pub payable: i64,
    pub delivery_option_id: i64,
    pub delivery_name: String,
    #[sea_orm(column_type = "Text")]
    pub delivery_description: String,
    pub receiver_name: String,
    pub receiver_mobile: String,
    pub province: String,
    pub city: String,
    #[sea_orm(column_type = "Text")]
    pub address_line: String,
    pub postal_code: String,
    /// Changed only by conditional updates, so a reservation is given back or sold exactly
    /// once even with several nodes.
    pub stock_state: StockState,
    pub tracking_code: Option<String>,
    /// The carrier it left with (`shop_core::shipment::CARRIERS`), set with the tracking code.
    pub carrier: Option<String>,
    /// The delivery slot picked at registration (`delivery_slot`), if any; its place is given
    /// back once, by the move of `stock_state` to `released` (`service::lifecycle`).
    pub delivery_slot_id: Option<i64>,
    /// The slot's Persian label as registered (empty without a slot).
    pub delivery_slot_label: String,
    /// Unix seconds (UTC).
    pub created_at: i64,
    /// When an unpaid order expires and its stock is released (unix seconds).
    pub expires_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
