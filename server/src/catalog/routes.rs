//! The public catalogue API under `/api/client/v1/catalog/...` (GET, `ETag` +
//! `Cache-Control`, 304 on a matching `If-None-Match`): product list with filters, sorts and
//! pages; product detail; categories; specials; search and suggestions; compare; pictures.
//!
//! Decisions: `page` starts at 1 and `page < 1` is a 400 (Persian message naming `page`);
//! `size` is 1..=60 and a larger size is capped at 60 (not an error); a page past the end is
//! an empty `data` with the real `Total`. `min_price > max_price` is a 400. Unknown
//! category/product ids or slugs are 404. Queries longer than 256 characters are a 400;
//! a query with no letters or digits (punctuation only) finds nothing (200, empty).

use crate::platform::ResponseStatus;
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
use super::engine::{engine, SearchRequest};
use super::service::{build_filter, check_query, list_response, page_of, parse_sort, CatalogError, FilterParams, MAX_COMPARE, msg};
use super::snapshot::{Snapshot, Sort};
use super::view::{card, category_ref, category_url, compare_rows, default_spec, detail, image, picture_spec, product_response};
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
    /// The logo, encoded once on first use.
    logo: tokio::sync::OnceCell<Vec<u8>>,
}

/// Answers already computed and serialised, keyed by the route and its *parsed* parameters
/// (so `?_=random` or a reordered query hits the same entry), for one snapshot version and
/// one 10-second time bucket (special offers start and end with time). Byte-capped and
/// scan-resistant (quick_cache's CLOCK-Pro): a flood of one-off queries cannot flush the hot
/// answers. A miss is computed on a blocking thread, off the async workers.
struct Memo {
    map: quick_cache::sync::Cache<String, (i64, i64, Prepared), MemoWeight>,
}

/// The memo's budget: key and body bytes of every remembered answer.
const MEMO_BYTES: u64 = 32 * 1024 * 1024;

#[derive(Clone)]
struct MemoWeight;

impl quick_cache::Weighter<String, (i64, i64, Prepared)> for MemoWeight {
    fn weight(&self, key: &String, val: &(i64, i64, Prepared)) -> u64 {
        (key.len() + val.2.body.len() + val.2.etag.len()) as u64 + 64
    }
}

impl Default for Memo {
    fn default() -> Self {
        Self::with_budget(MEMO_BYTES)
    }
}

impl Memo {
    fn with_budget(bytes: u64) -> Self {
        Self { map: quick_cache::sync::Cache::with_weighter(4096, bytes, MemoWeight) }
    }

    /// The remembered answer for `key`, or `f()` run on a blocking thread and serialised
    /// (remembered when it succeeds).
    async fn get_or<T, F>(&self, key: String, version: i64, now: i64, f: F) -> ApiResult<Prepared>
    where
        T: ToJSON + 'static,
        F: FnOnce() -> ApiResult<T> + Send + 'static,
    {
        let bucket = now.div_euclid(10);
        if let Some((v, b, p)) = self.map.get(&key) {
            if v == version && b == bucket {
                return Ok(p);
            }
        }
        let p = tokio::task::spawn_blocking(move || f().map(|t| prepare(&t)))
            .await
            .map_err(crate::platform::ApiError::internal)??;
        self.map.insert(key, (version, bucket, p.clone()));
        Ok(p)
    }
}

