//! After the sale (issue 26): the official holidays (`holiday`, data staff edit; seeded with
//! 1405's), returns (`order_return`, its lines, photos and timeline). Returns never change an
//! order's own rows: a line's returned quantity is the sum over its returns that hold it.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Holiday {
    Table,
    Id,
    Year,
    Month,
    Day,
    Name,
}

#[derive(DeriveIden)]
enum OrderReturn {
    Table,
    Id,
    OrderId,
    UserId,
    Status,
    Reason,
    Description,
    RejectReason,
    Amount,
    RefundId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum OrderReturnLine {
    Table,
    Id,
    ReturnId,
    OrderLineId,
    Num,
}

#[derive(DeriveIden)]
enum OrderReturnPhoto {
    Table,
    Id,
    ReturnId,
    FileKey,
    Name,
    ContentType,
    Size,
}

#[derive(DeriveIden)]
enum OrderReturnEvent {
    Table,
    Id,
    ReturnId,
    Status,
    Note,
    At,
    Actor,
    StaffId,
}

/// The official holidays of 1405 (21 March 2026 – 20 March 2027) as published by the Council
/// of Public Culture's calendar: solar ones fixed, lunar ones computed (±1 day; staff correct
/// them in the back office, docs/decisions.md "Returns and cancellation").
pub const HOLIDAYS_1405: &[(u32, u32, &str)] = &[
    (1, 1, "آغاز نوروز؛ عید سعید فطر"),
    (1, 2, "عید نوروز؛ تعطیل به مناسبت عید فطر"),
    (1, 3, "عید نوروز"),
    (1, 4, "عید نوروز"),
    (1, 12, "روز جمهوری اسلامی ایران"),
    (1, 13, "روز طبیعت"),
    (1, 25, "شهادت امام جعفر صادق (ع)"),
    (3, 6, "عید سعید قربان"),
    (3, 14, "رحلت امام خمینی؛ عید غدیر خم"),
    (3, 15, "قیام ۱۵ خرداد"),
    (4, 3, "تاسوعای حسینی"),
    (4, 4, "عاشورای حسینی"),
    (5, 13, "اربعین حسینی"),
    (5, 21, "رحلت رسول اکرم (ص) و شهادت امام حسن مجتبی (ع)"),
    (5, 23, "شهادت امام رضا (ع)"),
    (5, 31, "شهادت امام حسن عسکری (ع)"),
    (6, 9, "میلاد رسول اکرم (ص) و امام جعفر صادق (ع)"),
    (8, 22, "شهادت حضرت فاطمه زهرا (س)"),
    (10, 2, "ولادت امام علی (ع)"),
    (10, 16, "مبعث رسول اکرم (ص)"),
    (11, 3, "ولادت حضرت قائم (عج)"),
    (11, 22, "پیروزی انقلاب اسلامی"),
    (12, 9, "شهادت امام علی (ع)"),
    (12, 18, "عید سعید فطر"),
    (12, 19, "تعطیل به مناسبت عید فطر"),
    (12, 29, "روز ملی شدن صنعت نفت"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Holiday::Table)
                    .col(ColumnDef::new(Holiday::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(Holiday::Year).integer().not_null())
                    .col(ColumnDef::new(Holiday::Month).integer().not_null())
                    .col(ColumnDef::new(Holiday::Day).integer().not_null())
                    .col(ColumnDef::new(Holiday::Name).string().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_holiday_day")
                    .table(Holiday::Table)
                    .col(Holiday::Year)
                    .col(Holiday::Month)
                    .col(Holiday::Day)
                    .unique()
                    .to_owned(),
            )
            .await?;
        let mut seed = Query::insert()
            .into_table(Holiday::Table)
            .columns([Holiday::Year, Holiday::Month, Holiday::Day, Holiday::Name])
            .to_owned();
        for (m, d, name) in HOLIDAYS_1405 {
            seed.values_panic([1405.into(), (*m as i32).into(), (*d as i32).into(), (*name).into()]);
        }
        manager.exec_stmt(seed).await?;

        manager
            .create_table(
                Table::create()
                    .table(OrderReturn::Table)
                    .col(ColumnDef::new(OrderReturn::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OrderReturn::OrderId).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturn::UserId).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturn::Status).string().not_null())
                    .col(ColumnDef::new(OrderReturn::Reason).string().not_null())
                    .col(ColumnDef::new(OrderReturn::Description).text().not_null())
                    .col(ColumnDef::new(OrderReturn::RejectReason).text().null())
                    .col(ColumnDef::new(OrderReturn::Amount).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturn::RefundId).big_integer().null())
                    .col(ColumnDef::new(OrderReturn::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturn::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_order_return_order").table(OrderReturn::Table).col(OrderReturn::OrderId).to_owned())
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_order_return_status")
                    .table(OrderReturn::Table)
                    .col(OrderReturn::Status)
                    .col(OrderReturn::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderReturnLine::Table)
                    .col(ColumnDef::new(OrderReturnLine::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OrderReturnLine::ReturnId).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturnLine::OrderLineId).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturnLine::Num).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_order_return_line_return").table(OrderReturnLine::Table).col(OrderReturnLine::ReturnId).to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_order_return_line_line")
                    .table(OrderReturnLine::Table)
                    .col(OrderReturnLine::OrderLineId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderReturnPhoto::Table)
                    .col(ColumnDef::new(OrderReturnPhoto::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OrderReturnPhoto::ReturnId).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturnPhoto::FileKey).string().not_null().unique_key())
                    .col(ColumnDef::new(OrderReturnPhoto::Name).string().not_null())
                    .col(ColumnDef::new(OrderReturnPhoto::ContentType).string().not_null())
                    .col(ColumnDef::new(OrderReturnPhoto::Size).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_order_return_photo_return").table(OrderReturnPhoto::Table).col(OrderReturnPhoto::ReturnId).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderReturnEvent::Table)
                    .col(ColumnDef::new(OrderReturnEvent::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OrderReturnEvent::ReturnId).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturnEvent::Status).string().not_null())
                    .col(ColumnDef::new(OrderReturnEvent::Note).text().not_null())
                    .col(ColumnDef::new(OrderReturnEvent::At).big_integer().not_null())
                    .col(ColumnDef::new(OrderReturnEvent::Actor).string().not_null())
                    .col(ColumnDef::new(OrderReturnEvent::StaffId).big_integer().null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_order_return_event_return").table(OrderReturnEvent::Table).col(OrderReturnEvent::ReturnId).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for t in [
            OrderReturnEvent::Table.into_iden(),
            OrderReturnPhoto::Table.into_iden(),
            OrderReturnLine::Table.into_iden(),
            OrderReturn::Table.into_iden(),
            Holiday::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(t).to_owned()).await?;
        }
        Ok(())
    }
}
