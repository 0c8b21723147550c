//! The catalogue's queries over the snapshot: filters from the query parameters, facet
//! counts, sorting and paging, and the errors they answer with; and the lookup the cart uses
//! to price its lines ([`items_by_variant_ids`]).

use crate::platform::ResponseStatus;
use std::collections::{BTreeMap, HashMap};

use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use super::dto::{FacetValue, Facets, ProductListResponse};
use shop_core::quote::{Live, OfferTerms};
use super::search::MAX_QUERY_CHARS;
use super::rank::{RankKey, TopK};
use super::snapshot::{self, sort_key, Filter, Snapshot, Sort};
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
    pub const VARIANT_NOT_FOUND: &str = "این گزینه از محصول یافت نشد.";
    pub const CATEGORY_NOT_FOUND: &str = "دسته‌بندی مورد نظر یافت نشد.";
    pub const PRICE_RANGE: &str = "حداقل قیمت نباید از حداکثر قیمت بیشتر باشد.";
    pub const NEGATIVE_PRICE: &str = "قیمت نمی‌تواند منفی باشد.";
    pub const QUERY_TOO_LONG: &str = "عبارت جستجو باید حداکثر ۲۵۶ کاراکتر باشد";
    pub const BAD_SORT: &str = "ترتیب نمایش انتخاب‌شده معتبر نیست.";
    pub const BAD_CONDITION: &str = "وضعیت کالا معتبر نیست (new، used یا open-box).";
    pub const BAD_LINE: &str = "نوع محصول معتبر نیست (laptop یا tablet-laptop).";
    pub const BAD_RAM: &str = "مقدار رم وارد شده معتبر نیست!";
    pub const BAD_SCREEN: &str = "اندازه صفحه نمایش انتخاب‌شده معتبر نیست (under-13، 13-14، 15-16 یا 17-plus).";
    pub const BAD_GRAPHICS: &str = "نوع کارت گرافیک انتخاب‌شده معتبر نیست.";
    pub const BAD_STORAGE: &str = "حجم حافظه انتخاب‌شده معتبر نیست (256، 512، 1024 یا 2048-plus).";
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
    /// An unknown screen band.
    BadScreen,
    /// An unknown graphics family.
    BadGraphics,
    /// An unknown storage band.
    BadStorage,
    /// Not 1 to [`MAX_COMPARE`] products to compare.
    CompareCount,
    /// No variant with that id in the product.
    VariantNotFound,
}

impl From<CatalogError> for ApiError {
    fn from(e: CatalogError) -> Self {
        match e {
            CatalogError::ProductNotFound(field) => ApiError::not_found_field(field, msg::PRODUCT_NOT_FOUND),
            CatalogError::CategoryNotFound => ApiError::not_found_field("category", msg::CATEGORY_NOT_FOUND),
            CatalogError::PriceRange => ApiError::invalid("min_price", msg::PRICE_RANGE),
            CatalogError::NegativePrice(field) => ApiError::invalid(field, msg::NEGATIVE_PRICE),
            CatalogError::QueryTooLong => ApiError::invalid("q", msg::QUERY_TOO_LONG),
            CatalogError::BadSort => ApiError::invalid("sort", msg::BAD_SORT),
            CatalogError::BadCondition => ApiError::invalid("condition", msg::BAD_CONDITION),
            CatalogError::BadLine => ApiError::invalid("line", msg::BAD_LINE),
            CatalogError::BadRam => ApiError::invalid("ram", msg::BAD_RAM),
            CatalogError::BadScreen => ApiError::invalid("screen", msg::BAD_SCREEN),
            CatalogError::BadGraphics => ApiError::invalid("graphics", msg::BAD_GRAPHICS),
            CatalogError::BadStorage => ApiError::invalid("storage", msg::BAD_STORAGE),
            CatalogError::CompareCount => ApiError::invalid("uids", msg::COMPARE_COUNT),
            CatalogError::VariantNotFound => ApiError::not_found_field("variant", msg::VARIANT_NOT_FOUND),
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
    pub screen: Option<String>,
    pub graphics: Option<String>,
    pub storage: Option<String>,
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
    let known = |raw: &Option<String>, table: &[(&str, &str)], err: CatalogError| -> Result<Vec<String>, CatalogError> {
        let list = comma_list(raw);
        match list.iter().all(|v| table.iter().any(|(slug, _)| slug == v)) {
            true => Ok(list),
            false => Err(err),
        }
    };
    f.screens = known(&p.screen, snapshot::SCREEN_BANDS, CatalogError::BadScreen)?;
    f.graphics = known(&p.graphics, snapshot::GRAPHICS_FAMILIES, CatalogError::BadGraphics)?;
    f.storages = known(&p.storage, snapshot::STORAGE_BANDS, CatalogError::BadStorage)?;
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
    let mut counter = FacetCounter::new(snap, now);
    for &i in ids {
        counter.add(&snap.keys[i]);
    }
    counter.finish()
}

/// Facet counts, one item at a time (so a ranked list is counted while it streams by): items
/// are counted per facet set ([`Snapshot::facet_sets`]), expanded into facet values at the end.
pub struct FacetCounter<'a> {
    snap: &'a Snapshot,
    now: i64,
    /// Items per facet set.
    sets: Vec<u64>,
    lo: Option<i64>,
    hi: Option<i64>,
}

impl<'a> FacetCounter<'a> {
    pub fn new(snap: &'a Snapshot, now: i64) -> Self {
        Self { snap, now, sets: vec![0; snap.facet_sets.len()], lo: None, hi: None }
    }

