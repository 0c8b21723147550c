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
