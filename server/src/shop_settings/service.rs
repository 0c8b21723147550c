//! Reading and changing the shop's one settings record. [`update`] is what the back office
//! will call: it checks the values, writes the record and, in the same transaction, the
//! description of every in-store pickup option (`delivery_option.pickup`), so the checkout
//! and the contact page never show two addresses.

use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter};
use shop_core::validation::{validate, Rule};

use super::entity::shop_settings;
use crate::delivery::entity::delivery_option;
use crate::platform::error::ApiError;

/// The record's id.
pub const ID: i32 = 1;

/// Persian messages of this area.
pub mod msg {
    pub const NAME_REQUIRED: &str = "نام فروشگاه را وارد کنید.";
    pub const PHONE: &str = "شماره تلفن فروشگاه معتبر نیست (۸ تا ۱۳ رقم).";
}

/// New values of the record (everything; a field left empty is stored empty, except the name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShopSettingsInput {
    pub name: String,
    pub phone: String,
    pub email: String,
    pub city: String,
    pub address: String,
    pub postal_code: String,
    pub opening_hours: String,
}

/// Why an update is refused: the field and its Persian message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsError {
    Invalid { field: &'static str, message: String },
    Db(String),
}

impl From<DbErr> for SettingsError {
    fn from(e: DbErr) -> Self {
        Self::Db(e.to_string())
    }
}

impl From<SettingsError> for ApiError {
    fn from(e: SettingsError) -> Self {
        match e {
            SettingsError::Invalid { field, message } => ApiError::invalid(field, message),
            SettingsError::Db(e) => ApiError::internal(e),
        }
    }
}

/// The record (an empty one when the row is missing).
pub async fn get<C: ConnectionTrait>(db: &C) -> Result<shop_settings::Model, DbErr> {
    Ok(shop_settings::Entity::find_by_id(ID).one(db).await?.unwrap_or(shop_settings::Model { id: ID, ..Default::default() }))
}

/// The phone as a `tel:` target: its digits in Western form (a leading `+` kept); empty when
/// it has no digits.
pub fn tel(phone: &str) -> String {
    let w = shop_core::digits::to_western_digits(phone.trim());
    let digits: String = w.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return String::new();
    }
    if w.starts_with('+') { format!("+{digits}") } else { digits }
}

/// The in-store pickup option's description, from the record: where and when to collect.
pub fn pickup_description(s: &shop_settings::Model) -> String {
    let place = [s.city.trim(), s.address.trim()].iter().filter(|x| !x.is_empty()).copied().collect::<Vec<_>>().join("، ");
    let mut out = String::from("تحویل حضوری از فروشگاه");
    if !place.is_empty() {
        out.push_str(": ");
        out.push_str(&place);
    }
    if !s.opening_hours.trim().is_empty() {
        out.push_str(&format!(" ({})", s.opening_hours.trim()));
    }
    out
}

/// Checks the values: a name, a phone of 8 to 13 digits when given, an email when given.
pub fn check(input: &ShopSettingsInput) -> Result<(), SettingsError> {
    let invalid = |field: &'static str, message: String| SettingsError::Invalid { field, message };
    validate(&Rule::Required, "نام فروشگاه", &input.name).map_err(|_| invalid("name", msg::NAME_REQUIRED.into()))?;
    if !input.phone.trim().is_empty() {
        let n = tel(&input.phone).trim_start_matches('+').len();
        if !(8..=13).contains(&n) {
            return Err(invalid("phone", msg::PHONE.into()));
        }
    }
    validate(&Rule::Email, "ایمیل", input.email.trim()).map_err(|e| invalid("email", e.message().to_string()))?;
    Ok(())
}

/// Writes the record and every pickup option's description in one transaction; returns the
/// new record.
pub async fn update(db: &DatabaseConnection, input: ShopSettingsInput, now: i64) -> Result<shop_settings::Model, SettingsError> {
    check(&input)?;
    let txn = crate::platform::db::begin_write(db).await?;
    let row = shop_settings::ActiveModel {
        id: Set(ID),
        name: Set(input.name.trim().to_string()),
        phone: Set(input.phone.trim().to_string()),
        email: Set(input.email.trim().to_string()),
        city: Set(input.city.trim().to_string()),
        address: Set(input.address.trim().to_string()),
        postal_code: Set(input.postal_code.trim().to_string()),
        opening_hours: Set(input.opening_hours.trim().to_string()),
        updated_at: Set(now),
    };
    let saved = if shop_settings::Entity::find_by_id(ID).one(&txn).await?.is_some() {
        row.update(&txn).await?
    } else {
        row.insert(&txn).await?
    };
    write_pickup_descriptions(&txn, &saved).await?;
    txn.commit().await.map_err(SettingsError::from)?;
    Ok(saved)
}

