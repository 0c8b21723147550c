//! The public catalogue API under `/api/client/v1/catalog/...` (GET, `ETag` +
//! `Cache-Control`, 304 on a matching `If-None-Match`): product list with filters, sorts and
//! pages; product detail; categories; specials; search and suggestions; compare; pictures.
//!
//! Decisions: `page` starts at 1 and `page < 1` is a 400 (Persian message naming `page`);
//! `size` is 1..=60 and a larger size is capped at 60 (not an error); a page past the end is
//! an empty `data` with the real `Total`. `min_price > max_price` is a 400. Unknown
//! category/product ids or slugs are 404. Queries longer than 256 characters are a 400;
//! a query with no letters or digits (punctuation only) finds nothing (200, empty).

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use poem::web::Data;
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Binary;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::cache::CatalogCache;
use super::http_cache::{prepare, respond, respond_prepared, Cached, Prepared};
use poem_openapi::types::ToJSON;
use super::images::{self, PictureCache, PictureSpec};
use super::search::MAX_QUERY_CHARS;
use super::snapshot::{self, sort_items, Filter, Item, Snapshot, Sort};
use super::{fmt, product};
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::platform::state::AppState;
use crate::platform::ApiTags;

/// Largest page size.
pub const MAX_PAGE_SIZE: u64 = 60;
/// Most products in one comparison.
pub const MAX_COMPARE: usize = 4;

/// Persian messages of this module.
pub mod msg {
    pub const PRODUCT_NOT_FOUND: &str = "محصول مورد نظر یافت نشد.";
    pub const CATEGORY_NOT_FOUND: &str = "دسته‌بندی مورد نظر یافت نشد.";
    pub const PRICE_RANGE: &str = "حداقل قیمت نباید از حداکثر قیمت بیشتر باشد.";
    pub const NEGATIVE_PRICE: &str = "قیمت نمی‌تواند منفی باشد.";
    pub const QUERY_TOO_LONG: &str = "عبارت جستجو باید حداکثر 256 کاراکتر باشد";
    pub const QUERY_REQUIRED: &str = "لطفا عبارت جستجو را وارد کنید";
    pub const BAD_SORT: &str = "ترتیب نمایش انتخاب‌شده معتبر نیست.";
    pub const BAD_CONDITION: &str = "وضعیت کالا معتبر نیست (new، used یا open-box).";
    pub const BAD_LINE: &str = "نوع محصول معتبر نیست (laptop یا tablet-laptop).";
    pub const BAD_RAM: &str = "مقدار رم وارد شده معتبر نیست!";
    pub const COMPARE_COUNT: &str = "برای مقایسه، بین 1 تا 4 محصول انتخاب کنید.";
    pub const PICTURE_NOT_FOUND: &str = "تصویر مورد نظر یافت نشد.";
}

// ---------------------------------------------------------------------------------------
// DTOs

/// A picture in the sizes the page needs: `Src` for 1x and `Src2x` for 2x of a 320-px slot,
/// and `SrcSet` with every breakpoint width.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct ImageDto {
    pub src: String,
    pub src2x: String,
    pub src_set: String,
    pub alt: String,
    /// Intrinsic size of `Src` (4:3).
    pub width: u32,
    pub height: u32,
}

/// A category reference.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct CategoryRef {
    pub id: i64,
    pub slug: String,
    pub name: String,
    /// `/shop/category/{slug}-{id}`.
    pub url: String,
}

