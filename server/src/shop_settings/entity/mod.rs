//! `shop_settings`: one row (id 1), created empty by its migration.

pub mod shop_settings {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, Default, DeriveEntityModel)]
    #[sea_orm(table_name = "shop_settings")]
    pub struct Model {
        /// Always 1.
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: i32,
        /// The shop's name, e.g. «لپ‌تاپ‌شاپ».
        #[sea_orm(column_type = "Text")]
        pub name: String,
        /// Landline as the shop writes it (Persian digits allowed), e.g. «۰۲۱-۶۶۷۱۲۳۴۵».
        #[sea_orm(column_type = "Text")]
        pub phone: String,
        #[sea_orm(column_type = "Text")]
        pub email: String,
        #[sea_orm(column_type = "Text")]
        pub city: String,
        /// Street address inside the city.
        #[sea_orm(column_type = "Text")]
        pub address: String,
        #[sea_orm(column_type = "Text")]
        pub postal_code: String,
        /// e.g. «شنبه تا پنجشنبه، ساعت ۱۰ تا ۲۰».
        #[sea_orm(column_type = "Text")]
        pub opening_hours: String,
        /// Unix seconds of the last change.
        pub updated_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
