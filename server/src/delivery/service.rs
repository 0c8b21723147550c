//! Delivery options for a cart's products: gathered per line from the catalogue, filtered by
//! the caller's city with `shop_core::delivery::filter_delivery` (spec section 5). The cart
//! (`crate::cart::service::delivery_options`) and checkout call it with their lines.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use shop_core::delivery::{filter_delivery, DeliveryOption, ALL_CITIES};
use shop_core::search::fold;

use super::entity::{delivery_option, product_delivery};

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
        .filter(product_delivery::Column::ProductId.is_in(product_ids.clone()))
        .all(db)
        .await?;
    let option_ids: Vec<i64> = links.iter().map(|l| l.delivery_option_id).collect();
    // The active options linked to these products, and those offered for every product.
    let options: HashMap<i64, delivery_option::Model> = delivery_option::Entity::find()
        .filter(delivery_option::Column::Active.eq(true))
        .filter(
            Condition::any()
                .add(delivery_option::Column::AllProducts.eq(true))
                .add(delivery_option::Column::Id.is_in(option_ids)),
        )
        .order_by_asc(delivery_option::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.id, o))
        .collect();
    let mut per_product: HashMap<i64, Vec<DeliveryOption>> = HashMap::new();
    for link in &links {
        if let Some(o) = options.get(&link.delivery_option_id).filter(|o| !o.all_products) {
            per_product.entry(link.product_id).or_default().push(core_option(o));
        }
    }
    let mut everywhere: Vec<&delivery_option::Model> = options.values().filter(|o| o.all_products).collect();
    everywhere.sort_by_key(|o| o.id);
    // Only products that exist: an unknown id is offered nothing.
    let known: Vec<i64> = if everywhere.is_empty() {
        Vec::new()
    } else {
        crate::catalog::entity::product::Entity::find()
            .select_only()
            .column(crate::catalog::entity::product::Column::Id)
            .filter(crate::catalog::entity::product::Column::Id.is_in(product_ids))
            .into_tuple()
            .all(db)
            .await?
    };
    for product_id in known {
        let line = per_product.entry(product_id).or_default();
        line.extend(everywhere.iter().map(|o| core_option(o)));
        line.sort_by_key(|o| o.id);
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

// ---- The back office: staff list, add, edit and switch options on and off. ----

use sea_orm::{ActiveValue::Set, DatabaseConnection, PaginatorTrait};
use serde::Serialize;

use crate::audit::service::EditError;
use crate::auth::staff::Actor;
use crate::audit::versioned::{self, Versioned};

/// Persian messages of the back office's delivery calls.
pub mod msg {
    pub const NOT_FOUND: &str = "روش ارسال پیدا نشد";
    pub use shop_core::forms::delivery_option::{unknown_city, ALL_ALONE, NO_CITY, PRICE, PRIORITY};
}

/// What the audit log keeps of an option (with its `version`).
#[derive(Serialize)]
struct Snapshot<'a> {
    name: &'a str,
    description: &'a str,
    price: i64,
    priority: i64,
    cities: Vec<String>,
    estimate: &'a str,
    all_products: bool,
    active: bool,
    version: i64,
}

impl Versioned for delivery_option::Entity {
    const NAME: &'static str = "delivery_option";
    const NOT_FOUND: &'static str = msg::NOT_FOUND;
    fn id_column() -> delivery_option::Column {
        delivery_option::Column::Id
    }
    fn version_column() -> delivery_option::Column {
        delivery_option::Column::Version
    }
    fn version_of(m: &delivery_option::Model) -> i64 {
        m.version
    }
    fn snapshot(o: &delivery_option::Model) -> serde_json::Value {
        serde_json::to_value(Snapshot {
            name: &o.name,
            description: &o.description,
            price: o.price,
            priority: o.priority,
            cities: o.city_list(),
            estimate: &o.estimate,
            all_products: o.all_products,
            active: o.active,
            version: o.version,
        })
        .unwrap_or_default()
    }
    fn label(key: &str) -> Option<&'static str> {
        Some(match key {
            "name" => "نام",
            "description" => "توضیح",
            "price" => "هزینه",
            "priority" => "اولویت",
            "cities" => "شهرها",
            "estimate" => "زمان تحویل",
            "all_products" => "همهٔ محصولات",
            "active" => "فعال بودن",
            _ => return None,
        })
    }
}

/// A delivery option as staff typed it: core's form parsed it (every value in range, cities
/// from the list); whether it serves every product is the route's switch beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInput {
    pub option: shop_core::forms::delivery_option::DeliveryOption,
    pub all_products: bool,
}

impl OptionInput {
    fn active_model(self) -> delivery_option::ActiveModel {
        let o = self.option;
        delivery_option::ActiveModel {
            name: Set(o.name),
            description: Set(o.description),
            price: Set(o.price),
            priority: Set(o.priority),
            cities: Set(serde_json::to_string(&o.cities).unwrap_or_else(|_| "[]".into())),
            estimate: Set(o.estimate),
            all_products: Set(self.all_products),
            ..Default::default()
        }
    }
}

/// An option as the back office lists it: the row and how many products link to it.
#[derive(Clone, Debug)]
pub struct AdminOption {
    pub row: delivery_option::Model,
    pub linked_products: u64,
}

/// Every option (active or not), by priority then id.
pub async fn admin_list<C: ConnectionTrait>(db: &C) -> Result<Vec<AdminOption>, DbErr> {
    let rows = delivery_option::Entity::find()
        .order_by_asc(delivery_option::Column::Priority)
        .order_by_asc(delivery_option::Column::Id)
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let linked_products =
            product_delivery::Entity::find().filter(product_delivery::Column::DeliveryOptionId.eq(row.id)).count(db).await?;
        out.push(AdminOption { row, linked_products });
    }
    Ok(out)
}

/// Adds an option (active), audited.
pub async fn create(db: &DatabaseConnection, actor: &Actor, input: OptionInput, now: i64) -> Result<delivery_option::Model, EditError> {
    let mut am = input.active_model();
    am.pickup = Set(false);
    am.active = Set(true);
    versioned::create::<delivery_option::Entity>(db, actor, "delivery.create", am, now).await
}

/// Edits the option `id` from `version`.
pub async fn update(db: &DatabaseConnection, actor: &Actor, id: i64, version: i64, input: OptionInput, now: i64) -> Result<delivery_option::Model, EditError> {
    versioned::update::<delivery_option::Entity>(db, actor, id, version, "delivery.update", |_| Ok(input.active_model()), now).await
}

/// Switches the option `id` on or off (from `version`).
pub async fn set_active(db: &DatabaseConnection, actor: &Actor, id: i64, version: i64, active: bool, now: i64) -> Result<delivery_option::Model, EditError> {
    let action = if active { "delivery.activate" } else { "delivery.deactivate" };
    versioned::update::<delivery_option::Entity>(db, actor, id, version, action, |_| {
        Ok(delivery_option::ActiveModel { active: Set(active), ..Default::default() })
    }, now)
    .await
}
