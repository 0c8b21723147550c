//! The back office's foundation: `users.staff_roles` (a bit set of `shop_core::staff`
//! roles; the staff a shop had before, `user_type = 2`, become `admin`), `users.block_reason`
//! (why a customer was blocked, shown to staff), and `audit_log`: every staff change, append-only
//! (a trigger refuses UPDATE and DELETE on both databases; docs/decisions.md "Audit log").

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    StaffRoles,
    BlockReason,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    StaffId,
    StaffMobile,
    Action,
    Entity,
    EntityId,
    Before,
    After,
    Ip,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER.
        manager
            .alter_table(Table::alter().table(Users::Table).add_column(ColumnDef::new(Users::StaffRoles).integer().not_null().default(0)).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(Users::Table).add_column(ColumnDef::new(Users::BlockReason).text().not_null().default("")).to_owned())
            .await?;
        let db = manager.get_connection();
        db.execute_unprepared("UPDATE users SET staff_roles = 1 WHERE user_type = 2").await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .col(ColumnDef::new(AuditLog::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(AuditLog::StaffId).big_integer().not_null())
                    .col(ColumnDef::new(AuditLog::StaffMobile).string().not_null())
                    .col(ColumnDef::new(AuditLog::Action).string().not_null())
                    .col(ColumnDef::new(AuditLog::Entity).string().not_null())
                    .col(ColumnDef::new(AuditLog::EntityId).string().not_null())
                    .col(ColumnDef::new(AuditLog::Before).text().null())
                    .col(ColumnDef::new(AuditLog::After).text().null())
                    .col(ColumnDef::new(AuditLog::Ip).string().not_null())
                    .col(ColumnDef::new(AuditLog::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            ("idx_audit_log_created", vec![AuditLog::CreatedAt]),
            ("idx_audit_log_staff", vec![AuditLog::StaffId, AuditLog::CreatedAt]),
            ("idx_audit_log_entity", vec![AuditLog::Entity, AuditLog::EntityId]),
        ] {
            let mut idx = Index::create();
            idx.name(name).table(AuditLog::Table);
            for c in cols {
                idx.col(c);
            }
            manager.create_index(idx.to_owned()).await?;
        }
        match db.get_database_backend() {
            DbBackend::Sqlite => {
                for op in ["UPDATE", "DELETE"] {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER audit_log_no_{op} BEFORE {op} ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END"
                    ))
                    .await?;
                }
            }
            _ => {
                db.execute_unprepared(
                    "CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS \
                     $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$",
                )
                .await?;
                db.execute_unprepared(
                    "CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log \
                     FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()",
                )
                .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if db.get_database_backend() != DbBackend::Sqlite {
            db.execute_unprepared("DROP FUNCTION IF EXISTS audit_log_append_only() CASCADE").await?;
        }
        manager.drop_table(Table::drop().table(AuditLog::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::BlockReason).to_owned()).await?;
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::StaffRoles).to_owned()).await
    }
}
