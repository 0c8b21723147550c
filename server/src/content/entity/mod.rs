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
        /// Markdown (raw HTML shown as text; `content::view::render_markdown`). Rows from before
        /// are paragraphs separated by blank lines, which read the same as Markdown.
        #[sea_orm(column_type = "Text")]
        pub body: String,
        pub author: String,
        /// Unix seconds, UTC.
        pub published_at: i64,
        /// On /blog, its page and the sitemap; a draft is seen only in the back office.
        pub published: bool,
        /// The uploaded cover's file key (`blog/<32 hex>.<ext>`); empty: the drawn picture.
        #[sea_orm(column_type = "Text")]
        pub cover: String,
        /// Bumped by each staff save (`shop_core::edit_version`).
        pub version: i64,
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
        /// Markdown (see `blog_post::Model::body`).
        #[sea_orm(column_type = "Text")]
        pub body: String,
        pub updated_at: i64,
        /// Bumped by each staff save (`shop_core::edit_version`).
        pub version: i64,
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
        /// Markdown (see `blog_post::Model::body`).
        pub answer: String,
        pub position: i32,
        /// Bumped by each staff save (`shop_core::edit_version`).
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
