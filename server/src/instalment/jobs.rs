//! The reminder job every node runs: an SMS `REMINDER_DAYS_BEFORE` days before each unpaid
//! instalment's due date and one on the day (Tehran's calendar).
//!
//! Each reminder is claimed by inserting its `(instalment, kind)` row into a unique index
//! before the SMS goes out; only the node whose insert went in sends it, so several nodes never
//! send one twice. When the provider fails, the claim is removed and a later round retries.

use std::time::Duration;

use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{ActiveEnum, ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, TryInsertResult};
use shop_core::instalment::reminder_message;
use shop_core::order_state::OrderStatus;

use super::entity::reminder;
use super::service::{is_active, LIVE};
use crate::plan::entity::instalment;
use crate::plan::service::{parse_stored, today};
use crate::auth::entity::user;
use crate::order::entity::customer_order;
use crate::state::AppState;

/// Instalments looked at per round.
const BATCH: u64 = 500;

/// The reminder's text (`shop_core::instalment::reminder_message`) with the finance page's address.
pub fn reminder_text(kind: reminder::ReminderKind, number: i64, code: &str, amount: i64, due_on: &str, public_url: &str) -> String {
    let url = format!("{}/profile/finance", public_url.trim_end_matches('/'));
    reminder_message(kind == reminder::DUE, number, code, amount, parse_stored(due_on), &url)
}

/// Sends the reminders due at `now`; returns how many this node sent.
pub async fn send_reminders(state: &AppState, now: i64) -> Result<usize, DbErr> {
    let today = today(now);
    if today.is_empty() {
        return Ok(0);
    }
    // Only what this round can send: due, not claimed yet for today's kind, of a live order,
    // earliest due first. Reading the first rows by id instead let claimed rows and cancelled
    // orders fill the batch, and a later customer's reminder never went (issue 22 item 9).
    let kind_today = Expr::case(
        Expr::col((instalment::Entity, instalment::Column::DueOn)).eq(today.as_str()),
        Expr::val(reminder::DUE.to_value()),
    )
    .finally(Expr::val(reminder::BEFORE.to_value()));
    let claimed = Query::select()
        .expr(Expr::val(1))
        .from(reminder::Entity)
        .and_where(Expr::col((reminder::Entity, reminder::Column::InstalmentId)).equals((instalment::Entity, instalment::Column::Id)))
        .and_where(Expr::col((reminder::Entity, reminder::Column::Kind)).eq(kind_today))
        .to_owned();
    let live = Query::select()
        .column(customer_order::Column::Id)
        .from(customer_order::Entity)
        .and_where(customer_order::Column::Status.is_in(LIVE.map(OrderStatus::as_str)))
        .to_owned();
    let rows = instalment::Entity::find()
        .filter(instalment::Column::PaidAt.is_null())
        .filter(instalment::Column::RemindOn.lte(today.as_str()))
        .filter(instalment::Column::DueOn.gte(today.as_str()))
        .filter(Expr::exists(claimed).not())
        .filter(instalment::Column::OrderId.in_subquery(live))
        .order_by_asc(instalment::Column::DueOn)
        .order_by_asc(instalment::Column::Id)
        .limit(BATCH)
        .all(&state.db)
        .await?;
    let mut sent = 0;
    for row in rows {
        let kind = if row.due_on == today { reminder::DUE } else { reminder::BEFORE };
        let claimed = reminder::Entity::find()
            .filter(reminder::Column::InstalmentId.eq(row.id))
            .filter(reminder::Column::Kind.eq(kind))
            .one(&state.db)
            .await?;
        if claimed.is_some() {
            continue;
        }
        let Some(order) = customer_order::Entity::find_by_id(row.order_id).one(&state.db).await? else {
            continue;
        };
        if !is_active(&order) {
            continue;
        }
        let Some(customer) = user::Entity::find_by_id(row.user_id).one(&state.db).await? else {
            continue;
        };
        let claim = reminder::Entity::insert(reminder::ActiveModel {
            instalment_id: Set(row.id),
            kind: Set(kind),
            claimed_at: Set(now),
            ..Default::default()
        })
        .on_conflict_do_nothing_on([reminder::Column::InstalmentId, reminder::Column::Kind])
        .exec_without_returning(&state.db)
        .await?;
        if !matches!(claim, TryInsertResult::Inserted(n) if n > 0) {
            continue; // another node claimed it
        }
        let text = reminder_text(kind, row.number, &order.code, row.amount, &row.due_on, &state.config.public_url);
        match state.sms.send_notice(&customer.mobile, &text).await {
            Ok(()) => sent += 1,
            Err(e) => {
                tracing::warn!(error = %e, instalment = row.id, ?kind, "reminder SMS failed; retried next round");
                reminder::Entity::delete_many()
                    .filter(reminder::Column::InstalmentId.eq(row.id))
                    .filter(reminder::Column::Kind.eq(kind))
                    .exec(&state.db)
                    .await?;
            }
        }
    }
    Ok(sent)
}

/// Runs the reminders every `SHOP_JOB_INTERVAL_MS` until the task is aborted.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    let every = Duration::from_millis(state.config.job_interval_ms);
    crate::platform::jobs::spawn_every("instalment_reminders", every, move || {
        let state = state.clone();
        async move {
            if let Err(e) = send_reminders(&state, state.clock.unix()).await {
                tracing::warn!(error = %e, "instalment reminders failed");
            }
        }
    })
}
