//! `product_variant.warranty_note`: what the variant's warranty covers, in one Persian line
//! (e.g. «تعمیر رایگان و تعویض قطعات معیوب تا ۱۸ ماه در مراکز آواژنگ»), shown under the
//! warranty's name on the product page. Empty for the rows a shop had before; the demo loader
//! fills the demo warranties' notes (docs/decisions.md "Warranties on the product page").

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProductVariant {
    Table,
    WarrantyNote,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(ProductVariant::Table)
                    .add_column(ColumnDef::new(ProductVariant::WarrantyNote).text().not_null().default(""))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(ProductVariant::Table).drop_column(ProductVariant::WarrantyNote).to_owned())
            .await
    }
}
