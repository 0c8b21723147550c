//! The catalogue API's request and answer shapes.

use crate::platform::ResponseStatus;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object};

use crate::platform::error::ErrorBody;
use crate::platform::http::page::PageInfo;
use shop_core::product_form::{offer_last_day, CategoryInput, ProductInput, VariantInput};

use super::editor::{Editable, ListRow};
use super::{category, variant};

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
    /// `difference` for display: `۴٬۸۰۰٬۰۰۰ تومان بیشتر`, `… کمتر`, `۰ تومان`.
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
    /// Screen size bands (`13-14`, `15-16`, `17-plus`), smallest first.
    pub screens: Vec<FacetValue>,
    /// `integrated` and the discrete GPU families present (`nvidia-rtx`, `nvidia-gtx`, …).
    pub graphics: Vec<FacetValue>,
    /// Storage bands (`256`, `512`, `1024`, `2048-plus` GB), smallest first.
    pub storages: Vec<FacetValue>,
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
    /// Whether any product has been sold in the last 90 days: the `bestselling` sort is
    /// offered only then (no ranking without sales behind it).
    #[oai(rename = "HasBestsellers")]
    pub has_bestsellers: bool,
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

/// `GET /catalog/bestsellers`.
#[derive(Debug, Clone, Object)]
pub struct BestsellersResponse {
    /// `ok`.
    pub status: ResponseStatus,
    /// Most units sold first; empty while nothing has been sold.
    pub data: Vec<ProductCard>,
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

// ---- The catalogue editor (staff, `catalog::admin`). Form fields are the strings staff typed
// (Persian digits and separators accepted), parsed by `shop_core::product_form`, the rule the
// web form runs through WASM.

/// The product form as typed.
#[derive(Debug, Clone, Default, Object)]
#[oai(rename = "AdminCatalogProductForm")]
pub struct ProductFormDto {
    #[oai(default)]
    pub name: String,
    #[oai(default)]
    pub brand: String,
    #[oai(default)]
    pub model: String,
    /// `laptop` or `tablet-laptop` (empty: laptop).
    #[oai(default)]
    pub line: String,
    /// `new`, `used` or `open-box`.
    #[oai(default)]
    pub condition: String,
    /// The category's id.
    #[oai(default)]
    pub category: String,
    #[oai(default)]
    pub description: String,
    /// Used and open-box units: `A+`, `A`, `B` or `C`.
    #[oai(default)]
    pub grade: String,
    /// Used and open-box units: percent, 0–100.
    #[oai(default)]
    pub battery_health: String,
    /// Used and open-box units: days.
    #[oai(default)]
    pub test_days: String,
    #[oai(default)]
    pub cpu: String,
    #[oai(default)]
    pub ram_gb: String,
    #[oai(default)]
    pub storage_gb: String,
    /// `SSD`, `HDD` or `eMMC`.
    #[oai(default)]
    pub storage_type: String,
    #[oai(default)]
    pub gpu: String,
    #[oai(default)]
    pub screen_inches: String,
    #[oai(default)]
    pub screen_resolution: String,
    #[oai(default)]
    pub weight_kg: String,
    #[oai(default)]
    pub battery_wh: String,
    #[oai(default)]
    pub ports: String,
    #[oai(default)]
    pub os: String,
    /// The offer price of the cheapest variant (Toman); empty: no offer.
    #[oai(default)]
    pub special_price: String,
    /// The offer's last day, Jalali (`1405/09/10`); it runs to the end of that day, Tehran time.
    #[oai(default)]
    pub special_ends: String,
}

impl ProductFormDto {
    /// The core form's input (the server fills `cheapest_price` and `now`).
    pub fn input(&self) -> ProductInput {
        ProductInput {
            name: self.name.clone(),
            brand: self.brand.clone(),
            model: self.model.clone(),
            line: self.line.clone(),
            condition: self.condition.clone(),
            category: self.category.clone(),
            description: self.description.clone(),
            grade: self.grade.clone(),
            battery_health: self.battery_health.clone(),
            test_days: self.test_days.clone(),
            cpu: self.cpu.clone(),
            ram_gb: self.ram_gb.clone(),
            storage_gb: self.storage_gb.clone(),
            storage_type: self.storage_type.clone(),
            gpu: self.gpu.clone(),
            screen_inches: self.screen_inches.clone(),
            screen_resolution: self.screen_resolution.clone(),
            weight_kg: self.weight_kg.clone(),
            battery_wh: self.battery_wh.clone(),
            ports: self.ports.clone(),
            os: self.os.clone(),
            special_price: self.special_price.clone(),
            special_ends: self.special_ends.clone(),
            cheapest_price: None,
            now: 0,
        }
    }

