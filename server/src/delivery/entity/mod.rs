//! Delivery tables: the options (`delivery_option`) and which options each product offers
//! (`product_delivery`).

pub mod delivery_option {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "delivery_option")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        /// Persian name, e.g. «پیک موتوری (تهران)».
        pub name: String,
        #[sea_orm(column_type = "Text")]
        pub description: String,
        /// Cost in Toman (0 = free).
        pub price: i64,
        /// Lower is preferred; 0 is special (spec section 5, see `shop_core::delivery`).
        pub priority: i64,
        /// Active cities as a JSON array of names; `["همه"]` first means every city.
        #[sea_orm(column_type = "Text")]
        pub cities: String,
        /// How long delivery takes, in Persian (e.g. «۲ تا ۴ روز کاری»); empty when not given.
        #[sea_orm(column_type = "Text")]
        pub estimate: String,
        /// An in-store pickup: its description is written from `shop_settings` (the shop's
        /// one address) whenever that record changes (`shop_settings::service::update`).
        pub pickup: bool,
        /// Offered at all; an option staff switched off is offered for no product.
        pub active: bool,
        /// Offered for every product (no `product_delivery` links needed): what an option made
        /// in the back office is (docs/decisions.md "Delivery options from the back office").
        pub all_products: bool,
        /// Bumped by each staff save (`shop_core::edit_version`).
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}

    impl Model {
        /// The active city names (an unreadable list counts as empty: the option is never kept).
        pub fn city_list(&self) -> Vec<String> {
            serde_json::from_str(&self.cities).unwrap_or_default()
        }
    }
}

pub mod product_delivery {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "product_delivery")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub product_id: i64,
        #[sea_orm(primary_key, auto_increment = false)]
        pub delivery_option_id: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod delivery_slot {
    //! A delivery slot of one city (issue 27 item 5): a Tehran day and window with a capacity.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "delivery_slot")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        /// A city of the provinces list, in its spelling.
        pub city: String,
        /// Jalali `YYYY/MM/DD` (Tehran).
        pub day: String,
        /// Minutes after the Tehran midnight.
        pub start_minute: i32,
        pub end_minute: i32,
        pub cutoff_minute: i32,
        /// The Unix second it stops being taken (`shop_core::delivery_slot::window::closes_at`).
        pub closes_at: i64,
        pub capacity: i64,
        /// Places taken by orders holding it; changed only by conditional updates.
        pub reserved: i64,
        /// «چهارشنبه ۱۱ آذر، ساعت ۹ تا ۱۲» (`shop_core::delivery_slot::label`).
        pub label: String,
        /// Taken off by staff: no longer offered; orders holding it keep their label.
        pub removed: bool,
        pub created_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
