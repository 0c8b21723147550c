//! The public catalogue API under `/api/client/v1/catalog/...` (GET, `ETag` +
//! `Cache-Control`, 304 on a matching `If-None-Match`): product list with filters, sorts and
//! pages; product detail; categories; specials; search and suggestions; compare; pictures.
//!
//! Decisions: `page` starts at 1 and `page < 1` is a 400 (Persian message naming `page`);
//! `size` is 1..=60 and a larger size is capped at 60 (not an error); a page past the end is
//! an empty `data` with the real `Total`. `min_price > max_price` is a 400. Unknown
//! category/product ids or slugs are 404. Queries longer than 256 characters are a 400;
//! a query with no letters or digits (punctuation only) finds nothing (200, empty).

use std::sync::Arc;

use poem::web::Data;
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Binary;
use poem_openapi::types::ToJSON;
use poem_openapi::OpenApi;

use super::cache::CatalogCache;
use super::dto::*;
use super::images::{self, PictureCache};
use super::service::{build_filter, check_query, page_of, parse_sort, CatalogError, FilterParams, MAX_COMPARE, msg};
use super::snapshot::{Snapshot, Sort};
use super::view::{category_ref, category_url, compare_rows, default_spec, detail, image, picture_spec, product_response};
use super::fmt;
use crate::platform::error::{ApiResult, ErrorBody};
use crate::platform::http::cache::{prepare, respond, respond_prepared, Cached, Prepared};
use crate::platform::http::page::Paging;
use crate::platform::ApiTags;
use crate::state::AppState;

// Endpoints

/// The catalogue API. Holds the picture cache; the catalogue snapshot comes from the
/// [`CatalogCache`] in the request data.
#[derive(Default)]
pub struct CatalogApi {
    pictures: PictureCache,
    memo: Memo,
}

/// Answers already computed and serialised, by request URI, for one snapshot version and one
/// 10-second time bucket (special offers start and end with time). Bounded; cleared when full.
#[derive(Default)]
struct Memo {
    map: std::sync::Mutex<std::collections::HashMap<String, (i64, i64, Prepared)>>,
}

const MEMO_CAP: usize = 4096;

impl Memo {
    /// The remembered answer for `key`, or `f()` serialised (remembered when it succeeds).
    fn get_or<T: ToJSON>(&self, key: &str, version: i64, now: i64, f: impl FnOnce() -> ApiResult<T>) -> ApiResult<Prepared> {
        let bucket = now.div_euclid(10);
        if let Ok(m) = self.map.lock() {
            if let Some((v, b, p)) = m.get(key) {
                if *v == version && *b == bucket {
                    return Ok(p.clone());
                }
            }
        }
        let p = prepare(&f()?);
        if key.len() <= 2048 {
            if let Ok(mut m) = self.map.lock() {
                if m.len() >= MEMO_CAP {
                    m.clear();
                }
                m.insert(key.to_string(), (version, bucket, p.clone()));
            }
        }
        Ok(p)
    }
}

fn memo_key(req: &Request) -> String {
    req.uri().path_and_query().map(|p| p.as_str().to_string()).unwrap_or_default()
}

impl CatalogApi {
    /// A new API instance.
    pub fn new() -> Self {
        Self::default()
    }
}

async fn snap(cache: &CatalogCache, state: &AppState) -> ApiResult<Arc<Snapshot>> {
    Ok(cache.get(&state.db).await?)
}

