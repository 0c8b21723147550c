//! Order tables: `shop_order` (one per pre-order/cart, later the registered order) and
//! `order_line`.

pub mod shop_order {
    use sea_orm::entity::prelude::*;

    /// The caller's cart: editable.
    pub const STATUS_OPEN: &str = "open";

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "shop_order")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        /// Short unique public code (`Code`), e.g. `K7Q2M9XD`.
        #[sea_orm(unique)]
        pub code: String,
        pub user_id: i64,
        /// `open` while it is the caller's cart; later states belong to the checkout issue.
        pub status: String,
        /// Equals `user_id` while the order is open, NULL otherwise: a unique index on it
        /// guarantees at most one open order per user on SQLite and PostgreSQL alike.
        #[sea_orm(unique)]
        pub open_user_id: Option<i64>,
        /// `OrderTotalPrice` as last recomputed with `shop_core::cart::order_total`.
        pub total_price: i64,
        /// `FinalPrice`: the total less discounts (none yet, so equal to `total_price`).
        pub final_price: i64,
        /// Unix seconds (UTC).
        pub created_at: i64,
        /// Unix seconds (UTC).
        pub updated_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod order_line {
    use sea_orm::entity::prelude::*;

    /// A cart line. The name, price and warranty fields are copied from the catalogue by the
    /// server whenever the line is written or the order repriced; never from the client.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "order_line")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub order_id: i64,
        /// `SupProductId`
        pub product_id: i64,
        /// `SupProductIdDetail`
        pub variant_id: i64,
        /// `Num`
        pub num: i64,
        pub name: String,
        pub price: i64,
        pub price_garanti: i64,
        pub name_garanti: String,
        pub dg: String,
        pub property: String,
        pub color: String,
        pub ins_payment: bool,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