/// Gives every pickup option the description [`pickup_description`] makes from `s`.
pub async fn write_pickup_descriptions<C: ConnectionTrait>(db: &C, s: &shop_settings::Model) -> Result<(), DbErr> {
    delivery_option::Entity::update_many()
        .col_expr(delivery_option::Column::Description, sea_orm::sea_query::Expr::value(pickup_description(s)))
        .filter(delivery_option::Column::Pickup.eq(true))
        .exec(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::db;

    fn input() -> ShopSettingsInput {
        ShopSettingsInput {
            name: "لپ‌تاپ‌شاپ".into(),
            phone: "۰۲۱-۶۶۷۱۲۳۴۵".into(),
            email: "support@laptopshop.ir".into(),
            city: "تهران".into(),
            address: "خیابان حافظ، پاساژ علاءالدین، طبقه دوم، واحد ۲۱۴".into(),
            postal_code: "۱۱۳۱۶۳۴۵۶۷".into(),
            opening_hours: "شنبه تا پنجشنبه، ساعت ۱۰ تا ۲۰".into(),
        }
    }

    async fn memory_db() -> DatabaseConnection {
        db::connect_and_migrate("sqlite::memory:", 1).await.unwrap()
    }

    #[test]
    fn tel_keeps_only_the_digits() {
        assert_eq!(tel("۰۲۱-۶۶۷۱ ۲۳۴۵"), "02166712345");
        assert_eq!(tel("+98 21 6671 2345"), "+982166712345");
        assert_eq!(tel(""), "");
    }

    #[test]
    fn bad_values_are_refused_with_the_field() {
        let field = |i: ShopSettingsInput| match check(&i) {
            Err(SettingsError::Invalid { field, .. }) => Some(field),
            _ => None,
        };
        assert_eq!(field(input()), None);
        assert_eq!(field(ShopSettingsInput { name: " ".into(), ..input() }), Some("name"));
        assert_eq!(field(ShopSettingsInput { phone: "۱۲۳".into(), ..input() }), Some("phone"));
        assert_eq!(field(ShopSettingsInput { email: "not-an-email".into(), ..input() }), Some("email"));
        assert_eq!(field(ShopSettingsInput { phone: String::new(), email: String::new(), ..input() }), None);
    }

    #[tokio::test]
    async fn update_writes_the_record_and_the_pickup_description() {
        let conn = memory_db().await;
        let option = |name: &str, pickup: bool| delivery_option::ActiveModel {
            name: Set(name.into()),
            description: Set("قدیمی".into()),
            price: Set(0),
            priority: Set(4),
            cities: Set("[\"تهران\"]".into()),
            estimate: Set(String::new()),
            pickup: Set(pickup),
            ..Default::default()
        };
        let pickup = option("تحویل حضوری", true).insert(&conn).await.unwrap();
        let post = option("پست", false).insert(&conn).await.unwrap();
        let saved = update(&conn, input(), 42).await.unwrap();
        assert_eq!((saved.name.as_str(), saved.updated_at), ("لپ‌تاپ‌شاپ", 42));
        assert_eq!(get(&conn).await.unwrap(), saved);
        let desc = |id| {
            let conn = conn.clone();
            async move { delivery_option::Entity::find_by_id(id).one(&conn).await.unwrap().unwrap().description }
        };
        assert_eq!(
            desc(pickup.id).await,
            "تحویل حضوری از فروشگاه: تهران، خیابان حافظ، پاساژ علاءالدین، طبقه دوم، واحد ۲۱۴ (شنبه تا پنجشنبه، ساعت ۱۰ تا ۲۰)"
        );
        assert_eq!(desc(post.id).await, "قدیمی", "other options keep their description");
    }

    #[tokio::test]
    async fn a_refused_update_changes_nothing() {
        let conn = memory_db().await;
        let before = get(&conn).await.unwrap();
        let err = update(&conn, ShopSettingsInput { email: "x@".into(), ..input() }, 1).await.unwrap_err();
        assert!(matches!(err, SettingsError::Invalid { field: "email", .. }));
        assert_eq!(get(&conn).await.unwrap(), before);
    }
}