#[OpenApi(prefix_path = "/api/client/v1/catalog", tag = "ApiTags::Catalog")]
impl CatalogApi {
    /// Product list. Filters: `category` (id, `slug-id` or slug; includes sub-categories),
    /// `brand` (comma list of slugs or names), `condition` (`new`, `used`, `open-box`),
    /// `line` (`laptop`, `tablet-laptop`), `min_price`/`max_price` (Toman, after offers),
    /// `ram` (GB, comma list), `cpu_family` (e.g. `intel-core-i7`), `in_stock=1`, `special=1`.
    /// Sorts: `newest` (default), `cheapest`, `expensive`, `bestselling`. Out-of-stock
    /// products come last. `page` from 1 (below 1: 400); `size` default 24, capped at 60.
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/products", method = "get", operation_id = "catalog_products")]
    async fn products(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        category: Query<Option<String>>,
        brand: Query<Option<String>>,
        condition: Query<Option<String>>,
        line: Query<Option<String>>,
        min_price: Query<Option<i64>>,
        max_price: Query<Option<i64>>,
        ram: Query<Option<String>>,
        cpu_family: Query<Option<String>>,
        in_stock: Query<Option<String>>,
        special: Query<Option<String>>,
        sort: Query<Option<String>>,
        page: Query<Option<i64>>,
        size: Query<Option<i64>>,
    ) -> ApiResult<Cached<ProductListResponse>> {
        let paging = Paging::parse(page.0, size.0, 24)?;
        let sort = parse_sort(&sort.0, Sort::Newest)?;
        let snap = snap(&cache, &state).await?;
        let params = FilterParams {
            category: category.0,
            brand: brand.0,
            condition: condition.0,
            line: line.0,
            min_price: min_price.0,
            max_price: max_price.0,
            ram: ram.0,
            cpu_family: cpu_family.0,
            in_stock: in_stock.0,
            special: special.0,
        };
        let now = state.clock.unix();
        let body = self.memo.get_or(&memo_key(req), snap.version, now, || {
            let filter = build_filter(&snap, &params)?;
            let all: Vec<usize> = (0..snap.items.len()).collect();
            Ok(page_of(&snap, all, &filter, sort, paging, now, Vec::new()))
        })?;
        Ok(respond_prepared(req, body))
    }

    /// One product by `uid`, with variants, specs, pictures and related products; 404 when unknown.
    #[oai(path = "/products/:uid", method = "get", operation_id = "catalog_product")]
    async fn product(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        uid: Path<String>,
    ) -> ApiResult<Cached<ProductResponse>> {
        let snap = snap(&cache, &state).await?;
        let &i = snap.by_uid.get(&uid.0).ok_or(CatalogError::ProductNotFound("uid"))?;
        let now = state.clock.unix();
        let body = self.memo.get_or(&memo_key(req), snap.version, now, || Ok(product_response(&snap, i, now)))?;
        Ok(respond_prepared(req, body))
    }

    /// Every category as a flat list, parents before children (`ParentId`, `Depth`), with counts.
    #[oai(path = "/categories", method = "get", operation_id = "catalog_categories")]
    async fn categories(&self, state: Data<&AppState>, cache: Data<&CatalogCache>, req: &Request) -> ApiResult<Cached<CategoriesResponse>> {
        let snap = snap(&cache, &state).await?;
        let mut out = Vec::new();
        fn walk(snap: &Snapshot, parent: Option<i64>, depth: u32, out: &mut Vec<CategoryDto>) {
            for c in snap.categories.iter().filter(|c| c.parent_id == parent) {
                if depth > 8 {
                    return;
                }
                // A picture of the cheapest product in it, when there is one.
                let set = snap.category_and_descendants(c.id);
                let pic = snap
                    .items
                    .iter()
                    .filter(|it| it.info.category_id.is_some_and(|x| set.contains(&x)))
                    .min_by_key(|it| it.product.id)
                    .map(|it| image(it, 0))
                    .unwrap_or_else(|| ImageDto {
                        src: images::url(c.id, 0, 320),
                        src2x: images::url(c.id, 0, 640),
                        src_set: String::new(),
                        alt: c.name.clone(),
                        width: 320,
                        height: 240,
                    });
                out.push(CategoryDto {
                    id: c.id,
                    parent_id: c.parent_id,
                    slug: c.slug.clone(),
                    name: c.name.clone(),
                    description: c.description.clone(),
                    url: category_url(&c.slug, c.id),
                    depth,
                    count: snap.category_counts.get(&c.id).copied().unwrap_or(0) as u64,
                    image: pic,
                });
                walk(snap, Some(c.id), depth + 1, out);
            }
        }
        let body = self.memo.get_or(&memo_key(req), snap.version, 0, || {
            walk(&snap, None, 0, &mut out);
            Ok(CategoriesResponse { status: "ok".into(), data: out })
        })?;
        Ok(respond_prepared(req, body))
    }