/// The memo key of a route and its parsed parameters (never the raw query string).
fn memo_key(route: &str, parsed: &impl std::fmt::Debug) -> String {
    format!("{route}|{parsed:?}")
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
    /// `ram` (GB, comma list), `cpu_family` (e.g. `intel-core-i7`), `screen` (`under-13`,
    /// `13-14`, `15-16`, `17-plus`), `graphics` (`integrated`, `nvidia-rtx`, `nvidia-gtx`,
    /// `nvidia-mx`, `nvidia-pro`, `amd-radeon-rx`, `intel-arc-a`), `storage` (`256`, `512`,
    /// `1024`, `2048-plus` GB), `in_stock=1`, `special=1` (comma lists; unknown band: 400).
    /// Sorts: `newest` (default), `cheapest`, `expensive`, `bestselling` (units of paid orders
    /// of the last 90 days; `HasBestsellers` says whether there are any). Out-of-stock
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
        screen: Query<Option<String>>,
        graphics: Query<Option<String>>,
        storage: Query<Option<String>>,
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
            screen: screen.0,
            graphics: graphics.0,
            storage: storage.0,
            in_stock: in_stock.0,
            special: special.0,
        };
        let now = state.clock.unix();
        let key = memo_key("products", &(&params, sort, paging));
        let body = self
            .memo
            .get_or(key, snap.version, now, move || {
                let filter = build_filter(&snap, &params)?;
                let all: Vec<usize> = (0..snap.items.len()).collect();
                Ok(page_of(&snap, all, &filter, sort, paging, now, Vec::new()))
            })
            .await?;
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
        let key = memo_key("product", &i);
        let body = self.memo.get_or(key, snap.version, now, move || Ok(product_response(&snap, i, now))).await?;
        Ok(respond_prepared(req, body))
    }

    /// One variant's price over the last 90 days (every recorded change, offers applied and
    /// their ends found), with "the lowest of 30 days". Unknown product or a variant not of it:
    /// 404 with a Persian message.
    #[oai(path = "/products/:uid/price-history", method = "get", operation_id = "catalog_price_history")]
    async fn price_history(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        uid: Path<String>,
        variant: Query<i64>,
    ) -> ApiResult<Cached<PriceHistoryResponse>> {
        let snap = snap(&cache, &state).await?;
        let &i = snap.by_uid.get(&uid.0).ok_or(CatalogError::ProductNotFound("uid"))?;
        let item = &snap.items[i];
        if !item.variants.iter().any(|v| v.id == variant.0) {
            return Err(CatalogError::VariantNotFound.into());
        }
        let data = super::price_history::price_history(&state.db, item.product.id, variant.0, state.clock.unix()).await?;
        Ok(respond(req, PriceHistoryResponse { status: ResponseStatus::Ok, data }))
    }

    /// Every category as a flat list, parents before children (`ParentId`, `Depth`), with counts.
    #[oai(path = "/categories", method = "get", operation_id = "catalog_categories")]
    async fn categories(&self, state: Data<&AppState>, cache: Data<&CatalogCache>, req: &Request) -> ApiResult<Cached<CategoriesResponse>> {
        let snap = snap(&cache, &state).await?;
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
        let body = self
            .memo
            .get_or(memo_key("categories", &()), snap.version, 0, move || {
                let mut out = Vec::new();
                walk(&snap, None, 0, &mut out);
                Ok(CategoriesResponse { status: ResponseStatus::Ok, data: out })
            })
            .await?;
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
        let params = FilterParams { category: category.0, special: Some("1".into()), ..Default::default() };
        let key = memo_key("specials", &(&params, sort, paging));
        let body = self
            .memo
            .get_or(key, snap.version, now, move || {
                let filter = build_filter(&snap, &params)?;
                let mut ids: Vec<usize> = (0..snap.items.len()).filter(|&i| snap.items[i].offer(now).is_some()).collect();
                ids.sort_by_key(|&i| (snap.items[i].offer(now).map(|o| o.1).unwrap_or(i64::MAX), snap.items[i].product.id));
                Ok(page_of(&snap, ids, &filter, sort, paging, now, Vec::new()))
            })
            .await?;
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
        screen: Query<Option<String>>,
        graphics: Query<Option<String>>,
        storage: Query<Option<String>>,
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
            screen: screen.0,
            graphics: graphics.0,
            storage: storage.0,
            in_stock: in_stock.0,
            special: special.0,
        };
        let now = state.clock.unix();
        let key = memo_key("search", &(&q, &params, sort, paging));
        let body = self
            .memo
            .get_or(key, snap.version, now, move || {
                let filter = build_filter(&snap, &params)?;
                let page = engine().search(&snap, &SearchRequest { query: &q, filter: &filter, sort, paging, now });
                let mut terms = shop_core::search::tokenize(&q);
                terms.truncate(super::search::MAX_QUERY_TOKENS);
                Ok(list_response(&snap, page, paging, now, terms))
            })
            .await?;
        Ok(respond_prepared(req, body))
    }

    /// The best sellers: up to `size` (default 8, at most 24) in-stock products with units in
    /// paid (or later) orders of the last 90 days, most units first. Empty while the shop has
    /// sold nothing (the home page then shows no best-sellers section).
    #[oai(path = "/bestsellers", method = "get", operation_id = "catalog_bestsellers")]
    async fn bestsellers(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        size: Query<Option<i64>>,
    ) -> ApiResult<Cached<BestsellersResponse>> {
        let size = size.0.unwrap_or(8).clamp(1, 24) as usize;
        let snap = snap(&cache, &state).await?;
        let now = state.clock.unix();
        let body = self
            .memo
            .get_or(memo_key("bestsellers", &size), snap.version, now, move || {
                let data = snap.best_sellers(now).into_iter().take(size).map(|i| card(&snap, &snap.items[i], now)).collect();
                Ok(BestsellersResponse { status: ResponseStatus::Ok, data })
            })
            .await?;
        Ok(respond_prepared(req, body))
    }

    /// Live suggestions for the header's search box and the mobile search: up to 8 products,
    /// brand/model names and categories matching `q` (empty `q`: the best sellers, none while
    /// nothing has been sold).
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
        let key = memo_key("suggest", &q);
        let body = self.memo.get_or(key, snap.version, now, move || Ok(suggestions(&snap, &q, now))).await?;
        Ok(respond_prepared(req, body))
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
        Ok(respond(req, CompareResponse { status: ResponseStatus::Ok, data, rows }))
    }

    /// A product picture drawn by code: `{product id}-{picture 0..2}-{width}.webp`, width one of
    /// 320, 640, 768, 1024, 1280, 1536 (4:3). Cached for a year (immutable).
    /// `logo-1088x378.webp` is the shop's logo (the Organization logo).
    #[oai(path = "/images/:name", method = "get", operation_id = "catalog_image")]
    async fn picture(&self, state: Data<&AppState>, cache: Data<&CatalogCache>, name: Path<String>) -> PictureResponse {
        let not_found = || PictureResponse::NotFound(poem_openapi::payload::Json(ErrorBody::new(msg::PICTURE_NOT_FOUND, Some("name"))));
        if name.0 == "logo-1088x378.webp" {
            let logo = self
                .logo
                .get_or_try_init(|| async { tokio::task::spawn_blocking(images::logo_webp).await.map_err(|e| e.to_string())? })
                .await;
            return match logo {
                Ok(b) => PictureResponse::Ok(Binary(b.clone()), "public, max-age=86400".into()),
                Err(e) => {
                    tracing::error!(error = %e, "logo encoding failed");
                    not_found()
                }
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

/// How many of the best matches the suggestions read (their names give the completions).
const SUGGEST_RANKED: usize = 50;

/// Up to 8 products, brand/model names and categories matching `q` (empty `q`: best sellers).
fn suggestions(snap: &Snapshot, q: &str, now: i64) -> SuggestResponse {
    let ids: Vec<usize> = if shop_core::search::tokenize(q).is_empty() {
        snap.best_sellers(now)
    } else {
        engine().top(snap, q, SUGGEST_RANKED)
    };
    let qc = super::search::compact(q);
    let mut terms: Vec<String> = Vec::new();
    if !qc.is_empty() {
        for &i in ids.iter().take(SUGGEST_RANKED) {
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
    SuggestResponse { status: ResponseStatus::Ok, data, terms, categories }
}

#[cfg(test)]
mod memo_tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn a_flood_of_one_off_queries_stays_in_budget_and_keeps_the_hot_answer() {
        let budget = 256 * 1024;
        let memo = Memo::with_budget(budget);
        let hot_runs = Arc::new(AtomicUsize::new(0));
        let hot = |runs: Arc<AtomicUsize>| {
            move || {
                runs.fetch_add(1, Ordering::SeqCst);
                Ok("hot".to_string())
            }
        };
        for _ in 0..20 {
            memo.get_or("products|hot".into(), 1, 0, hot(hot_runs.clone())).await.unwrap();
        }
        // 4,000 distinct queries with 1 KB answers: 16 times the budget.
        for n in 0..4000 {
            memo.get_or(format!("search|{n}"), 1, 0, move || Ok("x".repeat(1024))).await.unwrap();
        }
        assert!(memo.map.weight() <= budget, "{} > {budget}", memo.map.weight());
        memo.get_or("products|hot".into(), 1, 0, hot(hot_runs.clone())).await.unwrap();
        assert_eq!(hot_runs.load(Ordering::SeqCst), 1, "the hot answer was computed once and survived the flood");
        // A new catalogue version or time bucket computes it again.
        memo.get_or("products|hot".into(), 2, 0, hot(hot_runs.clone())).await.unwrap();
        memo.get_or("products|hot".into(), 2, 10, hot(hot_runs.clone())).await.unwrap();
        assert_eq!(hot_runs.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn a_failed_computation_is_not_remembered() {
        let memo = Memo::with_budget(64 * 1024);
        let err = memo.get_or::<String, _>("k".into(), 1, 0, || Err(crate::platform::ApiError::not_found())).await;
        assert!(err.is_err());
        let ok = memo.get_or("k".into(), 1, 0, || Ok("fine".to_string())).await.unwrap();
        assert_eq!(&ok.body[..], b"\"fine\"");
    }

    #[test]
    fn the_key_is_the_parsed_parameters_not_the_query_string() {
        let a = FilterParams { brand: Some("hp".into()), ..Default::default() };
        let b = FilterParams { brand: Some("hp".into()), ..Default::default() };
        let paging = Paging::parse(Some(1), None, 24).unwrap();
        assert_eq!(memo_key("products", &(&a, Sort::Newest, paging)), memo_key("products", &(&b, Sort::Newest, paging)));
        assert_ne!(memo_key("products", &(&a, Sort::Newest, paging)), memo_key("search", &(&a, Sort::Newest, paging)));
    }
}
