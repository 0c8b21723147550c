//! Address book rules: parse the input into a checked [`NewAddress`] with `core`'s rules, then
//! store it for its owner only. Another customer's address id is answered 404, like an
//! unknown one, so nothing about it leaks.

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder,
};
use shop_core::types::{Mobile, PostalCode};
use shop_core::validation::{validate, Rule};

use super::entity::address;

/// At most this many addresses per customer (`shop_core::limits`, shared with the web app).
pub const MAX_ADDRESSES: u64 = shop_core::limits::MAX_ADDRESSES as u64;

/// Why an address call was refused; each names its request field.
#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    /// A field breaks a rule: (field, Persian message).
    #[error("{1}")]
    Invalid(&'static str, String),
    /// Unknown address, or someone else's.
    #[error("نشانی مورد نظر پیدا نشد")]
    NotFound,
    /// The book is full.
    #[error("حداکثر ۲۰ نشانی می‌توانید ثبت کنید")]
    TooMany,
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// The address fields as the client sends them (raw text).
#[derive(Clone, Debug, Default)]
pub struct AddressInput {
    pub name: String,
    pub mobile: String,
    pub state: String,
    pub city: String,
    pub line: String,
    pub postal_code: String,
    pub plaque: String,
    pub unit: String,
}

/// A checked address: canonical mobile, Western-digit postal code, trimmed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAddress {
    pub name: String,
    pub mobile: String,
    pub state: String,
    pub city: String,
    pub line: String,
    pub postal_code: String,
    /// Western digits; empty when not given.
    pub plaque: String,
    pub unit: String,
}

fn rule(rule: Rule, field: &'static str, label: &str, value: &str) -> Result<(), AddressError> {
    validate(&rule, label, value).map_err(|e| AddressError::Invalid(field, e.message))
}

fn max_len(field: &'static str, label: &str, value: &str, max: usize) -> Result<(), AddressError> {
    if value.chars().count() > max {
        return Err(AddressError::Invalid(field, crate::platform::error::not_valid_message(label)));
    }
    Ok(())
}

/// An optional plaque or unit: trimmed, Western digits, at most 20 characters.
fn short_part(field: &'static str, label: &str, value: &str) -> Result<String, AddressError> {
    let v = shop_core::digits::to_western_digits(value.trim());
    max_len(field, label, &v, 20)?;
    Ok(v)
}

impl AddressInput {
    /// Parses the input with the shared rules (spec section 5 messages).
    pub fn parse(&self) -> Result<NewAddress, AddressError> {
        let name = self.name.trim();
        rule(Rule::Required, "name", "نام گیرنده", name)?;
        max_len("name", "نام گیرنده", name, 100)?;
        rule(Rule::Required, "mobile", "شماره موبایل گیرنده", self.mobile.trim())?;
        let mobile = Mobile::parse(&self.mobile).map_err(|e| AddressError::Invalid("mobile", e.message))?;
        rule(Rule::Select, "state", "استان", self.state.trim())?;
        rule(Rule::Select, "city", "شهر", self.city.trim())?;
        shop_core::provinces::check_place(&self.state, &self.city).map_err(|e| match e {
            shop_core::provinces::PlaceError::Province => AddressError::Invalid("state", e.to_string()),
            shop_core::provinces::PlaceError::City => AddressError::Invalid("city", e.to_string()),
        })?;
        let line = self.line.trim();
        rule(Rule::Required, "address", "نشانی", line)?;
        rule(Rule::MinLength { n: 10 }, "address", "نشانی", line)?;
        max_len("address", "نشانی", line, 500)?;
        rule(Rule::Required, "postalcode", PostalCode::LABEL, self.postal_code.trim())?;
        let postal = PostalCode::parse(&self.postal_code).map_err(|e| AddressError::Invalid("postalcode", e.message))?;
        let plaque = short_part("plaque", "پلاک", &self.plaque)?;
        let unit = short_part("unit", "واحد", &self.unit)?;
        Ok(NewAddress {
            name: name.to_string(),
            mobile: mobile.as_str().to_string(),
            state: self.state.trim().to_string(),
            city: self.city.trim().to_string(),
            line: line.to_string(),
            postal_code: postal.as_str().to_string(),
            plaque,
            unit,
        })
    }
}

/// The customer's addresses, the default first, then newest first.
pub async fn list<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<address::Model>, DbErr> {
    address::Entity::find()
        .filter(address::Column::UserId.eq(user_id))
        .order_by_desc(address::Column::IsDefault)
        .order_by_desc(address::Column::Id)
        .all(db)
        .await
}

