//! The pre-order list read (`order/list/preorder`), the cart read on every page view of a
//! signed-in customer: one small query for the order's lines and the catalogue version, the
//! lines priced from the in-memory catalogue snapshot.
//!
//! Correct with several nodes and without any cache of the cart: the lines are read from the
//! database on every call, and the snapshot is used only when it is at exactly the
//! `catalog_meta.version` read in that same query (a catalogue write from any node bumps it,
//! see [`crate::catalog::cache`]). Otherwise, or when a line's variant is not in the snapshot
//! (an inactive product, a deleted or moved variant), the read falls back to the full
//! catalogue join of [`super::load_cart`], so the answer is always the one that join gives.

use sea_orm::{ConnectionTrait, DbBackend, DbErr, Statement};

use super::{load_cart, totals, CartOf, CartView, Caller, LineView, OrderError};
use crate::catalog::cache::CatalogCache;
use crate::catalog::snapshot::Snapshot;

/// `order/list/preorder`: the caller's open order priced at `now`. `uid` must be the caller's.
pub async fn list<C: ConnectionTrait>(
    db: &C,
    catalogue: &CatalogCache,
    caller: &Caller,
    uid: &str,
    now: i64,
) -> Result<CartView, OrderError> {
    if uid != caller.uid {
        return Err(OrderError::Forbidden);
    }
    let Some(order) = read_lines(db, caller.id).await? else {
        return Ok(CartView::default());
    };
    let snap = catalogue.get(db).await?;
    if snap.version == order.catalog_version {
        if let Some(view) = priced(&snap, &order, now) {
            return Ok(view);
        }
    }
    Ok(load_cart(db, CartOf::OpenOrderOf(caller.id), now)
        .await?
        .unwrap_or_default())
}

/// The open order's id, code and lines (ids and quantities), and the catalogue version, as
/// one statement sees them.
struct OrderLines {
    id: i64,
    code: String,
    catalog_version: i64,
    /// `(line id, product id, variant id, quantity)`, by line id.
    lines: Vec<(i64, i64, i64, i64)>,
}

const SQL: &str = "SELECT o.id AS o_id, o.code AS o_code, \
    COALESCE((SELECT m.version FROM catalog_meta m WHERE m.id = 1), 0) AS cv, \
    l.id AS l_id, l.product_id AS l_pid, l.variant_id AS l_vid, l.num AS l_num \
    FROM shop_order o LEFT JOIN order_line l ON l.order_id = o.id \
    WHERE o.open_user_id = {P} ORDER BY l.id";

fn sql(backend: DbBackend, user_id: i64) -> Statement {
    static TEXTS: std::sync::OnceLock<[String; 2]> = std::sync::OnceLock::new();
    let texts = TEXTS.get_or_init(|| [SQL.replace("{P}", "$1"), SQL.replace("{P}", "?")]);
    let text = &texts[usize::from(!matches!(backend, DbBackend::Postgres))];
    Statement::from_sql_and_values(backend, text.clone(), [user_id.into()])
}

async fn read_lines<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Option<OrderLines>, DbErr> {
    let rows = db.query_all_raw(sql(db.get_database_backend(), user_id)).await?;
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let mut order = OrderLines {
        id: first.try_get("", "o_id")?,
        code: first.try_get("", "o_code")?,
        catalog_version: first.try_get("", "cv")?,
        lines: Vec::with_capacity(rows.len()),
    };
    for row in &rows {
        // An order without lines is one row with NULL line columns.
        if let Some(id) = row.try_get::<Option<i64>>("", "l_id")? {
            order.lines.push((id, row.try_get("", "l_pid")?, row.try_get("", "l_vid")?, row.try_get("", "l_num")?));
        }
    }
    Ok(Some(order))
}

/// The cart priced from `snap`, or `None` when a line's variant is not in it under the line's
/// product (then only the database join knows its current values).
fn priced(snap: &Snapshot, order: &OrderLines, now: i64) -> Option<CartView> {
    let mut lines = Vec::with_capacity(order.lines.len());
    for &(id, product_id, variant_id, num) in &order.lines {
        // Snapshot items are in product id order (see `Snapshot::load`); the equality check
        // below keeps this right even if they were not (a miss falls back to the join).
        let i = snap.items.binary_search_by_key(&product_id, |it| it.product.id).ok()?;
        let item = &snap.items[i];
        let v = item.variants.iter().find(|v| v.id == variant_id)?;
        lines.push(LineView {
            id,
            order_id: order.id,
            product_id: item.product.id,
            variant_id,
            num,
            name: item.product.name.clone(),
            price: item.variant_price(v, now),
            price_garanti: v.warranty_price,
            name_garanti: v.warranty_name.clone(),
            dg: v.dg.clone(),
            property: v.property.clone(),
            color: v.color.clone(),
            ins_payment: v.ins_payment,
        });
    }
    let mut view = totals(None, lines);
    view.order_id = Some(order.id);
    view.code = Some(order.code.clone());
    Some(view)
}
