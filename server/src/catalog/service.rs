//! The catalogue's queries over the snapshot: filters from the query parameters, facet
//! counts, sorting and paging, and the errors they answer with; and the lookup the cart uses
//! to price its lines ([`items_by_variant_ids`]).

use crate::platform::ResponseStatus;
use std::collections::{BTreeMap, HashMap};

use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use super::dto::{FacetValue, Facets, ProductListResponse};
use super::offer::OfferTerms;
use super::search::MAX_QUERY_CHARS;
use super::snapshot::{self, sort_items, Filter, Snapshot, Sort};
use super::view::{card, fa};
use super::{info, product, variant};
use crate::platform::error::ApiError;
use crate::platform::http::page::Paging;
use crate::platform::http::query::{comma_list, flag};

/// Most products in one comparison.
pub const MAX_COMPARE: usize = 4;

/// Persian messages of this area.
pub mod msg {
    pub const PRODUCT_NOT_FOUND: &str = "محصول مورد نظر یافت نشد.";
    pub const CATEGORY_NOT_FOUND: &str = "دسته‌بندی مورد نظر یافت نشد.";
    pub const PRICE_RANGE: &str = "حداقل قیمت نباید از حداکثر قیمت بیشتر باشد.";
    pub const NEGATIVE_PRICE: &str = "قیمت نمی‌تواند منفی باشد.";
    pub const QUERY_TOO_LONG: &str = "عبارت جستجو باید حداکثر ۲۵۶ کاراکتر باشد";
    pub const BAD_SORT: &str = "ترتیب نمایش انتخاب‌شده معتبر نیست.";
    pub const BAD_CONDITION: &str = "وضعیت کالا معتبر نیست (new، used یا open-box).";
    pub const BAD_LINE: &str = "نوع محصول معتبر نیست (laptop یا tablet-laptop).";
    pub const BAD_RAM: &str = "مقدار رم وارد شده معتبر نیست!";
    pub const COMPARE_COUNT: &str = "برای مقایسه، بین ۱ تا ۴ محصول انتخاب کنید.";
    pub const PICTURE_NOT_FOUND: &str = "تصویر مورد نظر یافت نشد.";
}

