//! The extended catalogue tables: categories (a tree with slugs),
//! `product_info` (one row per product: model, condition details, typed specs, special offer,
//! images, best-selling counter and the folded search text), blog posts, content pages, FAQ,
//! and `catalog_meta` with a version number that triggers bump on every catalogue write, so
//! every server node can tell with one primary-key read whether its in-memory catalogue
//! (and search index) is stale (design section 6).

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Category {
    Table,
    Id,
    ParentId,
    Slug,
    Name,
    Description,
    Position,
}

#[derive(DeriveIden)]
enum ProductInfo {
    Table,
    ProductId,
    CategoryId,
    Model,
    ConditionGrade,
    BatteryHealth,
    TestDays,
    Cpu,
    CpuFamily,
    RamGb,
    StorageGb,
    StorageType,
    Gpu,
    ScreenInches,
    ScreenResolution,
    WeightKg,
    BatteryWh,
    Ports,
    Os,
    SpecialPrice,
    SpecialEndsAt,
    Images,
    SoldCount,
    CreatedAt,
    SearchText,
}

#[derive(DeriveIden)]
enum Product {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum CatalogMeta {
    Table,
    Id,
    Version,
}

#[derive(DeriveIden)]
enum BlogPost {
    Table,
    Id,
    Slug,
    Title,
    Summary,
    Body,
    Author,
    PublishedAt,
}

#[derive(DeriveIden)]
enum ContentPage {
    Table,
    Name,
    Title,
    Body,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Faq {
    Table,
    Id,
    Question,
    Answer,
    Position,
}

/// Tables whose writes bump `catalog_meta.version`.
const WATCHED: &[&str] = &["product", "product_variant", "product_info", "category", "blog_post", "content_page", "faq"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CatalogMeta::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(CatalogMeta::Id).integer().not_null().primary_key())
                    .col(ColumnDef::new(CatalogMeta::Version).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared("INSERT INTO catalog_meta (id, version) VALUES (1, 1)")
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Category::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(Category::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(Category::ParentId).big_integer().null())
                    .col(ColumnDef::new(Category::Slug).string().not_null().unique_key())
                    .col(ColumnDef::new(Category::Name).string().not_null())
                    .col(ColumnDef::new(Category::Description).text().not_null().default(""))
                    .col(ColumnDef::new(Category::Position).integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ProductInfo::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(ProductInfo::ProductId).big_integer().not_null().primary_key())
                    .col(ColumnDef::new(ProductInfo::CategoryId).big_integer().null())
                    .col(ColumnDef::new(ProductInfo::Model).string().not_null().default(""))
                    .col(ColumnDef::new(ProductInfo::ConditionGrade).string().null())
                    .col(ColumnDef::new(ProductInfo::BatteryHealth).integer().null())
                    .col(ColumnDef::new(ProductInfo::TestDays).integer().null())
                    .col(ColumnDef::new(ProductInfo::Cpu).string().not_null().default(""))
                    .col(ColumnDef::new(ProductInfo::CpuFamily).string().not_null().default(""))
                    .col(ColumnDef::new(ProductInfo::RamGb).integer().not_null().default(0))
                    .col(ColumnDef::new(ProductInfo::StorageGb).integer().not_null().default(0))
                    .col(ColumnDef::new(ProductInfo::StorageType).string().not_null().default("SSD"))
                    .col(ColumnDef::new(ProductInfo::Gpu).string().not_null().default(""))
                    .col(ColumnDef::new(ProductInfo::ScreenInches).double().not_null().default(0.0))
                    .col(ColumnDef::new(ProductInfo::ScreenResolution).string().not_null().default(""))
                    .col(ColumnDef::new(ProductInfo::WeightKg).double().not_null().default(0.0))
                    .col(ColumnDef::new(ProductInfo::BatteryWh).integer().not_null().default(0))
                    .col(ColumnDef::new(ProductInfo::Ports).text().not_null().default(""))
                    .col(ColumnDef::new(ProductInfo::Os).string().not_null().default(""))
                    .col(ColumnDef::new(ProductInfo::SpecialPrice).big_integer().null())
                    .col(ColumnDef::new(ProductInfo::SpecialEndsAt).big_integer().null())
                    .col(ColumnDef::new(ProductInfo::Images).integer().not_null().default(1))
                    .col(ColumnDef::new(ProductInfo::SoldCount).big_integer().not_null().default(0))
                    .col(ColumnDef::new(ProductInfo::CreatedAt).big_integer().not_null().default(0))
                    .col(ColumnDef::new(ProductInfo::SearchText).text().not_null().default(""))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_product_info_product")
                            .from(ProductInfo::Table, ProductInfo::ProductId)
                            .to(Product::Table, Product::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BlogPost::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(BlogPost::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(BlogPost::Slug).string().not_null().unique_key())
                    .col(ColumnDef::new(BlogPost::Title).string().not_null())
                    .col(ColumnDef::new(BlogPost::Summary).text().not_null().default(""))
                    .col(ColumnDef::new(BlogPost::Body).text().not_null().default(""))
                    .col(ColumnDef::new(BlogPost::Author).string().not_null().default(""))
                    .col(ColumnDef::new(BlogPost::PublishedAt).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ContentPage::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(ContentPage::Name).string().not_null().primary_key())
                    .col(ColumnDef::new(ContentPage::Title).string().not_null())
                    .col(ColumnDef::new(ContentPage::Body).text().not_null().default(""))
                    .col(ColumnDef::new(ContentPage::UpdatedAt).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Faq::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(Faq::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(Faq::Question).text().not_null())
                    .col(ColumnDef::new(Faq::Answer).text().not_null())
                    .col(ColumnDef::new(Faq::Position).integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;

        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(
                    "CREATE OR REPLACE FUNCTION catalog_bump() RETURNS trigger AS $$ \
                     BEGIN UPDATE catalog_meta SET version = version + 1 WHERE id = 1; RETURN NULL; END \
                     $$ LANGUAGE plpgsql",
                )
                .await?;
                for t in WATCHED {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER trg_{t}_catalog_bump AFTER INSERT OR UPDATE OR DELETE ON {t} \
                         FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump()"
                    ))
                    .await?;
                }
            }
            _ => {
                for t in WATCHED {
                    for op in ["INSERT", "UPDATE", "DELETE"] {
                        let o = op.to_ascii_lowercase();
                        db.execute_unprepared(&format!(
                            "CREATE TRIGGER IF NOT EXISTS trg_{t}_{o}_catalog_bump AFTER {op} ON {t} \
                             BEGIN UPDATE catalog_meta SET version = version + 1 WHERE id = 1; END"
                        ))
                        .await?;
                    }
                }
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for t in WATCHED {
            match manager.get_database_backend() {
                DbBackend::Postgres => {
                    db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS trg_{t}_catalog_bump ON {t}")).await?;
                }
                _ => {
                    for o in ["insert", "update", "delete"] {
                        db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS trg_{t}_{o}_catalog_bump")).await?;
                    }
                }
            }
        }
        for t in [
            Faq::Table.into_iden(),
            ContentPage::Table.into_iden(),
            BlogPost::Table.into_iden(),
            ProductInfo::Table.into_iden(),
            Category::Table.into_iden(),
            CatalogMeta::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(t).if_exists().to_owned()).await?;
        }
        if manager.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared("DROP FUNCTION IF EXISTS catalog_bump()").await?;
        }
        Ok(())
    }
}