    /// The stored product as the form shows it.
    pub fn of(e: &Editable) -> Self {
        let (p, i) = (&e.product, &e.info);
        let num = |n: i32| if n == 0 { String::new() } else { n.to_string() };
        let dec = |x: f64| if x == 0.0 { String::new() } else { x.to_string() };
        ProductFormDto {
            name: p.name.clone(),
            brand: p.brand.clone(),
            model: i.model.clone(),
            line: p.line.clone(),
            condition: p.condition.clone(),
            category: i.category_id.map(|c| c.to_string()).unwrap_or_default(),
            description: p.description.clone(),
            grade: i.condition_grade.clone().unwrap_or_default(),
            battery_health: i.battery_health.map(|b| b.to_string()).unwrap_or_default(),
            test_days: i.test_days.map(|b| b.to_string()).unwrap_or_default(),
            cpu: i.cpu.clone(),
            ram_gb: num(i.ram_gb),
            storage_gb: num(i.storage_gb),
            storage_type: i.storage_type.clone(),
            gpu: i.gpu.clone(),
            screen_inches: dec(i.screen_inches),
            screen_resolution: i.screen_resolution.clone(),
            weight_kg: dec(i.weight_kg),
            battery_wh: num(i.battery_wh),
            ports: i.ports.clone(),
            os: i.os.clone(),
            special_price: i.special_price.map(|s| s.to_string()).unwrap_or_default(),
            special_ends: i.special_ends_at.map(offer_last_day).unwrap_or_default(),
        }
    }
}

/// A variant row as typed.
#[derive(Debug, Clone, Default, Object)]
#[oai(rename = "AdminCatalogVariantForm")]
pub struct VariantFormDto {
    #[oai(default)]
    pub color: String,
    #[oai(default)]
    pub warranty_name: String,
    /// Toman, 0 or more (empty: 0).
    #[oai(default)]
    pub warranty_price: String,
    #[oai(default)]
    pub warranty_note: String,
    /// Toman, above 0.
    #[oai(default)]
    pub price: String,
    /// Units, 0 or more.
    #[oai(default)]
    pub stock: String,
    /// Whether it may be bought in instalments.
    #[oai(default)]
    pub ins_payment: bool,
    /// The configuration line, e.g. «16 گیگ رم / 512 گیگ SSD».
    #[oai(default)]
    pub property: String,
    /// Short code (SKU); empty: made from the product's id.
    #[oai(default)]
    pub dg: String,
}

impl VariantFormDto {
    /// The core form's input.
    pub fn input(&self) -> VariantInput {
        VariantInput {
            color: self.color.clone(),
            warranty_name: self.warranty_name.clone(),
            warranty_price: self.warranty_price.clone(),
            warranty_note: self.warranty_note.clone(),
            price: self.price.clone(),
            stock: self.stock.clone(),
            ins_payment: self.ins_payment,
            property: self.property.clone(),
            dg: self.dg.clone(),
        }
    }
}

/// The category form as typed.
#[derive(Debug, Clone, Default, Object)]
#[oai(rename = "AdminCatalogCategoryForm")]
pub struct CategoryFormDto {
    #[oai(default)]
    pub name: String,
    /// ASCII: `a-z`, `0-9`, `-`.
    #[oai(default)]
    pub slug: String,
    /// The parent's id; empty: top level.
    #[oai(default)]
    pub parent: String,
    #[oai(default)]
    pub position: String,
    #[oai(default)]
    pub description: String,
}

impl CategoryFormDto {
    /// The core form's input.
    pub fn input(&self) -> CategoryInput {
        CategoryInput {
            name: self.name.clone(),
            slug: self.slug.clone(),
            parent: self.parent.clone(),
            position: self.position.clone(),
            description: self.description.clone(),
        }
    }
}

/// `catalog/product/list`: filters and page.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogProductListRequest")]
pub struct ProductListReq {
    /// Part of the name, model or uid.
    #[oai(default)]
    pub q: String,
    /// A category id (with the categories below it); 0: any.
    #[oai(default)]
    pub category: i64,
    /// `new`, `used`, `open-box`; empty: any.
    #[oai(default)]
    pub condition: String,
    /// `yes`, `no`; empty: any.
    #[oai(default)]
    pub published: String,
    /// 1-based page (a page past the end is empty).
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// A product in the staff list.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogProductRow")]
pub struct ProductRowDto {
    pub id: i64,
    pub uid: String,
    pub name: String,
    pub brand: String,
    pub model: String,
    pub condition: String,
    pub category_id: Option<i64>,
    pub category_name: String,
    pub published: bool,
    pub variants: u64,
    pub stock: i64,
    /// The cheapest variant's price; null without variants.
    pub min_price: Option<i64>,
    pub version: i64,
}

impl ProductRowDto {
    /// A list row.
    pub fn of(r: &ListRow, names: &std::collections::HashMap<i64, String>) -> Self {
        let cat = r.info.as_ref().and_then(|i| i.category_id);
        ProductRowDto {
            id: r.product.id,
            uid: r.product.uid.clone(),
            name: r.product.name.clone(),
            brand: r.product.brand.clone(),
            model: r.info.as_ref().map(|i| i.model.clone()).unwrap_or_default(),
            condition: r.product.condition.clone(),
            category_id: cat,
            category_name: cat.and_then(|c| names.get(&c).cloned()).unwrap_or_default(),
            published: r.product.active,
            variants: r.variants as u64,
            stock: r.stock,
            min_price: r.min_price,
            version: r.product.version,
        }
    }
}

/// One page of the staff product list.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogProductListResponse")]
pub struct ProductListResp {
    pub status: ResponseStatus,
    pub data: Vec<ProductRowDto>,
    pub total: u64,
    pub per_page: u64,
    pub page: u64,
}

/// A variant as the editor shows it.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogVariant")]
pub struct AdminVariantDto {
    pub id: i64,
    pub version: i64,
    pub form: VariantFormDto,
}

impl AdminVariantDto {
    /// The stored variant as its row shows it.
    pub fn of(v: &variant::Model) -> Self {
        AdminVariantDto {
            id: v.id,
            version: v.version,
            form: VariantFormDto {
                color: v.color.clone(),
                warranty_name: v.warranty_name.clone(),
                warranty_price: v.warranty_price.to_string(),
                warranty_note: v.warranty_note.clone(),
                price: v.price.to_string(),
                stock: v.stock.to_string(),
                ins_payment: v.ins_payment,
                property: v.property.clone(),
                dg: v.dg.clone(),
            },
        }
    }
}

/// A product as the editor shows it.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogProduct")]
pub struct ProductDto {
    pub id: i64,
    /// The public id (`/product/{uid}`), made at creation and never changed.
    pub uid: String,
    /// The version a save must name.
    pub version: i64,
    pub published: bool,
    /// The storefront page.
    pub url: String,
    pub form: ProductFormDto,
    pub variants: Vec<AdminVariantDto>,
}

impl ProductDto {
    /// The editor's view of `e`.
    pub fn of(e: &Editable) -> Self {
        ProductDto {
            id: e.product.id,
            uid: e.product.uid.clone(),
            version: e.product.version,
            published: e.product.active,
            url: format!("/product/{}", e.product.uid),
            form: ProductFormDto::of(e),
            variants: e.variants.iter().map(AdminVariantDto::of).collect(),
        }
    }
}

/// One product.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogProductResponse")]
pub struct ProductResp {
    pub status: ResponseStatus,
    pub data: ProductDto,
}

/// `catalog/product/get`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogUidRequest")]
pub struct UidReq {
    pub uid: String,
}

/// `catalog/product/create`: the product, its first variants, and whether to publish it now.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogProductCreateRequest")]
pub struct ProductCreateReq {
    pub product: ProductFormDto,
    #[oai(default)]
    pub variants: Vec<VariantFormDto>,
    #[oai(default)]
    pub publish: bool,
}

/// `catalog/product/update`: the product's fields, made from `version`. There is no uid to change.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogProductUpdateRequest")]
pub struct ProductUpdateReq {
    pub uid: String,
    pub version: i64,
    pub product: ProductFormDto,
}

/// `catalog/product/publish`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogPublishRequest")]
pub struct PublishReq {
    pub uid: String,
    pub version: i64,
    pub published: bool,
}

/// `catalog/variant/add`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogVariantAddRequest")]
pub struct VariantAddReq {
    /// The product's uid.
    pub uid: String,
    pub variant: VariantFormDto,
}

/// `catalog/variant/update`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogVariantUpdateRequest")]
pub struct VariantUpdateReq {
    pub id: i64,
    pub version: i64,
    pub variant: VariantFormDto,
}

/// `catalog/variant/remove`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogVariantRemoveRequest")]
pub struct VariantRemoveReq {
    pub id: i64,
    pub version: i64,
}

/// A category as the editor shows it.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogCategory")]
pub struct AdminCategoryDto {
    pub id: i64,
    pub version: i64,
    pub parent_id: Option<i64>,
    /// Products directly in it.
    pub products: u64,
    pub form: CategoryFormDto,
}

impl AdminCategoryDto {
    /// The editor's view of `c`.
    pub fn of(c: &category::Model, products: u64) -> Self {
        AdminCategoryDto {
            id: c.id,
            version: c.version,
            parent_id: c.parent_id,
            products,
            form: CategoryFormDto {
                name: c.name.clone(),
                slug: c.slug.clone(),
                parent: c.parent_id.map(|p| p.to_string()).unwrap_or_default(),
                position: c.position.to_string(),
                description: c.description.clone(),
            },
        }
    }
}

/// Every category.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogCategoryListResponse")]
pub struct CategoryListResp {
    pub status: ResponseStatus,
    pub data: Vec<AdminCategoryDto>,
}

/// One category.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogCategoryResponse")]
pub struct CategoryResp {
    pub status: ResponseStatus,
    pub data: AdminCategoryDto,
}

/// `catalog/category/create`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogCategoryCreateRequest")]
pub struct CategoryCreateReq {
    pub category: CategoryFormDto,
}

/// `catalog/category/update`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCatalogCategoryUpdateRequest")]
pub struct CategoryUpdateReq {
    pub id: i64,
    pub version: i64,
    pub category: CategoryFormDto,
}

/// One variant's price over the last 90 days (`/products/{uid}/price-history`).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct PriceHistory {
    pub variant_id: i64,
    /// Oldest first: each point's price holds from its `At` until the next point (the first is
    /// the price in effect 90 days ago, or the variant's first recorded price).
    pub points: Vec<PriceHistoryPoint>,
    /// One entry a day for the chart, oldest first, from the first day with a recorded price.
    pub days: Vec<PriceDay>,
    /// The lowest price of the last 30 days (none when nothing is recorded).
    #[oai(rename = "Lowest30Days")]
    pub lowest_30_days: Option<i64>,
    /// Today's price is the lowest of the last 30 days, and some price in them was higher.
    #[oai(rename = "IsLowest30Days")]
    pub is_lowest_30_days: bool,
}

/// The price at the end of one day.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct PriceDay {
    /// The Tehran calendar day, Jalali, Persian digits (`۶ آذر ۱۴۰۵`).
    pub date: String,
    /// Toman.
    pub price: i64,
}

/// The price from `At` on.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct PriceHistoryPoint {
    /// Unix seconds.
    pub at: i64,
    /// The Tehran calendar day, Jalali, Persian digits (`۶ آذر ۱۴۰۵`).
    pub date: String,
    /// Toman, the offer applied.
    pub price: i64,
    /// `price` with Persian digits and تومان.
    pub price_text: String,
}

/// `GET /catalog/products/{uid}/price-history?variant=`.
#[derive(Debug, Clone, Object)]
pub struct PriceHistoryResponse {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: PriceHistory,
}
