//! `users`: a customer, keyed by the canonical mobile number (`09xxxxxxxxx`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Public id (`Uid`), a UUID.
    #[sea_orm(unique)]
    pub uid: String,
    /// Canonical mobile number.
    #[sea_orm(unique)]
    pub mobile: String,
    pub name: String,
    pub lastname: String,
    /// `name` and `lastname` folded for search ([`search_name`]); written by
    /// [`ActiveModelBehavior::before_save`] whenever a name is saved.
    pub search_name: String,
    pub email: String,
    pub state: String,
    pub city: String,
    /// Profile picture URL or path.
    pub profile: String,
    pub address1: String,
    pub address2: String,
    pub postal_code1: String,
    pub postal_code2: String,
    pub phone: String,
    /// Free text sent at registration (`info`).
    pub info: String,
    /// Account type (`Type`): 1 a customer, 2 a member of the shop's staff.
    #[sea_orm(column_name = "user_type")]
    pub user_type: UserType,
    /// Blocked accounts cannot sign in.
    pub block: bool,
    /// Why staff blocked the account (shown to staff only); empty when not blocked.
    pub block_reason: String,
    /// The back-office roles (`shop_core::staff::StaffRoles` bits); 0 for a customer. Kept
    /// together with `user_type`: staff have `Staff` and at least one role.
    pub staff_roles: i32,
    /// argon2id PHC string; `None` until a password is set.
    pub password_hash: Option<String>,
    /// Access tokens of an older epoch are refused (bumped by logout, password change,
    /// a revoked sign-in).
    pub session_epoch: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

/// The spec's user `Type`, stored as its number. Staff are made by `shop staff add` and by an
/// admin in the back office.
#[derive(Copy, Clone, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i32", db_type = "Integer")]
pub enum UserType {
    /// A shopper (the default for every sign-up).
    Customer = 1,
    /// Shop staff: answers tickets and chats, prepares orders.
    Staff = 2,
}

impl UserType {
    /// The number the API sends as `Type`.
    pub fn code(self) -> i32 {
        self as i32
    }
}

impl Model {
    /// Whether this account belongs to the shop's staff.
    pub fn is_staff(&self) -> bool {
        self.user_type == UserType::Staff && !self.roles().is_empty()
    }

    /// The back-office roles held (none for a customer).
    pub fn roles(&self) -> shop_core::staff::StaffRoles {
        if self.user_type == UserType::Staff {
            shop_core::staff::StaffRoles::from_bits(self.staff_roles)
        } else {
            shop_core::staff::StaffRoles::NONE
        }
    }
}

/// The customer's first and last name folded as the catalogue's search folds text
/// (`shop_core::search::fold`): what the staff order list searches (`LIKE '%word%'`).
///
/// ```
/// use shop_server::auth::entity::user::search_name;
/// assert_eq!(search_name("علي", "كريمي"), "علی کریمی");
/// assert_eq!(search_name("", " Rezaei "), "rezaei");
/// ```
pub fn search_name(name: &str, lastname: &str) -> String {
    shop_core::search::fold(&format!("{name} {lastname}"))
}

impl ActiveModel {
    /// Sets `search_name` from the names when either is being written. Both must then be known
    /// (set, or unchanged from a read row): a name saved alone would leave the search stale.
    pub fn with_search_name(mut self) -> Result<Self, DbErr> {
        use sea_orm::ActiveValue::{NotSet, Set, Unchanged};
        let touched = matches!(self.name, Set(_)) || matches!(self.lastname, Set(_));
        if !touched {
            return Ok(self);
        }
        match (&self.name, &self.lastname) {
            (Set(n) | Unchanged(n), Set(l) | Unchanged(l)) => {
                self.search_name = Set(search_name(n, l));
                Ok(self)
            }
            (NotSet, _) | (_, NotSet) => Err(DbErr::Custom("users: name and lastname are written together (search_name)".into())),
        }
    }
}

#[async_trait::async_trait]
impl ActiveModelBehavior for ActiveModel {
    /// Every save through an active model keeps `search_name` in step with the names; the
    /// few bulk inserts (`Entity::insert`) call [`ActiveModel::with_search_name`] themselves.
    async fn before_save<C: ConnectionTrait>(self, _db: &C, _insert: bool) -> Result<Self, DbErr> {
        self.with_search_name()
    }
}

/// A new customer row for `mobile` created at `now`: every profile field blank, type 1, not
/// blocked, no password. Callers set what they know (name, city, password) on top.
pub fn new_customer(mobile: &str, now: i64) -> ActiveModel {
    use sea_orm::ActiveValue::Set;
    ActiveModel {
        uid: Set(uuid::Uuid::new_v4().to_string()),
        mobile: Set(mobile.to_string()),
        name: Set(String::new()),
        lastname: Set(String::new()),
        search_name: Set(String::new()),
        email: Set(String::new()),
        state: Set(String::new()),
        city: Set(String::new()),
        profile: Set(String::new()),
        address1: Set(String::new()),
        address2: Set(String::new()),
        postal_code1: Set(String::new()),
        postal_code2: Set(String::new()),
        phone: Set(String::new()),
        info: Set(String::new()),
        user_type: Set(UserType::Customer),
        block: Set(false),
        block_reason: Set(String::new()),
        staff_roles: Set(0),
        password_hash: Set(None),
        session_epoch: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::ActiveValue::{NotSet, Set, Unchanged};

    #[test]
    fn a_saved_name_refolds_the_search_name() {
        let am = ActiveModel { name: Set("علي".into()), lastname: Unchanged("كريمي".into()), ..Default::default() };
        assert_eq!(am.with_search_name().unwrap().search_name, Set("علی کریمی".to_string()));
    }

    #[test]
    fn a_save_without_names_leaves_it_alone() {
        let am = ActiveModel { name: Unchanged("a".into()), lastname: Unchanged("b".into()), block: Set(true), ..Default::default() };
        assert_eq!(am.with_search_name().unwrap().search_name, NotSet);
    }

    #[test]
    fn a_name_saved_without_the_other_is_refused() {
        let am = ActiveModel { name: Set("مریم".into()), ..Default::default() };
        assert!(am.with_search_name().is_err());
    }
}