/// A product in a list.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct ProductCard {
    /// Product id (`SupProductId` of a cart line).
    pub id: i64,
    pub uid: String,
    pub name: String,
    pub brand: String,
    /// Brand slug for the `brand` filter, e.g. `asus`.
    pub brand_slug: String,
    pub brand_fa: String,
    pub model: String,
    /// `laptop` or `tablet-laptop`.
    pub line: String,
    pub line_label: String,
    /// `new`, `used` or `open-box`.
    pub condition: String,
    /// `نو`, `استوک`, `اوپن‌باکس`.
    pub condition_label: String,
    /// Price of the cheapest variant now (after any special offer), Toman.
    pub price: i64,
    /// `۱۲٬۵۰۰٬۰۰۰ تومان`.
    pub price_text: String,
    /// Price before the special offer, when one is running.
    pub old_price: Option<i64>,
    pub discount_percent: Option<i64>,
    /// End of the special offer (RFC 3339), for the countdown.
    pub special_ends_at: Option<String>,
    pub in_stock: bool,
    /// Some variant may be paid in instalments.
    pub ins_payment: bool,
    pub ram_gb: i32,
    pub storage_gb: i32,
    pub storage_type: String,
    pub cpu: String,
    pub cpu_family: String,
    pub gpu: String,
    pub screen_inches: f64,
    pub image: ImageDto,
    pub category: Option<CategoryRef>,
    /// `/product/{uid}`.
    pub url: String,
}

/// Typed specifications.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct Specs {
    pub cpu: String,
    pub cpu_family: String,
    pub ram_gb: i32,
    pub storage_gb: i32,
    pub storage_type: String,
    pub gpu: String,
    pub screen_inches: f64,
    pub screen_resolution: String,
    pub weight_kg: f64,
    pub battery_wh: i32,
    pub ports: Vec<String>,
    pub os: String,
}

/// Condition details of used and open-box units.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct ConditionDetails {
    /// The shop's grade: `A+`, `A`, `B`, `C`.
    pub grade: Option<String>,
    /// Battery health, percent.
    pub battery_health: Option<i32>,
    /// The shop's test period, days.
    pub test_days: Option<i32>,
}

/// One purchasable choice (colour × warranty): the cart's `SupProductIdDetail`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct VariantDto {
    pub id: i64,
    pub color: String,
    /// `#rrggbb` swatch for the colour.
    pub color_hex: String,
    pub name_garanti: String,
    pub price_garanti: i64,
    /// Unit price now (after any special offer), Toman.
    pub price: i64,
    pub old_price: Option<i64>,
    pub stock: i64,
    pub in_stock: bool,
    pub ins_payment: bool,
    pub property: String,
    #[oai(rename = "DG")]
    pub dg: String,
}

/// One labelled row of the spec table.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct SpecRow {
    pub key: String,
    pub label: String,
    pub value: String,
}

/// A product with everything its page shows.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct ProductDetail {
    #[oai(flatten)]
    pub card: ProductCard,
    pub description: String,
    pub specs: Specs,
    pub spec_rows: Vec<SpecRow>,
    pub condition_details: Option<ConditionDetails>,
    pub variants: Vec<VariantDto>,
    pub images: Vec<ImageDto>,
    /// Root first.
    pub breadcrumb: Vec<CategoryRef>,
}

/// A filter value with its count.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct FacetValue {
    pub value: String,
    pub label: String,
    pub count: u64,
}

/// Counts over the matching products, for the filter panel.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct Facets {
    pub brands: Vec<FacetValue>,
    pub conditions: Vec<FacetValue>,
    pub lines: Vec<FacetValue>,
    pub rams: Vec<FacetValue>,
    pub cpu_families: Vec<FacetValue>,
    pub price_min: Option<i64>,
    pub price_max: Option<i64>,
}

/// A page of products.
#[derive(Debug, Clone, Object)]
pub struct ProductListResponse {
    /// `ok`.
    pub status: String,
    pub data: Vec<ProductCard>,
    #[oai(rename = "Total")]
    pub total: u64,
    #[oai(rename = "Page")]
    pub page: u64,
    #[oai(rename = "Size")]
    pub size: u64,
    #[oai(rename = "Pages")]
    pub pages: u64,
    #[oai(rename = "Facets")]
    pub facets: Facets,
    /// Search only: the folded query tokens (for highlighting).
    #[oai(rename = "Terms")]
    pub terms: Vec<String>,
}

/// `GET /catalog/products/{uid}`.
#[derive(Debug, Clone, Object)]
pub struct ProductResponse {
    /// `ok`.
    pub status: String,
    pub data: ProductDetail,
    /// Similar products (same category).
    #[oai(rename = "Related")]
    pub related: Vec<ProductCard>,
}

