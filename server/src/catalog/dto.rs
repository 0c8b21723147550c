//! The catalogue API's request and answer shapes.

use crate::platform::ResponseStatus;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object};

use crate::platform::error::ErrorBody;
use crate::platform::http::page::PageInfo;

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
    /// `old_price` for display, formatted by core (shown before the WASM core loads).
    pub old_price_text: Option<String>,
    /// Whole percent off, rounded down (`shop_core::price::discount_percent`).
    pub discount_percent: Option<i64>,
    /// `discount_percent` with Persian digits (`۱۲`).
    pub discount_text: Option<String>,
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
    /// What the warranty covers, in one Persian line; empty when the shop has not written it.
    pub description_garanti: String,
    pub price_garanti: i64,
    /// For each variant of the same colour (this one included, in `Variants` order): what one
    /// unit's total changes by when it is chosen instead of this one, from
    /// `shop_core::cart::choice_differences` (`Price + PriceGaranti`, the cart's unit price,
    /// after any offer). The product page shows these beside the warranty options.
    pub warranty_differences: Vec<WarrantyDifference>,
    /// Unit price now (after any special offer), Toman.
    pub price: i64,
    pub old_price: Option<i64>,
    /// What one unit costs with its warranty (`price + price_garanti`, as the cart), for
    /// display, formatted by core: the product page shows it before the WASM core loads.
    pub unit_price_text: String,
    /// The unit price before the offer (`old_price + price_garanti`), for display.
    pub unit_old_price_text: Option<String>,
    /// Whole percent off the unit price, rounded down; 0 without an offer.
    pub discount_percent: i64,
    /// `discount_percent` with Persian digits (`۱۲`).
    pub discount_text: String,
    /// `price_garanti` for display.
    pub price_garanti_text: String,
    pub stock: i64,
    pub in_stock: bool,
    pub ins_payment: bool,
    pub property: String,
    #[oai(rename = "DG")]
    pub dg: String,
}

/// What choosing variant `id` changes the unit total by (core's `ChoiceDifference`).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct WarrantyDifference {
    pub id: i64,
    /// Toman, signed; 0 for the chosen variant itself.
    pub difference: i64,
    /// `difference` for display: `+۴٬۸۰۰٬۰۰۰ تومان`, `-…`, `۰ تومان`.
    pub difference_text: String,
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
    /// The variant the page preselects: the shop's default warranty (the first in-stock
    /// variant that has a warranty, see `catalog::view::default_variant`), else the first in
    /// stock, else the first. The server's hero shows its price.
    pub default_variant_id: Option<i64>,
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
    pub status: ResponseStatus,
    pub data: Vec<ProductCard>,
    #[oai(flatten)]
    pub page: PageInfo,
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
    pub status: ResponseStatus,
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
    pub status: ResponseStatus,
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
    pub status: ResponseStatus,
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
    pub status: ResponseStatus,
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
    NotFound(Json<ErrorBody>),
}