    pub fn add(&mut self, it: &snapshot::ItemKeys) {
        if let Some(c) = self.sets.get_mut(it.facet_set as usize) {
            *c += 1;
        }
        let p = it.price(self.now);
        self.lo = Some(self.lo.map_or(p, |x| x.min(p)));
        self.hi = Some(self.hi.map_or(p, |x| x.max(p)));
    }

    pub fn finish(self) -> Facets {
        let Self { snap, sets, lo, hi, .. } = self;
        let mut counts: [Vec<u64>; snapshot::FACETS] = std::array::from_fn(|k| vec![0u64; snap.facet_values[k].len()]);
        // (RAM in GB, items): a handful of sizes.
        let mut rams: Vec<(i32, u64)> = Vec::new();
        for (&(keys, gb), &n) in snap.facet_sets.iter().zip(&sets).filter(|(_, &n)| n > 0) {
            for (list, key) in counts.iter_mut().zip(keys) {
                if let Some(c) = list.get_mut(usize::from(key)) {
                    *c += n;
                }
            }
            if gb > 0 {
                match rams.iter_mut().find(|r| r.0 == gb) {
                    Some(r) => r.1 += n,
                    None => rams.push((gb, n)),
                }
            }
        }
        rams.sort_unstable();
        let label = |k: usize, v: &str| -> String {
            let from = |table: &[(&str, &str)]| table.iter().find(|f| f.0 == v).map(|f| f.1).unwrap_or("سایر").to_string();
            match k {
                0 => snapshot::BRANDS.iter().find(|b| b.0 == v).map(|b| b.2.to_string()).unwrap_or_else(|| v.to_string()),
                1 => snapshot::condition_label(v).to_string(),
                2 => snapshot::line_label(v).to_string(),
                3 => from(snapshot::CPU_FAMILIES),
                4 => from(snapshot::SCREEN_BANDS),
                5 => from(snapshot::GRAPHICS_FAMILIES),
                _ => from(snapshot::STORAGE_BANDS),
            }
        };
        let mut lists: Vec<Vec<FacetValue>> = (0..snapshot::FACETS)
            .map(|k| {
                let map: BTreeMap<String, (String, u64)> = snap.facet_values[k]
                    .iter()
                    .zip(&counts[k])
                    .filter(|(v, &n)| n > 0 && !v.is_empty())
                    .map(|(v, &n)| (v.clone(), (label(k, v), n)))
                    .collect();
                facet(map)
            })
            .collect();
        // Bands read smallest first, in their table's order; graphics: integrated first, then by count.
        let in_table_order = |mut list: Vec<FacetValue>, table: &[(&str, &str)]| {
            list.sort_by_key(|f| table.iter().position(|t| t.0 == f.value).unwrap_or(usize::MAX));
            list
        };
        let storages = in_table_order(lists.pop().unwrap_or_default(), snapshot::STORAGE_BANDS);
        let mut graphics = lists.pop().unwrap_or_default();
        graphics.sort_by_key(|f| f.value != "integrated");
        let screens = in_table_order(lists.pop().unwrap_or_default(), snapshot::SCREEN_BANDS);
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
            screens,
            graphics,
            storages,
            price_min: lo,
            price_max: hi,
        }
    }
}