/// One of the customer's addresses; `NotFound` for an unknown id or someone else's.
pub async fn own<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> Result<address::Model, AddressError> {
    address::Entity::find_by_id(id)
        .filter(address::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or(AddressError::NotFound)
}

async fn clear_default<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<(), DbErr> {
    address::Entity::update_many()
        .col_expr(address::Column::IsDefault, false.into())
        .filter(address::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Adds an address; the first one (or one asked to be) becomes the default. Returns its id.
pub async fn add(
    db: &DatabaseConnection,
    user_id: i64,
    a: NewAddress,
    make_default: bool,
    now: i64,
) -> Result<i64, AddressError> {
    let txn = crate::platform::db::begin_write(db).await?;
    // The cap is counted, so parallel adds of one customer must not count at once.
    crate::platform::db::lock_owner(&txn, user_id).await?;
    let count = address::Entity::find()
        .filter(address::Column::UserId.eq(user_id))
        .count(&txn)
        .await?;
    if count >= MAX_ADDRESSES {
        return Err(AddressError::TooMany);
    }
    let is_default = make_default || count == 0;
    if is_default {
        clear_default(&txn, user_id).await?;
    }
    let row = address::ActiveModel {
        user_id: Set(user_id),
        receiver_name: Set(a.name),
        receiver_mobile: Set(a.mobile),
        province: Set(a.state),
        city: Set(a.city),
        line: Set(a.line),
        postal_code: Set(a.postal_code),
        plaque: Set(a.plaque),
        unit: Set(a.unit),
        is_default: Set(is_default),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(row.id)
}

/// Replaces the fields of one of the customer's addresses.
pub async fn edit(
    db: &DatabaseConnection,
    user_id: i64,
    id: i64,
    a: NewAddress,
    make_default: bool,
    now: i64,
) -> Result<(), AddressError> {
    let txn = crate::platform::db::begin_write(db).await?;
    let row = own(&txn, user_id, id).await?;
    if make_default && !row.is_default {
        clear_default(&txn, user_id).await?;
    }
    let mut am: address::ActiveModel = row.into();
    am.receiver_name = Set(a.name);
    am.receiver_mobile = Set(a.mobile);
    am.province = Set(a.state);
    am.city = Set(a.city);
    am.line = Set(a.line);
    am.postal_code = Set(a.postal_code);
    am.plaque = Set(a.plaque);
    am.unit = Set(a.unit);
    if make_default {
        am.is_default = Set(true);
    }
    am.updated_at = Set(now);
    am.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// Deletes one of the customer's addresses; when it was the default, the newest one left
/// becomes the default.
pub async fn delete(db: &DatabaseConnection, user_id: i64, id: i64) -> Result<(), AddressError> {
    let txn = crate::platform::db::begin_write(db).await?;
    let row = own(&txn, user_id, id).await?;
    address::Entity::delete_by_id(row.id).exec(&txn).await?;
    if row.is_default {
        if let Some(next) = list(&txn, user_id).await?.into_iter().next() {
            let mut am: address::ActiveModel = next.into();
            am.is_default = Set(true);
            am.update(&txn).await?;
        }
    }
    txn.commit().await?;
    Ok(())
}

/// Makes one of the customer's addresses the default.
pub async fn set_default(db: &DatabaseConnection, user_id: i64, id: i64, now: i64) -> Result<(), AddressError> {
    let txn = crate::platform::db::begin_write(db).await?;
    let row = own(&txn, user_id, id).await?;
    clear_default(&txn, user_id).await?;
    let mut am: address::ActiveModel = row.into();
    am.is_default = Set(true);
    am.updated_at = Set(now);
    am.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> AddressInput {
        AddressInput {
            name: " مریم احمدی ".into(),
            mobile: "۰۹۱۲۳۴۵۶۷۸۹".into(),
            state: "اصفهان".into(),
            city: "کاشان".into(),
            line: "خیابان امیرکبیر، کوچه ۱۲، پلاک ۴".into(),
            postal_code: "۸۷۱۵۹۸۸۱۱۱".into(),
            plaque: " ۴ ".into(),
            unit: String::new(),
        }
    }

    #[test]
    fn a_good_address_is_normalised() {
        let a = good().parse().unwrap();
        assert_eq!(a.name, "مریم احمدی");
        assert_eq!(a.mobile, "09123456789");
        assert_eq!(a.postal_code, "8715988111");
        assert_eq!(a.plaque, "4");
        assert_eq!(a.unit, "");
    }

    fn field_of(input: AddressInput) -> &'static str {
        match input.parse() {
            Err(AddressError::Invalid(f, m)) => {
                assert!(!m.is_empty());
                f
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn each_bad_field_is_named() {
        assert_eq!(
            field_of(AddressInput {
                name: " ".into(),
                ..good()
            }),
            "name"
        );
        assert_eq!(
            field_of(AddressInput {
                mobile: "0912".into(),
                ..good()
            }),
            "mobile"
        );
        assert_eq!(
            field_of(AddressInput {
                state: "کالیفرنیا".into(),
                ..good()
            }),
            "state"
        );
        assert_eq!(
            field_of(AddressInput {
                city: "تبریز".into(),
                ..good()
            }),
            "city"
        );
        assert_eq!(
            field_of(AddressInput {
                line: "کوتاه".into(),
                ..good()
            }),
            "address"
        );
        assert_eq!(
            field_of(AddressInput {
                postal_code: "12345".into(),
                ..good()
            }),
            "postalcode"
        );
        assert_eq!(
            field_of(AddressInput {
                postal_code: "12345678901".into(),
                ..good()
            }),
            "postalcode"
        );
    }
}
