//! What a quote and a registration read, each in one statement (issue 25: on PostgreSQL every
//! statement is a round trip, and a registration made 23 of them): the cart's lines with their
//! variants' live catalogue values, and the customer's orders that hold stock or that this
//! registration replaces, with their lines.

use std::collections::BTreeMap;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, FromQueryResult, JoinType, QueryFilter, QuerySelect,
    Statement,
};
use shop_core::order_state::OrderStatus;
use shop_core::quote::{Live, OfferTerms};

use crate::cart::entity::order_line;
use crate::order::entity::{customer_order, customer_order_line};

/// A variant's live catalogue values, as a cart line reads them: present only while the
/// variant and its active product exist.
pub(super) struct LiveLine {
    pub name: String,
    pub color: String,
    pub warranty_name: String,
    pub property: String,
    pub dg: String,
    /// The variant's stock now (before what a replaced order gives back).
    pub stock: i64,
    /// The prices the pricing rule book reads (stock not set).
    pub live: Live,
}

/// The cart's lines in id order, each with its variant's live values (the same values as
/// `catalog::items_by_variant_ids`: the cheapest sibling is the offer's base price).
pub(super) async fn cart_lines_now<C: ConnectionTrait>(db: &C, cart_id: i64) -> Result<Vec<(order_line::Model, Option<LiveLine>)>, DbErr> {
    let backend = db.get_database_backend();
    let rows = db.query_all_raw(Statement::from_sql_and_values(backend, cart_lines_sql(backend), [cart_id.into()])).await?;
    rows.iter()
        .map(|r| {
            let stored = order_line::Model::from_query_result(r, "")?;
            let Some(name) = r.try_get::<Option<String>>("", "c_name")? else { return Ok((stored, None)) };
            let price: i64 = r.try_get("", "c_price")?;
            let live = LiveLine {
                name,
                color: r.try_get("", "c_color")?,
                warranty_name: r.try_get("", "c_warranty_name")?,
                property: r.try_get("", "c_property")?,
                dg: r.try_get("", "c_dg")?,
                stock: r.try_get("", "c_stock")?,
                live: Live {
                    price,
                    warranty_price: r.try_get("", "c_warranty_price")?,
                    ins_payment: r.try_get("", "c_ins_payment")?,
                    offer: OfferTerms {
                        base_price: r.try_get::<Option<i64>>("", "c_base_price")?.unwrap_or(price),
                        special_price: r.try_get("", "c_special_price")?,
                        special_ends_at: r.try_get("", "c_special_ends_at")?,
                    },
                    stock: None,
                },
            };
            Ok((stored, Some(live)))
        })
        .collect()
}

/// The text of [`cart_lines_now`]'s query for `backend` (one parameter, the cart's id); built
/// once per process. A hidden product's lines come back without live values (`c_name` null).
fn cart_lines_sql(backend: DbBackend) -> &'static str {
    static TEXTS: std::sync::OnceLock<[String; 2]> = std::sync::OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        let text = |param: &str| {
            format!(
                "SELECT l.id, l.order_id, l.product_id, l.variant_id, l.num, l.name, l.price, l.price_garanti, l.name_garanti, \
                 l.dg, l.property, l.color, l.ins_payment, \
                 p.name AS c_name, v.color AS c_color, v.warranty_name AS c_warranty_name, v.property AS c_property, \
                 v.dg AS c_dg, v.stock AS c_stock, v.price AS c_price, v.warranty_price AS c_warranty_price, \
                 v.ins_payment AS c_ins_payment, \
                 (SELECT MIN(b.price) FROM product_variant b WHERE b.product_id = v.product_id) AS c_base_price, \
                 i.special_price AS c_special_price, i.special_ends_at AS c_special_ends_at \
                 FROM order_line l \
                 LEFT JOIN product_variant v ON v.id = l.variant_id \
                 LEFT JOIN product p ON p.id = v.product_id AND p.active \
                 LEFT JOIN product_info i ON i.product_id = p.id \
                 WHERE l.order_id = {param} ORDER BY l.id"
            )
        };
        [text("$1"), text("?1")]
    });
    &texts[usize::from(!matches!(backend, DbBackend::Postgres))]
}

/// The customer's orders a registration of cart `cart_id` weighs: the cart's registered
/// orders (which it replaces) and every unpaid order still holding stock (which count towards
/// the customer's caps), each with its lines.
pub(super) struct UnpaidOrders {
    pub orders: Vec<(customer_order::Model, Vec<customer_order_line::Model>)>,
}

impl UnpaidOrders {
    /// Reads them in one statement (the orders joined with their lines).
    pub async fn read<C: ConnectionTrait>(db: &C, user_id: i64, cart_id: i64) -> Result<Self, DbErr> {
        let lines = customer_order_line::Entity::belongs_to(customer_order::Entity)
            .from(customer_order_line::Column::OrderId)
            .to(customer_order::Column::Id)
            .into();
        let rows = customer_order::Entity::find()
            .join(JoinType::LeftJoin, sea_orm::RelationDef::rev(lines))
            .select_also(customer_order_line::Entity)
            .filter(customer_order::Column::UserId.eq(user_id))
            // Implied by both branches below, and what the index (user_id, status) finds them by:
            // without it, every order the customer ever had is read.
            .filter(customer_order::Column::Status.is_in([OrderStatus::Registered.as_str(), OrderStatus::AwaitingPayment.as_str()]))
            .filter(
                sea_orm::Condition::any()
                    .add(
                        sea_orm::Condition::all()
                            .add(customer_order::Column::CartId.eq(cart_id))
                            .add(customer_order::Column::Status.eq(OrderStatus::Registered.as_str())),
                    )
                    .add(
                        sea_orm::Condition::all()
                            .add(customer_order::Column::StockState.eq(customer_order::STOCK_RESERVED))
                            .add(
                                customer_order::Column::Status
                                    .is_in([OrderStatus::Registered.as_str(), OrderStatus::AwaitingPayment.as_str()]),
                            ),
                    ),
            )
            // No ORDER BY: by the order's id, SQLite would walk the `user_id` index (in id order)
            // and read every order the customer ever had; the orders are put in id order here.
            .all(db)
            .await?;
        let mut orders: BTreeMap<i64, (customer_order::Model, Vec<customer_order_line::Model>)> = BTreeMap::new();
        for (order, line) in rows {
            orders.entry(order.id).or_insert_with(|| (order, Vec::new())).1.extend(line);
        }
        Ok(Self { orders: orders.into_values().collect() })
    }

    /// The cart's registered orders, which registering it again replaces.
    pub fn earlier(&self, cart_id: i64) -> impl Iterator<Item = &customer_order::Model> {
        self.orders
            .iter()
            .map(|(o, _)| o)
            .filter(move |o| o.cart_id == Some(cart_id) && o.status == OrderStatus::Registered.as_str())
    }

    /// The orders that hold stock and pass `keep`.
    pub fn holding(&self, keep: impl Fn(&customer_order::Model) -> bool) -> impl Iterator<Item = &customer_order::Model> {
        self.orders.iter().map(|(o, _)| o).filter(move |o| o.stock_state == customer_order::STOCK_RESERVED && keep(o))
    }

    /// The lines of the orders that hold stock and pass `keep`.
    pub fn holding_lines(&self, keep: impl Fn(&customer_order::Model) -> bool) -> impl Iterator<Item = &customer_order_line::Model> {
        self.orders
            .iter()
            .filter(move |(o, _)| o.stock_state == customer_order::STOCK_RESERVED && keep(o))
            .flat_map(|(_, lines)| lines)
    }
}