    /// Products with a running special offer, ending soonest first (same filters and pages as
    /// the list; the default sort is by end time).
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/specials", method = "get", operation_id = "catalog_specials")]
    async fn specials(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        category: Query<Option<String>>,
        sort: Query<Option<String>>,
        page: Query<Option<i64>>,
        size: Query<Option<i64>>,
    ) -> ApiResult<Cached<ProductListResponse>> {
        let paging = Paging::parse(page.0, size.0, 24)?;
        let snap = snap(&cache, &state).await?;
        let now = state.clock.unix();
        let sort = parse_sort(&sort.0, Sort::Relevance)?;
        let body = self.memo.get_or(&memo_key(req), snap.version, now, || {
            let filter = build_filter(&snap, &FilterParams { category: category.0, special: Some("1".into()), ..Default::default() })?;
            let mut ids: Vec<usize> = (0..snap.items.len()).filter(|&i| snap.items[i].offer(now).is_some()).collect();
            ids.sort_by_key(|&i| (snap.items[i].offer(now).map(|o| o.1).unwrap_or(i64::MAX), snap.items[i].product.id));
            Ok(page_of(&snap, ids, &filter, sort, paging, now, Vec::new()))
        })?;
        Ok(respond_prepared(req, body))
    }

    /// Search by `q` (Persian or Latin, any spelling: see the module docs of `catalog::search`),
    /// ranked by relevance (exact model matches first); `sort` and every list filter also apply.
    /// `q` longer than 256 characters: 400. A query without letters or digits finds nothing.
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/search", method = "get", operation_id = "catalog_search")]
    async fn search(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        q: Query<Option<String>>,
        category: Query<Option<String>>,
        brand: Query<Option<String>>,
        condition: Query<Option<String>>,
        line: Query<Option<String>>,
        min_price: Query<Option<i64>>,
        max_price: Query<Option<i64>>,
        ram: Query<Option<String>>,
        cpu_family: Query<Option<String>>,
        in_stock: Query<Option<String>>,
        special: Query<Option<String>>,
        sort: Query<Option<String>>,
        page: Query<Option<i64>>,
        size: Query<Option<i64>>,
    ) -> ApiResult<Cached<ProductListResponse>> {
        let q = q.0.unwrap_or_default();
        check_query(&q)?;
        let paging = Paging::parse(page.0, size.0, 24)?;
        let sort = parse_sort(&sort.0, Sort::Relevance)?;
        let snap = snap(&cache, &state).await?;
        let params = FilterParams {
            category: category.0,
            brand: brand.0,
            condition: condition.0,
            line: line.0,
            min_price: min_price.0,
            max_price: max_price.0,
            ram: ram.0,
            cpu_family: cpu_family.0,
            in_stock: in_stock.0,
            special: special.0,
        };
        let now = state.clock.unix();
        let body = self.memo.get_or(&memo_key(req), snap.version, now, || {
            let filter = build_filter(&snap, &params)?;
            let hits: Vec<usize> = snap.index.search(&q).into_iter().map(|h| h.doc as usize).collect();
            let mut terms = shop_core::search::tokenize(&q);
            terms.truncate(super::search::MAX_QUERY_TOKENS);
            Ok(page_of(&snap, hits, &filter, sort, paging, now, terms))
        })?;
        Ok(respond_prepared(req, body))
    }

