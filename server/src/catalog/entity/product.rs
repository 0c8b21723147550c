//! `product`: one sellable model (a laptop, a used unit's listing, an open-box machine).

use sea_orm::entity::prelude::*;

/// Product line: a laptop or a tablet-laptop (2-in-1).
pub const LINE_LAPTOP: &str = "laptop";
pub const LINE_TABLET_LAPTOP: &str = "tablet-laptop";

/// Condition: new, used ("استوک") or open-box.
pub const CONDITION_NEW: &str = "new";
pub const CONDITION_USED: &str = "used";
pub const CONDITION_OPEN_BOX: &str = "open-box";

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "product")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Public identifier used in URLs (`/product/{uid}`).
    #[sea_orm(unique)]
    pub uid: String,
    /// Persian display name, e.g. «لپ‌تاپ ایسوس ذن‌بوک ۱۴ UX3405».
    pub name: String,
    pub brand: String,
    /// `laptop` or `tablet-laptop`.
    pub line: String,
    /// `new`, `used` or `open-box`.
    pub condition: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    /// Hidden products cannot be added to a cart.
    pub active: bool,
    /// Bumped by each back-office save (`shop_core::edit_version`).
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// The uids of every product already stored (seeders add only what is missing).
pub async fn existing_uids<C: ConnectionTrait>(db: &C) -> Result<std::collections::HashSet<String>, DbErr> {
    use sea_orm::QuerySelect;
    Ok(Entity::find()
        .select_only()
        .column(Column::Uid)
        .into_tuple::<String>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}
