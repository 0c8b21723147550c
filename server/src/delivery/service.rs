//! Delivery options for an order: gathered per order line from the catalogue, filtered by the
//! caller's city with `shop_core::delivery::filter_delivery` (spec section 5).

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use shop_core::delivery::{filter_delivery, DeliveryOption, ALL_CITIES};
use shop_core::search::fold;

use super::entity::{delivery_option, product_delivery};
use crate::order::entity::order_line;
use crate::order::service::{own_order, Caller, OrderError};
use crate::platform::error::ApiError;

/// Why the delivery options of an order could not be given.
#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    /// Not the caller's order, or no such order.
    #[error(transparent)]
    Order(#[from] OrderError),
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// A refused delivery call as its HTTP answer (an order refusal as the order area answers it).
impl From<DeliveryError> for ApiError {
    fn from(e: DeliveryError) -> Self {
        match e {
            DeliveryError::Order(o) => o.into(),
            DeliveryError::Db(db) => ApiError::internal(&db),
        }
    }
}

/// The options offered for the caller's order `order_id`, for a customer in `city`.
pub async fn options_for_order<C: ConnectionTrait>(
    db: &C,
    caller: &Caller,
    city: &str,
    order_id: i64,
) -> Result<Vec<delivery_option::Model>, DeliveryError> {
    let order = own_order(db, caller, order_id).await?;
    let lines = order_line::Entity::find()
        .filter(order_line::Column::OrderId.eq(order.id))
        .order_by_asc(order_line::Column::Id)
        .all(db)
        .await?;
    let product_ids: Vec<i64> = lines.iter().map(|l| l.product_id).collect();
    Ok(options_for_products(db, &product_ids, city).await?)
}

/// The options offered for a cart holding these products (one entry per line), for `city`.
pub async fn options_for_products<C: ConnectionTrait>(
    db: &C,
    product_ids: &[i64],
    city: &str,
) -> Result<Vec<delivery_option::Model>, DbErr> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut distinct = product_ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let (options, per_product) = options_by_product(db, distinct).await?;
    let per_line: Vec<Vec<DeliveryOption>> = product_ids
        .iter()
        .map(|p| per_product.get(p).cloned().unwrap_or_default())
        .collect();
    Ok(filter_delivery(&per_line, city)
        .into_iter()
        .filter_map(|o| options.get(&o.id).cloned())
        .collect())
}

/// Where one product can be sent: the options a one-line cart of it is offered in a city, and
/// the cities it reaches at all. Every answer comes from `filter_delivery` (spec section 5).
#[derive(Debug, Clone)]
pub struct ProductReach {
    pub product_id: i64,
    /// The options offered for a one-line cart of this product in the asked city (for an empty
    /// city: the options that serve every city).
    pub options: Vec<delivery_option::Model>,
    /// Some option serves every city (`همه`).
    pub everywhere: bool,
    /// The named cities some option serves, in the options' order, without repeats.
    pub cities: Vec<String>,
}

/// [`ProductReach`] of each product in `product_ids` (in that order, repeats dropped), for `city`.
pub async fn reach_of_products<C: ConnectionTrait>(
    db: &C,
    product_ids: &[i64],
    city: &str,
) -> Result<Vec<ProductReach>, DbErr> {
    let mut ids = product_ids.to_vec();
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let (options, mut per_product) = options_by_product(db, ids.clone()).await?;
    let offered = |line: &[DeliveryOption], city: &str| filter_delivery(&[line.to_vec()], city);
    Ok(ids
        .into_iter()
        .map(|product_id| {
            let mut line = per_product.remove(&product_id).unwrap_or_default();
            line.sort_by_key(|o| (o.priority, o.id));
            let mut cities: Vec<String> = Vec::new();
            for name in line.iter().flat_map(|o| o.city_active.iter()) {
                // A name is listed when the rule offers something there (not `همه` itself).
                if !cities.contains(name) && fold(name) != ALL_CITIES && !offered(&line, name).is_empty() {
                    cities.push(name.clone());
                }
            }
            ProductReach {
                product_id,
                options: offered(&line, city).into_iter().filter_map(|o| options.get(&o.id).cloned()).collect(),
                everywhere: !offered(&line, "").is_empty(),
                cities,
            }
        })
        .collect())
}

/// The delivery options linked to these products: the rows by id, and each product's options
/// as core's `DeliveryOption`s (in option id order), for `filter_delivery`.
async fn options_by_product<C: ConnectionTrait>(
    db: &C,
    product_ids: Vec<i64>,
) -> Result<(HashMap<i64, delivery_option::Model>, HashMap<i64, Vec<DeliveryOption>>), DbErr> {
    let links = product_delivery::Entity::find()
        .filter(product_delivery::Column::ProductId.is_in(product_ids))
        .all(db)
        .await?;
    let mut option_ids: Vec<i64> = links.iter().map(|l| l.delivery_option_id).collect();
    option_ids.sort_unstable();
    option_ids.dedup();
    let options: HashMap<i64, delivery_option::Model> = if option_ids.is_empty() {
        HashMap::new()
    } else {
        delivery_option::Entity::find()
            .filter(delivery_option::Column::Id.is_in(option_ids))
            .order_by_asc(delivery_option::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(|o| (o.id, o))
            .collect()
    };
    let mut per_product: HashMap<i64, Vec<DeliveryOption>> = HashMap::new();
    for link in &links {
        if let Some(o) = options.get(&link.delivery_option_id) {
            per_product.entry(link.product_id).or_default().push(core_option(o));
        }
    }
    Ok((options, per_product))
}

fn core_option(o: &delivery_option::Model) -> DeliveryOption {
    DeliveryOption {
        id: o.id,
        priority: o.priority,
        city_active: o.city_list(),
    }
}