    /// Live suggestions for the mobile search: up to 8 products, brand/model names and
    /// categories matching `q` (empty `q`: best sellers).
    #[oai(path = "/suggest", method = "get", operation_id = "catalog_suggest")]
    async fn suggest(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        q: Query<Option<String>>,
    ) -> ApiResult<Cached<SuggestResponse>> {
        let q = q.0.unwrap_or_default();
        check_query(&q)?;
        let snap = snap(&cache, &state).await?;
        let now = state.clock.unix();
        let ids: Vec<usize> = if shop_core::search::tokenize(&q).is_empty() {
            let mut all: Vec<usize> = (0..snap.items.len()).filter(|&i| snap.items[i].in_stock()).collect();
            all.sort_by_key(|&i| std::cmp::Reverse(snap.items[i].info.sold_count));
            all
        } else {
            snap.index.search(&q).into_iter().map(|h| h.doc as usize).collect()
        };
        let qc = super::search::compact(&q);
        let mut terms: Vec<String> = Vec::new();
        if !qc.is_empty() {
            for &i in ids.iter().take(50) {
                let it = &snap.items[i];
                for cand in [it.product.brand.clone(), format!("{} {}", it.product.brand, it.info.model)] {
                    let cc = super::search::compact(&cand);
                    if (cc.starts_with(&qc) || cc.contains(&qc)) && !terms.contains(&cand) && terms.len() < 6 {
                        terms.push(cand);
                    }
                }
            }
        }
        let categories = if qc.is_empty() {
            Vec::new()
        } else {
            snap.categories
                .iter()
                .filter(|c| super::search::compact(&c.name).contains(&qc) || c.slug.contains(&qc))
                .map(category_ref)
                .collect()
        };
        let data = ids
            .iter()
            .take(8)
            .map(|&i| {
                let it = &snap.items[i];
                let price = it.price(now);
                Suggestion {
                    uid: it.product.uid.clone(),
                    name: it.product.name.clone(),
                    price,
                    price_text: fmt::toman(price),
                    image: image(it, 0),
                    url: format!("/product/{}", it.product.uid),
                }
            })
            .collect();
        Ok(respond(req, SuggestResponse { status: "ok".into(), data, terms, categories }))
    }

    /// Compare 1 to 4 products: `uids=a,b,c` (duplicates count once). Unknown uid: 404.
    #[oai(path = "/compare", method = "get", operation_id = "catalog_compare")]
    async fn compare(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        uids: Query<Option<String>>,
    ) -> ApiResult<Cached<CompareResponse>> {
        let mut list: Vec<String> = Vec::new();
        for u in uids.0.unwrap_or_default().split(',').map(str::trim).filter(|s| !s.is_empty()) {
            if !list.iter().any(|x| x == u) {
                list.push(u.to_string());
            }
        }
        if list.is_empty() || list.len() > MAX_COMPARE {
            return Err(CatalogError::CompareCount.into());
        }
        let snap = snap(&cache, &state).await?;
        let now = state.clock.unix();
        let mut items = Vec::new();
        for u in &list {
            let &i = snap.by_uid.get(u).ok_or(CatalogError::ProductNotFound("uids"))?;
            items.push(&snap.items[i]);
        }
        let rows = compare_rows(&snap, &items, now);
        let data = items.iter().map(|it| detail(&snap, it, now)).collect();
        Ok(respond(req, CompareResponse { status: "ok".into(), data, rows }))
    }

    /// A product picture drawn by code: `{product id}-{picture 0..2}-{width}.webp`, width one of
    /// 320, 640, 768, 1024, 1280, 1536 (4:3). Cached for a year (immutable).
    /// `logo-1088x378.webp` is the shop's logo (the Organization logo).
    #[oai(path = "/images/:name", method = "get", operation_id = "catalog_image")]
    async fn picture(&self, state: Data<&AppState>, cache: Data<&CatalogCache>, name: Path<String>) -> PictureResponse {
        let not_found = || PictureResponse::NotFound(poem_openapi::payload::Json(ErrorBody::new(msg::PICTURE_NOT_FOUND, Some("name"))));
        if name.0 == "logo-1088x378.webp" {
            return match tokio::task::spawn_blocking(images::logo_webp).await {
                Ok(Ok(b)) => PictureResponse::Ok(Binary(b), "public, max-age=86400".into()),
                _ => not_found(),
            };
        }
        let Some((id, pic, width)) = images::parse_name(&name.0) else { return not_found() };
        let spec = match cache.get(&state.db).await {
            Ok(snap) => picture_spec(&snap, id, pic),
            Err(e) => {
                tracing::warn!(error = %e, "picture: catalogue unavailable");
                default_spec(id, pic)
            }
        };
        match self.pictures.get(spec, width).await {
            Ok(bytes) => PictureResponse::Ok(Binary(bytes.as_ref().clone()), "public, max-age=31536000, immutable".into()),
            Err(e) => {
                tracing::error!(error = %e, "picture encoding failed");
                not_found()
            }
        }
    }
}
