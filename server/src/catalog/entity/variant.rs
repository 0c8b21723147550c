//! `product_variant`: one purchasable choice of a product (colour × warranty), with its own
//! price, stock and instalment flag. A cart line points at one variant (`SupProductIdDetail`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "product_variant")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub product_id: i64,
    /// Colour name in Persian, e.g. «نقره‌ای».
    pub color: String,
    /// Warranty name (`NameGaranti`), e.g. «گارانتی ۱۸ ماهه آواژنگ».
    pub warranty_name: String,
    /// Warranty price in Toman (`PriceGaranti`), added to the price per unit.
    pub warranty_price: i64,
    /// What the warranty covers, in one Persian line (`DescriptionGaranti`); empty when the
    /// shop has not written it.
    pub warranty_note: String,
    /// Unit price in Toman (`Price`).
    pub price: i64,
    /// Units in stock.
    pub stock: i64,
    /// Whether instalment payment is allowed (`InsPayment`).
    pub ins_payment: bool,
    /// `DG` of the spec's cart line: a short catalogue label carried to the cart as is
    /// (its meaning is not shown in the spec; the demo uses it for the variant's SKU-like code).
    pub dg: String,
    /// `Property` of the spec's cart line: the variant's distinguishing configuration,
    /// e.g. «16 گیگ رم / 512 گیگ SSD».
    pub property: String,
    /// Bumped by each back-office save (`shop_core::edit_version`).
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
