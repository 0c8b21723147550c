//! Demo discount codes (development data): a welcome code, a category code and a fixed-amount
//! code, valid for a year from the first seeding. Matched by code, never duplicated.

use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter};
use shop_core::discount::{DiscountCode, DiscountKind, DiscountTerms};

use crate::catalog::category;
use crate::discount::service::{create, DiscountError, NewDiscount};

/// `(code, kind, value, min total, max discount, category slug, per-customer limit, first
/// purchase only, description)`.
type Demo = (&'static str, DiscountKind, i64, i64, Option<i64>, Option<&'static str>, Option<i64>, bool, &'static str);

/// The demo codes.
pub const CODES: &[Demo] = &[
    ("WELCOME10", DiscountKind::Percent, 10, 10_000_000, Some(2_000_000), None, Some(1), true, "تخفیف خوش‌آمد برای اولین خرید"),
    ("GAMING5", DiscountKind::Percent, 5, 0, Some(5_000_000), Some("gaming-laptop"), Some(2), false, "تخفیف ویژهٔ لپ‌تاپ‌های گیمینگ"),
    ("STUDENT500", DiscountKind::Fixed, 500_000, 20_000_000, None, None, Some(1), false, "هدیهٔ دانشجویی"),
];

/// Adds the demo codes that are missing; returns how many were added.
pub async fn seed(db: &DatabaseConnection, now: i64) -> Result<usize, DbErr> {
    let mut added = 0;
    for (code, kind, value, min_total, max_discount, slug, per_customer, first_purchase, description) in CODES {
        let categories = match slug {
            Some(s) => category::Entity::find()
                .filter(category::Column::Slug.eq(*s))
                .one(db)
                .await?
                .map(|c| vec![c.id])
                .unwrap_or_default(),
            None => Vec::new(),
        };
        let Ok(code) = DiscountCode::parse(code) else { continue };
        let terms = DiscountTerms {
            kind: *kind,
            value: *value,
            min_total: *min_total,
            max_discount: *max_discount,
            per_customer_limit: *per_customer,
            categories,
            first_purchase_only: *first_purchase,
            ..DiscountTerms::open(now, now + 365 * 86_400)
        };
        match create(db, &crate::auth::staff::Actor::cli(), NewDiscount { code, terms, description: description.to_string() }, now).await {
            Ok(_) => added += 1,
            Err(DiscountError::Duplicate) => {}
            Err(DiscountError::Db(e)) => return Err(e),
            Err(e) => return Err(DbErr::Custom(format!("demo discount: {e}"))),
        }
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_codes_pass_the_creation_rule() {
        for (code, kind, value, min_total, max_discount, _, per_customer, _, _) in CODES {
            assert!(DiscountCode::parse(code).is_ok(), "{code}");
            let t = DiscountTerms {
                kind: *kind,
                value: *value,
                min_total: *min_total,
                max_discount: *max_discount,
                per_customer_limit: *per_customer,
                ..DiscountTerms::open(0, 1)
            };
            assert!(t.check().is_ok(), "{code}");
        }
    }

    #[test]
    fn the_welcome_code_is_for_the_first_purchase_only() {
        let welcome = CODES.iter().find(|c| c.0 == "WELCOME10").unwrap();
        assert!(welcome.7);
        // The migration that added the term sets it on a demo database seeded before it.
        assert_eq!(welcome.8, "تخفیف خوش‌آمد برای اولین خرید");
    }
}
