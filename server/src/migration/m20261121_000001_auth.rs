//! Sign-in tables: users, otp_challenges, refresh_tokens, rate_limits.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("users")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(string_uniq("uid"))
                    .col(string_uniq("mobile"))
                    .col(string("name").default(""))
                    .col(string("lastname").default(""))
                    .col(string("email").default(""))
                    .col(string("state").default(""))
                    .col(string("city").default(""))
                    .col(string("profile").default(""))
                    .col(string("address1").default(""))
                    .col(string("address2").default(""))
                    .col(string("postal_code1").default(""))
                    .col(string("postal_code2").default(""))
                    .col(string("phone").default(""))
                    .col(text("info").default(""))
                    .col(integer("user_type").default(1))
                    .col(boolean("block").default(false))
                    .col(text_null("password_hash"))
                    .col(big_integer("created_at"))
                    .col(big_integer("updated_at"))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("otp_challenges")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(string_uniq("handle"))
                    .col(string("mobile"))
                    .col(string("purpose"))
                    .col(string("code_hash"))
                    .col(string("ip").default(""))
                    .col(big_integer("created_at"))
                    .col(big_integer("expires_at"))
                    .col(integer("attempts").default(0))
                    .col(big_integer_null("used_at"))
                    .col(string_null("mcode_hash"))
                    .col(big_integer_null("mcode_expires_at"))
                    .col(big_integer_null("mcode_used_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_otp_mobile_created")
                    .table("otp_challenges")
                    .col("mobile")
                    .col("created_at")
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_otp_mcode_hash")
                    .table("otp_challenges")
                    .col("mcode_hash")
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("refresh_tokens")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(string("family"))
                    .col(string_uniq("token_hash"))
                    .col(big_integer("created_at"))
                    .col(big_integer("expires_at"))
                    .col(big_integer_null("used_at"))
                    .col(big_integer_null("revoked_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_refresh_tokens_user")
                            .from("refresh_tokens", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_refresh_family")
                    .table("refresh_tokens")
                    .col("family")
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("rate_limits")
                    .if_not_exists()
                    .col(string("key").primary_key())
                    .col(big_integer("count").default(0))
                    .col(big_integer("until"))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for t in ["rate_limits", "refresh_tokens", "otp_challenges", "users"] {
            manager.drop_table(Table::drop().table(t).if_exists().to_owned()).await?;
        }
        Ok(())
    }
}