/// Filter, sort and paginate (the product list and specials; `candidates` in the order
/// [`Sort::Relevance`] keeps).
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
    let keys = candidates.into_iter().enumerate().map(|(pos, i)| (false, pos as i64, 0, i));
    let page = rank_page(snap, keys, filter, sort, paging, now);
    list_response(snap, page, paging, now, terms)
}

/// One page of a filtered, ordered list, before rendering.
#[derive(Debug, Clone)]
pub struct ListPage {
    /// The page's items (indexes into the snapshot's items), in order.
    pub ids: Vec<usize>,
    /// How many items pass the filter.
    pub total: u64,
    /// Facet counts over every item that passes the filter.
    pub facets: Facets,
}

/// Filters the candidates (each an item's key in the candidates' own order, the order
/// [`Sort::Relevance`] keeps, its item index last) into one page: see [`PageRanker`].
pub fn rank_page(
    snap: &Snapshot,
    candidates: impl IntoIterator<Item = RankKey>,
    filter: &Filter,
    sort: Sort,
    paging: Paging,
    now: i64,
) -> ListPage {
    let mut ranker = PageRanker::new(snap, filter, sort, paging, now);
    candidates.into_iter().for_each(|key| ranker.offer(key));
    ranker.finish()
}

/// Makes one page of a list as its candidates stream by: filters each, counts the facets of
/// those that pass and keeps the page's items in `sort` order in a heap of the `offset +
/// size` first keys, so a list of the whole catalogue is never sorted whole. The order is the
/// one [`snapshot::sort_items`] gives (every key ends with the item, so nothing ties).
pub struct PageRanker<'a> {
    snap: &'a Snapshot,
    filter: &'a Filter,
    /// No filter: every candidate passes.
    everything: bool,
    sort: Sort,
    paging: Paging,
    now: i64,
    top: TopK,
    counter: FacetCounter<'a>,
    total: u64,
}

impl<'a> PageRanker<'a> {
    pub fn new(snap: &'a Snapshot, filter: &'a Filter, sort: Sort, paging: Paging, now: i64) -> Self {
        let end = usize::try_from(paging.offset().saturating_add(paging.size)).unwrap_or(usize::MAX);
        let (top, counter) = (TopK::new(end), FacetCounter::new(snap, now));
        Self { snap, filter, everything: filter.is_empty(), sort, paging, now, top, counter, total: 0 }
    }

    /// A candidate: its key in the candidates' own order, its item index last.
    pub fn offer(&mut self, key: RankKey) {
        let i = key.3;
        if !self.everything && !self.filter.matches(&self.snap.items[i], self.now) {
            return;
        }
        self.total += 1;
        self.counter.add(&self.snap.keys[i]);
        self.top.push(sort_key(self.snap, self.sort, self.now, key));
    }

    pub fn finish(self) -> ListPage {
        let ranked = self.top.into_sorted();
        let start = usize::try_from(self.paging.offset()).unwrap_or(usize::MAX).min(ranked.len());
        ListPage { ids: ranked[start..].iter().map(|k| k.3).collect(), total: self.total, facets: self.counter.finish() }
    }
}

/// The list answer for a ranked page (`terms`: the search's folded tokens, for highlighting).
pub fn list_response(snap: &Snapshot, page: ListPage, paging: Paging, now: i64, terms: Vec<String>) -> ProductListResponse {
    let data = page.ids.iter().map(|&i| card(snap, &snap.items[i], now)).collect();
    let has_bestsellers = snap.has_sales(now);
    ProductListResponse { status: ResponseStatus::Ok, data, page: paging.info(page.total), facets: page.facets, terms, has_bestsellers }
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
    /// The product's special-offer terms (`shop_core::quote::OfferTerms`).
    pub offer: OfferTerms,
}

