//! Adding, changing and removing staff. Every change is written to the audit log in the same
//! transaction. The last admin can be neither removed nor stripped of `admin`, so the shop can
//! never lock itself out of its back office.

use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Statement,
};
use serde::Serialize;
use shop_core::staff::{StaffRole, StaffRoles};
use shop_core::types::Mobile;

use crate::audit::service::{record, Change};
use crate::auth::staff::Actor;
use crate::auth::entity::user::{self, UserType};
use crate::platform::db::begin_write;

/// Why a staff change was refused.
#[derive(Debug, thiserror::Error)]
pub enum StaffError {
    /// The account is not a staff member.
    #[error("این کاربر جزو کارکنان فروشگاه نیست.")]
    NotStaff,
    /// The change would leave the shop without an admin.
    #[error("فروشگاه دست‌کم یک مدیر لازم دارد؛ ابتدا مدیر دیگری اضافه کنید.")]
    LastAdmin,
    /// A blocked account cannot be staff.
    #[error("این حساب مسدود است و نمی‌تواند عضو کارکنان باشد.")]
    Blocked,
    /// The database failed.
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// What the audit log keeps of a staff member's roles.
#[derive(Serialize)]
struct RolesRecord {
    mobile: String,
    roles: Vec<&'static str>,
}

fn record_of(u: &user::Model) -> RolesRecord {
    RolesRecord { mobile: u.mobile.clone(), roles: u.roles().list().into_iter().map(StaffRole::as_str).collect() }
}

/// Locks the admins' rows (PostgreSQL; SQLite's write transaction already excludes others) and
/// counts the admins other than `except`.
async fn other_admins<C: ConnectionTrait>(txn: &C, except: i64) -> Result<u64, DbErr> {
    if txn.get_database_backend() == DbBackend::Postgres {
        txn.execute_raw(Statement::from_string(
            DbBackend::Postgres,
            "SELECT id FROM users WHERE user_type = 2 AND (staff_roles & 1) = 1 FOR UPDATE",
        ))
        .await?;
    }
    let admins: Vec<user::Model> = user::Entity::find()
        .filter(user::Column::UserType.eq(UserType::Staff.code()))
        .filter(user::Column::Id.ne(except))
        .all(txn)
        .await?;
    Ok(admins.iter().filter(|u| u.roles().holds(StaffRole::Admin)).count() as u64)
}

/// Gives the account of `mobile` (created when new) exactly `roles`. Returns the account and
/// whether it was created.
pub async fn set_roles(
    db: &sea_orm::DatabaseConnection,
    actor: &Actor,
    mobile: &Mobile,
    roles: StaffRoles,
    now: i64,
) -> Result<(user::Model, bool), StaffError> {
    let txn = begin_write(db).await?;
    let created = user::Entity::insert(user::new_customer(mobile.as_str(), now))
        .on_conflict(OnConflict::column(user::Column::Mobile).do_nothing().to_owned())
        .exec_without_returning(&txn)
        .await?
        == 1;
    let before = user::Entity::find().filter(user::Column::Mobile.eq(mobile.as_str())).one(&txn).await?.ok_or(StaffError::NotStaff)?;
    if before.block {
        return Err(StaffError::Blocked);
    }
    if before.roles().holds(StaffRole::Admin) && !roles.holds(StaffRole::Admin) && other_admins(&txn, before.id).await? == 0 {
        return Err(StaffError::LastAdmin);
    }
    user::Entity::update_many()
        .col_expr(user::Column::UserType, Expr::value(UserType::Staff.code()))
        .col_expr(user::Column::StaffRoles, Expr::value(roles.bits()))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(before.id))
        .exec(&txn)
        .await?;
    let after = user::Entity::find_by_id(before.id).one(&txn).await?.ok_or(StaffError::NotStaff)?;
    let was = (!before.roles().is_empty()).then(|| record_of(&before));
    record(&txn, actor, Change::of("staff.set_roles", "user", after.id, was.as_ref(), Some(&record_of(&after))), now).await?;
    txn.commit().await?;
    Ok((after, created))
}

/// Takes every role from staff member `id`: they become a customer again, and their sessions
/// end (the session epoch moves on).
pub async fn remove(db: &sea_orm::DatabaseConnection, actor: &Actor, id: i64, now: i64) -> Result<user::Model, StaffError> {
    let txn = begin_write(db).await?;
    let before = user::Entity::find_by_id(id).one(&txn).await?.filter(|u| !u.roles().is_empty()).ok_or(StaffError::NotStaff)?;
    if before.roles().holds(StaffRole::Admin) && other_admins(&txn, id).await? == 0 {
        return Err(StaffError::LastAdmin);
    }
    user::Entity::update_many()
        .col_expr(user::Column::UserType, Expr::value(UserType::Customer.code()))
        .col_expr(user::Column::StaffRoles, Expr::value(0))
        .col_expr(user::Column::SessionEpoch, Expr::col(user::Column::SessionEpoch).add(1))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    let after = user::Entity::find_by_id(id).one(&txn).await?.ok_or(StaffError::NotStaff)?;
    record(&txn, actor, Change::of::<_, RolesRecord>("staff.remove", "user", id, Some(&record_of(&before)), None), now).await?;
    txn.commit().await?;
    Ok(after)
}

/// Every staff member, oldest first.
pub async fn list<C: ConnectionTrait>(db: &C) -> Result<Vec<user::Model>, DbErr> {
    let rows = user::Entity::find()
        .filter(user::Column::UserType.eq(UserType::Staff.code()))
        .filter(user::Column::StaffRoles.ne(0))
        .order_by_asc(user::Column::Id)
        .all(db)
        .await?;
    Ok(rows)
}

/// How many staff members hold `admin` (the first-run check of `shop serve`).
pub async fn admin_count<C: ConnectionTrait>(db: &C) -> Result<u64, DbErr> {
    let n = user::Entity::find()
        .filter(user::Column::UserType.eq(UserType::Staff.code()))
        .filter(Expr::cust("(staff_roles & 1) = 1"))
        .count(db)
        .await?;
    Ok(n)
}
