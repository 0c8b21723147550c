//! What registered orders answer for the areas below them, which run these queries without
//! naming orders: what orders and carts hold of the catalogue (`catalog::holders`) and how many
//! orders a customer paid for (`discount::service::Purchases`).

use sea_orm::sea_query::{Expr, ExprTrait, Query, SelectStatement};
use sea_orm::ColumnTrait;
use shop_core::order_state::{OrderStatus, ALL_STATUSES};

use crate::cart::entity::order_line;
use crate::catalog::holders::Holders;
use crate::catalog::snapshot::Sales;
use crate::discount::service::Purchases;
use crate::order::entity::{customer_order as o, customer_order_line as l};

/// Registered at start-up (`AppState::new`).
pub struct Orders;

impl Holders for Orders {
    fn sold_since(&self, since: i64) -> Vec<SelectStatement> {
        let statuses: Vec<&str> = Sales::SOLD_STATUSES.iter().map(|s| s.as_str()).collect();
        vec![Query::select()
            .column((l::Entity, l::Column::ProductId))
            .column((o::Entity, o::Column::CreatedAt))
            .column((l::Entity, l::Column::Num))
            .from(l::Entity)
            .inner_join(o::Entity, Expr::col((o::Entity, o::Column::Id)).equals((l::Entity, l::Column::OrderId)))
            .and_where(Expr::col((o::Entity, o::Column::Status)).is_in(statuses))
            .and_where(Expr::col((o::Entity, o::Column::CreatedAt)).gte(since))
            .to_owned()]
    }

    fn holding_variant(&self, id: i64) -> Vec<SelectStatement> {
        let cart = Query::select()
            .column(order_line::Column::Id)
            .from(order_line::Entity)
            .and_where(order_line::Column::VariantId.eq(id))
            .limit(1)
            .to_owned();
        let open: Vec<&str> = [OrderStatus::Registered, OrderStatus::AwaitingPayment, OrderStatus::Paid, OrderStatus::Preparing, OrderStatus::Shipped]
            .into_iter()
            .map(|s| s.as_str())
            .collect();
        let orders = Query::select().column(o::Column::Id).from(o::Entity).and_where(o::Column::Status.is_in(open)).to_owned();
        let lines = Query::select()
            .column(l::Column::Id)
            .from(l::Entity)
            .and_where(l::Column::VariantId.eq(id))
            .and_where(l::Column::OrderId.in_subquery(orders))
            .limit(1)
            .to_owned();
        vec![cart, lines]
    }
}

impl Purchases for Orders {
    fn paid_orders(&self, user_id: i64) -> SelectStatement {
        let purchased: Vec<&str> = ALL_STATUSES.into_iter().filter(|s| s.is_purchase()).map(OrderStatus::as_str).collect();
        Query::select()
            .expr(Expr::col(o::Column::Id).count())
            .from(o::Entity)
            .and_where(o::Column::UserId.eq(user_id))
            .and_where(o::Column::Status.is_in(purchased))
            .to_owned()
    }
}
