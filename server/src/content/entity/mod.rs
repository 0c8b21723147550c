//! Content tables: blog posts, content pages (about, contact, terms, privacy) and the FAQ.

/// `blog_post`.
pub mod blog_post {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "blog_post")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        /// URL slug (`/blogs/{slug}`): ASCII letters, digits and dashes.
        #[sea_orm(unique)]
        pub slug: String,
        pub title: String,
        #[sea_orm(column_type = "Text")]
        pub summary: String,
        /// Paragraphs separated by blank lines.
        #[sea_orm(column_type = "Text")]
        pub body: String,
        pub author: String,
        /// Unix seconds, UTC.
        pub published_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `content_page`.
pub mod content_page {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "content_page")]
    pub struct Model {
        /// `about`, `contact`, `terms`, `privacy`.
        #[sea_orm(primary_key, auto_increment = false)]
        pub name: String,
        pub title: String,
        #[sea_orm(column_type = "Text")]
        pub body: String,
        pub updated_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `faq`.
pub mod faq {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "faq")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        #[sea_orm(column_type = "Text")]
        pub question: String,
        #[sea_orm(column_type = "Text")]
        pub answer: String,
        pub position: i32,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