/// A category in the flat tree (parents before children).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct CategoryDto {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub url: String,
    /// 0 for roots.
    pub depth: u32,
    /// Products in it and below it.
    pub count: u64,
    pub image: ImageDto,
}

/// `GET /catalog/categories`.
#[derive(Debug, Clone, Object)]
pub struct CategoriesResponse {
    /// `ok`.
    pub status: String,
    pub data: Vec<CategoryDto>,
}

/// A suggestion for the mobile search.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct Suggestion {
    pub uid: String,
    pub name: String,
    pub price: i64,
    pub price_text: String,
    pub image: ImageDto,
    pub url: String,
}

/// `GET /catalog/suggest`.
#[derive(Debug, Clone, Object)]
pub struct SuggestResponse {
    /// `ok`.
    pub status: String,
    /// At most 8 products.
    pub data: Vec<Suggestion>,
    /// Brand and model names completing the query (at most 6).
    #[oai(rename = "Terms")]
    pub terms: Vec<String>,
    /// Matching categories.
    #[oai(rename = "Categories")]
    pub categories: Vec<CategoryRef>,
}

/// One row of the comparison table: one value per product, in the request order.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct CompareRow {
    pub key: String,
    pub label: String,
    pub values: Vec<String>,
    /// Whether the values differ.
    pub differs: bool,
}

/// `GET /catalog/compare`.
#[derive(Debug, Clone, Object)]
pub struct CompareResponse {
    /// `ok`.
    pub status: String,
    pub data: Vec<ProductDetail>,
    #[oai(rename = "Rows")]
    pub rows: Vec<CompareRow>,
}

