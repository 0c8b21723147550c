//! The demo instalment plans (loaded with the catalogue; each plan once, by name).

use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use crate::plan::entity::instalment_plan;

/// A demo plan: name, down payment %, months, monthly rate (basis points), min and max total.
pub struct DemoPlan {
    pub name: &'static str,
    pub down_payment_percent: i64,
    pub months: i64,
    pub monthly_rate_bp: i64,
    pub min_total: i64,
    pub max_total: i64,
}

/// The plans a new shop offers.
pub const PLANS: &[DemoPlan] = &[
    DemoPlan { name: "اقساط ۳ ماهه بدون کارمزد", down_payment_percent: 50, months: 3, monthly_rate_bp: 0, min_total: 5_000_000, max_total: 100_000_000 },
    DemoPlan { name: "اقساط ۶ ماهه", down_payment_percent: 30, months: 6, monthly_rate_bp: 200, min_total: 10_000_000, max_total: 200_000_000 },
    DemoPlan { name: "اقساط ۱۲ ماهه", down_payment_percent: 40, months: 12, monthly_rate_bp: 250, min_total: 20_000_000, max_total: 300_000_000 },
];

/// Adds the demo plans that are missing; returns how many it added.
pub async fn seed_plans<C: ConnectionTrait>(db: &C) -> Result<usize, DbErr> {
    let mut added = 0;
    for (i, p) in PLANS.iter().enumerate() {
        let exists = instalment_plan::Entity::find()
            .filter(instalment_plan::Column::Name.eq(p.name))
            .one(db)
            .await?
            .is_some();
        if exists {
            continue;
        }
        instalment_plan::ActiveModel {
            name: Set(p.name.to_string()),
            down_payment_percent: Set(p.down_payment_percent),
            months: Set(p.months),
            monthly_rate_bp: Set(p.monthly_rate_bp),
            min_total: Set(p.min_total),
            max_total: Set(p.max_total),
            active: Set(true),
            position: Set(i as i64),
            ..Default::default()
        }
        .insert(db)
        .await?;
        added += 1;
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    #[test]
    fn demo_plans_have_valid_terms() {
        for p in super::PLANS {
            let terms = shop_core::instalment::InstalmentTerms {
                down_payment_percent: p.down_payment_percent,
                months: p.months,
                monthly_rate_bp: p.monthly_rate_bp,
                min_total: p.min_total,
                max_total: p.max_total,
            };
            assert_eq!(terms.check(), Ok(()), "{}", p.name);
        }
    }
}
