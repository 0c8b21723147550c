//! `product_info`: the catalogue's per-product data beside the cart's `product` row
//! (model, condition details, typed specs, special offer, images, search text; best sellers come from orders, `snapshot::Sales`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "product_info")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub product_id: i64,
    /// The leaf category (see `category`).
    pub category_id: Option<i64>,
    /// Maker's model code, e.g. `UX3405MA` (exact model matches rank first in search).
    pub model: String,
    /// Used and open-box units: the shop's grade (`A+`, `A`, `B`, `C`).
    pub condition_grade: Option<String>,
    /// Used and open-box units: battery health in percent.
    pub battery_health: Option<i32>,
    /// Used and open-box units: the shop's test (return) period in days.
    pub test_days: Option<i32>,
    /// CPU model, e.g. `Intel Core i7-1355U`.
    pub cpu: String,
    /// CPU family slug for filtering, e.g. `intel-core-i7`, `amd-ryzen-7`, `apple-m2`.
    pub cpu_family: String,
    pub ram_gb: i32,
    pub storage_gb: i32,
    /// `SSD`, `HDD` or `eMMC`.
    pub storage_type: String,
    pub gpu: String,
    pub screen_inches: f64,
    /// e.g. `1920x1200`.
    pub screen_resolution: String,
    pub weight_kg: f64,
    pub battery_wh: i32,
    /// Comma-separated port list (Persian/Latin), e.g. `USB-C ×2, HDMI, جک ۳.۵`.
    #[sea_orm(column_type = "Text")]
    pub ports: String,
    pub os: String,
    /// Special-offer price of the cheapest variant; other variants get the same discount.
    pub special_price: Option<i64>,
    /// End of the special offer (unix seconds, UTC).
    pub special_ends_at: Option<i64>,
    /// Number of pictures (drawn by code, see `catalog::images`).
    pub images: i32,
    /// Listing time (unix seconds, UTC; newest sort).
    pub created_at: i64,
    /// Folded search text, one `weight<TAB>text` line per field, made by
    /// [`crate::catalog::search::search_text`] with `shop_core::search::fold` at write time.
    #[sea_orm(column_type = "Text")]
    pub search_text: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
