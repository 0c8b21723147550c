//! Overdue instalments per customer, for the back office: unpaid instalments whose Jalali due
//! day (Tehran) has passed, of orders whose down payment was made (a plan that never started
//! owes nothing), grouped by customer, the longest overdue first.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use shop_core::jalali::{jalali_to_gregorian, JalaliDate};

use super::service::is_active;
use crate::plan::entity::instalment;
use crate::plan::service::{parse_stored, today};
use crate::auth::entity::user;
use crate::order::entity::customer_order;

/// One overdue instalment.
#[derive(Clone, Debug)]
pub struct Overdue {
    pub row: instalment::Model,
    pub order_code: String,
    pub due: Option<JalaliDate>,
    /// Whole days since the due day.
    pub days: i64,
}

/// A customer's overdue instalments.
#[derive(Clone, Debug)]
pub struct CustomerOverdue {
    pub customer: Option<user::Model>,
    pub user_id: i64,
    /// Oldest first.
    pub instalments: Vec<Overdue>,
    /// Toman.
    pub total: i64,
    /// Days of the oldest.
    pub max_days: i64,
}

/// Days from `due` to `today` (0 when not after it, or when a date is not a calendar day).
pub fn days_overdue(due: &JalaliDate, today: &JalaliDate) -> i64 {
    let day = |d: &JalaliDate| {
        jalali_to_gregorian(d.year, d.month, d.day).and_then(|(y, m, dd)| chrono::NaiveDate::from_ymd_opt(y, m, dd))
    };
    match (day(due), day(today)) {
        (Some(a), Some(b)) => (b - a).num_days().max(0),
        _ => 0,
    }
}

/// Every customer with an overdue instalment at `now`, the longest overdue first.
pub async fn overdue_by_customer<C: ConnectionTrait>(db: &C, now: i64) -> Result<Vec<CustomerOverdue>, DbErr> {
    let today_text = today(now);
    let Some(today_date) = parse_stored(&today_text) else {
        return Ok(Vec::new());
    };
    let rows = instalment::Entity::find()
        .filter(instalment::Column::PaidAt.is_null())
        .filter(instalment::Column::DueOn.lt(today_text.as_str()))
        .order_by_asc(instalment::Column::DueOn)
        .order_by_asc(instalment::Column::Id)
        .all(db)
        .await?;
    let order_ids: Vec<i64> = rows.iter().map(|r| r.order_id).collect();
    let orders: HashMap<i64, customer_order::Model> = customer_order::Entity::find()
        .filter(customer_order::Column::Id.is_in(order_ids))
        .all(db)
        .await?
        .into_iter()
        .filter(is_active)
        .map(|o| (o.id, o))
        .collect();
    let rows: Vec<instalment::Model> = rows.into_iter().filter(|r| orders.contains_key(&r.order_id)).collect();
    let user_ids: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
    let mut users: HashMap<i64, user::Model> = user::Entity::find()
        .filter(user::Column::Id.is_in(user_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let mut grouped: Vec<CustomerOverdue> = Vec::new();
    let mut slot: HashMap<i64, usize> = HashMap::new();
    for row in rows {
        let due = parse_stored(&row.due_on);
        let days = due.as_ref().map_or(0, |d| days_overdue(d, &today_date));
        let i = *slot.entry(row.user_id).or_insert_with(|| {
            grouped.push(CustomerOverdue {
                customer: users.remove(&row.user_id),
                user_id: row.user_id,
                instalments: Vec::new(),
                total: 0,
                max_days: 0,
            });
            grouped.len() - 1
        });
        let g = &mut grouped[i];
        g.total = g.total.saturating_add(row.amount);
        g.max_days = g.max_days.max(days);
        g.instalments.push(Overdue { order_code: orders[&row.order_id].code.clone(), due, days, row });
    }
    grouped.sort_by(|a, b| b.max_days.cmp(&a.max_days).then(a.user_id.cmp(&b.user_id)));
    Ok(grouped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_overdue_cross_the_year_end_and_never_go_negative() {
        let d = |year, month, day| JalaliDate { year, month, day };
        // 1403 is a leap year: 29 → 30 Esfand → 1 → 2 Farvardin is three days (two in a common year).
        assert_eq!(days_overdue(&d(1403, 12, 29), &d(1404, 1, 2)), 3);
        assert_eq!(days_overdue(&d(1404, 12, 29), &d(1405, 1, 2)), 2, "1404 is a common year");
        assert_eq!(days_overdue(&d(1404, 1, 2), &d(1404, 1, 2)), 0);
        assert_eq!(days_overdue(&d(1404, 2, 1), &d(1404, 1, 2)), 0);
    }
}
