//! Demo delivery slots: Tehran's next three days, a morning and an afternoon window each,
//! relative to the clock, added when Tehran has no slot open (so each `seed --demo` run, and
//! the first start, leaves some to pick).

use sea_orm::{ActiveModelTrait, ActiveValue::Set, DatabaseConnection, DbErr};
use shop_core::delivery_slot::{label::slot_label, window::closes_at, SlotTimes};
use shop_core::tehran::{tehran_date, tehran_day_start};

use crate::delivery::entity::delivery_slot;

/// `(start, end, cutoff)` in minutes: 9–12 (order by 8), 14–18 (order by 12).
const WINDOWS: [(u32, u32, u32); 2] = [(540, 720, 480), (840, 1080, 720)];

/// Adds the demo slots when Tehran has none open at `now`; how many it added.
pub async fn seed(db: &DatabaseConnection, now: i64) -> Result<usize, DbErr> {
    if !crate::delivery::slots::offered(db, "تهران", now).await?.is_empty() {
        return Ok(0);
    }
    let mut added = 0;
    for days_ahead in 1..=3 {
        let Some(day) = tehran_date(now + days_ahead * 86_400) else { continue };
        if tehran_day_start(&day).is_none() {
            continue;
        }
        for (start, end, cutoff) in WINDOWS {
            let t = SlotTimes { day, start, end, cutoff };
            let (Some(closes), Some(label)) = (closes_at(&t), slot_label(&t)) else { continue };
            delivery_slot::ActiveModel {
                city: Set("تهران".into()),
                day: Set(format!("{:04}/{:02}/{:02}", day.year, day.month, day.day)),
                start_minute: Set(start as i32),
                end_minute: Set(end as i32),
                cutoff_minute: Set(cutoff as i32),
                closes_at: Set(closes),
                capacity: Set(20),
                reserved: Set(0),
                label: Set(label),
                removed: Set(false),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
            added += 1;
        }
    }
    Ok(added)
}
