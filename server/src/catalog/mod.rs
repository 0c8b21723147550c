//! The catalogue: products and their variants (colour × warranty), details, categories,
//! special offers and pictures; the public read API (`routes`), served from an in-memory
//! snapshot (`cache`, `snapshot`, `search`). Money is an integer number of Toman.
//!
//! Below: the lookup the cart uses to price its lines.

pub mod cache;
pub mod dto;
pub mod entity;
pub mod fmt;
pub mod images;
pub mod offer;
pub mod routes;
pub mod search;
pub mod service;
pub mod snapshot;
pub mod view;

pub use entity::{category, info, product, variant};

use std::collections::HashMap;

use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use self::offer::OfferTerms;

/// A variant together with its product: everything a cart line needs from the catalogue.
#[derive(Clone, Debug)]
pub struct CatalogItem {
    pub product: product::Model,
    pub variant: variant::Model,
    /// The product's special-offer terms (the catalogue's pricing rule, [`offer`]).
    pub offer: OfferTerms,
}

impl CatalogItem {
    /// The variant's unit price at `now`, after any running special offer: the price the
    /// product page shows ([`snapshot::Item::variant_price`] applies the same rule).
    pub fn price_at(&self, now: i64) -> i64 {
        self.offer.variant_price(self.variant.price, now)
    }
}

/// Loads the variants with the given ids and their products (with their offer terms), keyed by
/// variant id. Ids that do not exist are simply absent from the map.
pub async fn items_by_variant_ids<C: ConnectionTrait>(
    db: &C,
    variant_ids: &[i64],
) -> Result<HashMap<i64, CatalogItem>, DbErr> {
    if variant_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut ids = variant_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    // Every variant of the products owning the requested variants: the cheapest one is the
    // offer's base price.
    let siblings = variant::Entity::find()
        .filter(
            variant::Column::ProductId.in_subquery(
                Query::select()
                    .column(variant::Column::ProductId)
                    .from(variant::Entity)
                    .and_where(variant::Column::Id.is_in(ids.clone()))
                    .to_owned(),
            ),
        )
        .all(db)
        .await?;
    let mut base: HashMap<i64, i64> = HashMap::new();
    for v in &siblings {
        base.entry(v.product_id)
            .and_modify(|p| *p = (*p).min(v.price))
            .or_insert(v.price);
    }
    let product_ids: Vec<i64> = base.keys().copied().collect();
    let products: HashMap<i64, product::Model> = product::Entity::find()
        .filter(product::Column::Id.is_in(product_ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let infos: HashMap<i64, info::Model> = info::Entity::find()
        .filter(info::Column::ProductId.is_in(product_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|i| (i.product_id, i))
        .collect();
    Ok(siblings
        .into_iter()
        .filter(|v| ids.binary_search(&v.id).is_ok())
        .filter_map(|v| {
            let p = products.get(&v.product_id)?.clone();
            let info = infos.get(&v.product_id);
            let offer = OfferTerms {
                base_price: base.get(&v.product_id).copied().unwrap_or(v.price),
                special_price: info.and_then(|i| i.special_price),
                special_ends_at: info.and_then(|i| i.special_ends_at),
            };
            Some((v.id, CatalogItem { product: p, variant: v, offer }))
        })
        .collect())
}
