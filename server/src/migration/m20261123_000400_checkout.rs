//! Checkout tables: the address book, registered orders with their frozen snapshot and state
//! timeline, payments, and the per-user `Idempotency-Key` answers.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Address {
    Table,
    Id,
    UserId,
    ReceiverName,
    ReceiverMobile,
    Province,
    City,
    Line,
    PostalCode,
    IsDefault,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CustomerOrder {
    Table,
    Id,
    Code,
    UserId,
    CartId,
    Status,
    PaymentMethod,
    ItemsTotal,
    DeliveryPrice,
    Discount,
    Payable,
    DeliveryOptionId,
    DeliveryName,
    DeliveryDescription,
    ReceiverName,
    ReceiverMobile,
    Province,
    City,
    AddressLine,
    PostalCode,
    StockState,
    TrackingCode,
    CreatedAt,
    ExpiresAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CustomerOrderLine {
    Table,
    Id,
    OrderId,
    ProductId,
    VariantId,
    Num,
    Name,
    Color,
    WarrantyName,
    Property,
    Dg,
    UnitPrice,
    WarrantyPrice,
    LineTotal,
}

#[derive(DeriveIden)]
enum OrderEvent {
    Table,
    Id,
    OrderId,
    Status,
    Note,
    At,
}

#[derive(DeriveIden)]
enum Payment {
    Table,
    Id,
    OrderId,
    UserId,
    Gateway,
    Authority,
    Amount,
    Status,
    RefId,
    CardPan,
    RefundNeeded,
    CreatedAt,
    VerifiedAt,
}

#[derive(DeriveIden)]
enum IdempotencyKey {
    Table,
    Id,
    UserId,
    Scope,
    Key,
    RequestHash,
    StatusCode,
    Response,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

fn id<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c)
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}
fn big<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().to_owned()
}
fn text<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).string().not_null().to_owned()
}
fn long_text<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).text().not_null().to_owned()
}
fn user_fk<T: IntoIden + 'static>(name: &str, table: T, col: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(table, col)
        .to(Users::Table, Users::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn index(name: &str, table: impl IntoIden, cols: &[&'static str], unique: bool) -> IndexCreateStatement {
    let mut i = Index::create();
    i.name(name).table(table).if_not_exists();
    for c in cols {
        i.col(Alias::new(*c));
    }
    if unique {
        i.unique();
    }
    i.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Address::Table)
                    .if_not_exists()
                    .col(id(Address::Id))
                    .col(big(Address::UserId))
                    .col(text(Address::ReceiverName))
                    .col(text(Address::ReceiverMobile))
                    .col(text(Address::Province))
                    .col(text(Address::City))
                    .col(long_text(Address::Line))
                    .col(text(Address::PostalCode))
                    .col(ColumnDef::new(Address::IsDefault).boolean().not_null().default(false))
                    .col(big(Address::CreatedAt))
                    .col(big(Address::UpdatedAt))
                    .foreign_key(&mut user_fk("fk_address_user", Address::Table, Address::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_address_user", Address::Table, &["user_id"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(CustomerOrder::Table)
                    .if_not_exists()
                    .col(id(CustomerOrder::Id))
                    .col(ColumnDef::new(CustomerOrder::Code).string().not_null().unique_key())
                    .col(big(CustomerOrder::UserId))
                    .col(ColumnDef::new(CustomerOrder::CartId).big_integer().null())
                    .col(text(CustomerOrder::Status))
                    .col(text(CustomerOrder::PaymentMethod))
                    .col(big(CustomerOrder::ItemsTotal))
                    .col(big(CustomerOrder::DeliveryPrice))
                    .col(big(CustomerOrder::Discount))
                    .col(big(CustomerOrder::Payable))
                    .col(big(CustomerOrder::DeliveryOptionId))
                    .col(text(CustomerOrder::DeliveryName))
                    .col(long_text(CustomerOrder::DeliveryDescription))
                    .col(text(CustomerOrder::ReceiverName))
                    .col(text(CustomerOrder::ReceiverMobile))
                    .col(text(CustomerOrder::Province))
                    .col(text(CustomerOrder::City))
                    .col(long_text(CustomerOrder::AddressLine))
                    .col(text(CustomerOrder::PostalCode))
                    .col(text(CustomerOrder::StockState))
                    .col(ColumnDef::new(CustomerOrder::TrackingCode).string().null())
                    .col(big(CustomerOrder::CreatedAt))
                    .col(big(CustomerOrder::ExpiresAt))
                    .col(big(CustomerOrder::UpdatedAt))
                    .foreign_key(&mut user_fk(
                        "fk_customer_order_user",
                        CustomerOrder::Table,
                        CustomerOrder::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_customer_order_user",
                CustomerOrder::Table,
                &["user_id"],
                false,
            ))
            .await?;
        // The expiry job scans reserved orders by deadline.
        manager
            .create_index(index(
                "idx_customer_order_expiry",
                CustomerOrder::Table,
                &["stock_state", "expires_at"],
                false,
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(CustomerOrderLine::Table)
                    .if_not_exists()
                    .col(id(CustomerOrderLine::Id))
                    .col(big(CustomerOrderLine::OrderId))
                    .col(big(CustomerOrderLine::ProductId))
                    .col(big(CustomerOrderLine::VariantId))
                    .col(big(CustomerOrderLine::Num))
                    .col(text(CustomerOrderLine::Name))
                    .col(text(CustomerOrderLine::Color))
                    .col(text(CustomerOrderLine::WarrantyName))
                    .col(text(CustomerOrderLine::Property))
                    .col(text(CustomerOrderLine::Dg))
                    .col(big(CustomerOrderLine::UnitPrice))
                    .col(big(CustomerOrderLine::WarrantyPrice))
                    .col(big(CustomerOrderLine::LineTotal))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_customer_order_line_order")
                            .from(CustomerOrderLine::Table, CustomerOrderLine::OrderId)
                            .to(CustomerOrder::Table, CustomerOrder::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_customer_order_line_order",
                CustomerOrderLine::Table,
                &["order_id"],
                false,
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(OrderEvent::Table)
                    .if_not_exists()
                    .col(id(OrderEvent::Id))
                    .col(big(OrderEvent::OrderId))
                    .col(text(OrderEvent::Status))
                    .col(ColumnDef::new(OrderEvent::Note).string().not_null().default(""))
                    .col(big(OrderEvent::At))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_order_event_order")
                            .from(OrderEvent::Table, OrderEvent::OrderId)
                            .to(CustomerOrder::Table, CustomerOrder::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_order_event_order", OrderEvent::Table, &["order_id"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Payment::Table)
                    .if_not_exists()
                    .col(id(Payment::Id))
                    .col(big(Payment::OrderId))
                    .col(big(Payment::UserId))
                    .col(text(Payment::Gateway))
                    .col(ColumnDef::new(Payment::Authority).string().not_null().unique_key())
                    .col(big(Payment::Amount))
                    .col(text(Payment::Status))
                    .col(ColumnDef::new(Payment::RefId).string().null())
                    .col(ColumnDef::new(Payment::CardPan).string().null())
                    .col(
                        ColumnDef::new(Payment::RefundNeeded)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .col(big(Payment::CreatedAt))
                    .col(ColumnDef::new(Payment::VerifiedAt).big_integer().null())
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payment_order")
                            .from(Payment::Table, Payment::OrderId)
                            .to(CustomerOrder::Table, CustomerOrder::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_payment_order", Payment::Table, &["order_id"], false))
            .await?;
        manager
            .create_index(index("idx_payment_status", Payment::Table, &["status"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(IdempotencyKey::Table)
                    .if_not_exists()
                    .col(id(IdempotencyKey::Id))
                    .col(big(IdempotencyKey::UserId))
                    .col(text(IdempotencyKey::Scope))
                    .col(text(IdempotencyKey::Key))
                    .col(text(IdempotencyKey::RequestHash))
                    .col(ColumnDef::new(IdempotencyKey::StatusCode).integer().null())
                    .col(ColumnDef::new(IdempotencyKey::Response).text().null())
                    .col(big(IdempotencyKey::CreatedAt))
                    .foreign_key(&mut user_fk(
                        "fk_idempotency_key_user",
                        IdempotencyKey::Table,
                        IdempotencyKey::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_idempotency_key_unique",
                IdempotencyKey::Table,
                &["user_id", "scope", "key"],
                true,
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for t in [
            "idempotency_key",
            "payment",
            "order_event",
            "customer_order_line",
            "customer_order",
            "address",
        ] {
            manager
                .drop_table(Table::drop().table(Alias::new(t)).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
