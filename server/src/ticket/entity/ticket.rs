//! `ticket`: one support conversation of a customer.

use sea_orm::entity::prelude::*;
use shop_core::ticket_state::TicketStatus;

/// The team a ticket goes to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, poem_openapi::Enum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[oai(rename = "TicketDepartment", rename_all = "snake_case")]
pub enum Department {
    /// Buying: stock, prices, which laptop.
    #[sea_orm(string_value = "sales")]
    Sales,
    /// Technical questions about a laptop.
    #[sea_orm(string_value = "technical")]
    Technical,
    /// Warranty claims and repairs.
    #[sea_orm(string_value = "warranty")]
    Warranty,
    /// Payments, refunds, instalments, invoices.
    #[sea_orm(string_value = "finance")]
    Finance,
}

/// How urgent the customer says it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, poem_openapi::Enum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[oai(rename = "TicketPriority", rename_all = "snake_case")]
pub enum Priority {
    /// Whenever the staff can.
    #[sea_orm(string_value = "low")]
    Low,
    /// The usual.
    #[sea_orm(string_value = "normal")]
    Normal,
    /// Urgent (a laptop that does not start, a payment taken twice).
    #[sea_orm(string_value = "high")]
    High,
}

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ticket")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The customer who opened it.
    pub user_id: i64,
    pub subject: String,
    pub department: Department,
    pub priority: Priority,
    /// Code of one of the customer's orders, when the ticket is about one.
    pub order_code: Option<String>,
    /// `shop_core::ticket_state::TicketStatus` by its stored name; read with [`Model::status`].
    #[sea_orm(column_name = "status")]
    pub status_name: String,
    /// A staff message the customer has not opened yet.
    pub customer_unread: bool,
    /// A customer message the staff have not opened yet.
    pub staff_unread: bool,
    /// Unix seconds (UTC).
    pub created_at: i64,
    /// Last message or change.
    pub updated_at: i64,
    pub closed_at: Option<i64>,
}

impl Model {
    /// The ticket's state (an unknown stored name reads as closed: it takes no messages).
    pub fn status(&self) -> TicketStatus {
        TicketStatus::parse(&self.status_name).unwrap_or(TicketStatus::Closed)
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