/// Why a catalogue request cannot be answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CatalogError {
    /// No product with that uid (`field`: the parameter naming it).
    ProductNotFound(&'static str),
    /// No category with that id or slug.
    CategoryNotFound,
    /// `min_price` above `max_price`.
    PriceRange,
    /// A negative price bound (`field`: which one).
    NegativePrice(&'static str),
    /// A search query over [`MAX_QUERY_CHARS`].
    QueryTooLong,
    /// An unknown sort.
    BadSort,
    /// An unknown condition.
    BadCondition,
    /// An unknown product line.
    BadLine,
    /// A RAM size that is not a number of GB.
    BadRam,
    /// Not 1 to [`MAX_COMPARE`] products to compare.
    CompareCount,
}

impl From<CatalogError> for ApiError {
    fn from(e: CatalogError) -> Self {
        match e {
            CatalogError::ProductNotFound(field) => ApiError::not_found_field(field, msg::PRODUCT_NOT_FOUND),
            CatalogError::CategoryNotFound => ApiError::not_found_field("category", msg::CATEGORY_NOT_FOUND),
            CatalogError::PriceRange => ApiError::bad_field("min_price", msg::PRICE_RANGE),
            CatalogError::NegativePrice(field) => ApiError::bad_field(field, msg::NEGATIVE_PRICE),
            CatalogError::QueryTooLong => ApiError::bad_field("q", msg::QUERY_TOO_LONG),
            CatalogError::BadSort => ApiError::bad_field("sort", msg::BAD_SORT),
            CatalogError::BadCondition => ApiError::bad_field("condition", msg::BAD_CONDITION),
            CatalogError::BadLine => ApiError::bad_field("line", msg::BAD_LINE),
            CatalogError::BadRam => ApiError::bad_field("ram", msg::BAD_RAM),
            CatalogError::CompareCount => ApiError::bad_field("uids", msg::COMPARE_COUNT),
        }
    }
}

/// The raw filter parameters.
#[derive(Debug, Default, Clone)]
pub struct FilterParams {
    pub category: Option<String>,
    pub brand: Option<String>,
    pub condition: Option<String>,
    pub line: Option<String>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    pub ram: Option<String>,
    pub cpu_family: Option<String>,
    pub in_stock: Option<String>,
    pub special: Option<String>,
}

/// Resolve a category parameter: an id, `slug-id`, or a slug. `None` when unknown.
pub fn resolve_category(snap: &Snapshot, v: &str) -> Option<i64> {
    let v = v.trim();
    if let Ok(id) = v.parse::<i64>() {
        return snap.category(id).map(|c| c.id);
    }
    if let Some((_, id)) = v.rsplit_once('-') {
        if let Ok(id) = id.parse::<i64>() {
            if let Some(c) = snap.category(id) {
                return Some(c.id);
            }
        }
    }
    snap.categories.iter().find(|c| c.slug == v).map(|c| c.id)
}

/// Validate the filter parameters into a [`Filter`].
pub fn build_filter(snap: &Snapshot, p: &FilterParams) -> Result<Filter, CatalogError> {
    let mut f = Filter::default();
    if let Some(c) = p.category.as_deref().filter(|c| !c.trim().is_empty()) {
        let id = resolve_category(snap, c).ok_or(CatalogError::CategoryNotFound)?;
        f.categories = Some(snap.category_and_descendants(id));
    }
    f.brands = comma_list(&p.brand).iter().map(|b| snapshot::brand_slug(b)).collect();
    f.conditions = comma_list(&p.condition);
    for c in &f.conditions {
        if ![product::CONDITION_NEW, product::CONDITION_USED, product::CONDITION_OPEN_BOX].contains(&c.as_str()) {
            return Err(CatalogError::BadCondition);
        }
    }
    f.lines = comma_list(&p.line);
    for l in &f.lines {
        if ![product::LINE_LAPTOP, product::LINE_TABLET_LAPTOP].contains(&l.as_str()) {
            return Err(CatalogError::BadLine);
        }
    }
    if p.min_price.is_some_and(|x| x < 0) {
        return Err(CatalogError::NegativePrice("min_price"));
    }
    if p.max_price.is_some_and(|x| x < 0) {
        return Err(CatalogError::NegativePrice("max_price"));
    }
    if let (Some(a), Some(b)) = (p.min_price, p.max_price) {
        if a > b {
            return Err(CatalogError::PriceRange);
        }
    }
    f.min_price = p.min_price;
    f.max_price = p.max_price;
    for r in comma_list(&p.ram) {
        let digits = shop_core::digits::to_western_digits(&r);
        let n: i32 = digits.trim_end_matches("gb").trim().parse().map_err(|_| CatalogError::BadRam)?;
        if !(1..=1024).contains(&n) {
            return Err(CatalogError::BadRam);
        }
        f.rams.push(n);
    }
    f.cpu_families = comma_list(&p.cpu_family);
    f.in_stock = flag(&p.in_stock);
    f.special = flag(&p.special);
    Ok(f)
}

fn facet(map: BTreeMap<String, (String, u64)>) -> Vec<FacetValue> {
    let mut v: Vec<FacetValue> = map.into_iter().map(|(value, (label, count))| FacetValue { value, label, count }).collect();
    v.sort_by(|a, b| b.count.cmp(&a.count).then(a.value.cmp(&b.value)));
    v
}

/// Facet counts over the given items (counted by the snapshot's small integer facet keys).
pub fn facets(snap: &Snapshot, ids: &[usize], now: i64) -> Facets {
    let mut counts: [Vec<u64>; 4] = std::array::from_fn(|k| vec![0u64; snap.facet_values[k].len()]);
    let mut rams: BTreeMap<i32, u64> = BTreeMap::new();
    let (mut lo, mut hi) = (None::<i64>, None::<i64>);
    for &i in ids {
        let it = &snap.items[i];
        for (list, key) in counts.iter_mut().zip(it.facet_keys) {
            if let Some(c) = list.get_mut(usize::from(key)) {
                *c += 1;
            }
        }
        if it.info.ram_gb > 0 {
            *rams.entry(it.info.ram_gb).or_default() += 1;
        }
        let p = it.price(now);
        lo = Some(lo.map_or(p, |x| x.min(p)));
        hi = Some(hi.map_or(p, |x| x.max(p)));
    }
    let label = |k: usize, v: &str| -> String {
        match k {
            0 => snapshot::BRANDS.iter().find(|b| b.0 == v).map(|b| b.2.to_string()).unwrap_or_else(|| v.to_string()),
            1 => snapshot::condition_label(v).to_string(),
            2 => snapshot::line_label(v).to_string(),
            _ => snapshot::CPU_FAMILIES.iter().find(|f| f.0 == v).map(|f| f.1).unwrap_or("سایر").to_string(),
        }
    };
    let mut lists: Vec<Vec<FacetValue>> = (0..4)
        .map(|k| {
            let map: BTreeMap<String, (String, u64)> = snap.facet_values[k]
                .iter()
                .zip(&counts[k])
                .filter(|(_, &n)| n > 0)
                .map(|(v, &n)| (v.clone(), (label(k, v), n)))
                .collect();
            facet(map)
        })
        .collect();
    let cpu_families = lists.pop().unwrap_or_default();
    let lines = lists.pop().unwrap_or_default();
    let conditions = lists.pop().unwrap_or_default();
    let brands = lists.pop().unwrap_or_default();
    Facets {
        brands,
        conditions,
        lines,
        rams: rams
            .into_iter()
            .map(|(gb, count)| FacetValue { value: gb.to_string(), label: format!("{} گیگابایت", fa(gb)), count })
            .collect(),
        cpu_families,
        price_min: lo,
        price_max: hi,
    }
}

/// Filter, sort and paginate (the product list, specials and search share this).
#[allow(clippy::too_many_arguments)]
pub fn page_of(
    snap: &Snapshot,
    candidates: Vec<usize>,
    filter: &Filter,
    sort: Sort,
    paging: Paging,
    now: i64,
    terms: Vec<String>,
) -> ProductListResponse {
    let mut ids: Vec<usize> = candidates.into_iter().filter(|&i| filter.matches(&snap.items[i], now)).collect();
    let facets = facets(snap, &ids, now);
    sort_items(snap, &mut ids, sort, now);
    let total = ids.len() as u64;
    let data = ids[paging.range(total)].iter().map(|&i| card(snap, &snap.items[i], now)).collect();
    ProductListResponse { status: ResponseStatus::Ok, data, page: paging.info(total), facets, terms }
}


/// The `sort` parameter, `default` when absent.
pub fn parse_sort(s: &Option<String>, default: Sort) -> Result<Sort, CatalogError> {
    match s.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(s) => Sort::parse(s).ok_or_else(|| CatalogError::BadSort),
    }
}

/// A search query must not be too long.
pub fn check_query(q: &str) -> Result<(), CatalogError> {
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(CatalogError::QueryTooLong);
    }
    Ok(())
}

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