impl CatalogItem {
    /// The variant's live values as the core's pricing rule book (`shop_core::quote`) reads
    /// them; `stock`: the units that may be taken, when the caller checks them.
    pub fn live(&self, stock: Option<i64>) -> Live {
        Live {
            price: self.variant.price,
            warranty_price: self.variant.warranty_price,
            ins_payment: self.variant.ins_payment,
            offer: self.offer,
            stock,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::engine::{engine, SearchRequest};
    use crate::catalog::snapshot::{brand_slug, cpu_family, item_search_text, sort_items, Item, Sales};
    use crate::catalog::category;
    use crate::catalog::sample::{demo_laptops, describe, CATEGORIES};

    const NOW: i64 = 1_800_000_000;

    /// A generated catalogue with many ties: five prices, seven listing times, every fourth
    /// product out of stock, offers running and over, sales for some, product ids out of the
    /// items' order.
    fn generated() -> Snapshot {
        let categories: Vec<category::Model> = CATEGORIES
            .iter()
            .enumerate()
            .map(|(i, (slug, parent, name, desc))| category::Model {
                id: i as i64 + 1,
                parent_id: CATEGORIES.iter().position(|c| c.0 == *parent).map(|p| p as i64 + 1),
                slug: slug.to_string(),
                name: name.to_string(),
                description: desc.to_string(),
                position: i as i32,
                version: 0,
            })
            .collect();
        let laptops = demo_laptops();
        let mut items = Vec::new();
        for i in 0..300usize {
            let t = &laptops[i % laptops.len()];
            let id = ((i * 7919) % 1000) as i64 + 1;
            let price = 10_000_000 + (i % 5) as i64 * 1_000_000;
            let p = product::Model {
                id,
                uid: format!("{}-{i}", t.uid),
                name: t.name.clone(),
                brand: t.brand.clone(),
                line: t.line.to_string(),
                condition: t.condition.to_string(),
                description: describe(t),
                active: true,
                version: 0,
            };
            let variants = vec![variant::Model {
                id: id * 10,
                product_id: id,
                color: String::new(),
                warranty_name: String::new(),
                warranty_price: 0,
                warranty_note: String::new(),
                price,
                stock: if i % 4 == 0 { 0 } else { 3 },
                ins_payment: true,
                dg: String::new(),
                property: String::new(),
                version: 0,
            }];
            let cat = categories.iter().find(|c| c.slug == t.category);
            let mut inf = info::Model {
                product_id: id,
                category_id: cat.map(|c| c.id),
                model: t.model.clone(),
                condition_grade: t.grade.clone(),
                battery_health: t.battery_health,
                test_days: t.test_days,
                cpu: t.cpu.clone(),
                cpu_family: cpu_family(&t.cpu),
                ram_gb: if i % 3 == 0 { t.ram_gb * 2 } else { t.ram_gb },
                storage_gb: t.storage_gb,
                storage_type: "SSD".into(),
                gpu: t.gpu.clone(),
                screen_inches: t.screen_inches,
                screen_resolution: t.resolution.clone(),
                weight_kg: t.weight_kg,
                battery_wh: t.battery_wh,
                ports: String::new(),
                os: t.os.clone(),
                special_price: (i % 6 == 1).then_some(price - 2_500_000),
                special_ends_at: (i % 6 == 1).then_some(if i % 12 == 1 { NOW + 100 } else { NOW - 100 }),
                images: 3,
                created_at: (i % 7) as i64,
                search_text: String::new(),
            };
            inf.search_text = item_search_text(&p, &inf, cat.map(|c| c.name.as_str()));
            items.push(Item {
                brand_slug: brand_slug(&p.brand),
                category: cat.map(|c| (c.id - 1) as usize),
                base_price: price,
                stock: variants[0].stock,
                ins_payment: true,
                facet_keys: [0; snapshot::FACETS],
                pictures: Vec::new(),
                variants,
                info: inf,
                product: p,
            });
        }
        let mut snap = Snapshot::from_parts(1, items, categories);
        let sold: Vec<(i64, i64, i64)> = snap.items.iter().enumerate().filter(|(i, _)| i % 5 == 2).map(|(i, it)| (it.product.id, NOW - 10, (i % 3) as i64 + 1)).collect();
        snap.sales = Sales::from_rows(sold);
        snap
    }

    /// The page as it was made before top-k: filter, facets, a stable sort of everything, a slice.
    fn before(snap: &Snapshot, candidates: Vec<usize>, filter: &Filter, sort: Sort, paging: Paging) -> (Vec<usize>, u64, String) {
        let mut ids: Vec<usize> = candidates.into_iter().filter(|&i| filter.matches(&snap.items[i], NOW)).collect();
        let facets = format!("{:?}", facets(snap, &ids, NOW));
        sort_items(snap, &mut ids, sort, NOW);
        let total = ids.len() as u64;
        (ids[paging.range(total)].to_vec(), total, facets)
    }

    fn filters(snap: &Snapshot) -> Vec<Filter> {
        let laptops = snap.categories.iter().find(|c| c.slug == "laptop").map(|c| c.id).unwrap_or(1);
        vec![
            Filter::default(),
            Filter { brands: vec!["lenovo".into(), "asus".into()], ..Filter::default() },
            Filter { min_price: Some(11_000_000), max_price: Some(13_000_000), ..Filter::default() },
            Filter { in_stock: true, ..Filter::default() },
            Filter { special: true, ..Filter::default() },
            Filter { rams: vec![16], conditions: vec!["used".into(), "new".into()], ..Filter::default() },
            Filter { categories: Some(snap.category_and_descendants(laptops)), ..Filter::default() },
            Filter { screens: vec!["13-14".into()], graphics: vec!["integrated".into()], storages: vec!["512".into()], ..Filter::default() },
        ]
    }

    const SORTS: [Sort; 5] = [Sort::Relevance, Sort::Newest, Sort::Cheapest, Sort::Expensive, Sort::BestSelling];
    const PAGINGS: [(u64, u64); 8] = [(1, 24), (2, 24), (3, 7), (1, 1), (13, 1), (40, 24), (1, 60), (5, 60)];

    #[test]
    fn ranked_search_pages_equal_the_full_sort() {
        let snap = generated();
        let mut compared = 0;
        for q in ["لپ تاپ", "۱۶ گیگ", "lenovo", "ThinkPad X1", "ux3405", "zzzz"] {
            let hits: Vec<usize> = snap.index.search(q).into_iter().map(|h| h.doc as usize).collect();
            for filter in filters(&snap) {
                for sort in SORTS {
                    for (page, size) in PAGINGS {
                        let paging = Paging { page, size };
                        let want = before(&snap, hits.clone(), &filter, sort, paging);
                        let got = engine().search(&snap, &SearchRequest { query: q, filter: &filter, sort, paging, now: NOW });
                        assert_eq!((got.ids, got.total, format!("{:?}", got.facets)), want, "{q:?} {sort:?} page {page} of {size}, {filter:?}");
                        compared += usize::from(want.1 > 24);
                    }
                }
            }
        }
        assert!(compared > 100, "broad pages compared: {compared}");
    }

    #[test]
    fn ranked_list_pages_equal_the_full_sort() {
        let snap = generated();
        // The whole catalogue in item order, and a given order (like the specials' ending soonest).
        let all: Vec<usize> = (0..snap.items.len()).collect();
        let mut given = all.clone();
        given.sort_by_key(|&i| (i * 31) % 17);
        for candidates in [all, given] {
            for filter in filters(&snap) {
                for sort in SORTS {
                    for (page, size) in PAGINGS {
                        let paging = Paging { page, size };
                        let want = before(&snap, candidates.clone(), &filter, sort, paging);
                        let keys = candidates.iter().enumerate().map(|(pos, &i)| (false, pos as i64, 0, i));
                        let got = rank_page(&snap, keys, &filter, sort, paging, NOW);
                        assert_eq!((got.ids, got.total, format!("{:?}", got.facets)), want, "{sort:?} page {page} of {size}, {filter:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn ram_facets_read_smallest_first() {
        let snap = generated();
        let all: Vec<usize> = (0..snap.items.len()).collect();
        let rams: Vec<i32> = facets(&snap, &all, NOW).rams.iter().map(|f| f.value.parse().unwrap()).collect();
        assert!(rams.len() > 2 && rams.windows(2).all(|w| w[0] < w[1]), "{rams:?}");
    }
}
