//! The catalogue tables the cart needs: products and their variants (colour × warranty).
//!
//! The catalogue issue extends these tables (brand specs, categories, images, …); the cart only
//! relies on the fields here. Money is an integer number of Toman.

pub mod product;
pub mod variant;
// --- catalogue engineer's modules (issue 5) ---
pub mod api;
pub mod cache;
pub mod category;
pub mod demo_data;
pub mod fmt;
pub mod http_cache;
pub mod images;
pub mod info;
pub mod search;
pub mod snapshot;
// --- end of catalogue engineer's modules ---

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// A variant together with its product: everything a cart line needs from the catalogue.
#[derive(Clone, Debug)]
pub struct CatalogItem {
    pub product: product::Model,
    pub variant: variant::Model,
}

/// Loads the variants with the given ids and their products, keyed by variant id.
/// Ids that do not exist are simply absent from the map.
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
    let variants = variant::Entity::find()
        .filter(variant::Column::Id.is_in(ids))
        .all(db)
        .await?;
    let mut product_ids: Vec<i64> = variants.iter().map(|v| v.product_id).collect();
    product_ids.sort_unstable();
    product_ids.dedup();
    let products: HashMap<i64, product::Model> = product::Entity::find()
        .filter(product::Column::Id.is_in(product_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    Ok(variants
        .into_iter()
        .filter_map(|v| {
            products.get(&v.product_id).cloned().map(|p| {
                (
                    v.id,
                    CatalogItem {
                        product: p,
                        variant: v,
                    },
                )
            })
        })
        .collect())
}
