//! Reviews from verified buyers, helpful votes, questions and answers (issue 27; docs/decisions.md
//! "Reviews and questions").
//!
//! - `product_review`: one per delivered order line (`order_line_id` unique: "once per line"
//!   holds under concurrency); `status` is `shop_core::review::moderation::Moderation` by name.
//! - `review_helpful`: one row per (review, customer), unique: "helpful once" holds the same way.
//! - `product_question`, `question_answer`: questions and their answers, moderated alike.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProductReview {
    Table,
    Id,
    ProductId,
    VariantId,
    OrderLineId,
    UserId,
    AuthorName,
    VariantLabel,
    Rating,
    Body,
    Pros,
    Cons,
    Status,
    RejectReason,
    StaffAnswer,
    HelpfulCount,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ReviewHelpful {
    Table,
    ReviewId,
    UserId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ProductQuestion {
    Table,
    Id,
    ProductId,
    UserId,
    AuthorName,
    Body,
    Status,
    RejectReason,
    AskerToldAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum QuestionAnswer {
    Table,
    Id,
    QuestionId,
    UserId,
    ByStaff,
    AuthorName,
    Body,
    Status,
    RejectReason,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ProductReview::Table)
                    .col(ColumnDef::new(ProductReview::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(ProductReview::ProductId).big_integer().not_null())
                    .col(ColumnDef::new(ProductReview::VariantId).big_integer().not_null())
                    .col(ColumnDef::new(ProductReview::OrderLineId).big_integer().not_null().unique_key())
                    .col(ColumnDef::new(ProductReview::UserId).big_integer().not_null())
                    .col(ColumnDef::new(ProductReview::AuthorName).string().not_null())
                    .col(ColumnDef::new(ProductReview::VariantLabel).string().not_null())
                    .col(ColumnDef::new(ProductReview::Rating).integer().not_null())
                    .col(ColumnDef::new(ProductReview::Body).text().not_null())
                    .col(ColumnDef::new(ProductReview::Pros).text().not_null())
                    .col(ColumnDef::new(ProductReview::Cons).text().not_null())
                    .col(ColumnDef::new(ProductReview::Status).string().not_null())
                    .col(ColumnDef::new(ProductReview::RejectReason).string().null())
                    .col(ColumnDef::new(ProductReview::StaffAnswer).text().null())
                    .col(ColumnDef::new(ProductReview::HelpfulCount).big_integer().not_null().default(0))
                    .col(ColumnDef::new(ProductReview::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(ProductReview::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_product_review_product").table(ProductReview::Table).col(ProductReview::ProductId).col(ProductReview::Status).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ReviewHelpful::Table)
                    .col(ColumnDef::new(ReviewHelpful::ReviewId).big_integer().not_null())
                    .col(ColumnDef::new(ReviewHelpful::UserId).big_integer().not_null())
                    .col(ColumnDef::new(ReviewHelpful::CreatedAt).big_integer().not_null())
                    .primary_key(Index::create().col(ReviewHelpful::ReviewId).col(ReviewHelpful::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ProductQuestion::Table)
                    .col(ColumnDef::new(ProductQuestion::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(ProductQuestion::ProductId).big_integer().not_null())
                    .col(ColumnDef::new(ProductQuestion::UserId).big_integer().not_null())
                    .col(ColumnDef::new(ProductQuestion::AuthorName).string().not_null())
                    .col(ColumnDef::new(ProductQuestion::Body).text().not_null())
                    .col(ColumnDef::new(ProductQuestion::Status).string().not_null())
                    .col(ColumnDef::new(ProductQuestion::RejectReason).string().null())
                    .col(ColumnDef::new(ProductQuestion::AskerToldAt).big_integer().null())
                    .col(ColumnDef::new(ProductQuestion::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(ProductQuestion::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_product_question_product").table(ProductQuestion::Table).col(ProductQuestion::ProductId).col(ProductQuestion::Status).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(QuestionAnswer::Table)
                    .col(ColumnDef::new(QuestionAnswer::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(QuestionAnswer::QuestionId).big_integer().not_null())
                    .col(ColumnDef::new(QuestionAnswer::UserId).big_integer().not_null())
                    .col(ColumnDef::new(QuestionAnswer::ByStaff).boolean().not_null())
                    .col(ColumnDef::new(QuestionAnswer::AuthorName).string().not_null())
                    .col(ColumnDef::new(QuestionAnswer::Body).text().not_null())
                    .col(ColumnDef::new(QuestionAnswer::Status).string().not_null())
                    .col(ColumnDef::new(QuestionAnswer::RejectReason).string().null())
                    .col(ColumnDef::new(QuestionAnswer::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(QuestionAnswer::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_question_answer_question").table(QuestionAnswer::Table).col(QuestionAnswer::QuestionId).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(QuestionAnswer::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(ProductQuestion::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(ReviewHelpful::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(ProductReview::Table).to_owned()).await
    }
}
