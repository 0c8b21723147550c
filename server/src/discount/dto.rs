//! Discount answers.

use crate::platform::ResponseStatus;
use poem_openapi::Object;

/// One code the customer may use, with its terms for display (Persian digits, Jalali dates).
#[derive(Debug, Clone, Object)]
#[oai(rename = "DiscountItem")]
pub struct DiscountItem {
    /// The code to type at order registration.
    #[oai(rename = "Code")]
    pub code: String,
    /// What the code is for (Persian).
    #[oai(rename = "Description")]
    pub description: String,
    #[oai(rename = "Kind")]
    pub kind: DiscountKindDto,
    /// Percent or Toman.
    #[oai(rename = "Value")]
    pub value: i64,
    /// The terms in one Persian line (`shop_core::discount::DiscountTerms::describe`).
    #[oai(rename = "TermsText")]
    pub terms_text: String,
    #[oai(rename = "MinTotal")]
    pub min_total: i64,
    #[oai(rename = "MaxDiscount")]
    pub max_discount: Option<i64>,
    /// Unix seconds; valid from `StartsAt` (inclusive) to `EndsAt` (exclusive).
    #[oai(rename = "StartsAt")]
    pub starts_at: i64,
    #[oai(rename = "EndsAt")]
    pub ends_at: i64,
    /// The first valid day, Jalali (Tehran), e.g. `۱ آذر ۱۴۰۵`.
    #[oai(rename = "StartsText")]
    pub starts_text: String,
    /// The last valid day, Jalali (Tehran).
    #[oai(rename = "EndsText")]
    pub ends_text: String,
    /// False until `StartsAt`.
    #[oai(rename = "Started")]
    pub started: bool,
    /// Uses left to this customer (absent: no per-customer limit).
    #[oai(rename = "UsesLeft")]
    pub uses_left: Option<i64>,
    /// Names of the categories the code is limited to (empty: every category).
    #[oai(rename = "Categories")]
    pub categories: Vec<String>,
    /// Limited to some products.
    #[oai(rename = "ProductsOnly")]
    pub products_only: bool,
    /// A personal code of this customer.
    #[oai(rename = "Personal")]
    pub personal: bool,
}

/// `discount/list` answer.
#[derive(Debug, Object)]
#[oai(rename = "DiscountListResponse")]
pub struct DiscountListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<DiscountItem>,
}

/// Percentage or fixed amount (`shop_core::discount::DiscountKind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "DiscountKind", rename_all = "snake_case")]
pub enum DiscountKindDto {
    /// `Value` percent of the eligible lines.
    Percent,
    /// `Value` Toman.
    Fixed,
}

impl From<shop_core::discount::DiscountKind> for DiscountKindDto {
    fn from(k: shop_core::discount::DiscountKind) -> Self {
        match k {
            shop_core::discount::DiscountKind::Percent => Self::Percent,
            shop_core::discount::DiscountKind::Fixed => Self::Fixed,
        }
    }
}

/// A discount code as the back office shows it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "DiscountAdminCode")]
pub struct DiscountAdminView {
    pub id: i64,
    pub code: String,
    pub kind: DiscountKindDto,
    /// Percent or Toman.
    pub value: i64,
    pub min_total: i64,
    pub max_discount: Option<i64>,
    /// The first valid day, Jalali (Tehran), `۱۴۰۵/۰۹/۰۱`.
    pub starts_day: String,
    /// The last valid day, Jalali (Tehran).
    pub ends_day: String,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    /// Uses so far.
    pub used: i64,
    pub first_purchase_only: bool,
    /// A personal code (of one customer).
    pub personal: bool,
    /// Limited to some categories or products.
    pub limited: bool,
    pub description: String,
    /// The terms in one Persian line.
    pub terms_text: String,
    pub active: bool,
    /// The version a save of it must name.
    pub version: i64,
}

/// `admin/v1/discount/list` request.
#[derive(Debug, Object)]
pub struct DiscountAdminListReq {
    /// From 1.
    #[oai(default = "one")]
    pub page: u64,
    /// Part of a code.
    #[oai(default)]
    pub q: String,
}

fn one() -> u64 {
    1
}

/// `admin/v1/discount/list` answer.
#[derive(Debug, Object)]
pub struct DiscountAdminListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<DiscountAdminView>,
    pub total: u64,
    pub per_page: u64,
}

/// `admin/v1/discount/save` and `discount/active` answer.
#[derive(Debug, Object)]
pub struct DiscountAdminResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: DiscountAdminView,
}

/// `admin/v1/discount/save`: a new code (no `id`) or an edit of `id`'s terms from `version`.
/// Days are Jalali (`۱۴۰۵/۰۹/۰۱`), both included.
#[derive(Debug, Object)]
pub struct DiscountSaveReq {
    /// The code to edit; absent for a new one.
    pub id: Option<i64>,
    #[oai(default)]
    pub version: i64,
    /// The code's text (new codes only): 3 to 32 letters, digits, `-` or `_`.
    #[oai(default)]
    pub code: String,
    pub kind: DiscountKindDto,
    pub value: i64,
    #[oai(default)]
    pub min_total: i64,
    pub max_discount: Option<i64>,
    /// First valid day (Jalali); empty: today.
    #[oai(default)]
    pub starts_day: String,
    /// Last valid day (Jalali).
    pub ends_day: String,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    #[oai(default)]
    pub first_purchase_only: bool,
    #[oai(default)]
    pub description: String,
}

impl DiscountSaveReq {
    /// The request as the discount form's values (`core/src/forms/discount.rs`).
    pub fn values(&self) -> shop_core::forms::Values {
        let opt = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
        let kind = match self.kind {
            DiscountKindDto::Percent => "percent",
            DiscountKindDto::Fixed => "fixed",
        };
        let (value, min_total, max_discount) = (self.value.to_string(), self.min_total.to_string(), opt(self.max_discount));
        let (usage_limit, per_customer_limit) = (opt(self.usage_limit), opt(self.per_customer_limit));
        shop_core::forms::Values::from_pairs([
            ("code", self.code.as_str()),
            ("kind", kind),
            ("value", value.as_str()),
            ("min_total", min_total.as_str()),
            ("max_discount", max_discount.as_str()),
            ("starts_day", self.starts_day.as_str()),
            ("ends_day", self.ends_day.as_str()),
            ("usage_limit", usage_limit.as_str()),
            ("per_customer_limit", per_customer_limit.as_str()),
            ("description", self.description.as_str()),
        ])
    }
}

/// `admin/v1/discount/active`: switch a code on or off.
#[derive(Debug, Object)]
pub struct DiscountActiveReq {
    pub id: i64,
    pub version: i64,
    pub active: bool,
}
