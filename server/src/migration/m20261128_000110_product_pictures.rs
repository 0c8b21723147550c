//! `product_picture`: pictures staff upload for a product (`catalog::pictures`): their order,
//! the main one, and the WebP files made from each (content-hashed names under the file
//! store's `pictures/` area). Writes bump `catalog_meta.version` like the other catalogue
//! tables, so the storefront shows a new picture on its next look.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProductPicture {
    Table,
    Id,
    ProductId,
    Stem,
    Position,
    IsMain,
    Width,
    Height,
    Widths,
    Bytes,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ProductPicture::Table)
                    .col(ColumnDef::new(ProductPicture::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(ProductPicture::ProductId).big_integer().not_null())
                    .col(ColumnDef::new(ProductPicture::Stem).string_len(32).not_null())
                    .col(ColumnDef::new(ProductPicture::Position).integer().not_null())
                    .col(ColumnDef::new(ProductPicture::IsMain).boolean().not_null().default(false))
                    .col(ColumnDef::new(ProductPicture::Width).integer().not_null())
                    .col(ColumnDef::new(ProductPicture::Height).integer().not_null())
                    .col(ColumnDef::new(ProductPicture::Widths).string_len(200).not_null())
                    .col(ColumnDef::new(ProductPicture::Bytes).big_integer().not_null())
                    .col(ColumnDef::new(ProductPicture::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_product_picture_product")
                    .table(ProductPicture::Table)
                    .col(ProductPicture::ProductId)
                    .col(ProductPicture::Position)
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(
                    "CREATE TRIGGER trg_product_picture_catalog_bump AFTER INSERT OR UPDATE OR DELETE ON product_picture \
                     FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump()",
                )
                .await?;
            }
            _ => {
                for op in ["INSERT", "UPDATE", "DELETE"] {
                    let o = op.to_ascii_lowercase();
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER IF NOT EXISTS trg_product_picture_{o}_catalog_bump AFTER {op} ON product_picture \
                         BEGIN UPDATE catalog_meta SET version = version + 1 WHERE id = 1; END"
                    ))
                    .await?;
                }
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ProductPicture::Table).to_owned()).await
    }
}