/// A picture, or an error.
#[derive(ApiResponse)]
pub enum PictureResponse {
    /// WebP picture, cached for a year.
    #[oai(status = 200, content_type = "image/webp")]
    Ok(Binary<Vec<u8>>, #[oai(header = "Cache-Control")] String),
    /// Unknown picture name or width.
    #[oai(status = 404)]
    NotFound(poem_openapi::payload::Json<ErrorBody>),
}

// ---------------------------------------------------------------------------------------
// Pure helpers

/// Validate `page` (from 1) and `size` (1..; capped at 60). 400 naming the field otherwise.
pub fn page_and_size(page: Option<i64>, size: Option<i64>, default_size: u64) -> ApiResult<(u64, u64)> {
    use shop_core::validation::{validate, Rule};
    let page = page.unwrap_or(1);
    if page < 1 {
        let m = validate(&Rule::MinValue { n: 0 }, "شماره صفحه", &page.to_string()).err().map(String::from).unwrap_or_default();
        return Err(ApiError::BadRequest(poem_openapi::payload::Json(ErrorBody::new(m, Some("page")))));
    }
    let size = size.unwrap_or(default_size as i64);
    if size < 1 {
        let m = validate(&Rule::MinValue { n: 0 }, "تعداد در صفحه", &size.to_string()).err().map(String::from).unwrap_or_default();
        return Err(ApiError::BadRequest(poem_openapi::payload::Json(ErrorBody::new(m, Some("size")))));
    }
    Ok((page as u64, (size as u64).min(MAX_PAGE_SIZE)))
}

fn bad(field: &str, m: &str) -> ApiError {
    ApiError::BadRequest(poem_openapi::payload::Json(ErrorBody::new(m, Some(field))))
}

fn list(v: &Option<String>) -> Vec<String> {
    v.as_deref()
        .unwrap_or("")
        .split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

fn flag(v: &Option<String>) -> bool {
    matches!(v.as_deref().map(str::trim), Some("1" | "true" | "yes" | "on"))
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
pub fn build_filter(snap: &Snapshot, p: &FilterParams) -> ApiResult<Filter> {
    let mut f = Filter::default();
    if let Some(c) = p.category.as_deref().filter(|c| !c.trim().is_empty()) {
        let id = resolve_category(snap, c).ok_or_else(|| ApiError::not_found_field("category", msg::CATEGORY_NOT_FOUND))?;
        f.categories = Some(snap.category_and_descendants(id));
    }
    f.brands = list(&p.brand).iter().map(|b| snapshot::brand_slug(b)).collect();
    f.conditions = list(&p.condition);
    for c in &f.conditions {
        if ![product::CONDITION_NEW, product::CONDITION_USED, product::CONDITION_OPEN_BOX].contains(&c.as_str()) {
            return Err(bad("condition", msg::BAD_CONDITION));
        }
    }
    f.lines = list(&p.line);
    for l in &f.lines {
        if ![product::LINE_LAPTOP, product::LINE_TABLET_LAPTOP].contains(&l.as_str()) {
            return Err(bad("line", msg::BAD_LINE));
        }
    }
    if p.min_price.is_some_and(|x| x < 0) {
        return Err(bad("min_price", msg::NEGATIVE_PRICE));
    }
    if p.max_price.is_some_and(|x| x < 0) {
        return Err(bad("max_price", msg::NEGATIVE_PRICE));
    }
    if let (Some(a), Some(b)) = (p.min_price, p.max_price) {
        if a > b {
            return Err(bad("min_price", msg::PRICE_RANGE));
        }
    }
    f.min_price = p.min_price;
    f.max_price = p.max_price;
    for r in list(&p.ram) {
        let digits = shop_core::digits::to_western_digits(&r);
        let n: i32 = digits.trim_end_matches("gb").trim().parse().map_err(|_| bad("ram", msg::BAD_RAM))?;
        if !(1..=1024).contains(&n) {
            return Err(bad("ram", msg::BAD_RAM));
        }
        f.rams.push(n);
    }
    f.cpu_families = list(&p.cpu_family);
    f.in_stock = flag(&p.in_stock);
    f.special = flag(&p.special);
    Ok(f)
}

fn image(item: &Item, picture: i32) -> ImageDto {
    let id = item.product.id;
    ImageDto {
        src: images::url(id, picture, 320),
        src2x: images::url(id, picture, 640),
        src_set: images::WIDTHS.iter().map(|w| format!("{} {w}w", images::url(id, picture, *w))).collect::<Vec<_>>().join(", "),
        alt: item.product.name.clone(),
        width: 320,
        height: 240,
    }
}

/// `/shop/category/{slug}-{id}`.
pub fn category_url(slug: &str, id: i64) -> String {
    format!("/shop/category/{slug}-{id}")
}

fn category_ref(c: &super::category::Model) -> CategoryRef {
    CategoryRef { id: c.id, slug: c.slug.clone(), name: c.name.clone(), url: category_url(&c.slug, c.id) }
}

/// The list card of an item at `now`.
pub fn card(snap: &Snapshot, it: &Item, now: i64) -> ProductCard {
    let offer = it.offer(now);
    let price = it.price(now);
    ProductCard {
        id: it.product.id,
        uid: it.product.uid.clone(),
        name: it.product.name.clone(),
        brand: it.product.brand.clone(),
        brand_slug: it.brand_slug.clone(),
        brand_fa: snapshot::brand_persian(&it.product.brand).unwrap_or("").to_string(),
        model: it.info.model.clone(),
        line: it.product.line.clone(),
        line_label: snapshot::line_label(&it.product.line).into(),
        condition: it.product.condition.clone(),
        condition_label: snapshot::condition_label(&it.product.condition).into(),
        price,
        price_text: fmt::toman(price),
        old_price: offer.map(|_| it.base_price),
        discount_percent: offer.map(|(p, _)| i64::from(shop_core::price::discount_percent(it.base_price, p).get())),
        special_ends_at: offer.map(|(_, end)| fmt::iso(end)),
        in_stock: it.in_stock(),
        ins_payment: it.ins_payment,
        ram_gb: it.info.ram_gb,
        storage_gb: it.info.storage_gb,
        storage_type: it.info.storage_type.clone(),
        cpu: it.info.cpu.clone(),
        cpu_family: it.info.cpu_family.clone(),
        gpu: it.info.gpu.clone(),
        screen_inches: it.info.screen_inches,
        image: image(it, 0),
        category: it.category.map(|i| category_ref(&snap.categories[i])),
        url: format!("/product/{}", it.product.uid),
    }
}

fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

fn fa(n: impl ToString) -> String {
    shop_core::digits::to_persian_digits(&n.to_string())
}

/// The labelled spec rows of an item (product page table and comparison).
pub fn spec_rows(it: &Item) -> Vec<SpecRow> {
    let i = &it.info;
    let storage = if i.storage_gb >= 1024 && i.storage_gb % 1024 == 0 {
        format!("{} ترابایت {}", fa(i.storage_gb / 1024), i.storage_type)
    } else if i.storage_gb > 0 {
        format!("{} گیگابایت {}", fa(i.storage_gb), i.storage_type)
    } else {
        String::new()
    };
    let mut rows = vec![
        ("brand", "برند", format!("{} ({})", it.product.brand, snapshot::brand_persian(&it.product.brand).unwrap_or(""))),
        ("model", "مدل", i.model.clone()),
        ("line", "نوع", snapshot::line_label(&it.product.line).to_string()),
        ("condition", "وضعیت", snapshot::condition_label(&it.product.condition).to_string()),
        ("cpu", "پردازنده", i.cpu.clone()),
        ("ram", "حافظه رم", if i.ram_gb > 0 { format!("{} گیگابایت", fa(i.ram_gb)) } else { String::new() }),
        ("storage", "حافظه داخلی", storage),
        ("gpu", "پردازنده گرافیکی", i.gpu.clone()),
        (
            "screen",
            "نمایشگر",
            if i.screen_inches > 0.0 { format!("{} اینچ، {}", fa(i.screen_inches), i.screen_resolution) } else { String::new() },
        ),
        ("weight", "وزن", if i.weight_kg > 0.0 { format!("{} کیلوگرم", fa(i.weight_kg)) } else { String::new() }),
        ("battery", "باتری", if i.battery_wh > 0 { format!("{} وات‌ساعت", fa(i.battery_wh)) } else { String::new() }),
        ("ports", "درگاه‌ها", i.ports.clone()),
        ("os", "سیستم‌عامل", i.os.clone()),
    ];
    if it.product.condition != product::CONDITION_NEW {
        rows.push(("grade", "درجه ظاهری", i.condition_grade.clone().unwrap_or_default()));
        rows.push(("battery_health", "سلامت باتری", i.battery_health.map(|b| format!("{}٪", fa(b))).unwrap_or_default()));
        rows.push(("test_days", "مهلت تست", i.test_days.map(|d| format!("{} روز", fa(d))).unwrap_or_default()));
    }
    rows.into_iter()
        .filter(|r| !r.2.trim().is_empty())
        .map(|(k, l, v)| SpecRow { key: k.into(), label: l.into(), value: v })
        .collect()
}

/// The answer of `GET /catalog/products/{uid}` for the snapshot's item `i` (also embedded in
/// the product page's HTML by `seo::hook`).
pub fn product_response(snap: &Snapshot, i: usize, now: i64) -> ProductResponse {
    let it = &snap.items[i];
    let mut related: Vec<usize> = (0..snap.items.len())
        .filter(|&j| j != i && snap.items[j].info.category_id == it.info.category_id && snap.items[j].in_stock())
        .collect();
    related.sort_by_key(|&j| ((snap.items[j].price(now) - it.price(now)).abs(), snap.items[j].product.id));
    related.truncate(8);
    ProductResponse {
        status: "ok".into(),
        data: detail(snap, it, now),
        related: related.into_iter().map(|j| card(snap, &snap.items[j], now)).collect(),
    }
}

/// The full product at `now`.
pub fn detail(snap: &Snapshot, it: &Item, now: i64) -> ProductDetail {
    let i = &it.info;
    let offer = it.offer(now);
    ProductDetail {
        card: card(snap, it, now),
        description: it.product.description.clone(),
        specs: Specs {
            cpu: i.cpu.clone(),
            cpu_family: i.cpu_family.clone(),
            ram_gb: i.ram_gb,
            storage_gb: i.storage_gb,
            storage_type: i.storage_type.clone(),
            gpu: i.gpu.clone(),
            screen_inches: i.screen_inches,
            screen_resolution: i.screen_resolution.clone(),
            weight_kg: i.weight_kg,
            battery_wh: i.battery_wh,
            ports: i.ports.split(['،', ',']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect(),
            os: i.os.clone(),
        },
        spec_rows: spec_rows(it),
        condition_details: (it.product.condition != product::CONDITION_NEW).then(|| ConditionDetails {
            grade: i.condition_grade.clone(),
            battery_health: i.battery_health,
            test_days: i.test_days,
        }),
        variants: it
            .variants
            .iter()
            .map(|v| VariantDto {
                id: v.id,
                color: v.color.clone(),
                color_hex: hex(images::colour_of(&v.color)),
                name_garanti: v.warranty_name.clone(),
                price_garanti: v.warranty_price,
                price: it.variant_price(v, now),
                old_price: offer.map(|_| v.price),
                stock: v.stock.max(0),
                in_stock: v.stock > 0,
                ins_payment: v.ins_payment,
                property: v.property.clone(),
                dg: v.dg.clone(),
            })
            .collect(),
        images: (0..i.images.clamp(1, images::MAX_PICTURES)).map(|n| image(it, n)).collect(),
        breadcrumb: i.category_id.map(|c| snap.category_path(c).into_iter().map(category_ref).collect()).unwrap_or_default(),
    }
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
    page: u64,
    size: u64,
    now: i64,
    terms: Vec<String>,
) -> ProductListResponse {
    let mut ids: Vec<usize> = candidates.into_iter().filter(|&i| filter.matches(&snap.items[i], now)).collect();
    let facets = facets(snap, &ids, now);
    sort_items(snap, &mut ids, sort, now);
    let total = ids.len() as u64;
    let start = (page - 1).saturating_mul(size);
    let data = if start >= total {
        Vec::new()
    } else {
        ids[start as usize..(start + size).min(total) as usize].iter().map(|&i| card(snap, &snap.items[i], now)).collect()
    };
    ProductListResponse {
        status: "ok".into(),
        data,
        total,
        page,
        size,
        pages: total.div_ceil(size),
        facets,
        terms,
    }
}

fn parse_sort(s: &Option<String>, default: Sort) -> ApiResult<Sort> {
    match s.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(s) => Sort::parse(s).ok_or_else(|| bad("sort", msg::BAD_SORT)),
    }
}

fn check_query(q: &str) -> ApiResult<()> {
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(bad("q", msg::QUERY_TOO_LONG));
    }
    Ok(())
}

/// The comparison rows for the given items.
pub fn compare_rows(snap: &Snapshot, items: &[&Item], now: i64) -> Vec<CompareRow> {
    let mut keys: Vec<(String, String)> = vec![("price".into(), "قیمت".into())];
    let per: Vec<Vec<SpecRow>> = items.iter().map(|it| spec_rows(it)).collect();
    for rows in &per {
        for r in rows {
            if !keys.iter().any(|k| k.0 == r.key) {
                keys.push((r.key.clone(), r.label.clone()));
            }
        }
    }
    let _ = snap;
    keys.into_iter()
        .map(|(key, label)| {
            let values: Vec<String> = items
                .iter()
                .zip(&per)
                .map(|(it, rows)| {
                    if key == "price" {
                        fmt::toman(it.price(now))
                    } else {
                        rows.iter().find(|r| r.key == key).map(|r| r.value.clone()).unwrap_or_else(|| "—".into())
                    }
                })
                .collect();
            let differs = values.iter().collect::<HashSet<_>>().len() > 1;
            CompareRow { key, label, values, differs }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
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
    #[oai(path = "/products", method = "get")]
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
        let (page, size) = page_and_size(page.0, size.0, 24)?;
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
            Ok(page_of(&snap, all, &filter, sort, page, size, now, Vec::new()))
        })?;
        Ok(respond_prepared(req, body))
    }

    /// One product by `uid`, with variants, specs, pictures and related products; 404 when unknown.
    #[oai(path = "/products/:uid", method = "get")]
    async fn product(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        req: &Request,
        uid: Path<String>,
    ) -> ApiResult<Cached<ProductResponse>> {
        let snap = snap(&cache, &state).await?;
        let &i = snap.by_uid.get(&uid.0).ok_or_else(|| ApiError::not_found_field("uid", msg::PRODUCT_NOT_FOUND))?;
        let now = state.clock.unix();
        let body = self.memo.get_or(&memo_key(req), snap.version, now, || Ok(product_response(&snap, i, now)))?;
        Ok(respond_prepared(req, body))
    }

    /// Every category as a flat list, parents before children (`ParentId`, `Depth`), with counts.
    #[oai(path = "/categories", method = "get")]
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
    #[oai(path = "/specials", method = "get")]
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
        let (page, size) = page_and_size(page.0, size.0, 24)?;
        let snap = snap(&cache, &state).await?;
        let now = state.clock.unix();
        let sort = parse_sort(&sort.0, Sort::Relevance)?;
        let body = self.memo.get_or(&memo_key(req), snap.version, now, || {
            let filter = build_filter(&snap, &FilterParams { category: category.0, special: Some("1".into()), ..Default::default() })?;
            let mut ids: Vec<usize> = (0..snap.items.len()).filter(|&i| snap.items[i].offer(now).is_some()).collect();
            ids.sort_by_key(|&i| (snap.items[i].offer(now).map(|o| o.1).unwrap_or(i64::MAX), snap.items[i].product.id));
            Ok(page_of(&snap, ids, &filter, sort, page, size, now, Vec::new()))
        })?;
        Ok(respond_prepared(req, body))
    }

    /// Search by `q` (Persian or Latin, any spelling: see the module docs of `catalog::search`),
    /// ranked by relevance (exact model matches first); `sort` and every list filter also apply.
    /// `q` longer than 256 characters: 400. A query without letters or digits finds nothing.
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/search", method = "get")]
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
        let (page, size) = page_and_size(page.0, size.0, 24)?;
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
            Ok(page_of(&snap, hits, &filter, sort, page, size, now, terms))
        })?;
        Ok(respond_prepared(req, body))
    }

    /// Live suggestions for the mobile search: up to 8 products, brand/model names and
    /// categories matching `q` (empty `q`: best sellers).
    #[oai(path = "/suggest", method = "get")]
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
    #[oai(path = "/compare", method = "get")]
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
            return Err(bad("uids", msg::COMPARE_COUNT));
        }
        let snap = snap(&cache, &state).await?;
        let now = state.clock.unix();
        let mut items = Vec::new();
        for u in &list {
            let &i = snap.by_uid.get(u).ok_or_else(|| ApiError::not_found_field("uids", msg::PRODUCT_NOT_FOUND))?;
            items.push(&snap.items[i]);
        }
        let rows = compare_rows(&snap, &items, now);
        let data = items.iter().map(|it| detail(&snap, it, now)).collect();
        Ok(respond(req, CompareResponse { status: "ok".into(), data, rows }))
    }

    /// A product picture drawn by code: `{product id}-{picture 0..2}-{width}.webp`, width one of
    /// 320, 640, 768, 1024, 1280, 1536 (4:3). Cached for a year (immutable).
    /// `logo-1088x378.webp` is the shop's logo (the Organization logo).
    #[oai(path = "/images/:name", method = "get")]
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

const ACCENTS: &[[u8; 3]] = &[[72, 118, 220], [40, 160, 150], [230, 120, 60], [150, 90, 210], [220, 70, 110], [60, 140, 80]];

fn default_spec(id: i64, pic: i32) -> PictureSpec {
    let k = id.unsigned_abs() as usize;
    PictureSpec { body: [120, 124, 132], tablet: false, view: pic as u8, accent: ACCENTS[k % ACCENTS.len()] }
}

/// What the picture of product `id` shows (its first variant's colour and its line).
pub fn picture_spec(snap: &Snapshot, id: i64, pic: i32) -> PictureSpec {
    match snap.items.iter().find(|it| it.product.id == id) {
        Some(it) => PictureSpec {
            body: images::colour_of(it.variants.first().map(|v| v.color.as_str()).unwrap_or("")),
            tablet: it.product.line == product::LINE_TABLET_LAPTOP,
            view: pic as u8,
            accent: ACCENTS[(snapshot::brand_slug(&it.product.brand).len() + id as usize) % ACCENTS.len()],
        },
        None => default_spec(id, pic),
    }
}
